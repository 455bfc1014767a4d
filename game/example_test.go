package game_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// Two simple bots play a whole game to 3,000 points with a final round,
// from a seed: the same seed always plays the same game. Each line is one
// turn: the rolls with the dice kept, and how the turn ended.
func Example() {
	rules := game.App.Rules()
	rules.Target = 3000
	g, err := game.New(rules, []string{"Ann", "Bob"}, rand.NewPCG(2024, 1))
	if err != nil {
		panic(err)
	}
	bots := []game.Bot{
		game.ThresholdBot{BankAt: 300},  // Ann banks early
		game.ThresholdBot{BankAt: 1000}, // Bob takes risks
	}
	for !g.View().Over() {
		name := g.View().Players()[g.View().Current()].Name
		seen := g.NumEvents()
		if err := g.PlayTurn(bots[g.View().Current()]); err != nil {
			panic(err)
		}
		var turn []string
		for _, e := range g.EventsSince(seen) {
			switch e.Kind {
			case game.EventRolled:
				turn = append(turn, e.Dice.String())
			case game.EventKept:
				turn[len(turn)-1] += " keep " + e.Dice.String()
			case game.EventHotDice:
				turn = append(turn, "hot dice")
			case game.EventFarkled:
				turn = append(turn, "farkle")
			case game.EventBanked:
				turn = append(turn, fmt.Sprintf("bank %d: %d", e.Points, e.Score))
			case game.EventFinalRound:
				turn = append(turn, "final round")
			case game.EventWon:
				turn = append(turn, g.View().Players()[e.Player].Name+" wins")
			}
		}
		fmt.Printf("%s: %s\n", name, strings.Join(turn, ", "))
	}
	fmt.Println("scores:", g.View().Scores())
	// Output:
	// Ann: 2 2 3 5 6 6 keep 5, 1 1 3 4 6 keep 1 1, 2 2 3, farkle
	// Bob: 3 3 4 6 6 6 keep 6 6 6, 1 4 6 keep 1, 1 3 keep 1, 4, farkle
	// Ann: 2 2 4 4 4 5 keep 4 4 4 5, bank 450: 450
	// Bob: 1 1 1 3 5 6 keep 1 1 1 5, bank 1050: 1050
	// Ann: 3 3 3 5 6 6 keep 3 3 3 5, bank 350: 800
	// Bob: 4 5 5 5 6 6 keep 5 5 5, 1 3 5 keep 1 5, 6, farkle
	// Ann: 1 1 2 4 5 6 keep 1 1 5, 4 5 6 keep 5, bank 300: 1100
	// Bob: 2 3 3 3 4 6 keep 3 3 3, 4 5 5 keep 5 5, 5 keep 5, hot dice, 1 2 4 4 6 6 keep 1, 1 2 4 5 5 keep 1 5 5, 4 6, farkle
	// Ann: 1 2 4 4 4 5 keep 1 4 4 4 5, bank 550: 1650
	// Bob: 1 2 3 4 4 6 keep 1, 2 2 2 5 5 keep 2 2 2 5 5, hot dice, 3 4 6 6 6 6 keep 6 6 6 6, bank 1400: 2450
	// Ann: 2 3 4 6 6 6 keep 6 6 6, bank 600: 2250
	// Bob: 1 4 4 4 4 5 keep 1 4 4 4 4 5, hot dice, bank 1150: 3600, final round
	// Ann: 2 4 4 6 6 6 keep 6 6 6, bank 600: 2850, Bob wins
	// scores: [2850 3600]
}

// A turn played by hand with dice given, as an app for physical dice
// does: roll, keep, roll again, keep, bank.
func ExampleNew() {
	g, err := game.New(game.Zilch.Rules(), []string{"Ann", "Bob"}, nil)
	if err != nil {
		panic(err)
	}
	d := func(faces ...farkle.Die) []farkle.Die { return faces }
	fmt.Println(g.RollDice(d(1, 5, 5, 2, 3, 4)))
	fmt.Println(g.Keep(d(1, 5, 5)), g.View().TurnTotal(), g.View().DiceLeft())
	fmt.Println(g.Bank()) // Zilch banks at 300 or more
	fmt.Println(g.RollDice(d(5, 5, 5)))
	fmt.Println(g.Keep(d(5, 5, 5)), g.View().TurnTotal(), g.View().DiceLeft(), g.View().HotDice())
	fmt.Println(g.Bank())
	fmt.Println(g.View().Scores(), g.View().Current())
	// Output:
	// <nil>
	// <nil> 200 3
	// game: bank by player 0: turn total below the minimum to bank: 200 < 300
	// <nil>
	// <nil> 700 6 true
	// <nil>
	// [700 0] 1
}

// Play plays a whole game of bots; the seed makes it the same game each
// time.
func ExampleGame_Play() {
	g, err := game.New(game.Facebook.Rules(), []string{"Ann", "Bob", "Cy"}, rand.NewPCG(1, 2))
	if err != nil {
		panic(err)
	}
	err = g.Play(game.ThresholdBot{BankAt: 300}, game.ThresholdBot{BankAt: 500}, game.ThresholdBot{BankAt: 1000})
	if err != nil {
		panic(err)
	}
	w, _ := g.View().Winner()
	fmt.Println("turns:", g.View().Turn())
	fmt.Println("scores:", g.View().Scores())
	fmt.Println("winner:", g.View().Players()[w].Name)
	// Output:
	// turns: 64
	// scores: [8550 10500 7900]
	// winner: Bob
}

// A bot that plays for the scores: it keeps the best keep of each roll
// and banks as soon as it would lead, reading the scores from its View.
func ExampleBotFunc() {
	leader := game.BotFunc(func(v game.View) (farkle.Hand, bool) {
		best, err := v.Scorer().BestKeep(v.Roll())
		if err != nil {
			panic(err)
		}
		keep, _ := farkle.HandOf(best.Dice()) // a bot returns its keep as a Hand
		me := v.Current()
		mine := v.Player(me).Score + v.TurnTotal() + best.Points()
		for i := range v.NumPlayers() {
			if i != me && v.Player(i).Score >= mine {
				return keep, false // not leading yet: roll on
			}
		}
		return keep, true
	})
	rules := game.App.Rules()
	rules.Target = 2000
	g, err := game.New(rules, []string{"Leader", "Steady"}, rand.NewPCG(5, 5))
	if err != nil {
		panic(err)
	}
	if err := g.Play(leader, game.ThresholdBot{BankAt: 400}); err != nil {
		panic(err)
	}
	w, _ := g.View().Winner()
	fmt.Println("scores:", g.View().Scores())
	fmt.Println("winner:", g.View().Players()[w].Name)
	// Output:
	// scores: [2150 1900]
	// winner: Leader
}

// A UI shows the events as they come: it keeps the number it has seen
// and asks only for the new ones.
func ExampleGame_EventsSince() {
	g, err := game.New(game.App.Rules(), []string{"Ann", "Bob"}, rand.NewPCG(9, 9))
	if err != nil {
		panic(err)
	}
	seen := 0
	for range 2 { // two turns
		if err := g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
			panic(err)
		}
		for _, e := range g.EventsSince(seen) {
			fmt.Println(g.Describe(e))
			seen++
		}
	}
	fmt.Println(g.EventsSince(seen) == nil)
	// Output:
	// Ann rolled 1 1 2 4 5 6
	// Ann kept 1 1 5 for 250 (turn 250)
	// Ann rolled 2 4 6
	// Ann farkled and lost 250 (farkles in a row: 1)
	// Bob rolled 2 3 4 4 5 6
	// Bob kept 5 for 50 (turn 50)
	// Bob rolled 1 2 2 3 4
	// Bob kept 1 for 100 (turn 150)
	// Bob rolled 2 4 4 4
	// Bob kept 4 4 4 for 400 (turn 550)
	// Bob banked 550 (score 550)
	// true
}

// Presets name the rules of known games; Rules returns a copy to change.
func ExamplePreset() {
	p, err := game.ParsePreset("Zilch")
	if err != nil {
		panic(err)
	}
	r := p.Rules()
	fmt.Println(p, r.Target, r.MinBank, r.Penalty, r.PenaltyAfter, r.FinalRound)
	r.Target = 5000 // a shorter game; the preset is unchanged
	fmt.Println(game.Zilch.Rules().Target, r == game.Zilch.Rules())
	_, err = game.ParsePreset("yahtzee")
	fmt.Println(err)
	// Output:
	// zilch 10000 300 500 3 true
	// 10000 false
	// farkle: invalid rules: preset "yahtzee" is not app, zilch nor facebook
}

// A game saves to JSON with its rules, players, history and dice source,
// and loads by replaying its history: the loaded game goes on exactly as
// the saved one would.
func ExampleGame_MarshalJSON() {
	g, err := game.New(game.App.Rules(), []string{"Ann", "Bob"}, rand.NewPCG(3, 3))
	if err != nil {
		panic(err)
	}
	bot := game.ThresholdBot{BankAt: 350}
	for range 4 {
		if err := g.PlayTurn(bot); err != nil {
			panic(err)
		}
	}
	saved, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	var loaded game.Game
	if err := json.Unmarshal(saved, &loaded); err != nil {
		panic(err)
	}
	fmt.Println(loaded.View().Rules() == g.View().Rules(), loaded.View().Scores(), loaded.View().Turn(), loaded.NumEvents() == g.NumEvents())
	// Both go on with the same dice.
	if err := g.PlayTurn(bot); err != nil {
		panic(err)
	}
	if err := loaded.PlayTurn(bot); err != nil {
		panic(err)
	}
	fmt.Println(g.View().Scores(), loaded.View().Scores())
	fmt.Println(string(saved[:strings.Index(string(saved), `"players"`)]))
	// Output:
	// true [850 500] 5 true
	// [1900 500] [1900 500]
	// {"format":"farkle-game","version":2,"rules":{"target":10000,"final_round":true,"min_bank":0,"min_first_bank":0,"penalty":0,"penalty_after":0,"must_roll_hot_dice":false,"scoring":"app"},
}

// Load reads a save from an untrusted source within limits, replaying
// each event as it reads it: a forged history is refused at its first
// bad event.
func ExampleLoad() {
	g, err := game.New(game.Zilch.Rules(), []string{"Ann", "Bob"}, rand.NewPCG(5, 5))
	if err != nil {
		panic(err)
	}
	if err := g.PlayTurn(game.ThresholdBot{BankAt: 300}); err != nil {
		panic(err)
	}
	saved, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	limits := game.Limits{MaxBytes: 1 << 20, MaxEvents: 10_000}
	loaded, err := game.Load(bytes.NewReader(saved), limits)
	fmt.Println(err, loaded.View().Scores(), loaded.View().Current())

	forged := bytes.Replace(saved, []byte(`"kind":"banked"`), []byte(`"kind":"won"`), 1)
	_, err = game.Load(bytes.NewReader(forged), limits)
	fmt.Println(errors.Is(err, game.ErrBadHistory))

	_, err = game.Load(bytes.NewReader(saved), game.Limits{MaxBytes: 100})
	fmt.Println(errors.Is(err, game.ErrSaveTooLarge))
	// Output:
	// <nil> [300 0] 1
	// true
	// true
}

// Replay rebuilds a game from its rules, names and history, checking that
// every event is the one the rules produce.
func ExampleReplay() {
	g, err := game.New(game.App.Rules(), []string{"Ann"}, nil)
	if err != nil {
		panic(err)
	}
	for _, step := range []func() error{
		func() error { return g.RollDice([]farkle.Die{1, 1, 1, 2, 3, 4}) },
		func() error { return g.Keep([]farkle.Die{1, 1, 1}) },
		func() error { return g.Bank() },
	} {
		if err := step(); err != nil {
			panic(err)
		}
	}
	events := g.EventsSince(0)
	again, err := game.Replay(g.View().Rules(), []string{"Ann"}, events)
	fmt.Println(err, again.View().Scores())

	events[1].Points = 1100 // a keep worth more than the rules give
	_, err = game.Replay(g.View().Rules(), []string{"Ann"}, events)
	var he *game.HistoryError
	fmt.Println(errors.As(err, &he), he.Index)
	// Output:
	// <nil> [1000]
	// true 1
}

// The Scorer's best keep goes into the game as it is: its Dice are the
// Hand that KeepHand takes.
func ExampleGame_Keep() {
	g, err := game.New(game.App.Rules(), []string{"Ann"}, nil)
	if err != nil {
		panic(err)
	}
	if err := g.RollDice([]farkle.Die{1, 1, 1, 1, 2, 3}); err != nil {
		panic(err)
	}
	best, err := g.View().Scorer().BestKeep(g.View().Roll())
	if err != nil {
		panic(err)
	}
	if err := g.Keep(best.Dice()); err != nil {
		panic(err)
	}
	fmt.Println("kept", best.Dice(), "for", best.Points(), "with", g.View().DiceLeft(), "dice left")
	// Output:
	// kept [1 1 1] for 1000 with 3 dice left
}

// A web client is sent the position as JSON: the players, the dice on the
// table, what the current player may do, and the rules.
func ExampleView_MarshalJSON() {
	r := game.Zilch.Rules()
	r.Target = 2000
	g, err := game.New(r, []string{"Ann", "Bob"}, nil)
	if err != nil {
		panic(err)
	}
	if err := g.RollDice([]farkle.Die{5, 2, 3, 3, 4, 6}); err != nil {
		panic(err)
	}
	b, err := json.MarshalIndent(g.View(), "", " ")
	if err != nil {
		panic(err)
	}
	fmt.Println(string(b))
	// Output:
	// {
	//  "players": [
	//   {
	//    "name": "Ann",
	//    "score": 0,
	//    "farkles": 0,
	//    "on_board": false
	//   },
	//   {
	//    "name": "Bob",
	//    "score": 0,
	//    "farkles": 0,
	//    "on_board": false
	//   }
	//  ],
	//  "current": 0,
	//  "turn": 1,
	//  "turn_total": 0,
	//  "roll": [
	//   5,
	//   2,
	//   3,
	//   3,
	//   4,
	//   6
	//  ],
	//  "dice_left": 6,
	//  "hot_dice": false,
	//  "final_round": false,
	//  "over": false,
	//  "winner": null,
	//  "can_roll": false,
	//  "can_keep": true,
	//  "can_bank": false,
	//  "rules": {
	//   "target": 2000,
	//   "final_round": true,
	//   "min_bank": 300,
	//   "min_first_bank": 0,
	//   "penalty": 500,
	//   "penalty_after": 3,
	//   "must_roll_hot_dice": false,
	//   "scoring": "zilch"
	//  }
	// }
}

// House rules of play are fields of Rules, off in their zero value; each
// has events of its own, which Describe tells.
func ExampleRules_houseRules() {
	r := game.Rules{Target: 1000, ToxicTwos: true, SixOnesWin: true, Welfare: true}
	g, err := game.New(r, []string{"Ann", "Bob"}, nil) // physical dice
	if err != nil {
		panic(err)
	}
	for _, step := range []func() error{
		func() error { return g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6}) },
		func() error { return g.Keep([]farkle.Die{1, 5}) },
		func() error { return g.RollDice([]farkle.Die{2, 2, 2, 2}) }, // toxic twos: Ann loses 150
		func() error { return g.RollDice([]farkle.Die{1, 1, 1, 2, 3, 4}) },
		func() error { return g.Keep([]farkle.Die{1, 1, 1}) },
		func() error { return g.Bank() }, // Bob hits 1000 exactly and wins
	} {
		if err := step(); err != nil {
			panic(err)
		}
	}
	for _, e := range g.EventsSince(0) {
		fmt.Println(g.Describe(e))
	}
	r.FinalRound = true
	fmt.Println(r.Validate())
	// Output:
	// Ann rolled 1 2 3 4 5 6
	// Ann kept 1 5 for 150 (turn 150)
	// Ann rolled 2 2 2 2
	// Ann rolled four or more 2s: toxic twos end the turn
	// Ann farkled and lost 150 (farkles in a row: 1)
	// Bob rolled 1 1 1 2 3 4
	// Bob kept 1 1 1 for 1000 (turn 1000)
	// Bob banked 1000 (score 1000)
	// Bob won with 1000
	// farkle: invalid rules: Welfare needs FinalRound off: the first player to reach Target exactly wins
}

// Under Piggyback the next player may take over the turn total and the
// dice left of the last bank, plus a bonus, instead of rolling six dice.
func ExampleGame_Piggyback() {
	g, err := game.New(game.Rules{Piggyback: true, PiggybackBonus: 1000}, []string{"Ann", "Bob"}, nil)
	if err != nil {
		panic(err)
	}
	_ = g.RollDice([]farkle.Die{1, 5, 2, 3, 4, 6})
	_ = g.Keep([]farkle.Die{1, 5})
	_ = g.Bank() // Ann banks 150 with 4 dice left
	fmt.Println(g.View().Offer())
	fmt.Println(g.Piggyback(), g.View().TurnTotal(), g.View().DiceLeft())
	fmt.Println(g.Bank()) // Bob must roll first
	// Output:
	// 1150 4 true
	// <nil> 1150 4
	// game: bank by player 1: dice not rolled
}
