package multiset

import (
	"testing"
)

// TestIndex checks the index against direct counting: 924 multisets in
// order of size then key, each found again by its key, with packed forms,
// sorted dice and order counts that agree with its counts.
func TestIndex(t *testing.T) {
	ix := Get()
	if Get() != ix {
		t.Fatal("Get builds the index twice")
	}
	sum := 0
	for i := range N {
		c := ix.Counts[i]
		n := c.Size()
		if i > 0 {
			p := ix.Counts[i-1]
			if p.Size() > n || p.Size() == n && p.Key() >= c.Key() {
				t.Fatalf("multiset %d out of order", i)
			}
		}
		if int(ix.Rank[c.Key()]) != i || ix.Key[i] != c.Key() || int(ix.Size[i]) != n {
			t.Fatalf("multiset %d: rank, key or size wrong", i)
		}
		if Unpack(ix.Packed[i]) != c {
			t.Fatalf("multiset %d: packed form %x does not unpack to %v", i, ix.Packed[i], c)
		}
		var back Counts
		for _, f := range ix.Sorted[i][:n] {
			back[f]++
		}
		if back != c {
			t.Fatalf("multiset %d: sorted dice %v", i, ix.Sorted[i][:n])
		}
		if int(ix.First[n]) > i || int(ix.First[n+1]) <= i {
			t.Fatalf("multiset %d of %d dice outside First", i, n)
		}
		sum += int(ix.Orders[i])
	}
	// The ordered rolls of 0 to 6 dice: 1 + 6 + 36 + ... + 6^6.
	want := 0
	for n, p := 0, 1; n <= MaxDice; n, p = n+1, p*6 {
		want += p
	}
	if sum != want {
		t.Errorf("orders add up to %d, want %d", sum, want)
	}
}

// TestKeyOfPackOf compares KeyOf and PackOf with counting, for every
// sequence of up to three bytes and for too many dice.
func TestKeyOfPackOf(t *testing.T) {
	check := func(dice []uint8) {
		var c Counts
		valid := len(dice) <= MaxDice
		for _, d := range dice {
			if d < 1 || d > 6 {
				valid = false
				continue
			}
			c[d]++
		}
		k, kok := KeyOf(dice)
		p, pok := PackOf(dice)
		if kok != valid || pok != valid {
			t.Fatalf("%v: ok %v %v, want %v", dice, kok, pok, valid)
		}
		if valid && (k != c.Key() || p != c.Pack()) {
			t.Fatalf("%v: key %d pack %x, want %d %x", dice, k, p, c.Key(), c.Pack())
		}
	}
	for a := range 256 {
		check([]uint8{uint8(a)})
		for b := range 8 {
			check([]uint8{uint8(a), uint8(b)})
			for c := range 8 {
				check([]uint8{uint8(a), uint8(b), uint8(c)})
			}
		}
	}
	check([]uint8{1, 2, 3, 4, 5, 6})
	check([]uint8{1, 2, 3, 4, 5, 6, 1})
	a, b, c, d := Counts{0, 2, 1}, Counts{0, 1, 1}, Counts{0, 1}, Counts{0, 2}
	if !Sub(a.Pack(), b.Pack()) || Sub(c.Pack(), d.Pack()) {
		t.Error("Sub is wrong")
	}
}
