package strategy

import "github.com/farkle-go/farkle"

// preset is a named rules preset of package farkle.
type preset struct {
	name  string
	rules farkle.Rules
}

var presets = []preset{
	{"App", farkle.App},
	{"Core", farkle.Core},
	{"Facebook", farkle.Facebook},
	{"Zilch", farkle.Zilch},
	{"Classic", farkle.Classic},
}

// optionSets are the play options the exhaustive tests solve every preset
// for.
var optionSets = []Options{
	{},
	{MustRollHotDice: true},
	{MinBank: 300},
	{MinBank: 500, MustRollHotDice: true},
}

// fataler is what the helpers need of *testing.T, *testing.B and *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func newScorer(t fataler, r farkle.Rules) *farkle.Scorer {
	t.Helper()
	s, err := farkle.New(r)
	if err != nil {
		t.Fatalf("farkle.New: %v", err)
	}
	return s
}

func mustSolve(t fataler, s *farkle.Scorer, o Options) *Table {
	t.Helper()
	tb, err := Solve(s, o)
	if err != nil {
		t.Fatalf("Solve(%+v): %v", o, err)
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

// pow6 returns 6^n.
func pow6(n int) int {
	p := 1
	for range n {
		p *= 6
	}
	return p
}
