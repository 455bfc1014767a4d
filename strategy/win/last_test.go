package win

import (
	"errors"
	"github.com/google/go-cmp/cmp"
	"math"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/testgate"
)

// The last turn of a final round (State.LastTurn) against the reference's
// own chances of the last turn (refSolver.solveReach, over every roll and
// every legal keep).

// lastCases are the rule sets with a final round whose last turns the
// tests check: a minimum bank, and an opening minimum.
var lastCases = []winCase{
	{"facebook-500-final", winFinal, 0},
	{"facebook-1000-final-first-500", winOpening, 0},
}

// refLast returns the reference chance of the last turn from s: banking
// if it may and it ends above the opponent, else rolling on, with the
// reference's chance of banking need more points.
func refLast(ref *refSolver, s pair) float64 {
	r := ref.r
	need := max(s.Theirs-s.Mine+1, r.MinBank, 1)
	if !s.MyOnBoard && s.Mine <= 0 {
		need = max(need, r.MinFirstBank)
	}
	n := s.DiceLeft
	if s.TurnTotal >= need && (n < farkle.MaxDice || !r.MustRollHotDice) {
		return 1
	}
	k := (need - s.TurnTotal + ref.step - 1) / ref.step
	if k < len(ref.reach) {
		return ref.reach[k][n]
	}
	return 0
}

// TestLastTurn checks ChanceAt in the last turn of a final round against
// the reference, the average of Advise over the rolls against ChanceAt,
// and the chance of rolling on with enough already: that of not
// farkling.
func TestLastTurn(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	ix := multiset.Get()
	for _, c := range lastCases {
		t.Run(c.name, func(t *testing.T) {
			tb := solvedWin(t, c.r, c.floor)
			ref := newRefSolver(t, c.r, c.floor)
			checked := 0
			for _, mine := range []int{0, 50, 300, c.r.Target - 50} {
				for _, on := range []bool{true, false} {
					if on == (mine == 0) && c.r.MinFirstBank > 0 || !on && c.r.MinFirstBank == 0 {
						continue // no such player
					}
					for _, theirs := range []int{c.r.Target, c.r.Target + 350, c.r.Target + 1000} {
						for _, total := range []int{0, 100, 450, 1500} {
							for n := 1; n <= farkle.MaxDice; n++ {
								s := pair{Mine: mine, Theirs: theirs, TurnTotal: total, DiceLeft: n, MyOnBoard: on, LastTurn: true}
								got, err := tb.chance2(s)
								if err != nil {
									t.Fatalf("ChanceAt(%+v): %v", s, err)
								}
								if want := refLast(ref, s); math.Abs(got-want) > 1e-12 {
									t.Fatalf("ChanceAt(%+v) = %v, reference %v", s, got, want)
								}
								checked++
								if total >= theirs-mine+1 || raceEnabled {
									continue
								}
								// Rolling n dice now: the chances of the advice,
								// averaged over the rolls.
								var avg float64
								roll := make([]farkle.Die, n)
								for i := ix.First[n]; i < ix.First[n+1]; i++ {
									for k := range roll {
										roll[k] = farkle.Die(ix.Sorted[i][k])
									}
									a, err := tb.advise2(s, roll)
									if err != nil {
										t.Fatal(err)
									}
									avg += a.Chance * float64(ix.Orders[i]) / math.Pow(6, float64(n))
								}
								if math.Abs(avg-got) > 1e-12 {
									t.Fatalf("%+v: the advice averages %v, ChanceAt %v", s, avg, got)
								}
							}
						}
					}
				}
			}
			if checked < 200 {
				t.Errorf("checked %d states, want at least 200", checked)
			}
			// 1 1 1 5 with 1000 in the turn, 1500 needed: keeping the 1s
			// and the 5 (1050, 2 dice left) is short; keeping them and
			// rolling on is the advice, and its chance is that of the
			// reference. Banking short is never advised.
			s := pair{Mine: 300, Theirs: c.r.Target + 700, TurnTotal: 0, MyOnBoard: true, LastTurn: true}
			a, err := tb.advise2(s, []farkle.Die{1, 1, 1, 5, 2, 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, ch := range a.Choices {
				if ch.Bank && ch.TurnTotal <= s.Theirs-s.Mine {
					t.Errorf("%+v: banks %v, short of the opponent", s, ch)
				}
				if ch.TurnTotal > s.Theirs-s.Mine && ch.CanBank && (!ch.Bank || ch.Chance != 1) {
					t.Errorf("%+v: %v does not bank to win", s, ch)
				}
				after := pair{Mine: s.Mine, Theirs: s.Theirs, TurnTotal: ch.TurnTotal, DiceLeft: ch.DiceLeft, MyOnBoard: true, LastTurn: true}
				if want := refLast(ref, after); !ch.Bank && math.Abs(ch.Roll-want) > 1e-12 {
					t.Errorf("%+v: rolling on after %v: %v, reference %v", s, ch.Keep, ch.Roll, want)
				}
			}
			// Enough already with n dice left: rolling on wins unless the
			// roll farkles.
			for n := 1; n < farkle.MaxDice; n++ {
				s := pair{Mine: 300, Theirs: c.r.Target, TurnTotal: c.r.Target, DiceLeft: n, MyOnBoard: true, LastTurn: true}
				if got := tb.m.lastRoll(0, n); math.Abs(got-(1-ref.pf[n])) > 1e-15 {
					t.Errorf("%+v: rolling on wins %v, want 1 - %v", s, got, ref.pf[n])
				}
			}
		})
	}
}

// TestLastTurnErrors checks the States of a last turn that a table has no
// answer for.
func TestLastTurnErrors(t *testing.T) {
	final := solvedWin(t, winFinal, 0)
	plain := solvedWin(t, winCore, 0)
	for _, c := range []struct {
		tb   *Table
		s    State
		want error
	}{
		{plain, State{Scores: []int{0, 2000}}, ErrScore},
		{final, State{Scores: []int{0, 525}}, ErrScore},
		{final, State{Scores: []int{500, 600}}, ErrScore},
		{final, State{Scores: []int{0, 600}, TurnTotal: 25}, ErrTurnTotal},
		{final, State{Scores: []int{0, 600}, DiceLeft: 7}, ErrDiceLeft},
		{final, State{Scores: []int{0, 600, 0}}, ErrPlayers},
	} {
		_, err := c.tb.Chance(c.s)
		var se *StateError
		if !errors.Is(err, c.want) || !errors.As(err, &se) || !cmp.Equal(se.State, c.s) {
			t.Errorf("Chance(%+v) = %v, want a *StateError wrapping %v", c.s, err, c.want)
		}
		if _, err := c.tb.Advise(c.s, []farkle.Die{1, 2, 3}); !errors.Is(err, c.want) && c.want != ErrDiceLeft {
			t.Errorf("Advise(%+v) = %v, want %v", c.s, err, c.want)
		}
	}
}

// TestStateOfLastTurn: in the final round of a game, StateOf says so, and
// the table of its rules advises the last turn.
func TestStateOfLastTurn(t *testing.T) {
	g, err := game.New(winFinal, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		roll, keep []farkle.Die
	}{
		{[]farkle.Die{1, 1, 1, 2, 3, 4}, []farkle.Die{1, 1, 1}}, // a: 1000 in the turn, banked: the final round
	} {
		if err := g.RollDice(m.roll); err != nil {
			t.Fatal(err)
		}
		if err := g.Keep(m.keep); err != nil {
			t.Fatal(err)
		}
		if err := g.Bank(); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.RollDice([]farkle.Die{1, 5, 2, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	s := StateOf(g.View())
	want := State{Scores: []int{0, 1000}, Farkles: []int{0, 0}, OnBoard: []bool{false, true}, DiceLeft: 6}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Fatalf("StateOf (-want +got):\n%s", diff)
	}
	tb := solvedWin(t, winFinal, 0)
	a, err := tb.Advise(s, []farkle.Die{1, 5, 2, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Bank || a.Chance <= 0 || a.Chance >= 1 {
		t.Errorf("Advise(%+v) = %+v; want to roll on, with a chance", s, a)
	}
	t.Logf("the last turn from 0 against 1000: %.4f", a.Chance)
}
