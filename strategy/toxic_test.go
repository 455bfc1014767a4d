package strategy

// The house rules of play in the single-turn solvers: ToxicTwos changes
// the outcome of a roll and is solved; the other house rules of
// game.Rules are outside a turn's points, and the bots play or refuse
// them.

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// TestBellmanToxicTwos checks the Bellman equation of every preset's
// tables under ToxicTwos, with the keeps of the rolls of four or more 2s
// taken away by brute force.
func TestBellmanToxicTwos(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	for _, p := range presets {
		s := newScorer(t, p)
		rolls := bellmanRolls(t, s, true)
		for _, o := range []turnRules{{ToxicTwos: true}, {ToxicTwos: true, MinBank: 300, MustRollHotDice: true}} {
			checkBellmanRolls(t, p, rolls, mustSolve(t, s, o))
		}
	}
}

// TestToxicTwosOdds checks the chance of a farkle under the App rules
// with ToxicTwos: every ordered roll of four or more 2s scores under App
// (four of a kind or more), so they add C(n,4)*5^(n-4) + C(n,5)*5^(n-5) +
// C(n,6) farkles to the App counts 4, 16, 60, 204, 600 and 1080.
func TestToxicTwosOdds(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{ToxicTwos: true})
	for n, want := range [...]int64{1: 4, 2: 16, 3: 60, 4: 204 + 1, 5: 600 + 5*5 + 1, 6: 1080 + 15*25 + 6*5 + 1} {
		if n == 0 {
			continue
		}
		o, err := tb.Odds(n)
		if err != nil {
			t.Fatal(err)
		}
		total := int64(1)
		for range n {
			total *= 6
		}
		if got, w := o.FarkleRat(), big.NewRat(want, total); got.Cmp(w) != 0 {
			t.Errorf("%d dice: farkle %v, want %v", n, got, w)
		}
	}
	plain := mustSolve(t, nil, turnRules{})
	if tb.TurnValue() >= plain.TurnValue() {
		t.Errorf("TurnValue with toxic twos %v, without %v: want less", tb.TurnValue(), plain.TurnValue())
	}
	avg, err := solveAverageWith(nil, avgRules{ToxicTwos: true, Penalty: 500, PenaltyAfter: 3})
	if err != nil {
		t.Fatal(err)
	}
	avgPlain, err := solveAverageWith(nil, avgRules{Penalty: 500, PenaltyAfter: 3})
	if err != nil {
		t.Fatal(err)
	}
	if avg.Gain() >= avgPlain.Gain() {
		t.Errorf("average gain with toxic twos %v, without %v: want less", avg.Gain(), avgPlain.Gain())
	}
}

func TestToxicTwosAdvise(t *testing.T) {
	roll := []farkle.Die{2, 2, 1, 2, 5, 2}
	toxic := mustSolve(t, nil, turnRules{ToxicTwos: true})
	adv, err := toxic.Advise(State{TurnTotal: 300}, roll)
	if err != nil || !adv.Farkle || adv.Keep.Points() != 0 || adv.Choices != nil || handOf(adv.Keep.Rest()) != hand(t, roll...) {
		t.Errorf("Advise(%v) under toxic twos = %+v, %v; want a farkle", roll, adv, err)
	}
	adv, err = mustSolve(t, nil, turnRules{}).Advise(State{TurnTotal: 300}, roll)
	if err != nil || adv.Farkle || adv.Keep.Points() < 1000 {
		t.Errorf("Advise(%v) = %+v, %v; want a keep of four 2s", roll, adv, err)
	}
	// Three 2s are no toxic twos.
	if adv, err := toxic.Advise(State{TurnTotal: 0}, []farkle.Die{2, 2, 2, 3, 4, 6}); err != nil || adv.Farkle || adv.Keep.Points() != 200 {
		t.Errorf("Advise(2 2 2 3 4 6) under toxic twos = %+v, %v; want the three 2s", adv, err)
	}
}

// TestHouseRulesBots checks which house rules of play the bots of this
// package play, and that they refuse the others before any move.
func TestHouseRulesBots(t *testing.T) {
	toxic := mustSolve(t, nil, turnRules{ToxicTwos: true})
	avgToxic, err := solveAverageWith(nil, avgRules{ToxicTwos: true})
	if err != nil {
		t.Fatal(err)
	}
	app := game.Rules{Target: 3000}
	with := func(f func(*game.Rules)) game.Rules { r := app; f(&r); return r }
	for _, tc := range []struct {
		name string
		bot  game.RulesChecker
		r    game.Rules
		want error // nil, ErrOtherRules or ErrRules
	}{
		{"Bot toxic", Bot{Table: toxic}, with(func(r *game.Rules) { r.ToxicTwos = true }), nil},
		{"Bot toxic, plain table", Bot{}, with(func(r *game.Rules) { r.ToxicTwos = true }), ErrOtherRules},
		{"Bot plain, toxic table", Bot{Table: toxic}, app, ErrOtherRules},
		{"Bot six ones", Bot{}, with(func(r *game.Rules) { r.SixOnesWin = true }), nil},
		{"Bot welfare", Bot{}, with(func(r *game.Rules) { r.Welfare = true }), nil},
		{"Bot bankrupt", Bot{}, with(func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = true, 3 }), nil},
		{"AverageBot toxic", AverageBot{Table: avgToxic}, with(func(r *game.Rules) { r.ToxicTwos = true }), nil},
		{"AverageBot toxic, plain table", AverageBot{}, with(func(r *game.Rules) { r.ToxicTwos = true }), ErrOtherRules},
		{"AverageBot six ones", AverageBot{}, with(func(r *game.Rules) { r.SixOnesWin = true }), nil},
		{"AverageBot welfare", AverageBot{}, with(func(r *game.Rules) { r.Welfare = true }), nil},
		{"AverageBot bankrupt", AverageBot{}, with(func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = true, 3 }), ErrRules},
	} {
		err := tc.bot.CheckRules(tc.r)
		if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: CheckRules = %v, want %v", tc.name, err, tc.want)
		}
		// The game refuses the bot before any move, or plays a whole game.
		g, err := game.New(tc.r, []string{"A", "B"}, rand.NewPCG(1, 7))
		if err != nil {
			t.Fatal(err)
		}
		err = g.Play(tc.bot.(game.Bot), game.ThresholdBot{BankAt: 300})
		switch {
		case tc.want != nil && (!errors.Is(err, tc.want) || g.NumEvents() != 0):
			t.Errorf("%s: Play = %v after %d events; want %v before any", tc.name, err, g.NumEvents(), tc.want)
		case tc.want == nil && (err != nil || !g.View().Over()):
			t.Errorf("%s: Play = %v, over %v", tc.name, err, g.View().Over())
		}
	}
	if err := (AverageBot{}).CheckRules(with(func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = true, 3 })); err == nil ||
		err.Error() != "strategy: rules not supported: Bankrupt: an AverageTable models a fixed penalty for farkles in a row, not the loss of the score" {
		t.Errorf("AverageBot bankrupt: %v", err)
	}
}

// TestOptionsOfHouseRules checks that OptionsOf and AverageOptionsOf
// carry ToxicTwos.
func TestOptionsOfHouseRules(t *testing.T) {
	r := game.Rules{ToxicTwos: true, MinBank: 300, Penalty: 500, PenaltyAfter: 3}
	if got, want := turnRulesOf(r), (turnRules{MinBank: 300, ToxicTwos: true}); got != want {
		t.Errorf("OptionsOf = %+v, want %+v", got, want)
	}
	if got, want := avgRulesOf(r), (avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 3, ToxicTwos: true}); got != want {
		t.Errorf("AverageOptionsOf = %+v, want %+v", got, want)
	}
}

// TestPiggybackDecision checks the bots' choice to take over a bank, on
// offers whose answer follows from the App odds: 1000 with three dice is
// worth at least 13/18 of 1000 (the chance of no farkle), more than a
// turn afresh (606.98); 300 with one die is worth a third of a hot-dice
// state at 350 or 400, which is worth about 1000, less.
func TestPiggybackDecision(t *testing.T) {
	avgPen, err := solveAverageWith(nil, avgRules{Penalty: 500, PenaltyAfter: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		moves [][]farkle.Die // rolls and keeps of player 0, then a bank
		take  bool
	}{
		{"1000 with 3 dice", [][]farkle.Die{{1, 1, 1, 2, 3, 4}, {1, 1, 1}}, true},
		{"300 with 1 die", [][]farkle.Die{{1, 5, 2, 3, 4, 6}, {1}, {5, 2, 3, 4, 6}, {5}, {5, 2, 3, 4}, {5}, {5, 2, 3}, {5}, {5, 2}, {5}}, false},
	} {
		g, err := game.New(game.Rules{Piggyback: true, Penalty: 500, PenaltyAfter: 3}, []string{"A", "B"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range tc.moves {
			if i%2 == 0 {
				err = g.RollDice(d)
			} else {
				err = g.Keep(d)
			}
			if err != nil {
				t.Fatalf("%s: move %d: %v", tc.name, i, err)
			}
		}
		if err := g.Bank(); err != nil {
			t.Fatal(err)
		}
		v := g.View()
		if _, _, ok := v.Offer(); !ok {
			t.Fatalf("%s: no offer", tc.name)
		}
		for name, got := range map[string]bool{
			"Bot":                Bot{}.Piggyback(v),
			"AverageBot":         AverageBot{}.Piggyback(v),
			"AverageBot penalty": AverageBot{Table: avgPen}.Piggyback(v),
		} {
			if got != tc.take {
				t.Errorf("%s: %s.Piggyback = %v, want %v", tc.name, name, got, tc.take)
			}
		}
	}
	// Without an offer, no bot takes over.
	g, err := game.New(game.Rules{Piggyback: true}, []string{"A", "B"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if (Bot{}).Piggyback(g.View()) || (AverageBot{}).Piggyback(g.View()) {
		t.Error("a bot takes over no offer")
	}
}

// TestPiggybackGames plays games of the expected-score Bot under
// Piggyback: it takes over some banks, and the games end.
func TestPiggybackGames(t *testing.T) {
	taken := 0
	for seed := range uint64(10) {
		g, err := game.New(game.Rules{Piggyback: true, PiggybackBonus: 500, Target: 3000}, []string{"A", "B"}, rand.NewPCG(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(Bot{}, AverageBot{}); err != nil || !g.View().Over() {
			t.Fatalf("seed %d: Play = %v, over %v", seed, err, g.View().Over())
		}
		for _, e := range g.EventsSince(0) {
			if e.Kind == game.EventPiggybacked {
				taken++
			}
		}
	}
	if taken == 0 {
		t.Error("no bot took over a bank in 10 games")
	}
}
