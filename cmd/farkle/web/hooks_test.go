package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// hookSeen is what a hook saw of its position.
type hookSeen struct {
	current, turnTotal int
	scores             []int
	roll               []farkle.Die // sorted
}

func seenOf(v game.View) hookSeen {
	roll := v.Roll()
	slices.Sort(roll)
	return hookSeen{current: v.Current(), turnTotal: v.TurnTotal(), scores: v.Scores(), roll: roll}
}

func seenOfState(st stateJSON) hookSeen {
	roll := slices.Clone(st.Dice)
	slices.Sort(roll)
	var scores []int
	for _, p := range st.Players {
		scores = append(scores, p.Score)
	}
	return hookSeen{current: st.Current, turnTotal: st.TurnTotal, scores: scores, roll: roll}
}

// TestHooksReadACopy checks that the advice's hooks read a copy of the
// game that is its position at the advice, through a whole game against
// a bot (the copy following each move), and without the game's lock: a
// hook that blocks holds up no move of its game.
func TestHooksReadACopy(t *testing.T) {
	var (
		mu      sync.Mutex
		seen    []hookSeen
		block   atomic.Bool
		entered = make(chan struct{})
		release = make(chan struct{})
	)
	hook := func(v game.View, ch []ChoiceJSON) ([]float64, bool) {
		mu.Lock()
		seen = append(seen, seenOf(v))
		mu.Unlock()
		if block.Load() {
			entered <- struct{}{}
			<-release
		}
		return make([]float64, len(ch)), true
	}
	_, ts := newTest(t, Config{WinChance: hook})
	c := createTarget(t, ts.URL, 5000, KindHuman, KindThreshold)
	tok, st := c.Seats[0].Token, c.State
	advices := 0
	for moves := 0; !st.Over && moves < 300; moves++ {
		if len(st.Dice) > 0 {
			var a adviceJSON
			r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/advice", "", nil)
			r.decode(t, &a)
			if r.status != http.StatusOK || (len(a.Choices) > 0 && !a.WinChance) {
				t.Fatalf("advice: %d %s", r.status, r.body)
			}
			if len(a.Choices) > 0 {
				mu.Lock()
				got := seen[len(seen)-1]
				mu.Unlock()
				if want := seenOfState(st); fmt.Sprint(got) != fmt.Sprint(want) {
					t.Fatalf("move %d: the hook saw %+v, the game is at %+v", moves, got, want)
				}
				advices++
			}
		}
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, tok, st); status != http.StatusOK {
			t.Fatalf("move %d: status %d", moves, status)
		}
	}
	if advices < 3 {
		t.Fatalf("only %d advices in the game", advices)
	}

	// A hook that blocks: the game's moves go on.
	c = create(t, ts.URL, KindHuman, KindHuman)
	st = c.State
	for len(st.Dice) == 0 {
		st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st)
	}
	block.Store(true)
	done := make(chan resp)
	go func() {
		done <- call(t, nil, "GET", ts.URL+"/api/games/"+c.ID+"/advice", "", nil)
	}()
	<-entered
	for range 5 {
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st); status != http.StatusOK {
			t.Fatalf("a move while a hook blocks: status %d", status)
		}
	}
	block.Store(false)
	close(release)
	if r := <-done; r.status != http.StatusOK {
		t.Fatalf("the advice of the blocked hook: %d %s", r.status, r.body)
	}
}

// TestHandlerPanic checks that a handler's panic (here in a hook of the
// advice) is answered 500 with CodeInternal, logged with its stack and
// counted, and that the game goes on answering: its state, moves, and
// advice once the hook no longer panics.
func TestHandlerPanic(t *testing.T) {
	var panics atomic.Bool
	panics.Store(true)
	hook := func(v game.View, ch []ChoiceJSON) ([]float64, bool) {
		if panics.Load() {
			panic("a bug in the hook")
		}
		return make([]float64, len(ch)), true
	}
	var logMu sync.Mutex
	var logged strings.Builder
	logf := func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		fmt.Fprintf(&logged, format+"\n", args...)
	}
	s, ts := newTest(t, Config{WinChance: hook, SeatChances: func(v game.View, ch []ChoiceJSON) ([][]float64, bool) {
		return nil, false
	}, Logf: logf})
	c := create(t, ts.URL, KindHuman, KindHuman)
	st := c.State
	for len(st.Dice) == 0 {
		st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st)
	}
	adviceURL := ts.URL + "/api/games/" + c.ID + "/advice"
	for range 2 {
		call(t, nil, "GET", adviceURL, "", nil).wantError(t, http.StatusInternalServerError, CodeInternal)
	}
	logMu.Lock()
	log := logged.String()
	logMu.Unlock()
	if !strings.Contains(log, "panic serving GET /api/games/"+c.ID+"/advice: a bug in the hook") || !strings.Contains(log, "goroutine ") {
		t.Errorf("the panic not logged with its stack:\n%s", log)
	}
	// The same game answers.
	if r := call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil); r.status != http.StatusOK {
		t.Fatalf("state after the panic: %d %s", r.status, r.body)
	}
	for range 3 {
		var status int
		if st, status = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st); status != http.StatusOK {
			t.Fatalf("a move after the panic: %d", status)
		}
	}
	for len(st.Dice) == 0 {
		st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[st.Current].Token, st)
	}
	panics.Store(false)
	var a adviceJSON
	r := call(t, nil, "GET", adviceURL, "", nil)
	r.decode(t, &a)
	if r.status != http.StatusOK || !a.WinChance {
		t.Fatalf("advice after the panic: %d %s", r.status, r.body)
	}
	ms := httptest.NewServer(s.MetricsHandler())
	defer ms.Close()
	body := string(call(t, nil, "GET", ms.URL+"/metrics", "", nil).body)
	for _, want := range []string{"farkle_panics_total 2\n", `farkle_refusals_total{code="internal"} 2` + "\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics without %q:\n%s", want, body)
		}
	}
}
