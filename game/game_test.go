package game

// Games as a whole: players, the zero Game, copies, seeded games and
// Replay.

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestNewPlayers(t *testing.T) {
	for _, names := range [][]string{nil, {}, make([]string, MaxPlayers+1), {"ok", strings.Repeat("x", MaxNameLen+1)}, {"\xff"}, {"a\nb"}, {"a", "\x7f"}} {
		_, err := New(App.Rules(), names, nil)
		var pe *PlayersError
		if !errors.Is(err, ErrPlayers) || !errors.As(err, &pe) {
			t.Errorf("New(%q) error %v, want a *PlayersError", names, err)
		}
	}
	g, err := New(App.Rules(), []string{"Ann", "", "Zoë", strings.Repeat("x", MaxNameLen)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range g.View().Players() {
		got = append(got, p.Name)
	}
	if diff := cmpDiff([]string{"Ann", "Player 2", "Zoë", strings.Repeat("x", MaxNameLen)}, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if g.View().NumPlayers() != 4 || g.View().Current() != 0 || g.View().Turn() != 1 || g.View().DiceLeft() != farkle.MaxDice {
		t.Errorf("new game: %d players, current %d, turn %d, %d dice left", g.View().NumPlayers(), g.View().Current(), g.View().Turn(), g.View().DiceLeft())
	}
	if g.HasSource() {
		t.Error("a game without a source has one")
	}
	if err := g.Roll(); !errors.Is(err, ErrNoSource) {
		t.Errorf("Roll without a source: %v, want ErrNoSource", err)
	}
	_, err = New(App.Rules(), make([]string, MaxPlayers+1), nil)
	if want := "game: bad players: 9 players, want 1 to 8"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	_, err = New(App.Rules(), []string{"ok", "a\tb"}, nil)
	var pe *PlayersError
	if !errors.As(err, &pe) || pe.Player != 1 {
		t.Errorf("error %v, want a *PlayersError for player 1", err)
	}
}

func TestZeroGame(t *testing.T) {
	var g Game
	for _, err := range []error{
		g.Roll(), g.RollDice(dice("123456")), g.Keep(dice("1")), g.Bank(), g.Can(ActionRoll),
		g.PlayTurn(ThresholdBot{}), g.PlayTurn(nil), g.Play(), g.Play(ThresholdBot{}),
	} {
		if !errors.Is(err, ErrNoGame) {
			t.Errorf("zero Game: %v, want ErrNoGame", err)
		}
	}
	if _, err := json.Marshal(&g); err == nil {
		t.Error("marshaling the zero Game succeeded")
	}
	var nilGame *Game
	for _, err := range []error{nilGame.Roll(), nilGame.Bank(), nilGame.Can(ActionRoll), nilGame.PlayTurn(ThresholdBot{}), nilGame.Play()} {
		if !errors.Is(err, ErrNoGame) {
			t.Errorf("nil Game: %v, want ErrNoGame", err)
		}
	}
	nilGame.SetSource(constSource(0)) // no panic
	for name, g := range map[string]*Game{"zero": &g, "nil": nilGame} {
		w, over := g.View().Winner()
		v := g.View()
		empty := g.View().Over() || g.View().Scores() != nil || g.View().Roll() != nil || g.EventsSince(0) != nil ||
			g.NumEvents() != 0 || g.View().NumPlayers() != 0 || g.View().Current() != 0 || g.View().Turn() != 0 ||
			g.View().TurnTotal() != 0 || g.View().DiceLeft() != 0 || g.View().HotDice() || g.View().FinalRound() || g.HasSource() ||
			w != -1 || over || len(g.View().Players()) != 0
		if empty {
			t.Errorf("%s Game: views are not empty", name)
		}
		if handOf(v.Roll()) != (farkle.Hand{}) || v.TurnTotal() != 0 || v.DiceLeft() != 0 || v.Current() != 0 ||
			v.NumPlayers() != 0 || v.Player(0) != (Player{}) || v.FinalRound() || v.Turn() != 0 {
			t.Errorf("%s Game: View is not empty", name)
		}
		e := Event{Kind: EventBanked, Player: 0, Points: 300, Score: 300}
		if got := g.Describe(e); got != e.String() {
			t.Errorf("%s Game: Describe = %q, want %q", name, got, e.String())
		}
	}
	if nilGame.View().Rules() != (Rules{}) || nilGame.View().Scorer() != nil {
		t.Error("nil Game has rules or a scorer")
	}
	var v View
	if v.Rules() != (Rules{}) || v.Scorer() != nil || v.NumPlayers() != 0 || v.Player(3) != (Player{}) {
		t.Error("zero View is not empty")
	}
}

// The views are copies, and the slices given to the game are copied: no
// change to either side shows on the other.
func TestCallerSlicesNotAliased(t *testing.T) {
	g := newGame(t, App.Rules(), 2)
	roll := dice("552341")
	if err := g.RollDice(roll); err != nil {
		t.Fatal(err)
	}
	roll[0] = 6
	table := g.View().Roll()
	table[1] = 6
	keep := dice("155")
	if err := g.Keep(keep); err != nil {
		t.Fatal(err)
	}
	keep[0] = 2
	players := g.View().Players()
	players[0].Name, players[0].Score = "changed", 999
	scores := g.View().Scores()
	scores[1] = 999
	evs := g.EventsSince(0)
	evs[0].Points, evs[1].Dice = 999, hand("6")
	want := []Event{
		{Kind: EventRolled, Dice: hand("123455")},
		{Kind: EventKept, Dice: hand("155"), Points: 200, TurnTotal: 200},
	}
	if diff := cmpDiff(want, g.EventsSince(0)); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if diff := cmpDiff([]int{0, 0}, g.View().Scores()); diff != "" {
		t.Errorf("scores (-want +got):\n%s", diff)
	}
	if p := g.View().Players()[0]; p.Name != "Player 1" || p.Score != 0 {
		t.Errorf("player 0: %+v", p)
	}
	if err := checkInvariants(g); err != nil {
		t.Fatal(err)
	}
	// The roll that waits keeps the order rolled.
	if err := g.RollDice(dice("532")); err != nil {
		t.Fatal(err)
	}
	if diff := cmpDiff(dice("532"), g.View().Roll()); diff != "" {
		t.Errorf("dice on the table (-want +got):\n%s", diff)
	}
}

func TestSeededGame(t *testing.T) {
	bots := thresholdBots(300, 1000, 550)
	for _, tc := range testRules(false) {
		t.Run(tc.name, func(t *testing.T) {
			g := playSeeded(t, tc.rules, 42, bots...)
			if err := checkInvariants(g); err != nil {
				t.Fatal(err)
			}
			w, over := g.View().Winner()
			if !over || g.View().Scores()[w] < targetOf(tc.rules) {
				t.Fatalf("winner %d (over %v) with %v, target %d", w, over, g.View().Scores(), targetOf(tc.rules))
			}
			// The same seed replays the same game.
			h := playSeeded(t, tc.rules, 42, bots...)
			if diff := cmpDiff(g.EventsSince(0), h.EventsSince(0)); diff != "" {
				t.Fatalf("same seed, different games (-want +got):\n%s", diff)
			}
			// Another seed gives another game.
			if k := playSeeded(t, tc.rules, 43, bots...); cmp.Equal(g.EventsSince(0), k.EventsSince(0), handAsString) {
				t.Fatal("seeds 42 and 43 gave the same game")
			}
			// The history replays the game.
			rg, err := Replay(tc.rules, make([]string, len(bots)), g.EventsSince(0))
			if err != nil {
				t.Fatal(err)
			}
			want, got := snap(g), snap(rg)
			want.JSON, got.JSON, want.Source = "", "", false // the replay has no source
			if diff := cmpDiff(want, got); diff != "" {
				t.Fatalf("replay (-want +got):\n%s", diff)
			}
		})
	}
}

// Replay rebuilds every prefix of a history that ends after an action,
// and rejects the others at their end.
func TestReplayPrefixes(t *testing.T) {
	r := Zilch.Rules()
	r.Target = 2000
	g := playSeeded(t, r, 7, thresholdBots(300, 600)...)
	evs := g.EventsSince(0)
	step := 1
	if raceEnabled {
		step = 7
	}
	for n := 0; n <= len(evs); n += step {
		h, err := Replay(r, make([]string, 2), evs[:n])
		complete := n == len(evs) || evs[n].Kind == EventRolled || evs[n].Kind == EventKept || evs[n].Kind == EventBanked
		if !complete {
			var he *HistoryError
			if !errors.As(err, &he) || he.Index != n || !errors.Is(err, ErrBadHistory) {
				t.Fatalf("prefix of %d events, cut before %v: error %v, want a HistoryError at %d", n, evs[n], err, n)
			}
			continue
		}
		if err != nil {
			t.Fatalf("prefix of %d events: %v", n, err)
		}
		if diff := cmpDiff(evs[:n], h.EventsSince(0), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("prefix of %d events (-want +got):\n%s", n, diff)
		}
		if err := checkHistory(h); err != nil {
			t.Fatalf("prefix of %d events: %v", n, err)
		}
	}
}

// Replay rejects a history with any event changed, at that event.
func TestReplayTampered(t *testing.T) {
	r := Facebook.Rules()
	r.Target = 2000
	g := playSeeded(t, r, 3, thresholdBots(300, 600, 900)...)
	evs := g.EventsSince(0)
	changes := []func(*Event){
		func(e *Event) { e.Score++ },
		func(e *Event) { e.TurnTotal += 50 },
		func(e *Event) { e.Farkles++ },
		func(e *Event) { e.Points += 50 },
		func(e *Event) { e.Player = (e.Player + 1) % 3 },
		func(e *Event) { e.Kind = e.Kind%EventWon + 1 },
	}
	stride := 1
	if raceEnabled {
		stride = 5
	}
	for i := 0; i < len(evs); i += stride {
		for c, change := range changes {
			bad := g.EventsSince(0)
			change(&bad[i])
			_, err := Replay(r, make([]string, 3), bad)
			var he *HistoryError
			if !errors.As(err, &he) || !errors.Is(err, ErrBadHistory) || he.Index > i {
				t.Fatalf("event %d (%v) with change %d: error %v, want a HistoryError at %d at the latest", i, evs[i], c, err, i)
			}
		}
	}
	// Events after the end, and a missing last event.
	_, err := Replay(r, make([]string, 3), append(g.EventsSince(0), Event{Kind: EventRolled, Dice: hand("123456")}))
	var he *HistoryError
	if !errors.As(err, &he) || he.Index != len(evs) || !errors.Is(err, ErrGameOver) {
		t.Errorf("an event after the end: %v, want a HistoryError at %d wrapping ErrGameOver", err, len(evs))
	}
	_, err = Replay(r, make([]string, 3), evs[:len(evs)-1])
	if !errors.As(err, &he) || he.Index != len(evs)-1 {
		t.Errorf("no won event: %v, want a HistoryError at %d", err, len(evs)-1)
	}
	// The errors of New come first.
	if _, err := Replay(Rules{Target: -1}, make([]string, 3), evs); !errors.Is(err, farkle.ErrInvalidRules) {
		t.Errorf("bad rules: %v", err)
	}
	if _, err := Replay(r, nil, evs); !errors.Is(err, ErrPlayers) {
		t.Errorf("no players: %v", err)
	}
}

// A history that ends before the events that its last action makes is
// missing an event at its end.
func TestHistoryErrorMissingEvent(t *testing.T) {
	g := newGame(t, App.Rules(), 1)
	run(t, g, script("r 234662"))
	_, err := Replay(App.Rules(), []string{""}, g.EventsSince(0)[:1]) // the farkle is missing
	var he *HistoryError
	if !errors.As(err, &he) || he.Index != 1 || !errors.Is(err, ErrBadHistory) {
		t.Fatalf("error %v, want a HistoryError at 1", err)
	}
	if !strings.HasPrefix(err.Error(), "game: bad history: event 1: ") {
		t.Errorf("message %q", err)
	}
}
