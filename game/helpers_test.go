package game

// Helpers shared by the tests of the package: the one place that builds
// dice, hands, rules and games for them. The checks of a game against a
// model of the rules are in invariants_test.go.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// dice parses "1 5 5" or "155" into dice; other characters are skipped.
// A 0, 7, 8 or 9 gives an invalid die, for the tests of bad dice.
func dice(s string) []farkle.Die {
	var d []farkle.Die
	for _, c := range s {
		if c >= '0' && c <= '9' {
			d = append(d, farkle.Die(c-'0'))
		}
	}
	return d
}

// hand is the Hand of valid dice, written as dice parses them ("155") or
// given as dice, such as those of a Game; the zero Hand for none.
func hand[D string | []farkle.Die](d D) farkle.Hand {
	var ds []farkle.Die
	switch d := any(d).(type) {
	case string:
		ds = dice(d)
	case []farkle.Die:
		ds = d
	}
	h, err := farkle.HandOf(ds)
	if err != nil {
		panic(fmt.Sprintf("hand(%v): %v", d, err))
	}
	return h
}

// classicScoring is a scoring that is no preset of the game package:
// farkle.Classic, with six dice that score nothing worth 300 so that it is
// no farkle preset either and saves as an object.
func classicScoring() farkle.Rules {
	s := farkle.ClassicScoring.Rules()
	s.Nothing = 300
	return s
}

// namedRules is a set of rules of play under test.
type namedRules struct {
	name  string
	rules Rules
}

// allPresets lists the presets in the order of their constants.
var allPresets = []Preset{App, Zilch, Facebook}

// testRules returns the rules that the table tests run under, each a
// fresh value: the three presets, the zero Rules, farkle scoring presets
// that no game preset uses, and custom rules with every rule of play on.
// short asks for small targets, for whole games that end fast.
func testRules(short bool) []namedRules {
	out := []namedRules{}
	for _, p := range allPresets {
		out = append(out, namedRules{p.String(), p.Rules()})
	}
	out = append(out,
		namedRules{"zero", Rules{}},
		namedRules{"core scoring", Rules{FinalRound: true, MinBank: 350, Scoring: farkle.CoreScoring.Rules()}},
		namedRules{"custom", Rules{
			Target: 6000, FinalRound: true, MinBank: 250, MinFirstBank: 500,
			Penalty: 300, PenaltyAfter: 2, MustRollHotDice: true, Scoring: classicScoring(),
		}},
	)
	if short {
		for i := range out {
			out[i].rules.Target = 3000
		}
	}
	return out
}

// targetOf is the target of r, with the default read as the
// documentation says.
func targetOf(r Rules) int {
	if r.Target == 0 {
		return DefaultTarget
	}
	return r.Target
}

// newGame starts a game with players unnamed players and no dice source.
func newGame(t testing.TB, r Rules, players int) *Game {
	t.Helper()
	g, err := New(r, make([]string, players), nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// seededSource is the dice source of seed, the same for every test.
func seededSource(seed uint64) *rand.PCG {
	return rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
}

// playSeeded plays a whole game of bots from a seed.
func playSeeded(t testing.TB, r Rules, seed uint64, bots ...Bot) *Game {
	t.Helper()
	g, err := New(r, make([]string, len(bots)), seededSource(seed))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(bots...); err != nil {
		t.Fatal(err)
	}
	return g
}

// thresholdBots returns one ThresholdBot per threshold.
func thresholdBots(bankAt ...int) []Bot {
	bots := make([]Bot, len(bankAt))
	for i, b := range bankAt {
		bots[i] = ThresholdBot{BankAt: b}
	}
	return bots
}

// saveLoad returns the game that the JSON of g loads as.
func saveLoad(t testing.TB, g *Game) *Game {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var h Game
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return &h
}

// constSource is a dice source that always draws the same value: 0 rolls
// only 1s.
type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }

// step is one action of a scripted game: "r 123456" rolls those dice,
// "k 15" keeps, "b" banks, "p" takes over the last bank (Piggyback). want is the error it must wrap, or nil.
type step struct {
	act  string
	want error
}

// do plays the action of s on g.
func (s step) do(g *Game) error {
	switch s.act[0] {
	case 'r':
		return g.RollDice(dice(s.act[1:]))
	case 'k':
		return g.Keep(dice(s.act[1:]))
	case 'b':
		return g.Bank()
	case 'p':
		return g.Piggyback()
	}
	panic("bad action " + s.act)
}

// script is steps that all succeed.
func script(acts ...string) []step {
	steps := make([]step, len(acts))
	for i, a := range acts {
		steps[i] = step{act: a}
	}
	return steps
}

// handAsString lets go-cmp compare and show Hands, whose fields are
// unexported, as their dice.
var handAsString = cmp.Transformer("Hand", farkle.Hand.String)

// cmpDiff is cmp.Diff (-want +got) with Hands shown as their dice.
func cmpDiff(want, got any, opts ...cmp.Option) string {
	return cmp.Diff(want, got, append(opts, handAsString)...)
}

// handOf returns the Hand of dice, which are valid: the dice of a roll
// or of a keep.
func handOf(dice []farkle.Die) farkle.Hand {
	h, _ := farkle.HandOf(dice)
	return h
}
