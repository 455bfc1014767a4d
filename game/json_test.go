package game

// Saved games: the keys of format version 2, save and resume, and the
// strictness of loading (bad JSON, unknown or miscased keys, data after
// the value, another version), which leaves the Game unchanged.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// savedGame returns the JSON of a two-player game under r after a roll
// and a keep, with player names that hold quotes and colons.
func savedGame(t *testing.T, r Rules, src rand.Source) []byte {
	t.Helper()
	g, err := New(r, []string{`a": "b`, `{"version":`}, src)
	if err != nil {
		t.Fatal(err)
	}
	run(t, g, script("r 155234", "k 155"))
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// keysOf returns the keys of the JSON object b, sorted.
func keysOf(t *testing.T, b []byte) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// The save has the keys of format version 2, and the scoring as a
// preset's name or an object.
func TestSaveFormat(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rules   Rules
		src     rand.Source
		scoring string
		source  string
	}{
		{"zilch", Zilch.Rules(), nil, `"zilch"`, `null`},
		{"app with pcg", App.Rules(), rand.NewPCG(1, 2), `"app"`, `pcg`},
		{"core scoring with chacha8", Rules{Scoring: farkle.CoreScoring.Rules()}, rand.NewChaCha8([32]byte{1}), `"core"`, `chacha8`},
		{"custom", Rules{Scoring: classicScoring()}, nil, `{`, `null`},
	} {
		b := savedGame(t, tc.rules, tc.src)
		var top map[string]json.RawMessage
		if err := json.Unmarshal(b, &top); err != nil {
			t.Fatal(err)
		}
		if diff := cmpDiff([]string{"events", "format", "players", "rules", "source", "version"}, keysOf(t, b)); diff != "" {
			t.Errorf("%s: keys (-want +got):\n%s", tc.name, diff)
		}
		if string(top["format"]) != `"farkle-game"` || string(top["version"]) != `2` {
			t.Errorf("%s: format %s version %s", tc.name, top["format"], top["version"])
		}
		rulesKeys := []string{"final_round", "min_bank", "min_first_bank", "must_roll_hot_dice", "penalty", "penalty_after", "scoring", "target"}
		if diff := cmpDiff(rulesKeys, keysOf(t, top["rules"])); diff != "" {
			t.Errorf("%s: rules keys (-want +got):\n%s", tc.name, diff)
		}
		var rules map[string]json.RawMessage
		if err := json.Unmarshal(top["rules"], &rules); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(rules["scoring"]), tc.scoring) {
			t.Errorf("%s: scoring %s, want %s...", tc.name, rules["scoring"], tc.scoring)
		}
		if tc.scoring == `{` {
			want, err := tc.rules.Scoring.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if string(rules["scoring"]) != string(want) {
				t.Errorf("%s: scoring %s, want %s", tc.name, rules["scoring"], want)
			}
		}
		if string(top["players"]) != `["a\": \"b","{\"version\":"]` {
			t.Errorf("%s: players %s", tc.name, top["players"])
		}
		var events []json.RawMessage
		if err := json.Unmarshal(top["events"], &events); err != nil {
			t.Fatal(err)
		}
		want := []string{
			`{"kind":"rolled","player":0,"dice":[1,2,3,4,5,5],"score":0}`,
			`{"kind":"kept","player":0,"dice":[1,5,5],"points":200,"turn_total":200,"score":0}`,
		}
		var got []string
		for _, e := range events {
			got = append(got, string(e))
		}
		if diff := cmpDiff(want, got); diff != "" {
			t.Errorf("%s: events (-want +got):\n%s", tc.name, diff)
		}
		if tc.source == `null` {
			if string(top["source"]) != `null` {
				t.Errorf("%s: source %s", tc.name, top["source"])
			}
			continue
		}
		var src struct {
			Type  string `json:"type"`
			State []byte `json:"state"`
		}
		if diff := cmpDiff([]string{"state", "type"}, keysOf(t, top["source"])); diff != "" {
			t.Errorf("%s: source keys (-want +got):\n%s", tc.name, diff)
		}
		if err := json.Unmarshal(top["source"], &src); err != nil || src.Type != tc.source || len(src.State) == 0 {
			t.Errorf("%s: source %s, %v", tc.name, top["source"], err)
		}
	}
}

// TestSaveResume saves a seeded game after every turn, and in the middle
// of turns, resumes each save, and checks that every resumed game ends as
// the original.
func TestSaveResume(t *testing.T) {
	for name, src := range map[string]func() rand.Source{
		"pcg":     func() rand.Source { return rand.NewPCG(7, 8) },
		"chacha8": func() rand.Source { return rand.NewChaCha8([32]byte{1, 2, 3}) },
	} {
		bots := thresholdBots(400, 800)
		g, err := New(Rules{Target: 4000, FinalRound: true}, []string{"Ann", "Bob"}, src())
		if err != nil {
			t.Fatal(err)
		}
		var saves [][]byte
		save := func() {
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			saves = append(saves, b)
		}
		for !g.View().Over() {
			save()
			if g.View().Turn()%2 == 0 { // a roll before the save: dice wait on the table
				if err := g.Roll(); err != nil {
					t.Fatal(err)
				}
				save()
			}
			if !g.View().Over() {
				if err := g.PlayTurn(bots[g.View().Current()]); err != nil {
					t.Fatal(err)
				}
			}
		}
		want := g.EventsSince(0)
		for i, b := range saves {
			var h Game
			if err := json.Unmarshal(b, &h); err != nil {
				t.Fatalf("%s: save %d: %v", name, i, err)
			}
			if err := h.Play(bots...); err != nil {
				t.Fatal(err)
			}
			if diff := cmpDiff(want, h.EventsSince(0)); diff != "" {
				t.Fatalf("%s: save %d resumed differently (-want +got):\n%s", name, i, diff)
			}
		}
	}
}

func TestResumeWithoutSource(t *testing.T) {
	g, err := New(App.Rules(), []string{"a", "b"}, rand.New(rand.NewPCG(1, 1))) // a *rand.Rand: not saved
	if err != nil {
		t.Fatal(err)
	}
	run(t, g, script("r 155234", "k 155"))
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"source":null`) {
		t.Errorf("JSON has a source: %s", b)
	}
	h := saveLoad(t, g)
	if h.HasSource() || h.View().TurnTotal() != 200 || h.View().DiceLeft() != 3 {
		t.Fatalf("loaded: source %v, turn total %d, dice left %d", h.HasSource(), h.View().TurnTotal(), h.View().DiceLeft())
	}
	if err := h.Roll(); !errors.Is(err, ErrNoSource) {
		t.Errorf("Roll after loading without source: %v, want ErrNoSource", err)
	}
	h.SetSource(rand.NewPCG(2, 2))
	if err := h.Roll(); err != nil {
		t.Errorf("Roll after SetSource: %v", err)
	}
}

func TestBadJSON(t *testing.T) {
	g := newGame(t, Zilch.Rules(), 2)
	run(t, g, script("r 155234", "k 155"))
	good, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	s := string(good)
	const (
		roll = `"dice":[1,2,3,4,5,5]`
		keep = `"dice":[1,5,5]`
	)
	bad := []struct {
		json string
		want error // nil: any error
	}{
		{``, nil},
		{`{`, nil},
		{`[]`, nil},
		{`null`, nil},
		{`{}`, nil},
		{s + `{}`, nil},
		{strings.Replace(s, `"version":2`, `"version":1`, 1), nil},
		{strings.Replace(s, `"version":2`, `"version":3`, 1), nil},
		{strings.Replace(s, `"version":2`, `"version":2.0`, 1), nil},
		{strings.Replace(s, `"version":2,`, ``, 1), nil},
		{strings.Replace(s, `"format":"farkle-game"`, `"format":"farkle-gam"`, 1), nil},
		{strings.Replace(s, `"format":"farkle-game",`, ``, 1), nil},
		{strings.Replace(s, `"target":10000`, `"target":-5`, 1), farkle.ErrInvalidRules},
		{strings.Replace(s, `"penalty_after":3`, `"penalty_after":0`, 1), farkle.ErrInvalidRules},
		{strings.Replace(s, `"final_round":true`, `"final_round":1`, 1), nil},
		{strings.Replace(s, `"scoring":"zilch"`, `"scoring":"zilchy"`, 1), farkle.ErrInvalidRules},
		{strings.Replace(s, `"scoring":"zilch"`, `"scoring":{"single_one":-100}`, 1), farkle.ErrInvalidRules},
		{strings.Replace(s, `"scoring":"zilch"`, `"scoring":null`, 1), nil},
		{strings.Replace(s, `"scoring":"zilch"`, `"scoring":7`, 1), nil},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":[]`, 1), ErrPlayers},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":null`, 1), ErrBadSave},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":["","b"]`, 1), ErrPlayers},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":["a","b\nc"]`, 1), ErrPlayers},
		{strings.Replace(s, keep, `"dice":[1,5]`, 1), ErrBadHistory},
		{strings.Replace(s, keep, `"dice":[2]`, 1), farkle.ErrNonScoring},
		{strings.Replace(s, keep, `"dice":[]`, 1), farkle.ErrNoDice},
		{strings.Replace(s, keep, `"dice":[1,1]`, 1), farkle.ErrNotInRoll},
		{strings.Replace(s, roll, `"dice":[1,2,3,4,5]`, 1), ErrDiceCount},
		{strings.Replace(s, roll, `"dice":[1,2,3,4,5,9]`, 1), nil},
		{strings.Replace(s, roll, `"dice":[1,2,3,4,5,400]`, 1), nil},
		{strings.Replace(s, roll, `"dice":[1,1,2,3,4,5,5]`, 1), nil},
		{strings.Replace(s, roll, `"dice":[2,2,3,4,6,6]`, 1), ErrBadHistory}, // a farkle: the keep does not follow
		{strings.Replace(s, `"points":200,"turn_total":200`, `"points":250,"turn_total":250`, 1), ErrBadHistory},
		{strings.Replace(s, `"turn_total":200,"score":0`, `"turn_total":200,"score":5`, 1), ErrBadHistory},
		{strings.Replace(s, `"turn_total":200,"score":0`, `"turn_total":200,"score":0,"farkles":1`, 1), ErrBadHistory},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"banked"`, 1), ErrAlreadyRolled},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"won"`, 1), ErrBadHistory},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"nope"`, 1), nil},
		{strings.Replace(s, `"kind":"kept","player":0`, `"kind":"kept","player":1`, 1), ErrBadHistory},
		{strings.Replace(s, `"events":[`, `"events":[{"kind":"hot-dice","player":0,"score":0},`, 1), ErrBadHistory},
		{strings.Replace(s, `],"source"`, `,{"kind":"banked","player":0,"points":200,"score":200}],"source"`, 1), ErrBelowMinimum},
		{strings.Replace(s, `"events":[`, `"events":{`, 1), nil},
		{strings.Replace(s, `"source":null`, `"source":{"type":"pcg","state":"AAAA"}`, 1), nil},
		{strings.Replace(s, `"source":null`, `"source":{"type":"pcg"}`, 1), nil},
		{strings.Replace(s, `"source":null`, `"source":{"type":"mt","state":""}`, 1), nil},
		{strings.Replace(s, `"source":null`, `"source":5`, 1), nil},
		{strings.Replace(s, `"version":2`, `"version":2,"extra":true`, 1), ErrBadSave},
	}
	for i, tc := range bad {
		if tc.json == s {
			t.Fatalf("case %d: the replacement did not apply", i)
		}
		h, err := New(App.Rules(), []string{"x"}, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		run(t, h, script("r 123466", "k 1"))
		before := snap(h)
		err = json.Unmarshal([]byte(tc.json), h)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("case %d: error %v, want %v\n%s", i, err, tc.want, tc.json)
		}
		if diff := cmpDiff(before, snap(h)); diff != "" {
			t.Errorf("case %d: failed unmarshal changed the game (-want +got):\n%s", i, diff)
		}
	}
	// And the good JSON loads.
	var h Game
	if err := json.Unmarshal(good, &h); err != nil {
		t.Fatal(err)
	}
	if diff := cmpDiff(snap(g), snap(&h)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

// UnmarshalJSON called directly (not through json.Unmarshal, which checks
// the syntax of the whole input first) rejects anything after the value.
func TestUnmarshalTrailingData(t *testing.T) {
	good := string(savedGame(t, Zilch.Rules(), nil))
	for _, tail := range []string{"]", " ] ]", "}", " x", "{}", "\n[1]", " null", "\"", ",", ":"} {
		h, err := New(App.Rules(), []string{"x"}, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		before := snap(h)
		if err := h.UnmarshalJSON([]byte(good + tail)); err == nil {
			t.Errorf("Game.UnmarshalJSON accepted %q after the game", tail)
		}
		if diff := cmpDiff(before, snap(h)); diff != "" {
			t.Errorf("%q: failed unmarshal changed the game (-want +got):\n%s", tail, diff)
		}
	}
	for _, tail := range []string{"", " ", "\n\t\r "} {
		var h Game
		if err := h.UnmarshalJSON([]byte(good + tail)); err != nil {
			t.Errorf("Game.UnmarshalJSON with %q after the game: %v", tail, err)
		}
	}

	const ev = `{"kind":"kept","player":1,"dice":[1,5],"points":150,"turn_total":150,"score":0}`
	want := Event{Kind: EventKept, Player: 1, Dice: hand("15"), Points: 150, TurnTotal: 150}
	for _, tail := range []string{"]", " ] ]", "}", "{}", " 1"} {
		e := want
		if err := e.UnmarshalJSON([]byte(ev + tail)); err == nil {
			t.Errorf("Event.UnmarshalJSON accepted %q after the event", tail)
		}
		if e != want {
			t.Errorf("%q: failed unmarshal changed the event to %+v", tail, e)
		}
	}
	var e Event
	if err := e.UnmarshalJSON([]byte(ev + " \n")); err != nil || e != want {
		t.Errorf("Event.UnmarshalJSON = %+v, %v; want %+v", e, err, want)
	}
}

// The keys must be the field names as saved, not the same names in
// another case, which encoding/json alone would accept.
func TestUnmarshalExactKeys(t *testing.T) {
	zilch := string(savedGame(t, Zilch.Rules(), rand.NewPCG(1, 1)))
	custom := string(savedGame(t, Rules{Scoring: classicScoring()}, nil))
	for _, r := range []struct{ save, from, to string }{
		{zilch, `"version":`, `"VERSION":`},
		{zilch, `"format":`, `"Format":`},
		{zilch, `"target":`, `"Target":`},
		{zilch, `"min_bank":`, `"min_Bank":`},
		{zilch, `"must_roll_hot_dice":`, `"must_roll_hot_dicE":`},
		{zilch, `"kind":`, `"Kind":`},
		{zilch, `"turn_total":`, `"TURN_TOTAL":`},
		{zilch, `"source":`, `"Source":`},
		{zilch, `"state":`, `"State":`},
		{zilch, `"rules":`, `"ruleſ":`}, // ſ folds to s
		{custom, `"single_one":`, `"Single_one":`},
		{custom, `"triple":`, `"TRIPLE":`},
		{custom, `"four_and_pair":`, `"four_anD_pair":`},
	} {
		bad := strings.Replace(r.save, r.from, r.to, 1)
		if bad == r.save {
			t.Fatalf("%s: the replacement did not apply", r.from)
		}
		var h Game
		if err := h.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("Game.UnmarshalJSON accepted %s for %s", r.to, r.from)
		}
	}
	// An escaped key that spells the name exactly is the name.
	var h Game
	if err := h.UnmarshalJSON([]byte(strings.Replace(zilch, `"version":`, `"\u0076ersion" :`, 1))); err != nil {
		t.Errorf("escaped key: %v", err)
	}
	var e Event
	if err := e.UnmarshalJSON([]byte(`{"KIND":"banked","player":0,"points":300,"score":300}`)); err == nil {
		t.Errorf("Event.UnmarshalJSON accepted KIND")
	}
}

// The decoder's key lists must be exactly the keys that MarshalJSON
// writes, in the order it writes them: else a save would not load, or the
// order "rules", "players", "events" that Load needs would not hold.
func TestLoadKeysMatchSaveKeys(t *testing.T) {
	tags := func(v any) []string {
		var out []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			out = append(out, name)
		}
		return out
	}
	for _, c := range []struct {
		name string
		list []string
		v    any
	}{
		{"save", saveKeyList, saved{}},
		{"rules", rulesKeyList, savedRules{}},
		{"event", eventKeyList, eventJSON{}},
		{"source", sourceKeyList, savedSource{}},
	} {
		if diff := cmp.Diff(tags(c.v), c.list); diff != "" {
			t.Errorf("%s keys (-written +read):\n%s", c.name, diff)
		}
	}
}
