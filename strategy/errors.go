package strategy

import (
	"errors"
	"strconv"
)

// The errors of this package, one meaning each. [Solve] reports what
// stops it with a [*SolveError], and a [Table] a state it has no answer
// for with a [*StateError]; both wrap one of these, as do the errors of
// [SolveAverage] and [AverageTable] and of [Bot.CheckRules] and
// [AverageBot.CheckRules]. Test for them with [errors.Is].
var (
	// ErrTooLarge: the rules need a Table, or a turn of an AverageTable,
	// of more than 65,536 turn totals per number of dice: from 0 to its
	// cap (see [Table.Cap]) and twice the largest keep beyond, in steps of
	// [Table.Step]. Points in steps much smaller than their size, or a
	// huge MinBank, lead there; [SolveError] gives the step and the cap.
	// (Package strategy/win has its own ErrTooLarge, for games too large
	// to solve for the chance to win.)
	ErrTooLarge = errors.New("table too large")
	// ErrTurnTotal: a turn total is negative, above 2^40, or not a sum
	// of keep points (not a multiple of [Table.Step]).
	ErrTurnTotal = errors.New("turn total not reachable")
	// ErrDiceLeft: a number of dice to roll is out of range: not 0 to 6
	// for a state (0 meaning hot dice), not 1 to 6 for [Table.Odds].
	ErrDiceLeft = errors.New("number of dice out of range")
	// ErrFarkles: a number of farkles in a row is out of range: not 0 to
	// PenaltyAfter-1 (0 only, without a penalty).
	ErrFarkles = errors.New("farkles in a row out of range")
	// ErrOtherRules: a table solved for other rules than those of a game
	// ([Bot.CheckRules], [AverageBot.CheckRules]): other scoring rules, or
	// another MinBank or MustRollHotDice, or for an AverageTable another
	// penalty.
	ErrOtherRules = errors.New("table solved for other rules")
	// ErrRules: rules of play that a bot's model does not cover
	// ([AverageBot.CheckRules] of a game under game.Rules.Bankrupt, whose
	// cost of farkles in a row depends on the score).
	ErrRules = errors.New("rules not supported")
)

// A SolveError reports why [Solve] or [SolveAverage] cannot build a
// table. Err is [ErrTooLarge].
type SolveError struct {
	Err  error
	Step int // the rules' point step
	Cap  int // the turn total that the table would need to reach
}

// Error returns a message such as
// "strategy: table too large: turn totals up to 1000000000 in steps of 1".
func (e *SolveError) Error() string {
	msg := "strategy: "
	if e.Err != nil {
		msg += e.Err.Error()
	} else {
		msg += "cannot solve"
	}
	return msg + ": turn totals up to " + strconv.Itoa(e.Cap) + " in steps of " + strconv.Itoa(e.Step)
}

// Unwrap returns e.Err.
func (e *SolveError) Unwrap() error { return e.Err }

// A StateError reports a question that a [Table] has no answer for. Err is
// [ErrTurnTotal] (TurnTotal cannot be reached) or [ErrDiceLeft] (DiceLeft
// is out of range). For [Table.Odds], DiceLeft is the number of dice
// asked about and TurnTotal is 0.
type StateError struct {
	Err       error
	TurnTotal int
	DiceLeft  int
}

// Error returns a message such as
// "strategy: turn total not reachable: 75 with 3 dice" or
// "strategy: number of dice out of range: 7".
func (e *StateError) Error() string {
	msg := "invalid state"
	if e.Err != nil {
		msg = e.Err.Error()
	}
	msg = "strategy: " + msg + ": "
	if errors.Is(e.Err, ErrDiceLeft) {
		return msg + strconv.Itoa(e.DiceLeft)
	}
	dice := " dice"
	if e.DiceLeft == 1 {
		dice = " die"
	}
	return msg + strconv.Itoa(e.TurnTotal) + " with " + strconv.Itoa(e.DiceLeft) + dice
}

// Unwrap returns e.Err.
func (e *StateError) Unwrap() error { return e.Err }

// avgFarklesError reports farkles in a row that an AverageTable has no state
// for; it wraps ErrFarkles.
type avgFarklesError struct{ k, states int }

func (e *avgFarklesError) Error() string {
	return "strategy: " + ErrFarkles.Error() + ": " + strconv.Itoa(e.k) + " (0 to " + strconv.Itoa(e.states-1) + ")"
}

func (e *avgFarklesError) Unwrap() error { return ErrFarkles }

// A rulesError reports a table solved for other rules than a game's; it
// wraps ErrOtherRules.
type rulesError struct{ field, table, game string }

func (e *rulesError) Error() string {
	return "strategy: " + ErrOtherRules.Error() + ": " + e.field + " " + e.table + ", the game's " + e.game
}

func (e *rulesError) Unwrap() error { return ErrOtherRules }

// An unsupportedError reports a rule of play that a bot's model does not
// cover; it wraps ErrRules.
type unsupportedError struct{ field, why string }

func (e *unsupportedError) Error() string {
	return "strategy: " + ErrRules.Error() + ": " + e.field + ": " + e.why
}

func (e *unsupportedError) Unwrap() error { return ErrRules }
