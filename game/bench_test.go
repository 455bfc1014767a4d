package game

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayGame plays a whole two-player App game between bots, New
// included.
func BenchmarkPlayGame(b *testing.B) {
	bots := thresholdBots(300, 1000)
	names := []string{"a", "b"}
	src := rand.NewPCG(1, 2)
	events := 0
	b.ReportAllocs()
	for b.Loop() {
		g, err := New(App.Rules(), names, src)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play(bots...); err != nil {
			b.Fatal(err)
		}
		events += g.NumEvents()
	}
	b.ReportMetric(float64(events)/float64(b.N), "events/op")
}

// BenchmarkPlayTurn plays one turn of a ThresholdBot, with room for the
// events made beforehand: the cost of the decisions, which allocate
// nothing.
func BenchmarkPlayTurn(b *testing.B) {
	g, err := New(Rules{Target: maxTarget}, []string{"a"}, rand.NewPCG(3, 4))
	if err != nil {
		b.Fatal(err)
	}
	g.events = make([]Event, 0, 1<<12)
	var bot Bot = ThresholdBot{BankAt: 1000} // converted once
	b.ReportAllocs()
	for b.Loop() {
		if len(g.events) > 1<<12-100 {
			g.events = g.events[:0] // keep the history from growing without end,
			g.players[0].Score = 0  // and the game from ending
		}
		if err := g.PlayTurn(bot); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTurn plays one turn by hand: roll, keep, roll, keep, bank.
func BenchmarkTurn(b *testing.B) {
	g, err := New(Rules{Target: maxTarget}, []string{"a"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	roll1, keep1, roll2, keep2 := dice("155234"), dice("155"), dice("123"), dice("1")
	b.ReportAllocs()
	for b.Loop() {
		if len(g.events) > 1000 {
			g.events = g.events[:0] // keep the history from growing without end,
			g.players[0].Score = 0  // and the game from ending
		}
		if g.RollDice(roll1) != nil || g.Keep(keep1) != nil || g.RollDice(roll2) != nil || g.Keep(keep2) != nil || g.Bank() != nil {
			b.Fatal("turn failed")
		}
	}
}

// longGame is a whole three-player Zilch game.
func longGame(b *testing.B) *Game {
	return playSeeded(b, Zilch.Rules(), 3, thresholdBots(300, 600, 1000)...)
}

// BenchmarkMarshalJSON saves a whole three-player Zilch game.
func BenchmarkMarshalJSON(b *testing.B) {
	g := longGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnmarshalJSON loads (and so replays) a whole three-player
// Zilch game.
func BenchmarkUnmarshalJSON(b *testing.B) {
	g := longGame(b)
	data, err := json.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d events, %d bytes", g.NumEvents(), len(data))
	b.ReportAllocs()
	for b.Loop() {
		var h Game
		if err := json.Unmarshal(data, &h); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEventsSince reads the events of one turn of a long game, as a
// UI does after each turn.
func BenchmarkEventsSince(b *testing.B) {
	g := longGame(b)
	from := g.NumEvents() - 8
	b.ReportAllocs()
	for b.Loop() {
		if len(g.EventsSince(from)) != 8 {
			b.Fatal("EventsSince")
		}
	}
}
