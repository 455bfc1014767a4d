package strategy

import (
	"context"

	"github.com/farkle-go/farkle/game"
	"math"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// presets are the rule sets of package farkle that the exhaustive tests
// solve.
var presets = []farkle.Scoring{farkle.AppScoring, farkle.CoreScoring, farkle.FacebookScoring, farkle.ZilchScoring, farkle.ClassicScoring}

// optionSets are the play options the exhaustive tests solve every preset
// for.
var optionSets = []turnRules{
	{},
	{MustRollHotDice: true},
	{MinBank: 300},
	{MinBank: 500, MustRollHotDice: true},
}

// cmpOpts let cmp.Diff show Partitions and Hands, whose fields are
// unexported, by their String forms, which tell them apart exactly.
var cmpOpts = cmp.Options{
	cmp.Transformer("Partition", farkle.Partition.String),
	cmp.Transformer("Hand", farkle.Hand.String),
}

// fataler is what the helpers need of *testing.T, *testing.B and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func newScorer(t fataler, p farkle.Scoring) *farkle.Scorer {
	t.Helper()
	s, err := farkle.New(p.Rules())
	if err != nil {
		t.Fatalf("farkle.New(%v): %v", p, err)
	}
	return s
}

func mustSolve(t fataler, s *farkle.Scorer, o turnRules) *Table {
	t.Helper()
	tb, err := solveWith(s, o)
	if err != nil {
		t.Fatalf("solveWith(%+v): %v", o, err)
	}
	return tb
}

// hand returns the Hand of dice, which must be valid.
func hand(t fataler, dice ...farkle.Die) farkle.Hand {
	t.Helper()
	h, err := farkle.HandOf(dice)
	if err != nil {
		t.Fatalf("HandOf(%v): %v", dice, err)
	}
	return h
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

func closeTo(got, want, rel float64) bool {
	d := got - want
	if d < 0 {
		d = -d
	}
	return d <= rel*max(1, abs(want))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// overBound returns 2^40 + d, the bound on turn totals plus d, or
// math.MaxInt where an int cannot hold it (on 32-bit platforms).
func overBound(d int64) int {
	x := int64(maxTurnTotal) + d
	if x > math.MaxInt {
		return math.MaxInt
	}
	return int(x)
}

// solveWith solves the table of s's scoring rules (the App rules for a
// nil s) under the rules of play o, through Solve.
func solveWith(s *farkle.Scorer, o turnRules) (*Table, error) {
	r := game.Rules{MinBank: o.MinBank, MustRollHotDice: o.MustRollHotDice, ToxicTwos: o.ToxicTwos}
	if s != nil {
		r.Scoring = s.Rules()
	}
	return Solve(context.Background(), r, Options{})
}

// solveAverageWith solves the AverageTable of s's scoring rules (the App
// rules for a nil s) under the rules of play o, through SolveAverage.
func solveAverageWith(s *farkle.Scorer, o avgRules) (*AverageTable, error) {
	r := game.Rules{MinBank: o.MinBank, MustRollHotDice: o.MustRollHotDice, Penalty: o.Penalty, PenaltyAfter: o.PenaltyAfter, ToxicTwos: o.ToxicTwos}
	if s != nil {
		r.Scoring = s.Rules()
	}
	return SolveAverage(context.Background(), r, Options{})
}

// handOf returns the Hand of dice, which are valid: the dice of a keep or
// of its rest.
func handOf(dice []farkle.Die) farkle.Hand {
	h, _ := farkle.HandOf(dice)
	return h
}
