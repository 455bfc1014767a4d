package main

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// TestWin3 checks win -players 3: its JSON against the package's table,
// the cache (win3-*.bin, read back without solving), the text, a final
// round, and the refusal of a penalty.
func TestWin3(t *testing.T) {
	if raceEnabled {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	dir := t.TempDir()
	args := []string{"win", "-players", "3", "-rules", "core", "-target", "1300", "-final-round=false", "-cache", "cache", "-json"}
	code, out, errs := runArgs(t, dir, args...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Players    int       `json:"players"`
		SeatWin    []float64 `json:"seat_win"`
		HeadStarts [2]int    `json:"fairest_head_starts"`
		FairWin    []float64 `json:"seat_win_with_head_starts"`
		Mixed      int       `json:"mixed_positions"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	tb, err := win.Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1300}, win.Options{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, c, fair := tb.FairestHeadStarts()
	if got.Players != 3 || !slices.Equal(got.SeatWin, tb.SeatWin()) || got.HeadStarts != [2]int{b, c} || !slices.Equal(got.FairWin, fair) || got.Mixed != tb.Mixed() {
		t.Errorf("win -players 3 -json: %+v, want seats %v, head starts %d %d (%v), %d mixed", got, tb.SeatWin(), b, c, fair, tb.Mixed())
	}
	if s := got.SeatWin[0] + got.SeatWin[1] + got.SeatWin[2]; math.Abs(s-1) > 1e-12 || b%50 != 0 || c%50 != 0 {
		t.Errorf("seats sum to %v; head starts %d %d", s, b, c)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cache", "win3-*.bin"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	solves := 0
	countSolves(t, func(game.Rules) { solves++ })
	code, again, _ := runArgs(t, dir, args...)
	if code != 0 || again != out || solves != 0 {
		t.Errorf("second run: exit %d, %d solves, %q, want %q from the cache", code, solves, again, out)
	}
	code, text, _ := runArgs(t, dir, args[:len(args)-1]...)
	if code != 0 || !strings.Contains(text, "three players") || !strings.Contains(text, "Fairest head starts") {
		t.Errorf("text: exit %d, %q", code, text)
	}
	code, out, errs = runArgs(t, dir, "win", "-players", "3", "-rules", "core", "-target", "600", "-cache", "", "-json")
	if code != 0 || errs != "" {
		t.Fatalf("a final round: exit %d, %q", code, errs)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	fin, err := win.Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 600, FinalRound: true}, win.Options{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.SeatWin, fin.SeatWin()) || got.Mixed != fin.Mixed() {
		t.Errorf("a final round: %+v, want seats %v, %d mixed", got, fin.SeatWin(), fin.Mixed())
	}
	code, _, errs = runArgs(t, dir, "win", "-players", "3", "-rules", "core", "-target", "1000", "-penalty", "500", "-penalty-after", "3", "-cache", "")
	if code != 2 || !strings.Contains(errs, "Penalty") {
		t.Errorf("a penalty: exit %d, %q", code, errs)
	}
	code, _, errs = runArgs(t, dir, "win", "-players", "5")
	if code != 2 {
		t.Errorf("-players 5: exit %d, %q", code, errs)
	}
}

// TestWin4 checks win -players 4: its JSON against the package's table,
// the cache (win4-*.bin, read back without solving), the text, and the
// refusal of a final round.
func TestWin4(t *testing.T) {
	if raceEnabled {
		t.Skip("checks results, not concurrency")
	}
	dir := t.TempDir()
	args := []string{"win", "-players", "4", "-rules", "core", "-target", "600", "-final-round=false", "-cache", "cache", "-json"}
	code, out, errs := runArgs(t, dir, args...)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Players    int       `json:"players"`
		SeatWin    []float64 `json:"seat_win"`
		HeadStarts []int     `json:"fairest_head_starts"`
		FairWin    []float64 `json:"seat_win_with_head_starts"`
		Mixed      int       `json:"mixed_positions"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	tb, err := win.Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 600}, win.Options{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	heads, fair := tb.FairestStarts()
	if got.Players != 4 || !slices.Equal(got.SeatWin, tb.SeatWin()) || !slices.Equal(got.HeadStarts, heads[1:]) || !slices.Equal(got.FairWin, fair) || got.Mixed != tb.Mixed() {
		t.Errorf("win -players 4 -json: %+v, want seats %v, head starts %v (%v), %d mixed", got, tb.SeatWin(), heads, fair, tb.Mixed())
	}
	if len(got.HeadStarts) != 3 || len(got.SeatWin) != 4 {
		t.Fatalf("%d head starts, %d seats", len(got.HeadStarts), len(got.SeatWin))
	}
	files, _ := filepath.Glob(filepath.Join(dir, "cache", "win4-*.bin"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	solves := 0
	countSolves(t, func(game.Rules) { solves++ })
	code, again, _ := runArgs(t, dir, args...)
	if code != 0 || again != out || solves != 0 {
		t.Errorf("second run: exit %d, %d solves, %q, want %q from the cache", code, solves, again, out)
	}
	code, text, _ := runArgs(t, dir, args[:len(args)-1]...)
	if code != 0 || !strings.Contains(text, "four players") || !strings.Contains(text, "for the fourth") {
		t.Errorf("text: exit %d, %q", code, text)
	}
	// With a final round (the default).
	code, out, errs = runArgs(t, dir, "win", "-players", "4", "-rules", "core", "-target", "300", "-cache", "", "-json")
	if code != 0 || errs != "" {
		t.Fatalf("a final round: exit %d, %q", code, errs)
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	fin, err := win.Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true}, win.Options{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	heads, fair = fin.FairestStarts()
	if got.Players != 4 || !slices.Equal(got.SeatWin, fin.SeatWin()) || !slices.Equal(got.HeadStarts, heads[1:]) || !slices.Equal(got.FairWin, fair) || got.Mixed != fin.Mixed() {
		t.Errorf("win -players 4 -json with a final round: %+v, want seats %v, head starts %v (%v), %d mixed", got, fin.SeatWin(), heads, fair, fin.Mixed())
	}
}

// TestPlayBotWin checks play -bot win: with two bots they play by a table
// of strategy/win (three players) (with a final round too), with one by strategy/win's,
// and a bad name or rules that win3 does not solve are refused before the
// game.
func TestPlayBotWin(t *testing.T) {
	if raceEnabled {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	input := strings.Repeat("roll\nbest\nbank\n", 40) + "quit\n"
	for _, bots := range []string{"1", "2", "3"} {
		code, out, errs := runInput(input, "play", "-bot", "win", "-bots", bots, "-rules", "core", "-target", "800", "-final-round=false", "-seed", "3")
		if code != 0 || errs != "" || !strings.Contains(out, "Bot") {
			t.Errorf("-bots %s: exit %d, stderr %q, stdout %.200q", bots, code, errs, out)
		}
	}
	code, _, errs := runInput("", "play", "-bot", "best")
	if code != 2 || !strings.Contains(errs, "threshold or win") {
		t.Errorf("-bot best: exit %d, %q", code, errs)
	}
	code, out, errs := runInput(input, "play", "-bot", "win", "-bots", "2", "-rules", "core", "-target", "800", "-seed", "3")
	if code != 0 || errs != "" || !strings.Contains(out, "Bot") {
		t.Errorf("-bot win under a final round with two bots: exit %d, stderr %q, stdout %.200q", code, errs, out)
	}
	code, _, errs = runInput("", "play", "-bot", "win", "-bots", "2", "-rules", "core", "-target", "800", "-penalty", "500", "-penalty-after", "3")
	if code != 2 || !strings.Contains(errs, "Penalty") {
		t.Errorf("-bot win under a penalty with two bots: exit %d, %q", code, errs)
	}
}
