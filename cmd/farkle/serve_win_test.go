package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// TestServeWinChances checks that serve's advice gets the chance to win
// of each choice once the game's table is solved in the background, the
// same chances as Advise gives from the table solved for the game's rules
// (in the last turn of a final round too), for three players the mover's
// chance from a table of three players (with a final round too), and
// chances under a penalty too. Each table is solved once, and the test
// waits for its solve, not for a time; package strategy/win checks the
// tables themselves.
func TestServeWinChances(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("solves a game: package strategy tests the solver under the race detector")
	}
	r := game.App.Rules()
	r.Target = 500
	g, err := game.New(r, []string{"Ann", "Bot"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	var choices []web.ChoiceJSON
	for _, dice := range [][]farkle.Die{{1}, {1, 5}, {1, 5, 5}} {
		var c web.ChoiceJSON
		c.Dice, _ = farkle.HandOf(dice)
		choices = append(choices, c)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := newWinChances(ctx, "", nil)
	// solved returns the table of v's rules once w has solved it, in the
	// background: it waits for the solve, not for a time.
	solved := func(v game.View) *win.Table {
		t.Helper()
		for {
			tb, ok, done := w.want(winKey{v.Rules(), v.NumPlayers()})
			if ok {
				return tb
			}
			if done == nil {
				t.Fatalf("no table solved for the rules %+v", v.Rules())
			}
			<-done
		}
	}
	tb := solved(g.View())
	got, ok := w.chances(g.View(), choices)
	if !ok {
		t.Fatal("no win chances once the table is solved")
	}
	adv, err := tb.Advise(win.State{Scores: []int{0, 0}, DiceLeft: 6}, g.View().Roll())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range choices {
		h := c.Dice
		want := -1.0
		for _, wc := range adv.Choices {
			if slices.Equal(wc.Keep.Dice(), h.Dice()) {
				want = wc.Chance
			}
		}
		if got[i] != want || want < 0 || want > 1 {
			t.Errorf("keep %v: win chance %v, want %v", c.Dice, got[i], want)
		}
	}

	// The final round: Ann banks 1,000 (of a target of 500), and the
	// Bot's last turn has chances too, those of its last turn.
	last, _ := game.New(r, []string{"Ann", "Bot"}, nil)
	for _, step := range []func() error{
		func() error { return last.RollDice([]farkle.Die{1, 1, 1, 2, 3, 4}) },
		func() error { return last.Keep([]farkle.Die{1, 1, 1}) },
		func() error { return last.Bank() },
		func() error { return last.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if !last.View().FinalRound() {
		t.Fatal("no final round after a bank of 1,000")
	}
	lc, ok := w.chances(last.View(), choices)
	if !ok {
		t.Fatal("no win chances in the final round")
	}
	s := win.StateOf(last.View())
	ladv, err := tb.Advise(s, last.View().Roll())
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range choices {
		want := -1.0
		for _, wc := range ladv.Choices {
			if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) {
				want = wc.Chance
			}
		}
		if lc[i] != want || want <= 0 || want >= 1 {
			t.Errorf("the last turn, keep %v: win chance %v, want %v in (0, 1)", c.Dice, lc[i], want)
		}
	}

	// Three players, without and with a final round, and four: the
	// mover's chance and every seat's from the table of strategy/win, once
	// solved.
	for _, pc := range []struct {
		r       game.Rules
		players []string
	}{
		{game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1000}, []string{"a", "b", "c"}},
		{r, []string{"a", "b", "c"}},
		{game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 500}, []string{"a", "b", "c", "d"}},
	} {
		r3 := pc.r
		g3, _ := game.New(r3, pc.players, nil)
		if err := g3.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
			t.Fatal(err)
		}
		tb3 := solved(g3.View())
		got3, ok := w.chances(g3.View(), choices)
		if !ok {
			t.Fatalf("%d players, final round %v: no win chances once solved", len(pc.players), r3.FinalRound)
		}
		adv3, err := tb3.Advise(win.State{Scores: make([]int, len(pc.players))}, g3.View().Roll())
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range choices {
			want := -1.0
			for _, wc := range adv3.Choices {
				if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) {
					want = wc.Chances[0]
				}
			}
			if got3[i] != want || want <= 0 || want >= 1 {
				t.Errorf("%d players, final round %v, keep %v: win chance %v, want %v", len(pc.players), r3.FinalRound, c.Dice, got3[i], want)
			}
		}
		seats, ok := w.seatChances(g3.View(), choices)
		if !ok || len(seats) != len(choices) || len(seats[0]) != len(pc.players) {
			t.Fatalf("%d players: seat chances %v, %v", len(pc.players), seats, ok)
		}
		for i, c := range choices {
			for _, wc := range adv3.Choices {
				if slices.Equal(wc.Keep.Dice(), c.Dice.Dice()) && !slices.Equal(seats[i], wc.Chances) {
					t.Errorf("%d players, final round %v, keep %v: seat chances %v, want %v", len(pc.players), r3.FinalRound, c.Dice, seats[i], wc.Chances)
				}
			}
		}
	}
	if _, ok := w.seatChances(g.View(), choices); ok {
		t.Error("seat chances for two players")
	}
	// A penalty: chances once solved, as without one.
	z := game.Zilch.Rules()
	z.Target, z.FinalRound = 500, false // Zilch's final round takes minutes
	pen, _ := game.New(z, []string{"a", "b"}, nil)
	if err := pen.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	solved(pen.View())
	p, ok := w.chances(pen.View(), choices)
	if !ok {
		t.Fatal("no win chances under a penalty once solved")
	}
	for i, c := range p {
		if c <= 0 || c >= 1 {
			t.Errorf("keep %v under a penalty: win chance %v", choices[i].Dice, c)
		}
	}
}

// fakeSolver is a win solver for the tests of serve's queue: each solve
// sends its target on started, then blocks until the test releases it
// (it returns an empty table), ticks it (it calls opts.Progress) or its
// context is cancelled (it sends its target on cancelled).
type fakeSolver struct {
	started, cancelled chan int
	release, tick      chan struct{}
}

func newFakeSolver() *fakeSolver {
	return &fakeSolver{started: make(chan int), cancelled: make(chan int), release: make(chan struct{}), tick: make(chan struct{})}
}

func (f *fakeSolver) solve(ctx context.Context, r game.Rules, opts win.Options) (*win.Table, error) {
	f.started <- r.Target
	for {
		select {
		case <-f.release:
			return new(win.Table), nil
		case <-f.tick:
			opts.Progress(1, 2)
		case <-ctx.Done():
			f.cancelled <- r.Target
			return nil, ctx.Err()
		}
	}
}

// fakeClock is a clock that the test moves.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestServeWinQueue checks the bounds of serve's win solves, with a fake
// solver that blocks until the test releases it: one solve at a time in
// one goroutine, whatever the requests; at most maxServeWinQueue rule
// sets waiting or solving, a rule set asked again adding nothing, others
// refused at once; a rule set no longer wanted giving its place, its
// solve cancelled through its context (when another takes its place, or
// at a step of its solve); at most maxServeWinTables tables kept, the
// least recently asked dropped first.
func TestServeWinQueue(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := newFakeSolver()
	clk := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	before := runtime.NumGoroutine()
	w := startWinChances(ctx, f.solve, clk.now, "", nil)
	key := func(target int) winKey {
		r := game.App.Rules()
		r.Target = target
		return winKey{r, 2}
	}
	pending := func() []int {
		w.mu.Lock()
		defer w.mu.Unlock()
		var out []int
		for _, j := range w.pending {
			out = append(out, j.key.r.Target)
		}
		return out
	}
	want := func(target int) (bool, <-chan struct{}) {
		_, ok, done := w.want(key(target))
		return ok, done
	}

	ok, doneA := want(1000)
	if ok || doneA == nil {
		t.Fatalf("first request: ok %v, done %v; want queued", ok, doneA)
	}
	if got := <-f.started; got != 1000 {
		t.Fatalf("solving %d, want 1000", got)
	}
	var dones []<-chan struct{}
	for _, target := range []int{1050, 1100, 1150} {
		ok, done := want(target)
		if ok || done == nil {
			t.Fatalf("target %d: ok %v, done %v; want queued", target, ok, done)
		}
		dones = append(dones, done)
	}
	// Asked again, a rule set queued or solving adds nothing.
	if _, done := want(1000); done != doneA {
		t.Error("the rule set solving was queued again")
	}
	if _, done := want(1100); done != dones[1] {
		t.Error("a rule set waiting was queued again")
	}
	// Beyond the bound, no chances and nothing queued: 300 rule sets,
	// round robin, make no goroutine.
	for round := range 3 {
		for i := range 300 {
			target := 2000 + 50*i
			if round == 2 {
				target = 1000 + 50*(i%5) // the four queued and one more
			}
			if ok, done := want(target); ok || (done == nil) != (target >= 1200) {
				t.Fatalf("target %d, queue full: ok %v, queued %v", target, ok, done != nil)
			}
		}
	}
	if got := pending(); !slices.Equal(got, []int{1000, 1050, 1100, 1150}) {
		t.Fatalf("pending %v, want [1000 1050 1100 1150]", got)
	}
	if n := runtime.NumGoroutine(); n > before+1 {
		t.Errorf("%d goroutines after 904 requests, %d before: want at most one more, the solver's", n, before)
	}
	// The answer of the advice beyond the bound: no chances, at once.
	g, err := game.New(key(5000).r, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.RollDice([]farkle.Die{1, 5, 5, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	var c web.ChoiceJSON
	c.Dice, _ = farkle.HandOf([]farkle.Die{1})
	if _, ok := w.chances(g.View(), []web.ChoiceJSON{c}); ok {
		t.Error("win chances for rules not solved")
	}

	// A minute on, 1050, 1100 and 1150 asked again, but not 1000: 1000
	// gives its place to 1200, its solve cancelled, and 1050 solves.
	clk.advance(serveWinWanted)
	for _, target := range []int{1050, 1100, 1150} {
		want(target)
	}
	if _, done := want(1200); done == nil {
		t.Fatal("1200 not queued in the place of 1000, no longer wanted")
	}
	if got := <-f.cancelled; got != 1000 {
		t.Fatalf("cancelled %d, want 1000", got)
	}
	<-doneA
	if got := <-f.started; got != 1050 {
		t.Fatalf("solving %d, want 1050", got)
	}
	f.release <- struct{}{}
	<-dones[0]
	if tb, ok, _ := w.want(key(1050)); !ok || tb == nil {
		t.Fatal("1050 not solved once released")
	}
	if got := <-f.started; got != 1100 {
		t.Fatalf("solving %d, want 1100", got)
	}
	if got := pending(); !slices.Equal(got, []int{1100, 1150, 1200}) {
		t.Fatalf("pending %v, want [1100 1150 1200]", got)
	}

	// Another minute without an advice for them: 1100's solve is
	// cancelled at its next step, and 1150 and 1200 are dropped.
	clk.advance(serveWinWanted)
	f.tick <- struct{}{}
	if got := <-f.cancelled; got != 1100 {
		t.Fatalf("cancelled %d, want 1100", got)
	}
	<-dones[1]
	<-dones[2]
	if got := pending(); len(got) != 0 {
		t.Fatalf("pending %v, want none", got)
	}
	// A cancelled rule set is solved when asked again.
	if _, done := want(1100); done == nil {
		t.Fatal("1100 not queued again")
	}
	if got := <-f.started; got != 1100 {
		t.Fatalf("solving %d, want 1100", got)
	}
	f.release <- struct{}{}

	// The tables kept: 1050, 1100 and three more, one by one; asking for
	// 1050 again keeps it, and 1100, least recently asked, is dropped.
	for _, target := range []int{3000, 3050, 3100} {
		if target == 3100 {
			w.want(key(1050))
		}
		_, done := want(target)
		if got := <-f.started; got != target {
			t.Fatalf("solving %d, want %d", got, target)
		}
		f.release <- struct{}{}
		<-done
	}
	w.mu.Lock()
	kept := slices.Clone(w.order)
	w.mu.Unlock()
	var got []int
	for _, k := range kept {
		got = append(got, k.r.Target)
	}
	if want := []int{3000, 3050, 1050, 3100}; !slices.Equal(got, want) {
		t.Errorf("tables kept %v, want %v", got, want)
	}
	cancel()
	<-w.done
}

// A solve that panics (a bug) takes the server down no more than a
// failed one: its rules get no chances, are not solved again, and the
// next rules solve.
func TestServeWinSolverPanics(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	solved := make(chan int)
	solve := func(ctx context.Context, r game.Rules, opts win.Options) (*win.Table, error) {
		solved <- r.Target
		if r.Target == 1000 {
			panic("a bug in the solver")
		}
		return new(win.Table), nil
	}
	var logged []string
	var mu sync.Mutex
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logged = append(logged, fmt.Sprintf(format, args...))
	}
	w := startWinChances(ctx, solve, time.Now, "", logf)
	key := func(target int) winKey {
		r := game.App.Rules()
		r.Target = target
		return winKey{r, 2}
	}
	_, _, done := w.want(key(1000))
	if got := <-solved; got != 1000 {
		t.Fatalf("solving %d", got)
	}
	<-done
	if tb, ok, again := w.want(key(1000)); ok || tb != nil || again != nil {
		t.Errorf("the rules whose solve panicked: table %v, ok %v, queued again %v", tb, ok, again != nil)
	}
	_, _, done = w.want(key(1050))
	if got := <-solved; got != 1050 {
		t.Fatalf("solving %d", got)
	}
	<-done
	if _, ok := w.solved(key(1050).r, 2); !ok {
		t.Error("no table after a solve that panicked")
	}
	mu.Lock()
	defer mu.Unlock()
	if all := strings.Join(logged, "\n"); !strings.Contains(all, "panic: a bug in the solver") || !strings.Contains(all, "goroutine ") {
		t.Errorf("the panic not logged with its stack:\n%s", all)
	}
}
