package three

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

// refFinal is the reference's final round: the last turns of B (next
// after the player A who reached the target) and then C, each by its own
// dynamic program over its turn totals, from the definitions of the
// package documentation.
type refFinal struct {
	rolls   *[7][]refRoll
	step    int
	minBank func(x int) int
	reach   []float64    // reach[k]: the most chance of a turn to bank at least k steps; 0 beyond
	from    [][7]float64 // from[k][n]: the same from k steps short with n dice to roll
	pfMin   float64      // the least chance of a farkle
	pf      [7]float64   // pf[n]: the chance of a farkle with n dice
	memo    map[[3]int][3]float64
}

// newRefFinal computes the chance of a turn to bank at least k steps, for
// every k until it is under 1e-18 with every number of dice.
func newRefFinal(rolls *[7][]refRoll, step int, minBank func(int) int) *refFinal {
	f := &refFinal{rolls: rolls, step: step, minBank: minBank, pfMin: 1, memo: map[[3]int][3]float64{}}
	f.from = append(f.from, [7]float64{})
	for n := 1; n <= 6; n++ {
		pf := 0.0
		for _, rl := range rolls[n] {
			if len(rl.keeps) == 0 {
				pf += rl.prob
			}
		}
		f.pfMin = min(f.pfMin, pf)
		f.pf[n] = pf
	}
	f.reach = []float64{1}
	for k := 1; ; k++ {
		var row [7]float64
		f.from = append(f.from, row)
		most := 0.0
		for n := 1; n <= 6; n++ {
			for _, rl := range rolls[n] {
				best := 0.0
				for _, kp := range rl.keeps {
					best = max(best, f.reachFrom(k-kp.pts/step, kp.left))
				}
				row[n] += rl.prob * best
			}
			most = max(most, row[n])
		}
		f.from[k] = row
		if most < 1e-18 {
			f.from = f.from[:k] // under 1e-18: 0
			return f
		}
		f.reach = append(f.reach, row[6])
	}
}

// reachFrom returns the chance of a turn to bank at least k more steps
// with n dice to roll: 1 for k <= 0.
func (f *refFinal) reachFrom(k, n int) float64 {
	switch {
	case k <= 0:
		return 1
	case k < len(f.from):
		return f.from[k][n]
	}
	return 0
}

// beat returns the chance of the player at p, in a last turn, to end
// above h.
func (f *refFinal) beat(h, p int) float64 {
	if k := max(h-p+1, f.minBank(p)); k < len(f.reach) {
		return f.reach[k]
	}
	return 0
}

// last returns the chances of A, B and C when A has banked a (at or
// above the target) and B at y and C at z have their last turns: B
// plays its turn for its own chance (banking on a tie, keeps in the order
// of the tie rule), and C then needs to end above both.
func (f *refFinal) last(a, y, z int) [3]float64 {
	if v, ok := f.memo[[3]int{a, y, z}]; ok {
		return v
	}
	cell, _ := f.cells(a, y, z)
	v := cell(0, 6)
	out := [3]float64{v[1], v[0], 1 - v[0] - v[1]}
	f.memo[[3]int{a, y, z}] = out
	return out
}

// cells returns B's last turn as B's chance and A's at each turn total t
// with n dice to roll (B banks or rolls, by B's chance), and the total
// from which B banks.
func (f *refFinal) cells(a, y, z int) (cell func(t, n int) [2]float64, top int) {
	mb := f.minBank(y)
	lose := 1 - f.beat(a, z)         // A's chance when B ends at or under a
	bank := func(t int) [2]float64 { // B's chance and A's
		if u := y + t; u > a {
			return [2]float64{1 - f.beat(u, z), 0}
		}
		return [2]float64{0, lose}
	}
	// From top on B banks: it may, it ends above a, and C's chance to
	// beat it is under any roll's chance of a farkle. (The solver stops
	// at the first total where C's chance is at most the least chance of
	// a farkle; the reference runs on until it is a sixteenth of that,
	// so that the totals between check the solver's argument.)
	top = mb
	for !(y+top > a && f.beat(y+top, z) <= f.pfMin/16) {
		top++
	}
	cells := make([][7][2]float64, top)
	cell = func(t, n int) [2]float64 {
		if t >= top {
			return bank(t)
		}
		return cells[t][n]
	}
	for t := top - 1; t >= 0; t-- {
		b := bank(t)
		for n := 1; n <= 6; n++ {
			if t >= mb && b[0] >= 1-f.pf[n] {
				// Rolling is worth at most 1-pf to B: it banks.
				cells[t][n] = b
				continue
			}
			var roll [2]float64
			for _, rl := range f.rolls[n] {
				if len(rl.keeps) == 0 {
					roll[1] += rl.prob * lose
					continue
				}
				best := cell(t+rl.keeps[0].pts/f.step, rl.keeps[0].left)
				for _, kp := range rl.keeps[1:] {
					if v := cell(t+kp.pts/f.step, kp.left); v[0] > best[0] {
						best = v
					}
				}
				roll[0] += rl.prob * best[0]
				roll[1] += rl.prob * best[1]
			}
			if t >= mb && b[0] >= roll[0] {
				roll = b
			}
			cells[t][n] = roll
		}
	}
	return cell, top
}

// refSolve returns the chances of every position, mover first, by value
// iteration, and whether each position's chances had settled (moved by
// under 1e-13 in the last sweep) after at most maxSweeps sweeps. The
// positions of pinned keep the chances given there (the mixed positions
// of the solution, which value iteration would not settle at).
func refSolve(t *testing.T, r game.Rules, maxSweeps int, pinned map[[3]int][3]float64) (w [][3]float64, settled []bool, nS, step int, fin *refFinal) {
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
	var pf [7]float64 // the chance of a farkle with n dice
	for n := 1; n <= 6; n++ {
		for _, rl := range rolls[n] {
			if len(rl.keeps) == 0 {
				pf[n] += rl.prob
			}
		}
	}
	extra := 0
	if r.FinalRound {
		fin = newRefFinal(&rolls, step, minBank)
		extra = nS + len(fin.reach) + 1
	}
	memo := make([][3]float64, 7*(nS+r.MinFirstBank/step+maxJump+2+extra))
	for sweep := 0; sweep < maxSweeps; sweep++ {
		moved := 0.0
		for sum := 3 * (nS - 1); sum >= 0; sum-- {
			for x := range nS {
				for y := range nS {
					z := sum - x - y
					if z < 0 || z >= nS {
						continue
					}
					if v, ok := pinned[[3]int{x * step, y * step, z * step}]; ok {
						w[at(x, y, z)] = v
						settled[at(x, y, z)] = true
						continue
					}
					mb := minBank(x)
					fw := w[at(y, z, x)]
					F := [3]float64{fw[2], fw[0], fw[1]}
					bankAt := func(k int) [3]float64 {
						switch {
						case x+k < nS:
							bw := w[at(y, z, x+k)]
							return [3]float64{bw[2], bw[0], bw[1]}
						case fin != nil:
							return fin.last(x+k, y, z)
						}
						return [3]float64{1, 0, 0}
					}
					// memo[k*7+n]: the chances at turn total k with n dice,
					// from the largest total down; banking wins from top on,
					// or with a final round is the best play: the others end
					// above x+k with at most the chances to bank that much,
					// and no roll is worth more than 1 - pfMin*(1-F). (The
					// solver stops where that holds; the reference runs on
					// until the others' chances are a sixteenth of it.)
					top := max(nS-x, mb)
					if fin != nil {
						for fin.beat(x+top, y)+fin.beat(x+top, z) > fin.pfMin*max(1-F[0], 0)/16 {
							top++
						}
					}
					for k := top; k <= top+maxJump; k++ {
						b := bankAt(k)
						for n := 1; n <= 6; n++ {
							memo[k*7+n] = b
						}
					}
					for k := top - 1; k >= 0; k-- {
						canBank := k >= mb
						var bank [3]float64
						if canBank {
							bank = bankAt(k)
						}
						for n := 1; n <= 6; n++ {
							if canBank && bank[0] >= 1-pf[n]*(1-F[0]) {
								// Rolling is worth at most 1-pf(1-F) to the
								// mover, every roll that is not a farkle at
								// most 1: it banks.
								memo[k*7+n] = bank
								continue
							}
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
	return w, settled, nS, step, fin
}

// TestSolveReference compares Solve with the reference at target 300
// and (in the slow step) 500, and 800 with FARKLE_WIDE=1 (testgate.Wide),
// under Core scoring and under App
// scoring with a minimum bank and an opening minimum, without and (in the
// slow step) with a final round: to 1e-9 at every position where the
// solution is pure and the reference settled, which must be every pure position (the mixed ones
// keep the solution's chances in the reference, whose value iteration
// would not settle there; their equations are checked by TestResiduals);
// with a final round, the starts of the last turns too.
func TestSolveReference(t *testing.T) {
	if testgate.Race {
		t.Skip("value iteration of seconds: not under the race detector")
	}
	cases := []game.Rules{{Scoring: farkle.CoreScoring.Rules(), Target: 300}}
	if testgate.Slow() {
		cases = append(cases,
			game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 200, FinalRound: true},
			game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 500},
			game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 500, MinBank: 150, MinFirstBank: 300},
			game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true},
			game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 250, FinalRound: true, MinBank: 100, MinFirstBank: 200})
	}
	if testgate.Wide() {
		// 46 and 59 CPU seconds: the checks at 500 and at 250 under App
		// scoring, larger, out of CI's slow step.
		cases = append(cases,
			game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 800},
			game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 300, FinalRound: true, MinBank: 100, MinFirstBank: 200})
	}
	for _, r := range cases {
		name := fmt.Sprintf("%d/%v/%d/%d/final=%v", r.Target, r.Scoring == farkle.CoreScoring.Rules(), r.MinBank, r.MinFirstBank, r.FinalRound)
		t.Run(name, func(t *testing.T) {
			if testgate.Slow() {
				t.Parallel() // minutes each: on both cores
			}
			tb := solve(t, r)
			var err error
			pinned := map[[3]int][3]float64{}
			for _, mx := range tb.Mixing() {
				pinned[mx.Scores], err = tb.Chances(mx.Scores[0], mx.Scores[1], mx.Scores[2])
				if err != nil {
					t.Fatal(err)
				}
			}
			ref, settled, nS, step, fin := refSolve(t, r, 400, pinned)
			if tb.Step() != step || tb.m.nS != nS {
				t.Fatalf("step %d and %d scores, the reference's %d and %d", tb.Step(), tb.m.nS, step, nS)
			}
			compared, worst := 0, 0.0
			check := func(sc [3]int, want [3]float64) {
				t.Helper()
				got, err := tb.Chances(sc[0], sc[1], sc[2])
				if err != nil {
					t.Fatal(err)
				}
				compared++
				for s := range 3 {
					d := math.Abs(got[s] - want[s])
					worst = max(worst, d)
					if d > 1e-9 {
						t.Errorf("%v seat %d: %.15f, the reference %.15f", sc, s, got[s], want[s])
					}
				}
			}
			for x := range nS {
				for y := range nS {
					for z := range nS {
						sc := [3]int{x * step, y * step, z * step}
						if _, ok := pinned[sc]; ok {
							continue
						}
						i := (x*nS+y)*nS + z
						if !settled[i] {
							t.Errorf("%v: the reference did not settle at a pure position", sc)
							continue
						}
						check(sc, ref[i])
					}
				}
			}
			if fin != nil {
				// The starts of the last turns: B's (mover B, next C, after
				// A) and C's (mover C, next A, after B), for A from the
				// target to 2,000 above it in the slow step of .ci/run, to
				// 500 above it in the plain run.
				span := 500
				if testgate.Slow() {
					span = 2000
				}
				for a := nS; a < nS+span/step; a += 3 {
					for y := range nS {
						for z := range nS {
							v := fin.last(a, y, z)
							check([3]int{y * step, z * step, a * step}, [3]float64{v[1], v[2], v[0]})
						}
					}
					// C's, with B's final score below, at or above a.
					for z := range nS {
						for u := 0; u < a+20; u += 2 {
							c := fin.beat(max(a, u), z)
							want := [3]float64{c, 1 - c, 0}
							if u > a {
								want = [3]float64{c, 0, 1 - c}
							}
							check([3]int{z * step, a * step, u * step}, want)
						}
					}
				}
			}
			t.Logf("%d positions compared, %d mixed, largest difference %.3g", compared, len(pinned), worst)
			if compared == 0 {
				t.Fatal("nothing compared")
			}
		})
	}
}

// TestFinalMidTurnReference compares ChanceAt within the last turns of a
// final round with the reference's own dynamic programs over every turn
// total and number of dice: B's first last turn for A up to 2,000 above
// the target (every total of B's turn up to five above where B banks for
// sure; 500 above it in the plain run), and C's very last turn with B's final score below, at and above
// A's. Core scoring at 300 always; App scoring at 300 with a minimum bank
// and an opening minimum in the slow step.
func TestFinalMidTurnReference(t *testing.T) {
	if testgate.Race {
		t.Skip("dynamic programs of seconds: not under the race detector")
	}
	cases := []game.Rules{{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true}}
	if testgate.Slow() {
		cases = append(cases, game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 300, FinalRound: true, MinBank: 100, MinFirstBank: 200})
	}
	for _, r := range cases {
		t.Run(fmt.Sprintf("%v/%d/%d", r.Scoring == farkle.CoreScoring.Rules(), r.MinBank, r.MinFirstBank), func(t *testing.T) {
			tb := solve(t, r)
			sc, err := farkle.New(r.Scoring)
			if err != nil {
				t.Fatal(err)
			}
			var rolls [7][]refRoll
			for n := 1; n <= 6; n++ {
				rolls[n] = refRolls(t, sc, n)
			}
			const step = 50
			nS := r.Target / step
			minBank := func(x int) int {
				mb := max(1, (r.MinBank+step-1)/step)
				if x == 0 {
					mb = max(mb, (r.MinFirstBank+step-1)/step)
				}
				return mb
			}
			f := newRefFinal(&rolls, step, minBank)
			compared, worst := 0, 0.0
			check := func(st State, want [3]float64) {
				t.Helper()
				got, err := tb.ChanceAt(st)
				if err != nil {
					t.Fatal(err)
				}
				compared++
				for s := range 3 {
					d := math.Abs(got[s] - want[s])
					worst = max(worst, d)
					if d > 1e-9 {
						t.Fatalf("%+v seat %d: %.15f, the reference %.15f", st, s, got[s], want[s])
					}
				}
			}
			span := 500 // above the target: 2,000 in the slow step of .ci/run
			if testgate.Slow() {
				span = 2000
			}
			for a := nS; a < nS+span/step; a += 3 {
				for y := range nS {
					for z := range nS {
						cell, top := f.cells(a, y, z)
						for k := range top + 5 {
							for n := 1; n <= 6; n++ {
								v := cell(k, n)
								check(State{Scores: [3]int{y * step, z * step, a * step}, TurnTotal: k * step, DiceLeft: n},
									[3]float64{v[0], 1 - v[0] - v[1], v[1]})
							}
						}
					}
				}
				for x := range nS {
					for u := 0; u < a+10; u += 3 {
						need := max(max(a, u)-x+1, minBank(x))
						for k := range need + 3 {
							for n := 1; n <= 6; n++ {
								c := 1.0 // C banks once it has what it needs
								if k < need {
									c = f.reachFrom(need-k, n)
								}
								want := [3]float64{c, 1 - c, 0}
								if u > a {
									want = [3]float64{c, 0, 1 - c}
								}
								check(State{Scores: [3]int{x * step, a * step, u * step}, TurnTotal: k * step, DiceLeft: n}, want)
							}
						}
					}
				}
			}
			t.Logf("%d states compared, largest difference %.3g", compared, worst)
		})
	}
}
