package strategy

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/google/go-cmp/cmp"
)

var (
	_ game.Bot         = Bot{}
	_ game.Piggybacker = Bot{}
	_ game.Piggybacker = AverageBot{}
)

// TestBotMethodSet: a Bot has three methods, CheckRules, Decide and
// Piggyback, on the value and the pointer.
func TestBotMethodSet(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[Bot](), reflect.TypeFor[*Bot]()} {
		var names []string
		for i := range typ.NumMethod() {
			names = append(names, typ.Method(i).Name)
		}
		if diff := cmp.Diff([]string{"CheckRules", "Decide", "Piggyback"}, names); diff != "" {
			t.Errorf("method set of %v (-want +got):\n%s", typ, diff)
		}
	}
}

// newGame starts a one-player game under r, with dice given by RollDice
// only.
func newGame(t testing.TB, r game.Rules) *game.Game {
	t.Helper()
	g, err := game.New(r, []string{"bot"}, nil)
	if err != nil {
		t.Fatalf("game.New: %v", err)
	}
	return g
}

// play rolls and keeps the given dice in g, in turn.
func play(t testing.TB, g *game.Game, steps ...[2][]farkle.Die) {
	t.Helper()
	for _, s := range steps {
		if err := g.RollDice(s[0]); err != nil {
			t.Fatalf("RollDice(%v): %v", s[0], err)
		}
		if s[1] != nil {
			if err := g.Keep(s[1]); err != nil {
				t.Fatalf("Keep(%v) from %v: %v", s[1], s[0], err)
			}
		}
	}
}

type step = [2][]farkle.Die

func TestBotDecide(t *testing.T) {
	fbRules := game.Facebook.Rules()
	fbGame := func(t *testing.T) *game.Game { return newGame(t, fbRules) }
	fb := Bot{Table: mustSolve(t, newScorer(t, farkle.FacebookScoring), turnRules{MinBank: fbRules.MinBank, MustRollHotDice: fbRules.MustRollHotDice})}
	app := func(t *testing.T) *game.Game { return newGame(t, game.App.Rules()) }
	// Scoring in steps of 25, which the App table cannot reach.
	odd := func(t *testing.T) *game.Game {
		r := game.App.Rules()
		r.Scoring.SingleFive = 25
		return newGame(t, r)
	}
	cases := []struct {
		name  string
		bot   Bot
		game  func(t *testing.T) *game.Game
		steps []step
		keep  []farkle.Die
		bank  bool
	}{
		// With 250 in the turn and 3, 5, 1 rolled, keeping 1 and 5 and
		// banking 400 beats rolling one die.
		{"bank", Bot{}, app, []step{{{1, 1, 5, 2, 3, 4}, {1, 1, 5}}, {{3, 5, 1}, nil}}, []farkle.Die{1, 5}, true},
		{"nil table", Bot{Table: nil}, app, []step{{{1, 1, 5, 2, 3, 4}, {1, 1, 5}}, {{3, 5, 1}, nil}}, []farkle.Die{1, 5}, true},
		// A straight: keep all six and roll six again.
		{"straight", Bot{}, app, []step{{{1, 5, 2, 3, 4, 6}, nil}}, []farkle.Die{1, 2, 3, 4, 5, 6}, false},
		// Under Facebook four 1s are worth 2000 (each die beyond three
		// adds the triple's 1000): keep all four and bank.
		{"facebook", fb, fbGame, []step{{{1, 1, 1, 1, 2, 3}, nil}}, []farkle.Die{1, 1, 1, 1}, true},
		// No roll waits for a keep.
		{"no roll", Bot{}, app, nil, nil, false},
		{"no roll after a keep", Bot{}, app, []step{{{1, 2, 3, 4, 6, 6}, {1}}}, nil, false},
		// A turn total of 25, which the App table cannot reach.
		{"unreachable", Bot{}, odd, []step{{{5, 2, 3, 4, 6, 6}, {5}}, {{1, 2, 3, 4, 6}, nil}}, nil, false},
	}
	for _, c := range cases {
		g := c.game(t)
		play(t, g, c.steps...)
		keep, bank := c.bot.Decide(g.View())
		want := hand(t, c.keep...)
		if keep != want || bank != c.bank {
			t.Errorf("%s: Decide = %v, %v; want %v, %v", c.name, keep, bank, want, c.bank)
		}
	}
	var zero game.View
	if keep, bank := (Bot{}).Decide(zero); keep != (farkle.Hand{}) || bank {
		t.Errorf("Decide(zero View) = %v, %v; want nothing", keep, bank)
	}
}

// adviceChecker is a game.Bot that plays by its Bot and checks every
// decision against Table.Advise on the same position.
type adviceChecker struct {
	t       *testing.T
	bot     Bot
	checked int
}

func (c *adviceChecker) Decide(v game.View) (farkle.Hand, bool) {
	keep, bank := c.bot.Decide(v)
	roll := v.Roll()
	adv, err := c.bot.Table.Advise(State{TurnTotal: v.TurnTotal()}, roll)
	if err != nil {
		c.t.Fatalf("Advise(%v, %d): %v", roll, v.TurnTotal(), err)
	}
	if adv.Farkle || keep != handOf(adv.Keep.Dice()) || bank != adv.Bank {
		c.t.Errorf("roll %v at %d: Decide %v, %v; Advise %v, %v", roll, v.TurnTotal(), keep, bank, adv.Keep.Dice(), adv.Bank)
	}
	if v.DiceLeft() != len(roll) {
		c.t.Errorf("roll %v: DiceLeft %d", roll, v.DiceLeft())
	}
	c.checked++
	return keep, bank
}

// TestBotPlaysGames: Bots whose tables follow the game's rules play whole
// games under each of game's presets, against a ThresholdBot, through
// Game.Play: the games end with no error, and every decision is the
// advice of Table.Advise for the position.
func TestBotPlaysGames(t *testing.T) {
	games := 10
	if raceEnabled {
		games = 4
	}
	for _, p := range []game.Preset{game.App, game.Zilch, game.Facebook} {
		r := p.Rules()
		for seed := range uint64(games) {
			g, err := game.New(r, []string{"solver 1", "threshold", "solver 2"}, rand.NewPCG(seed, 7))
			if err != nil {
				t.Fatal(err)
			}
			tb := mustSolve(t, g.View().Scorer(), turnRules{MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice})
			s1 := &adviceChecker{t: t, bot: Bot{Table: tb}}
			s2 := &adviceChecker{t: t, bot: Bot{Table: tb}}
			if err := g.Play(s1, game.ThresholdBot{BankAt: 400}, s2); err != nil {
				t.Fatalf("%v seed %d: %v", p, seed, err)
			}
			if _, over := g.View().Winner(); !over {
				t.Fatalf("%v seed %d: Play returned before the end", p, seed)
			}
			if s1.checked == 0 || s2.checked == 0 {
				t.Errorf("%v seed %d: the strategy bots decided %d and %d times", p, seed, s1.checked, s2.checked)
			}
		}
	}
}

// TestBotDecideAllocs: a decision allocates nothing.
func TestBotDecideAllocs(t *testing.T) {
	bot := Bot{Table: mustSolve(t, nil, turnRules{})}
	for _, s := range [][]step{
		{{{1, 5, 5, 2, 3, 1}, nil}},
		{{{1, 5, 2, 3, 4, 6}, nil}},
		{{{1, 1, 5, 2, 3, 4}, {1, 1, 5}}, {{3, 5, 1}, nil}},
		nil,
	} {
		g := newGame(t, game.App.Rules())
		play(t, g, s...)
		v := g.View()
		if n := testing.AllocsPerRun(100, func() { bot.Decide(v) }); n != 0 {
			t.Errorf("Decide on %v allocates %v times, want 0", v.Roll(), n)
		}
	}
}

func BenchmarkBotDecide(b *testing.B) {
	bot := Bot{Table: mustSolve(b, nil, turnRules{})}
	for _, c := range []struct {
		name  string
		steps []step
	}{
		{"six", []step{{{1, 5, 5, 2, 3, 1}, nil}}},
		{"three", []step{{{1, 1, 5, 2, 3, 4}, {1, 1, 5}}, {{3, 5, 1}, nil}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := newGame(b, game.App.Rules())
			play(b, g, c.steps...)
			v := g.View()
			b.ReportAllocs()
			for b.Loop() {
				bot.Decide(v)
			}
		})
	}
}

// The bots are RulesCheckers: package game asks them before their first
// move.
var (
	_ game.RulesChecker = Bot{}
	_ game.RulesChecker = AverageBot{}
)

// game.Play refuses a Bot whose table was solved for other scoring (the
// zero Bot plays the App table) before the first move.
func TestPlayRefusesBot(t *testing.T) {
	r := game.App.Rules()
	r.Scoring.SingleFive = 25
	g, err := game.New(r, []string{"Ann", "Bob"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = g.Play(Bot{}, game.ThresholdBot{})
	var be *game.BotError
	if !errors.As(err, &be) || be.Player != 0 || !errors.Is(err, ErrOtherRules) {
		t.Fatalf("Play: %v, want a *game.BotError for player 0 wrapping ErrOtherRules", err)
	}
	if g.NumEvents() != 0 {
		t.Errorf("%d events after the refusal, want 0", g.NumEvents())
	}
}

func TestBotCheckRules(t *testing.T) {
	fb := game.Facebook.Rules()
	fbTable := mustSolve(t, newScorer(t, farkle.FacebookScoring), turnRulesOf(fb))
	noMin := fb
	noMin.MinBank = 0
	five := game.App.Rules()
	five.Scoring.SingleFive = 25
	for _, c := range []struct {
		name string
		b    Bot
		r    game.Rules
		msg  string // "" for no error
	}{
		{"zero bot, App rules", Bot{}, game.App.Rules(), ""},
		{"zero bot, zero rules", Bot{}, game.Rules{}, ""},
		{"zero bot, App scoring with a final round, a target and a penalty", Bot{},
			game.Rules{Target: 2000, FinalRound: true, MinFirstBank: 500, Penalty: 500, PenaltyAfter: 3}, ""},
		{"zero bot, a single 5 worth 25", Bot{}, five, "strategy: table solved for other rules: Scoring.SingleFive 50, the game's 25"},
		{"zero bot, a minimum bank", Bot{}, game.Rules{MinBank: 300}, "strategy: table solved for other rules: MinBank 0, the game's 300"},
		{"zero bot, must roll", Bot{}, game.Rules{MustRollHotDice: true}, "strategy: table solved for other rules: MustRollHotDice false, the game's true"},
		{"Facebook table", Bot{Table: fbTable}, fb, ""},
		{"Facebook table, no minimum", Bot{Table: fbTable}, noMin, "strategy: table solved for other rules: MinBank 300, the game's 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.b.CheckRules(c.r)
			if c.msg == "" {
				if err != nil {
					t.Errorf("CheckRules: %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, ErrOtherRules) || err.Error() != c.msg {
				t.Errorf("CheckRules: %v, want %q, wrapping ErrOtherRules", err, c.msg)
			}
		})
	}
	// Another preset's scoring: the message names a field of Scoring.
	// (Fields differ in the order of game.Rules: MinBank first.)
	err := (Bot{}).CheckRules(noMin)
	if !errors.Is(err, ErrOtherRules) || !strings.HasPrefix(err.Error(), "strategy: table solved for other rules: Scoring.") {
		t.Errorf("zero Bot under Facebook rules: %v, want a field of Scoring named", err)
	}
}

func TestAverageBotCheckRules(t *testing.T) {
	zilch := game.Zilch.Rules()
	at := mustSolveAverage(t, newScorer(t, farkle.ZilchScoring), avgRulesOf(zilch))
	if err := (AverageBot{Table: at}).CheckRules(zilch); err != nil {
		t.Errorf("CheckRules(Zilch) of the Zilch table: %v", err)
	}
	if err := (AverageBot{}).CheckRules(game.Rules{Target: 5000, FinalRound: true}); err != nil {
		t.Errorf("CheckRules of the zero AverageBot under App scoring: %v", err)
	}
	noPenalty := zilch
	noPenalty.Penalty, noPenalty.PenaltyAfter = 0, 0
	for _, c := range []struct {
		b   AverageBot
		r   game.Rules
		msg string
	}{
		{AverageBot{Table: at}, noPenalty, "strategy: table solved for other rules: Penalty 500, the game's 0"},
		{AverageBot{}, game.Rules{Penalty: 500, PenaltyAfter: 3}, "strategy: table solved for other rules: Penalty 0, the game's 500"},
		{AverageBot{}, game.Rules{MinBank: 300}, "strategy: table solved for other rules: MinBank 0, the game's 300"},
	} {
		err := c.b.CheckRules(c.r)
		if !errors.Is(err, ErrOtherRules) || err.Error() != c.msg {
			t.Errorf("CheckRules(%+v): %v, want %q", c.r, err, c.msg)
		}
	}
	if err := (AverageBot{}).CheckRules(zilch); !errors.Is(err, ErrOtherRules) {
		t.Errorf("CheckRules(Zilch) of the zero AverageBot: %v, want ErrOtherRules", err)
	}
}

func TestOptionsOf(t *testing.T) {
	r := game.Rules{Target: 5000, FinalRound: true, MinBank: 350, MinFirstBank: 500, Penalty: 1000, PenaltyAfter: 3, MustRollHotDice: true}
	if got, want := turnRulesOf(r), (turnRules{MinBank: 350, MustRollHotDice: true}); got != want {
		t.Errorf("OptionsOf = %+v, want %+v", got, want)
	}
	if got, want := avgRulesOf(r), (avgRules{MinBank: 350, MustRollHotDice: true, Penalty: 1000, PenaltyAfter: 3}); got != want {
		t.Errorf("AverageOptionsOf = %+v, want %+v", got, want)
	}
	if turnRulesOf(game.Rules{}) != (turnRules{}) || avgRulesOf(game.Rules{}) != (avgRules{}) {
		t.Errorf("the options of the zero Rules are not the zero options")
	}
	// A table solved with them passes the bots' check.
	zilch := game.Zilch.Rules()
	tb := mustSolve(t, newScorer(t, farkle.ZilchScoring), turnRulesOf(zilch))
	if err := (Bot{Table: tb}).CheckRules(zilch); err != nil {
		t.Errorf("Bot solved with turnRulesOf(Zilch): %v", err)
	}
}
