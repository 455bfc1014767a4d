package farkle

// Tests of the house rules: hand-written cases where the presets differ,
// the checks of New, and a sweep of unusual rule sets against the
// reference. The Preset and JSON forms are in preset_test.go and
// rules_json_test.go, the rapid properties of Rules in
// properties_rules_test.go and FuzzRules in fuzz_test.go.

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	// Classic, but four of a kind and a pair also count as three pairs:
	// 4+2 is then both ThreePairs and FourAndPair, 1500 each.
	rulesClassic42 = rulesWith(refClassic, func(r *Rules) { r.FourAsTwoPairs = true })
	// Facebook with four of a kind and a pair as three pairs (750).
	rulesFacebook42 = rulesWith(refFacebook, func(r *Rules) { r.FourAsTwoPairs = true })
	// Core without splits: four or more equal dice are a triple plus
	// singles (1s and 5s) or rest.
	rulesCoreNoSplit = rulesWith(refCore, func(r *Rules) { r.Split = false })
	// A single 1 worth 500, three 1s worth 1500: three 1s tie with three
	// single 1s.
	rulesTieOnes = rulesWith(refCore, func(r *Rules) { r.SingleOne = 500; r.Triple[1] = 1500 })
	// A 1 and a 5 worth the same 50.
	rulesEqualSingles = rulesWith(refApp, func(r *Rules) { r.SingleOne = 50 })
)

// TestRulesPresetsDiffer checks Score and BestPartition on the dice where the
// presets disagree. Every expected value is worked out by hand from the
// rules; the comment says why. Each case is checked against the compiled
// Scorer and against the reference.
func TestRulesPresetsDiffer(t *testing.T) {
	nonScoring := func(d ...Die) error { return &DiceError{Err: ErrNonScoring, Dice: d, Count: len(d)} }
	tests := []struct {
		name     string
		rules    Rules
		dice     []Die
		score    int
		scoreErr error
		best     partView
	}{
		// Four 1s.
		{"App/1111", refApp, []Die{1, 1, 1, 1}, 1000, nil, // never split: one four of a kind, fixed 1000
			pv(1000, nil, cb(FourOfAKind, 1000, 1, 1, 1, 1))},
		{"Core/1111", refCore, []Die{1, 1, 1, 1}, 1100, nil, // no four of a kind: three 1s 1000 + a single 100
			pv(1100, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(SingleOne, 100, 1))},
		{"Facebook/1111", refFacebook, []Die{1, 1, 1, 1}, 2000, nil, // adds the triple again: 1000 + 1000 > 1100
			pv(2000, nil, cb(FourOfAKind, 2000, 1, 1, 1, 1))},
		{"Zilch/1111", refZilch, []Die{1, 1, 1, 1}, 2000, nil, // doubles: 2 x 1000 > 1100
			pv(2000, nil, cb(FourOfAKind, 2000, 1, 1, 1, 1))},
		{"Classic/1111", refClassic, []Die{1, 1, 1, 1}, 1000, nil, // fixed 1000 > three 1s 300 + 100
			pv(1000, nil, cb(FourOfAKind, 1000, 1, 1, 1, 1))},
		{"CoreNoSplit/1111", rulesCoreNoSplit, []Die{1, 1, 1, 1}, 1100, nil, // BonusNone: a triple and the fourth as a single
			pv(1100, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(SingleOne, 100, 1))},

		// Four of a kind and a pair: 2,2,2,2,3,3.
		{"App/222233", refApp, []Die{2, 3, 2, 3, 2, 2}, 1500, nil, // 4+2 counts as three pairs
			pv(1500, nil, cb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Core/222233", refCore, []Die{2, 2, 2, 2, 3, 3}, 0, nonScoring(2, 3, 3), // only the triple of 2s scores
			pv(200, []Die{2, 3, 3}, cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Facebook/222233", refFacebook, []Die{2, 2, 2, 2, 3, 3}, 0, nonScoring(3, 3), // four 2s = 400; 4+2 is not three pairs here
			pv(400, []Die{3, 3}, cb(FourOfAKind, 400, 2, 2, 2, 2))},
		{"Zilch/222233", refZilch, []Die{2, 2, 2, 2, 3, 3}, 1500, nil, // three pairs 1500 > four 2s 400
			pv(1500, nil, cb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Classic/222233", refClassic, []Die{2, 2, 2, 2, 3, 3}, 1500, nil, // four and a pair 1500 > four 2s 1000
			pv(1500, nil, cb(FourAndPair, 1500, 2, 2, 2, 2, 3, 3))},
		{"Classic42/222233", rulesClassic42, []Die{3, 2, 2, 3, 2, 2}, 1500, nil, // tie 1500/1500, one combo each: Kind ThreePairs < FourAndPair
			pv(1500, nil, cb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Facebook42/333344", rulesFacebook42, []Die{3, 3, 3, 3, 4, 4}, 750, nil, // three pairs 750 > four 3s 600
			pv(750, nil, cb(ThreePairs, 750, 3, 3, 3, 3, 4, 4))},

		// Four 1s and two 5s.
		{"App/111155", refApp, []Die{1, 1, 1, 1, 5, 5}, 1500, nil, // three pairs 1500 > 1000 + 50 + 50
			pv(1500, nil, cb(ThreePairs, 1500, 1, 1, 1, 1, 5, 5))},
		{"Core/111155", refCore, []Die{5, 1, 1, 5, 1, 1}, 1200, nil, // 1000 + 100 + 50 + 50
			pv(1200, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(SingleOne, 100, 1), cb(SingleFive, 50, 5), cb(SingleFive, 50, 5))},
		{"Facebook/111155", refFacebook, []Die{1, 1, 1, 1, 5, 5}, 2100, nil, // 2000 + 50 + 50; 4+2 no three pairs
			pv(2100, nil, cb(FourOfAKind, 2000, 1, 1, 1, 1), cb(SingleFive, 50, 5), cb(SingleFive, 50, 5))},
		{"Zilch/111155", refZilch, []Die{1, 1, 1, 1, 5, 5}, 2100, nil, // 2000 + 50 + 50 > three pairs 1500
			pv(2100, nil, cb(FourOfAKind, 2000, 1, 1, 1, 1), cb(SingleFive, 50, 5), cb(SingleFive, 50, 5))},
		{"Classic/111155", refClassic, []Die{1, 1, 1, 1, 5, 5}, 1500, nil, // four and a pair 1500 > 1000 + 50 + 50
			pv(1500, nil, cb(FourAndPair, 1500, 1, 1, 1, 1, 5, 5))},

		// Two triplets.
		{"App/222333", refApp, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // no special value: 300 + 200
			pv(500, nil, cb(ThreeOfAKind, 300, 3, 3, 3), cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Core/222333", refCore, []Die{3, 2, 3, 2, 3, 2}, 500, nil, // 300 + 200
			pv(500, nil, cb(ThreeOfAKind, 300, 3, 3, 3), cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Facebook/222333", refFacebook, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // 300 + 200; 3+3 is not three pairs
			pv(500, nil, cb(ThreeOfAKind, 300, 3, 3, 3), cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Zilch/222333", refZilch, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // 300 + 200
			pv(500, nil, cb(ThreeOfAKind, 300, 3, 3, 3), cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Classic/222333", refClassic, []Die{2, 2, 2, 3, 3, 3}, 2500, nil, // two triplets 2500
			pv(2500, nil, cb(TwoTriplets, 2500, 2, 2, 2, 3, 3, 3))},
		{"Classic/111555", refClassic, []Die{5, 5, 5, 1, 1, 1}, 2500, nil, // two triplets 2500 > 500 + 300
			pv(2500, nil, cb(TwoTriplets, 2500, 1, 1, 1, 5, 5, 5))},

		// Four 2s.
		{"App/2222", refApp, []Die{2, 2, 2, 2}, 1000, nil, // four of a kind, any face
			pv(1000, nil, cb(FourOfAKind, 1000, 2, 2, 2, 2))},
		{"Core/2222", refCore, []Die{2, 2, 2, 2}, 0, nonScoring(2), // the fourth 2 scores nothing
			pv(200, []Die{2}, cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"CoreNoSplit/2222", rulesCoreNoSplit, []Die{2, 2, 2, 2}, 0, nonScoring(2), // the same without splits
			pv(200, []Die{2}, cb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Zilch/2222", refZilch, []Die{2, 2, 2, 2}, 400, nil, // doubles: 2 x 200
			pv(400, nil, cb(FourOfAKind, 400, 2, 2, 2, 2))},
		{"Zilch/22222", refZilch, []Die{2, 2, 2, 2, 2}, 800, nil, // 4 x 200
			pv(800, nil, cb(FiveOfAKind, 800, 2, 2, 2, 2, 2))},
		{"Zilch/222222", refZilch, []Die{2, 2, 2, 2, 2, 2}, 1600, nil, // 8 x 200 > three pairs 1500 (six equal count as pairs)
			pv(1600, nil, cb(SixOfAKind, 1600, 2, 2, 2, 2, 2, 2))},
		{"Zilch/111111", refZilch, []Die{1, 1, 1, 1, 1, 1}, 8000, nil, // 8 x 1000
			pv(8000, nil, cb(SixOfAKind, 8000, 1, 1, 1, 1, 1, 1))},

		// Facebook adds the triple per extra die.
		{"Facebook/3333", refFacebook, []Die{3, 3, 3, 3}, 600, nil, // 300 + 300
			pv(600, nil, cb(FourOfAKind, 600, 3, 3, 3, 3))},
		{"Facebook/33333", refFacebook, []Die{3, 3, 3, 3, 3}, 900, nil, // 3 x 300
			pv(900, nil, cb(FiveOfAKind, 900, 3, 3, 3, 3, 3))},
		{"Facebook/333333", refFacebook, []Die{3, 3, 3, 3, 3, 3}, 1200, nil, // 4 x 300 > two triples 600
			pv(1200, nil, cb(SixOfAKind, 1200, 3, 3, 3, 3, 3, 3))},
		{"Facebook/222222", refFacebook, []Die{2, 2, 2, 2, 2, 2}, 800, nil, // 4 x 200; six equal are not three pairs here
			pv(800, nil, cb(SixOfAKind, 800, 2, 2, 2, 2, 2, 2))},
		{"Facebook42/222222", rulesFacebook42, []Die{2, 2, 2, 2, 2, 2}, 800, nil, // 800 > three pairs 750
			pv(800, nil, cb(SixOfAKind, 800, 2, 2, 2, 2, 2, 2))},
		{"Facebook/112255", refFacebook, []Die{1, 1, 2, 2, 5, 5}, 750, nil, // three pairs 750 > 100 + 100 + 50 + 50
			pv(750, nil, cb(ThreePairs, 750, 1, 1, 2, 2, 5, 5))},

		// Classic: three 1s are 300.
		{"Classic/111", refClassic, []Die{1, 1, 1}, 300, nil, // three 1s 300 = three singles 300: fewer combos wins
			pv(300, nil, cb(ThreeOnes, 300, 1, 1, 1))},
		{"Classic/111111", refClassic, []Die{1, 1, 1, 1, 1, 1}, 3000, nil, // six of a kind 3000 > anything else
			pv(3000, nil, cb(SixOfAKind, 3000, 1, 1, 1, 1, 1, 1))},

		// Core: no combination beyond triples.
		{"Core/111111", refCore, []Die{1, 1, 1, 1, 1, 1}, 2000, nil, // two triples of 1s, 1000 each
			pv(2000, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(ThreeOnes, 1000, 1, 1, 1))},
		{"Core/11111", refCore, []Die{1, 1, 1, 1, 1}, 1200, nil, // 1000 + 100 + 100
			pv(1200, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(SingleOne, 100, 1), cb(SingleOne, 100, 1))},
		{"Core/5555", refCore, []Die{5, 5, 5, 5}, 550, nil, // 500 + 50
			pv(550, nil, cb(ThreeOfAKind, 500, 5, 5, 5), cb(SingleFive, 50, 5))},
		{"Core/straight", refCore, []Die{6, 5, 4, 3, 2, 1}, 0, nonScoring(2, 3, 4, 6), // no straight: only the 1 and the 5
			pv(150, []Die{2, 3, 4, 6}, cb(SingleOne, 100, 1), cb(SingleFive, 50, 5))},
		{"Core/224466", refCore, []Die{2, 2, 4, 4, 6, 6}, 0, nonScoring(2, 2, 4, 4, 6, 6), // no three pairs: nothing scores
			pv(0, []Die{2, 2, 4, 4, 6, 6})},
		{"Core/112255", refCore, []Die{1, 1, 2, 2, 5, 5}, 0, nonScoring(2, 2), // 100 + 100 + 50 + 50, the 2s are left
			pv(300, []Die{2, 2}, cb(SingleOne, 100, 1), cb(SingleOne, 100, 1), cb(SingleFive, 50, 5), cb(SingleFive, 50, 5))},

		// Straights and three pairs.
		{"App/straight", refApp, []Die{6, 5, 4, 3, 2, 1}, 2500, nil, pv(2500, nil, cb(Straight, 2500, 1, 2, 3, 4, 5, 6))},
		{"Facebook/straight", refFacebook, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, pv(1500, nil, cb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Zilch/straight", refZilch, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, pv(1500, nil, cb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Classic/straight", refClassic, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, pv(1500, nil, cb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Facebook/224466", refFacebook, []Die{2, 2, 4, 4, 6, 6}, 750, nil, pv(750, nil, cb(ThreePairs, 750, 2, 2, 4, 4, 6, 6))},
		{"Zilch/224466", refZilch, []Die{2, 2, 4, 4, 6, 6}, 1500, nil, pv(1500, nil, cb(ThreePairs, 1500, 2, 2, 4, 4, 6, 6))},

		// Six dice that score nothing.
		{"Zilch/223466", refZilch, []Die{2, 2, 3, 4, 6, 6}, 500, nil, // no 1, 5, triple, straight or three pairs: Nothing 500
			pv(500, nil, cb(Nothing, 500, 2, 2, 3, 4, 6, 6))},
		{"Zilch/643322", refZilch, []Die{6, 4, 3, 3, 2, 2}, 500, nil, // the same in another order
			pv(500, nil, cb(Nothing, 500, 2, 2, 3, 3, 4, 6))},
		{"Core/223466", refCore, []Die{2, 2, 3, 4, 6, 6}, 0, nonScoring(2, 2, 3, 4, 6, 6), // Core has no Nothing
			pv(0, []Die{2, 2, 3, 4, 6, 6})},
		{"Zilch/123466", refZilch, []Die{1, 2, 3, 4, 6, 6}, 0, nonScoring(2, 3, 4, 6, 6), // the 1 scores, so not Nothing
			pv(100, []Die{2, 3, 4, 6, 6}, cb(SingleOne, 100, 1))},
		{"Zilch/22346", refZilch, []Die{2, 2, 3, 4, 6}, 0, nonScoring(2, 2, 3, 4, 6), // Nothing needs six dice
			pv(0, []Die{2, 2, 3, 4, 6})},

		// Ties.
		{"TieOnes/111", rulesTieOnes, []Die{1, 1, 1}, 1500, nil, // 1500 = 3 x 500, same dice: fewer combos wins
			pv(1500, nil, cb(ThreeOnes, 1500, 1, 1, 1))},
		{"EqualSingles/51", rulesEqualSingles, []Die{5, 1}, 100, nil, // 50 each: Kind SingleOne comes first
			pv(100, nil, cb(SingleOne, 50, 1), cb(SingleFive, 50, 5))},
	}
	scorers := map[Rules]*Scorer{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := scorers[tc.rules]
			if s == nil {
				s = mustNew(t, tc.rules)
				scorers[tc.rules] = s
			}
			checkScoreCase(t, s, tc.rules, tc.dice, tc.score, tc.scoreErr, tc.best)
		})
	}
}

// checkScoreCase checks Score and BestPartition of dice under rules, by s
// (compiled from rules) and by the reference, against the values worked
// out by hand.
func checkScoreCase(t *testing.T, s *Scorer, rules Rules, dice []Die, score int, scoreErr error, best partView) {
	t.Helper()
	for _, impl := range []struct {
		name  string
		score func([]Die) (int, error)
		best  func([]Die) (partView, error)
	}{
		{"Scorer", s.Score, func(d []Die) (partView, error) { p, err := s.BestPartition(d); return viewOf(p), err }},
		{"reference", func(d []Die) (int, error) { return refScore(rules, d) }, func(d []Die) (partView, error) { return refBestPartition(rules, d) }},
	} {
		got, err := impl.score(dice)
		if diff := cmp.Diff(outcome{score, viewErr(scoreErr)}, outcome{got, viewErr(err)}); diff != "" {
			t.Errorf("%s Score(%v) (-want +got):\n%s", impl.name, dice, diff)
		}
		p, err := impl.best(dice)
		if diff := cmp.Diff(best, p); diff != "" || err != nil {
			t.Errorf("%s BestPartition(%v) error %v (-want +got):\n%s", impl.name, dice, err, diff)
		}
	}
}

// TestRulesPresetKeeps checks BestKeep, Keeps, IsFarkle and ValidateKeep by
// hand on rolls where the presets differ.
func TestRulesPresetKeeps(t *testing.T) {
	type keepsCase struct {
		name  string
		rules Rules
		roll  []Die
		keeps []partView // nil: a farkle
	}
	tests := []keepsCase{
		// App: three 1s and four 1s are both 1000; the fewer dice come first.
		{"App/1111", refApp, []Die{1, 1, 1, 1}, []partView{
			pv(1000, []Die{1}, cb(ThreeOnes, 1000, 1, 1, 1)),
			pv(1000, nil, cb(FourOfAKind, 1000, 1, 1, 1, 1)),
			pv(200, []Die{1, 1}, cb(SingleOne, 100, 1), cb(SingleOne, 100, 1)),
			pv(100, []Die{1, 1, 1}, cb(SingleOne, 100, 1)),
		}},
		// Core: four 1s are 1100 (three 1s and a single), three 1s 1000, ...
		{"Core/1111", refCore, []Die{1, 1, 1, 1}, []partView{
			pv(1100, nil, cb(ThreeOnes, 1000, 1, 1, 1), cb(SingleOne, 100, 1)),
			pv(1000, []Die{1}, cb(ThreeOnes, 1000, 1, 1, 1)),
			pv(200, []Die{1, 1}, cb(SingleOne, 100, 1), cb(SingleOne, 100, 1)),
			pv(100, []Die{1, 1, 1}, cb(SingleOne, 100, 1)),
		}},
		// Classic: four 1s 1000, three 1s 300 = three singles.
		{"Classic/1111", refClassic, []Die{1, 1, 1, 1}, []partView{
			pv(1000, nil, cb(FourOfAKind, 1000, 1, 1, 1, 1)),
			pv(300, []Die{1}, cb(ThreeOnes, 300, 1, 1, 1)),
			pv(200, []Die{1, 1}, cb(SingleOne, 100, 1), cb(SingleOne, 100, 1)),
			pv(100, []Die{1, 1, 1}, cb(SingleOne, 100, 1)),
		}},
		// Core: 2,2,2,2 can only be kept as three 2s.
		{"Core/2222", refCore, []Die{2, 2, 2, 2}, []partView{
			pv(200, []Die{2}, cb(ThreeOfAKind, 200, 2, 2, 2)),
		}},
		// Zilch: six dice with nothing are one keep of 500; Core: a farkle.
		{"Zilch/223466", refZilch, []Die{6, 2, 4, 3, 2, 6}, []partView{
			pv(500, nil, cb(Nothing, 500, 2, 2, 3, 4, 6, 6)),
		}},
		{"Core/223466", refCore, []Die{6, 2, 4, 3, 2, 6}, nil},
		{"App/223466", refApp, []Die{6, 2, 4, 3, 2, 6}, nil},
		// Equal singles: {1} and {5} tie on points and size; 1 < 5 first.
		{"EqualSingles/15", rulesEqualSingles, []Die{5, 1}, []partView{
			pv(100, nil, cb(SingleOne, 50, 1), cb(SingleFive, 50, 5)),
			pv(50, []Die{5}, cb(SingleOne, 50, 1)),
			pv(50, []Die{1}, cb(SingleFive, 50, 5)),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustNew(t, tc.rules)
			wantBest := pv(0, slices.Sorted(slices.Values(tc.roll)))
			if len(tc.keeps) > 0 {
				wantBest = tc.keeps[0]
			}
			for _, impl := range []struct {
				name     string
				keeps    func([]Die) ([]partView, error)
				bestKeep func([]Die) (partView, error)
				isFarkle func([]Die) (bool, error)
			}{
				{"Scorer",
					func(d []Die) ([]partView, error) { ks, err := s.Keeps(d); return viewsOf(ks), err },
					func(d []Die) (partView, error) { p, err := s.BestKeep(d); return viewOf(p), err },
					s.IsFarkle},
				{"reference",
					func(d []Die) ([]partView, error) { return refKeeps(tc.rules, d) },
					func(d []Die) (partView, error) { return refBestKeep(tc.rules, d) },
					func(d []Die) (bool, error) { return refIsFarkle(tc.rules, d) }},
			} {
				ks, err := impl.keeps(tc.roll)
				if diff := cmp.Diff(tc.keeps, ks); diff != "" || err != nil {
					t.Errorf("%s Keeps(%v) error %v (-want +got):\n%s", impl.name, tc.roll, err, diff)
				}
				bk, err := impl.bestKeep(tc.roll)
				if diff := cmp.Diff(wantBest, bk); diff != "" || err != nil {
					t.Errorf("%s BestKeep(%v) error %v (-want +got):\n%s", impl.name, tc.roll, err, diff)
				}
				f, err := impl.isFarkle(tc.roll)
				if f != (len(tc.keeps) == 0) || err != nil {
					t.Errorf("%s IsFarkle(%v) = %v, %v; want %v, nil", impl.name, tc.roll, f, err, len(tc.keeps) == 0)
				}
			}
		})
	}

	// ValidateKeep by hand.
	for _, tc := range []struct {
		name       string
		rules      Rules
		roll, kept []Die
		want       int
		err        error
	}{
		{"Core/2222 keep 2222", refCore, []Die{2, 2, 2, 2}, []Die{2, 2, 2, 2}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{2}, Count: 1}}, // the fourth 2 scores nothing
		{"Core/2222 keep 222", refCore, []Die{2, 2, 2, 2}, []Die{2, 2, 2}, 200, nil},                                                        // three 2s
		{"App/2222 keep 2222", refApp, []Die{2, 2, 2, 2}, []Die{2, 2, 2, 2}, 1000, nil},                                                     // four of a kind
		{"Zilch/223466 keep all", refZilch, []Die{2, 2, 3, 4, 6, 6}, []Die{6, 6, 4, 3, 2, 2}, 500, nil},                                     // Nothing
		{"Zilch/223466 keep 22", refZilch, []Die{2, 2, 3, 4, 6, 6}, []Die{2, 2}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{2, 2}, Count: 2}},
		{"Classic/111 of 1111", refClassic, []Die{1, 1, 1, 1}, []Die{1, 1, 1}, 300, nil},            // three 1s 300
		{"Facebook/3333 keep 3333", refFacebook, []Die{3, 3, 3, 3, 2}, []Die{3, 3, 3, 3}, 600, nil}, // 300 + 300
		{"Classic/222233", refClassic, []Die{2, 2, 2, 2, 3, 3}, []Die{2, 2, 2, 2, 3, 3}, 1500, nil}, // four and a pair
		{"Facebook/222233", refFacebook, []Die{2, 2, 2, 2, 3, 3}, []Die{2, 2, 2, 2, 3, 3}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{3, 3}, Count: 2}},
		{"Core/not in roll", refCore, []Die{2, 2, 2}, []Die{2, 2, 2, 2, 1}, 0, &DiceError{Err: ErrNotInRoll, Dice: []Die{1, 2}, Count: 2}},
	} {
		s := mustNew(t, tc.rules)
		for _, impl := range []struct {
			name string
			fn   func(roll, kept []Die) (int, error)
		}{{"Scorer", s.ValidateKeep}, {"reference", func(r, k []Die) (int, error) { return refValidateKeep(tc.rules, r, k) }}} {
			got, err := impl.fn(tc.roll, tc.kept)
			if diff := cmp.Diff(outcome{tc.want, viewErr(tc.err)}, outcome{got, viewErr(err)}); diff != "" {
				t.Errorf("%s: %s ValidateKeep(%v, %v) (-want +got):\n%s", tc.name, impl.name, tc.roll, tc.kept, diff)
			}
		}
	}
}

// TestRulesNew checks that New accepts the presets and rejects every kind of
// invalid field with a *RulesError naming it.
func TestRulesNew(t *testing.T) {
	for _, r := range []Rules{refApp, refCore, refFacebook, refZilch, refClassic} {
		s, err := New(r)
		if err != nil {
			t.Errorf("New(%+v): %v", r, err)
			continue
		}
		if got := s.Rules(); got != r {
			t.Errorf("New(r).Rules() = %+v; want %+v", got, r)
		}
	}
	for _, s := range []*Scorer{nil, {}} {
		if got := s.Rules(); got != refApp {
			t.Errorf("(%#v).Rules() = %+v; want App", s, got)
		}
	}
	// The largest values are allowed, and so are zero singles.
	limits := rulesWith(refClassic, func(r *Rules) {
		r.SingleOne, r.SingleFive = refMaxPoints, 0
		r.Triple = [7]int{0, refMaxPoints, 1, refMaxPoints, 1, refMaxPoints, 1}
		r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = refMaxPoints, refMaxPoints, refMaxPoints
		r.Straight, r.ThreePairs, r.FourAndPair, r.TwoTriplets, r.Nothing = refMaxPoints, refMaxPoints, refMaxPoints, refMaxPoints, refMaxPoints
		r.FourAsTwoPairs = true
	})
	doubled := rulesWith(refZilch, func(r *Rules) {
		r.Triple = [7]int{0, refMaxPoints, refMaxPoints, refMaxPoints, refMaxPoints, refMaxPoints, refMaxPoints}
	})
	for _, r := range []Rules{limits, doubled} {
		s, err := New(r)
		if err != nil {
			t.Errorf("New(%+v): %v", r, err)
			continue
		}
		// Six 1s: refMaxPoints as SixOfAKind (Fixed) or 8 x refMaxPoints (Double).
		want, _ := refScore(r, []Die{1, 1, 1, 1, 1, 1})
		if got, err := s.Score([]Die{1, 1, 1, 1, 1, 1}); got != want || err != nil {
			t.Errorf("Score(1,1,1,1,1,1) under %+v = %d, %v; want %d", r, got, err, want)
		}
	}

	tests := []struct {
		name  string
		rules Rules
		field string
	}{
		{"zero Rules", Rules{}, "Triple[1]"}, // the first bad field: triples must be positive
		{"SingleOne negative", rulesWith(refApp, func(r *Rules) { r.SingleOne = -100 }), "SingleOne"},
		{"SingleOne too big", rulesWith(refApp, func(r *Rules) { r.SingleOne = refMaxPoints + 1 }), "SingleOne"},
		{"SingleFive negative", rulesWith(refApp, func(r *Rules) { r.SingleFive = -1 }), "SingleFive"},
		{"SingleFive too big", rulesWith(refCore, func(r *Rules) { r.SingleFive = math.MaxInt }), "SingleFive"},
		{"Triple[0] set", rulesWith(refApp, func(r *Rules) { r.Triple[0] = 100 }), "Triple[0]"},
		{"Triple[0] negative", rulesWith(refApp, func(r *Rules) { r.Triple[0] = -1 }), "Triple[0]"},
		{"Triple[1] zero", rulesWith(refApp, func(r *Rules) { r.Triple[1] = 0 }), "Triple[1]"},
		{"Triple[3] zero", rulesWith(refCore, func(r *Rules) { r.Triple[3] = 0 }), "Triple[3]"},
		{"Triple[6] negative", rulesWith(refZilch, func(r *Rules) { r.Triple[6] = -600 }), "Triple[6]"},
		{"Triple[5] too big", rulesWith(refFacebook, func(r *Rules) { r.Triple[5] = refMaxPoints + 1 }), "Triple[5]"},
		{"Bonus 4", rulesWith(refCore, func(r *Rules) { r.Bonus = BonusNone + 1 }), "Bonus"},
		{"Bonus 255", rulesWith(refCore, func(r *Rules) { r.Bonus = 255 }), "Bonus"},
		{"Fixed FourOfAKind zero", rulesWith(refApp, func(r *Rules) { r.FourOfAKind = 0 }), "FourOfAKind"},
		{"Fixed FiveOfAKind zero", rulesWith(refApp, func(r *Rules) { r.FiveOfAKind = 0 }), "FiveOfAKind"},
		{"Fixed SixOfAKind zero", rulesWith(refClassic, func(r *Rules) { r.SixOfAKind = 0 }), "SixOfAKind"},
		{"Fixed FourOfAKind negative", rulesWith(refApp, func(r *Rules) { r.FourOfAKind = -1000 }), "FourOfAKind"},
		{"Fixed SixOfAKind too big", rulesWith(refApp, func(r *Rules) { r.SixOfAKind = refMaxPoints + 1 }), "SixOfAKind"},
		{"None with FourOfAKind", rulesWith(refCore, func(r *Rules) { r.FourOfAKind = 1000 }), "FourOfAKind"},
		{"AddTriple with FiveOfAKind", rulesWith(refFacebook, func(r *Rules) { r.FiveOfAKind = 2000 }), "FiveOfAKind"},
		{"Double with SixOfAKind", rulesWith(refZilch, func(r *Rules) { r.SixOfAKind = 3000 }), "SixOfAKind"},
		{"Fixed turned off with values", rulesWith(refApp, func(r *Rules) { r.Bonus = BonusDouble }), "FourOfAKind"},
		{"Fixed turned on without values", rulesWith(refCore, func(r *Rules) { r.Bonus = BonusFixed }), "FourOfAKind"},
		{"Straight negative", rulesWith(refApp, func(r *Rules) { r.Straight = -1 }), "Straight"},
		{"Straight too big", rulesWith(refApp, func(r *Rules) { r.Straight = refMaxPoints + 1 }), "Straight"},
		{"ThreePairs negative", rulesWith(refCore, func(r *Rules) { r.ThreePairs = -1500 }), "ThreePairs"},
		{"FourAndPair negative", rulesWith(refClassic, func(r *Rules) { r.FourAndPair = -1 }), "FourAndPair"},
		{"FourAndPair too big", rulesWith(refClassic, func(r *Rules) { r.FourAndPair = refMaxPoints + 1 }), "FourAndPair"},
		{"TwoTriplets negative", rulesWith(refClassic, func(r *Rules) { r.TwoTriplets = -2500 }), "TwoTriplets"},
		{"Nothing negative", rulesWith(refZilch, func(r *Rules) { r.Nothing = -500 }), "Nothing"},
		{"Nothing too big", rulesWith(refZilch, func(r *Rules) { r.Nothing = refMaxPoints + 1 }), "Nothing"},
		{"FourAsTwoPairs without ThreePairs", rulesWith(refApp, func(r *Rules) { r.ThreePairs = 0 }), "FourAsTwoPairs"},
		{"FourAsTwoPairs on Core", rulesWith(refCore, func(r *Rules) { r.FourAsTwoPairs = true }), "FourAsTwoPairs"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if bad := refRulesProblems(tc.rules); !slices.Contains(bad, tc.field) {
				t.Fatalf("test case: the reference check finds %v, not %s", bad, tc.field)
			}
			s, err := New(tc.rules)
			var re *RulesError
			if !errors.As(err, &re) {
				t.Fatalf("New(%+v) = %v, %v; want a *RulesError", tc.rules, s, err)
			}
			if s != nil || !errors.Is(err, ErrInvalidRules) {
				t.Errorf("New returned %v and %v; want nil and an error wrapping ErrInvalidRules", s, err)
			}
			if re.Field != tc.field {
				t.Errorf("RulesError.Field = %q; want %q (error: %v)", re.Field, tc.field, err)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.field) || re.Reason == "" {
				t.Errorf("error %q: want the field %s named and a reason", msg, tc.field)
			}
		})
	}
}

// TestRulesUnusualSweep compares the compiled Scorer with the reference on
// every multiset of 0 to 6 dice (ascending and descending), with every
// sub-multiset as the keep, for rule sets that combine the options in ways
// that no preset does.
func TestRulesUnusualSweep(t *testing.T) {
	ties := Rules{ // everything worth the same, to exercise every tie-break
		SingleOne: 100, SingleFive: 100,
		Triple:      [7]int{0, 300, 300, 300, 300, 300, 300},
		FourOfAKind: 400, FiveOfAKind: 500, SixOfAKind: 600,
		Split:    true,
		Straight: 600, ThreePairs: 600, FourAsTwoPairs: true, FourAndPair: 600, TwoTriplets: 600, Nothing: 600,
	}
	sets := []struct {
		name  string
		rules Rules
	}{
		{"ties", ties},
		{"ties without Split", rulesWith(ties, func(r *Rules) { r.Split = false })},
		{"Core without Split", rulesCoreNoSplit},
		{"App with Split", rulesWith(refApp, func(r *Rules) { r.Split = true })},
		{"Zilch without Split", rulesWith(refZilch, func(r *Rules) { r.Split = false })},
		{"no singles", Rules{
			Triple: [7]int{0, 1000, 200, 300, 400, 500, 600}, Bonus: BonusAddTriple, Split: true,
			ThreePairs: 500, FourAsTwoPairs: true, FourAndPair: 700, TwoTriplets: 900, Nothing: 300,
		}},
		{"big singles, tiny triples", Rules{
			SingleOne: 1000, SingleFive: 999, Triple: [7]int{0, 1, 1, 1, 1, 1, 1}, Bonus: BonusDouble, Split: true, Straight: 1,
		}},
	}
	ms := multisets()
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			t.Parallel()
			r := set.rules
			s := mustNew(t, r)
			failures := 0
			fatal := func(format string, args ...any) {
				t.Helper()
				t.Errorf(format, args...)
				if failures++; failures >= maxFailures {
					t.FailNow()
				}
			}
			for i, roll := range ms {
				if i%raceStride(5) != 0 && len(roll) > 1 {
					continue
				}
				desc := slices.Clone(roll)
				slices.Reverse(desc)
				// Every sub-multiset as the keep.
				c := refCountsOf(roll)
				for _, kept := range ms {
					if c.contains(refCountsOf(kept)) {
						rulesCompareKeep(fatal, s, r, roll, kept)
					}
				}
				rulesCompare(fatal, s, r, roll, roll)
				rulesCompare(fatal, s, r, desc, roll)
			}
		})
	}
}
