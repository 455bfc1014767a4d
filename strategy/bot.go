package strategy

import (
	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rulediff"
)

// A Bot plays by a [Table] as a [game.Bot]: on each roll it keeps what
// [Table.Advise] advises and banks when the advice says so. It maximizes
// the expected score of each turn, which is not the same as maximizing the
// chance to win a game (it ignores the scores of the players).
//
// Make one with a struct literal, Bot{Table: t}. The zero Bot plays the
// App rules, the table of the zero game.Rules. A Bot is a small value, safe for
// concurrent use.
type Bot struct {
	// Table is the strategy to play by; nil is the table of the zero game.Rules. Solve it for the game's scoring rules and rules of play, so
	// that the Bot's keeps are legal and its banks allowed; for a game g:
	//
	//	t, err := strategy.Solve(ctx, g.View().Rules(), strategy.Options{})
	//
	// [Bot.CheckRules] refuses a table solved for other rules.
	Table *Table
}

// CheckRules returns nil if b can play a game under r by its table (the
// App table for a nil Table): the table was solved for r's scoring rules
// (a zero Scoring is the App rules, as in package game) and for r's
// MinBank, MustRollHotDice and ToxicTwos, the rules of play that change a
// turn's strategy. Else the error wraps [ErrOtherRules] and names the
// first field that differs, such as "Scoring.SingleFive 50, the game's
// 25". The other rules (the target, a final round, a penalty, and the
// house rules SixOnesWin, Welfare and Bankrupt, which change the game's
// scores and end but not the points of a turn) do not change the
// strategy of a turn, which the Bot plays in any game; under Piggyback it
// takes over the banks worth it ([Bot.Piggyback]); for MinFirstBank
// the Bot plays by the table's [Table.Opening] until the first bank.
// Package game calls CheckRules before a bot's first move.
func (b Bot) CheckRules(r game.Rules) error {
	t := b.Table.get()
	tr := r
	tr.Scoring, tr.MinBank, tr.MustRollHotDice, tr.ToxicTwos = t.an.Scorer.Rules(), t.opts.MinBank, t.opts.MustRollHotDice, t.opts.ToxicTwos
	return checkRules(tr, r)
}

// checkRules returns the error of a table solved for the rules tr in a
// game under r, or nil if they are the same, a zero Scoring read as the
// App rules.
func checkRules(tr, r game.Rules) error {
	if r.Scoring == (farkle.Rules{}) {
		r.Scoring = farkle.AppScoring.Rules()
	}
	field, a, b, ok := rulediff.First(tr, r)
	if !ok {
		return nil
	}
	return &rulesError{field: field, table: a, game: b}
}

// Decide returns the dice to keep from v.Roll(), when v.TurnTotal() points
// were set aside before it, and whether to bank after keeping them: the
// advice of [Table.Advise]. It reads nothing else of the position but
// whether the player is on the board: under an opening minimum
// (game.Rules.MinFirstBank above the table's MinBank) a player not yet on
// the board plays by [Table.Opening] of the minimum, and never asks to
// bank below it. For a farkle, no roll, or a turn total that the table
// cannot reach (as in a game scored in other steps than the table's
// rules), it keeps nothing (the zero Hand) and does not bank. Decide does
// not allocate, but for the first move off the board under a minimum,
// which solves the opening table.
func (b Bot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	t := b.Table.get()
	need := offBoard(v, t.opts.MinBank)
	if need > 0 {
		if o, err := t.Opening(need); err == nil {
			t = o
		}
	}
	p, bank, ok := t.decide(v.Roll(), v.TurnTotal())
	if !ok {
		return farkle.Hand{}, false
	}
	keep, _ = farkle.HandOf(p.Dice()) // the dice of a keep are a valid Hand
	return keep, guardBank(v, p, bank, need)
}

// Piggyback reports whether to take over the offer of v.Offer(), under
// game.Rules.Piggyback: when rolling the dice left from the turn total
// taken over is worth more, by the table ([Table.RollValue]), than a turn
// from its start ([Table.TurnValue]); off the board under an opening
// minimum, by the table's [Table.Opening]. An offer that the table cannot
// reach (a bonus in other steps than its points) is refused. This makes
// a Bot a game.Piggybacker.
func (b Bot) Piggyback(v game.View) bool {
	total, dice, ok := v.Offer()
	if !ok {
		return false
	}
	t := b.Table.get()
	if need := offBoard(v, t.opts.MinBank); need > 0 {
		if o, err := t.Opening(need); err == nil {
			t = o
		}
	}
	roll, err := t.RollValue(total, dice)
	return err == nil && roll > t.TurnValue()
}
