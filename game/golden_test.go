package game

// Golden saves: games saved in format version 2 when it was settled, so
// that a save written then keeps loading, as the same game, in every
// later version.
//
// The files under testdata/golden-v2*.json were written once and must
// never be regenerated, nor edited, to make a failing test pass: a
// failure here means that saves players already have stopped loading or
// load as another game. Fix the code instead. (A new format version gets
// new golden files next to these, which keep loading.)
//
// They were made with:
//
//	golden-v2.json: New(Zilch.Rules(), []string{"Ann", "Bob", "Zoë"}, rand.NewPCG(2, 2026)),
//	    Play(ThresholdBot{BankAt: 300}, ThresholdBot{BankAt: 600}, ThresholdBot{BankAt: 1000});
//	golden-v2-custom.json: the rules of TestGoldenSaves, []string{"Dee", "Eve"},
//	    rand.NewChaCha8([32]byte{1, 20, 26}), Play(ThresholdBot{BankAt: 350}, ThresholdBot{BankAt: 800});
//
// and, one per house rule, each with the rules of its case in
// TestGoldenSaves and rand.NewPCG(seed, 2026), seed the first from 1 whose
// game has the rule's events, and Play of ThresholdBots banking at:
//
//	golden-v2-toxic-twos.json: seed 222, Ann and Bob, 300 and 600;
//	golden-v2-six-ones.json: seed 610, Ann and Bob, 350 and 1000;
//	golden-v2-welfare.json: seed 1, Ann, Bob and Zoë, 300, 600 and 1000;
//	golden-v2-bankrupt.json: seed 4, Dee and Eve, 300 and 1000;
//	golden-v2-short-straights.json: seed 6, Ann and Bob, 300 and 500;
//	golden-v2-piggyback.json: seed 3, Ann and Bob, 300 (taking over every
//	    bank: piggybackBot of house_test.go) and 500;
//
// then json.Marshal, with one line per event.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/farkle-go/farkle"
)

func TestGoldenSaves(t *testing.T) {
	tests := []struct {
		file   string
		rules  Rules
		names  []string
		scores []int
		winner int
		events int
		kinds  map[EventKind]int
		source bool
		preset string // the name of the preset of the rules, if any
	}{
		{
			file:  "golden-v2.json",
			rules: Rules{Target: 10000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.ZilchScoring.Rules()},
			names: []string{"Ann", "Bob", "Zoë"}, scores: []int{7950, 10300, 6000}, winner: 1, events: 303,
			kinds: map[EventKind]int{
				EventRolled: 126, EventKept: 102, EventHotDice: 11, EventBanked: 34, EventFarkled: 24,
				EventPenalty: 4, EventFinalRound: 1, EventWon: 1,
			},
			source: true, preset: "zilch",
		},
		{
			file: "golden-v2-custom.json",
			rules: Rules{
				Target: 4000, MinBank: 250, MinFirstBank: 500, Penalty: 300, PenaltyAfter: 2, MustRollHotDice: true,
				Scoring: farkle.Rules{
					SingleOne: 100, SingleFive: 50, Triple: [7]int{0, 300, 200, 300, 400, 500, 600},
					Bonus: farkle.BonusFixed, FourOfAKind: 1000, FiveOfAKind: 2000, SixOfAKind: 3000, Split: true,
					Straight: 1500, ThreePairs: 1500, FourAsTwoPairs: false, FourAndPair: 1500, TwoTriplets: 2500,
					Nothing: 300,
				},
			},
			names: []string{"Dee", "Eve"}, scores: []int{1750, 4900}, winner: 1, events: 171,
			kinds: map[EventKind]int{
				EventRolled: 75, EventKept: 63, EventHotDice: 8, EventBanked: 8, EventFarkled: 12,
				EventPenalty: 4, EventWon: 1,
			},
			source: true,
		},
		{
			file:  "golden-v2-toxic-twos.json",
			rules: Rules{Target: 3000, FinalRound: true, ToxicTwos: true, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.AppScoring.Rules()},
			names: []string{"Ann", "Bob"}, scores: []int{3150, -900}, winner: 0, events: 117,
			kinds: map[EventKind]int{
				EventRolled: 50, EventKept: 39, EventHotDice: 1, EventBanked: 9, EventFarkled: 11,
				EventPenalty: 3, EventFinalRound: 1, EventWon: 1, EventToxicTwos: 2,
			},
			source: true,
		},
		{
			file:  "golden-v2-six-ones.json",
			rules: Rules{Target: 10000, FinalRound: true, SixOnesWin: true, Scoring: farkle.AppScoring.Rules()},
			names: []string{"Ann", "Bob"}, scores: []int{850, 1000}, winner: 1, events: 19,
			kinds: map[EventKind]int{
				EventRolled: 7, EventKept: 6, EventHotDice: 1, EventBanked: 3, EventWon: 1, EventSixOnes: 1,
			},
			source: true,
		},
		{
			file:  "golden-v2-welfare.json",
			rules: Rules{Target: 2000, Welfare: true, MinBank: 300, Scoring: farkle.FacebookScoring.Rules()},
			names: []string{"Ann", "Bob", "Zoë"}, scores: []int{1950, 2000, 1850}, winner: 1, events: 195,
			kinds: map[EventKind]int{
				EventRolled: 84, EventKept: 67, EventHotDice: 6, EventBanked: 7, EventFarkled: 17,
				EventWon: 1, EventOvershot: 10, EventWelfare: 3,
			},
			source: true,
		},
		{
			file:  "golden-v2-bankrupt.json",
			rules: Rules{Target: 4000, Bankrupt: true, PenaltyAfter: 2, Scoring: farkle.ZilchScoring.Rules()},
			names: []string{"Dee", "Eve"}, scores: []int{4200, 0}, winner: 0, events: 134,
			kinds: map[EventKind]int{
				EventRolled: 57, EventKept: 47, EventHotDice: 5, EventBanked: 11, EventFarkled: 10,
				EventWon: 1, EventBankrupt: 3,
			},
			source: true,
		},
		{
			file:  "golden-v2-piggyback.json",
			rules: Rules{Target: 3000, Piggyback: true, PiggybackBonus: 500, Scoring: farkle.AppScoring.Rules()},
			names: []string{"Ann", "Bob"}, scores: []int{4150, 1750}, winner: 0, events: 50,
			kinds: map[EventKind]int{
				EventRolled: 18, EventKept: 15, EventHotDice: 2, EventBanked: 8, EventFarkled: 3,
				EventWon: 1, EventPiggybacked: 3,
			},
			source: true,
		},
		{
			file: "golden-v2-short-straights.json",
			rules: Rules{Target: 3000, Scoring: farkle.Rules{
				SingleOne: 100, SingleFive: 50, Triple: [7]int{0, 1000, 200, 300, 400, 500, 600},
				Bonus: farkle.BonusNone, Split: true, LowStraight: 500, HighStraight: 750,
			}},
			names: []string{"Ann", "Bob"}, scores: []int{2200, 3350}, winner: 1, events: 64,
			kinds: map[EventKind]int{
				EventRolled: 25, EventKept: 22, EventHotDice: 4, EventBanked: 9, EventFarkled: 3, EventWon: 1,
			},
			source: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var g Game
			if err := json.Unmarshal(b, &g); err != nil {
				t.Fatalf("the golden save does not load: %v", err)
			}
			if g.View().Rules() != tc.rules {
				t.Errorf("rules (-want +got):\n%s", cmpDiff(tc.rules, g.View().Rules()))
			}
			if tc.preset != "" {
				p, err := ParsePreset(tc.preset)
				if err != nil || g.View().Rules() != p.Rules() {
					t.Errorf("rules %+v, want those of %s (%v)", g.View().Rules(), tc.preset, err)
				}
			}
			var names []string
			for _, p := range g.View().Players() {
				names = append(names, p.Name)
			}
			if diff := cmpDiff(tc.names, names); diff != "" {
				t.Errorf("names (-want +got):\n%s", diff)
			}
			if diff := cmpDiff(tc.scores, g.View().Scores()); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
			if w, over := g.View().Winner(); !over || w != tc.winner {
				t.Errorf("Winner() = %d, %v; want %d, true", w, over, tc.winner)
			}
			if g.NumEvents() != tc.events {
				t.Errorf("%d events, want %d", g.NumEvents(), tc.events)
			}
			kinds := map[EventKind]int{}
			for _, e := range g.EventsSince(0) {
				kinds[e.Kind]++
			}
			if diff := cmpDiff(tc.kinds, kinds); diff != "" {
				t.Errorf("events by kind (-want +got):\n%s", diff)
			}
			if g.HasSource() != tc.source {
				t.Errorf("HasSource() = %v, want %v", g.HasSource(), tc.source)
			}
			if err := checkHistory(&g); err != nil {
				t.Error(err)
			}
			// The values above agree with the file read as plain JSON,
			// without the package.
			checkGoldenJSON(t, b, tc.names, tc.scores, tc.events)
			// This version saves the game as the file has it.
			again, err := json.Marshal(&g)
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, b); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, compact.Bytes()) {
				t.Errorf("the loaded game saves differently:\n%s\nwant\n%s", again, compact.Bytes())
			}
		})
	}
}

// checkGoldenJSON reads the save b as plain JSON and checks its names,
// its number of events, and the scores that its banks, penalties,
// bankruptcies and welfare add up to.
func checkGoldenJSON(t *testing.T, b []byte, names []string, scores []int, events int) {
	t.Helper()
	var plain struct {
		Players []string
		Events  []struct {
			Kind   string
			Player int
			Points int
		}
	}
	if err := json.Unmarshal(b, &plain); err != nil {
		t.Fatal(err)
	}
	sums := make([]int, len(plain.Players))
	for _, e := range plain.Events {
		switch e.Kind {
		case "banked":
			sums[e.Player] += e.Points
		case "penalty", "bankrupt":
			sums[e.Player] -= e.Points
		case "welfare":
			sums[e.Player] += e.Points
		}
	}
	if diff := cmpDiff(names, plain.Players); diff != "" {
		t.Errorf("names in the file (-want +got):\n%s", diff)
	}
	if diff := cmpDiff(scores, sums); diff != "" {
		t.Errorf("banks and gifts less penalties in the file (-want +got):\n%s", diff)
	}
	if len(plain.Events) != events {
		t.Errorf("%d events in the file, want %d", len(plain.Events), events)
	}
}
