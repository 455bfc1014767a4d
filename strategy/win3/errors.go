package win3

import (
	"errors"
	"strconv"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// The errors of this package, one meaning each. [Solve] reports what
// stops it with a [*SolveError], and a [Table] a position it has no answer
// for with a [*StateError]; both wrap one of these. Test for them with
// [errors.Is].
var (
	// ErrRules: rules of play that the solver does not model (see the
	// package documentation, What is solved).
	ErrRules = errors.New("rules not supported")
	// ErrOptions: an [Options] field out of range: Workers negative.
	ErrOptions = errors.New("invalid options")
	// ErrTooLarge: a game too large to solve: more than 8,388,608
	// positions at the start of a turn, or turns longer than the solver
	// follows.
	ErrTooLarge = errors.New("game too large")
	// ErrNoTable: no table to play or answer by: a [Bot] with a nil Table,
	// or a method of a nil or zero *[Table].
	ErrNoTable = errors.New("no table")
	// ErrOtherRules: a table solved for other rules than those of the game
	// ([Bot.CheckRules]). It is strategy.ErrOtherRules itself.
	ErrOtherRules = strategy.ErrOtherRules
	// ErrData: data that [Table.UnmarshalBinary] does not accept: another
	// format or version, a bad checksum, or contents that do not match
	// the rules they carry.
	ErrData = errors.New("bad table data")
	// ErrScore: a banked score that a Table has no answer for: negative,
	// not a multiple of the score step, or at or above the target (with a
	// final round: the mover's, or another's above 2^40).
	ErrScore = errors.New("score out of range")
	// ErrTurnTotal: a turn total that play cannot reach: negative, above
	// 2^40, or not a multiple of the scoring unit.
	ErrTurnTotal = errors.New("turn total not reachable")
	// ErrDiceLeft: a number of dice to roll out of range: not 0 to 6 (0
	// meaning six).
	ErrDiceLeft = errors.New("number of dice out of range")
	// ErrPlayers: [StateOf] a game of other than three players.
	ErrPlayers = errors.New("not a game of three players")
)

// A SolveError reports why [Solve] cannot solve a game. Err is
// [ErrRules] or [ErrOptions] (Field names the field of Rules or Options at
// fault) or [ErrTooLarge]. Rules that game.Rules.Validate refuses give its
// [*farkle.RulesError] instead, and a context done its error.
type SolveError struct {
	Err     error
	Rules   game.Rules // the rules asked for
	Options Options    // the options asked for
	Field   string     // such as "FinalRound" or "Workers"; "" when no one field is at fault
	detail  string     // what the message adds after the sentinel
}

// Error returns a message such as "win3: rules not supported:
// FinalRound: ...".
func (e *SolveError) Error() string {
	msg := "win3: cannot solve"
	if e.Err != nil {
		msg = "win3: " + e.Err.Error()
	}
	switch {
	case e.detail != "":
		return msg + ": " + e.detail
	case e.Field != "":
		return msg + ": " + e.Field
	}
	return msg
}

// Unwrap returns e.Err.
func (e *SolveError) Unwrap() error { return e.Err }

// A StateError reports a position that a [Table] has no answer for. Err
// is [ErrScore], [ErrTurnTotal] or [ErrDiceLeft]; State is the position
// asked about.
type StateError struct {
	Err    error
	State  State
	detail string
}

// Error returns a message such as "win3: score out of range: [50 0
// 10000]: ...".
func (e *StateError) Error() string {
	s := "win3: " + e.Err.Error() + ": scores " + strconv.Itoa(e.State.Scores[0]) + ", " +
		strconv.Itoa(e.State.Scores[1]) + ", " + strconv.Itoa(e.State.Scores[2])
	if e.detail != "" {
		s += ": " + e.detail
	}
	return s
}

// Unwrap returns e.Err.
func (e *StateError) Unwrap() error { return e.Err }
