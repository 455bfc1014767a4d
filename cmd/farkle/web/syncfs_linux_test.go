package web

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// kernelAtLeast tells the kernels whose syncfs(2) reports write-back
// errors (5.8 and later) from the others, and refuses what it cannot
// read. (Review M5: syncfs was trusted on every kernel.)
func TestKernelAtLeast(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want bool
	}{
		{"5.8.0", true},
		{"5.8", true},
		{"5.7.19-generic", false},
		{"5.10.0-21-amd64", true},
		{"6.1.0-13-cloud-amd64", true},
		{"4.19.0-25-amd64", false},
		{"4.20.17", false},
		{"3.10.0-1160.el7.x86_64", false},
		{"10.0", true},
		{"5.80", true},
		{"5", false},
		{"", false},
		{"x.y", false},
		{"5.x", false},
	} {
		if got := kernelAtLeast(c.rel, 5, 8); got != c.want {
			t.Errorf("kernelAtLeast(%q, 5, 8) = %v, want %v", c.rel, got, c.want)
		}
	}
	t.Logf("this kernel's syncfs reports write-back errors: %v", syncfsReports())
}

// Where syncfs does not report write-back errors, the recovery fsyncs
// each log, one at a time, and the directory.
func TestJournalWithoutSyncfs(t *testing.T) {
	old := syncfsReports
	syncfsReports = func() bool { return false }
	defer func() { syncfsReports = old }()
	d := t.TempDir()
	dir, err := os.Open(d)
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	if ok, err := syncfs(dir); ok || err != nil {
		t.Fatalf("syncfs: %v, %v; want false, nil", ok, err)
	}
	var j []byte
	const games = 50
	for i := range games {
		name := fmt.Sprintf("%024x", i) + logExt
		j = appendEntry(j, jCreate, name, 0, []byte(logMagic))
	}
	os.WriteFile(filepath.Join(d, journalName(1)), appendBatch(nil, j), 0o600)
	if _, n, err := recoverJournal(d, dir, t.Logf); err != nil || n != games {
		t.Fatalf("recovery: %d entries, %v", n, err)
	}
	for i := range games {
		if got, err := os.ReadFile(filepath.Join(d, fmt.Sprintf("%024x", i)+logExt)); err != nil || string(got) != logMagic {
			t.Fatalf("log %d: %q, %v", i, got, err)
		}
	}
}
