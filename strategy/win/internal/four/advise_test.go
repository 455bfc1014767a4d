package four

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// sortedRolls lists the rolls of n dice as sorted dice with their
// probabilities.
func sortedRolls(n int) (rolls [][]farkle.Die, probs []float64) {
	dice := make([]farkle.Die, n)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i < n {
			for d := from; d <= 6; d++ {
				dice[i] = farkle.Die(d)
				rec(i+1, d)
			}
			return
		}
		orders := 1.0
		for j := 2; j <= n; j++ {
			orders *= float64(j)
		}
		var cnt [7]int
		for _, d := range dice {
			cnt[d]++
		}
		for _, c := range cnt {
			for j := 2; j <= c; j++ {
				orders /= float64(j)
			}
		}
		rolls = append(rolls, append([]farkle.Die(nil), dice...))
		probs = append(probs, orders/math.Pow(6, float64(n)))
	}
	rec(0, 1)
	return rolls, probs
}

// TestAdviseAgrees checks that the advice is the table's play: at the
// start of a turn of random positions, the chances of the advice of every
// roll of six dice, weighed by their probabilities, are the table's
// chances (all four), to 1e-12 (but at a mixed position), with a final
// round too. A Bot that played otherwise than the solve would fail it.
func TestAdviseAgrees(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency")
	}
	for _, r := range []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 700},
		{Scoring: farkle.AppScoring.Rules(), Target: 500, MinBank: 150, MinFirstBank: 300},
		{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true},
	} {
		tb := solve(t, r)
		mixed := map[[N]int]bool{}
		for _, mx := range tb.Mixing() {
			mixed[mx.Scores] = true
		}
		rolls, probs := sortedRolls(6)
		rng := rand.New(rand.NewPCG(1, 2))
		nS := tb.m.nS
		for range 40 {
			var sc [N]int
			for i := range sc {
				sc[i] = rng.IntN(nS) * tb.Step()
			}
			if mixed[sc] {
				continue // the advice plays one of the two plays the mover mixes
			}
			want, err := tb.Chances(sc)
			if err != nil {
				t.Fatal(err)
			}
			var got [N]float64
			for q, roll := range rolls {
				a, err := tb.Advise(State{Scores: sc}, roll)
				if err != nil {
					t.Fatal(err)
				}
				for i := range N {
					got[i] += probs[q] * a.Chances[i]
				}
			}
			for i := range N {
				if math.Abs(got[i]-want[i]) > 1e-12 {
					t.Errorf("%v: the advice gives seat %d %.15f, the table %.15f", sc, i, got[i], want[i])
				}
			}
		}
	}
}
