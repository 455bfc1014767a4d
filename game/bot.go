package game

import (
	"reflect"
	"strconv"

	"github.com/farkle-go/farkle"
)

// A Bot decides the moves of a player; [Game.PlayTurn] and [Game.Play]
// call it. Package strategy's Bot is one; [ThresholdBot] is a simple one.
type Bot interface {
	// Decide is called after a roll that is not a farkle, with a view of
	// the position. It returns the dice to keep from v.Roll(), and
	// whether to bank after keeping them (else the bot rolls the dice
	// left).
	Decide(v View) (keep farkle.Hand, bank bool)
}

// A RulesChecker is a [Bot] that can tell, before it makes a move,
// whether it can play a game's rules: a bot whose strategy was computed
// for other rules, or that has none, would otherwise misplay silently.
// [Game.Play] and [Game.PlayTurn] call CheckRules with the game's rules
// (as [Game.Rules] normalizes them) before the bot's first decision, and
// return its error, in a [*BotError], without moving. The bots of package
// strategy and of package strategy/win are RulesCheckers.
type RulesChecker interface {
	Bot
	// CheckRules returns nil if the bot can play a game under r, or
	// else an error that says why not, such as a strategy table solved
	// for another target.
	CheckRules(r Rules) error
}

// A Piggybacker is a [Bot] that decides whether to take over the turn
// total and dice of the last bank, under [Rules].Piggyback. [Game.PlayTurn]
// asks it at the start of a turn that has an offer ([View.Offer]); a Bot
// that is no Piggybacker starts its turns afresh. Package strategy's Bot
// is one.
type Piggybacker interface {
	Bot
	// Piggyback reports whether to take over the offer of v.Offer().
	Piggyback(v View) bool
}

// BotFunc adapts a function to the [Bot] interface.
type BotFunc func(v View) (keep farkle.Hand, bank bool)

// Decide returns f(v).
func (f BotFunc) Decide(v View) (farkle.Hand, bool) { return f(v) }

// A View is a read-only view of a game's position, as a bot sees it when
// it decides: the roll, the turn, every player's score and the rules. It
// reads the game as it is when a method is called. The zero View reads a
// game with no players.
type View struct {
	g *Game
}

// View returns a read-only view of g.
func (g *Game) View() View { return View{g} }

// Roll returns the dice on the table that wait for a keep; the zero Hand
// when none wait.
func (v View) Roll() farkle.Hand { return v.g.roll() }

// TurnTotal returns the points set aside in the current turn.
func (v View) TurnTotal() int { return v.g.TurnTotal() }

// DiceLeft returns [Game.DiceLeft]: with a roll on the table, its number
// of dice.
func (v View) DiceLeft() int { return v.g.DiceLeft() }

// Current returns the player whose turn it is, from 0.
func (v View) Current() int { return v.g.Current() }

// NumPlayers returns the number of players.
func (v View) NumPlayers() int { return v.g.NumPlayers() }

// Player returns player i, from 0, in order of play; the zero Player for
// an i that is no player.
func (v View) Player(i int) Player {
	if v.g == nil || i < 0 || i >= len(v.g.players) {
		return Player{}
	}
	return v.g.players[i]
}

// Rules returns the rules of the game.
func (v View) Rules() Rules { return v.g.Rules() }

// Scorer returns the Scorer of the game's scoring rules.
func (v View) Scorer() *farkle.Scorer { return v.g.Scorer() }

// FinalRound reports whether the final round is being played.
func (v View) FinalRound() bool { return v.g.FinalRound() }

// Turn returns the number of the current turn, from 1.
func (v View) Turn() int { return v.g.Turn() }

// Offer returns [Game.Offer]: the turn total and dice that the current
// player may take over under Rules.Piggyback, and whether there is one.
func (v View) Offer() (turnTotal, diceLeft int, ok bool) { return v.g.Offer() }

// A ThresholdBot keeps the best keep of each roll (the most points, then
// the fewest dice, as farkle.Scorer.BestKeep under the game's scoring)
// and banks as soon as the turn total reaches BankAt. It is a simple, far
// from optimal player. The zero ThresholdBot banks after every keep.
type ThresholdBot struct {
	BankAt int // the turn total to bank at
}

// Decide keeps the best keep of the roll and banks at BankAt or more.
func (b ThresholdBot) Decide(v View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeepHand(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false // not a roll the engine asks about
	}
	return p.Dice(), v.TurnTotal()+p.Points() >= b.BankAt
}

// Bounds that a game with random dice does not reach, so that a bot that
// never banks cannot hang its caller: PlayTurn asks a bot for at most
// maxTurnDecisions decisions in one turn, and Play plays at most
// maxGameTurns turns.
const (
	maxTurnDecisions = 10_000
	maxGameTurns     = 100_000
)

// isNil reports whether b is nil or holds a nil pointer, function, map,
// slice or channel, whose methods would panic.
func isNil(b Bot) bool {
	if b == nil {
		return true
	}
	switch v := reflect.ValueOf(b); v.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Slice, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// PlayTurn plays the rest of the current turn with b: it rolls, asks b
// which dice to keep and whether to bank, and goes on until the turn ends
// with a bank or a farkle (or the game ends). It may start in the middle
// of a turn, for instance after a human player's keep.
//
// When b asks to bank and the rules forbid it (a turn total below the
// minimum, or hot dice that must be rolled), PlayTurn rolls instead, as a
// player has to. When b's keep is illegal, PlayTurn returns the error of
// [Game.Keep] and the game waits for a keep from that roll. A nil b gives
// an error wrapping [ErrPlayers]; a [RulesChecker] that refuses the game's
// rules gives a [*BotError] before any move; a bot that asks for 10,000
// decisions in one turn gives [ErrTooLong].
func (g *Game) PlayTurn(b Bot) error {
	if err := g.can(ActionRoll); err != nil && err != ErrAlreadyRolled {
		return g.fail(ActionRoll, err)
	}
	if err := g.checkBot(g.cur, b); err != nil {
		return err
	}
	return g.playTurn(b)
}

// checkBot returns the error of bot b of player i: nil, or a nil bot, or
// the refusal of a RulesChecker.
func (g *Game) checkBot(i int, b Bot) error {
	if isNil(b) {
		return &PlayersError{Player: i, Reason: "nil bot"}
	}
	if c, ok := b.(RulesChecker); ok {
		if err := c.CheckRules(g.Rules()); err != nil {
			return &BotError{Player: i, Err: err}
		}
	}
	return nil
}

// playTurn is PlayTurn once its checks have passed.
func (g *Game) playTurn(b Bot) error {
	if pb, ok := b.(Piggybacker); ok && g.offerDice > 0 && pb.Piggyback(View{g}) {
		if err := g.Piggyback(); err != nil {
			return err
		}
	}
	turn := g.turn
	for n := 0; !g.over && g.turn == turn; {
		if !g.onTable {
			if err := g.Roll(); err != nil {
				return err
			}
			continue
		}
		if n == maxTurnDecisions {
			return g.fail(ActionKeep, ErrTooLong)
		}
		n++
		keep, bank := b.Decide(View{g})
		if err := g.KeepHand(keep); err != nil {
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
// returns the first error of [Game.PlayTurn]. Before any move it checks
// the bots: one per player, none of them nil ([ErrPlayers]), and each
// [RulesChecker] among them able to play the game's rules (a
// [*BotError]). A game still going after 100,000 turns gives [ErrTooLong].
func (g *Game) Play(bots ...Bot) error {
	if !g.ok() {
		return g.fail(ActionRoll, ErrNoGame)
	}
	if len(bots) != len(g.players) {
		return &PlayersError{Reason: strconv.Itoa(len(bots)) + " bots for " + strconv.Itoa(len(g.players)) + " players"}
	}
	for i, b := range bots {
		if err := g.checkBot(i, b); err != nil {
			return err
		}
	}
	for n := 0; !g.over; n++ {
		if n == maxGameTurns {
			return g.fail(ActionRoll, ErrTooLong)
		}
		if err := g.can(ActionRoll); err != nil && err != ErrAlreadyRolled {
			return g.fail(ActionRoll, err)
		}
		if err := g.playTurn(bots[g.cur]); err != nil {
			return err
		}
	}
	return nil
}
