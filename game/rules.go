package game

import (
	"strconv"

	"github.com/farkle-go/farkle"
)

// DefaultTarget is the score that wins when [Rules].Target is 0.
const DefaultTarget = 10_000

// MaxTarget is the largest target, minimum and penalty that a [Rules]
// value may hold.
const MaxTarget = 100_000_000

// MaxPenaltyAfter is the largest [Rules].PenaltyAfter.
const MaxPenaltyAfter = 100

// HotDice says what a player who has set aside all the dice of a turn may
// do. The zero HotDice is [HotDiceMayRoll].
type HotDice uint8

const (
	// HotDiceMayRoll: the player may roll all six dice again or bank.
	HotDiceMayRoll HotDice = iota
	// HotDiceMustRoll: the player must roll all six dice again; Bank
	// fails with [ErrMustRoll] until the next keep.
	HotDiceMustRoll
)

// String returns the constant's name, such as "HotDiceMustRoll".
func (h HotDice) String() string {
	switch h {
	case HotDiceMayRoll:
		return "HotDiceMayRoll"
	case HotDiceMustRoll:
		return "HotDiceMustRoll"
	}
	return "HotDice(" + strconv.Itoa(int(h)) + ")"
}

// Rules are the rules of play of a table, as plain data beside the scoring
// rules of its Scorer. Rules values are comparable with ==, which compares
// the Scorer as a pointer: two Rules are equal when their other fields are
// and they hold the same *farkle.Scorer, or both a nil one. Two Scorers
// built apart from the same farkle.Rules are different pointers, and a nil
// Scorer differs from a non-nil one that scores App. A game loaded from
// JSON gets the Scorer of the preset [App] (nil), [Zilch] or [Facebook]
// whose scoring rules it was saved with, so that saving and loading a game
// under a preset keeps its Rules equal (see [Game.UnmarshalJSON]).
//
// Every zero field has a meaning, so the zero Rules is a valid game:
// first to 10,000 wins at once (no final round), App scoring, no minimum
// to bank, no penalty, hot dice may roll. [App] plays the same game with
// a final round: it is the zero Rules with FinalRound set and Target set
// to DefaultTarget, which the zero Target means anyway.
type Rules struct {
	// Target is the banked score that ends the game; 0 means
	// DefaultTarget (10,000). At most MaxTarget.
	Target int

	// FinalRound gives every other player one last turn after a player
	// banks Target or more; then the highest score wins, and a tie goes to
	// the player who reached it first in the order of play from the
	// player who reached Target. Without FinalRound the first player to
	// bank Target or more wins at once.
	FinalRound bool

	// MinBank is the smallest turn total that a player may bank;
	// 0 means no minimum.
	MinBank int

	// MinFirstBank is the smallest turn total of a player's first bank,
	// the one that gets them "on the board"; 0 means no minimum. A bank
	// must reach both MinBank and, the first time, MinFirstBank.
	MinFirstBank int

	// Penalty is the points that a player loses on their PenaltyAfter-th
	// farkle in a row; the count then starts again from 0. A bank also
	// resets the count. 0 means no penalty, and then PenaltyAfter must be
	// 0. Scores may go below zero.
	Penalty int
	// PenaltyAfter is the number of farkles in a row that cost Penalty
	// points: 3 for "the third farkle in a row costs 500". It must be
	// positive when Penalty is, at most MaxPenaltyAfter.
	PenaltyAfter int

	// HotDice says whether a player who has set aside all six dice may
	// bank or must roll them all again.
	HotDice HotDice

	// Scorer scores the dice; nil means the App scoring rules
	// (farkle.App).
	Scorer *farkle.Scorer
}

// The presets. Each is a plain value: copy one, change a field, and pass
// it to [New]. The scorers of Zilch and Facebook are built once when the
// package is initialized.
var (
	// App is the play of the dice app whose help page specifies the
	// farkle package: target 10,000, no minimum to bank, no penalty, hot
	// dice may roll, App scoring. The help page says nothing about the
	// end of the game; App gives the others a final round, as most
	// printed Farkle rules do.
	App = Rules{Target: DefaultTarget, FinalRound: true}

	// Zilch is the play of the Zilch game: bank at 300 or more, the third
	// zilch (farkle) in a row costs 500, hot dice may roll, final round,
	// scoring farkle.Zilch.
	Zilch = Rules{
		Target: DefaultTarget, FinalRound: true,
		MinBank: 300, Penalty: 500, PenaltyAfter: 3,
		Scorer: mustScorer(farkle.Zilch),
	}

	// Facebook is the play of Facebook Farkle: bank at 300 or more, the
	// third farkle in a row costs 500, hot dice may roll, final round,
	// scoring farkle.Facebook.
	Facebook = Rules{
		Target: DefaultTarget, FinalRound: true,
		MinBank: 300, Penalty: 500, PenaltyAfter: 3,
		Scorer: mustScorer(farkle.Facebook),
	}
)

// mustScorer compiles a preset of the farkle package, which is valid.
func mustScorer(r farkle.Rules) *farkle.Scorer {
	s, err := farkle.New(r)
	if err != nil {
		panic("game: a farkle preset is invalid: " + err.Error())
	}
	return s
}

// A RulesError reports a [Rules] value that [New] rejects: the field and
// what is wrong with it. It wraps [ErrInvalidRules].
type RulesError struct {
	Field  string // such as "MinBank"
	Reason string // such as "must not be negative"
}

// Error returns a message such as
// "game: invalid rules: MinBank must not be negative".
func (e *RulesError) Error() string {
	return "game: invalid rules: " + e.Field + " " + e.Reason
}

// Unwrap returns [ErrInvalidRules].
func (e *RulesError) Unwrap() error { return ErrInvalidRules }

// Validate reports the first problem with r, in field order, as a
// [*RulesError]; nil if [New] accepts r.
func (r Rules) Validate() error {
	bad := func(field, reason string) error { return &RulesError{Field: field, Reason: reason} }
	for _, f := range []struct {
		name string
		v    int
	}{{"Target", r.Target}, {"MinBank", r.MinBank}, {"MinFirstBank", r.MinFirstBank}, {"Penalty", r.Penalty}} {
		if f.v < 0 {
			return bad(f.name, "must not be negative")
		}
		if f.v > MaxTarget {
			return bad(f.name, "must be at most "+strconv.Itoa(MaxTarget))
		}
	}
	switch {
	case r.PenaltyAfter < 0:
		return bad("PenaltyAfter", "must not be negative")
	case r.PenaltyAfter > MaxPenaltyAfter:
		return bad("PenaltyAfter", "must be at most "+strconv.Itoa(MaxPenaltyAfter))
	case r.Penalty > 0 && r.PenaltyAfter == 0:
		return bad("PenaltyAfter", "must be positive when Penalty is")
	case r.Penalty == 0 && r.PenaltyAfter > 0:
		return bad("PenaltyAfter", "must be 0 when Penalty is 0")
	case r.HotDice > HotDiceMustRoll:
		return bad("HotDice", "is not a HotDice constant: "+r.HotDice.String())
	}
	return nil
}

// target is the target with the default applied.
func (r *Rules) target() int {
	if r.Target == 0 {
		return DefaultTarget
	}
	return r.Target
}
