package web

import (
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/farkle-go/farkle/game"
)

var loadLong = flag.Int("load.long", 0, "run TestLongGame: a game of about this many events, saved as a whole-file save of the first format, loaded, then played")

// TestLongGame measures what a long game costs: it writes a game of
// about -load.long events (played by bots offline, both seats, to a
// target of 100,000,000) as a whole-file save of the first format into a
// data directory, starts a server on it (which loads, or migrates, it),
// with MaxEvents at its largest, and reports the time of the start, of a move (the median of 20) and of
// GET /events?since=0, the file's size and the process's RSS. It is an
// experiment, not a check: it runs only with -load.long.
func TestLongGame(t *testing.T) {
	if *loadLong <= 0 {
		t.Skip("an experiment: -load.long N runs it")
	}
	dir := t.TempDir()
	id := newID()
	tok, hash := newToken()
	g, err := game.New(game.Rules{Target: 100_000_000}, []string{"Ann", "Bot"}, newSource())
	if err != nil {
		t.Fatal(err)
	}
	bot := game.ThresholdBot{BankAt: ThresholdBankAt}
	for g.NumEvents() < *loadLong || g.View().Current() != 0 {
		if err := g.PlayTurn(bot); err != nil {
			t.Fatal(err)
		}
	}
	data, err := marshalFirst(g, []seat{{Kind: KindHuman, TokenHash: hash}, {Kind: KindThreshold}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, id+".json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	n := g.NumEvents()
	data, g = nil, nil
	debug.FreeOSMemory()
	t.Logf("a game of %d events: a save of %.1f MiB", n, float64(fileSize(dir, id+".json"))/(1<<20))
	t.Logf("before the server: RSS %s", procStatus()["VmRSS"])

	t0 := time.Now()
	s, ts := newTest(t, Config{Store: memStoreAt(dir), MaxEvents: MaxMaxEvents})
	t.Logf("start-up (load) in %v; %d games; RSS %s, after GC:", time.Since(t0).Round(time.Millisecond), s.NumGames(), procStatus()["VmRSS"])
	debug.FreeOSMemory()
	t.Logf("  RSS %s", procStatus()["VmRSS"])

	var st stateJSON
	call(t, nil, "GET", ts.URL+"/api/games/"+id, tok, nil).decode(t, &st)
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
	var names []string
	if ents, err := os.ReadDir(dir); err == nil {
		for _, de := range ents {
			names = append(names, de.Name())
		}
	}
	for _, name := range names {
		t.Logf("data directory: %s, %.1f MiB", name, float64(fileSize(dir, name))/(1<<20))
	}

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

// fileSize returns the size of the file name in dir, or -1.
func fileSize(dir, name string) int64 {
	fi, err := os.Stat(filepath.Join(dir, name))
	if err != nil {
		return -1
	}
	return fi.Size()
}

// marshalFirst returns the save of g in the first format (ID.json).
func marshalFirst(g *game.Game, seats []seat) ([]byte, error) {
	gb, err := g.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return json.Marshal(saved{Version: saveVersion, Game: gb, Seats: seats})
}
