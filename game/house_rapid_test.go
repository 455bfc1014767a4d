package game

// Properties of the house rules of play (Rules.ToxicTwos, SixOnesWin,
// Welfare and Bankrupt), checked with rapid on random games whose dice
// lean towards the rolls that the rules are about.

import (
	"testing"

	"github.com/farkle-go/farkle"
	"pgregory.net/rapid"
)

// drawHouseRules draws rules of play with the house rules that on turns
// on, and the others at random.
func drawHouseRules(t *rapid.T, on func(*Rules)) Rules {
	r := Rules{
		Target:    rapid.SampledFrom([]int{300, 1000, 2500}).Draw(t, "target"),
		MinBank:   rapid.SampledFrom([]int{0, 50, 300}).Draw(t, "minBank"),
		Scoring:   rapid.SampledFrom(drawnScorings()).Draw(t, "scoring"),
		ToxicTwos: rapid.Bool().Draw(t, "toxicTwos"),
	}
	r.SixOnesWin = rapid.Bool().Draw(t, "sixOnesWin")
	if r.Piggyback = rapid.Bool().Draw(t, "piggyback"); r.Piggyback {
		r.PiggybackBonus = rapid.SampledFrom([]int{0, 1000}).Draw(t, "piggybackBonus")
	}
	r.Welfare = rapid.Bool().Draw(t, "welfare")
	r.FinalRound = !r.Welfare && rapid.Bool().Draw(t, "finalRound")
	switch rapid.IntRange(0, 2).Draw(t, "farkles") {
	case 1:
		r.Penalty, r.PenaltyAfter = 500, rapid.IntRange(1, 3).Draw(t, "penaltyAfter")
	case 2:
		r.Bankrupt, r.PenaltyAfter = true, rapid.IntRange(1, 3).Draw(t, "bankruptAfter")
	}
	on(&r)
	if err := r.Validate(); err != nil {
		t.Fatalf("drew invalid rules %+v: %v", r, err)
	}
	return r
}

// drawHouseRoll draws n dice: at random, or with many 2s, or all 1s.
func drawHouseRoll(t *rapid.T, n int) []farkle.Die {
	d := make([]farkle.Die, n)
	switch rapid.IntRange(0, 9).Draw(t, "rollKind") {
	case 0:
		for i := range d {
			d[i] = 1
		}
	case 1, 2:
		for i := range d {
			d[i] = farkle.Die(rapid.SampledFrom([]int{2, 2, 2, 1, 3, 5}).Draw(t, "die"))
		}
	default:
		for i := range d {
			d[i] = farkle.Die(rapid.IntRange(1, 6).Draw(t, "die"))
		}
	}
	return d
}

// playHouse plays a game of players under r with drawn dice, keeps and
// banks, calling after(before, roll) after every roll (before is the
// number of events before it) and check after every action, until the
// game is over or after 400 actions. It checks the history against the
// model of invariants_test.go at the end.
func playHouse(t *rapid.T, r Rules, after func(g *Game, before int, roll []farkle.Die), check func(g *Game)) *Game {
	players := rapid.IntRange(1, 4).Draw(t, "players")
	g, err := New(r, make([]string, players), nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 400 {
		if g.View().Over() {
			break
		}
		if _, _, ok := g.View().Offer(); ok && rapid.Bool().Draw(t, "takeOver") {
			if err := g.Piggyback(); err != nil {
				t.Fatalf("Piggyback: %v", err)
			}
		}
		if g.Can(ActionRoll) == nil {
			before := g.NumEvents()
			roll := drawHouseRoll(t, g.View().DiceLeft())
			if err := g.RollDice(roll); err != nil {
				t.Fatalf("RollDice(%v): %v", roll, err)
			}
			after(g, before, roll)
		} else {
			keeps, err := g.View().Scorer().Keeps(g.View().Roll())
			if err != nil || len(keeps) == 0 {
				t.Fatalf("dice %v wait with keeps %v, %v", g.View().Roll(), keeps, err)
			}
			k := keeps[rapid.IntRange(0, len(keeps)-1).Draw(t, "keep")]
			if err := g.Keep(k.Dice()); err != nil {
				t.Fatalf("Keep(%v): %v", k.Dice(), err)
			}
			if g.Can(ActionBank) == nil && rapid.IntRange(0, 2).Draw(t, "bank") == 0 {
				if err := g.Bank(); err != nil {
					t.Fatalf("Bank: %v", err)
				}
			}
		}
		check(g)
	}
	if err := checkHistory(g); err != nil {
		t.Fatal(err)
	}
	return g
}

// Property: under ToxicTwos a roll with four or more 2s never leaves a
// turn total: the turn ends at once as a farkle (EventToxicTwos, then
// EventFarkled with every point of the turn lost), the next player is to
// roll six dice, and nothing of that turn is ever banked.
func TestToxicTwosNeverLeaveATurnTotal(t *testing.T) {
	toxic := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawHouseRules(t, func(r *Rules) { r.ToxicTwos = true; r.SixOnesWin = false })
		playHouse(t, r, func(g *Game, before int, roll []farkle.Die) {
			if hand(roll).Count(2) < 4 {
				return
			}
			toxic++
			evs := g.EventsSince(before)
			if len(evs) < 3 || evs[1].Kind != EventToxicTwos || evs[2].Kind != EventFarkled ||
				evs[2].Points != evs[0].TurnTotal || evs[2].TurnTotal != 0 {
				t.Fatalf("roll %v under toxic twos gave %v", roll, evs)
			}
			if g.View().TurnTotal() != 0 || g.View().Roll() != nil || !g.View().Over() && (g.View().DiceLeft() != farkle.MaxDice || g.View().Current() == evs[0].Player && g.View().NumPlayers() > 1) {
				t.Fatalf("after toxic twos %v: turn total %d, dice %v, %d left, player %d to play", roll, g.View().TurnTotal(), g.View().Roll(), g.View().DiceLeft(), g.View().Current())
			}
		}, func(*Game) {})
	})
	if toxic == 0 {
		t.Error("no game rolled four 2s")
	}
}

// Property: under Welfare no score ever passes the target, and a game
// over was won at the target exactly.
func TestWelfareNeverPassesTarget(t *testing.T) {
	overshot := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawHouseRules(t, func(r *Rules) { r.Welfare, r.FinalRound = true, false })
		g := playHouse(t, r, func(*Game, int, []farkle.Die) {}, func(g *Game) {
			for i, s := range g.View().Scores() {
				if s > r.Target {
					t.Fatalf("player %d has %d past the target %d: %v", i, s, r.Target, g.EventsSince(0))
				}
			}
		})
		if w, over := g.View().Winner(); over && g.View().Scores()[w] != r.Target && g.EventsSince(g.NumEvents() - 2)[0].Kind != EventSixOnes {
			t.Fatalf("winner %d with %d, target %d", w, g.View().Scores()[w], r.Target)
		}
		for _, e := range g.EventsSince(0) {
			if e.Kind == EventOvershot {
				overshot++
			}
		}
	})
	if overshot == 0 {
		t.Error("no bank passed the target")
	}
}

// Property: under SixOnesWin a roll of six 1s ends the game at once: its
// history ends with EventSixOnes and EventWon of the player who rolled,
// whatever the scores and the round.
func TestSixOnesEndTheGame(t *testing.T) {
	won := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawHouseRules(t, func(r *Rules) { r.SixOnesWin = true })
		playHouse(t, r, func(g *Game, before int, roll []farkle.Die) {
			if hand(roll).Count(1) != farkle.MaxDice {
				return
			}
			won++
			evs := g.EventsSince(before)
			p := evs[0].Player
			if len(evs) != 3 || evs[1].Kind != EventSixOnes || evs[2] != (Event{Kind: EventWon, Player: p, Score: g.View().Scores()[p], Farkles: g.View().Players()[p].Farkles}) {
				t.Fatalf("six 1s gave %v", evs)
			}
			if w, over := g.View().Winner(); !over || w != p {
				t.Fatalf("six 1s of player %d: Winner() = %d, %v", p, w, over)
			}
		}, func(*Game) {})
	})
	if won == 0 {
		t.Error("no game rolled six 1s")
	}
}

// Property: under Bankrupt the PenaltyAfter-th farkle in a row costs the
// whole score and nothing else: the score is 0 after it, and no score is
// ever below 0.
func TestBankruptCostsTheScore(t *testing.T) {
	bankrupt := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawHouseRules(t, func(r *Rules) {
			r.Penalty, r.Bankrupt = 0, true
			r.PenaltyAfter = max(r.PenaltyAfter, 1)
		})
		playHouse(t, r, func(g *Game, before int, _ []farkle.Die) {
			for _, e := range g.EventsSince(before) {
				if e.Kind == EventBankrupt {
					bankrupt++
					if e.Score != 0 || e.Farkles != 0 || g.View().Scores()[e.Player] != 0 {
						t.Fatalf("bankrupt: %+v, score now %d", e, g.View().Scores()[e.Player])
					}
				}
			}
		}, func(g *Game) {
			for i, s := range g.View().Scores() {
				if s < 0 {
					t.Fatalf("player %d has %d under Bankrupt", i, s)
				}
			}
		})
	})
	if bankrupt == 0 {
		t.Error("nobody went bankrupt")
	}
}

// Property: under Piggyback a turn that takes over starts with the last
// bank's turn total plus the bonus and rolls the dice that bank left,
// while the banker keeps the points banked.
func TestPiggybackTakesOverTheBank(t *testing.T) {
	taken := 0
	rapid.Check(t, func(t *rapid.T) {
		r := drawHouseRules(t, func(r *Rules) { r.Piggyback = true })
		g := playHouse(t, r, func(*Game, int, []farkle.Die) {}, func(*Game) {})
		evs := g.EventsSince(0)
		for i, e := range evs {
			if e.Kind != EventPiggybacked {
				continue
			}
			taken++
			// The bank before it, and the dice that its turn left.
			j := i - 1
			for j >= 0 && evs[j].Kind != EventBanked {
				j--
			}
			if j < 0 || evs[j].Player == e.Player || e.Points != evs[j].Points+r.PiggybackBonus || e.TurnTotal != e.Points {
				t.Fatalf("event %d %v after the bank %d of %v", i, e, j, evs)
			}
			left := farkle.MaxDice
			for k := j - 1; k >= 0; k-- {
				if evs[k].Kind == EventKept {
					left = evs[k-1].Dice.Len() - evs[k].Dice.Len() // the roll before the keep
					break
				}
			}
			if i+1 < len(evs) && evs[i+1].Kind == EventRolled && evs[i+1].Dice.Len() != left {
				t.Fatalf("event %d: took over a bank that left %d dice and rolled %v", i, left, evs[i+1].Dice)
			}
		}
	})
	if taken == 0 {
		t.Error("no turn took over a bank")
	}
}
