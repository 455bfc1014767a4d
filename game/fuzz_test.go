package game

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

var fuzzRules = []Rules{
	{Target: 1000},
	{Target: 2000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scorer: Zilch.Scorer},
	{Target: 1500, FinalRound: true, MinFirstBank: 500, HotDice: HotDiceMustRoll, Scorer: Facebook.Scorer},
	{Target: 500, Penalty: 200, PenaltyAfter: 1, Scorer: classicScorer},
}

// FuzzActions plays a game from a stream of actions: byte 0 picks the
// rules, byte 1 the players, byte 2 the seed, and each later byte an
// action with its arguments. Illegal actions must change nothing, and the
// game must keep its invariants.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 7, 0, 2, 0xff, 4, 0, 2, 0xff, 4})
	f.Add([]byte{1, 2, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Add([]byte{2, 3, 1, 1 | 6<<3, 1, 2, 3, 4, 5, 6, 2, 0x3f, 4, 0, 3 | 2<<3, 1, 1})
	f.Add([]byte{3, 0, 0, 4, 2, 0, 0, 2, 1, 4, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		r := fuzzRules[int(data[0])%len(fuzzRules)]
		n := int(data[1])%MaxPlayers + 1
		g, err := New(r, make([]string, n), rand.NewPCG(uint64(data[2]), 0))
		if err != nil {
			t.Fatal(err)
		}
		data = data[3:]
		next := func() byte {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return b
		}
		for steps := 0; len(data) > 0 && steps < 300; steps++ {
			op := next()
			before := snapLite(g)
			var err error
			switch op % 6 {
			case 0:
				err = g.Roll()
			case 1, 3:
				d := make([]farkle.Die, int(op>>3)&7)
				for i := range d {
					d[i] = farkle.Die(next() % 8)
				}
				if op%6 == 1 {
					err = g.RollDice(d)
				} else {
					err = g.Keep(d)
				}
			case 2:
				mask := next()
				var keep []farkle.Die
				for i, x := range g.Dice() {
					if mask>>i&1 == 1 {
						keep = append(keep, x)
					}
				}
				err = g.Keep(keep)
			case 4:
				err = g.Bank()
			case 5:
				err = g.PlayTurn(ThresholdBot{Scorer: r.Scorer, BankAt: int(op) * 10})
			}
			if err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) {
					t.Fatalf("error %v is not an *ActionError", err)
				}
				if diff := cmp.Diff(before, snapLite(g)); diff != "" {
					t.Fatalf("illegal action (%v) changed the game (-want +got):\n%s", err, diff)
				}
			}
		}
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	})
}
