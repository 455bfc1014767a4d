package four

import (
	"cmp"
	"fmt"
	"slices"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// N is the number of players.
const N = 4

// maxPositions bounds the turn-start positions of a [Table]: 16,777,216,
// four float64s each (512 MiB), enough for target 3,200 in steps of 50.
const maxPositions = 1 << 24

// A model is the rules of a Table compiled for the dynamic program.
// Banked scores are indexes x = score / step from 0 to nS-1 (nS is the
// first index at or above the target); turn totals are indexes k = t /
// step.
type model struct {
	rules    game.Rules
	an       rolls.Analysis
	step     int  // score step in points
	nS       int  // scores below the target: indexes 0 to nS-1
	minBankK int  // the smallest total that may be banked, in steps, at least 1
	firstK   int  // the same for a player not yet on the board (score 0)
	opening  bool // firstK > minBankK
	jump     int  // the most steps of a keep
	nv       int  // turn totals a row of a turn's dynamic program
	final    bool // FinalRound: see final.go
	fin      finalModel

	pf       [farkle.MaxDice + 1]float64 // chance of a farkle rolling n dice
	prob     [farkle.MaxDice + 1][]float64
	count    [farkle.MaxDice + 1][]uint8 // options of each group of n dice
	offs     [farkle.MaxDice + 1][]int32 // option o of n dice reads the cell at cw*k + offs of a dpBuf
	optSteps [farkle.MaxDice + 1][]int32
	optLeft  [farkle.MaxDice + 1][]int32
	// rows[k] has bit n set if a turn reaches the total k with n dice
	// to roll, from no total and all the dice (kit.Reached).
	rows []uint8
	pool sync.Pool
}

// cw is the width of a cell of a dpBuf: v, e, p, n1, n2 (see dpBuf).
const cw = 5

// Refuse returns the fault of the first rule of r that the solver does
// not model, or nil.
func Refuse(r game.Rules) error {
	return kit.Refuse(r,
		kit.HouseRule{On: r.Penalty > 0, Field: "Penalty", About: "a penalty for farkles in a row needs the farkles in a row in the state"},
		kit.HouseRule{On: r.Bankrupt, Field: "Bankrupt", About: "bankruptcy needs the farkles in a row in the state"},
		kit.HouseRule{On: r.MustRollHotDice, Field: "MustRollHotDice", About: "must-roll hot dice are not solved for four players"},
		kit.HouseRule{On: r.ToxicTwos, Field: "ToxicTwos", About: "toxic twos are not solved for four players"},
		kit.HouseRule{On: r.SixOnesWin, Field: "SixOnesWin", About: "six 1s that win are not solved for four players"},
		kit.HouseRule{On: r.Welfare, Field: "Welfare", About: "welfare, a target to hit exactly, is not solved for the chance to win"},
		kit.HouseRule{On: r.Piggyback, Field: "Piggyback", About: "piggybacking is not solved for the chance to win"},
	)
}

// newModel checks r and compiles it.
func newModel(r game.Rules) (*model, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := Refuse(r); err != nil {
		return nil, err
	}
	r = kit.NormRules(r)
	sc, err := farkle.New(r.Scoring)
	if err != nil {
		return nil, err
	}
	m := &model{rules: r}
	m.an.Analyze(sc)
	m.step = m.an.Unit
	m.nS = (r.Target + m.step - 1) / m.step
	m.minBankK = max(1, (r.MinBank+m.step-1)/m.step)
	m.firstK = max(m.minBankK, (r.MinFirstBank+m.step-1)/m.step)
	m.opening = m.firstK > m.minBankK
	if n := float64(m.nS) * float64(m.nS) * float64(m.nS) * float64(m.nS); n > maxPositions {
		return nil, &kit.SolveFault{Err: ErrTooLarge,
			Detail: fmt.Sprintf("%d scores a player: %.0f positions, at most %d", m.nS, n, maxPositions)}
	}
	g := &m.an.Groups
	scale := int32(m.an.Unit / m.step)
	if r.FinalRound {
		// Fewer points may be worth more with a final round (to stay
		// under the target): every keep counts.
		m.final = true
		g, scale = m.an.GroupAll(m.step, false), 1
	}
	for o := range g[1].Opts {
		m.jump = max(m.jump, int(g[1].Opts[o].Steps*scale))
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		m.pf[n] = g[n].Farkle
	}
	top := max(m.nS, m.firstK)
	if m.final {
		if err := m.solveReach(g); err != nil {
			return nil, err
		}
		// A turn's cap is below the first total whose bank leaves every
		// last turn no chance (see finalCut).
		top += len(m.fin.reach) + 1
	}
	m.nv = top + m.jump + 2
	if m.nv > 1<<17 || m.final && m.fin.nvL > 1<<17 {
		return nil, &kit.SolveFault{Err: ErrTooLarge, Detail: fmt.Sprintf("turn totals up to %d steps of %d", m.nv, m.step)}
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		gn := &g[n]
		m.prob[n] = gn.Prob
		for s := range gn.Prob {
			os := slices.Clone(gn.Opts[gn.Start[s]:gn.Start[s+1]])
			// The tie rule: fewer points first, then more dice left; the
			// dynamic program takes the first of the best.
			slices.SortFunc(os, func(a, b rolls.Option) int {
				return cmp.Or(cmp.Compare(a.Steps, b.Steps), cmp.Compare(b.Left, a.Left))
			})
			m.count[n] = append(m.count[n], uint8(len(os)))
			for _, o := range os {
				st := o.Steps * scale
				m.optSteps[n] = append(m.optSteps[n], st)
				m.optLeft[n] = append(m.optLeft[n], o.Left)
				m.offs[n] = append(m.offs[n], cw*((o.Left-1)*int32(m.nv)+st))
			}
		}
	}
	if m.final {
		m.setLastOffs()
	}
	m.rows = kit.Reached(m.nv, &m.optSteps, &m.optLeft)
	return m, nil
}

// minBank returns the smallest turn total, in steps, that the player at
// score index x may bank.
func (m *model) minBank(x int) int {
	if m.opening && x == 0 {
		return m.firstK
	}
	return m.minBankK
}

// kc returns the least turn total from which the player at x may bank
// and reach the target: banking wins there without a final round.
func (m *model) kc(x int) int { return max(m.nS-x, m.minBank(x)) }

// cutTop returns the cap of the turn of s for chances after a farkle of
// at most fhi to the mover: from this turn total on, banking is the best
// play with any number of dice (kc, or more with a final round; see
// finalCut).
func (m *model) cutTop(s [N]int, fhi float64) int {
	if !m.final {
		return m.kc(s[0])
	}
	return m.finalCut(s, fhi)
}

// pos returns the position index of the scores s, mover first.
func (m *model) pos(s [N]int) int { return ((s[0]*m.nS+s[1])*m.nS+s[2])*m.nS + s[3] }

// A dpBuf holds the dynamic program of one turn: for each number of dice
// n (row n-1) and turn total k, the cell at cw*((n-1)*nv + k) of c holds
// the mover's chance v and the parts of the play's outcome: e, the
// mover's chance from banks; p, the chance that the turn ends in a
// farkle; n1 and n2, the next player's and the one after's chances from
// banks. The last player's part is 1 - p - e - n1 - n2, and v = e + p*f.
//
// After startPieceI, run says what c holds: the turn of run.s from the
// cap run.top down (only the cells that the turn reaches from its start,
// rows; the others are stale), and for each turn total k the interval
// [lo[k], hi[k]] of the chances after a farkle over which the plays at k
// and above, in the cells reached, stay the best. A later startPieceI of the same turn with the same
// cap keeps the totals whose plays stay the best at its f and runs only
// those below, as package three does; any other use of the buffer clears
// run.
type dpBuf struct {
	c      []float64
	lo, hi []float64
	run    struct {
		ok  bool
		s   [N]int
		top int
	}
}

func (m *model) getBuf() *dpBuf {
	if b, ok := m.pool.Get().(*dpBuf); ok {
		b.run.ok = false
		return b
	}
	return &dpBuf{c: make([]float64, cw*farkle.MaxDice*m.nv), lo: make([]float64, m.nv), hi: make([]float64, m.nv)}
}

func (m *model) putBuf(b *dpBuf) { m.pool.Put(b) }

// set puts a cell.
func (b *dpBuf) set(at int, v float64, pc piece) {
	c := b.c[cw*at : cw*at+cw]
	c[0], c[1], c[2], c[3], c[4] = v, pc.e, pc.p, pc.n1, pc.n2
}

// cell returns the piece of a cell.
func (b *dpBuf) cell(at int) piece {
	c := b.c[cw*at : cw*at+cw]
	return piece{c[1], c[2], c[3], c[4]}
}

// A piece is the outcome of a play of a whole turn: the mover's chance
// from banks e, the chance p of a farkle, the next two players' chances
// from banks n1 and n2; the last player's is 1 - p - e - n1 - n2. The
// mover's chance is e + p*f for a farkle worth f.
type piece struct{ e, p, n1, n2 float64 }

// vec returns the bank parts of the four players, mover first.
func (pc piece) vec() [N]float64 {
	return [N]float64{pc.e, pc.n1, pc.n2, 1 - pc.p - pc.e - pc.n1 - pc.n2}
}

// mixPiece returns (1-l)*a + l*b.
func mixPiece(a, b piece, l float64) piece {
	return piece{a.e + l*(b.e-a.e), a.p + l*(b.p-a.p), a.n1 + l*(b.n1-a.n1), a.n2 + l*(b.n2-a.n2)}
}

// bankPiece returns the piece of banking k steps at s: the position
// (s1, s2, s3, s0+k), or a win, or with a final round the others' last
// turns (finalVec).
func (t *Table) bankPiece(s [N]int, k int) piece {
	m := t.m
	if s[0]+k >= m.nS {
		if m.final {
			v := m.finalVec(s[0]+k, s[1], s[2], s[3])
			return piece{e: v[0], n1: v[1], n2: v[2]}
		}
		return piece{e: 1}
	}
	w := t.w[N*m.pos([N]int{s[1], s[2], s[3], s[0] + k}):]
	return piece{e: w[3], n1: w[0], n2: w[1]}
}

// fillTop puts in b, at turn totals top to top+jump, the values of
// banking: the cap and above, where banking wins.
func (t *Table) fillTop(b *dpBuf, s [N]int, top int) {
	m := t.m
	for k := top; k <= top+m.jump; k++ {
		bp := t.bankPiece(s, k)
		for n := range farkle.MaxDice {
			b.set(n*m.nv+k, bp.e, bp)
		}
	}
}

// turn runs the dynamic program of the turn of s for a farkle worth f to
// the mover, from the cap down to turn total lowest.
func (t *Table) turn(b *dpBuf, s [N]int, f float64, lowest int) {
	m := t.m
	b.run.ok = false
	nv := m.nv
	top := m.cutTop(s, f)
	t.fillTop(b, s, top)
	mb := m.minBank(s[0])
	for k := top - 1; k >= lowest; k-- {
		bank := k >= mb
		var bp piece
		if bank {
			bp = t.bankPiece(s, k)
		}
		for n := 1; n <= farkle.MaxDice; n++ {
			pc := m.rollAt(b, k, n)
			at := (n-1)*nv + k
			if v := pc.e + pc.p*f; bank && bp.e >= v {
				b.set(at, bp.e, bp)
			} else {
				b.set(at, v, pc)
			}
		}
	}
}

// rollAt returns the parts of rolling n dice at turn total k, from the
// values at larger totals in b: the best keep of each roll by the
// mover's chance, the first of the best in the order of the tie rule.
func (m *model) rollAt(b *dpBuf, k, n int) piece {
	offs, prob := m.offs[n], m.prob[n]
	ck := b.c[cw*k:]
	var pc piece
	for s, c := range m.count[n] {
		o := offs[0]
		best := ck[o]
		for _, off := range offs[1:c] {
			if ck[off] > best {
				best, o = ck[off], off
			}
		}
		offs = offs[c:]
		q := prob[s]
		cell := ck[o : o+cw]
		pc.e += q * cell[1]
		pc.p += q * cell[2]
		pc.n1 += q * cell[3]
		pc.n2 += q * cell[4]
	}
	pc.p += m.pf[n]
	return pc
}

// rollAtI is rollAt that also narrows [*lo, *hi] to the chances after a
// farkle f' for which every roll's best keep stays the best (the values
// being affine in f', e + p*f'). Only the rolls whose best keep is
// within r of the next best are looked at: the others' stay the best
// within r of f (a chance's slope in f is at most 1), and the caller
// narrows the interval to [f-r, f+r] too.
func (m *model) rollAtI(b *dpBuf, k, n int, f, r float64, lo, hi *float64) piece {
	offs, prob := m.offs[n], m.prob[n]
	ck := b.c[cw*k:]
	l, h := *lo, *hi
	var pc piece
	for s, c := range m.count[n] {
		o := offs[0]
		best, second := ck[o], -1.0
		for _, off := range offs[1:c] {
			if v := ck[off]; v > best {
				best, second, o = v, best, off
			} else if v > second {
				second = v
			}
		}
		if best-second < r {
			pb := ck[o+2]
			ml, dl, mh, dh := 1.0, 0.0, 1.0, 0.0 // +Inf
			for _, off := range offs[:c] {
				ds := pb - ck[off+2]
				mg := best - ck[off]
				switch {
				case off == o:
				case ds > 0:
					if mg*dl < ml*ds {
						ml, dl = mg, ds
					}
				case ds < 0:
					if mg*dh < mh*-ds {
						mh, dh = mg, -ds
					}
				}
			}
			if dl > 0 {
				l = max(l, f-ml/dl)
			}
			if dh > 0 {
				h = min(h, f+mh/dh)
			}
		}
		offs = offs[c:]
		q := prob[s]
		cell := ck[o : o+cw]
		pc.e += q * cell[1]
		pc.p += q * cell[2]
		pc.n1 += q * cell[3]
		pc.n2 += q * cell[4]
	}
	*lo, *hi = l, h
	pc.p += m.pf[n]
	return pc
}

// startPieceI returns the piece of the best play of the turn of s from
// its start for a farkle worth f to the mover, and the interval of the
// chances after a farkle over which it stays the best, at most [f-r,
// f+r]. Only the cells that the turn reaches from its start (rows) are
// run: a keep from a cell reached leads to a cell reached, so the others
// do not touch the piece, and their plays do not narrow the interval.
func (t *Table) startPieceI(b *dpBuf, s [N]int, f, r float64) (pc piece, lo, hi float64) {
	m := t.m
	nv := m.nv
	lo, hi = f-r, f+r
	if m.final {
		// A cap for chances after a farkle up to 1 runs the turn on until
		// no last turn has any chance; halfway to 1 keeps the cap, and the
		// last turns it reads, near the target (see finalCut).
		hi = min(hi, f+(1-f)/2)
	}
	fcap := min(hi, 1)
	top := m.cutTop(s, fcap)
	from := top - 1
	if b.run.ok && b.run.s == s && b.run.top == top {
		// The totals from the lowest whose interval holds f strictly
		// inside keep their plays; only the mover's chances v = e + p*f of
		// those that the rows below read are put again.
		k0 := top
		for k := top - 1; k >= 0 && f > b.lo[k] && f < b.hi[k]; k-- {
			k0 = k
		}
		if k0 < top {
			lo, hi = max(lo, b.lo[k0]), min(hi, b.hi[k0])
			from = k0 - 1
			for k := k0; k < min(top, k0+m.jump+1); k++ {
				for n := range farkle.MaxDice {
					c := b.c[cw*(n*nv+k):][:cw]
					c[0] = c[1] + c[2]*f
				}
			}
		}
	}
	if from == top-1 {
		t.fillTop(b, s, top)
	}
	b.run.ok, b.run.s, b.run.top = true, s, top
	mb := m.minBank(s[0])
	kc := m.kc(s[0])
	for k := from; k >= 0; k-- {
		bank := k >= mb
		var bp piece
		if bank {
			bp = t.bankPiece(s, k)
		}
		// With a final round, the cap's bound (finalCut) for each number
		// of dice: banking into the final round is the best play with n
		// dice where the last turns' chances sum to at most pf[n]*(1-fcap).
		beats := 3.0
		if m.final && k >= kc {
			beats = m.beats(s, k)
		}
		rows := m.rows[k]
		for n := 1; n <= farkle.MaxDice; n++ {
			if rows&(1<<n) == 0 {
				continue // not reached from the turn's start: no keep reads it
			}
			if beats <= m.pf[n]*max(1-fcap, 0) {
				b.set((n-1)*nv+k, bp.e, bp)
				continue
			}
			rp := m.rollAtI(b, k, n, f, r, &lo, &hi)
			at := (n-1)*nv + k
			v := rp.e + rp.p*f
			if bank && rp.p > 0 {
				// Banking stays the best while e + p*f' <= the bank's.
				if bp.e >= v {
					hi = min(hi, f+(bp.e-v)/rp.p)
				} else {
					lo = max(lo, f-(v-bp.e)/rp.p)
				}
			}
			if bank && bp.e >= v {
				b.set(at, bp.e, bp)
			} else {
				b.set(at, v, rp)
			}
		}
		b.lo[k], b.hi[k] = lo, hi
	}
	return b.cell((farkle.MaxDice - 1) * nv), lo, hi
}
