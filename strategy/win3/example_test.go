package win3_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win3"
)

// Solve the game of three under Core scoring to 1,300 points, without a
// final round: each seat's chance, the fairest head starts, and the
// positions where a player mixes two plays; then a game of three Bots.
func Example() {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1300}
	t, err := win3.Solve(context.Background(), r, win3.Options{})
	if err != nil {
		panic(err)
	}
	w := t.SeatWin()
	fmt.Printf("seats: %.2f%% %.2f%% %.2f%%\n", 100*w[0], 100*w[1], 100*w[2])
	b, c, fair := t.FairestHeadStarts()
	fmt.Printf("head starts %d and %d: %.2f%% %.2f%% %.2f%%\n", b, c, 100*fair[0], 100*fair[1], 100*fair[2])
	for _, mx := range t.Mixing() {
		fmt.Printf("mixed at %v: weight %.3f\n", mx.Scores, mx.Weight)
	}

	g, err := game.New(r, []string{"Ann", "Bob", "Cat"}, rand.NewPCG(1, 2))
	if err != nil {
		panic(err)
	}
	bot := win3.Bot{Table: t}
	if err := g.Play(bot, bot, bot); err != nil {
		panic(err)
	}
	winner, _ := g.View().Winner()
	fmt.Println(g.View().Players()[winner].Name, "won", g.View().Scores())
	// Output:
	// seats: 44.49% 31.79% 23.72%
	// head starts 150 and 250: 34.12% 33.04% 32.85%
	// mixed at [0 650 150]: weight 0.188
	// mixed at [150 0 650]: weight 0.070
	// Ann won [1550 550 0]
}
