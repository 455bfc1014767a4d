package farkle

// Tests of the result types: Hand, Kind, Combo and Partition, their
// methods, and that == on them means "holds the same dice".

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// fataler is what mustHand needs of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func mustHand(t fataler, dice ...Die) Hand {
	t.Helper()
	h, err := HandOf(dice)
	if err != nil {
		t.Fatalf("HandOf(%v): %v", dice, err)
	}
	return h
}

// TestHandMethods checks every method of Hand on every sequence of 0 to 6
// dice against counts taken by the test.
func TestHandMethods(t *testing.T) {
	forEachRoll(0, MaxDice, func(roll, orig []Die) {
		h, err := HandOf(roll)
		if err != nil {
			t.Fatalf("HandOf(%v): %v", orig, err)
		}
		if !slices.Equal(roll, orig) {
			t.Fatalf("HandOf changed its argument %v to %v", orig, roll)
		}
		want := sortedDice(orig)
		var n [8]int
		for _, d := range orig {
			n[d]++
		}
		if h.Len() != len(orig) {
			t.Fatalf("HandOf(%v).Len() = %d", orig, h.Len())
		}
		for d := range Die(8) {
			if h.Count(d) != n[d] {
				t.Fatalf("HandOf(%v).Count(%d) = %d; want %d", orig, d, h.Count(d), n[d])
			}
		}
		if got := h.Dice(); !slices.Equal(got, want) || (got == nil) != (len(want) == 0) {
			t.Fatalf("HandOf(%v).Dice() = %#v; want %v", orig, got, want)
		}
		if got := slices.Collect(h.All()); !slices.Equal(got, want) {
			t.Fatalf("HandOf(%v).All() yields %v; want %v", orig, got, want)
		}
		prefix := []Die{9, 9}
		if got := h.AppendDice(prefix); !slices.Equal(got, append([]Die{9, 9}, want...)) {
			t.Fatalf("HandOf(%v).AppendDice([9 9]) = %v", orig, got)
		}
		if got, want := h.String(), strings.Trim(fmt.Sprint(want), "[]"); got != want {
			t.Fatalf("HandOf(%v).String() = %q; want %q", orig, got, want)
		}
	})
}

// TestHandEquality checks that two Hands are == exactly when they hold
// the same dice: every order of a multiset gives the same Hand, and the
// 924 multisets give 924 different Hands.
func TestHandEquality(t *testing.T) {
	byHand := map[Hand]string{}
	for _, m := range multisets() {
		h := mustHand(t, m...)
		if other, ok := byHand[h]; ok {
			t.Fatalf("HandOf(%v) == HandOf(%v)", m, other)
		}
		byHand[h] = diceName(m)
	}
	forEachRoll(0, MaxDice, func(roll, _ []Die) {
		h := mustHand(t, roll...)
		if byHand[h] != diceName(sortedDice(roll)) {
			t.Fatalf("HandOf(%v) is the Hand of %q", roll, byHand[h])
		}
	})
	if h := mustHand(t); h != (Hand{}) || h.Len() != 0 || h.Dice() != nil || h.String() != "" {
		t.Errorf("HandOf(nil) = %#v (%q); want the zero Hand", h, h)
	}
}

func TestHandOfErrors(t *testing.T) {
	for _, tc := range []struct {
		dice     []Die
		sentinel error
		bad      []Die
	}{
		{[]Die{0}, ErrInvalidDie, []Die{0}},
		{[]Die{1, 7, 2, 255}, ErrInvalidDie, []Die{7, 255}},
		{[]Die{1, 2, 3, 4, 5, 6, 1}, ErrTooManyDice, []Die{1, 2, 3, 4, 5, 6, 1}},
		{[]Die{1, 2, 3, 4, 5, 6, 1, 0}, ErrInvalidDie, []Die{0}}, // invalid before too many
	} {
		arg := slices.Clone(tc.dice)
		h, err := HandOf(arg)
		var de *DiceError
		if h != (Hand{}) || !errors.Is(err, tc.sentinel) || !errors.As(err, &de) {
			t.Errorf("HandOf(%v) = %v, %v; want the zero Hand and a *DiceError wrapping %v", tc.dice, h, err, tc.sentinel)
			continue
		}
		if diff := cmp.Diff(tc.bad, de.Dice); diff != "" || de.Count != len(tc.bad) {
			t.Errorf("HandOf(%v) error dice, count %d (-want +got):\n%s", tc.dice, de.Count, diff)
		}
		// The error's dice are a copy of the argument's.
		for i := range de.Dice {
			de.Dice[i] = 42
		}
		if !slices.Equal(arg, tc.dice) {
			t.Errorf("overwriting the error's dice changed the argument %v to %v", tc.dice, arg)
		}
	}
}

// TestHandNoAliasing checks that a Hand keeps nothing of its argument and
// that Dice returns a new slice each time.
func TestHandNoAliasing(t *testing.T) {
	dice := []Die{5, 1, 5}
	h := mustHand(t, dice...)
	dice[0], dice[1] = 2, 2
	if got := h.Dice(); !slices.Equal(got, []Die{1, 5, 5}) {
		t.Errorf("after changing the argument, the Hand holds %v; want [1 5 5]", got)
	}
	a, b := h.Dice(), h.Dice()
	a[0] = 6
	if b[0] != 1 || h.Count(6) != 0 {
		t.Errorf("changing one result of Dice changed another (%v) or the Hand (%v)", b, h)
	}
	// AppendDice appends after len, whatever the capacity.
	buf := make([]Die, 1, 10)
	got := h.AppendDice(buf)
	if !slices.Equal(got, []Die{0, 1, 5, 5}) || &got[0] != &buf[0] {
		t.Errorf("AppendDice into a slice with room = %v; want [0 1 5 5] in the same array", got)
	}
}

func TestHandAllStopsEarly(t *testing.T) {
	h := mustHand(t, 6, 2, 2, 4)
	var got []Die
	for d := range h.All() {
		got = append(got, d)
		if len(got) == 2 {
			break
		}
	}
	if !slices.Equal(got, []Die{2, 2}) {
		t.Errorf("the first two dice of All() = %v; want [2 2]", got)
	}
}

func TestKindStrings(t *testing.T) {
	for _, tc := range []struct {
		k    Kind
		want string
	}{
		{0, "no combination"}, {SingleOne, "single one"}, {SingleFive, "single five"},
		{ThreeOnes, "three ones"}, {ThreeOfAKind, "three of a kind"}, {FourOfAKind, "four of a kind"},
		{FiveOfAKind, "five of a kind"}, {SixOfAKind, "six of a kind"}, {Straight, "straight"},
		{ThreePairs, "three pairs"}, {FourAndPair, "four of a kind and a pair"},
		{TwoTriplets, "two triplets"}, {Nothing, "six dice with nothing"},
		{LowStraight, "low straight"}, {HighStraight, "high straight"},
		{HighStraight + 1, "Kind(15)"}, {200, "Kind(200)"},
	} {
		if got := tc.k.String(); got != tc.want {
			t.Errorf("Kind(%d).String() = %q; want %q", uint8(tc.k), got, tc.want)
		}
	}
}

func TestKindNames(t *testing.T) {
	for _, tc := range []struct {
		k          Kind
		lang, want string
	}{
		{Straight, "cs", "Postupka"}, {Straight, "fi-FI", "Suora"}, {Straight, "NL_be", "Straat"},
		{Straight, "en", "Straight"}, {Straight, "de", "Straight"}, {Straight, "", "Straight"},
		{FourOfAKind, "nl", "Carré"}, {ThreeOfAKind, "fi", "Muu kolmen kopla"},
		{SingleOne, "cs", "Jedna kostka s hodnotou 1"}, {ThreePairs, "fi", "Kolme paria"},
		{LowStraight, "cs", "Malá postupka"}, {HighStraight, "fi", "Iso suora"},
		{LowStraight, "nl", "Kleine straat"}, {HighStraight, "en", "High straight"},
		{Kind(0), "cs", "no combination"}, {Kind(200), "en", "Kind(200)"},
	} {
		if got := tc.k.Name(tc.lang); got != tc.want {
			t.Errorf("%v.Name(%q) = %q, want %q", tc.k, tc.lang, got, tc.want)
		}
	}
	for k := SingleOne; int(k) < numKinds; k++ {
		if strings.HasPrefix(k.String(), "Kind(") {
			t.Errorf("Kind %d has no English name", k)
		}
		for _, lang := range []string{"en", "cs", "fi", "nl"} {
			if name := k.Name(lang); name == "" || strings.HasPrefix(name, "Kind(") {
				t.Errorf("Kind %v has no %s name", k, lang)
			}
		}
	}
}

func TestComboString(t *testing.T) {
	for _, tc := range []struct {
		c    Combo
		want string
	}{
		{Combo{}, "no combination"},
		{Combo{ThreeOfAKind, mustHand(t, 5, 5, 5), 500}, "three of a kind 5 5 5 (500)"},
		{Combo{SingleOne, mustHand(t, 1), 100}, "single one 1 (100)"},
		{Combo{Straight, mustHand(t, 6, 5, 4, 3, 2, 1), 2500}, "straight 1 2 3 4 5 6 (2500)"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%#v.String() = %q; want %q", tc.c, got, tc.want)
		}
	}
}

// TestPartitionMethods checks the methods of a Partition with several
// combinations, of a farkle and of the zero Partition.
func TestPartitionMethods(t *testing.T) {
	p, err := BestKeep([]Die{5, 3, 5, 2, 1, 5})
	if err != nil {
		t.Fatal(err)
	}
	want := []Combo{{ThreeOfAKind, mustHand(t, 5, 5, 5), 500}, {SingleOne, mustHand(t, 1), 100}}
	if p.Len() != 2 || p.Points() != 600 || handOf(p.Dice()) != mustHand(t, 1, 5, 5, 5) || handOf(p.Rest()) != mustHand(t, 2, 3) {
		t.Errorf("BestKeep(5 3 5 2 1 5) = %v: Len %d, Points %d, Dice %v, Rest %v; want 2, 600, 1 5 5 5, 2 3", p, p.Len(), p.Points(), p.Dice(), p.Rest())
	}
	if got := slices.Collect(p.Combos()); !slices.Equal(got, want) {
		t.Errorf("Combos() = %v; want %v", got, want)
	}
	for i, c := range want {
		if p.Combo(i) != c {
			t.Errorf("Combo(%d) = %v; want %v", i, p.Combo(i), c)
		}
	}
	for _, i := range []int{-1, 2, 6, math.MaxInt} {
		if c := p.Combo(i); c != (Combo{}) {
			t.Errorf("Combo(%d) = %v; want the zero Combo", i, c)
		}
	}
	n := 0
	for range p.Combos() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("breaking out of Combos() after one combo ran %d times", n)
	}
	if got, want := p.String(), "600 = three of a kind 5 5 5 (500) + single one 1 (100); rest 2 3"; got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}

	f, _ := BestKeep([]Die{6, 2, 4, 3})
	if f.Len() != 0 || f.Points() != 0 || handOf(f.Dice()) != (Hand{}) || handOf(f.Rest()) != mustHand(t, 2, 3, 4, 6) || f.String() != "0; rest 2 3 4 6" {
		t.Errorf("BestKeep(6 2 4 3) = %q; want a farkle, \"0; rest 2 3 4 6\"", f)
	}
	if z := (Partition{}); z.String() != "0" || z.Len() != 0 || z.Combo(0) != (Combo{}) || len(slices.Collect(z.Combos())) != 0 {
		t.Errorf("the zero Partition reads %q", z)
	}
	whole, _ := BestPartition([]Die{1, 1, 1, 1, 5, 5})
	if got, want := whole.String(), "1500 = three pairs 1 1 1 1 5 5 (1500)"; got != want {
		t.Errorf("BestPartition(1 1 1 1 5 5).String() = %q; want %q", got, want)
	}
}

// TestPartitionEquality checks, on every Partition that the presets
// produce (BestPartition and Keeps of every multiset), that == holds
// exactly when the Partitions read the same through their methods, and
// that a Partition's Combos, Dice and Rest are consistent.
func TestPartitionEquality(t *testing.T) {
	byView := map[string]Partition{}
	byPart := map[Partition]string{}
	check := func(p Partition) {
		v := viewOf(p)
		key := fmt.Sprintf("%+v", v)
		if q, ok := byView[key]; ok && q != p {
			t.Fatalf("two Partitions read %s but are not ==", key)
		}
		if k, ok := byPart[p]; ok && k != key {
			t.Fatalf("== Partitions read %s and %s", k, key)
		}
		byView[key], byPart[p] = p, key
		var dice []Die
		sum := 0
		for c := range p.Combos() {
			dice = append(dice, c.Dice.Dice()...)
			sum += c.Points
		}
		if !slices.Equal(sortedDice(dice), v.Dice) || sum != p.Points() || len(p.Dice())+len(p.Rest()) > MaxDice {
			t.Fatalf("Partition %v: its combos hold %v for %d points; Dice %v, Points %d", p, dice, sum, v.Dice, p.Points())
		}
	}
	for _, preset := range allPresets {
		s := mustNew(t, preset.Rules())
		for _, m := range multisets() {
			p, _ := s.BestPartition(m)
			check(p)
			ks, _ := s.Keeps(m)
			for _, k := range ks {
				check(k)
			}
		}
	}
	if len(byView) < 1000 {
		t.Errorf("only %d different Partitions", len(byView))
	}
}
