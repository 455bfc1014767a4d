package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

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
