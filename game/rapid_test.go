package game

// Properties checked with rapid on random rules, players, dice and
// actions.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"pgregory.net/rapid"
)

// drawRules draws valid rules of play, with small targets so that games
// end within a test. whole asks for rules under which games of bots end.
func drawRules(t *rapid.T, whole bool) Rules {
	var r Rules
	if k := rapid.IntRange(0, len(allPresets)).Draw(t, "preset"); k < len(allPresets) {
		r = allPresets[k].Rules()
	} else {
		r = Rules{
			FinalRound:      rapid.Bool().Draw(t, "finalRound"),
			MinBank:         rapid.SampledFrom([]int{0, 50, 300, 1000}).Draw(t, "minBank"),
			MinFirstBank:    rapid.SampledFrom([]int{0, 500}).Draw(t, "minFirstBank"),
			MustRollHotDice: rapid.Bool().Draw(t, "mustRollHotDice"),
			Scoring:         rapid.SampledFrom(drawnScorings()).Draw(t, "scoring"),
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

// drawnScorings are the scoring rules that drawRules draws from: zero,
// farkle presets, and one scoring that is no preset. The Scorer of that
// one is compiled again by every load of a game (about a millisecond,
// ten times more under the race detector), so the race detector runs
// leave it out.
func drawnScorings() []farkle.Rules {
	s := []farkle.Rules{{}, farkle.ZilchScoring.Rules(), farkle.CoreScoring.Rules(), farkle.ClassicScoring.Rules()}
	if !raceEnabled {
		s = append(s, classicScoring())
	}
	return s
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
// the keeps of the turn, every event carries the turn total, score and
// farkles in a row that the rules give, one winner once it is over),
// illegal actions change nothing, Can agrees with the actions, and the
// JSON round trip gives an equal game.
func TestStateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t, false)
		n := rapid.IntRange(1, 4).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		g, err := New(r, make([]string, n), rand.NewPCG(seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		checks := 0
		act := func(t *rapid.T, a Action, f func() error) {
			before := snap(g)
			can := g.Can(a)
			err := f()
			if err != nil {
				var ae *ActionError
				if !errors.As(err, &ae) || a != 0 && ae.Action != a {
					t.Fatalf("error %v (%T), want an *ActionError for %v", err, err, a)
				}
				if after := snap(g); !sameSnap(before, after) {
					t.Fatalf("illegal action (%v) changed the game (-want +got):\n%s", err, cmpDiff(before, after))
				}
				stateErr := errors.Is(err, ErrNotRolled) || errors.Is(err, ErrAlreadyRolled) ||
					errors.Is(err, ErrBelowMinimum) || errors.Is(err, ErrMustRoll) || errors.Is(err, ErrGameOver)
				if a != 0 && stateErr != (can != nil) {
					t.Fatalf("Can(%v) = %v, but it failed with %v", a, can, err)
				}
				return
			}
			if a != 0 && can != nil {
				t.Fatalf("Can(%v) = %v, but the action succeeded", a, can)
			}
			added := g.EventsSince(before.NEvents)
			if len(added) == 0 {
				t.Fatal("a legal action added no event")
			}
			moved := make([]bool, n)
			for _, e := range added {
				if e.Kind == EventBanked || e.Kind == EventPenalty {
					moved[e.Player] = true
				}
				if e.Kind == EventFarkled && a == ActionRoll && (g.View().TurnTotal() != 0 || g.View().Roll() != nil) {
					t.Fatalf("after a farkle: turn total %d, dice %v", g.View().TurnTotal(), g.View().Roll())
				}
			}
			for i, s := range g.View().Scores() {
				if s != before.Players[i].Score && !moved[i] {
					t.Fatalf("player %d: score %d -> %d without bank or penalty", i, before.Players[i].Score, s)
				}
			}
		}
		t.Repeat(map[string]func(*rapid.T){
			"roll": func(t *rapid.T) { act(t, ActionRoll, g.Roll) },
			"rollDice": func(t *rapid.T) {
				k := g.View().DiceLeft()
				if rapid.IntRange(0, 9).Draw(t, "wrongCount") == 0 {
					k = rapid.IntRange(0, 7).Draw(t, "count")
				}
				d := drawDice(t, k, "roll")
				act(t, ActionRoll, func() error { return g.RollDice(d) })
			},
			"keepBest": func(t *rapid.T) {
				var keep []farkle.Die
				if d := g.View().Roll(); d != nil {
					p, err := g.View().Scorer().BestKeep(d)
					if err != nil {
						t.Fatal(err)
					}
					keep = p.Dice()
				}
				act(t, ActionKeep, func() error { return g.Keep(keep) })
			},
			"keepSome": func(t *rapid.T) {
				var keep []farkle.Die
				if d := g.View().Roll(); d != nil && rapid.Bool().Draw(t, "fromTable") {
					for _, x := range d {
						if rapid.Bool().Draw(t, "pick") {
							keep = append(keep, x)
						}
					}
				} else {
					keep = drawDice(t, rapid.IntRange(0, 7).Draw(t, "keepCount"), "keep")
				}
				act(t, ActionKeep, func() error { return g.Keep(keep) })
			},
			"bank": func(t *rapid.T) { act(t, ActionBank, g.Bank) },
			"playTurn": func(t *rapid.T) {
				bot := ThresholdBot{BankAt: rapid.IntRange(0, 1500).Draw(t, "bankAt")}
				before := g.View().Turn()
				var err error
				act(t, 0, func() error { err = g.PlayTurn(bot); return err })
				if err == nil && !g.View().Over() && g.View().Turn() != before+1 {
					t.Fatalf("PlayTurn went from turn %d to %d", before, g.View().Turn())
				}
			},
			"": func(t *rapid.T) {
				checks++
				if err := checkHistory(g); err != nil {
					t.Fatal(err)
				}
				// The JSON round trip, a replay of the whole game, after
				// every action, or every fourth under the race detector.
				if !raceEnabled || checks%4 == 0 || g.View().Over() {
					if err := checkRoundTrip(g); err != nil {
						t.Fatal(err)
					}
				}
				if g.View().Over() {
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
// is the highest and at least the target, and its history replays to the
// same game.
func TestWholeGameReplays(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t, true)
		n := rapid.IntRange(1, 4).Draw(t, "players")
		bots := make([]Bot, n)
		for i := range bots {
			bots[i] = ThresholdBot{BankAt: rapid.IntRange(300, 1000).Draw(t, "bankAt")}
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
		w, over := g.View().Winner()
		if !over || g.View().Scores()[w] < targetOf(r) || slices.Max(g.View().Scores()) != g.View().Scores()[w] {
			t.Fatalf("winner %d, over %v, scores %v, target %d", w, over, g.View().Scores(), targetOf(r))
		}
		h, err := Replay(r, make([]string, n), g.EventsSince(0))
		if err != nil {
			t.Fatal(err)
		}
		want, got := snap(g), snap(h)
		want.JSON, got.JSON, want.Source = "", "", false // the replay has no source
		if diff := cmpDiff(want, got); diff != "" {
			t.Fatalf("replay (-want +got):\n%s", diff)
		}
	})
}

// Property: EventsSince(i) is the history from event i on, for any i,
// and nil out of range; the slices it returns are the caller's.
func TestEventsSinceProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := drawRules(t, true)
		g, err := New(r, make([]string, 2), rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		if err != nil {
			t.Fatal(err)
		}
		turns := rapid.IntRange(0, 20).Draw(t, "turns")
		bot := ThresholdBot{BankAt: 400}
		for range turns {
			if g.View().Over() {
				break
			}
			if err := g.PlayTurn(bot); err != nil {
				t.Fatal(err)
			}
		}
		all := g.EventsSince(0)
		i := rapid.IntRange(-3, len(all)+3).Draw(t, "i")
		got := g.EventsSince(i)
		if i < 0 || i >= len(all) {
			if got != nil {
				t.Fatalf("EventsSince(%d) of %d events = %d events, want nil", i, len(all), len(got))
			}
			return
		}
		if diff := cmpDiff(all[i:], got); diff != "" {
			t.Fatalf("EventsSince(%d) (-want +got):\n%s", i, diff)
		}
		for k := range got {
			got[k].Score = -12345
		}
		if diff := cmpDiff(all, g.EventsSince(0)); diff != "" {
			t.Fatalf("changing EventsSince(%d) changed the history (-want +got):\n%s", i, diff)
		}
	})
}

// Property: any valid rules, with any farkle preset's scoring changed in
// one field, give a game whose Rules are the same after a save and a
// load, and equal to the rules given.
func TestRulesRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := Rules{
			Target:          rapid.IntRange(0, maxTarget).Draw(t, "target"),
			FinalRound:      rapid.Bool().Draw(t, "finalRound"),
			MinBank:         rapid.IntRange(0, maxTarget).Draw(t, "minBank"),
			MinFirstBank:    rapid.IntRange(0, maxTarget).Draw(t, "minFirstBank"),
			MustRollHotDice: rapid.Bool().Draw(t, "mustRollHotDice"),
		}
		if rapid.Bool().Draw(t, "penalty") {
			r.Penalty = rapid.IntRange(1, maxTarget).Draw(t, "penalty")
			r.PenaltyAfter = rapid.IntRange(1, maxPenaltyAfter).Draw(t, "penaltyAfter")
		}
		p := farkle.Scoring(rapid.IntRange(0, 4).Draw(t, "scoringPreset"))
		r.Scoring = p.Rules()
		// A changed scoring is compiled by New and again by the load
		// (about a millisecond each, ten times more under the race
		// detector), so the race detector runs, like drawnScorings, keep
		// to the presets' scorings.
		change := 0
		if !raceEnabled {
			change = rapid.IntRange(0, 3).Draw(t, "scoringChange")
		}
		switch change {
		case 1:
			r.Scoring.SingleFive = rapid.IntRange(0, 1000).Draw(t, "singleFive")
		case 2:
			r.Scoring.Nothing = rapid.IntRange(0, 1000).Draw(t, "nothing")
		case 3:
			r.Scoring.Straight = rapid.IntRange(0, 5000).Draw(t, "straight")
		}
		g, err := New(r, []string{"a"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var h Game
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		want := r
		if want.Target == 0 {
			want.Target = DefaultTarget // as New normalizes it
		}
		if g.View().Rules() != want || h.View().Rules() != want {
			t.Fatalf("rules %+v: game has %+v, loaded %+v", r, g.View().Rules(), h.View().Rules())
		}
	})
}
