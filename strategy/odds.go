package strategy

import (
	"cmp"
	"math/big"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// Odds describes one roll of a number of dice under a table's rules,
// counted exactly over the 6^n equally likely ordered rolls. [Table.Odds]
// returns them.
type Odds struct {
	Dice    int // number of dice rolled, 1 to 6
	Rolls   int // ordered rolls: 6^Dice
	Farkles int // ordered rolls with nothing to keep

	// Points is the distribution of the points of the best keep (the keep
	// worth the most, as [farkle.Scorer.BestKeep]), by points ascending; a
	// farkle counts as 0 points. The counts add up to Rolls.
	Points []Outcome

	// Mean is the expected points of the best keep, a farkle counting 0.
	Mean float64
}

// An Outcome is one value of the best keep's points and how many of the
// ordered rolls give it.
type Outcome struct {
	Points int
	Count  int     // ordered rolls whose best keep scores Points
	Prob   float64 // Count / Odds.Rolls
}

// FarkleRat returns the exact probability of a farkle, Farkles/Rolls in
// lowest terms; 5/216 for six dice under the App rules.
func (o Odds) FarkleRat() *big.Rat {
	if o.Rolls == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(o.Farkles), int64(o.Rolls))
}

// FarkleProb returns the probability of a farkle as a float64.
func (o Odds) FarkleProb() float64 {
	if o.Rolls == 0 {
		return 0
	}
	return float64(o.Farkles) / float64(o.Rolls)
}

// oddsOf returns the odds of one to six dice under a's rules, from the
// points of each roll's best keep, with one allocation for the outcomes of
// every number of dice.
func oddsOf(a *rolls.Analysis) [farkle.MaxDice + 1]Odds {
	ix := multiset.Get()
	// The best keep of a roll is the best of its candidates: the first
	// keep of its size.
	var best [multiset.N]int32
	for i := int(ix.First[1]); i < multiset.N; i++ {
		for _, c := range a.Cands(i) {
			best[i] = max(best[i], c.Points)
		}
	}
	// Sort the rolls of each number of dice by points, then count the
	// distinct points.
	var order [multiset.N]uint16
	for i := range order {
		order[i] = uint16(i)
	}
	distinct := 0
	for n := 1; n <= farkle.MaxDice; n++ {
		o := order[ix.First[n]:ix.First[n+1]]
		slices.SortFunc(o, func(x, y uint16) int { return cmp.Compare(best[x], best[y]) })
		for k := range o {
			if k == 0 || best[o[k]] != best[o[k-1]] {
				distinct++
			}
		}
	}
	var odds [farkle.MaxDice + 1]Odds
	outs := make([]Outcome, 0, distinct)
	for n := 1; n <= farkle.MaxDice; n++ {
		total := rolls.Pow6(n)
		start := len(outs)
		farkles := 0
		var sum float64
		for _, i := range order[ix.First[n]:ix.First[n+1]] {
			orders := int(ix.Orders[i])
			pts := int(best[i])
			if len(a.Cands(int(i))) == 0 {
				farkles += orders
			}
			sum += float64(pts) * float64(orders)
			if len(outs) == start || outs[len(outs)-1].Points != pts {
				outs = append(outs, Outcome{Points: pts})
			}
			outs[len(outs)-1].Count += orders
		}
		pts := outs[start:len(outs):len(outs)]
		for k := range pts {
			pts[k].Prob = float64(pts[k].Count) / float64(total)
		}
		odds[n] = Odds{Dice: n, Rolls: total, Farkles: farkles, Points: pts, Mean: sum / float64(total)}
	}
	return odds
}
