package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"

	"github.com/farkle-go/farkle"
)

// saveVersion is the version of the JSON form of a Game.
const saveVersion = 1

// saved is the JSON form of a Game: what replays it, plus its source.
type saved struct {
	Version int          `json:"version"`
	Rules   savedRules   `json:"rules"`
	Players []string     `json:"players"`
	Events  []eventJSON  `json:"events"`
	Source  *savedSource `json:"source"`
}

type savedRules struct {
	Target       int          `json:"target"`
	FinalRound   bool         `json:"finalRound"`
	MinBank      int          `json:"minBank"`
	MinFirstBank int          `json:"minFirstBank"`
	Penalty      int          `json:"penalty"`
	PenaltyAfter int          `json:"penaltyAfter"`
	HotDice      HotDice      `json:"hotDice"`
	Scoring      farkle.Rules `json:"scoring"`
}

type savedSource struct {
	Type  string `json:"type"` // "pcg" or "chacha8"
	State []byte `json:"state"`
}

// MarshalJSON saves the game in progress (or over): its rules, with the
// scoring rules of its Scorer, the player names, the history of events,
// and the state of the dice source if it is a *rand.PCG or a
// *rand.ChaCha8. Any other source (or none) is saved as null, and the
// loaded game needs [Game.SetSource] before it can Roll.
func (g *Game) MarshalJSON() ([]byte, error) {
	if !g.ok() {
		return nil, errors.New("game: cannot marshal: " + ErrNoGame.Error())
	}
	r := g.rules
	s := saved{
		Version: saveVersion,
		Rules: savedRules{
			Target: r.Target, FinalRound: r.FinalRound, MinBank: r.MinBank, MinFirstBank: r.MinFirstBank,
			Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter, HotDice: r.HotDice, Scoring: r.Scorer.Rules(),
		},
		Players: make([]string, len(g.players)),
		Events:  make([]eventJSON, len(g.events)),
	}
	for i, e := range g.events {
		s.Events[i] = e.toJSON()
	}
	for i, p := range g.players {
		s.Players[i] = p.Name
	}
	var err error
	switch src := g.src.(type) {
	case *rand.PCG:
		s.Source = &savedSource{Type: "pcg"}
		s.Source.State, err = src.MarshalBinary()
	case *rand.ChaCha8:
		s.Source = &savedSource{Type: "chacha8"}
		s.Source.State, err = src.MarshalBinary()
	}
	if err != nil {
		return nil, fmt.Errorf("game: cannot marshal the dice source: %w", err)
	}
	return json.Marshal(s)
}

// UnmarshalJSON loads a game saved by [Game.MarshalJSON]: it checks the
// rules and replays the history (see [Replay]), so that a loaded game is
// always one that the rules can reach. On error (bad JSON, data after it,
// unknown fields or field names not spelled exactly as saved, invalid
// rules, a [*HistoryError], a bad source state) g is left unchanged.
//
// The Scorer of the loaded rules is that of the preset [App], [Zilch] or
// [Facebook] whose scoring rules the save has, so that a game saved under
// a preset loads with Rules equal to it (see [Rules]); other scoring rules
// get a new Scorer, the same one each time the same scoring rules are
// loaded (for the first 64 distinct scoring rules loaded).
func (g *Game) UnmarshalJSON(b []byte) error {
	var s saved
	if err := strictUnmarshal(b, &s, savedNames); err != nil {
		return fmt.Errorf("game: cannot unmarshal: %w", err)
	}
	if s.Version != saveVersion {
		return fmt.Errorf("game: cannot unmarshal version %d, want %d", s.Version, saveVersion)
	}
	sc, err := scorerFor(s.Rules.Scoring)
	if err != nil {
		return fmt.Errorf("game: cannot unmarshal: %w", err)
	}
	r := Rules{
		Target: s.Rules.Target, FinalRound: s.Rules.FinalRound, MinBank: s.Rules.MinBank,
		MinFirstBank: s.Rules.MinFirstBank, Penalty: s.Rules.Penalty, PenaltyAfter: s.Rules.PenaltyAfter,
		HotDice: s.Rules.HotDice, Scorer: sc,
	}
	// Check the names as they were saved: New would rename an empty one.
	for i, n := range s.Players {
		if n == "" {
			return &PlayersError{Player: i, Reason: "empty name"}
		}
	}
	events := make([]Event, len(s.Events))
	for i := range s.Events {
		if events[i], err = s.Events[i].event(); err != nil {
			return fmt.Errorf("game: cannot unmarshal event %d: %w", i, err)
		}
	}
	ng, err := Replay(r, s.Players, events)
	if err != nil {
		return err
	}
	if s.Source != nil {
		var src interface {
			rand.Source
			UnmarshalBinary([]byte) error
		}
		switch s.Source.Type {
		case "pcg":
			src = new(rand.PCG)
		case "chacha8":
			src = new(rand.ChaCha8)
		default:
			return fmt.Errorf("game: cannot unmarshal source type %q", s.Source.Type)
		}
		if err := src.UnmarshalBinary(s.Source.State); err != nil {
			return fmt.Errorf("game: cannot unmarshal the %s source: %w", s.Source.Type, err)
		}
		ng.src = src
	}
	*g = *ng
	return nil
}

// strictUnmarshal decodes one JSON value with no unknown fields into v,
// whose field names are names: encoding/json matches the keys of an object
// to the field names without regard to case, and strictUnmarshal rejects
// any key that is not spelled exactly as a field name. Nothing but white
// space may follow the value.
func strictUnmarshal(b []byte, v any, names map[string]bool) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	// More is false before a closing bracket: look for the end instead.
	if _, err := d.Token(); err != io.EOF {
		return fmt.Errorf("data after the JSON value at offset %d", d.InputOffset())
	}
	return checkKeys(b, names)
}

// checkKeys returns an error for the first key of an object in the valid
// JSON text b that is not one of names.
func checkKeys(b []byte, names map[string]bool) error {
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		start, escaped := i, false
		for i++; i < len(b) && b[i] != '"'; i++ {
			if b[i] == '\\' {
				escaped = true
				i++
			}
		}
		raw := b[start : i+1] // the quoted string
		j := i + 1
		for j < len(b) && (b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r') {
			j++
		}
		if j == len(b) || b[j] != ':' {
			continue // a string value, not a key
		}
		key := string(raw[1 : len(raw)-1])
		if escaped {
			if err := json.Unmarshal(raw, &key); err != nil {
				return err
			}
		}
		if !names[key] {
			return fmt.Errorf("json: unknown field %q (field names are case-sensitive)", key)
		}
	}
	return nil
}

// jsonNames returns the JSON names of the fields of the structs in the
// type t, at any depth.
func jsonNames(t reflect.Type, names map[string]bool) map[string]bool {
	if names == nil {
		names = make(map[string]bool)
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return jsonNames(t.Elem(), names)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			names[name] = true
			jsonNames(f.Type, names)
		}
	}
	return names
}

var (
	savedNames = jsonNames(reflect.TypeFor[saved](), nil)
	eventNames = jsonNames(reflect.TypeFor[eventJSON](), nil)
)

// maxScorers bounds the cache of the scorers of loaded games.
const maxScorers = 64

// scorers caches the scorers of the scoring rules of loaded games that
// are no preset's, so that loading the same rules again gives the same
// *farkle.Scorer (and equal [Rules]).
var scorers struct {
	sync.Mutex
	m map[farkle.Rules]*farkle.Scorer
}

// scorerFor returns a Scorer for r: the Scorer of the preset [App],
// [Zilch] or [Facebook] (as they are now) whose scoring rules are r, or
// else the same Scorer for the same r, up to maxScorers distinct r.
func scorerFor(r farkle.Rules) (*farkle.Scorer, error) {
	for _, p := range []*farkle.Scorer{App.Scorer, Zilch.Scorer, Facebook.Scorer} {
		if p.Rules() == r {
			return p, nil
		}
	}
	scorers.Lock()
	s := scorers.m[r]
	scorers.Unlock()
	if s != nil {
		return s, nil
	}
	s, err := farkle.New(r)
	if err != nil {
		return nil, err
	}
	scorers.Lock()
	defer scorers.Unlock()
	if old := scorers.m[r]; old != nil {
		return old, nil // built meanwhile by another goroutine
	}
	if len(scorers.m) < maxScorers {
		if scorers.m == nil {
			scorers.m = make(map[farkle.Rules]*farkle.Scorer)
		}
		scorers.m[r] = s
	}
	return s, nil
}
