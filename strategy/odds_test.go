package strategy

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/google/go-cmp/cmp"
)

// The farkle odds with n dice under the App rules, as the issue states
// them: 2/3, 4/9, 5/18, 17/108, 25/324, 5/216 (the counts over ordered
// rolls are in the scoring semantics: 4/6, 16/36, 60/216, 204/1296,
// 600/7776, 1080/46656).
func TestAppFarkleOdds(t *testing.T) {
	want := []string{1: "2/3", 2: "4/9", 3: "5/18", 4: "17/108", 5: "25/324", 6: "5/216"}
	var tb *Table // the App table
	for n := 1; n <= farkle.MaxDice; n++ {
		o, err := tb.Odds(n)
		if err != nil {
			t.Fatalf("Odds(%d): %v", n, err)
		}
		w, _ := new(big.Rat).SetString(want[n])
		if got := o.FarkleRat(); got.Cmp(w) != 0 {
			t.Errorf("%d dice: farkle odds %v, want %v", n, got, w)
		}
		wf, _ := w.Float64()
		if got := o.FarkleProb(); got != wf {
			t.Errorf("%d dice: FarkleProb %v, want %v", n, got, wf)
		}
	}
}

// TestOddsBruteForce counts every ordered roll with the Scorer's BestKeep
// and compares with the odds, for every preset.
func TestOddsBruteForce(t *testing.T) {
	for _, p := range presets {
		s := newScorer(t, p)
		tb := mustSolve(t, s, turnRules{})
		for n := 1; n <= farkle.MaxDice; n++ {
			farkles := 0
			dist := map[int]int{}
			sum := 0
			orderedRolls(n, func(roll []farkle.Die) {
				bk, err := s.BestKeep(roll)
				if err != nil {
					t.Fatalf("BestKeep(%v): %v", roll, err)
				}
				if bk.Len() == 0 {
					farkles++
				}
				dist[bk.Points()]++
				sum += bk.Points()
			})
			o, err := tb.Odds(n)
			if err != nil {
				t.Fatalf("%v: Odds(%d): %v", p, n, err)
			}
			gotDist := map[int]int{}
			total := 0
			last := -1
			for _, oc := range o.Points {
				if oc.Points <= last {
					t.Errorf("%v, %d dice: Points not ascending at %d", p, n, oc.Points)
				}
				last = oc.Points
				gotDist[oc.Points] = oc.Count
				total += oc.Count
				if want := float64(oc.Count) / float64(rolls.Pow6(n)); oc.Prob != want {
					t.Errorf("%v, %d dice, %d points: Prob %v, want %v", p, n, oc.Points, oc.Prob, want)
				}
			}
			if o.Dice != n || o.Rolls != rolls.Pow6(n) || o.Farkles != farkles || total != rolls.Pow6(n) {
				t.Errorf("%v, %d dice: got Dice %d Rolls %d Farkles %d (total %d), want %d %d %d", p, n, o.Dice, o.Rolls, o.Farkles, total, n, rolls.Pow6(n), farkles)
			}
			if diff := cmp.Diff(dist, gotDist); diff != "" {
				t.Errorf("%v, %d dice: points distribution (-want +got):\n%s", p, n, diff)
			}
			if want := float64(sum) / float64(rolls.Pow6(n)); !closeTo(o.Mean, want, 1e-12) {
				t.Errorf("%v, %d dice: Mean %v, want %v", p, n, o.Mean, want)
			}
		}
	}
}

// TestOddsErrors: a number of dice that is not 1 to 6 gives a *StateError
// wrapping ErrDiceLeft, with the number, and zero Odds.
func TestOddsErrors(t *testing.T) {
	for _, tb := range []*Table{nil, mustSolve(t, newScorer(t, farkle.ZilchScoring), turnRules{})} {
		for _, n := range []int{0, -1, 7, overBound(0), math.MinInt} {
			o, err := tb.Odds(n)
			var se *StateError
			if !errors.As(err, &se) {
				t.Fatalf("Odds(%d): error %#v, want a *StateError", n, err)
			}
			if diff := cmp.Diff(StateError{Err: ErrDiceLeft, DiceLeft: n}, *se, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
				t.Errorf("Odds(%d): error (-want +got):\n%s", n, diff)
			}
			if !errors.Is(err, ErrDiceLeft) {
				t.Errorf("Odds(%d): errors.Is(%v, ErrDiceLeft) is false", n, err)
			}
			if diff := cmp.Diff(Odds{}, o); diff != "" {
				t.Errorf("Odds(%d): odds not zero on error (-want +got):\n%s", n, diff)
			}
		}
	}
	_, err := (*Table)(nil).Odds(7)
	if got, want := err.Error(), "strategy: number of dice out of range: 7"; got != want {
		t.Errorf("Odds(7): message %q, want %q", got, want)
	}
}

// TestOddsNotShared checks that a caller cannot change a table's odds.
func TestOddsNotShared(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{})
	for n := 1; n <= farkle.MaxDice; n++ {
		o, err := tb.Odds(n)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := tb.Odds(n)
		for i := range o.Points {
			o.Points[i].Count = -1
		}
		_ = append(o.Points[:1], Outcome{Points: -1})
		if again, _ := tb.Odds(n); !cmp.Equal(want, again) {
			t.Errorf("%d dice: odds changed by a caller (-want +got):\n%s", n, cmp.Diff(want, again))
		}
	}
}
