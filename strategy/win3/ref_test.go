package win3

import (
	"context"
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
// three chances; it shares nothing with the solver but the rules and the
// tie rule of the package documentation.

// refKeep is a distinct outcome of a legal keep: points and dice left.
type refKeep struct{ pts, left int }

// refRoll is a roll of sorted dice, its probability and its keeps sorted
// by the tie rule (fewer points, then more dice left).
type refRoll struct {
	prob  float64
	keeps []refKeep
}

// refRolls lists the rolls of n dice under sc (as sortedRolls does),
// each with its distinct keeps in the order of the tie rule.
func refRolls(t *testing.T, sc *farkle.Scorer, n int) []refRoll {
	var out []refRoll
	for _, r := range sortedRolls(n) {
		keeps, err := sc.AppendKeeps(nil, r.dice)
		if err != nil {
			t.Fatal(err)
		}
		var ks []refKeep
		for _, k := range keeps {
			left := n - k.Dice().Len()
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
		// Sort by the tie rule, an insertion sort.
		for p := 1; p < len(ks); p++ {
			for q := p; q > 0 && (ks[q].pts < ks[q-1].pts || ks[q].pts == ks[q-1].pts && ks[q].left > ks[q-1].left); q-- {
				ks[q], ks[q-1] = ks[q-1], ks[q]
			}
		}
		out = append(out, refRoll{r.prob, ks})
	}
	return out
}

// refSolve returns the chances of every position, mover first, by value
// iteration, and whether each position's chances had settled (moved by
// under 1e-13 in the last sweep) after at most maxSweeps sweeps.
func refSolve(t *testing.T, r game.Rules, maxSweeps int) (w [][3]float64, settled []bool, nS, step int) {
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
	at := func(x, y, z int) int { return (x*nS+y)*nS + z }
	w = make([][3]float64, nS*nS*nS)
	for i := range w {
		w[i] = [3]float64{1.0 / 3, 1.0 / 3, 1.0 / 3}
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
	memo := make([][3]float64, 7*(nS+r.MinFirstBank/step+maxJump+2))
	for sweep := 0; sweep < maxSweeps; sweep++ {
		moved := 0.0
		for sum := 3 * (nS - 1); sum >= 0; sum-- {
			for x := range nS {
				for y := range nS {
					z := sum - x - y
					if z < 0 || z >= nS {
						continue
					}
					mb := minBank(x)
					fw := w[at(y, z, x)]
					F := [3]float64{fw[2], fw[0], fw[1]}
					// memo[k*7+n]: the chances at turn total k with n dice,
					// from the largest total down; banking wins from top on.
					top := max(nS-x, mb)
					for k := top; k <= top+maxJump; k++ {
						for n := 1; n <= 6; n++ {
							memo[k*7+n] = [3]float64{1, 0, 0}
						}
					}
					for k := top - 1; k >= 0; k-- {
						canBank := k >= mb
						var bank [3]float64
						if canBank {
							bw := w[at(y, z, x+k)]
							bank = [3]float64{bw[2], bw[0], bw[1]}
						}
						for n := 1; n <= 6; n++ {
							var roll [3]float64
							for _, rl := range rolls[n] {
								if len(rl.keeps) == 0 {
									for s := range 3 {
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
								for s := range 3 {
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
					i := at(x, y, z)
					d := max(math.Abs(v[0]-w[i][0]), math.Abs(v[1]-w[i][1]), math.Abs(v[2]-w[i][2]))
					settled[i] = d < 1e-13
					moved = max(moved, d)
					w[i] = v
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

// TestSolveReference compares Solve with the reference at targets 500
// and (in the slow step) 1,000, under Core scoring and under App scoring
// with a minimum bank and an opening minimum: to 1e-9 at every position
// where the solution is pure and the reference settled, which, with no
// mixed position at these targets, must be every position.
func TestSolveReference(t *testing.T) {
	if testgate.Race {
		t.Skip("value iteration of seconds: not under the race detector")
	}
	cases := []game.Rules{{Scoring: farkle.Core.Rules(), Target: 500}}
	if testgate.Slow() {
		cases = append(cases,
			game.Rules{Scoring: farkle.App.Rules(), Target: 500, MinBank: 150, MinFirstBank: 300},
			game.Rules{Scoring: farkle.Core.Rules(), Target: 1000})
	}
	for _, r := range cases {
		target := r.Target
		{
			t.Run(fmt.Sprintf("%d/%v/%d/%d", target, r.Scoring == farkle.Core.Rules(), r.MinBank, r.MinFirstBank), func(t *testing.T) {
				tb, err := Solve(context.Background(), r, Options{})
				if err != nil {
					t.Fatal(err)
				}
				ref, settled, nS, step := refSolve(t, r, 400)
				if tb.Step() != step || tb.m.nS != nS {
					t.Fatalf("step %d and %d scores, the reference's %d and %d", tb.Step(), tb.m.nS, step, nS)
				}
				mixed := map[[3]int]bool{}
				for _, mx := range tb.Mixing() {
					mixed[mx.Scores] = true
				}
				compared, worst := 0, 0.0
				for x := range nS {
					for y := range nS {
						for z := range nS {
							sc := [3]int{x * step, y * step, z * step}
							if mixed[sc] {
								continue
							}
							i := (x*nS+y)*nS + z
							if !settled[i] {
								t.Errorf("%v: the reference did not settle at a pure position", sc)
								continue
							}
							got, err := tb.Chances(sc[0], sc[1], sc[2])
							if err != nil {
								t.Fatal(err)
							}
							compared++
							for s := range 3 {
								d := math.Abs(got[s] - ref[i][s])
								worst = max(worst, d)
								if d > 1e-9 {
									t.Errorf("%v seat %d: %.15f, the reference %.15f", sc, s, got[s], ref[i][s])
								}
							}
						}
					}
				}
				t.Logf("%d positions compared, %d mixed, largest difference %.3g", compared, len(mixed), worst)
				if compared == 0 {
					t.Fatal("nothing compared")
				}
			})
		}
	}
}
