package game

// Events: the fields of every kind, EventsSince, names, strings and the
// JSON of one event.

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// perKindGame plays a game of Ann and Bob whose history has every kind of
// event, and returns it with that history written out by hand.
func perKindGame(t *testing.T) (*Game, []Event) {
	t.Helper()
	g, err := New(Rules{Target: 1000, FinalRound: true, Penalty: 300, PenaltyAfter: 2}, []string{"Ann", "Bob"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	run(t, g, script(
		"r 155234", "k 155", "r 123", "k 1", "r 55", "k 55", "b", // Ann: hot dice, banks 400
		"r 123466", "k 1", "r 23466", // Bob farkles 100 away
		"r 111234", "k 111", "b", // Ann: 1400, final round
		"r 234662", // Bob: second farkle in a row, penalty; Ann wins
	))
	return g, []Event{
		{Kind: EventRolled, Player: 0, Dice: hand("123455")},
		{Kind: EventKept, Player: 0, Dice: hand("155"), Points: 200, TurnTotal: 200},
		{Kind: EventRolled, Player: 0, Dice: hand("123"), TurnTotal: 200},
		{Kind: EventKept, Player: 0, Dice: hand("1"), Points: 100, TurnTotal: 300},
		{Kind: EventRolled, Player: 0, Dice: hand("55"), TurnTotal: 300},
		{Kind: EventKept, Player: 0, Dice: hand("55"), Points: 100, TurnTotal: 400},
		{Kind: EventHotDice, Player: 0, TurnTotal: 400},
		{Kind: EventBanked, Player: 0, Points: 400, Score: 400},
		{Kind: EventRolled, Player: 1, Dice: hand("123466")},
		{Kind: EventKept, Player: 1, Dice: hand("1"), Points: 100, TurnTotal: 100},
		{Kind: EventRolled, Player: 1, Dice: hand("23466"), TurnTotal: 100},
		{Kind: EventFarkled, Player: 1, Points: 100, Farkles: 1},
		{Kind: EventRolled, Player: 0, Dice: hand("111234"), Score: 400},
		{Kind: EventKept, Player: 0, Dice: hand("111"), Points: 1000, TurnTotal: 1000, Score: 400},
		{Kind: EventBanked, Player: 0, Points: 1000, Score: 1400},
		{Kind: EventFinalRound, Player: 0, Score: 1400},
		{Kind: EventRolled, Player: 1, Dice: hand("234662"), Farkles: 1},
		{Kind: EventFarkled, Player: 1, Farkles: 2},
		{Kind: EventPenalty, Player: 1, Points: 300, Score: -300},
		{Kind: EventWon, Player: 0, Score: 1400},
	}
}

// Every kind of event carries the acting player's turn total, score and
// farkles in a row after it; EventWon carries the winner's.
func TestEventFieldsPerKind(t *testing.T) {
	g, want := perKindGame(t)
	got := g.EventsSince(0)
	if diff := cmpDiff(want, got); diff != "" {
		t.Fatalf("events (-want +got):\n%s", diff)
	}
	kinds := map[EventKind]bool{}
	for _, e := range got {
		kinds[e.Kind] = true
	}
	if len(kinds) != int(EventWon) {
		t.Errorf("the history has %d kinds of event, want all %d", len(kinds), EventWon)
	}
	// EventWon is the winner's, who need not be the last to play.
	g = newGame(t, Rules{Target: 500, FinalRound: true}, 2)
	run(t, g, script("r 234662", "r 555234", "k 555", "b", "r 234662"))
	if diff := cmpDiff(
		[]Event{{Kind: EventFarkled, Player: 0, Farkles: 2}, {Kind: EventWon, Player: 1, Score: 500}},
		g.EventsSince(g.NumEvents()-2),
	); diff != "" {
		t.Errorf("last events (-want +got):\n%s", diff)
	}
	g = newGame(t, Rules{Target: 500}, 2)
	run(t, g, script("r 234662", "r 234662", "r 555234", "k 555", "b"))
	if diff := cmpDiff(
		[]Event{{Kind: EventBanked, Player: 0, Points: 500, Score: 500}, {Kind: EventWon, Player: 0, Score: 500}},
		g.EventsSince(g.NumEvents()-2),
	); diff != "" {
		t.Errorf("last events (-want +got):\n%s", diff)
	}
}

func TestPenaltyEvents(t *testing.T) {
	g := newGame(t, Rules{Penalty: 500, PenaltyAfter: 3}, 1)
	run(t, g, script("r 234662", "r 234662", "r 234662"))
	want := []Event{
		{Kind: EventRolled, Dice: hand("234662")}, {Kind: EventFarkled, Farkles: 1},
		{Kind: EventRolled, Dice: hand("234662"), Farkles: 1}, {Kind: EventFarkled, Farkles: 2},
		{Kind: EventRolled, Dice: hand("234662"), Farkles: 2}, {Kind: EventFarkled, Farkles: 3},
		{Kind: EventPenalty, Points: 500, Score: -500},
	}
	if diff := cmpDiff(want, g.EventsSince(0)); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestEventsSince(t *testing.T) {
	g, err := New(Zilch.Rules(), []string{"a", "b", "c"}, seededSource(11))
	if err != nil {
		t.Fatal(err)
	}
	if g.EventsSince(0) != nil || g.NumEvents() != 0 {
		t.Fatalf("new game: %d events, EventsSince(0) = %v", g.NumEvents(), g.EventsSince(0))
	}
	// A UI reads only the new events after each turn.
	bots := thresholdBots(300, 500, 800)
	var read []Event
	var held [][]Event // every slice the UI was given, with a copy
	var copies [][]Event
	for !g.View().Over() {
		if err := g.PlayTurn(bots[g.View().Current()]); err != nil {
			t.Fatal(err)
		}
		n := len(read)
		s := g.EventsSince(n)
		if len(s) == 0 || len(s) != g.NumEvents()-n {
			t.Fatalf("EventsSince(%d) gave %d events of %d", n, len(s), g.NumEvents())
		}
		read = append(read, s...)
		held, copies = append(held, s), append(copies, slices.Clone(s))
	}
	all := g.EventsSince(0)
	if diff := cmpDiff(read, all); diff != "" {
		t.Fatalf("events read turn by turn (-want +got):\n%s", diff)
	}
	if diff := cmpDiff(copies, held); diff != "" {
		t.Fatalf("the game's play changed slices it had returned (-want +got):\n%s", diff)
	}
	n := len(all)
	step := 1
	if raceEnabled {
		step = 13
	}
	for i := 0; i < n; i += step {
		s := g.EventsSince(i)
		if len(s) != n-i || s[0] != all[i] || s[len(s)-1] != all[n-1] {
			t.Fatalf("EventsSince(%d): %d events from %v, want %d from %v", i, len(s), s[0], n-i, all[i])
		}
	}
	for _, i := range []int{-1, n, n + 1, math.MaxInt, math.MinInt} {
		if s := g.EventsSince(i); s != nil {
			t.Errorf("EventsSince(%d) = %d events, want nil", i, len(s))
		}
	}
	// Changing or appending to a returned slice changes nothing in the
	// game.
	s := g.EventsSince(0)
	for i := range s {
		s[i] = Event{Kind: EventBanked, Points: -1}
	}
	tail := g.EventsSince(n - 3)
	tail = append(tail[:1], Event{Kind: EventPenalty}, Event{Kind: EventPenalty})
	_ = append(tail, Event{})
	if diff := cmpDiff(all, g.EventsSince(0)); diff != "" {
		t.Fatalf("changing returned slices changed the history (-want +got):\n%s", diff)
	}
	if err := checkHistory(g); err != nil {
		t.Fatal(err)
	}
}

func TestEventKindText(t *testing.T) {
	names := []string{"", "rolled", "kept", "hot-dice", "banked", "farkled", "penalty", "final-round", "won",
		"toxic-twos", "six-ones", "bankrupt", "overshot", "welfare", "piggybacked"}
	for k := EventRolled; k <= EventPiggybacked; k++ {
		if got := k.String(); got != names[k] {
			t.Errorf("EventKind %d: String() = %q, want %q", k, got, names[k])
		}
		b, err := k.MarshalText()
		if err != nil || string(b) != names[k] {
			t.Errorf("%v: MarshalText() = %q, %v", k, b, err)
		}
		var k2 EventKind
		if err := k2.UnmarshalText(b); err != nil || k2 != k {
			t.Errorf("%v: round trip gave %v, %v", k, k2, err)
		}
	}
	for _, k := range []EventKind{0, EventPiggybacked + 1, 255} {
		if _, err := k.MarshalText(); err == nil {
			t.Errorf("EventKind(%d) marshaled", k)
		}
	}
	if got := EventKind(0).String(); got != "EventKind(0)" {
		t.Errorf("EventKind(0).String() = %q", got)
	}
	for _, s := range []string{"", "Rolled", "hot_dice", "won ", "EventKind(1)"} {
		k := EventKept
		if err := k.UnmarshalText([]byte(s)); err == nil || k != EventKept {
			t.Errorf("UnmarshalText(%q) = %v and set %v", s, err, k)
		}
	}
}

func TestEventStrings(t *testing.T) {
	g, evs := perKindGame(t)
	want := []string{
		"Ann rolled 1 2 3 4 5 5",
		"Ann kept 1 5 5 for 200 (turn 200)",
		"Ann rolled 1 2 3",
		"Ann kept 1 for 100 (turn 300)",
		"Ann rolled 5 5",
		"Ann kept 5 5 for 100 (turn 400)",
		"hot dice for Ann: six dice to roll (turn 400)",
		"Ann banked 400 (score 400)",
		"Bob rolled 1 2 3 4 6 6",
		"Bob kept 1 for 100 (turn 100)",
		"Bob rolled 2 3 4 6 6",
		"Bob farkled and lost 100 (farkles in a row: 1)",
		"Ann rolled 1 1 1 2 3 4",
		"Ann kept 1 1 1 for 1000 (turn 1000)",
		"Ann banked 1000 (score 1400)",
		"Ann reached 1400: final round",
		"Bob rolled 2 2 3 4 6 6",
		"Bob farkled and lost 0 (farkles in a row: 2)",
		"Bob paid a penalty of 300 (score -300)",
		"Ann won with 1400",
	}
	var got []string
	for _, e := range evs {
		got = append(got, g.Describe(e))
	}
	if diff := cmpDiff(want, got); diff != "" {
		t.Errorf("Describe (-want +got):\n%s", diff)
	}
	if got, want := evs[13].String(), "player 0 kept 1 1 1 for 1000 (turn 1000)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	// Describe of a player the game does not have is String.
	e := Event{Kind: EventBanked, Player: 5, Points: 50, Score: 50}
	if got, want := g.Describe(e), "player 5 banked 50 (score 50)"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	if got := (Event{Kind: 42}).String(); got != "player 0: EventKind(42)" {
		t.Errorf("String of a bad kind = %q", got)
	}
}

// An Event marshals to the documented object, and back.
func TestEventJSON(t *testing.T) {
	tests := []struct {
		e    Event
		json string
	}{
		{Event{Kind: EventKept, Dice: hand("15"), Points: 150, TurnTotal: 150},
			`{"kind":"kept","player":0,"dice":[1,5],"points":150,"turn_total":150,"score":0}`},
		{Event{Kind: EventRolled, Player: 2, Dice: hand("655321"), TurnTotal: 300, Score: 1200, Farkles: 2},
			`{"kind":"rolled","player":2,"dice":[1,2,3,5,5,6],"turn_total":300,"score":1200,"farkles":2}`},
		{Event{Kind: EventPenalty, Player: 1, Points: 500, Score: -450},
			`{"kind":"penalty","player":1,"points":500,"score":-450}`},
		{Event{Kind: EventWon, Player: 3, Score: 10050, Farkles: 1},
			`{"kind":"won","player":3,"score":10050,"farkles":1}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.e)
		if err != nil || string(b) != tc.json {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.e, b, err, tc.json)
		}
		var e Event
		if err := json.Unmarshal([]byte(tc.json), &e); err != nil || e != tc.e {
			t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", tc.json, e, err, tc.e)
		}
	}
	// A whole history round-trips.
	_, evs := perKindGame(t)
	b, err := json.Marshal(evs)
	if err != nil {
		t.Fatal(err)
	}
	var back []Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmpDiff(evs, back); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if _, err := json.Marshal(Event{}); err == nil {
		t.Error("the zero Event (no kind) marshaled")
	}
	for _, bad := range []string{
		`{"kind":"kept","player":0,"dice":[1,5,0],"score":0}`,
		`{"kind":"kept","player":0,"dice":[1,5,7],"score":0}`,
		`{"kind":"rolled","player":0,"dice":[1,1,1,1,1,1,1],"score":0}`,
		`{"kind":"kept","player":0,"dice":[1,5],"points":"150","score":0}`,
		`{"kind":"nope","player":0,"score":0}`,
		`{"kind":"won","player":0,"score":0,"total":0}`,
		`[]`,
	} {
		e := Event{Kind: EventHotDice}
		if err := json.Unmarshal([]byte(bad), &e); err == nil || e != (Event{Kind: EventHotDice}) {
			t.Errorf("json.Unmarshal(%s) = %v, set %+v; want an error and no change", bad, err, e)
		}
	}
}

// EventsBetween pages through the history: the pages make the history,
// each a copy, and a range off the history gives nil.
func TestEventsBetween(t *testing.T) {
	g, err := New(Zilch.Rules(), []string{"a", "b"}, seededSource(12))
	if err != nil {
		t.Fatal(err)
	}
	if g.EventsBetween(0, 10) != nil {
		t.Fatal("a new game has events")
	}
	if err := g.Play(thresholdBots(300, 500)...); err != nil {
		t.Fatal(err)
	}
	all := g.EventsSince(0)
	n := len(all)
	for _, size := range []int{1, 7, n, n + 5} {
		var got []Event
		for i := 0; i < n; i += size {
			p := g.EventsBetween(i, i+size)
			if want := min(size, n-i); len(p) != want {
				t.Fatalf("EventsBetween(%d, %d): %d events, want %d", i, i+size, len(p), want)
			}
			got = append(got, p...)
		}
		if diff := cmpDiff(all, got); diff != "" {
			t.Fatalf("pages of %d (-want +got):\n%s", size, diff)
		}
	}
	p := g.EventsBetween(0, 2)
	p[0] = Event{}
	if g.EventsSince(0)[0] != all[0] {
		t.Error("changing a page changed the history")
	}
	for _, r := range [][2]int{{-1, 3}, {n, n + 1}, {3, 3}, {5, 2}, {math.MaxInt, math.MaxInt}, {math.MinInt, 0}} {
		if p := g.EventsBetween(r[0], r[1]); p != nil {
			t.Errorf("EventsBetween(%d, %d) = %d events, want nil", r[0], r[1], len(p))
		}
	}
}
