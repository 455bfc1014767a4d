package server

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
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

// A bad record in the middle of a log, good ones after it, is not a
// crash's torn tail: the game is refused, its log kept whole and set
// aside (never cut, never removed), and said so; the other games load.
func TestCorruptMiddle(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	var games []created
	for range 3 {
		c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
		st := c.State
		for range 6 {
			st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
		}
		games = append(games, c)
	}
	ts1.Close()
	s1.Release()

	// Game 0: a byte of its third record's payload flipped; game 1: a
	// byte of its header's. Records follow both.
	damage := func(i, record int) []byte {
		path := filepath.Join(dir, games[i].ID+logExt)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		off := len(logMagic)
		for range record {
			off += recordHead + int(uint32(data[off])|uint32(data[off+1])<<8|uint32(data[off+2])<<16|uint32(data[off+3])<<24)
		}
		data[off+recordHead+3] ^= 0x20
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return data
	}
	want := [][]byte{damage(0, 2), damage(1, 0)}

	logf, logs := logLines()
	s2, ts2 := newTest(t, Config{DataDir: dir, Logf: logf})
	if n := s2.NumGames(); n != 1 {
		t.Fatalf("%d games loaded, want 1; logs:\n%s", n, logs())
	}
	for i, data := range want {
		id := games[i].ID
		call(t, nil, "GET", ts2.URL+"/api/games/"+id, "", nil).wantError(t, 404, CodeNotFound)
		if _, err := os.Stat(filepath.Join(dir, id+logExt)); !os.IsNotExist(err) {
			t.Errorf("game %d: the corrupt log is still in the way", i)
		}
		got, err := os.ReadFile(filepath.Join(dir, id+logExt+corruptExt))
		if err != nil {
			t.Fatalf("game %d: not set aside: %v", i, err)
		}
		if !bytes.Equal(got, data) {
			t.Errorf("game %d: the log set aside has %d bytes, %d were there", i, len(got), len(data))
		}
		if !strings.Contains(logs(), id+logExt+": corrupt log: a bad record") {
			t.Errorf("game %d: no log of the corruption in:\n%s", i, logs())
		}
	}
	call(t, nil, "GET", ts2.URL+"/api/games/"+games[2].ID, "", nil)
	ts2.Close()
	s2.Release()
	// The next start-up leaves the files set aside alone.
	s3, _ := newTest(t, Config{DataDir: dir})
	if n := s3.NumGames(); n != 1 {
		t.Fatalf("%d games loaded at the next start, want 1", n)
	}
	for i := range want {
		if _, err := os.Stat(filepath.Join(dir, games[i].ID+logExt+corruptExt)); err != nil {
			t.Errorf("game %d: %v", i, err)
		}
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
	s, ts := newTest(t, Config{DataDir: dir, IdleTTL: time.Hour})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	e := s.lookup(c.ID)
	if n := s.sweep(time.Now().Add(2 * time.Hour)); n != 1 {
		t.Fatalf("%d games expired", n)
	}
	batches := s.store.c.batches.Load()
	e.mu.Lock()
	aerr := s.rename(e, 0, "Zed")
	e.mu.Unlock()
	if aerr == nil || aerr.code != CodeNotFound {
		t.Fatalf("rename of an expired game: %v, want %s", aerr, CodeNotFound)
	}
	if n := s.store.c.batches.Load(); n != batches {
		t.Errorf("%d batches written for the expired game's rename", n-batches)
	}
	if _, err := os.Stat(filepath.Join(dir, c.ID+logExt)); !os.IsNotExist(err) {
		t.Errorf("the removed log is back: %v", err)
	}
}
