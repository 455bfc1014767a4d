package three

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

var updateStored = flag.Bool("update-win3", false, "rewrite testdata/core-800.bin from Solve")

// TestStoredTable checks the table stored under testdata (Core scoring,
// target 800, no final round, 98 KB) against a new solve: the binary form,
// version 1, reads as it was written, and Solve's answers have not moved
// (go test -update-win3 rewrites it).
func TestStoredTable(t *testing.T) {
	file := filepath.Join("testdata", "core-800.bin")
	tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 800})
	data, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if *updateStored {
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stored, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var back Table
	if err := back.UnmarshalBinary(stored); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	// Byte for byte where the arithmetic is that of the machine that
	// wrote it (no fused multiply-adds); to 1e-12 everywhere.
	if !bytes.Equal(stored, data) {
		t.Logf("%s differs from a new solve in its bytes", file)
	}
	if back.Rules() != tb.Rules() || len(back.w) != len(tb.w) || back.Mixed() != tb.Mixed() {
		t.Fatalf("stored rules %+v, %d chances, %d mixed; now %+v, %d, %d", back.Rules(), len(back.w), back.Mixed(), tb.Rules(), len(tb.w), tb.Mixed())
	}
	for i := range tb.w {
		if math.Abs(back.w[i]-tb.w[i]) > 1e-12 {
			t.Fatalf("chance %d: stored %v, now %v", i, back.w[i], tb.w[i])
		}
	}
}
