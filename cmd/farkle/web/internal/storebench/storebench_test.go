package storebench_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/storebench"
)

// TestOpenLoop measures boltstore open-loop at 2,000 and 4,000 Appends
// a second over 2,000 games, 15 s each, when FARKLE_STOREBENCH names a
// directory on the disk to measure (not a tmpfs): its figures are for a
// report, not a check.
func TestOpenLoop(t *testing.T) {
	dir := os.Getenv("FARKLE_STOREBENCH")
	if dir == "" {
		t.Skip("FARKLE_STOREBENCH=DIR runs it, its database in DIR")
	}
	for _, rate := range []int{2000, 4000} {
		sub := filepath.Join(dir, "bbolt")
		os.RemoveAll(sub)
		st, err := boltstore.Open(sub)
		if err != nil {
			t.Fatal(err)
		}
		res, err := storebench.Run(st, 2000, rate, 300, 15*time.Second)
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("bbolt %v", res)
	}
}

// The generator runs on a store, quickly: a check that it works, with
// no figure checked.
func TestRun(t *testing.T) {
	st, err := boltstore.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	res, err := storebench.Run(st, 20, 500, 100, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if res.Sent != 50 || res.Errors != 0 {
		t.Fatalf("%+v: want 50 appends, no error", res)
	}
}
