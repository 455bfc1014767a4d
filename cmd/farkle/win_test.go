package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// The tests cache nothing in the user's cache directory, and solve
// targets up to 2,000 only, in well under a second, so that no case (nor
// the fuzzing of the arguments) takes long.
func init() {
	userCacheDir = func() (string, error) { return "", errors.New("no user cache directory in tests") }
	solveWin = func(ctx context.Context, r game.Rules, opts win.Options) (*win.Table, error) {
		if r.Target > 2000 {
			return nil, fmt.Errorf("tests solve targets up to 2000, not %d", r.Target)
		}
		if opts.Players == 3 && r.Target > 1500 {
			return nil, fmt.Errorf("tests solve games of three up to 1500, not %d", r.Target)
		}
		return win.Solve(ctx, r, opts)
	}
}

// countSolves replaces solveWin with one that calls solved with the rules
// of each game it solves rather than reads from the cache (its Progress
// is called), until the test ends.
func countSolves(t *testing.T, solved func(game.Rules)) {
	saved := solveWin
	t.Cleanup(func() { solveWin = saved })
	solveWin = func(ctx context.Context, r game.Rules, opts win.Options) (*win.Table, error) {
		progress, once := opts.Progress, false
		opts.Progress = func(done, total int) {
			if !once {
				once = true
				solved(r)
			}
			if progress != nil {
				progress(done, total)
			}
		}
		return saved(ctx, r, opts)
	}
}

func runArgs(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errs, dir: dir, seed: func() uint64 { return 1 }}
	code = run(e, args)
	return code, out.String(), errs.String()
}

// TestWinCache checks that win writes the solved game to the -cache
// directory, reads it back the next time (a table that the solver would
// refuse to solve now), re-solves over a bad file, and that advise
// -scores shares the cache.
func TestWinCache(t *testing.T) {
	dir := t.TempDir()
	args := []string{"win", "-rules", "core", "-target", "1000", "-final-round=false", "-cache", "cache"}
	code, first, errs := runArgs(t, dir, args...)
	if code != 0 || errs != "" {
		t.Fatalf("first run: exit %d, stderr %q", code, errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cache", "win-*.bin"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var tb win.Table
	if err := tb.UnmarshalBinary(data); err != nil {
		t.Fatalf("cached table: %v", err)
	}
	if r := tb.Rules(); r.Target != 1000 || r.FinalRound {
		t.Errorf("cached table of the rules %+v", r)
	}

	// The second run reads the cache: it does not solve.
	solves := 0
	countSolves(t, func(game.Rules) { solves++ })
	code, second, errs := runArgs(t, dir, args...)
	if code != 0 || errs != "" || second != first || solves != 0 {
		t.Errorf("second run: exit %d, stderr %q, %d solves, stdout %q, want %q from the cache", code, errs, solves, second, first)
	}
	code, _, errs = runArgs(t, dir, "advise", "-scores", "500,800", "-target", "1000", "-rules", "core", "-cache", "cache", "1", "5")
	if code != 0 || errs != "" || solves != 1 {
		t.Errorf("advise -scores (App play rules, another game): exit %d, stderr %q, %d solves, want 1", code, errs, solves)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "cache", "win-*.bin")); len(files) != 2 {
		t.Errorf("cache files %v, want two", files)
	}

	// A damaged file is solved again, and replaced.
	if err := os.WriteFile(files[0], data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	code, third, errs := runArgs(t, dir, args...)
	if code != 0 || errs != "" || third != first || solves != 2 {
		t.Errorf("over a damaged cache: exit %d, stderr %q, %d solves, stdout %q", code, errs, solves, third)
	}
	if again, _ := os.ReadFile(files[0]); !bytes.Equal(again, data) {
		t.Errorf("the damaged cache file was not replaced")
	}

	// -cache "" neither reads nor writes.
	code, _, _ = runArgs(t, dir, "win", "-rules", "core", "-target", "1000", "-final-round=false", "-cache", "")
	if code != 0 || solves != 3 {
		t.Errorf("-cache \"\": exit %d, %d solves, want a solve", code, solves)
	}
}

// TestWinCacheUnwritable checks that a cache that cannot be written does
// not stop the command: it still answers.
func TestWinCacheUnwritable(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runArgs(t, dir, "win", "-target", "300", "-cache", "file")
	if code != 0 || !strings.Contains(out, "Fairest komi") || errs != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestWinCacheRules checks that the cache tells apart games that differ
// only in an opening minimum or a penalty: each has a file of its own,
// read back the next time.
func TestWinCacheRules(t *testing.T) {
	dir := t.TempDir()
	var solved []game.Rules
	countSolves(t, func(r game.Rules) { solved = append(solved, r) })
	base := []string{"win", "-rules", "core", "-target", "200", "-final-round=false", "-cache", "cache"}
	variants := [][]string{
		nil,
		{"-min-first-bank", "150"},
		{"-min-first-bank", "200"},
		{"-min-bank", "100"},
		{"-min-first-bank", "150", "-min-bank", "100", "-penalty", "500", "-penalty-after", "1"}, // seconds: the floor is -2500
	}
	outs := map[string]bool{}
	for round := range 2 {
		for _, v := range variants {
			code, out, errs := runArgs(t, dir, append(slices.Clone(base), v...)...)
			if code != 0 || errs != "" {
				t.Fatalf("%q: exit %d, stderr %q", v, code, errs)
			}
			if round == 0 {
				outs[out] = true
			}
		}
		if len(solved) != len(variants) {
			t.Errorf("round %d: %d solves, want %d (one a variant, then none)", round, len(solved), len(variants))
		}
	}
	if len(outs) != len(variants) {
		t.Errorf("%d different outputs of %d variants", len(outs), len(variants))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cache", "win-*.bin"))
	if len(files) != len(variants) {
		t.Errorf("cache files %v, want %d", files, len(variants))
	}
	if len(solved) > 1 && solved[1].MinFirstBank != 150 {
		t.Errorf("solved %+v, want MinFirstBank 150", solved[1])
	}
}
