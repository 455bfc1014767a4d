package farkle

// Tests of Preset, Bonus names, and New with the presets' rules.

import (
	"encoding/json"
	"errors"
	"sync"
	"testing"
)

func TestPresetString(t *testing.T) {
	for _, tc := range []struct {
		p    Scoring
		want string
	}{
		{AppScoring, "app"}, {CoreScoring, "core"}, {FacebookScoring, "facebook"}, {ZilchScoring, "zilch"}, {ClassicScoring, "classic"},
		{ClassicScoring + 1, "Preset(5)"}, {255, "Preset(255)"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("Preset(%d).String() = %q; want %q", uint8(tc.p), got, tc.want)
		}
	}
	if Scoring(0) != AppScoring {
		t.Errorf("the zero Preset is %v; want app", Scoring(0))
	}
}

func TestParsePreset(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want Scoring
	}{
		{"app", AppScoring}, {"APP", AppScoring}, {"App", AppScoring}, {"core", CoreScoring}, {"CoRe", CoreScoring},
		{"facebook", FacebookScoring}, {"FaceBook", FacebookScoring}, {"zilch", ZilchScoring}, {"ZILCH", ZilchScoring},
		{"classic", ClassicScoring}, {"Classic", ClassicScoring},
	} {
		if got, err := ParseScoring(tc.s); got != tc.want || err != nil {
			t.Errorf("ParsePreset(%q) = %v, %v; want %v, nil", tc.s, got, err, tc.want)
		}
	}
	for _, s := range []string{"", "apps", " app", "app ", "zilch\x00", "Preset(5)", "5", "1", "house"} {
		got, err := ParseScoring(s)
		var re *RulesError
		if !errors.Is(err, ErrInvalidRules) || !errors.As(err, &re) || got != AppScoring {
			t.Errorf("ParsePreset(%q) = %v, %v; want app and a *RulesError wrapping ErrInvalidRules", s, got, err)
		}
	}
}

func TestPresetText(t *testing.T) {
	for _, p := range allPresets {
		text, err := p.MarshalText()
		if err != nil || string(text) != p.String() {
			t.Errorf("%v.MarshalText() = %q, %v; want %q", p, text, err, p.String())
		}
		var got Scoring = 255
		if err := got.UnmarshalText(text); err != nil || got != p {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, got, err, p)
		}
		// In JSON, through encoding.TextMarshaler.
		type doc struct{ P Scoring }
		data, err := json.Marshal(doc{p})
		if want := `{"P":"` + p.String() + `"}`; err != nil || string(data) != want {
			t.Errorf("json.Marshal(%v) = %s, %v; want %s", p, data, err, want)
		}
		var d doc
		if err := json.Unmarshal(data, &d); err != nil || d.P != p {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", data, d.P, err, p)
		}
	}
	for _, p := range []Scoring{ClassicScoring + 1, 255} {
		if text, err := p.MarshalText(); !errors.Is(err, ErrInvalidRules) || text != nil {
			t.Errorf("%v.MarshalText() = %q, %v; want an error wrapping ErrInvalidRules", p, text, err)
		}
	}
	p := ZilchScoring
	if err := p.UnmarshalText([]byte("poker")); !errors.Is(err, ErrInvalidRules) || p != ZilchScoring {
		t.Errorf("UnmarshalText(poker) = %v, leaving %v; want an error and zilch unchanged", err, p)
	}
}

// TestPresetRulesFresh checks that Preset.Rules returns a new value each
// time: changing one leaves the next call and the package-level functions
// alone.
func TestPresetRulesFresh(t *testing.T) {
	for _, p := range allPresets {
		r := p.Rules()
		r.SingleOne, r.Triple[1], r.Straight = 999, 7, 0
		if again := p.Rules(); again == r || again.SingleOne != 100 {
			t.Errorf("%v.Rules() after changing an earlier result = %+v", p, again)
		}
	}
	r := AppScoring.Rules()
	r.SingleOne = 5000
	r.Triple[5] = 1
	if got, err := Score([]Die{1}); got != 100 || err != nil {
		t.Errorf("Score(1) after changing App.Rules() = %d, %v; want 100", got, err)
	}
	if got, err := Score([]Die{5, 5, 5}); got != 500 || err != nil {
		t.Errorf("Score(5 5 5) after changing App.Rules() = %d, %v; want 500", got, err)
	}
	if got := (*Scorer)(nil).Rules(); got != refApp {
		t.Errorf("the App Scorer's rules became %+v", got)
	}
	for _, p := range []Scoring{ClassicScoring + 1, 255} {
		r := p.Rules()
		if r != (Rules{}) {
			t.Errorf("%v.Rules() = %+v; want the zero Rules", p, r)
		}
		if s, err := New(r); s != nil || !errors.Is(err, ErrInvalidRules) {
			t.Errorf("New(%v.Rules()) = %v, %v; want an error wrapping ErrInvalidRules", p, s, err)
		}
	}
}

// TestRulesPreset checks that Rules.Preset names the preset of its rules
// and no other rules.
func TestRulesPreset(t *testing.T) {
	for _, p := range allPresets {
		if got, ok := p.Rules().Named(); !ok || got != p {
			t.Errorf("%v.Rules().Named() = %v, %v", p, got, ok)
		}
		changed := rulesWith(p.Rules(), func(r *Rules) { r.Nothing++ })
		if got, ok := changed.Named(); ok {
			t.Errorf("the %v rules with Nothing changed are preset %v", p, got)
		}
	}
	if got, ok := (Rules{}).Named(); ok {
		t.Errorf("Rules{}.Named() = %v, true", got)
	}
}

// TestNewPresets checks that New accepts every preset's rules, scores with
// them, and compiles a preset once: two Scorers of the same preset, and
// the package-level functions for App, share their tables.
func TestNewPresets(t *testing.T) {
	for _, p := range allPresets {
		s1, err1 := New(p.Rules())
		s2, err2 := New(p.Rules())
		if err1 != nil || err2 != nil {
			t.Fatalf("New(%v.Rules()): %v, %v", p, err1, err2)
		}
		if s1.Rules() != p.Rules() || s1.tab() != s2.tab() {
			t.Errorf("New(%v.Rules()): rules %+v; the two Scorers share tables: %v", p, s1.Rules(), s1.tab() == s2.tab())
		}
		// Each Scorer is the caller's: overwriting one changes no other.
		if s1 == s2 {
			t.Fatalf("New(%v.Rules()) returned the same *Scorer twice", p)
		}
		*s1 = Scorer{}
		if s3 := mustNew(t, p.Rules()); s3.Rules() != p.Rules() || s2.Rules() != p.Rules() {
			t.Errorf("overwriting one %v Scorer changed another: %+v", p, s3.Rules())
		}
	}
	if s := mustNew(t, AppScoring.Rules()); s.tab() != (*Scorer)(nil).tab() || s.tab() != appTab() {
		t.Errorf("New(App.Rules()) does not share the tables of the package-level functions")
	}
	// Rules that are no preset get their own tables.
	r := rulesWith(FacebookScoring.Rules(), func(r *Rules) { r.FourAsTwoPairs = true })
	if mustNew(t, r).tab() == mustNew(t, FacebookScoring.Rules()).tab() {
		t.Errorf("Facebook with FourAsTwoPairs shares the tables of Facebook")
	}
	if got, err := mustNew(t, r).Score([]Die{3, 3, 3, 3, 4, 4}); got != 750 || err != nil {
		t.Errorf("Facebook with FourAsTwoPairs: Score(3 3 3 3 4 4) = %d, %v; want three pairs, 750", got, err)
	}
	for _, bad := range []Rules{{}, rulesWith(AppScoring.Rules(), func(r *Rules) { r.Triple[2] = -1 })} {
		s, err := New(bad)
		var re *RulesError
		if s != nil || !errors.Is(err, ErrInvalidRules) || !errors.As(err, &re) {
			t.Errorf("New(%+v) = %v, %v; want nil and a *RulesError wrapping ErrInvalidRules", bad, s, err)
		}
	}
}

// TestPresetFirstUseConcurrent forgets the compiled presets and then uses
// them from several goroutines at once, as a program's first calls may:
// each preset is compiled once, and every caller gets its tables. Run with
// -race, it shows that building the tables on first use is safe.
func TestPresetFirstUseConcurrent(t *testing.T) {
	saved := make([]*table, len(allPresets))
	for i, p := range allPresets {
		saved[i] = presetTables[p].Swap(nil)
	}
	t.Cleanup(func() {
		// Put back the tables that other tests' Scorers already hold.
		for i, p := range allPresets {
			if saved[i] != nil {
				presetTables[p].Store(saved[i])
			}
		}
	})
	const workers = 8
	tabs := make([][]*table, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := Score([]Die{1, 1, 1, 1, 5, 5}); got != 1500 || err != nil {
				t.Errorf("Score(1 1 1 1 5 5) = %d, %v; want 1500", got, err)
			}
			for _, p := range allPresets {
				s, err := New(p.Rules())
				if err != nil {
					t.Errorf("New(%v.Rules()): %v", p, err)
					return
				}
				tabs[w] = append(tabs[w], s.tab())
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for i, p := range allPresets {
			if len(tabs[w]) != len(allPresets) || tabs[w][i] != tabs[0][i] {
				t.Fatalf("worker %d got other tables for %v than worker 0", w, p)
			}
		}
	}
	if tabs[0][0] != appTab() {
		t.Errorf("New(App.Rules()) and Score use different tables")
	}
}

func TestBonusText(t *testing.T) {
	for _, tc := range []struct {
		b          Bonus
		text, name string
	}{
		{BonusFixed, "fixed", "BonusFixed"}, {BonusAddTriple, "add-triple", "BonusAddTriple"},
		{BonusDouble, "double", "BonusDouble"}, {BonusNone, "none", "BonusNone"},
	} {
		text, err := tc.b.MarshalText()
		if err != nil || string(text) != tc.text || tc.b.String() != tc.name {
			t.Errorf("Bonus %d: MarshalText %q, %v, String %q; want %q, %q", uint8(tc.b), text, err, tc.b.String(), tc.text, tc.name)
		}
		var got Bonus = 200
		if err := got.UnmarshalText([]byte(tc.text)); err != nil || got != tc.b {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, got, err, tc.b)
		}
	}
	if text, err := Bonus(4).MarshalText(); !errors.Is(err, ErrInvalidRules) || text != nil || Bonus(4).String() != "Bonus(4)" {
		t.Errorf("Bonus(4).MarshalText() = %q, %v; want an error wrapping ErrInvalidRules", text, err)
	}
	for _, s := range []string{"", "Fixed", "FIXED", "BonusFixed", "add_triple", "0", "none "} {
		b := BonusDouble
		if err := b.UnmarshalText([]byte(s)); !errors.Is(err, ErrInvalidRules) || b != BonusDouble {
			t.Errorf("UnmarshalText(%q) = %v, leaving %v; want an error and BonusDouble unchanged", s, err, b)
		}
	}
}
