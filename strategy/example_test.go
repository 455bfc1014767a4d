package strategy_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// The chance of a farkle with one to six dice under the App rules, exactly
// and rounded.
func ExampleTable_Odds() {
	t, err := strategy.Solve(context.Background(), game.Rules{}, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		o, err := t.Odds(n)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d dice: farkle %v = %.2f%%, best keep %.1f points on average\n", n, o.FarkleRat(), 100*o.FarkleProb(), o.Mean)
	}
	// Output:
	// 1 dice: farkle 2/3 = 66.67%, best keep 25.0 points on average
	// 2 dice: farkle 4/9 = 44.44%, best keep 50.0 points on average
	// 3 dice: farkle 5/18 = 27.78%, best keep 86.8 points on average
	// 4 dice: farkle 17/108 = 15.74%, best keep 143.5 points on average
	// 5 dice: farkle 25/324 = 7.72%, best keep 225.8 points on average
	// 6 dice: farkle 5/216 = 2.31%, best keep 430.3 points on average
}

// The smallest turn total at which to bank, per number of dice left, under
// the App rules when hot dice may be banked.
func ExampleTable_BankThreshold() {
	t, err := strategy.Solve(context.Background(), game.Rules{}, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		total, _ := t.BankThreshold(n)
		fmt.Printf("%d dice left: bank from %d\n", n, total)
	}
	fmt.Printf("a turn is worth %.2f points\n", t.TurnValue())
	// Output:
	// 1 dice left: bank from 350
	// 2 dice left: bank from 300
	// 3 dice left: bank from 450
	// 4 dice left: bank from 1050
	// 5 dice left: bank from 3100
	// 6 dice left: bank from 18600
	// a turn is worth 606.98 points
}

// Advice for a roll of 1, 5, 2, 2, 3, 6 with 300 points in the turn,
// with the alternatives a hint button could show.
func ExampleTable_Advise() {
	t, err := strategy.Solve(context.Background(), game.Rules{}, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	adv, err := t.Advise(strategy.State{TurnTotal: 300, DiceLeft: 6}, []farkle.Die{1, 5, 2, 2, 3, 6})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range adv.Choices {
		fmt.Printf("keep %v and roll %d dice: expected %.0f", c.Keep.Dice(), c.DiceLeft, c.Roll)
		if c.CanBank {
			fmt.Printf("; keep %v and bank: %d", c.Keep.Dice(), c.TurnTotal)
		}
		fmt.Println()
	}
	fmt.Printf("advice: keep %v, leave %v, bank %v\n", adv.Keep.Dice(), adv.Keep.Rest(), adv.Bank)
	// Output:
	// keep [1] and roll 5 dice: expected 641; keep [1] and bank: 400
	// keep [1 5] and roll 4 dice: expected 542; keep [1 5] and bank: 450
	// advice: keep [1], leave [2 2 3 5 6], bank false
}

// House rules: Facebook scoring, where a turn must reach 500 before it
// can be banked. The table answers how much a turn is worth, and when to
// stop with three dice left.
func ExampleSolve() {
	r := game.Rules{Scoring: farkle.FacebookScoring.Rules(), MinBank: 500}
	t, err := strategy.Solve(context.Background(), r, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	th, _ := t.BankThreshold(3)
	fmt.Printf("a turn is worth %.1f points; with 3 dice left, bank from %d\n", t.TurnValue(), th)
	// Output:
	// a turn is worth 523.0 points; with 3 dice left, bank from 500
}

// A Bot plays a game of package game by a table solved for the game's
// rules: here, Zilch play (bank at 300 or more, a penalty for three
// farkles in a row) against a bot that banks at 400.
func ExampleBot() {
	g, err := game.New(game.Zilch.Rules(), []string{"Solver", "Banker"}, rand.NewPCG(1, 2))
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := strategy.Solve(context.Background(), g.View().Rules(), strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	solver := strategy.Bot{Table: t}

	// One decision, on dice given by hand: keep the 1, roll five dice.
	if err := g.RollDice([]farkle.Die{1, 5, 2, 2, 3, 6}); err != nil {
		fmt.Println(err)
		return
	}
	keep, bank := solver.Decide(g.View())
	fmt.Printf("from 1 5 2 2 3 6: keep %v, bank %v\n", keep, bank)

	// The rest of the game.
	if err := g.Keep(keep.Dice()); err != nil {
		fmt.Println(err)
		return
	}
	if err := g.Play(solver, game.ThresholdBot{BankAt: 400}); err != nil {
		fmt.Println(err)
		return
	}
	_, over := g.View().Winner()
	fmt.Println("game over:", over)
	// Output:
	// from 1 5 2 2 3 6: keep 1, bank false
	// game over: true
}

// Advice on the roll of a game in progress: the State and the roll come
// from the game's View, and the advised keep goes back to the game.
func ExampleStateOf() {
	g, err := game.New(game.App.Rules(), []string{"Ann", "Bob"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := strategy.Solve(context.Background(), g.View().Rules(), strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := g.RollDice([]farkle.Die{1, 5, 2, 2, 3, 6}); err != nil {
		fmt.Println(err)
		return
	}
	v := g.View()
	s := strategy.StateOf(v)
	a, err := t.Advise(s, v.Roll())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v: keep %v, bank %v\n", s, a.Keep.Dice(), a.Bank)
	fmt.Println(g.Keep(a.Keep.Dice()), v.TurnTotal(), v.DiceLeft())
	// Output:
	// {TurnTotal:0 DiceLeft:6 Farkles:0}: keep [1], bank false
	// <nil> 100 5
}
