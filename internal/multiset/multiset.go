// Package multiset enumerates the multisets of 0 to 6 dice and maps dice
// to them. It is the one index that package farkle's scoring tables and
// package strategy's dynamic program share. Its tables are built on first
// use, never at import.
package multiset

import (
	"slices"
	"sync"
)

// MaxDice is the most dice of a multiset.
const MaxDice = 6

// N is the number of multisets of 0 to 6 dice: C(12, 6).
const N = 924

// NumKeys is the number of base-7 keys: 7^6.
const NumKeys = 7 * 7 * 7 * 7 * 7 * 7

// Pow7[d] is 7 to the power d-1: the key of a multiset is the sum of Pow7
// over its dice, its face counts read as a base-7 number. Keys add: the
// key of a union is the sum of the keys.
var Pow7 = [7]uint32{0, 1, 7, 49, 343, 2401, 16807}

// Guards has bit 3 of every face's nibble set. For packed multisets a and
// b, b is a sub-multiset of a exactly when ((a|Guards)-b)&Guards ==
// Guards: no nibble borrows.
const Guards = 0x888888

// Counts is a multiset of dice: Counts[f] is how many dice show face f.
// Counts[0] is unused.
type Counts [7]uint8

// Key returns the base-7 key of c.
func (c *Counts) Key() uint32 {
	var k uint32
	for f := 1; f <= 6; f++ {
		k += uint32(c[f]) * Pow7[f]
	}
	return k
}

// Size returns the number of dice in c.
func (c *Counts) Size() int {
	n := 0
	for f := 1; f <= 6; f++ {
		n += int(c[f])
	}
	return n
}

// Pack returns c with face f's count in bits 4(f-1) to 4(f-1)+3.
func (c *Counts) Pack() uint32 {
	var p uint32
	for f := 1; f <= 6; f++ {
		p |= uint32(c[f]) << (4 * (f - 1))
	}
	return p
}

// Unpack is the inverse of Pack.
func Unpack(p uint32) Counts {
	var c Counts
	for f := 1; f <= 6; f++ {
		c[f] = uint8(p >> (4 * (f - 1)) & 0xF)
	}
	return c
}

// Index holds the multisets and the maps between their forms.
type Index struct {
	// Counts lists every multiset by index: ordered by number of dice,
	// then by key. Index 0 is the empty multiset.
	Counts [N]Counts
	// Rank maps the key of a multiset to its index.
	Rank [NumKeys]uint16
	// Key, Packed and Size are the key, packed form and number of dice
	// of each multiset.
	Key    [N]uint32
	Packed [N]uint32
	Size   [N]uint8
	// Sorted[i][:Size[i]] is multiset i as ascending faces.
	Sorted [N][MaxDice]uint8
	// Orders[i] is the number of ordered rolls that show multiset i:
	// n!/prod(count!).
	Orders [N]uint32
	// First[n] is the index of the first multiset of n dice; First[7] is N.
	First [MaxDice + 2]uint16
}

// Get returns the index, built on the first call (about 0.3 ms and 250 KB,
// once per program).
var Get = sync.OnceValue(build)

func build() *Index {
	ix := new(Index)
	all := make([]Counts, 0, N)
	var c Counts
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
	slices.SortFunc(all, func(a, b Counts) int {
		if d := a.Size() - b.Size(); d != 0 {
			return d
		}
		return int(a.Key()) - int(b.Key())
	})
	fact := [7]uint32{1, 1, 2, 6, 24, 120, 720}
	for i, c := range all {
		ix.Counts[i] = c
		k := c.Key()
		ix.Key[i] = k
		ix.Rank[k] = uint16(i)
		ix.Packed[i] = c.Pack()
		n := c.Size()
		ix.Size[i] = uint8(n)
		o := fact[n]
		j := 0
		for f := 1; f <= 6; f++ {
			o /= fact[c[f]]
			for range c[f] {
				ix.Sorted[i][j] = uint8(f)
				j++
			}
		}
		ix.Orders[i] = o
	}
	for n := 0; n <= MaxDice+1; n++ {
		ix.First[n] = uint16(slices.IndexFunc(all, func(c Counts) bool { return c.Size() >= n }))
		if n == MaxDice+1 {
			ix.First[n] = N
		}
	}
	return ix
}

// packShift puts a count of the valid dice above the six nibbles of a
// sum over packTab.
const packShift = 24

// packTab[d] is face d's nibble increment plus one in the count bits for
// a valid die d, and 0 for an invalid one: a sum over it checks and packs
// dice without a branch per die.
var (
	packTab = [256]uint32{
		1: 1<<packShift | 1, 2: 1<<packShift | 1<<4, 3: 1<<packShift | 1<<8,
		4: 1<<packShift | 1<<12, 5: 1<<packShift | 1<<16, 6: 1<<packShift | 1<<20,
	}
)

// KeyOf returns the key of the dice. ok is false when there are more than
// MaxDice dice or a die is not 1 to 6. It does not allocate.
func KeyOf[D ~uint8](dice []D) (key uint32, ok bool) {
	if len(dice) > MaxDice {
		return 0, false
	}
	for _, d := range dice {
		if uint8(d)-1 >= 6 {
			return 0, false
		}
		key += Pow7[uint8(d)]
	}
	return key, true
}

// PackOf returns the packed form of the dice, as KeyOf.
func PackOf[D ~uint8](dice []D) (packed uint32, ok bool) {
	if len(dice) > MaxDice {
		return 0, false
	}
	var sum uint32
	for _, d := range dice {
		sum += packTab[uint8(d)]
	}
	return sum & (1<<packShift - 1), sum>>packShift == uint32(len(dice))
}

// Sub reports whether packed multiset b is a sub-multiset of packed a.
func Sub(a, b uint32) bool { return ((a|Guards)-b)&Guards == Guards }
