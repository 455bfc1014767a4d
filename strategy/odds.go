package strategy

import "math/big"

// Odds describes one roll of a number of dice under a table's rules,
// counted exactly over the 6^n equally likely ordered rolls. [Table.Odds]
// returns them.
type Odds struct {
	Dice    int // number of dice rolled, 1 to 6
	Rolls   int // ordered rolls: 6^Dice
	Farkles int // ordered rolls with nothing to keep

	// Points is the distribution of the points of the best keep (the keep
	// worth the most, as [farkle.Scorer.BestKeep]), by points ascending; a
	// farkle counts as 0 points. The counts add up to Rolls.
	Points []Outcome

	// Mean is the expected points of the best keep, a farkle counting 0.
	Mean float64
}

// An Outcome is one value of the best keep's points and how many of the
// ordered rolls give it.
type Outcome struct {
	Points int
	Count  int     // ordered rolls whose best keep scores Points
	Prob   float64 // Count / Odds.Rolls
}

// FarkleRat returns the exact probability of a farkle, Farkles/Rolls in
// lowest terms; 5/216 for six dice under the App rules.
func (o Odds) FarkleRat() *big.Rat {
	if o.Rolls == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(o.Farkles), int64(o.Rolls))
}

// FarkleProb returns the probability of a farkle as a float64.
func (o Odds) FarkleProb() float64 {
	if o.Rolls == 0 {
		return 0
	}
	return float64(o.Farkles) / float64(o.Rolls)
}
