package web

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// directStore opens a store in a temporary directory and reports whether
// its journal takes direct writes there.
func directStore(t *testing.T) (st *store, dir string) {
	t.Helper()
	dir = t.TempDir()
	st, err := openStore(dir, nil, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	return st, dir
}

// Property: whatever the sizes of the writes, the journal's rotations and
// the writes that fail, a game's log holds exactly the writes acknowledged,
// in order, after a clean stop; and after a crash at any point of the
// committer's work (the data directory copied as it is then, zeros and
// all, and opened again), the writes acknowledged and at most the one in
// flight. With direct writes and through the page cache.
func TestJournalWritesReadBack(t *testing.T) {
	for _, mode := range []struct {
		name     string
		noDirect bool
	}{{"direct", false}, {"page cache", true}} {
		t.Run(mode.name, func(t *testing.T) {
			noDirect = mode.noDirect
			defer func() { noDirect = false }()
			probe, _ := directStore(t)
			direct := probe.c.direct
			probe.close()
			if direct == mode.noDirect {
				t.Skipf("direct writes %v here", direct)
			}
			size := readBackSizes()
			rapidChecks(t, size.checks)
			rapid.Check(t, func(rt *rapid.T) { journalReadsBack(rt, t, size) })
		})
	}
}

// The sizes of TestJournalWritesReadBack: checks cases (rapid's checks,
// unless -rapid.checks or RAPID_CHECKS says), each of at most writes
// writes of at most write bytes each, the journal rotated within rotate
// bytes, and a crash at one of the committer's first crash hook calls
// (about three a write). Each case opens, crashes and opens again a
// store, fsyncs every write and writes a megabyte of zeros ahead in each
// journal file: the disk's time, seconds for 100 cases on a busy disk.
type readBackSize struct {
	checks, writes, write int
	rotate                int64
	crash                 int
}

// readBackSizes returns the sizes of the cases: small ones in the plain
// run, with as many rotations and crash points a write, the large ones in
// the slow step (FARKLE_SLOW=1).
func readBackSizes() readBackSize {
	if testgate.Slow() {
		return readBackSize{checks: 100, writes: 30, write: 150_000, rotate: 3 << 20, crash: 80}
	}
	return readBackSize{checks: 25, writes: 10, write: 16_000, rotate: 100_000, crash: 27}
}

// rapidChecks sets rapid's number of checks to n for the rest of t,
// unless -rapid.checks or RAPID_CHECKS sets it.
func rapidChecks(t *testing.T, n int) {
	f := flag.Lookup("rapid.checks")
	if f == nil || os.Getenv("RAPID_CHECKS") != "" {
		return
	}
	set := false
	flag.Visit(func(g *flag.Flag) { set = set || g == f })
	if set {
		return
	}
	old := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(n)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

func journalReadsBack(rt *rapid.T, t *testing.T, size readBackSize) {
	dir, err := os.MkdirTemp(t.TempDir(), "")
	if err != nil {
		rt.Fatal(err)
	}
	st, err := openStore(dir, nil, func(string, ...any) {})
	if err != nil {
		rt.Fatal(err)
	}
	st.c.rotateSize.Store(rapid.Int64Range(1, size.rotate).Draw(rt, "rotate"))
	path := st.path("0123456789abcdef01234567")

	// The crash: the data directory copied at the crashAt'th call of the
	// committer's hook, once the checkpointer is idle (a checkpoint's
	// files, copied one by one while it works, are no crash's). mu
	// guards want and pending, which the hook reads after a batch's
	// answers (writing ahead, a rotation).
	crashAt := rapid.IntRange(1, size.crash).Draw(rt, "crash at")
	var (
		mu            sync.Mutex
		want, pending []byte
		calls         int
		crashed       string
		crashPoint    string
		crashWant     [2][]byte
	)
	st.c.hook = func(point string) {
		if calls++; calls != crashAt {
			return
		}
		for st.c.busy.Load() {
			time.Sleep(time.Millisecond)
		}
		var err error
		if crashed, err = os.MkdirTemp(t.TempDir(), ""); err != nil {
			rt.Fatal(err)
		}
		copyFiles(rt, dir, crashed)
		mu.Lock()
		crashPoint = point
		crashWant = [2][]byte{bytes.Clone(want), append(bytes.Clone(want), pending...)}
		mu.Unlock()
	}
	for i := range rapid.IntRange(1, size.writes).Draw(rt, "writes") {
		data := bytes.Repeat([]byte{byte(i + 1)}, rapid.IntRange(1, size.write).Draw(rt, "size"))
		fail := rapid.IntRange(0, 9).Draw(rt, "fail") == 0
		mu.Lock()
		pending = data
		off := len(want)
		mu.Unlock()
		st.c.fail.Store(fail)
		err := st.c.commit(path, int64(off), data, off == 0)
		st.c.fail.Store(false)
		switch {
		case fail && err == nil:
			rt.Fatalf("write %d: acknowledged, though its write failed", i)
		case !fail && err != nil:
			rt.Fatalf("write %d: %v", i, err)
		}
		mu.Lock()
		if err == nil {
			want = append(want, data...)
		}
		pending = nil
		mu.Unlock()
	}
	st.c.barrier()
	st.close()
	checkLog(rt, "after a clean stop", path, want)
	if crashed == "" {
		return
	}
	logf, logs := logLines()
	again, err := openStore(crashed, nil, logf)
	if err != nil {
		rt.Fatalf("after a crash at %q: %v", crashPoint, err)
	}
	again.close()
	got, _ := os.ReadFile(filepath.Join(crashed, filepath.Base(path)))
	if !bytes.Equal(got, crashWant[0]) && !bytes.Equal(got, crashWant[1]) {
		rt.Fatalf("after a crash at %q: the log differs from the writes acknowledged (%d bytes, want %d or %d with the write in flight) (-want +got runs):\n%s\nlogs:\n%s",
			crashPoint, len(got), len(crashWant[0]), len(crashWant[1]), cmp.Diff(runs(crashWant[1]), runs(got)), logs())
	}
}

// copyFiles copies the files of from into to.
func copyFiles(t rapid.TB, from, to string) {
	t.Helper()
	des, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range des {
		b, err := os.ReadFile(filepath.Join(from, de.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, de.Name()), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// checkLog checks that the log path holds want.
func checkLog(t rapid.TB, when, path string, want []byte) {
	got, err := os.ReadFile(path)
	if err != nil && !(len(want) == 0 && errors.Is(err, os.ErrNotExist)) {
		t.Fatalf("%s: %v", when, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: the log differs from the writes acknowledged (%d bytes, want %d) (-want +got lengths):\n%s", when, len(got), len(want), cmp.Diff(runs(want), runs(got)))
	}
}

// runs describes b as its runs of equal bytes: the writes of
// TestJournalDirectWritesReadBack, each of one byte repeated.
func runs(b []byte) [][2]int {
	var r [][2]int
	for i := 0; i < len(b); {
		j := i
		for j < len(b) && b[j] == b[i] {
			j++
		}
		r = append(r, [2]int{int(b[i]), j - i})
		i = j
	}
	return r
}

// The journal's direct writes keep the file written ahead of the
// batches; a rotation cuts the zeros off the file it leaves, and the
// recovery after a crash reads those of the last file as no torn tail.
func TestJournalDirectWritesAhead(t *testing.T) {
	logf, logs := logLines()
	dir := t.TempDir()
	st, err := openStore(dir, nil, logf)
	if err != nil {
		t.Fatal(err)
	}
	if !st.c.direct {
		st.close()
		t.Skip("the temporary directory's file system takes no direct writes")
	}
	path := st.path("0123456789abcdef01234567")
	if err := st.c.commit(path, 0, []byte("a write"), true); err != nil {
		t.Fatal(err)
	}
	st.c.barrier() // after the zeros written ahead of the first batch
	seqs, _ := journals(dir)
	first := filepath.Join(dir, journalName(seqs[0]))
	if size := fileSizeOf(first); size < extendStep {
		t.Errorf("the journal file holds %d bytes after its first batch, want at least %d written ahead", size, extendStep)
	}
	end := batchesEnd(t, first)
	if end >= dioAlign {
		t.Errorf("the batches end at %d bytes, want one batch", end)
	}
	// A failed write cuts the file back to its batches; the next batch
	// writes ahead again. (Review: the zeros after a cut back started
	// within a block, and the direct write refused them for good.)
	st.c.fail.Store(true)
	if err := st.c.commit(path, int64(len("a write")), []byte("refused"), false); err == nil {
		t.Fatal("a failed write acknowledged")
	}
	st.c.fail.Store(false)
	st.c.barrier()
	if got := batchesEnd(t, first); got != end {
		t.Errorf("the journal's batches end at %d bytes after a failed write, want %d", got, end)
	}
	if err := st.c.commit(path, int64(len("a write")), []byte(", then"), false); err != nil {
		t.Fatal(err)
	}
	st.c.barrier()
	if size := fileSizeOf(first); size < extendStep {
		t.Errorf("the journal file holds %d bytes after a batch that followed a failed write, want at least %d written ahead", size, extendStep)
	}
	end = batchesEnd(t, first)

	// A rotation: the file left behind (its removal fails, as after a
	// crash before the checkpoint's end) holds its batches alone.
	old := removeFile
	removeFile = func(string) error { return errors.New("unlink fails (a test)") }
	st.c.checkpointNow()
	removeFile = old
	if size := fileSizeOf(first); size != end {
		t.Errorf("the journal file left by a rotation holds %d bytes, want its batches' %d", size, end)
	}
	if err := st.c.commit(path, int64(len("a write, then")), []byte(", another"), false); err != nil {
		t.Fatal(err)
	}
	st.c.barrier()

	// A crash: the directory, as it is, opened again.
	crashed := copyDir(t, dir)
	st.close()
	again, err := openStore(crashed, nil, logf)
	if err != nil {
		t.Fatal(err)
	}
	again.close()
	if got, _ := os.ReadFile(filepath.Join(crashed, filepath.Base(path))); string(got) != "a write, then, another" {
		t.Errorf("the log after a crash holds %q, want %q", got, "a write, then, another")
	}
	if strings.Contains(logs(), "torn") {
		t.Errorf("the zeros written ahead were logged as a torn tail:\n%s", logs())
	}
}

// A crash leaves the last journal file ending in zeros (or a torn
// batch); the recovery cuts them off, so that the file still reads back
// whole behind later ones when its removal fails: the checkpoints and
// the next start go on. (Review: they refused it as a corrupt journal.)
func TestJournalRecoveryRemovalFails(t *testing.T) {
	st, dir := directStore(t)
	path := st.path("0123456789abcdef01234567")
	if err := st.c.commit(path, 0, []byte("a write"), true); err != nil {
		t.Fatal(err)
	}
	st.c.barrier()
	crashed := copyDir(t, dir)
	st.close()
	logf, logs := logLines()
	old := removeFile
	removeFile = func(string) error { return errors.New("unlink fails (a test)") }
	again, err := openStore(crashed, nil, logf)
	removeFile = old
	if err != nil {
		t.Fatal(err)
	}
	if err := again.c.commit(filepath.Join(crashed, filepath.Base(path)), int64(len("a write")), []byte(", another"), false); err != nil {
		t.Fatal(err)
	}
	again.c.checkpointNow()
	again.close()
	if seqs, _ := journals(crashed); len(seqs) != 0 {
		t.Errorf("journal files %v left after a clean stop; logs:\n%s", seqs, logs())
	}
	third, err := openStore(crashed, nil, logf)
	if err != nil {
		t.Fatalf("the next start: %v; logs:\n%s", err, logs())
	}
	third.close()
	if got, _ := os.ReadFile(filepath.Join(crashed, filepath.Base(path))); string(got) != "a write, another" {
		t.Errorf("the log holds %q, want %q; logs:\n%s", got, "a write, another", logs())
	}
	if strings.Contains(logs(), "corrupt") {
		t.Errorf("a corrupt journal reported:\n%s", logs())
	}
}

// The committer holds a batch back for more writes only when it found
// several waiting: a lone write is answered at once, and the writes that
// come while a batch of two waits join it. The test holds the disk (the
// taken hook) and the gathering (sleep) itself, and lets each go once the
// writes it waits for are queued: nothing depends on the machine's speed.
func TestCommitterGathers(t *testing.T) {
	st, dir := directStore(t)
	defer st.close()
	logPath := func(i int) string { return filepath.Join(dir, fmt.Sprintf("%024x", i)+logExt) }
	type event struct {
		what string // "taken" or "gather"
		n    int    // the writes of the batch taken
	}
	events, resume := make(chan event), make(chan struct{})
	st.c.taken = func(n int) {
		events <- event{"taken", n}
		<-resume
	}
	st.c.sleep = func(time.Duration) {
		events <- event{"gather", 0}
		<-resume
	}
	st.c.gather.Store(int64(time.Second))
	next := func(want event) {
		t.Helper()
		if e := <-events; e != want {
			t.Fatalf("the committer's next step: %+v, want %+v", e, want)
		}
	}
	var wg sync.WaitGroup
	write := func(i int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := st.c.commit(logPath(i), 0, []byte("side by side"), true); err != nil {
				t.Error(err)
			}
		}()
	}
	queued := func(n int) { until(func() bool { return len(st.c.q) == n }) }

	// A lone write is taken without gathering.
	write(100)
	next(event{"taken", 1})
	resume <- struct{}{}
	wg.Wait()

	// w0 is taken alone and held; w1 and w2 come while it is written and
	// are taken together, after a gathering during which w3 to w7 come.
	b0 := st.c.batches.Load()
	write(0)
	next(event{"taken", 1})
	write(1)
	write(2)
	queued(2)
	resume <- struct{}{}
	next(event{"gather", 0})
	for i := 3; i < 8; i++ {
		write(i)
	}
	queued(5)
	resume <- struct{}{}
	next(event{"taken", 7})
	resume <- struct{}{}
	wg.Wait()
	if n := st.c.batches.Load() - b0; n != 2 {
		t.Errorf("8 writes took %d batches, want 2: w0, then the rest", n)
	}
}
