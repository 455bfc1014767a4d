package main

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// Bounds of the win chances that serve gives with its advice: the win
// solver runs for two-player games with a target of at most
// maxServeWinTarget, one solve at a time, in the background, and keeps the
// tables of the last maxServeWinTables rule sets in memory; with a cache
// directory it also keeps every table it solved there, as farkle win
// does, so that a table is solved once.
const (
	maxServeWinTarget = 10_000
	maxServeWinTables = 4
	// Games of three players get the mover's chance from a table of
	// strategy/win up to this target (about 20 seconds on one core).
	maxServeWin3Target = 3_000
)

// winChances gives the advice of farkle serve the chance to win of each
// choice, from tables solved in the background: until a game's table is
// solved, the advice has no win chance.
type winChances struct {
	ctx   context.Context
	solve func(context.Context, game.Rules, win.Options) (*win.Table, error)
	cache string // the directory of the cached tables (win.Options.Cache), or "" for none
	logf  func(format string, args ...any)

	mu     sync.Mutex
	tables map[winKey]*winEntry
	order  []winKey   // oldest first
	busy   sync.Mutex // one solve at a time
}

// A winKey is the rules and the number of players of a table: 2 or 3.
type winKey struct {
	r       game.Rules
	players int
}

type winEntry struct {
	done chan struct{}
	t    *win.Table
	err  error
}

// newWinChances returns the win chances of serve, with the tables cached
// in the directory cache ("" for none), logging each solve with logf (nil
// for none).
func newWinChances(ctx context.Context, cache string, logf func(format string, args ...any)) *winChances {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return &winChances{ctx: ctx, solve: solveWin, cache: cache, logf: logf, tables: make(map[winKey]*winEntry)}
}

// solved returns the entry of r and players once its table is solved
// without error, and false while it is still solving or if it failed.
func (w *winChances) solved(r game.Rules, players int) (*winEntry, bool) {
	e := w.entry(r, players)
	select {
	case <-e.done:
		return e, e.err == nil
	default:
		return nil, false // still solving
	}
}

// entry returns the table of r for the players, starting its solve if
// there is none.
func (w *winChances) entry(r game.Rules, players int) *winEntry {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := winKey{r, players}
	if e, ok := w.tables[key]; ok {
		return e
	}
	if len(w.order) == maxServeWinTables {
		delete(w.tables, w.order[0])
		w.order = w.order[1:]
	}
	e := &winEntry{done: make(chan struct{})}
	w.tables[key] = e
	w.order = append(w.order, key)
	go func() {
		defer close(e.done)
		w.busy.Lock()
		defer w.busy.Unlock()
		e.t, e.err = w.table(r, players)
	}()
	return e
}

// table returns the table of r for the players from the cache, or solves
// it, on one core so that the server goes on serving, and caches it.
func (w *winChances) table(r game.Rules, players int) (*win.Table, error) {
	start := time.Now()
	solved := false
	opts := win.Options{Players: players, Workers: 1, Cache: w.cache, Progress: func(int, int) { solved = true }}
	t, err := w.solve(w.ctx, r, opts)
	if err != nil {
		w.logf("win chances: %v", err)
		return nil, err
	}
	if solved {
		w.logf("win chances: solved the game of %d players of target %d in %.1fs", players, r.Target, time.Since(start).Seconds())
	}
	return t, nil
}

// chances is a web.WinChanceFunc.
func (w *winChances) chances(v game.View, choices []web.ChoiceJSON) ([]float64, bool) {
	r := v.Rules()
	if v.NumPlayers() == 3 {
		return w.chances3(v, choices)
	}
	if v.NumPlayers() != 2 || r.Target > maxServeWinTarget {
		return nil, false
	}
	e, ok := w.solved(r, 2)
	if !ok {
		return nil, false
	}
	adv, err := e.t.Advise(win.StateOf(v), v.Roll())
	if err != nil || adv.Farkle {
		return nil, false
	}
	out := make([]float64, len(choices))
	for i, c := range choices {
		h := c.Dice
		found := false
		for _, wc := range adv.Choices {
			if slices.Equal(wc.Keep.Dice(), h.Dice()) {
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

// chances3 is chances for a game of three players: the mover's chance
// after each choice, from the table of strategy/win once it is solved,
// for the rules that it solves (no penalty).
func (w *winChances) chances3(v game.View, choices []web.ChoiceJSON) ([]float64, bool) {
	seats, ok := w.seatChances(v, choices)
	if !ok {
		return nil, false
	}
	out := make([]float64, len(seats))
	for i, s := range seats {
		out[i] = s[0]
	}
	return out, true
}

// seatChances is a web.Config.SeatChances: in a game of three players,
// every player's chance after each choice, in order of play from the
// mover, from the table of strategy/win once it is solved.
func (w *winChances) seatChances(v game.View, choices []web.ChoiceJSON) ([][]float64, bool) {
	if v.NumPlayers() != 3 {
		return nil, false
	}
	r := v.Rules()
	// The rules that win.Solve refuses (see its package documentation)
	// get no chance, and take no place among the tables.
	if r.Target > maxServeWin3Target || r.Penalty > 0 || r.Bankrupt || r.MustRollHotDice ||
		r.ToxicTwos || r.SixOnesWin || r.Welfare || r.Piggyback {
		return nil, false
	}
	e, ok := w.solved(r, 3)
	if !ok {
		return nil, false
	}
	adv, err := e.t.Advise(win.StateOf(v), v.Roll())
	if err != nil || adv.Farkle {
		return nil, false
	}
	out := make([][]float64, len(choices))
	for i, c := range choices {
		found := false
		for _, wc := range adv.Choices {
			if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) {
				out[i], found = wc.Chances, true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}
