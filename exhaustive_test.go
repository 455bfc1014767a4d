package farkle

// Exhaustive checks of the compiled scorers against the reference scorer of
// reference_test.go: every preset, every ordered sequence of 0 to 6 dice,
// every (roll, keep) pair whose keep is a subset of the roll's positions,
// and every pair of multisets as (roll, keep) for the keeps that are not in
// the roll. exhaustive_inputs_test.go adds invalid inputs and aliasing.
//
// Under the race detector the loops over sequences and pairs check a
// deterministic sample (see raceStride); without it they check everything
// with New's Scorer, and a sample with the other scorers of App, which
// share its tables (exhAPIs).

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// An exhAPI is the functions of one scorer.
type exhAPI struct {
	name        string
	sampled     bool // the heaviest loops check only a sample of inputs with it
	score       func([]Die) (int, error)
	validate    func(roll, kept []Die) (int, error)
	best        func([]Die) (Partition, error)
	bestKeep    func([]Die) (Partition, error)
	keeps       func([]Die) ([]Partition, error)
	appendKeeps func([]Partition, []Die) ([]Partition, error)
	isFarkle    func([]Die) (bool, error)
}

func exhScorerAPI(name string, s *Scorer) exhAPI {
	return exhAPI{name, false, s.Score, s.ValidateKeep, s.BestPartition, s.BestKeep, s.Keeps, s.AppendKeeps, s.IsFarkle}
}

// exhAPIs returns the scorers to check for a preset: New(rules), and for
// App also the package-level functions, a nil *Scorer and a zero Scorer.
// All four of App score with one set of tables (TestNewPresets checks that
// New(App.Rules()) has the very tables of the package-level functions and
// of a nil *Scorer), so the heaviest loops check every input with New's
// Scorer and a sample with the other three.
func exhAPIs(t *testing.T, p Scoring, r Rules) []exhAPI {
	t.Helper()
	apis := []exhAPI{exhScorerAPI("New("+p.String()+")", mustNew(t, r))}
	if p == AppScoring {
		pkgAPI := exhAPI{"package", true, Score, ValidateKeep, BestPartition, BestKeep, Keeps, AppendKeeps, IsFarkle}
		nilAPI, zeroAPI := exhScorerAPI("(*Scorer)(nil)", nil), exhScorerAPI("&Scorer{}", &Scorer{})
		nilAPI.sampled, zeroAPI.sampled = true, true
		apis = append(apis, pkgAPI, nilAPI, zeroAPI)
	}
	return apis
}

// exhSample is the stride of the sample of the sampled scorers: one input
// in exhSample.
const exhSample = 7

// Multisets of up to six dice are indexed by a base-7 code: the sum over
// the dice of 7^(face-1). exhIndex maps a code to the multiset's index in
// multisets().
const exhCodes = 117649 // 7^6

var exhPow7 = [7]int{0, 1, 7, 49, 343, 2401, 16807}

func exhCode(dice []Die) int {
	c := 0
	for _, d := range dice {
		c += exhPow7[d]
	}
	return c
}

var exhIndex = sync.OnceValue(func() *[exhCodes]int16 {
	var ix [exhCodes]int16
	for i := range ix {
		ix[i] = -1
	}
	for i, m := range multisets() {
		ix[exhCode(m)] = int16(i)
	}
	return &ix
})

// An exhTable holds the reference results of every multiset for one Rules
// value, by index in multisets(), so that the loops look them up cheaply.
type exhTable struct {
	an       []*refAnalysis
	keeps    [][]partView
	bestKeep []partView
}

var exhTables sync.Map // Rules -> func() *exhTable

func exhTableOf(r Rules) *exhTable {
	build, _ := exhTables.LoadOrStore(r, sync.OnceValue(func() *exhTable {
		m := refModelOf(r)
		ms := multisets()
		x := &exhTable{an: make([]*refAnalysis, len(ms)), keeps: make([][]partView, len(ms)), bestKeep: make([]partView, len(ms))}
		for i, d := range ms {
			c := refCountsOf(d)
			x.an[i] = m.analysis(c)
			if len(d) > 0 {
				x.keeps[i] = m.keepsOf(c)
				x.bestKeep[i], _ = refBestKeep(r, d)
			}
		}
		return x
	}))
	return build.(func() *exhTable)()
}

// An exhErr is an expected error: a *DiceError with this sentinel, these
// dice and as many of them as Count, or no error if sentinel is nil.
// Checking it does not allocate.
type exhErr struct {
	sentinel error
	dice     []Die
}

func (e exhErr) matches(err error) bool {
	if e.sentinel == nil || err == nil {
		return e.sentinel == nil && err == nil
	}
	// errors.As looks at err itself first: a direct *DiceError is what it
	// would find. The type assertion avoids its cost in the hot loops.
	de, ok := err.(*DiceError)
	if !ok {
		return refSameErr(e.error(), err)
	}
	if de.Err != e.sentinel && !errors.Is(err, e.sentinel) || de.Count != len(e.dice) {
		return false
	}
	if e.dice == nil {
		return de.Dice == nil
	}
	return slices.Equal(de.Dice, e.dice)
}

func (e exhErr) error() error {
	if e.sentinel == nil {
		return nil
	}
	return refDiceError(e.sentinel, e.dice)
}

// scoreWant is the expected Score of multiset i.
func (x *exhTable) scoreWant(i int) (int, exhErr) {
	a := x.an[i]
	if !a.full {
		return 0, exhErr{ErrNonScoring, a.best.Rest}
	}
	return a.fullBest.Points, exhErr{}
}

// mismatch reports a call whose result differs from the reference.
func (f *failer) mismatch(call string, want any, wantErr error, got any, gotErr error) {
	f.t.Helper()
	diff := cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{got, viewErr(gotErr)})
	if diff == "" {
		diff = "(the views agree: the difference is in what they do not show)"
	}
	f.failf("%s (-want +got):\n%s", call, diff)
}

// exhCanon holds one scorer's results on the multisets in ascending order,
// after they have been checked against the reference.
type exhCanon struct {
	best, bestKeep []Partition
	keeps          [][]Partition
}

// exhCheckMultisets compares BestPartition, BestKeep, Keeps, AppendKeeps
// and IsFarkle of api on every multiset, in ascending order, with the
// reference, through the exported methods of the results, and returns the
// results.
func exhCheckMultisets(f *failer, x *exhTable, api exhAPI) *exhCanon {
	f.t.Helper()
	ms := multisets()
	c := &exhCanon{best: make([]Partition, len(ms)), bestKeep: make([]Partition, len(ms)), keeps: make([][]Partition, len(ms))}
	for i, m := range ms {
		best, err := api.best(m)
		if want := x.an[i].best; err != nil || !want.equal(viewOf(best)) || len(m) == 0 && best != (Partition{}) {
			f.mismatch(fmt.Sprintf("%s.BestPartition(%v)", api.name, m), want, nil, viewOf(best), err)
		}
		c.best[i] = best
		if len(m) == 0 {
			continue // no dice: an error, checked with the sequences
		}
		bk, err := api.bestKeep(m)
		if want := x.bestKeep[i]; err != nil || !want.equal(viewOf(bk)) {
			f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, m), want, nil, viewOf(bk), err)
		}
		c.bestKeep[i] = bk
		ks, err := api.keeps(m)
		if want := x.keeps[i]; err != nil || !viewsEqual(want, viewsOf(ks)) {
			f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, m), want, nil, viewsOf(ks), err)
		}
		c.keeps[i] = ks
	}
	return c
}

// TestExhaustiveSequences compares Score, BestPartition, BestKeep, Keeps,
// AppendKeeps and IsFarkle with the reference on every ordered sequence of
// 0 to 6 dice (55,987 of them), for every preset: the multisets in
// ascending order through the results' methods, then every sequence
// against the result of its multiset with ==.
func TestExhaustiveSequences(t *testing.T) {
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			for _, api := range exhAPIs(t, p.preset, p.rules) {
				f := &failer{t: t}
				canon := exhCheckMultisets(f, x, api)
				stride := 1
				if raceEnabled {
					stride = exhSample
					if api.sampled {
						stride *= exhSample
					}
				}
				seqs := 0
				forEachRoll(0, MaxDice, func(seq, orig []Die) {
					if seqs++; seqs%stride != 0 && len(seq) > 1 {
						return // the sequences of zero and one die are always checked
					}
					exhCheckSequence(f, x, canon, api, seq)
					if !slices.Equal(seq, orig) {
						f.failf("%s: a call changed its argument %v to %v", api.name, orig, seq)
					}
				})
				if seqs != 55987 {
					t.Fatalf("enumerated %d sequences; want 55987", seqs)
				}
			}
		})
	}
}

func exhCheckSequence(f *failer, x *exhTable, canon *exhCanon, api exhAPI, seq []Die) {
	f.t.Helper()
	i := int(exhIndex()[exhCode(seq)])

	wantPts, wantE := x.scoreWant(i)
	if got, err := api.score(seq); got != wantPts || !wantE.matches(err) {
		f.mismatch(fmt.Sprintf("%s.Score(%v)", api.name, seq), wantPts, wantE.error(), got, err)
	}
	if got, err := api.best(seq); err != nil || got != canon.best[i] {
		f.mismatch(fmt.Sprintf("%s.BestPartition(%v)", api.name, seq), viewOf(canon.best[i]), nil, viewOf(got), err)
	}

	// AppendKeeps after a prefix, with room for every keep.
	var buf [64]Partition
	prefix := canon.best[i]
	buf[0] = prefix

	// BestKeep, Keeps, AppendKeeps, IsFarkle: ErrNoDice and zero results
	// for no dice, and AppendKeeps returns dst unchanged.
	if len(seq) == 0 {
		noDice := exhErr{sentinel: ErrNoDice}
		if got, err := api.bestKeep(seq); !noDice.matches(err) || got != (Partition{}) {
			f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, seq), partView{}, noDice.error(), viewOf(got), err)
		}
		if got, err := api.keeps(seq); !noDice.matches(err) || got != nil {
			f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, seq), []partView(nil), noDice.error(), viewsOf(got), err)
		}
		if got, err := api.appendKeeps(buf[:1], seq); !noDice.matches(err) || len(got) != 1 || &got[0] != &buf[0] || got[0] != prefix {
			f.mismatch(fmt.Sprintf("%s.AppendKeeps(dst, %v)", api.name, seq), viewsOf(buf[:1]), noDice.error(), viewsOf(got), err)
		}
		if got, err := api.isFarkle(seq); !noDice.matches(err) || got {
			f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, seq), false, noDice.error(), got, err)
		}
		return
	}
	wantKs := canon.keeps[i]
	if got, err := api.bestKeep(seq); err != nil || got != canon.bestKeep[i] {
		f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, seq), viewOf(canon.bestKeep[i]), nil, viewOf(got), err)
	}
	if got, err := api.keeps(seq); err != nil || !slices.Equal(got, wantKs) {
		f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, seq), viewsOf(wantKs), nil, viewsOf(got), err)
	}
	if got, err := api.appendKeeps(buf[:1], seq); err != nil || len(got) == 0 || &got[0] != &buf[0] || got[0] != prefix || !slices.Equal(got[1:], wantKs) {
		f.mismatch(fmt.Sprintf("%s.AppendKeeps(dst, %v)", api.name, seq), viewsOf(append([]Partition{prefix}, wantKs...)), nil, viewsOf(got), err)
	}
	if got, err := api.isFarkle(seq); err != nil || got != (len(wantKs) == 0) {
		f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, seq), len(wantKs) == 0, nil, got, err)
	}
}

// TestExhaustiveValidateKeepSubsets calls ValidateKeep with every ordered
// roll of 0 to 6 dice and every subset of its positions as the keep, in
// roll order: 3,257,437 subsets, which make 2,327,263 different (roll,
// keep) pairs per scorer, each checked once (1, 5, 1 keeps 1 from its
// first or its last position: one call).
func TestExhaustiveValidateKeepSubsets(t *testing.T) {
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			for _, api := range exhAPIs(t, p.preset, p.rules) {
				stride := raceStride(61)
				if api.sampled {
					stride *= exhSample
				}
				f := &failer{t: t}
				if subsets, pairs := exhValidateSubsets(f, x, api, stride); stride == 1 && (subsets != 3257437 || pairs != 2327263) {
					t.Fatalf("went through %d subsets and checked %d pairs; want 3257437 and 2327263", subsets, pairs)
				}
			}
		})
	}
}

// exhValidateSubsets is the loop of TestExhaustiveValidateKeepSubsets: one
// roll in stride is checked, with all its subsets. Subsets that keep the
// same dice in the same order make the same call, which is made once: for
// the subset that takes each die at the first position it can (1, 5, 1
// keeps 1 at position 0, not 2). It returns the number of subsets and of
// calls.
func exhValidateSubsets(f *failer, x *exhTable, api exhAPI, stride int) (subsets, pairs int) {
	f.t.Helper()
	ix := exhIndex()
	var kbuf, korig [6]Die
	var kcode [64]int // the code of the keep of each mask
	rolls := 0
	forEachRoll(0, MaxDice, func(roll, orig []Die) {
		if rolls++; rolls%stride != 0 {
			return
		}
		n := len(roll)
	masks:
		for mask := range 1 << n {
			subsets++
			k := 0
			if mask > 0 {
				low := 0
				for mask&(1<<low) == 0 {
					low++
				}
				kcode[mask] = kcode[mask&(mask-1)] + exhPow7[orig[low]]
				var skipped [7]bool // faces passed over since the last kept die
				for i := range n {
					if mask&(1<<i) == 0 {
						skipped[orig[i]] = true
						continue
					}
					if skipped[orig[i]] {
						continue masks // an earlier position of this face makes the same keep
					}
					skipped = [7]bool{}
					kbuf[k] = orig[i]
					k++
				}
			}
			pairs++
			korig = kbuf
			wantPts, wantE := 0, exhErr{sentinel: ErrNoDice}
			if n > 0 && k > 0 {
				wantPts, wantE = x.scoreWant(int(ix[kcode[mask]]))
			}
			got, err := api.validate(roll, kbuf[:k:k])
			if got != wantPts || !wantE.matches(err) {
				f.mismatch(fmt.Sprintf("%s.ValidateKeep(%v, %v)", api.name, orig, korig[:k]), wantPts, wantE.error(), got, err)
			}
			if kbuf != korig {
				f.failf("%s.ValidateKeep(%v, %v) changed the keep to %v", api.name, orig, korig[:k], kbuf[:k])
			}
		}
		if !slices.Equal(roll, orig) {
			f.failf("%s.ValidateKeep changed the roll %v to %v", api.name, orig, roll)
		}
	})
	return subsets, pairs
}

// TestExhaustiveValidateKeepNotInRoll calls ValidateKeep with pairs of
// multisets of 0 to 6 dice as (roll, keep): every pair for App, a
// deterministic sample for the other presets that still yields every
// possible surplus, in ascending order (and a third of them also in
// descending order). The error must list the surplus dice.
func TestExhaustiveValidateKeepNotInRoll(t *testing.T) {
	ms := multisets()
	desc := make([][]Die, len(ms))
	for i, m := range ms {
		desc[i] = slices.Clone(m)
		slices.Reverse(desc[i])
	}
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			f := &failer{t: t}
			// Whether a keep is in the roll does not depend on the rules: App
			// checks every pair, the other presets the rolls of one die and
			// one other pair in 5.
			stride := 5
			if p.preset == AppScoring {
				stride = 1
			}
			stride *= raceStride(11)
			if shapes := exhValidatePairs(f, x, exhAPIs(t, p.preset, p.rules), ms, desc, stride); shapes != 922 {
				// Every non-empty multiset of up to six dice can be the
				// surplus, except 1-2-3-4-5-6 (the roll would be empty).
				t.Errorf("checked %d different surplus multisets; want all 922", shapes)
			}
		})
	}
}

// exhValidatePairs is the loop of TestExhaustiveValidateKeepNotInRoll.
func exhValidatePairs(f *failer, x *exhTable, apis []exhAPI, asc, desc [][]Die, stride int) (shapes int) {
	f.t.Helper()
	ix := exhIndex()
	var roll, kept, surplusBuf [6]Die
	seen := make([]bool, exhCodes)
	pair := 0
	for i, rd := range asc {
		rc := refCountsOf(rd)
		for j, kd := range asc {
			pair++
			if pair%stride != 0 && len(rd) > 1 {
				continue // the rolls of one die are always checked: they give every surplus
			}
			kc := refCountsOf(kd)
			// The expected result, step by step as ValidateKeep lists the checks.
			wantPts, wantE := 0, exhErr{}
			surplus := surplusBuf[:0]
			for d := 1; d <= 6; d++ {
				for range kc[d] - rc[d] {
					surplus = append(surplus, Die(d))
				}
			}
			switch {
			case len(rd) == 0 || len(kd) == 0:
				wantE = exhErr{sentinel: ErrNoDice}
			case len(surplus) > 0:
				if code := exhCode(surplus); !seen[code] {
					seen[code] = true
					shapes++
				}
				wantE = exhErr{ErrNotInRoll, surplus}
			default:
				wantPts, wantE = x.scoreWant(int(ix[exhCode(kd)]))
			}
			orders := [2][2][]Die{{rd, kd}, {desc[i], desc[j]}}
			nOrders := 1
			if pair/stride%3 == 0 {
				nOrders = 2 // descending order on a third of the pairs
			}
			for _, api := range apis {
				if api.sampled && pair/stride%exhSample != 0 {
					continue
				}
				for _, order := range orders[:nOrders] {
					r := roll[:copy(roll[:], order[0]):len(order[0])]
					k := kept[:copy(kept[:], order[1]):len(order[1])]
					got, err := api.validate(r, k)
					if got != wantPts || !wantE.matches(err) {
						f.mismatch(fmt.Sprintf("%s.ValidateKeep(%v, %v)", api.name, order[0], order[1]), wantPts, wantE.error(), got, err)
					}
					if !slices.Equal(r, order[0]) || !slices.Equal(k, order[1]) {
						f.failf("%s.ValidateKeep(%v, %v) changed its arguments to %v, %v", api.name, order[0], order[1], r, k)
					}
				}
			}
		}
	}
	return shapes
}

// TestExhaustiveFarkleCounts counts the farkles among all ordered rolls of
// 1 to 6 dice, with the compiled scorers and with the reference. The
// published counts are literal expectations; the others must agree with
// the reference.
func TestExhaustiveFarkleCounts(t *testing.T) {
	known := map[Scoring][7]int{ // -1: no published count
		AppScoring:   {0, 4, 16, 60, 204, 600, 1080},
		CoreScoring:  {0, -1, -1, -1, -1, -1, 1440},
		ZilchScoring: {0, -1, -1, -1, -1, -1, 0},
	}
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			x := exhTableOf(p.rules)
			ix := exhIndex()
			var ref [7]int
			forEachRoll(1, MaxDice, func(seq, _ []Die) {
				if len(x.keeps[ix[exhCode(seq)]]) == 0 {
					ref[len(seq)]++
				}
			})
			want, ok := known[p.preset]
			for n := 1; n <= 6; n++ {
				if ok && want[n] >= 0 && ref[n] != want[n] {
					t.Errorf("reference: %d of %d ordered rolls of %d dice are farkles; want %d", ref[n], exhRolls(n), n, want[n])
				}
			}
			for _, api := range exhAPIs(t, p.preset, p.rules) {
				var got [7]int
				forEachRoll(1, MaxDice, func(seq, _ []Die) {
					f, err := api.isFarkle(seq)
					if err != nil {
						t.Fatalf("%s.IsFarkle(%v): %v", api.name, seq, err)
					}
					if f {
						got[len(seq)]++
					}
				})
				if got != ref {
					t.Errorf("%s: farkles per number of dice %v; the reference counts %v", api.name, got[1:], ref[1:])
				}
			}
		})
	}
}

func exhRolls(n int) int {
	r := 1
	for range n {
		r *= 6
	}
	return r
}
