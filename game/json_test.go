package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// savedZilchGame returns the JSON of a two-player Zilch game after a roll
// and a keep, with player names that hold quotes and colons.
func savedZilchGame(t *testing.T) []byte {
	t.Helper()
	g, err := New(Zilch, []string{`a": "b`, `{"version":`}, nil)
	if err != nil {
		t.Fatal(err)
	}
	run(t, g, []step{{"r 155234", nil}, {"k 155", nil}})
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// UnmarshalJSON called directly (not through json.Unmarshal, which checks
// the syntax of the whole input first) rejects anything after the value.
func TestUnmarshalTrailingData(t *testing.T) {
	good := string(savedZilchGame(t))
	for _, tail := range []string{"]", " ] ]", "}", " x", "{}", "\n[1]", " null", "\"", ",", ":"} {
		h, err := New(App, []string{"x"}, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		before := snap(h)
		if err := h.UnmarshalJSON([]byte(good + tail)); err == nil {
			t.Errorf("Game.UnmarshalJSON accepted %q after the game", tail)
		}
		if diff := cmp.Diff(before, snap(h)); diff != "" {
			t.Errorf("%q: failed unmarshal changed the game (-want +got):\n%s", tail, diff)
		}
	}
	for _, tail := range []string{"", " ", "\n\t\r "} {
		var h Game
		if err := h.UnmarshalJSON([]byte(good + tail)); err != nil {
			t.Errorf("Game.UnmarshalJSON with %q after the game: %v", tail, err)
		}
	}

	const ev = `{"kind":"kept","player":1,"dice":[1,5],"points":150,"total":150}`
	want := Event{Kind: EventKept, Player: 1, Dice: dice("15"), Points: 150, Total: 150}
	for _, tail := range []string{"]", " ] ]", "}", "{}", " 1"} {
		e := want
		if err := e.UnmarshalJSON([]byte(ev + tail)); err == nil {
			t.Errorf("Event.UnmarshalJSON accepted %q after the event", tail)
		}
		if diff := cmp.Diff(want, e); diff != "" {
			t.Errorf("%q: failed unmarshal changed the event (-want +got):\n%s", tail, diff)
		}
	}
	var e Event
	if err := e.UnmarshalJSON([]byte(ev + " \n")); err != nil || !e.equal(want) {
		t.Errorf("Event.UnmarshalJSON = %v, %v; want %v", e, err, want)
	}
}

// The keys must be the field names as saved, not the same names in
// another case, which encoding/json alone would accept.
func TestUnmarshalExactKeys(t *testing.T) {
	good := string(savedZilchGame(t))
	for _, r := range [][2]string{
		{`"version":`, `"VERSION":`},
		{`"target":`, `"Target":`},
		{`"minBank":`, `"minbank":`},
		{`"SingleOne":`, `"singleOne":`},
		{`"Triple":`, `"TRIPLE":`},
		{`"kind":`, `"Kind":`},
		{`"source":`, `"Source":`},
		{`"rules":`, `"ruleſ":`}, // ſ folds to s
	} {
		bad := strings.Replace(good, r[0], r[1], 1)
		if bad == good {
			t.Fatalf("%s: the replacement did not apply", r[0])
		}
		var h Game
		if err := h.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("Game.UnmarshalJSON accepted %s for %s", r[1], r[0])
		}
	}
	// An escaped key that spells the name exactly is the name.
	var h Game
	if err := h.UnmarshalJSON([]byte(strings.Replace(good, `"version":`, `"\u0076ersion" :`, 1))); err != nil {
		t.Errorf("escaped key: %v", err)
	}
	var e Event
	if err := e.UnmarshalJSON([]byte(`{"KIND":"banked","player":0,"points":300,"total":300}`)); err == nil {
		t.Errorf("Event.UnmarshalJSON accepted KIND")
	}
}

// checkKeys relies on no two field names of a saved game being equal
// without regard to case: else a key spelled as one of them would fit the
// other one's field.
func TestJSONNamesDistinct(t *testing.T) {
	for _, set := range []map[string]bool{savedNames, eventNames} {
		for a := range set {
			for b := range set {
				if a != b && strings.EqualFold(a, b) {
					t.Errorf("field names %q and %q differ only in case", a, b)
				}
			}
		}
	}
	for _, name := range []string{"version", "target", "SingleOne", "Triple", "kind", "farkles", "state"} {
		if !savedNames[name] {
			t.Errorf("savedNames lacks %q", name)
		}
	}
}

func saveLoad(t *testing.T, g *Game) *Game {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var h Game
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return &h
}

// A game saved under a preset loads with equal Rules, and the same custom
// scoring rules load with the same Scorer each time.
func TestRulesEqualAfterLoad(t *testing.T) {
	custom := Rules{Target: 3000, MinFirstBank: 500, HotDice: HotDiceMustRoll, Scorer: classicScorer}
	for _, r := range []Rules{App, Zilch, Facebook, {}, custom} {
		g, err := New(r, []string{"a", "b"}, rand.NewPCG(5, 6))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Roll(); err != nil {
			t.Fatal(err)
		}
		h1, h2 := saveLoad(t, g), saveLoad(t, g)
		if h1.Rules() != h2.Rules() {
			t.Errorf("%+v: two loads of one save have different Rules: %+v and %+v", r, h1.Rules(), h2.Rules())
		}
		if h1.Rules().Scorer.Rules() != r.Scorer.Rules() {
			t.Errorf("%+v: loaded scoring rules %+v", r, h1.Rules().Scorer.Rules())
		}
		if r.Scorer != classicScorer && h1.Rules() != r {
			t.Errorf("preset %+v loaded as %+v", r, h1.Rules())
		}
	}
	// A Scorer of the App rules that is not nil loads as nil.
	appScorer, err := farkle.New(farkle.App)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Rules{Scorer: appScorer}, []string{"a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := saveLoad(t, g).Rules(); got != (Rules{}) {
		t.Errorf("App scorer loaded as %+v, want the zero Rules", got)
	}
}

// The cache of the scorers of loaded games stays bounded.
func TestScorerCacheBounded(t *testing.T) {
	scorers.Lock()
	saved := scorers.m
	scorers.m = nil
	scorers.Unlock()
	t.Cleanup(func() {
		scorers.Lock()
		scorers.m = saved
		scorers.Unlock()
	})
	var first []*farkle.Scorer
	for i := range maxScorers + 5 {
		r := farkle.Classic
		r.Nothing = 50 * (i + 1)
		s, err := scorerFor(r)
		if err != nil {
			t.Fatal(err)
		}
		if s.Rules() != r {
			t.Fatalf("scorer %d scores %+v, want %+v", i, s.Rules(), r)
		}
		first = append(first, s)
	}
	scorers.Lock()
	n := len(scorers.m)
	scorers.Unlock()
	if n != maxScorers {
		t.Errorf("%d cached scorers, want %d", n, maxScorers)
	}
	for i, s := range first {
		r := farkle.Classic
		r.Nothing = 50 * (i + 1)
		again, err := scorerFor(r)
		if err != nil {
			t.Fatal(err)
		}
		if cached := i < maxScorers; (again == s) != cached {
			t.Errorf("scorer %d: same pointer %v, want %v", i, again == s, cached)
		}
	}
	var re *farkle.RulesError
	if _, err := scorerFor(farkle.Rules{}); !errors.As(err, &re) {
		t.Errorf("scorerFor(zero rules) = %v, want a *farkle.RulesError", err)
	}
}

func TestCanUnknownAction(t *testing.T) {
	g := newGame(t, App, 2)
	for _, a := range []Action{0, 4, 9, 255} {
		err := g.Can(a)
		var ae *ActionError
		if !errors.Is(err, ErrUnknownAction) || !errors.As(err, &ae) || ae.Action != a {
			t.Errorf("Can(%v) = %v, want an *ActionError wrapping ErrUnknownAction", a, err)
		}
	}
	for _, a := range []Action{ActionRoll, ActionKeep, ActionBank} {
		if err := g.Can(a); errors.Is(err, ErrUnknownAction) {
			t.Errorf("Can(%v) = %v", a, err)
		}
	}
}
