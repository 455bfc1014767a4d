package kit

import (
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// reachedSlow is Reached by a search over every sequence of keeps from
// no total and all the dice, one state at a time.
func reachedSlow(nv int, steps, left *[farkle.MaxDice + 1][]int32) []uint8 {
	rows := make([]uint8, nv)
	type state struct{ k, n int }
	seen := map[state]bool{}
	var walk func(s state)
	walk = func(s state) {
		if s.k >= nv || seen[s] {
			return
		}
		seen[s] = true
		rows[s.k] |= 1 << s.n
		for o, st := range steps[s.n] {
			walk(state{s.k + int(st), int(left[s.n][o])})
		}
	}
	walk(state{0, farkle.MaxDice})
	return rows
}

// TestReached checks Reached against reachedSlow on options like a
// scoring's: a one (2 steps) or a five (1 step) from any number of dice,
// three of a kind (6 steps) from three or more, and hot dice (the last
// die scoring) leaving all six again; and on no totals at all.
func TestReached(t *testing.T) {
	var steps, left [farkle.MaxDice + 1][]int32
	for n := int32(1); n <= farkle.MaxDice; n++ {
		after := n - 1
		if after == 0 {
			after = farkle.MaxDice
		}
		steps[n] = append(steps[n], 1, 2)
		left[n] = append(left[n], after, after)
		if n >= 3 {
			rest := n - 3
			if rest == 0 {
				rest = farkle.MaxDice
			}
			steps[n] = append(steps[n], 6)
			left[n] = append(left[n], rest)
		}
	}
	for _, nv := range []int{0, 1, 2, 7, 40} {
		got, want := Reached(nv, &steps, &left), reachedSlow(nv, &steps, &left)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("nv %d: (-slow +Reached)\n%s", nv, diff)
		}
	}
	// The first totals by hand: only six dice at 0, five at 1, five or four
	// at 2 (a one, or two fives).
	got := Reached(3, &steps, &left)
	if want := []uint8{1 << 6, 1 << 5, 1<<5 | 1<<4}; !cmp.Equal(got, want) {
		t.Errorf("Reached(3) = %08b, want %08b", got, want)
	}
}
