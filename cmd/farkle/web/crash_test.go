package web

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// acked is what a client saw acknowledged in one game: the history after
// its last acknowledged move.
type acked struct {
	id, token string
	events    []eventJSON
}

// playUntil plays games on base from several clients until stop is
// closed, and returns, per game, the history after the last move the
// server acknowledged. Moves refused because the server went away are
// not acknowledged.
func playUntil(t *testing.T, base string, games int, stop <-chan struct{}, acks *atomic.Int64) []*acked {
	t.Helper()
	out := make([]*acked, games)
	for i := range out {
		c := createTarget(t, base, 100_000, KindHuman, KindExpected)
		var evs eventsResponse
		call(t, nil, "GET", base+"/api/games/"+c.ID+"/events", "", nil).decode(t, &evs)
		out[i] = &acked{id: c.ID, token: c.Seats[0].Token, events: evs.Events}
	}
	client := &http.Client{Timeout: guard} // a killed server ends its connections at once
	var wg sync.WaitGroup
	for _, a := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st stateJSON
			if err := getJSON(client, base+"/api/games/"+a.id, &st); err != nil {
				return
			}
			for !st.Over {
				select {
				case <-stop:
					return
				default:
				}
				next, err := move(client, base, a.id, a.token, st)
				if err != nil {
					return // the server is gone: this move is not acknowledged
				}
				acks.Add(1)
				var evs eventsResponse
				if err := getJSON(client, base+"/api/games/"+a.id+"/events", &evs); err != nil {
					// The move was acknowledged: its history is at least
					// the state's number of events; keep what we know.
					a.events = a.events[:min(len(a.events), next.NumEvents)]
					return
				}
				a.events = evs.Events
				st = next
			}
		}()
	}
	<-stop
	wg.Wait()
	return out
}

func getJSON(client *http.Client, url string, v any) error {
	res, err := client.Get(url)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return errStatus(res.StatusCode)
	}
	return json.NewDecoder(res.Body).Decode(v)
}

type errStatus int

func (e errStatus) Error() string { return http.StatusText(int(e)) }

// move makes the next move of the simple player of playMove, without a
// testing.T, for goroutines.
func move(client *http.Client, base, id, tok string, st stateJSON) (stateJSON, error) {
	path, body := "/roll", ""
	switch {
	case len(st.Dice) > 0:
		path = "/keep"
		b, _ := json.Marshal(keepRequest{Dice: intsOf(st.Keeps[0].Dice)})
		body = string(b)
	case st.CanBank && st.TurnTotal >= 300:
		path = "/bank"
	}
	req, _ := http.NewRequest("POST", base+"/api/games/"+id+path, strings.NewReader(body))
	req.Header.Set(TokenHeader, tok)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := client.Do(req)
	if err != nil {
		return st, err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		return st, errStatus(res.StatusCode)
	}
	var next stateJSON
	err = json.NewDecoder(res.Body).Decode(&next)
	return next, err
}

// checkAcked checks that every game of base has every acknowledged event.
func checkAcked(t *testing.T, base string, games []*acked) (moves int) {
	t.Helper()
	for _, a := range games {
		var evs eventsResponse
		r := call(t, nil, "GET", base+"/api/games/"+a.id+"/events", "", nil)
		if r.status != 200 {
			t.Fatalf("game %s lost: %d %s", a.id, r.status, r.body)
		}
		r.decode(t, &evs)
		if len(evs.Events) < len(a.events) {
			t.Fatalf("game %s: %d events after the restart, %d acknowledged", a.id, len(evs.Events), len(a.events))
		}
		for i, e := range a.events {
			if !reflect.DeepEqual(evs.Events[i], e) {
				t.Fatalf("game %s: event %d is %+v, acknowledged %+v", a.id, i, evs.Events[i], e)
			}
		}
		moves += len(a.events)
		// The token still works after the restart.
		r = call(t, nil, "POST", base+"/api/games/"+a.id+"/join", a.token, nil)
		if r.status != 200 {
			t.Fatalf("game %s: join after the restart: %d %s", a.id, r.status, r.body)
		}
	}
	return moves
}

// signalAfter sends sig to the child once n moves are acknowledged,
// however long they take, then closes stop.
func signalAfter(c *child, sig syscall.Signal, acks *atomic.Int64, n int64, stop chan<- struct{}) {
	until(func() bool { return acks.Load() >= n })
	c.cmd.Process.Signal(sig)
	close(stop)
}

// A server killed with SIGKILL in the middle of moves loses none that it
// acknowledged: after a restart on the same data directory (the
// embedded store, as farkle serve opens it: see ext_test.go) every game
// has every acknowledged event, and its tokens still work.
func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dir := t.TempDir()
	c := startChild(t, dir)
	stop := make(chan struct{})
	var acks atomic.Int64
	go signalAfter(c, syscall.SIGKILL, &acks, 200, stop)
	games := playUntil(t, c.base, 20, stop, &acks)
	if n := acks.Load(); n < 200 {
		t.Fatalf("only %d moves acknowledged before the kill", n)
	}
	if code := c.wait(t, guard); code != -1 && code != 137 {
		t.Logf("killed child exit code %d", code)
	}
	c2 := startChild(t, dir)
	events := checkAcked(t, c2.base, games)
	t.Logf("%d games, %d acknowledged events, all back after kill -9 and a restart", len(games), events)
	c2.cmd.Process.Signal(syscall.SIGTERM)
	if code := c2.wait(t, guard); code != 0 {
		t.Errorf("exit code %d after SIGTERM", code)
	}
}

// SIGINT and SIGTERM stop the server gracefully, even with event streams
// open: it finishes the moves in flight, saves them and exits 0.
func TestSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			c := startChild(t, dir)
			g := create(t, c.base, KindHuman, KindThreshold)
			res, err := http.Get(c.base + "/api/games/" + g.ID + "/stream")
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			stop := make(chan struct{})
			var acks atomic.Int64
			go signalAfter(c, sig, &acks, 50, stop)
			games := playUntil(t, c.base, 10, stop, &acks)
			start := time.Now()
			if code := c.wait(t, guard); code != 0 {
				t.Fatalf("exit code %d after %v", code, sig)
			}
			t.Logf("exited 0 in %v after %v", time.Since(start).Round(time.Millisecond), sig)
			c2 := startChild(t, dir)
			checkAcked(t, c2.base, games)
			c2.cmd.Process.Signal(syscall.SIGTERM)
			c2.wait(t, guard)
		})
	}
}
