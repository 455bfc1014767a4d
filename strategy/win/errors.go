package win

import (
	"errors"
	"strconv"
	"strings"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// The errors of this package, one meaning each. [Solve] and [Duel] report
// what stops them with a [*SolveError], and a [Table] a position it has no
// answer for with a [*StateError]; both wrap one of these. Test for them
// with [errors.Is].
var (
	// ErrRules: rules of play that the solver does not model. Two seats:
	// for Solve and Bot.CheckRules the house rules Welfare and Piggyback,
	// SixOnesWin with a final round and Bankrupt under an opening minimum;
	// for Duel also ToxicTwos, SixOnesWin, Bankrupt and a penalty for
	// farkles in a row. Three seats: besides those, a penalty, Bankrupt,
	// MustRollHotDice, ToxicTwos and SixOnesWin. Solve models every other
	// game.Rules value that game.Rules.Validate accepts.
	ErrRules = kit.ErrRules
	// ErrOptions: an [Options] field out of range: Players not 0, 2, 3 or 4,
	// Workers negative, or, with a penalty, a Floor above 0 or not a
	// multiple of the score step.
	ErrOptions = kit.ErrOptions
	// ErrTooLarge: a game too large to solve: more than 4,194,304
	// positions at the start of a turn for two seats (scores and farkle
	// counts), 8,388,608 for three, 16,777,216 for four, or turns longer than the solver
	// follows (points in steps much smaller than their size, a huge
	// MinBank, a policy that banks only at millions).
	ErrTooLarge = kit.ErrTooLarge
	// ErrConverge: the sweeps of a game with a penalty did not settle
	// within 100,000 passes over the table.
	ErrConverge = errors.New("no convergence")
	// ErrPolicy: the zero [Policy], which is no way to play.
	ErrPolicy = errors.New("no policy")
	// ErrNoTable: no table to play or answer by: a [Bot] or a
	// [TablePolicy] with a nil Table, or a method of a nil or zero
	// *[Table].
	ErrNoTable = kit.ErrNoTable
	// ErrOtherRules: a table solved for other rules than those of the game
	// ([Bot.CheckRules]) or of the duel ([Duel]). It is
	// strategy.ErrOtherRules itself, so that a caller of game.Play tests
	// for the refusal of any of the module's bots with one sentinel.
	ErrOtherRules = kit.ErrOtherRules
	// ErrData: data that [Table.UnmarshalBinary] does not accept: another
	// format or version, a bad checksum, or contents that do not match
	// the rules they carry.
	ErrData = kit.ErrData
	// ErrScore: a banked score that a Table has no answer for: not a
	// multiple of the score step, below the floor, or at or above the
	// target (the game is over, or with a final round not a position of
	// it); or, under an opening minimum (see [State]), a score that play
	// cannot reach off the board (not 0 less penalties, nor the floor) or
	// on it (0 without a penalty).
	ErrScore = kit.ErrScore
	// ErrFarkles: farkles in a row out of range: not 0 to PenaltyAfter-1
	// (0 only, without a penalty).
	ErrFarkles = errors.New("farkles in a row out of range")
	// ErrTurnTotal: a turn total that play cannot reach: negative, above
	// 2^40, or not a multiple of the scoring unit.
	ErrTurnTotal = kit.ErrTurnTotal
	// ErrDiceLeft: a number of dice to roll out of range: not 0 to 6 (0
	// meaning six).
	ErrDiceLeft = kit.ErrDiceLeft
	// ErrPlayers: a [State] whose number of scores (or of farkles in a
	// row, or of OnBoard) is not the table's number of players, or a
	// table of another number of players than a method needs (Duel,
	// FairestKomi: two; FairestHeadStarts: three or four).
	ErrPlayers = kit.ErrPlayers
)

// A SolveError reports why [Solve] or [Duel] cannot solve a game. Err is
// [ErrRules] or [ErrOptions] (Field names the field of Rules or Options at
// fault), [ErrTooLarge] or [ErrConverge], or, from Duel, [ErrPolicy],
// [ErrNoTable] or [ErrOtherRules] for a policy that cannot play the duel
// (Field names the field of game.Rules that differs). Rules that
// game.Rules.Validate refuses give its [*farkle.RulesError] instead, and a
// context done its error.
type SolveError struct {
	Err     error
	Rules   game.Rules // the rules asked for
	Options Options    // the options asked for
	Field   string     // such as "Penalty", "Floor" or "Target"; "" when no one field is at fault
	detail  string     // what the message adds after the sentinel
}

// Error returns a message such as "win: invalid options: Floor 100, want
// a negative multiple of 50 from -2147483648".
func (e *SolveError) Error() string { return kit.SolveMessage(e.Err, e.Field, e.detail) }

// Unwrap returns e.Err.
func (e *SolveError) Unwrap() error { return e.Err }

// solveError makes a fault of the solvers a *SolveError of r and opts,
// and fills in the rules and options of a *SolveError; other errors it
// returns as they are.
func solveError(err error, r game.Rules, opts Options) error {
	var f *kit.SolveFault
	if errors.As(err, &f) {
		return &SolveError{Err: f.Err, Rules: r, Options: opts, Field: f.Field, detail: f.Detail}
	}
	var se *SolveError
	if errors.As(err, &se) {
		se.Rules, se.Options = r, opts
	}
	return err
}

// A StateError reports a position that a [Table] has no answer for. Err
// is [ErrScore], [ErrFarkles], [ErrTurnTotal], [ErrDiceLeft] or
// [ErrPlayers]; State is the position asked for (a copy).
type StateError struct {
	Err    error
	State  State
	detail string // the table's range, for ErrScore and ErrFarkles
}

// stateError makes a fault of the solvers a *StateError of s.
func stateError(err error, s State) error {
	var f *kit.StateFault
	if errors.As(err, &f) {
		return &StateError{Err: f.Err, State: s.clone(), detail: f.Detail}
	}
	return err
}

// Error returns a message such as "win: score out of range: scores 130,
// 0 (multiples of 50 from -2500)".
func (e *StateError) Error() string {
	msg := "win: invalid position"
	if e.Err != nil {
		msg = "win: " + e.Err.Error()
	}
	s := e.State
	list := func(xs []int) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = strconv.Itoa(x)
		}
		return strings.Join(parts, ", ")
	}
	switch {
	case errors.Is(e.Err, ErrScore), errors.Is(e.Err, ErrPlayers):
		msg += ": scores " + list(s.Scores)
	case errors.Is(e.Err, ErrFarkles):
		msg += ": farkles in a row " + list(s.Farkles)
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
