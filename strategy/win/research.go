package win

import (
	"math"
)

// This file holds the questions about a whole game that research asks of
// a Table, beside the play: the fairest head starts, and the positions
// where a player of three mixes two plays.

// FairestKomi returns, for a table of two players, the head start for the second player, a multiple of
// [Table.Step] from 0 to under the target, that brings the first
// player's chance of winning (from 0 against komi) closest to 1/2, and
// that chance. Of two head starts equally close, it returns the smaller.
// Under an opening minimum the first player starts off the board, and so
// does the second without a head start; a head start puts the second
// player on the board. A table of three has no komi: 0, 0 (see
// [Table.FairestHeadStarts]).
func (t *Table) FairestKomi() (komi int, firstWin float64) {
	if !t.ok() { // no table, or one of three players
		return 0, 0
	}
	m := t.m
	best, bestY := 2.0, m.startX
	for u := m.zero; u < m.nS; u++ {
		y := m.nOff + u
		if u == m.zero {
			y = m.startX
		}
		w := t.w[m.idx(m.startX, y, 0, 0)]
		if d := math.Abs(w - 0.5); d < best {
			best, bestY = d, y
		}
	}
	return m.score(bestY), t.w[m.idx(m.startX, bestY, 0, 0)]
}

// FairestHeadStarts returns, for a table of three players, the head starts
// for the second and the third player, multiples of 50 (and of
// [Table.Step]) from 0 to under the target, that bring the three chances
// to win from the start closest to a third each: the smallest largest
// distance from 1/3; of pairs equally close, the one of the smaller head
// start for the second player, then for the third. It returns the chances
// with them, in order of play. Under an opening minimum a head start puts
// the player on the board. A table of two returns 0, 0 and nil (see
// [Table.FairestKomi]); a table of four returns the second's and the
// third's head starts of [Table.FairestStarts] and its four chances.
func (t *Table) FairestHeadStarts() (second, third int, seats []float64) {
	if t != nil && t.four != nil {
		heads, w := t.four.FairestHeadStarts()
		return heads[0], heads[1], w[:]
	}
	if t == nil || t.three == nil {
		return 0, 0, nil
	}
	second, third, w := t.three.FairestHeadStarts()
	return second, third, w[:]
}

// FairestStarts returns the fairest head start of every seat in order of
// play, the first's 0, and the chances to win from the start with them:
// for two players the komi of [Table.FairestKomi] and the two chances;
// for three the head starts of [Table.FairestHeadStarts]; for four, the
// head starts of the second, third and fourth players, multiples of 50
// (and of [Table.Step]) from 0 to under the target, that bring the four
// chances closest to a quarter each (the smallest largest distance from
// 1/4; of those equally close, the smallest head start for the second
// player, then the third, then the fourth). Nil for a nil or zero Table.
func (t *Table) FairestStarts() (heads []int, seats []float64) {
	switch {
	case t == nil:
		return nil, nil
	case t.four != nil:
		h, w := t.four.FairestHeadStarts()
		return []int{0, h[0], h[1], h[2]}, w[:]
	case t.three != nil:
		b, c, w := t.FairestHeadStarts()
		return []int{0, b, c}, w
	case t.m != nil:
		k, w := t.FairestKomi()
		return []int{0, k}, []float64{w, 1 - w}
	}
	return nil, nil
}

// A Mix is a position of a table of three or four players at which the
// mover mixes two plays (see the package documentation, Three players).
type Mix struct {
	// Scores are the banked scores from the mover, as in [State].
	Scores []int
	// Weight is the probability of the play of more risk (the higher
	// chance of farkling).
	Weight float64
}

// Mixed returns the number of positions at which the mover mixes two
// plays: 0 for a table of two players, whose play is pure.
func (t *Table) Mixed() int {
	if t != nil && t.four != nil {
		return t.four.Mixed()
	}
	if t == nil || t.three == nil {
		return 0
	}
	return t.three.Mixed()
}

// Mixing returns the positions at which the mover mixes, by the sum of
// the scores descending, then by the scores: a new slice, empty for a
// table of two players.
func (t *Table) Mixing() []Mix {
	if t != nil && t.four != nil {
		mx := t.four.Mixing()
		out := make([]Mix, len(mx))
		for i, m := range mx {
			out[i] = Mix{Scores: m.Scores[:], Weight: m.Weight}
		}
		return out
	}
	if t == nil || t.three == nil {
		return nil
	}
	mx := t.three.Mixing()
	out := make([]Mix, len(mx))
	for i, m := range mx {
		out[i] = Mix{Scores: []int{m.Scores[0], m.Scores[1], m.Scores[2]}, Weight: m.Weight}
	}
	return out
}
