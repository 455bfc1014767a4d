package game

import (
	"errors"
	"strconv"
)

// The errors that the functions of this package wrap. Test for them with
// [errors.Is]; the error types below carry the details. Invalid rules are
// reported as in package farkle, with a [*farkle.RulesError] wrapping
// farkle.ErrInvalidRules.
var (
	// ErrPlayers: not 1 to MaxPlayers players, a bad player name, a
	// number of bots that is not the number of players, a nil bot, or a
	// bot that refuses the game's rules (see [BotError]).
	ErrPlayers = errors.New("bad players")
	// ErrNoGame: the Game is the zero Game (or nil); make one with New.
	ErrNoGame = errors.New("no game: use New")
	// ErrGameOver: an action after the game is over.
	ErrGameOver = errors.New("game is over")
	// ErrNotRolled: Keep with no dice on the table (before the first
	// roll of a turn, or a second Keep from the same roll), or Bank
	// before the first roll of a turn.
	ErrNotRolled = errors.New("dice not rolled")
	// ErrAlreadyRolled: Roll or Bank while dice on the table wait for a
	// Keep.
	ErrAlreadyRolled = errors.New("dice rolled and not kept")
	// ErrBelowMinimum: Bank with a turn total under the minimum of the
	// rules (see [MinimumError]).
	ErrBelowMinimum = errors.New("turn total below the minimum to bank")
	// ErrMustRoll: Bank after hot dice under Rules.MustRollHotDice.
	ErrMustRoll = errors.New("hot dice must be rolled")
	// ErrDiceCount: RollDice with not exactly DiceLeft dice (see
	// [CountError]).
	ErrDiceCount = errors.New("wrong number of dice")
	// ErrNoSource: Roll on a game that has no dice source; use RollDice
	// or SetSource.
	ErrNoSource = errors.New("no dice source")
	// ErrTooLong: a bot kept a turn or a game going past the limits of
	// PlayTurn and Play.
	ErrTooLong = errors.New("bot played too long")
	// ErrBadHistory: a history of events, or a saved game, that the rules
	// of play do not produce (see [HistoryError]).
	ErrBadHistory = errors.New("bad history")
	// ErrUnknownAction: Can with an Action that is not ActionRoll,
	// ActionKeep, ActionBank nor ActionPiggyback.
	ErrUnknownAction = errors.New("unknown action")
	// ErrNoOffer: Piggyback with no bank to take over: the rules have no
	// Piggyback, the last bank left no dice (or ended the game), or the
	// turn has rolled already.
	ErrNoOffer = errors.New("no turn total to take over")
)

// An Action is a move of a player.
type Action uint8

// The actions.
const (
	ActionRoll      Action = iota + 1 // Roll or RollDice
	ActionKeep                        // Keep
	ActionBank                        // Bank
	ActionPiggyback                   // Piggyback (Rules.Piggyback)
)

// String returns "roll", "keep", "bank" or "piggyback".
func (a Action) String() string {
	switch a {
	case ActionRoll:
		return "roll"
	case ActionKeep:
		return "keep"
	case ActionBank:
		return "bank"
	case ActionPiggyback:
		return "piggyback"
	}
	return "Action(" + strconv.Itoa(int(a)) + ")"
}

// An ActionError reports an illegal action, which changed nothing. Err is
// a sentinel of this package, a [*MinimumError], a [*CountError], or a
// [*farkle.DiceError] for a bad keep (farkle.ErrNonScoring,
// farkle.ErrNotInRoll, farkle.ErrNoDice, ...) or bad dice.
type ActionError struct {
	Action Action
	Player int // the player whose turn it was, from 0
	Err    error
}

// Error returns a message such as
// "game: keep by player 1: farkle: dice score nothing: 2".
func (e *ActionError) Error() string {
	return "game: " + e.Action.String() + " by player " + strconv.Itoa(e.Player) + ": " + errString(e.Err)
}

// Unwrap returns e.Err.
func (e *ActionError) Unwrap() error { return e.Err }

// A MinimumError reports a bank under the minimum: Need is the smallest
// turn total the player may bank, Have the turn total. It wraps
// [ErrBelowMinimum].
type MinimumError struct {
	Need, Have int
}

// Error returns a message such as
// "turn total below the minimum to bank: 250 < 300".
func (e *MinimumError) Error() string {
	return ErrBelowMinimum.Error() + ": " + strconv.Itoa(e.Have) + " < " + strconv.Itoa(e.Need)
}

// Unwrap returns [ErrBelowMinimum].
func (e *MinimumError) Unwrap() error { return ErrBelowMinimum }

// A CountError reports dice given to RollDice that are not as many as the
// dice left: Want dice were due, Got were given. It wraps [ErrDiceCount].
type CountError struct {
	Want, Got int
}

// Error returns a message such as "wrong number of dice: 4, want 6".
func (e *CountError) Error() string {
	return ErrDiceCount.Error() + ": " + strconv.Itoa(e.Got) + ", want " + strconv.Itoa(e.Want)
}

// Unwrap returns [ErrDiceCount].
func (e *CountError) Unwrap() error { return ErrDiceCount }

// A HistoryError reports the first event of a history (or of a saved
// game) that does not follow from the events before it. Index is the
// position of that event, or the length of the history for an event that
// is missing at the end. It wraps both [ErrBadHistory] and Err, the
// reason.
type HistoryError struct {
	Index int
	Err   error
}

// Error returns a message such as
// "game: bad history: event 7: game: bank by player 0: ...".
func (e *HistoryError) Error() string {
	return "game: " + ErrBadHistory.Error() + ": event " + strconv.Itoa(e.Index) + ": " + errString(e.Err)
}

// Unwrap returns [ErrBadHistory] and e.Err.
func (e *HistoryError) Unwrap() []error { return []error{ErrBadHistory, e.Err} }

// A BotError reports a bot that refused to play a game: the
// [RulesChecker] of player Player (from 0) returned Err for the game's
// rules. It wraps both [ErrPlayers] and Err, so that errors.Is finds the
// bot's own sentinel too.
type BotError struct {
	Player int
	Err    error
}

// Error returns a message such as
// "game: bad players: the bot of player 1 cannot play: win: no table: ...".
func (e *BotError) Error() string {
	return "game: " + ErrPlayers.Error() + ": the bot of player " + strconv.Itoa(e.Player) + " cannot play: " + errString(e.Err)
}

// Unwrap returns [ErrPlayers] and e.Err.
func (e *BotError) Unwrap() []error { return []error{ErrPlayers, e.Err} }

func errString(err error) string {
	if err == nil {
		return "unknown error"
	}
	return err.Error()
}
