package game

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayGame plays a whole two-player App game between bots.
func BenchmarkPlayGame(b *testing.B) {
	bots := []Bot{ThresholdBot{BankAt: 300}, ThresholdBot{BankAt: 1000}}
	src := rand.NewPCG(1, 2)
	b.ReportAllocs()
	for b.Loop() {
		g, err := New(App, []string{"a", "b"}, src)
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play(bots...); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTurn plays one turn by hand: roll, keep, roll, keep, bank.
func BenchmarkTurn(b *testing.B) {
	g, err := New(Rules{Target: MaxTarget}, []string{"a"}, nil)
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

func playedGame(b *testing.B) *Game {
	g, err := New(Zilch, []string{"a", "b", "c"}, rand.NewPCG(3, 4))
	if err != nil {
		b.Fatal(err)
	}
	sc := Zilch.Scorer
	if err := g.Play(ThresholdBot{Scorer: sc, BankAt: 300}, ThresholdBot{Scorer: sc, BankAt: 600}, ThresholdBot{Scorer: sc, BankAt: 1000}); err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkMarshalJSON saves a whole three-player Zilch game.
func BenchmarkMarshalJSON(b *testing.B) {
	g := playedGame(b)
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
	g := playedGame(b)
	data, err := json.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d events, %d bytes", len(g.events), len(data))
	b.ReportAllocs()
	for b.Loop() {
		var h Game
		if err := json.Unmarshal(data, &h); err != nil {
			b.Fatal(err)
		}
	}
}
