package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

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
// always one that the rules can reach. On error (bad JSON, unknown
// fields, invalid rules, a [*HistoryError], a bad source state) g is left
// unchanged.
func (g *Game) UnmarshalJSON(b []byte) error {
	var s saved
	if err := strictUnmarshal(b, &s); err != nil {
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

// strictUnmarshal decodes one JSON value with no unknown fields.
func strictUnmarshal(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}

var (
	appScoring      = (*farkle.Scorer)(nil).Rules()
	zilchScorer     = Zilch.Scorer
	facebookScorer  = Facebook.Scorer
	zilchScoring    = zilchScorer.Rules()
	facebookScoring = facebookScorer.Rules()
)

// scorerFor returns a Scorer for r, sharing those of the presets.
func scorerFor(r farkle.Rules) (*farkle.Scorer, error) {
	switch r {
	case appScoring:
		return nil, nil
	case zilchScoring:
		return zilchScorer, nil
	case facebookScoring:
		return facebookScorer, nil
	}
	return farkle.New(r)
}
