package server

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
// in order, after a clean stop and after a crash (the data directory
// copied as it is, the zeros written ahead of the batches with it, and
// opened again).
func TestJournalDirectWritesReadBack(t *testing.T) {
	probe, _ := directStore(t)
	direct := probe.c.direct
	probe.close()
	if !direct {
		t.Skip("the temporary directory's file system takes no direct writes (a tmpfs?): the journal writes through the page cache there")
	}
	rapid.Check(t, func(rt *rapid.T) {
		dir, err := os.MkdirTemp(t.TempDir(), "")
		if err != nil {
			rt.Fatal(err)
		}
		st, err := openStore(dir, nil, func(string, ...any) {})
		if err != nil {
			rt.Fatal(err)
		}
		st.c.rotateSize.Store(rapid.Int64Range(1, 3<<20).Draw(rt, "rotate"))
		path := st.path("0123456789abcdef01234567")
		var want []byte
		for i := range rapid.IntRange(1, 30).Draw(rt, "writes") {
			data := bytes.Repeat([]byte{byte(i + 1)}, rapid.IntRange(1, 150_000).Draw(rt, "size"))
			fail := rapid.IntRange(0, 9).Draw(rt, "fail") == 0
			st.c.fail.Store(fail)
			err := st.c.commit(path, int64(len(want)), data, len(want) == 0)
			st.c.fail.Store(false)
			switch {
			case fail && err == nil:
				rt.Fatalf("write %d: acknowledged, though its write failed", i)
			case !fail && err != nil:
				rt.Fatalf("write %d: %v", i, err)
			case err == nil:
				want = append(want, data...)
			}
		}
		if len(want) == 0 {
			st.close()
			return
		}
		// The crash: the directory as it is once the committer and the
		// checkpointer are idle, zeros and all.
		st.c.barrier()
		for st.c.busy.Load() {
			time.Sleep(time.Millisecond)
		}
		crashed, err := os.MkdirTemp(t.TempDir(), "")
		if err != nil {
			rt.Fatal(err)
		}
		copyFiles(rt, dir, crashed)
		st.close()
		checkLog(rt, "after a clean stop", path, want)

		again, err := openStore(crashed, nil, func(string, ...any) {})
		if err != nil {
			rt.Fatalf("after a crash: %v", err)
		}
		again.close()
		checkLog(rt, "after a crash", filepath.Join(crashed, filepath.Base(path)), want)
	})
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
	// A rotation: the file left behind (its removal fails, as after a
	// crash before the checkpoint's end) holds its batches alone.
	old := removeFile
	removeFile = func(string) error { return errors.New("unlink fails (a test)") }
	st.c.checkpointNow()
	removeFile = old
	if size := fileSizeOf(first); size != end {
		t.Errorf("the journal file left by a rotation holds %d bytes, want its batches' %d", size, end)
	}
	if err := st.c.commit(path, int64(len("a write")), []byte(", another"), false); err != nil {
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
	if got, _ := os.ReadFile(filepath.Join(crashed, filepath.Base(path))); string(got) != "a write, another" {
		t.Errorf("the log after a crash holds %q, want %q", got, "a write, another")
	}
	if strings.Contains(logs(), "torn") {
		t.Errorf("the zeros written ahead were logged as a torn tail:\n%s", logs())
	}
}
