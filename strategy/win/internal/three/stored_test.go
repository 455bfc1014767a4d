package three

import (
	"fmt"
	"math"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// TestSolveStored, in the slow step of .ci/run, solves Core scoring
// without a final round at 2,000 and 3,000, and with one at 2,000, and
// checks the results recorded when the solver was written (the final
// round's before its turns were cut by the number of dice and its turns
// run on from their last run): each seat's chance to 1e-12, the fairest
// head starts and the mixed positions, and every equation's residual
// (checkTable).
func TestSolveStored(t *testing.T) {
	if testgate.Race {
		t.Skip("a solve of seconds: not under the race detector")
	}
	cases := []struct {
		target     int
		final      bool
		seats      [3]float64
		heads      [2]int
		mixed      int
		firstMixed [3]int
	}{
		{2000, false, [3]float64{0.4173971434555918, 0.3237843862719322, 0.25881847027247606}, [2]int{150, 300}, 2, [3]int{700, 1350, 850}},
		{3000, false, [3]float64{0.40222829601509263, 0.32671811966433373, 0.2710535843205737}, [2]int{150, 300}, 8, [3]int{1700, 2350, 1850}},
		{2000, true, [3]float64{0.40259699903011748, 0.32561291924960178, 0.27179008172028085}, [2]int{150, 300}, 17, [3]int{1850, 1850, 1950}},
	}
	if !testgate.Slow() {
		t.Skip("the slow step of .ci/run checks the stored results: seconds each")
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.target, "/final=", c.final), func(t *testing.T) {
			tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: c.target, FinalRound: c.final})
			got := tb.SeatWin()
			for s := range 3 {
				if math.Abs(got[s]-c.seats[s]) > 1e-12 {
					t.Errorf("seat %d: %.17g, recorded %.17g", s+1, got[s], c.seats[s])
				}
			}
			b, d, _ := tb.FairestHeadStarts()
			if [2]int{b, d} != c.heads {
				t.Errorf("fairest head starts %d, %d, recorded %v", b, d, c.heads)
			}
			mx := tb.Mixing()
			if len(mx) != c.mixed || mx[0].Scores != c.firstMixed {
				t.Errorf("mixed positions %v, recorded %d from %v", mx, c.mixed, c.firstMixed)
			}
			n, worst := checkTable(t, tb)
			t.Logf("target %d: %d positions, %d mixed, largest residual %.3g", c.target, n, len(mx), worst)
		})
	}
}
