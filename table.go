package farkle

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle/internal/multiset"
)

type counts = multiset.Counts

// This file compiles a Rules value into the lookup tables of a Scorer.
// The work happens once per Scorer: for each of the 924 multisets of 0 to
// 6 dice it enumerates every way to split the dice into combinations and
// keeps the best, then lists each roll's legal keeps.

// A ccombo is a compiled Combo.
type ccombo struct {
	kind   Kind
	dice   counts
	points int32
}

// A cpart is a compiled Partition of a multiset: its combos in Partition
// order, the dice they use, and the rest.
type cpart struct {
	combos []ccombo
	used   counts
	rest   counts
	points int32
	nUsed  uint8
}

// partition returns p as a Partition.
func (p *cpart) partition() Partition {
	out := Partition{n: uint8(len(p.combos)), dice: Hand{p.used.Pack()}, rest: Hand{p.rest.Pack()}, points: p.points}
	for i, c := range p.combos {
		out.combos[i] = packCombo(Combo{Kind: c.kind, Dice: Hand{c.dice.Pack()}, Points: int(c.points)})
	}
	return out
}

// table holds everything a Scorer looks up.
type table struct {
	ix    *multiset.Index
	rules Rules
	// full[i] is the points of multiset i kept as a whole: the best split
	// of it in which every die is in a combination; -1 if there is none.
	full [multiset.N]int32
	// fullPart[i] is that split, when full[i] >= 0, with no rest.
	fullPart [multiset.N]Partition
	// best[i] is BestPartition of multiset i.
	best [multiset.N]Partition
	// keeps[keepStart[i]:keepStart[i+1]] lists the legal keeps of roll i,
	// with their rests, in the order of Keeps. It is empty for a farkle.
	keeps     []Partition
	keepStart [multiset.N + 1]uint32
}

// compile builds the tables of r, which must have passed check.
func compile(r Rules) *table {
	t := &table{ix: multiset.Get(), rules: r}
	var parts []cpart
	for i := range multiset.N {
		c := t.ix.Counts[i]
		parts = splits(&r, c, parts[:0])
		t.full[i] = -1
		bestAny, bestFull := -1, -1
		for j := range parts {
			p := &parts[j]
			if bestAny < 0 || better(p, &parts[bestAny]) {
				bestAny = j
			}
			if p.rest == (counts{}) && (bestFull < 0 || better(p, &parts[bestFull])) {
				bestFull = j
			}
		}
		t.best[i] = parts[bestAny].partition()
		if bestFull >= 0 {
			t.fullPart[i] = parts[bestFull].partition()
			t.full[i] = parts[bestFull].points
		}
	}
	var ks []uint16
	for i := range multiset.N {
		t.keepStart[i] = uint32(len(t.keeps))
		if i == 0 {
			continue
		}
		ks = t.legalKeeps(t.ix.Counts[i], ks[:0])
		for _, k := range ks {
			p := t.fullPart[k]
			p.rest = Hand{t.ix.Packed[i] - t.ix.Packed[k]}
			t.keeps = append(t.keeps, p)
		}
	}
	t.keepStart[multiset.N] = uint32(len(t.keeps))
	t.keeps = slices.Clip(t.keeps)
	return t
}

// legalKeeps appends to out the non-empty sub-multisets of roll that
// score in full, ordered by points descending, then fewest dice, then
// dice ascending.
func (t *table) legalKeeps(roll counts, out []uint16) []uint16 {
	start := len(out)
	var k counts
	var walk func(f int)
	walk = func(f int) {
		if f > 6 {
			i := t.ix.Rank[k.Key()]
			if i != 0 && t.full[i] >= 0 {
				out = append(out, i)
			}
			return
		}
		for n := uint8(0); n <= roll[f]; n++ {
			k[f] = n
			walk(f + 1)
		}
		k[f] = 0
	}
	walk(1)
	slices.SortFunc(out[start:], func(a, b uint16) int {
		if c := cmp.Compare(t.full[b], t.full[a]); c != 0 {
			return c
		}
		ca, cb := t.ix.Counts[a], t.ix.Counts[b]
		if c := cmp.Compare(ca.Size(), cb.Size()); c != 0 {
			return c
		}
		return compareDice(ca, cb)
	})
	return out
}

// compareDice compares two multisets as ascending lists of dice,
// lexicographically.
func compareDice(a, b counts) int {
	var da, db [MaxDice]Die
	x, y := Hand{a.Pack()}.AppendDice(da[:0]), Hand{b.Pack()}.AppendDice(db[:0])
	return slices.Compare(x, y)
}

// better reports whether split p beats split q: more points, then more
// dice in combinations, then fewer combinations, then the first
// combination that differs has the smaller Kind, or the same Kind and
// smaller dice.
func better(p, q *cpart) bool {
	if p.points != q.points {
		return p.points > q.points
	}
	if p.nUsed != q.nUsed {
		return p.nUsed > q.nUsed
	}
	if len(p.combos) != len(q.combos) {
		return len(p.combos) < len(q.combos)
	}
	for i := range p.combos {
		if c := compareCombo(&p.combos[i], &q.combos[i]); c != 0 {
			return c < 0
		}
	}
	return false
}

// compareCombo orders combos as a Partition lists them: points
// descending, then Kind, then dice.
func compareCombo(a, b *ccombo) int {
	if c := cmp.Compare(b.points, a.points); c != 0 {
		return c
	}
	if c := cmp.Compare(a.kind, b.kind); c != 0 {
		return c
	}
	return compareDice(a.dice, b.dice)
}

// splits appends to dst every split of the multiset c into combinations
// under r. A split may leave dice out of every combination (in rest).
func splits(r *Rules, c counts, dst []cpart) []cpart {
	dst = faceProduct(r, c, c, nil, dst)
	// A short straight takes one die of each of its faces; the dice left
	// split face by face.
	for _, s := range [...]struct {
		kind   Kind
		from   int
		points int
	}{{LowStraight, 1, r.LowStraight}, {HighStraight, 2, r.HighStraight}} {
		if s.points == 0 {
			continue
		}
		left, ok := c, true
		var dice counts
		for f := s.from; f < s.from+5; f++ {
			if left[f] == 0 {
				ok = false
				break
			}
			left[f]--
			dice[f] = 1
		}
		if ok {
			dst = faceProduct(r, c, left, []ccombo{{kind: s.kind, dice: dice, points: int32(s.points)}}, dst)
		}
	}
	if c.Size() == MaxDice {
		dst = sixDiceSplits(r, c, dst)
	}
	return dst
}

// faceProduct appends to dst the splits of c that have the combos of
// prefix and, for the dice of left, every choice of each face's
// combinations.
func faceProduct(r *Rules, c, left counts, prefix []ccombo, dst []cpart) []cpart {
	// The combinations of one face: each face's dice split on their own.
	var perFace [7][][]ccombo
	for f := 1; f <= 6; f++ {
		perFace[f] = faceSplits(r, f, int(left[f]))
	}
	cur := slices.Clone(prefix)
	var walk func(f int)
	walk = func(f int) {
		if f > 6 {
			dst = append(dst, makePart(c, slices.Clone(cur)))
			return
		}
		for _, opt := range perFace[f] {
			n := len(cur)
			cur = append(cur, opt...)
			walk(f + 1)
			cur = cur[:n]
		}
	}
	walk(1)
	return dst
}

// makePart sorts combos into Partition order and totals them.
func makePart(c counts, combos []ccombo) cpart {
	slices.SortFunc(combos, func(a, b ccombo) int { return compareCombo(&a, &b) })
	p := cpart{combos: combos}
	for _, cb := range combos {
		p.points += cb.points
		for f := 1; f <= 6; f++ {
			p.used[f] += cb.dice[f]
		}
	}
	for f := 1; f <= 6; f++ {
		p.rest[f] = c[f] - p.used[f]
	}
	p.nUsed = uint8(p.used.Size())
	return p
}

// faceSplits lists the ways to form combinations from n dice of face f,
// each a list of combos; dice that are in none are left out.
func faceSplits(r *Rules, f, n int) [][]ccombo {
	single := 0
	kind := SingleOne
	switch f {
	case 1:
		single = r.SingleOne
	case 5:
		single, kind = r.SingleFive, SingleFive
	}
	singles := func(dst []ccombo, k int) []ccombo {
		if single == 0 {
			return dst
		}
		for range k {
			dst = append(dst, faceCombo(kind, f, 1, single))
		}
		return dst
	}
	if !r.Split {
		// The one way: all n dice in one combination if they form one,
		// else a triple and the rest as singles (BonusNone), else singles.
		if n >= 3 {
			if v := r.ofAKind(f, n); v > 0 {
				return [][]ccombo{{ofAKindCombo(f, n, v)}}
			}
			return [][]ccombo{singles([]ccombo{ofAKindCombo(f, 3, r.Triple[f])}, n-3)}
		}
		return [][]ccombo{singles(nil, n)}
	}
	// Every multiset of group sizes (6, 5, 4, 3, then singles) that fits
	// in n, the remaining dice left out.
	var out [][]ccombo
	var cur []ccombo
	var walk func(left, maxSize int)
	walk = func(left, maxSize int) {
		for k := range left + 1 {
			if single == 0 && k > 0 {
				break
			}
			out = append(out, singles(slices.Clone(cur), k))
		}
		for size := min(maxSize, left); size >= 3; size-- {
			v := r.ofAKind(f, size)
			if v == 0 {
				continue
			}
			cur = append(cur, ofAKindCombo(f, size, v))
			walk(left-size, size)
			cur = cur[:len(cur)-1]
		}
	}
	walk(n, n)
	return out
}

func faceCombo(k Kind, f, n, points int) ccombo {
	var c counts
	c[f] = uint8(n)
	return ccombo{kind: k, dice: c, points: int32(points)}
}

func ofAKindCombo(f, n, points int) ccombo {
	k := [7]Kind{3: ThreeOfAKind, 4: FourOfAKind, 5: FiveOfAKind, 6: SixOfAKind}[n]
	if n == 3 && f == 1 {
		k = ThreeOnes
	}
	return faceCombo(k, f, n, points)
}

// sixDiceSplits appends the combinations that take all six dice of c.
func sixDiceSplits(r *Rules, c counts, dst []cpart) []cpart {
	var pattern [7]int // pattern[k]: faces that show k times
	for f := 1; f <= 6; f++ {
		pattern[c[f]]++
	}
	whole := func(k Kind, points int) {
		dst = append(dst, makePart(c, []ccombo{{kind: k, dice: c, points: int32(points)}}))
	}
	if r.Straight > 0 && pattern[1] == 6 {
		whole(Straight, r.Straight)
	}
	if r.ThreePairs > 0 && pattern[1]+pattern[3]+pattern[5] == 0 &&
		(pattern[2] == 3 || r.FourAsTwoPairs) {
		whole(ThreePairs, r.ThreePairs)
	}
	if r.FourAndPair > 0 && pattern[4] == 1 && pattern[2] == 1 {
		whole(FourAndPair, r.FourAndPair)
	}
	if r.TwoTriplets > 0 && pattern[3] == 2 {
		whole(TwoTriplets, r.TwoTriplets)
	}
	if r.Nothing > 0 {
		scores := false
		for _, p := range dst {
			if p.points > 0 {
				scores = true
				break
			}
		}
		if !scores {
			whole(Nothing, r.Nothing)
		}
	}
	return dst
}
