package farkle

import (
	"errors"
	"strconv"
	"strings"
)

// The errors that the functions of this package wrap. Test for them with
// [errors.Is]: the dice errors come in a [*DiceError], the rules errors in
// a [*RulesError]; ErrInvalidCombo comes with a message that names the
// problem.
var (
	// ErrInvalidDie: a die is not a face value from 1 to 6.
	ErrInvalidDie = errors.New("invalid die")
	// ErrTooManyDice: more than MaxDice dice.
	ErrTooManyDice = errors.New("too many dice")
	// ErrNoDice: a roll or a keep has no dice.
	ErrNoDice = errors.New("no dice")
	// ErrNotInRoll: a keep has dice that the roll does not have.
	ErrNotInRoll = errors.New("dice not in the roll")
	// ErrNonScoring: some dice are part of no scoring combination.
	ErrNonScoring = errors.New("dice score nothing")
	// ErrInvalidRules: a Rules value, or a preset name, that this package
	// rejects.
	ErrInvalidRules = errors.New("invalid rules")
	// ErrInvalidCombo: a Kind, Combo or Partition decoded from JSON or
	// text that this package could not have made: an unknown kind name,
	// dice that do not form the kind, points out of range, or a Partition
	// whose points, dice and combinations disagree. Problems with the dice
	// themselves are DiceErrors instead.
	ErrInvalidCombo = errors.New("invalid combination")
)

// maxErrDice bounds the dice that a DiceError carries.
const maxErrDice = 2 * MaxDice

// A DiceError records a rejected set of dice, as [strconv.NumError] records
// a rejected number. Err is one of the sentinel errors above and Dice the
// dice that caused it:
//
//   - [ErrInvalidDie]: the dice that are not 1 to 6, in input order;
//   - [ErrTooManyDice]: the dice given, in input order;
//   - [ErrNoDice]: none;
//   - [ErrNotInRoll]: the kept dice that the roll lacks, ascending;
//   - [ErrNonScoring]: the dice that belong to no combination, ascending,
//     exactly the Rest of [BestPartition].
//
// Count is the number of those dice. Dice holds at most the first 12 of
// them, so that an error about ten million dice stays small; Count is
// more than len(Dice) exactly when Dice was cut. Dice is a copy: it never
// aliases a caller's slice.
//
// Text is set only for dice read from text ([ParseDice] and the JSON
// decoders) that are not a number at all, such as "x" or "1.5": the
// error wraps ErrInvalidDie, Text holds that part of the input (at most
// its first 16 bytes) and Dice is empty.
type DiceError struct {
	Err   error
	Dice  []Die
	Count int
	Text  string
}

// Error returns a message such as "farkle: dice score nothing: 2 6", or
// "farkle: too many dice: 1 2 3 4 5 6 1 2 3 4 5 6 ... (20 dice)" when
// Dice was cut, or `farkle: invalid die: "x"` for a Text.
func (e *DiceError) Error() string {
	var b strings.Builder
	b.WriteString("farkle: ")
	if e.Err == nil {
		b.WriteString("bad dice")
	} else {
		b.WriteString(e.Err.Error())
	}
	if len(e.Dice) > 0 {
		b.WriteString(":")
		for _, d := range e.Dice {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(int(d)))
		}
	}
	if e.Count > len(e.Dice) {
		b.WriteString(" ... (" + strconv.Itoa(e.Count) + " dice)")
	}
	if e.Text != "" {
		b.WriteString(": " + strconv.Quote(e.Text))
	}
	return b.String()
}

// Unwrap returns e.Err, so that errors.Is(err, ErrNonScoring) works.
func (e *DiceError) Unwrap() error { return e.Err }

// diceError returns a *DiceError for sentinel and the offending dice,
// copying at most maxErrDice of them.
func diceError(sentinel error, dice []Die) error {
	var c []Die
	if len(dice) > 0 {
		c = append([]Die(nil), dice[:min(len(dice), maxErrDice)]...)
	}
	return &DiceError{Err: sentinel, Dice: c, Count: len(dice)}
}

// inputError returns the first error of dice given as args, in the order
// the package documents: dice that are not 1 to 6 (from all the args, in
// order), then more than MaxDice dice (the first such arg). It returns nil
// if there is none.
func inputError(args ...[]Die) error {
	n := 0
	var bad []Die
	for _, dice := range args {
		for _, d := range dice {
			if !d.Valid() {
				if n < maxErrDice {
					bad = append(bad, d)
				}
				n++
			}
		}
	}
	if n > 0 {
		return &DiceError{Err: ErrInvalidDie, Dice: bad, Count: n}
	}
	for _, dice := range args {
		if len(dice) > MaxDice {
			return diceError(ErrTooManyDice, dice)
		}
	}
	return nil
}

// A RulesError reports rules that this package rejects: the field and
// what is wrong with it. It wraps [ErrInvalidRules]. Package game reports
// its rules of play with it too.
type RulesError struct {
	Field  string // such as "Triple[3]", "Bonus" or "preset"
	Reason string // such as "must be positive"
}

// Error returns a message such as
// "farkle: invalid rules: Triple[3] must be positive".
func (e *RulesError) Error() string {
	return "farkle: invalid rules: " + e.Field + " " + e.Reason
}

// Unwrap returns [ErrInvalidRules].
func (e *RulesError) Unwrap() error { return ErrInvalidRules }
