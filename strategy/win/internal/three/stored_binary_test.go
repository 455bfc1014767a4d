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

var updateStored = flag.Bool("update-win3", false, "rewrite the tables of testdata from Solve")

// TestStoredTable checks the tables stored under testdata (Core scoring,
// target 800, without a final round and with one, 98 KB each) against a
// new solve: the binary form, version 1, reads as it was written, and
// Solve's answers have not moved: every chance to 1e-12, the same mixed
// positions (go test -update-win3 rewrites them).
func TestStoredTable(t *testing.T) {
	for _, c := range []struct {
		file  string
		final bool
	}{{"core-800.bin", false}, {"core-final-800.bin", true}} {
		t.Run(c.file, func(t *testing.T) {
			file := filepath.Join("testdata", c.file)
			tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 800, FinalRound: c.final})
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
			for i, mx := range tb.Mixing() {
				if b := back.mix[i]; b.Scores != mx.Scores || math.Abs(b.Weight-mx.Weight) > 1e-9 {
					t.Errorf("mixed position %d: stored %v, now %v", i, b, mx)
				}
			}
		})
	}
}
