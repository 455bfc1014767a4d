package farkle

import (
	"strconv"
	"strings"
)

// A Scoring names one of the scoring rule sets that this package knows
// (the presets of whole games, with their rules of play, are those of
// package game: game.Preset). A Scoring is a name, not a variable: [Scoring.Rules] returns a fresh copy of its
// rules each time, which a caller may change without affecting anybody
// else:
//
//	r := farkle.FacebookScoring.Rules()
//	r.FourAsTwoPairs = true
//	s, err := farkle.New(r)
//
// The zero Scoring is [AppScoring]. Scorings marshal to and from their names,
// such as "zilch", with encoding.TextMarshaler.
type Scoring uint8

// The named scorings.
const (
	// AppScoring is the rule set of the dice app whose help page is this
	// package's specification: see "The App rules" in the package
	// documentation. The package-level functions score with it.
	AppScoring Scoring = iota

	// CoreScoring is singles and triples only: 1 = 100, 5 = 50, three 1s = 1000,
	// three of 2..6 = face x 100, the best split wins, no other
	// combination. It is the rule set of the published optimal-play
	// studies of Farkle (T. Neller and C. Presser, "Optimal Play of
	// Farkle and Two-Player Farkle", 2012).
	CoreScoring

	// FacebookScoring is the scoring of the Facebook Farkle game as described in
	// M. Busche's optimal-strategy articles: singles and triples as in
	// Core, each die beyond three adds the triple's value again (four 3s
	// = 600, six 3s = 1200), straight 1500, three pairs 750. Four of a
	// kind and a pair do not count as three pairs there, so FourAsTwoPairs
	// is off; set it to play them as three pairs. With these settings
	// package strategy reproduces that article's six-dice bank threshold
	// of 16,400 (with FourAsTwoPairs on it would be 16,450).
	FacebookScoring

	// ZilchScoring is the scoring of the game played online as Zilch: singles
	// and triples as in Core, each die beyond three doubles (four 2s = 400,
	// six 2s = 1600), straight 1500, any three pairs 1500 (four of a kind
	// and a pair included), and six dice that score nothing are worth 500.
	ZilchScoring

	// ClassicScoring is the score sheet of the boxed Farkle game: 1 = 100,
	// 5 = 50, three 1s = 300, three of 2..6 = face x 100, four of a kind
	// 1000, five 2000, six 3000, four of a kind and a pair 1500, two
	// triplets 2500, straight 1500, three pairs 1500.
	ClassicScoring

	numPresets = iota
)

var presetNames = [numPresets]string{"app", "core", "facebook", "zilch", "classic"}

// String returns the name of p, such as "facebook", or "Preset(N)" for a
// value that is no preset.
func (p Scoring) String() string {
	if p >= numPresets {
		return "Preset(" + strconv.Itoa(int(p)) + ")"
	}
	return presetNames[p]
}

// ParseScoring returns the preset named s, in any case: "app", "core",
// "facebook", "zilch" or "classic". Any other name gives a [*RulesError]
// wrapping [ErrInvalidRules].
func ParseScoring(s string) (Scoring, error) {
	for i, n := range presetNames {
		if strings.EqualFold(n, s) {
			return Scoring(i), nil
		}
	}
	return 0, &RulesError{Field: "preset", Reason: strconv.Quote(s) + " is not app, core, facebook, zilch nor classic"}
}

// MarshalText returns the name of p; a value that is no preset gives an
// error.
func (p Scoring) MarshalText() ([]byte, error) {
	if p >= numPresets {
		return nil, &RulesError{Field: "preset", Reason: p.String() + " is no preset"}
	}
	return []byte(presetNames[p]), nil
}

// UnmarshalText sets p to the preset named text, as [ParseScoring].
func (p *Scoring) UnmarshalText(text []byte) error {
	q, err := ParseScoring(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Rules returns the rules of p, a new value each time. A value that is no
// preset gives the zero Rules, which [New] rejects.
func (p Scoring) Rules() Rules {
	base := Rules{
		SingleOne: 100, SingleFive: 50,
		Triple: [7]int{0, 1000, 200, 300, 400, 500, 600},
	}
	switch p {
	case AppScoring:
		base.FourOfAKind, base.FiveOfAKind, base.SixOfAKind = 1000, 2000, 3000
		base.Straight, base.ThreePairs, base.FourAsTwoPairs = 2500, 1500, true
	case CoreScoring:
		base.Bonus, base.Split = BonusNone, true
	case FacebookScoring:
		base.Bonus, base.Split = BonusAddTriple, true
		base.Straight, base.ThreePairs = 1500, 750
	case ZilchScoring:
		base.Bonus, base.Split = BonusDouble, true
		base.Straight, base.ThreePairs, base.FourAsTwoPairs = 1500, 1500, true
		base.Nothing = 500
	case ClassicScoring:
		base.Triple[1] = 300
		base.FourOfAKind, base.FiveOfAKind, base.SixOfAKind = 1000, 2000, 3000
		base.Split = true
		base.Straight, base.ThreePairs = 1500, 1500
		base.FourAndPair, base.TwoTriplets = 1500, 2500
	default:
		return Rules{}
	}
	return base
}

// Named returns the named Scoring whose rules are r, if there is one.
func (r Rules) Named() (Scoring, bool) {
	for p := range Scoring(numPresets) {
		if p.Rules() == r {
			return p, true
		}
	}
	return 0, false
}
