package farkle

// This file holds a deliberately slow reference scorer, written only for the
// tests, from the written semantics and not from the table-driven code under
// test (in the spirit of net/netip's parseIPSlow). It enumerates every set of
// disjoint combinations that a multiset of dice can form, keeps the splits
// that the rules allow, and picks the best one with the tie-breaks spelled
// out in the specification. Results are memoized per (Rules, multiset).
//
// The reference works on dice and counts only: it uses no Hand, no
// Partition and no table of the package. Its results are partViews and
// *DiceErrors. reference_api_test.go wraps it in the functions of the
// API; reference_check_test.go tests the reference itself.

import (
	"slices"
	"sync"
)

// The presets, written out again from the issue text, so that the reference
// does not depend on Preset.Rules. TestReferencePresetsMatchSpec checks that
// the package's presets agree.
var (
	refApp = Rules{
		SingleOne: 100, SingleFive: 50,
		Triple:      [7]int{0, 1000, 200, 300, 400, 500, 600},
		Bonus:       BonusFixed,
		FourOfAKind: 1000, FiveOfAKind: 2000, SixOfAKind: 3000,
		Straight:       2500,
		ThreePairs:     1500,
		FourAsTwoPairs: true,
	}
	refCore = Rules{
		SingleOne: 100, SingleFive: 50,
		Triple: [7]int{0, 1000, 200, 300, 400, 500, 600},
		Bonus:  BonusNone,
		Split:  true,
	}
	refFacebook = Rules{
		SingleOne: 100, SingleFive: 50,
		Triple:     [7]int{0, 1000, 200, 300, 400, 500, 600},
		Bonus:      BonusAddTriple,
		Split:      true,
		Straight:   1500,
		ThreePairs: 750,
	}
	refZilch = Rules{
		SingleOne: 100, SingleFive: 50,
		Triple:         [7]int{0, 1000, 200, 300, 400, 500, 600},
		Bonus:          BonusDouble,
		Split:          true,
		Straight:       1500,
		ThreePairs:     1500,
		FourAsTwoPairs: true,
		Nothing:        500,
	}
	refClassic = Rules{
		SingleOne: 100, SingleFive: 50,
		Triple:      [7]int{0, 300, 200, 300, 400, 500, 600},
		Bonus:       BonusFixed,
		FourOfAKind: 1000, FiveOfAKind: 2000, SixOfAKind: 3000,
		Split:       true,
		Straight:    1500,
		ThreePairs:  1500,
		FourAndPair: 1500,
		TwoTriplets: 2500,
	}
)

// refPresets pairs each preset with its rules as the reference writes them.
var refPresets = []struct {
	preset Scoring
	rules  Rules
}{{AppScoring, refApp}, {CoreScoring, refCore}, {FacebookScoring, refFacebook}, {ZilchScoring, refZilch}, {ClassicScoring, refClassic}}

// refCounts[f] is the number of dice showing face f; index 0 is unused.
type refCounts [7]int

// refCountsOf counts valid dice.
func refCountsOf(dice []Die) refCounts {
	var c refCounts
	for _, d := range dice {
		c[d]++
	}
	return c
}

func (c refCounts) size() int {
	n := 0
	for f := 1; f <= 6; f++ {
		n += c[f]
	}
	return n
}

// dice lists the dice of c in ascending order, nil if there are none.
func (c refCounts) dice() []Die {
	var out []Die
	for f := 1; f <= 6; f++ {
		for range c[f] {
			out = append(out, Die(f))
		}
	}
	return out
}

func (c refCounts) contains(k refCounts) bool {
	for f := 1; f <= 6; f++ {
		if k[f] > c[f] {
			return false
		}
	}
	return true
}

func (c refCounts) minus(k refCounts) refCounts {
	var out refCounts
	for f := 1; f <= 6; f++ {
		out[f] = c[f] - k[f]
	}
	return out
}

// shape is the sorted list of the nonzero counts, largest first: [2 2 2]
// for three pairs, [4 2] for four of a kind and a pair.
func (c refCounts) shape() []int {
	var s []int
	for f := 1; f <= 6; f++ {
		if c[f] > 0 {
			s = append(s, c[f])
		}
	}
	slices.Sort(s)
	slices.Reverse(s)
	return s
}

func refRepeat(f, k int) []Die {
	out := make([]Die, k)
	for i := range out {
		out[i] = Die(f)
	}
	return out
}

// refOfAKind returns the combination formed by k (3 to 6) equal dice of face
// f under r, and false if there is none (four or more dice with BonusNone).
func refOfAKind(r Rules, f, k int) (comboView, bool) {
	c := comboView{Dice: refRepeat(f, k)}
	if k == 3 {
		c.Kind = ThreeOfAKind
		if f == 1 {
			c.Kind = ThreeOnes
		}
		c.Points = r.Triple[f]
		return c, true
	}
	c.Kind = [7]Kind{4: FourOfAKind, 5: FiveOfAKind, 6: SixOfAKind}[k]
	switch r.Bonus {
	case BonusFixed:
		c.Points = [7]int{4: r.FourOfAKind, 5: r.FiveOfAKind, 6: r.SixOfAKind}[k]
	case BonusAddTriple:
		// k-2 times the triple: four = 2x, five = 3x, six = 4x.
		c.Points = r.Triple[f] * (k - 2)
	case BonusDouble:
		// Each die beyond three doubles: four = 2x, five = 4x, six = 8x.
		c.Points = r.Triple[f] * [7]int{4: 2, 5: 4, 6: 8}[k]
	default:
		return comboView{}, false
	}
	return c, true
}

// refIsSixDice reports whether k is a combination that takes all six dice.
func refIsSixDice(k Kind) bool {
	switch k {
	case Straight, ThreePairs, FourAndPair, TwoTriplets, Nothing:
		return true
	}
	return false
}

// refCandidates lists every combination that can be drawn from c, except
// Nothing (which depends on the other splits). Each appears once; a split
// may use one candidate several times if the dice allow.
func refCandidates(r Rules, c refCounts) []comboView {
	var out []comboView
	if r.SingleOne > 0 && c[1] > 0 {
		out = append(out, comboView{Kind: SingleOne, Dice: []Die{1}, Points: r.SingleOne})
	}
	if r.SingleFive > 0 && c[5] > 0 {
		out = append(out, comboView{Kind: SingleFive, Dice: []Die{5}, Points: r.SingleFive})
	}
	for f := 1; f <= 6; f++ {
		for k := 3; k <= c[f]; k++ {
			if cb, ok := refOfAKind(r, f, k); ok {
				out = append(out, cb)
			}
		}
	}
	// The short straights: one die of each of five faces, from five dice
	// on.
	for _, st := range []struct {
		kind   Kind
		faces  []Die
		points int
	}{{LowStraight, []Die{1, 2, 3, 4, 5}, r.LowStraight}, {HighStraight, []Die{2, 3, 4, 5, 6}, r.HighStraight}} {
		if st.points > 0 && c.contains(refCountsOf(st.faces)) {
			out = append(out, comboView{Kind: st.kind, Dice: slices.Clone(st.faces), Points: st.points})
		}
	}
	if c.size() != 6 {
		return out
	}
	all := c.dice()
	six := func(k Kind, pts int) {
		out = append(out, comboView{Kind: k, Dice: slices.Clone(all), Points: pts})
	}
	shape := c.shape()
	is := func(want ...int) bool { return slices.Equal(shape, want) }
	if r.Straight > 0 && is(1, 1, 1, 1, 1, 1) {
		six(Straight, r.Straight)
	}
	if r.ThreePairs > 0 && (is(2, 2, 2) || r.FourAsTwoPairs && (is(4, 2) || is(6))) {
		six(ThreePairs, r.ThreePairs)
	}
	if r.FourAndPair > 0 && is(4, 2) {
		six(FourAndPair, r.FourAndPair)
	}
	if r.TwoTriplets > 0 && is(3, 3) {
		six(TwoTriplets, r.TwoTriplets)
	}
	return out
}

// A refSplit is a set of disjoint combinations and the rest.
type refSplit struct {
	combos []comboView // in combo order
	rest   []Die       // ascending, nil if empty
	points int
	used   int // number of dice in combos
}

// refComboFirst reports whether a comes before b in the combo order:
// points descending, then Kind ascending, then dice lexicographically.
func refComboFirst(a, b comboView) bool {
	if a.Points != b.Points {
		return a.Points > b.Points
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return slices.Compare(a.Dice, b.Dice) < 0
}

func refComboCmp(a, b comboView) int {
	switch {
	case refComboFirst(a, b):
		return -1
	case refComboFirst(b, a):
		return 1
	}
	return 0
}

func refNewSplit(combos []comboView, rest refCounts) refSplit {
	s := refSplit{rest: rest.dice()}
	if len(combos) > 0 {
		s.combos = slices.Clone(combos)
		slices.SortFunc(s.combos, refComboCmp)
	}
	for _, c := range s.combos {
		s.points += c.Points
		s.used += len(c.Dice)
	}
	return s
}

// refBeats reports whether split p beats split q: more points, else more
// dice in combinations, else fewer combinations, else the first differing
// combo of p comes first in the combo order.
func refBeats(p, q refSplit) bool {
	if p.points != q.points {
		return p.points > q.points
	}
	if p.used != q.used {
		return p.used > q.used
	}
	if len(p.combos) != len(q.combos) {
		return len(p.combos) < len(q.combos)
	}
	for i := range p.combos {
		if refComboFirst(p.combos[i], q.combos[i]) {
			return true
		}
		if refComboFirst(q.combos[i], p.combos[i]) {
			return false
		}
	}
	return false
}

// refEnumerate lists every set of disjoint combinations that c can form
// (each multiset of candidates once, by picking candidates in
// non-decreasing index order), with the rest, regardless of Split.
func refEnumerate(r Rules, c refCounts) []refSplit {
	cands := refCandidates(r, c)
	var out []refSplit
	var chosen []comboView
	var rec func(start int, left refCounts)
	rec = func(start int, left refCounts) {
		out = append(out, refNewSplit(chosen, left))
		for i := start; i < len(cands); i++ {
			need := refCountsOf(cands[i].Dice)
			if !left.contains(need) {
				continue
			}
			chosen = append(chosen, cands[i])
			rec(i, left.minus(need))
			chosen = chosen[:len(chosen)-1]
		}
	}
	rec(0, c)
	return out
}

// refNeverSplitAllows reports whether split s of c is allowed when
// r.Split is false: a six-dice combination alone, or, face by face, the
// one way the Rules documentation describes, for the dice that are not
// in a short straight.
func refNeverSplitAllows(r Rules, c refCounts, s refSplit) bool {
	if len(s.combos) == 1 && refIsSixDice(s.combos[0].Kind) {
		return true
	}
	var singles [7]int
	var kinds [7][]int // sizes of the of-a-kind combos of each face
	for _, cb := range s.combos {
		f := cb.Dice[0]
		switch {
		case cb.Kind == LowStraight || cb.Kind == HighStraight:
			c = c.minus(refCountsOf(cb.Dice))
		case refIsSixDice(cb.Kind):
			return false // a six-dice combination with others: impossible anyway
		case cb.Kind == SingleOne || cb.Kind == SingleFive:
			singles[f]++
		default:
			kinds[f] = append(kinds[f], len(cb.Dice))
		}
	}
	for f := 1; f <= 6; f++ {
		n := c[f]
		single := f == 1 && r.SingleOne > 0 || f == 5 && r.SingleFive > 0
		wantSingles := 0
		var wantKinds []int
		switch {
		case n <= 2:
			if single {
				wantSingles = n
			}
		case n == 3 || r.Bonus != BonusNone:
			wantKinds = []int{n}
		default: // four or more with BonusNone: a triple, the others singles or rest
			wantKinds = []int{3}
			if single {
				wantSingles = n - 3
			}
		}
		if singles[f] != wantSingles || !slices.Equal(kinds[f], wantKinds) {
			return false
		}
	}
	return true
}

// refSplits returns every split of the (valid) dice that r allows,
// including the Nothing combination where it applies.
func refSplits(r Rules, dice []Die) []refSplit {
	c := refCountsOf(dice)
	var out []refSplit
	for _, s := range refEnumerate(r, c) {
		if r.Split || refNeverSplitAllows(r, c, s) {
			out = append(out, s)
		}
	}
	if c.size() == 6 && r.Nothing > 0 {
		scores := false
		for _, s := range out {
			if s.points > 0 {
				scores = true
			}
		}
		if !scores {
			out = append(out, refSplit{
				combos: []comboView{{Kind: Nothing, Dice: c.dice(), Points: r.Nothing}},
				points: r.Nothing,
				used:   6,
			})
		}
	}
	return out
}

// refAnalysis is what the reference knows about one multiset.
type refAnalysis struct {
	best     partView // the best split over all allowed splits
	full     bool     // whether some allowed split has an empty rest
	fullBest partView // the best full split (if full)
}

func refPartition(s refSplit) partView {
	v := partView{Combos: s.combos, Rest: s.rest, Points: s.points}
	for _, c := range s.combos {
		v.Dice = append(v.Dice, c.Dice...)
	}
	v.Dice = sortedDice(v.Dice)
	return v
}

func refAnalyze(r Rules, c refCounts) *refAnalysis {
	splits := refSplits(r, c.dice())
	a := &refAnalysis{}
	// There is always at least one allowed split: with Split, the one with
	// no combination; without, the one way face by face.
	best := splits[0]
	var bestFull refSplit
	for _, s := range splits {
		if refBeats(s, best) {
			best = s
		}
		if len(s.rest) == 0 && (!a.full || refBeats(s, bestFull)) {
			a.full = true
			bestFull = s
		}
	}
	a.best = refPartition(best)
	if a.full {
		a.fullBest = refPartition(bestFull)
	}
	return a
}

// A refModel memoizes the reference results for one Rules value.
type refModel struct {
	r     Rules
	mu    sync.Mutex
	an    map[refCounts]*refAnalysis
	keeps map[refCounts][]partView
}

var refModels struct {
	sync.Mutex
	m map[Rules]*refModel
}

// refModelOf returns the memo of r, shared by all tests.
func refModelOf(r Rules) *refModel {
	refModels.Lock()
	defer refModels.Unlock()
	if refModels.m == nil || len(refModels.m) > 512 { // bound the memory used by fuzzing
		refModels.m = make(map[Rules]*refModel)
	}
	m := refModels.m[r]
	if m == nil {
		m = &refModel{r: r, an: make(map[refCounts]*refAnalysis), keeps: make(map[refCounts][]partView)}
		refModels.m[r] = m
	}
	return m
}

func (m *refModel) analysis(c refCounts) *refAnalysis {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.analysisLocked(c)
}

func (m *refModel) analysisLocked(c refCounts) *refAnalysis {
	a := m.an[c]
	if a == nil {
		a = refAnalyze(m.r, c)
		m.an[c] = a
	}
	return a
}

// keepsOf returns the keeps of roll c in Keeps order (shared; do not
// modify): every non-empty sub-multiset that scores in full, with its best
// full split and the rest of the roll, by points descending, then fewest
// dice, then dice ascending.
func (m *refModel) keepsOf(c refCounts) []partView {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ks, ok := m.keeps[c]; ok {
		return ks
	}
	var out []partView
	for _, kept := range multisets() {
		k := refCountsOf(kept)
		if len(kept) == 0 || !c.contains(k) {
			continue
		}
		if a := m.analysisLocked(k); a.full {
			out = append(out, partView{Combos: a.fullBest.Combos, Dice: a.fullBest.Dice, Rest: c.minus(k).dice(), Points: a.fullBest.Points})
		}
	}
	slices.SortStableFunc(out, func(a, b partView) int {
		switch {
		case a.Points != b.Points:
			return b.Points - a.Points
		case len(a.Dice) != len(b.Dice):
			return len(a.Dice) - len(b.Dice)
		}
		return slices.Compare(a.Dice, b.Dice)
	})
	m.keeps[c] = out
	return out
}
