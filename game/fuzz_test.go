package game

// FuzzActions and the meaning of its seed corpus.

import (
	"errors"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
)

// fuzzRules are the rules that byte 0 of a FuzzActions input picks. Their
// order is part of the encoding of the corpus under
// testdata/fuzz/FuzzActions: append, never reorder.
var fuzzRules = []Rules{
	{Target: 1000},
	{Target: 2000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.ZilchScoring.Rules()},
	{Target: 1500, FinalRound: true, MinFirstBank: 500, MustRollHotDice: true, Scoring: farkle.FacebookScoring.Rules()},
	{Target: 500, Penalty: 200, PenaltyAfter: 1, Scoring: farkle.ClassicScoring.Rules()},
	{Target: 1000, ToxicTwos: true, SixOnesWin: true, Penalty: 300, PenaltyAfter: 2},
	{Target: 1500, Welfare: true, Bankrupt: true, PenaltyAfter: 2},
	{Target: 2000, FinalRound: true, SixOnesWin: true, Scoring: shortStraights()},
	{Target: 1500, Piggyback: true, PiggybackBonus: 500},
}

// shortStraights is Core scoring with the short straights at 500 and 750.
func shortStraights() farkle.Rules {
	r := farkle.CoreScoring.Rules()
	r.LowStraight, r.HighStraight = 500, 750
	return r
}

// maxFuzzActions bounds the actions of one input of FuzzActions, so that
// each input runs fast.
const maxFuzzActions = 200

// FuzzActions plays a game from a stream of actions: byte 0 picks the
// rules, byte 1 the players, byte 2 the seed, and each later byte an
// action with its arguments, at most maxFuzzActions of them (see
// playActions). Illegal actions must change nothing, and cheap checks
// hold after every action; the history is checked at the end, and the
// JSON round trip for the inputs that fuzzRoundTrip picks.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 7, 0, 2, 0x11, 4, 0, 2, 0x0a, 4})
	f.Add([]byte{1, 2, 9, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Add([]byte{2, 3, 1, 1 | 6<<3, 1, 2, 3, 4, 5, 6, 2, 0x3f, 4, 0, 3 | 2<<3, 1, 1})
	f.Add([]byte{3, 0, 0, 4, 2, 0, 0, 2, 1, 4, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, _ := playActions(t, data)
		if g == nil {
			return
		}
		if err := checkHistory(g); err != nil {
			t.Fatal(err)
		}
		if fuzzRoundTrip(data) {
			if err := checkRoundTrip(g); err != nil {
				t.Fatal(err)
			}
		}
	})
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

// playActions plays the game of a FuzzActions input, checking every
// action, and returns it with the number of illegal actions; nil for an
// input of less than 3 bytes. After the 3 bytes of rules, players and
// seed, an action byte op is, by op%6: 0 Roll; 1 RollDice and 3 Keep of
// (op>>3)&7 dice, one byte each (the die is the byte%8, so that 0 and 7
// are invalid); 2 Keep of the dice on the table picked by the bits of the
// next byte; 4 Bank; 5 PlayTurn with a ThresholdBot banking at op*10.
func playActions(t testing.TB, data []byte) (*Game, int) {
	if len(data) < 3 {
		return nil, 0
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
	var keep []farkle.Die
	illegal := 0
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
			for i, x := range g.View().Roll() {
				if mask>>i&1 == 1 {
					keep = append(keep, x)
				}
			}
			err = g.Keep(keep)
		case 4:
			err = g.Bank()
		case 5: // the bot takes over every bank it may (under Piggyback)
			err = g.PlayTurn(piggybackBot{ThresholdBot{BankAt: int(op) * 10}})
		}
		if err != nil {
			illegal++
			var ae *ActionError
			if !errors.As(err, &ae) {
				t.Fatalf("error %v is not an *ActionError", err)
			}
			if after := snapLite(g); !sameLite(before, after) {
				t.Fatalf("illegal action (%v) changed the game (-want +got):\n%s", err, cmpDiff(before, after))
			}
			continue
		}
		if err := checkStep(g, before); err != nil {
			t.Fatalf("after action %d (op %d): %v", steps, op, err)
		}
	}
	return g, illegal
}

// readCorpus returns the input of a file of the seed corpus, in the
// format "go test fuzz v1" with one []byte value.
func readCorpus(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzActions", name))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" || !strings.HasPrefix(lines[1], "[]byte(") || !strings.HasSuffix(lines[1], ")") {
		t.Fatalf("%s: not a corpus file of one []byte:\n%s", name, b)
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return []byte(s)
}

// The files of the seed corpus play the games their names promise, so
// that a change of the encoding that empties them does not go unseen.
func TestFuzzCorpus(t *testing.T) {
	kinds := func(g *Game) map[EventKind]int {
		m := map[EventKind]int{}
		for _, e := range g.EventsSince(0) {
			m[e.Kind]++
		}
		return m
	}
	for _, tc := range []struct {
		file  string
		rules int
		check func(g *Game, illegal int) bool
	}{
		{"app-roll-keep-bank", 0, func(g *Game, illegal int) bool {
			return illegal == 0 && kinds(g)[EventKept] == 2 && kinds(g)[EventBanked] == 2
		}},
		{"bad-actions", 0, func(g *Game, illegal int) bool { return illegal >= 3 }},
		{"classic-whole-game", 3, func(g *Game, _ int) bool { return g.View().Over() && kinds(g)[EventPenalty] > 0 }},
		{"facebook-rolldice-hot", 2, func(g *Game, illegal int) bool {
			return kinds(g)[EventHotDice] >= 1 && illegal >= 1 && g.View().NumPlayers() == 4
		}},
		{"zilch-bots", 1, func(g *Game, _ int) bool { return kinds(g)[EventBanked] >= 2 && g.View().NumPlayers() == 3 }},
		{"toxic-twos-six-ones", 4, func(g *Game, illegal int) bool {
			w, _ := g.View().Winner()
			return illegal == 0 && kinds(g)[EventToxicTwos] == 1 && kinds(g)[EventSixOnes] == 1 && w == 1
		}},
		{"welfare-bankrupt", 5, func(g *Game, illegal int) bool {
			return illegal == 0 && kinds(g)[EventOvershot] == 1 && kinds(g)[EventWelfare] == 1 && kinds(g)[EventBankrupt] == 1 &&
				g.View().Scores()[0] == 1000 && g.View().Scores()[1] == 0
		}},
		{"piggyback", 7, func(g *Game, illegal int) bool {
			return illegal == 0 && kinds(g)[EventPiggybacked] >= 1
		}},
		{"short-straights", 6, func(g *Game, illegal int) bool {
			return illegal == 0 && kinds(g)[EventHotDice] == 1 && g.View().Scores()[0] == 850
		}},
	} {
		data := readCorpus(t, tc.file)
		if int(data[0])%len(fuzzRules) != tc.rules {
			t.Errorf("%s: rules %d, want %d", tc.file, int(data[0])%len(fuzzRules), tc.rules)
		}
		g, illegal := playActions(t, data)
		if !tc.check(g, illegal) {
			t.Errorf("%s: %d players, over %v, %d illegal actions, events %v", tc.file, g.View().NumPlayers(), g.View().Over(), illegal, kinds(g))
		}
		if err := checkInvariants(g); err != nil {
			t.Errorf("%s: %v", tc.file, err)
		}
	}
}
