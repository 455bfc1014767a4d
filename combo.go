package farkle

import (
	"iter"
	"strconv"
)

// A Kind is a scoring combination. The zero Kind is no combination.
// The values never change: new kinds are only ever appended.
//
// In JSON and other text formats a Kind is a stable lower-case name, such
// as "three_of_a_kind" or "three_pairs"; the zero Kind is "" (see
// [Kind.MarshalText]).
type Kind uint8

// The kinds of combination. The points of each under the App rules are
// in the package documentation (see "The App rules"); other [Rules] give
// other points, and only some of them use the kinds after ThreePairs.
const (
	SingleOne    Kind = iota + 1 // a 1 in no other combination
	SingleFive                   // a 5 in no other combination
	ThreeOnes                    // three 1s
	ThreeOfAKind                 // three equal dice from 2 to 6
	FourOfAKind                  // four equal dice
	FiveOfAKind                  // five equal dice
	SixOfAKind                   // six equal dice
	Straight                     // 1-2-3-4-5-6 on six dice
	ThreePairs                   // three pairs on six dice
	FourAndPair                  // four of a kind and a pair of another face, on six dice (not in App)
	TwoTriplets                  // two three-of-a-kinds of different faces, on six dice (not in App)
	Nothing                      // six dice that form no other combination (not in App)
	LowStraight                  // 1-2-3-4-5 on five dice of one keep (not in the presets)
	HighStraight                 // 2-3-4-5-6 on five dice of one keep (not in the presets)
)

// numKinds is one more than the largest Kind.
const numKinds = int(HighStraight) + 1

// String returns the English name of k, such as "three pairs": "no
// combination" for the zero Kind, and "Kind(N)" for a value that is no
// kind. See [Kind.Name] for other languages.
func (k Kind) String() string {
	switch {
	case k == 0:
		return "no combination"
	case int(k) >= numKinds:
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

var kindNames = [numKinds]string{
	SingleOne:    "single one",
	SingleFive:   "single five",
	ThreeOnes:    "three ones",
	ThreeOfAKind: "three of a kind",
	FourOfAKind:  "four of a kind",
	FiveOfAKind:  "five of a kind",
	SixOfAKind:   "six of a kind",
	Straight:     "straight",
	ThreePairs:   "three pairs",
	FourAndPair:  "four of a kind and a pair",
	TwoTriplets:  "two triplets",
	Nothing:      "six dice with nothing",
	LowStraight:  "low straight",
	HighStraight: "high straight",
}

// A Combo is one scoring combination: its kind, the dice that form it, and
// its points under the rules that made it. Combos are comparable with ==.
// The zero Combo is no combination: Kind 0, no dice, 0 points.
//
// In JSON a Combo is an object such as
// {"kind":"three_of_a_kind","dice":[5,5,5],"points":500}; the zero Combo
// is {"kind":"","dice":[],"points":0}. Decoding checks that the dice form
// the kind (see [Combo.UnmarshalJSON]).
type Combo struct {
	Kind   Kind
	Dice   Hand
	Points int
}

// String returns c in the form "three of a kind 5 5 5 (500)"; the zero
// Combo gives "no combination".
func (c Combo) String() string {
	if c == (Combo{}) {
		return "no combination"
	}
	return string(c.appendTo(nil))
}

func (c Combo) appendTo(b []byte) []byte {
	b = append(b, c.Kind.String()...)
	for d := range c.Dice.All() {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(d), 10)
	}
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(c.Points), 10)
	return append(b, ')')
}

// A Partition splits a set of dice into scoring combinations and the
// rest. For a keep (from [BestKeep] and [Keeps]) the combinations hold
// the kept dice and the rest is the dice left to roll.
//
// A Partition is a small value with no slices inside: copy it freely and
// compare Partitions with ==. Its combinations are ordered by points
// descending, then by Kind, then by their dice (compared as ascending
// lists). The zero Partition splits no dice: no combinations, no rest,
// 0 points.
//
// In JSON a Partition is an object with its points, the dice of its
// combinations, the combinations and the rest, such as
// {"points":1000,"dice":[1,1,1],"combos":[{"kind":"three_ones","dice":[1,1,1],"points":1000}],"rest":[2,3,4]};
// the zero Partition is {"points":0,"dice":[],"combos":[],"rest":[]}.
// Decoding checks that the parts agree (see [Partition.UnmarshalJSON]).
type Partition struct {
	combos [MaxDice]pcombo // combos[n:] are zero
	dice   Hand            // the dice of the combos
	rest   Hand
	points int32
	n      uint8
}

// A pcombo is a Combo packed into 8 bytes: the Kind in the top byte of kh
// over the Hand's 24 bits, and the points.
type pcombo struct {
	kh     uint32
	points int32
}

func packCombo(c Combo) pcombo {
	return pcombo{kh: uint32(c.Kind)<<24 | c.Dice.p, points: int32(c.Points)}
}

func (c pcombo) combo() Combo {
	return Combo{Kind: Kind(c.kh >> 24), Dice: Hand{c.kh & 0xFFFFFF}, Points: int(c.points)}
}

// Points returns the sum of the points of p's combinations.
func (p Partition) Points() int { return int(p.points) }

// Len returns the number of combinations of p, 0 to 6.
func (p Partition) Len() int { return int(p.n) }

// Combo returns the i-th combination of p, from 0; the zero Combo when i
// is not in [0, p.Len()).
func (p Partition) Combo(i int) Combo {
	if i < 0 || i >= int(p.n) {
		return Combo{}
	}
	return p.combos[i].combo()
}

// Combos returns an iterator over the combinations of p, in order.
func (p Partition) Combos() iter.Seq[Combo] {
	return func(yield func(Combo) bool) {
		for _, c := range p.combos[:p.n] {
			if !yield(c.combo()) {
				return
			}
		}
	}
}

// Dice returns the dice in the combinations of p, in ascending order, in
// a new slice (nil for none): for a keep, the kept dice, which go to
// game.Game.Keep or back to a [Scorer] as they are. As [Hand.Dice], it
// allocates nothing unless the caller keeps the slice. Print dice with
// %v ([1 5]): a []Die is a slice of bytes, which %s prints as text.
func (p Partition) Dice() []Die { return p.dice.Dice() }

// Rest returns the dice in no combination of p, in ascending order, in a
// new slice (nil for none): for a keep, the dice left to roll, except
// that a keep of every die leaves none, and then the player rolls all six
// again (hot dice). As [Hand.Dice], it allocates nothing unless the
// caller keeps the slice.
func (p Partition) Rest() []Die { return p.rest.Dice() }

// String returns p in the form
// "600 = three of a kind 5 5 5 (500) + single one 1 (100); rest 2 3",
// leaving out the parts that are empty: a farkle reads "0; rest 2 3 4 6"
// and the zero Partition "0".
func (p Partition) String() string {
	b := strconv.AppendInt(nil, int64(p.points), 10)
	for i, c := range p.combos[:p.n] {
		if i == 0 {
			b = append(b, " = "...)
		} else {
			b = append(b, " + "...)
		}
		b = c.combo().appendTo(b)
	}
	if p.rest != (Hand{}) {
		b = append(b, "; rest "...)
		b = append(b, p.rest.String()...)
	}
	return string(b)
}
