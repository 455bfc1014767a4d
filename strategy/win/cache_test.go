package win

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// TestCache checks Options.Cache: the first Solve writes the table to the
// directory, the second reads it back without solving (Progress is not
// called) to the same table, a damaged file is solved again and
// replaced, and tables of two and three players, and of another floor,
// have files of their own.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	r := game.Rules{Target: 500, Scoring: farkle.CoreScoring.Rules()}
	solves := 0
	opts := Options{Cache: dir, Progress: func(done, total int) {
		if done == 1 {
			solves++
		}
	}}
	first, err := Solve(context.Background(), r, opts)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "win-*.bin"))
	if len(files) != 1 || solves != 1 {
		t.Fatalf("after the first Solve: files %v, %d solves; want one file, one solve", files, solves)
	}
	again, err := Solve(context.Background(), r, opts)
	if err != nil || solves != 1 || again.firstWin() != first.firstWin() {
		t.Errorf("the second Solve: %v, %d solves, first player %v; want the cached table %v", err, solves, again.firstWin(), first.firstWin())
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(files[0], data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), r, opts); err != nil || solves != 2 {
		t.Errorf("over a damaged file: %v, %d solves, want a second solve", err, solves)
	}
	if back, _ := os.ReadFile(files[0]); string(back) != string(data) {
		t.Errorf("the damaged file was not replaced")
	}
	// Three players and a penalty with another floor: files of their own.
	opts3 := opts
	opts3.Players = 3
	if _, err := Solve(context.Background(), game.Rules{Target: 300, Scoring: farkle.CoreScoring.Rules()}, opts3); err != nil {
		t.Fatal(err)
	}
	pen := game.Rules{Target: 300, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.CoreScoring.Rules()}
	for _, floor := range []int{0, -200, 0} {
		o := opts
		o.Floor = floor
		tb, err := Solve(context.Background(), pen, o)
		if err != nil || tb.Floor() != cmp.Or(floor, DefaultFloor) {
			t.Errorf("floor %d: %v, table floor %d", floor, err, tb.Floor())
		}
	}
	if solves != 5 {
		t.Errorf("%d solves, want 5 (the last read back)", solves)
	}
	if f, _ := filepath.Glob(filepath.Join(dir, "win3-*.bin")); len(f) != 1 {
		t.Errorf("files of three players %v, want one", f)
	}
	if f, _ := filepath.Glob(filepath.Join(dir, "win-*.bin")); len(f) != 3 {
		t.Errorf("files of two players %v, want three", f)
	}
	if f, _ := filepath.Glob(filepath.Join(dir, ".win-*")); len(f) != 0 {
		t.Errorf("temporary files left: %v", f)
	}
}

// TestTrimCache checks that the cache keeps at most its bound, removing
// the least recently used tables first, and never the one just written.
func TestTrimCache(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	for i, name := range []string{"win-a.bin", "win3-b.bin", "win-c.bin", "other.txt"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, 100), 0o644); err != nil {
			t.Fatal(err)
		}
		when := old.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
	}
	trimCache(dir, filepath.Join(dir, "win-a.bin"), 200)
	for name, want := range map[string]bool{"win-a.bin": true, "win3-b.bin": false, "win-c.bin": true, "other.txt": true} {
		if _, err := os.Stat(filepath.Join(dir, name)); (err == nil) != want {
			t.Errorf("%s: kept %v, want %v", name, err == nil, want)
		}
	}
}
