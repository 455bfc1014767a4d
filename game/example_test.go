package game_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/farkle-go/farkle/game"
)

// Two simple bots play a whole game to 3,000 points with a final round,
// from a seed: the same seed always plays the same game. Each line is one
// turn: the rolls with the dice kept, and how the turn ended.
func Example() {
	rules := game.App
	rules.Target = 3000
	g, err := game.New(rules, []string{"Ann", "Bob"}, rand.NewPCG(2024, 1))
	if err != nil {
		panic(err)
	}
	bots := []game.Bot{
		game.ThresholdBot{BankAt: 300},  // Ann banks early
		game.ThresholdBot{BankAt: 1000}, // Bob takes risks
	}
	seen := 0
	for !g.Over() {
		name := g.Players()[g.Current()].Name
		if err := g.PlayTurn(bots[g.Current()]); err != nil {
			panic(err)
		}
		events := g.Events()
		var turn []string
		for _, e := range events[seen:] {
			switch e.Kind {
			case game.EventRolled:
				turn = append(turn, fmt.Sprint(e.Dice))
			case game.EventKept:
				turn[len(turn)-1] += fmt.Sprint(" keep ", e.Dice)
			case game.EventHotDice:
				turn = append(turn, "hot dice")
			case game.EventFarkled:
				turn = append(turn, "farkle")
			case game.EventBanked:
				turn = append(turn, fmt.Sprintf("bank %d: %d", e.Points, e.Total))
			case game.EventFinalRound:
				turn = append(turn, "final round")
			case game.EventWon:
				turn = append(turn, g.Players()[e.Player].Name+" wins")
			}
		}
		seen = len(events)
		fmt.Printf("%s: %s\n", name, strings.Join(turn, ", "))
	}
	fmt.Println("scores:", g.Scores())
	// Output:
	// Ann: [2 6 3 2 5 6] keep [5], [3 1 4 6 1] keep [1 1], [3 2 2], farkle
	// Bob: [3 6 6 3 4 6] keep [6 6 6], [6 4 1] keep [1], [1 3] keep [1], [4], farkle
	// Ann: [4 4 4 5 2 2] keep [4 4 4 5], bank 450: 450
	// Bob: [3 1 1 6 1 5] keep [1 1 1 5], bank 1050: 1050
	// Ann: [6 3 6 5 3 3] keep [3 3 3 5], bank 350: 800
	// Bob: [4 5 6 5 5 6] keep [5 5 5], [5 3 1] keep [1 5], [6], farkle
	// Ann: [5 1 6 2 1 4] keep [1 1 5], [6 4 5] keep [5], bank 300: 1100
	// Bob: [4 3 3 6 2 3] keep [3 3 3], [5 5 4] keep [5 5], [5] keep [5], hot dice, [1 2 6 6 4 4] keep [1], [5 2 1 4 5] keep [1 5 5], [4 6], farkle
	// Ann: [4 1 4 2 5 4] keep [1 4 4 4 5], bank 550: 1650
	// Bob: [6 4 2 4 1 3] keep [1], [2 5 2 2 5] keep [2 2 2 5 5], hot dice, [4 6 6 6 3 6] keep [6 6 6 6], bank 1400: 2450
	// Ann: [6 6 4 6 2 3] keep [6 6 6], bank 600: 2250
	// Bob: [4 4 4 1 5 4] keep [1 4 4 4 4 5], hot dice, bank 1150: 3600, final round
	// Ann: [2 6 4 6 6 4] keep [6 6 6], bank 600: 2850, Bob wins
	// scores: [2850 3600]
}
