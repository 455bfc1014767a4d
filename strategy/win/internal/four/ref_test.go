package four

import (
	"fmt"
	"math"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// This file checks Solve against a deliberately slow, independent
// reference: plain value iteration (Gauss-Seidel sweeps) over every
// position, of every roll of every number of dice (as sorted dice with
// their number of orders) and every legal keep of the scorer, carrying the
// four chances; it shares nothing with the solver but the rules and the
// tie rule.

// refKeep is a distinct outcome of a legal keep: points and dice left.
type refKeep struct{ pts, left int }

// refRoll is a roll of sorted dice, its probability and its keeps sorted
// by the tie rule (fewer points, then more dice left).
type refRoll struct {
	prob  float64
	keeps []refKeep
}

// refRolls lists the rolls of n dice under sc, each with its distinct
// keeps in the order of the tie rule.
func refRolls(t *testing.T, sc *farkle.Scorer, n int) []refRoll {
	var out []refRoll
	rolls, probs := sortedRolls(n)
	for r, dice := range rolls {
		keeps, err := sc.AppendKeeps(nil, dice)
		if err != nil {
			t.Fatal(err)
		}
		var ks []refKeep
		for _, k := range keeps {
			left := n - len(k.Dice())
			if left == 0 {
				left = 6
			}
			rk := refKeep{k.Points(), left}
			dup := false
			for _, o := range ks {
				dup = dup || o == rk
			}
			if !dup {
				ks = append(ks, rk)
			}
		}
		for p := 1; p < len(ks); p++ {
			for q := p; q > 0 && (ks[q].pts < ks[q-1].pts || ks[q].pts == ks[q-1].pts && ks[q].left > ks[q-1].left); q-- {
				ks[q], ks[q-1] = ks[q-1], ks[q]
			}
		}
		out = append(out, refRoll{probs[r], ks})
	}
	return out
}

// refSolve returns the chances of every position, mover first, by value
// iteration, and whether each position's chances had settled (moved by
// under 1e-13 in the last sweep) after at most maxSweeps sweeps. The
// positions of pinned keep the chances given there.
func refSolve(t *testing.T, r game.Rules, maxSweeps int, pinned map[[4]int][4]float64) (w [][4]float64, settled []bool, nS, step int) {
	sc, err := farkle.New(r.Scoring)
	if err != nil {
		t.Fatal(err)
	}
	step = 50 // Core and App: every keep is a multiple of 50
	nS = (r.Target + step - 1) / step
	var rolls [7][]refRoll
	for n := 1; n <= 6; n++ {
		rolls[n] = refRolls(t, sc, n)
	}
	at := func(x, y, z, u int) int { return ((x*nS+y)*nS+z)*nS + u }
	w = make([][4]float64, nS*nS*nS*nS)
	for i := range w {
		w[i] = [4]float64{0.25, 0.25, 0.25, 0.25}
	}
	settled = make([]bool, len(w))
	minBank := func(x int) int {
		mb := max(1, (r.MinBank+step-1)/step)
		if x == 0 {
			mb = max(mb, (r.MinFirstBank+step-1)/step)
		}
		return mb
	}
	maxJump := 0
	for n := 1; n <= 6; n++ {
		for _, rl := range rolls[n] {
			for _, kp := range rl.keeps {
				maxJump = max(maxJump, kp.pts/step)
			}
		}
	}
	memo := make([][4]float64, 7*(nS+r.MinFirstBank/step+maxJump+2))
	for sweep := 0; sweep < maxSweeps; sweep++ {
		moved := 0.0
		for sum := 4 * (nS - 1); sum >= 0; sum-- {
			for x := range nS {
				for y := range nS {
					for z := range nS {
						u := sum - x - y - z
						if u < 0 || u >= nS {
							continue
						}
						i := at(x, y, z, u)
						if v, ok := pinned[[4]int{x * step, y * step, z * step, u * step}]; ok {
							w[i], settled[i] = v, true
							continue
						}
						mb := minBank(x)
						fw := w[at(y, z, u, x)]
						F := [4]float64{fw[3], fw[0], fw[1], fw[2]}
						bankAt := func(k int) [4]float64 {
							if x+k < nS {
								bw := w[at(y, z, u, x+k)]
								return [4]float64{bw[3], bw[0], bw[1], bw[2]}
							}
							return [4]float64{1, 0, 0, 0}
						}
						top := max(nS-x, mb)
						for k := top; k <= top+maxJump; k++ {
							for n := 1; n <= 6; n++ {
								memo[k*7+n] = bankAt(k)
							}
						}
						for k := top - 1; k >= 0; k-- {
							canBank := k >= mb
							var bank [4]float64
							if canBank {
								bank = bankAt(k)
							}
							for n := 1; n <= 6; n++ {
								var roll [4]float64
								for _, rl := range rolls[n] {
									if len(rl.keeps) == 0 {
										for s := range 4 {
											roll[s] += rl.prob * F[s]
										}
										continue
									}
									best := memo[(k+rl.keeps[0].pts/step)*7+rl.keeps[0].left]
									for _, kp := range rl.keeps[1:] {
										if v := memo[(k+kp.pts/step)*7+kp.left]; v[0] > best[0] {
											best = v
										}
									}
									for s := range 4 {
										roll[s] += rl.prob * best[s]
									}
								}
								if canBank && bank[0] >= roll[0] {
									roll = bank
								}
								memo[k*7+n] = roll
							}
						}
						v := memo[6]
						d := 0.0
						for s := range 4 {
							d = max(d, math.Abs(v[s]-w[i][s]))
						}
						settled[i] = d < 1e-13
						moved = max(moved, d)
						w[i] = v
					}
				}
			}
		}
		if moved < 1e-14 {
			t.Logf("the reference settled after %d sweeps", sweep+1)
			break
		}
	}
	return w, settled, nS, step
}

// pinnedChances returns the chances of tb's mixed positions, which the
// references keep as the solution's (their value iteration would not
// settle there).
func pinnedChances(t *testing.T, tb *Table) map[[4]int][4]float64 {
	t.Helper()
	pinned := map[[4]int][4]float64{}
	for _, mx := range tb.Mixing() {
		v, err := tb.Chances(mx.Scores)
		if err != nil {
			t.Fatal(err)
		}
		pinned[mx.Scores] = v
	}
	return pinned
}

// TestSolveReference compares Solve with the reference at target 300
// under Core scoring, in the slow step under App scoring with a minimum
// bank and an opening minimum too and at 500 under Core scoring (App at
// 500 with FARKLE_WIDE=1, testgate.Wide): to 1e-9 at every position
// where the solution is pure and the reference settled, which must be
// every pure position (the mixed ones keep the solution's chances in the
// reference, whose value iteration would not settle there; their
// equations are checked by TestResiduals).
func TestSolveReference(t *testing.T) {
	if testgate.Race {
		t.Skip("value iteration of seconds: not under the race detector")
	}
	cases := []game.Rules{{Scoring: farkle.CoreScoring.Rules(), Target: 300}}
	if testgate.Slow() {
		cases = append(cases,
			game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 300, MinBank: 100, MinFirstBank: 200},
			game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 500})
	}
	if testgate.Wide() {
		// About 20 CPU seconds more, as the final round's wide cases:
		// out of CI's slow step, which must stay short.
		cases = append(cases, game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 500, MinBank: 150, MinFirstBank: 300})
	}
	for _, r := range cases {
		name := fmt.Sprintf("%d/%v/%d/%d", r.Target, r.Scoring == farkle.CoreScoring.Rules(), r.MinBank, r.MinFirstBank)
		t.Run(name, func(t *testing.T) {
			tb := solve(t, r)
			pinned := pinnedChances(t, tb)
			ref, settled, nS, step := refSolve(t, r, 400, pinned)
			if tb.Step() != step || tb.m.nS != nS {
				t.Fatalf("step %d and %d scores, the reference's %d and %d", tb.Step(), tb.m.nS, step, nS)
			}
			compared, worst := 0, 0.0
			for i := range ref {
				sc := [4]int{i / (nS * nS * nS) * step, i / (nS * nS) % nS * step, i / nS % nS * step, i % nS * step}
				if _, ok := pinned[sc]; ok {
					continue
				}
				if !settled[i] {
					t.Errorf("%v: the reference did not settle at a pure position", sc)
					continue
				}
				got, err := tb.Chances(sc)
				if err != nil {
					t.Fatal(err)
				}
				compared++
				for s := range 4 {
					d := math.Abs(got[s] - ref[i][s])
					worst = max(worst, d)
					if d > 1e-9 {
						t.Errorf("%v seat %d: %.15f, the reference %.15f", sc, s, got[s], ref[i][s])
					}
				}
			}
			t.Logf("%d positions compared, %d mixed, largest difference %.3g, seats %v", compared, len(pinned), worst, tb.SeatWin())
			if compared == 0 {
				t.Fatal("nothing compared")
			}
		})
	}
}
