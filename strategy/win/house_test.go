package win

// The house rules of play: the solvers refuse those they do not model,
// before any work, and solve short straights as any scoring; ref_test.go
// checks toxic twos, six 1s and bankruptcy against the reference.

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

func TestHouseRulesRefused(t *testing.T) {
	base := game.Rules{Target: 1000, Scoring: farkle.CoreScoring.Rules()}
	for _, tc := range []struct {
		field string
		set   func(*game.Rules)
		solve bool // refused by Solve and Bot.CheckRules too, not only by Duel
	}{
		{"ToxicTwos", func(r *game.Rules) { r.ToxicTwos = true }, false},
		{"SixOnesWin", func(r *game.Rules) { r.SixOnesWin = true }, false},
		{"SixOnesWin", func(r *game.Rules) { r.SixOnesWin, r.FinalRound = true, true }, true},
		{"Welfare", func(r *game.Rules) { r.Welfare = true }, true},
		{"Bankrupt", func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = true, 3 }, false},
		{"Bankrupt", func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter, r.MinFirstBank = true, 3, 500 }, true},
		{"Piggyback", func(r *game.Rules) { r.Piggyback, r.PiggybackBonus = true, 1000 }, true},
	} {
		r := base
		tc.set(&r)
		var se *SolveError
		if tc.solve {
			start := time.Now()
			_, err := Solve(context.Background(), r, Options{})
			if !errors.Is(err, ErrRules) || !errors.As(err, &se) || se.Field != tc.field || se.Rules != r {
				t.Errorf("Solve(%+v) = %v; want a *SolveError wrapping ErrRules for %s", r, err, tc.field)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("Solve(%s) took %v to refuse", tc.field, d)
			}
			if err := (Bot{Table: &Table{m: &model{rules: r}}}).CheckRules(r); !errors.Is(err, ErrRules) {
				t.Errorf("Bot.CheckRules(%+v) = %v; want ErrRules", r, err)
			}
		}
		_, err := Duel(context.Background(), r, ThresholdPolicy(300), ThresholdPolicy(300), Options{})
		if !errors.As(err, &se) || !errors.Is(err, ErrRules) || se.Field != tc.field {
			t.Errorf("Duel(%+v) = %v; want a *SolveError wrapping ErrRules for %s", r, err, tc.field)
		}
	}
	// Invalid rules give the error of Validate first.
	bad := base
	bad.Welfare, bad.FinalRound = true, true
	if _, err := Solve(context.Background(), bad, Options{}); !errors.Is(err, farkle.ErrInvalidRules) {
		t.Errorf("Solve(Welfare with FinalRound) = %v; want farkle.ErrInvalidRules", err)
	}
	r := base
	r.Welfare = true
	_, err := Solve(context.Background(), r, Options{})
	if want := "win: rules not supported: Welfare: welfare, a target to hit exactly, is not solved for the chance to win"; err == nil || err.Error() != want {
		t.Errorf("Solve(Welfare) = %v; want %q", err, want)
	}
}

// TestShortStraightsSolved solves a small game with short straights: the
// scorer carries them into the model, and they change the chance to win
// (a game's chance is that of its scoring, or they would not).
func TestShortStraightsSolved(t *testing.T) {
	r := game.Rules{Target: 500, Scoring: farkle.CoreScoring.Rules()}
	plain, err := Solve(context.Background(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.Scoring.LowStraight, r.Scoring.HighStraight = 500, 750
	short, err := Solve(context.Background(), r, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if short.Rules() != r {
		t.Errorf("Rules() = %+v, want %+v", short.Rules(), r)
	}
	if short.firstWin() == plain.firstWin() {
		t.Errorf("first player wins %v with short straights to 500, as without", short.firstWin())
	}
}

// TestHouseRulesMatter checks that the reference cases of the house rules
// (ref_test.go) test them: each rule changes the first player's chance.
func TestHouseRulesMatter(t *testing.T) {
	if raceEnabled {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	checked := 0
	for _, c := range winCases {
		r := c.r
		for _, h := range []struct {
			on  bool
			off func(*game.Rules)
		}{
			{r.ToxicTwos, func(r *game.Rules) { r.ToxicTwos = false }},
			{r.SixOnesWin, func(r *game.Rules) { r.SixOnesWin = false }},
			{r.Bankrupt, func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = false, 0 }},
		} {
			if !h.on {
				continue
			}
			off := r
			h.off(&off)
			a, b := solvedWin(t, r, c.floor), solvedWin(t, off, c.floor)
			if d := math.Abs(a.firstWin() - b.firstWin()); d < 1e-9 {
				t.Errorf("%s: the first player wins %.12f with the rule and %.12f without it", c.name, a.firstWin(), b.firstWin())
			}
			checked++
		}
	}
	if checked < 7 {
		t.Errorf("checked %d house rules of the reference cases, want at least 7", checked)
	}
}

// TestHouseRulesMonteCarlo plays the game through package game, the Bot
// of a table against itself, under the house rules that Solve models: the
// first player wins within 3 standard errors of the table's chance, so the
// model's toxic twos, six 1s and bankruptcy are the game's.
func TestHouseRulesMonteCarlo(t *testing.T) {
	// The slow step of .ci/run plays 6,000 games a case, the plain run a
	// tenth: 3 standard errors hold at either size.
	games := 6000
	if !testgate.Slow() {
		games /= 10
	}
	if testing.Short() || raceEnabled {
		games /= 4
	}
	// Bankruptcy on every farkle moves the first player's chance from
	// 0.588 to 0.569 at target 1,500: over 4 standard errors of 6,000
	// games (the reference, ref_test.go, checks the rest).
	for ci, c := range []winCase{
		{"facebook-500-toxic", game.Rules{Target: 500, ToxicTwos: true, Scoring: farkle.FacebookScoring.Rules()}, 0},
		{"core-1500-bankrupt-1", game.Rules{Target: 1500, Bankrupt: true, PenaltyAfter: 1, Scoring: farkle.CoreScoring.Rules()}, 0},
		{"core300-1000-sixones-bankrupt-toxic", game.Rules{Target: 1000, SixOnesWin: true, Bankrupt: true, PenaltyAfter: 2, ToxicTwos: true, Scoring: coreOnes300()}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb := solvedWin(t, c.r, c.floor)
			want := tb.firstWin()
			wins := 0
			for i := range games {
				g, err := game.New(c.r, make([]string, 2), rand.NewPCG(uint64(ci), uint64(i)))
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(Bot{Table: tb}, Bot{Table: tb}); err != nil {
					t.Fatal(err)
				}
				if w, _ := g.View().Winner(); w == 0 {
					wins++
				}
			}
			got := float64(wins) / float64(games)
			se := math.Sqrt(want * (1 - want) / float64(games))
			t.Logf("%d games: the first player won %.4f, the table says %.6f (se %.4f)", games, got, want, se)
			if math.Abs(got-want) > 3*se {
				t.Errorf("the first player won %.4f of %d games, the table says %.6f: more than 3 standard errors (%.4f)", got, games, want, se)
			}
		})
	}
}

// TestHouseRulesAdvise checks Advise under the house rules: four 2s are
// a farkle under ToxicTwos (and score without it), and six 1s win at once
// under SixOnesWin.
func TestHouseRulesAdvise(t *testing.T) {
	r := game.Rules{Target: 1000, ToxicTwos: true, SixOnesWin: true, Scoring: coreOnes300()}
	tb := solvedWin(t, r, 0)
	s := pair{Mine: 300, Theirs: 500}
	adv, err := tb.advise2(s, []farkle.Die{2, 2, 1, 2, 5, 2})
	if err != nil || !adv.Farkle || adv.Chance != tb.farkleValue(tb.m.nOff+6, tb.m.nOff+10, 0, 0) || len(adv.Choices) != 0 {
		t.Errorf("four 2s under toxic twos: %+v, %v; want a farkle", adv, err)
	}
	plain := solvedWin(t, game.Rules{Target: 1000, Scoring: coreOnes300()}, 0)
	if adv, err := plain.advise2(s, []farkle.Die{2, 2, 1, 2, 5, 2}); err != nil || adv.Farkle || len(adv.Choices) == 0 {
		t.Errorf("four 2s without toxic twos: %+v, %v; want choices", adv, err)
	}
	adv, err = tb.advise2(s, []farkle.Die{1, 1, 1, 1, 1, 1})
	if err != nil || adv.Farkle || adv.Chance != 1 || len(adv.Choices) != 0 || adv.Keep.Points() != 600 {
		t.Errorf("six 1s under SixOnesWin: %+v, %v; want the win, keeping all six (600)", adv, err)
	}
	if adv, err := plain.advise2(s, []farkle.Die{1, 1, 1, 1, 1, 1}); err != nil || adv.Chance >= 1 || len(adv.Choices) == 0 {
		t.Errorf("six 1s without SixOnesWin: %+v, %v; want choices, no sure win", adv, err)
	}
}
