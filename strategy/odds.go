package strategy

import (
	"math/big"
	"slices"
	"strconv"

	"github.com/farkle-go/farkle"
)

// Odds describes one roll of a number of dice under a Scorer's rules,
// counted exactly over the 6^n equally likely ordered rolls.
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

// A CountError reports a number of dice that is not 1 to 6. Err is
// [farkle.ErrNoDice] (N < 1) or [farkle.ErrTooManyDice] (N > 6).
type CountError struct {
	N   int
	Err error
}

// Error returns a message such as "strategy: too many dice: 7".
func (e *CountError) Error() string {
	msg := "bad number of dice"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	return "strategy: " + msg + ": " + strconv.Itoa(e.N)
}

// Unwrap returns e.Err, so that errors.Is(err, farkle.ErrTooManyDice) works.
func (e *CountError) Unwrap() error { return e.Err }

func checkCount(n int) error {
	switch {
	case n < 1:
		return &CountError{N: n, Err: farkle.ErrNoDice}
	case n > farkle.MaxDice:
		return &CountError{N: n, Err: farkle.ErrTooManyDice}
	}
	return nil
}

// RollOdds returns the odds of rolling n dice under s's rules (a nil s
// scores the App rules). The analysis behind it is computed once per
// Rules value and cached. n must be 1 to 6, else the error is a
// [*CountError].
func RollOdds(s *farkle.Scorer, n int) (Odds, error) {
	if err := checkCount(n); err != nil {
		return Odds{}, err
	}
	return analyze(s).odds[n].clone(), nil
}

func (o Odds) clone() Odds {
	o.Points = slices.Clone(o.Points)
	return o
}
