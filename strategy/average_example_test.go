package strategy_test

import (
	"context"
	"fmt"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// M. Busche's Zilch game: bank from 300 points, and the third zilch
// (farkle) in a row costs 500. Played for the best average per turn, with
// a strategy that depends on the zilches in a row, it scores 620.855
// points a turn; the bank thresholds fall as the penalty nears.
func ExampleSolveAverage() {
	r := game.Rules{Scoring: farkle.ZilchScoring.Rules(), MinBank: 300, Penalty: 500, PenaltyAfter: 3}
	t, err := strategy.SolveAverage(context.Background(), r, strategy.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("average per turn: %.3f\n", t.Gain())
	for k := range 3 {
		bias, _ := t.Bias(k)
		fmt.Printf("%d zilches in a row: worth %6.2f; bank with 1 to 5 dice from", k, bias)
		for n := 1; n <= 5; n++ {
			th, _ := t.BankThreshold(k, n)
			fmt.Printf(" %d", th)
		}
		fmt.Println()
	}
	// Output:
	// average per turn: 620.855
	// 0 zilches in a row: worth   0.00; bank with 1 to 5 dice from 350 300 450 1050 3150
	// 1 zilches in a row: worth -11.19; bank with 1 to 5 dice from 300 300 350 1000 3050
	// 2 zilches in a row: worth -73.70; bank with 1 to 5 dice from 300 300 300 550 2650
}
