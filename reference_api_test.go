package farkle

// The reference scorer of reference_test.go as the functions of the API,
// with the input checks and the errors that the documentation describes,
// the reference check of Rules, and the comparison of errors.

import (
	"errors"
	"slices"
)

// refMaxErrDice is the most dice a DiceError carries, from the DiceError
// documentation ("Dice holds at most the first 12 of them").
const refMaxErrDice = 12

// refMaxPoints is the largest value of a Rules field, from the Rules
// documentation ("Every field must be from 0 to 1,000,000").
const refMaxPoints = 1_000_000

// refDiceError is the error the DiceError documentation describes for
// sentinel and the offending dice: at most the first 12, and their number.
func refDiceError(sentinel error, dice []Die) *DiceError {
	e := &DiceError{Err: sentinel, Count: len(dice)}
	if len(dice) > 0 {
		e.Dice = slices.Clone(dice[:min(len(dice), refMaxErrDice)])
	}
	return e
}

// refInputError checks arguments: invalid dice (in all of them, in
// order), then too many dice (the first argument with too many), then
// (if noDice) an empty argument.
func refInputError(noDice bool, args ...[]Die) error {
	var bad []Die
	for _, d := range slices.Concat(args...) {
		if d < 1 || d > 6 {
			bad = append(bad, d)
		}
	}
	if len(bad) > 0 {
		return refDiceError(ErrInvalidDie, bad)
	}
	for _, dice := range args {
		if len(dice) > 6 {
			return refDiceError(ErrTooManyDice, dice)
		}
	}
	for _, dice := range args {
		if noDice && len(dice) == 0 {
			return refDiceError(ErrNoDice, nil)
		}
	}
	return nil
}

// refScore is the reference for Scorer.Score.
func refScore(r Rules, dice []Die) (int, error) {
	if err := refInputError(false, dice); err != nil {
		return 0, err
	}
	a := refModelOf(r).analysis(refCountsOf(dice))
	if !a.full {
		return 0, refDiceError(ErrNonScoring, a.best.Rest)
	}
	return a.fullBest.Points, nil
}

// refBestPartition is the reference for Scorer.BestPartition.
func refBestPartition(r Rules, dice []Die) (partView, error) {
	if err := refInputError(false, dice); err != nil {
		return partView{}, err
	}
	if len(dice) == 0 {
		return partView{}, nil
	}
	return refModelOf(r).analysis(refCountsOf(dice)).best, nil
}

// refKeeps is the reference for Scorer.Keeps (shared; do not modify).
func refKeeps(r Rules, roll []Die) ([]partView, error) {
	if err := refInputError(true, roll); err != nil {
		return nil, err
	}
	return refModelOf(r).keepsOf(refCountsOf(roll)), nil
}

// refBestKeep is the reference for Scorer.BestKeep.
func refBestKeep(r Rules, roll []Die) (partView, error) {
	ks, err := refKeeps(r, roll)
	if err != nil {
		return partView{}, err
	}
	if len(ks) == 0 {
		return partView{Rest: sortedDice(roll)}, nil
	}
	return ks[0], nil
}

// refIsFarkle is the reference for Scorer.IsFarkle.
func refIsFarkle(r Rules, roll []Die) (bool, error) {
	ks, err := refKeeps(r, roll)
	if err != nil {
		return false, err
	}
	return len(ks) == 0, nil
}

// refValidateKeep is the reference for Scorer.ValidateKeep.
func refValidateKeep(r Rules, roll, kept []Die) (int, error) {
	if err := refInputError(true, roll, kept); err != nil {
		return 0, err
	}
	rc, kc := refCountsOf(roll), refCountsOf(kept)
	if !rc.contains(kc) {
		var surplus refCounts
		for f := 1; f <= 6; f++ {
			surplus[f] = max(0, kc[f]-rc[f])
		}
		return 0, refDiceError(ErrNotInRoll, surplus.dice())
	}
	return refScore(r, kept)
}

// refRulesProblems returns the fields of r that the Rules documentation
// says are invalid (empty for valid rules), in field order.
func refRulesProblems(r Rules) []string {
	var bad []string
	check := func(name string, ok bool) {
		if !ok {
			bad = append(bad, name)
		}
	}
	inRange := func(v int) bool { return 0 <= v && v <= refMaxPoints }
	check("SingleOne", inRange(r.SingleOne))
	check("SingleFive", inRange(r.SingleFive))
	check("Triple[0]", r.Triple[0] == 0)
	for f := 1; f <= 6; f++ {
		check("Triple["+string(rune('0'+f))+"]", r.Triple[f] > 0 && r.Triple[f] <= refMaxPoints)
	}
	check("Bonus", r.Bonus <= BonusNone)
	fixed := r.Bonus == BonusFixed
	for _, f := range []struct {
		name string
		v    int
	}{{"FourOfAKind", r.FourOfAKind}, {"FiveOfAKind", r.FiveOfAKind}, {"SixOfAKind", r.SixOfAKind}} {
		check(f.name, inRange(f.v) && (fixed == (f.v > 0)))
	}
	check("Straight", inRange(r.Straight))
	check("ThreePairs", inRange(r.ThreePairs))
	check("FourAsTwoPairs", !r.FourAsTwoPairs || r.ThreePairs > 0)
	check("FourAndPair", inRange(r.FourAndPair))
	check("TwoTriplets", inRange(r.TwoTriplets))
	check("Nothing", inRange(r.Nothing))
	check("LowStraight", inRange(r.LowStraight))
	check("HighStraight", inRange(r.HighStraight))
	return bad
}

// An errView is an error as the tests compare it.
type errView struct {
	Sentinel  string // which exported sentinel errors.Is matches
	DiceError bool   // whether errors.As finds a *DiceError
	Dice      []Die  // the DiceError's dice
	NilDice   bool   // whether Dice is nil (the documentation says none for ErrNoDice)
	Count     int    // the DiceError's count
}

var refSentinels = []struct {
	name string
	err  error
}{
	{"ErrInvalidDie", ErrInvalidDie}, {"ErrTooManyDice", ErrTooManyDice}, {"ErrNoDice", ErrNoDice},
	{"ErrNotInRoll", ErrNotInRoll}, {"ErrNonScoring", ErrNonScoring}, {"ErrInvalidRules", ErrInvalidRules},
}

func viewErr(err error) errView {
	if err == nil {
		return errView{}
	}
	v := errView{Sentinel: "(none: " + err.Error() + ")"}
	for _, s := range refSentinels {
		if errors.Is(err, s.err) {
			v.Sentinel = s.name
			break
		}
	}
	var de *DiceError
	if errors.As(err, &de) {
		v.DiceError = true
		v.Dice = de.Dice
		v.NilDice = de.Dice == nil
		v.Count = de.Count
	}
	return v
}

// refSameErr reports whether got is the error want (both possibly nil): the
// same sentinel (errors.Is) and the same DiceError dice and count
// (errors.As), nil dice where want has nil dice. It is the one comparison
// of errors of the package's tests, of the reference's errors with the
// code's and of the code's with one another: messages are not compared.
func refSameErr(want, got error) bool {
	if want == nil || got == nil {
		return want == nil && got == nil
	}
	var w, g *DiceError
	if !errors.As(want, &w) || !errors.As(got, &g) || !errors.Is(got, w.Err) || w.Count != g.Count {
		return false
	}
	if w.Dice == nil {
		return g.Dice == nil
	}
	return slices.Equal(w.Dice, g.Dice)
}

// An outcome is a result and its error, for diffs.
type outcome struct {
	Result any
	Err    errView
}
