package strategy

import (
	"sync"

	"github.com/farkle-go/farkle"
)

// This file enumerates the multisets of 1 to 6 dice once and analyzes each
// Rules value once: for every roll its legal keeps, of which only the best
// per number of kept dice matter to the dynamic program.

// A multiset is one distinct roll of n dice, whatever their order.
type multiset struct {
	dice   []farkle.Die // ascending; never handed out
	orders int          // ordered rolls that show these dice: n!/prod(count!)
}

// pow7[d] is 7 to the power d-1: the key of a multiset is the sum of pow7
// over its dice, its face counts read as a base-7 number.
var pow7 = [7]uint32{0, 1, 7, 49, 343, 2401, 16807}

const numKeys = 7 * 7 * 7 * 7 * 7 * 7

// rollIndex lists the multisets of 1 to 6 dice, by number of dice, and
// maps a key to its index.
type rollIndex struct {
	sets  []multiset
	byN   [farkle.MaxDice + 1][2]int // byN[n] = [first, end) in sets
	index []int16                    // key -> index in sets; -1 for none
}

var rolls = sync.OnceValue(func() *rollIndex {
	ri := &rollIndex{index: make([]int16, numKeys)}
	for i := range ri.index {
		ri.index[i] = -1
	}
	fact := [7]int{1, 1, 2, 6, 24, 120, 720}
	for n := 1; n <= farkle.MaxDice; n++ {
		ri.byN[n][0] = len(ri.sets)
		var c [7]int
		var fill func(f, left int)
		fill = func(f, left int) {
			if f == 6 {
				c[6] = left
				dice := make([]farkle.Die, 0, n)
				orders := fact[n]
				var key uint32
				for g := 1; g <= 6; g++ {
					orders /= fact[c[g]]
					for range c[g] {
						dice = append(dice, farkle.Die(g))
						key += pow7[g]
					}
				}
				ri.index[key] = int16(len(ri.sets))
				ri.sets = append(ri.sets, multiset{dice: dice, orders: orders})
				return
			}
			for k := left; k >= 0; k-- {
				c[f] = k
				fill(f+1, left-k)
			}
		}
		fill(1, n)
		ri.byN[n][1] = len(ri.sets)
	}
	return ri
})

// lookup returns the index in rolls().sets of the multiset of roll; ok is
// false if roll is empty, has more than six dice or a die that is not 1
// to 6. It does not allocate.
func (ri *rollIndex) lookup(roll []farkle.Die) (int, bool) {
	if len(roll) == 0 || len(roll) > farkle.MaxDice {
		return 0, false
	}
	var key uint32
	for _, d := range roll {
		if !d.Valid() {
			return 0, false
		}
		key += pow7[d]
	}
	return int(ri.index[key]), true
}

// A cand is a candidate keep of a roll: the best keep with its number of
// dice.
type cand struct {
	part   farkle.Partition // from Scorer.Keeps; never handed out
	kept   int              // dice kept
	points int
	left   int // dice to roll after the keep: 1 to 6, 6 after hot dice
	combos int // len(part.Combos)
}

// An analysis is what a Scorer's rules imply for single rolls, shared by
// the tables of every Options.
type analysis struct {
	scorer *farkle.Scorer
	unit   int      // gcd of the points of every legal keep of every roll
	maxPts int      // the most points of any keep
	cands  [][]cand // per multiset: best keep per number of kept dice, fewest dice first
	odds   [farkle.MaxDice + 1]Odds
	sigs   [farkle.MaxDice + 1]sigGroup
}

// A sigGroup is the rolls of n dice grouped by signature: the list of
// (points, dice left) of their candidate keeps. The dynamic program only
// needs the probability of each signature.
type sigGroup struct {
	prob   []float64 // probability of each signature
	start  []int32   // signature s has the options opts[start[s]:start[s+1]]
	opts   []option
	farkle float64 // probability of a farkle
}

// An option is a candidate keep as the dynamic program sees it.
type option struct {
	steps int32 // points in units of analysis.unit
	left  int32 // dice to roll next: 1 to 6
}

// analyses caches one *analysis per farkle.Rules value.
var analyses sync.Map // farkle.Rules -> *onceAnalysis

type onceAnalysis struct {
	once sync.Once
	a    *analysis
}

// analyze returns the cached analysis of s's rules.
func analyze(s *farkle.Scorer) *analysis {
	r := s.Rules()
	v, _ := analyses.Load(r)
	if v == nil {
		v, _ = analyses.LoadOrStore(r, new(onceAnalysis))
	}
	oa := v.(*onceAnalysis)
	oa.once.Do(func() { oa.a = newAnalysis(s) })
	return oa.a
}

func newAnalysis(s *farkle.Scorer) *analysis {
	if s == nil {
		// A nil Scorer scores the App rules; keep a real one to hand out.
		if ns, err := farkle.New(s.Rules()); err == nil {
			s = ns
		}
	}
	ri := rolls()
	a := &analysis{scorer: s, cands: make([][]cand, len(ri.sets))}
	for n := 1; n <= farkle.MaxDice; n++ {
		total := 1
		for range n {
			total *= 6
		}
		farkles := 0
		dist := map[int]int{}
		var sum float64
		for i := ri.byN[n][0]; i < ri.byN[n][1]; i++ {
			m := ri.sets[i]
			keeps, _ := s.Keeps(m.dice) // no error: m.dice is a valid roll
			best := 0
			var cs []cand
			for _, k := range keeps {
				a.unit = gcd(a.unit, k.Points)
				best = max(best, k.Points)
				a.maxPts = max(a.maxPts, k.Points)
				kept := n - len(k.Rest)
				// Keeps lists points descending, then fewest dice,
				// then smallest dice: the first of each size is best.
				if !hasKept(cs, kept) {
					left := len(k.Rest)
					if left == 0 {
						left = farkle.MaxDice
					}
					cs = append(cs, cand{part: k, kept: kept, points: k.Points, left: left, combos: len(k.Combos)})
				}
			}
			sortByKept(cs)
			a.cands[i] = cs
			if len(keeps) == 0 {
				farkles += m.orders
			}
			dist[best] += m.orders
			sum += float64(best) * float64(m.orders)
		}
		pts := make([]Outcome, 0, len(dist))
		for p, c := range dist {
			pts = append(pts, Outcome{Points: p, Count: c, Prob: float64(c) / float64(total)})
		}
		sortOutcomes(pts)
		a.odds[n] = Odds{Dice: n, Rolls: total, Farkles: farkles, Points: pts, Mean: sum / float64(total)}
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		a.sigs[n] = a.group(n)
	}
	return a
}

func hasKept(cs []cand, kept int) bool {
	for _, c := range cs {
		if c.kept == kept {
			return true
		}
	}
	return false
}

func sortByKept(cs []cand) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].kept < cs[j-1].kept; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

func sortOutcomes(o []Outcome) {
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && o[j].Points < o[j-1].Points; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

// group groups the rolls of n dice by signature, in order of first
// appearance.
func (a *analysis) group(n int) sigGroup {
	ri := rolls()
	total := 1
	for range n {
		total *= 6
	}
	var g sigGroup
	var counts []int
	seen := map[string]int{}
	var key []byte
	farkles := 0
	for i := ri.byN[n][0]; i < ri.byN[n][1]; i++ {
		cs := a.cands[i]
		if len(cs) == 0 {
			farkles += ri.sets[i].orders
			continue
		}
		key = key[:0]
		for _, c := range cs {
			st := c.points / a.unit
			key = append(key, byte(c.left), byte(st), byte(st>>8), byte(st>>16), byte(st>>24))
		}
		s, ok := seen[string(key)]
		if !ok {
			s = len(counts)
			seen[string(key)] = s
			counts = append(counts, 0)
			g.start = append(g.start, int32(len(g.opts)))
			for _, c := range cs {
				g.opts = append(g.opts, option{steps: int32(c.points / a.unit), left: int32(c.left)})
			}
		}
		counts[s] += ri.sets[i].orders
	}
	g.start = append(g.start, int32(len(g.opts)))
	g.prob = make([]float64, len(counts))
	for s, c := range counts {
		g.prob[s] = float64(c) / float64(total)
	}
	g.farkle = float64(farkles) / float64(total)
	return g
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
