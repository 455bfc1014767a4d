package rolls

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
)

// This file serves the dynamic programs in which fewer points may be worth
// more than more points with the same dice left (a final round, where a
// player may want to stay under the target): every legal keep counts
// there, not only the best keep for each number of kept dice.

// toxicRoll reports whether multiset i holds four or more 2s.
func toxicRoll(ix *multiset.Index, i int) bool { return ix.Counts[i][2] >= 4 }

// AllCands returns the keeps of the roll of multiset i, one for each
// distinct (points, dice kept): by dice kept, then points descending; none
// for a farkle, and none for four or more 2s if toxicTwos. It appends to
// buf[:0].
func (a *Analysis) AllCands(i int, toxicTwos bool, buf *[MaxKeeps]Cand) []Cand {
	ix := multiset.Get()
	cs := buf[:0]
	if toxicTwos && toxicRoll(ix, i) {
		return cs
	}
	n := int(ix.Size[i])
	var dice [farkle.MaxDice]farkle.Die
	for j := range n {
		dice[j] = farkle.Die(ix.Sorted[i][j])
	}
	var kbuf [MaxKeeps]farkle.Partition
	keeps, _ := a.Scorer.AppendKeeps(kbuf[:0], dice[:n])
	for _, k := range keeps {
		pts, kept := int32(k.Points()), uint8(len(k.Dice()))
		dup := false
		for _, c := range cs {
			dup = dup || (c.Points == pts && c.Kept == kept)
		}
		if dup {
			continue
		}
		left := uint8(n) - kept
		if left == 0 {
			left = farkle.MaxDice
		}
		cs = append(cs, Cand{Keep: k, Points: pts, Kept: kept, Left: left})
	}
	// AppendKeeps lists points descending: a stable insertion sort by kept
	// dice.
	for p := 1; p < len(cs); p++ {
		for q := p; q > 0 && cs[q-1].Kept > cs[q].Kept; q-- {
			cs[q-1], cs[q] = cs[q], cs[q-1]
		}
	}
	return cs
}

// GroupAll groups the rolls of each number of dice by the list of the
// distinct (points in units of step, dice left) of all their legal keeps,
// sorted by points, then dice left; the rolls of four or more 2s are
// farkles if toxicTwos. Step must divide the points of every keep (a
// multiple of a.Unit's divisors, such as a.Unit).
func (a *Analysis) GroupAll(step int, toxicTwos bool) *[farkle.MaxDice + 1]Group {
	var buf [MaxKeeps]Cand
	var os []Option
	return GroupRolls(func(n, i int) []Option {
		os = os[:0]
		for _, c := range a.AllCands(i, toxicTwos, &buf) {
			o := Option{Steps: c.Points / int32(step), Left: int32(c.Left)}
			if !slices.Contains(os, o) {
				os = append(os, o)
			}
		}
		slices.SortFunc(os, func(a, b Option) int {
			return cmp.Or(cmp.Compare(a.Steps, b.Steps), cmp.Compare(a.Left, b.Left))
		})
		return os
	})
}
