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
// (as [View.Rules] gives them) before the bot's first decision, and
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

// Roll returns a copy of the dice on the table, which wait for a keep, in
// the order rolled; nil when none wait. A game rebuilt by [Replay] or
// loaded from a save knows a roll as a multiset, so its dice come in
// ascending order there. Roll is small enough to be inlined: the copy
// lives in the caller's frame and costs no allocation unless the caller
// keeps it.
func (v View) Roll() []farkle.Die {
	if v.g == nil || !v.g.onTable {
		return nil
	}
	var buf [farkle.MaxDice]farkle.Die
	return append(buf[:0], v.g.table[:v.g.tableN]...)
}

// TurnTotal returns the points set aside in the current turn.
func (v View) TurnTotal() int {
	if v.g == nil {
		return 0
	}
	return v.g.turnTotal
}

// DiceLeft returns the dice not set aside in the turn since it began or
// since the last hot dice: 6 at the start of a turn, the number of dice on
// the table while they wait for a keep, and the dice the next roll throws
// after a keep (6 again after hot dice).
func (v View) DiceLeft() int {
	if !v.g.ok() {
		return 0
	}
	return v.g.diceLeft
}

// Current returns the player whose turn it is, from 0; once the game is
// over, the player who played the last turn.
func (v View) Current() int {
	if !v.g.ok() {
		return 0
	}
	return v.g.cur
}

// NumPlayers returns the number of players.
func (v View) NumPlayers() int {
	if v.g == nil {
		return 0
	}
	return len(v.g.players)
}

// Player returns player i, from 0, in order of play; the zero Player for
// an i that is no player.
func (v View) Player(i int) Player {
	if v.g == nil || i < 0 || i >= len(v.g.players) {
		return Player{}
	}
	return v.g.players[i]
}

// Rules returns the rules of the game as [New] normalized them: a zero
// Target read as DefaultTarget and a zero Scoring as
// farkle.AppScoring.Rules().
func (v View) Rules() Rules {
	if v.g == nil {
		return Rules{}
	}
	return v.g.rules
}

// Scorer returns the Scorer of the game's scoring rules.
func (v View) Scorer() *farkle.Scorer {
	if v.g == nil {
		return nil
	}
	return v.g.scorer
}

// FinalRound reports whether the final round is being played: a player
// has reached the target and the others have their last turn.
func (v View) FinalRound() bool { return v.g.ok() && v.g.trigger >= 0 && !v.g.over }

// Turn returns the number of the current turn, from 1; turn n is played
// by player (n-1) % NumPlayers.
func (v View) Turn() int {
	if !v.g.ok() {
		return 0
	}
	return v.g.turn
}

// Offer returns what [Game.Piggyback] would take over now: the turn
// total, the bonus included, and the dice to roll, and true; or 0, 0 and
// false when there is nothing to take over.
func (v View) Offer() (turnTotal, diceLeft int, ok bool) {
	g := v.g
	if !g.ok() || g.over || g.offerDice == 0 {
		return 0, 0, false
	}
	return g.offerTotal + g.rules.PiggybackBonus, g.offerDice, true
}

// A ThresholdBot keeps the best keep of each roll (the most points, then
// the fewest dice, as farkle.Scorer.BestKeep under the game's scoring)
// and banks as soon as the turn total reaches BankAt. It is a simple, far
// from optimal player. The zero ThresholdBot banks after every keep.
type ThresholdBot struct {
	BankAt int // the turn total to bank at
}

// Decide keeps the best keep of the roll and banks at BankAt or more.
func (b ThresholdBot) Decide(v View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false // not a roll the engine asks about
	}
	keep, _ := farkle.HandOf(p.Dice()) // the dice of a keep are a valid Hand
	return keep, v.TurnTotal()+p.Points() >= b.BankAt
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
		if err := c.CheckRules(g.rules); err != nil {
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
		if err := g.keepHand(keep); err != nil {
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
