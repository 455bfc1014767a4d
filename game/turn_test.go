package game

// Hand-written turns: each rule of play, step by step, with the error of
// every illegal action.

import (
	"errors"
	"testing"

	"github.com/farkle-go/farkle"
)

func TestRulesOfPlay(t *testing.T) {
	zilchish := Rules{MinBank: 300, Penalty: 500, PenaltyAfter: 3}
	tests := []struct {
		name    string
		rules   Rules
		players int
		steps   []step
		scores  []int
		farkles []int
		over    bool
		winner  int
	}{
		{
			name: "minimum bank", rules: Rules{MinBank: 300}, players: 1,
			steps: []step{
				{"b", ErrNotRolled},
				{"r 123466", nil}, {"k 1", nil},
				{"b", ErrBelowMinimum},
				{"r 66623", nil}, {"k 5", farkle.ErrNotInRoll},
				{"b", ErrAlreadyRolled}, {"r 66623", ErrAlreadyRolled},
				{"k 666", nil},
				{"b", nil}, // 700
				{"r 555234", nil}, {"k 555", nil},
				{"b", nil}, // 500 is enough
			},
			scores: []int{1200},
		},
		{
			name: "on-board minimum", rules: Rules{MinFirstBank: 500}, players: 1,
			steps: []step{
				{"r 123466", nil}, {"k 1", nil},
				{"b", ErrBelowMinimum},
				{"r 55234", nil}, {"k 55", nil},
				{"b", ErrBelowMinimum},
				{"r 111", nil}, {"k 111", nil}, // hot dice, 1200
				{"b", nil},
				{"r 523466", nil}, {"k 5", nil},
				{"b", nil}, // on the board: 50 is enough
			},
			scores: []int{1250},
		},
		{
			name: "minimum bank and on-board minimum together", rules: Rules{MinBank: 300, MinFirstBank: 1000}, players: 1,
			steps: []step{
				{"r 555234", nil}, {"k 555", nil},
				{"b", ErrBelowMinimum},
				{"r 123", nil}, {"k 1", nil},
				{"r 55", nil}, {"k 55", nil}, // hot dice: 700
				{"r 666234", nil}, {"k 666", nil}, // 1300
				{"b", nil},
				{"r 523466", nil}, {"k 5", nil},
				{"b", ErrBelowMinimum},
			},
			scores: []int{1300},
		},
		{
			name: "penalty on the third farkle in a row", rules: zilchish, players: 1,
			steps: []step{
				{"r 234662", nil},
				{"r 234662", nil},
				{"r 555234", nil}, {"k 555", nil}, {"b", nil}, // resets the count
				{"r 234662", nil},
				{"r 234662", nil},
				{"r 234662", nil}, // penalty
				{"r 234662", nil},
			},
			scores: []int{0}, farkles: []int{1},
		},
		{
			name: "penalty on every farkle", rules: Rules{Penalty: 50, PenaltyAfter: 1}, players: 2,
			steps: []step{
				{"r 234662", nil},                           // player 0: -50
				{"r 155234", nil}, {"k 1", nil}, {"b", nil}, // player 1: 100
				{"r 234662", nil}, // player 0: -100
			},
			scores: []int{-100, 100}, farkles: []int{0, 0},
		},
		{
			name: "farkle loses the turn total", rules: zilchish, players: 2,
			steps: []step{
				{"r 555234", nil}, {"k 555", nil},
				{"r 234", nil}, // farkle with 500
				{"r 111234", nil}, {"k 111", nil}, {"b", nil},
			},
			scores: []int{0, 1000}, farkles: []int{1, 0},
		},
		{
			name: "hot dice may roll", rules: Rules{}, players: 1,
			steps: []step{
				{"r 123456", nil}, {"k 123456", nil}, // hot dice
				{"k 1", ErrNotRolled},
				{"b", nil},
				{"r 123456", nil}, {"k 123456", nil},
				{"r 111555", nil}, {"k 111", nil}, {"r 555", nil}, {"k 555", nil}, // hot dice twice
				{"r 1", ErrDiceCount},
				{"r 155523", nil}, {"k 1", nil},
				{"b", nil},
			},
			scores: []int{2500 + 2500 + 1000 + 500 + 100},
		},
		{
			name: "hot dice must roll", rules: Rules{MustRollHotDice: true}, players: 1,
			steps: []step{
				{"r 123456", nil}, {"k 123456", nil},
				{"b", ErrMustRoll},
				{"r 152346", nil}, {"k 15", nil},
				{"b", nil},
			},
			scores: []int{2650},
		},
		{
			name: "hot dice must roll, and then the minimum", rules: Rules{MustRollHotDice: true, MinBank: 3000}, players: 1,
			steps: []step{
				{"r 123456", nil}, {"k 123456", nil},
				{"b", ErrMustRoll},
				{"r 152346", nil}, {"k 1", nil},
				{"b", ErrBelowMinimum}, // 2600
				{"r 52346", nil}, {"k 5", nil},
				{"b", ErrBelowMinimum}, // 2650
				{"r 2346", nil},        // farkle
			},
			scores: []int{0}, farkles: []int{1},
		},
		{
			name: "bad keeps", rules: Rules{}, players: 1,
			steps: []step{
				{"k 1", ErrNotRolled},
				{"r 123466", nil},
				{"k 12", farkle.ErrNonScoring},
				{"k 11", farkle.ErrNotInRoll},
				{"k", farkle.ErrNoDice},
				{"k 7", farkle.ErrInvalidDie},
				{"k 1111111", farkle.ErrTooManyDice},
				{"k 1", nil},
				{"k 1", ErrNotRolled}, // one keep per roll
				{"r 123", ErrDiceCount},
				{"r 12307", farkle.ErrInvalidDie},
			},
			scores: []int{0},
		},
		{
			name: "first to the target wins at once", rules: Rules{Target: 1000}, players: 3,
			steps: []step{
				{"r 111234", nil}, {"k 111", nil}, {"b", nil},
				{"r 111234", ErrGameOver},
				{"k 1", ErrGameOver},
				{"b", ErrGameOver},
			},
			scores: []int{1000, 0, 0}, over: true, winner: 0,
		},
		{
			name: "default target is 10,000", rules: Rules{}, players: 2,
			steps: []step{
				{"r 666666", nil}, {"k 666666", nil}, {"r 666666", nil}, {"k 666666", nil},
				{"r 666666", nil}, {"k 666666", nil}, {"b", nil}, // 9000
				{"r 111111", nil}, {"k 111111", nil}, {"r 666666", nil}, {"k 666666", nil},
				{"r 666666", nil}, {"k 666666", nil}, {"r 523466", nil}, {"k 5", nil}, {"b", nil}, // 9050
				{"r 151515", nil}, {"k 151515", nil}, {"b", nil}, // 10500
			},
			scores: []int{10500, 9050}, over: true, winner: 0,
		},
		{
			name: "final round: a later player overtakes", rules: Rules{Target: 1000, FinalRound: true}, players: 3,
			steps: []step{
				{"r 111234", nil}, {"k 111", nil}, {"b", nil}, // final round
				{"r 111555", nil}, {"k 111555", nil}, {"b", nil}, // 1500
				{"r 223344", nil}, {"k 223344", nil}, {"b", nil}, // 1500, ties: player 1 was first
				{"r 111234", ErrGameOver},
			},
			scores: []int{1000, 1500, 1500}, over: true, winner: 1,
		},
		{
			name: "final round: a tie goes to who reached the target", rules: Rules{Target: 1000, FinalRound: true}, players: 3,
			steps: []step{
				{"r 234662", nil},
				{"r 111234", nil}, {"k 111", nil}, {"b", nil}, // player 1: final round
				{"r 111234", nil}, {"k 111", nil}, {"b", nil}, // player 2: 1000
				{"r 234662", nil}, // player 0 farkles: over
				{"b", ErrGameOver},
			},
			scores: []int{0, 1000, 1000}, farkles: []int{2, 0, 0}, over: true, winner: 1,
		},
		{
			name: "final round: banks after the target do not restart it", rules: Rules{Target: 500, FinalRound: true}, players: 2,
			steps: []step{
				{"r 555234", nil}, {"k 555", nil}, {"b", nil}, // player 0: final round
				{"r 111234", nil}, {"k 111", nil}, {"b", nil}, // player 1: 1000, over
				{"r 111234", ErrGameOver},
			},
			scores: []int{500, 1000}, over: true, winner: 1,
		},
		{
			name: "final round with one player ends at once", rules: Rules{Target: 500, FinalRound: true}, players: 1,
			steps: []step{
				{"r 555234", nil}, {"k 555", nil}, {"b", nil},
				{"r 555234", ErrGameOver},
			},
			scores: []int{500}, over: true, winner: 0,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, tc.rules, tc.players)
			run(t, g, tc.steps)
			if diff := cmpDiff(tc.scores, g.View().Scores()); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
			if tc.farkles != nil {
				var got []int
				for _, p := range g.View().Players() {
					got = append(got, p.Farkles)
				}
				if diff := cmpDiff(tc.farkles, got); diff != "" {
					t.Errorf("farkles in a row (-want +got):\n%s", diff)
				}
			}
			w, over := g.View().Winner()
			if over != tc.over || over && w != tc.winner {
				t.Errorf("Winner() = %d, %v, want %d, %v", w, over, tc.winner, tc.over)
			}
		})
	}
}

// The scoring rules of the game score its keeps: Zilch scores six dice
// with nothing 500, so 2 3 4 6 6 2 is no farkle there, while it is one
// under App.
func TestGameScoring(t *testing.T) {
	g := newGame(t, Zilch.Rules(), 1)
	run(t, g, script("r 234662", "k 234662", "b"))
	if got, want := g.View().Scores()[0], farkle.ZilchScoring.Rules().Nothing; got != want {
		t.Errorf("Zilch: score %d, want %d", got, want)
	}
	g = newGame(t, App.Rules(), 1)
	run(t, g, script("r 234662"))
	if p := g.View().Players()[0]; p.Farkles != 1 || g.NumEvents() != 2 {
		t.Errorf("App: 2 3 4 6 6 2 gave %+v and %d events, want a farkle", p, g.NumEvents())
	}
	// The Scorer is the one of the rules.
	for _, tc := range testRules(false) {
		g := newGame(t, tc.rules, 1)
		want := tc.rules.Scoring
		if want == (farkle.Rules{}) {
			want = farkle.AppScoring.Rules()
		}
		if got := g.View().Scorer().Rules(); got != want {
			t.Errorf("%s: Scorer().Rules() = %+v, want %+v", tc.name, got, want)
		}
	}
}

func TestErrorMessages(t *testing.T) {
	g := newGame(t, Rules{MinBank: 300}, 1)
	run(t, g, script("r 123466", "k 1"))
	err := g.Bank()
	var me *MinimumError
	if !errors.As(err, &me) || me.Need != 300 || me.Have != 100 {
		t.Fatalf("Bank() = %v, want a MinimumError 300/100", err)
	}
	if got, want := err.Error(), "game: bank by player 0: turn total below the minimum to bank: 100 < 300"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	err = g.RollDice(dice("12"))
	var ce *CountError
	if !errors.As(err, &ce) || ce.Want != 5 || ce.Got != 2 {
		t.Fatalf("RollDice = %v, want a CountError 5/2", err)
	}
	if got, want := err.Error(), "game: roll by player 0: wrong number of dice: 2, want 5"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	run(t, g, script("r 23466"))
	err = g.Keep(dice("2"))
	var ae *ActionError
	if !errors.As(err, &ae) || ae.Action != ActionKeep || ae.Player != 0 {
		t.Fatalf("Keep before a roll = %v, want an *ActionError for keep by 0", err)
	}
	if got, want := err.Error(), "game: keep by player 0: dice not rolled"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	for a, want := range map[Action]string{ActionRoll: "roll", ActionKeep: "keep", ActionBank: "bank", 9: "Action(9)"} {
		if got := a.String(); got != want {
			t.Errorf("Action %d: %q, want %q", a, got, want)
		}
	}
}

// Can reports the error of each action, as the action gives it.
// TestCan checks the error of Can for each action at each point of a
// turn: the sentinel it wraps, and that the action itself, on a copy of
// the game, gives the same error. Can changes nothing.
func TestCan(t *testing.T) {
	must := Rules{MinBank: 300, MustRollHotDice: true}
	for _, tc := range []struct {
		when             string
		rules            Rules
		steps            []step
		roll, keep, bank error // the sentinels, or nil for allowed
	}{
		{"start", must, nil, nil, ErrNotRolled, ErrNotRolled},
		{"rolled", must, script("r 123456"), ErrAlreadyRolled, nil, ErrAlreadyRolled},
		{"hot dice", must, script("r 123456", "k 123456"), nil, ErrNotRolled, ErrMustRoll},
		{"hot dice, may bank", Rules{}, script("r 123456", "k 123456"), nil, ErrNotRolled, nil},
		{"under the minimum", must, script("r 523466", "k 5"), nil, ErrNotRolled, ErrBelowMinimum},
		{"may bank", must, script("r 111234", "k 111"), nil, ErrNotRolled, nil},
		{"game over", Rules{Target: 1000}, script("r 111234", "k 111", "b"), ErrGameOver, ErrGameOver, ErrGameOver},
	} {
		g := newGame(t, tc.rules, 2)
		run(t, g, tc.steps)
		for _, c := range []struct {
			a    Action
			want error
		}{{ActionRoll, tc.roll}, {ActionKeep, tc.keep}, {ActionBank, tc.bank}} {
			before := snap(g)
			err := g.Can(c.a)
			var ae *ActionError
			if c.want == nil && err != nil || c.want != nil && (!errors.Is(err, c.want) || !errors.As(err, &ae) || ae.Action != c.a) {
				t.Errorf("%s: Can(%v) = %v, want an *ActionError wrapping %v", tc.when, c.a, err, c.want)
			}
			if diff := cmpDiff(before, snap(g)); diff != "" {
				t.Errorf("%s: Can(%v) changed the game (-want +got):\n%s", tc.when, c.a, diff)
			}
			h := saveLoad(t, g)
			var got error
			switch c.a {
			case ActionRoll:
				got = h.RollDice(dice("155234")[:h.View().DiceLeft()])
			case ActionKeep:
				got = h.Keep(h.View().Roll())
			case ActionBank:
				got = h.Bank()
			}
			if err == nil && got != nil || err != nil && (got == nil || got.Error() != err.Error()) {
				t.Errorf("%s: Can(%v) = %v, the action gives %v", tc.when, c.a, err, got)
			}
		}
		if g.View().Over() {
			continue
		}
		for _, a := range []Action{0, 5} {
			if err := g.Can(a); !errors.Is(err, ErrUnknownAction) {
				t.Errorf("%s: Can(%v) = %v, want %v", tc.when, a, err, ErrUnknownAction)
			}
		}
	}
}

func TestCanUnknownAction(t *testing.T) {
	g := newGame(t, App.Rules(), 2)
	for _, a := range []Action{0, 5, 9, 255} {
		err := g.Can(a)
		var ae *ActionError
		if !errors.Is(err, ErrUnknownAction) || !errors.As(err, &ae) || ae.Action != a {
			t.Errorf("Can(%v) = %v, want an *ActionError wrapping ErrUnknownAction", a, err)
		}
	}
	for _, a := range []Action{ActionRoll, ActionKeep, ActionBank, ActionPiggyback} {
		if err := g.Can(a); errors.Is(err, ErrUnknownAction) {
			t.Errorf("Can(%v) = %v", a, err)
		}
	}
}

func TestRollDieUniform(t *testing.T) {
	src := seededSource(5)
	var n [7]int
	draws := 60000
	if raceEnabled {
		draws = 12000
	}
	for range draws {
		n[rollDie(src)]++
	}
	for f := 1; f <= 6; f++ {
		if n[f] < draws/6*9/10 || n[f] > draws/6*11/10 {
			t.Errorf("face %d drawn %d times of %d", f, n[f], draws)
		}
	}
	if n[0] != 0 {
		t.Errorf("face 0 drawn %d times", n[0])
	}
	// The 4 largest values are drawn again; a source that gives nothing
	// else still gives a valid die.
	if d := rollDie(constSource(^uint64(0))); !d.Valid() {
		t.Errorf("broken source gave die %d", d)
	}
	// 1 + x%6 for the largest value that is kept: 2^64-5 = 5 mod 6.
	if d := rollDie(constSource(^uint64(0) - 4)); d != 6 {
		t.Errorf("die of 2^64-5 is %d, want 6", d)
	}
}
