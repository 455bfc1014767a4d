package farkle

import "slices"

// This file enumerates the multisets of 0 to 6 dice once, at init, and
// maps dice to their multiset's index. Every table of a Scorer is an
// array over these indexes.

// counts is a multiset of dice: counts[f] is how many dice show face f.
// counts[0] is unused.
type counts [7]uint8

// numMultisets is the number of multisets of 0 to 6 dice: C(12, 6).
const numMultisets = 924

// pow7[d] is 7 to the power d-1: the key of a multiset is the sum of
// pow7 over its dice, its counts read as a base-7 number.
var pow7 = [7]uint32{0, 1, 7, 49, 343, 2401, 16807}

const numKeys = 7 * 7 * 7 * 7 * 7 * 7

// The tables are package variables with an initializer, not filled by an
// init function, so that Go initializes them before any variable that
// uses them (such as appTable).
var (
	// multisets lists every multiset, by index: ordered by number of dice,
	// then by key.
	multisets = enumerate()
	// rankOf maps the key of a multiset of at most 6 dice to its index.
	rankOf = ranks(&multisets)
	// packed[i] is multisets[i] with face f's count in bits 4(f-1) to
	// 4(f-1)+2, for a branch-free sub-multiset test.
	packed = packAll(&multisets)
	// sortedDice[i] is multisets[i] as ascending dice, in the first
	// size(i) elements; keys[i] its key.
	sortedDice, sizes, keys = expandAll(&multisets)
)

// guards has bit 3 of every face's nibble set. For packed multisets a and
// b, b is a sub-multiset of a exactly when ((a|guards)-b)&guards ==
// guards: no nibble borrows.
const guards = 0x888888

func (c *counts) key() uint32 {
	var k uint32
	for f := 1; f <= 6; f++ {
		k += uint32(c[f]) * pow7[f]
	}
	return k
}

func (c *counts) size() int {
	n := 0
	for f := 1; f <= 6; f++ {
		n += int(c[f])
	}
	return n
}

func (c *counts) pack() uint32 {
	var p uint32
	for f := 1; f <= 6; f++ {
		p |= uint32(c[f]) << (4 * (f - 1))
	}
	return p
}

// dice appends the dice of c to dst in ascending order.
func (c *counts) dice(dst []Die) []Die {
	for f := 1; f <= 6; f++ {
		for range c[f] {
			dst = append(dst, Die(f))
		}
	}
	return dst
}

// sub returns c minus o; o must be a sub-multiset of c.
func (c counts) sub(o counts) counts {
	for f := 1; f <= 6; f++ {
		c[f] -= o[f]
	}
	return c
}

func enumerate() (ms [numMultisets]counts) {
	all := make([]counts, 0, numMultisets)
	var c counts
	var fill func(f, left int)
	fill = func(f, left int) {
		if f > 6 {
			all = append(all, c)
			return
		}
		for n := 0; n <= left; n++ {
			c[f] = uint8(n)
			fill(f+1, left-n)
		}
		c[f] = 0
	}
	fill(1, MaxDice)
	slices.SortFunc(all, func(a, b counts) int {
		if d := a.size() - b.size(); d != 0 {
			return d
		}
		return int(a.key()) - int(b.key())
	})
	copy(ms[:], all)
	return ms
}

func ranks(ms *[numMultisets]counts) *[numKeys]uint16 {
	r := new([numKeys]uint16)
	for i, c := range ms {
		r[c.key()] = uint16(i)
	}
	return r
}

func expandAll(ms *[numMultisets]counts) (d [numMultisets][MaxDice]Die, n [numMultisets]uint8, k [numMultisets]uint32) {
	for i, c := range ms {
		n[i] = uint8(len(c.dice(d[i][:0])))
		k[i] = c.key()
	}
	return d, n, k
}

func packAll(ms *[numMultisets]counts) (p [numMultisets]uint32) {
	for i, c := range ms {
		p[i] = c.pack()
	}
	return p
}

// lookup returns the index of the multiset of dice. ok is false when a
// die is not 1 to 6 or there are more than 6 dice.
func lookup(dice []Die) (idx int, ok bool) {
	if len(dice) > MaxDice {
		return 0, false
	}
	var k uint32
	for _, d := range dice {
		if d-1 >= 6 {
			return 0, false
		}
		k += pow7[d]
	}
	return int(rankOf[k]), true
}
