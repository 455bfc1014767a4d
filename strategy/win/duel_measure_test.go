package win

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/farkle-go/farkle/strategy"
)

// TestDuelBuscheNeller measures exactly how often the win-optimal bot
// beats the expected-score bot in the model of M. Busche and T. Neller
// (Core scoring, target 10,000, no final round, no minimum to bank, no
// penalty), going first and second, and checks that it wins at least the
// value of the game. Run it with
//
//	FARKLE_SLOW=1 go test -run TestDuelBuscheNeller -v ./strategy/win
func TestDuelBuscheNeller(t *testing.T) {
	testgate.Long(t) // solves target 10,000, then the duel
	t.Parallel()

	r := game.Rules{Scoring: farkle.CoreScoring.Rules()}
	tb := solvedWin(t, r, 0)
	st := scoreTable(t, r)
	start := time.Now()
	res := mustDuel(t, r, TablePolicy(tb), ScorePolicy(st))
	self := mustDuel(t, r, ScorePolicy(st), ScorePolicy(st))
	v := tb.firstWin()
	t.Logf("duels in %v: win-optimal against expected-score: first %.6f, second %.6f, mean %.6f; "+
		"expected-score against itself: first %.6f; win-optimal against itself: first %.6f",
		time.Since(start), res.FirstWins, res.SecondWins, (res.FirstWins+res.SecondWins)/2, self.FirstWins, v)
	if res.FirstWins < v-1e-12 || res.SecondWins < 1-v-1e-12 {
		t.Errorf("Duel(win, score) = %+v, want at least %.12f first and %.12f second", res, v, 1-v)
	}
}

// slowOnly skips a measurement that takes minutes unless FARKLE_SLOW=1.
func slowOnly(b *testing.B) {
	b.Helper()
	testgate.Long(b)
}

// BenchmarkDuelApp measures the win-optimal bot against the
// expected-score bot under the App rules of play (target 10,000, a final
// round): FARKLE_SLOW=1 go test -run '^$' -bench DuelApp -benchtime 1x ./strategy/win
func BenchmarkDuelApp(b *testing.B) {
	slowOnly(b)
	r := game.App.Rules()
	start := time.Now()
	tb, err := Solve(context.Background(), r, Options{})
	if err != nil {
		b.Fatal(err)
	}
	solved := time.Since(start)
	st := scoreTable(b, r)
	for b.Loop() {
		start = time.Now()
		res := mustDuel(b, r, TablePolicy(tb), ScorePolicy(st))
		b.Logf("solved in %v, duel in %v: first player %.6f; win-optimal against expected-score: first %.6f, second %.6f, mean %.6f",
			solved, time.Since(start), tb.firstWin(), res.FirstWins, res.SecondWins, (res.FirstWins+res.SecondWins)/2)
	}
}

// BenchmarkBotThreePlayers measures the fallback of a Bot in games
// of three players (it plays against the leading opponent), against two
// expected-score bots, in 2,000 seeded games for each of its three seats:
//
//	FARKLE_SLOW=1 go test -run '^$' -bench BotThreePlayers -benchtime 1x ./strategy/win
//
// It reports the Bot's share of the wins in each seat and over all,
// with its standard error; a third is what an equal bot would win.
func BenchmarkBotThreePlayers(b *testing.B) {
	slowOnly(b)
	for _, c := range []struct {
		name string
		r    game.Rules
	}{
		{"core-10000", game.Rules{Scoring: farkle.CoreScoring.Rules()}},
		{"app", game.App.Rules()},
	} {
		b.Run(c.name, func(b *testing.B) {
			tb := solvedWin(b, c.r, 0)
			st := scoreTable(b, c.r)
			const games = 2000
			for b.Loop() {
				total := 0
				for seat := range 3 {
					wins := 0
					for i := range games {
						g, err := game.New(c.r, make([]string, 3), rand.NewPCG(uint64(seat), uint64(i)))
						if err != nil {
							b.Fatal(err)
						}
						bots := []game.Bot{strategy.Bot{Table: st}, strategy.Bot{Table: st}, strategy.Bot{Table: st}}
						bots[seat] = Bot{Table: tb}
						if err := g.Play(bots...); err != nil {
							b.Fatal(err)
						}
						if w, _ := g.View().Winner(); w == seat {
							wins++
						}
					}
					p := float64(wins) / games
					b.Logf("%s: Bot in seat %d: %.4f ± %.4f", c.name, seat+1, p, math.Sqrt(p*(1-p)/games))
					total += wins
				}
				p := float64(total) / (3 * games)
				b.Logf("%s: Bot over all seats: %.4f ± %.4f (an equal bot: 0.3333)", c.name, p, math.Sqrt(p*(1-p)/(3*games)))
				b.ReportMetric(p, "win-share")
			}
		})
	}
}
