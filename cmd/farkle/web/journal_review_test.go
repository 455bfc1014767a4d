package web

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/internal/testgate"
)

// The tests of the review of the journal (findings H1, M1, M2, M4, L1,
// L2): each failed before its fix.

// A bit flipped in the length of a batch in the middle of the last
// journal file is corruption, not a torn tail: a whole batch follows it,
// although not where the corrupt length says. (Review H1: the four
// acknowledged entries after it were dropped as "never acknowledged", and
// the journal file deleted.)
func TestJournalCorruptLengthRefused(t *testing.T) {
	id := "0123456789abcdef01234567" + logExt
	for _, flip := range []struct {
		name string
		at   int // the byte of batch 1 flipped
		bit  byte
	}{
		{"length +256", 1, 0x01},
		{"length +1", 0, 0x01},
		{"length's top bit", 3, 0x80},
		{"checksum", 5, 0x10},
		{"kind", recordHead, 0x04},
	} {
		t.Run(flip.name, func(t *testing.T) {
			var data []byte
			var offs []int
			for i := range 5 {
				offs = append(offs, len(data))
				data = appendBatch(data, appendEntry(nil, jWrite, id, int64(i*10), []byte(fmt.Sprint("acknowledged-", i))))
			}
			data[offs[1]+flip.at] ^= flip.bit
			dir := t.TempDir()
			path := filepath.Join(dir, journalName(1))
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			n, torn, err := replayJournal(path, func(jEntry) error { return nil })
			if !errors.Is(err, errJournalCorrupt) || !strings.Contains(err.Error(), fmt.Sprint("offset ", offs[1])) {
				t.Errorf("replay: %d entries, %d torn bytes, %v; want %v at offset %d", n, torn, err, errJournalCorrupt, offs[1])
			}
			d, err := os.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			_, _, err = recoverJournal(dir, d, t.Logf)
			if !errors.Is(err, errJournalCorrupt) || !strings.Contains(err.Error(), journalName(1)) {
				t.Errorf("recovery: %v; want %v naming %s", err, errJournalCorrupt, journalName(1))
			}
			if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, data) {
				t.Errorf("the corrupt journal file was not kept as it was: %v", err)
			}
		})
	}
}

// corruptLog plays a game of moves moves, stops the server, applies
// damage to its log, and starts a server on it: the game must be
// refused, its log set aside whole (never cut nor removed), and the
// refusal logged.
func corruptLog(t *testing.T, moves int, damage func(data []byte) []byte) {
	t.Helper()
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
	st := c.State
	for range moves {
		st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
	}
	ts1.Close()
	s1.Release()
	path := filepath.Join(dir, c.ID+logExt)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data = damage(data)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}

	logf, logs := logLines()
	s2, ts2 := newTest(t, Config{DataDir: dir, Logf: logf})
	if n := s2.NumGames(); n != 0 {
		t.Errorf("%d games loaded from a damaged log of %d acknowledged events", n, st.NumEvents)
	}
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).wantError(t, 404, CodeNotFound)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the damaged log is still in place: %v", err)
	}
	if got, err := os.ReadFile(path + corruptExt); err != nil || !bytes.Equal(got, data) {
		t.Errorf("the damaged log was not set aside whole: %v", err)
	}
	if !strings.Contains(logs(), "corrupt log") || !strings.Contains(logs(), "set aside") {
		t.Errorf("no log of the refusal: %s", logs())
	}
}

// A bit flipped in the length of a log's header: the game is refused and
// its log set aside. (Review H1: the log was removed, as a game whose
// creation a crash cut short.)
func TestLogCorruptHeaderSetAside(t *testing.T) {
	corruptLog(t, 6, func(data []byte) []byte {
		data[len(logMagic)+2] ^= 0x01 // +64 KiB
		return data
	})
}

// A bit flipped in the length of a record in the middle of a log. (Review
// H1: the log was cut there as a torn tail, every later acknowledged move
// lost.)
func TestLogCorruptMiddleLengthSetAside(t *testing.T) {
	corruptLog(t, 8, func(data []byte) []byte {
		off := len(logMagic)
		for range 2 { // to record 2
			off += recordHead + int(binary.LittleEndian.Uint32(data[off:]))
		}
		data[off+1] ^= 0x01 // +256
		return data
	})
}

// A byte flipped in the payload of a log's last record (bit rot: the log
// was made durable by a checkpoint before the journal went). (Review H1:
// the record was cut off as "never acknowledged".)
func TestLogCorruptLastRecordSetAside(t *testing.T) {
	corruptLog(t, 6, func(data []byte) []byte {
		data[len(data)-3] ^= 0x20
		return data
	})
}

// A log of the journal's format that ends short, as a torn tail would:
// damage too, for no crash leaves one.
func TestLogShortSetAside(t *testing.T) {
	corruptLog(t, 6, func(data []byte) []byte { return data[:len(data)-5] })
	corruptLog(t, 1, func(data []byte) []byte { return data[:len(logMagic)+10] })
	corruptLog(t, 1, func(data []byte) []byte { return data[:len(logMagic)-3] })
}

// A journal file applied again after later ones (its removal failed, or
// a crash came before it) changes nothing: the entries that the logs
// hold are skipped, and no log is cut back. (Review M1: each log it
// touched was cut to the end of its entries there, losing every record
// checkpointed since, silently.)
func TestJournalStaleFileNoCut(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
	st := c.State
	for range 4 {
		st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
	}
	quiesce(t, s1)
	seqs, _ := journals(dir)
	first := filepath.Join(dir, journalName(seqs[0]))
	saved, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	// As the rotation leaves it: without the zeros written ahead.
	saved = saved[:batchesEnd(t, first)]
	s1.store.c.checkpointNow() // applies and removes it
	for range 6 {
		st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
	}
	s1.store.c.checkpointNow() // the next one, applied and removed
	path := filepath.Join(dir, c.ID+logExt)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(first, saved, 0o600) // its removal "failed"
	s1.store.c.checkpointNow()        // applies it again
	if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
		t.Errorf("a journal file applied again changed the log: %d bytes, %d before", len(after), len(before))
	}
	os.WriteFile(first, saved, 0o600)
	ts1.Close()
	s1.Release() // the clean stop's checkpoint applies it again
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Errorf("the journal file applied again is still there after the stop: %v", err)
	}

	logf, logs := logLines()
	_, ts2 := newTest(t, Config{DataDir: dir, Logf: logf})
	var now stateJSON
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).decode(t, &now)
	if now.NumEvents != st.NumEvents {
		t.Errorf("a journal file applied again after later ones: %d events, %d acknowledged; logs:\n%s", now.NumEvents, st.NumEvents, logs())
	}
}

// A journal entry past its log's end (the log lost data that a
// checkpoint had made durable: a write-back error that syncfs did not
// report, a restored backup) is never written over a hole: the game is
// refused, its log set aside, the entries kept beside it, loudly. (Review
// M2: a hole of zeros was left, and the log cut there at start-up as a
// torn tail: the recovered records dropped with the rest, silently.)
func TestJournalGapSetAside(t *testing.T) {
	dir := t.TempDir()
	s1, ts1 := newTest(t, Config{DataDir: dir})
	c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
	st := c.State
	for range 6 {
		st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
	}
	s1.store.c.checkpointNow()
	for range 4 {
		st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
	}
	quiesce(t, s1)
	crashed := copyDir(t, dir)
	loseUnsynced(t, crashed) // the log ends where the journal starts
	path := filepath.Join(crashed, c.ID+logExt)
	data, _ := os.ReadFile(path)
	off, prev := len(logMagic), 0
	for off+recordHead <= len(data) && off+recordHead+int(binary.LittleEndian.Uint32(data[off:])) <= len(data) {
		prev = off
		off += recordHead + int(binary.LittleEndian.Uint32(data[off:]))
	}
	os.Truncate(path, int64(prev)) // and lost its last checkpointed record
	lost, _ := os.ReadFile(path)

	logf, logs := logLines()
	s2, ts2 := newTest(t, Config{DataDir: crashed, Logf: logf})
	call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).wantError(t, 404, CodeNotFound)
	if n := s2.NumGames(); n != 0 {
		t.Errorf("%d games loaded from a log with a hole (%d events acknowledged)", n, st.NumEvents)
	}
	if got, err := os.ReadFile(path + corruptExt); err != nil || !bytes.Equal(got, lost) {
		t.Errorf("the log was not set aside as it was (no hole filled): %v", err)
	}
	kept, err := os.ReadFile(path + asideJournalExt)
	if err != nil {
		t.Fatalf("the journal's entries of the game were not kept: %v", err)
	}
	var entries int
	keptPath := filepath.Join(t.TempDir(), journalName(1))
	os.WriteFile(keptPath, kept, 0o600)
	if _, torn, err := replayJournal(keptPath, func(e jEntry) error {
		if e.name != c.ID+logExt {
			t.Errorf("an entry of %s kept", e.name)
		}
		entries++
		return nil
	}); err != nil || torn != 0 || entries != 4 {
		t.Errorf("%d entries kept, %d torn bytes, %v; want the 4 moves since the checkpoint", entries, torn, err)
	}
	if !strings.Contains(logs(), "ACKNOWLEDGED DATA IS MISSING") {
		t.Errorf("no loud log of the hole:\n%s", logs())
	}
}

// A journal file that cannot be removed after its checkpoint is
// reported, and removed by a later checkpoint. (Review M1: the failure
// was ignored.)
func TestJournalRemovalFailureReported(t *testing.T) {
	dir := t.TempDir()
	logf, logs := logLines()
	s, ts := newTest(t, Config{DataDir: dir, Logf: logf})
	c := createTarget(t, ts.URL, 100_000, KindHuman, KindThreshold)
	quiesce(t, s)
	seqs, _ := journals(dir)
	old := removeFile
	removeFile = func(path string) error { return errors.New("unlink fails (a test)") }
	s.store.c.checkpointNow()
	removeFile = old
	if !strings.Contains(logs(), "applied, but not removed") || !strings.Contains(logs(), journalName(seqs[0])) {
		t.Errorf("a failed removal not reported:\n%s", logs())
	}
	if _, err := os.Stat(filepath.Join(dir, journalName(seqs[0]))); err != nil {
		t.Fatalf("the journal file: %v", err)
	}
	playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State)
	s.store.c.checkpointNow()
	if _, err := os.Stat(filepath.Join(dir, journalName(seqs[0]))); !os.IsNotExist(err) {
		t.Errorf("the journal file is still there after the next checkpoint: %v", err)
	}
}

// A batch refused after a failed write does not come back at the next
// start, whether the journal could be cut back at the stop or not (then
// its end mark bounds the replay). (Review M4: the cut back was not
// fsynced, and a journal left broken kept the refused batch, which the
// next start replayed: moves answered "undone" came back.)
func TestJournalRefusedBatchNotReplayed(t *testing.T) {
	for _, cutAtStop := range []bool{true, false} {
		t.Run(fmt.Sprint("cut back at the stop ", cutAtStop), func(t *testing.T) {
			dir := t.TempDir()
			logf, logs := logLines()
			s1, ts1 := newTest(t, Config{DataDir: dir, Logf: logf})
			c := createTarget(t, ts1.URL, 100_000, KindHuman, KindThreshold)
			st := c.State
			for range 3 {
				st, _ = playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st)
			}
			quiesce(t, s1)
			s1.store.c.fail.Store(true)
			s1.store.c.failCut.Store(true)
			if _, status := playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st); status != 500 {
				t.Fatalf("a move whose fsync fails: %d, want 500", status)
			}
			s1.store.c.fail.Store(false)
			if _, status := playMove(t, nil, ts1.URL, c.ID, c.Seats[0].Token, st); status != 500 {
				t.Fatalf("a move on a broken journal: %d, want 500", status)
			}
			seqs, _ := journals(dir)
			if len(seqs) == 0 {
				t.Fatal("no journal file")
			}
			mark := filepath.Join(dir, endMarkName(seqs[len(seqs)-1]))
			if _, err := os.Stat(mark); err != nil {
				t.Fatalf("no end mark: %v; logs:\n%s", err, logs())
			}
			s1.store.c.failCut.Store(!cutAtStop)
			ts1.Close()
			s1.Release()
			if left, _ := journals(dir); cutAtStop == (len(left) > 0) {
				t.Errorf("journal files after the stop: %v", left)
			}

			s2, ts2 := newTest(t, Config{DataDir: dir, Logf: logf})
			var now stateJSON
			call(t, nil, "GET", ts2.URL+"/api/games/"+c.ID, "", nil).decode(t, &now)
			if now.NumEvents != st.NumEvents {
				t.Errorf("%d events after the restart, %d acknowledged: the refused move came back; logs:\n%s", now.NumEvents, st.NumEvents, logs())
			}
			if _, err := os.Stat(mark); !os.IsNotExist(err) && s2.store.c.jseq != seqs[len(seqs)-1] {
				t.Errorf("the end mark stays: %v", err)
			}
			if _, status := playMove(t, nil, ts2.URL, c.ID, c.Seats[0].Token, now); status != 200 {
				t.Errorf("a move after the restart: %d", status)
			}
		})
	}
}

// A write asked once the store is closed (a handler still running when
// Run's shutdown gave up waiting, and its deferred Release ran) is
// refused with errStopping, and the handler answers 503. (Review L1: a
// send on the closed channel panicked, with the game's lock held.)
func TestCommitAfterClose(t *testing.T) {
	st, err := openStore(t.TempDir(), nil, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	st.close()
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("commit after close: panic %v", r)
			}
		}()
		if err := st.c.commit(st.path("0123456789abcdef01234567"), 0, []byte(logMagic), true); !errors.Is(err, errStopping) {
			t.Errorf("commit after close: %v, want %v", err, errStopping)
		}
		if err := st.remove("0123456789abcdef01234567"); !errors.Is(err, errStopping) {
			t.Errorf("remove after close: %v, want %v", err, errStopping)
		}
	}()

	s, ts := newTest(t, Config{DataDir: t.TempDir()})
	c := createTarget(t, ts.URL, 100_000, KindHuman, KindThreshold)
	s.Release()
	r := call(t, nil, "POST", ts.URL+"/api/games/"+c.ID+"/roll", c.Seats[0].Token, nil)
	r.wantError(t, 503, CodeUnavailable)
	call(t, nil, "POST", ts.URL+"/api/games", "", createRequest{Target: 1000, Seats: []seatRequest{{Kind: KindHuman}}}).wantError(t, 503, CodeUnavailable)
}

// A write whose journal entry is larger than the reader takes (maxEntry)
// is refused before it is written: the journal never holds an entry that
// it would read back as torn. (Review L2: it was acknowledged.) An entry
// of maxEntry bytes (64 MB, seconds of writing) is written first in the
// slow step (FARKLE_SLOW=1), a small one in the plain run.
func TestCommitEntryTooLarge(t *testing.T) {
	dir := t.TempDir()
	st, err := openStore(dir, nil, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer st.close()
	st.c.rotateSize.Store(1 << 40) // one journal file
	path := st.path("0123456789abcdef01234567")
	name := filepath.Base(path)
	largest := make([]byte, maxEntry-2-len(name)-8)
	fits := largest[:1000]
	if testgate.Slow() {
		fits = largest
	}
	if err := st.c.commit(path, 0, fits, true); err != nil {
		t.Fatalf("an entry of %d bytes (at most %d): %v", 2+len(name)+8+len(fits), maxEntry, err)
	}
	seqs, _ := journals(dir)
	if len(seqs) != 1 {
		t.Fatalf("journal files %v", seqs)
	}
	jpath := filepath.Join(dir, journalName(seqs[0]))
	st.c.barrier() // after the zeros written ahead of the batch, if any
	size := batchesEnd(t, jpath)
	err = st.c.commit(path, int64(len(fits)), make([]byte, len(largest)+1), false)
	if !errors.Is(err, errEntryTooLarge) {
		t.Fatalf("an entry of maxEntry+1 bytes: %v, want %v", err, errEntryTooLarge)
	}
	st.c.barrier()
	if got := batchesEnd(t, jpath); got != size {
		t.Errorf("the journal's batches grew from %d to %d bytes with a refused entry", size, got)
	}
	n, torn, err := replayJournal(jpath, func(jEntry) error { return nil })
	if end := fileSizeOf(jpath); n != 1 || (torn != 0 && !zerosFrom(jpath, end-torn, end)) || err != nil {
		t.Errorf("the journal reads back %d entries, %d torn bytes (not the zeros written ahead), %v; want 1, 0, nil", n, torn, err)
	}
}

// batchesEnd returns where the batches of the journal file path end:
// its size, less the zeros written ahead of them (see writeDirect).
func batchesEnd(t *testing.T, path string) int64 {
	t.Helper()
	_, torn, err := replayJournal(path, func(jEntry) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	end := fileSizeOf(path)
	if torn > 0 && !zerosFrom(path, end-torn, end) {
		t.Fatalf("%s: a torn tail of %d bytes, not zeros", path, torn)
	}
	return end - torn
}

// A checkpoint that finds a log missing acknowledged data (a hole before
// its entries) sets it aside, and the game's later writes are refused
// (errLogSetAside: 500 save_failed), not journaled for a log that is
// gone.
func TestCheckpointGapRefusesWrites(t *testing.T) {
	dir := t.TempDir()
	logf, logs := logLines()
	s, ts := newTest(t, Config{DataDir: dir, Logf: logf})
	c := createTarget(t, ts.URL, 100_000, KindHuman, KindThreshold)
	st := c.State
	for range 3 {
		st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st)
	}
	s.store.c.checkpointNow()
	path := filepath.Join(dir, c.ID+logExt)
	if err := os.Truncate(path, int64(len(logMagic))); err != nil { // lost data
		t.Fatal(err)
	}
	st, _ = playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st)
	s.store.c.checkpointNow()
	if _, err := os.Stat(path + corruptExt); err != nil {
		t.Fatalf("the log was not set aside: %v; logs:\n%s", err, logs())
	}
	if _, status := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, st); status != 500 {
		t.Errorf("a move on a game whose log was set aside: %d, want 500", status)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a log made again for the game set aside: %v", err)
	}
	if !strings.Contains(logs(), errLogSetAside.Error()) {
		t.Errorf("the refusal not logged:\n%s", logs())
	}
}
