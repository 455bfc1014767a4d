package game

// Rules and Preset: validation, the presets' names and values, and the ==
// of Rules values.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
)

func TestValidate(t *testing.T) {
	badScoring := farkle.AppScoring.Rules()
	badScoring.Triple[3] = 0
	negScoring := farkle.ZilchScoring.Rules()
	negScoring.SingleOne = -100
	tests := []struct {
		r     Rules
		field string
	}{
		{Rules{Target: -1}, "Target"},
		{Rules{Target: maxTarget + 1}, "Target"},
		{Rules{MinBank: -50}, "MinBank"},
		{Rules{MinBank: maxTarget + 1}, "MinBank"},
		{Rules{MinFirstBank: -1}, "MinFirstBank"},
		{Rules{MinFirstBank: maxTarget + 1}, "MinFirstBank"},
		{Rules{Penalty: -1, PenaltyAfter: 1}, "Penalty"},
		{Rules{Penalty: maxTarget + 1, PenaltyAfter: 1}, "Penalty"},
		{Rules{Penalty: 500}, "PenaltyAfter"},
		{Rules{PenaltyAfter: 3}, "PenaltyAfter"},
		{Rules{Penalty: 500, PenaltyAfter: -1}, "PenaltyAfter"},
		{Rules{Penalty: 500, PenaltyAfter: maxPenaltyAfter + 1}, "PenaltyAfter"},
		{Rules{Target: -1, MinBank: -1}, "Target"}, // the first in field order
		{Rules{Scoring: badScoring}, "Scoring.Triple[3]"},
		{Rules{Scoring: negScoring}, "Scoring.SingleOne"},
		{Rules{Target: -5, Scoring: badScoring}, "Target"},
		{Rules{Welfare: true, FinalRound: true}, "Welfare"},
		{Rules{Bankrupt: true}, "Bankrupt"},
		{Rules{Bankrupt: true, Penalty: 500, PenaltyAfter: 3}, "Bankrupt"},
		{Rules{Bankrupt: true, PenaltyAfter: -1}, "PenaltyAfter"},
		{Rules{Welfare: true, FinalRound: true, Scoring: badScoring}, "Scoring.Triple[3]"},
		{Rules{PiggybackBonus: 1000}, "PiggybackBonus"},
		{Rules{Piggyback: true, PiggybackBonus: -1}, "PiggybackBonus"},
		{Rules{Piggyback: true, PiggybackBonus: maxTarget + 1}, "PiggybackBonus"},
		// PiggybackBonus is the last field: a problem before it comes first.
		{Rules{Piggyback: true, PiggybackBonus: -1, PenaltyAfter: -1}, "PenaltyAfter"},
		{Rules{Piggyback: true, PiggybackBonus: maxTarget + 1, Scoring: badScoring}, "Scoring.Triple[3]"},
		{Rules{PiggybackBonus: -1, Bankrupt: true}, "Bankrupt"},
	}
	for _, tc := range tests {
		for name, err := range map[string]error{"Validate": tc.r.Validate(), "New": newErr(tc.r)} {
			var re *farkle.RulesError
			if !errors.As(err, &re) || re.Field != tc.field || !errors.Is(err, farkle.ErrInvalidRules) {
				t.Errorf("%s(%+v) = %v, want a *farkle.RulesError for %s", name, tc.r, err, tc.field)
			}
		}
	}
	valid := []Rules{
		{Target: maxTarget, MinBank: maxTarget, MinFirstBank: maxTarget, Penalty: maxTarget, PenaltyAfter: maxPenaltyAfter},
		{Target: 1, MustRollHotDice: true},
		{ToxicTwos: true, SixOnesWin: true, Welfare: true, Bankrupt: true, PenaltyAfter: 3},
		{Bankrupt: true, PenaltyAfter: maxPenaltyAfter, FinalRound: true},
		{Piggyback: true, PiggybackBonus: maxTarget},
	}
	for _, tc := range testRules(false) {
		valid = append(valid, tc.rules)
	}
	for _, r := range valid {
		if err := r.Validate(); err != nil {
			t.Errorf("Validate(%+v) = %v", r, err)
		}
		if err := newErr(r); err != nil {
			t.Errorf("New(%+v) = %v", r, err)
		}
	}
}

func newErr(r Rules) error {
	_, err := New(r, []string{"a"}, nil)
	return err
}

func TestPresetNames(t *testing.T) {
	for _, tc := range []struct {
		p    Preset
		name string
	}{{App, "app"}, {Zilch, "zilch"}, {Facebook, "facebook"}} {
		if got := tc.p.String(); got != tc.name {
			t.Errorf("Preset %d: String() = %q, want %q", tc.p, got, tc.name)
		}
		for _, s := range []string{tc.name, strings.ToUpper(tc.name), strings.ToUpper(tc.name[:1]) + tc.name[1:]} {
			if p, err := ParsePreset(s); err != nil || p != tc.p {
				t.Errorf("ParsePreset(%q) = %v, %v; want %v", s, p, err, tc.p)
			}
		}
		b, err := tc.p.MarshalText()
		if err != nil || string(b) != tc.name {
			t.Errorf("%v.MarshalText() = %q, %v", tc.p, b, err)
		}
		var p Preset = 99
		if err := p.UnmarshalText(b); err != nil || p != tc.p {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, p, err, tc.p)
		}
		// In JSON, as a value and as a map key.
		j, err := json.Marshal(map[Preset]Preset{tc.p: tc.p})
		if want := `{"` + tc.name + `":"` + tc.name + `"}`; err != nil || string(j) != want {
			t.Errorf("JSON of %v: %s, %v; want %s", tc.p, j, err, want)
		}
		var back map[Preset]Preset
		if err := json.Unmarshal(j, &back); err != nil || back[tc.p] != tc.p || len(back) != 1 {
			t.Errorf("JSON %s loaded as %v, %v", j, back, err)
		}
	}
	if got := Preset(3).String(); got != "Preset(3)" {
		t.Errorf("Preset(3).String() = %q", got)
	}
	if _, err := Preset(3).MarshalText(); !errors.Is(err, farkle.ErrInvalidRules) {
		t.Errorf("Preset(3).MarshalText() error %v, want ErrInvalidRules", err)
	}
	for _, s := range []string{"", "apps", " app", "app ", "classic", "core", "zilch\x00", "ſacebook"} {
		p, err := ParsePreset(s)
		var re *farkle.RulesError
		if !errors.As(err, &re) || !errors.Is(err, farkle.ErrInvalidRules) {
			t.Errorf("ParsePreset(%q) = %v, %v; want a *farkle.RulesError", s, p, err)
		}
		q := Zilch
		if err := q.UnmarshalText([]byte(s)); err == nil || q != Zilch {
			t.Errorf("UnmarshalText(%q) = %v and set %v; want an error and no change", s, err, q)
		}
	}
}

// The presets' rules are those their documentation gives.
func TestPresetRules(t *testing.T) {
	want := map[Preset]Rules{
		App: {Target: 10_000, FinalRound: true, Scoring: farkle.AppScoring.Rules()},
		Zilch: {Target: 10_000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.ZilchScoring.Rules()},
		Facebook: {Target: 10_000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3,
			Scoring: farkle.FacebookScoring.Rules()},
	}
	for _, p := range allPresets {
		if diff := cmpDiff(want[p], p.Rules()); diff != "" {
			t.Errorf("%v (-want +got):\n%s", p, diff)
		}
		if err := p.Rules().Validate(); err != nil {
			t.Errorf("%v: %v", p, err)
		}
	}
	for _, p := range []Preset{3, 200} {
		if err := p.Rules().Validate(); !errors.Is(err, farkle.ErrInvalidRules) {
			t.Errorf("Preset(%d).Rules().Validate() = %v, want rules that New rejects", p, err)
		}
	}
}

// Preset.Rules returns a fresh copy: changing it changes neither the
// preset, nor another copy, nor a game made from it; and the Rules of a
// game are a copy too.
func TestPresetRulesFreshCopy(t *testing.T) {
	for _, p := range allPresets {
		keep := p.Rules()
		g := newGame(t, p.Rules(), 2)
		r := p.Rules()
		r.Target, r.MinBank, r.FinalRound = 1, 1, false
		r.Scoring.SingleOne, r.Scoring.Triple[2] = 5, 5
		if p.Rules() != keep || g.View().Rules() != keep {
			t.Errorf("%v: changing a copy changed the preset (%+v) or a game (%+v)", p, p.Rules(), g.View().Rules())
		}
		gr := g.View().Rules()
		gr.Penalty, gr.Scoring.Straight = 1, 1
		if g.View().Rules() != keep || g.View().Scorer().Rules() != keep.Scoring {
			t.Errorf("%v: changing View.Rules() changed the game: %+v", p, g.View().Rules())
		}
		// A game made from the changed copy has the changed rules.
		h := newGame(t, r, 1)
		if h.View().Rules() != r || h.View().Rules() == keep {
			t.Errorf("%v: game of the changed copy has rules %+v", p, h.View().Rules())
		}
	}
}

// Rules are comparable data: equal values describe the same game, and
// every field counts.
func TestRulesEqual(t *testing.T) {
	base := Zilch.Rules()
	if base != Zilch.Rules() {
		t.Fatal("two copies of one preset differ")
	}
	built := Rules{Target: 10000, FinalRound: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.ZilchScoring.Rules()}
	if built != base {
		t.Errorf("Rules built field by field %+v differ from the preset %+v", built, base)
	}
	changes := map[string]func(*Rules){
		"Target":          func(r *Rules) { r.Target++ },
		"FinalRound":      func(r *Rules) { r.FinalRound = !r.FinalRound },
		"MinBank":         func(r *Rules) { r.MinBank++ },
		"MinFirstBank":    func(r *Rules) { r.MinFirstBank++ },
		"Penalty":         func(r *Rules) { r.Penalty++ },
		"PenaltyAfter":    func(r *Rules) { r.PenaltyAfter++ },
		"MustRollHotDice": func(r *Rules) { r.MustRollHotDice = !r.MustRollHotDice },
		"Scoring":         func(r *Rules) { r.Scoring.Nothing++ },
	}
	seen := map[Rules]string{base: "base"}
	for name, change := range changes {
		r := base
		change(&r)
		if r == base {
			t.Errorf("changing %s left the Rules equal", name)
		}
		if other, dup := seen[r]; dup {
			t.Errorf("changing %s gave the rules of %s", name, other)
		}
		seen[r] = name
	}
	// A game reads a zero Scoring as App's and a zero Target as
	// DefaultTarget, and leaves the rest alone.
	for _, tc := range testRules(false) {
		g := newGame(t, tc.rules, 1)
		want := tc.rules
		if want.Scoring == (farkle.Rules{}) {
			want.Scoring = farkle.AppScoring.Rules()
		}
		if want.Target == 0 {
			want.Target = DefaultTarget
		}
		if g.View().Rules() != want {
			t.Errorf("%s: Game.Rules() = %+v, want %+v", tc.name, g.View().Rules(), want)
		}
	}
}

// A game's Rules are equal after a save and a load, for every preset and
// for custom scoring, and two loads of one save are equal.
func TestRulesEqualAfterLoad(t *testing.T) {
	for _, tc := range testRules(false) {
		g, err := New(tc.rules, []string{"a", "b"}, rand.NewPCG(5, 6))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Roll(); err != nil {
			t.Fatal(err)
		}
		h1, h2 := saveLoad(t, g), saveLoad(t, g)
		if h1.View().Rules() != g.View().Rules() || h2.View().Rules() != g.View().Rules() {
			t.Errorf("%s: saved %+v, loaded %+v and %+v", tc.name, g.View().Rules(), h1.View().Rules(), h2.View().Rules())
		}
		if h1.View().Scorer().Rules() != g.View().Scorer().Rules() {
			t.Errorf("%s: loaded scoring rules %+v, want %+v", tc.name, h1.View().Scorer().Rules(), g.View().Scorer().Rules())
		}
	}
	for _, p := range allPresets {
		if got := saveLoad(t, newGame(t, p.Rules(), 1)).View().Rules(); got != p.Rules() {
			t.Errorf("%v loaded as %+v", p, got)
		}
	}
	// The zero Rules and App scoring given in full make the same game.
	a, b := newGame(t, Rules{}, 1), newGame(t, Rules{Scoring: farkle.AppScoring.Rules()}, 1)
	if a.View().Rules() != b.View().Rules() || saveLoad(t, a).View().Rules() != b.View().Rules() {
		t.Errorf("zero Scoring gives %+v, App scoring %+v", a.View().Rules(), b.View().Rules())
	}
}
