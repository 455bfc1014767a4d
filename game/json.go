package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

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
	// The house rules of play, written only when on, so that the save
	// of rules without them reads as before them.
	ToxicTwos  bool `json:"toxic_twos,omitempty"`
	SixOnesWin bool `json:"six_ones_win,omitempty"`
	Welfare    bool `json:"welfare,omitempty"`
	Bankrupt   bool `json:"bankrupt,omitempty"`
	Piggyback  bool `json:"piggyback,omitempty"`
	// PiggybackBonus is written only when not 0.
	PiggybackBonus int `json:"piggyback_bonus,omitempty"`
}

// savedScoring is scoring rules saved as the name of their farkle.Scoring,
// such as "zilch", or else as the object of farkle.Rules.MarshalJSON.
type savedScoring struct {
	r farkle.Rules
}

func (s savedScoring) MarshalJSON() ([]byte, error) {
	if p, ok := s.r.Named(); ok {
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
// rules are saved as the name of their farkle.Scoring when they are one's.
// The format is stable: a save written by this version keeps loading in
// later ones.
func (g *Game) MarshalJSON() ([]byte, error) {
	if !g.ok() {
		return nil, fmt.Errorf("game: cannot marshal: %w", ErrNoGame)
	}
	r := g.rules
	s := saved{
		Format:  saveFormat,
		Version: saveVersion,
		Rules:   r.toSaved(),
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

func (r Rules) toSaved() savedRules {
	return savedRules{
		Target: r.Target, FinalRound: r.FinalRound, MinBank: r.MinBank, MinFirstBank: r.MinFirstBank,
		Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter, MustRollHotDice: r.MustRollHotDice,
		Scoring:   savedScoring{r.scoring()},
		ToxicTwos: r.ToxicTwos, SixOnesWin: r.SixOnesWin, Welfare: r.Welfare, Bankrupt: r.Bankrupt,
		Piggyback: r.Piggyback, PiggybackBonus: r.PiggybackBonus,
	}
}

// MarshalJSON encodes r as the "rules" object of a save: every field under
// a stable lower-case key, and the scoring rules as the name of their
// farkle.Scoring when they are one's (a zero Scoring as "app"), else as
// farkle's object. The house rules of play, "toxic_twos", "six_ones_win",
// "welfare", "bankrupt", "piggyback" and "piggyback_bonus", are written
// only when they are on (true, or not 0).
// Zilch reads:
//
//	{"target":10000,"final_round":true,"min_bank":300,"min_first_bank":0,
//	 "penalty":500,"penalty_after":3,"must_roll_hot_dice":false,"scoring":"zilch"}
func (r Rules) MarshalJSON() ([]byte, error) { return json.Marshal(r.toSaved()) }

// UnmarshalJSON decodes the form of [Rules.MarshalJSON], strictly as a
// save's rules (every key, spelled exactly so, once; the keys of the house
// rules of play may be missing, for false), and checks the
// rules as [Rules.Validate] does. On error r is unchanged; the error is a
// [*farkle.RulesError] wrapping farkle.ErrInvalidRules.
func (r *Rules) UnmarshalJSON(b []byte) error {
	d := &decoder{data: b, max: int64(len(b)) + 1}
	out, err := d.rules()
	if err == nil {
		var c byte
		if c, err = d.peek(); err == nil && c != 0 {
			err = d.fail("data after the rules")
		}
	}
	if err == nil {
		err = out.Validate()
	}
	if err != nil {
		if !errors.Is(err, farkle.ErrInvalidRules) {
			err = &farkle.RulesError{Field: "rules", Reason: "are not valid: " + strings.TrimPrefix(err.Error(), ErrBadSave.Error()+": ")}
		}
		return err
	}
	*r = out
	return nil
}

// viewJSON is the JSON form of a View; its keys never change.
type viewJSON struct {
	Players    []Player `json:"players"`
	Current    int      `json:"current"`
	Turn       int      `json:"turn"`
	TurnTotal  int      `json:"turn_total"`
	Roll       []int    `json:"roll"`
	DiceLeft   int      `json:"dice_left"`
	HotDice    bool     `json:"hot_dice"`
	FinalRound bool     `json:"final_round"`
	Over       bool     `json:"over"`
	Winner     *int     `json:"winner"`
	CanRoll    bool     `json:"can_roll"`
	CanKeep    bool     `json:"can_keep"`
	CanBank    bool     `json:"can_bank"`
	Rules      Rules    `json:"rules"`
}

// MarshalJSON encodes the position that v reads, as a web client shows
// it, in an object with stable lower-case keys: "players" (each a
// [Player]), "current", "turn", "turn_total", "roll" (the dice waiting
// for a keep, in the order rolled; [] when none wait), "dice_left",
// "hot_dice", "final_round", "over", "winner" (the winner from 0 once the
// game is over, else null), "can_roll", "can_keep" and "can_bank" (what
// [Game.Can] allows the current player now) and "rules" (as
// [Rules.MarshalJSON]). For instance, after a first roll:
//
//	{"players":[{"name":"Ann","score":0,"farkles":0,"on_board":false},...],
//	 "current":0,"turn":1,"turn_total":0,"roll":[1,2,2,3,4,6],"dice_left":6,
//	 "hot_dice":false,"final_round":false,"over":false,"winner":null,
//	 "can_roll":false,"can_keep":true,"can_bank":false,"rules":{...}}
//
// A view is for showing, not for saving: save the [Game] itself (a
// *Game, whose MarshalJSON writes a save that [Load] reads back). The
// zero View encodes an error wrapping [ErrNoGame].
func (v View) MarshalJSON() ([]byte, error) {
	g := v.g
	if !g.ok() {
		return nil, fmt.Errorf("game: cannot marshal a view: %w", ErrNoGame)
	}
	j := viewJSON{
		Players:    g.View().Players(),
		Current:    g.View().Current(),
		Turn:       g.View().Turn(),
		TurnTotal:  g.View().TurnTotal(),
		Roll:       make([]int, 0, farkle.MaxDice),
		DiceLeft:   g.View().DiceLeft(),
		HotDice:    g.View().HotDice(),
		FinalRound: g.View().FinalRound(),
		Over:       g.View().Over(),
		CanRoll:    g.can(ActionRoll) == nil,
		CanKeep:    g.can(ActionKeep) == nil,
		CanBank:    g.can(ActionBank) == nil,
		Rules:      g.View().Rules(),
	}
	if g.onTable {
		for _, d := range g.table[:g.tableN] {
			j.Roll = append(j.Roll, int(d))
		}
	}
	if w, ok := g.View().Winner(); ok {
		j.Winner = &w
	}
	return json.Marshal(j)
}
