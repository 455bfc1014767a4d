package win

import (
	"context"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// fataler is what the helpers need of *testing.T, *testing.B and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func mustSolve(t fataler, r game.Rules) *strategy.Table {
	t.Helper()
	tb, err := strategy.Solve(context.Background(), r, strategy.Options{})
	if err != nil {
		t.Fatalf("strategy.Solve(%+v): %v", r, err)
	}
	return tb
}

// orderedRolls calls f with every ordered roll of n dice (the same slice,
// refilled).
func orderedRolls(n int, f func(roll []farkle.Die)) {
	roll := make([]farkle.Die, n)
	var walk func(k int)
	walk = func(k int) {
		if k == n {
			f(roll)
			return
		}
		for d := farkle.Die(1); d <= 6; d++ {
			roll[k] = d
			walk(k + 1)
		}
	}
	walk(0)
}

// pub returns the State of p, for the public methods.
func pub(p pair) State {
	return State{Scores: []int{p.Mine, p.Theirs}, Farkles: []int{p.MyFarkles, p.TheirFarkles},
		OnBoard: []bool{p.MyOnBoard, p.TheirOnBoard}, TurnTotal: p.TurnTotal, DiceLeft: p.DiceLeft}
}
