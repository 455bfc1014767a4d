package game

import (
	"slices"
	"strconv"

	"github.com/farkle-go/farkle"
)

// A Bot decides the moves of a player; [Game.PlayTurn] and [Game.Play]
// call it. A Bot sees only the roll and the turn total, so a bot for
// other scoring rules than App must know them (see [ThresholdBot]).
type Bot interface {
	// Decide is called after a roll that is not a farkle. roll is the dice
	// on the table (a copy), and turnTotal the points of the turn before
	// this roll. It returns the dice to keep from roll, and whether to
	// bank after keeping them (else the bot rolls the dice left).
	Decide(roll []farkle.Die, turnTotal int) (keep []farkle.Die, bank bool)
}

// BotFunc adapts a function to the [Bot] interface.
type BotFunc func(roll []farkle.Die, turnTotal int) (keep []farkle.Die, bank bool)

// Decide returns f(roll, turnTotal).
func (f BotFunc) Decide(roll []farkle.Die, turnTotal int) ([]farkle.Die, bool) {
	return f(roll, turnTotal)
}

// A ThresholdBot keeps the best keep of each roll (the most points, then
// the fewest dice, by farkle.Scorer.BestKeep) and banks as soon as the
// turn total reaches BankAt. It is a simple, far from optimal player.
type ThresholdBot struct {
	Scorer *farkle.Scorer // the scoring rules of the game; nil for App
	BankAt int            // the turn total to bank at
}

// Decide keeps the best keep of roll and banks at BankAt or more.
func (b ThresholdBot) Decide(roll []farkle.Die, turnTotal int) ([]farkle.Die, bool) {
	p, err := b.Scorer.BestKeep(roll)
	if err != nil || p.Points == 0 {
		return nil, false // not a roll the engine asks about
	}
	return p.Dice(), turnTotal+p.Points >= b.BankAt
}

// MaxTurnDecisions is the most decisions that [Game.PlayTurn] asks of a
// bot in one turn, and MaxGameTurns the most turns that [Game.Play] plays:
// bounds that a game with random dice does not reach, so that a bot that
// never banks cannot hang its caller.
const (
	MaxTurnDecisions = 10_000
	MaxGameTurns     = 100_000
)

// PlayTurn plays the rest of the current turn with b: it rolls, asks b
// which dice to keep and whether to bank, and goes on until the turn ends
// with a bank or a farkle (or the game ends). It may start in the middle
// of a turn, for instance after a human player's keep.
//
// When b asks to bank and the rules forbid it (a turn total below the
// minimum, or hot dice under HotDiceMustRoll), PlayTurn rolls instead, as
// a player has to. When b's keep is illegal, PlayTurn returns the error of
// [Game.Keep] and the game waits for a keep from that roll.
func (g *Game) PlayTurn(b Bot) error {
	if err := g.can(ActionRoll); err != nil && err != ErrAlreadyRolled {
		return g.fail(ActionRoll, err)
	}
	if b == nil {
		return &PlayersError{Player: g.cur, Reason: "nil bot"}
	}
	turn := g.turn
	for n := 0; !g.over && g.turn == turn; {
		if g.table == nil {
			if err := g.Roll(); err != nil {
				return err
			}
			continue
		}
		if n == MaxTurnDecisions {
			return g.fail(ActionKeep, ErrTooLong)
		}
		n++
		keep, bank := b.Decide(slices.Clone(g.table), g.turnTotal)
		if err := g.Keep(keep); err != nil {
			return err
		}
		if bank && g.can(ActionBank) == nil {
			if err := g.Bank(); err != nil {
				return err
			}
		}
	}
	return nil
}

// Play plays the game to its end, bots[i] playing for player i, and
// returns the first error of [Game.PlayTurn]. It needs one bot per
// player ([ErrPlayers]).
func (g *Game) Play(bots ...Bot) error {
	if !g.ok() {
		return g.fail(ActionRoll, ErrNoGame)
	}
	if len(bots) != len(g.players) {
		return &PlayersError{Reason: strconv.Itoa(len(bots)) + " bots for " + strconv.Itoa(len(g.players)) + " players"}
	}
	for n := 0; !g.over; n++ {
		if n == MaxGameTurns {
			return g.fail(ActionRoll, ErrTooLong)
		}
		if err := g.PlayTurn(bots[g.cur]); err != nil {
			return err
		}
	}
	return nil
}
