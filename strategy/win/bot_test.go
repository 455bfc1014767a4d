package win

import (
	"errors"
	"github.com/google/go-cmp/cmp"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

var _ game.RulesChecker = Bot{}

// game.Play asks a Bot before the first move: a zero Bot, and a Bot whose
// table was solved for other rules, are refused with a *game.BotError
// that wraps the Bot's error, and the game has not moved.
func TestPlayRefusesBot(t *testing.T) {
	tb := solvedWin(t, winCore, 0) // Core scoring, target 2,000
	other := winCore
	other.Target = 3000
	for _, c := range []struct {
		name  string
		rules game.Rules
		bot   Bot
		want  error
	}{
		{"zero bot", winCore, Bot{}, ErrNoTable},
		{"other target", other, Bot{Table: tb}, ErrOtherRules},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := game.New(c.rules, []string{"Ann", "Bob"}, rand.NewPCG(1, 2))
			if err != nil {
				t.Fatal(err)
			}
			err = g.Play(game.ThresholdBot{BankAt: 300}, c.bot)
			var be *game.BotError
			if !errors.As(err, &be) || be.Player != 1 || !errors.Is(err, c.want) || !errors.Is(err, game.ErrPlayers) {
				t.Fatalf("Play: %v, want a *game.BotError for player 1 wrapping %v", err, c.want)
			}
			if n := g.NumEvents(); n != 0 {
				t.Errorf("%d events after the refusal, want 0", n)
			}
		})
	}
	g, err := game.New(winCore, []string{"Ann", "Bob"}, rand.NewPCG(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(Bot{Table: tb}, game.ThresholdBot{BankAt: 300}); err != nil || !g.View().Over() {
		t.Fatalf("Play with the table's rules: %v (over: %v)", err, g.View().Over())
	}
}

func TestBotCheckRules(t *testing.T) {
	tb := solvedWin(t, winCore, 0) // Core scoring, target 2,000
	if err := (Bot{Table: tb}).CheckRules(winCore); err != nil {
		t.Errorf("CheckRules(the table's rules): %v", err)
	}
	// A zero Scoring and Target are read as package game reads them.
	app := solvedWin(t, game.Rules{Target: 500}, 0)
	if err := (Bot{Table: app}).CheckRules(game.Rules{Target: 500, Scoring: farkle.AppScoring.Rules()}); err != nil {
		t.Errorf("CheckRules(App scoring spelled out): %v", err)
	}
	def := winCore
	def.Target = 0
	five := winCore
	five.Scoring.SingleFive = 25
	for _, c := range []struct {
		name string
		b    Bot
		r    game.Rules
		want error
		msg  string
	}{
		{"zero bot", Bot{}, winCore, ErrNoTable, "win: no table: a Bot needs a Table solved for the game's rules"},
		{"zero table", Bot{Table: new(Table)}, winCore, ErrNoTable, ""},
		{"target", Bot{Table: tb}, game.Rules{Target: 10000, Scoring: farkle.CoreScoring.Rules()}, ErrOtherRules,
			"win: table solved for other rules: Target 2000, the game's 10000"},
		{"default target", Bot{Table: tb}, def, ErrOtherRules, "win: table solved for other rules: Target 2000, the game's 10000"},
		{"final round", Bot{Table: tb}, func() game.Rules { r := winCore; r.FinalRound = true; return r }(), ErrOtherRules,
			"win: table solved for other rules: FinalRound false, the game's true"},
		{"minimum bank", Bot{Table: tb}, func() game.Rules { r := winCore; r.MinBank = 300; return r }(), ErrOtherRules,
			"win: table solved for other rules: MinBank 0, the game's 300"},
		{"minimum first bank", Bot{Table: tb}, func() game.Rules { r := winCore; r.MinFirstBank = 500; return r }(), ErrOtherRules,
			"win: table solved for other rules: MinFirstBank 0, the game's 500"},
		{"penalty", Bot{Table: tb}, func() game.Rules { r := winCore; r.Penalty, r.PenaltyAfter = 500, 3; return r }(), ErrOtherRules,
			"win: table solved for other rules: Penalty 0, the game's 500"},
		{"must roll", Bot{Table: tb}, func() game.Rules { r := winCore; r.MustRollHotDice = true; return r }(), ErrOtherRules,
			"win: table solved for other rules: MustRollHotDice false, the game's true"},
		{"scoring", Bot{Table: tb}, five, ErrOtherRules, "win: table solved for other rules: Scoring.SingleFive 50, the game's 25"},
		{"app scoring", Bot{Table: tb}, game.Rules{Target: 2000}, ErrOtherRules, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.b.CheckRules(c.r)
			if !errors.Is(err, c.want) {
				t.Fatalf("CheckRules: %v, want an error wrapping %v", err, c.want)
			}
			if c.msg != "" && err.Error() != c.msg {
				t.Errorf("CheckRules: %q, want %q", err, c.msg)
			}
		})
	}
	// The penalty table's floor is not a rule: the same rules check.
	pt := solvedWin(t, winPenalty, winPenaltyFloor)
	if err := (Bot{Table: pt}).CheckRules(winPenalty); err != nil {
		t.Errorf("CheckRules of the penalty table: %v", err)
	}
}

// TestBotZeroDecides plays whole games with a zero Bot and with a Bot
// whose table was solved for other scoring, which game.Play refuses, but
// whose Decide a caller may still call: it never panics, and every move is
// legal, so the games end.
func TestBotZeroDecides(t *testing.T) {
	tb := solvedWin(t, winCore, 0)
	for _, c := range []struct {
		name string
		bot  Bot
		r    game.Rules
	}{
		{"zero", Bot{}, game.Rules{Target: 2000}},
		{"zero table", Bot{Table: new(Table)}, game.Rules{Target: 2000, MinBank: 300, MustRollHotDice: true}},
		{"other scoring", Bot{Table: tb}, func() game.Rules { r := winCore; r.Scoring.SingleFive = 25; return r }()},
	} {
		t.Run(c.name, func(t *testing.T) {
			for seed := range 5 {
				g, err := game.New(c.r, []string{"bot", "banker"}, rand.NewPCG(uint64(seed), 3))
				if err != nil {
					t.Fatal(err)
				}
				// Through a BotFunc, which Play does not ask for its
				// rules (it would refuse these bots): Decide itself must
				// play legal moves.
				if err := g.Play(game.BotFunc(c.bot.Decide), game.ThresholdBot{BankAt: 300}); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if _, over := g.View().Winner(); !over {
					t.Fatalf("seed %d: the game is not over", seed)
				}
			}
		})
	}
	// One decision of the zero Bot: the best keep, and a bank.
	g, err := game.New(game.Rules{}, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6}); err != nil {
		t.Fatal(err)
	}
	keep, bank := Bot{}.Decide(g.View())
	if keep.String() != "1 2 3 4 5 6" || !bank {
		t.Errorf("zero Bot on a straight: keep %v, bank %v; want the straight and a bank", keep, bank)
	}
	if keep, bank := (Bot{}).Decide(game.View{}); keep.Len() != 0 || bank {
		t.Errorf("zero Bot on the zero View: keep %v, bank %v; want nothing", keep, bank)
	}
	if !strings.Contains(Bot{}.CheckRules(game.Rules{}).Error(), "no table") {
		t.Errorf("CheckRules of the zero Bot does not say why")
	}
}

func TestStateOf(t *testing.T) {
	g, err := game.New(winPenalty, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	step := func(roll []farkle.Die, keep []farkle.Die, bank bool) {
		t.Helper()
		if err := g.RollDice(roll); err != nil {
			t.Fatal(err)
		}
		if keep == nil {
			return
		}
		if err := g.Keep(keep); err != nil {
			t.Fatal(err)
		}
		if bank {
			if err := g.Bank(); err != nil {
				t.Fatal(err)
			}
		}
	}
	step([]farkle.Die{3, 3, 3, 2, 4, 6}, []farkle.Die{3, 3, 3}, true) // a banks 300
	step([]farkle.Die{2, 3, 4, 6, 6, 2}, nil, false)                  // b farkles
	step([]farkle.Die{5, 2, 3, 4, 6, 6}, []farkle.Die{5}, false)      // a keeps 50
	step([]farkle.Die{1, 2, 3, 4, 6}, nil, false)                     // a's roll on the table
	got := StateOf(g.View())
	want := State{Scores: []int{300, 0}, Farkles: []int{0, 1}, OnBoard: []bool{true, false}, TurnTotal: 50, DiceLeft: 5}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StateOf (-want +got):\n%s", diff)
	}
	// The table of the game's rules answers it, with the roll.
	tb := solvedWin(t, winPenalty, winPenaltyFloor)
	adv, err := tb.Advise(got, g.View().Roll())
	if err != nil || adv.Keep.Points() != 100 || len(adv.Chances) != 2 || adv.Chances[0] != adv.Chance {
		t.Errorf("Advise(StateOf) = %+v, %v; want the 1 kept", adv, err)
	}
	// A table of two has no answer for a State of one or three players.
	for _, n := range []int{1, 3} {
		g, err := game.New(winCore, make([]string, n), nil)
		if err != nil {
			t.Fatal(err)
		}
		s := StateOf(g.View())
		if len(s.Scores) != n {
			t.Errorf("StateOf a game of %d players: %d scores", n, len(s.Scores))
		}
		if _, err := solvedWin(t, winCore, 0).Chance(s); !errors.Is(err, ErrPlayers) {
			t.Errorf("Chance of a State of %d players: %v, want ErrPlayers", n, err)
		}
	}
	if s := StateOf(game.View{}); len(s.Scores) != 0 {
		t.Errorf("StateOf the zero View: %+v, want no scores", s)
	}
}

// TestStateOfNoPenalty: without a penalty the farkles in a row, which
// package game counts anyway, are left at 0, where a Table without a
// penalty answers.
func TestStateOfNoPenalty(t *testing.T) {
	g, err := game.New(winCore, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, roll := range [][]farkle.Die{{2, 3, 4, 6, 6, 2}, {2, 3, 4, 6, 6, 2}, {2, 3, 4, 6, 6, 2}} {
		if err := g.RollDice(roll); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.RollDice([]farkle.Die{1, 2, 3, 4, 6, 6}); err != nil {
		t.Fatal(err)
	}
	v := g.View()
	if v.Player(1).Farkles != 1 || v.Player(0).Farkles != 2 {
		t.Fatalf("farkles in a row %d and %d, want 2 and 1", v.Player(0).Farkles, v.Player(1).Farkles)
	}
	s := StateOf(v)
	if _, err := solvedWin(t, winCore, 0).Chance(s); err != nil {
		t.Errorf("ChanceAt(StateOf): %v", err)
	}
}
