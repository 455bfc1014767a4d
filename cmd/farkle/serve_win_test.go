package main

import (
	"context"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// TestServeWinChances checks that serve's advice gets the chance to win
// of each choice once the game's table is solved in the background, the
// same chances as Advise gives from the table solved for the game's rules
// (in the last turn of a final round too), for three players the mover's
// chance from a table of three players (with a final round too), and
// chances under a penalty too. Each table is solved once, and the test
// waits for its solve, not for a time; package strategy/win checks the
// tables themselves.
func TestServeWinChances(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("solves a game: package strategy tests the solver under the race detector")
	}
	r := game.App.Rules()
	r.Target = 500
	g, err := game.New(r, []string{"Ann", "Bot"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	var choices []web.ChoiceJSON
	for _, dice := range [][]farkle.Die{{1}, {1, 5}, {1, 5, 5}} {
		var c web.ChoiceJSON
		c.Dice, _ = farkle.HandOf(dice)
		choices = append(choices, c)
	}
	w := newWinChances(context.Background(), "", nil)
	// solved returns the table of v's rules once w has solved it, in the
	// background: it waits for the solve, not for a time.
	solved := func(v game.View) *win.Table {
		t.Helper()
		e := w.entry(v.Rules(), v.NumPlayers())
		<-e.done
		if e.err != nil || e.t == nil {
			t.Fatalf("no table solved for the rules %+v: %v", v.Rules(), e.err)
		}
		return e.t
	}
	tb := solved(g.View())
	got, ok := w.chances(g.View(), choices)
	if !ok {
		t.Fatal("no win chances once the table is solved")
	}
	adv, err := tb.Advise(win.State{Scores: []int{0, 0}, DiceLeft: 6}, g.View().Roll())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range choices {
		h := c.Dice
		want := -1.0
		for _, wc := range adv.Choices {
			if slices.Equal(wc.Keep.Dice(), h.Dice()) {
				want = wc.Chance
			}
		}
		if got[i] != want || want < 0 || want > 1 {
			t.Errorf("keep %v: win chance %v, want %v", c.Dice, got[i], want)
		}
	}

	// The final round: Ann banks 1,000 (of a target of 500), and the
	// Bot's last turn has chances too, those of its last turn.
	last, _ := game.New(r, []string{"Ann", "Bot"}, nil)
	for _, step := range []func() error{
		func() error { return last.RollDice([]farkle.Die{1, 1, 1, 2, 3, 4}) },
		func() error { return last.Keep([]farkle.Die{1, 1, 1}) },
		func() error { return last.Bank() },
		func() error { return last.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if !last.View().FinalRound() {
		t.Fatal("no final round after a bank of 1,000")
	}
	lc, ok := w.chances(last.View(), choices)
	if !ok {
		t.Fatal("no win chances in the final round")
	}
	s := win.StateOf(last.View())
	ladv, err := tb.Advise(s, last.View().Roll())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range choices {
		want := -1.0
		for _, wc := range ladv.Choices {
			if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) {
				want = wc.Chance
			}
		}
		if lc[i] != want || want <= 0 || want >= 1 {
			t.Errorf("the last turn, keep %v: win chance %v, want %v in (0, 1)", c.Dice, lc[i], want)
		}
	}

	// Three players, without and with a final round: the mover's chance
	// and every seat's from the table of strategy/win, once solved.
	for _, r3 := range []game.Rules{{Scoring: farkle.CoreScoring.Rules(), Target: 1000}, r} {
		g3, _ := game.New(r3, []string{"a", "b", "c"}, nil)
		if err := g3.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
			t.Fatal(err)
		}
		tb3 := solved(g3.View())
		got3, ok := w.chances(g3.View(), choices)
		if !ok {
			t.Fatalf("final round %v: no win chances for three players once solved", r3.FinalRound)
		}
		adv3, err := tb3.Advise(win.State{Scores: []int{0, 0, 0}}, g3.View().Roll())
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range choices {
			want := -1.0
			for _, wc := range adv3.Choices {
				if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) {
					want = wc.Chances[0]
				}
			}
			if got3[i] != want || want <= 0 || want >= 1 {
				t.Errorf("three players, final round %v, keep %v: win chance %v, want %v", r3.FinalRound, c.Dice, got3[i], want)
			}
		}
		seats, ok := w.seatChances(g3.View(), choices)
		if !ok || len(seats) != len(choices) {
			t.Fatalf("seat chances %v, %v", seats, ok)
		}
		for i, c := range choices {
			for _, wc := range adv3.Choices {
				if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) && !slices.Equal(seats[i], wc.Chances) {
					t.Errorf("three players, final round %v, keep %v: seat chances %v, want %v", r3.FinalRound, c.Dice, seats[i], wc.Chances)
				}
			}
		}
	}
	if _, ok := w.seatChances(g.View(), choices); ok {
		t.Error("seat chances for two players")
	}
	// A penalty: chances once solved, as without one.
	z := game.Zilch.Rules()
	z.Target, z.FinalRound = 500, false // Zilch's final round takes minutes
	pen, _ := game.New(z, []string{"a", "b"}, nil)
	if err := pen.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	solved(pen.View())
	p, ok := w.chances(pen.View(), choices)
	if !ok {
		t.Fatal("no win chances under a penalty once solved")
	}
	for i, c := range p {
		if c <= 0 || c >= 1 {
			t.Errorf("keep %v under a penalty: win chance %v", choices[i].Dice, c)
		}
	}
}
