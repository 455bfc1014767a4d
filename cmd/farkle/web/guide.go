package web

import (
	"net/http"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// guideJSON is the answer of GET /api/games/{id}/rules: the rules of the
// game as data, for the page's scoring guide, which words them.
type guideJSON struct {
	// Preset is the preset whose scoring and banking rules the game
	// plays (app, zilch or facebook), the house rules aside; "custom"
	// for none.
	Preset string `json:"preset"`
	Target int    `json:"target"`
	// Combos are the scoring combinations, in the order of the guide,
	// each with an example of its dice and the points of the example.
	Combos []guideCombo `json:"combos"`
	// OfAKind are the points of three to six dice of each face: OfAKind[f-1][n-3]
	// for n dice of face f, 0 when they cannot all be kept together.
	OfAKind [6][4]int `json:"of_a_kind"`
	Bonus   string    `json:"bonus"` // fixed, add_triple, double or none
	Split   bool      `json:"split"`

	FinalRound      bool `json:"final_round"`
	MinBank         int  `json:"min_bank"`
	MinFirstBank    int  `json:"min_first_bank"`
	Penalty         int  `json:"penalty"`
	PenaltyAfter    int  `json:"penalty_after"`
	MustRollHotDice bool `json:"must_roll_hot_dice"`
	ToxicTwos       bool `json:"toxic_twos"`
	SixOnesWin      bool `json:"six_ones_win"`
	Welfare         bool `json:"welfare"`
	Bankrupt        bool `json:"bankrupt"`
	Piggyback       bool `json:"piggyback"`
	PiggybackBonus  int  `json:"piggyback_bonus"`
}

// guideCombo is a combination of the guide.
type guideCombo struct {
	Kind   string      `json:"kind"` // the English name, stable
	Name   string      `json:"name"` // in the language of the request
	Dice   farkle.Hand `json:"dice"` // an example
	Points int         `json:"points"`
	// Any is true when the points are those of any dice of the kind,
	// whatever the faces: only some kinds have an example.
	Any bool `json:"any"`
}

var bonusKeys = [...]string{farkle.BonusFixed: "fixed", farkle.BonusAddTriple: "add_triple", farkle.BonusDouble: "double", farkle.BonusNone: "none"}

// presetOf returns the name of the preset whose scoring and banking
// rules r plays, the house rules aside, or "custom".
func presetOf(r game.Rules) string {
	sc := r.Scoring
	if sc == (farkle.Rules{}) {
		sc = farkle.AppScoring.Rules()
	}
	sc.LowStraight, sc.HighStraight = 0, 0
	for _, p := range []game.Preset{game.App, game.Zilch, game.Facebook} {
		pr := p.Rules()
		if pr.Scoring == sc && pr.MinBank == r.MinBank && pr.MinFirstBank == r.MinFirstBank && pr.MustRollHotDice == r.MustRollHotDice {
			return p.String()
		}
	}
	return "custom"
}

// guide returns the rules of e's game for the language lang. The caller
// holds e.mu.
func guide(e *entry, lang string) guideJSON {
	r := e.g.View().Rules()
	sc := e.g.View().Scorer()
	sr := sc.Rules()
	target := r.Target
	if target == 0 {
		target = game.DefaultTarget
	}
	out := guideJSON{
		Preset: presetOf(r), Target: target, Combos: []guideCombo{},
		Split: sr.Split, FinalRound: r.FinalRound, MinBank: r.MinBank, MinFirstBank: r.MinFirstBank,
		Penalty: r.Penalty, PenaltyAfter: r.PenaltyAfter, MustRollHotDice: r.MustRollHotDice,
		ToxicTwos: r.ToxicTwos, SixOnesWin: r.SixOnesWin, Welfare: r.Welfare, Bankrupt: r.Bankrupt,
		Piggyback: r.Piggyback, PiggybackBonus: r.PiggybackBonus,
	}
	if int(sr.Bonus) < len(bonusKeys) {
		out.Bonus = bonusKeys[sr.Bonus]
	}
	add := func(k farkle.Kind, points int, anyFaces bool, dice ...farkle.Die) {
		if points == 0 {
			return
		}
		h, err := farkle.HandOf(dice)
		if err != nil {
			return
		}
		out.Combos = append(out.Combos, guideCombo{Kind: k.String(), Name: k.Name(lang), Dice: h, Points: points, Any: anyFaces})
	}
	add(farkle.SingleOne, sr.SingleOne, false, 1)
	add(farkle.SingleFive, sr.SingleFive, false, 5)
	add(farkle.ThreeOnes, sr.Triple[1], false, 1, 1, 1)
	for f := 1; f <= 6; f++ {
		for n := 3; n <= 6; n++ {
			dice := make([]farkle.Die, n)
			for i := range dice {
				dice[i] = farkle.Die(f)
			}
			if p, err := sc.Score(dice); err == nil {
				out.OfAKind[f-1][n-3] = p
			}
		}
	}
	if sr.Bonus == farkle.BonusFixed {
		add(farkle.FourOfAKind, sr.FourOfAKind, true, 2, 2, 2, 2)
		add(farkle.FiveOfAKind, sr.FiveOfAKind, true, 2, 2, 2, 2, 2)
		add(farkle.SixOfAKind, sr.SixOfAKind, true, 2, 2, 2, 2, 2, 2)
	}
	add(farkle.Straight, sr.Straight, false, 1, 2, 3, 4, 5, 6)
	add(farkle.LowStraight, sr.LowStraight, false, 1, 2, 3, 4, 5)
	add(farkle.HighStraight, sr.HighStraight, false, 2, 3, 4, 5, 6)
	add(farkle.ThreePairs, sr.ThreePairs, true, 2, 2, 3, 3, 4, 4)
	add(farkle.FourAndPair, sr.FourAndPair, true, 2, 2, 2, 2, 3, 3)
	add(farkle.TwoTriplets, sr.TwoTriplets, true, 2, 2, 2, 3, 3, 3)
	add(farkle.Nothing, sr.Nothing, false, 2, 2, 3, 3, 4, 6)
	return out
}

func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	writeJSON(w, http.StatusOK, lockedGuide(e, langOf(r)))
}

// lockedGuide returns the guide of e's rules.
func lockedGuide(e *entry, lang string) guideJSON {
	e.mu.Lock()
	defer e.mu.Unlock()
	return guide(e, lang)
}
