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
// farkle.Scorer.AppendKeeps lists them), with no Newton steps. Under
// MinFirstBank a player's state is a score and whether on the board: every
// score from the floor to the target on the board, and off it the scores
// that penalties reach from 0.

// A refKeep is a keep: its points, then in steps (set once the step is
// known), and the dice left to roll.
type refKeep struct{ points, steps, left int }

type refRoll struct {
	prob  float64
	keeps []refKeep // empty for a farkle
	win   bool      // six 1s under SixOnesWin: the game is won
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
	jump            int                           // the most steps of a keep
	v               []float64                     // turn's values, reused
	players         []refPlayer                   // the states of a player: the on-board scores 0 to nS-1 first
	w               []float64                     // w[((b*nP+d)*K+i)*K+j], b and d indexes of players
}

// A refPlayer is the state of one player: the score in steps above the
// floor, and whether on the board.
type refPlayer struct {
	score int
	on    bool
}

// player returns the index of the state (score, on).
func (s *refSolver) player(score int, on bool) int {
	if on {
		return score
	}
	for p, q := range s.players[s.nS:] {
		if q.score == score {
			return s.nS + p
		}
	}
	panic(fmt.Sprintf("reference: no player state %d %v", score, on))
}

// minBankOf returns the smallest bank of player b, in steps, at least 1.
func (s *refSolver) minBankOf(b int) int {
	mb := s.minBank
	if !s.players[b].on {
		mb = max(mb, s.r.MinFirstBank)
	}
	return max(1, (mb+s.step-1)/s.step)
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
				if r.ToxicTwos && strings.Count(key, "2") >= 4 {
					keeps = nil // toxic twos: a farkle
				}
				rr.win = r.SixOnesWin && key == "[1 1 1 1 1 1]"
				for _, k := range keeps {
					left := n - len(k.Dice())
					if left == 0 {
						left = farkle.MaxDice
					}
					rr.keeps = append(rr.keeps, refKeep{points: k.Points(), left: left})
					unit = rolls.GCD(unit, k.Points())
				}
				byKey[key] = rr
				keys = append(keys, key)
			}
			rr.prob += 1 / total
		})
		for _, k := range keys {
			rr := byKey[k]
			if len(rr.keeps) == 0 && !rr.win {
				s.pf[n] += rr.prob
				continue
			}
			s.rolls[n] = append(s.rolls[n], *rr)
		}
	}
	for _, rr := range s.rolls[6] {
		if rr.win || slices.ContainsFunc(rr.keeps, func(k refKeep) bool { return k.left < 6 }) {
			s.pa6 += rr.prob
		} else {
			s.ph6 += rr.prob
		}
	}
	s.step, s.K = unit, 1
	if r.Penalty > 0 {
		s.step, s.K, s.lo = rolls.GCD(unit, r.Penalty), r.PenaltyAfter, floor
	}
	if r.Bankrupt {
		s.K = r.PenaltyAfter
	}
	s.nS = (s.target - s.lo + s.step - 1) / s.step
	for n := 1; n <= farkle.MaxDice; n++ {
		for _, rr := range s.rolls[n] {
			for k := range rr.keeps {
				kp := &rr.keeps[k]
				kp.steps = kp.points / s.step
				s.jump = max(s.jump, kp.steps)
			}
		}
	}
	for b := range s.nS {
		s.players = append(s.players, refPlayer{b, true})
	}
	if r.MinFirstBank > 0 {
		// Off the board: 0, then each penalty down to the floor.
		for b := -s.lo / s.step; ; {
			s.players = append(s.players, refPlayer{b, false})
			nb := b
			if r.Penalty > 0 {
				nb = max(b-r.Penalty/s.step, 0)
			}
			if nb == b {
				break
			}
			b = nb
		}
	}
	nP := len(s.players)
	s.w = make([]float64, nP*nP*s.K*s.K)
	if r.FinalRound {
		s.solveReach()
	}
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
					best = max(best, at(k-kp.steps, kp.left))
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

func (s *refSolver) idx(b, d, i, j int) int {
	return ((b*len(s.players)+d)*s.K+i)*s.K + j
}

// turn returns the value at the start of the turn of (b, d, i, j) from
// the current values: a dynamic program over every (t, n). b and d are
// indexes of players.
func (s *refSolver) turn(pb, pd, i, j int) float64 {
	b, d := s.players[pb].score, s.players[pd].score
	var f float64
	if i+1 < s.K {
		f = 1 - s.w[s.idx(pd, pb, j, i+1)]
	} else {
		fb := b
		if s.r.Penalty > 0 {
			fb = max(b-s.r.Penalty/s.step, 0)
		}
		if s.r.Bankrupt {
			fb = -s.lo / s.step // score 0
		}
		f = 1 - s.w[s.idx(pd, s.player(fb, s.players[pb].on), j, 0)]
	}
	bank := func(t int) float64 {
		if b+t < s.nS {
			return 1 - s.w[s.idx(pd, s.player(b+t, true), j, 0)]
		}
		if !s.r.FinalRound {
			return 1
		}
		need := max(b+t-d+1, s.minBankOf(pd))
		if need < len(s.reach) {
			return 1 - s.reach[need][6]
		}
		return 1
	}
	minBank := s.minBankOf(pb)
	// From top on the player may bank and banking wins.
	top := max(s.nS-b, minBank) + 3
	if s.r.FinalRound {
		top = max(top, len(s.reach)+d-b+3)
	}
	// v[t*7+n] for t < top+jump; from top on, the values above the cap.
	jump := s.jump
	if need := (top + jump + 1) * 7; cap(s.v) < need {
		s.v = make([]float64, need)
	}
	v := s.v[:(top+jump+1)*7]
	for t := top; t <= top+jump; t++ {
		for n := 1; n <= 5; n++ {
			v[t*7+n] = 1
		}
		v[t*7+6] = s.six(f)
	}
	for t := top - 1; t >= 0; t-- {
		bt := 0.0 // banking's value, where the player may bank
		if t >= minBank {
			bt = bank(t)
		}
		for n := 1; n <= farkle.MaxDice; n++ {
			mayBank := t >= minBank && (n < 6 || !s.r.MustRollHotDice)
			if mayBank && bt >= 1-s.pf[n]*(1-f) {
				// Rolling is worth at most 1-pf(1-f): every roll that
				// is not a farkle at most 1. Banking is worth that much
				// (far above the target in a final round): bank.
				v[t*7+n] = bt
				continue
			}
			roll := s.pf[n] * f
			for _, rr := range s.rolls[n] {
				if rr.win {
					roll += rr.prob
					continue
				}
				best := 0.0
				for _, kp := range rr.keeps {
					best = max(best, v[(t+kp.steps)*7+kp.left])
				}
				roll += rr.prob * best
			}
			v[t*7+n] = roll
			if mayBank {
				v[t*7+n] = max(roll, bt)
			}
		}
	}
	return v[6]
}

// solve sweeps the positions in decreasing order of b+d, iterating each
// pair (b, d), (d, b) until it settles, until a sweep changes no value by
// more than 1e-13.
func (s *refSolver) solve(t *testing.T) {
	// The pairs of players b <= d, by the sum of their scores, descending.
	var pairs [][2]int
	for b := range s.players {
		for d := b; d < len(s.players); d++ {
			pairs = append(pairs, [2]int{b, d})
		}
	}
	sum := func(p [2]int) int { return s.players[p[0]].score + s.players[p[1]].score }
	slices.SortStableFunc(pairs, func(p, q [2]int) int { return sum(q) - sum(p) })
	for sweep := 0; ; sweep++ {
		if sweep > 2000 {
			t.Fatal("reference: no convergence")
		}
		ch := 0.0
		for _, pair := range pairs {
			{
				b, d := pair[0], pair[1]
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
	{"core-1000", game.Rules{Target: 1000, Scoring: farkle.CoreScoring.Rules()}, 0},
	{"app-500-minbank-mustroll", game.Rules{Target: 500, MinBank: 300, MustRollHotDice: true, Scoring: farkle.AppScoring.Rules()}, 0},
	{"facebook-200-final", game.Rules{Target: 200, FinalRound: true, Scoring: farkle.FacebookScoring.Rules()}, 0},
	{"app-300-final-minbank", game.Rules{Target: 300, FinalRound: true, MinBank: 150, Scoring: farkle.AppScoring.Rules()}, 0},
	{"zilch-150-final-minbank-mustroll", game.Rules{Target: 150, FinalRound: true, MinBank: 100, MustRollHotDice: true, Scoring: farkle.ZilchScoring.Rules()}, 0},
	{"core-200-penalty", game.Rules{Target: 200, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.CoreScoring.Rules()}, -200},
	// An opening minimum: the first bank at least MinFirstBank.
	{"core-1000-first-500", game.Rules{Target: 1000, MinFirstBank: 500, Scoring: farkle.CoreScoring.Rules()}, 0},
	{"app-2000-first-350-minbank", game.Rules{Target: 2000, MinBank: 150, MinFirstBank: 350, Scoring: farkle.AppScoring.Rules()}, 0},
	{"core-400-final-first-200", game.Rules{Target: 400, FinalRound: true, MinFirstBank: 200, Scoring: farkle.CoreScoring.Rules()}, 0},
	{"facebook-1000-final-first-500", game.Rules{Target: 1000, FinalRound: true, MinFirstBank: 500, Scoring: farkle.FacebookScoring.Rules()}, 0},
	{"app-1000-final-first-350", game.Rules{Target: 1000, FinalRound: true, MinFirstBank: 350, Scoring: farkle.AppScoring.Rules()}, 0},
	// With a penalty, off the board at 0, -200 and the floor -300.
	{"core-300-penalty-first-150", game.Rules{Target: 300, Penalty: 200, PenaltyAfter: 2, MinFirstBank: 150, Scoring: farkle.CoreScoring.Rules()}, -300},
	// A penalty at target 600 (floor -500); refLarge has one under Zilch
	// scoring with an opening minimum.
	{"facebook-600-penalty", game.Rules{Target: 600, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.FacebookScoring.Rules()}, -500},
	{"slow/app-150-final-penalty-first-100", game.Rules{Target: 150, FinalRound: true, MinBank: 50, MinFirstBank: 100, Penalty: 150, PenaltyAfter: 2, Scoring: farkle.AppScoring.Rules()}, -200},
	// House rules: toxic twos (a farkle, also with a final round and a
	// penalty), six 1s that win (under a Core whose six 1s score 600, so
	// that the win is worth more than the points), bankruptcy on the
	// farkles in a row (houseCases).
	{"facebook-1000-toxic", game.Rules{Target: 1000, MinBank: 300, ToxicTwos: true, Scoring: farkle.FacebookScoring.Rules()}, 0},
	{"app-300-final-toxic", game.Rules{Target: 300, FinalRound: true, ToxicTwos: true, Scoring: farkle.AppScoring.Rules()}, 0},
	{"core-300-penalty-toxic", game.Rules{Target: 300, Penalty: 200, PenaltyAfter: 2, ToxicTwos: true, Scoring: farkle.CoreScoring.Rules()}, -200},
	{"core300-1000-sixones-mustroll", game.Rules{Target: 1000, MustRollHotDice: true, SixOnesWin: true, Scoring: coreOnes300()}, 0},
	{"core-600-bankrupt", game.Rules{Target: 600, Bankrupt: true, PenaltyAfter: 2, Scoring: farkle.CoreScoring.Rules()}, 0},
	{"core300-1000-bankrupt-toxic-sixones", game.Rules{Target: 1000, MinBank: 300, Bankrupt: true, PenaltyAfter: 2, ToxicTwos: true, SixOnesWin: true, Scoring: coreOnes300()}, 0},
	// slow: minutes.
	{"slow/facebook-200-penalty-final", game.Rules{Target: 200, FinalRound: true, MinBank: 100, Penalty: 100, PenaltyAfter: 2, Scoring: farkle.FacebookScoring.Rules()}, -100},
}

// coreOnes300 is the Core scoring with three 1s worth 300: six 1s score
// 600, under a target of 1,000.
func coreOnes300() farkle.Rules {
	r := farkle.CoreScoring.Rules()
	r.Triple[1] = 300
	return r
}

// refPlain are the reference cases that the plain run checks, the
// fastest of a minimum bank with must-roll hot dice, a penalty, and a
// penalty with toxic twos; the slow step of .ci/run (FARKLE_SLOW=1) checks
// every case.
var refPlain = map[string]bool{
	"app-500-minbank-mustroll": true,
	"core-200-penalty":         true,
	"core-300-penalty-toxic":   true,
}

// checkReference checks the table against the reference to 1e-9 at every
// turn-start position that both have, through Table.ChanceAt, and that
// the reference has every position of the table; it returns the largest
// difference.
func checkReference(t *testing.T, tb *Table, ref *refSolver) float64 {
	t.Helper()
	worst := 0.0
	seen := make([]bool, len(tb.w))
	nP := len(ref.players)
	for b := range nP {
		for d := range nP {
			for i := range ref.K {
				for j := range ref.K {
					pb, pd := ref.players[b], ref.players[d]
					s := pair{Mine: ref.lo + pb.score*ref.step, Theirs: ref.lo + pd.score*ref.step,
						MyFarkles: i, TheirFarkles: j, MyOnBoard: pb.on, TheirOnBoard: pd.on}
					st, err := tb.m.state(s)
					if err != nil {
						// Only an on-board 0 without a penalty, which
						// play does not reach, has no position.
						if s.Mine == 0 && s.MyOnBoard || s.Theirs == 0 && s.TheirOnBoard {
							continue
						}
						t.Fatalf("%+v: %v", s, err)
					}
					at := tb.m.idx(st.x, st.y, st.i, st.j)
					seen[at] = true
					want := ref.w[ref.idx(b, d, i, j)]
					got, err := tb.chance2(s)
					if err != nil || got != tb.w[at] {
						t.Fatalf("%+v: ChanceAt %v, %v; the table %v", s, got, err, tb.w[at])
					}
					worst = max(worst, math.Abs(got-want))
					if math.Abs(got-want) > 1e-9 {
						t.Fatalf("%+v: Solve %v, reference %v", s, got, want)
					}
				}
			}
		}
	}
	if i := slices.Index(seen, false); i >= 0 {
		t.Fatalf("position %d of the table is no position of the reference", i)
	}
	return worst
}

// refWide are the cases of winCases whose reference the slow step leaves
// out, to stay within CI's time, and FARKLE_WIDE=1 checks
// (testgate.Wide): a penalty at target 600, 24 CPU seconds, where
// refLarge checks a larger penalty game in the slow step.
var refWide = map[string]bool{"facebook-600-penalty": true}

// TestSolveReference checks Solve against the reference to 1e-9 at
// every turn-start position: the cases of refPlain in the plain run, all
// of them but refWide in the slow step (testgate.Slow), and those too with
// FARKLE_WIDE=1.
func TestSolveReference(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow: the reference takes seconds")
	}
	if testgate.Slow() {
		t.Parallel() // with the other long checks, on both cores
	}
	for _, c := range winCases {
		t.Run(c.name, func(t *testing.T) {
			if !refPlain[c.name] && !testgate.Slow() {
				t.Skip("the slow step of .ci/run checks this case: set FARKLE_SLOW=1")
			}
			if refWide[c.name] && !testgate.Wide() {
				t.Skip("one of the widest cases, which .ci/run leaves out: set FARKLE_SLOW=1 FARKLE_WIDE=1")
			}
			t.Parallel()
			checkCase(t, c)
		})
	}
}

// checkCase checks Solve against the reference for c.
func checkCase(t *testing.T, c winCase) {
	ref := newRefSolver(t, c.r, c.floor)
	ref.solve(t)
	tb, err := Solve(context.Background(), c.r, Options{Floor: c.floor})
	if err != nil {
		t.Fatal(err)
	}
	if tb.m.nS != ref.nS || tb.m.K != ref.K || tb.m.step != ref.step || tb.m.lo != ref.lo {
		// The on-board scores; the off-board ones are checked by position.
		t.Fatalf("sizes: table %d %d %d %d, reference %d %d %d %d",
			tb.m.nS, tb.m.K, tb.m.step, tb.m.lo, ref.nS, ref.K, ref.step, ref.lo)
	}
	worst := checkReference(t, tb, ref)
	t.Logf("first player %.9f, largest difference %.3g", tb.firstWin(), worst)
}

// refLarge are the reference cases of the slowest reference, a penalty
// with an opening minimum under Zilch scoring, whose six dice so rarely
// farkle that its turns are long: about 40 seconds on two cores at target
// 500 (8 minutes on one core at 2,000, run by hand with a larger Target).
// TestSolveReferenceLarge checks them in the slow step of .ci/run:
//
//	FARKLE_SLOW=1 go test -run TestSolveReferenceLarge -v ./strategy/win
var refLarge = []winCase{
	{"zilch-500-penalty-first-500", game.Rules{Target: 500, MinBank: 300, MinFirstBank: 500, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.ZilchScoring.Rules()}, -500},
}

// TestSolveReferenceLarge is TestSolveReference for refLarge.
func TestSolveReferenceLarge(t *testing.T) {
	testgate.Long(t)
	t.Parallel() // a long check: beside the others, on both cores
	for _, c := range refLarge {
		t.Run(c.name, func(t *testing.T) { checkCase(t, c) })
	}
}
