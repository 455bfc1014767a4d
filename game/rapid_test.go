package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

var classicScorer = mustScorer(farkle.Classic)

// drawRules draws valid rules of play, with small targets so that games
// end within a test.
func drawRules(t *rapid.T, whole bool) Rules {
	var r Rules
	switch rapid.IntRange(0, 3).Draw(t, "preset") {
	case 0:
		r = App
	case 1:
		r = Zilch
	case 2:
		r = Facebook
	default:
		r = Rules{
			FinalRound:   rapid.Bool().Draw(t, "finalRound"),
			MinBank:      rapid.SampledFrom([]int{0, 50, 300, 1000}).Draw(t, "minBank"),
			MinFirstBank: rapid.SampledFrom([]int{0, 500}).Draw(t, "minFirstBank"),
			HotDice:      rapid.SampledFrom([]HotDice{HotDiceMayRoll, HotDiceMustRoll}).Draw(t, "hotDice"),
			Scorer:       rapid.SampledFrom([]*farkle.Scorer{nil, Zilch.Scorer, classicScorer}).Draw(t, "scorer"),
		}
		if rapid.Bool().Draw(t, "penalty") {
			r.Penalty = 500
			r.PenaltyAfter = rapid.IntRange(1, 3).Draw(t, "penaltyAfter")
			if whole {
				// One farkle in a row costing 500 can make every turn a
				// loss on average, and a game of bots endless.
				r.PenaltyAfter = max(r.PenaltyAfter, 2)
			}
		}
	}
	targets := []int{0, 300, 1000, 2500}
	if whole {
		targets = targets[1:]
	}
	r.Target = rapid.SampledFrom(targets).Draw(t, "target")
	return r
}

// drawDice draws n dice, sometimes invalid ones.
func drawDice(t *rapid.T, n int, label string) []farkle.Die {
	face := rapid.IntRange(1, 6)
	if rapid.IntRange(0, 9).Draw(t, label+"Bad") == 0 {
		face = rapid.IntRange(0, 9)
	}
	return rapid.SliceOfN(rapid.Map(face, func(f int) farkle.Die { return farkle.Die(f) }), n, n).Draw(t, label)
}

// Property: after any sequence of legal and illegal actions, a game's
// views agree with its history (banked scores change only by banks and
// penalties, a farkle zeroes the turn total, the turn total is the sum of
// the keeps of the turn, one winner once it is over), illegal actions
// change nothing, and the JSON round trip gives an equal game.
func TestStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t, false)
		n := rapid.IntRange(1, 4).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		g, err := New(r, make([]string, n), rand.NewPCG(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		act := func(t *rapid.T, a Action, f func() error) {
			before := snap(g)
			err := f()
			if err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) || ae.Action != a && a != 0 {
					t.Fatalf("error %v (%T), want an *ActionError for %v", err, err, a)
				}
				if diff := cmp.Diff(before, snap(g)); diff != "" {
					t.Fatalf("illegal action (%v) changed the game (-want +got):\n%s", err, diff)
				}
				stateErr := errors.Is(err, ErrNotRolled) || errors.Is(err, ErrAlreadyRolled) ||
					errors.Is(err, ErrBelowMinimum) || errors.Is(err, ErrMustRoll) || errors.Is(err, ErrGameOver)
				if a != 0 && stateErr != (g.Can(a) != nil) {
					t.Fatalf("Can(%v) = %v, but it failed with %v", a, g.Can(a), err)
				}
				return
			}
			added := g.Events()[len(before.Events):]
			if len(added) == 0 {
				t.Fatal("a legal action added no event")
			}
			moved := make([]bool, n)
			for _, e := range added {
				if e.Kind == EventBanked || e.Kind == EventPenalty {
					moved[e.Player] = true
				}
				if e.Kind == EventFarkled && a == ActionRoll && (g.TurnTotal() != 0 || g.Dice() != nil) {
					t.Fatalf("after a farkle: turn total %d, dice %v", g.TurnTotal(), g.Dice())
				}
			}
			for i, s := range g.Scores() {
				if s != before.Players[i].Score && !moved[i] {
					t.Fatalf("player %d: score %d -> %d without bank or penalty", i, before.Players[i].Score, s)
				}
			}
		}
		t.Repeat(map[string]func(*rapid.T){
			"roll": func(t *rapid.T) { act(t, ActionRoll, g.Roll) },
			"rollDice": func(t *rapid.T) {
				k := g.DiceLeft()
				if rapid.IntRange(0, 9).Draw(t, "wrongCount") == 0 {
					k = rapid.IntRange(0, 7).Draw(t, "count")
				}
				d := drawDice(t, k, "roll")
				act(t, ActionRoll, func() error { return g.RollDice(d) })
			},
			"keepBest": func(t *rapid.T) {
				var keep []farkle.Die
				if d := g.Dice(); d != nil {
					p, err := g.Rules().Scorer.BestKeep(d)
					if err != nil {
						t.Fatal(err)
					}
					keep = p.Dice()
				}
				act(t, ActionKeep, func() error { return g.Keep(keep) })
			},
			"keepSome": func(t *rapid.T) {
				var keep []farkle.Die
				if d := g.Dice(); d != nil && rapid.Bool().Draw(t, "fromTable") {
					for i, x := range d {
						if rapid.Bool().Draw(t, "pick") {
							keep = append(keep, d[i])
							_ = x
						}
					}
				} else {
					keep = drawDice(t, rapid.IntRange(0, 7).Draw(t, "keepCount"), "keep")
				}
				act(t, ActionKeep, func() error { return g.Keep(keep) })
			},
			"bank": func(t *rapid.T) { act(t, ActionBank, g.Bank) },
			"playTurn": func(t *rapid.T) {
				bot := ThresholdBot{Scorer: g.Rules().Scorer, BankAt: rapid.IntRange(0, 1500).Draw(t, "bankAt")}
				before := g.Turn()
				var err error
				act(t, 0, func() error { err = g.PlayTurn(bot); return err })
				if err == nil && !g.Over() && g.Turn() != before+1 {
					t.Fatalf("PlayTurn went from turn %d to %d", before, g.Turn())
				}
			},
			"": func(t *rapid.T) {
				if err := checkInvariants(g); err != nil {
					t.Fatal(err)
				}
				if g.Over() {
					for _, a := range []Action{ActionRoll, ActionKeep, ActionBank} {
						if err := g.Can(a); !errors.Is(err, ErrGameOver) {
							t.Fatalf("Can(%v) after the end = %v", a, err)
						}
					}
				}
			},
		})
	})
}

// Property: a whole game between bots ends with one winner whose score
// is at least the target, and its history replays to the same game.
func TestWholeGameReplays(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t, true)
		n := rapid.IntRange(1, 4).Draw(t, "players")
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = ThresholdBot{Scorer: r.Scorer, BankAt: rapid.IntRange(300, 1000).Draw(t, "bankAt")}
		}
		g, err := New(r, make([]string, n), rand.NewChaCha8([32]byte{byte(rapid.IntRange(0, 255).Draw(t, "seed"))}))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(bots...); err != nil {
			t.Fatal(err)
		}
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
		w, over := g.Winner()
		if !over || g.Scores()[w] < r.target() || slices.Max(g.Scores()) != g.Scores()[w] {
			t.Fatalf("winner %d, over %v, scores %v, target %d", w, over, g.Scores(), r.target())
		}
		h, err := Replay(r, make([]string, n), g.Events())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(snap(g), snap(h), cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".JSON" }, cmp.Ignore())); diff != "" {
			t.Fatalf("replay (-want +got):\n%s", diff)
		}
	})
}
