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

// The save format: format names it, version is its version. Version 2 is
// the first with stable lower-case keys; earlier saves do not load.
const (
	saveFormat  = "farkle-game"
	saveVersion = 2
)

// saved is the JSON form of a Game: what replays it, plus its source. Its
// keys are part of the save format and never change.
type saved struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	Rules   savedRules   `json:"rules"`
	Players []string     `json:"players"`
	Events  []eventJSON  `json:"events"`
	Source  *savedSource `json:"source"`
}

type savedRules struct {
	Target          int          `json:"target"`
	FinalRound      bool         `json:"final_round"`
	MinBank         int          `json:"min_bank"`
	MinFirstBank    int          `json:"min_first_bank"`
	Penalty         int          `json:"penalty"`
	PenaltyAfter    int          `json:"penalty_after"`
	MustRollHotDice bool         `json:"must_roll_hot_dice"`
	Scoring         savedScoring `json:"scoring"`
}

// savedScoring is scoring rules saved as the name of their farkle.Preset,
// such as "zilch", or else as the object of farkle.Rules.MarshalJSON.
type savedScoring struct {
	r farkle.Rules
}

func (s savedScoring) MarshalJSON() ([]byte, error) {
	if p, ok := s.r.Preset(); ok {
		return json.Marshal(p)
	}
	return s.r.MarshalJSON()
}

func (s *savedScoring) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var p farkle.Preset
		if err := json.Unmarshal(b, &p); err != nil {
			return err
		}
		s.r = p.Rules()
		return nil
	}
	return s.r.UnmarshalJSON(b)
}

type savedSource struct {
	Type  string `json:"type"` // "pcg" or "chacha8"
	State []byte `json:"state"`
}

// MarshalJSON saves the game in progress (or over): its rules, the player
// names, the history of events, and the state of the dice source if it is
// a *rand.PCG or a *rand.ChaCha8. Any other source (or none) is saved as
// null, and the loaded game needs [Game.SetSource] before it can Roll.
//
// The save is an object with the keys "format" ("farkle-game"),
// "version" (2), "rules", "players", "events" and "source"; the scoring
// rules are saved as the name of their farkle.Preset when they are one's.
// The format is stable: a save written by this version keeps loading in
// later ones.
func (g *Game) MarshalJSON() ([]byte, error) {
	if !g.ok() {
		return nil, errors.New("game: cannot marshal: " + ErrNoGame.Error())
	}
	r := g.rules
	s := saved{
		Format:  saveFormat,
		Version: saveVersion,
		Rules: savedRules{
			Target: r.Target, FinalRound: r.FinalRound, MinBank: r.MinBank, MinFirstBank: r.MinFirstBank,
			Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter, MustRollHotDice: r.MustRollHotDice,
			Scoring: savedScoring{r.Scoring},
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
// always one that the rules can reach, with [Game.Rules] equal to the
// saved game's. On error (bad JSON, data after it, unknown keys or keys
// not spelled exactly as saved, another format or version, invalid rules,
// a [*HistoryError], a bad source state) g is left unchanged.
func (g *Game) UnmarshalJSON(b []byte) error {
	var s saved
	if err := strictUnmarshal(b, &s, saveKeys()); err != nil {
		return fmt.Errorf("game: cannot unmarshal: %w", err)
	}
	if s.Format != saveFormat || s.Version != saveVersion {
		return fmt.Errorf("game: cannot unmarshal format %q version %d, want %q version %d", s.Format, s.Version, saveFormat, saveVersion)
	}
	r := Rules{
		Target: s.Rules.Target, FinalRound: s.Rules.FinalRound, MinBank: s.Rules.MinBank,
		MinFirstBank: s.Rules.MinFirstBank, Penalty: s.Rules.Penalty, PenaltyAfter: s.Rules.PenaltyAfter,
		MustRollHotDice: s.Rules.MustRollHotDice, Scoring: s.Rules.Scoring.r,
	}
	// Check the names as they were saved: New would rename an empty one.
	for i, n := range s.Players {
		if n == "" {
			return &PlayersError{Player: i, Reason: "empty name"}
		}
	}
	events := make([]Event, len(s.Events))
	for i := range s.Events {
		var err error
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

// jsonNames adds to names the JSON names of the fields of the structs in
// the type t, at any depth.
func jsonNames(t reflect.Type, names map[string]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		jsonNames(t.Elem(), names)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" {
				name = f.Name
			}
			names[name] = true
			jsonNames(f.Type, names)
		}
	}
}

// saveKeys returns every key that a save may have: those of its structs
// and those of farkle.Rules, read off the JSON of a preset's rules.
var saveKeys = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	jsonNames(reflect.TypeFor[saved](), names)
	b, _ := farkle.App.Rules().MarshalJSON()
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	for k := range m {
		names[k] = true
	}
	return names
})

// eventNames returns the keys of an event.
var eventNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	jsonNames(reflect.TypeFor[eventJSON](), names)
	return names
})
