package three

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/google/go-cmp/cmp"
)

// TestLanes checks that solving with the first runs in lanes gives the
// table of the scalar runs to the bit (every chance, the mixed positions
// and their weights, the number of dynamic programs), that the solves
// take every run in lanes, second runs among them, with and without a
// final round, a minimum to bank and an opening minimum (the lanes' caps
// and minimum banks differ), on one worker and on two; in Go (purego, or
// another processor) too, where the solver does not use the lanes.
//
// Under the race detector, which is there for the two workers sharing a
// layer, it solves two smaller rule sets on two workers only: the whole
// test took some 30 CPU seconds there.
func TestLanes(t *testing.T) {
	rules := []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000},
		{Scoring: farkle.AppScoring.Rules(), Target: 800, MinBank: 100, MinFirstBank: 350},
		{Scoring: farkle.CoreScoring.Rules(), Target: 700, MinBank: 300},
		{Scoring: farkle.CoreScoring.Rules(), Target: 450, FinalRound: true},
		{Scoring: farkle.AppScoring.Rules(), Target: 300, FinalRound: true, MinBank: 100, MinFirstBank: 200},
	}
	workerCounts := []int{1, 2}
	if testgate.Race {
		rules = []game.Rules{
			{Scoring: farkle.CoreScoring.Rules(), Target: 600, MinBank: 300},
			{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true},
		}
		workerCounts = []int{2}
	}
	for _, r := range rules {
		for _, workers := range workerCounts {
			solveWith := func(on bool) *Table {
				t.Helper()
				defer func(was bool) { useLanes = was }(useLanes)
				useLanes = on
				tb, err := Solve(context.Background(), r, Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				return tb
			}
			scalar := solveWith(false)
			seconds, missed := laneSeconds.Load(), laneMissed.Load()
			lanes := solveWith(true)
			if d := laneMissed.Load() - missed; d != 0 {
				t.Errorf("%+v, %d workers: %d runs in lanes not taken", r, workers, d)
			}
			if laneSeconds.Load() == seconds {
				t.Errorf("%+v, %d workers: no second run in lanes", r, workers)
			}
			if lanes.dps != scalar.dps {
				t.Errorf("%+v, %d workers: %d dynamic programs in lanes, %d scalar", r, workers, lanes.dps, scalar.dps)
			}
			if d := cmp.Diff(scalar.mix, lanes.mix); d != "" {
				t.Errorf("%+v, %d workers: mixed positions (-scalar +lanes):\n%s", r, workers, d)
			}
			bad := 0
			for i := range scalar.w {
				if math.Float64bits(scalar.w[i]) != math.Float64bits(lanes.w[i]) {
					if bad++; bad <= 5 {
						t.Errorf("%+v, %d workers: chance %d: %.17g in lanes, %.17g scalar", r, workers, i, lanes.w[i], scalar.w[i])
					}
				}
			}
			if bad > 0 {
				t.Errorf("%+v, %d workers: %d chances differ", r, workers, bad)
			}
		}
	}
}

// TestRollLanes checks that rollLanes (the assembly where it runs) gives
// rollLanesGo's sums and intervals to the bit, on the groups of every
// number of dice under Core scoring and with a final round (every keep
// its own option), random cells (with ties), chances after a farkle and
// intervals, some wide enough that every group is looked at, some empty;
// and that the check can fail: a value moved in one lane moves that
// lane's sums only.
func TestRollLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, r := range []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000},
		{Scoring: farkle.AppScoring.Rules(), Target: 1000, FinalRound: true},
	} {
		m, err := newModel(r)
		if err != nil {
			t.Fatal(err)
		}
		lb := m.newLaneBuf()
		for i := range lb.c {
			// Few distinct values: ties, which the first of the best breaks;
			// slopes over 1, under which a keep far from the best crosses
			// it near.
			lb.c[i] = float64(rng.IntN(8)) / 8
			if rng.IntN(2) == 0 {
				lb.c[i] = rng.Float64() * float64(1+rng.IntN(30))
			}
		}
		crossed := 0
		for n := 1; n <= farkle.MaxDice; n++ {
			for k := range m.nv - m.jump - 1 {
				var st laneState
				for l := range lanes {
					st.f[l] = rng.Float64()
					wide := []float64{0, 1e-3, 0.05, 0.3, 2}[rng.IntN(5)]
					st.lo[l], st.hi[l] = st.f[l]-wide*rng.Float64(), st.f[l]+wide*rng.Float64()
				}
				got, want := st, st
				rollLanes(lb.c[laneCell*k:], lb.offs[n], m.count[n], m.prob[n], &got)
				rollLanesGo(lb.c[laneCell*k:], lb.offs[n], m.count[n], m.prob[n], &want)
				if got != want {
					t.Fatalf("%+v, n %d, k %d: rollLanes %+v, rollLanesGo %+v", r, n, k, got, want)
				}
				if got.lo != st.lo || got.hi != st.hi {
					crossed++
				}
			}
			var before, after laneState
			before.f = [lanes]float64{0.5, 0.5, 0.5, 0.5}
			before.lo, before.hi = before.f, before.f
			after = before
			rollLanes(lb.c, lb.offs[n], m.count[n], m.prob[n], &before)
			cell := lb.c[lb.offs[n][0]:]
			cell[2], cell[lanes+2] = 2, 7 // above every value: lane 2's best keep, e 7
			rollLanes(lb.c, lb.offs[n], m.count[n], m.prob[n], &after)
			for l := range lanes {
				if (after.sum[0][l] != before.sum[0][l]) != (l == 2) {
					t.Fatalf("%+v, n %d: moving lane 2 of a keep moved the sums from %v to %v", r, n, before.sum, after.sum)
				}
			}
		}
		if crossed == 0 {
			t.Errorf("%+v: no interval narrowed", r)
		}
	}
}
