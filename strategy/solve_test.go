package strategy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/google/go-cmp/cmp"
)

// Facebook scoring: with six dice to roll, rolling is better than banking
// for every turn total under 16,400, and banking is better from 16,400 up
// (M. Busche, optimal Farkle strategy articles, mattbusche.org). His model
// lets a player bank after hot dice and has no minimum to bank: the zero
// turnRules.
func TestBuscheFacebookSixDice(t *testing.T) {
	tb := mustSolve(t, newScorer(t, farkle.FacebookScoring), turnRules{})
	for total := 0; total < 16_400; total += tb.Step() {
		bank, err := tb.ShouldBank(total, 6)
		if err != nil {
			t.Fatal(err)
		}
		roll, _ := tb.RollValue(total, 6)
		if bank || roll <= float64(total) {
			t.Fatalf("six dice, turn total %d: bank %v, rolling worth %.4f; want rolling better", total, bank, roll)
		}
	}
	for _, total := range []int{16_400, 16_450, 20_000, 100_000} {
		bank, _ := tb.ShouldBank(total, 6)
		roll, _ := tb.RollValue(total, 6)
		if !bank || roll > float64(total) {
			t.Errorf("six dice, turn total %d: bank %v, rolling worth %.4f; want banking better", total, bank, roll)
		}
	}
	if th, ok := tb.BankThreshold(6); !ok || th != 16_400 {
		t.Errorf("BankThreshold(6) = %d, %v; want 16400, true", th, ok)
	}
}

// Facebook scoring: with 3 dice to roll and 250 in the turn, the expected
// final turn score under optimal play is about 293 (R. McKenna, "Optimal
// Strategy for Farkle Dice", 2018). The table gives 293.40; the article
// gives the value to the point, so the test allows half a point.
func TestMcKennaFacebookThreeDice(t *testing.T) {
	for _, o := range []turnRules{{}, {MustRollHotDice: true}} {
		tb := mustSolve(t, newScorer(t, farkle.FacebookScoring), o)
		v, err := tb.Value(250, 3)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(v-293) > 0.5 {
			t.Errorf("%+v: Value(250, 3) = %.4f, want 293 to the point", o, v)
		}
	}
}

// bellmanRolls is, for n dice, every distinct roll with its probability,
// counted over ordered rolls, and all of its legal keeps.
type bellmanRoll struct {
	prob  float64
	keeps []farkle.Partition
}

// With toxicTwos, the rolls of four or more 2s have no keeps.
func bellmanRolls(t *testing.T, s *farkle.Scorer, toxicTwos bool) [farkle.MaxDice + 1][]bellmanRoll {
	var out [farkle.MaxDice + 1][]bellmanRoll
	for n := 1; n <= farkle.MaxDice; n++ {
		idx := map[[6]int]int{}
		orderedRolls(n, func(roll []farkle.Die) {
			var c [6]int
			for _, d := range roll {
				c[d-1]++
			}
			i, ok := idx[c]
			if !ok {
				keeps, err := s.Keeps(roll)
				if err != nil {
					t.Fatal(err)
				}
				if toxicTwos && c[1] >= 4 {
					keeps = nil
				}
				i = len(out[n])
				idx[c] = i
				out[n] = append(out[n], bellmanRoll{keeps: keeps})
			}
			out[n][i].prob += 1 / float64(rolls.Pow6(n))
		})
	}
	return out
}

// TestBellman checks, at every state of every preset's tables up to past
// the cap, that the values satisfy the Bellman equation, recomputed by
// brute force over every legal keep of every roll (not only the best per
// number of dice): rolling is worth the expectation over rolls of the best
// keep's value, and a state is worth the better of banking (where allowed)
// and rolling.
func TestBellman(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	for _, p := range presets {
		s := newScorer(t, p)
		rolls := bellmanRolls(t, s, false)
		for _, o := range optionSets {
			checkBellmanRolls(t, p, rolls, mustSolve(t, s, o))
		}
	}
}

// checkBellmanRolls checks the Bellman equation at every state of tb up to
// past its cap, over the rolls of bellmanRolls.
func checkBellmanRolls(t *testing.T, p farkle.Scoring, rolls [farkle.MaxDice + 1][]bellmanRoll, tb *Table) {
	t.Helper()
	o := tb.opts
	unit := tb.Step()
	bad := 0
	for total := 0; total <= tb.Cap()+3000; total += unit {
		for n := 1; n <= farkle.MaxDice; n++ {
			var roll float64
			for _, r := range rolls[n] {
				best := 0.0
				for _, k := range r.keeps {
					v, err := tb.Value(total+k.Points(), len(k.Rest()))
					if err != nil {
						t.Fatal(err)
					}
					best = max(best, v)
				}
				roll += r.prob * best
			}
			canBank := total >= o.MinBank && (n < 6 || !o.MustRollHotDice)
			want, wantBank := roll, false
			if canBank && float64(total) >= roll {
				want, wantBank = float64(total), true
			}
			gotRoll, _ := tb.RollValue(total, n)
			got, _ := tb.Value(total, n)
			bank, _ := tb.ShouldBank(total, n)
			tol := 1e-9 * max(1, float64(total))
			if math.Abs(gotRoll-roll) > tol || math.Abs(got-want) > tol ||
				(bank != wantBank && math.Abs(roll-float64(total)) > tol) {
				if bad++; bad <= 5 {
					t.Errorf("%s %+v, state (%d, %d dice): value %.12g roll %.12g bank %v; Bellman: %.12g %.12g %v",
						p, o, total, n, got, gotRoll, bank, want, roll, wantBank)
				}
			}
		}
	}
	if v, _ := tb.RollValue(0, 6); v != tb.TurnValue() {
		t.Errorf("%s %+v: TurnValue %v, RollValue(0, 6) %v", p, o, tb.TurnValue(), v)
	}
}

// TestCapRaise solves every preset again with its cap raised by its own
// size plus 1000 steps and checks that no value, decision, threshold or
// turn value moves by more than 1e-9: the closed forms above the cap are
// exact.
func TestCapRaise(t *testing.T) {
	for _, p := range presets {
		s := newScorer(t, p)
		for _, o := range optionSets {
			tb := mustSolve(t, s, o)
			big, err := solve(s, o, tb.capI+1000)
			if err != nil {
				t.Fatal(err)
			}
			if d := math.Abs(big.TurnValue() - tb.TurnValue()); d > 1e-9 {
				t.Errorf("%s %+v: turn value moves by %g", p, o, d)
			}
			for n := 1; n <= farkle.MaxDice; n++ {
				th, ok := tb.BankThreshold(n)
				bth, bok := big.BankThreshold(n)
				if th != bth || ok != bok {
					t.Errorf("%s %+v: BankThreshold(%d) %d, %v; with a higher cap %d, %v", p, o, n, th, ok, bth, bok)
				}
				worst := 0.0
				for total := 0; total <= big.Cap()+5000; total += tb.Step() {
					v1, _ := tb.Value(total, n)
					v2, _ := big.Value(total, n)
					r1, _ := tb.RollValue(total, n)
					r2, _ := big.RollValue(total, n)
					b1, _ := tb.ShouldBank(total, n)
					b2, _ := big.ShouldBank(total, n)
					worst = max(worst, math.Abs(v1-v2), math.Abs(r1-r2))
					if b1 != b2 {
						t.Errorf("%s %+v: ShouldBank(%d, %d) %v, with a higher cap %v", p, o, total, n, b1, b2)
					}
				}
				if worst > 1e-9 {
					t.Errorf("%s %+v, %d dice: a value moves by %g when the cap rises from %d to %d", p, o, n, worst, tb.Cap(), big.Cap())
				}
			}
		}
	}
}

// TestSixDiceNeverFarkle: under Zilch six dice always score (six dice with
// nothing are worth 500), so rolling six is always better than banking,
// and far above the cap it adds the same constant to any turn total: more
// than the mean points of one roll, since hot dice roll again.
func TestSixDiceNeverFarkle(t *testing.T) {
	tb := mustSolve(t, newScorer(t, farkle.ZilchScoring), turnRules{})
	odds, _ := tb.Odds(6)
	if odds.Farkles != 0 {
		t.Fatalf("Zilch: %d farkles with six dice, want 0", odds.Farkles)
	}
	if th, ok := tb.BankThreshold(6); ok {
		t.Errorf("BankThreshold(6) = %d, true; want none", th)
	}
	for _, total := range []int{0, 1000, 50_000, 10_000_000} {
		if b, _ := tb.ShouldBank(total, 6); b {
			t.Errorf("ShouldBank(%d, 6) = true", total)
		}
	}
	a, _ := tb.RollValue(10_000_000, 6)
	b, _ := tb.RollValue(20_000_000, 6)
	c, _ := tb.Value(1_000, 6)
	if gain := a - 10_000_000; gain <= odds.Mean || math.Abs(b-20_000_000-gain) > 1e-6 {
		t.Errorf("rolling six adds %g at 10,000,000 and %g at 20,000,000, want the same, more than %g", gain, b-20_000_000, odds.Mean)
	}
	if c <= 1_500 {
		t.Errorf("Value(1000, 6) = %g, want more than 1500", c)
	}
}

// TestSolveFresh checks that every Solve computes its own table, from
// any goroutine: the tables are distinct, equal in every answer, and
// report the rules, options and Scorer they were solved with.
func TestSolveFresh(t *testing.T) {
	s := newScorer(t, farkle.ClassicScoring)
	var wg sync.WaitGroup
	got := make([]*Table, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = mustSolve(t, s, turnRules{MinBank: 350})
		}()
	}
	wg.Wait()
	for i, tb := range got {
		if i > 0 && tb == got[0] {
			t.Errorf("Solve %d returned the table of Solve 0", i)
		}
		if d := tableDiff(got[0], tb); d != "" {
			t.Errorf("Solve %d differs from Solve 0: %s", i, d)
		}
		if r := tb.Rules(); r.Scoring != farkle.ClassicScoring.Rules() || r.MinBank != 350 {
			t.Errorf("Rules() = %+v, want Classic", r)
		}
		if o := tb.opts; o != (turnRules{MinBank: 350}) {
			t.Errorf("turnRules() = %+v", o)
		}
		if tb.an.Scorer.Rules() != s.Rules() {
			t.Errorf("Solve %d: the Scorer does not score the rules it was solved for", i)
		}
	}
	other := mustSolve(t, s, turnRules{MinBank: 400})
	if tableDiff(got[0], other) == "" {
		t.Error("MinBank 350 and 400 give the same table")
	}
	if d := tableDiff(mustSolve(t, nil, turnRules{}), mustSolve(t, &farkle.Scorer{}, turnRules{})); d != "" {
		t.Errorf("nil and zero Scorer (both App) solve differently: %s", d)
	}
	if s := mustSolve(t, nil, turnRules{}).an.Scorer; s == nil || s.Rules() != farkle.AppScoring.Rules() {
		t.Errorf("solveWith(nil): Scorer() = %v, want a Scorer of the App rules", s)
	}
}

// tableDiff describes the first difference between the answers of two
// tables, up to past their caps; "" if there is none.
func tableDiff(a, b *Table) string {
	if a.Rules() != b.Rules() || a.opts != b.opts || a.Step() != b.Step() || a.Cap() != b.Cap() || a.TurnValue() != b.TurnValue() {
		return fmt.Sprintf("rules, options, unit, cap or turn value: %v %+v %d %d %v; %v %+v %d %d %v",
			a.Rules(), a.opts, a.Step(), a.Cap(), a.TurnValue(), b.Rules(), b.opts, b.Step(), b.Cap(), b.TurnValue())
	}
	for n := 0; n <= farkle.MaxDice; n++ {
		ta, oka := a.BankThreshold(n)
		tb, okb := b.BankThreshold(n)
		if ta != tb || oka != okb {
			return fmt.Sprintf("BankThreshold(%d): %d, %v and %d, %v", n, ta, oka, tb, okb)
		}
		if n > 0 {
			oa, _ := a.Odds(n)
			ob, _ := b.Odds(n)
			if d := cmp.Diff(oa, ob); d != "" {
				return fmt.Sprintf("Odds(%d) (-a +b):\n%s", n, d)
			}
		}
		for total := 0; total <= a.Cap()+2000; total += a.Step() {
			va, _ := a.Value(total, n)
			vb, _ := b.Value(total, n)
			ra, _ := a.RollValue(total, n)
			rb, _ := b.RollValue(total, n)
			ba, _ := a.ShouldBank(total, n)
			bb, _ := b.ShouldBank(total, n)
			if va != vb || ra != rb || ba != bb {
				return fmt.Sprintf("state (%d, %d dice): %v %v %v and %v %v %v", total, n, va, ra, ba, vb, rb, bb)
			}
		}
	}
	return ""
}

// TestNilTable: a nil *Table answers as the App table with the zero
// turnRules, the same table every time.
func TestNilTable(t *testing.T) {
	var tb *Table
	app := mustSolve(t, nil, turnRules{})
	if d := tableDiff(app, tb.get()); d != "" || tb.Step() != 50 || tb.get().opts != (turnRules{}) || tb.Rules() != (game.Rules{Scoring: farkle.AppScoring.Rules()}) {
		t.Errorf("a nil *Table does not behave as the App table: %s", d)
	}
	first, again := tb.get(), tb.get()
	if first != again {
		t.Error("a nil *Table is solved again on each use")
	}
	if s := tb.get().an.Scorer; s == nil || s.Rules() != farkle.AppScoring.Rules() {
		t.Errorf("nil Table: Scorer() = %v, want a Scorer of the App rules", s)
	}
	v, err := tb.Value(300, 2)
	if err != nil || v != 300 {
		t.Errorf("nil Table: Value(300, 2) = %v, %v; want 300, nil", v, err)
	}
}

func TestSolveErrors(t *testing.T) {
	bad := []turnRules{{MinBank: -1}, {MinBank: math.MinInt}}
	if math.MaxInt > maxTurnTotal {
		bad = append(bad, turnRules{MinBank: overBound(1)})
	}
	for _, o := range bad {
		tb, err := solveWith(nil, o)
		if tb != nil || !errors.Is(err, farkle.ErrInvalidRules) {
			t.Errorf("solveWith(nil, %+v) = %v, %v; want nil, farkle.ErrInvalidRules", o, tb, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if tb, err := Solve(ctx, game.Rules{}, Options{}); tb != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("Solve(a canceled context) = %v, %v; want nil, context.Canceled", tb, err)
	}
	if at, err := SolveAverage(ctx, game.Rules{}, Options{}); at != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("SolveAverage(a canceled context) = %v, %v; want nil, context.Canceled", at, err)
	}
	// Points in steps of 1 with a triple worth a million need billions of
	// turn totals.
	r := farkle.CoreScoring.Rules()
	r.SingleFive = 1
	r.Triple[1] = 1_000_000 // the most points a Rules field may hold
	s, err := farkle.New(r)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := solveWith(s, turnRules{})
	var se *SolveError
	if tb != nil || !errors.Is(err, ErrTooLarge) || !errors.As(err, &se) || se.Step != 1 || se.Cap < maxStates {
		t.Errorf("solveWith(huge rules) = %v, %v; want nil, a *SolveError wrapping ErrTooLarge", tb, err)
	}
	if _, err := solveWith(nil, turnRules{MinBank: 100_000_000}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Solve with MinBank 100,000,000: %v, want ErrTooLarge", err)
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&SolveError{Err: ErrTooLarge, Step: 1, Cap: 2_000_000}, "strategy: table too large: turn totals up to 2000000 in steps of 1"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("message %q, want %q", got, c.want)
		}
	}
}

func TestStateErrors(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{})
	cases := []struct {
		total, dice int
		want        error
	}{
		{75, 3, ErrTurnTotal},
		{-50, 3, ErrTurnTotal},
		{overBound(50), 3, ErrTurnTotal},
		{math.MaxInt, 3, ErrTurnTotal},
		{math.MinInt, 3, ErrTurnTotal},
		{100, 7, ErrDiceLeft},
		{100, -1, ErrDiceLeft},
	}
	for _, c := range cases {
		_, err1 := tb.Value(c.total, c.dice)
		_, err2 := tb.RollValue(c.total, c.dice)
		_, err3 := tb.ShouldBank(c.total, c.dice)
		for _, err := range []error{err1, err2, err3} {
			var se *StateError
			if !errors.Is(err, c.want) || !errors.As(err, &se) {
				t.Errorf("state (%d, %d): error %v, want %v", c.total, c.dice, err, c.want)
				continue
			}
			if diff := cmp.Diff(StateError{Err: c.want, TurnTotal: c.total, DiceLeft: c.dice}, *se, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("state (%d, %d): error (-want +got):\n%s", c.total, c.dice, diff)
			}
		}
	}
	for _, n := range []int{-1, 7} {
		if th, ok := tb.BankThreshold(n); ok {
			t.Errorf("BankThreshold(%d) = %d, true; want false", n, th)
		}
	}
	_, err := tb.Value(75, 3)
	if got, want := err.Error(), "strategy: turn total not reachable: 75 with 3 dice"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	// Zero dice left is hot dice: six.
	v0, err0 := tb.Value(1000, 0)
	v6, _ := tb.Value(1000, 6)
	if err0 != nil || v0 != v6 {
		t.Errorf("Value(1000, 0) = %v, %v; want Value(1000, 6) = %v", v0, err0, v6)
	}
}

// TestAppThresholds pins the App rules' bank thresholds that the README
// table shows (350, 300, 450, 1050, 3100 and 18,600 with one to six dice)
// and the value of a turn (606.98), and checks the thresholds against the
// definition: the table rolls just below each and banks at every total
// from it up to past the cap.
func TestAppThresholds(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{})
	want := []int{1: 350, 2: 300, 3: 450, 4: 1050, 5: 3100, 6: 18_600}
	if v := tb.TurnValue(); math.Abs(v-606.98) > 0.005 {
		t.Errorf("TurnValue() = %.4f, want 606.98", v)
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		th, ok := tb.BankThreshold(n)
		if !ok || th != want[n] {
			t.Fatalf("BankThreshold(%d) = %d, %v; want %d, true", n, th, ok, want[n])
		}
		if b, _ := tb.ShouldBank(th-tb.Step(), n); b {
			t.Errorf("%d dice: banks at %d, below the threshold %d", n, th-tb.Step(), th)
		}
		for total := th; total <= tb.Cap()+5000; total += tb.Step() {
			if b, _ := tb.ShouldBank(total, n); !b {
				t.Fatalf("%d dice: rolls at %d, above the threshold %d", n, total, th)
			}
		}
	}
}

// TestHugeMinBankFailsFast checks that a minimum bank far beyond any
// useful total is refused at once rather than solved over millions of
// states.
func TestHugeMinBankFailsFast(t *testing.T) {
	start := time.Now()
	_, err := solveWith(nil, turnRules{MinBank: 52_000_000})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Solve with MinBank 52,000,000: %v, want ErrTooLarge", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("refusing took %v", d)
	}
	// The largest minimum that fits still solves, with a bank threshold at
	// the minimum for one die.
	tb, err := solveWith(nil, turnRules{MinBank: 1_000_000})
	if err != nil {
		t.Fatalf("Solve with MinBank 1,000,000: %v", err)
	}
	if th, ok := tb.BankThreshold(1); !ok || th < 1_000_000 {
		t.Errorf("BankThreshold(1) = %d, %v; want at least 1,000,000", th, ok)
	}
}
