package farkle

// Tests of the reference scorer itself, with expectations written by hand
// from the product spec (the seeds) and the package documentation.

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReferencePresetsMatchSpec checks that the package's presets are the
// rule sets that the issue describes (as written out in reference_test.go),
// that the reference accepts them, and that Rules.Preset names them.
func TestReferencePresetsMatchSpec(t *testing.T) {
	for _, p := range refPresets {
		if diff := cmp.Diff(p.rules, p.preset.Rules()); diff != "" {
			t.Errorf("%v.Rules() (-want +got):\n%s", p.preset, diff)
		}
		if bad := refRulesProblems(p.rules); len(bad) > 0 {
			t.Errorf("%v: the reference validity check rejects the preset: %v", p.preset, bad)
		}
		if got, ok := p.rules.Named(); !ok || got != p.preset {
			t.Errorf("Rules.Named() of the %v rules = %v, %v; want %v, true", p.preset, got, ok, p.preset)
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

	for _, tc := range []struct {
		name string
		got  func() (partView, error)
		want partView
	}{
		// 1,1,1,1 is one FourOfAKind (never a split under App).
		{"refBestPartition(1,1,1,1)", func() (partView, error) { return refBestPartition(r, []Die{1, 1, 1, 1}) },
			pv(1000, nil, cb(FourOfAKind, 1000, 1, 1, 1, 1))},
		// 1,1,1,1,5,5 is ThreePairs.
		{"refBestPartition(5,1,5,1,1,1)", func() (partView, error) { return refBestPartition(r, []Die{5, 1, 5, 1, 1, 1}) },
			pv(1500, nil, cb(ThreePairs, 1500, 1, 1, 1, 1, 5, 5))},
		// 1,1,1,1,2,3: the best partition puts the four 1s together, rest 2,3.
		{"refBestPartition(1,1,1,1,2,3)", func() (partView, error) { return refBestPartition(r, []Die{1, 1, 1, 1, 2, 3}) },
			pv(1000, []Die{2, 3}, cb(FourOfAKind, 1000, 1, 1, 1, 1))},
		// ... and the best keep is three 1s, for the same 1000 with three dice to roll.
		{"refBestKeep(1,1,1,1,2,3)", func() (partView, error) { return refBestKeep(r, []Die{1, 1, 1, 1, 2, 3}) },
			pv(1000, []Die{1, 2, 3}, cb(ThreeOnes, 1000, 1, 1, 1))},
		// 5,5,5,1,2,3: the best keep is three 5s and the 1.
		{"refBestKeep(5,5,5,1,2,3)", func() (partView, error) { return refBestKeep(r, []Die{5, 5, 5, 1, 2, 3}) },
			pv(600, []Die{2, 3}, cb(ThreeOfAKind, 500, 5, 5, 5), cb(SingleOne, 100, 1))},
		// A farkle keeps nothing.
		{"refBestKeep(6,2,3)", func() (partView, error) { return refBestKeep(r, []Die{6, 2, 3}) },
			pv(0, []Die{2, 3, 6})},
	} {
		got, err := tc.got()
		if diff := cmp.Diff(tc.want, got); diff != "" || err != nil {
			t.Errorf("%s err %v (-want +got):\n%s", tc.name, err, diff)
		}
	}

	// From 1,2,3,4,6,6 keeping 1 and 2 is rejected because of the 2; the 1 alone is 100.
	_, err := refValidateKeep(r, []Die{1, 2, 3, 4, 6, 6}, []Die{1, 2})
	if diff := cmp.Diff(errView{Sentinel: "ErrNonScoring", Dice: []Die{2}, DiceError: true, Count: 1}, viewErr(err)); diff != "" {
		t.Errorf("refValidateKeep(1,2,3,4,6,6; 1,2) error (-want +got):\n%s", diff)
	}
	if got, err := refValidateKeep(r, []Die{1, 2, 3, 4, 6, 6}, []Die{1}); got != 100 || err != nil {
		t.Errorf("refValidateKeep(1,2,3,4,6,6; 1) = %d, %v; want 100, nil", got, err)
	}
	// Keeping a 3 that the roll lacks: the surplus is reported.
	_, err = refValidateKeep(r, []Die{1, 2, 3}, []Die{3, 3, 1, 5})
	if diff := cmp.Diff(errView{Sentinel: "ErrNotInRoll", Dice: []Die{3, 5}, DiceError: true, Count: 2}, viewErr(err)); diff != "" {
		t.Errorf("refValidateKeep(1,2,3; 3,3,1,5) error (-want +got):\n%s", diff)
	}
	// Twenty invalid dice: the first twelve and their number.
	_, err = refScore(r, make([]Die, 20))
	if diff := cmp.Diff(errView{Sentinel: "ErrInvalidDie", Dice: make([]Die, 12), DiceError: true, Count: 20}, viewErr(err)); diff != "" {
		t.Errorf("refScore(20 zeros) error (-want +got):\n%s", diff)
	}
	// Keeps of 1,5,5 in order: 200 (all), 150 (1,5), 100 with one die (1),
	// 100 with two dice (5,5), 50 (5).
	ks, err := refKeeps(r, []Die{5, 1, 5})
	wantKs := []partView{
		pv(200, nil, cb(SingleOne, 100, 1), cb(SingleFive, 50, 5), cb(SingleFive, 50, 5)),
		pv(150, []Die{5}, cb(SingleOne, 100, 1), cb(SingleFive, 50, 5)),
		pv(100, []Die{5, 5}, cb(SingleOne, 100, 1)),
		pv(100, []Die{1}, cb(SingleFive, 50, 5), cb(SingleFive, 50, 5)),
		pv(50, []Die{1, 5}, cb(SingleFive, 50, 5)),
	}
	if diff := cmp.Diff(wantKs, ks); diff != "" || err != nil {
		t.Errorf("refKeeps(5,1,5) err %v (-want +got):\n%s", err, diff)
	}
	// A farkle.
	if f, err := refIsFarkle(r, []Die{2, 3, 4, 6, 6, 2}); !f || err != nil {
		t.Errorf("refIsFarkle(2,3,4,6,6,2) = %v, %v; want true, nil", f, err)
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
		forEachRoll(tc.n, tc.n, func(roll, _ []Die) {
			if f, err := refIsFarkle(tc.r, roll); err != nil {
				t.Fatalf("refIsFarkle(%v): %v", roll, err)
			} else if f {
				got++
			}
		})
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
	r := rulesWith(refCore, func(r *Rules) { r.Split = false })
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

// TestEnumerators checks the one enumeration of rolls and the multisets
// derived from it against counts worked out by hand: 6^n sequences of n
// dice, C(n+5, 5) multisets of n dice.
func TestEnumerators(t *testing.T) {
	var perLen [MaxDice + 1]int
	prev := []Die(nil)
	forEachRoll(0, MaxDice, func(roll, orig []Die) {
		perLen[len(roll)]++
		if cap(roll) != len(roll) || !slices.Equal(roll, orig) {
			t.Fatalf("forEachRoll gave %v (cap %d) for %v", roll, cap(roll), orig)
		}
		if perLen[len(roll)] > 1 && slices.Compare(prev, roll) >= 0 {
			t.Fatalf("forEachRoll gave %v after %v", roll, prev)
		}
		prev = append(prev[:0], roll...)
	})
	if want := [MaxDice + 1]int{1, 6, 36, 216, 1296, 7776, 46656}; perLen != want {
		t.Errorf("sequences per length %v; want %v", perLen, want)
	}
	var msPerLen [MaxDice + 1]int
	seen := map[string]bool{}
	for _, m := range multisets() {
		msPerLen[len(m)]++
		seen[diceName(m)] = true
	}
	if want := [MaxDice + 1]int{1, 6, 21, 56, 126, 252, 462}; msPerLen != want || len(seen) != 924 {
		t.Errorf("multisets per length %v (%d distinct); want %v (924)", msPerLen, len(seen), want)
	}
}

// TestPartViewEqual checks the equality of views used by the exhaustive
// loops against cmp.Equal, on the reference's views of one multiset in 5
// under App (one in 40 under the race detector; the rolls of no die and of
// one die always) and on copies of them changed in one place each: a
// different number, die or kind, a nil slice made empty, a combo more or
// less.
func TestPartViewEqual(t *testing.T) {
	x := exhTableOf(AppScoring.Rules())
	var views []partView
	stride := 5 * raceStride(8)
	for i, m := range multisets() {
		if i%stride == 0 || len(m) < 2 {
			views = append(views, x.an[i].best, x.bestKeep[i])
			views = append(views, x.keeps[i]...)
		}
	}
	// changed returns copies of v, each different from v in one place.
	changed := func(v partView) []partView {
		var out []partView
		clone := func() partView {
			w := v
			w.Dice, w.Rest = slices.Clone(v.Dice), slices.Clone(v.Rest)
			w.Combos = slices.Clone(v.Combos)
			for i := range w.Combos {
				w.Combos[i].Dice = slices.Clone(v.Combos[i].Dice)
			}
			return w
		}
		dice := func(d []Die) []Die {
			if d == nil {
				return []Die{}
			}
			return append(slices.Clone(d), 1)
		}
		w := clone()
		w.Points++
		out = append(out, w)
		w = clone()
		w.Dice = dice(w.Dice)
		out = append(out, w)
		w = clone()
		w.Rest = dice(w.Rest)
		out = append(out, w)
		w = clone()
		w.Combos = append(w.Combos, comboView{})
		out = append(out, w)
		if v.Combos == nil {
			w = clone()
			w.Combos = []comboView{}
			out = append(out, w)
		}
		for i := range v.Combos {
			w = clone()
			w.Combos[i].Kind++
			out = append(out, w)
			w = clone()
			w.Combos[i].Points--
			out = append(out, w)
			w = clone()
			w.Combos[i].Dice = dice(w.Combos[i].Dice)
			out = append(out, w)
			w = clone()
			w.Combos = w.Combos[:i]
			out = append(out, w)
		}
		return out
	}
	n := 0
	for _, v := range views {
		for _, w := range append(changed(v), v) {
			n++
			if got, want := v.equal(w), cmp.Equal(v, w); got != want {
				t.Fatalf("equal(%+v, %+v) = %v; cmp.Equal says %v", v, w, got, want)
			}
		}
	}
	for _, tc := range [][2][]partView{{nil, nil}, {nil, {}}, {{}, nil}, {views[:2], views[:2]}, {views[:2], views[1:3]}, {views[:1], views[:2]}} {
		if got, want := viewsEqual(tc[0], tc[1]), cmp.Equal(tc[0], tc[1]); got != want {
			t.Fatalf("viewsEqual(%v, %v) = %v; cmp.Equal says %v", tc[0], tc[1], got, want)
		}
	}
	if n < 2000/raceStride(8) {
		t.Fatalf("only %d pairs compared", n)
	}
}
