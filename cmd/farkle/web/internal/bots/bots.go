// Package bots makes the bots of the web game, named for the players who
// pick them: easy, medium, hard and best by strength, and casual, which
// plays like a person, with a person's mistakes.
//
//	b, err := bots.New(bots.Hard, g.View().Rules(), 2, src, bots.Tables{Score: solve})
//	err = g.PlayTurn(b)
//
// Every bot is deterministic given the game's dice source: casual draws
// its mistakes from the source the game rolls with, so that a game whose
// source is saved after each move plays on the same once read back. The
// measured strengths are in the web game's MEASURED.md, made by the
// command in rates.
package bots

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
	"github.com/farkle-go/farkle/strategy/win"
)

// The kinds of bot.
const (
	// Easy keeps the most points of each roll and banks as soon as the
	// turn holds 350, whatever the dice left (game.ThresholdBot).
	Easy = "easy"
	// Casual plays like a person: the expected-score play with the
	// mistakes people make (see casual).
	Casual = "casual"
	// Medium keeps the most points of each roll and banks by a rule of
	// thumb on the dice left (see medium).
	Medium = "medium"
	// Hard plays each turn for the most points on average
	// (strategy.Bot).
	Hard = "hard"
	// Best plays to win (win.Bot) where the exact table of the game is
	// solved, and as Hard until then.
	Best = "best"

	// The names of the first two kinds, still accepted: threshold is
	// Easy and expected is Hard.
	Threshold = "threshold"
	Expected  = "expected"
)

// Kinds lists the kinds of bot, weakest first as measured (casual
// between medium and hard).
var Kinds = []string{Easy, Medium, Casual, Hard, Best}

// BankAt is the turn total at which Easy banks.
const BankAt = 350

// ErrKind reports a kind of bot that this package does not make.
var ErrKind = errors.New("unknown kind of bot")

// Canonical returns the kind that k names, the old names read as their
// new ones, and false for a kind that is no bot.
func Canonical(k string) (string, bool) {
	switch k {
	case Threshold:
		return Easy, true
	case Expected:
		return Hard, true
	case Easy, Casual, Medium, Hard, Best:
		return k, true
	}
	return "", false
}

// Tables gives the bots their strategy tables.
type Tables struct {
	// Score returns the expected-score table of the rules (strategy.Solve
	// of them); nil solves it at each call.
	Score func(r game.Rules) (*strategy.Table, error)
	// Win, if not nil, returns the exact win table of the rules for a
	// game of the players, once it is solved (ok false until then, and
	// for games it does not solve). Best asks it at each decision, and
	// plays as Hard while it has none.
	Win func(r game.Rules, players int) (t *win.Table, ok bool)
}

// score returns the expected-score table of r.
func (ts Tables) score(r game.Rules) (*strategy.Table, error) {
	if ts.Score != nil {
		return ts.Score(r)
	}
	return strategy.Solve(context.Background(), r, strategy.Options{})
}

// New returns a bot of kind for a game of the players under r, drawing
// its choices, if it has any to draw, from src, the game's dice source.
// An unknown kind gives an error wrapping ErrKind.
func New(kind string, r game.Rules, players int, src rand.Source, ts Tables) (game.Bot, error) {
	k, ok := Canonical(kind)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrKind, kind)
	}
	if k == Easy {
		return game.ThresholdBot{BankAt: BankAt}, nil
	}
	t, err := ts.score(r)
	if err != nil {
		return nil, err
	}
	hard := strategy.Bot{Table: t}
	switch k {
	case Medium:
		return medium{hard: hard}, nil
	case Hard:
		return hard, nil
	case Best:
		return &best{hard: hard, win: ts.Win, rules: r, players: players}, nil
	}
	return &casual{hard: hard, t: t, rnd: rand.New(src)}, nil
}

// best plays by the exact win table once Win has it, else as hard.
type best struct {
	hard    strategy.Bot
	win     func(game.Rules, int) (*win.Table, bool)
	rules   game.Rules
	players int
}

// table returns the win table, or nil while there is none.
func (b *best) table() *win.Table {
	if b.win == nil {
		return nil
	}
	if t, ok := b.win(b.rules, b.players); ok && t != nil {
		return t
	}
	return nil
}

func (b *best) Decide(v game.View) (farkle.Hand, bool) {
	if t := b.table(); t != nil {
		return win.Bot{Table: t}.Decide(v)
	}
	return b.hard.Decide(v)
}

// Piggyback is hard's: the win bot does not take over banks.
func (b *best) Piggyback(v game.View) bool { return b.hard.Piggyback(v) }

// Exact reports whether b plays by the exact win table now, rather than
// as Hard.
func (b *best) Exact() bool { return b.table() != nil }

// An Exacter is a bot that may play by an exact table or fall back: Best.
type Exacter interface {
	Exact() bool
}

// medium keeps the most points of each roll (all its scoring dice, as
// people do), and banks by a rule of thumb of the dice left: at 300 with
// one or two dice, 400 with three, 1,000 with four or five, and never
// with six.
type medium struct {
	hard strategy.Bot
}

// mediumBankAt is the turn total at which medium banks, by the dice left
// (index 0 unused; six dice never bank).
var mediumBankAt = [7]int{0, 300, 300, 400, 1000, 1000, 1 << 30}

func (m medium) Decide(v game.View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false
	}
	keep, _ := farkle.HandOf(p.Dice())
	left := len(p.Rest())
	if left == 0 {
		left = 6
	}
	return keep, v.TurnTotal()+p.Points() >= mediumBankAt[left]
}

// Piggyback is hard's.
func (m medium) Piggyback(v game.View) bool { return m.hard.Piggyback(v) }
