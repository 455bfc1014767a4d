package strategy

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
)

// This file analyzes a Scorer's rules for single rolls, over the
// multisets of package multiset (indexes ix.First[1] to multiset.N-1 are
// the distinct rolls of one to six dice): for every roll, its candidate
// keeps, of which only the best per number of kept dice matter to the
// dynamic program. Every Table makes its own analysis; nothing is shared
// between tables.

// A cand is a candidate keep of a roll: the best keep with its number of
// dice.
type cand struct {
	keep   farkle.Partition // from Scorer.AppendKeeps; its Rest is the dice left
	points int32
	kept   uint8 // dice kept
	left   uint8 // dice to roll after the keep: 1 to 6, 6 after hot dice
}

// An option is a candidate keep as the dynamic program sees it.
type option struct {
	steps int32 // points in units of analysis.unit
	left  int32 // dice to roll next: 1 to 6
}

// A sigGroup is the rolls of n dice grouped by signature: the list of
// (points, dice left) of their candidate keeps. The dynamic program only
// needs the probability of each signature.
type sigGroup struct {
	prob   []float64 // probability of each signature
	start  []int32   // signature s has the options opts[start[s]:start[s+1]]
	opts   []option  // shared by the groups of every n
	farkle float64   // probability of a farkle
}

// An analysis is what a Scorer's rules imply for single rolls.
type analysis struct {
	scorer *farkle.Scorer
	unit   int // gcd of the points of every legal keep of every roll
	maxPts int // the most points of any keep
	// The candidates of multiset i are cands[candStart[i]:candStart[i+1]],
	// fewest kept dice first; none for a farkle.
	candStart [multiset.N + 1]uint16
	cands     []cand
	odds      [farkle.MaxDice + 1]Odds
	sigs      [farkle.MaxDice + 1]sigGroup
}

// candsOf returns the candidates of multiset i.
func (a *analysis) candsOf(i int) []cand {
	return a.cands[a.candStart[i]:a.candStart[i+1]]
}

// maxKeeps is more keeps than any roll has under any rules (see
// farkle.AppendKeeps).
const maxKeeps = 63

// analyze fills a with the analysis of s's rules (a nil s scores the App
// rules).
func (a *analysis) analyze(s *farkle.Scorer) {
	if s == nil {
		// Keep a real Scorer to hand out; the App rules are valid.
		s, _ = farkle.New(farkle.App.Rules())
	}
	ix := multiset.Get()
	a.scorer = s
	a.cands = make([]cand, 0, 3*multiset.N) // the presets need 2,200 to 2,400
	var best [multiset.N]int32              // points of each roll's best keep
	var buf [maxKeeps]farkle.Partition
	var dice [farkle.MaxDice]farkle.Die
	for i := int(ix.First[1]); i < multiset.N; i++ {
		a.candStart[i] = uint16(len(a.cands))
		n := int(ix.Size[i])
		for j := range n {
			dice[j] = farkle.Die(ix.Sorted[i][j])
		}
		keeps, _ := s.AppendKeeps(buf[:0], dice[:n]) // no error: a valid roll
		first := len(a.cands)
		for _, k := range keeps {
			pts := k.Points()
			a.unit = gcd(a.unit, pts)
			a.maxPts = max(a.maxPts, pts)
			kept := uint8(k.Dice().Len())
			// Keeps lists points descending, then fewest dice, then
			// smallest dice: the first of each size is the best.
			if slices.ContainsFunc(a.cands[first:], func(c cand) bool { return c.kept == kept }) {
				continue
			}
			left := uint8(n) - kept
			if left == 0 {
				left = farkle.MaxDice
			}
			a.cands = append(a.cands, cand{keep: k, points: int32(pts), kept: kept, left: left})
		}
		slices.SortFunc(a.cands[first:], func(x, y cand) int { return cmp.Compare(x.kept, y.kept) })
		if len(keeps) > 0 {
			best[i] = int32(keeps[0].Points())
		}
	}
	a.candStart[multiset.N] = uint16(len(a.cands))
	a.oddsFrom(ix, &best)
	a.group(ix)
}

// oddsFrom fills a.odds from the points of each roll's best keep, with one
// allocation for the outcomes of every number of dice.
func (a *analysis) oddsFrom(ix *multiset.Index, best *[multiset.N]int32) {
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
	outs := make([]Outcome, 0, distinct)
	for n := 1; n <= farkle.MaxDice; n++ {
		total := pow6(n)
		start := len(outs)
		farkles := 0
		var sum float64
		for _, i := range order[ix.First[n]:ix.First[n+1]] {
			orders := int(ix.Orders[i])
			pts := int(best[i])
			if a.candStart[i] == a.candStart[i+1] {
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
		a.odds[n] = Odds{Dice: n, Rolls: total, Farkles: farkles, Points: pts, Mean: sum / float64(total)}
	}
}

// group groups the rolls of each number of dice by signature, in the
// order of the signatures, with one allocation each for the
// probabilities, the bounds and the options of every group.
func (a *analysis) group(ix *multiset.Index) {
	// The signature of roll i is the list of (steps, left) of its
	// candidates.
	sig := func(i uint16) []cand { return a.candsOf(int(i)) }
	cmpSig := func(x, y uint16) int {
		cx, cy := sig(x), sig(y)
		for k := range min(len(cx), len(cy)) {
			if c := cmp.Compare(cx[k].points, cy[k].points); c != 0 {
				return c
			}
			if c := cmp.Compare(cx[k].left, cy[k].left); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(cx), len(cy))
	}
	// Sort the scoring rolls of each number of dice by signature and
	// count the signatures and their options.
	var order [multiset.N]uint16
	var end [farkle.MaxDice + 1]int // order[ix.First[n]:end[n]] are the scoring rolls of n dice
	nSigs, nOpts := 0, 0
	for n := 1; n <= farkle.MaxDice; n++ {
		k := int(ix.First[n])
		for i := ix.First[n]; i < ix.First[n+1]; i++ {
			if a.candStart[i] < a.candStart[i+1] {
				order[k] = i
				k++
			}
		}
		end[n] = k
		o := order[ix.First[n]:k]
		slices.SortFunc(o, cmpSig)
		for k := range o {
			if k == 0 || cmpSig(o[k], o[k-1]) != 0 {
				nSigs++
				nOpts += len(sig(o[k]))
			}
		}
	}
	prob := make([]float64, nSigs)
	start := make([]int32, 0, nSigs+farkle.MaxDice)
	opts := make([]option, 0, nOpts)
	unit := int32(a.unit)
	ns := 0 // signatures so far, over every number of dice
	for n := 1; n <= farkle.MaxDice; n++ {
		total := pow6(n)
		g := &a.sigs[n]
		s0, ns0 := len(start), ns
		farkles := total
		o := order[ix.First[n]:end[n]]
		for k, i := range o {
			if k == 0 || cmpSig(i, o[k-1]) != 0 {
				ns++
				start = append(start, int32(len(opts)))
				for _, c := range sig(i) {
					opts = append(opts, option{steps: c.points / unit, left: int32(c.left)})
				}
			}
			orders := int(ix.Orders[i])
			farkles -= orders
			prob[ns-1] += float64(orders)
		}
		start = append(start, int32(len(opts)))
		g.prob = prob[ns0:ns:ns]
		for s := range g.prob {
			g.prob[s] /= float64(total)
		}
		g.start = start[s0:len(start):len(start)]
		g.farkle = float64(farkles) / float64(total)
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		a.sigs[n].opts = opts
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// pow6 returns 6^n.
func pow6(n int) int {
	p := 1
	for range n {
		p *= 6
	}
	return p
}
