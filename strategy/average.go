package strategy

import (
	"context"
	"math"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// avgRules are the rules of play that change the strategy that
// maximizes the long-run average score per turn: those of game.Rules of
// the same names.
type avgRules struct {
	MinBank         int
	MustRollHotDice bool
	Penalty         int
	PenaltyAfter    int
	ToxicTwos       bool
}

// avgRulesOf returns the avgRules of the rules of play r.
func avgRulesOf(r game.Rules) avgRules {
	return avgRules{MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice, Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter, ToxicTwos: r.ToxicTwos}
}

// An AverageTable is the strategy that maximizes the long-run average
// score per turn, penalties included, for one Rules value and one
// game.Rules value: for every number of farkles in a row k at the
// start of the turn (0 to PenaltyAfter-1; only 0 without a penalty) and
// every state of the turn, whether to bank and which dice to keep.
// [SolveAverage] makes one. An AverageTable is immutable and safe for
// concurrent use.
//
// A nil *AverageTable stands for the App rules with the zero
// game.Rules, whose strategy is that of the nil *[Table].
//
// The values of an AverageTable are relative values (biases) of the
// average-reward problem, with the start of a turn after a bank as the
// reference (its bias is 0): the value of a state of a turn with k
// farkles in a row is the expected points banked in the turn, less the
// expected penalty, plus the expected bias of the state that the turn
// leads to. Banking t is worth exactly t; a farkle is worth Bias(k+1), or
// Bias(0) - Penalty on the penalized farkle. Without a penalty these are
// the expected final scores of the turn, as in a [Table].
type AverageTable struct {
	opts  avgRules
	rules game.Rules // as solved for, Scoring filled in
	gain  float64
	bias  []float64 // by farkles in a row
	turns []avgTurn // by farkles in a row
	// residual is the largest violation of the Bellman equations by the
	// gain and biases, in points; iters counts the steps of policy
	// iteration.
	residual float64
	iters    int
	open     *openings[AverageTable] // the tables of Opening
}

// An avgTurn is the single-turn strategy of an AverageTable for one number
// of farkles in a row: a Table whose banks are worth the turn total and
// whose farkles are worth f, instead of 0.
type avgTurn struct {
	tb *Table
	f  float64
	q  float64 // the chance that a turn played by tb ends in a farkle
	r0 float64 // the value of a turn from its start, tb.r[6][0]
}

// appAverage is the table of a nil *AverageTable: the nil Table's
// strategy, wrapped.
var appAverage = sync.OnceValue(func() *AverageTable {
	tb := appTable()
	return &AverageTable{
		rules: tb.rules,
		gain:  tb.TurnValue(),
		bias:  []float64{0},
		turns: []avgTurn{{tb: tb, r0: tb.TurnValue()}},
		open:  new(openings[AverageTable]),
	}
})

func (t *AverageTable) get() *AverageTable {
	if t == nil {
		return appAverage()
	}
	return t
}

// SolveAverage computes the strategy that maximizes the long-run average
// score per turn under the rules of play r: its scoring rules (the App
// rules for the zero Scoring), MinBank, MustRollHotDice, ToxicTwos and the
// penalty for farkles in a row (Penalty, PenaltyAfter). It checks ctx
// before it starts, as [Solve] does. Each call computes a new table,
// in some milliseconds for the presets and three farkles in a row (the
// work grows with PenaltyAfter); keep it and share it.
//
// The turns form an average-reward Markov decision problem whose state
// at the start of a turn is the number of farkles in a row k. With the
// gain g (the average score per turn) and the biases h(k), h(0) = 0, the
// table solves
//
//	h(k) + g = max over the play of the turn of E[points + h(k')],
//
// where banking t gives t points and k' = 0, and a farkle gives 0 points
// and k' = k+1, or -Penalty points and k' = 0 when k+1 is PenaltyAfter.
// Given the biases, the best play of a turn with k farkles in a row is a
// single-turn strategy (as [Solve] computes) whose farkles are worth
// h(k+1), or -Penalty, instead of 0; SolveAverage finds the biases by
// policy iteration, which ends after a few steps with the equations met
// to rounding. Without a penalty the gain is [Table.TurnValue] of the
// Table solved with the same MinBank and MustRollHotDice.
//
// Invalid rules give the *farkle.RulesError of game.Rules.Validate;
// r.Bankrupt, no rule of this model, an error wrapping [ErrRules];
// otherwise the error is a [*SolveError] wrapping [ErrTooLarge] as for
// Solve.
func SolveAverage(ctx context.Context, r game.Rules, opts Options) (*AverageTable, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return solveAverageRules(r)
}

// solveAverageRules is SolveAverage without the context.
func solveAverageRules(r game.Rules) (*AverageTable, error) {
	s, err := scorerOf(r)
	if err != nil {
		return nil, err
	}
	if r.Bankrupt {
		return nil, &unsupportedError{field: "Bankrupt", why: "an AverageTable models a fixed penalty for farkles in a row, not the loss of the score"}
	}
	var a rolls.Analysis
	a.AnalyzeToxic(s, r.ToxicTwos)
	t, err := solveAverage(&a, avgRulesOf(r))
	if err != nil {
		return nil, err
	}
	t.rules = r
	t.rules.Scoring = s.Rules()
	return t, nil
}

// avgMaxIter bounds the steps of policy iteration; the presets need 3 to
// 5.
const avgMaxIter = 100

func solveAverage(a *rolls.Analysis, opts avgRules) (*AverageTable, error) {
	o := turnRules{MinBank: opts.MinBank, MustRollHotDice: opts.MustRollHotDice, ToxicTwos: opts.ToxicTwos}
	base := tails(a, o)
	states := max(1, opts.PenaltyAfter)
	pen := float64(opts.Penalty)
	// f[k] is the value of a farkle with k farkles in a row before it:
	// h(k+1), or h(0) - Penalty = -Penalty for the last state.
	f := make([]float64, states)
	f[states-1] = -pen
	h := make([]float64, states)
	ca := make([]float64, states)
	cb := make([]float64, states)
	var g float64
	turns := make([]avgTurn, states)
	iters := 0
	prevChange := math.Inf(1)
	for iter := 0; ; iter++ {
		iters++
		// Improve: the best play of each state's turn, given the biases.
		for k := range turns {
			if k > 0 && f[k] == f[k-1] {
				turns[k] = turns[k-1]
				continue
			}
			u, err := solveAvgTurn(a, o, base, f[k], 0)
			if err != nil {
				return nil, err
			}
			turns[k] = u
		}
		// Evaluate that play: with B_k = r0 - q f the points banked,
		// h(k) + g = B_k + q_k h(k+1) for k < states-1 and
		// h(k) + g = B_k - q_k Penalty for the last state. Writing
		// h(k) = ca[k] + cb[k] g, back substitution and h(0) = 0 give g.
		last := states - 1
		ca[last] = turns[last].r0 - turns[last].q*(f[last]+pen)
		cb[last] = -1
		for k := last - 1; k >= 0; k-- {
			u := &turns[k]
			ca[k] = u.r0 - u.q*f[k] + u.q*ca[k+1]
			cb[k] = u.q*cb[k+1] - 1
		}
		gNew := -ca[0] / cb[0]
		change := math.Abs(gNew - g)
		for k := 1; k < states; k++ {
			hk := ca[k] + cb[k]*gNew
			change = max(change, math.Abs(hk-h[k]))
			h[k] = hk
		}
		g = gNew
		// Stop when the biases settle, or stop changing by less than
		// before once they are within rounding noise (a tie that rounding
		// tips one way and then the other).
		scale := max(1, math.Abs(g))
		if states == 1 || (iter > 0 && (change <= 1e-12*scale || change <= 1e-9*scale && change >= prevChange)) || iter == avgMaxIter {
			break
		}
		prevChange = change
		for k := range last {
			f[k] = h[k+1]
		}
	}
	// Report the biases that the tables were solved with, and the gain
	// that they give: the Bellman equation of state 0 holds exactly, the
	// others to rounding.
	for k := 1; k < states; k++ {
		h[k] = f[k-1]
	}
	g = turns[0].r0
	t := &AverageTable{opts: opts, gain: g, bias: h, turns: turns, iters: iters, open: new(openings[AverageTable])}
	for k, u := range turns {
		t.residual = max(t.residual, math.Abs(u.r0-h[k]-g))
	}
	return t, nil
}

// solveAvgTurn solves the single-turn strategy under which a bank is worth
// the turn total and a farkle is worth f, over a's rules and opts; base
// is tails(a, opts), the closed forms above the cap for f = 0. It runs the
// dynamic program of Table.solve, with the same operations in the same
// order (extra raises the cap by that many units, for tests), so that for f = 0 the table is Solve's to the last bit, and
// tracks the chance of a farkle under the strategy.
//
// A farkle worth f changes the closed forms thus: the cap rises by f when
// f is positive (rolling n dice from t is worth at most (1-p_n) t + p_n f
// + E_n[...], see tails), and the value of six dice, alpha t + beta,
// gains (1 - alpha) f, the chance of a farkle in the tail (alpha is 1
// unless hot dice must roll, and then 1 - alpha = p_6 / (1 - p_hot)).
func solveAvgTurn(a *rolls.Analysis, opts turnRules, base tail, f float64, extra int) (avgTurn, error) {
	tl := base
	tl.cap += max(f, 0)
	tl.tailB += (1 - tl.tailA) * f
	qTail6 := 1 - tl.tailA // chance of a farkle rolling six dice above the cap
	t := &Table{an: *a}
	unit := a.Unit
	jump := a.MaxPts / unit
	if tl.cap > float64(maxStates)*float64(unit) || int(math.Ceil(tl.cap/float64(unit)))+1+extra+2*jump+1 > maxStates {
		return avgTurn{}, &SolveError{Err: ErrTooLarge, Step: unit, Cap: int(min(tl.cap, maxTurnTotal))}
	}
	capI := int(math.Ceil(tl.cap/float64(unit))) + 1 + extra
	t.opts, t.capI, t.tailA, t.tailB, t.bank6 = opts, capI, tl.tailA, tl.tailB, tl.bank6
	nv := capI + 2*jump + 1
	nr := capI + jump + 1
	vs := make([]float64, farkle.MaxDice*nv)
	bs := make([]bool, farkle.MaxDice*nv)
	rs := make([]float64, farkle.MaxDice*nr)
	qs := make([]float64, farkle.MaxDice*nv) // the chance of a farkle from each state
	for n := 1; n <= farkle.MaxDice; n++ {
		t.v[n] = vs[(n-1)*nv : n*nv : n*nv]
		t.bank[n] = bs[(n-1)*nv : n*nv : n*nv]
		t.r[n] = rs[(n-1)*nr : n*nr : n*nr]
	}
	q6 := qs[(farkle.MaxDice-1)*nv : farkle.MaxDice*nv]
	for i := nv - 1; i >= nr; i-- {
		for n := 1; n <= farkle.MaxDice; n++ {
			t.v[n][i] = t.tailV(i, n)
			t.bank[n][i] = t.tailBank(n)
		}
		q6[i] = qTail6
	}
	all := a.Groups[1].Opts
	offs := make([]int32, len(all))
	for k, o := range all {
		offs[k] = (o.Left-1)*int32(nv) + o.Steps
	}
	var q0 float64
	for i := nr - 1; i >= 0; i-- {
		tt := float64(i * unit)
		for n := 1; n <= farkle.MaxDice; n++ {
			g := &a.Groups[n]
			var roll float64
			q := g.Farkle
			for s, p := range g.Prob {
				// Every signature has an option; values may be
				// negative when f is.
				os := offs[g.Start[s]:g.Start[s+1]]
				bo := os[0]
				best := vs[i+int(bo)]
				for _, off := range os[1:] {
					if x := vs[i+int(off)]; x > best {
						best, bo = x, off
					}
				}
				roll += p * best
				q += p * qs[i+int(bo)]
			}
			roll += g.Farkle * f
			t.r[n][i] = roll
			j := (n-1)*nv + i
			switch {
			case i >= capI:
				t.v[n][i] = t.tailV(i, n)
				t.bank[n][i] = t.tailBank(n)
				if n == farkle.MaxDice {
					qs[j] = qTail6
				}
			case t.canBank(i, n) && roll-tt <= tieEps*max(1, tt):
				t.v[n][i] = tt
				t.bank[n][i] = true
			default:
				t.v[n][i] = roll
				qs[j] = q
			}
			if i == 0 && n == farkle.MaxDice {
				q0 = q
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
	return avgTurn{tb: t, f: f, q: q0, r0: t.r[farkle.MaxDice][0]}, nil
}

// rollValue returns the value of rolling n dice at turn total i*unit.
func (u *avgTurn) rollValue(i, n int) float64 {
	t := u.tb
	if i < len(t.r[n]) {
		return t.r[n][i]
	}
	g := &t.an.Groups[n]
	var roll float64
	for s, p := range g.Prob {
		best := math.Inf(-1)
		for _, o := range g.Opts[g.Start[s]:g.Start[s+1]] {
			best = max(best, t.value(i+int(o.Steps), int(o.Left)))
		}
		roll += p * best
	}
	return roll + g.Farkle*u.f
}

// turn returns the strategy for k farkles in a row.
func (t *AverageTable) turn(k int) (*avgTurn, error) {
	if k < 0 || k >= len(t.turns) {
		return nil, &avgFarklesError{k, len(t.turns)}
	}
	return &t.turns[k], nil
}

// Gain returns the long-run average score per turn under the table's
// strategy, penalties included: the most that any strategy can average.
func (t *AverageTable) Gain() float64 { return t.get().gain }

// Bias returns the relative value of starting a turn with k farkles in a
// row, against starting one after a bank: 0 for k = 0, and below 0 for
// the other k under a penalty. Over many turns, a player who starts with
// k farkles in a row scores Bias(k) points more than one who starts with
// none. k must be 0 to PenaltyAfter-1 (only 0 without a penalty), else
// the error wraps [ErrFarkles].
func (t *AverageTable) Bias(k int) (float64, error) {
	t = t.get()
	if _, err := t.turn(k); err != nil {
		return 0, err
	}
	return t.bias[k], nil
}

// Rules returns the rules the table was solved for, its Scoring filled
// in; the App rules for a nil *AverageTable.
func (t *AverageTable) Rules() game.Rules { return t.get().rules }

// ShouldBank reports whether the player with k farkles in a row before
// the turn should bank turnTotal rather than roll diceLeft dice (0 means
// hot dice: six). It is false where banking is not allowed. The error
// wraps [ErrFarkles] for a k out of range, or is a [*StateError] as for
// [Table.ShouldBank].
func (t *AverageTable) ShouldBank(k, turnTotal, diceLeft int) (bool, error) {
	u, err := t.get().turn(k)
	if err != nil {
		return false, err
	}
	return u.tb.ShouldBank(turnTotal, diceLeft)
}

// BankThreshold returns the smallest turn total from which the player
// with k farkles in a row before the turn banks at every reachable turn
// total with diceLeft dice to roll, as [Table.BankThreshold]. ok is false
// also for a k out of range.
func (t *AverageTable) BankThreshold(k, diceLeft int) (total int, ok bool) {
	u, err := t.get().turn(k)
	if err != nil {
		return 0, false
	}
	return u.tb.BankThreshold(diceLeft)
}

// Advise returns what to do with roll, the dice just rolled, when the
// player had k = s.Farkles farkles in a row before the turn and the turn
// total before the roll was s.TurnTotal, as [Table.Advise] does for a
// single turn. The
// values of the Advice and its Choices (Value, Roll) are the table's
// relative values: points banked less penalties, plus the bias of the
// next turn (see [AverageTable]); banking is worth the turn total. The
// Value of a farkle is the value of the farkle: Bias(k+1), or -Penalty
// for the penalized one.
//
// A k out of range gives an error wrapping [ErrFarkles]; then the errors
// are those of Table.Advise.
func (t *AverageTable) Advise(s State, roll []farkle.Die) (Advice, error) {
	u, err := t.get().turn(s.Farkles)
	if err != nil {
		return Advice{}, err
	}
	tb := u.tb
	key, ok := multiset.KeyOf(roll)
	if !ok || key == 0 {
		_, err := tb.an.Scorer.BestKeep(roll)
		return Advice{}, err
	}
	if s.DiceLeft != 0 && s.DiceLeft != len(roll) {
		return Advice{}, &StateError{Err: ErrDiceLeft, TurnTotal: s.TurnTotal, DiceLeft: s.DiceLeft}
	}
	turnTotal := s.TurnTotal
	i0, ok := tb.totalIndex(turnTotal)
	if !ok {
		return Advice{}, &StateError{Err: ErrTurnTotal, TurnTotal: turnTotal, DiceLeft: len(roll)}
	}
	cs := tb.an.Cands(int(multiset.Get().Rank[key]))
	if len(cs) == 0 {
		none, _ := farkle.NoKeep(roll)
		return Advice{Keep: none, Farkle: true, Value: u.f}, nil
	}
	return tb.advice(cs, i0, turnTotal, len(roll), u.rollValue), nil
}
