package three

import (
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// TestFinalSeat checks the State that the Bot sees in the final round of
// a game of four: the first last turn against the strongest player still
// to play and the highest score of the others, then the very last turn
// against the highest score, a later player's above the target's too.
func TestFinalSeat(t *testing.T) {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 600, FinalRound: true}
	g, err := game.New(r, []string{"p0", "p1", "p2", "p3"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	turn := func(roll, keep []farkle.Die) {
		t.Helper()
		if err := g.RollDice(roll); err != nil {
			t.Fatal(err)
		}
		if err := g.Keep(keep); err != nil {
			t.Fatal(err)
		}
		if err := g.Bank(); err != nil {
			t.Fatal(err)
		}
	}
	want := func(scores [3]int) {
		t.Helper()
		if got := finalSeat(g.View(), r.Target); got.Scores != scores {
			t.Errorf("player %d of scores %v: %v, want %v", g.View().Current(), g.View().Scores(), got.Scores, scores)
		}
	}
	turn([]farkle.Die{2, 2, 2, 3, 4, 6}, []farkle.Die{2, 2, 2}) // p0: 200
	if g.View().FinalRound() {
		t.Fatal("a final round at 200")
	}
	turn([]farkle.Die{1, 1, 1, 5, 2, 3}, []farkle.Die{1, 1, 1, 5})    // p1: 1050, the final round
	want([3]int{0, 200, 1050})                                        // p2: p3 and p0 (200) to play, p1 done
	turn([]farkle.Die{1, 1, 1, 1, 1, 3}, []farkle.Die{1, 1, 1, 1, 1}) // p2: 1200 (three 1s and two)
	want([3]int{0, 200, 1200})                                        // p3: p0 to play, p1 and p2 done
	turn([]farkle.Die{5, 2, 3, 4, 6, 6}, []farkle.Die{5})             // p3: 50
	want([3]int{200, 1200, 0})                                        // p0: the very last turn
}
