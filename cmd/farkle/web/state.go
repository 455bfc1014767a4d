package web

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// stateJSON is the state of a game, as GET /api/games/{id} returns it.
type stateJSON struct {
	ID      string       `json:"id"`
	Rules   string       `json:"rules"`
	Target  int          `json:"target"`
	Lang    string       `json:"lang"`
	Players []playerJSON `json:"players"`
	// You is the seat of the request's token, if any.
	You        *int         `json:"you,omitempty"`
	Current    int          `json:"current"`
	Turn       int          `json:"turn"`
	TurnTotal  int          `json:"turn_total"`
	Dice       []farkle.Die `json:"dice"` // the roll waiting for a keep, in the order rolled; [] if none
	DiceLeft   int          `json:"dice_left"`
	HotDice    bool         `json:"hot_dice"`
	FinalRound bool         `json:"final_round"`
	Over       bool         `json:"over"`
	Winner     *int         `json:"winner"`
	CanRoll    bool         `json:"can_roll"`
	CanBank    bool         `json:"can_bank"`
	BankNote   string       `json:"bank_note,omitempty"` // why banking is refused, once dice are kept
	Keeps      []keepJSON   `json:"keeps"`               // the legal keeps of Dice, best first
	// Kept are the keeps that the current player has set aside in this
	// turn, in order, hot dice included; [] before the first.
	Kept      []keptJSON `json:"kept"`
	NumEvents int        `json:"num_events"`
	// TooLong is whether the game has reached its limit of events
	// (Config.MaxEvents): it takes no more moves, which are refused with
	// CodeGameTooLong.
	TooLong bool `json:"too_long"`
	// The rules of banking, for the page: the minimum turn total of any
	// bank and of a player's first, and whether hot dice must roll.
	MinBank         int  `json:"min_bank"`
	MinFirstBank    int  `json:"min_first_bank"`
	MustRollHotDice bool `json:"must_roll_hot_dice"`
	// The house rules, each left out when off, keyed as in a new game's
	// request.
	LowStraight  int  `json:"low_straight,omitempty"`
	HighStraight int  `json:"high_straight,omitempty"`
	ToxicTwos    bool `json:"toxic_twos,omitempty"`
	SixOnesWin   bool `json:"six_ones_win,omitempty"`
	Welfare      bool `json:"welfare,omitempty"`
	Bankrupt     bool `json:"bankrupt,omitempty"`
	Piggyback    bool `json:"piggyback,omitempty"`
	Bonus        int  `json:"piggyback_bonus,omitempty"`
	// The offer that the current player may take over (Piggyback): its
	// turn total, the bonus included, and dice; left out when none.
	OfferTotal int `json:"offer_total,omitempty"`
	OfferDice  int `json:"offer_dice,omitempty"`
	// Rematch is the id of the finished game's rematch, and RematchBy
	// the seat that asked for it; left out before (rematch.go).
	Rematch   string `json:"rematch,omitempty"`
	RematchBy *int   `json:"rematch_by,omitempty"`
}

// isExacter reports whether b is a bot "best" that plays as hard now.
func isExacter(b game.Bot) bool {
	x, ok := b.(bots.Exacter)
	return ok && !x.Exact()
}

type playerJSON struct {
	Name    string `json:"name"`
	Kind    string `json:"kind"`
	Score   int    `json:"score"`
	Farkles int    `json:"farkles"`
	OnBoard bool   `json:"on_board"`
	// PlaysAs is, for a bot "best" without the exact table of its game
	// on this server (not solved yet, or rules and players that are not
	// solved), the kind it plays as meanwhile: "hard". Left out
	// otherwise.
	PlaysAs string `json:"plays_as,omitempty"`
}

// keptJSON is a keep set aside in the current turn.
type keptJSON struct {
	Dice   farkle.Hand `json:"dice"`
	Points int         `json:"points"`
}

// keptOf returns the keeps that the current player of g has set aside in
// the current turn: the kept events since the turn's first roll, found by
// walking back from the last event.
func keptOf(g *game.Game) []keptJSON {
	out := []keptJSON{}
	if g.View().Over() {
		return out
	}
	cur, n := g.View().Current(), g.NumEvents()
	var evs []game.Event
	for back := 16; ; back *= 2 {
		from := max(0, n-back)
		evs = g.EventsSince(from)
		start := -1
		for i := len(evs) - 1; i >= 0; i-- {
			ev := evs[i]
			switch ev.Kind {
			case game.EventRolled, game.EventKept, game.EventHotDice, game.EventPiggybacked:
				if ev.Player == cur {
					continue
				}
			}
			start = i
			break
		}
		if start < 0 && from > 0 {
			continue // the turn began before these events
		}
		for _, ev := range evs[start+1:] {
			if ev.Kind == game.EventKept {
				out = append(out, keptJSON{Dice: ev.Dice, Points: ev.Points})
			}
		}
		return out
	}
}

// keepJSON is a keep: its dice, points and combinations.
type keepJSON struct {
	Dice     farkle.Hand `json:"dice"`
	Points   int         `json:"points"`
	Combos   []comboJSON `json:"combos"`
	DiceLeft int         `json:"dice_left"` // to roll after it: 6 after hot dice
	HotDice  bool        `json:"hot_dice"`
}

type comboJSON struct {
	Kind   string      `json:"kind"` // the English name, stable
	Name   string      `json:"name"` // in the language of the request
	Dice   farkle.Hand `json:"dice"`
	Points int         `json:"points"`
}

// eventJSON is an event of the history.
type eventJSON struct {
	Seq       int         `json:"seq"`
	Kind      string      `json:"kind"`
	Player    int         `json:"player"`
	Dice      farkle.Hand `json:"dice,omitzero"`
	Points    int         `json:"points"`
	TurnTotal int         `json:"turn_total"`
	Score     int         `json:"score"`
	Farkles   int         `json:"farkles"`
	Text      string      `json:"text"` // in English, with the player's name
}

// ChoiceJSON is a choice of the advice: a keep, and what it is worth.
type ChoiceJSON struct {
	keepJSON
	TurnTotal int     `json:"turn_total"` // after the keep
	Roll      float64 `json:"roll"`       // the expected final turn score when rolling on
	CanBank   bool    `json:"can_bank"`
	Bank      bool    `json:"bank"`  // banking is at least as good as rolling on
	Value     float64 `json:"value"` // the expected final turn score of the better
	// WinChance is the chance to win after the choice, from
	// Config.WinChance; null without it.
	WinChance *float64 `json:"win_chance"`
	// SeatChances is every player's chance to win after the choice, in
	// order of play from the current player, from Config.SeatChances
	// (games of three players); absent without it.
	SeatChances []float64 `json:"seat_chances,omitempty"`
}

// adviceJSON is the answer of GET /api/games/{id}/advice.
type adviceJSON struct {
	Player    int          `json:"player"`
	Dice      []farkle.Die `json:"dice"`
	TurnTotal int          `json:"turn_total"` // before the keep
	Farkle    bool         `json:"farkle"`
	Best      *ChoiceJSON  `json:"best"` // Choices[0], null for a farkle
	Choices   []ChoiceJSON `json:"choices"`
	// Strategy names what the values mean: "single-turn expected
	// score"; a win solver would add its own.
	Strategy  string `json:"strategy"`
	WinChance bool   `json:"win_chance"` // whether the choices carry a win chance
}

// orEmpty returns dice, or an empty slice for none, which encodes as []
// rather than null. Dice encode as arrays of numbers.
func orEmpty(dice []farkle.Die) []farkle.Die {
	if dice == nil {
		return []farkle.Die{}
	}
	return dice
}

// keepOf returns the JSON of a keep from a roll of n dice.
func keepOf(p farkle.Partition, lang string) keepJSON {
	kept, _ := farkle.HandOf(p.Dice()) // a keep's dice are a valid Hand
	k := keepJSON{Dice: kept, Points: p.Points(), Combos: []comboJSON{}, DiceLeft: len(p.Rest())}
	if k.DiceLeft == 0 {
		k.DiceLeft, k.HotDice = farkle.MaxDice, true
	}
	for c := range p.Combos() {
		k.Combos = append(k.Combos, comboJSON{Kind: c.Kind.String(), Name: c.Kind.Name(lang), Dice: c.Dice, Points: c.Points})
	}
	return k
}

// state returns the state of e for the language lang. The caller holds
// e.mu.
func (s *Server) state(e *entry, lang string) stateJSON {
	g := e.g
	if lang == "" {
		lang = "en"
	}
	r := g.View().Rules()
	preset := "custom"
	for _, p := range []game.Preset{game.App, game.Zilch, game.Facebook} {
		pr := p.Rules()
		pr.Target = r.Target
		if pr == r {
			preset = p.String()
		}
	}
	target := r.Target
	if target == 0 {
		target = game.DefaultTarget
	}
	st := stateJSON{
		ID: e.id, Rules: preset, Target: target, Lang: lang,
		Current: g.View().Current(), Turn: g.View().Turn(), TurnTotal: g.View().TurnTotal(),
		Dice: orEmpty(g.View().Roll()), DiceLeft: g.View().DiceLeft(), HotDice: g.View().HotDice(),
		FinalRound: g.View().FinalRound(), Over: g.View().Over(),
		CanRoll:   g.Can(game.ActionRoll) == nil,
		Keeps:     []keepJSON{},
		Kept:      keptOf(g),
		NumEvents: g.NumEvents(),
		TooLong:   g.NumEvents() >= s.cfg.MaxEvents,
		MinBank:   r.MinBank, MinFirstBank: r.MinFirstBank, MustRollHotDice: r.MustRollHotDice,
		LowStraight: r.Scoring.LowStraight, HighStraight: r.Scoring.HighStraight,
		ToxicTwos: r.ToxicTwos, SixOnesWin: r.SixOnesWin, Welfare: r.Welfare, Bankrupt: r.Bankrupt,
		Piggyback: r.Piggyback, Bonus: r.PiggybackBonus,
	}
	st.OfferTotal, st.OfferDice, _ = g.View().Offer()
	if e.rematch.ID != "" {
		st.Rematch, st.RematchBy = e.rematch.ID, &e.rematch.By
	}
	if w, ok := g.View().Winner(); ok {
		st.Winner = &w
	}
	switch err := g.Can(game.ActionBank); {
	case err == nil:
		st.CanBank = true
	case g.View().Roll() == nil && !g.View().Over() && g.View().TurnTotal() > 0:
		st.BankNote = cleanError(err)
	}
	for i, p := range g.View().Players() {
		pj := playerJSON{Name: p.Name, Kind: e.seats[i].Kind, Score: p.Score, Farkles: p.Farkles, OnBoard: p.OnBoard}
		if i < len(e.bots) && isExacter(e.bots[i]) {
			pj.PlaysAs = KindHard
		}
		st.Players = append(st.Players, pj)
	}
	if d := g.View().Roll(); d != nil {
		keeps, err := g.View().Scorer().Keeps(d)
		if err == nil {
			for _, k := range keeps {
				st.Keeps = append(st.Keeps, keepOf(k, lang))
			}
		}
	}
	return st
}

// eventsOf returns at most limit events of g from since on.
func eventsOf(g *game.Game, since, limit int) []eventJSON {
	evs := g.EventsBetween(since, since+limit)
	out := make([]eventJSON, 0, len(evs))
	for i, ev := range evs {
		ej := eventJSON{
			Seq: since + i, Kind: ev.Kind.String(), Player: ev.Player,
			Points: ev.Points, TurnTotal: ev.TurnTotal, Score: ev.Score, Farkles: ev.Farkles,
			Text: g.Describe(ev),
		}
		ej.Dice = ev.Dice
		out = append(out, ej)
	}
	return out
}

func (s *Server) handleAdvice(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	adv, aerr := s.adviceWithChances(e, langOf(r))
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, adv)
}

// adviceWithChances returns the advice for the roll on the table of e,
// with the chances of the hooks (Config.WinChance, Config.SeatChances),
// which read a copy of the game (e.hooks) after e.mu is released.
func (s *Server) adviceWithChances(e *entry, lang string) (adviceJSON, *apiError) {
	if s.cfg.WinChance == nil && s.cfg.SeatChances == nil {
		e.mu.Lock()
		defer e.mu.Unlock()
		return s.advice(e, lang)
	}
	e.hooks.mu.Lock()
	defer e.hooks.mu.Unlock()
	adv, st, aerr := func() (adviceJSON, hookState, *apiError) {
		e.mu.Lock()
		defer e.mu.Unlock()
		adv, aerr := s.advice(e, lang)
		if aerr != nil || len(adv.Choices) == 0 {
			return adv, hookState{}, aerr
		}
		return adv, e.hooks.stateFor(e.g), nil
	}()
	if aerr != nil || len(adv.Choices) == 0 {
		return adv, aerr
	}
	v, err := e.hooks.follow(st)
	if err != nil {
		s.logf("farkle serve: game %s: %v", e.id, err)
		return adv, nil // the advice without chances
	}
	s.addChances(v, &adv)
	return adv, nil
}

// advice returns the single-turn advice for the roll on the table, without
// the hooks' chances. The caller holds e.mu.
func (s *Server) advice(e *entry, lang string) (adviceJSON, *apiError) {
	g := e.g
	dice := g.View().Roll()
	if dice == nil {
		return adviceJSON{}, errorf(http.StatusConflict, CodeNoRoll, "no dice on the table: roll first")
	}
	t, err := s.tables.get(g)
	if err != nil {
		return adviceJSON{}, errorf(http.StatusInternalServerError, CodeInternal, err.Error())
	}
	a, err := t.Advise(strategy.StateOf(g.View()), dice)
	if err != nil {
		return adviceJSON{}, errorf(http.StatusInternalServerError, CodeInternal, cleanError(err))
	}
	out := adviceJSON{
		Player: g.View().Current(), Dice: orEmpty(dice), TurnTotal: g.View().TurnTotal(), Farkle: a.Farkle,
		Choices: []ChoiceJSON{}, Strategy: "single-turn expected score",
	}
	for _, c := range a.Choices {
		out.Choices = append(out.Choices, ChoiceJSON{
			keepJSON: keepOf(c.Keep, lang), TurnTotal: c.TurnTotal,
			Roll: finite(c.Roll), CanBank: c.CanBank, Bank: c.Bank, Value: finite(c.Value),
		})
	}
	if len(out.Choices) > 0 {
		out.Best = &out.Choices[0]
	}
	return out, nil
}

// addChances adds to adv the chances of the hooks for the position v,
// which is the game's copy: the hooks run without the game's lock.
func (s *Server) addChances(v game.View, adv *adviceJSON) {
	if s.cfg.WinChance != nil {
		if p, ok := s.cfg.WinChance(v, adv.Choices); ok && len(p) == len(adv.Choices) {
			adv.WinChance = true
			for i := range adv.Choices {
				adv.Choices[i].WinChance = &p[i]
			}
		}
	}
	if s.cfg.SeatChances != nil {
		if p, ok := s.cfg.SeatChances(v, adv.Choices); ok && len(p) == len(adv.Choices) {
			for i := range adv.Choices {
				adv.Choices[i].SeatChances = p[i]
			}
		}
	}
	adv.Best = &adv.Choices[0]
}

// finite rounds v to 1/100 and makes a NaN or infinity 0, which JSON
// cannot hold.
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Round(v*100) / 100
}

// jsonDecoder returns a decoder of data that refuses unknown keys.
func jsonDecoder(data []byte) *json.Decoder {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec
}
