package farkle

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The properties of the scoring core under the App rules, checked with
// pgregory.net/rapid. Each property is one test.

func genDice(min, max int) *rapid.Generator[[]Die] {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Die {
		return Die(rapid.IntRange(1, 6).Draw(t, "die"))
	}), min, max)
}

// genKeep draws a roll and a sub-multiset of it, in a random order.
func genKeep(t *rapid.T) (roll, kept []Die) {
	roll = genDice(1, 6).Draw(t, "roll")
	mask := rapid.IntRange(1, 1<<len(roll)-1).Draw(t, "mask")
	for i, d := range roll {
		if mask&(1<<i) != 0 {
			kept = append(kept, d)
		}
	}
	perm := rapid.Permutation(kept).Draw(t, "order")
	return roll, perm
}

// Property: the order of the dice never matters, for any function.
func TestPropertyOrderNeverMatters(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(0, 6).Draw(t, "dice")
		perm := rapid.Permutation(dice).Draw(t, "perm")
		s1, e1 := Score(dice)
		s2, e2 := Score(perm)
		if s1 != s2 || !refSameErr(e1, e2) {
			t.Fatalf("Score(%v) = %d, %v but Score(%v) = %d, %v", dice, s1, e1, perm, s2, e2)
		}
		p1, _ := BestPartition(dice)
		p2, _ := BestPartition(perm)
		if p1 != p2 {
			t.Fatalf("BestPartition depends on order (-%v +%v):\n%s", dice, perm, cmp.Diff(viewOf(p1), viewOf(p2)))
		}
		if h1, h2 := mustHand(t, dice...), mustHand(t, perm...); h1 != h2 {
			t.Fatalf("HandOf(%v) = %v but HandOf(%v) = %v", dice, h1, perm, h2)
		}
		if len(dice) == 0 {
			return
		}
		b1, _ := BestKeep(dice)
		b2, _ := BestKeep(perm)
		if b1 != b2 {
			t.Fatalf("BestKeep depends on order (-%v +%v):\n%s", dice, perm, cmp.Diff(viewOf(b1), viewOf(b2)))
		}
		k1, _ := Keeps(dice)
		k2, _ := Keeps(perm)
		if !slices.Equal(k1, k2) {
			t.Fatalf("Keeps depends on order (-%v +%v):\n%s", dice, perm, cmp.Diff(viewsOf(k1), viewsOf(k2)))
		}
		f1, _ := IsFarkle(dice)
		f2, _ := IsFarkle(perm)
		if f1 != f2 {
			t.Fatalf("IsFarkle(%v) = %v but IsFarkle(%v) = %v", dice, f1, perm, f2)
		}
	})
}

// Property: six dice kept together score the best of their
// interpretations: a straight, three pairs (four of a kind and a pair
// included), or each face on its own (three or more equal dice as one
// combination, 1s and 5s as singles).
func TestPropertySixDiceTakeTheMaximum(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(6, 6).Draw(t, "dice")
		var n [7]int
		for _, d := range dice {
			n[d]++
		}
		best := -1
		// Each face on its own.
		faces, full := 0, true
		for f := 1; f <= 6; f++ {
			switch {
			case n[f] >= 3:
				faces += [7]int{3: []int{0, 1000, 200, 300, 400, 500, 600}[f], 4: 1000, 5: 2000, 6: 3000}[n[f]]
			case f == 1:
				faces += 100 * n[f]
			case f == 5:
				faces += 50 * n[f]
			case n[f] > 0:
				full = false
			}
		}
		if full {
			best = faces
		}
		if n == [7]int{0, 1, 1, 1, 1, 1, 1} {
			best = max(best, 2500)
		}
		pairs := 0
		for f := 1; f <= 6; f++ {
			if n[f]%2 == 1 {
				pairs = -100
			}
			pairs += n[f] / 2
		}
		if pairs == 3 {
			best = max(best, 1500)
		}
		got, err := Score(dice)
		if best < 0 {
			if !errors.Is(err, ErrNonScoring) {
				t.Fatalf("Score(%v) = %d, %v; want ErrNonScoring", dice, got, err)
			}
			return
		}
		if err != nil || got != best {
			t.Fatalf("Score(%v) = %d, %v; want %d", dice, got, err, best)
		}
	})
}

// Property: a kept die that can score nothing (a 2, 3, 4 or 6 seen fewer
// than three times, outside a six-dice straight or three pairs) is always
// rejected, and the error names it.
func TestPropertyNonScoringDieRejected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll, kept := genKeep(t)
		var n [7]int
		for _, d := range kept {
			n[d]++
		}
		var dead []Die
		for _, f := range []Die{2, 3, 4, 6} {
			if n[f] > 0 && n[f] < 3 {
				dead = append(dead, f)
			}
		}
		if len(dead) == 0 || len(kept) == 6 {
			return
		}
		_, err := ValidateKeep(roll, kept)
		var de *DiceError
		if !errors.Is(err, ErrNonScoring) || !errors.As(err, &de) {
			t.Fatalf("ValidateKeep(%v, %v) = %v; want ErrNonScoring", roll, kept, err)
		}
		for _, f := range dead {
			if !slices.Contains(de.Dice, f) {
				t.Fatalf("ValidateKeep(%v, %v) error dice %v lack %v", roll, kept, de.Dice, f)
			}
		}
	})
}

// Property: for a keep that the roll holds, ValidateKeep gives exactly
// what Score gives for the kept dice.
func TestPropertyValidateKeepEqualsScore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll, kept := genKeep(t)
		v, verr := ValidateKeep(roll, kept)
		s, serr := Score(kept)
		if v != s || !refSameErr(verr, serr) {
			t.Fatalf("ValidateKeep(%v, %v) = %d, %v but Score = %d, %v", roll, kept, v, verr, s, serr)
		}
	})
}

// Property: BestKeep and BestPartition of a roll have the same points.
func TestPropertyBestKeepMatchesBestPartition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll := genDice(1, 6).Draw(t, "roll")
		k, err := BestKeep(roll)
		if err != nil {
			t.Fatal(err)
		}
		p, err := BestPartition(roll)
		if err != nil {
			t.Fatal(err)
		}
		if k.Points() != p.Points() {
			t.Fatalf("BestKeep(%v) = %d points, BestPartition = %d", roll, k.Points(), p.Points())
		}
	})
}

// Property: no legal keep is worth more than BestKeep, nor is worth as
// much with fewer dice.
func TestPropertyNoKeepBeatsBestKeep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll, kept := genKeep(t)
		best, err := BestKeep(roll)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ValidateKeep(roll, kept)
		if err != nil {
			return
		}
		nBest := len(roll) - len(best.Rest())
		if v > best.Points() || (v == best.Points() && len(kept) < nBest) {
			t.Fatalf("keep %v of %v is worth %d; BestKeep keeps %d dice for %d", kept, roll, v, nBest, best.Points())
		}
	})
}

// Property: the combinations and the rest of a partition hold exactly the
// dice given, and Points is the sum of the combinations' points; for a
// keep, the combinations score as kept.
func TestPropertyCombosAndRestAreTheInput(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(1, 6).Draw(t, "dice")
		check := func(what string, p Partition) {
			all := append(p.Dice(), p.Rest()...)
			slices.Sort(all)
			want := slices.Sorted(slices.Values(dice))
			if !slices.Equal(all, want) {
				t.Fatalf("%s(%v): combos and rest hold %v", what, dice, all)
			}
			sum := 0
			var inCombos []Die
			for c := range p.Combos() {
				sum += c.Points
				inCombos = c.Dice.AppendDice(inCombos)
				if c.Dice.Len() == 0 || c.Kind == 0 {
					t.Fatalf("%s(%v): combo %v", what, dice, c)
				}
			}
			if !slices.Equal(sortedDice(inCombos), p.Dice()) {
				t.Fatalf("%s(%v): the combos hold %v, Dice() is %v", what, dice, inCombos, p.Dice())
			}
			if sum != p.Points() {
				t.Fatalf("%s(%v): points %d, sum of combos %d", what, dice, p.Points(), sum)
			}
		}
		p, _ := BestPartition(dice)
		check("BestPartition", p)
		k, _ := BestKeep(dice)
		check("BestKeep", k)
		ks, _ := Keeps(dice)
		for _, k := range ks {
			check("Keeps", k)
			if s, err := Score(k.Dice()); err != nil || s != k.Points() {
				t.Fatalf("Keeps(%v) lists %v for %d, Score = %d, %v", dice, k.Dice(), k.Points(), s, err)
			}
		}
	})
}

// Property: no function changes the dice it is given.
func TestPropertyInputsUnchanged(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll, kept := genKeep(t)
		r0, k0 := slices.Clone(roll), slices.Clone(kept)
		_, _ = Score(roll)
		_, _ = ValidateKeep(roll, kept)
		_, _ = BestPartition(roll)
		_, _ = BestKeep(roll)
		_, _ = Keeps(roll)
		_, _ = AppendKeeps(nil, roll)
		_, _ = IsFarkle(roll)
		_, _ = HandOf(roll)
		if !slices.Equal(roll, r0) || !slices.Equal(kept, k0) {
			t.Fatalf("inputs changed: %v -> %v, %v -> %v", r0, roll, k0, kept)
		}
	})
}

// Property: ValidateKeep accepts exactly the keeps that Keeps lists, for
// the points that Keeps gives them, and BestKeep is the first of them (or,
// for a farkle, keeps nothing and leaves the whole roll).
func TestPropertyKeepsAreTheLegalKeeps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll, kept := genKeep(t)
		ks, err := Keeps(roll)
		if err != nil {
			t.Fatalf("Keeps(%v): %v", roll, err)
		}
		h := mustHand(t, kept...)
		listed := -1
		for i, k := range ks {
			if handOf(k.Dice()) == h {
				listed = i
			}
			if len(k.Dice())+len(k.Rest()) != len(roll) {
				t.Fatalf("Keeps(%v)[%d] = %v does not split the roll", roll, i, k)
			}
		}
		v, err := ValidateKeep(roll, kept)
		if (err == nil) != (listed >= 0) || err == nil && v != ks[listed].Points() {
			t.Fatalf("ValidateKeep(%v, %v) = %d, %v; Keeps lists it at %d: %v", roll, kept, v, err, listed, ks)
		}
		best, err := BestKeep(roll)
		if err != nil {
			t.Fatal(err)
		}
		if len(ks) > 0 && best != ks[0] || len(ks) == 0 && (best.Len() != 0 || handOf(best.Rest()) != mustHand(t, roll...)) {
			t.Fatalf("BestKeep(%v) = %v; Keeps = %v", roll, best, ks)
		}
	})
}

// Property: AppendKeeps appends to dst exactly what Keeps returns, leaving
// what dst held alone, and on error returns dst itself.
func TestPropertyAppendKeepsMatchesKeeps(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll := genDice(0, 7).Draw(t, "roll")
		if rapid.Bool().Draw(t, "invalid") && len(roll) > 0 {
			roll[rapid.IntRange(0, len(roll)-1).Draw(t, "at")] = Die(rapid.SampledFrom([]int{0, 7, 255}).Draw(t, "bad"))
		}
		n := rapid.IntRange(0, 3).Draw(t, "prefix")
		dst := make([]Partition, n, n+rapid.IntRange(0, 70).Draw(t, "room"))
		for i := range dst {
			dst[i], _ = BestPartition([]Die{Die(i + 1)})
		}
		before := slices.Clone(dst)
		ks, kerr := Keeps(roll)
		got, err := AppendKeeps(dst, roll)
		if !refSameErr(kerr, err) {
			t.Fatalf("AppendKeeps(dst, %v) error %v; Keeps error %v", roll, err, kerr)
		}
		if err != nil {
			if len(got) != len(dst) || cap(got) != cap(dst) || len(dst) > 0 && &got[0] != &dst[0] {
				t.Fatalf("AppendKeeps(dst, %v) = %v with error %v; want dst", roll, got, err)
			}
			return
		}
		if !slices.Equal(got[:n], before) || !slices.Equal(got[n:], ks) {
			t.Fatalf("AppendKeeps(%v, %v) = %v; want Keeps %v after dst", before, roll, got, ks)
		}
	})
}

// Property: a Hand gives back its dice: HandOf of its Dice, of its All and
// of its String's dice is the same Hand, and its Len is the number of dice.
func TestPropertyHandRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(0, 6).Draw(t, "dice")
		h := mustHand(t, dice...)
		var fromString []Die
		for _, f := range strings.Fields(h.String()) {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("HandOf(%v).String() = %q", dice, h.String())
			}
			fromString = append(fromString, Die(n))
		}
		for _, again := range [][]Die{h.Dice(), slices.Collect(h.All()), fromString} {
			if mustHand(t, again...) != h {
				t.Fatalf("HandOf(%v) = %v, but HandOf(%v) differs", dice, h, again)
			}
		}
		if h.Len() != len(dice) {
			t.Fatalf("HandOf(%v).Len() = %d", dice, h.Len())
		}
	})
}
