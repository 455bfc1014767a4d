package main

import (
	"context"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// The table of the bots "best" (web.Config.WinTable): asked for the
// games whose chances serve gives, solved in the background, and given
// once solved; the other games get none, and queue nothing.
func TestServeWinTable(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFakeSolver()
	clk := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	w := startWinChances(ctx, f.solve, clk.now, "", nil)
	pending := func() int {
		w.mu.Lock()
		defer w.mu.Unlock()
		return len(w.pending)
	}
	at := func(target int) game.Rules {
		r := game.App.Rules()
		r.Target = target
		return r
	}
	welfare := at(1000)
	welfare.Welfare, welfare.FinalRound = true, false
	penalty3 := at(2000)
	penalty3.Penalty, penalty3.PenaltyAfter = 500, 3
	for _, c := range []struct {
		name    string
		r       game.Rules
		players int
	}{
		{"four players past the bound", game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: maxPlayWin4Target + 50}, 4},
		{"four players, a final round", at(1000), 4},
		{"five players", game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 500}, 5},
		{"one player", at(1000), 1},
		{"two players past the bound", at(maxServeWinTarget + 50), 2},
		{"two players, welfare", welfare, 2},
		{"three players past the bound", at(maxServeWin3Target + 50), 3},
		{"three players, a penalty", penalty3, 3},
	} {
		if tb, ok := w.winTable(c.r, c.players); ok || tb != nil || pending() != 0 {
			t.Errorf("%s: table %v, ok %v, %d pending; want none and nothing queued", c.name, tb, ok, pending())
		}
	}
	r := at(1000)
	if _, ok := w.winTable(r, 2); ok {
		t.Fatal("a table before its solve")
	}
	if got := <-f.started; got != 1000 {
		t.Fatalf("solving target %d, want 1000", got)
	}
	_, _, done := w.want(winKey{r, 2})
	f.release <- struct{}{}
	<-done
	if tb, ok := w.winTable(r, 2); !ok || tb == nil {
		t.Fatalf("after the solve: table %v, ok %v", tb, ok)
	}
	if _, ok := w.winTable(at(2000), 3); ok || pending() != 1 {
		t.Errorf("three players at 2,000: ok %v, %d pending; want queued", ok, pending())
	}
	if got := <-f.started; got != 2000 {
		t.Errorf("solving target %d, want 2000", got)
	}
	cancel()
	if got := <-f.cancelled; got != 2000 {
		t.Errorf("cancelled target %d, want 2000", got)
	}
	<-w.done
}
