package four

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// TestMeasure solves the games that FARKLE_FOUR_MEASURE names, such as
// "core:1000,app:2000" ("core+final:1000" with a final round), and logs their figures: a measured run for the
// documentation, not a check (run the test binary under /usr/bin/time -v
// for the CPU time and the peak memory). Without the variable it does
// nothing. With FARKLE_FOUR_CHECK set it checks every equation of each
// table too (checkTable).
func TestMeasure(t *testing.T) {
	spec := os.Getenv("FARKLE_FOUR_MEASURE")
	if spec == "" {
		t.Skip("FARKLE_FOUR_MEASURE names no games")
	}
	for _, g := range strings.Split(spec, ",") {
		name, target, _ := strings.Cut(g, ":")
		tg, err := strconv.Atoi(target)
		if err != nil {
			t.Fatal(err)
		}
		r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: tg}
		name, fin := strings.CutSuffix(name, "+final")
		r.FinalRound = fin
		if name == "app" {
			r.Scoring = farkle.AppScoring.Rules()
		}
		start := time.Now()
		tb, err := Solve(context.Background(), r, Options{})
		if err != nil {
			t.Fatal(err)
		}
		wall := time.Since(start)
		heads, fair := tb.FairestHeadStarts()
		t.Logf("%s %d: %d positions, wall %v, %d turn DPs, seats %.6f, mixed %d, fairest head starts %v (seats %.4f)",
			name, tg, tb.m.nS*tb.m.nS*tb.m.nS*tb.m.nS, wall.Round(time.Millisecond), tb.DPs(), tb.SeatWin(), tb.Mixed(), heads, fair)
		if fin {
			rows := func(rs []atomic.Pointer[[]atomic.Pointer[[]float64]]) (n, floats int) {
				for i := range rs {
					if p := rs[i].Load(); p != nil {
						for j := range *p {
							if r := (*p)[j].Load(); r != nil {
								n++
								floats += len(*r)
							}
						}
					}
				}
				return n, floats
			}
			bn, bf := rows(tb.m.fin.bRows)
			cn, cf := rows(tb.m.fin.cRows)
			hiA := 0
			for i := range tb.m.fin.bRows {
				if tb.m.fin.bRows[i].Load() != nil {
					hiA = i + 1
				}
			}
			t.Logf("%s %d: B's rows %d (%.1f MB), C's rows %d (%.1f MB), A's scores above the target read: %d",
				name, tg, bn, float64(8*bf)/1e6, cn, float64(8*cf)/1e6, hiA)
		}
		for _, mx := range tb.Mixing() {
			t.Logf("  mixed %v weight %.6f", mx.Scores, mx.Weight)
		}
		if os.Getenv("FARKLE_FOUR_CHECK") != "" {
			n, worst := checkTable(t, tb)
			t.Logf("%s %d: every equation of %d positions, largest residual %.3g", name, tg, n, worst)
		}
	}
}
