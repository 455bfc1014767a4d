package farkle

// This file holds a deliberately slow reference scorer, written only for the
// tests, from the written semantics and not from the table-driven code under
// test (in the spirit of net/netip's parseIPSlow). It enumerates every set of
// disjoint combinations that a multiset of dice can form, keeps the splits
// that the rules allow, and picks the best one with the tie-breaks spelled
// out in the specification. Results are memoized per (Rules, multiset).

import (
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The presets, written out again from the issue text, so that the reference
// does not depend on the package variables (which a test could reassign).
// TestReferencePresetsMatchSpec checks that the package variables agree.
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
		for i := 0; i < c[f]; i++ {
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
func refOfAKind(r Rules, f, k int) (Combo, bool) {
	cb := Combo{Dice: refRepeat(f, k)}
	if k == 3 {
		cb.Kind = ThreeOfAKind
		if f == 1 {
			cb.Kind = ThreeOnes
		}
		cb.Points = r.Triple[f]
		return cb, true
	}
	cb.Kind = [7]Kind{4: FourOfAKind, 5: FiveOfAKind, 6: SixOfAKind}[k]
	switch r.Bonus {
	case BonusFixed:
		cb.Points = [7]int{4: r.FourOfAKind, 5: r.FiveOfAKind, 6: r.SixOfAKind}[k]
	case BonusAddTriple:
		// k-2 times the triple: four = 2x, five = 3x, six = 4x.
		cb.Points = r.Triple[f] * (k - 2)
	case BonusDouble:
		// Each die beyond three doubles: four = 2x, five = 4x, six = 8x.
		cb.Points = r.Triple[f] * [7]int{4: 2, 5: 4, 6: 8}[k]
	default:
		return Combo{}, false
	}
	return cb, true
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
func refCandidates(r Rules, c refCounts) []Combo {
	var out []Combo
	if r.SingleOne > 0 && c[1] > 0 {
		out = append(out, Combo{Kind: SingleOne, Dice: []Die{1}, Points: r.SingleOne})
	}
	if r.SingleFive > 0 && c[5] > 0 {
		out = append(out, Combo{Kind: SingleFive, Dice: []Die{5}, Points: r.SingleFive})
	}
	for f := 1; f <= 6; f++ {
		for k := 3; k <= c[f]; k++ {
			if cb, ok := refOfAKind(r, f, k); ok {
				out = append(out, cb)
			}
		}
	}
	if c.size() != 6 {
		return out
	}
	all := c.dice()
	six := func(k Kind, pts int) {
		out = append(out, Combo{Kind: k, Dice: slices.Clone(all), Points: pts})
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
	combos []Combo // in combo order
	rest   []Die   // ascending, nil if empty
	points int
	used   int // number of dice in combos
}

// refComboFirst reports whether a comes before b in the combo order:
// points descending, then Kind ascending, then dice lexicographically.
func refComboFirst(a, b Combo) bool {
	if a.Points != b.Points {
		return a.Points > b.Points
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return slices.Compare(a.Dice, b.Dice) < 0
}

func refComboCmp(a, b Combo) int {
	switch {
	case refComboFirst(a, b):
		return -1
	case refComboFirst(b, a):
		return 1
	}
	return 0
}

func refNewSplit(combos []Combo, rest refCounts) refSplit {
	s := refSplit{rest: rest.dice()}
	if len(combos) > 0 {
		s.combos = slices.Clone(combos)
		slices.SortFunc(s.combos, refComboCmp)
	}
	for _, cb := range s.combos {
		s.points += cb.Points
		s.used += len(cb.Dice)
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
	var chosen []Combo
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
// one way described in semantics.md.
func refNeverSplitAllows(r Rules, c refCounts, s refSplit) bool {
	if len(s.combos) == 1 && refIsSixDice(s.combos[0].Kind) {
		return true
	}
	var singles [7]int
	var kinds [7][]int // sizes of the of-a-kind combos of each face
	for _, cb := range s.combos {
		f := cb.Dice[0]
		switch {
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
				combos: []Combo{{Kind: Nothing, Dice: c.dice(), Points: r.Nothing}},
				points: r.Nothing,
				used:   6,
			})
		}
	}
	return out
}

// refAnalysis is what the reference knows about one multiset.
type refAnalysis struct {
	best     Partition // the best split over all allowed splits
	full     bool      // whether some allowed split has an empty rest
	fullBest Partition // the best full split (if full)
}

func refPartition(s refSplit) Partition {
	return Partition{Combos: s.combos, Rest: s.rest, Points: s.points}
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
	keeps map[refCounts][]Partition
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
		m = &refModel{r: r, an: make(map[refCounts]*refAnalysis), keeps: make(map[refCounts][]Partition)}
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

// keepsOf returns the keeps of roll c in Keeps order (shared; do not modify).
func (m *refModel) keepsOf(c refCounts) []Partition {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ks, ok := m.keeps[c]; ok {
		return ks
	}
	type keep struct {
		dice []Die
		p    Partition
	}
	var ks []keep
	var k refCounts
	var rec func(f int)
	rec = func(f int) {
		if f == 7 {
			if k.size() == 0 {
				return
			}
			a := m.analysisLocked(k)
			if !a.full {
				return
			}
			ks = append(ks, keep{k.dice(), Partition{Combos: a.fullBest.Combos, Rest: c.minus(k).dice(), Points: a.fullBest.Points}})
			return
		}
		for n := 0; n <= c[f]; n++ {
			k[f] = n
			rec(f + 1)
		}
		k[f] = 0
	}
	rec(1)
	slices.SortFunc(ks, func(a, b keep) int {
		switch {
		case a.p.Points != b.p.Points:
			return b.p.Points - a.p.Points
		case len(a.dice) != len(b.dice):
			return len(a.dice) - len(b.dice)
		}
		return slices.Compare(a.dice, b.dice)
	})
	var out []Partition
	for _, k := range ks {
		out = append(out, k.p)
	}
	m.keeps[c] = out
	return out
}

func refCloneDice(d []Die) []Die {
	if len(d) == 0 {
		return nil
	}
	return slices.Clone(d)
}

func refClonePartition(p Partition) Partition {
	q := Partition{Rest: refCloneDice(p.Rest), Points: p.Points}
	if len(p.Combos) > 0 {
		q.Combos = make([]Combo, len(p.Combos))
		for i, cb := range p.Combos {
			q.Combos[i] = Combo{Kind: cb.Kind, Dice: refCloneDice(cb.Dice), Points: cb.Points}
		}
	}
	return q
}

// refInputError checks one argument: invalid dice, then too many dice, then
// (if noDice) an empty argument.
func refInputError(dice []Die, noDice bool) error {
	var bad []Die
	for _, d := range dice {
		if d < 1 || d > 6 {
			bad = append(bad, d)
		}
	}
	switch {
	case len(bad) > 0:
		return &DiceError{Err: ErrInvalidDie, Dice: bad}
	case len(dice) > 6:
		return &DiceError{Err: ErrTooManyDice, Dice: slices.Clone(dice)}
	case noDice && len(dice) == 0:
		return &DiceError{Err: ErrNoDice}
	}
	return nil
}

func refNonScoring(a *refAnalysis) error {
	return &DiceError{Err: ErrNonScoring, Dice: refCloneDice(a.best.Rest)}
}

// refScore is the reference for Scorer.Score.
func refScore(r Rules, dice []Die) (int, error) {
	if err := refInputError(dice, false); err != nil {
		return 0, err
	}
	a := refModelOf(r).analysis(refCountsOf(dice))
	if !a.full {
		return 0, refNonScoring(a)
	}
	return a.fullBest.Points, nil
}

// refBestPartition is the reference for Scorer.BestPartition.
func refBestPartition(r Rules, dice []Die) (Partition, error) {
	if err := refInputError(dice, false); err != nil {
		return Partition{}, err
	}
	if len(dice) == 0 {
		return Partition{}, nil
	}
	return refClonePartition(refModelOf(r).analysis(refCountsOf(dice)).best), nil
}

// refKeeps is the reference for Scorer.Keeps.
func refKeeps(r Rules, roll []Die) ([]Partition, error) {
	if err := refInputError(roll, true); err != nil {
		return nil, err
	}
	var out []Partition
	for _, p := range refModelOf(r).keepsOf(refCountsOf(roll)) {
		out = append(out, refClonePartition(p))
	}
	return out, nil
}

// refBestKeep is the reference for Scorer.BestKeep.
func refBestKeep(r Rules, roll []Die) (Partition, error) {
	ks, err := refKeeps(r, roll)
	if err != nil {
		return Partition{}, err
	}
	if len(ks) == 0 {
		return Partition{Rest: refCountsOf(roll).dice()}, nil
	}
	return ks[0], nil
}

// refIsFarkle is the reference for Scorer.IsFarkle.
func refIsFarkle(r Rules, roll []Die) (bool, error) {
	ks, err := refKeeps(r, roll)
	if err != nil {
		return false, err
	}
	return len(ks) == 0, nil
}

// refValidateKeep is the reference for Scorer.ValidateKeep.
func refValidateKeep(r Rules, roll, kept []Die) (int, error) {
	var bad []Die
	for _, d := range slices.Concat(roll, kept) {
		if d < 1 || d > 6 {
			bad = append(bad, d)
		}
	}
	switch {
	case len(bad) > 0:
		return 0, &DiceError{Err: ErrInvalidDie, Dice: bad}
	case len(roll) > 6:
		return 0, &DiceError{Err: ErrTooManyDice, Dice: slices.Clone(roll)}
	case len(kept) > 6:
		return 0, &DiceError{Err: ErrTooManyDice, Dice: slices.Clone(kept)}
	case len(roll) == 0 || len(kept) == 0:
		return 0, &DiceError{Err: ErrNoDice}
	}
	rc, kc := refCountsOf(roll), refCountsOf(kept)
	if !rc.contains(kc) {
		var surplus refCounts
		for f := 1; f <= 6; f++ {
			surplus[f] = max(0, kc[f]-rc[f])
		}
		return 0, &DiceError{Err: ErrNotInRoll, Dice: surplus.dice()}
	}
	return refScore(r, kept)
}

// refRulesProblems returns the fields of r that the Rules documentation
// says are invalid (empty for valid rules), in field order.
func refRulesProblems(r Rules) []string {
	var bad []string
	check := func(name string, ok bool) {
		if !ok {
			bad = append(bad, name)
		}
	}
	inRange := func(v int) bool { return 0 <= v && v <= MaxPoints }
	check("SingleOne", inRange(r.SingleOne))
	check("SingleFive", inRange(r.SingleFive))
	check("Triple[0]", r.Triple[0] == 0)
	for f := 1; f <= 6; f++ {
		check("Triple["+string(rune('0'+f))+"]", r.Triple[f] > 0 && r.Triple[f] <= MaxPoints)
	}
	check("Bonus", r.Bonus <= BonusNone)
	fixed := r.Bonus == BonusFixed
	for _, f := range []struct {
		name string
		v    int
	}{{"FourOfAKind", r.FourOfAKind}, {"FiveOfAKind", r.FiveOfAKind}, {"SixOfAKind", r.SixOfAKind}} {
		check(f.name, inRange(f.v) && (fixed == (f.v > 0)))
	}
	check("Straight", inRange(r.Straight))
	check("ThreePairs", inRange(r.ThreePairs))
	check("FourAsTwoPairs", !r.FourAsTwoPairs || r.ThreePairs > 0)
	check("FourAndPair", inRange(r.FourAndPair))
	check("TwoTriplets", inRange(r.TwoTriplets))
	check("Nothing", inRange(r.Nothing))
	return bad
}

// refCmpOpts compare results as the API documents them: an empty slice
// and a nil slice are the same.
var refCmpOpts = cmp.Options{cmpopts.EquateEmpty()}

// refErrView is an error as the tests compare it.
type refErrView struct {
	Sentinel  string // which exported sentinel errors.Is matches
	Dice      []Die  // the DiceError's dice, via errors.As
	DiceError bool   // whether errors.As finds a *DiceError
	NilDice   bool   // whether Dice is nil (the spec says nil for ErrNoDice)
}

var refSentinels = []struct {
	name string
	err  error
}{
	{"ErrInvalidDie", ErrInvalidDie}, {"ErrTooManyDice", ErrTooManyDice}, {"ErrNoDice", ErrNoDice},
	{"ErrNotInRoll", ErrNotInRoll}, {"ErrNonScoring", ErrNonScoring},
}

func refViewErr(err error) refErrView {
	if err == nil {
		return refErrView{}
	}
	v := refErrView{Sentinel: "(none: " + err.Error() + ")"}
	for _, s := range refSentinels {
		if errors.Is(err, s.err) {
			v.Sentinel = s.name
			break
		}
	}
	var de *DiceError
	if errors.As(err, &de) {
		v.DiceError = true
		v.Dice = de.Dice
		v.NilDice = de.Dice == nil
	}
	return v
}

// refSameErr reports whether got is the error want (both possibly nil): the
// same sentinel (errors.Is) and the same DiceError dice (errors.As).
func refSameErr(want, got error) bool {
	if want == nil || got == nil {
		return want == nil && got == nil
	}
	var w, g *DiceError
	if !errors.As(want, &w) || !errors.As(got, &g) || !errors.Is(got, w.Err) {
		return false
	}
	if w.Dice == nil {
		return g.Dice == nil
	}
	return slices.Equal(w.Dice, g.Dice)
}

// refSamePartition compares partitions, treating nil and empty slices alike.
//
//go:norace
func refSamePartition(a, b Partition) bool {
	if a.Points != b.Points || len(a.Combos) != len(b.Combos) || !slices.Equal(a.Rest, b.Rest) {
		return false
	}
	for i, ca := range a.Combos {
		cb := b.Combos[i]
		if ca.Kind != cb.Kind || ca.Points != cb.Points || !slices.Equal(ca.Dice, cb.Dice) {
			return false
		}
	}
	return true
}

//go:norace
func refSamePartitions(a, b []Partition) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !refSamePartition(a[i], b[i]) {
			return false
		}
	}
	return true
}

// Tests of the reference itself, with expectations written by hand from the
// product spec (the seeds) and semantics.md.

// TestReferencePresetsMatchSpec checks that the package presets are the rule
// sets that the issue describes (as written out above).
func TestReferencePresetsMatchSpec(t *testing.T) {
	for _, tc := range []struct {
		name      string
		got, want Rules
	}{{"App", App, refApp}, {"Core", Core, refCore}, {"Facebook", Facebook, refFacebook}, {"Zilch", Zilch, refZilch}, {"Classic", Classic, refClassic}} {
		if diff := cmp.Diff(tc.want, tc.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
		if bad := refRulesProblems(tc.want); len(bad) > 0 {
			t.Errorf("%s: reference validity check rejects the preset: %v", tc.name, bad)
		}
	}
}

func TestReferenceAppFacts(t *testing.T) {
	r := refApp
	score := []struct {
		dice []Die
		want int
	}{
		{[]Die{4, 4, 4}, 400},           // three 4s
		{[]Die{5, 5, 5, 1}, 600},        // three 5s and a 1, the 5s not counted again
		{[]Die{2, 2, 2, 2}, 1000},       // four of a kind, whatever the face
		{[]Die{1, 1, 1, 1}, 1000},       // four 1s are four of a kind, never 1000 + 100
		{[]Die{3, 3, 3, 3, 3}, 2000},    // five of a kind
		{[]Die{6, 6, 6, 6, 6, 6}, 3000}, // six of a kind
		{[]Die{4, 2, 6, 1, 3, 5}, 2500}, // straight in any order
		{[]Die{2, 2, 4, 4, 6, 6}, 1500}, // three pairs
		{[]Die{1, 1, 1, 1, 5, 5}, 1500}, // four and a pair are three pairs: more than 1000 + 50 + 50
		{[]Die{2, 2, 2, 3, 3, 3}, 500},  // two triplets just add up
		{[]Die{1}, 100},                 // single one
		{[]Die{5, 5}, 100},              // two single fives
		{[]Die{1, 1, 1, 5, 5, 5}, 1500}, // three 1s and three 5s
		{[]Die{2, 2, 2, 2, 2, 2}, 3000}, // six of a kind beats three pairs
		{nil, 0},                        // nothing kept, nothing scored
		{[]Die{1, 1, 1, 1, 1, 5}, 2050}, // five 1s and a 5
		{[]Die{1, 1, 2, 2, 2, 2}, 1500}, // 4+2 three pairs beat 1000 + 200
		{[]Die{5, 5, 5, 5, 5, 5}, 3000}, // six 5s
		{[]Die{1, 5, 1, 5, 1, 5}, 1500}, // 1000 + 500 = three 1s and three 5s
		{[]Die{1, 1, 5, 5, 6, 6}, 1500}, // three pairs beat nothing
		{[]Die{3, 3, 3, 1, 1, 5}, 550},  // 300 + 100 + 100 + 50
		{[]Die{6, 6, 6, 6, 1, 5}, 1150}, // 1000 + 100 + 50
		{[]Die{4, 4, 4, 4, 4, 1}, 2100}, // 2000 + 100
		{[]Die{2, 2, 2, 2, 1, 1}, 1500}, // three pairs, more than 1000 + 200
		{[]Die{1, 1, 1, 2, 2, 2}, 1200}, // 1000 + 200
		{[]Die{5, 5, 5, 5, 1, 1}, 1500}, // three pairs (1200 otherwise)
		{[]Die{1, 1, 1, 1, 1, 1}, 3000}, // six 1s
		{[]Die{5, 5, 5, 5, 5, 1}, 2100}, // 2000 + 100
		{[]Die{5, 5, 1, 1, 3, 3}, 1500}, // three pairs
		{[]Die{5, 5, 5, 1, 1}, 700},     // 500 + 200
		{[]Die{1, 1, 1, 1, 1}, 2000},    // five of a kind, not 1000 + 200
		{[]Die{5, 5, 5, 5, 5}, 2000},    // five of a kind
		{[]Die{2, 2, 2, 5}, 250},        // 200 + 50
		{[]Die{6, 6, 6}, 600},           // three 6s
		{[]Die{3, 3, 3, 3, 5, 5}, 1500}, // three pairs
		{[]Die{6, 5, 4, 3, 2, 1}, 2500}, // straight
		{[]Die{1, 1}, 200},              // two singles
		{[]Die{1, 5, 5}, 200},           // 100 + 50 + 50
		{[]Die{1, 1, 5, 5}, 300},        // four singles
		{[]Die{2, 2, 2, 1, 1, 5}, 450},  // 200 + 100 + 100 + 50
		{[]Die{3, 3, 3, 6, 6, 6}, 900},  // 300 + 600
		{[]Die{4, 4, 4, 4, 5}, 1050},    // 1000 + 50
		{[]Die{2, 2, 3, 3, 4, 4}, 1500}, // three pairs of non-scoring faces
		{[]Die{1, 1, 1}, 1000},          // three 1s
	}
	for _, tc := range score {
		got, err := refScore(r, tc.dice)
		if got != tc.want || err != nil {
			t.Errorf("refScore(%v) = %d, %v; want %d, nil", tc.dice, got, err, tc.want)
		}
	}

	// 1,1,1,1 is one FourOfAKind (never a split under App).
	p, err := refBestPartition(r, []Die{1, 1, 1, 1})
	want := Partition{Combos: []Combo{{FourOfAKind, []Die{1, 1, 1, 1}, 1000}}, Points: 1000}
	if diff := cmp.Diff(want, p, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refBestPartition(1,1,1,1) err %v (-want +got):\n%s", err, diff)
	}
	// 1,1,1,1,5,5 is ThreePairs.
	p, err = refBestPartition(r, []Die{5, 1, 5, 1, 1, 1})
	want = Partition{Combos: []Combo{{ThreePairs, []Die{1, 1, 1, 1, 5, 5}, 1500}}, Points: 1500}
	if diff := cmp.Diff(want, p, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refBestPartition(5,1,5,1,1,1) err %v (-want +got):\n%s", err, diff)
	}
	// 1,1,1,1,2,3: the best partition puts the four 1s together, rest 2,3.
	p, err = refBestPartition(r, []Die{1, 1, 1, 1, 2, 3})
	want = Partition{Combos: []Combo{{FourOfAKind, []Die{1, 1, 1, 1}, 1000}}, Rest: []Die{2, 3}, Points: 1000}
	if diff := cmp.Diff(want, p, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refBestPartition(1,1,1,1,2,3) err %v (-want +got):\n%s", err, diff)
	}
	// ... and the best keep is three 1s, for the same 1000 with three dice to roll.
	p, err = refBestKeep(r, []Die{1, 1, 1, 1, 2, 3})
	want = Partition{Combos: []Combo{{ThreeOnes, []Die{1, 1, 1}, 1000}}, Rest: []Die{1, 2, 3}, Points: 1000}
	if diff := cmp.Diff(want, p, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refBestKeep(1,1,1,1,2,3) err %v (-want +got):\n%s", err, diff)
	}
	// 5,5,5,1,2,3: the best keep is three 5s and the 1.
	p, err = refBestKeep(r, []Die{5, 5, 5, 1, 2, 3})
	want = Partition{Combos: []Combo{{ThreeOfAKind, []Die{5, 5, 5}, 500}, {SingleOne, []Die{1}, 100}}, Rest: []Die{2, 3}, Points: 600}
	if diff := cmp.Diff(want, p, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refBestKeep(5,5,5,1,2,3) err %v (-want +got):\n%s", err, diff)
	}
	// From 1,2,3,4,6,6 keeping 1 and 2 is rejected because of the 2; the 1 alone is 100.
	_, err = refValidateKeep(r, []Die{1, 2, 3, 4, 6, 6}, []Die{1, 2})
	if diff := cmp.Diff(refErrView{Sentinel: "ErrNonScoring", Dice: []Die{2}, DiceError: true}, refViewErr(err)); diff != "" {
		t.Errorf("refValidateKeep(1,2,3,4,6,6; 1,2) error (-want +got):\n%s", diff)
	}
	if got, err := refValidateKeep(r, []Die{1, 2, 3, 4, 6, 6}, []Die{1}); got != 100 || err != nil {
		t.Errorf("refValidateKeep(1,2,3,4,6,6; 1) = %d, %v; want 100, nil", got, err)
	}
	// Keeping a 3 that the roll lacks: the surplus is reported.
	_, err = refValidateKeep(r, []Die{1, 2, 3}, []Die{3, 3, 1, 5})
	if diff := cmp.Diff(refErrView{Sentinel: "ErrNotInRoll", Dice: []Die{3, 5}, DiceError: true}, refViewErr(err)); diff != "" {
		t.Errorf("refValidateKeep(1,2,3; 3,3,1,5) error (-want +got):\n%s", diff)
	}
	// Keeps of 1,5,5 in order: 200 (all), 150 (1,5), 100 with one die (1),
	// 100 with two dice (5,5), 50 (5).
	ks, err := refKeeps(r, []Die{5, 1, 5})
	wantKs := []Partition{
		{Combos: []Combo{{SingleOne, []Die{1}, 100}, {SingleFive, []Die{5}, 50}, {SingleFive, []Die{5}, 50}}, Points: 200},
		{Combos: []Combo{{SingleOne, []Die{1}, 100}, {SingleFive, []Die{5}, 50}}, Rest: []Die{5}, Points: 150},
		{Combos: []Combo{{SingleOne, []Die{1}, 100}}, Rest: []Die{5, 5}, Points: 100},
		{Combos: []Combo{{SingleFive, []Die{5}, 50}, {SingleFive, []Die{5}, 50}}, Rest: []Die{1}, Points: 100},
		{Combos: []Combo{{SingleFive, []Die{5}, 50}}, Rest: []Die{1, 5}, Points: 50},
	}
	if diff := cmp.Diff(wantKs, ks, refCmpOpts); diff != "" || err != nil {
		t.Errorf("refKeeps(5,1,5) err %v (-want +got):\n%s", err, diff)
	}
	// A farkle.
	if f, err := refIsFarkle(r, []Die{2, 3, 4, 6, 6, 2}); !f || err != nil {
		t.Errorf("refIsFarkle(2,3,4,6,6,2) = %v, %v; want true, nil", f, err)
	}
	p, err = refBestKeep(r, []Die{6, 2, 3})
	if diff := cmp.Diff(Partition{Rest: []Die{2, 3, 6}}, p); diff != "" || err != nil {
		t.Errorf("refBestKeep(6,2,3) err %v (-want +got):\n%s", err, diff)
	}
}

// TestReferenceFarkleCounts checks the reference against the published
// farkle counts of the App rules (and Core and Zilch on six dice) by
// counting over all ordered rolls.
func TestReferenceFarkleCounts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     Rules
		n     int
		count int
	}{
		{"App", refApp, 1, 4}, {"App", refApp, 2, 16}, {"App", refApp, 3, 60},
		{"App", refApp, 4, 204}, {"App", refApp, 5, 600}, {"App", refApp, 6, 1080},
		{"Core", refCore, 6, 1440}, {"Zilch", refZilch, 6, 0},
	} {
		got := 0
		roll := make([]Die, tc.n)
		var rec func(i int)
		rec = func(i int) {
			if i == tc.n {
				if f, err := refIsFarkle(tc.r, roll); err != nil {
					t.Fatalf("refIsFarkle(%v): %v", roll, err)
				} else if f {
					got++
				}
				return
			}
			for d := Die(1); d <= 6; d++ {
				roll[i] = d
				rec(i + 1)
			}
		}
		rec(0)
		if got != tc.count {
			t.Errorf("%s: %d of the ordered rolls of %d dice are farkles; want %d", tc.name, got, tc.n, tc.count)
		}
	}
}

// TestReferenceSplitRules checks the split enumeration on small cases
// against hand-counted splits.
func TestReferenceSplitRules(t *testing.T) {
	// Core (Split) on 1,1,1,1: the splits are {} ; {1} ; {1,1}; {1,1,1} as
	// singles; four singles; ThreeOnes; ThreeOnes + single: 7 in all.
	if got := len(refSplits(refCore, []Die{1, 1, 1, 1})); got != 7 {
		t.Errorf("Core splits of 1,1,1,1: %d; want 7", got)
	}
	// App (never split) on 1,1,1,1: only FourOfAKind.
	if got := refSplits(refApp, []Die{1, 1, 1, 1}); len(got) != 1 || got[0].points != 1000 {
		t.Errorf("App splits of 1,1,1,1: %+v; want only FourOfAKind", got)
	}
	// App on 1,1,5,5,1,1: the per-face split (FourOfAKind + two 5s) and ThreePairs.
	if got := refSplits(refApp, []Die{1, 1, 5, 5, 1, 1}); len(got) != 2 {
		t.Errorf("App splits of 1,1,1,1,5,5: %+v; want 2", got)
	}
	// Never split with BonusNone: 1,1,1,1,1 is a triple and two singles.
	r := refCore
	r.Split = false
	got := refSplits(r, []Die{1, 1, 1, 1, 1})
	if len(got) != 1 || got[0].points != 1200 || len(got[0].combos) != 3 {
		t.Errorf("never-split Core splits of 1,1,1,1,1: %+v; want ThreeOnes + 2 singles", got)
	}
	// Zilch on 2,2,3,4,6,6: nothing scores, so Nothing is added.
	got = refSplits(refZilch, []Die{2, 2, 3, 4, 6, 6})
	if len(got) == 0 || got[len(got)-1].combos[0].Kind != Nothing {
		t.Errorf("Zilch splits of 2,2,3,4,6,6: %+v; want a Nothing split", got)
	}
}
