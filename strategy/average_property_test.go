package strategy

import (
	"testing"

	"github.com/farkle-go/farkle"
	"pgregory.net/rapid"
)

// averageChecksRace bounds the cases of the average-table properties that
// solve tables under the race detector, which makes each solve ten times
// slower and adds nothing to these single-goroutine checks: the later
// cases pass at once.
const averageChecksRace = 1

// genAverage draws a preset and average options, the penalty after 1 to 3
// farkles in a row.
func genAverage(t *rapid.T) (farkle.Scoring, avgRules) {
	p := rapid.SampledFrom(presets).Draw(t, "preset")
	o := avgRules{
		MinBank:         rapid.SampledFrom([]int{0, 250, 300, 500, 1000}).Draw(t, "minBank"),
		MustRollHotDice: rapid.Bool().Draw(t, "mustRoll"),
	}
	if rapid.Bool().Draw(t, "penalized") {
		o.Penalty = 50 * rapid.IntRange(1, 40).Draw(t, "penalty")
		o.PenaltyAfter = rapid.IntRange(1, 3).Draw(t, "penaltyAfter")
	}
	return p, o
}

// averageProperty runs prop as a rapid property, all its cases but the
// first few passing at once under the race detector.
func averageProperty(t *testing.T, prop func(t *rapid.T)) {
	n := 0
	rapid.Check(t, func(t *rapid.T) {
		if raceEnabled {
			if n >= averageChecksRace {
				return
			}
			n++
		}
		prop(t)
	})
}

// solveAvg solves over the cached analysis of p.
func solveAvg(t *rapid.T, p farkle.Scoring, o avgRules) *AverageTable {
	at, err := solveAverage(analysisOf(t, p), o)
	if err != nil {
		t.Fatalf("%v %+v: %v", p, o, err)
	}
	return at
}

// Property: a larger penalty, or the same penalty after fewer farkles in
// a row, never raises the gain; no penalty gives the most.
func TestPropertyAveragePenaltyMonotone(t *testing.T) {
	averageProperty(t, func(t *rapid.T) {
		p, o := genAverage(t)
		if o.Penalty == 0 {
			o.Penalty, o.PenaltyAfter = 500, 3
		}
		at := solveAvg(t, p, o)
		worse := o
		if rapid.Bool().Draw(t, "sooner") && o.PenaltyAfter > 1 {
			worse.PenaltyAfter = rapid.IntRange(1, o.PenaltyAfter-1).Draw(t, "after")
		} else {
			worse.Penalty += 50 * rapid.IntRange(1, 40).Draw(t, "more")
		}
		bt := solveAvg(t, p, worse)
		free := solveAvg(t, p, avgRules{MinBank: o.MinBank, MustRollHotDice: o.MustRollHotDice})
		if bt.Gain() > at.Gain()+1e-9 || at.Gain() > free.Gain()+1e-9 {
			t.Fatalf("%v: gain %v under %+v, %v under %+v, %v without penalty", p, at.Gain(), o, bt.Gain(), worse, free.Gain())
		}
		if !raceEnabled {
			checkSolved(t, analysisOf(t, p), bt)
		}
	})
}

// Property: a larger MinBank never raises the gain.
func TestPropertyAverageMinBankMonotone(t *testing.T) {
	averageProperty(t, func(t *rapid.T) {
		p, o := genAverage(t)
		at := solveAvg(t, p, o)
		higher := o
		higher.MinBank += 50 * rapid.IntRange(1, 20).Draw(t, "more")
		bt := solveAvg(t, p, higher)
		if bt.Gain() > at.Gain()+1e-9 {
			t.Fatalf("%v: gain %v under %+v, %v under %+v", p, at.Gain(), o, bt.Gain(), higher)
		}
		if !raceEnabled {
			checkSolved(t, analysisOf(t, p), at)
		}
	})
}
