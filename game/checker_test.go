package game

// Bots that check the rules before they move (RulesChecker), keeps as
// Hands (KeepHand), and the JSON of a View.

import (
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/farkle-go/farkle"
)

var errWrongRules = errors.New("solved for other rules")

// checkingBot is a ThresholdBot that accepts only games to target.
type checkingBot struct {
	ThresholdBot
	target int
	seen   *[]Rules // the rules it was asked about
}

func (b checkingBot) CheckRules(r Rules) error {
	if b.seen != nil {
		*b.seen = append(*b.seen, r)
	}
	if r.Target != b.target {
		return errWrongRules
	}
	return nil
}

// Play and PlayTurn ask every RulesChecker before the first move and
// return its refusal in a *BotError that names the player and wraps both
// ErrPlayers and the bot's error; the game is left unchanged.
func TestRulesChecker(t *testing.T) {
	var seen []Rules
	good := checkingBot{ThresholdBot{BankAt: 300}, DefaultTarget, &seen}
	bad := checkingBot{ThresholdBot{BankAt: 300}, 2000, nil}
	for _, tc := range []struct {
		name   string
		bots   []Bot
		player int // the refused bot, or -1
	}{
		{"both accept", []Bot{good, good}, -1},
		{"second refuses", []Bot{good, bad}, 1},
		{"first refuses", []Bot{bad, ThresholdBot{}}, 0},
		{"plain bots", []Bot{ThresholdBot{BankAt: 500}, ThresholdBot{}}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen = nil
			// A zero Target: the checker sees the normalized rules.
			g, err := New(Rules{}, []string{"A", "B"}, seededSource(7))
			if err != nil {
				t.Fatal(err)
			}
			err = g.Play(tc.bots...)
			if tc.player < 0 {
				if err != nil {
					t.Fatalf("Play = %v, want nil", err)
				}
				if !g.View().Over() {
					t.Fatal("game not over after Play")
				}
				for _, r := range seen {
					if r != g.View().Rules() {
						t.Errorf("CheckRules got %+v, want the game's rules %+v", r, g.View().Rules())
					}
				}
				return
			}
			var be *BotError
			if !errors.As(err, &be) || be.Player != tc.player {
				t.Fatalf("Play = %v, want a *BotError for player %d", err, tc.player)
			}
			if !errors.Is(err, ErrPlayers) || !errors.Is(err, errWrongRules) {
				t.Errorf("Play = %v: want it to wrap ErrPlayers and the bot's error", err)
			}
			if !strings.Contains(err.Error(), errWrongRules.Error()) {
				t.Errorf("message %q does not give the bot's reason", err)
			}
			if n := g.NumEvents(); n != 0 {
				t.Errorf("%d events after a refused Play, want 0", n)
			}
		})
	}
}

func TestPlayTurnRulesChecker(t *testing.T) {
	g, err := New(Rules{Target: 3000}, []string{"A", "B"}, seededSource(1))
	if err != nil {
		t.Fatal(err)
	}
	err = g.PlayTurn(checkingBot{target: 2000})
	var be *BotError
	if !errors.As(err, &be) || be.Player != 0 || !errors.Is(err, errWrongRules) {
		t.Fatalf("PlayTurn = %v, want a *BotError for player 0 wrapping the bot's error", err)
	}
	if g.NumEvents() != 0 {
		t.Fatalf("PlayTurn moved before refusing: %d events", g.NumEvents())
	}
	if err := g.PlayTurn(checkingBot{target: 3000}); err != nil {
		t.Fatal(err)
	}
	if g.View().Turn() != 2 {
		t.Fatalf("after one PlayTurn the game is at turn %d, want 2", g.View().Turn())
	}
}

// Property: KeepHand(h) does exactly what Keep(h.Dice()) does, on every
// roll and keep, legal or not: the same error and the same game after.
func TestKeepHandIsKeep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		roll := rapid.SliceOfN(rapid.Uint8Range(1, 6), 6, 6).Draw(t, "roll")
		keep := rapid.SliceOfN(rapid.Uint8Range(1, 6), 0, 6).Draw(t, "keep")
		rd := make([]farkle.Die, len(roll))
		for i, d := range roll {
			rd[i] = farkle.Die(d)
		}
		kd := make([]farkle.Die, len(keep))
		for i, d := range keep {
			kd[i] = farkle.Die(d)
		}
		h, err := farkle.HandOf(kd)
		if err != nil {
			t.Fatal(err)
		}
		var games [2]*Game
		var errs [2]error
		for i := range games {
			g, err := New(Zilch.Rules(), []string{"A"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.RollDice(rd); err != nil {
				t.Fatal(err)
			}
			if g.View().Over() || g.View().Roll() == nil {
				return // a farkle: nothing to keep from
			}
			if i == 0 {
				errs[i] = g.Keep(h.Dice())
			} else {
				errs[i] = g.keepHand(h)
			}
			games[i] = g
		}
		if (errs[0] == nil) != (errs[1] == nil) || (errs[0] != nil && errs[0].Error() != errs[1].Error()) {
			t.Fatalf("Keep: %v, KeepHand: %v", errs[0], errs[1])
		}
		a, _ := json.Marshal(games[0].View())
		b, _ := json.Marshal(games[1].View())
		if string(a) != string(b) {
			t.Fatalf("after Keep:\n%s\nafter KeepHand:\n%s", a, b)
		}
	})
}

// The JSON of a View, at the positions of a seeded game, is pinned by a
// golden file, and agrees with the game's own accessors.
func TestViewJSON(t *testing.T) {
	g, err := New(Facebook.Rules(), []string{"Ann", "Bob"}, seededSource(3))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	add := func() {
		t.Helper()
		b, err := json.Marshal(g.View())
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
		var back struct {
			Players   []Player `json:"players"`
			Roll      []int    `json:"roll"`
			TurnTotal int      `json:"turn_total"`
			Winner    *int     `json:"winner"`
			CanKeep   bool     `json:"can_keep"`
			Rules     Rules    `json:"rules"`
		}
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if diff := cmpDiff(g.View().Players(), back.Players); diff != "" {
			t.Errorf("players (-want +got):\n%s", diff)
		}
		want := []int{}
		for _, d := range g.View().Roll() {
			want = append(want, int(d))
		}
		if diff := cmpDiff(want, back.Roll); diff != "" {
			t.Errorf("roll (-want +got):\n%s", diff)
		}
		if back.TurnTotal != g.View().TurnTotal() || back.CanKeep != (g.Can(ActionKeep) == nil) || back.Rules != g.View().Rules() {
			t.Errorf("%s: does not match the game", b)
		}
		if w, ok := g.View().Winner(); ok != (back.Winner != nil) || ok && w != *back.Winner {
			t.Errorf("%s: winner does not match Winner() = %d, %v", b, w, ok)
		}
	}
	add()
	for i := 0; !g.View().Over() && i < 12; i++ {
		if err := g.PlayTurn(ThresholdBot{BankAt: 300}); err != nil {
			t.Fatal(err)
		}
		if g.View().Over() {
			break
		}
		if err := g.Roll(); err != nil {
			t.Fatal(err)
		}
		add()
		if g.View().Roll() != nil {
			if err := g.PlayTurn(ThresholdBot{BankAt: 300}); err != nil {
				t.Fatal(err)
			}
			add()
		}
	}
	for !g.View().Over() {
		if err := g.PlayTurn(ThresholdBot{BankAt: 1000}); err != nil {
			t.Fatal(err)
		}
	}
	add()
	got := strings.Join(lines, "\n") + "\n"
	file := filepath.Join("testdata", "view.golden")
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmpDiff(strings.Split(string(want), "\n"), strings.Split(got, "\n")); diff != "" {
		t.Errorf("the JSON of the views changed (-want +got):\n%s", diff)
	}
	if _, err := json.Marshal(View{}); !errors.Is(err, ErrNoGame) {
		t.Errorf("json.Marshal(View{}) = %v, want an error wrapping ErrNoGame", err)
	}
}

var update = flag.Bool("update", false, "rewrite testdata/view.golden")
