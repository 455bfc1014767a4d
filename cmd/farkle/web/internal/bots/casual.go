package bots

import (
	"math/rand/v2"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// The odds of casual's habits and slips.
const (
	// casualAll is the chance, on a roll where the best keep sets a
	// scoring die back, of keeping every scoring die instead.
	casualAll = 0.4
	// casualMiss is the chance of overlooking one scoring die of the keep
	// (it is rolled again).
	casualMiss = 0.05
	// casualGreedy is the chance, after hot dice in the turn, of rolling
	// on where the table banks, with two dice or more.
	casualGreedy = 0.5
	// casualChase is the chance, 2,000 points or more behind the leader,
	// of rolling on where the table banks, with three dice or more.
	casualChase = 0.3
)

// casualGoals are the round turn totals that casual sets out for at the
// start of a turn, each as likely, and banks on reaching with four dice
// or fewer left, whatever the table says.
var casualGoals = [...]int{300, 500, 500, 1000}

// casual plays like a person who knows the game: by the expected-score
// table (hard), with the habits and slips that people have, drawn from
// the game's dice source:
//   - it often keeps every scoring die (a 1 and a 5) where the best play
//     keeps the 1 alone and rolls five dice;
//   - now and then it overlooks a scoring die;
//   - it sets out for a round number each turn (300, 500 or 1,000) and
//     stops on reaching it;
//   - after hot dice it feels lucky and rolls on where it should bank;
//   - far behind, it chases;
//   - in the final round it does notice that a bank below the leader
//     loses, and rolls on.
//
// It keeps the turn it is in: a bot of one seat of one game, used under
// the game's lock.
type casual struct {
	hard strategy.Bot
	t    *strategy.Table
	rnd  *rand.Rand

	turn int  // the turn of goal and hot
	goal int  // the turn total it set out for
	hot  bool // whether the turn had hot dice
}

func (c *casual) Decide(v game.View) (farkle.Hand, bool) {
	if v.Turn() != c.turn {
		c.turn, c.hot = v.Turn(), false
		c.goal = casualGoals[c.rnd.IntN(len(casualGoals))]
	}
	a, err := c.t.Advise(strategy.StateOf(v), v.Roll())
	if err != nil || a.Farkle || len(a.Choices) == 0 {
		return c.hard.Decide(v) // a turn total the table cannot reach
	}
	ch := a.Choices[0]
	// Every scoring die: the choice of the most points, then the most
	// dice (Choices holds the best keep of each number of dice).
	all := ch
	for _, x := range a.Choices {
		if x.TurnTotal > all.TurnTotal || x.TurnTotal == all.TurnTotal && len(x.Keep.Dice()) > len(all.Keep.Dice()) {
			all = x
		}
	}
	if all != ch && c.rnd.Float64() < casualAll {
		ch = all
	}
	if n := len(ch.Keep.Dice()); n > 1 && c.rnd.Float64() < casualMiss {
		for _, x := range a.Choices {
			if len(x.Keep.Dice()) == n-1 {
				ch = x // one die overlooked
				break
			}
		}
	}
	keep, _ := farkle.HandOf(ch.Keep.Dice()) // the dice of a keep are a valid Hand
	if ch.HotDice {
		c.hot = true
	}
	bank := ch.Bank
	switch {
	case v.FinalRound() && ch.TurnTotal+v.Player(v.Current()).Score <= leader(v):
		bank = false
	case ch.TurnTotal >= c.goal && ch.DiceLeft <= 4:
		bank = true
	case bank && c.hot && ch.DiceLeft >= 2 && c.rnd.Float64() < casualGreedy:
		bank = false
	case bank && ch.DiceLeft >= 3 && leader(v)-v.Player(v.Current()).Score >= 2000 && c.rnd.Float64() < casualChase:
		bank = false
	}
	return keep, bank
}

// Piggyback is hard's.
func (c *casual) Piggyback(v game.View) bool { return c.hard.Piggyback(v) }

// leader returns the highest score of the other players.
func leader(v game.View) int {
	best, any := 0, false
	for i, p := range v.Players() {
		if i != v.Current() && (!any || p.Score > best) {
			best, any = p.Score, true
		}
	}
	return best
}
