package strategy

import (
	"runtime"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/testgate"
)

// TestSolveKeepsNothing solves distinct rule sets one after another (the
// App rules with the straight worth 2500, 2550, ... 4450 and three pairs
// 1500, 1550, ...), dropping each table, and checks that after a garbage
// collection the heap has grown by less than 32 KB a rule set (64 MB for
// 2,000): Solve keeps nothing of a table once its caller lets go of it.
// The slow step of .ci/run solves 2,000; the plain run 250, and the race
// detector, which makes solving several times slower, 100.
func TestSolveKeepsNothing(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	sets := 250
	switch {
	case raceEnabled:
		sets = 100
	case testgate.Slow():
		sets = 2_000
	}
	app := (*Table)(nil).TurnValue()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range sets {
		r := farkle.AppScoring.Rules()
		r.Straight = 2500 + 50*(i%40)
		r.ThreePairs = 1500 + 50*(i/40)
		s, err := farkle.New(r)
		if err != nil {
			t.Fatal(err)
		}
		tb := mustSolve(t, s, turnRules{})
		// Combinations worth more make a turn worth more.
		if v := tb.TurnValue(); v < app || (i > 0 && v == app) {
			t.Fatalf("straight %d, three pairs %d: turn value %v, App %v", r.Straight, r.ThreePairs, v, app)
		}
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	grown := int64(ms.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap after solving %d rule sets: %.1f MB (%d bytes), %+d bytes since the start", sets, float64(ms.HeapAlloc)/(1<<20), ms.HeapAlloc, grown)
	if limit := int64(sets) << 15; grown >= limit {
		t.Errorf("heap grew by %d bytes solving %d rule sets, want under %d (32 KB a set)", grown, sets, limit)
	}
}
