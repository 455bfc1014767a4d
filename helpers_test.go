package farkle

// Helpers shared by the tests of the package: the one enumeration of
// rolls, the presets under test, a plain view of Partitions for diffs,
// and a reporter that stops a sweep after a few failures.

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// allPresets lists the presets in the order of their constants.
var allPresets = []Scoring{AppScoring, CoreScoring, FacebookScoring, ZilchScoring, ClassicScoring}

// forEachRoll calls f with every ordered sequence of lo to hi dice, each
// die from 1 to 6: shortest first, and in lexicographic order within one
// length (55,987 sequences for 0 to 6 dice). f gets roll, a fresh copy
// with cap(roll) == len(roll) that the code under test may be handed, and
// orig, the same dice in the enumerator's own slice, to check that a call
// left roll alone. f must keep neither slice.
func forEachRoll(lo, hi int, f func(roll, orig []Die)) {
	cur := make([]Die, hi)
	arg := make([]Die, hi)
	for n := lo; n <= hi; n++ {
		for i := range cur[:n] {
			cur[i] = 1
		}
		for {
			copy(arg, cur[:n])
			f(arg[:n:n], cur[:n])
			j := n - 1
			for j >= 0 && cur[j] == 6 {
				cur[j] = 1
				j--
			}
			if j < 0 {
				break
			}
			cur[j]++
		}
	}
}

// multisets returns every multiset of 0 to 6 dice, each as its dice in
// ascending order: the ascending sequences of forEachRoll, 924 of them,
// ordered by number of dice. The caller must not modify them.
var multisets = sync.OnceValue(func() [][]Die {
	var out [][]Die
	forEachRoll(0, MaxDice, func(roll, _ []Die) {
		if slices.IsSorted(roll) {
			out = append(out, slices.Clone(roll))
		}
	})
	return out
})

// sortedDice returns a sorted copy of dice, nil if there are none.
func sortedDice(dice []Die) []Die {
	if len(dice) == 0 {
		return nil
	}
	return slices.Sorted(slices.Values(dice))
}

// restOf returns roll minus kept, ascending, by counting faces; nil if
// nothing is left.
func restOf(roll, kept []Die) []Die {
	var n [7]int
	for _, d := range roll {
		n[d]++
	}
	for _, d := range kept {
		n[d]--
	}
	var out []Die
	for f := 1; f <= 6; f++ {
		for range n[f] {
			out = append(out, Die(f))
		}
	}
	return out
}

// diceName names dice for a subtest: "112355".
func diceName(dice []Die) string {
	var b strings.Builder
	for _, d := range dice {
		b.WriteString(d.String())
	}
	return b.String()
}

// rulesWith returns r changed by change.
func rulesWith(r Rules, change func(*Rules)) Rules {
	change(&r)
	return r
}

// mustNew compiles r or stops the test.
func mustNew(t testing.TB, r Rules) *Scorer {
	t.Helper()
	s, err := New(r)
	if err != nil {
		t.Fatalf("New(%+v): %v", r, err)
	}
	return s
}

// A comboView is a Combo with its dice spelled out, for expectations
// written by hand, for the reference scorer and for diffs.
type comboView struct {
	Kind   Kind
	Dice   []Die // ascending
	Points int
}

// A partView is a Partition read through its exported methods only.
// Every slice is ascending, and nil when it is empty.
type partView struct {
	Combos []comboView
	Dice   []Die // the dice of the combos
	Rest   []Die
	Points int
}

// viewOf reads p through its exported methods.
func viewOf(p Partition) partView {
	v := partView{Dice: p.Dice(), Rest: p.Rest(), Points: p.Points()}
	for c := range p.Combos() {
		v.Combos = append(v.Combos, comboView{Kind: c.Kind, Dice: c.Dice.Dice(), Points: c.Points})
	}
	return v
}

// equal reports whether v and w are the same view, as cmp.Equal(v, w)
// does (a nil slice differs from an empty one) at a fraction of its cost,
// for the exhaustive loops. TestPartViewEqual checks that the two agree.
func (v partView) equal(w partView) bool {
	// Unkeyed, so that a field added to partView or comboView stops the
	// build here until equal compares it too.
	_, _ = partView{nil, nil, nil, 0}, comboView{0, nil, 0}
	if v.Points != w.Points || !diceEqual(v.Dice, w.Dice) || !diceEqual(v.Rest, w.Rest) ||
		len(v.Combos) != len(w.Combos) || (v.Combos == nil) != (w.Combos == nil) {
		return false
	}
	for i, c := range v.Combos {
		if d := w.Combos[i]; c.Kind != d.Kind || c.Points != d.Points || !diceEqual(c.Dice, d.Dice) {
			return false
		}
	}
	return true
}

// viewsEqual reports whether two lists of views are equal, as cmp.Equal
// does.
func viewsEqual(v, w []partView) bool {
	if len(v) != len(w) || (v == nil) != (w == nil) {
		return false
	}
	for i := range v {
		if !v[i].equal(w[i]) {
			return false
		}
	}
	return true
}

// diceEqual reports whether a and b hold the same dice and are both nil or
// both not, as cmp.Equal does.
func diceEqual(a, b []Die) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}

// viewsOf reads a list of Partitions; nil for an empty list.
func viewsOf(ps []Partition) []partView {
	var out []partView
	for _, p := range ps {
		out = append(out, viewOf(p))
	}
	return out
}

// cb and pv build expected values by hand: pv's Dice are the dice of
// its combos, so only the points, the rest and the combos are written.
func cb(k Kind, points int, dice ...Die) comboView {
	return comboView{Kind: k, Dice: dice, Points: points}
}

func pv(points int, rest []Die, combos ...comboView) partView {
	v := partView{Combos: combos, Rest: rest, Points: points}
	for _, c := range combos {
		v.Dice = append(v.Dice, c.Dice...)
	}
	v.Dice = sortedDice(v.Dice)
	return v
}

// A failer reports mismatches in a sweep and stops the test after a few.
type failer struct {
	t *testing.T
	n int
}

const maxFailures = 8

func (f *failer) failf(format string, args ...any) {
	f.t.Helper()
	f.n++
	f.t.Errorf(format, args...)
	if f.n >= maxFailures {
		f.t.Fatalf("stopping after %d failures", f.n)
	}
}

// raceStride is 1 without the race detector and k under it: the sweeps
// that check every input check one in raceStride with -race, where each
// call costs ten times as much.
func raceStride(k int) int {
	if raceEnabled {
		return k
	}
	return 1
}

// handOf returns the Hand of dice, which are valid: the dice of a keep or
// of its rest.
func handOf(dice []Die) Hand {
	h, _ := HandOf(dice)
	return h
}
