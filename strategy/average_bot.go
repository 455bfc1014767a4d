package strategy

import (
	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// An AverageBot plays by an [AverageTable] as a [game.Bot]: on each roll it
// keeps what [AverageTable.Advise] advises for the current player's
// farkles in a row, and banks when the advice says so. Over many turns it
// scores the most points per turn on average, penalties included; like
// [Bot], it ignores the other players' scores.
//
// Make one with a struct literal, AverageBot{Table: t}. The zero
// AverageBot plays as the zero Bot. An AverageBot is a small value, safe
// for concurrent use.
type AverageBot struct {
	// Table is the strategy to play by; nil is the App rules with the
	// zero game.Rules. Solve it for the game's scoring rules and rules
	// of play; for a game g:
	//
	//	t, err := strategy.SolveAverage(ctx, g.View().Rules(), strategy.Options{})
	//
	// [AverageBot.CheckRules] refuses a table solved for other rules.
	Table *AverageTable
}

// CheckRules returns nil if b can play a game under r by its table (the
// App rules with the zero game.Rules for a nil Table): the table was
// solved for r's scoring rules (a zero Scoring is the App rules, as in
// package game), MinBank, MustRollHotDice, Penalty, PenaltyAfter and
// ToxicTwos. Else the error wraps [ErrOtherRules] and names the first
// field that differs, such as "Penalty 0, the game's 500". The target, a
// final round, SixOnesWin and Welfare do not change the strategy of the
// long-run average, which the bot plays in any game (under Piggyback it
// takes over the banks worth it, [AverageBot.Piggyback]); for MinFirstBank the
// bot plays by the table's [AverageTable.Opening] until the first bank.
// Bankrupt, whose farkles in a row cost the score rather than a fixed
// penalty, is no rule of its model: the error wraps [ErrRules]. Package
// game calls CheckRules before a bot's first move.
func (b AverageBot) CheckRules(r game.Rules) error {
	if r.Bankrupt {
		return &unsupportedError{field: "Bankrupt", why: "an AverageTable models a fixed penalty for farkles in a row, not the loss of the score"}
	}
	t := b.Table.get()
	o := t.opts
	tr := r
	tr.Scoring, tr.MinBank, tr.MustRollHotDice = t.turns[0].tb.an.Scorer.Rules(), o.MinBank, o.MustRollHotDice
	tr.Penalty, tr.PenaltyAfter, tr.ToxicTwos = o.Penalty, o.PenaltyAfter, o.ToxicTwos
	return checkRules(tr, r)
}

// Decide returns the dice to keep from v.Roll(), when v.TurnTotal() points
// were set aside before it, and whether to bank after keeping them: the
// advice of [AverageTable.Advise] for the farkles in a row of the current
// player, v.Player(v.Current()).Farkles. More farkles in a row than the
// table has states for (a game with other penalty rules) count as the
// most it has. As [Bot.Decide], a player not yet on the board plays by
// [AverageTable.Opening] of the rules' MinFirstBank and never asks to bank
// below it, and it keeps nothing and does not bank for a farkle, no roll,
// or a turn total that the table cannot reach, and does not allocate but
// for the first move off the board under a minimum.
func (b AverageBot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	t := b.Table.get()
	need := offBoard(v, t.opts.MinBank)
	if need > 0 {
		if o, err := t.Opening(need); err == nil {
			t = o
		}
	}
	k := min(max(v.Player(v.Current()).Farkles, 0), len(t.turns)-1)
	p, bank, ok := t.turns[k].tb.decide(v.Roll(), v.TurnTotal())
	if !ok {
		return farkle.Hand{}, false
	}
	keep, _ = farkle.HandOf(p.Dice()) // the dice of a keep are a valid Hand
	return keep, guardBank(v, p, bank, need)
}

// Piggyback reports whether to take over the offer of v.Offer(), under
// game.Rules.Piggyback: when rolling the dice left from the turn total
// taken over is worth more, by the table for the player's farkles in a
// row, than rolling six dice from the start of the turn; off the board
// under an opening minimum, by the table's [AverageTable.Opening]. An
// offer that the table cannot reach is refused. This makes an AverageBot
// a game.Piggybacker.
func (b AverageBot) Piggyback(v game.View) bool {
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
	u := &t.turns[min(max(v.Player(v.Current()).Farkles, 0), len(t.turns)-1)]
	i, ok := u.tb.totalIndex(total)
	return ok && dice >= 1 && dice <= farkle.MaxDice && u.rollValue(i, dice) > u.rollValue(0, farkle.MaxDice)
}
