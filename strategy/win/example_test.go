package win_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
	"github.com/farkle-go/farkle/strategy/win"
)

// Solve the game once, then ask it what to do with a roll, and seat a
// Bot that plays by it.
func Example() {
	r := game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}
	t, err := win.Solve(context.Background(), r, win.Options{}) // Players: 3 for three
	if err != nil {
		fmt.Println(err)
		return
	}
	s := win.State{Scores: []int{500, 1800}, TurnTotal: 300} // or win.StateOf(g.View())
	adv, err := t.Advise(s, []farkle.Die{1, 5, 2, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("keep %v, bank %v: %.1f%% to win\n", adv.Keep.Dice(), adv.Bank, 100*adv.Chance)
	g, err := game.New(r, []string{"Ann", "Bob"}, rand.NewPCG(1, 2))
	if err != nil {
		fmt.Println(err)
		return
	}
	bot := win.Bot{Table: t}
	if err := g.Play(bot, bot); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.View().Scores())
	// Output:
	// keep [1], bank false: 10.0% to win
	// [950 2150]
}

// Three players: each seat's chance from the start, the head starts that
// make the game fairest, and the positions where a player mixes two
// plays; then a game of three Bots.
func ExampleSolve_three() {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1300}
	t, err := win.Solve(context.Background(), r, win.Options{Players: 3})
	if err != nil {
		fmt.Println(err)
		return
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
		fmt.Println(err)
		return
	}
	bot := win.Bot{Table: t}
	if err := g.Play(bot, bot, bot); err != nil {
		fmt.Println(err)
		return
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

// The game of M. Busche and T. Neller (Core scoring, no final round, no
// minimum to bank, no penalty), to 2,000 points rather than 10,000 so
// that it solves in a fraction of a second: the first player's chance,
// and the head start for the second player that makes the game fairest.
func ExampleSolve() {
	r := game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}
	t, err := win.Solve(context.Background(), r, win.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	komi, first := t.FairestKomi()
	fmt.Printf("the first player wins %.2f%%\n", 100*t.SeatWin()[0])
	fmt.Printf("with %d points for the second player, %.2f%%\n", komi, 100*first)
	// Output:
	// the first player wins 57.88%
	// with 250 points for the second player, 49.20%
}

// Advice for a roll, far behind near the end of a game to 2,000: the
// chance to win of each candidate keep, rolling on or banking.
func ExampleTable_Advise() {
	r := game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}
	t, err := win.Solve(context.Background(), r, win.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := win.State{Scores: []int{500, 1800}, TurnTotal: 300}
	adv, err := t.Advise(s, []farkle.Die{1, 5, 2, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range adv.Choices {
		fmt.Printf("keep %v: roll %d dice %.1f%%", c.Keep.Dice(), c.DiceLeft, 100*c.Roll)
		if c.CanBank {
			fmt.Printf(", bank %d %.1f%%", c.TurnTotal, 100*c.BankChance)
		}
		fmt.Println()
	}
	fmt.Printf("advice: keep %v, bank %v\n", adv.Keep.Dice(), adv.Bank)
	// Output:
	// keep [1]: roll 4 dice 10.0%, bank 400 1.6%
	// keep [1 5]: roll 3 dice 8.7%, bank 450 1.8%
	// advice: keep [1], bank false
}

// A Bot plays a game of package game by a table solved for the game's
// rules, here against the expected-score bot of package strategy, with
// seeded dice. StateOf reads a position of the game for the table.
func ExampleBot() {
	r := game.Rules{Target: 1000, Scoring: farkle.CoreScoring.Rules()}
	t, err := win.Solve(context.Background(), r, win.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := game.New(r, []string{"Winner", "Scorer"}, rand.NewPCG(1, 2))
	if err != nil {
		fmt.Println(err)
		return
	}
	bot := win.Bot{Table: t}
	if err := bot.CheckRules(g.View().Rules()); err != nil {
		fmt.Println(err)
		return
	}
	st, err := strategy.Solve(context.Background(), g.View().Rules(), strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	chance, _ := t.Chance(win.StateOf(g.View()))
	fmt.Printf("%s to move: %.1f%% to win\n", g.View().Players()[g.View().Current()].Name, 100*chance)
	if err := g.Play(bot, strategy.Bot{Table: st}); err != nil {
		fmt.Println(err)
		return
	}
	w, _ := g.View().Winner()
	fmt.Printf("%s won, %d to %d\n", g.View().Players()[w].Name, g.View().Players()[w].Score, g.View().Players()[1-w].Score)
	// A Bot without a table, or with one of other rules, cannot play.
	fmt.Println(win.Bot{}.CheckRules(r))
	fmt.Println(win.Bot{Table: t}.CheckRules(game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}))
	// Output:
	// Winner to move: 60.2% to win
	// Winner won, 1250 to 950
	// win: no table: a Bot needs a Table solved for the game's rules
	// win: table solved for other rules: Target 1000, the game's 2000
}

// How often the win-optimal bot beats a bot that banks at 300, to 1,000
// points, going first and going second: exactly, not by simulation.
func ExampleDuel() {
	r := game.Rules{Target: 1000, Scoring: farkle.CoreScoring.Rules()}
	t, err := win.Solve(context.Background(), r, win.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := win.Duel(context.Background(), r, win.TablePolicy(t), win.ThresholdPolicy(300), win.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("first %.3f, second %.3f\n", res.FirstWins, res.SecondWins)
	// Output: first 0.720, second 0.518
}
