package strategy

import (
	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// A Bot plays by a [Table] as a [game.Bot]: on each roll it keeps what
// [Table.Advise] advises and banks when the advice says so. It maximizes
// the expected score of each turn, which is not the same as maximizing the
// chance to win a game (it ignores the scores of the players).
//
// Make one with a struct literal, Bot{Table: t}. The zero Bot plays the
// App rules with the zero Options. A Bot is a small value, safe for
// concurrent use.
type Bot struct {
	// Table is the strategy to play by; nil is the App table with the zero
	// Options. Solve it for the game's scoring rules and rules of play, so
	// that the Bot's keeps are legal and its banks allowed; for a game g:
	//
	//	r := g.Rules()
	//	t, err := strategy.Solve(g.Scorer(), strategy.Options{MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice})
	Table *Table
}

// Decide returns the dice to keep from v.Roll(), when v.TurnTotal() points
// were set aside before it, and whether to bank after keeping them: the
// advice of [Table.Advise]. It reads nothing else of the position. For a
// farkle, no roll, or a turn total that the table cannot reach (as in a
// game scored in other steps than the table's rules), it keeps nothing
// (the zero Hand) and does not bank. Decide does not allocate.
func (b Bot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	p, bank, ok := b.Table.get().decide(v.Roll(), v.TurnTotal())
	if !ok {
		return farkle.Hand{}, false
	}
	return p.Dice(), bank
}
