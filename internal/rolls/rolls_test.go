package rolls

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
)

var presets = []farkle.Scoring{farkle.AppScoring, farkle.CoreScoring, farkle.FacebookScoring, farkle.ZilchScoring, farkle.ClassicScoring}

func analyzed(t *testing.T, p farkle.Scoring) *Analysis {
	t.Helper()
	s, err := farkle.New(p.Rules())
	if err != nil {
		t.Fatal(err)
	}
	a := new(Analysis)
	a.Analyze(s)
	return a
}

// TestCands checks every roll's candidates against the keeps of the
// Scorer: one per number of kept dice, the most points of that size,
// fewest kept dice first; and the unit and the largest points.
func TestCands(t *testing.T) {
	ix := multiset.Get()
	for _, p := range presets {
		t.Run(p.String(), func(t *testing.T) {
			a := analyzed(t, p)
			unit, most := 0, 0
			for i := int(ix.First[1]); i < multiset.N; i++ {
				n := int(ix.Size[i])
				dice := make([]farkle.Die, n)
				for j := range dice {
					dice[j] = farkle.Die(ix.Sorted[i][j])
				}
				keeps, err := a.Scorer.AppendKeeps(nil, dice)
				if err != nil {
					t.Fatal(err)
				}
				best := map[int]int{} // kept dice -> most points
				for _, k := range keeps {
					kept := len(k.Dice())
					best[kept] = max(best[kept], k.Points())
					unit, most = GCD(unit, k.Points()), max(most, k.Points())
				}
				cs := a.Cands(i)
				if len(cs) != len(best) {
					t.Fatalf("%v: %d candidates, want %d", dice, len(cs), len(best))
				}
				for k, c := range cs {
					if k > 0 && cs[k-1].Kept >= c.Kept {
						t.Fatalf("%v: candidates not by kept dice ascending: %+v", dice, cs)
					}
					left := n - int(c.Kept)
					if left == 0 {
						left = farkle.MaxDice
					}
					if int(c.Points) != best[int(c.Kept)] || int(c.Left) != left ||
						c.Keep.Points() != int(c.Points) || len(c.Keep.Dice()) != int(c.Kept) {
						t.Fatalf("%v: candidate %+v, want %d points and %d dice left", dice, c, best[int(c.Kept)], left)
					}
				}
			}
			if a.Unit != unit || a.MaxPts != most {
				t.Errorf("Unit %d, MaxPts %d; want %d and %d", a.Unit, a.MaxPts, unit, most)
			}
		})
	}
}

// TestGroups checks that the groups of the analysis and those of
// GroupRolls over the same options hold the same signatures with the same
// chances, which with the chance of a farkle add up to 1.
func TestGroups(t *testing.T) {
	ix := multiset.Get()
	for _, p := range presets {
		t.Run(p.String(), func(t *testing.T) {
			a := analyzed(t, p)
			var os []Option
			g := GroupRolls(func(n, i int) []Option {
				os = os[:0]
				for _, c := range a.Cands(i) {
					os = append(os, Option{Steps: c.Points / int32(a.Unit), Left: int32(c.Left)})
				}
				return os
			})
			for n := 1; n <= farkle.MaxDice; n++ {
				sigs := func(gr *Group) map[string]float64 {
					m := map[string]float64{}
					total := gr.Farkle
					for s, pr := range gr.Prob {
						m[fmt.Sprint(gr.Opts[gr.Start[s]:gr.Start[s+1]])] += pr
						total += pr
					}
					if math.Abs(total-1) > 1e-12 {
						t.Errorf("%d dice: chances add up to %v", n, total)
					}
					return m
				}
				want, got := sigs(&a.Groups[n]), sigs(&g[n])
				if len(want) != len(a.Groups[n].Prob) {
					t.Errorf("%d dice: a signature appears twice in the analysis", n)
				}
				keys := func(m map[string]float64) []string {
					var k []string
					for s := range m {
						k = append(k, s)
					}
					slices.Sort(k)
					return k
				}
				if !slices.Equal(keys(want), keys(got)) {
					t.Fatalf("%d dice: signatures %v, GroupRolls %v", n, keys(want), keys(got))
				}
				for s, pr := range want {
					if math.Abs(got[s]-pr) > 1e-15 {
						t.Errorf("%d dice, %s: chance %v, GroupRolls %v", n, s, pr, got[s])
					}
				}
				if math.Abs(a.Groups[n].Farkle-g[n].Farkle) > 1e-15 || a.Groups[n].Farkle != float64(countFarkles(a, ix, n))/float64(Pow6(n)) {
					t.Errorf("%d dice: farkle %v, GroupRolls %v", n, a.Groups[n].Farkle, g[n].Farkle)
				}
			}
		})
	}
}

// countFarkles counts the ordered rolls of n dice with no candidate.
func countFarkles(a *Analysis, ix *multiset.Index, n int) int {
	c := 0
	for i := ix.First[n]; i < ix.First[n+1]; i++ {
		if len(a.Cands(int(i))) == 0 {
			c += int(ix.Orders[i])
		}
	}
	return c
}

func TestGCDPow6(t *testing.T) {
	for _, c := range [][3]int{{0, 50, 50}, {50, 0, 50}, {150, 100, 50}, {25, 50, 25}, {7, 3, 1}} {
		if got := GCD(c[0], c[1]); got != c[2] {
			t.Errorf("GCD(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
	for n, want := range []int{1, 6, 36, 216, 1296, 7776, 46656} {
		if got := Pow6(n); got != want {
			t.Errorf("Pow6(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestAnalyzeToxic checks that under toxic twos exactly the rolls of four
// or more 2s lose their candidates, and the others keep theirs, and that
// the chance of a farkle grows by the chance of those rolls.
func TestAnalyzeToxic(t *testing.T) {
	ix := multiset.Get()
	for _, p := range presets {
		s, err := farkle.New(p.Rules())
		if err != nil {
			t.Fatal(err)
		}
		var plain, toxic Analysis
		plain.Analyze(s)
		toxic.AnalyzeToxic(s, true)
		var extra [farkle.MaxDice + 1]float64 // the chance of four or more 2s that score, per number of dice
		for i := int(ix.First[1]); i < multiset.N; i++ {
			if ix.Counts[i][2] >= 4 {
				if len(toxic.Cands(i)) != 0 {
					t.Errorf("%v: roll %v has candidates under toxic twos", p, ix.Sorted[i][:ix.Size[i]])
				}
				if len(plain.Cands(i)) > 0 {
					extra[ix.Size[i]] += float64(ix.Orders[i]) / float64(Pow6(int(ix.Size[i])))
				}
				continue
			}
			if !slices.Equal(plain.Cands(i), toxic.Cands(i)) {
				t.Errorf("%v: roll %v: candidates differ", p, ix.Sorted[i][:ix.Size[i]])
			}
		}
		for n := 1; n <= farkle.MaxDice; n++ {
			if got, want := toxic.Groups[n].Farkle, plain.Groups[n].Farkle+extra[n]; math.Abs(got-want) > 1e-15 {
				t.Errorf("%v, %d dice: farkle %v, want %v", p, n, got, want)
			}
		}
	}
}
