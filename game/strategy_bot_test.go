package game_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// strategyOptions are the options of package strategy that match the
// rules of play r (MinFirstBank has none).
func strategyOptions(r game.Rules) strategy.Options {
	return strategy.Options{MinBank: r.MinBank, MustRollHotDice: r.HotDice == game.HotDiceMustRoll}
}

// bankCounter counts the times that its Bot asks to bank.
type bankCounter struct {
	game.Bot
	banks int
}

func (c *bankCounter) Decide(roll []farkle.Die, turnTotal int) ([]farkle.Die, bool) {
	keep, bank := c.Bot.Decide(roll, turnTotal)
	if bank {
		c.banks++
	}
	return keep, bank
}

// A strategy.Bot plays whole games through Game.Play under the presets,
// against a ThresholdBot and another strategy.Bot: the games end with one
// winner, and every bank that the strategy bots ask for is legal, as their
// options follow the rules.
func TestStrategyBotPlaysGames(t *testing.T) {
	classic, err := farkle.New(farkle.Classic)
	if err != nil {
		t.Fatal(err)
	}
	custom := game.Rules{Target: 5000, FinalRound: true, MinBank: 350, HotDice: game.HotDiceMustRoll, Scorer: classic}
	for _, tc := range []struct {
		name  string
		rules game.Rules
	}{{"App", game.App}, {"Zilch", game.Zilch}, {"Facebook", game.Facebook}, {"custom", custom}} {
		table, err := strategy.Solve(tc.rules.Scorer, strategyOptions(tc.rules))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		wins := make([]int, 3)
		for seed := range uint64(6) {
			g, err := game.New(tc.rules, []string{"solver 1", "threshold", "solver 2"}, rand.NewPCG(seed, 99))
			if err != nil {
				t.Fatal(err)
			}
			s1, s2 := &bankCounter{Bot: strategy.NewBot(table)}, &bankCounter{Bot: strategy.NewBot(table)}
			if err := g.Play(s1, game.ThresholdBot{Scorer: tc.rules.Scorer, BankAt: 400}, s2); err != nil {
				t.Fatalf("%s seed %d: %v", tc.name, seed, err)
			}
			w, over := g.Winner()
			if !over || !g.Over() {
				t.Fatalf("%s seed %d: Play returned before the end", tc.name, seed)
			}
			wins[w]++
			scores := g.Scores()
			target := tc.rules.Target
			if scores[w] != slices.Max(scores) || scores[w] < target {
				t.Errorf("%s seed %d: winner %d with scores %v, target %d", tc.name, seed, w, scores, target)
			}
			banked := make([]int, 3)
			won := 0
			for _, e := range g.Events() {
				switch e.Kind {
				case game.EventBanked:
					banked[e.Player]++
				case game.EventWon:
					won++
				}
			}
			if won != 1 {
				t.Errorf("%s seed %d: %d won events", tc.name, seed, won)
			}
			if s1.banks != banked[0] || s2.banks != banked[2] {
				t.Errorf("%s seed %d: the strategy bots asked to bank %d and %d times, banked %d and %d",
					tc.name, seed, s1.banks, s2.banks, banked[0], banked[2])
			}
		}
		t.Logf("%s: wins %v (solver, threshold, solver)", tc.name, wins)
	}
}

// The turn-optimal strategy of package strategy plays a short game against
// a ThresholdBot: a strategy.Bot is a game.Bot.
func ExampleGame_Play_strategy() {
	rules := game.App
	rules.Target = 2000
	table, err := strategy.Solve(rules.Scorer, strategy.Options{
		MinBank:         rules.MinBank,
		MustRollHotDice: rules.HotDice == game.HotDiceMustRoll,
	})
	if err != nil {
		panic(err)
	}
	g, err := game.New(rules, []string{"Solver", "Threshold"}, rand.NewPCG(7, 7))
	if err != nil {
		panic(err)
	}
	if err := g.Play(strategy.NewBot(table), game.ThresholdBot{BankAt: 350}); err != nil {
		panic(err)
	}
	w, _ := g.Winner()
	fmt.Println("turns:", g.Turn())
	fmt.Println("scores:", g.Scores())
	fmt.Println("winner:", g.Players()[w].Name)
	// Output:
	// turns: 12
	// scores: [2950 2600]
	// winner: Solver
}
