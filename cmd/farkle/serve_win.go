package main

import (
	"context"
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/server"
	"github.com/farkle-go/farkle/strategy/win"
)

// Bounds of the win chances that serve gives with its advice: the win
// solver runs for two-player games with no penalty (a penalty takes it
// many minutes) and a target of at most maxServeWinTarget, one solve at a
// time, in the background; it keeps the tables of the last
// maxServeWinTables rule sets.
const (
	maxServeWinTarget = 10_000
	maxServeWinTables = 4
)

// winChances gives the advice of farkle serve the chance to win of each
// choice, from tables solved in the background: until a game's table is
// solved, the advice has no win chance.
type winChances struct {
	ctx   context.Context
	solve func(context.Context, game.Rules, win.Options) (*win.Table, error)

	mu     sync.Mutex
	tables map[game.Rules]*winEntry
	order  []game.Rules // oldest first
	busy   sync.Mutex   // one solve at a time
}

type winEntry struct {
	done chan struct{}
	t    *win.Table
	err  error
}

func newWinChances(ctx context.Context) *winChances {
	return &winChances{ctx: ctx, solve: solveWin, tables: make(map[game.Rules]*winEntry)}
}

// entry returns the table of r, starting its solve if there is none.
func (w *winChances) entry(r game.Rules) *winEntry {
	w.mu.Lock()
	defer w.mu.Unlock()
	if e, ok := w.tables[r]; ok {
		return e
	}
	if len(w.order) == maxServeWinTables {
		delete(w.tables, w.order[0])
		w.order = w.order[1:]
	}
	e := &winEntry{done: make(chan struct{})}
	w.tables[r] = e
	w.order = append(w.order, r)
	go func() {
		defer close(e.done)
		w.busy.Lock()
		defer w.busy.Unlock()
		e.t, e.err = w.solve(w.ctx, r, win.Options{Workers: 1})
	}()
	return e
}

// chances is a server.WinChanceFunc.
func (w *winChances) chances(v game.View, choices []server.ChoiceJSON) ([]float64, bool) {
	r := v.Rules()
	if v.NumPlayers() != 2 || v.FinalRound() || r.Penalty > 0 || r.Target > maxServeWinTarget {
		return nil, false
	}
	e := w.entry(r)
	select {
	case <-e.done:
	default:
		return nil, false // still solving
	}
	if e.err != nil {
		return nil, false
	}
	s, err := win.StateOf(v)
	if err != nil {
		return nil, false
	}
	var buf [farkle.MaxDice]farkle.Die
	adv, err := e.t.Advise(s, v.Roll().AppendDice(buf[:0]))
	if err != nil || adv.Farkle {
		return nil, false
	}
	out := make([]float64, len(choices))
	for i, c := range choices {
		h := c.Dice
		found := false
		for _, wc := range adv.Choices {
			if wc.Keep.Dice() == h {
				out[i], found = wc.Chance, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}
