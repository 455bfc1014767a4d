package web

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A recovery (and so a checkpoint: the same applyJournals) of more games
// than the process may hold files open succeeds: it opens one log at a
// time. (Review H2: every log touched was held open to the end, so past
// RLIMIT_NOFILE the checkpoints failed for good and the server could not
// start.)
func TestJournalApplyOverFileLimit(t *testing.T) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	const games = 600
	var j []byte
	for i := range games {
		name := fmt.Sprintf("%024x", i) + logExt
		j = appendEntry(j, jCreate, name, 0, []byte(logMagic))
		j = appendEntry(j, jWrite, name, int64(len(logMagic)), []byte(fmt.Sprint("game ", i)))
	}
	if err := os.WriteFile(filepath.Join(dir, journalName(1)), appendBatch(nil, j), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	lim := old
	lim.Cur = 256
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Skip(err)
	}
	next, n, err := recoverJournal(dir, d, t.Logf)
	syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	if err != nil || next != 2 || n != 2*games {
		t.Fatalf("recovery of %d games' writes with 256 files allowed: next %d, %d entries, %v; want 2, %d, nil", games, next, n, err, 2*games)
	}
	for i := range games {
		name := fmt.Sprintf("%024x", i) + logExt
		got, err := os.ReadFile(filepath.Join(dir, name))
		if want := logMagic + fmt.Sprint("game ", i); err != nil || string(got) != want {
			t.Fatalf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	if seqs, _ := journals(dir); len(seqs) != 0 {
		t.Errorf("journal files left: %v", seqs)
	}
}
