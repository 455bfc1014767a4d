package strategy

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// TestOpening: Opening is the table itself for a minimum at most MinBank,
// else the table of MinBank minFirstBank, the same on every call, for up
// to four minimums.
func TestOpening(t *testing.T) {
	tb := mustSolve(t, newScorer(t, farkle.AppScoring), turnRules{MinBank: 300})
	for _, m := range []int{0, 250, 300} {
		if o, err := tb.Opening(m); err != nil || o != tb {
			t.Errorf("Opening(%d) = %p, %v; want the table itself, %p", m, o, err, tb)
		}
	}
	o, err := tb.Opening(500)
	if err != nil {
		t.Fatal(err)
	}
	if o.opts != (turnRules{MinBank: 500}) || o.Rules().Scoring != tb.Rules().Scoring || o.Rules().MinBank != 500 {
		t.Errorf("Opening(500): turnRules %+v, rules %v; want MinBank 500 and the table's rules", o.opts, o.Rules())
	}
	want := mustSolve(t, newScorer(t, farkle.AppScoring), turnRules{MinBank: 500})
	for n := 1; n <= farkle.MaxDice; n++ {
		for total := 0; total <= 2000; total += 50 {
			v1, _ := o.Value(total, n)
			v2, _ := want.Value(total, n)
			if v1 != v2 {
				t.Fatalf("Opening(500).Value(%d, %d) = %v, Solve's %v", total, n, v1, v2)
			}
		}
	}
	if again, _ := tb.Opening(500); again != o {
		t.Errorf("Opening(500) twice: two tables")
	}
	for _, m := range []int{600, 700, 800} {
		if _, err := tb.Opening(m); err != nil {
			t.Fatal(err)
		}
	}
	if again, _ := tb.Opening(500); again != o {
		t.Errorf("Opening(500) after three more minimums: a new table, want the kept one")
	}
	if _, err := tb.Opening(900); err != nil { // a fifth drops the oldest, 500
		t.Fatal(err)
	}
	if again, _ := tb.Opening(500); again == o {
		t.Errorf("Opening(500) after four more minimums: the same table, want the oldest dropped")
	}
	if _, err := tb.Opening(math.MaxInt); err == nil {
		t.Errorf("Opening(math.MaxInt): no error")
	}
	// The nil Table and the AverageTable.
	if o, err := (*Table)(nil).Opening(500); err != nil || o.opts.MinBank != 500 {
		t.Errorf("nil Table: Opening(500) = %+v, %v", o.opts, err)
	}
	at, err := solveAverageWith(newScorer(t, farkle.FacebookScoring), avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 3})
	if err != nil {
		t.Fatal(err)
	}
	ao, err := at.Opening(500)
	if err != nil || ao.opts != (avgRules{MinBank: 500, Penalty: 500, PenaltyAfter: 3}) {
		t.Fatalf("AverageTable.Opening(500) = %+v, %v", ao.opts, err)
	}
	if again, _ := at.Opening(500); again != ao {
		t.Errorf("AverageTable.Opening(500) twice: two tables")
	}
	if o, _ := at.Opening(300); o != at {
		t.Errorf("AverageTable.Opening(300): not the table itself")
	}
}

// TestBotOffBoard: off the board under MinFirstBank 500, a Bot that would
// bank 350 rolls on, and plays by the opening table; on the board it
// banks.
func TestBotOffBoard(t *testing.T) {
	r := game.Rules{Target: 10_000, MinFirstBank: 500}
	steps := []step{
		{{1, 2, 3, 4, 6, 6}, {1}},
		{{1, 2, 3, 6, 6}, {1}},
		{{5, 2, 3, 6}, {5}},
		{{1, 2, 3}, nil},
	}
	g := newGame(t, r)
	play(t, g, steps...)
	v := g.View()
	if v.TurnTotal() != 250 || v.Player(0).OnBoard {
		t.Fatalf("turn total %d, on board %v; want 250 off the board", v.TurnTotal(), v.Player(0).OnBoard)
	}
	plain := mustSolve(t, nil, turnRules{})
	if bank, _ := plain.ShouldBank(350, 2); !bank {
		t.Fatalf("the App table does not bank 350 with 2 dice: pick another position")
	}
	open, err := plain.Opening(500)
	if err != nil {
		t.Fatal(err)
	}
	for _, bot := range []game.Bot{Bot{Table: plain}, Bot{}, AverageBot{}} {
		keep, bank := bot.Decide(v)
		if bank || keep.String() != "1" {
			t.Errorf("%T off the board at 250 + 100: keep %v, bank %v; want 1 and roll on", bot, keep, bank)
		}
	}
	adv, _ := open.Advise(State{TurnTotal: 250}, []farkle.Die{1, 2, 3})
	if keep, _ := (Bot{Table: plain}).Decide(v); keep != handOf(adv.Keep.Dice()) {
		t.Errorf("off the board the Bot keeps %v, the opening table %v", keep, adv.Keep.Dice())
	}
	// On the board the same position banks: the player banks once first.
	g = newGame(t, r)
	play(t, g, step{{1, 1, 1, 2, 3, 4}, {1, 1, 1}})
	if err := g.Bank(); err != nil {
		t.Fatal(err)
	}
	play(t, g, steps...)
	for _, bot := range []game.Bot{Bot{Table: plain}, AverageBot{}} {
		if _, bank := bot.Decide(g.View()); !bank {
			t.Errorf("%T on the board at 250 + 100: does not bank", bot)
		}
	}
}

// TestBotsOpeningGames plays games under an opening minimum, with and
// without a penalty, and checks that no bot of the package asks to bank
// below the minimum of the player.
func TestBotsOpeningGames(t *testing.T) {
	games := 30
	if testing.Short() || raceEnabled {
		games = 5
	}
	for _, r := range []game.Rules{
		{Target: 3000, MinFirstBank: 500},
		{Target: 3000, MinBank: 300, MinFirstBank: 750, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.FacebookScoring.Rules()},
	} {
		t.Run(fmt.Sprint(r.MinFirstBank, "/", r.Penalty), func(t *testing.T) {
			sc := newScorer(t, farkle.AppScoring)
			if r.Scoring != (farkle.Rules{}) {
				var err error
				if sc, err = farkle.New(r.Scoring); err != nil {
					t.Fatal(err)
				}
			}
			st := mustSolve(t, sc, turnRulesOf(r))
			at, err := solveAverageWith(sc, avgRulesOf(r))
			if err != nil {
				t.Fatal(err)
			}
			bad, banks := 0, 0
			watch := func(b game.Bot) game.Bot {
				return game.BotFunc(func(v game.View) (farkle.Hand, bool) {
					keep, bank := b.Decide(v)
					if bank {
						banks++
						pts, _ := v.Scorer().Score(keep.Dice())
						need := r.MinBank
						if !v.Player(v.Current()).OnBoard {
							need = max(need, r.MinFirstBank)
						}
						if v.TurnTotal()+pts < need {
							bad++
						}
					}
					return keep, bank
				})
			}
			for seed := range games {
				g, err := game.New(r, make([]string, 2), rand.NewPCG(uint64(seed), 11))
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Play(watch(Bot{Table: st}), watch(AverageBot{Table: at})); err != nil {
					t.Fatal(err)
				}
			}
			if bad > 0 || banks == 0 {
				t.Errorf("%d of %d banks asked for below the minimum", bad, banks)
			}
		})
	}
}
