package web

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// A best bot plays by Config.WinTable's table once it has one, and as
// hard, which the state says, while it has none.
func TestBestPlaysAs(t *testing.T) {
	r := game.App.Rules()
	r.Target = 1000
	wt, err := win.Solve(context.Background(), r, win.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ready atomic.Bool
	var asked atomic.Int64
	hook := func(got game.Rules, players int) (*win.Table, bool) {
		asked.Add(1)
		if got != r || players != 2 || !ready.Load() {
			return nil, false
		}
		return wt, true
	}
	for _, c := range []struct {
		name string
		cfg  Config
		hook bool
	}{{"no hook", Config{}, false}, {"not solved", Config{WinTable: hook}, false}, {"solved", Config{WinTable: hook}, true}} {
		t.Run(c.name, func(t *testing.T) {
			ready.Store(c.hook)
			_, ts := newTest(t, c.cfg)
			g := create(t, ts.URL, KindHuman, KindBest)
			want := KindHard
			if c.hook {
				want = ""
			}
			if g.State.Players[1].PlaysAs != want || g.State.Players[0].PlaysAs != "" {
				t.Errorf("plays_as %q and %q, want %q for the bot", g.State.Players[0].PlaysAs, g.State.Players[1].PlaysAs, want)
			}
			st := g.State
			for moves := 0; !st.Over && moves < 2000; moves++ {
				if st, _ = playMove(t, nil, ts.URL, g.ID, g.Seats[0].Token, st); st.Turn > 2 {
					break // the bot played a turn
				}
			}
			if st.Turn <= 2 && !st.Over {
				t.Fatal("the bot did not play")
			}
		})
	}
	if asked.Load() == 0 {
		t.Error("the hook was never asked")
	}
}

// A game with a casual bot, read back from its records by another server
// at any point, plays on as the game held: the bot draws its slips from
// the game's dice source, whose state each record keeps.
func TestCasualPlaysOnReadBack(t *testing.T) {
	for _, stop := range []int{1, 4, 9} {
		storeA := newMemStore()
		_, a := newTest(t, Config{Store: storeA})
		c := createTarget(t, a.URL, 3000, KindHuman, KindCasual, KindCasual)
		tok := c.Seats[0].Token
		st := c.State
		for range stop {
			st, _ = playMove(t, nil, a.URL, c.ID, tok, st)
		}
		recs, err := storeA.Load(context.Background(), c.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		storeB := newMemStore()
		for i, rec := range recs {
			if i == 0 {
				err = storeB.Create(context.Background(), c.ID, rec)
			} else {
				err = storeB.Append(context.Background(), c.ID, i, rec)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		_, b := newTest(t, Config{Store: storeB})
		stB := st
		for moves := 0; !st.Over; moves++ {
			if moves > 3000 {
				t.Fatal("no end")
			}
			st, _ = playMove(t, nil, a.URL, c.ID, tok, st)
			stB, _ = playMove(t, nil, b.URL, c.ID, tok, stB)
		}
		var evA, evB eventsResponse
		call(t, nil, "GET", a.URL+"/api/games/"+c.ID+"/events", "", nil).decode(t, &evA)
		call(t, nil, "GET", b.URL+"/api/games/"+c.ID+"/events", "", nil).decode(t, &evB)
		if !slices.EqualFunc(evA.Events, evB.Events, func(x, y eventJSON) bool { return x == y }) {
			t.Errorf("read back after %d moves: %d events, the game held %d", stop, len(evB.Events), len(evA.Events))
		}
	}
}
