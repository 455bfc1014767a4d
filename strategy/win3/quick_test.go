package win3

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

func TestQuick(t *testing.T) {
	tg, _ := strconv.Atoi(os.Getenv("QT"))
	if r, err := strconv.ParseFloat(os.Getenv("QR"), 64); err == nil {
		reach = r
	}
	if tg == 0 {
		t.Skip()
	}
	r := game.Rules{Scoring: farkle.Core.Rules(), Target: tg}
	st := time.Now()
	tb, err := Solve(context.Background(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("target %d: %v, dps %d (%.2f per position), mixed %d, seat %v", tg, time.Since(st), tb.dps, float64(tb.dps)/float64(tb.m.nS*tb.m.nS*tb.m.nS), tb.Mixed(), tb.SeatWin())
	for i, mx := range tb.mix {
		if i < 20 {
			t.Logf("mix %v", mx)
		}
	}
	b, c, s := tb.FairestHeadStarts()
	t.Logf("head starts %d %d: %v", b, c, s)
}
