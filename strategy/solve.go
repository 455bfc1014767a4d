package strategy

import (
	"context"
	"math"
	"slices"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
)

// Options tune [Solve] and [SolveAverage]; the zero Options are the
// defaults. The rules of play come from the game.Rules passed to the
// solver, so Options holds nothing yet. It has no Progress, unlike the win
// solver's: a single-turn table solves in milliseconds (2 to 10 ms for
// the presets on the 2-core machine of the package's figures, an
// AverageTable with a penalty a few times that), too fast to report on.
type Options struct{}

// turnRules are the rules of play of a turn that change the best
// strategy, beside the scoring: those of game.Rules of the same names.
// The zero turnRules let a player bank any positive turn total, including
// right after hot dice.
type turnRules struct {
	// MinBank is the smallest turn total that a player may bank: below it
	// the only choice is to roll. 0 means no minimum.
	MinBank int
	// MustRollHotDice makes a player who has kept all six dice (hot dice)
	// roll all six again; without it the player may bank instead.
	MustRollHotDice bool
	// ToxicTwos makes a roll with four or more 2s end the turn with
	// nothing, as a farkle: [Table.Odds] counts those rolls as farkles,
	// and [Table.Advise] advises no keep for them.
	ToxicTwos bool
}

// turnRulesOf returns the turnRules of the rules of play r.
func turnRulesOf(r game.Rules) turnRules {
	return turnRules{MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice, ToxicTwos: r.ToxicTwos}
}

// scorerOf checks r as game.New does and returns the Scorer of its
// scoring rules, the App rules for the zero Scoring as in package game.
func scorerOf(r game.Rules) (*farkle.Scorer, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	sr := r.Scoring
	if sr == (farkle.Rules{}) {
		sr = farkle.AppScoring.Rules()
	}
	return farkle.New(sr)
}

// maxTurnTotal is the largest turn total that a [Table] answers for:
// 2^40, about 1.1 trillion.
const maxTurnTotal = 1 << 40

// maxStates bounds the turn totals a table stores per number of dice, so
// that rules with huge points in tiny steps, or a huge MinBank, fail fast
// instead of taking seconds and hundreds of megabytes. The presets need
// about 2,300.
const maxStates = 1 << 16

// A Table is the solved single-turn strategy for one game.Rules value: for every state of a turn (the turn total so far and the
// number of dice left to roll), the expected final score of the turn
// under optimal play and whether to bank. [Solve] makes a Table; the
// caller keeps it for as long as it needs it, as with regexp.Compile. A
// Table is immutable and safe for concurrent use.
//
// A nil *Table stands for the table of the zero game.Rules: the App
// scoring, no minimum to bank. That table is solved on first use and then kept for the life
// of the program: it is the only table that the package keeps.
//
// States are turn totals from 0 to 2^40 (about 1.1 trillion) that are
// multiples of [Table.Step] (every reachable total is), with 1 to 6 dice
// to roll; 0 dice left means hot dice and is the same as 6. A state with
// six dice to roll and a positive turn total arises only after hot dice,
// so with MustRollHotDice its only choice is to roll.
type Table struct {
	an    rolls.Analysis
	odds  [farkle.MaxDice + 1]Odds
	opts  turnRules
	rules game.Rules // as solved for, Scoring filled in
	capI  int        // from turn total capI*unit on, closed forms hold
	v     [farkle.MaxDice + 1][]float64
	bank  [farkle.MaxDice + 1][]bool
	r     [farkle.MaxDice + 1][]float64
	// For turn totals t at and above the cap, the value with n < 6 dice
	// left is t (bank), and with six dice tailA*t + tailB.
	tailA, tailB float64
	bank6        bool // whether the table banks with six dice at and above the cap
	thresh       [farkle.MaxDice + 1]int
	open         *openings[Table] // the tables of Opening; nil for the turns of an AverageTable
}

// Solve computes the optimal single-turn strategy for the rules of play r:
// its scoring rules (the App rules for the zero Scoring), MinBank,
// MustRollHotDice and ToxicTwos; the other fields of r do not change a
// single turn. Each call computes a new Table, in a few milliseconds for
// the presets; keep the Table and share it rather than solving again.
// Solve checks ctx before it starts and returns ctx.Err() if it is done;
// a solve is too short to stop halfway. Invalid scoring rules give the
// *farkle.RulesError of farkle.New; otherwise the error is a
// [*SolveError].
//
// The strategy maximizes the expected score of one turn: a turn starts
// with a roll of six dice; a farkle ends it with 0; after each roll the
// player keeps a legal keep and either banks the turn total or rolls the
// dice left (all six after hot dice); when banking and rolling are worth
// the same (to a relative 1e-11), the table banks. Only the best keep for
// each number of kept dice matters, since more points with the same dice
// left are never worse.
//
// Hot dice make turn totals unbounded. Above a cap, computed from the
// rules, banking is provably better than rolling with one to five dice
// (and with six, unless a six-dice roll cannot farkle or hot dice must
// roll), and the values there follow closed forms; see [Table.Cap].
func Solve(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return solveRules(r)
}

// solveRules is Solve without the context.
func solveRules(r game.Rules) (*Table, error) {
	s, err := scorerOf(r)
	if err != nil {
		return nil, err
	}
	t, err := solve(s, turnRulesOf(r), 0)
	if err != nil {
		return nil, err
	}
	t.rules = r
	t.rules.Scoring = s.Rules()
	return t, nil
}

// appTable is the table of a nil *Table: the package's only state.
var appTable = sync.OnceValue(func() *Table {
	t, err := solveRules(game.Rules{})
	if err != nil {
		panic("strategy: solving the App rules: " + err.Error()) // unreachable
	}
	return t
})

func (t *Table) get() *Table {
	if t == nil {
		return appTable()
	}
	return t
}

// tail holds the closed forms of a table above its cap.
type tail struct {
	cap          float64 // lower bound on the cap, in points
	tailA, tailB float64
	bank6        bool
}

// tails derives from a the closed forms that hold above the cap, and the cap.
//
// Write V(t, n) for the value of the state and R(t, n) for the value of
// rolling. Suppose that from some total T on, V(x, n) <= x for n < 6 and
// V(x, 6) <= x + c6. Then rolling n dice from t >= T is worth at most
// (1-p_n) t + E_n[max over keeps of (points + c6 if hot)], where p_n is
// the chance of a farkle: at most t as soon as t >= E_n[...]/p_n. Taking T
// as the largest of these bounds and MinBank makes the supposition true
// for n < 6 (and for six dice when they can farkle), so there the table
// banks and V(t, n) = t. With six dice:
//   - if a roll of six can farkle and hot dice may bank: V(t, 6) = t;
//   - if a roll of six cannot farkle (Rules.Nothing): rolling six is always
//     better, V(t, 6) = t + c with c = E6[max(points + c if hot, points)];
//   - if hot dice must roll: V(t, 6) = R(t, 6) = alpha t + beta, which
//     solves the one-step equation once every roll that offers both a
//     keep leaving dice and a hot keep prefers banking after the former.
func tails(a *rolls.Analysis, opts turnRules) tail {
	g := &a.Groups[6]
	unit := float64(a.Unit)
	p6 := g.Farkle
	var tl tail
	c6 := 0.0
	switch {
	case p6 == 0:
		c6 = hotConstant(a)
		tl.tailA, tl.tailB = 1, c6
	case opts.MustRollHotDice:
		// A roll of six offers a keep that leaves dice (worth a, the most
		// such), a hot keep (worth h), or both.
		var pa, ph, sa, sh float64
		for s, p := range g.Prob {
			aPts, hPts, hasA, hasH := split6(g.Opts[g.Start[s]:g.Start[s+1]])
			if hasA {
				pa += p
				sa += p * float64(aPts) * unit
			} else if hasH {
				ph += p
				sh += p * float64(hPts) * unit
			}
		}
		alpha := pa / (1 - ph)
		beta := (sa + alpha*sh) / (1 - ph)
		tl.tailA, tl.tailB = alpha, beta
		tl.cap = max(tl.cap, beta/(1-alpha))
		for s := range g.Prob {
			aPts, hPts, hasA, hasH := split6(g.Opts[g.Start[s]:g.Start[s+1]])
			if hasA && hasH {
				tl.cap = max(tl.cap, (alpha*float64(hPts)*unit+beta-float64(aPts)*unit)/(1-alpha))
			}
		}
	default:
		tl.tailA, tl.tailB, tl.bank6 = 1, 0, true
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		g := &a.Groups[n]
		if g.Farkle == 0 {
			continue
		}
		var e float64
		for s, p := range g.Prob {
			best := 0.0
			for _, o := range g.Opts[g.Start[s]:g.Start[s+1]] {
				x := float64(o.Steps) * unit
				if o.Left == farkle.MaxDice {
					x += c6
				}
				best = max(best, x)
			}
			e += p * best
		}
		tl.cap = max(tl.cap, e/g.Farkle)
	}
	tl.cap = max(tl.cap, float64(opts.MinBank))
	return tl
}

// split6 returns the most points of a keep that leaves dice and the
// points of the hot keep among the options of a roll of six.
func split6(opts []rolls.Option) (aPts, hPts int32, hasA, hasH bool) {
	for _, o := range opts {
		if o.Left == farkle.MaxDice {
			hPts, hasH = o.Steps, true
		} else if !hasA || o.Steps > aPts {
			aPts, hasA = o.Steps, true
		}
	}
	return aPts, hPts, hasA, hasH
}

// hotConstant returns c with c = E6[max over keeps of (points, plus c if
// the keep is hot)], for rules under which six dice never farkle: what
// rolling six dice adds to a large turn total.
func hotConstant(a *rolls.Analysis) float64 {
	g := &a.Groups[6]
	unit := float64(a.Unit)
	eval := func(c float64) float64 {
		var e float64
		for s, p := range g.Prob {
			best := math.Inf(-1)
			for _, o := range g.Opts[g.Start[s]:g.Start[s+1]] {
				x := float64(o.Steps) * unit
				if o.Left == farkle.MaxDice {
					x += c
				}
				best = max(best, x)
			}
			e += p * best
		}
		return e
	}
	// eval is increasing, convex and has slope below 1 (the chance of hot
	// dice), so iterating from 0 climbs to its fixed point.
	c := 0.0
	for range 100_000 {
		next := eval(c)
		done := next-c <= 1e-13*max(1, next)
		c = next
		if done {
			break
		}
	}
	// Evaluate the final policy exactly.
	var num, den float64 = 0, 1
	for s, p := range g.Prob {
		best, hot := math.Inf(-1), false
		var pts float64
		for _, o := range g.Opts[g.Start[s]:g.Start[s+1]] {
			x := float64(o.Steps) * unit
			h := o.Left == farkle.MaxDice
			y := x
			if h {
				y += c
			}
			if y > best {
				best, hot, pts = y, h, x
			}
		}
		num += p * pts
		if hot {
			den -= p
		}
	}
	return num / den
}

// tieEps is the relative tolerance under which rolling is not better than
// banking.
const tieEps = 1e-11

// solve analyzes s's rules and solves the table; extra raises the cap by
// that many units (for tests).
func solve(s *farkle.Scorer, opts turnRules, extra int) (*Table, error) {
	t := &Table{open: new(openings[Table])}
	t.an.AnalyzeToxic(s, opts.ToxicTwos)
	t.odds = oddsOf(&t.an)
	if err := t.solve(opts, extra); err != nil {
		return nil, err
	}
	return t, nil
}

// solve runs the dynamic program over t's analysis.
func (t *Table) solve(opts turnRules, extra int) error {
	a := &t.an
	tl := tails(a, opts)
	unit := a.Unit
	jump := a.MaxPts / unit
	if tl.cap > float64(maxStates)*float64(unit) || int(math.Ceil(tl.cap/float64(unit)))+1+extra+2*jump+1 > maxStates {
		return &SolveError{Err: ErrTooLarge, Step: unit, Cap: int(min(tl.cap, maxTurnTotal, math.MaxInt))}
	}
	capI := int(math.Ceil(tl.cap/float64(unit))) + 1 + extra
	t.opts, t.capI, t.tailA, t.tailB, t.bank6 = opts, capI, tl.tailA, tl.tailB, tl.bank6
	nv := capI + 2*jump + 1 // values reach jump beyond the rolls
	nr := capI + jump + 1
	// One allocation each for the values, the decisions and the rolls;
	// the values of n dice are vs[(n-1)*nv:n*nv].
	vs := make([]float64, farkle.MaxDice*nv)
	bs := make([]bool, farkle.MaxDice*nv)
	rs := make([]float64, farkle.MaxDice*nr)
	for n := 1; n <= farkle.MaxDice; n++ {
		t.v[n] = vs[(n-1)*nv : n*nv : n*nv]
		t.bank[n] = bs[(n-1)*nv : n*nv : n*nv]
		t.r[n] = rs[(n-1)*nr : n*nr : n*nr]
	}
	for i := nv - 1; i >= nr; i-- {
		for n := 1; n <= farkle.MaxDice; n++ {
			t.v[n][i] = t.tailV(i, n)
			t.bank[n][i] = t.tailBank(n)
		}
	}
	// offs[k] is where option k finds its value in vs, less the index of
	// the state rolled from: v[left][i+steps] is vs[i+offs[k]].
	all := a.Groups[1].Opts // shared by every group
	offs := make([]int32, len(all))
	for k, o := range all {
		offs[k] = (o.Left-1)*int32(nv) + o.Steps
	}
	for i := nr - 1; i >= 0; i-- {
		tt := float64(i * unit)
		for n := 1; n <= farkle.MaxDice; n++ {
			g := &a.Groups[n]
			var roll float64
			for s, p := range g.Prob {
				// Values are never negative or NaN: a plain comparison
				// is the max.
				best := 0.0
				for _, off := range offs[g.Start[s]:g.Start[s+1]] {
					if x := vs[i+int(off)]; x > best {
						best = x
					}
				}
				roll += p * best
			}
			t.r[n][i] = roll
			switch {
			case i >= capI:
				t.v[n][i] = t.tailV(i, n)
				t.bank[n][i] = t.tailBank(n)
			case t.canBank(i, n) && roll-tt <= tieEps*max(1, tt):
				t.v[n][i] = tt
				t.bank[n][i] = true
			default:
				t.v[n][i] = roll
			}
		}
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		t.thresh[n] = -1
		if !t.tailBank(n) {
			continue
		}
		i := capI
		for i > 0 && t.bank[n][i-1] {
			i--
		}
		t.thresh[n] = i * unit
	}
	return nil
}

// canBank reports whether the rules let a player bank at turn total
// i*unit with n dice left.
func (t *Table) canBank(i, n int) bool {
	return i*t.an.Unit >= t.opts.MinBank && (n < farkle.MaxDice || !t.opts.MustRollHotDice)
}

func (t *Table) tailV(i, n int) float64 {
	tt := float64(i) * float64(t.an.Unit)
	if n < farkle.MaxDice {
		return tt
	}
	return t.tailA*tt + t.tailB
}

func (t *Table) tailBank(n int) bool { return n < farkle.MaxDice || t.bank6 }

// value returns V at turn total i*unit with n dice left (1 to 6).
func (t *Table) value(i, n int) float64 {
	if i < len(t.v[n]) {
		return t.v[n][i]
	}
	return t.tailV(i, n)
}

func (t *Table) banks(i, n int) bool {
	if i < len(t.bank[n]) {
		return t.bank[n][i]
	}
	return t.tailBank(n)
}

// rollValue returns R at turn total i*unit with n dice to roll.
func (t *Table) rollValue(i, n int) float64 {
	if i < len(t.r[n]) {
		return t.r[n][i]
	}
	g := &t.an.Groups[n]
	var roll float64
	for s, p := range g.Prob {
		best := 0.0
		for _, o := range g.Opts[g.Start[s]:g.Start[s+1]] {
			best = max(best, t.value(i+int(o.Steps), int(o.Left)))
		}
		roll += p * best
	}
	return roll
}

// state checks a state and returns its index and dice count (0 -> 6).
func (t *Table) state(turnTotal, diceLeft int) (int, int, error) {
	if diceLeft < 0 || diceLeft > farkle.MaxDice {
		return 0, 0, &StateError{Err: ErrDiceLeft, TurnTotal: turnTotal, DiceLeft: diceLeft}
	}
	i, ok := t.totalIndex(turnTotal)
	if !ok {
		return 0, 0, &StateError{Err: ErrTurnTotal, TurnTotal: turnTotal, DiceLeft: diceLeft}
	}
	if diceLeft == 0 {
		diceLeft = farkle.MaxDice
	}
	return i, diceLeft, nil
}

// totalIndex returns the index of a turn total; ok is false if the table
// cannot reach it.
func (t *Table) totalIndex(turnTotal int) (int, bool) {
	if turnTotal < 0 || int64(turnTotal) > maxTurnTotal || turnTotal%t.an.Unit != 0 {
		return 0, false
	}
	return turnTotal / t.an.Unit, true
}

// Value returns the expected final score of the turn from the state with
// turnTotal points in the turn and diceLeft dice to roll (0 means hot
// dice: six), when the player now banks or rolls, whichever is better,
// and plays on optimally. It is at least turnTotal when the player may
// bank. The error is a [*StateError].
func (t *Table) Value(turnTotal, diceLeft int) (float64, error) {
	t = t.get()
	i, n, err := t.state(turnTotal, diceLeft)
	if err != nil {
		return 0, err
	}
	return t.value(i, n), nil
}

// RollValue returns the expected final score of the turn if the player
// rolls the diceLeft dice now, with turnTotal points in the turn, and
// plays on optimally. The error is a [*StateError].
func (t *Table) RollValue(turnTotal, diceLeft int) (float64, error) {
	t = t.get()
	i, n, err := t.state(turnTotal, diceLeft)
	if err != nil {
		return 0, err
	}
	return t.rollValue(i, n), nil
}

// ShouldBank reports whether the player should bank turnTotal rather than
// roll diceLeft dice. It is false where banking is not allowed (below
// game.Rules.MinBank, or with six dice when hot dice must roll). The error
// is a [*StateError].
func (t *Table) ShouldBank(turnTotal, diceLeft int) (bool, error) {
	t = t.get()
	i, n, err := t.state(turnTotal, diceLeft)
	if err != nil {
		return false, err
	}
	return t.banks(i, n), nil
}

// BankThreshold returns the smallest turn total from which the table banks
// at every reachable turn total with diceLeft dice to roll (0 means six).
// ok is false if the table never settles on banking with diceLeft dice
// (six dice when hot dice must roll, or when six dice cannot farkle) or
// diceLeft is not 0 to 6.
//
// Below the threshold the table rolls at almost every total; rules with a
// minimum bank or lumpy points can make it bank at a few isolated totals
// below it too, which [Table.ShouldBank] reports.
func (t *Table) BankThreshold(diceLeft int) (total int, ok bool) {
	t = t.get()
	if diceLeft == 0 {
		diceLeft = farkle.MaxDice
	}
	if diceLeft < 1 || diceLeft > farkle.MaxDice || t.thresh[diceLeft] < 0 {
		return 0, false
	}
	return t.thresh[diceLeft], true
}

// TurnValue returns the expected score of a whole turn played optimally,
// from the first roll of six dice.
func (t *Table) TurnValue() float64 {
	t = t.get()
	return t.r[farkle.MaxDice][0]
}

// Step returns the step of the table's turn totals: the greatest common
// divisor of the points of every legal keep, 50 for the presets. Every
// turn total that play can reach is a multiple of it.
func (t *Table) Step() int { return t.get().an.Unit }

// Cap returns the turn total from which the table uses closed forms: from
// it on, the player banks with one to five dice left, and the value of six
// dice is linear in the turn total. Values above the cap are exact, not
// approximations: raising the cap changes none of them.
func (t *Table) Cap() int {
	t = t.get()
	return t.capI * t.an.Unit
}

// Rules returns the rules the table was solved for, its Scoring filled
// in (the App rules for the zero Scoring); the App rules for a nil *Table.
func (t *Table) Rules() game.Rules { return t.get().rules }

// Odds returns the odds of rolling n dice under the table's rules: the
// chance of a farkle and the distribution of the best keep's points. n
// must be 1 to 6, else the error is a [*StateError] wrapping
// [ErrDiceLeft]. The Points of the result are the caller's to change.
func (t *Table) Odds(n int) (Odds, error) {
	if n < 1 || n > farkle.MaxDice {
		return Odds{}, &StateError{Err: ErrDiceLeft, DiceLeft: n}
	}
	o := t.get().odds[n]
	o.Points = slices.Clone(o.Points)
	return o, nil
}
