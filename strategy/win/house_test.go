package win

// The house rules of play: the solvers refuse those they do not model
// yet, before any work, and solve short straights as any scoring.

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

func TestHouseRulesRefused(t *testing.T) {
	base := game.Rules{Target: 1000, Scoring: farkle.Core.Rules()}
	for _, tc := range []struct {
		field string
		set   func(*game.Rules)
	}{
		{"ToxicTwos", func(r *game.Rules) { r.ToxicTwos = true }},
		{"SixOnesWin", func(r *game.Rules) { r.SixOnesWin = true }},
		{"Welfare", func(r *game.Rules) { r.Welfare = true }},
		{"Bankrupt", func(r *game.Rules) { r.Bankrupt, r.PenaltyAfter = true, 3 }},
		{"Piggyback", func(r *game.Rules) { r.Piggyback, r.PiggybackBonus = true, 1000 }},
	} {
		r := base
		tc.set(&r)
		start := time.Now()
		_, err := Solve(context.Background(), r, Options{})
		var se *SolveError
		if !errors.Is(err, ErrRules) || !errors.As(err, &se) || se.Field != tc.field || se.Rules != r {
			t.Errorf("Solve(%s) = %v; want a *SolveError wrapping ErrRules for %s", tc.field, err, tc.field)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Solve(%s) took %v to refuse", tc.field, d)
		}
		_, err = Duel(context.Background(), r, ThresholdPolicy(300), ThresholdPolicy(300), Options{})
		if !errors.As(err, &se) || !errors.Is(err, ErrRules) || se.Field != tc.field {
			t.Errorf("Duel(%s) = %v; want a *SolveError wrapping ErrRules for %s", tc.field, err, tc.field)
		}
		if err := (Bot{Table: &Table{m: &model{rules: r}}}).CheckRules(r); !errors.Is(err, ErrRules) {
			t.Errorf("Bot.CheckRules(%s) = %v; want ErrRules", tc.field, err)
		}
	}
	// Invalid rules give the error of Validate first.
	bad := base
	bad.Welfare, bad.FinalRound = true, true
	if _, err := Solve(context.Background(), bad, Options{}); !errors.Is(err, farkle.ErrInvalidRules) {
		t.Errorf("Solve(Welfare with FinalRound) = %v; want farkle.ErrInvalidRules", err)
	}
	r := base
	r.ToxicTwos = true
	_, err := Solve(context.Background(), r, Options{})
	if want := "win: rules not supported: ToxicTwos: toxic twos, a roll of four or more 2s that ends the turn, is not solved for the chance to win"; err == nil || err.Error() != want {
		t.Errorf("Solve(ToxicTwos) = %v; want %q", err, want)
	}
}

// TestShortStraightsSolved solves a small game with short straights: the
// scorer carries them into the model, and they change the chance to win
// (a game's chance is that of its scoring, or they would not).
func TestShortStraightsSolved(t *testing.T) {
	r := game.Rules{Target: 500, Scoring: farkle.Core.Rules()}
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
	if short.FirstPlayerWin() == plain.FirstPlayerWin() {
		t.Errorf("first player wins %v with short straights to 500, as without", short.FirstPlayerWin())
	}
}
