package game

import (
	"strconv"
	"strings"

	"github.com/farkle-go/farkle"
)

// DefaultTarget is the score that wins when [Rules].Target is 0.
const DefaultTarget = 10_000

// Limits of a Rules value: Target, MinBank, MinFirstBank and Penalty are
// at most maxTarget, PenaltyAfter at most maxPenaltyAfter.
const (
	maxTarget       = 100_000_000
	maxPenaltyAfter = 100
)

// Rules are the rules of play of a table, with its scoring rules, as plain
// comparable data. [Game.Rules] returns them normalized (a zero Target
// and a zero Scoring read as their defaults), and two normalized Rules
// are == exactly when they describe the same game. Rules marshal to JSON
// with the stable lower-case keys of the save format.
//
// Every zero field has a meaning, so the zero Rules is a valid game:
// first to 10,000 wins at once (no final round), App scoring, no minimum
// to bank, no penalty, hot dice may be banked. Preset [App] plays the same
// game with a final round.
type Rules struct {
	// Target is the banked score that ends the game; 0 means
	// DefaultTarget (10,000). At most 100,000,000.
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
	// positive when Penalty is, at most 100.
	PenaltyAfter int

	// MustRollHotDice makes a player who has set aside all six dice (hot
	// dice) roll all six again: Bank fails with [ErrMustRoll] until the
	// next keep. Without it the player may roll them or bank. Package
	// strategy's Options use the same field.
	MustRollHotDice bool

	// Scoring is the scoring rules; the zero value means
	// farkle.App.Rules().
	Scoring farkle.Rules
}

// Validate reports the first problem with r, in field order, as a
// [*farkle.RulesError] wrapping [farkle.ErrInvalidRules]; nil if [New]
// accepts r. A problem with the scoring rules names the field
// "Scoring.<field>".
func (r Rules) Validate() error {
	_, err := r.scorer()
	return err
}

// scorer checks r and returns the Scorer of its scoring rules.
func (r Rules) scorer() (*farkle.Scorer, error) {
	bad := func(field, reason string) error { return &farkle.RulesError{Field: field, Reason: reason} }
	for _, f := range []struct {
		name string
		v    int
	}{{"Target", r.Target}, {"MinBank", r.MinBank}, {"MinFirstBank", r.MinFirstBank}, {"Penalty", r.Penalty}} {
		if f.v < 0 {
			return nil, bad(f.name, "must not be negative")
		}
		if f.v > maxTarget {
			return nil, bad(f.name, "must be at most "+strconv.Itoa(maxTarget))
		}
	}
	switch {
	case r.PenaltyAfter < 0:
		return nil, bad("PenaltyAfter", "must not be negative")
	case r.PenaltyAfter > maxPenaltyAfter:
		return nil, bad("PenaltyAfter", "must be at most "+strconv.Itoa(maxPenaltyAfter))
	case r.Penalty > 0 && r.PenaltyAfter == 0:
		return nil, bad("PenaltyAfter", "must be positive when Penalty is")
	case r.Penalty == 0 && r.PenaltyAfter > 0:
		return nil, bad("PenaltyAfter", "must be 0 when Penalty is 0")
	}
	s, err := farkle.New(r.scoring())
	if err != nil {
		if re, ok := err.(*farkle.RulesError); ok {
			return nil, bad("Scoring."+re.Field, re.Reason)
		}
		return nil, err
	}
	return s, nil
}

// scoring is the scoring rules with the zero value read as App's.
func (r *Rules) scoring() farkle.Rules {
	if r.Scoring == (farkle.Rules{}) {
		return farkle.App.Rules()
	}
	return r.Scoring
}

// target is the target with the default applied.
func (r *Rules) target() int {
	if r.Target == 0 {
		return DefaultTarget
	}
	return r.Target
}

// A Preset names the rules of play of a known game. Like farkle.Preset it
// is a name, not a variable: [Preset.Rules] returns a fresh copy, which
// the caller may change. The zero Preset is [App]. Presets marshal to and
// from their names, such as "zilch".
type Preset uint8

// The presets.
const (
	// App is the play of the dice app whose help page specifies the
	// farkle package: target 10,000, no minimum to bank, no penalty, hot
	// dice may be banked, farkle.App scoring. The help page says nothing
	// about the end of the game; App gives the others a final round, as
	// most printed Farkle rules do.
	App Preset = iota

	// Zilch is the play of the Zilch game: bank at 300 or more, the third
	// zilch (farkle) in a row costs 500, hot dice may be banked, final
	// round, farkle.Zilch scoring.
	Zilch

	// Facebook is the play of Facebook Farkle: bank at 300 or more, the
	// third farkle in a row costs 500, hot dice may be banked, final
	// round, farkle.Facebook scoring.
	Facebook

	numPresets = iota
)

var presetNames = [numPresets]string{"app", "zilch", "facebook"}

// String returns the name of p, such as "zilch", or "Preset(N)" for a
// value that is no preset.
func (p Preset) String() string {
	if p >= numPresets {
		return "Preset(" + strconv.Itoa(int(p)) + ")"
	}
	return presetNames[p]
}

// ParsePreset returns the preset named s, in any case: "app", "zilch" or
// "facebook". Any other name gives a [*farkle.RulesError] wrapping
// [farkle.ErrInvalidRules].
func ParsePreset(s string) (Preset, error) {
	for i, n := range presetNames {
		if strings.EqualFold(n, s) {
			return Preset(i), nil
		}
	}
	return 0, &farkle.RulesError{Field: "preset", Reason: strconv.Quote(s) + " is not app, zilch nor facebook"}
}

// MarshalText returns the name of p; a value that is no preset gives an
// error.
func (p Preset) MarshalText() ([]byte, error) {
	if p >= numPresets {
		return nil, &farkle.RulesError{Field: "preset", Reason: p.String() + " is no preset"}
	}
	return []byte(presetNames[p]), nil
}

// UnmarshalText sets p to the preset named text, as [ParsePreset].
func (p *Preset) UnmarshalText(text []byte) error {
	q, err := ParsePreset(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Rules returns the rules of p, a new value each time. A value that is no
// preset gives rules that [New] rejects (a negative Target).
func (p Preset) Rules() Rules {
	switch p {
	case App:
		return Rules{Target: DefaultTarget, FinalRound: true, Scoring: farkle.App.Rules()}
	case Zilch:
		return Rules{
			Target: DefaultTarget, FinalRound: true,
			MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.Zilch.Rules(),
		}
	case Facebook:
		return Rules{
			Target: DefaultTarget, FinalRound: true,
			MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.Facebook.Rules(),
		}
	}
	return Rules{Target: -1}
}
