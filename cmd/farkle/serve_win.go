package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// Bounds of the win chances that serve gives with its advice. The win
// solver runs for two-player games with a target of at most
// maxServeWinTarget, three-player games up to maxServeWin3Target and
// four-player games up to maxPlayWin4Target (as farkle play: solves4), in
// the background, on one core, one solve at a time, all in one goroutine.
// The rule sets waiting for a solve, the one solving among them, are at
// most maxServeWinQueue: an advice for other rules beyond them has no
// chances, at once. The tables of the last maxServeWinTables rule sets
// asked for are kept in memory (a table of two players at target 10,000
// takes 0.3 MB saved under the App rules, 4.5 MB under Facebook's, with
// its penalty); with a cache directory serve also keeps every
// table it solved there, as farkle win does, so that a table is solved
// once.
const (
	maxServeWinTarget = 10_000
	maxServeWinTables = 4
	maxServeWinQueue  = 4
	// Games of three players get the mover's chance from a table of
	// strategy/win up to this target (some 4 CPU seconds, 13 with a final
	// round).
	maxServeWin3Target = 3_000
	// serveWinWanted is how long a rule set stays wanted after an advice
	// asked for it: one waiting or solving that no advice asked for this
	// long gives its place in the queue to another, and its solve is
	// cancelled.
	serveWinWanted = time.Minute
)

// winChances gives the advice of farkle serve the chance to win of each
// choice, from tables solved in the background: until a game's table is
// solved, the advice has no win chance.
type winChances struct {
	solve func(context.Context, game.Rules, win.Options) (*win.Table, error)
	cache string // the directory of the cached tables (win.Options.Cache), or "" for none
	logf  func(format string, args ...any)
	now   func() time.Time
	wake  chan struct{} // one token: the queue has a job for the solver
	done  chan struct{} // closed when the solver's goroutine returns

	mu      sync.Mutex
	tables  map[winKey]winDone // the solved, and those that failed
	order   []winKey           // the keys of tables, least recently asked first
	pending []*winJob          // waiting or solving, oldest first
}

// A winKey is the rules and the number of players of a table: 2 to 4.
type winKey struct {
	r       game.Rules
	players int
}

// A winDone is a solve's result: a table, or the error that it failed
// with (not a cancellation, which leaves no result).
type winDone struct {
	t   *win.Table
	err error
}

// A winJob is a rule set waiting for its solve, or solving.
type winJob struct {
	key    winKey
	wanted time.Time          // when an advice last asked for it
	cancel context.CancelFunc // while solving; nil while waiting
	done   chan struct{}      // closed once it is solved, failed or dropped
}

// newWinChances returns the win chances of serve, with the tables cached
// in the directory cache ("" for none), logging each solve with logf (nil
// for none). Its solver's goroutine runs until ctx is done.
func newWinChances(ctx context.Context, cache string, logf func(format string, args ...any)) *winChances {
	return startWinChances(ctx, solveWin, time.Now, cache, logf)
}

// startWinChances is newWinChances with the solver and the clock given.
func startWinChances(ctx context.Context, solve func(context.Context, game.Rules, win.Options) (*win.Table, error), now func() time.Time, cache string, logf func(format string, args ...any)) *winChances {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	w := &winChances{
		solve: solve, cache: cache, logf: logf, now: now,
		wake: make(chan struct{}, 1), done: make(chan struct{}),
		tables: make(map[winKey]winDone),
	}
	go w.run(ctx)
	return w
}

// solved returns the table of r for the players once it is solved, and
// false until then: it asks for the solve, if the queue has room.
func (w *winChances) solved(r game.Rules, players int) (*win.Table, bool) {
	t, ok, _ := w.want(winKey{r, players})
	return t, ok
}

// want returns the table of k if it is solved; else it asks for its solve
// and returns the channel closed when the solve ends, or nil if the queue
// is full.
func (w *winChances) want(k winKey) (*win.Table, bool, <-chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if d, ok := w.tables[k]; ok {
		i := slices.Index(w.order, k)
		w.order = append(slices.Delete(w.order, i, i+1), k)
		return d.t, d.err == nil, nil
	}
	now := w.now()
	for _, j := range w.pending {
		if j.key == k {
			j.wanted = now
			return nil, false, j.done
		}
	}
	if len(w.pending) >= maxServeWinQueue {
		// The least recently wanted gives its place, if no advice asked
		// for it in serveWinWanted.
		i := 0
		for k, j := range w.pending {
			if j.wanted.Before(w.pending[i].wanted) {
				i = k
			}
		}
		if now.Sub(w.pending[i].wanted) < serveWinWanted {
			return nil, false, nil
		}
		w.drop(i)
	}
	j := &winJob{key: k, wanted: now, done: make(chan struct{})}
	w.pending = append(w.pending, j)
	select {
	case w.wake <- struct{}{}:
	default: // the solver is woken already
	}
	return nil, false, j.done
}

// drop removes the job pending[i], cancelling its solve. The caller holds
// w.mu.
func (w *winChances) drop(i int) {
	j := w.pending[i]
	w.pending = slices.Delete(w.pending, i, i+1)
	if j.cancel != nil {
		j.cancel()
	}
	close(j.done)
}

// run solves the jobs of the queue one at a time, until ctx is done.
func (w *winChances) run(ctx context.Context) {
	defer close(w.done)
	for {
		j, jctx := w.next(ctx)
		if j == nil {
			return
		}
		d := w.table(jctx, j)
		w.finish(j, d)
	}
}

// next returns the next job to solve, with its context, waiting for one;
// nil once ctx is done.
func (w *winChances) next(ctx context.Context) (*winJob, context.Context) {
	for {
		if j, jctx := w.start(ctx); j != nil {
			return j, jctx
		}
		select {
		case <-ctx.Done():
			return nil, nil
		case <-w.wake:
		}
	}
}

// start marks the oldest waiting job as solving and returns it, dropping
// the jobs no longer wanted; nil if none waits.
func (w *winChances) start(ctx context.Context) (*winJob, context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ctx.Err() != nil {
		return nil, nil
	}
	now := w.now()
	for i := 0; i < len(w.pending); {
		if now.Sub(w.pending[i].wanted) >= serveWinWanted {
			w.drop(i)
			continue
		}
		i++
	}
	if len(w.pending) == 0 {
		return nil, nil
	}
	j := w.pending[0]
	jctx, cancel := context.WithCancel(ctx)
	j.cancel = cancel
	return j, jctx
}

// finish records the result of j's solve, unless it was dropped or
// cancelled meanwhile.
func (w *winChances) finish(j *winJob, d winDone) {
	w.mu.Lock()
	defer w.mu.Unlock()
	j.cancel() // its context's resources
	i := slices.Index(w.pending, j)
	if i < 0 {
		return // dropped: closed already
	}
	w.pending = slices.Delete(w.pending, i, i+1)
	defer close(j.done)
	if errors.Is(d.err, context.Canceled) {
		return // cancelled: solved again when asked again
	}
	if len(w.order) >= maxServeWinTables {
		delete(w.tables, w.order[0])
		w.order = w.order[1:]
	}
	w.tables[j.key] = d
	w.order = append(w.order, j.key)
}

// table returns the table of j from the cache, or solves it, on one core
// so that the server goes on serving, and caches it. The solve is
// cancelled, between its steps, once no advice has asked for it in
// serveWinWanted.
func (w *winChances) table(ctx context.Context, j *winJob) winDone {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	solved := false
	progress := func(int, int) {
		solved = true
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.now().Sub(j.wanted) >= serveWinWanted {
			cancel()
		}
	}
	r, players := j.key.r, j.key.players
	opts := win.Options{Players: players, Workers: 1, Cache: w.cache, Progress: progress}
	t, err := w.solveSafely(ctx, r, opts)
	if err != nil {
		w.logf("win chances: the game of %d players of target %d: %v", players, r.Target, err)
		return winDone{err: err}
	}
	if solved {
		w.logf("win chances: solved the game of %d players of target %d in %.1fs", players, r.Target, time.Since(start).Seconds())
	}
	return winDone{t: t}
}

// errSolvePanicked is the error of a solve that panicked (a bug): its
// rules get no chances, and the server goes on.
var errSolvePanicked = errors.New("the win solver panicked")

// solveSafely is w.solve, with a panic of the solver logged with its
// stack and returned as an error wrapping errSolvePanicked.
func (w *winChances) solveSafely(ctx context.Context, r game.Rules, opts win.Options) (t *win.Table, err error) {
	defer func() {
		if v := recover(); v != nil {
			w.logf("win chances: panic: %v\n%s", v, debug.Stack())
			t, err = nil, fmt.Errorf("%w: %v", errSolvePanicked, v)
		}
	}()
	return w.solve(ctx, r, opts)
}

// winTable is a web.Config.WinTable, for the bots "best": the table of r
// for the players once it is solved, for the games whose win chances
// serve gives (two players up to maxServeWinTarget, three up to
// maxServeWin3Target under the rules solved for three, four under those
// of solves4); asking for its solve, as an advice does.
func (w *winChances) winTable(r game.Rules, players int) (*win.Table, bool) {
	switch {
	case players == 2 && r.Target <= maxServeWinTarget && !r.Welfare && !r.Piggyback:
	case players > 2 && solvesMany(r, players):
	default:
		return nil, false
	}
	return w.solved(r, players)
}

// solvesMany reports whether serve solves the game of three or four
// players under r.
func solvesMany(r game.Rules, players int) bool {
	return players == 3 && solves3(r) || players == 4 && solves4(r)
}

// solves3 reports whether serve solves the game of three players under r.
func solves3(r game.Rules) bool {
	return r.Target <= maxServeWin3Target && r.Penalty == 0 && !r.Bankrupt && !r.MustRollHotDice &&
		!r.ToxicTwos && !r.SixOnesWin && !r.Welfare && !r.Piggyback
}

// chances is a web.WinChanceFunc.
func (w *winChances) chances(v game.View, choices []web.ChoiceJSON) ([]float64, bool) {
	r := v.Rules()
	if v.NumPlayers() > 2 {
		return w.chancesMany(v, choices)
	}
	if v.NumPlayers() != 2 || r.Target > maxServeWinTarget {
		return nil, false
	}
	t, ok := w.solved(r, 2)
	if !ok {
		return nil, false
	}
	adv, err := t.Advise(win.StateOf(v), v.Roll())
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

// chancesMany is chances for a game of three or four players: the
// mover's chance after each choice, from the table of strategy/win once
// it is solved, for the rules that serve solves (solvesMany).
func (w *winChances) chancesMany(v game.View, choices []web.ChoiceJSON) ([]float64, bool) {
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

// seatChances is a web.Config.SeatChances: in a game of three or four
// players, every player's chance after each choice, in order of play
// from the mover, from the table of strategy/win once it is solved.
func (w *winChances) seatChances(v game.View, choices []web.ChoiceJSON) ([][]float64, bool) {
	n, r := v.NumPlayers(), v.Rules()
	// The rules that serve does not solve (those that win.Solve refuses
	// among them, see its package documentation) get no chance, and take
	// no place among the tables.
	if !solvesMany(r, n) {
		return nil, false
	}
	t, ok := w.solved(r, n)
	if !ok {
		return nil, false
	}
	adv, err := t.Advise(win.StateOf(v), v.Roll())
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
