package strategy

import (
	"errors"
	"math/big"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// The farkle odds with n dice under the App rules, as the issue states
// them: 2/3, 4/9, 5/18, 17/108, 25/324, 5/216 (the counts over ordered
// rolls are in the scoring semantics: 4/6, 16/36, 60/216, 204/1296,
// 600/7776, 1080/46656).
func TestAppFarkleOdds(t *testing.T) {
	want := []string{1: "2/3", 2: "4/9", 3: "5/18", 4: "17/108", 5: "25/324", 6: "5/216"}
	for n := 1; n <= farkle.MaxDice; n++ {
		o, err := RollOdds(nil, n)
		if err != nil {
			t.Fatalf("RollOdds(nil, %d): %v", n, err)
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
		s := newScorer(t, p.rules)
		for n := 1; n <= farkle.MaxDice; n++ {
			farkles := 0
			dist := map[int]int{}
			sum := 0
			orderedRolls(n, func(roll []farkle.Die) {
				bk, err := s.BestKeep(roll)
				if err != nil {
					t.Fatalf("BestKeep(%v): %v", roll, err)
				}
				if len(bk.Combos) == 0 {
					farkles++
				}
				dist[bk.Points]++
				sum += bk.Points
			})
			o, err := RollOdds(s, n)
			if err != nil {
				t.Fatalf("%s: RollOdds(%d): %v", p.name, n, err)
			}
			gotDist := map[int]int{}
			total := 0
			last := -1
			for _, oc := range o.Points {
				if oc.Points <= last {
					t.Errorf("%s, %d dice: Points not ascending at %d", p.name, n, oc.Points)
				}
				last = oc.Points
				gotDist[oc.Points] = oc.Count
				total += oc.Count
				if want := float64(oc.Count) / float64(pow6(n)); oc.Prob != want {
					t.Errorf("%s, %d dice, %d points: Prob %v, want %v", p.name, n, oc.Points, oc.Prob, want)
				}
			}
			if o.Dice != n || o.Rolls != pow6(n) || o.Farkles != farkles || total != pow6(n) {
				t.Errorf("%s, %d dice: got Dice %d Rolls %d Farkles %d (total %d), want %d %d %d", p.name, n, o.Dice, o.Rolls, o.Farkles, total, n, pow6(n), farkles)
			}
			if diff := cmp.Diff(dist, gotDist); diff != "" {
				t.Errorf("%s, %d dice: points distribution (-want +got):\n%s", p.name, n, diff)
			}
			if want := float64(sum) / float64(pow6(n)); !closeTo(o.Mean, want, 1e-12) {
				t.Errorf("%s, %d dice: Mean %v, want %v", p.name, n, o.Mean, want)
			}
		}
	}
}

func TestOddsErrors(t *testing.T) {
	tb := mustSolve(t, nil, Options{})
	for _, c := range []struct {
		n    int
		want error
	}{{0, farkle.ErrNoDice}, {-1, farkle.ErrNoDice}, {7, farkle.ErrTooManyDice}} {
		for name, f := range map[string]func(int) (Odds, error){
			"RollOdds":   func(n int) (Odds, error) { return RollOdds(nil, n) },
			"Table.Odds": tb.Odds,
		} {
			o, err := f(c.n)
			if !errors.Is(err, c.want) {
				t.Errorf("%s(%d): error %v, want %v", name, c.n, err, c.want)
			}
			var ce *CountError
			if !errors.As(err, &ce) || ce.N != c.n {
				t.Errorf("%s(%d): error %#v, want a *CountError with N %d", name, c.n, err, c.n)
			}
			if diff := cmp.Diff(Odds{}, o); diff != "" {
				t.Errorf("%s(%d): odds not zero on error (-want +got):\n%s", name, c.n, diff)
			}
		}
	}
}

// TestOddsNotShared checks that a caller cannot change the cached odds.
func TestOddsNotShared(t *testing.T) {
	o, err := RollOdds(nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := o.Points[0]
	o.Points[0].Count = -1
	o2, _ := RollOdds(nil, 3)
	if o2.Points[0] != want {
		t.Errorf("second RollOdds: Points[0] = %+v, want %+v", o2.Points[0], want)
	}
}

func closeTo(got, want, rel float64) bool {
	d := got - want
	if d < 0 {
		d = -d
	}
	return d <= rel*max(1, abs(want))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
