package web

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// playGames plays n moves on each of the games at once, and returns the
// number of events that each game had at its last acknowledged move.
func playGames(t *testing.T, base string, games []created, n int) []int {
	t.Helper()
	acked := make([]int, len(games))
	var wg sync.WaitGroup
	for i, c := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st stateJSON
			call(t, nil, "GET", base+"/api/games/"+c.ID, "", nil).decode(t, &st)
			for range n {
				next, status := playMove(t, nil, base, c.ID, c.Seats[0].Token, st)
				if status != 200 {
					t.Errorf("game %d: move %d", i, status)
					return
				}
				st = next
			}
			acked[i] = st.NumEvents
		}()
	}
	wg.Wait()
	return acked
}

// quiesce waits until s's committer has answered every write and its
// checkpointer is idle: the data directory is as a crash would find it.
func quiesce(t *testing.T, s *Server) {
	t.Helper()
	s.store.c.barrier()
	s.store.c.barrier() // after the rotation that followed the first
	until(func() bool { return !s.store.c.busy.Load() })
}

// copyDir copies the files of src into a new directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	copyFiles(t, src, dst)
	return dst
}

// loseUnsynced makes dir as a crash may leave it: every log written
// since the last checkpoint loses what the journal holds of it (the
// page cache's writes that the disk never saw), a made log vanishes, and
// some get garbage at the end. It returns the number of logs cut.
func loseUnsynced(t *testing.T, dir string) int {
	t.Helper()
	seqs, err := journals(dir)
	if err != nil {
		t.Fatal(err)
	}
	from := make(map[string]int64) // each log's first offset in the journal
	for _, seq := range seqs {
		_, _, err := replayJournal(filepath.Join(dir, journalName(seq)), func(e jEntry) error {
			if off, ok := from[e.name]; !ok || e.off < off {
				from[e.name] = e.off
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	for name, off := range from {
		path := filepath.Join(dir, name)
		if off == 0 {
			os.Remove(path)
			continue
		}
		if err := os.Truncate(path, off); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if i%2 == 0 {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err == nil {
				f.Write([]byte(strings.Repeat("\xab", 37)))
				f.Close()
			}
		}
		i++
	}
	return len(from)
}

// eventsBody returns the answer of a game's first page of events.
func eventsBody(t *testing.T, base, id string) string {
	t.Helper()
	r := call(t, nil, "GET", base+"/api/games/"+id+"/events?limit=2000", "", nil)
	if r.status != 200 {
		t.Fatalf("game %s: events %d %s", id, r.status, r.body)
	}
	return string(r.body)
}

// A crash loses no acknowledged move: the logs that lost every write
// since the last checkpoint (and the games made since, whole) are
// brought back from the journal at start-up, whose files rotate and are
// checkpointed on the way; a torn record at the journal's end is
// ignored.
func TestJournalRecovery(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	s1.store.c.rotateSize.Store(8 << 10) // checkpoints as the moves go
	var games []created
	for range 6 {
		games = append(games, createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold))
	}
	playGames(t, ts1.URL, games, 40)
	// Games made and played after the last checkpoint too.
	for range 2 {
		games = append(games, createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold))
	}
	s1.store.c.rotateSize.Store(1 << 30)
	quiesce(t, s1)
	playGames(t, ts1.URL, games, 5)
	quiesce(t, s1)
	if n := s1.store.c.checkpoints.Load(); n < 2 {
		t.Fatalf("%d checkpoints, want some", n)
	}

	crashed := copyDir(t, dir)
	cut := loseUnsynced(t, crashed)
	if cut < len(games) {
		t.Fatalf("the journal covers %d logs, want every game's (%d)", cut, len(games))
	}
	// A torn record at the end of the last journal file.
	seqs, _ := journals(crashed)
	last := filepath.Join(crashed, journalName(seqs[len(seqs)-1]))
	rec := appendBatch(nil, appendEntry(nil, jWrite, games[0].ID+logExt, 1<<20, []byte("never acknowledged")))
	f, err := os.OpenFile(last, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(rec[:len(rec)-5])
	f.Close()

	logf, logs := logLines()
	s2, ts2 := newTest(t, Config{DataDir: crashed, Logf: logf})
	if n := s2.NumGames(); n != len(games) {
		t.Fatalf("%d games after the crash, want %d; logs:\n%s", n, len(games), logs())
	}
	for i, c := range games {
		if want, got := eventsBody(t, ts1.URL, c.ID), eventsBody(t, ts2.URL, c.ID); got != want {
			t.Errorf("game %d: after the crash the events differ", i)
		}
	}
	for _, want := range []string{"replayed", "a torn record at its end"} {
		if !strings.Contains(logs(), want) {
			t.Errorf("no log of %q in:\n%s", want, logs())
		}
	}
	if seqs, _ := journals(crashed); len(seqs) != 1 {
		t.Errorf("journal files after the recovery: %v, want the new one", seqs)
	}
	// The games play on, and a clean stop leaves no journal.
	playGames(t, ts2.URL, games[:2], 3)
	ts2.Close()
	s2.Release()
	if seqs, _ := journals(crashed); len(seqs) != 0 {
		t.Errorf("journal files after a clean stop: %v", seqs)
	}
	s3, ts3 := newTest(t, Config{DataDir: crashed})
	if n := s3.NumGames(); n != len(games) {
		t.Fatalf("%d games after the clean stop, want %d", n, len(games))
	}
	for i, c := range games[2:] {
		if want, got := eventsBody(t, ts1.URL, c.ID), eventsBody(t, ts3.URL, c.ID); got != want {
			t.Errorf("game %d: after the clean stop the events differ", i+2)
		}
	}
}

// A bad record in the middle of a journal file (good ones after it) is
// corruption: the server refuses to start rather than lose acknowledged
// moves, and leaves the files as they are.
func TestJournalCorrupt(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
	playGames(t, ts1.URL, []created{c}, 5)
	quiesce(t, s1)
	crashed := copyDir(t, dir)
	seqs, _ := journals(crashed)
	path := filepath.Join(crashed, journalName(seqs[0]))
	data, _ := os.ReadFile(path)
	data[recordHead+40] ^= 1 // in the first entry, the creation
	os.WriteFile(path, data, 0o600)
	_, err := New(Config{DataDir: crashed, Logf: t.Logf})
	if !errors.Is(err, errJournalCorrupt) {
		t.Fatalf("New: %v, want %v", err, errJournalCorrupt)
	}
	t.Log(err)
	if got, _ := os.ReadFile(path); string(got) != string(data) {
		t.Error("the corrupt journal was changed")
	}
}

// A write that fails (the journal's fsync, here) refuses the moves and
// new games of its batch with save_failed and undoes them, in memory, in
// the logs and in the journal; later moves are made on the last good
// state, not on top of a hole, and a restart finds exactly the
// acknowledged moves.
func TestJournalFailure(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
	tok := c.Seats[0].Token
	st := c.State
	for range 4 {
		st, _ = playMove(t, nil, ts1.URL, c.ID, tok, st)
	}
	s1.store.c.checkpointNow()
	logSize := fileSize(dir, c.ID+logExt)
	jsize := s1.store.c.jsize
	ents, _ := os.ReadDir(dir)

	s1.store.c.fail.Store(true)
	for range 3 {
		_, status := playMove(t, nil, ts1.URL, c.ID, tok, st)
		if status != 500 {
			t.Fatalf("a move whose save failed: %d", status)
		}
		var now stateJSON
		call(t, nil, "GET", ts1.URL+"/api/games/"+c.ID, "", nil).decode(t, &now)
		if now.NumEvents != st.NumEvents {
			t.Fatalf("the unsaved move is in the game: %d events, want %d", now.NumEvents, st.NumEvents)
		}
	}
	r := call(t, nil, "POST", ts1.URL+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman}}})
	r.wantError(t, 500, CodeSaveFailed)
	s1.store.c.checkpointNow()
	if got := fileSize(dir, c.ID+logExt); got != logSize {
		t.Errorf("the log has %d bytes after the failed writes, %d before", got, logSize)
	}
	if got := s1.store.c.jsize; got != jsize {
		t.Errorf("the journal has %d bytes after the failed writes, %d before", got, jsize)
	}
	if got, _ := os.ReadDir(dir); len(got) != len(ents) {
		t.Errorf("%d files after the failed create, %d before", len(got), len(ents))
	}

	s1.store.c.fail.Store(false)
	for range 3 {
		var status int
		if st, status = playMove(t, nil, ts1.URL, c.ID, tok, st); status != 200 {
			t.Fatalf("a move once writes work again: %d", status)
		}
	}
	want := eventsBody(t, ts1.URL, c.ID)
	quiesce(t, s1)
	crashed := copyDir(t, dir)
	loseUnsynced(t, crashed)
	_, ts2 := newTest(t, Config{DataDir: crashed})
	if got := eventsBody(t, ts2.URL, c.ID); got != want {
		t.Errorf("after a crash the events differ:\n got %s\nwant %s", got, want)
	}
}

// The journal's entries decode as they were encoded, and bad ones are
// refused.
func TestJournalEntry(t *testing.T) {
	id := "0123456789abcdef01234567" + logExt
	for _, want := range []jEntry{
		{jCreate, id, 0, []byte("head")},
		{jWrite, id, 12345, []byte{0, 1, 2}},
		{jRemove, id, 0, []byte{}},
	} {
		b := appendEntry(nil, want.kind, want.name, want.off, want.data)
		got, err := parseEntry(b[recordHead:])
		if err != nil || got.kind != want.kind || got.name != want.name || got.off != want.off || string(got.data) != string(want.data) {
			t.Errorf("%+v: decoded %+v, %v", want, got, err)
		}
	}
	for _, bad := range [][]byte{
		{},
		{jWrite},
		{9, 0},
		appendEntry(nil, jWrite, "../etc/passwd", 0, nil)[recordHead:],
		appendEntry(nil, jRemove, id, 0, []byte("x"))[recordHead:],
		appendEntry(nil, jWrite, id, 1<<50, nil)[recordHead:],
	} {
		if _, err := parseEntry(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}

// The journal's torn tails, as a crash leaves them, are told from
// corruption.
func TestJournalTorn(t *testing.T) {
	id := "0123456789abcdef01234567" + logExt
	var good []byte
	for i := range 3 {
		good = appendBatch(good, appendEntry(nil, jWrite, id, int64(i*10), []byte(fmt.Sprint("data", i))))
	}
	one := appendBatch(nil, appendEntry(nil, jWrite, id, 30, []byte("the last")))
	// A batch of two entries torn in its middle: its first entry's bytes
	// lost (zeros), its second whole, as a crash may leave its pages.
	two := appendBatch(nil, append(appendEntry(nil, jWrite, id, 30, []byte("lost")), appendEntry(nil, jWrite, id, 34, []byte("whole"))...))
	clear(two[batchHeadSize : batchHeadSize+recordHead+4])
	bad := append([]byte(nil), one...)
	bad[len(bad)-1] ^= 1
	for _, c := range []struct {
		name    string
		tail    []byte
		entries int
		corrupt bool
	}{
		{"clean", nil, 3, false},
		{"short head", one[:5], 3, false},
		{"short payload", one[:len(one)-2], 3, false},
		{"bad checksum, last", bad, 3, false},
		{"zeros", make([]byte, 64), 3, false},
		{"a torn batch, whole entries in it", two, 3, false},
		{"a torn batch's head, whole entries after it", two[4:], 3, false},
		{"bad checksum, a good record after", append(append([]byte(nil), bad...), one...), 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), journalName(1))
			os.WriteFile(path, append(append([]byte(nil), good...), c.tail...), 0o600)
			n, torn, err := replayJournal(path, func(jEntry) error { return nil })
			if c.corrupt {
				if !errors.Is(err, errJournalCorrupt) {
					t.Fatalf("err %v, want %v", err, errJournalCorrupt)
				}
				return
			}
			if err != nil || n != c.entries || torn != int64(len(c.tail)) {
				t.Fatalf("%d entries, %d torn bytes, %v; want %d, %d", n, torn, err, c.entries, len(c.tail))
			}
		})
	}
}

// A journal file of many small batches, as a server under load writes
// it, replays with garbage that does not grow with its batches: a
// reader a batch (4 KiB each) had made a checkpoint's garbage a GC
// cycle's worth every fifth of a second under load.
func TestJournalReplayGarbage(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	const batches = 4000
	var file []byte
	for i := range batches {
		name := fmt.Sprintf("%024x.log", i%50)
		file = appendBatch(file, appendEntry(nil, jWrite, name, int64(i/50)*10, []byte("0123456789")))
	}
	path := filepath.Join(t.TempDir(), journalName(1))
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	n := 0
	apply := func(e jEntry) error {
		if e.kind != jWrite || string(e.data) != "0123456789" {
			return fmt.Errorf("entry %d: %+v", n, e)
		}
		n++
		return nil
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, torn, err := replayJournal(path, apply); err != nil || torn != 0 {
		t.Fatalf("replay: torn %d, %v", torn, err)
	}
	runtime.ReadMemStats(&after)
	if n != batches {
		t.Fatalf("%d entries replayed, want %d", n, batches)
	}
	// The file's reader (1 MiB), and the entries' names (40 bytes).
	if got, bound := after.TotalAlloc-before.TotalAlloc, uint64(1<<20+8<<10+batches*64); got > bound {
		t.Errorf("replaying %d batches allocated %d bytes, want at most %d", batches, got, bound)
	}
}

// A pacer rests once its work has taken pacerWork, for pacerRest, and
// counts the work from the rest; a nil one, the recovery's, never does.
// The pacer's clock and rests are the test's.
func TestPacer(t *testing.T) {
	var none *pacer
	for range 1000 {
		none.step() // no clock to rest by: returns
	}
	clock := time.Unix(0, 0)
	var slept []time.Duration
	p := &pacer{
		last:  clock,
		now:   func() time.Time { return clock },
		sleep: func(d time.Duration) { slept = append(slept, d); clock = clock.Add(d) },
	}
	p.step()
	clock = clock.Add(pacerWork - 1)
	p.step()
	if p.rests != 0 || len(slept) != 0 {
		t.Errorf("%d rests (%v) before %v of work", p.rests, slept, pacerWork)
	}
	clock = clock.Add(1)
	p.step()
	if p.rests != 1 || len(slept) != 1 || slept[0] != pacerRest {
		t.Errorf("after %v of work: %d rests, slept %v; want 1 of %v", pacerWork, p.rests, slept, pacerRest)
	}
	if !p.last.Equal(clock) {
		t.Errorf("the work is counted from %v, not from the rest's end %v", p.last, clock)
	}
	p.step()
	if p.rests != 1 {
		t.Errorf("%d rests right after a rest, want 1", p.rests)
	}
	if q := newPacer(); q.now == nil || q.sleep == nil || q.rests != 0 {
		t.Errorf("newPacer: %+v", q)
	}
}
