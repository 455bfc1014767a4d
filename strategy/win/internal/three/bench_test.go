package three

import (
	"context"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// BenchmarkTurn times the dynamic program of one turn with its interval,
// from the start of the game at target 2,000 (40 turn totals), each run
// whole (not from the last).
func BenchmarkTurn(b *testing.B) {
	tb, err := Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 2000}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	buf := tb.m.getBuf()
	F := tb.farkleVec(0, 0, 0)
	b.ResetTimer()
	for b.Loop() {
		buf.run.ok = false
		tb.startPieceI(buf, 0, 0, 0, F[0], reach)
	}
}
