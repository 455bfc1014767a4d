package game_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// solveFor solves the strategy table of the rules of g, as the package
// documentation says.
func solveFor(t testing.TB, g *game.Game) *strategy.Table {
	t.Helper()
	table, err := strategy.Solve(context.Background(), g.View().Rules(), strategy.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return table
}

// bankCounter counts the times that its Bot asks to bank.
type bankCounter struct {
	game.Bot
	banks int
}

func (c *bankCounter) Decide(v game.View) (farkle.Hand, bool) {
	keep, bank := c.Bot.Decide(v)
	if bank {
		c.banks++
	}
	return keep, bank
}

// A strategy.Bot plays whole games through Game.Play, against a
// ThresholdBot and another strategy.Bot: the games end with one winner,
// and every bank that the strategy bots ask for is legal, as their
// options follow the rules, MinFirstBank included (off the board they play
// by the table's Opening), and every first bank reaches MinFirstBank.
func TestStrategyBotPlaysGames(t *testing.T) {
	custom := game.Rules{Target: 5000, FinalRound: true, MinBank: 350, MustRollHotDice: true, Scoring: farkle.ClassicScoring.Rules()}
	onBoard := game.Rules{Target: 4000, FinalRound: true, MinFirstBank: 1000, Scoring: farkle.CoreScoring.Rules()}
	for _, tc := range []struct {
		name  string
		rules game.Rules
	}{
		{"app", game.App.Rules()}, {"zilch", game.Zilch.Rules()}, {"facebook", game.Facebook.Rules()},
		{"custom", custom}, {"min first bank", onBoard},
	} {
		names := []string{"solver 1", "threshold", "solver 2"}
		g0, err := game.New(tc.rules, names, nil)
		if err != nil {
			t.Fatal(err)
		}
		table := solveFor(t, g0)
		wins := make([]int, 3)
		refused := 0 // banks asked for and not made
		for seed := range uint64(6) {
			g, err := game.New(tc.rules, names, rand.NewPCG(seed, 99))
			if err != nil {
				t.Fatal(err)
			}
			s1, s2 := &bankCounter{Bot: strategy.Bot{Table: table}}, &bankCounter{Bot: strategy.Bot{Table: table}}
			if err := g.Play(s1, game.ThresholdBot{BankAt: 400}, s2); err != nil {
				t.Fatalf("%s seed %d: %v", tc.name, seed, err)
			}
			w, over := g.View().Winner()
			if !over || !g.View().Over() {
				t.Fatalf("%s seed %d: Play returned before the end", tc.name, seed)
			}
			wins[w]++
			scores := g.View().Scores()
			if scores[w] != slices.Max(scores) || scores[w] < tc.rules.Target {
				t.Errorf("%s seed %d: winner %d with scores %v, target %d", tc.name, seed, w, scores, tc.rules.Target)
			}
			banked := make([]int, 3)
			won := 0
			for _, e := range g.EventsSince(0) {
				switch e.Kind {
				case game.EventBanked:
					if banked[e.Player] == 0 && e.Points < tc.rules.MinFirstBank {
						t.Errorf("%s seed %d: first bank of player %d: %d, under %d", tc.name, seed, e.Player, e.Points, tc.rules.MinFirstBank)
					}
					banked[e.Player]++
				case game.EventWon:
					won++
				}
			}
			if won != 1 {
				t.Errorf("%s seed %d: %d won events", tc.name, seed, won)
			}
			asked, made := s1.banks+s2.banks, banked[0]+banked[2]
			if asked != made {
				t.Errorf("%s seed %d: the strategy bots asked to bank %d times, banked %d times", tc.name, seed, asked, made)
			}
			refused += asked - made
		}
		if refused != 0 {
			t.Errorf("%s: PlayTurn rolled on %d times for the strategy bots", tc.name, refused)
		}
		t.Logf("%s: wins %v (solver, threshold, solver)", tc.name, wins)
	}
}

// The zero strategy.Bot plays the App rules.
func TestStrategyZeroBot(t *testing.T) {
	g, err := game.New(game.App.Rules(), []string{"zero", "solved"}, rand.NewPCG(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(strategy.Bot{}, strategy.Bot{Table: solveFor(t, g)}); err != nil {
		t.Fatal(err)
	}
	if !g.View().Over() {
		t.Fatal("Play returned before the end")
	}
}

// The turn-optimal strategy of package strategy plays a short game against
// a ThresholdBot: a strategy.Bot is a game.Bot.
func ExampleGame_Play_strategy() {
	rules := game.App.Rules()
	rules.Target = 2000
	g, err := game.New(rules, []string{"Solver", "Threshold"}, rand.NewPCG(7, 7))
	if err != nil {
		panic(err)
	}
	table, err := strategy.Solve(context.Background(), g.View().Rules(), strategy.Options{})
	if err != nil {
		panic(err)
	}
	if err := g.Play(strategy.Bot{Table: table}, game.ThresholdBot{BankAt: 350}); err != nil {
		panic(err)
	}
	w, _ := g.View().Winner()
	fmt.Println("turns:", g.View().Turn())
	fmt.Println("scores:", g.View().Scores())
	fmt.Println("winner:", g.View().Players()[w].Name)
	// Output:
	// turns: 12
	// scores: [2950 2600]
	// winner: Solver
}
