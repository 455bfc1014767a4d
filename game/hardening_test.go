package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
)

// emptyReader returns no data and no error, forever.
type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// A reader that makes no progress ends the load instead of hanging it.
func TestLoadNoProgress(t *testing.T) {
	_, err := Load(emptyReader{}, Limits{})
	var se *SaveError
	if !errors.Is(err, io.ErrNoProgress) || !errors.As(err, &se) {
		t.Errorf("Load(a reader that returns nothing) = %v, want io.ErrNoProgress in a SaveError", err)
	}
}

// The largest limit is no limit, not an overflow.
func TestLoadMaxLimits(t *testing.T) {
	g := playSeeded(t, Zilch.Rules(), 4, thresholdBots(300, 300)...)
	b, _ := json.Marshal(g)
	if _, err := Load(bytes.NewReader(b), Limits{MaxBytes: math.MaxInt64, MaxEvents: math.MaxInt}); err != nil {
		t.Errorf("Load with the largest limits: %v", err)
	}
}

// Every refusal of Load is a *SaveError, whose Err says why.
func TestLoadErrorKinds(t *testing.T) {
	g := playSeeded(t, App.Rules(), 5, thresholdBots(300, 300)...)
	b, _ := json.Marshal(g)
	s := string(b)
	for _, c := range []struct {
		from, to string
		want     error
	}{
		{`"kind":"rolled"`, `"kind":"rolledx"`, ErrBadSave},
		{`"scoring":"app"`, `"scoring":{]`, farkle.ErrInvalidRules},
		{`"scoring":"app"`, `"scoring":"APP"`, ErrBadSave},
		{`"scoring":"app"`, `"scoring":"nope"`, farkle.ErrInvalidRules},
		{`"players":["Player 1"`, `"players":["\uDC00"`, ErrBadSave},
		{`"players":["Player 1"`, `"players":["\uD800\u0041"`, ErrBadSave},
		{`"players":["Player 1"`, `"players":[" Ann"`, ErrPlayers},
		{`"players":["Player 1"`, `"players":["A\u202eB"`, ErrPlayers},
		{`"target":10000,`, ``, ErrBadSave},
		{`,"source":`, `,"sourcex":`, ErrBadSave},
		{`{"kind":"rolled","player":0,`, `{"kind":"rolled",`, ErrBadSave},
		{`"kind":"kept","player":0`, `"kind":"kept","player":1`, ErrBadHistory},
	} {
		bad := strings.Replace(s, c.from, c.to, 1)
		if bad == s {
			t.Fatalf("%q is not in the save", c.from)
		}
		_, err := Load(strings.NewReader(bad), Limits{})
		var se *SaveError
		if !errors.As(err, &se) || !errors.Is(err, c.want) {
			t.Errorf("with %s: %v, want a SaveError wrapping %v", c.to, err, c.want)
		}
		if se != nil && (se.Offset <= 0 || se.Offset > int64(len(bad))) {
			t.Errorf("with %s: offset %d outside the save", c.to, se.Offset)
		}
		if err != nil && strings.Count(err.Error(), "game:") != 1 {
			t.Errorf("with %s: message %q repeats its prefix", c.to, err)
		}
	}
}

// Rules marshal to the save's rules object and back, strictly.
func TestRulesJSON(t *testing.T) {
	custom := Zilch.Rules()
	custom.MustRollHotDice = true
	custom.Scoring.Nothing = 700 // no preset's scoring: saved as an object
	for _, r := range []Rules{App.Rules(), Zilch.Rules(), Facebook.Rules(), custom} {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Rules
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back != r {
			t.Errorf("%s came back as %+v", b, back)
		}
	}
	b, _ := json.Marshal(Zilch.Rules())
	want := `{"target":10000,"final_round":true,"min_bank":300,"min_first_bank":0,"penalty":500,"penalty_after":3,"must_roll_hot_dice":false,"scoring":"zilch"}`
	if string(b) != want {
		t.Errorf("json.Marshal(Zilch.Rules()) = %s, want %s", b, want)
	}
	for _, bad := range []string{
		strings.Replace(want, `"target":10000,`, ``, 1),
		strings.Replace(want, `"target"`, `"Target"`, 1),
		strings.Replace(want, `"penalty_after":3`, `"penalty_after":0`, 1),
		want + ` {}`,
		`null`,
	} {
		r := App.Rules()
		err := r.UnmarshalJSON([]byte(bad))
		var re *farkle.RulesError
		if !errors.As(err, &re) || !errors.Is(err, farkle.ErrInvalidRules) {
			t.Errorf("UnmarshalJSON(%s) = %v, want a *farkle.RulesError", bad, err)
		}
		if r != App.Rules() {
			t.Errorf("UnmarshalJSON(%s) failed but changed the rules", bad)
		}
	}
}

// Names are text a person reads: no formatting characters that reorder
// the text around them, and no space at either end.
func TestNamesRefused(t *testing.T) {
	for _, n := range []string{" Ann", "Ann ", "   ", "A\u202eB", "A\u200bB"} {
		if _, err := New(App.Rules(), []string{n}, nil); !errors.Is(err, ErrPlayers) {
			t.Errorf("New with name %q: %v, want ErrPlayers", n, err)
		}
	}
	if _, err := New(App.Rules(), []string{"Ann Lee", "Zoë"}, nil); err != nil {
		t.Errorf("New with ordinary names: %v", err)
	}
}

// MarshalJSON of the zero Game wraps ErrNoGame.
func TestMarshalZeroGame(t *testing.T) {
	var g Game
	if _, err := g.MarshalJSON(); !errors.Is(err, ErrNoGame) {
		t.Errorf("(&Game{}).MarshalJSON() = %v, want ErrNoGame", err)
	}
}
