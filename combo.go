package farkle

import (
	"slices"
	"strconv"
)

// A Kind is a scoring combination. The zero Kind is no combination.
// The values never change: new kinds are only ever appended.
type Kind uint8

// The kinds of combination. The points in the comments are those of the
// [App] rules, which the package-level functions use; other [Rules] give
// other points, and only some of them use the kinds after ThreePairs.
const (
	SingleOne    Kind = iota + 1 // a 1 in no other combination: 100
	SingleFive                   // a 5 in no other combination: 50
	ThreeOnes                    // three 1s: 1000
	ThreeOfAKind                 // three equal dice from 2 to 6: face x 100
	FourOfAKind                  // four equal dice, whatever the face: 1000
	FiveOfAKind                  // five equal dice: 2000
	SixOfAKind                   // six equal dice: 3000
	Straight                     // 1-2-3-4-5-6 on six dice: 2500
	ThreePairs                   // three pairs on six dice, four of a kind and a pair included: 1500
	FourAndPair                  // four of a kind and a pair of another face, on six dice (not in App)
	TwoTriplets                  // two three-of-a-kinds of different faces, on six dice (not in App)
	Nothing                      // six dice that form no other combination (not in App)
)

// numKinds is one more than the largest Kind.
const numKinds = int(Nothing) + 1

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
}

// String returns the English name of k, such as "three pairs", or
// "Kind(N)" for a value that is no kind. See [Kind.Name] for other
// languages.
func (k Kind) String() string {
	if k == 0 || int(k) >= numKinds {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// A Combo is one scoring combination: its kind, the dice that form it in
// ascending order, and its points under the rules that made it.
// The zero Combo is no combination.
type Combo struct {
	Kind   Kind
	Dice   []Die // ascending
	Points int
}

// A Partition splits a set of dice into scoring combinations and the rest.
//
// Combos are ordered by points descending, then by Kind, then by their
// dice. Rest holds the dice that are in no combination, ascending; for a
// keep (from [BestKeep] and [Keeps]) Rest is the dice left to roll.
// Points is the sum of the Combos' points.
//
// The zero Partition splits no dice. A Partition never shares memory with
// the caller's slices nor with another Partition's.
type Partition struct {
	Combos []Combo // points descending, then Kind, then dice
	Rest   []Die   // dice in no combination (for a keep: the dice left to roll), ascending
	Points int     // sum of Combos' points
}

// Dice returns the dice in the combinations of p, ascending: for a keep,
// the kept dice.
func (p Partition) Dice() []Die {
	var out []Die
	for _, cb := range p.Combos {
		out = append(out, cb.Dice...)
	}
	slices.Sort(out)
	return out
}

// String returns c in the form "three of a kind 5 5 5 (500)".
func (c Combo) String() string {
	b := []byte(c.Kind.String())
	for _, d := range c.Dice {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(d), 10)
	}
	b = append(b, " ("...)
	b = strconv.AppendInt(b, int64(c.Points), 10)
	return string(append(b, ')'))
}

// String returns p in the form
// "600 = three of a kind 5 5 5 (500) + single one 1 (100); rest 2 3",
// leaving out the parts that are empty: a farkle reads "0; rest 2 3 4 6".
func (p Partition) String() string {
	b := strconv.AppendInt(nil, int64(p.Points), 10)
	for i, c := range p.Combos {
		if i == 0 {
			b = append(b, " = "...)
		} else {
			b = append(b, " + "...)
		}
		b = append(b, c.String()...)
	}
	if len(p.Rest) > 0 {
		b = append(b, "; rest"...)
		for _, d := range p.Rest {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(d), 10)
		}
	}
	return string(b)
}
