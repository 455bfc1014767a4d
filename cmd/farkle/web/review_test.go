package web

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// logLines returns a Logf that keeps the lines, and a function that
// returns them joined.
func logLines() (func(string, ...any), func() string) {
	var mu sync.Mutex
	var lines []string
	return func(f string, a ...any) {
			mu.Lock()
			lines = append(lines, fmt.Sprintf(f, a...))
			mu.Unlock()
		}, func() string {
			mu.Lock()
			defer mu.Unlock()
			return strings.Join(lines, "\n")
		}
}

// A game whose records in the Store do not make a game is refused with
// internal, and said so; the other games are served.
func TestBadStoredGame(t *testing.T) {
	store := newMemStore()
	s1, ts1 := newTest(t, Config{Store: store})
	var games []created
	for range 3 {
		c := create(t, ts1.URL, KindHuman, KindThreshold)
		playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, c.State)
		games = append(games, c)
	}
	ts1.Close()
	s1.Release()
	// Game 0: a byte of its second record flipped; game 1: of its first.
	for i, rec := range []int{1, 0} {
		store.mu.Lock()
		store.games[games[i].ID][rec].Data[0] ^= 0x20 // { to [
		store.mu.Unlock()
	}
	logf, logs := logLines()
	_, ts2 := newTest(t, Config{Store: store, Logf: logf})
	for i := range 2 {
		id := games[i].ID
		call(t, nil, "GET", ts2.URL+"/api/games/"+id, "", nil).wantError(t, 500, CodeInternal)
		if !strings.Contains(logs(), id+": loading: bad stored game") {
			t.Errorf("game %d: no log of the bad game in:\n%s", i, logs())
		}
	}
	if r := call(t, nil, "GET", ts2.URL+"/api/games/"+games[2].ID, "", nil); r.status != 200 {
		t.Errorf("a good game: %d %s", r.status, r.body)
	}
}

// A rename (a join with a name) is a write, and goes through the same
// admission as a move: refused with 503 and Retry-After while the disk
// is behind; a join without a name writes nothing and is answered.
func TestRenameAdmitted(t *testing.T) {
	s, ts := newTest(t, Config{MaxPending: 8})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	tok := c.Seats[0].Token
	s.pending.Store(8) // as many writes admitted as may be
	r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", tok, joinRequest{Name: "Zed"})
	r.wantError(t, http.StatusServiceUnavailable, CodeOverloaded)
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", tok, nil); r.status != 200 {
		t.Errorf("a join without a name: %d %s", r.status, r.body)
	}
	s.pending.Store(0)
	var jr joinResponse
	call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/join", tok, joinRequest{Name: "Zed"}).decode(t, &jr)
	if jr.State.Players[0].Name != "Zed" {
		t.Errorf("renamed to %q once admitted", jr.State.Players[0].Name)
	}
	if n := s.pending.Load(); n != 0 {
		t.Errorf("%d pending after the joins", n)
	}
}

// A rename that races with the game's expiry (it found the game, which
// expired before it took the game's lock) is refused as not_found, and
// writes nothing: the removed log is not made again.
func TestRenameGone(t *testing.T) {
	dir := t.TempDir()
	s, ts := newTest(t, Config{Store: memStoreAt(dir), IdleTTL: time.Hour})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	e := held(t, s, c.ID)
	if n, _ := s.sweep(time.Now().Add(2 * time.Hour)); n != 1 {
		t.Fatalf("%d games expired", n)
	}
	writes := faults(s).writes.Load()
	e.mu.Lock()
	aerr := s.rename(e, 0, "Zed")
	e.mu.Unlock()
	if aerr == nil || aerr.code != CodeNotFound {
		t.Fatalf("rename of an expired game: %v, want %s", aerr, CodeNotFound)
	}
	if n := faults(s).writes.Load(); n != writes {
		t.Errorf("%d writes for the expired game's rename", n-writes)
	}
	if _, err := memStoreAt(dir).Load(context.Background(), c.ID, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("the removed game is back: %v", err)
	}
}

// While the scheduler's latency is above MaxCPUWait, a share of the
// moves is refused at once with 503, overloaded and Retry-After, growing
// with the excess (here 90%, the most); below it, none.
func TestCPUBackpressure(t *testing.T) {
	s, ts := newTest(t, Config{MaxCPUWait: 10 * time.Millisecond})
	s.coin = rand.New(rand.NewPCG(1, 2)).Float64 // the same refusals every run
	c := createTarget(t, ts.URL, 100_000, KindHuman, KindThreshold)
	st := c.State
	const n = 200
	refused := 0
	s.cpuHold.Store(true)
	s.cpuWait.Store(int64(time.Second))
	for range n {
		next, status := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st)
		switch status {
		case 200:
			st = next
		case 503:
			refused++
		default:
			t.Fatalf("status %d", status)
		}
	}
	r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/roll", c.Seats[0].Token, nil)
	for r.status != 503 {
		r = call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/bank", c.Seats[0].Token, nil)
	}
	r.wantError(t, 503, CodeOverloaded)
	if r.header.Get("Retry-After") == "" || !strings.Contains(string(r.body), "CPU") {
		t.Errorf("refusal %s, Retry-After %q", r.body, r.header.Get("Retry-After"))
	}
	// 90% of 200: 180, and 3 standard errors (13) either side (a check
	// of the share; the seeded coin gives the same count every run).
	if refused < 160 || refused > 195 {
		t.Errorf("%d of %d moves refused at 100 times MaxCPUWait, want about 180", refused, n)
	}
	s.cpuWait.Store(int64(5 * time.Millisecond))
	call(t, nil, "GET", ts.URL+"/api/games/"+c.ID, "", nil).decode(t, &st) // the loop above may have moved
	for range 50 {
		next, status := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st)
		if status != 200 {
			t.Fatalf("status %d below MaxCPUWait", status)
		}
		st = next
	}
}

// The scheduler's latency is measured: goroutines that keep the CPUs
// busy, more of them than CPUs, make it grow.
func TestCPUWatch(t *testing.T) {
	s, _ := newTest(t, Config{})
	h := newSchedHist()
	if counts, _ := h.read(); counts == nil {
		t.Skip("no scheduler latencies in this runtime")
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 * runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for {
				select {
				case <-stop:
					return
				default:
				}
				for i := range 100_000 {
					x += i
				}
				runtime.Gosched()
			}
		}()
	}
	// cpuWatch's figure (over its last second) grows while they run: it
	// is waited for, not read after a fixed time that a loaded machine
	// may give the watch too few ticks of.
	grew := waitFor(guard, func() bool { return s.cpuWait.Load() >= int64(10*time.Microsecond) })
	close(stop)
	wg.Wait()
	counts, buckets := h.read()
	if !grew {
		t.Errorf("cpuWatch measured %v with the CPUs busy for %v", time.Duration(s.cpuWait.Load()), guard)
	}
	if p99 := quantile(counts, buckets, 0.99); p99 < 10*time.Microsecond {
		t.Errorf("p99 %v with the CPUs busy", p99)
	}
}

// quantile reads a histogram's buckets.
func TestQuantile(t *testing.T) {
	buckets := []float64{0, 0.001, 0.01, 0.1, math.Inf(1)}
	for _, c := range []struct {
		counts []uint64
		q      float64
		want   time.Duration
	}{
		{[]uint64{0, 0, 0, 0}, 0.99, 0},
		{[]uint64{100, 0, 0, 0}, 0.99, time.Millisecond},
		{[]uint64{98, 1, 1, 0}, 0.99, 10 * time.Millisecond},
		{[]uint64{98, 1, 0, 1}, 0.99, 10 * time.Millisecond},
		{[]uint64{98, 0, 0, 2}, 0.99, 100 * time.Millisecond},
		{[]uint64{50, 50, 0, 0}, 0.5, time.Millisecond},
		{[]uint64{49, 51, 0, 0}, 0.5, 10 * time.Millisecond},
	} {
		if got := quantile(c.counts, buckets, c.q); got != c.want {
			t.Errorf("quantile(%v, %v) = %v, want %v", c.counts, c.q, got, c.want)
		}
	}
}
