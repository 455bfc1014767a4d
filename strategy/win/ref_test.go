package win

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/internal/testgate"
)

// This file is a slow, independent reference for Solve: plain value
// iteration over every state (b, d, i, j, t, n) of the two-player game,
// over every roll (no grouping by signature) and every legal keep (as
// farkle.Scorer.AppendKeeps lists them), with no Newton steps.

type refKeep struct{ points, left int }

type refRoll struct {
	prob  float64
	keeps []refKeep // empty for a farkle
}

type refSolver struct {
	r               game.Rules
	target          int
	step, lo, nS, K int
	minBank         int
	rolls           [farkle.MaxDice + 1][]refRoll
	pf              [farkle.MaxDice + 1]float64
	pa6, ph6        float64
	reach           [][farkle.MaxDice + 1]float64 // reach[k][n], k steps short
	w               []float64                     // w[((b*nS+d)*K+i)*K+j]
}

func newRefSolver(t *testing.T, r game.Rules, floor int) *refSolver {
	t.Helper()
	sc, err := farkle.New(r.Scoring)
	if err != nil {
		t.Fatal(err)
	}
	s := &refSolver{r: r, target: r.Target, minBank: r.MinBank}
	unit := 0
	for n := 1; n <= farkle.MaxDice; n++ {
		byKey := map[string]*refRoll{}
		var keys []string
		total := float64(rolls.Pow6(n))
		orderedRolls(n, func(roll []farkle.Die) {
			sorted := slices.Clone(roll)
			slices.Sort(sorted)
			key := fmt.Sprint(sorted)
			rr, ok := byKey[key]
			if !ok {
				rr = &refRoll{}
				keeps, err := sc.AppendKeeps(nil, sorted)
				if err != nil {
					t.Fatal(err)
				}
				for _, k := range keeps {
					left := n - k.Dice().Len()
					if left == 0 {
						left = farkle.MaxDice
					}
					rr.keeps = append(rr.keeps, refKeep{k.Points(), left})
					unit = rolls.GCD(unit, k.Points())
				}
				byKey[key] = rr
				keys = append(keys, key)
			}
			rr.prob += 1 / total
		})
		for _, k := range keys {
			rr := byKey[k]
			if len(rr.keeps) == 0 {
				s.pf[n] += rr.prob
				continue
			}
			s.rolls[n] = append(s.rolls[n], *rr)
		}
	}
	for _, rr := range s.rolls[6] {
		if slices.ContainsFunc(rr.keeps, func(k refKeep) bool { return k.left < 6 }) {
			s.pa6 += rr.prob
		} else {
			s.ph6 += rr.prob
		}
	}
	s.step, s.K = unit, 1
	if r.Penalty > 0 {
		s.step, s.K, s.lo = rolls.GCD(unit, r.Penalty), r.PenaltyAfter, floor
	}
	s.nS = (s.target - s.lo + s.step - 1) / s.step
	s.w = make([]float64, s.nS*s.nS*s.K*s.K)
	s.solveReach()
	return s
}

// six returns the value of rolling six dice when every keep that leaves
// dice is worth 1 and hot dice must roll on, with a farkle worth f.
func (s *refSolver) six(f float64) float64 {
	if !s.r.MustRollHotDice {
		return 1
	}
	return (s.pf[6]*f + s.pa6) / (1 - s.ph6)
}

// solveReach computes the chance of the last turn of a final round from
// k steps short, until it falls under 1e-12 (the rest counts as 0, an
// error under 1e-12).
func (s *refSolver) solveReach() {
	at := func(k, n int) float64 {
		if k <= 0 {
			if n == 6 {
				return s.six(0)
			}
			return 1
		}
		if k < len(s.reach) {
			return s.reach[k][n]
		}
		return 0
	}
	s.reach = make([][farkle.MaxDice + 1]float64, 1)
	for k := 1; ; k++ {
		var row [farkle.MaxDice + 1]float64
		hi := 0.0
		for n := 1; n <= farkle.MaxDice; n++ {
			for _, rr := range s.rolls[n] {
				best := 0.0
				for _, kp := range rr.keeps {
					best = max(best, at(k-kp.points/s.step, kp.left))
				}
				row[n] += rr.prob * best
			}
			hi = max(hi, row[n])
		}
		if hi < 1e-12 {
			return
		}
		s.reach = append(s.reach, row)
	}
}

func (s *refSolver) idx(b, d, i, j int) int { return ((b*s.nS+d)*s.K+i)*s.K + j }

// turn returns the value at the start of the turn of (b, d, i, j) from
// the current values: a dynamic program over every (t, n).
func (s *refSolver) turn(b, d, i, j int) float64 {
	var f float64
	if i+1 < s.K {
		f = 1 - s.w[s.idx(d, b, j, i+1)]
	} else {
		pb := b
		if s.r.Penalty > 0 {
			pb = max(b-s.r.Penalty/s.step, 0)
		}
		f = 1 - s.w[s.idx(d, pb, j, 0)]
	}
	bank := func(t int) float64 {
		if b+t < s.nS {
			return 1 - s.w[s.idx(d, b+t, j, 0)]
		}
		if !s.r.FinalRound {
			return 1
		}
		need := max(b+t-d+1, (s.minBank+s.step-1)/s.step)
		if need < len(s.reach) {
			return 1 - s.reach[need][6]
		}
		return 1
	}
	minBank := max(1, (s.minBank+s.step-1)/s.step)
	// From top on the player may bank and banking wins.
	top := max(s.nS-b, minBank) + 3
	if s.r.FinalRound {
		top = max(top, len(s.reach)+d-b+3)
	}
	// v[t*7+n] for t < top+jump; from top on, the values above the cap.
	jump := 0
	for n := 1; n <= farkle.MaxDice; n++ {
		for _, rr := range s.rolls[n] {
			for _, kp := range rr.keeps {
				jump = max(jump, kp.points/s.step)
			}
		}
	}
	v := make([]float64, (top+jump+1)*7)
	for t := top; t <= top+jump; t++ {
		for n := 1; n <= 5; n++ {
			v[t*7+n] = 1
		}
		v[t*7+6] = s.six(f)
	}
	for t := top - 1; t >= 0; t-- {
		for n := 1; n <= farkle.MaxDice; n++ {
			roll := s.pf[n] * f
			for _, rr := range s.rolls[n] {
				best := 0.0
				for _, kp := range rr.keeps {
					best = max(best, v[(t+kp.points/s.step)*7+kp.left])
				}
				roll += rr.prob * best
			}
			v[t*7+n] = roll
			if t >= minBank && (n < 6 || !s.r.MustRollHotDice) {
				v[t*7+n] = max(roll, bank(t))
			}
		}
	}
	return v[6]
}

// solve sweeps the positions in decreasing order of b+d, iterating each
// pair (b, d), (d, b) until it settles, until a sweep changes no value by
// more than 1e-13.
func (s *refSolver) solve(t *testing.T) {
	for sweep := 0; ; sweep++ {
		if sweep > 2000 {
			t.Fatal("reference: no convergence")
		}
		ch := 0.0
		for sum := 2*s.nS - 2; sum >= 0; sum-- {
			for b := max(0, sum-s.nS+1); b <= min(sum, s.nS-1); b++ {
				d := sum - b
				if b > d {
					continue
				}
				// Iterate the pair (b, d), (d, b) until it settles.
				for range 10_000 {
					local := 0.0
					for i := range s.K {
						for j := range s.K {
							for _, p := range [][2]int{{b, d}, {d, b}} {
								at := s.idx(p[0], p[1], i, j)
								w := s.turn(p[0], p[1], i, j)
								local = max(local, math.Abs(w-s.w[at]))
								s.w[at] = w
							}
						}
					}
					ch = max(ch, local)
					if local <= 1e-14 {
						break
					}
				}
			}
		}
		if ch <= 1e-13 {
			t.Logf("reference: %d sweeps", sweep+1)
			return
		}
	}
}

// A winCase is a rule set to solve, with its floor, under a name.
type winCase struct {
	name  string
	r     game.Rules
	floor int
}

// winCases are rule sets small enough for the reference.
var winCases = []winCase{
	{"core-1000", game.Rules{Target: 1000, Scoring: farkle.Core.Rules()}, 0},
	{"app-500-minbank-mustroll", game.Rules{Target: 500, MinBank: 300, MustRollHotDice: true, Scoring: farkle.App.Rules()}, 0},
	{"facebook-200-final", game.Rules{Target: 200, FinalRound: true, Scoring: farkle.Facebook.Rules()}, 0},
	{"app-300-final-minbank", game.Rules{Target: 300, FinalRound: true, MinBank: 150, Scoring: farkle.App.Rules()}, 0},
	{"zilch-150-final-minbank-mustroll", game.Rules{Target: 150, FinalRound: true, MinBank: 100, MustRollHotDice: true, Scoring: farkle.Zilch.Rules()}, 0},
	{"core-200-penalty", game.Rules{Target: 200, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.Core.Rules()}, -200},
	// slow: minutes.
	{"slow/facebook-200-penalty-final", game.Rules{Target: 200, FinalRound: true, MinBank: 100, Penalty: 100, PenaltyAfter: 2, Scoring: farkle.Facebook.Rules()}, -100},
}

// refSeconds are the reference cases that take seconds: like those named
// slow/ (a final round with a penalty, a minute), they run only in the slow
// step of .ci/run (FARKLE_SLOW=1); the plain run checks the others.
var refSeconds = map[string]bool{
	"app-300-final-minbank":            true,
	"zilch-150-final-minbank-mustroll": true,
	"facebook-200-final":               true,
}

// TestSolveReference checks Solve against the reference to 1e-9 at
// every turn-start position. The cases named slow/ and those of
// refSeconds run only in the slow step (testgate.Slow).
func TestSolveReference(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow: the reference takes seconds")
	}
	if testgate.Slow() {
		t.Parallel() // with the other long checks, on both cores
	}
	for _, c := range winCases {
		t.Run(c.name, func(t *testing.T) {
			if (strings.HasPrefix(c.name, "slow/") || refSeconds[c.name]) && !testgate.Slow() {
				t.Skip("the slow step of .ci/run checks this case: set FARKLE_SLOW=1")
			}
			t.Parallel()
			ref := newRefSolver(t, c.r, c.floor)
			ref.solve(t)
			tb, err := Solve(context.Background(), c.r, Options{Floor: c.floor})
			if err != nil {
				t.Fatal(err)
			}
			if tb.m.nS != ref.nS || tb.m.K != ref.K || tb.m.step != ref.step || tb.m.lo != ref.lo {
				t.Fatalf("sizes: table %d %d %d %d, reference %d %d %d %d",
					tb.m.nS, tb.m.K, tb.m.step, tb.m.lo, ref.nS, ref.K, ref.step, ref.lo)
			}
			worst := 0.0
			for k, want := range ref.w {
				got := tb.w[k]
				if d := math.Abs(got - want); d > worst {
					worst = d
				}
				if math.Abs(got-want) > 1e-9 {
					t.Fatalf("position %d: Solve %v, reference %v", k, got, want)
				}
			}
			t.Logf("first player %.9f, largest difference %.3g", tb.FirstPlayerWin(), worst)
		})
	}
}
