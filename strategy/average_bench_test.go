package strategy

import (
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// BenchmarkSolveAverage solves average tables from scratch: the analysis
// of the rolls, then policy iteration, each step a single-turn dynamic
// program per number of farkles in a row.
func BenchmarkSolveAverage(b *testing.B) {
	for _, c := range []struct {
		name string
		p    farkle.Scoring
		o    avgRules
	}{
		{"Zilch/Busche", farkle.ZilchScoring, busche},
		{"Zilch/NoPenalty", farkle.ZilchScoring, avgRules{MinBank: 300}},
		{"App/500after3", farkle.AppScoring, avgRules{Penalty: 500, PenaltyAfter: 3}},
		{"Facebook/500after3", farkle.FacebookScoring, avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 3}},
		{"Zilch/500after10", farkle.ZilchScoring, avgRules{MinBank: 300, Penalty: 500, PenaltyAfter: 10}},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := newScorer(b, c.p)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := solveAverageWith(s, c.o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAverageAdvise(b *testing.B) {
	at := mustSolveAverage(b, newScorer(b, farkle.ZilchScoring), busche)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := at.Advise(State{TurnTotal: 300, Farkles: 2}, []farkle.Die{1, 5, 5, 2, 3, 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAverageBotDecide(b *testing.B) {
	r := game.Zilch.Rules()
	at := mustSolveAverage(b, newScorer(b, farkle.ZilchScoring), busche)
	g := newGame(b, r)
	play(b, g, step{{1, 5, 5, 2, 3, 1}, nil})
	v := g.View()
	bot := AverageBot{Table: at}
	b.ReportAllocs()
	for b.Loop() {
		bot.Decide(v)
	}
}
