package web

import (
	"errors"
	"fmt"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// A hookCopy is a copy of a game that the advice's hooks
// (Config.WinChance, Config.SeatChances) read without the game's lock, so
// that a slow or failing hook holds up no move: each advice brings it up
// to the game by playing the game's new events again, as game.Replay
// does. It holds the game's events a second time, for the games whose
// advice was asked with hooks set.
type hookCopy struct {
	mu sync.Mutex // held from before the game's lock until the hooks return
	g  *game.Game // nil until the first advice, or after a failed follow
}

// hookState is what the hooks' copy needs of a game, taken under its lock.
type hookState struct {
	rules  game.Rules
	names  []string
	since  int          // the index of events[0]
	events []game.Event // the events from since to the game's last
}

// errHookCopy is the error of a copy that cannot follow its game (a bug).
var errHookCopy = errors.New("the hooks' copy of the game cannot follow it")

// stateFor returns what c needs of g to follow it. The caller holds the
// game's lock and c.mu.
func (c *hookCopy) stateFor(g *game.Game) hookState {
	st := hookState{rules: g.View().Rules()}
	for _, p := range g.View().Players() {
		st.names = append(st.names, p.Name)
	}
	if c.g != nil && c.g.NumEvents() <= g.NumEvents() {
		st.since = c.g.NumEvents()
	} else {
		c.g = nil
	}
	st.events = g.EventsSince(st.since)
	return st
}

// follow brings c up to the game of st, and returns its view. The caller
// holds c.mu, not the game's lock. On error c starts again from the first
// event at the next advice.
func (c *hookCopy) follow(st hookState) (game.View, error) {
	if c.g == nil {
		g, err := game.New(st.rules, st.names, nil)
		if err != nil {
			return game.View{}, fmt.Errorf("%w: %w", errHookCopy, err)
		}
		c.g = g
	}
	var buf [farkle.MaxDice]farkle.Die
	for k, ev := range st.events {
		i := st.since + k
		if i < c.g.NumEvents() {
			continue // an event that the copy made itself, after an action
		}
		var err error
		switch ev.Kind {
		case game.EventRolled:
			err = c.g.RollDice(ev.Dice.AppendDice(buf[:0]))
		case game.EventKept:
			err = c.g.Keep(ev.Dice.AppendDice(buf[:0]))
		case game.EventBanked, game.EventOvershot:
			err = c.g.Bank()
		case game.EventPiggybacked:
			err = c.g.Piggyback()
		default:
			err = fmt.Errorf("%v event that no action made", ev.Kind)
		}
		if err != nil {
			c.g = nil
			return game.View{}, fmt.Errorf("%w: event %d: %w", errHookCopy, i, err)
		}
	}
	if n := st.since + len(st.events); c.g.NumEvents() != n {
		err := fmt.Errorf("%w: %d events, want %d", errHookCopy, c.g.NumEvents(), n)
		c.g = nil
		return game.View{}, err
	}
	for i, p := range c.g.View().Players() {
		if i < len(st.names) && p.Name != st.names[i] {
			_ = c.g.Rename(i, st.names[i]) // the game's own names are valid
		}
	}
	return c.g.View(), nil
}
