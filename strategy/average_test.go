package strategy

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/google/go-cmp/cmp"
)

var _ game.Bot = AverageBot{}

// busche is the game of M. Busche, "Maximizing Expected Scores in the
// Game of Zilch" (2010): Zilch scoring, banking from 300 points, and the
// third zilch (farkle) in a row costs 500 points.
var busche = avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 3}

func mustSolveAverage(t fataler, s *farkle.Scorer, o avgRules) *AverageTable {
	t.Helper()
	at, err := solveAverageWith(s, o)
	if err != nil {
		t.Fatalf("solveAverageWith(%+v): %v", o, err)
	}
	return at
}

// analyses caches the analysis of each preset's rules, which the tests
// of the internals share (an analysis is never changed once made).
var analyses sync.Map // farkle.Preset -> *rolls.Analysis

func analysisOf(t fataler, p farkle.Scoring) *rolls.Analysis {
	t.Helper()
	if a, ok := analyses.Load(p); ok {
		return a.(*rolls.Analysis)
	}
	a := new(rolls.Analysis)
	a.Analyze(newScorer(t, p))
	analyses.Store(p, a)
	return a
}

// checkSolved checks the Bellman equations of an AverageTable through its
// exported answers: for every k, the single-turn strategy whose farkles
// are worth Bias(k+1) (or -Penalty) is worth Bias(k) + Gain from the start
// of a turn, to 1e-9 points. The biases lie between -Penalty and 0,
// falling with k.
func checkSolved(t fataler, a *rolls.Analysis, at *AverageTable) {
	t.Helper()
	o := at.opts
	states := max(1, o.PenaltyAfter)
	if _, err := at.Bias(states); !errors.Is(err, ErrFarkles) {
		t.Fatalf("%+v: Bias(%d) err %v, want ErrFarkles", o, states, err)
	}
	opts := turnRules{MinBank: o.MinBank, MustRollHotDice: o.MustRollHotDice}
	prev := 0.0
	for k := range states {
		h, err := at.Bias(k)
		if err != nil {
			t.Fatalf("%+v: Bias(%d): %v", o, k, err)
		}
		if (k == 0 && h != 0) || h > prev+1e-9 || h < -float64(o.Penalty) {
			t.Fatalf("%+v: Bias(%d) = %v after %v", o, k, h, prev)
		}
		prev = h
		f := -float64(o.Penalty)
		if k+1 < states {
			f, _ = at.Bias(k + 1)
		}
		u, err := solveAvgTurn(a, opts, tails(a, opts), f, 0)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if d := u.r0 - h - at.Gain(); math.Abs(d) > 1e-9 {
			t.Fatalf("%+v: k %d: turn worth %.12f, Bias + Gain %.12f: residual %g", o, k, u.r0, h+at.Gain(), d)
		}
	}
	if at.residual > 1e-9 {
		t.Fatalf("%+v: residual %g", o, at.residual)
	}
}

// M. Busche, "Maximizing Expected Scores in the Game of Zilch" (2010):
// with a strategy that depends on the zilches in a row, the best long-run
// average is 620.855 points per turn.
func TestAverageBuscheZilch(t *testing.T) {
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), busche)
	if got := math.Round(at.Gain() * 1000); got != 620_855 {
		t.Errorf("Gain = %.6f, want 620.855", at.Gain())
	}
	checkSolved(t, analysisOf(t, farkle.ZilchScoring), at)
	t.Logf("gain %.6f, biases %v, %d steps of policy iteration", at.Gain(), at.bias, at.iters)
	// Without the penalty the game is worth the single-turn value, 623.02:
	// the penalty costs 2.16 points a turn.
	free := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), avgRules{MinBank: 300})
	if math.Round(free.Gain()*100) != 62_302 {
		t.Errorf("no penalty: Gain = %.6f, want 623.02", free.Gain())
	}
}

// Without a penalty the average strategy is the single-turn strategy:
// the same table to the last bit, for every preset and options.
func TestAverageNoPenaltyIsSingleTurn(t *testing.T) {
	ps, os := presets, optionSets
	if raceEnabled {
		ps, os = []farkle.Scoring{farkle.ZilchScoring}, optionSets[2:3]
	}
	for _, p := range ps {
		s := newScorer(t, p)
		for _, o := range os {
			tb := mustSolve(t, s, o)
			at := mustSolveAverage(t, s, avgRules{MinBank: o.MinBank, MustRollHotDice: o.MustRollHotDice})
			if at.Gain() != tb.TurnValue() {
				t.Errorf("%v %+v: Gain %v, TurnValue %v", p, o, at.Gain(), tb.TurnValue())
			}
			u := at.turns[0].tb
			if u.capI != tb.capI || u.tailA != tb.tailA || u.tailB != tb.tailB || u.bank6 != tb.bank6 ||
				!cmp.Equal(u.v, tb.v) || !cmp.Equal(u.r, tb.r) || !cmp.Equal(u.bank, tb.bank) || u.thresh != tb.thresh {
				t.Errorf("%v %+v: the table differs from Solve's", p, o)
			}
			for _, st := range [][2]int{{0, 6}, {250, 3}, {350, 1}, {tb.Cap() + 10*tb.Step(), 6}} {
				want, _ := tb.ShouldBank(st[0], st[1])
				if got, err := at.ShouldBank(0, st[0], st[1]); err != nil || got != want {
					t.Errorf("%v %+v: ShouldBank(0, %d, %d) = %v, %v; want %v", p, o, st[0], st[1], got, err, want)
				}
			}
			for _, roll := range [][]farkle.Die{{1, 5, 5, 2, 3, 1}, {1, 5, 2, 3, 4, 6}, {2, 2, 2, 5}, {2, 3}} {
				for _, total := range []int{0, 300, tb.Cap() + 20*tb.Step()} {
					want, err1 := tb.Advise(State{TurnTotal: total}, roll)
					got, err2 := at.Advise(State{TurnTotal: total, Farkles: 0}, roll)
					if err1 != nil || err2 != nil {
						t.Fatalf("Advise: %v, %v", err1, err2)
					}
					if diff := cmp.Diff(want, got, cmpOpts); diff != "" {
						t.Errorf("%v %+v: Advise(0, %v, %d) (-Table +AverageTable):\n%s", p, o, roll, total, diff)
					}
				}
			}
		}
	}
	// A nil *AverageTable is the App table with the zero options.
	var nilT *AverageTable
	if nilT.Gain() != (*Table)(nil).TurnValue() || nilT.get().opts != (avgRules{}) || nilT.get().turns[0].tb.an.Scorer.Rules() != farkle.AppScoring.Rules() {
		t.Errorf("nil *AverageTable: Gain %v, turnRules %+v", nilT.Gain(), nilT.get().opts)
	}
	if math.Round(nilT.Gain()*100) != 60_698 {
		t.Errorf("nil *AverageTable: Gain %.4f, want 606.98", nilT.Gain())
	}
}

// The average strategy meets its Bellman equations under a range of rules.
func TestAverageSolved(t *testing.T) {
	cases := []struct {
		p farkle.Scoring
		o avgRules
	}{
		{farkle.ZilchScoring, busche},
		{farkle.AppScoring, avgRules{Penalty: 500, PenaltyAfter: 3}},
		{farkle.FacebookScoring, avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 3}},
		{farkle.CoreScoring, avgRules{MinBank: 500, MustRollHotDice: true, Penalty: 1000, PenaltyAfter: 2}},
		{farkle.ClassicScoring, avgRules{Penalty: 300, PenaltyAfter: 1}},
		{farkle.ZilchScoring, avgRules{MustRollHotDice: true, Penalty: 5000, PenaltyAfter: 4}},
		{farkle.AppScoring, avgRules{MinBank: 1000, Penalty: 50, PenaltyAfter: 10}},
	}
	if raceEnabled {
		cases = cases[3:5]
	} else {
		cases = append(cases, struct {
			p farkle.Scoring
			o avgRules
		}{farkle.ZilchScoring, avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 100}})
	}
	for _, c := range cases {
		at := mustSolveAverage(t, newScorer(t, c.p), c.o)
		checkSolved(t, analysisOf(t, c.p), at)
		free := mustSolve(t, newScorer(t, c.p), turnRules{MinBank: c.o.MinBank, MustRollHotDice: c.o.MustRollHotDice})
		if at.Gain() > free.TurnValue() {
			t.Errorf("%v %+v: Gain %v above the value of a turn without penalty, %v", c.p, c.o, at.Gain(), free.TurnValue())
		}
		t.Logf("%v %+v: gain %.6f, %d steps", c.p, c.o, at.Gain(), at.iters)
	}
}

// TestAverageFarkleValueBellman checks the single-turn tables with a
// farkle worth f, positive or negative, independently of the signature
// groups: at every state up to past the cap, the value of rolling is the
// chance-weighted best value over the keeps of every distinct roll, plus
// f for the farkles; a state is worth the better of rolling and (where
// allowed) banking; and raising the cap changes no value.
func TestAverageFarkleValueBellman(t *testing.T) {
	ix := multiset.Get()
	fs := []float64{-1000, -73.5, 0, 25, 400}
	ps := presets
	if raceEnabled {
		ps, fs = []farkle.Scoring{farkle.ZilchScoring, farkle.CoreScoring}, []float64{-1000, 25}
	}
	for _, p := range ps {
		a := analysisOf(t, p)
		for _, o := range optionSets {
			for _, f := range fs {
				u, err := solveAvgTurn(a, o, tails(a, o), f, 0)
				if err != nil {
					t.Fatal(err)
				}
				big, err := solveAvgTurn(a, o, tails(a, o), f, 150)
				if err != nil {
					t.Fatal(err)
				}
				tb := u.tb
				if big.q != u.q && math.Abs(big.q-u.q) > 1e-12 || math.Abs(big.r0-u.r0) > 1e-9*math.Abs(u.r0) {
					t.Fatalf("%v %+v f %v: a higher cap changes the turn: %v, %v to %v, %v", p, o, f, u.r0, u.q, big.r0, big.q)
				}
				top := tb.capI + 40
				step := 3 // every third total: all points and dice mix
				if raceEnabled {
					step = 7
				}
				for i := 0; i <= top; i += step {
					for n := 1; n <= farkle.MaxDice; n++ {
						roll := 0.0
						for m := int(ix.First[n]); m < int(ix.First[n+1]); m++ {
							pr := float64(ix.Orders[m]) / float64(rolls.Pow6(n))
							cs := tb.an.Cands(m)
							if len(cs) == 0 {
								roll += pr * f
								continue
							}
							best := math.Inf(-1)
							for _, c := range cs {
								best = max(best, tb.value(i+int(c.Points)/tb.an.Unit, int(c.Left)))
							}
							roll += pr * best
						}
						tol := 1e-9 * max(1, math.Abs(roll))
						if got := u.rollValue(i, n); math.Abs(got-roll) > tol {
							t.Fatalf("%v %+v f %v: rolling %d dice at %d worth %v, by the rolls %v", p, o, f, n, i*tb.an.Unit, got, roll)
						}
						want := roll
						if tb.canBank(i, n) {
							want = max(want, float64(i*tb.an.Unit))
						}
						if got := tb.value(i, n); math.Abs(got-want) > tol {
							t.Fatalf("%v %+v f %v: state (%d, %d dice) worth %v, want %v", p, o, f, i*tb.an.Unit, n, got, want)
						}
						if got := big.tb.value(i, n); math.Abs(got-want) > tol {
							t.Fatalf("%v %+v f %v: with a higher cap, state (%d, %d dice) worth %v, want %v", p, o, f, i*tb.an.Unit, n, got, want)
						}
					}
				}
			}
		}
	}
}

// TestAverageRelativeValueIteration solves the Busche game and others
// again by plain relative value iteration, the slow way: from biases 0,
// solve each state's turn given the biases, and set the bias of each state
// to its turn's value less the gain, the value of the turn from 0 farkles
// in a row, until nothing changes. The gain must agree with SolveAverage's
// to 1e-9 points.
func TestAverageRelativeValueIteration(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow; a check of the algorithm, with one goroutine")
	}
	cases := []struct {
		p farkle.Scoring
		o avgRules
	}{
		{farkle.ZilchScoring, busche},
		{farkle.CoreScoring, avgRules{MinBank: 500, MustRollHotDice: true, Penalty: 1000, PenaltyAfter: 2}},
	}
	cases = append(cases, struct {
		p farkle.Scoring
		o avgRules
	}{farkle.AppScoring, avgRules{Penalty: 500, PenaltyAfter: 4}})
	for _, c := range cases {
		a := analysisOf(t, c.p)
		opts := turnRules{MinBank: c.o.MinBank, MustRollHotDice: c.o.MustRollHotDice}
		states := c.o.PenaltyAfter
		h := make([]float64, states)
		r := make([]float64, states)
		var g float64
		iters := 0
		for ; iters < 1000; iters++ {
			for k := range states {
				f := -float64(c.o.Penalty)
				if k+1 < states {
					f = h[k+1]
				}
				u, err := solveAvgTurn(a, opts, tails(a, opts), f, 0)
				if err != nil {
					t.Fatal(err)
				}
				r[k] = u.r0
			}
			change := math.Abs(r[0] - g)
			g = r[0]
			for k := range states {
				change = max(change, math.Abs(r[k]-g-h[k]))
				h[k] = r[k] - g
			}
			if change < 1e-12 {
				break
			}
		}
		at := mustSolveAverage(t, newScorer(t, c.p), c.o)
		if math.Abs(g-at.Gain()) > 1e-9 {
			t.Errorf("%v %+v: value iteration gives %.12f after %d steps, SolveAverage %.12f", c.p, c.o, g, iters, at.Gain())
		}
		for k := range states {
			if b, _ := at.Bias(k); math.Abs(b-h[k]) > 1e-9 {
				t.Errorf("%v %+v: Bias(%d): value iteration %.12f, SolveAverage %.12f", c.p, c.o, k, h[k], b)
			}
		}
		t.Logf("%v %+v: value iteration: %.9f after %d steps", c.p, c.o, g, iters)
	}
}

// TestAverageMonteCarlo plays many turns of a one-player game of package
// game, whose engine applies the penalty, with an AverageBot, and checks
// that the mean score per turn is within 3 standard errors of the gain.
// The turns are dependent (through the farkles in a row), so the standard
// error is that of the means of batches of 1,000 turns.
func TestAverageMonteCarlo(t *testing.T) {
	turns := 150_000 // 93 million points, under the target
	if raceEnabled || testing.Short() {
		turns = 10_000
	}
	const batch = 1_000
	games := []game.Preset{game.Zilch, game.Facebook, game.App}
	if raceEnabled {
		games = games[:1]
	}
	for i, preset := range games {
		r := preset.Rules()
		r.Target = 100_000_000 // never reached
		if preset == game.App {
			r.Penalty, r.PenaltyAfter, r.MustRollHotDice = 1000, 2, true
		}
		g, err := game.New(r, []string{"bot"}, rand.NewPCG(uint64(i), 42))
		if err != nil {
			t.Fatal(err)
		}
		at := mustSolveAverage(t, g.View().Scorer(), avgRules{MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice, Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter})
		bot := &averageChecker{t: t, bot: AverageBot{Table: at}}
		var sum, sumSq float64
		prev := 0
		for range turns / batch {
			for range batch {
				if err := g.PlayTurn(bot); err != nil {
					t.Fatalf("%v: turn %d: %v", preset, g.View().Turn(), err)
				}
			}
			score := g.View().Scores()[0]
			x := float64(score-prev) / batch
			prev = score
			sum += x
			sumSq += x * x
		}
		nb := float64(turns / batch)
		mean := sum / nb
		se := math.Sqrt((sumSq/nb - mean*mean) / (nb - 1))
		if math.Abs(mean-at.Gain()) > 3*se {
			t.Errorf("%v: %d turns average %.2f ± %.2f, gain %.4f", preset, turns, mean, se, at.Gain())
		}
		if bot.farkles[1] == 0 || (r.PenaltyAfter > 2 && bot.farkles[2] == 0) {
			t.Errorf("%v: decisions with farkles in a row: %v", preset, bot.farkles)
		}
		t.Logf("%v: %d turns average %.2f ± %.2f, gain %.4f", preset, turns, mean, se, at.Gain())
	}
}

// averageChecker is a game.Bot that plays by its AverageBot and checks
// every decision against AverageTable.Advise for the player's farkles in a
// row.
type averageChecker struct {
	t       *testing.T
	bot     AverageBot
	farkles [4]int // decisions by farkles in a row
}

func (c *averageChecker) Decide(v game.View) (farkle.Hand, bool) {
	keep, bank := c.bot.Decide(v)
	k := v.Player(v.Current()).Farkles
	roll := v.Roll()
	adv, err := c.bot.Table.Advise(State{TurnTotal: v.TurnTotal(), Farkles: k}, roll)
	if err != nil {
		c.t.Fatalf("Advise(%d, %v, %d): %v", k, roll, v.TurnTotal(), err)
	}
	if adv.Farkle || keep != handOf(adv.Keep.Dice()) || bank != adv.Bank {
		c.t.Fatalf("k %d roll %v at %d: Decide %v, %v; Advise %v, %v", k, roll, v.TurnTotal(), keep, bank, adv.Keep.Dice(), adv.Bank)
	}
	c.farkles[min(k, 3)]++
	return keep, bank
}

// TestAverageBotFarklesInARow: the bot plays each number of farkles in a
// row by its state, more than the table has by the last, and does not
// allocate.
func TestAverageBotFarklesInARow(t *testing.T) {
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), busche)
	r := game.Zilch.Rules()
	r.Penalty, r.PenaltyAfter = 500, 5 // farkles in a row up to 4
	g, err := game.New(r, []string{"bot"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	roll1 := []farkle.Die{2, 2, 3, 4, 5, 6} // keep the 5, 5 dice left
	for k := range 5 {
		if g.View().Players()[0].Farkles != k {
			t.Fatalf("farkles in a row %d, want %d", g.View().Players()[0].Farkles, k)
		}
		play(t, g, step{roll1, nil})
		keep, bank := (AverageBot{Table: at}).Decide(g.View())
		adv, _ := at.Advise(State{TurnTotal: 0, Farkles: min(k, 2)}, roll1)
		if keep != handOf(adv.Keep.Dice()) || bank != adv.Bank {
			t.Errorf("k %d: Decide %v, %v; Advise %v, %v", k, keep, bank, adv.Keep.Dice(), adv.Bank)
		}
		if n := testing.AllocsPerRun(100, func() { (AverageBot{Table: at}).Decide(g.View()) }); n != 0 {
			t.Errorf("Decide allocates %v times", n)
		}
		// Keep the 5 and farkle with the five dice left.
		if err := g.Keep([]farkle.Die{5}); err != nil {
			t.Fatal(err)
		}
		play(t, g, step{{2, 2, 3, 4, 6}, nil})
	}
	var zero game.View
	if keep, bank := (AverageBot{}).Decide(zero); keep != (farkle.Hand{}) || bank {
		t.Errorf("Decide(zero View) = %v, %v; want nothing", keep, bank)
	}
}

// TestAverageShouldBankByFarkles: in the Busche game the thresholds fall
// as the penalty nears: with 1 to 5 dice left, 350, 300, 450, 1050, 3150
// points at no farkle in a row; 300, 300, 350, 1000, 3050 after one;
// 300, 300, 300, 550, 2650 after two. Six dice cannot farkle under Zilch
// scoring (a roll of nothing scores), so the table never banks with six.
func TestAverageShouldBankByFarkles(t *testing.T) {
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), busche)
	want := [][]int{
		{350, 300, 450, 1050, 3150},
		{300, 300, 350, 1000, 3050},
		{300, 300, 300, 550, 2650},
	}
	for k, w := range want {
		for n := 1; n <= 5; n++ {
			if th, ok := at.BankThreshold(k, n); !ok || th != w[n-1] {
				t.Errorf("BankThreshold(%d, %d) = %d, %v; want %d", k, n, th, ok, w[n-1])
			}
			// Every reachable total from the threshold on banks.
			for total := w[n-1]; total < w[n-1]+1000; total += 50 {
				if bank, err := at.ShouldBank(k, total, n); err != nil || !bank {
					t.Errorf("ShouldBank(%d, %d, %d) = %v, %v", k, total, n, bank, err)
				}
			}
		}
		if _, ok := at.BankThreshold(k, 6); ok {
			t.Errorf("BankThreshold(%d, 6) ok", k)
		}
		if bank, _ := at.ShouldBank(k, 250, 1); bank {
			t.Errorf("ShouldBank(%d, 250, 1) below the minimum", k)
		}
	}
	if _, ok := at.BankThreshold(3, 1); ok {
		t.Errorf("BankThreshold(3, 1) ok")
	}
}

// TestAverageAdvise: the advice's values are relative values: banking is
// worth the turn total, a farkle the value of a farkle, and the choices
// come best first.
func TestAverageAdvise(t *testing.T) {
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), busche)
	for k := range 3 {
		adv, err := at.Advise(State{TurnTotal: 500, Farkles: k}, []farkle.Die{2, 3})
		if err != nil || !adv.Farkle || len(adv.Choices) != 0 {
			t.Fatalf("Advise(%d, farkle) = %+v, %v", k, adv, err)
		}
		want := -500.0
		if k < 2 {
			want, _ = at.Bias(k + 1)
		}
		if adv.Value != want {
			t.Errorf("Advise(%d, farkle).Value = %v, want %v", k, adv.Value, want)
		}
		adv, err = at.Advise(State{TurnTotal: 0, Farkles: k}, []farkle.Die{1, 5, 2, 3, 3, 6})
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range adv.Choices {
			if i > 0 && c.Value > adv.Choices[i-1].Value {
				t.Errorf("k %d: choices out of order: %+v", k, adv.Choices)
			}
			v := c.Roll
			if c.Bank {
				v = float64(c.TurnTotal)
			}
			if c.Value != v || (c.Bank && !c.CanBank) || c.CanBank != (c.TurnTotal >= 300) {
				t.Errorf("k %d: choice %+v", k, c)
			}
		}
		// Rolling a turn total above the cap, with a farkle worth f.
		big := at.turns[k].tb.Cap() + 1000
		adv, err = at.Advise(State{TurnTotal: big, Farkles: k}, []farkle.Die{1, 2, 3, 4, 6, 6})
		if err != nil || !adv.Bank || adv.Value != float64(big+100) {
			t.Errorf("Advise(%d, ..., %d) = %+v, %v", k, big, adv, err)
		}
	}
}

func TestAverageErrors(t *testing.T) {
	s := newScorer(t, farkle.ZilchScoring)
	for _, c := range []struct {
		o   avgRules
		msg string
	}{
		{avgRules{MinBank: -1}, "MinBank"},
		{avgRules{MinBank: overBound(1)}, "MinBank"},
		{avgRules{Penalty: -5, PenaltyAfter: 3}, "Penalty"},
		{avgRules{Penalty: 500}, "PenaltyAfter"},
		{avgRules{PenaltyAfter: 3}, "PenaltyAfter"},
		{avgRules{Penalty: 500, PenaltyAfter: 101}, "PenaltyAfter"},
		{avgRules{Penalty: 500, PenaltyAfter: -1}, "PenaltyAfter"},
	} {
		at, err := solveAverageWith(s, c.o)
		if at != nil || !errors.Is(err, farkle.ErrInvalidRules) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("solveAverageWith(%+v) = %v, %v; want farkle.ErrInvalidRules %q", c.o, at, err, c.msg)
		}
	}
	_, err := solveAverageWith(s, avgRules{MinBank: 100_000_000, Penalty: 1, PenaltyAfter: 1})
	var se *SolveError
	if !errors.As(err, &se) || !errors.Is(err, ErrTooLarge) {
		t.Errorf("huge MinBank: %v, want a *SolveError wrapping ErrTooLarge", err)
	}
	at := mustSolveAverage(t, s, busche)
	for _, k := range []int{-1, 3} {
		if _, err := at.Bias(k); !errors.Is(err, ErrFarkles) || err.Error() != "strategy: farkles in a row out of range: "+itoa(k)+" (0 to 2)" {
			t.Errorf("Bias(%d): %v", k, err)
		}
		if _, err := at.ShouldBank(k, 300, 2); !errors.Is(err, ErrFarkles) {
			t.Errorf("ShouldBank(%d): %v", k, err)
		}
		if _, err := at.Advise(State{TurnTotal: 0, Farkles: k}, []farkle.Die{1}); !errors.Is(err, ErrFarkles) {
			t.Errorf("Advise(%d): %v", k, err)
		}
	}
	if _, err := at.ShouldBank(0, 75, 2); !errors.Is(err, ErrTurnTotal) {
		t.Errorf("ShouldBank(0, 75, 2): %v", err)
	}
	if _, err := at.ShouldBank(0, 300, 7); !errors.Is(err, ErrDiceLeft) {
		t.Errorf("ShouldBank(0, 300, 7): %v", err)
	}
	if _, err := at.Advise(State{TurnTotal: 0, Farkles: 1}, []farkle.Die{1, 7}); !errors.Is(err, farkle.ErrInvalidDie) {
		t.Errorf("Advise(bad die): %v", err)
	}
	if _, err := at.Advise(State{TurnTotal: 0, Farkles: 1}, nil); !errors.Is(err, farkle.ErrNoDice) {
		t.Errorf("Advise(no dice): %v", err)
	}
	if _, err := at.Advise(State{TurnTotal: 75, Farkles: 1}, []farkle.Die{1}); !errors.Is(err, ErrTurnTotal) {
		t.Errorf("Advise(turn total 75): %v", err)
	}
	if _, err := (*AverageTable)(nil).Bias(1); !errors.Is(err, ErrFarkles) {
		t.Errorf("nil table: Bias(1): %v", err)
	}
}

func itoa(k int) string {
	if k < 0 {
		return "-" + itoa(-k)
	}
	return string(rune('0' + k))
}

// TestAverageConcurrent: tables, the nil one included, answer from many
// goroutines at once.
func TestAverageConcurrent(t *testing.T) {
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), busche)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tb := range []*AverageTable{nil, at} {
				if _, err := tb.Advise(State{TurnTotal: 50 * i, Farkles: 0}, []farkle.Die{1, 5, 2, 3, 4, 4}); err != nil {
					t.Error(err)
				}
				if tb.Gain() < 600 {
					t.Errorf("Gain %v", tb.Gain())
				}
			}
		}()
	}
	wg.Wait()
}
