package game

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
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

// maxFuzzActions bounds the actions of one input of FuzzActions, so that
// each input runs fast.
const maxFuzzActions = 200

// FuzzActions plays a game from a stream of actions: byte 0 picks the
// rules, byte 1 the players, byte 2 the seed, and each later byte an
// action with its arguments, at most maxFuzzActions of them. Illegal
// actions must change nothing, and cheap checks hold after every action;
// the history is checked at the end, and the JSON round trip for the
// inputs that fuzzRoundTrip picks.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 7, 0, 2, 0xff, 4, 0, 2, 0xff, 4})
	f.Add([]byte{1, 2, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Add([]byte{2, 3, 1, 1 | 6<<3, 1, 2, 3, 4, 5, 6, 2, 0x3f, 4, 0, 3 | 2<<3, 1, 1})
	f.Add([]byte{3, 0, 0, 4, 2, 0, 0, 2, 1, 4, 5})
	f.Fuzz(fuzzActions)
}

// fuzzRoundTrip reports whether FuzzActions checks the JSON round trip
// (a save and a replay, the slow part) of the game of data: for every
// short input, and for one long input in eight, by a hash of the input.
func fuzzRoundTrip(data []byte) bool {
	if len(data) <= 24 {
		return true
	}
	h := fnv.New32a()
	h.Write(data)
	return h.Sum32()%8 == 0
}

func fuzzActions(t *testing.T, data []byte) {
	if len(data) < 3 {
		return
	}
	roundTrip := fuzzRoundTrip(data)
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
	var keep []farkle.Die
	for steps := 0; len(data) > 0 && steps < maxFuzzActions; steps++ {
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
			keep = keep[:0]
			for i, x := range g.table {
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
			if after := snapLite(g); !sameLite(before, after) {
				t.Fatalf("illegal action (%v) changed the game (-want +got):\n%s", err, cmp.Diff(before, after))
			}
			continue
		}
		if err := checkStep(g, before); err != nil {
			t.Fatalf("after action %d (op %d): %v", steps, op, err)
		}
	}
	if err := checkHistory(g); err != nil {
		t.Fatal(err)
	}
	if roundTrip {
		if err := checkRoundTrip(g); err != nil {
			t.Fatal(err)
		}
	}
}

// sameLite reports whether two snapLite snapshots are equal.
func sameLite(a, b snapshot) bool {
	return a.NEvents == b.NEvents && a.Current == b.Current && a.Turn == b.Turn &&
		slices.Equal(a.Dice, b.Dice) && a.TurnTotal == b.TurnTotal && a.DiceLeft == b.DiceLeft &&
		a.Hot == b.Hot && a.Final == b.Final && a.Over == b.Over && a.Winner == b.Winner &&
		slices.Equal(a.Players, b.Players)
}

// checkStep checks, in constant time, what must hold after a legal
// action, which took the game from the state before.
func checkStep(g *Game, before snapshot) error {
	n := g.NumPlayers()
	w, over := g.Winner()
	d := g.Dice()
	switch {
	case len(g.events) <= before.NEvents:
		return fmt.Errorf("a legal action added no event: %d, then %d", before.NEvents, len(g.events))
	case g.Current() < 0 || g.Current() >= n:
		return fmt.Errorf("current player %d of %d", g.Current(), n)
	case g.Turn() < before.Turn:
		return fmt.Errorf("turn %d after turn %d", g.Turn(), before.Turn)
	case g.TurnTotal() < 0:
		return fmt.Errorf("turn total %d", g.TurnTotal())
	case g.DiceLeft() < 1 || g.DiceLeft() > farkle.MaxDice:
		return fmt.Errorf("%d dice left", g.DiceLeft())
	case d != nil && len(d) != g.DiceLeft():
		return fmt.Errorf("%d dice on the table, %d left", len(d), g.DiceLeft())
	case over != g.Over() || over != (w >= 0 && w < n):
		return fmt.Errorf("over %v, winner %d (%v)", g.Over(), w, over)
	case over && (d != nil || g.TurnTotal() != 0 || g.FinalRound()):
		return fmt.Errorf("game over with dice %v, turn total %d, final round %v", d, g.TurnTotal(), g.FinalRound())
	case before.Over:
		return errors.New("a legal action after the end")
	case g.HotDice() && (d != nil || g.DiceLeft() != farkle.MaxDice):
		return fmt.Errorf("hot dice with dice %v and %d left", d, g.DiceLeft())
	}
	return nil
}
