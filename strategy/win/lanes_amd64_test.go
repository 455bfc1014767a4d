//go:build amd64 && !purego

package win

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// TestRollStepAVX checks that the assembly values of the lanes are those
// of the Go loop to the bit, on the groups of every number of dice of a
// rule set with a final round (every keep a group's option), random
// values, farkle parts and banks (some lanes unable to bank), and that
// the check can fail: a value moved in one lane moves that lane's result
// only.
func TestRollStepAVX(t *testing.T) {
	if !kit.HasAVX() {
		t.Skip("no AVX")
	}
	m, err := newModel(penaltyCases[1].r, penaltyCases[1].floor)
	if err != nil {
		t.Fatal(err)
	}
	b := m.newLaneBuf()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range b.v {
		for l := range lanes {
			b.v[i][l] = math.Float64bits(rng.Float64())
		}
	}
	var pff [lanes]float64
	var bank [lanes]uint64
	for n := 1; n <= 6; n++ {
		g := &b.groups[n]
		for k := range m.nv - 2*m.jump - 1 {
			for l := range lanes {
				pff[l] = rng.Float64() * m.pf[n]
				bank[l] = 0
				if rng.IntN(3) > 0 {
					bank[l] = math.Float64bits(rng.Float64())
				}
			}
			var got, want [lanes]uint64
			rollStepLanes(b.v[k:], g, &pff, &bank, &want)
			rollStep(b.v[k:], g, &pff, &bank, &got)
			if got != want {
				t.Fatalf("n %d, k %d: AVX %v, Go %v", n, k, got, want)
			}
		}
		clear(bank[:])
		var before, after [lanes]uint64
		rollStep(b.v, g, &pff, &bank, &before)
		b.v[g.offs[0]][3] = math.Float64bits(2) // above every value
		rollStep(b.v, g, &pff, &bank, &after)
		for l := range lanes {
			if (after[l] != before[l]) != (l == 3) {
				t.Fatalf("n %d: moving lane 3 of a value moved the results from %v to %v", n, before, after)
			}
		}
	}
}
