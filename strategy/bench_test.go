package strategy

import (
	"testing"

	"github.com/farkle-go/farkle"
)

// BenchmarkSolve solves each preset from scratch, as Solve does on every
// call: the analysis of every roll's keeps, then the dynamic program.
func BenchmarkSolve(b *testing.B) {
	for _, p := range presets {
		for _, o := range []struct {
			name string
			opts turnRules
		}{{"", turnRules{}}, {"/MustRoll", turnRules{MustRollHotDice: true}}} {
			b.Run(p.String()+o.name, func(b *testing.B) {
				s := newScorer(b, p)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := solveWith(s, o.opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSolveDP times the dynamic program alone, with the analysis of
// the rolls already done.
func BenchmarkSolveDP(b *testing.B) {
	for _, p := range presets {
		b.Run(p.String(), func(b *testing.B) {
			proto := mustSolve(b, newScorer(b, p), turnRules{})
			b.ReportAllocs()
			for b.Loop() {
				t := &Table{an: proto.an}
				if err := t.solve(turnRules{}, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkAdvise(b *testing.B) {
	tb := mustSolve(b, nil, turnRules{})
	for _, c := range []struct {
		name string
		roll []farkle.Die
	}{
		{"six", []farkle.Die{1, 5, 5, 2, 3, 1}},
		{"straight", []farkle.Die{1, 5, 2, 3, 4, 6}},
		{"three", []farkle.Die{1, 5, 3}},
		{"farkle", []farkle.Die{2, 3, 4, 6}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tb.Advise(State{TurnTotal: 300}, c.roll); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
