package win

import (
	"errors"
	"strconv"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// The errors of this package, one meaning each. [Solve] and [Duel] report
// what stops them with a [*SolveError], and a [Table] a position it has no
// answer for with a [*StateError]; both wrap one of these. Test for them
// with [errors.Is].
var (
	// ErrRules: rules of play that the solver does not model: for Solve
	// and Bot.CheckRules the house rules Welfare and Piggyback, SixOnesWin
	// with a final round and Bankrupt under an opening minimum; for Duel
	// also ToxicTwos, SixOnesWin, Bankrupt and a penalty for farkles in a
	// row. Solve models every other game.Rules value that
	// game.Rules.Validate accepts.
	ErrRules = errors.New("rules not supported")
	// ErrOptions: an [Options] field out of range: Workers negative, or,
	// with a penalty, a Floor above 0 or not a multiple of the score step.
	ErrOptions = errors.New("invalid options")
	// ErrTooLarge: a game too large to solve: more than 4,194,304
	// positions at the start of a turn (scores and farkle counts), or
	// turns longer than the solver follows (points in steps much smaller
	// than their size, a huge MinBank, a policy that banks only at
	// millions).
	ErrTooLarge = errors.New("game too large")
	// ErrConverge: the sweeps of a game with a penalty did not settle
	// within 100,000 passes over the table.
	ErrConverge = errors.New("no convergence")
	// ErrPolicy: the zero [Policy], which is no way to play.
	ErrPolicy = errors.New("no policy")
	// ErrNoTable: no table to play or answer by: a [Bot] or a
	// [TablePolicy] with a nil Table, or a method of a nil or zero
	// *[Table].
	ErrNoTable = errors.New("no table")
	// ErrOtherRules: a table solved for other rules than those of the game
	// ([Bot.CheckRules]) or of the duel ([Duel]). It is
	// strategy.ErrOtherRules itself, so that a caller of game.Play tests
	// for the refusal of any of the module's bots with one sentinel.
	ErrOtherRules = strategy.ErrOtherRules
	// ErrData: data that [Table.UnmarshalBinary] does not accept: another
	// format or version, a bad checksum, or contents that do not match
	// the rules they carry.
	ErrData = errors.New("bad table data")
	// ErrScore: a banked score that a Table has no answer for: not a
	// multiple of the score step, below the floor, or at or above the
	// target (the game is over); or, under an opening minimum (see
	// [State]), a score that play cannot reach off the board (not 0 less
	// penalties, nor the floor) or on it (0 without a penalty).
	ErrScore = errors.New("score out of range")
	// ErrFarkles: farkles in a row out of range: not 0 to PenaltyAfter-1
	// (0 only, without a penalty).
	ErrFarkles = errors.New("farkles in a row out of range")
	// ErrTurnTotal: a turn total that play cannot reach: negative, above
	// 2^40, or not a multiple of the scoring unit.
	ErrTurnTotal = errors.New("turn total not reachable")
	// ErrDiceLeft: a number of dice to roll out of range: not 0 to 6 (0
	// meaning six).
	ErrDiceLeft = errors.New("number of dice out of range")
	// ErrPlayers: [StateOf] a game of other than two players.
	ErrPlayers = errors.New("not a game of two players")
)

// A SolveError reports why [Solve] or [Duel] cannot solve a game. Err is
// [ErrRules] or [ErrOptions] (Field names the field of Rules or Options at
// fault), [ErrTooLarge] or [ErrConverge], or, from Duel, [ErrPolicy],
// [ErrNoTable] or [ErrOtherRules] for a policy that cannot play the duel
// (Field names the field of game.Rules that differs). Rules that
// game.Rules.Validate refuses give its [*farkle.RulesError] instead, and
// a context done its error.
type SolveError struct {
	Err     error
	Rules   game.Rules // the rules asked for
	Options Options    // the options asked for
	Field   string     // such as "Penalty", "Floor" or "Target"; "" when no one field is at fault
	detail  string     // what the message adds after the sentinel
}

// Error returns a message such as "win: invalid options: Floor 100, want
// a negative multiple of 50 from -2147483648".
func (e *SolveError) Error() string {
	msg := "win: cannot solve"
	if e.Err != nil {
		msg = "win: " + e.Err.Error()
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
// is [ErrScore], [ErrFarkles], [ErrTurnTotal] or [ErrDiceLeft]; State is
// the position asked about.
type StateError struct {
	Err    error
	State  State
	detail string // the table's range, for ErrScore and ErrFarkles
}

// Error returns a message such as "win: score out of range: 25 against 0
// (from 0 to under 2000 in steps of 50)" or "win: turn total not
// reachable: 75 with 3 dice".
func (e *StateError) Error() string {
	msg := "win: invalid position"
	if e.Err != nil {
		msg = "win: " + e.Err.Error()
	}
	s := e.State
	switch {
	case errors.Is(e.Err, ErrScore):
		msg += ": " + strconv.Itoa(s.Mine) + " against " + strconv.Itoa(s.Theirs)
	case errors.Is(e.Err, ErrFarkles):
		msg += ": " + strconv.Itoa(s.MyFarkles) + " and " + strconv.Itoa(s.TheirFarkles)
	case errors.Is(e.Err, ErrDiceLeft):
		msg += ": " + strconv.Itoa(s.DiceLeft)
	default:
		dice := " dice"
		if s.DiceLeft == 1 {
			dice = " die"
		}
		msg += ": " + strconv.Itoa(s.TurnTotal) + " with " + strconv.Itoa(s.DiceLeft) + dice
	}
	if e.detail != "" {
		msg += " (" + e.detail + ")"
	}
	return msg
}

// Unwrap returns e.Err.
func (e *StateError) Unwrap() error { return e.Err }
