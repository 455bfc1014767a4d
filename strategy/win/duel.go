package win

import (
	"context"
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"runtime"
	"strconv"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/strategy"
)

// A Policy is a fixed way to play a game of two players, as a bot of
// package game plays it, for [Duel]: [TablePolicy] plays as a [Bot],
// [ScorePolicy] as a [strategy.Bot], [ThresholdPolicy] as a
// [game.ThresholdBot]. The zero Policy is no policy; Duel refuses it
// ([ErrPolicy]).
type Policy struct {
	kind   duelKind
	win    *Table
	score  *strategy.Table
	bankAt int
}

type duelKind uint8

const (
	duelNone duelKind = iota
	duelWin
	duelScore
	duelThreshold
)

// TablePolicy returns the policy of a [Bot] playing by t, the play that
// maximizes the chance of winning against the best opponent. Duel refuses
// a nil or zero t ([ErrNoTable]) and a t solved for other rules than the
// duel's ([ErrOtherRules]).
func TablePolicy(t *Table) Policy { return Policy{kind: duelWin, win: t} }

// ScorePolicy returns the policy of a [strategy.Bot] playing by t, which
// maximizes the expected score of each turn whatever the scores; a nil t
// is the App table with the zero Options. Duel refuses a t solved for
// other scoring rules, MinBank or MustRollHotDice than the duel's
// ([ErrOtherRules]), as [strategy.Bot.CheckRules] does in a game. Duel
// reads the table once, before it starts.
func ScorePolicy(t *strategy.Table) Policy { return Policy{kind: duelScore, score: t} }

// ThresholdPolicy returns the policy of a [game.ThresholdBot] that banks
// at bankAt: it keeps the best keep of each roll and banks as soon as the
// turn total reaches bankAt (and the rules allow a bank).
func ThresholdPolicy(bankAt int) Policy {
	return Policy{kind: duelThreshold, bankAt: bankAt}
}

// String returns a name for p, such as "win-optimal", "expected-score" or
// "threshold 350".
func (p Policy) String() string {
	switch p.kind {
	case duelWin:
		return "win-optimal"
	case duelScore:
		return "expected-score"
	case duelThreshold:
		return "threshold " + strconv.Itoa(p.bankAt)
	}
	return "no policy"
}

// DuelResult is the outcome of a [Duel] of policy A against policy B.
type DuelResult struct {
	// FirstWins is A's chance of winning when A rolls first.
	FirstWins float64
	// SecondWins is A's chance of winning when B rolls first.
	SecondWins float64
}

// Duel computes exactly the chance that policy a beats policy b in a game
// of two players under r, a rolling first and a rolling second, as the
// bots that the policies stand for would play it in package game: by
// solving the Markov chain of the game under the two fixed policies, not
// by simulation.
//
// At the start of a turn with the scores (x, y), the turn of a fixed
// policy leads to a farkle or to a bank of some amount, with chances that
// the dynamic program of the turn gives forward. The chance that the
// player to move wins is linear in the chances of the positions the turn
// leads to: a bank raises the sum of the scores, and a farkle leads to
// (y, x), the opponent to move. Duel solves the positions in decreasing
// order of the sum of the scores, each pair (x, y), (y, x) exactly as a
// system of two linear equations, on opts.Workers goroutines, calling
// opts.Progress after each sum (opts.Floor does not matter: there is no
// penalty). A bot asked to bank where the rules forbid it rolls on, as
// [game.Game.PlayTurn] makes it; in the last turn of a final round a
// [strategy.Bot] and a [game.ThresholdBot] play as in any other turn, and
// a [Bot] plays to end above its opponent.
//
// Duel supports the rules that [Solve] supports, without a penalty for
// farkles in a row: a penalty makes the chain of the scores go down as
// well as up. Under an opening minimum a player at 0 is off the board,
// and every policy banks only from the minimum: a [strategy.Bot] off the
// board plays by the table of [strategy.Table.Opening], as it does in a
// game. Invalid rules give the [*farkle.RulesError] of
// game.Rules.Validate, and a done ctx, which Duel checks after each sum of
// the scores, its error; any other error is a [*SolveError] wrapping
// [ErrRules] for a penalty, [ErrOptions] for negative
// Workers, [ErrPolicy], [ErrNoTable] or [ErrOtherRules] for a policy that
// cannot play the duel (see the policies), or [ErrTooLarge] for scores
// that do not fit a [Table].
//
// With a TablePolicy, Duel follows the turn of every position forward
// from the table, and takes about four times as long as [Solve] for the
// same rules. Without one, the turns of the policies do not depend on the
// scores, and Duel takes a small part of Solve's time (a fiftieth for the
// App rules).
func Duel(ctx context.Context, r game.Rules, a, b Policy, opts Options) (DuelResult, error) {
	d, err := newDuel(r, a, b, opts)
	if err != nil {
		return DuelResult{}, err
	}
	if err := d.solve(ctx, opts); err != nil {
		return DuelResult{}, err
	}
	z := d.zero
	return DuelResult{FirstWins: d.w[0][z*d.nS+z], SecondWins: 1 - d.w[1][z*d.nS+z]}, nil
}

// A duel is the chain of two fixed policies.
type duel struct {
	r        game.Rules
	an       *rolls.Analysis
	sigs     *[farkle.MaxDice + 1]rolls.Group // the rolls of n dice by the options of their candidates
	step     int
	nS, zero int
	minBankK int
	firstK   int  // the smallest first bank, in steps: at least minBankK
	opening  bool // firstK > minBankK: a player at 0 is off the board, whose bank needs firstK
	mustRoll bool
	final    bool
	jump     int
	pol      [2]*duelPlayer
	// w[p][x*nS+y]: the chance that player p (0 for a, 1 for b) wins
	// when it is to move with x banked against the opponent's y.
	w [2][]float64
}

// A duelPlayer is one policy compiled for a duel.
type duelPlayer struct {
	Policy
	// For a policy that does not read the scores: the outcome of its
	// turn and, for a final round, tail[k] the chance of banking at least
	// k steps; [0] on the board, [1] off it (see duel.onOff).
	out  [2]*turnOut
	tail [2][]float64
}

// A turnOut is the outcome of a turn: the chance of a farkle, and bank[a]
// the chance of banking a steps.
type turnOut struct {
	farkle float64
	bank   []float64
}

func newDuel(r game.Rules, a, b Policy, opts Options) (*duel, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	asked := r
	fail := func(err error, field, detail string) error {
		return &SolveError{Err: err, Rules: asked, Options: opts, Field: field, detail: detail}
	}
	if err := refuseHouseRules(r, true); err != nil {
		return nil, solveError(err, asked, opts)
	}
	if r.Penalty > 0 {
		return nil, fail(ErrRules, "Penalty", fmt.Sprintf("Penalty %d after %d farkles in a row: Duel has no penalty", r.Penalty, r.PenaltyAfter))
	}
	if opts.Workers < 0 {
		return nil, fail(ErrOptions, "Workers", "Workers "+strconv.Itoa(opts.Workers))
	}
	r = kit.NormRules(r)
	d := &duel{r: r, final: r.FinalRound, mustRoll: r.MustRollHotDice}
	for i, p := range []Policy{a, b} {
		who := fmt.Sprintf("policy %c (%v)", 'A'+i, p)
		switch p.kind {
		case duelNone:
			return nil, fail(ErrPolicy, "", fmt.Sprintf("policy %c", 'A'+i))
		case duelWin:
			if p.win == nil || p.win.m == nil && p.win.three == nil {
				return nil, fail(ErrNoTable, "", who)
			}
			if p.win.m == nil {
				return nil, fail(ErrPlayers, "", who+": a table of three players")
			}
			if field, detail, ok := kit.Mismatch(p.win.m.rules, r, "the duel's"); ok {
				return nil, fail(ErrOtherRules, field, who+": "+detail)
			}
			if d.an == nil {
				d.an = &p.win.m.an
			}
		case duelScore:
			// The rules of a strategy.Table: its scoring and options.
			sr := p.score.Rules()
			tr := r
			tr.Scoring, tr.MinBank, tr.MustRollHotDice = sr.Scoring, sr.MinBank, sr.MustRollHotDice
			if field, detail, ok := kit.Mismatch(tr, r, "the duel's"); ok {
				return nil, fail(ErrOtherRules, field, who+": "+detail)
			}
		}
	}
	if d.an == nil {
		s, err := farkle.New(r.Scoring)
		if err != nil {
			return nil, err
		}
		d.an = new(rolls.Analysis)
		d.an.Analyze(s)
	}
	d.sigs = &d.an.Groups
	for _, p := range []Policy{a, b} {
		if p.kind == duelWin && d.final {
			d.sigs = tableSigs(p.win.m)
			break
		}
	}
	d.step = d.an.Unit
	d.nS = (r.Target + d.step - 1) / d.step
	if float64(d.nS)*float64(d.nS) > maxPositions {
		return nil, fail(ErrTooLarge, "", fmt.Sprintf("%d scores: %.0f positions, at most %d", d.nS, float64(d.nS)*float64(d.nS), maxPositions))
	}
	d.minBankK = max(1, (r.MinBank+d.step-1)/d.step)
	d.firstK = max(d.minBankK, (r.MinFirstBank+d.step-1)/d.step)
	d.opening = d.firstK > d.minBankK
	for _, o := range d.sigs[1].Opts {
		d.jump = max(d.jump, int(o.Steps))
	}
	for i, p := range []Policy{a, b} {
		dp := &duelPlayer{Policy: p}
		if p.kind != duelWin {
			if detail := d.fixedTurn(dp); detail != "" {
				return nil, fail(ErrTooLarge, "", fmt.Sprintf("policy %c (%v): %s", 'A'+i, p, detail))
			}
		}
		d.pol[i] = dp
		d.w[i] = make([]float64, d.nS*d.nS)
	}
	return d, nil
}

// minBank returns the smallest bank, in steps, of a player with x banked:
// without a penalty every bank is positive, so 0 is off the board.
func (d *duel) minBank(x int) int {
	if d.opening && x == 0 {
		return d.firstK
	}
	return d.minBankK
}

// onOff returns the index of the outcomes of a fixed policy with x
// banked: 1 off the board, 0 on it.
func (d *duel) onOff(x int) int {
	if d.opening && x == 0 {
		return 1
	}
	return 0
}

// chainSteps is how many turn-total steps past a policy's last bank the
// dynamic program follows a turn that cannot bank (hot dice that must be
// rolled): each step lowers the chance left by that of hot dice.
const chainSteps = 40

// liveEps is the chance of the states of a turn left to follow under
// which the dynamic program of the turn stops: the chance it leaves out.
const liveEps = 1e-20

// fixedTurn computes the outcomes of the turn of a policy that does not
// read the scores, on the board and, under an opening minimum, off it. It
// returns "" or, for a turn too long to follow, why.
func (d *duel) fixedTurn(p *duelPlayer) string {
	for off := range 2 {
		if off == 1 && !d.opening {
			p.out[1], p.tail[1] = p.out[0], p.tail[0]
			break
		}
		mb := d.minBankK
		if off == 1 {
			mb = d.firstK
		}
		if why := d.fixedTurnAt(p, off, mb); why != "" {
			return why
		}
	}
	return ""
}

// fixedTurnAt computes p.out[o] and p.tail[o], the outcome of the turn of
// a policy that does not read the scores, for a player whose banks need mb
// steps. It returns "" or, for a turn too long to follow, why.
func (d *duel) fixedTurnAt(p *duelPlayer, o, mb int) string {
	canBank := func(k, n int) bool { return k >= mb && (n < farkle.MaxDice || !d.mustRoll) }
	var level int // from this turn total on, the policy banks when it may
	var score func(k, n int) float64
	var bank func(k, n int) bool
	switch p.kind {
	case duelThreshold:
		level = max(mb, 0)
		if p.bankAt > 0 {
			level = max(level, (p.bankAt+d.step-1)/d.step)
		}
		score = func(k, n int) float64 { return float64(k) }
		bank = func(k, n int) bool { return k*d.step >= p.bankAt && canBank(k, n) }
	case duelScore:
		// The table is read once, here, through its methods: its values
		// and banks at every turn total the turn can reach, in steps. Off
		// the board a strategy.Bot plays by the table of the opening
		// minimum.
		t := p.score // of the duel's scoring rules: its unit is d.step
		if o == 1 {
			var err error
			if t, err = t.Opening(d.r.MinFirstBank); err != nil {
				return "off the board: " + err.Error()
			}
		}
		level = max(t.Cap()/d.step, mb)
		score = func(k, n int) float64 {
			v, _ := t.Value(k*d.step, n) // no error: a reachable state
			return v
		}
		bank = func(k, n int) bool {
			b, _ := t.ShouldBank(k*d.step, n)
			return b && canBank(k, n)
		}
	}
	if level > maxStates {
		return fmt.Sprintf("banks at %d steps of %d, at most %d", level, d.step, maxStates)
	}
	kMax := level + d.jump + 1
	if d.mustRoll || p.kind == duelScore {
		kMax += chainSteps * d.jump
	}
	dec := newDecisions(kMax + d.jump + 1)
	for n := 1; n <= farkle.MaxDice; n++ {
		for k := range dec.size {
			dec.set(k, n, score(k, n), bank(k, n))
		}
	}
	out := d.forward(dec, kMax, -1, new(turnBuf))
	p.out[o] = out
	if d.final {
		tail := make([]float64, len(out.bank)+1)
		for k := len(out.bank) - 1; k >= 0; k-- {
			tail[k] = tail[k+1] + out.bank[k]
		}
		p.tail[o] = tail
	}
	return ""
}

// decisions are a policy's values of the states after a keep (turn total
// k steps, n dice to roll), by which it picks a keep, and whether it banks
// there.
type decisions struct {
	size  int
	score []float64 // [(n-1)*size+k]
	bank  []bool
}

func newDecisions(size int) *decisions {
	return &decisions{size: size, score: make([]float64, farkle.MaxDice*size), bank: make([]bool, farkle.MaxDice*size)}
}

func (c *decisions) set(k, n int, score float64, bank bool) {
	c.score[(n-1)*c.size+k], c.bank[(n-1)*c.size+k] = score, bank
}

// A turnBuf is the memory of one forward dynamic program.
type turnBuf struct {
	mass []float64 // [(n-1)*kMax+k]
	out  turnOut
}

// forward runs the turn of the policy of dec forward from the first roll,
// for turn totals under kMax steps, and returns its outcome, in b. It
// stops once the chance of the states left to follow is under liveEps. The
// policy decides at turn total min(k, clamp) when clamp >= 0 (as a Bot
// does above the cap of its table).
func (d *duel) forward(dec *decisions, kMax, clamp int, b *turnBuf) *turnOut {
	const nd = farkle.MaxDice
	if cap(b.mass) < nd*kMax {
		b.mass = make([]float64, nd*kMax)
	}
	mass := b.mass[:nd*kMax]
	clear(mass)
	if cap(b.out.bank) < kMax+d.jump+1 {
		b.out.bank = make([]float64, kMax+d.jump+1)
	}
	out := &b.out
	out.bank = out.bank[:kMax+d.jump+1]
	clear(out.bank)
	out.farkle = 0
	mass[(nd-1)*kMax] = 1
	live := 1.0 // the chance of the states not yet followed
	sz := dec.size
	for k := range kMax {
		if live < liveEps {
			break
		}
		kk := k
		if clamp >= 0 {
			kk = min(k, clamp)
		}
		for n := 1; n <= nd; n++ {
			m := mass[(n-1)*kMax+k]
			if m == 0 {
				continue
			}
			g := &d.sigs[n]
			live -= m
			out.farkle += m * g.Farkle
			for s, p := range g.Prob {
				opts := g.Opts[g.Start[s]:g.Start[s+1]]
				bo, best := -1, 0.0
				for o := range opts {
					at := (int(opts[o].Left)-1)*sz + kk + int(opts[o].Steps)
					if v := dec.score[at]; bo < 0 || v > best {
						bo, best = o, v
					}
				}
				op := opts[bo]
				left, k2 := int(op.Left), k+int(op.Steps)
				if dec.bank[(left-1)*sz+kk+int(op.Steps)] {
					out.bank[k2] += m * p
				} else if k2 < kMax {
					mass[(left-1)*kMax+k2] += m * p
					live += m * p
				}
			}
		}
	}
	return out
}

// last returns the chance that player p, in the last turn of a final
// round, ends above the opponent's x when it has y: it banks at least
// need = max(x-y+1, its minimum bank) steps.
func (d *duel) last(p *duelPlayer, x, y int) float64 {
	need := max(x-y+1, d.minBank(y))
	if p.kind == duelWin {
		return p.win.m.reachAt(need)
	}
	tail := p.tail[d.onOff(y)]
	if need >= len(tail) {
		return 0
	}
	return tail[need]
}

// bankValue returns the chance that player p wins after banking a steps
// with x against the opponent's y (of player 1-p).
func (d *duel) bankValue(p, x, y, a int) float64 {
	if x+a < d.nS {
		return 1 - d.w[1-p][y*d.nS+x+a]
	}
	if !d.final {
		return 1
	}
	return 1 - d.last(d.pol[1-p], x+a, y)
}

// A duelWorker holds the memory of one goroutine of the solve.
type duelWorker struct {
	buf  turnBuf
	wbuf *dpBuf // from the pool of wm
	wm   *model
	dec  *decisions
}

// turnAt returns the outcome of player p's turn with x against y.
func (d *duel) turnAt(wk *duelWorker, p, x, y int) *turnOut {
	pl := d.pol[p]
	if pl.kind != duelWin {
		return pl.out[d.onOff(x)]
	}
	t := pl.win
	m := t.m
	if wk.wbuf == nil {
		wk.wbuf, wk.wm = m.getBuf(), m
		wk.dec = newDecisions(m.nv)
	}
	kc := m.kc(x, y)
	top := kc + m.jump + 1
	t.turnF(wk.wbuf, x, y, 0, t.farkleValue(x, y, 0, 0), top, 0)
	dec := wk.dec
	for n := 1; n <= farkle.MaxDice; n++ {
		r := wk.wbuf.r[(n-1)*m.nv:]
		for k := range top {
			roll := r[k]
			if m.canBank(x, k, n) {
				if bc := t.bankValue(x, y, 0, k); bc >= roll {
					dec.set(k, n, bc, true)
					continue
				}
			}
			dec.set(k, n, roll, false)
		}
	}
	kMax := kc + m.jump + 1
	if d.mustRoll {
		kMax += chainSteps * m.jump
	}
	return d.forward(dec, kMax, kc, &wk.buf)
}

// solve fills d.w, with the workers and the progress of opts.
func (d *duel) solve(ctx context.Context, opts Options) error {
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sc := newSched(d.nS, workers, false, func() *duelWorker { return new(duelWorker) })
	defer func() {
		for _, wk := range sc.bufs {
			if wk.wbuf != nil {
				wk.wm.putBuf(wk.wbuf)
			}
		}
	}()
	done := 0
	_, err := sc.pass(ctx, func(wk *duelWorker, x, y int) float64 {
		d.solvePair(wk, x, y)
		return 0
	}, func() {
		done++
		if opts.Progress != nil {
			opts.Progress(done, sc.diagonals())
		}
	})
	return err
}

// solvePair solves a to move at (x, y) and b to move at (y, x): with c the
// chance of winning by the banks of the turn and f that of a farkle,
//
//	u = cA + fA (1 - v),  v = cB + fB (1 - u).
func (d *duel) solvePair(wk *duelWorker, x, y int) {
	c, f := [2]float64{}, [2]float64{}
	for p, xy := range [2][2]int{{x, y}, {y, x}} {
		out := d.turnAt(wk, p, xy[0], xy[1])
		var sum float64
		for a, pr := range out.bank {
			if pr != 0 {
				sum += pr * d.bankValue(p, xy[0], xy[1], a)
			}
		}
		c[p], f[p] = sum, out.farkle
	}
	u := (c[0] + f[0]*(1-c[1]-f[1])) / (1 - f[0]*f[1])
	v := c[1] + f[1]*(1-u)
	d.w[0][x*d.nS+y] = u
	d.w[1][y*d.nS+x] = v
}

// tableSigs groups the rolls of n dice by the options of the candidates of
// a Bot under m (with a final round, more than the best keep for each
// number of kept dice), in the candidates' order. A policy that picks
// the first candidate of the best value decides the same for every roll
// of a group.
func tableSigs(m *model) *[farkle.MaxDice + 1]rolls.Group {
	ix := multiset.Get()
	var buf [rolls.MaxKeeps]rolls.Cand
	var os []rolls.Option
	return rolls.GroupRolls(func(n, i int) []rolls.Option {
		var key uint32
		for j := range n {
			key += multiset.Pow7[ix.Sorted[i][j]]
		}
		os = os[:0]
		for _, c := range m.cands(key, &buf) {
			os = append(os, rolls.Option{Steps: c.Points / int32(m.step), Left: int32(c.Left)})
		}
		return os
	})
}
