package farkle

// Tests of the short straights (Rules.LowStraight and HighStraight): cases
// worked out by hand, checked against the compiled Scorer and the
// reference, and exhaustive sweeps of every preset with them against the
// reference.

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// withShort returns r with the short straights at the values most tables
// play: 1-2-3-4-5 500, 2-3-4-5-6 750.
func withShort(r Rules) Rules {
	return rulesWith(r, func(r *Rules) { r.LowStraight, r.HighStraight = 500, 750 })
}

// TestShortStraights checks Score and BestPartition on rolls with short
// straights. Every expected value is worked out by hand from the rules; the
// comment says why.
func TestShortStraights(t *testing.T) {
	nonScoring := func(d ...Die) error { return &DiceError{Err: ErrNonScoring, Dice: d, Count: len(d)} }
	appShort, coreShort, zilchShort, classicShort := withShort(refApp), withShort(refCore), withShort(refZilch), withShort(refClassic)
	lowOnly := rulesWith(refCore, func(r *Rules) { r.LowStraight = 1250 })
	same := rulesWith(refCore, func(r *Rules) { r.LowStraight, r.HighStraight = 1000, 1000 })
	tests := []struct {
		name     string
		rules    Rules
		dice     []Die
		score    int
		scoreErr error
		best     partView
	}{
		{"App/12345", appShort, []Die{5, 4, 3, 2, 1}, 500, nil, // the low straight beats 100 + 50
			pv(500, nil, cb(LowStraight, 500, 1, 2, 3, 4, 5))},
		{"App/23456", appShort, []Die{2, 3, 4, 5, 6}, 750, nil,
			pv(750, nil, cb(HighStraight, 750, 2, 3, 4, 5, 6))},
		{"App/112345", appShort, []Die{1, 1, 2, 3, 4, 5}, 600, nil, // the sixth die scores on its own
			pv(600, nil, cb(LowStraight, 500, 1, 2, 3, 4, 5), cb(SingleOne, 100, 1))},
		{"App/123455", appShort, []Die{1, 2, 3, 4, 5, 5}, 550, nil,
			pv(550, nil, cb(LowStraight, 500, 1, 2, 3, 4, 5), cb(SingleFive, 50, 5))},
		{"App/234566", appShort, []Die{2, 3, 4, 5, 6, 6}, 0, nonScoring(6), // the second 6 scores nothing
			pv(750, []Die{6}, cb(HighStraight, 750, 2, 3, 4, 5, 6))},
		{"App/234556", appShort, []Die{6, 5, 5, 4, 3, 2}, 800, nil,
			pv(800, nil, cb(HighStraight, 750, 2, 3, 4, 5, 6), cb(SingleFive, 50, 5))},
		{"App/123456", appShort, []Die{1, 2, 3, 4, 5, 6}, 2500, nil, // the full straight beats 750 + 100
			pv(2500, nil, cb(Straight, 2500, 1, 2, 3, 4, 5, 6))},
		{"Core/123456", coreShort, []Die{6, 5, 4, 3, 2, 1}, 850, nil, // no full straight: 750 + 100 beats 500 + the 6 left
			pv(850, nil, cb(HighStraight, 750, 2, 3, 4, 5, 6), cb(SingleOne, 100, 1))},
		{"Core/1234", coreShort, []Die{1, 2, 3, 4}, 0, nonScoring(2, 3, 4), // a straight needs five dice
			pv(100, []Die{2, 3, 4}, cb(SingleOne, 100, 1))},
		{"Classic/112345", classicShort, []Die{1, 2, 1, 3, 4, 5}, 600, nil, // with splits too
			pv(600, nil, cb(LowStraight, 500, 1, 2, 3, 4, 5), cb(SingleOne, 100, 1))},
		{"Zilch/223456", zilchShort, []Die{2, 2, 3, 4, 5, 6}, 0, nonScoring(2), // it scores, so it is no Nothing
			pv(750, []Die{2}, cb(HighStraight, 750, 2, 3, 4, 5, 6))},
		{"LowOnly/12345", lowOnly, []Die{1, 2, 3, 4, 5}, 1250, nil,
			pv(1250, nil, cb(LowStraight, 1250, 1, 2, 3, 4, 5))},
		{"LowOnly/23456", lowOnly, []Die{2, 3, 4, 5, 6}, 0, nonScoring(2, 3, 4, 6), // no high straight
			pv(50, []Die{2, 3, 4, 6}, cb(SingleFive, 50, 5))},
		{"Same/123456", same, []Die{1, 2, 3, 4, 5, 6}, 1100, nil, // 1000 + 100 beats 1000 + the 6 left
			pv(1100, nil, cb(HighStraight, 1000, 2, 3, 4, 5, 6), cb(SingleOne, 100, 1))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkScoreCase(t, mustNew(t, tc.rules), tc.rules, tc.dice, tc.score, tc.scoreErr, tc.best)
		})
	}
}

// TestShortStraightKeeps checks the keeps of rolls with short straights by
// hand: 1,2,3,4,5,6 without a full straight is hot dice for 850.
func TestShortStraightKeeps(t *testing.T) {
	s := mustNew(t, withShort(refCore))
	best, err := s.BestKeep([]Die{6, 1, 5, 2, 4, 3})
	if err != nil {
		t.Fatal(err)
	}
	want := pv(850, nil, cb(HighStraight, 750, 2, 3, 4, 5, 6), cb(SingleOne, 100, 1))
	if diff := cmp.Diff(want, viewOf(best)); diff != "" {
		t.Errorf("BestKeep (-want +got):\n%s", diff)
	}
	// 2,3,4,5,6,6: the high straight leaves one 6 to roll.
	best, err = s.BestKeep([]Die{2, 3, 4, 5, 6, 6})
	if err != nil {
		t.Fatal(err)
	}
	if want := pv(750, []Die{6}, cb(HighStraight, 750, 2, 3, 4, 5, 6)); !cmp.Equal(want, viewOf(best)) {
		t.Errorf("BestKeep(2 3 4 5 6 6) = %v, want %v", viewOf(best), want)
	}
	if _, err := s.ValidateKeep([]Die{2, 3, 4, 5, 6, 6}, []Die{2, 3, 4, 5, 6, 6}); err == nil {
		t.Error("ValidateKeep keeps 2 3 4 5 6 6 whole")
	}
	if got, err := s.ValidateKeep([]Die{1, 2, 3, 4, 5, 6}, []Die{1, 2, 3, 4, 5}); got != 500 || err != nil {
		t.Errorf("ValidateKeep(1..6, 1..5) = %d, %v; want 500", got, err)
	}
}

// TestShortStraightsAllocs checks that the hot paths stay free of
// allocations with short straights.
func TestShortStraightsAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s := mustNew(t, withShort(refApp))
	roll, kept := []Die{1, 1, 2, 3, 4, 5}, []Die{1, 2, 3, 4, 5}
	if n := testing.AllocsPerRun(100, func() { _, _ = s.Score(kept) }); n != 0 {
		t.Errorf("Score allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = s.ValidateKeep(roll, kept) }); n != 0 {
		t.Errorf("ValidateKeep allocates %v times", n)
	}
}

// TestExhaustiveShortStraights compares every function of a Scorer with
// the reference, for every preset with the short straights at 500 and
// 750: on every ordered sequence of 0 to 6 dice (55,987) and every roll
// with every subset of its positions as the keep (3,257,437 subsets,
// 2,327,263 different pairs). It logs the farkles per number of dice.
func TestExhaustiveShortStraights(t *testing.T) {
	for _, p := range refPresets {
		r := withShort(p.rules)
		t.Run(p.preset.String(), func(t *testing.T) {
			t.Parallel()
			x := exhTableOf(r)
			api := exhScorerAPI("New("+p.preset.String()+"+short)", mustNew(t, r))
			f := &failer{t: t}
			canon := exhCheckMultisets(f, x, api)
			stride := raceStride(exhSample)
			seqs := 0
			var farkles [MaxDice + 1]int
			forEachRoll(0, MaxDice, func(seq, orig []Die) {
				if len(seq) > 0 && len(x.keeps[exhIndex()[exhCode(seq)]]) == 0 {
					farkles[len(seq)]++
				}
				if seqs++; seqs%stride != 0 && len(seq) > 1 {
					return
				}
				exhCheckSequence(f, x, canon, api, seq)
				if !slices.Equal(seq, orig) {
					f.failf("%s: a call changed its argument %v to %v", api.name, orig, seq)
				}
			})
			if seqs != 55987 {
				t.Fatalf("enumerated %d sequences; want 55987", seqs)
			}
			stride = raceStride(61)
			if subsets, pairs := exhValidateSubsets(f, x, api, stride); stride == 1 && (subsets != 3257437 || pairs != 2327263) {
				t.Fatalf("went through %d subsets and checked %d pairs; want 3257437 and 2327263", subsets, pairs)
			}
			t.Logf("farkles among the ordered rolls of 1 to 6 dice: %v", farkles[1:])
		})
	}
}

// TestShortStraightsChangeScoring checks that the sweep above is no
// tautology: with short straights, some rolls of every preset score
// otherwise than without.
func TestShortStraightsChangeScoring(t *testing.T) {
	for _, p := range refPresets {
		plain, short := mustNew(t, p.rules), mustNew(t, withShort(p.rules))
		changed := 0
		for _, d := range multisets() {
			a, _ := plain.BestPartition(d)
			b, _ := short.BestPartition(d)
			if a != b {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%v: short straights change no roll", p.preset)
		}
		t.Logf("%v: short straights change the best partition of %d of 924 multisets", p.preset, changed)
	}
}

// TestNoKeep checks NoKeep against BestKeep of farkles, and that it keeps
// nothing of a roll that scores.
func TestNoKeep(t *testing.T) {
	for _, d := range multisets() {
		h := mustHand(t, d...)
		p, err := NoKeep(d)
		if err != nil || p.Points() != 0 || p.Len() != 0 || p.Dice() != nil || handOf(p.Rest()) != h {
			t.Errorf("NoKeep(%v) = %v", h, p)
		}
		if best, err := BestKeep(d); err == nil && best.Points() == 0 && best != p {
			t.Errorf("NoKeep(%v) = %v, BestKeep of the farkle %v", h, p, best)
		}
	}
	for _, bad := range [][]Die{{7}, {1, 1, 1, 1, 1, 1, 1}} {
		if p, err := NoKeep(bad); err == nil || p != (Partition{}) {
			t.Errorf("NoKeep(%v) = %v, %v; want an error", bad, p, err)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = NoKeep(nil) }); n != 0 {
		t.Errorf("NoKeep allocates %v times", n)
	}
}
