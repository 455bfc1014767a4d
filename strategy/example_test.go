package strategy_test

import (
	"fmt"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/strategy"
)

// The chance of a farkle with one to six dice under the App rules, exactly
// and rounded.
func ExampleRollOdds() {
	for n := 1; n <= farkle.MaxDice; n++ {
		o, err := strategy.RollOdds(nil, n)
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
	t, err := strategy.Solve(nil, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		total, _ := t.BankThreshold(n)
		fmt.Printf("%d dice left: bank from %d\n", n, total)
	}
	fmt.Printf("a turn is worth %.1f points\n", t.TurnValue())
	// Output:
	// 1 dice left: bank from 350
	// 2 dice left: bank from 300
	// 3 dice left: bank from 450
	// 4 dice left: bank from 1050
	// 5 dice left: bank from 3100
	// 6 dice left: bank from 18600
	// a turn is worth 607.0 points
}

// Advice for a roll of 1, 5, 2, 2, 3, 6 with 300 points in the turn,
// with the alternatives a hint button could show.
func ExampleAdvise() {
	t, err := strategy.Solve(nil, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	adv, err := strategy.Advise(t, []farkle.Die{1, 5, 2, 2, 3, 6}, 300)
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
	fmt.Printf("advice: keep %v, bank %v\n", adv.Keep.Dice(), adv.Bank)
	// Output:
	// keep [1] and roll 5 dice: expected 641; keep [1] and bank: 400
	// keep [1 5] and roll 4 dice: expected 542; keep [1 5] and bank: 450
	// advice: keep [1], bank false
}
