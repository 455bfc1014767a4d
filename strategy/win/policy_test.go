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

// The penalty solver (linear.go, lanes.go) against the plain sweeps that
// it replaces: the lanes give the sweeps' values, the recorded equations
// are those of the turns, and the solution is the plain sweeps' fixed
// point.

// penaltyCases are small rule sets with a penalty: no final round, a final
// round, and hot dice that must be rolled.
var penaltyCases = []winCase{
	{"facebook-500-penalty", winPenalty, winPenaltyFloor},
	{"zilch-300-penalty-final", game.Rules{Target: 300, FinalRound: true, MinBank: 100, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.Zilch.Rules()}, -200},
	{"core-600-penalty-first", game.Rules{Target: 600, MinBank: 100, MinFirstBank: 300, Penalty: 300, PenaltyAfter: 2, Scoring: farkle.Core.Rules()}, -600},
	{"app-600-penalty-mustroll", game.Rules{Target: 600, MustRollHotDice: true, MinBank: 100, Penalty: 300, PenaltyAfter: 2, Scoring: farkle.App.Rules()}, -600},
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

// startTable returns the table of c as the penalty solve starts it: the
// chances of the game without the penalty.
func startTable(t *testing.T, c winCase) *Table {
	t.Helper()
	m, err := newModel(c.r, c.floor)
	if err != nil {
		t.Fatal(err)
	}
	tb := &Table{m: m, w: make([]float64, m.N*m.N*m.K*m.K)}
	if _, _, err := tb.startSweeps(context.Background(), 2, nil); err != nil {
		t.Fatal(err)
	}
	return tb
}

// plainSweeps solves tb's game from its chances by sweepPair passes, the
// solver before policy iteration, until no chance moves by more than
// defaultTol, and returns the passes.
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

// TestLaneSweep checks that a pass of laneSweep, eight pairs of an
// anti-diagonal at once, gives the values of a pass of sweepPair, to
// 1e-14 (the lanes add the groups of a roll in another order).
func TestLaneSweep(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a := startTable(t, c)
			b := &Table{m: a.m, w: slices.Clone(a.w)}
			plain := newSched(a.m.N, 2, true, a.m.getBuf)
			if _, err := plain.pass(context.Background(), a.sweepPair, nil); err != nil {
				t.Fatal(err)
			}
			ln := newSched(b.m.N, 2, true, b.m.newLaneBuf)
			ln.block = lanes
			if _, err := ln.pass(context.Background(), b.laneSweep, nil); err != nil {
				t.Fatal(err)
			}
			worst, changed := 0.0, 0
			start := startTable(t, c)
			for i := range a.w {
				worst = max(worst, math.Abs(a.w[i]-b.w[i]))
				if a.w[i] != start.w[i] {
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

// TestRecordTurn checks the equation that a recording sweep keeps for a
// position against the turn's dynamic program: its chance to farkle is
// the slope of the turn's value in the farkle value; no more than all of
// the chance is spent; and moving the chance of one bank's position moves
// the turn's value by q times as much.
func TestRecordTurn(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb := solvedWin(t, c.r, c.floor)
			tb = &Table{m: tb.m, w: slices.Clone(tb.w)}
			m := tb.m
			rb := m.newRecBuf()
			defer m.putBuf(rb.dp)
			b := m.getBuf()
			defer m.putBuf(b)
			lm := newLinModel(m)
			checked := 0
			for x := 0; x < m.N; x += max(1, m.N/12) {
				for y := 1; y < m.N; y += max(1, m.N/10) {
					i, j := (x+y)%m.K, (x/2+y)%m.K
					f := tb.farkleValue(x, y, i, j)
					w := tb.recordTurn(rb, lm, x, y, i, j, f)
					at := m.idx(x, y, i, j)
					ti := at
					want, slope := tb.startValue(b, x, y, j, f)
					if math.Abs(w-want) > 1e-15 {
						t.Fatalf("(%d, %d, %d, %d): recordTurn %v, startValue %v", x, y, i, j, w, want)
					}
					if math.Abs(lm.pF[at]-slope) > 1e-12 {
						t.Errorf("(%d, %d, %d, %d): pF %v, slope %v", x, y, i, j, lm.pF[at], slope)
					}
					sum := lm.pF[at]
					for _, q := range lm.q[ti] {
						sum += float64(q)
						if q < 0 {
							t.Errorf("(%d, %d, %d, %d): a negative chance %v", x, y, i, j, q)
						}
					}
					if sum > 1+1e-12 {
						t.Errorf("(%d, %d, %d, %d): chances add up to %v", x, y, i, j, sum)
					}
					// The largest bank chance, moved by 1e-9.
					k := int(lm.lo[ti])
					for kk, q := range lm.q[ti] {
						if q > lm.q[ti][k-int(lm.lo[ti])] {
							k = kk + int(lm.lo[ti])
						}
					}
					if len(lm.q[ti]) == 0 {
						continue
					}
					const d = 1e-9
					bank := m.idx(y, m.nOff+m.up(x)+k, j, 0)
					tb.w[bank] += d
					moved := tb.sweepValue(b, x, y, j, f)
					tb.w[bank] -= d
					q := float64(lm.q[ti][k-int(lm.lo[ti])])
					if got := (w - moved) / d; math.Abs(got-q) > 1e-4 {
						t.Errorf("(%d, %d, %d, %d): banking %d steps: the value moves %v times the bank's, want q = %v", x, y, i, j, k, got, q)
					}
					checked++
				}
			}
			if checked < 20 {
				t.Errorf("checked %d positions, want at least 20", checked)
			}
		})
	}
}

// TestSkipTurn checks the turns that a sweep takes from their records:
// after a recording sweep at the solution, with every chance then moved by
// up to eps, skipTurn gives the turn's value by its dynamic program, to
// 1e-14, wherever it answers, and it answers for most positions when eps is
// small and refuses some when eps is large (the bank chances are float32,
// so the records may be off by 2^-24 times eps more). Without the margins (every mu
// infinite) the records give wrong values: the test of the margins is
// what makes the answers right.
func TestSkipTurn(t *testing.T) {
	for _, c := range penaltyRun() {
		if c.r.FinalRound {
			continue // a final round does not skip (see solvePolicy)
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			sol := solvedWin(t, c.r, c.floor)
			tb := &Table{m: sol.m, w: slices.Clone(sol.w)}
			m := tb.m
			lm := newLinModel(m)
			lm.margins = true
			lm.pre = append(lm.pre, slices.Clone(tb.w))
			rec := newSched(m.N, 2, true, m.newRecBuf)
			if _, err := rec.pass(context.Background(), func(b *recBuf, x, y int) float64 { return tb.recordPair(b, lm, x, y) }, nil); err != nil {
				t.Fatal(err)
			}
			lm.post = append(lm.post, slices.Clone(tb.w))
			b := m.getBuf()
			defer m.putBuf(b)
			rng := rand.New(rand.NewPCG(1, 2))
			check := func(eps float64, noMargins bool) (answered, wrong int, worst float64) {
				for i, w := range lm.post[0] {
					tb.w[i] = min(1, max(0, w+eps*(2*rng.Float64()-1)))
				}
				mu := slices.Clone(lm.mu)
				if noMargins {
					for i := range lm.mu {
						lm.mu[i] = math.Inf(1)
					}
				}
				defer copy(lm.mu, mu)
				for x := range m.N {
					for y := range m.N {
						for i := range m.K {
							for j := range m.K {
								f := tb.farkleValue(x, y, i, j)
								w, ok := tb.skipTurn(lm, x, y, i, j, f)
								if !ok {
									continue
								}
								answered++
								d := math.Abs(w - min(1, max(0, tb.sweepValue(b, x, y, j, f))))
								worst = max(worst, d)
								if d > 1e-14+eps/(1<<24) {
									wrong++
								}
							}
						}
					}
				}
				return answered, wrong, worst
			}
			n := len(tb.w)
			if answered, wrong, worst := check(1e-9, false); wrong > 0 || answered < n/2 {
				t.Errorf("chances moved by 1e-9: %d of %d turns from their records, %d of them off (worst %.3g); want over half, none off", answered, n, wrong, worst)
			}
			if answered, wrong, worst := check(1e-6, false); wrong > 0 || answered == n {
				t.Errorf("chances moved by 1e-6: %d of %d turns from their records, %d of them off (worst %.3g); want some refused, none off", answered, n, wrong, worst)
			}
			if _, wrong, worst := check(skipBelow/2, true); wrong == 0 {
				t.Errorf("without the margins, chances moved by %.3g: no turn off (worst %.3g); the check cannot fail", skipBelow/2, worst)
			}
		})
	}
}

// TestSolvePolicy checks that the policy iteration of Solve ends where the
// plain sweeps end, to 1e-12 at every position, in fewer sweeps.
func TestSolvePolicy(t *testing.T) {
	for _, c := range penaltyRun() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ref := startTable(t, c)
			passes := plainSweeps(t, ref)
			sweeps, last := 0, 0
			trace := &solveTrace{sweep: func(_ string, _ float64, turns int) { sweeps++; last = turns }, linear: func(int, float64) {}}
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
			if sweeps >= passes {
				t.Errorf("%d sweeps, the plain sweeps %d; want fewer", sweeps, passes)
			}
			// The last sweep finds the plays settled: it takes most turns
			// from their records.
			if n := len(tb.w); !c.r.FinalRound && last > n/10 {
				t.Errorf("the last sweep evaluated %d of %d turns; want at most a tenth", last, n)
			}
			t.Logf("%d sweeps, the plain sweeps %d; the last evaluated %d turns of %d", sweeps, passes, last, len(tb.w))
		})
	}
}

// BenchmarkSolvePenalty measures the penalty solves of the presets
// Facebook and Zilch at target 10,000 (the floor at -2,500), with and
// without their final round, against the Core solve without a penalty in
// the same run, and reports the sweeps, the recording sweeps among them,
// the largest residual at every position and the time over that of the
// Core solve: minutes on two cores, so it runs only with FARKLE_SLOW=1:
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
					if _, err := Solve(context.Background(), game.Rules{Scoring: farkle.Core.Rules()}, Options{}); err != nil {
						b.Fatal(err)
					}
					core := time.Since(start)
					sweeps, records := 0, 0
					trace := &solveTrace{
						sweep: func(kind string, delta float64, turns int) {
							sweeps++
							if kind == "record" {
								records++
							}
							b.Logf("%s sweep: largest change %.3g, %d turns evaluated, at %v", kind, delta, turns, time.Since(start)-core)
						},
						linear: func(n int, moved float64) {
							b.Logf("linear solve: %d passes, largest change %.3g at %v", n, moved, time.Since(start)-core)
						},
					}
					start = time.Now()
					tb, err := Solve(context.Background(), r, Options{trace: trace})
					if err != nil {
						b.Fatal(err)
					}
					took := time.Since(start)
					b.ReportMetric(float64(sweeps), "sweeps")
					b.ReportMetric(float64(records), "records")
					b.ReportMetric(took.Seconds()/core.Seconds(), "x-core")
					b.ReportMetric(allResidual(b, tb), "residual")
					komi, kw := tb.FairestKomi()
					b.Logf("solve %v (Core %v); the first player wins %.7f; fairest komi %d (%.7f)", took, core, tb.FirstPlayerWin(), komi, kw)
				}
			})
		}
	}
}
