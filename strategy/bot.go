package strategy

import "github.com/farkle-go/farkle"

// A Bot plays single turns by a [Table]: on each roll it keeps what
// [Advise] says and banks when it says so. It maximizes the expected score
// of each turn, which is not the same as maximizing the chance to win a
// game (it ignores the scores of the players).
//
// The zero Bot plays the App rules with the zero Options. A Bot is a small
// value, safe for concurrent use.
type Bot struct {
	t *Table
}

// NewBot returns a Bot that plays by t (nil: the App table).
func NewBot(t *Table) Bot { return Bot{t: t} }

// Decide returns the dice to keep from roll, the dice just rolled, when
// the turn total before the roll was turnTotal, and whether to bank after
// keeping them. keep is a new slice, ascending. For a farkle, or a roll or
// turn total that the table rejects (see [Advise]), keep is nil and bank
// false.
func (b Bot) Decide(roll []farkle.Die, turnTotal int) (keep []farkle.Die, bank bool) {
	a, err := Advise(b.t, roll, turnTotal)
	if err != nil || a.Farkle {
		return nil, false
	}
	return a.Keep.Dice(), a.Bank
}
