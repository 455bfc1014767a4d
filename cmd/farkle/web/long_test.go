package web

import (
	"context"
	"flag"
	"io"
	"net/http"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/farkle-go/farkle/game"
)

var loadLong = flag.Int("load.long", 0, "run TestLongGame: a game of about this many events, stored, read, then played")

// TestLongGame measures what a long game costs: it stores a game of
// about -load.long events (played by bots offline, both seats, to a
// target of 100,000,000) as one record, starts a server on the store
// with MaxEvents at its largest, and reports the time of the start, of
// the game's first read, of a move (the median of 20) and of
// GET /events?since=0, the record's size and the process's RSS. It is an
// experiment, not a check: it runs only with -load.long.
func TestLongGame(t *testing.T) {
	if *loadLong <= 0 {
		t.Skip("an experiment: -load.long N runs it")
	}
	id := newID()
	tok, hash := newToken()
	src := newSource()
	g, err := game.New(game.Rules{Target: 100_000_000}, []string{"Ann", "Bot"}, src)
	if err != nil {
		t.Fatal(err)
	}
	bot := game.ThresholdBot{BankAt: ThresholdBankAt}
	for g.NumEvents() < *loadLong || g.View().Current() != 0 {
		if err := g.PlayTurn(bot); err != nil {
			t.Fatal(err)
		}
	}
	// Stored as a new game is: one record.
	e := &entry{id: id, g: g, seats: []seat{{Kind: KindHuman, TokenHash: hash}, {Kind: KindThreshold}}, src: src}
	data, _, err := e.record(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	store := newMemStore()
	if err := store.Create(context.Background(), id, Record{Data: data, At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	n := g.NumEvents()
	t.Logf("a game of %d events: a record of %.1f MiB", n, float64(len(data))/(1<<20))
	data, g, e = nil, nil, nil
	debug.FreeOSMemory()
	t.Logf("before the server: RSS %s", procStatus()["VmRSS"])

	t0 := time.Now()
	s, ts := newTest(t, Config{Store: store, MaxEvents: MaxMaxEvents})
	t.Logf("start-up in %v; %d games; RSS %s, after GC:", time.Since(t0).Round(time.Millisecond), s.NumGames(), procStatus()["VmRSS"])
	debug.FreeOSMemory()
	t.Logf("  RSS %s", procStatus()["VmRSS"])

	var st stateJSON
	t0 = time.Now()
	call(t, nil, "GET", ts.URL+"/api/games/"+id, tok, nil).decode(t, &st)
	t.Logf("the game read on first use in %v; RSS %s", time.Since(t0).Round(time.Millisecond), procStatus()["VmRSS"])
	var lat []time.Duration
	for range 20 {
		t0 := time.Now()
		next, status := playMove(t, nil, ts.URL, id, tok, st)
		lat = append(lat, time.Since(t0))
		if status != http.StatusOK {
			t.Logf("move: status %d", status)
			break
		}
		st = next
	}
	slices.Sort(lat)
	t.Logf("a move: median %v, max %v; RSS %s", lat[len(lat)/2], lat[len(lat)-1], procStatus()["VmRSS"])
	t0 = time.Now()
	res, err := http.Get(ts.URL + "/api/games/" + id + "/events?since=0")
	if err != nil {
		t.Fatal(err)
	}
	nb, _ := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	t.Logf("GET /events?since=0: status %d, %.1f MiB in %v; RSS %s (peak %s)", res.StatusCode, float64(nb)/(1<<20),
		time.Since(t0).Round(time.Millisecond), procStatus()["VmRSS"], procStatus()["VmHWM"])
}
