package strategy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
)

// playTurn plays one turn by the table's decisions, the path that
// Bot.Decide takes, from the state (total, n dice to roll) with the rules
// of the table, checking each decision as a game engine would, and
// returns the final score of the turn.
func playTurn(t *testing.T, rng *rand.Rand, tb *Table, total, n int) int {
	s := tb.an.Scorer
	o := tb.opts
	roll := make([]farkle.Die, 0, farkle.MaxDice)
	for {
		roll = roll[:0]
		for range n {
			roll = append(roll, farkle.Die(1+rng.IntN(6)))
		}
		h, _ := farkle.HandOf(roll)
		p, bank, ok := tb.decide(h.Dice(), total)
		if !ok {
			if f, _ := s.IsFarkle(roll); !f {
				t.Fatalf("bot kept nothing from %v, which is no farkle", roll)
			}
			return 0
		}
		keep := p.Dice()
		pts, err := s.ValidateKeep(roll, keep)
		if err != nil {
			t.Fatalf("bot keeps %v from %v: %v", keep, roll, err)
		}
		total += pts
		n -= len(keep)
		hot := n == 0
		if hot {
			n = farkle.MaxDice
		}
		if bank {
			if total < o.MinBank || (hot && o.MustRollHotDice) {
				t.Fatalf("bot banks %d against the rules %+v (hot dice %v)", total, o, hot)
			}
			return total
		}
	}
}

// TestMonteCarlo plays turns by the Bot's decisions, with seeded dice, and checks that
// their mean score is within 3 standard errors of the table's prediction,
// for every preset from the start of a turn and for one state within a
// turn.
func TestMonteCarlo(t *testing.T) {
	const turns = 20_000
	type start struct{ total, dice int }
	for i, p := range presets {
		for j, o := range []turnRules{{}, {MinBank: 350, MustRollHotDice: true}} {
			tb := mustSolve(t, newScorer(t, p), o)
			for k, st := range []start{{0, 6}, {250, 3}} {
				rng := rand.New(rand.NewPCG(uint64(i), uint64(2*j+k)))
				var sum, sumSq float64
				for range turns {
					x := float64(playTurn(t, rng, tb, st.total, st.dice))
					sum += x
					sumSq += x * x
				}
				mean := sum / turns
				se := math.Sqrt((sumSq/turns - mean*mean) / (turns - 1))
				want, _ := tb.RollValue(st.total, st.dice)
				if st.total == 0 && want != tb.TurnValue() {
					t.Fatalf("RollValue(0, 6) %v != TurnValue %v", want, tb.TurnValue())
				}
				if math.Abs(mean-want) > 3*se {
					t.Errorf("%s %+v from (%d, %d dice): simulated mean %.2f ± %.2f, predicted %.2f", p, o, st.total, st.dice, mean, se, want)
				}
			}
		}
	}
}
