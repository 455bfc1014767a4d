package win

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// The penalty solver (sweeps.go, lanes.go) against plain sweeps of the
// scalar dynamic program in anti-diagonal order, one pair at a time: the
// lanes in bands give the plain sweep's values, the first sweep reads no
// chance it has not set, and the accelerated sweeps end at the plain
// sweeps' fixed point.

// penaltyCases are small rule sets with a penalty: no final round, a final
// round, an opening minimum, and hot dice that must be rolled.
var penaltyCases = []winCase{
	{"facebook-500-penalty", winPenalty, winPenaltyFloor},
	{"zilch-300-penalty-final", game.Rules{Target: 300, FinalRound: true, MinBank: 100, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.ZilchScoring.Rules()}, -200},
	{"core-600-penalty-first", game.Rules{Target: 600, MinBank: 100, MinFirstBank: 300, Penalty: 300, PenaltyAfter: 2, Scoring: farkle.CoreScoring.Rules()}, -600},
	{"app-600-penalty-mustroll", game.Rules{Target: 600, MustRollHotDice: true, MinBank: 100, Penalty: 300, PenaltyAfter: 2, Scoring: farkle.AppScoring.Rules()}, -600},
}

// penaltyRun returns the cases of penaltyCases to check: under the race
// detector only the first; in the plain run those without a final round
// (whose plain sweeps take seconds), all of them in the slow step of
// .ci/run (FARKLE_SLOW=1).
func penaltyRun() []winCase {
	if raceEnabled {
		return penaltyCases[:1]
	}
	if testgate.Slow() {
		return penaltyCases
	}
	var cs []winCase
	for _, c := range penaltyCases {
		if !c.r.FinalRound {
			cs = append(cs, c)
		}
	}
	return cs
}

// firstTable returns the table of c after the first sweep of a solve.
func firstTable(t *testing.T, c winCase) *Table {
	t.Helper()
	m, err := newModel(c.r, c.floor)
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{m: m, w: make([]float64, m.N*m.N*m.K*m.K)}
	if _, err := tb.newLanePass(2).run(context.Background(), laneFirst, nil); err != nil {
		t.Fatal(err)
	}
	return tb
}

// sweepPair updates the positions (x, y, *, *) and (y, x, *, *) once by
// the scalar dynamic program (sweepValue), in the order of the pair's
// chain of farkles, and returns the largest change: the sweep of the
// solver before the lanes, and the reference for them.
func (t *Table) sweepPair(b *dpBuf, x, y int) float64 {
	m := t.m
	ch := 0.0
	for l := 2*m.K - 2; l >= 0; l-- {
		for i := max(0, l-m.K+1); i <= min(l, m.K-1); i++ {
			j := l - i
			for o, p := range [2][2]int{{x, y}, {y, x}} {
				if o == 1 && x == y {
					continue
				}
				w := t.sweepValue(b, p[0], p[1], j, t.farkleValue(p[0], p[1], i, j))
				at := m.idx(p[0], p[1], i, j)
				ch = max(ch, math.Abs(w-t.w[at]))
				t.w[at] = w
			}
		}
	}
	return ch
}

// plainSweeps solves tb's game from its chances by sweepPair passes in
// anti-diagonal order until no chance moves by more than defaultTol, and
// returns the passes.
func plainSweeps(t *testing.T, tb *Table) int {
	t.Helper()
	sc := newSched(tb.m.N, 2, true, tb.m.getBuf)
	for pass := 1; pass <= 200; pass++ {
		delta, err := sc.pass(context.Background(), tb.sweepPair, nil)
		if err != nil {
			t.Fatal(err)
		}
		if delta <= defaultTol {
			return pass
		}
	}
	t.Fatal("the plain sweeps did not converge in 200 passes")
	return 0
}

// TestLaneSweep checks that a pass of the lanes, in bands of anti-diagonals,
// gives the values of a plain pass of sweepPair in anti-diagonal order, to
// 1e-14 (the lanes add the groups of a roll in another order).
func TestLaneSweep(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := firstTable(t, c)
			start := slices.Clone(a.w)
			b := &Table{m: a.m, w: slices.Clone(a.w)}
			plain := newSched(a.m.N, 2, true, a.m.getBuf)
			if _, err := plain.pass(context.Background(), a.sweepPair, nil); err != nil {
				t.Fatal(err)
			}
			if _, err := b.newLanePass(2).run(context.Background(), laneSweep, nil); err != nil {
				t.Fatal(err)
			}
			worst, changed := 0.0, 0
			for i := range a.w {
				worst = max(worst, math.Abs(a.w[i]-b.w[i]))
				if a.w[i] != start[i] {
					changed++
				}
			}
			if worst > 1e-14 {
				t.Errorf("largest difference %.3g, want at most 1e-14", worst)
			}
			if changed < len(a.w)/2 {
				t.Errorf("the sweep changed %d of %d chances; the check needs a pass that moves them", changed, len(a.w))
			}
		})
	}
}

// TestFirstSweep checks that the first sweep of a solve reads no chance
// that it has not set: from a table of noise it sets the same chances as
// from a table of zeros.
func TestFirstSweep(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := firstTable(t, c)
			b := &Table{m: a.m, w: make([]float64, len(a.w))}
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range b.w {
				b.w[i] = rng.Float64()
			}
			if _, err := b.newLanePass(2).run(context.Background(), laneFirst, nil); err != nil {
				t.Fatal(err)
			}
			for i := range a.w {
				if a.w[i] != b.w[i] {
					t.Fatalf("position %d: %v from zeros, %v from noise", i, a.w[i], b.w[i])
				}
			}
		})
	}
}

// TestSolveSweeps checks that the accelerated sweeps of Solve end where the
// plain sweeps end, to 1e-12 at every position, in no more sweeps (at
// these small targets the plain sweeps already gain more than a digit a
// sweep; BenchmarkSolvePenalty shows the mixing at target 10,000).
func TestSolveSweeps(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ref := firstTable(t, c)
			passes := plainSweeps(t, ref)
			sweeps, mixed := 0, 0
			trace := &solveTrace{sweep: func(kind string, _ float64, mix bool) {
				if kind == "sweep" {
					sweeps++
				}
				if mix {
					mixed++
				}
			}}
			tb, err := Solve(context.Background(), c.r, Options{Floor: c.floor, trace: trace})
			if err != nil {
				t.Fatal(err)
			}
			worst := 0.0
			for i := range ref.w {
				worst = max(worst, math.Abs(ref.w[i]-tb.w[i]))
			}
			if worst > 1e-12 {
				t.Errorf("largest difference from the plain sweeps %.3g, want at most 1e-12", worst)
			}
			if sweeps > passes || mixed == 0 {
				t.Errorf("%d sweeps (%d from mixed tables), the plain sweeps %d; want no more, mixed", sweeps, mixed, passes)
			}
			t.Logf("%d sweeps after the first (%d from mixed tables), the plain sweeps %d", sweeps, mixed, passes)
		})
	}
}

// TestAnderson checks the mixing on a linear map whose fixed point is
// known: x -> A x + b with A of spectral radius 0.9, where plain
// iteration gains a digit in 22 steps; with the mixing of depth 2 the
// change falls under 1e-13 in less than a fifth of the steps of plain
// iteration, at the fixed point.
func TestAnderson(t *testing.T) {
	const n = 3
	// A rotation by 30 degrees in the first two coordinates, scaled by
	// 0.9, and 0.5 in the third: b = (I - A) * want.
	want := []float64{0.25, 0.5, 0.75}
	c, s := 0.9*math.Cos(math.Pi/6), 0.9*math.Sin(math.Pi/6)
	apply := func(x []float64) []float64 {
		y := []float64{c*x[0] - s*x[1], s*x[0] + c*x[1], 0.5 * x[2]}
		w := []float64{c*want[0] - s*want[1], s*want[0] + c*want[1], 0.5 * want[2]}
		for i := range y {
			y[i] += want[i] - w[i]
		}
		return y
	}
	steps := func(mix bool) int {
		a := newAnderson(n, andersonDepth)
		x := []float64{0, 0, 0}
		for step := 1; step <= 1000; step++ {
			g := apply(x)
			res := 0.0
			for i := range g {
				res = max(res, math.Abs(g[i]-x[i]))
			}
			if res < 1e-13 {
				for i := range g {
					if math.Abs(g[i]-want[i]) > 1e-11 {
						t.Fatalf("mixing %v, step %d: %v, want %v", mix, step, g, want)
					}
				}
				return step
			}
			if mix {
				a.step(x, g)
			} else {
				copy(x, g)
			}
		}
		t.Fatalf("mixing %v: no convergence in 1000 steps: %v, want %v", mix, x, want)
		return 0
	}
	plain, mixed := steps(false), steps(true)
	if mixed*5 > plain {
		t.Errorf("%d steps with the mixing, %d without; want less than a fifth", mixed, plain)
	}
	t.Logf("%d steps with the mixing, %d without", mixed, plain)
}

// BenchmarkSolvePenalty measures the penalty solves of the presets
// Facebook and Zilch at target 10,000 (the floor at -2,500), with and
// without their final round, against the Core solve without a penalty in
// the same run, and reports the sweeps, the largest residual at every
// position (in units of 1e-15) and the time over that of the Core solve:
// seconds to minutes
// on two cores, so it runs only with FARKLE_SLOW=1:
//
//	FARKLE_SLOW=1 go test -run '^$' -bench SolvePenalty -benchtime 1x ./strategy/win
func BenchmarkSolvePenalty(b *testing.B) {
	slowOnly(b)
	for _, p := range []game.Preset{game.Facebook, game.Zilch} {
		for _, final := range []bool{false, true} {
			r := p.Rules()
			r.FinalRound = final
			b.Run(fmt.Sprintf("%v/final=%v", p, final), func(b *testing.B) {
				for b.Loop() {
					start := time.Now()
					if _, err := Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules()}, Options{}); err != nil {
						b.Fatal(err)
					}
					core := time.Since(start)
					sweeps := 0
					trace := &solveTrace{
						sweep: func(kind string, delta float64, mixed bool) {
							sweeps++
							b.Logf("%s sweep (from a mixed table: %v): largest change %.3g, at %v", kind, mixed, delta, time.Since(start)-core)
						},
					}
					start = time.Now()
					tb, err := Solve(context.Background(), r, Options{trace: trace})
					if err != nil {
						b.Fatal(err)
					}
					took := time.Since(start)
					b.ReportMetric(float64(sweeps), "sweeps")
					b.ReportMetric(took.Seconds()/core.Seconds(), "x-core")
					b.ReportMetric(allResidual(b, tb)*1e15, "residual/1e-15")
					komi, kw := tb.FairestKomi()
					b.Logf("solve %v (Core %v); the first player wins %.7f; fairest komi %d (%.7f)", took, core, tb.firstWin(), komi, kw)
				}
			})
		}
	}
}
