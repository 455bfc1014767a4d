package game

// The house rules of play (Rules.ToxicTwos, SixOnesWin, Welfare and
// Bankrupt), in scripted games whose every event is worked out by hand.
// run checks each game against the model of invariants_test.go too. The
// rapid properties are in house_rapid_test.go.

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/farkle-go/farkle"
)

// lastEvents returns the last n events of g.
func lastEvents(g *Game, n int) []Event {
	return g.EventsSince(g.NumEvents() - n)
}

func TestToxicTwos(t *testing.T) {
	r := Rules{ToxicTwos: true, Penalty: 500, PenaltyAfter: 2}
	g := newGame(t, r, 2)
	// Player 0 keeps 150, then rolls four 2s with four dice: the turn is
	// lost as a farkle.
	run(t, g, script("r 155234", "k 15", "r 2222"))
	want := []Event{
		{Kind: EventRolled, Player: 0, Dice: hand(dice("2222")), TurnTotal: 150},
		{Kind: EventToxicTwos, Player: 0, TurnTotal: 150},
		{Kind: EventFarkled, Player: 0, Points: 150, Farkles: 1},
	}
	if diff := cmpDiff(want, lastEvents(g, 3)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if g.View().Current() != 1 || g.View().TurnTotal() != 0 {
		t.Fatalf("after toxic twos: player %d to play, turn total %d; want 1 and 0", g.View().Current(), g.View().TurnTotal())
	}
	// Player 1 banks; player 0's second toxic roll in a row, on six dice
	// that would score 1000 + 150 without the rule, costs the penalty.
	run(t, g, script("r 155234", "k 15", "b", "r 222215"))
	want = []Event{
		{Kind: EventRolled, Player: 0, Dice: hand(dice("222215")), Farkles: 1},
		{Kind: EventToxicTwos, Player: 0, Farkles: 1},
		{Kind: EventFarkled, Player: 0, Farkles: 2},
		{Kind: EventPenalty, Player: 0, Points: 500, Score: -500},
	}
	if diff := cmpDiff(want, lastEvents(g, 4)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	// Three 2s are no toxic twos, and without the rule four 2s score.
	run(t, g, script("r 222346", "k 222"))
	if g.View().TurnTotal() != 200 {
		t.Errorf("three 2s: turn total %d, want 200", g.View().TurnTotal())
	}
	plain := newGame(t, Rules{}, 1)
	run(t, plain, script("r 222215", "k 222215"))
	if plain.View().TurnTotal() != 1150 {
		t.Errorf("without ToxicTwos: turn total %d, want 1150", plain.View().TurnTotal())
	}
}

func TestSixOnes(t *testing.T) {
	r := Rules{SixOnesWin: true, Target: 1000, FinalRound: true}
	g := newGame(t, r, 2)
	run(t, g, script("r 155234", "k 15", "b", "r 111111"))
	want := []Event{
		{Kind: EventRolled, Player: 1, Dice: hand(dice("111111"))},
		{Kind: EventSixOnes, Player: 1},
		{Kind: EventWon, Player: 1},
	}
	if diff := cmpDiff(want, lastEvents(g, 3)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if w, over := g.View().Winner(); !over || w != 1 {
		t.Fatalf("Winner() = %d, %v; want 1, true", w, over)
	}
	if got := g.View().Scores(); got[0] != 150 || got[1] != 0 {
		t.Errorf("scores %v; want [150 0]: the winner's turn total is not banked", got)
	}

	// In the final round, after hot dice, six 1s win for a player behind.
	g = newGame(t, r, 2)
	run(t, g, script("r 111234", "k 111", "b", "r 155555", "k 155555", "r 111111"))
	if w, _ := g.View().Winner(); w != 1 {
		t.Errorf("final round: winner %d, want 1 (six 1s)", w)
	}

	// Without the rule six 1s are six of a kind, as usual.
	plain := newGame(t, Rules{FinalRound: true}, 2)
	run(t, plain, script("r 111111", "k 111111"))
	if plain.View().Over() || plain.View().TurnTotal() != 3000 {
		t.Errorf("without SixOnesWin: over %v, turn total %d; want false, 3000", plain.View().Over(), plain.View().TurnTotal())
	}
}

func TestWelfare(t *testing.T) {
	r := Rules{Welfare: true, Target: 2000}
	g := newGame(t, r, 3)
	run(t, g, script(
		"r 111234", "k 111", "b", // player 0: 1000
		"r 155234", "k 15", "b", // player 1: 150
		"r 555234", "k 555", "b", // player 2: 500
		"r 111234", "k 111", "r 155", "k 15", "b", // player 0 banks 1150: 2150 would pass 2000
	))
	want := []Event{
		{Kind: EventOvershot, Player: 0, Points: 1150, Score: 1000},
		{Kind: EventWelfare, Player: 1, Points: 1150, Score: 1300},
	}
	if diff := cmpDiff(want, lastEvents(g, 2)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if g.View().Current() != 1 || g.View().Over() {
		t.Fatalf("after welfare: player %d to play, over %v; want 1, false", g.View().Current(), g.View().Over())
	}

	// A bank to the target exactly wins.
	g = newGame(t, Rules{Welfare: true, Target: 1000}, 2)
	run(t, g, script("r 111234", "k 111", "b"))
	if w, over := g.View().Winner(); !over || w != 0 {
		t.Errorf("bank to the target: Winner() = %d, %v; want 0, true", w, over)
	}

	// A gift that brings the lowest player to the target exactly wins for
	// them.
	g = newGame(t, Rules{Welfare: true, Target: 1150}, 2)
	run(t, g, script("r 111234", "k 111", "b", "r 155234", "k 15", "b", "r 111234", "k 111", "b"))
	want = []Event{
		{Kind: EventOvershot, Player: 0, Points: 1000, Score: 1000},
		{Kind: EventWelfare, Player: 1, Points: 1000, Score: 1150},
		{Kind: EventWon, Player: 1, Score: 1150},
	}
	if diff := cmpDiff(want, lastEvents(g, 3)); diff != "" {
		t.Fatalf("gift to the target: events (-want +got):\n%s", diff)
	}

	// A gift that would pass the target too is lost.
	g = newGame(t, Rules{Welfare: true, Target: 1100}, 2)
	run(t, g, script("r 111234", "k 111", "b", "r 111234", "k 111", "b", "r 111234", "k 111", "b"))
	if diff := cmpDiff([]Event{{Kind: EventOvershot, Player: 0, Points: 1000, Score: 1000}}, lastEvents(g, 1)); diff != "" {
		t.Fatalf("lost gift: events (-want +got):\n%s", diff)
	}
	if got := g.View().Scores(); got[0] != 1000 || got[1] != 1000 || g.View().Over() || g.View().Current() != 1 {
		t.Errorf("lost gift: scores %v, over %v, current %d; want [1000 1000], false, 1", got, g.View().Over(), g.View().Current())
	}

	// On a tie for the lowest score the first after the banker, in the
	// order of play, gets the points: player 0 after player 2.
	g = newGame(t, Rules{Welfare: true, Target: 1000}, 3)
	run(t, g, script("r 234662", "r 234662", "r 155234", "k 15", "b", "r 234662", "r 234662", "r 111234", "k 111", "b"))
	want = []Event{
		{Kind: EventOvershot, Player: 2, Points: 1000, Score: 150},
		{Kind: EventWelfare, Player: 0, Points: 1000, Score: 1000, Farkles: 2},
		{Kind: EventWon, Player: 0, Score: 1000, Farkles: 2},
	}
	if diff := cmpDiff(want, lastEvents(g, 3)); diff != "" {
		t.Fatalf("tie: events (-want +got):\n%s", diff)
	}

	// A gift is no bank: under MinFirstBank it leaves an off-board player
	// off the board, with their farkles in a row.
	g = newGame(t, Rules{Welfare: true, MinFirstBank: 500, Target: 1100}, 2)
	run(t, g, script("r 111234", "k 111", "b", "r 234662", "r 111234", "k 111", "b"))
	if got := g.View().Players()[1]; got.Score != 1000 || got.OnBoard || got.Farkles != 1 {
		t.Errorf("after a gift: %+v; want score 1000, off the board, 1 farkle in a row", got)
	}

	// Alone, an overshot bank is lost.
	solo := newGame(t, Rules{Welfare: true, Target: 500}, 1)
	run(t, solo, script("r 111234", "k 111", "b"))
	if solo.View().Over() || solo.View().Scores()[0] != 0 || !solo.View().Players()[0].OnBoard {
		t.Errorf("alone: %+v, over %v; want score 0, on the board, not over", solo.View().Players()[0], solo.View().Over())
	}
}

func TestBankrupt(t *testing.T) {
	r := Rules{Bankrupt: true, PenaltyAfter: 2}
	g := newGame(t, r, 2)
	run(t, g, script("r 111234", "k 111", "b", "r 155234", "k 15", "b", "r 234662", "r 234662", "r 155234", "k 15", "r 2346"))
	want := []Event{
		{Kind: EventRolled, Player: 0, Dice: hand(dice("2346")), TurnTotal: 150, Score: 1000, Farkles: 1},
		{Kind: EventFarkled, Player: 0, Points: 150, Score: 1000, Farkles: 2},
		{Kind: EventBankrupt, Player: 0, Points: 1000},
	}
	if diff := cmpDiff(want, lastEvents(g, 3)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if got := g.View().Players()[0]; got.Score != 0 || got.Farkles != 0 {
		t.Errorf("after bankruptcy: %+v; want score 0, farkles 0", got)
	}
}

func TestDescribeHouseEvents(t *testing.T) {
	g := newGame(t, Rules{}, 2)
	for _, tc := range []struct {
		e    Event
		want string
	}{
		{Event{Kind: EventToxicTwos}, "Player 1 rolled four or more 2s: toxic twos end the turn"},
		{Event{Kind: EventSixOnes, Player: 1}, "Player 2 rolled six 1s and wins at once"},
		{Event{Kind: EventBankrupt, Points: 3200}, "Player 1 went bankrupt and lost 3200 (score 0)"},
		{Event{Kind: EventOvershot, Points: 450, Score: 9800}, "Player 1 banked 450 past the target: it scores nothing (score 9800)"},
		{Event{Kind: EventWelfare, Player: 1, Points: 450, Score: 2450}, "Player 2 was given 450 by welfare (score 2450)"},
	} {
		if got := g.Describe(tc.e); got != tc.want {
			t.Errorf("Describe(%+v) = %q, want %q", tc.e, got, tc.want)
		}
	}
}

// TestHouseRulesJSON checks the keys of the house rules of play in the
// JSON of Rules: written only when on, read when present or missing, and
// refused when repeated or not a boolean.
func TestHouseRulesJSON(t *testing.T) {
	const base = `{"target":10000,"final_round":false,"min_bank":0,"min_first_bank":0,"penalty":0,"penalty_after":3,"must_roll_hot_dice":false,"scoring":"app"`
	for _, tc := range []struct {
		r    Rules
		json string
	}{
		{Rules{Target: 10000, PenaltyAfter: 3, Bankrupt: true, Scoring: farkle.AppScoring.Rules()}, base + `,"bankrupt":true}`},
		{Rules{Target: 10000, PenaltyAfter: 3, Bankrupt: true, ToxicTwos: true, SixOnesWin: true, Welfare: true, Scoring: farkle.AppScoring.Rules()},
			base + `,"toxic_twos":true,"six_ones_win":true,"welfare":true,"bankrupt":true}`},
		{Rules{Target: 10000, PenaltyAfter: 3, Bankrupt: true, Piggyback: true, PiggybackBonus: 1000, Scoring: farkle.AppScoring.Rules()},
			base + `,"bankrupt":true,"piggyback":true,"piggyback_bonus":1000}`},
	} {
		b, err := json.Marshal(tc.r)
		if err != nil || string(b) != tc.json {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.r, b, err, tc.json)
		}
		var got Rules
		if err := json.Unmarshal([]byte(tc.json), &got); err != nil || got != tc.r {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", tc.json, got, err, tc.r)
		}
	}
	// Without house rules the JSON is as before them.
	b, err := json.Marshal(Zilch.Rules())
	if want := `{"target":10000,"final_round":true,"min_bank":300,"min_first_bank":0,"penalty":500,"penalty_after":3,"must_roll_hot_dice":false,"scoring":"zilch"}`; err != nil || string(b) != want {
		t.Errorf("json.Marshal(Zilch) = %s, %v; want %s", b, err, want)
	}
	for _, bad := range []string{
		base + `,"bankrupt":1}`,
		base + `,"bankrupt":true,"bankrupt":true}`,
		base + `,"Bankrupt":true}`,
		base + `,"bankrupt":null}`,
		base + `,"bankrupt":false}`, // PenaltyAfter 3 without Penalty or Bankrupt
		base + `,"bankrupt":true,"piggyback_bonus":1000}`,
		base + `,"bankrupt":true,"piggyback":true,"piggyback_bonus":1.5}`,
		`{"target":10000,"final_round":true,"min_bank":0,"min_first_bank":0,"penalty":0,"penalty_after":0,"must_roll_hot_dice":false,"scoring":"app","welfare":true}`,
	} {
		r := Zilch.Rules()
		err := json.Unmarshal([]byte(bad), &r)
		if !errors.Is(err, farkle.ErrInvalidRules) || r != Zilch.Rules() {
			t.Errorf("json.Unmarshal(%s) = %v, rules %+v; want an error wrapping ErrInvalidRules and no change", bad, err, r)
		}
	}
}

func TestPiggyback(t *testing.T) {
	r := Rules{Piggyback: true, PiggybackBonus: 1000}
	g := newGame(t, r, 2)
	run(t, g, script("r 155234", "k 15", "b")) // player 0 banks 150 with 4 dice left
	if total, left, ok := g.View().Offer(); total != 1150 || left != 4 || !ok {
		t.Fatalf("Offer() = %d, %d, %v; want 1150, 4, true", total, left, ok)
	}
	if err := g.Piggyback(); err != nil {
		t.Fatal(err)
	}
	if diff := cmpDiff([]Event{{Kind: EventPiggybacked, Player: 1, Points: 1150, TurnTotal: 1150}}, lastEvents(g, 1)); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	if g.View().TurnTotal() != 1150 || g.View().DiceLeft() != 4 {
		t.Fatalf("after Piggyback: turn total %d, %d dice left; want 1150, 4", g.View().TurnTotal(), g.View().DiceLeft())
	}
	run(t, g, []step{{"b", ErrNotRolled}, {"r 5234", nil}, {"k 5", nil}, {"b", nil}})
	if got := g.View().Scores(); got[0] != 150 || got[1] != 1200 {
		t.Fatalf("scores %v, want [150 1200]: the banker keeps the bank", got)
	}
	// Player 1 left 3 dice: player 0 rolls six afresh instead, which drops
	// the offer.
	run(t, g, []step{{"r 234662", nil}, {"p", ErrNoOffer}})
	// A farkle after taking over loses the total taken over.
	g = newGame(t, Rules{Piggyback: true}, 3)
	run(t, g, script("r 155234", "k 15", "b", "p", "r 2346"))
	if diff := cmpDiff([]Event{{Kind: EventFarkled, Player: 1, Points: 150, Farkles: 1}}, lastEvents(g, 1)); diff != "" {
		t.Fatalf("farkle after piggyback (-want +got):\n%s", diff)
	}
	// Player 1 farkled: player 2 has nothing to take over.
	if _, _, ok := g.View().Offer(); ok {
		t.Error("an offer after a farkle")
	}

	// No offer after hot dice, alone, or without the rule.
	for _, tc := range []struct {
		name    string
		r       Rules
		players int
		steps   []step
	}{
		{"hot dice", Rules{Piggyback: true}, 2, script("r 123456", "k 123456", "b")},
		{"alone", Rules{Piggyback: true}, 1, script("r 155234", "k 15", "b")},
		{"no rule", Rules{}, 2, script("r 155234", "k 15", "b")},
		{"game over", Rules{Piggyback: true, Target: 1000}, 2, script("r 111234", "k 111", "b")},
	} {
		g := newGame(t, tc.r, tc.players)
		run(t, g, tc.steps)
		if total, left, ok := g.View().Offer(); ok || total != 0 || left != 0 {
			t.Errorf("%s: Offer() = %d, %d, %v", tc.name, total, left, ok)
		}
		want := ErrNoOffer
		if g.View().Over() {
			want = ErrGameOver
		}
		run(t, g, []step{{"p", want}})
	}

	// In the final round the others may take over the bank that reached
	// the target.
	g = newGame(t, Rules{Piggyback: true, Target: 1000, FinalRound: true}, 2)
	run(t, g, script("r 111234", "k 111", "b", "p"))
	if g.View().TurnTotal() != 1000 || g.View().DiceLeft() != 3 || !g.View().FinalRound() {
		t.Errorf("final round: turn total %d, %d dice, final round %v", g.View().TurnTotal(), g.View().DiceLeft(), g.View().FinalRound())
	}
}

// piggybackBot takes over every offer, and keeps and banks as a
// ThresholdBot.
type piggybackBot struct{ ThresholdBot }

func (piggybackBot) Piggyback(View) bool { return true }

func TestPiggybacker(t *testing.T) {
	g := newGame(t, Rules{Piggyback: true, Target: 5000}, 2)
	run(t, g, script("r 155234", "k 15", "b"))
	g.SetSource(seededSource(3))
	if err := g.PlayTurn(piggybackBot{ThresholdBot{BankAt: 100}}); err != nil {
		t.Fatal(err)
	}
	evs := g.EventsSince(3)
	if evs[0] != (Event{Kind: EventPiggybacked, Player: 1, Points: 150, TurnTotal: 150}) || evs[1].Kind != EventRolled || evs[1].Dice.Len() != 4 {
		t.Errorf("the Piggybacker's turn: %v", evs)
	}
	if err := checkInvariants(g); err != nil {
		t.Error(err)
	}
	// A Bot that is no Piggybacker rolls six dice afresh.
	g = newGame(t, Rules{Piggyback: true, Target: 5000}, 2)
	run(t, g, script("r 155234", "k 15", "b"))
	g.SetSource(seededSource(3))
	if err := g.PlayTurn(ThresholdBot{BankAt: 100}); err != nil {
		t.Fatal(err)
	}
	if evs := g.EventsSince(3); evs[0].Kind != EventRolled || evs[0].Dice.Len() != 6 {
		t.Errorf("the ThresholdBot's turn: %v", evs)
	}
}
