package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// step is one action of a scripted game: "r 123456" rolls those dice,
// "k 15" keeps, "b" banks. want is the error it must wrap, or nil.
type step struct {
	act  string
	want error
}

// run plays steps on g, checking each error, that a failed action changed
// nothing, and the invariants.
func run(t *testing.T, g *Game, steps []step) {
	t.Helper()
	for i, s := range steps {
		before := snap(g)
		var err error
		switch s.act[0] {
		case 'r':
			err = g.RollDice(dice(s.act[1:]))
		case 'k':
			err = g.Keep(dice(s.act[1:]))
		case 'b':
			err = g.Bank()
		default:
			t.Fatalf("step %d: bad action %q", i, s.act)
		}
		if s.want == nil && err != nil || s.want != nil && !errors.Is(err, s.want) {
			t.Fatalf("step %d %q: error %v, want %v", i, s.act, err, s.want)
		}
		if err != nil {
			var ae *ActionError
			if !errors.As(err, &ae) {
				t.Fatalf("step %d %q: error %T is not an *ActionError", i, s.act, err)
			}
			if diff := cmp.Diff(before, snap(g)); diff != "" {
				t.Fatalf("step %d %q: failed action changed the game (-want +got):\n%s", i, s.act, diff)
			}
		}
		if err := checkInvariants(g); err != nil {
			t.Fatalf("step %d %q: %v", i, s.act, err)
		}
	}
}

func newGame(t *testing.T, r Rules, players int) *Game {
	t.Helper()
	g, err := New(r, make([]string, players), nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRules(t *testing.T) {
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
			name: "hot dice must roll", rules: Rules{HotDice: HotDiceMustRoll}, players: 1,
			steps: []step{
				{"r 123456", nil}, {"k 123456", nil},
				{"b", ErrMustRoll},
				{"r 152346", nil}, {"k 15", nil},
				{"b", nil},
			},
			scores: []int{2650},
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
			if diff := cmp.Diff(tc.scores, g.Scores()); diff != "" {
				t.Errorf("scores (-want +got):\n%s", diff)
			}
			if tc.farkles != nil {
				var got []int
				for _, p := range g.Players() {
					got = append(got, p.Farkles)
				}
				if diff := cmp.Diff(tc.farkles, got); diff != "" {
					t.Errorf("farkles in a row (-want +got):\n%s", diff)
				}
			}
			w, over := g.Winner()
			if over != tc.over || over && w != tc.winner {
				t.Errorf("Winner() = %d, %v, want %d, %v", w, over, tc.winner, tc.over)
			}
		})
	}
}

func TestPenaltyEvents(t *testing.T) {
	g := newGame(t, Rules{Penalty: 500, PenaltyAfter: 3}, 1)
	for range 3 {
		if err := g.RollDice(dice("234662")); err != nil {
			t.Fatal(err)
		}
	}
	evs := g.Events()
	want := []Event{
		{Kind: EventRolled, Dice: dice("234662")}, {Kind: EventFarkled, Farkles: 1},
		{Kind: EventRolled, Dice: dice("234662")}, {Kind: EventFarkled, Farkles: 2},
		{Kind: EventRolled, Dice: dice("234662")}, {Kind: EventFarkled, Farkles: 3},
		{Kind: EventPenalty, Points: 500, Total: -500},
	}
	if diff := cmp.Diff(want, evs); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

func TestZilchScoring(t *testing.T) {
	// Zilch scores six dice with nothing 500, so 2 3 4 6 6 2 is no farkle
	// there, while it is one under App.
	g := newGame(t, Zilch, 1)
	run(t, g, []step{{"r 234662", nil}, {"k 234662", nil}, {"b", nil}})
	if got := g.Scores()[0]; got != farkle.Zilch.Nothing {
		t.Errorf("score %d, want %d", got, farkle.Zilch.Nothing)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		r     Rules
		field string
	}{
		{Rules{Target: -1}, "Target"},
		{Rules{Target: MaxTarget + 1}, "Target"},
		{Rules{MinBank: -50}, "MinBank"},
		{Rules{MinFirstBank: -1}, "MinFirstBank"},
		{Rules{Penalty: 500}, "PenaltyAfter"},
		{Rules{PenaltyAfter: 3}, "PenaltyAfter"},
		{Rules{Penalty: 500, PenaltyAfter: -1}, "PenaltyAfter"},
		{Rules{Penalty: 500, PenaltyAfter: MaxPenaltyAfter + 1}, "PenaltyAfter"},
		{Rules{HotDice: 2}, "HotDice"},
	}
	for _, tc := range tests {
		_, err := New(tc.r, []string{"a"}, nil)
		var re *RulesError
		if !errors.As(err, &re) || re.Field != tc.field || !errors.Is(err, ErrInvalidRules) {
			t.Errorf("New(%+v) error %v, want a RulesError for %s", tc.r, err, tc.field)
		}
	}
	for _, r := range []Rules{{}, App, Zilch, Facebook} {
		if err := r.Validate(); err != nil {
			t.Errorf("%+v: %v", r, err)
		}
	}
}

func TestNewPlayers(t *testing.T) {
	for _, names := range [][]string{nil, make([]string, 9), {"ok", strings.Repeat("x", 65)}, {"\xff"}, {"a\nb"}} {
		if _, err := New(App, names, nil); !errors.Is(err, ErrPlayers) {
			t.Errorf("New(%q) error %v, want ErrPlayers", names, err)
		}
	}
	g, err := New(App, []string{"Ann", "", "Zoë"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range g.Players() {
		got = append(got, p.Name)
	}
	if diff := cmp.Diff([]string{"Ann", "Player 2", "Zoë"}, got); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	if err := g.Roll(); !errors.Is(err, ErrNoSource) {
		t.Errorf("Roll without a source: %v, want ErrNoSource", err)
	}
}

func TestZeroGame(t *testing.T) {
	var g Game
	for _, err := range []error{g.Roll(), g.RollDice(dice("123456")), g.Keep(dice("1")), g.Bank(), g.PlayTurn(ThresholdBot{}), g.Play()} {
		if !errors.Is(err, ErrNoGame) {
			t.Errorf("zero Game: %v, want ErrNoGame", err)
		}
	}
	if _, err := json.Marshal(&g); err == nil {
		t.Error("marshaling the zero Game succeeded")
	}
	var nilGame *Game
	if nilGame.Over() || nilGame.Scores() != nil || nilGame.Can(ActionRoll) == nil {
		t.Error("nil Game views are not empty")
	}
}

func TestCallerSlicesNotAliased(t *testing.T) {
	g := newGame(t, App, 1)
	roll := dice("155234")
	if err := g.RollDice(roll); err != nil {
		t.Fatal(err)
	}
	roll[0] = 6
	table := g.Dice()
	table[1] = 6
	keep := dice("155")
	if err := g.Keep(keep); err != nil {
		t.Fatal(err)
	}
	keep[0] = 2
	evs := g.Events()
	evs[0].Dice[0] = 3
	if diff := cmp.Diff([]Event{
		{Kind: EventRolled, Dice: dice("155234")},
		{Kind: EventKept, Dice: dice("155"), Points: 200, Total: 200},
	}, g.Events()); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// playSeeded plays a whole game of bots from a seed.
func playSeeded(t *testing.T, r Rules, seed uint64, bots ...Bot) *Game {
	t.Helper()
	g, err := New(r, make([]string, len(bots)), rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(bots...); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSeededGame(t *testing.T) {
	for _, r := range []Rules{App, Zilch, Facebook, {Target: 3000, MinFirstBank: 500, HotDice: HotDiceMustRoll}} {
		sc := r.Scorer
		bots := []Bot{ThresholdBot{Scorer: sc, BankAt: 300}, ThresholdBot{Scorer: sc, BankAt: 1000}, ThresholdBot{Scorer: sc, BankAt: 550}}
		g := playSeeded(t, r, 42, bots...)
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
		w, over := g.Winner()
		if !over || g.Scores()[w] < r.target() {
			t.Fatalf("winner %d (over %v) with %v, target %d", w, over, g.Scores(), r.target())
		}
		// The same seed replays the same game.
		h := playSeeded(t, r, 42, bots...)
		if diff := cmp.Diff(g.Events(), h.Events()); diff != "" {
			t.Fatalf("same seed, different games (-want +got):\n%s", diff)
		}
		// Another seed gives another game.
		if k := playSeeded(t, r, 43, bots...); cmp.Equal(g.Events(), k.Events()) {
			t.Fatal("seeds 42 and 43 gave the same game")
		}
		// The history replays the game.
		rg, err := Replay(r, make([]string, len(bots)), g.Events())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(snap(g).Players, snap(rg).Players); diff != "" {
			t.Fatalf("replay (-want +got):\n%s", diff)
		}
	}
}

// TestSaveResume saves a seeded game after every turn, resumes each save,
// and checks that every resumed game ends as the original.
func TestSaveResume(t *testing.T) {
	for _, src := range []func() rand.Source{
		func() rand.Source { return rand.NewPCG(7, 8) },
		func() rand.Source { return rand.NewChaCha8([32]byte{1, 2, 3}) },
	} {
		bots := []Bot{ThresholdBot{BankAt: 400}, ThresholdBot{BankAt: 800}}
		g, err := New(Rules{Target: 4000, FinalRound: true}, []string{"Ann", "Bob"}, src())
		if err != nil {
			t.Fatal(err)
		}
		var saves [][]byte
		for !g.Over() {
			b, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			saves = append(saves, b)
			if err := g.PlayTurn(bots[g.Current()]); err != nil {
				t.Fatal(err)
			}
		}
		want := g.Events()
		for i, b := range saves {
			var h Game
			if err := json.Unmarshal(b, &h); err != nil {
				t.Fatalf("save %d: %v", i, err)
			}
			if err := h.Play(bots...); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, h.Events()); diff != "" {
				t.Fatalf("save %d resumed differently (-want +got):\n%s", i, diff)
			}
		}
	}
}

func TestResumeWithoutSource(t *testing.T) {
	g, err := New(App, []string{"a", "b"}, rand.New(rand.NewPCG(1, 1))) // a *rand.Rand: not saved
	if err != nil {
		t.Fatal(err)
	}
	if err := g.RollDice(dice("155234")); err != nil {
		t.Fatal(err)
	}
	if err := g.Keep(dice("155")); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"source":null`) {
		t.Errorf("JSON has a source: %s", b)
	}
	var h Game
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	if h.HasSource() || h.TurnTotal() != 200 || h.DiceLeft() != 3 {
		t.Fatalf("loaded: source %v, turn total %d, dice left %d", h.HasSource(), h.TurnTotal(), h.DiceLeft())
	}
	if err := h.Roll(); !errors.Is(err, ErrNoSource) {
		t.Errorf("Roll after loading without source: %v, want ErrNoSource", err)
	}
	h.SetSource(rand.NewPCG(2, 2))
	if err := h.Roll(); err != nil {
		t.Errorf("Roll after SetSource: %v", err)
	}
}

func TestBadJSON(t *testing.T) {
	g := newGame(t, Zilch, 2)
	run(t, g, []step{{"r 155234", nil}, {"k 155", nil}})
	good, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	s := string(good)
	bad := []struct {
		json string
		want error // nil: any error
	}{
		{``, nil},
		{`{`, nil},
		{`[]`, nil},
		{`null`, nil},
		{s + `{}`, nil},
		{strings.Replace(s, `"version":1`, `"version":2`, 1), nil},
		{strings.Replace(s, `"target":10000`, `"target":-5`, 1), ErrInvalidRules},
		{strings.Replace(s, `"penaltyAfter":3`, `"penaltyAfter":0`, 1), ErrInvalidRules},
		{strings.Replace(s, `"SingleOne":100`, `"SingleOne":-100`, 1), nil},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":[]`, 1), ErrPlayers},
		{strings.Replace(s, `"players":["Player 1","Player 2"]`, `"players":["","b"]`, 1), ErrPlayers},
		{strings.Replace(s, `"dice":[1,5,5]`, `"dice":[1,5]`, 1), ErrBadHistory},
		{strings.Replace(s, `"dice":[1,5,5]`, `"dice":[2]`, 1), farkle.ErrNonScoring},
		{strings.Replace(s, `"dice":[1,5,5,2,3,4]`, `"dice":[1,5,5,2,3]`, 1), ErrDiceCount},
		{strings.Replace(s, `"dice":[1,5,5,2,3,4]`, `"dice":[1,5,5,2,3,9]`, 1), farkle.ErrInvalidDie},
		{strings.Replace(s, `"dice":[1,5,5,2,3,4]`, `"dice":[1,5,5,2,3,400]`, 1), nil},
		{strings.Replace(s, `"points":200,"total":200`, `"points":250,"total":250`, 1), ErrBadHistory},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"banked"`, 1), ErrBadHistory},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"won"`, 1), ErrBadHistory},
		{strings.Replace(s, `"kind":"kept"`, `"kind":"nope"`, 1), nil},
		{strings.Replace(s, `"player":0,"dice":[1,5,5]`, `"player":1,"dice":[1,5,5]`, 1), ErrBadHistory},
		{strings.Replace(s, `"events":[`, `"events":[{"kind":"hot-dice","player":0,"total":0},`, 1), ErrBadHistory},
		{strings.Replace(s, `"source":null`, `"source":{"type":"pcg","state":"AAAA"}`, 1), nil},
		{strings.Replace(s, `"source":null`, `"source":{"type":"mt","state":""}`, 1), nil},
		{strings.Replace(s, `"version":1`, `"version":1,"extra":true`, 1), nil},
	}
	for i, tc := range bad {
		if tc.json == s {
			t.Fatalf("case %d: the replacement did not apply", i)
		}
		h, err := New(App, []string{"x"}, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		before := snap(h)
		err = json.Unmarshal([]byte(tc.json), h)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("case %d: error %v, want %v\n%s", i, err, tc.want, tc.json)
		}
		if diff := cmp.Diff(before, snap(h)); diff != "" {
			t.Errorf("case %d: failed unmarshal changed the game (-want +got):\n%s", i, diff)
		}
	}
	// And the good JSON loads.
	var h Game
	if err := json.Unmarshal(good, &h); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(snap(g), snap(&h)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
}

func TestHistoryErrorMissingEvent(t *testing.T) {
	g := newGame(t, App, 1)
	run(t, g, []step{{"r 234662", nil}})
	evs := g.Events()
	_, err := Replay(App, []string{""}, evs[:1]) // the farkle event is missing
	var he *HistoryError
	if !errors.As(err, &he) || he.Index != 1 || !errors.Is(err, ErrBadHistory) {
		t.Fatalf("error %v, want a HistoryError at 1", err)
	}
}

func TestPlayTurnBotRules(t *testing.T) {
	// A bot that always asks to bank still rolls under a minimum.
	greedy := BotFunc(func(roll []farkle.Die, _ int) ([]farkle.Die, bool) {
		p, _ := farkle.BestKeep(roll)
		return p.Dice(), true
	})
	g, err := New(Rules{MinBank: 1000, HotDice: HotDiceMustRoll}, []string{"a", "b"}, rand.NewPCG(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		if err := g.PlayTurn(greedy); err != nil {
			t.Fatal(err)
		}
		if err := checkInvariants(g); err != nil {
			t.Fatal(err)
		}
	}
	// A bot with an illegal keep gets the error and the roll stays.
	bad := BotFunc(func([]farkle.Die, int) ([]farkle.Die, bool) { return dice("7"), false })
	err = g.PlayTurn(bad)
	if !errors.Is(err, farkle.ErrInvalidDie) || g.Dice() == nil {
		t.Fatalf("PlayTurn(bad) = %v, dice %v", err, g.Dice())
	}
	if err := g.PlayTurn(greedy); err != nil {
		t.Fatal(err)
	}
	// A bot that never banks, with dice that always score, is stopped.
	g, err = New(App, []string{"a"}, constSource(0)) // always 1s
	if err != nil {
		t.Fatal(err)
	}
	never := BotFunc(func(roll []farkle.Die, _ int) ([]farkle.Die, bool) { return roll, false })
	if err := g.PlayTurn(never); !errors.Is(err, ErrTooLong) {
		t.Fatalf("PlayTurn(never) = %v, want ErrTooLong", err)
	}
	if err := g.Play(never, never); !errors.Is(err, ErrPlayers) {
		t.Fatalf("Play with 2 bots for 1 player = %v, want ErrPlayers", err)
	}
}

type constSource uint64

func (c constSource) Uint64() uint64 { return uint64(c) }

func TestRollDieUniform(t *testing.T) {
	src := rand.NewPCG(5, 6)
	var n [7]int
	const draws = 60000
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
	if d := rollDie(constSource(^uint64(0))); !d.Valid() {
		t.Errorf("broken source gave die %d", d)
	}
}

func TestEventKindText(t *testing.T) {
	for k := EventRolled; k <= EventWon; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var k2 EventKind
		if err := k2.UnmarshalText(b); err != nil || k2 != k {
			t.Errorf("%v: round trip gave %v, %v", k, k2, err)
		}
	}
	if _, err := EventKind(0).MarshalText(); err == nil {
		t.Error("EventKind(0) marshaled")
	}
}

func TestErrorMessages(t *testing.T) {
	g := newGame(t, Rules{MinBank: 300}, 1)
	run(t, g, []step{{"r 123466", nil}, {"k 1", nil}})
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
}
