package three

import (
	"cmp"
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"slices"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
)

// maxPositions bounds the turn-start positions of a [Table]: 8,388,608,
// three float64s each (192 MiB), enough for target 10,000 in steps of 50.
const maxPositions = 1 << 23

// maxTurnTotal is the largest turn total that a position answers for.
const maxTurnTotal = kit.MaxTurnTotal

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
	offs     [farkle.MaxDice + 1][]int32 // option o of n dice reads the cell at 4*k + offs of a dpBuf
	optSteps [farkle.MaxDice + 1][]int32
	optLeft  [farkle.MaxDice + 1][]int32
	// rows[k] has bit n set if a turn reaches the total k with n dice
	// to roll, from no total and all the dice (kit.Reached).
	rows []uint8
	pool sync.Pool
}

// Refuse returns the fault of the first rule of r that the solver does
// not model, or nil.
func Refuse(r game.Rules) error {
	return kit.Refuse(r,
		kit.HouseRule{On: r.Penalty > 0, Field: "Penalty", About: "a penalty for farkles in a row needs the farkles in a row in the state"},
		kit.HouseRule{On: r.Bankrupt, Field: "Bankrupt", About: "bankruptcy needs the farkles in a row in the state"},
		kit.HouseRule{On: r.MustRollHotDice, Field: "MustRollHotDice", About: "must-roll hot dice are not solved for three players"},
		kit.HouseRule{On: r.ToxicTwos, Field: "ToxicTwos", About: "toxic twos are not solved for three players"},
		kit.HouseRule{On: r.SixOnesWin, Field: "SixOnesWin", About: "six 1s that win are not solved for three players"},
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
	if n := float64(m.nS) * float64(m.nS) * float64(m.nS); n > maxPositions {
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
	top := max(m.nS, m.firstK)
	for n := 1; n <= farkle.MaxDice; n++ {
		m.pf[n] = g[n].Farkle
	}
	if m.final {
		if err := m.solveReach(g); err != nil {
			return nil, err
		}
		// A turn's cap is below the first total whose bank leaves both
		// last turns no chance (see cutTop).
		top += len(m.fin.reach) + 1
	}
	m.nv = top + m.jump + 2
	if m.nv > 1<<17 || m.final && m.fin.nvB > 1<<17 {
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
				m.offs[n] = append(m.offs[n], 4*((o.Left-1)*int32(m.nv)+st))
			}
		}
	}
	if m.final {
		m.setBOffs()
	}
	m.rows = kit.Reached(m.nv, &m.optSteps, &m.optLeft)
	return m, nil
}

// minBank returns the smallest turn total, in steps, that the player at
// score index x may bank: firstK at 0 (off the board) under an opening
// minimum, else minBankK.
func (m *model) minBank(x int) int {
	if m.opening && x == 0 {
		return m.firstK
	}
	return m.minBankK
}

// kc returns the least turn total from which the player at x may bank
// and reach the target: banking wins there without a final round.
func (m *model) kc(x int) int { return max(m.nS-x, m.minBank(x)) }

// cutTop returns the cap of the turn of (x, y, z) for chances after a
// farkle of at most fhi to the mover: from this turn total on, banking is
// the best play with any number of dice (kc, or more with a final round;
// see finalCut).
func (m *model) cutTop(x, y, z int, fhi float64) int {
	if !m.final {
		return m.kc(x)
	}
	return m.finalCut(x, y, z, fhi)
}

// pos returns the position index of the scores (x, y, z), mover first.
func (m *model) pos(x, y, z int) int { return (x*m.nS+y)*m.nS + z }

// A dpBuf holds the dynamic program of one turn: for each number of dice
// n (row n-1) and turn total k, the cell at 4*((n-1)*nv + k) of c holds
// the mover's chance v, and the parts of the play's outcome: e, the
// mover's chance from banks; p, the chance that the turn ends in a
// farkle; nx, the next player's chance from banks. The after player's
// part is 1 - p - e - nx, and v = e + p*f. A cell's four numbers are
// together, so that a keep's are read from one cache line.
//
// After startPieceI, run says what c holds: the turn of run.s from the
// cap run.top down (only the cells that the turn reaches from its start,
// rows; the others are stale), and lo and hi, for each turn total k, the
// interval [lo[k], hi[k]] of the chances after a farkle over which the
// plays at k and above, in the cells reached, stay the best. A later startPieceI of the same
// turn for another f keeps the totals whose plays stay the best and runs
// only the totals below (see startPieceI); any other use of the buffer
// clears run.
type dpBuf struct {
	c      []float64
	lo, hi []float64
	known  []knownPlay // the known plays of a class's member (see class)
	run    struct {
		ok  bool
		s   [3]int
		top int
	}
}

func (m *model) getBuf() *dpBuf {
	if b, ok := m.pool.Get().(*dpBuf); ok {
		b.run.ok = false
		return b
	}
	return &dpBuf{c: make([]float64, 4*farkle.MaxDice*m.nv), lo: make([]float64, m.nv), hi: make([]float64, m.nv)}
}

func (m *model) putBuf(b *dpBuf) { m.pool.Put(b) }

// set puts a cell.
func (b *dpBuf) set(at int, v, e, p, nx float64) {
	c := b.c[4*at : 4*at+4]
	c[0], c[1], c[2], c[3] = v, e, p, nx
}

// cell returns the parts of a cell: e, p and nx.
func (b *dpBuf) cell(at int) (e, p, nx float64) {
	c := b.c[4*at : 4*at+4]
	return c[1], c[2], c[3]
}

// A piece is the outcome of a play of a whole turn: the mover's chance
// from banks e, the chance p of a farkle, the next player's chance from
// banks n; the after player's is 1 - p - e - n. The mover's chance is
// e + p*f for a farkle worth f.
type piece struct{ e, p, n float64 }

// vec returns the bank parts of the three players, mover first.
func (pc piece) vec() [3]float64 { return [3]float64{pc.e, pc.n, 1 - pc.p - pc.e - pc.n} }

// mix returns (1-l)*a + l*b.
func mixPiece(a, b piece, l float64) piece {
	return piece{a.e + l*(b.e-a.e), a.p + l*(b.p-a.p), a.n + l*(b.n-a.n)}
}

// bankVec returns the mover's and the next player's chances after the
// player at x banks k steps with the others at y and z: the position
// (y, z, x+k), or a win, or with a final round the last turns of the
// others (finalVec).
func (t *Table) bankVec(x, y, z, k int) (own, next float64) {
	m := t.m
	if x+k >= m.nS {
		if m.final {
			v := m.finalVec(x+k, y, z)
			return v[0], v[1]
		}
		return 1, 0
	}
	w := t.w[3*m.pos(y, z, x+k):]
	return w[2], w[0]
}

// fillTop puts in b, at turn totals top to top+jump, the values of
// banking: the cap and above, where banking is the best play.
func (t *Table) fillTop(b *dpBuf, x, y, z, top int) {
	m := t.m
	for k := top; k <= top+m.jump; k++ {
		own, next := t.bankVec(x, y, z, k)
		for n := range farkle.MaxDice {
			b.set(n*m.nv+k, own, own, 0, next)
		}
	}
}

// turn runs the dynamic program of the turn of (x, y, z) for a farkle
// worth f to the mover, from the cap down to turn total lowest.
func (t *Table) turn(b *dpBuf, x, y, z int, f float64, lowest int) {
	m := t.m
	b.run.ok = false
	nv := m.nv
	top := m.cutTop(x, y, z, f)
	t.fillTop(b, x, y, z, top)
	mb := m.minBank(x)
	for k := top - 1; k >= lowest; k-- {
		bank := k >= mb
		var bo, bn float64
		if bank {
			bo, bn = t.bankVec(x, y, z, k)
		}
		for n := 1; n <= farkle.MaxDice; n++ {
			e, p, nx := m.rollAt(b, k, n)
			at := (n-1)*nv + k
			if v := e + p*f; bank && bo >= v {
				b.set(at, bo, bo, 0, bn)
			} else {
				b.set(at, v, e, p, nx)
			}
		}
	}
}

// rollAt returns the parts of rolling n dice at turn total k, from the
// values at larger totals in b: the best keep of each roll by the
// mover's chance, the first of the best in the order of the tie rule.
func (m *model) rollAt(b *dpBuf, k, n int) (e, p, nx float64) {
	offs, prob := m.offs[n], m.prob[n]
	ck := b.c[4*k:]
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
		cell := ck[o : o+4]
		e += q * cell[1]
		p += q * cell[2]
		nx += q * cell[3]
	}
	return e, p + m.pf[n], nx
}

// rollAtI is rollAt that also narrows [*lo, *hi] to the chances after a
// farkle f' for which every roll's best keep stays the best, the values
// being those of the same play (affine in f', e + p*f'). The interval
// holds f.
//
// Only the rolls whose best keep is within w of another keep for the
// mover are looked at, w the larger of f - *lo and *hi - f: a crossing
// of two keeps is at least their gap away from f (a chance's slope in f
// is at most 1), so the others' best keeps stay the best over the whole
// interval.
func (m *model) rollAtI(b *dpBuf, k, n int, f float64, lo, hi *float64) (e, p, nx float64) {
	offs, prob := m.offs[n], m.prob[n]
	ck := b.c[4*k:]
	l, h := *lo, *hi
	w := h - f
	if f-l > w {
		w = f - l
	}
	at := 0
	for s, c := range m.count[n] {
		os := offs[at : at+int(c)]
		at += int(c)
		o := os[0]
		if c > 1 {
			best, second := ck[o], -1.0
			for _, off := range os[1:] {
				if v := ck[off]; v > best {
					best, second, o = v, best, off
				} else if v > second {
					second = v
				}
			}
			if best-second < w {
				// The nearest crossing on each side, as a fraction
				// margin / slope compared by cross-multiplying: one
				// division a side.
				pb := ck[o+2]
				ml, dl, mh, dh := 1.0, 0.0, 1.0, 0.0 // +Inf
				for _, off := range os {
					mg := best - ck[off]
					if off == o || mg >= w {
						continue
					}
					if ds := pb - ck[off+2]; ds > 0 {
						if mg*dl < ml*ds {
							ml, dl = mg, ds
						}
					} else if ds < 0 {
						if mg*dh < mh*-ds {
							mh, dh = mg, -ds
						}
					}
				}
				if dl > 0 {
					if v := f - ml/dl; v > l {
						l = v
					}
				}
				if dh > 0 {
					if v := f + mh/dh; v < h {
						h = v
					}
				}
				w = h - f
				if f-l > w {
					w = f - l
				}
			}
		}
		q := prob[s]
		cell := ck[o : o+4]
		e += q * cell[1]
		p += q * cell[2]
		nx += q * cell[3]
	}
	*lo, *hi = l, h
	return e, p + m.pf[n], nx
}

// startPieceI is startPiece with the interval of the chances after a
// farkle over which the play found stays the best: its piece is the best
// play's for every f' in [lo, hi].
//
// The interval is at most [f-r, f+r] (see rollAtI).
//
// Only the cells that the turn reaches from its start (rows) are run: a
// keep from a cell reached leads to a cell reached, so the others do not
// touch the piece, and their plays do not narrow the interval.
//
// If b holds a run of the same turn with the same cap, the turn totals
// from the lowest whose interval holds f strictly inside are kept: their
// plays are the best at f too, their parts (e, p, nx) do not depend on f,
// and only the mover's chances v = e + p*f of the totals that the rows
// below read are put again; the interval starts as that total's.
func (t *Table) startPieceI(b *dpBuf, x, y, z int, f, r float64) (pc piece, lo, hi float64) {
	m := t.m
	nv := m.nv
	top, lo, hi, fcap := m.firstTop([3]int{x, y, z}, f, r)
	from := top - 1
	if b.run.ok && b.run.s == [3]int{x, y, z} && b.run.top == top {
		k0 := top
		for k := top - 1; k >= 0 && f > b.lo[k] && f < b.hi[k]; k-- {
			k0 = k
		}
		if k0 < top {
			lo, hi = max(lo, b.lo[k0]), min(hi, b.hi[k0])
			from = k0 - 1
			for k := k0; k < min(top, k0+m.jump+1); k++ {
				for n := range farkle.MaxDice {
					c := b.c[4*(n*nv+k):][:4]
					c[0] = c[1] + c[2]*f
				}
			}
		}
	}
	if from == top-1 {
		t.fillTop(b, x, y, z, top)
	}
	b.run.ok, b.run.s, b.run.top = true, [3]int{x, y, z}, top
	mb := m.minBank(x)
	kc := m.kc(x)
	for k := from; k >= 0; k-- {
		bank := k >= mb
		var bo, bn float64
		if bank {
			bo, bn = t.bankVec(x, y, z, k)
		}
		// With a final round, the cap's bound (finalCut) for each number
		// of dice: banking into the final round is the best play with n
		// dice where the last turns' chances sum to at most pf[n]*(1-fcap).
		beats := 2.0
		if m.final && k >= kc {
			beats = m.beat(x+k, y) + m.beat(x+k, z)
		}
		rows := m.rows[k]
		for n := 1; n <= farkle.MaxDice; n++ {
			if rows&(1<<n) == 0 {
				continue // not reached from the turn's start: no keep reads it
			}
			at := (n-1)*nv + k
			if beats <= m.pf[n]*max(1-fcap, 0) {
				b.set(at, bo, bo, 0, bn)
				continue
			}
			e, p, nx := m.rollAtI(b, k, n, f, &lo, &hi)
			v := e + p*f
			if bank && p > 0 {
				// Banking stays the best while e + p*f' <= bo.
				if bo >= v {
					hi = min(hi, f+(bo-v)/p)
				} else {
					lo = max(lo, f-(v-bo)/p)
				}
			}
			if bank && bo >= v {
				b.set(at, bo, bo, 0, bn)
			} else {
				b.set(at, v, e, p, nx)
			}
		}
		b.lo[k], b.hi[k] = lo, hi
	}
	e, p, nx := b.cell((farkle.MaxDice - 1) * nv)
	return piece{e, p, nx}, lo, hi
}

// startPiece returns the piece of the best play of the turn of (x, y, z)
// from its start, for a farkle worth f to the mover.
func (t *Table) startPiece(b *dpBuf, x, y, z int, f float64) piece {
	t.turn(b, x, y, z, f, 0)
	e, p, nx := b.cell((farkle.MaxDice - 1) * t.m.nv)
	return piece{e, p, nx}
}
