package farkle

// Exhaustive checks of the compiled scorers against the reference scorer of
// reference_test.go: every preset, every ordered sequence of 0 to 6 dice,
// every (roll, keep) pair whose keep is a subset of the roll's positions,
// every pair of multisets as (roll, keep) for the keeps that are not in the
// roll, and a list of invalid inputs.

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// exhPresets are the rule sets checked exhaustively.
var exhPresets = []struct {
	name  string
	rules Rules
}{
	{"App", refApp}, {"Core", refCore}, {"Facebook", refFacebook}, {"Zilch", refZilch}, {"Classic", refClassic},
}

// An exhAPI is the six functions of one scorer.
type exhAPI struct {
	name     string
	sampled  bool // the heaviest loops check only a sample of inputs with it
	score    func([]Die) (int, error)
	validate func(roll, kept []Die) (int, error)
	best     func([]Die) (Partition, error)
	bestKeep func([]Die) (Partition, error)
	keeps    func([]Die) ([]Partition, error)
	isFarkle func([]Die) (bool, error)
}

func exhScorerAPI(name string, s *Scorer) exhAPI {
	return exhAPI{name, false, s.Score, s.ValidateKeep, s.BestPartition, s.BestKeep, s.Keeps, s.IsFarkle}
}

// exhAPIs returns the scorers to check for a preset: New(rules), and for
// App also the package-level functions, a nil *Scorer and a zero Scorer.
func exhAPIs(t *testing.T, name string, r Rules) []exhAPI {
	t.Helper()
	s, err := New(r)
	if err != nil {
		t.Fatalf("New(%s): %v", name, err)
	}
	apis := []exhAPI{exhScorerAPI("New("+name+")", s)}
	if name == "App" {
		apis = append(apis,
			exhAPI{"package", false, Score, ValidateKeep, BestPartition, BestKeep, Keeps, IsFarkle},
			exhSampled(exhScorerAPI("(*Scorer)(nil)", nil)),
			exhSampled(exhScorerAPI("&Scorer{}", &Scorer{})))
	}
	return apis
}

// exhSampled marks a scorer that shares its tables with one checked in
// full (the nil and zero Scorer use the package's App tables): the heaviest
// loops check it on a sample only, to keep the test fast under -race.
func exhSampled(a exhAPI) exhAPI {
	a.sampled = true
	return a
}

// exhSample is the stride of the sample: one input in exhSample.
const exhSample = 7

// Multisets of up to six dice are indexed by a base-7 code: the sum over
// the dice of 7^(face-1).
const exhCodes = 117649 // 7^6

var exhPow7 = [7]int{0, 1, 7, 49, 343, 2401, 16807}

func exhCode(dice []Die) int {
	c := 0
	for _, d := range dice {
		c += exhPow7[d]
	}
	return c
}

// exhMultisets returns every multiset of 0 to 6 dice (924 of them).
func exhMultisets() []refCounts {
	var out []refCounts
	var c refCounts
	var rec func(f, left int)
	rec = func(f, left int) {
		if f == 7 {
			out = append(out, c)
			return
		}
		for n := 0; n <= left; n++ {
			c[f] = n
			rec(f+1, left-n)
		}
		c[f] = 0
	}
	rec(1, 6)
	return out
}

// An exhTable holds the reference results of every multiset for one Rules
// value, indexed by code, so that the loops below look them up cheaply.
type exhTable struct {
	an       []*refAnalysis
	keeps    [][]Partition
	bestKeep []Partition
}

var exhTables struct {
	sync.Mutex
	m map[Rules]*exhTableOnce
}

type exhTableOnce struct {
	once sync.Once
	t    *exhTable
}

func exhTableOf(r Rules) *exhTable {
	exhTables.Lock()
	if exhTables.m == nil {
		exhTables.m = make(map[Rules]*exhTableOnce)
	}
	o := exhTables.m[r]
	if o == nil {
		o = &exhTableOnce{}
		exhTables.m[r] = o
	}
	exhTables.Unlock()
	o.once.Do(func() {
		m := refModelOf(r)
		x := &exhTable{an: make([]*refAnalysis, exhCodes), keeps: make([][]Partition, exhCodes), bestKeep: make([]Partition, exhCodes)}
		for _, c := range exhMultisets() {
			d := c.dice()
			code := exhCode(d)
			x.an[code] = m.analysis(c)
			if len(d) > 0 {
				x.keeps[code] = m.keepsOf(c)
				if len(x.keeps[code]) > 0 {
					x.bestKeep[code] = x.keeps[code][0]
				} else {
					x.bestKeep[code] = Partition{Rest: d}
				}
			}
		}
		o.t = x
	})
	return o.t
}

// An exhErr is an expected error: a *DiceError with this sentinel and these
// dice, or no error if sentinel is nil. Checking it does not allocate.
type exhErr struct {
	sentinel error
	dice     []Die
}

//go:norace
func (e exhErr) matches(err error) bool {
	if e.sentinel == nil || err == nil {
		return e.sentinel == nil && err == nil
	}
	// errors.As looks at err itself first: a direct *DiceError is what it
	// would find. The type assertion avoids its cost in the hot loops.
	de, ok := err.(*DiceError)
	if !ok {
		return refSameErr(&DiceError{Err: e.sentinel, Dice: e.dice}, err)
	}
	if de.Err != e.sentinel && !errors.Is(err, e.sentinel) {
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
	return &DiceError{Err: e.sentinel, Dice: e.dice}
}

// scoreWant is the expected Score of the multiset with this code.
func (x *exhTable) scoreWant(code int) (int, exhErr) {
	a := x.an[code]
	if !a.full {
		return 0, exhErr{ErrNonScoring, a.best.Rest}
	}
	return a.fullBest.Points, exhErr{}
}

// An exhFailer reports mismatches and stops the test after a few.
type exhFailer struct {
	t *testing.T
	n int
}

const exhMaxFailures = 8

type exhOutcome struct {
	Result any
	Err    refErrView
}

// mismatch reports a call whose result differs from the reference.
func (f *exhFailer) mismatch(call string, want any, wantErr error, got any, gotErr error) {
	f.t.Helper()
	diff := cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(gotErr)}, refCmpOpts)
	if diff == "" {
		diff = "(only nil versus empty slices differ)"
	}
	f.failf("%s (-want +got):\n%s", call, diff)
}

func (f *exhFailer) failf(format string, args ...any) {
	f.t.Helper()
	f.n++
	f.t.Errorf(format, args...)
	if f.n >= exhMaxFailures {
		f.t.Fatalf("stopping after %d failures", f.n)
	}
}

// exhEachSequence calls fn with every ordered sequence of 0 to maxN dice,
// shortest first. fn gets a fresh copy of the sequence (cap = len) and the
// original, to check that the call left its argument alone.
func exhEachSequence(maxN int, fn func(arg, orig []Die)) {
	cur := make([]Die, maxN)
	arg := make([]Die, maxN)
	for n := 0; n <= maxN; n++ {
		for i := range cur[:n] {
			cur[i] = 1
		}
		for {
			copy(arg, cur[:n])
			fn(arg[:n:n], cur[:n])
			j := n - 1
			for j >= 0 && cur[j] == 6 {
				cur[j] = 1
				j--
			}
			if j < 0 {
				break
			}
			cur[j]++
		}
	}
}

func exhIsZeroPartition(p Partition) bool {
	return p.Combos == nil && p.Rest == nil && p.Points == 0
}

// TestExhaustiveSequences compares Score, BestPartition, BestKeep, Keeps and
// IsFarkle with the reference on every ordered sequence of 0 to 6 dice
// (55,987 of them), for every preset.
func TestExhaustiveSequences(t *testing.T) {
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			for _, api := range exhAPIs(t, p.name, p.rules) {
				f := &exhFailer{t: t}
				seqs := 0
				exhEachSequence(6, func(seq, orig []Die) {
					seqs++
					exhCheckSequence(f, x, api, seq)
					if !slices.Equal(seq, orig) {
						f.failf("%s: a call changed its argument %v to %v", api.name, orig, seq)
					}
				})
				if seqs != 55987 {
					t.Fatalf("checked %d sequences; want 55987", seqs)
				}
			}
		})
	}
}

//go:norace
func exhCheckSequence(f *exhFailer, x *exhTable, api exhAPI, seq []Die) {
	f.t.Helper()
	code := exhCode(seq)
	n := len(seq)

	// Score.
	wantPts, wantE := 0, exhErr{}
	if n > 0 {
		wantPts, wantE = x.scoreWant(code)
	}
	if got, err := api.score(seq); got != wantPts || !wantE.matches(err) {
		f.mismatch(fmt.Sprintf("%s.Score(%v)", api.name, seq), wantPts, wantE.error(), got, err)
	}

	// BestPartition: the zero Partition for no dice.
	var wantP Partition
	if n > 0 {
		wantP = x.an[code].best
	}
	if got, err := api.best(seq); err != nil || !refSamePartition(wantP, got) || n == 0 && !exhIsZeroPartition(got) {
		f.mismatch(fmt.Sprintf("%s.BestPartition(%v)", api.name, seq), wantP, nil, got, err)
	}

	// BestKeep, Keeps, IsFarkle: ErrNoDice and zero results for no dice.
	if n == 0 {
		noDice := exhErr{sentinel: ErrNoDice}
		if got, err := api.bestKeep(seq); !noDice.matches(err) || !exhIsZeroPartition(got) {
			f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, seq), Partition{}, noDice.error(), got, err)
		}
		if got, err := api.keeps(seq); !noDice.matches(err) || got != nil {
			f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, seq), []Partition(nil), noDice.error(), got, err)
		}
		if got, err := api.isFarkle(seq); !noDice.matches(err) || got {
			f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, seq), false, noDice.error(), got, err)
		}
		return
	}
	wantKs := x.keeps[code]
	wantBK := x.bestKeep[code]
	if got, err := api.bestKeep(seq); err != nil || !refSamePartition(wantBK, got) || len(wantKs) == 0 && got.Combos != nil {
		f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, seq), wantBK, nil, got, err)
	}
	if got, err := api.keeps(seq); err != nil || !refSamePartitions(wantKs, got) {
		f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, seq), wantKs, nil, got, err)
	}
	if got, err := api.isFarkle(seq); err != nil || got != (len(wantKs) == 0) {
		f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, seq), len(wantKs) == 0, nil, got, err)
	}
}

// TestExhaustiveValidateKeepSubsets calls ValidateKeep with every ordered
// roll of 0 to 6 dice and every subset of its positions as the keep, in
// roll order (3,257,437 pairs per scorer).
func TestExhaustiveValidateKeepSubsets(t *testing.T) {
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			for _, api := range exhAPIs(t, p.name, p.rules) {
				stride := 1
				if api.sampled {
					stride = exhSample
				}
				f := &exhFailer{t: t}
				if pairs := exhValidateSubsets(f, x, api, stride); stride == 1 && pairs != 3257437 {
					t.Fatalf("checked %d pairs; want 3257437", pairs)
				}
			}
		})
	}
}

// exhValidateSubsets is the loop of TestExhaustiveValidateKeepSubsets,
// written to be cheap under -race: one roll in stride is checked.
//
//go:norace
func exhValidateSubsets(f *exhFailer, x *exhTable, api exhAPI, stride int) (pairs int) {
	f.t.Helper()
	var cur, roll, kbuf, korig [6]Die
	var kcode [64]int // the code of the keep of each mask
	rolls := 0
	for n := 0; n <= 6; n++ {
		for i := range n {
			cur[i] = 1
		}
		for {
			rolls++
			if rolls%stride == 0 {
				roll = cur
				for mask := range 1 << n {
					pairs++
					k := 0
					if mask > 0 {
						low := 0
						for mask&(1<<low) == 0 {
							low++
						}
						kcode[mask] = kcode[mask&(mask-1)] + exhPow7[cur[low]]
						for i := range n {
							if mask&(1<<i) != 0 {
								kbuf[k] = cur[i]
								k++
							}
						}
					}
					korig = kbuf
					wantPts, wantE := 0, exhErr{sentinel: ErrNoDice}
					if n > 0 && k > 0 {
						wantPts, wantE = x.scoreWant(kcode[mask])
					}
					got, err := api.validate(roll[:n:n], kbuf[:k:k])
					if got != wantPts || !wantE.matches(err) {
						f.mismatch(fmt.Sprintf("%s.ValidateKeep(%v, %v)", api.name, cur[:n], korig[:k]), wantPts, wantE.error(), got, err)
					}
					if kbuf != korig {
						f.failf("%s.ValidateKeep(%v, %v) changed the keep to %v", api.name, cur[:n], korig[:k], kbuf[:k])
					}
				}
				if roll != cur {
					f.failf("%s.ValidateKeep changed the roll %v to %v", api.name, cur[:n], roll[:n])
				}
			}
			j := n - 1
			for j >= 0 && cur[j] == 6 {
				cur[j] = 1
				j--
			}
			if j < 0 {
				break
			}
			cur[j]++
		}
	}
	return pairs
}

// TestExhaustiveValidateKeepNotInRoll calls ValidateKeep with pairs of
// multisets of 0 to 6 dice as (roll, keep): every pair for App, a
// deterministic sample for the other presets that still yields every
// possible surplus, in ascending order (and a third of them also in
// descending order). The error must list the surplus dice.
func TestExhaustiveValidateKeepNotInRoll(t *testing.T) {
	ms := exhMultisets()
	asc := make([][]Die, len(ms))
	desc := make([][]Die, len(ms))
	for i, c := range ms {
		asc[i] = c.dice()
		desc[i] = slices.Clone(asc[i])
		slices.Reverse(desc[i])
	}
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(p.rules)
			f := &exhFailer{t: t}
			// Whether a keep is in the roll does not depend on the rules: App
			// checks every pair, the other presets the rolls of one die and
			// one other pair in 5.
			stride := 5
			if p.name == "App" {
				stride = 1
			}
			if shapes := exhValidatePairs(f, x, exhAPIs(t, p.name, p.rules), ms, asc, desc, stride); shapes != 922 {
				// Every non-empty multiset of up to six dice can be the
				// surplus, except 1-2-3-4-5-6 (the roll would be empty).
				t.Errorf("checked %d different surplus multisets; want all 922", shapes)
			}
		})
	}
}

// exhValidatePairs is the loop of TestExhaustiveValidateKeepNotInRoll,
// written to be cheap under -race.
//
//go:norace
func exhValidatePairs(f *exhFailer, x *exhTable, apis []exhAPI, ms []refCounts, asc, desc [][]Die, stride int) (shapes int) {
	f.t.Helper()
	var roll, kept, surplusBuf [6]Die
	seen := make([]bool, exhCodes)
	pair := 0
	for i, rc := range ms {
		for j, kc := range ms {
			pair++
			if pair%stride != 0 && len(asc[i]) > 1 {
				continue // the rolls of one die are always checked: they give every surplus
			}
			// The expected result, step by step as semantics.md lists the checks.
			wantPts, wantE := 0, exhErr{}
			surplus := surplusBuf[:0]
			for d := 1; d <= 6; d++ {
				for range kc[d] - rc[d] {
					surplus = append(surplus, Die(d))
				}
			}
			switch {
			case len(asc[i]) == 0 || len(asc[j]) == 0:
				wantE = exhErr{sentinel: ErrNoDice}
			case len(surplus) > 0:
				if code := exhCode(surplus); !seen[code] {
					seen[code] = true
					shapes++
				}
				wantE = exhErr{ErrNotInRoll, surplus}
			default:
				wantPts, wantE = x.scoreWant(exhCode(asc[j]))
			}
			orders := [2][2][]Die{{asc[i], asc[j]}, {desc[i], desc[j]}}
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

// exhBadInputs are arguments that are invalid for some or all functions,
// plus a few valid ones to pair them with.
var exhBadInputs = [][]Die{
	nil,
	{},
	{0},
	{7},
	{255},
	{1, 0},
	{0, 7, 255},
	{2, 7, 3, 0},
	{1, 1, 1, 1, 1, 1, 1},         // seven dice
	{1, 2, 3, 4, 5, 6, 1},         // seven dice
	{1, 2, 0, 3, 4, 5, 6},         // seven dice, one invalid
	{5, 5, 5, 5, 5, 5, 5, 5},      // eight dice
	{6, 6, 6, 6, 6, 6, 6, 6, 6},   // nine dice
	{1, 2, 3, 4, 5, 6, 1, 2, 255}, // nine dice, one invalid
	{1},
	{2},
	{1, 5},
	{2, 2},
	{1, 1, 1, 1, 5, 5},
	{2, 3, 4, 6, 6, 2},
	{6, 0, 6, 0, 6},
}

// TestExhaustiveInvalidInputs checks every function on invalid dice, too
// many dice and empty inputs, and ValidateKeep on every pair of them: the
// error, its sentinel, its dice and zero results, in the documented order
// of checks.
func TestExhaustiveInvalidInputs(t *testing.T) {
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			for _, api := range exhAPIs(t, p.name, p.rules) {
				f := &exhFailer{t: t}
				for _, in := range exhBadInputs {
					arg := slices.Clone(in)
					{
						got, err := api.score(arg)
						want, wantErr := refScore(p.rules, in)
						if got != want || !refSameErr(wantErr, err) {
							f.mismatch(fmt.Sprintf("%s.Score(%v)", api.name, in), want, wantErr, got, err)
						}
					}
					{
						got, err := api.best(arg)
						want, wantErr := refBestPartition(p.rules, in)
						if !refSamePartition(want, got) || !refSameErr(wantErr, err) || wantErr != nil && !exhIsZeroPartition(got) {
							f.mismatch(fmt.Sprintf("%s.BestPartition(%v)", api.name, in), want, wantErr, got, err)
						}
					}
					{
						got, err := api.bestKeep(arg)
						want, wantErr := refBestKeep(p.rules, in)
						if !refSamePartition(want, got) || !refSameErr(wantErr, err) || wantErr != nil && !exhIsZeroPartition(got) {
							f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, in), want, wantErr, got, err)
						}
					}
					{
						got, err := api.keeps(arg)
						want, wantErr := refKeeps(p.rules, in)
						if !refSamePartitions(want, got) || !refSameErr(wantErr, err) || wantErr != nil && got != nil {
							f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, in), want, wantErr, got, err)
						}
					}
					{
						got, err := api.isFarkle(arg)
						want, wantErr := refIsFarkle(p.rules, in)
						if got != want || !refSameErr(wantErr, err) {
							f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, in), want, wantErr, got, err)
						}
					}
					if !slices.Equal(arg, in) {
						f.failf("%s: a call changed its argument %v to %v", api.name, in, arg)
					}
					for _, in2 := range exhBadInputs {
						roll, kept := slices.Clone(in), slices.Clone(in2)
						got, err := api.validate(roll, kept)
						want, wantErr := refValidateKeep(p.rules, in, in2)
						if got != want || !refSameErr(wantErr, err) {
							f.mismatch(fmt.Sprintf("%s.ValidateKeep(%v, %v)", api.name, in, in2), want, wantErr, got, err)
						}
						if !slices.Equal(roll, in) || !slices.Equal(kept, in2) {
							f.failf("%s.ValidateKeep(%v, %v) changed its arguments to %v, %v", api.name, in, in2, roll, kept)
						}
					}
				}
			}
		})
	}
}

// TestExhaustiveFarkleCounts counts the farkles among all ordered rolls of
// 1 to 6 dice, with the compiled scorers and with the reference. The
// published counts are literal expectations; the others must agree with
// the reference.
func TestExhaustiveFarkleCounts(t *testing.T) {
	known := map[string][7]int{ // -1: no published count
		"App":   {0, 4, 16, 60, 204, 600, 1080},
		"Core":  {0, -1, -1, -1, -1, -1, 1440},
		"Zilch": {0, -1, -1, -1, -1, -1, 0},
	}
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			x := exhTableOf(p.rules)
			var ref [7]int
			exhEachSequence(6, func(seq, _ []Die) {
				if len(seq) > 0 && len(x.keeps[exhCode(seq)]) == 0 {
					ref[len(seq)]++
				}
			})
			want, ok := known[p.name]
			for n := 1; n <= 6; n++ {
				if ok && want[n] >= 0 && ref[n] != want[n] {
					t.Errorf("reference: %d of %d ordered rolls of %d dice are farkles; want %d", ref[n], exhRolls(n), n, want[n])
				}
			}
			for _, api := range exhAPIs(t, p.name, p.rules) {
				var got [7]int
				exhEachSequence(6, func(seq, _ []Die) {
					if len(seq) == 0 {
						return
					}
					f, err := api.isFarkle(seq)
					if err != nil {
						t.Fatalf("%s.IsFarkle(%v): %v", api.name, seq, err)
					}
					if f {
						got[len(seq)]++
					}
				})
				for n := 1; n <= 6; n++ {
					if got[n] != ref[n] {
						t.Errorf("%s: %d of %d ordered rolls of %d dice are farkles; the reference counts %d", api.name, got[n], exhRolls(n), n, ref[n])
					}
				}
				t.Logf("%s: farkles per number of dice: %v", api.name, got[1:])
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

// exhCloneKeeps deep-copies a list of partitions.
func exhCloneKeeps(ks []Partition) []Partition {
	var out []Partition
	for _, p := range ks {
		out = append(out, refClonePartition(p))
	}
	return out
}

// exhScribble overwrites every die of p with 99.
func exhScribble(p Partition) {
	for _, cb := range p.Combos {
		for i := range cb.Dice {
			cb.Dice[i] = 99
		}
	}
	for i := range p.Rest {
		p.Rest[i] = 99
	}
}

func exhScribbleErr(err error) {
	if de, ok := err.(*DiceError); ok {
		for i := range de.Dice {
			de.Dice[i] = 99
		}
	}
}

// TestExhaustiveNoAliasing checks, on every multiset in ascending and
// descending order and on the invalid inputs, that results share no memory
// with the arguments, with each other, or with the scorer's tables:
// overwriting the arguments after a call leaves the results alone,
// overwriting the results leaves the arguments alone, and the next call
// still returns the reference result.
func TestExhaustiveNoAliasing(t *testing.T) {
	var inputs [][]Die
	for _, c := range exhMultisets() {
		d := c.dice()
		r := slices.Clone(d)
		slices.Reverse(r)
		inputs = append(inputs, d, r)
	}
	inputs = append(inputs, exhBadInputs...)
	for _, p := range exhPresets {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, api := range exhAPIs(t, p.name, p.rules) {
				f := &exhFailer{t: t}
				for _, in := range inputs {
					exhCheckAliasing(f, p.rules, api, in)
				}
			}
		})
	}
}

// exhCheckAliasing runs the aliasing checks of one scorer on one input.
func exhCheckAliasing(f *exhFailer, r Rules, api exhAPI, in []Die) {
	f.t.Helper()
	arg := slices.Clone(in)
	scribbleArg := func() {
		for i := range arg {
			arg[i] = 42
		}
	}
	restore := func() { copy(arg, in) }
	argChanged := func(call string) {
		if !slices.Equal(arg, in) {
			f.failf("%s(%v): the argument became %v", call, in, arg)
			restore()
		}
	}

	// BestPartition and BestKeep.
	for _, fn := range []struct {
		name string
		call func([]Die) (Partition, error)
		ref  func(Rules, []Die) (Partition, error)
	}{{api.name + ".BestPartition", api.best, refBestPartition}, {api.name + ".BestKeep", api.bestKeep, refBestKeep}} {
		got, err := fn.call(arg)
		argChanged(fn.name)
		snap := refClonePartition(got)
		scribbleArg()
		if !refSamePartition(snap, got) {
			f.failf("%s(%v): overwriting the argument changed the result", fn.name, in)
		}
		restore()
		exhScribble(got)
		exhScribbleErr(err)
		argChanged(fn.name + " then overwriting its result")
		got, err = fn.call(arg)
		want, wantErr := fn.ref(r, in)
		if !refSamePartition(want, got) || !refSameErr(wantErr, err) {
			f.mismatch(fmt.Sprintf("%s(%v) after overwriting an earlier result", fn.name, in), want, wantErr, got, err)
		}
	}

	// Keeps: also no sharing between the partitions of the list.
	name := api.name + ".Keeps"
	ks, err := api.keeps(arg)
	argChanged(name)
	snap := exhCloneKeeps(ks)
	scribbleArg()
	if !refSamePartitions(snap, ks) {
		f.failf("%s(%v): overwriting the argument changed the result", name, in)
	}
	restore()
	for j := range ks {
		exhScribble(ks[j])
		for i := j + 1; i < len(ks); i++ {
			if !refSamePartition(snap[i], ks[i]) {
				f.failf("%s(%v): keeps %d and %d share memory", name, in, j, i)
			}
		}
	}
	exhScribbleErr(err)
	argChanged(name + " then overwriting its result")
	ks, err = api.keeps(arg)
	wantKs, wantErr := refKeeps(r, in)
	if !refSamePartitions(wantKs, ks) || !refSameErr(wantErr, err) {
		f.mismatch(fmt.Sprintf("%s(%v) after overwriting an earlier result", name, in), wantKs, wantErr, ks, err)
	}

	// Score and IsFarkle return no slices, but their errors do.
	_, err = api.score(arg)
	argChanged(api.name + ".Score")
	exhScribbleErr(err)
	argChanged(api.name + ".Score then overwriting its error")
	_, err = api.isFarkle(arg)
	argChanged(api.name + ".IsFarkle")
	exhScribbleErr(err)
	argChanged(api.name + ".IsFarkle then overwriting its error")
	got, err := api.score(arg)
	want, wantErr := refScore(r, in)
	if got != want || !refSameErr(wantErr, err) {
		f.mismatch(fmt.Sprintf("%s.Score(%v) after overwriting an earlier error", api.name, in), want, wantErr, got, err)
	}

	// ValidateKeep with this input as the roll and as the keep.
	for _, pair := range [][2][]Die{{arg, arg}, {{1, 2, 3, 4, 5, 6}, arg}, {arg, {1, 1, 7}}, {arg, {2, 2, 2, 2, 2, 2, 2}}} {
		_, err := api.validate(pair[0], pair[1])
		argChanged(api.name + ".ValidateKeep")
		exhScribbleErr(err)
		argChanged(api.name + ".ValidateKeep then overwriting its error")
	}
}
