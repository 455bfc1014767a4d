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
// comparable data. [View.Rules] returns them normalized (a zero Target
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
	// 0, unless Bankrupt. Scores may go below zero.
	Penalty int
	// PenaltyAfter is the number of farkles in a row that cost Penalty
	// points (or, with Bankrupt, the score): 3 for "the third farkle in a
	// row costs 500". It must be positive when Penalty or Bankrupt is, at
	// most 100.
	PenaltyAfter int

	// MustRollHotDice makes a player who has set aside all six dice (hot
	// dice) roll all six again: Bank fails with [ErrMustRoll] until the
	// next keep. Without it the player may roll them or bank. Package
	// strategy's Options use the same field.
	MustRollHotDice bool

	// Scoring is the scoring rules; the zero value means
	// farkle.AppScoring.Rules().
	Scoring farkle.Rules

	// The house rules of play below are all off in their zero value, and
	// in every preset.

	// ToxicTwos makes a roll with four or more 2s end the turn with
	// nothing, whatever those dice would score. Such a roll is a farkle
	// in every other respect: it counts in the farkles in a row, and may
	// cost Penalty (or, under Bankrupt, the score). Its history is
	// EventRolled, [EventToxicTwos], then EventFarkled.
	ToxicTwos bool

	// SixOnesWin makes a roll of six 1s win the game at once for the
	// player who rolled it ([EventSixOnes], then EventWon), in the final
	// round too and whatever the scores. The turn total is not banked:
	// the winner keeps the score they had.
	SixOnesWin bool

	// Welfare makes the target a score to hit exactly. A bank that would
	// take the banker's score past Target scores nothing for the banker
	// ([EventOvershot]; it still counts as a bank: it puts the banker on
	// the board and resets their farkles in a row), and its points go to
	// the other player with the lowest score, the first of them in the
	// order of play after the banker on a tie ([EventWelfare]). A gift is
	// no bank: it does not put that player on the board under
	// MinFirstBank, nor reset their farkles in a row. A gift
	// that would take that player past Target too is lost, and one that
	// brings them to Target exactly wins the game for them: welfare never
	// ends the game for nobody, and never lets a score pass Target. The
	// first player to bank, or be given, Target exactly wins at once:
	// Welfare needs FinalRound off.
	Welfare bool

	// Bankrupt makes the PenaltyAfter-th farkle in a row cost the player
	// every banked point (their score becomes 0; [EventBankrupt]) instead
	// of a fixed Penalty; the count then starts again from 0. It needs
	// PenaltyAfter positive and Penalty 0.
	Bankrupt bool

	// Piggyback lets the next player take over a bank. After a player
	// banks with 1 to 5 dice left (not after hot dice, and not a bank
	// that ends the game or, under Welfare, passes the target), in a game
	// of two or more, the next player may start their turn with that turn
	// total, plus PiggybackBonus, and those dice to roll:
	// [Game.Piggyback] before their first roll ([EventPiggybacked]). The
	// banked points stay the banker's. The player must then roll before
	// banking, and a farkle loses the total taken over as any turn total.
	// A roll of six dice instead starts the turn afresh and drops the
	// offer.
	Piggyback bool
	// PiggybackBonus is the points added to a turn total taken over
	// ("+1,000"); 0 for none. It needs Piggyback; at most 100,000,000.
	PiggybackBonus int
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
		if err := inRange(f.name, f.v); err != nil {
			return nil, err
		}
	}
	switch {
	case r.PenaltyAfter < 0:
		return nil, bad("PenaltyAfter", "must not be negative")
	case r.PenaltyAfter > maxPenaltyAfter:
		return nil, bad("PenaltyAfter", "must be at most "+strconv.Itoa(maxPenaltyAfter))
	case r.Penalty > 0 && r.PenaltyAfter == 0:
		return nil, bad("PenaltyAfter", "must be positive when Penalty is")
	case r.Penalty == 0 && r.PenaltyAfter > 0 && !r.Bankrupt:
		return nil, bad("PenaltyAfter", "must be 0 when Penalty is 0")
	}
	s, err := farkle.New(r.scoring())
	if err != nil {
		if re, ok := err.(*farkle.RulesError); ok {
			return nil, bad("Scoring."+re.Field, re.Reason)
		}
		return nil, err
	}
	switch {
	case r.Welfare && r.FinalRound:
		return nil, bad("Welfare", "needs FinalRound off: the first player to reach Target exactly wins")
	case r.Bankrupt && r.PenaltyAfter == 0:
		return nil, bad("Bankrupt", "needs PenaltyAfter, the farkles in a row that cost the score")
	case r.Bankrupt && r.Penalty > 0:
		return nil, bad("Bankrupt", "needs Penalty 0: the farkle costs the whole score instead")
	}
	// PiggybackBonus is the last field: its range is checked here, after
	// every field before it, so that the first problem is reported.
	if err := inRange("PiggybackBonus", r.PiggybackBonus); err != nil {
		return nil, err
	}
	if r.PiggybackBonus > 0 && !r.Piggyback {
		return nil, bad("PiggybackBonus", "needs Piggyback")
	}
	return s, nil
}

// inRange returns the [*farkle.RulesError] of field, whose value is v, if
// v is not from 0 to maxTarget.
func inRange(field string, v int) error {
	switch {
	case v < 0:
		return &farkle.RulesError{Field: field, Reason: "must not be negative"}
	case v > maxTarget:
		return &farkle.RulesError{Field: field, Reason: "must be at most " + strconv.Itoa(maxTarget)}
	}
	return nil
}

// scoring is the scoring rules with the zero value read as App's.
func (r *Rules) scoring() farkle.Rules {
	if r.Scoring == (farkle.Rules{}) {
		return farkle.AppScoring.Rules()
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

// A Preset names the rules of play of a known game. Like farkle.Scoring it
// is a name, not a variable: [Preset.Rules] returns a fresh copy, which
// the caller may change. The zero Preset is [App]. Presets marshal to and
// from their names, such as "zilch".
type Preset uint8

// The presets.
const (
	// App is the play of the dice app whose help page specifies the
	// farkle package: target 10,000, no minimum to bank, no penalty, hot
	// dice may be banked, farkle.AppScoring. The help page says nothing
	// about the end of the game; App gives the others a final round, as
	// most printed Farkle rules do.
	App Preset = iota

	// Zilch is the play of the Zilch game: bank at 300 or more, the third
	// zilch (farkle) in a row costs 500, hot dice may be banked, final
	// round, farkle.ZilchScoring.
	Zilch

	// Facebook is the play of Facebook Farkle: bank at 300 or more, the
	// third farkle in a row costs 500, hot dice may be banked, final
	// round, farkle.FacebookScoring.
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
		return Rules{Target: DefaultTarget, FinalRound: true, Scoring: farkle.AppScoring.Rules()}
	case Zilch:
		return Rules{
			Target: DefaultTarget, FinalRound: true,
			MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.ZilchScoring.Rules(),
		}
	case Facebook:
		return Rules{
			Target: DefaultTarget, FinalRound: true,
			MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.FacebookScoring.Rules(),
		}
	}
	return Rules{Target: -1}
}
