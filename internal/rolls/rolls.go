// Package rolls analyzes a Scorer's rules for single rolls: for every
// distinct roll of one to six dice, its candidate keeps, and the rolls of
// each number of dice grouped by what the dynamic programs of packages
// strategy and strategy/win need of them. It works over the multisets of
// package multiset: indexes ix.First[1] to multiset.N-1 of multiset.Get()
// are the distinct rolls of one to six dice.
//
// Every table of those packages makes its own Analysis; nothing is shared
// between tables, and nothing is computed at import.
package rolls

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
)

// A Cand is a candidate keep of a roll: the best keep with its number of
// dice.
type Cand struct {
	Keep   farkle.Partition // from Scorer.AppendKeeps; its Rest is the dice left
	Points int32
	Kept   uint8 // dice kept
	Left   uint8 // dice to roll after the keep: 1 to 6, 6 after hot dice
}

// An Option is a candidate keep as a dynamic program sees it.
type Option struct {
	Steps int32 // points in units of the program's step (Analysis.Unit for Analysis.Groups)
	Left  int32 // dice to roll next: 1 to 6
}

// A Group is the rolls of n dice grouped by signature: the list of
// options of their candidate keeps. A dynamic program only needs the
// probability of each signature.
type Group struct {
	Prob   []float64 // probability of each signature
	Start  []int32   // signature s has the options Opts[Start[s]:Start[s+1]]
	Opts   []Option  // shared by the groups of every n
	Farkle float64   // probability of a farkle
}

// An Analysis is what a Scorer's rules imply for single rolls.
type Analysis struct {
	Scorer *farkle.Scorer
	Unit   int // gcd of the points of every legal keep of every roll
	MaxPts int // the most points of any keep
	// Groups[n] is the rolls of n dice grouped by the (points in units,
	// dice left) of their candidates, in the order of the signatures.
	Groups [farkle.MaxDice + 1]Group
	// The candidates of multiset i are cands[candStart[i]:candStart[i+1]],
	// fewest kept dice first; none for a farkle.
	candStart [multiset.N + 1]uint16
	cands     []Cand
}

// Cands returns the candidates of the roll of multiset i: the best keep
// for each number of kept dice, fewest kept dice first; none for a farkle.
func (a *Analysis) Cands(i int) []Cand {
	return a.cands[a.candStart[i]:a.candStart[i+1]]
}

// MaxKeeps is more keeps than any roll has under any rules (see
// farkle.AppendKeeps).
const MaxKeeps = 63

// Analyze fills a with the analysis of s's rules (a nil s scores the App
// rules).
func (a *Analysis) Analyze(s *farkle.Scorer) { a.AnalyzeToxic(s, false) }

// AnalyzeToxic is Analyze, with, if toxicTwos, the rolls of four or more
// 2s as farkles: no candidates, whatever they score (the ToxicTwos rule
// of package game).
func (a *Analysis) AnalyzeToxic(s *farkle.Scorer, toxicTwos bool) {
	if s == nil {
		// Keep a real Scorer to hand out; the App rules are valid.
		s, _ = farkle.New(farkle.AppScoring.Rules())
	}
	ix := multiset.Get()
	a.Scorer = s
	a.cands = make([]Cand, 0, 3*multiset.N) // the presets need 2,200 to 2,400
	var buf [MaxKeeps]farkle.Partition
	var dice [farkle.MaxDice]farkle.Die
	for i := int(ix.First[1]); i < multiset.N; i++ {
		a.candStart[i] = uint16(len(a.cands))
		n := int(ix.Size[i])
		if toxicTwos && ix.Counts[i][2] >= 4 {
			continue // a farkle: no candidates
		}
		for j := range n {
			dice[j] = farkle.Die(ix.Sorted[i][j])
		}
		keeps, _ := s.AppendKeeps(buf[:0], dice[:n]) // no error: a valid roll
		first := len(a.cands)
		for _, k := range keeps {
			pts := k.Points()
			a.Unit = GCD(a.Unit, pts)
			a.MaxPts = max(a.MaxPts, pts)
			kept := uint8(len(k.Dice()))
			// Keeps lists points descending, then fewest dice, then
			// smallest dice: the first of each size is the best.
			if slices.ContainsFunc(a.cands[first:], func(c Cand) bool { return c.Kept == kept }) {
				continue
			}
			left := uint8(n) - kept
			if left == 0 {
				left = farkle.MaxDice
			}
			a.cands = append(a.cands, Cand{Keep: k, Points: int32(pts), Kept: kept, Left: left})
		}
		slices.SortFunc(a.cands[first:], func(x, y Cand) int { return cmp.Compare(x.Kept, y.Kept) })
	}
	a.candStart[multiset.N] = uint16(len(a.cands))
	a.group(ix)
}

// group groups the rolls of each number of dice by signature, in the
// order of the signatures, with one allocation each for the
// probabilities, the bounds and the options of every group.
func (a *Analysis) group(ix *multiset.Index) {
	// The signature of roll i is the list of (steps, left) of its
	// candidates.
	sig := func(i uint16) []Cand { return a.Cands(int(i)) }
	cmpSig := func(x, y uint16) int {
		cx, cy := sig(x), sig(y)
		for k := range min(len(cx), len(cy)) {
			if c := cmp.Compare(cx[k].Points, cy[k].Points); c != 0 {
				return c
			}
			if c := cmp.Compare(cx[k].Left, cy[k].Left); c != 0 {
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
	opts := make([]Option, 0, nOpts)
	unit := int32(a.Unit)
	ns := 0 // signatures so far, over every number of dice
	for n := 1; n <= farkle.MaxDice; n++ {
		total := Pow6(n)
		g := &a.Groups[n]
		s0, ns0 := len(start), ns
		farkles := total
		o := order[ix.First[n]:end[n]]
		for k, i := range o {
			if k == 0 || cmpSig(i, o[k-1]) != 0 {
				ns++
				start = append(start, int32(len(opts)))
				for _, c := range sig(i) {
					opts = append(opts, Option{Steps: c.Points / unit, Left: int32(c.Left)})
				}
			}
			orders := int(ix.Orders[i])
			farkles -= orders
			prob[ns-1] += float64(orders)
		}
		start = append(start, int32(len(opts)))
		g.Prob = prob[ns0:ns:ns]
		for s := range g.Prob {
			g.Prob[s] /= float64(total)
		}
		g.Start = start[s0:len(start):len(start)]
		g.Farkle = float64(farkles) / float64(total)
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		a.Groups[n].Opts = opts
	}
}

// GroupRolls groups the rolls of each number of dice n by the options that
// optsOf(n, i) gives the roll i (an index of multiset.Get), in the order in
// which the groups first appear; a roll without options is a farkle. The
// options are copied: optsOf may reuse its slice.
func GroupRolls(optsOf func(n, i int) []Option) *[farkle.MaxDice + 1]Group {
	ix := multiset.Get()
	var g [farkle.MaxDice + 1]Group
	var opts []Option
	for n := 1; n <= farkle.MaxDice; n++ {
		total := float64(Pow6(n))
		bySig := map[string]int{}
		g[n].Start = []int32{int32(len(opts))}
		for i := int(ix.First[n]); i < int(ix.First[n+1]); i++ {
			os := optsOf(n, i)
			p := float64(ix.Orders[i]) / total
			if len(os) == 0 {
				g[n].Farkle += p
				continue
			}
			key := fmt.Sprint(os)
			s, ok := bySig[key]
			if !ok {
				s = len(g[n].Prob)
				bySig[key] = s
				g[n].Prob = append(g[n].Prob, 0)
				opts = append(opts, os...)
				g[n].Start = append(g[n].Start, int32(len(opts)))
			}
			g[n].Prob[s] += p
		}
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		g[n].Opts = slices.Clip(opts)
	}
	return &g
}

// GCD returns the greatest common divisor of a and b; GCD(0, b) is b.
func GCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Pow6 returns 6^n.
func Pow6(n int) int {
	p := 1
	for range n {
		p *= 6
	}
	return p
}
