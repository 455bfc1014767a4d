package strategy

import (
	"runtime"
	"testing"

	"github.com/farkle-go/farkle"
)

// TestSolveKeepsNothing solves 2,000 distinct rule sets one after another
// (the App rules with the straight worth 2500, 2550, ... 4450 and three
// pairs 1500, 1550, ... 3950), dropping each table, and checks that after
// a garbage collection the heap is under 64 MB: Solve keeps nothing of a
// table once its caller lets go of it. Under the race detector, which
// makes solving several times slower, it solves fewer.
func TestSolveKeepsNothing(t *testing.T) {
	sets := 2_000
	if raceEnabled {
		sets = 100
	}
	app := (*Table)(nil).TurnValue()
	for i := range sets {
		r := farkle.App.Rules()
		r.Straight = 2500 + 50*(i%40)
		r.ThreePairs = 1500 + 50*(i/40)
		s, err := farkle.New(r)
		if err != nil {
			t.Fatal(err)
		}
		tb := mustSolve(t, s, Options{})
		// Combinations worth more make a turn worth more.
		if v := tb.TurnValue(); v < app || (i > 0 && v == app) {
			t.Fatalf("straight %d, three pairs %d: turn value %v, App %v", r.Straight, r.ThreePairs, v, app)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("heap after solving %d rule sets: %.1f MB (%d bytes)", sets, float64(ms.HeapAlloc)/(1<<20), ms.HeapAlloc)
	if ms.HeapAlloc >= 64<<20 {
		t.Errorf("heap after solving %d rule sets: %d bytes, want under 64 MB", sets, ms.HeapAlloc)
	}
}
