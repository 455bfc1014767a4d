package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer for many goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// A shutdown while moves, creates, streams and the expiry run, whose
// graceful part times out (as Run's does after ShutdownTimeout), then
// Release: no panic, no request left without an answer or a closed
// connection, and Release returns.
func TestShutdownUnderLoad(t *testing.T) {
	for round := range 3 {
		store := &faultStore{Store: newMemStore()}
		slow := func() { time.Sleep(5 * time.Millisecond) } // a slow store: moves in flight
		s, err := New(calm(Config{Store: store, Rate: -1, Logf: t.Logf, FinishedTTL: time.Hour, IdleTTL: time.Hour}))
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewUnstartedServer(s)
		var errs syncBuffer
		ts.Config.ErrorLog = log.New(&errs, "", 0)
		ts.Config.RegisterOnShutdown(s.Close)
		ts.Start()
		var games []created
		for range 8 {
			games = append(games, create(t, ts.URL, KindHuman, KindThreshold))
		}
		store.before.Store(&slow)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var moves, tries, sweeps, failed atomic.Int64
		client := &http.Client{Timeout: 10 * time.Second}
		for _, c := range games {
			wg.Add(2)
			go func() { // moves
				defer wg.Done()
				st := c.State
				for {
					select {
					case <-stop:
						return
					default:
					}
					next, status, err := tryMove(client, ts.URL, c, st)
					tries.Add(1)
					if err != nil {
						failed.Add(1) // the connection closed
						return
					}
					if status == 200 {
						st = next
						moves.Add(1)
					}
				}
			}()
			go func() { // streams, opened again and again
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					res, err := client.Get(ts.URL + "/api/games/" + c.ID + "/stream")
					if err != nil {
						return
					}
					buf := make([]byte, 512)
					res.Body.Read(buf)
					res.Body.Close()
				}
			}()
		}
		var sweeper sync.WaitGroup
		stopSweep := make(chan struct{})
		sweeper.Add(1)
		go func() { // the expiry, of every game, as the janitor's sweeps (which Release waits for)
			defer sweeper.Done()
			for {
				select {
				case <-stopSweep:
					return
				default:
				}
				s.sweep(time.Now().Add(2 * time.Hour))
				sweeps.Add(1)
				time.Sleep(20 * time.Millisecond)
			}
		}()
		wg.Add(1)
		go func() { // creates
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				res, err := client.Post(ts.URL+"/api/games", "application/json", strings.NewReader(`{"seats":[{"kind":"human"},{"kind":"threshold"}]}`))
				if err != nil {
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
			}
		}()
		// The shutdown comes with moves tried and in flight and the expiry
		// swept, however fast the machine. (The moves tried, not made:
		// the expiry may take every game before a move.)
		until(func() bool { return tries.Load() >= 2*int64(len(games)) && sweeps.Load() >= 1 })
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(round)*time.Millisecond)
		ts.Config.Shutdown(ctx)
		cancel()
		released := make(chan struct{})
		go func() {
			close(stopSweep)
			sweeper.Wait()
			s.Release()
			close(released)
		}()
		select {
		case <-released:
		case <-time.After(guard):
			t.Fatal("Release did not return")
		}
		close(stop)
		ts.CloseClientConnections()
		wg.Wait()
		ts.Close()
		t.Logf("round %d: %d moves, %d requests without an answer", round, moves.Load(), failed.Load())
		if strings.Contains(errs.String(), "panic") {
			t.Fatalf("round %d: %s", round, errs.String())
		}
		// After Release: refused, not served from a closed store.
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games", strings.NewReader(`{"seats":[{"kind":"human"}]}`)))
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("a request after Release: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
		}
	}
}

// tryMove makes the next move of playMove's player, and returns the new
// state and status, or the error of a connection lost.
func tryMove(client *http.Client, base string, c created, st stateJSON) (stateJSON, int, error) {
	path, body := "/roll", []byte(nil)
	switch {
	case len(st.Dice) > 0:
		path = "/keep"
		body, _ = json.Marshal(keepRequest{Dice: intsOf(st.Keeps[0].Dice)})
	case st.CanBank && st.TurnTotal >= 300:
		path = "/bank"
	}
	req, _ := http.NewRequest("POST", base+"/api/games/"+c.ID+path, bytes.NewReader(body))
	req.Header.Set(TokenHeader, c.Seats[0].Token)
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return st, 0, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return st, 0, err
	}
	if res.StatusCode != 200 {
		return st, res.StatusCode, nil
	}
	var next stateJSON
	if err := json.Unmarshal(data, &next); err != nil {
		return st, 0, err
	}
	return next, 200, nil
}
