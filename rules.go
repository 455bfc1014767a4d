package farkle

import (
	"fmt"
	"strconv"
)

// A Bonus says how four, five and six equal dice score under a [Rules].
// The zero Bonus is [BonusFixed].
type Bonus uint8

const (
	// BonusFixed: four, five and six of a kind score Rules.FourOfAKind,
	// Rules.FiveOfAKind and Rules.SixOfAKind, whatever the face.
	BonusFixed Bonus = iota
	// BonusAddTriple: each die beyond three adds the triple's value again:
	// with three 3s worth 300, four 3s are 600 and six 3s 1200.
	BonusAddTriple
	// BonusDouble: each die beyond three doubles the value: with three 2s
	// worth 200, four 2s are 400 and six 2s 1600.
	BonusDouble
	// BonusNone: four, five and six of a kind are no combinations; the
	// dice beyond a triple score only as single 1s and 5s.
	BonusNone
)

var bonusNames = [...]string{"BonusFixed", "BonusAddTriple", "BonusDouble", "BonusNone"}

// String returns the constant's name, such as "BonusDouble".
func (b Bonus) String() string {
	if int(b) < len(bonusNames) {
		return bonusNames[b]
	}
	return "Bonus(" + strconv.Itoa(int(b)) + ")"
}

// maxPoints is the largest value that a field of [Rules] may hold.
const maxPoints = 1_000_000

// Rules describes how dice score: the house rules of a Farkle table, as
// plain data. Rules values are comparable with ==. A field that holds a
// number of points turns its combination off with 0, except the singles
// and triples noted below. [New] checks a Rules value and compiles it into
// a [Scorer].
//
// Whatever the Rules, a combination is made of dice of one roll that are
// kept together, each die is in at most one combination, and the
// combinations that need six dice (Straight, ThreePairs, FourAndPair,
// TwoTriplets, Nothing) use all six dice of a keep; the short straights
// (LowStraight, HighStraight) use five.
//
// Every field must be from 0 to 1,000,000. The zero Rules scores nothing
// and New rejects it; start from a preset, such as App.Rules(), and change
// what the table plays differently. Rules marshal to JSON with stable
// lower-case keys (see [Rules.MarshalJSON]).
type Rules struct {
	// SingleOne and SingleFive are the points of a 1 and of a 5 that are
	// in no other combination; 0 means a lone 1 (or 5) scores nothing.
	SingleOne, SingleFive int

	// Triple[f] is the points of three dice of face f, for f from 1 to 6.
	// Each must be positive; Triple[0] is unused and must be 0.
	Triple [7]int

	// Bonus says how four, five and six equal dice score.
	Bonus Bonus
	// FourOfAKind, FiveOfAKind and SixOfAKind are the points of four,
	// five and six equal dice when Bonus is BonusFixed; they must then be
	// positive, and are otherwise unused and must be 0.
	FourOfAKind, FiveOfAKind, SixOfAKind int

	// Split lets the dice of one face be split into smaller combinations
	// when that scores more: four 1s as three 1s and a single 1, six 2s as
	// two triples. Without Split (the App rules), three or more equal dice
	// kept together always form one combination of all of them.
	Split bool

	// Straight is the points of 1-2-3-4-5-6 on six dice; 0 for none.
	Straight int
	// ThreePairs is the points of three pairs on six dice; 0 for none.
	ThreePairs int
	// FourAsTwoPairs lets four equal dice count as two pairs for
	// ThreePairs (four of a kind and a pair; six equal dice are three
	// pairs too). Without it the three pairs must be of three faces.
	FourAsTwoPairs bool
	// FourAndPair is the points of four equal dice and a pair of another
	// face, on six dice; 0 for none.
	FourAndPair int
	// TwoTriplets is the points of two triples of different faces on six
	// dice; 0 for none, when two triples just add up.
	TwoTriplets int
	// Nothing is the points of six dice that form no other combination
	// (a roll of six that would be a farkle); 0 for none.
	Nothing int

	// LowStraight is the points of 1-2-3-4-5 and HighStraight those of
	// 2-3-4-5-6, the short straights of some house rules, each on five
	// dice of one keep; 0 for none. The sixth die of a keep of six must
	// score on its own: 1,1,2,3,4,5 is LowStraight and a single 1, and
	// 2,3,4,5,6,6 cannot all be kept. As everywhere the interpretation
	// worth most wins: with Straight 0, 1,2,3,4,5,6 is HighStraight and a
	// single 1, or LowStraight and the 6 left, whichever scores more. No
	// preset has them; tables play 500 and 750, or 1,000 for either.
	LowStraight, HighStraight int
}

// check reports the first problem with r, in field order.
func (r *Rules) check() error {
	bad := func(field, reason string) error { return &RulesError{Field: field, Reason: reason} }
	inRange := func(field string, v int) error {
		if v < 0 {
			return bad(field, "must not be negative")
		}
		if v > maxPoints {
			return bad(field, "must be at most "+strconv.Itoa(maxPoints))
		}
		return nil
	}
	if err := inRange("SingleOne", r.SingleOne); err != nil {
		return err
	}
	if err := inRange("SingleFive", r.SingleFive); err != nil {
		return err
	}
	if r.Triple[0] != 0 {
		return bad("Triple[0]", "must be 0: faces are 1 to 6")
	}
	for f := 1; f <= 6; f++ {
		name := fmt.Sprintf("Triple[%d]", f)
		if err := inRange(name, r.Triple[f]); err != nil {
			return err
		}
		if r.Triple[f] == 0 {
			return bad(name, "must be positive")
		}
	}
	if r.Bonus > BonusNone {
		return bad("Bonus", "is not a Bonus constant: "+r.Bonus.String())
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"FourOfAKind", r.FourOfAKind}, {"FiveOfAKind", r.FiveOfAKind}, {"SixOfAKind", r.SixOfAKind}} {
		if err := inRange(f.name, f.v); err != nil {
			return err
		}
		if r.Bonus == BonusFixed && f.v == 0 {
			return bad(f.name, "must be positive with BonusFixed")
		}
		if r.Bonus != BonusFixed && f.v != 0 {
			return bad(f.name, "must be 0 unless Bonus is BonusFixed")
		}
	}
	if err := inRange("Straight", r.Straight); err != nil {
		return err
	}
	if err := inRange("ThreePairs", r.ThreePairs); err != nil {
		return err
	}
	if r.FourAsTwoPairs && r.ThreePairs == 0 {
		return bad("FourAsTwoPairs", "needs ThreePairs")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"FourAndPair", r.FourAndPair}, {"TwoTriplets", r.TwoTriplets}, {"Nothing", r.Nothing},
		{"LowStraight", r.LowStraight}, {"HighStraight", r.HighStraight}} {
		if err := inRange(f.name, f.v); err != nil {
			return err
		}
	}
	return nil
}

// points of n equal dice of face f as one combination, or 0 if n equal
// dice are no combination under r.
func (r *Rules) ofAKind(f, n int) int {
	switch {
	case n == 3:
		return r.Triple[f]
	case n < 3 || n > 6:
		return 0
	}
	switch r.Bonus {
	case BonusFixed:
		return [7]int{4: r.FourOfAKind, 5: r.FiveOfAKind, 6: r.SixOfAKind}[n]
	case BonusAddTriple:
		return r.Triple[f] * (n - 2)
	case BonusDouble:
		return r.Triple[f] << (n - 3)
	}
	return 0
}
