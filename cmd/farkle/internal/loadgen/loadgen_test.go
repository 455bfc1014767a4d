package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
)

// The schedule: every move of a run is due once, in one game, round the
// games; the moves are 1/rate apart, a run of d at rate making rate*d.
func TestSchedule(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		rate  float64
		d     time.Duration
		games int
		total int
	}{
		{500, 20 * time.Second, 2000, 10_000},
		{6000, 20 * time.Second, 2000, 120_000},
		{3, 2 * time.Second, 4, 6},
		{0.5, 3 * time.Second, 2, 1},
		{7, 100 * time.Millisecond, 5, 0},
	} {
		total := numMoves(tc.rate, tc.d)
		if total != tc.total {
			t.Errorf("rate %v for %v: %d moves, want %d", tc.rate, tc.d, total, tc.total)
		}
		seen := make([]int, total)
		for g := range tc.games {
			prev := -1
			gameMoves(g, tc.games, total, func(k int) bool {
				if k%tc.games != g || k <= prev {
					t.Fatalf("game %d of %d: move %d after %d", g, tc.games, k, prev)
				}
				prev = k
				seen[k]++
				return true
			})
		}
		for k, n := range seen {
			if n != 1 {
				t.Fatalf("rate %v: move %d made %d times", tc.rate, k, n)
			}
		}
		for k := 1; k < total; k++ {
			gap := due(start, tc.rate, k).Sub(due(start, tc.rate, k-1))
			if want := time.Duration(float64(time.Second) / tc.rate); gap < want-time.Nanosecond || gap > want+time.Nanosecond {
				t.Fatalf("rate %v: moves %d and %d %v apart, want %v", tc.rate, k-1, k, gap, want)
			}
		}
		if total > 0 && due(start, tc.rate, total-1).After(start.Add(tc.d)) {
			t.Errorf("rate %v: the last move due after the run", tc.rate)
		}
	}
	// A game's moves stop when f says so.
	n := 0
	gameMoves(0, 1, 10, func(int) bool { n++; return n < 3 })
	if n != 3 {
		t.Errorf("%d calls after a stop at the third, want 3", n)
	}
}

// Percentiles by the nearest rank, checked against counting.
func TestPercentile(t *testing.T) {
	if got := percentile(nil, 0.99); got != 0 {
		t.Errorf("no durations: %v", got)
	}
	var ds []time.Duration
	for i := 1; i <= 1000; i++ {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 500 * time.Millisecond}, {0.99, 990 * time.Millisecond}, {0.999, 999 * time.Millisecond}, {1, time.Second}, {0.0001, time.Millisecond}} {
		got := percentile(ds, tc.q)
		if got != tc.want {
			t.Errorf("q %v: %v, want %v", tc.q, got, tc.want)
		}
		// The definition: the smallest d with at least a share q of the
		// durations at most d.
		atMost := 0
		for _, d := range ds {
			if d <= got {
				atMost++
			}
		}
		if float64(atMost) < tc.q*float64(len(ds)) || (atMost > 1 && float64(atMost-1) >= tc.q*float64(len(ds))) {
			t.Errorf("q %v: %v has %d of %d at most it", tc.q, got, atMost, len(ds))
		}
	}
	one := []time.Duration{7}
	for _, q := range []float64{0.001, 0.5, 1} {
		if got := percentile(one, q); got != 7 {
			t.Errorf("one duration, q %v: %v", q, got)
		}
	}
}

// The lost-move check: a game whose state has fewer events than its last
// acknowledgement lost moves; one with more, every move answered, made a
// move it did not acknowledge; one with more after a move without an
// answer is fine.
func TestCheckLost(t *testing.T) {
	acked := []int{10, 10, 10, 10, 0}
	final := []int{10, 9, 12, 12, 0}
	sure := []bool{true, true, true, false, true}
	lost, extra := checkLost(acked, final, sure)
	if len(lost) != 1 || lost[0] != (lostMove{game: 1, acked: 10, final: 9}) {
		t.Errorf("lost %+v, want game 1 (10, 9)", lost)
	}
	if !slices.Equal(extra, []int{2}) {
		t.Errorf("extra %v, want [2]", extra)
	}
	if lost, extra := checkLost([]int{3}, []int{3}, []bool{true}); lost != nil || extra != nil {
		t.Errorf("a game in order: lost %v, extra %v", lost, extra)
	}
}

func TestFlags(t *testing.T) {
	var stderr bytes.Buffer
	for _, args := range [][]string{
		{},
		{"-addr", "http://x", "-serve", "farkle"},
		{"-addr", "http://x", "-rates", "500,x"},
		{"-addr", "http://x", "-rates", "0"},
		{"-addr", "http://x", "-streams", "3", "-games", "2"},
		{"-addr", "http://x", "-duration", "0s"},
		{"-addr", "http://x", "extra"},
	} {
		if _, err := parseFlags(args, &stderr); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	c, err := parseFlags([]string{"-addr", "http://127.0.0.1:8080/", "-rates", "500, 2000", "-duration", "3s"}, &stderr)
	if err != nil || c.addr != "http://127.0.0.1:8080" || !slices.Equal(c.rates, []float64{500, 2000}) || c.duration != 3*time.Second || c.games != 2000 || c.streams != 1000 {
		t.Errorf("%+v, %v", c, err)
	}
}

// gameAddr gives each game its own loopback address.
func TestGameAddr(t *testing.T) {
	seen := map[string]bool{}
	for i := range 200_000 {
		ip := gameAddr(i)
		if !ip.IsLoopback() || ip[15] == 0 || ip[15] == 255 || seen[ip.String()] {
			t.Fatalf("game %d: address %v", i, ip)
		}
		seen[ip.String()] = true
	}
}

// A short run against the server in this process: every move made
// (none refused at so small a load, with the server's shedding off), its
// streams read, none lost. It checks what loadgen does, not the figures.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games for a second")
	}
	st, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := web.New(web.Config{Store: st, MaxCPUWait: -1, MaxQueueWait: time.Hour, Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
		s.Release()
	})
	var out bytes.Buffer
	c := config{addr: ts.URL, rates: []float64{60, 120}, duration: 500 * time.Millisecond, games: 20, streams: 5, timeout: time.Minute, warmup: 100 * time.Millisecond}
	rep, err := run(context.Background(), c, &out)
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatal(err)
	}
	if rep.failed != 0 || rep.lost != 0 || rep.extra != 0 {
		t.Errorf("%+v", rep)
	}
	for _, want := range []string{header, "5 event streams open", "lost moves: 0 games of 20"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in the output", want)
		}
	}
	if n := strings.Count(out.String(), "\n"); n < 8 {
		t.Errorf("%d lines", n)
	}
}

// Several servers: each game is played on one and read from the next.
func TestSeveralServers(t *testing.T) {
	var stderr bytes.Buffer
	c, err := parseFlags([]string{"-addr", "http://a:1/, http://b:2"}, &stderr)
	if err != nil || c.addr != "http://a:1,http://b:2" {
		t.Fatalf("parseFlags: %q, %v", c.addr, err)
	}
	for i, want := range [][2]string{{"http://a:1", "http://b:2"}, {"http://b:2", "http://a:1"}, {"http://a:1", "http://b:2"}} {
		if p := newPlayer(c, i); p.base != want[0] || p.other != want[1] {
			t.Errorf("game %d: played on %s, read from %s; want %v", i, p.base, p.other, want)
		}
	}
	c.addr = "http://one"
	if p := newPlayer(c, 1); p.base != "http://one" || p.other != "http://one" {
		t.Errorf("one server: played on %s, read from %s", p.base, p.other)
	}
}
