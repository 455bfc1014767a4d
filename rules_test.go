package farkle

// Tests of the house rules (issue 3): hand-written cases where the presets
// differ, the checks of New, rapid properties over random Rules values, a
// sweep of unusual rule sets against the reference, and FuzzRules.

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func rcb(k Kind, pts int, dice ...Die) Combo { return Combo{Kind: k, Dice: dice, Points: pts} }

// rpart builds an expected Partition; the points are written by hand.
func rpart(points int, rest []Die, combos ...Combo) Partition {
	return Partition{Combos: combos, Rest: rest, Points: points}
}

func rulesWith(r Rules, change func(*Rules)) Rules {
	change(&r)
	return r
}

func rulesNew(t *testing.T, r Rules) *Scorer {
	t.Helper()
	s, err := New(r)
	if err != nil {
		t.Fatalf("New(%+v): %v", r, err)
	}
	return s
}

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
	nonScoring := func(d ...Die) error { return &DiceError{Err: ErrNonScoring, Dice: d} }
	tests := []struct {
		name     string
		rules    Rules
		dice     []Die
		score    int
		scoreErr error
		best     Partition
	}{
		// Four 1s.
		{"App/1111", refApp, []Die{1, 1, 1, 1}, 1000, nil, // never split: one four of a kind, fixed 1000
			rpart(1000, nil, rcb(FourOfAKind, 1000, 1, 1, 1, 1))},
		{"Core/1111", refCore, []Die{1, 1, 1, 1}, 1100, nil, // no four of a kind: three 1s 1000 + a single 100
			rpart(1100, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(SingleOne, 100, 1))},
		{"Facebook/1111", refFacebook, []Die{1, 1, 1, 1}, 2000, nil, // adds the triple again: 1000 + 1000 > 1100
			rpart(2000, nil, rcb(FourOfAKind, 2000, 1, 1, 1, 1))},
		{"Zilch/1111", refZilch, []Die{1, 1, 1, 1}, 2000, nil, // doubles: 2 x 1000 > 1100
			rpart(2000, nil, rcb(FourOfAKind, 2000, 1, 1, 1, 1))},
		{"Classic/1111", refClassic, []Die{1, 1, 1, 1}, 1000, nil, // fixed 1000 > three 1s 300 + 100
			rpart(1000, nil, rcb(FourOfAKind, 1000, 1, 1, 1, 1))},
		{"CoreNoSplit/1111", rulesCoreNoSplit, []Die{1, 1, 1, 1}, 1100, nil, // BonusNone: a triple and the fourth as a single
			rpart(1100, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(SingleOne, 100, 1))},

		// Four of a kind and a pair: 2,2,2,2,3,3.
		{"App/222233", refApp, []Die{2, 3, 2, 3, 2, 2}, 1500, nil, // 4+2 counts as three pairs
			rpart(1500, nil, rcb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Core/222233", refCore, []Die{2, 2, 2, 2, 3, 3}, 0, nonScoring(2, 3, 3), // only the triple of 2s scores
			rpart(200, []Die{2, 3, 3}, rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Facebook/222233", refFacebook, []Die{2, 2, 2, 2, 3, 3}, 0, nonScoring(3, 3), // four 2s = 400; 4+2 is not three pairs here
			rpart(400, []Die{3, 3}, rcb(FourOfAKind, 400, 2, 2, 2, 2))},
		{"Zilch/222233", refZilch, []Die{2, 2, 2, 2, 3, 3}, 1500, nil, // three pairs 1500 > four 2s 400
			rpart(1500, nil, rcb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Classic/222233", refClassic, []Die{2, 2, 2, 2, 3, 3}, 1500, nil, // four and a pair 1500 > four 2s 1000
			rpart(1500, nil, rcb(FourAndPair, 1500, 2, 2, 2, 2, 3, 3))},
		{"Classic42/222233", rulesClassic42, []Die{3, 2, 2, 3, 2, 2}, 1500, nil, // tie 1500/1500, one combo each: Kind ThreePairs < FourAndPair
			rpart(1500, nil, rcb(ThreePairs, 1500, 2, 2, 2, 2, 3, 3))},
		{"Facebook42/333344", rulesFacebook42, []Die{3, 3, 3, 3, 4, 4}, 750, nil, // three pairs 750 > four 3s 600
			rpart(750, nil, rcb(ThreePairs, 750, 3, 3, 3, 3, 4, 4))},

		// Four 1s and two 5s.
		{"App/111155", refApp, []Die{1, 1, 1, 1, 5, 5}, 1500, nil, // three pairs 1500 > 1000 + 50 + 50
			rpart(1500, nil, rcb(ThreePairs, 1500, 1, 1, 1, 1, 5, 5))},
		{"Core/111155", refCore, []Die{5, 1, 1, 5, 1, 1}, 1200, nil, // 1000 + 100 + 50 + 50
			rpart(1200, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(SingleOne, 100, 1), rcb(SingleFive, 50, 5), rcb(SingleFive, 50, 5))},
		{"Facebook/111155", refFacebook, []Die{1, 1, 1, 1, 5, 5}, 2100, nil, // 2000 + 50 + 50; 4+2 no three pairs
			rpart(2100, nil, rcb(FourOfAKind, 2000, 1, 1, 1, 1), rcb(SingleFive, 50, 5), rcb(SingleFive, 50, 5))},
		{"Zilch/111155", refZilch, []Die{1, 1, 1, 1, 5, 5}, 2100, nil, // 2000 + 50 + 50 > three pairs 1500
			rpart(2100, nil, rcb(FourOfAKind, 2000, 1, 1, 1, 1), rcb(SingleFive, 50, 5), rcb(SingleFive, 50, 5))},
		{"Classic/111155", refClassic, []Die{1, 1, 1, 1, 5, 5}, 1500, nil, // four and a pair 1500 > 1000 + 50 + 50
			rpart(1500, nil, rcb(FourAndPair, 1500, 1, 1, 1, 1, 5, 5))},

		// Two triplets.
		{"App/222333", refApp, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // no special value: 300 + 200
			rpart(500, nil, rcb(ThreeOfAKind, 300, 3, 3, 3), rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Core/222333", refCore, []Die{3, 2, 3, 2, 3, 2}, 500, nil, // 300 + 200
			rpart(500, nil, rcb(ThreeOfAKind, 300, 3, 3, 3), rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Facebook/222333", refFacebook, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // 300 + 200; 3+3 is not three pairs
			rpart(500, nil, rcb(ThreeOfAKind, 300, 3, 3, 3), rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Zilch/222333", refZilch, []Die{2, 2, 2, 3, 3, 3}, 500, nil, // 300 + 200
			rpart(500, nil, rcb(ThreeOfAKind, 300, 3, 3, 3), rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Classic/222333", refClassic, []Die{2, 2, 2, 3, 3, 3}, 2500, nil, // two triplets 2500
			rpart(2500, nil, rcb(TwoTriplets, 2500, 2, 2, 2, 3, 3, 3))},
		{"Classic/111555", refClassic, []Die{5, 5, 5, 1, 1, 1}, 2500, nil, // two triplets 2500 > 500 + 300
			rpart(2500, nil, rcb(TwoTriplets, 2500, 1, 1, 1, 5, 5, 5))},

		// Four 2s.
		{"App/2222", refApp, []Die{2, 2, 2, 2}, 1000, nil, // four of a kind, any face
			rpart(1000, nil, rcb(FourOfAKind, 1000, 2, 2, 2, 2))},
		{"Core/2222", refCore, []Die{2, 2, 2, 2}, 0, nonScoring(2), // the fourth 2 scores nothing
			rpart(200, []Die{2}, rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"CoreNoSplit/2222", rulesCoreNoSplit, []Die{2, 2, 2, 2}, 0, nonScoring(2), // the same without splits
			rpart(200, []Die{2}, rcb(ThreeOfAKind, 200, 2, 2, 2))},
		{"Zilch/2222", refZilch, []Die{2, 2, 2, 2}, 400, nil, // doubles: 2 x 200
			rpart(400, nil, rcb(FourOfAKind, 400, 2, 2, 2, 2))},
		{"Zilch/22222", refZilch, []Die{2, 2, 2, 2, 2}, 800, nil, // 4 x 200
			rpart(800, nil, rcb(FiveOfAKind, 800, 2, 2, 2, 2, 2))},
		{"Zilch/222222", refZilch, []Die{2, 2, 2, 2, 2, 2}, 1600, nil, // 8 x 200 > three pairs 1500 (six equal count as pairs)
			rpart(1600, nil, rcb(SixOfAKind, 1600, 2, 2, 2, 2, 2, 2))},
		{"Zilch/111111", refZilch, []Die{1, 1, 1, 1, 1, 1}, 8000, nil, // 8 x 1000
			rpart(8000, nil, rcb(SixOfAKind, 8000, 1, 1, 1, 1, 1, 1))},

		// Facebook adds the triple per extra die.
		{"Facebook/3333", refFacebook, []Die{3, 3, 3, 3}, 600, nil, // 300 + 300
			rpart(600, nil, rcb(FourOfAKind, 600, 3, 3, 3, 3))},
		{"Facebook/33333", refFacebook, []Die{3, 3, 3, 3, 3}, 900, nil, // 3 x 300
			rpart(900, nil, rcb(FiveOfAKind, 900, 3, 3, 3, 3, 3))},
		{"Facebook/333333", refFacebook, []Die{3, 3, 3, 3, 3, 3}, 1200, nil, // 4 x 300 > two triples 600
			rpart(1200, nil, rcb(SixOfAKind, 1200, 3, 3, 3, 3, 3, 3))},
		{"Facebook/222222", refFacebook, []Die{2, 2, 2, 2, 2, 2}, 800, nil, // 4 x 200; six equal are not three pairs here
			rpart(800, nil, rcb(SixOfAKind, 800, 2, 2, 2, 2, 2, 2))},
		{"Facebook42/222222", rulesFacebook42, []Die{2, 2, 2, 2, 2, 2}, 800, nil, // 800 > three pairs 750
			rpart(800, nil, rcb(SixOfAKind, 800, 2, 2, 2, 2, 2, 2))},
		{"Facebook/112255", refFacebook, []Die{1, 1, 2, 2, 5, 5}, 750, nil, // three pairs 750 > 100 + 100 + 50 + 50
			rpart(750, nil, rcb(ThreePairs, 750, 1, 1, 2, 2, 5, 5))},

		// Classic: three 1s are 300.
		{"Classic/111", refClassic, []Die{1, 1, 1}, 300, nil, // three 1s 300 = three singles 300: fewer combos wins
			rpart(300, nil, rcb(ThreeOnes, 300, 1, 1, 1))},
		{"Classic/111111", refClassic, []Die{1, 1, 1, 1, 1, 1}, 3000, nil, // six of a kind 3000 > anything else
			rpart(3000, nil, rcb(SixOfAKind, 3000, 1, 1, 1, 1, 1, 1))},

		// Core: no combination beyond triples.
		{"Core/111111", refCore, []Die{1, 1, 1, 1, 1, 1}, 2000, nil, // two triples of 1s, 1000 each
			rpart(2000, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(ThreeOnes, 1000, 1, 1, 1))},
		{"Core/11111", refCore, []Die{1, 1, 1, 1, 1}, 1200, nil, // 1000 + 100 + 100
			rpart(1200, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(SingleOne, 100, 1), rcb(SingleOne, 100, 1))},
		{"Core/5555", refCore, []Die{5, 5, 5, 5}, 550, nil, // 500 + 50
			rpart(550, nil, rcb(ThreeOfAKind, 500, 5, 5, 5), rcb(SingleFive, 50, 5))},
		{"Core/straight", refCore, []Die{6, 5, 4, 3, 2, 1}, 0, nonScoring(2, 3, 4, 6), // no straight: only the 1 and the 5
			rpart(150, []Die{2, 3, 4, 6}, rcb(SingleOne, 100, 1), rcb(SingleFive, 50, 5))},
		{"Core/224466", refCore, []Die{2, 2, 4, 4, 6, 6}, 0, nonScoring(2, 2, 4, 4, 6, 6), // no three pairs: nothing scores
			rpart(0, []Die{2, 2, 4, 4, 6, 6})},
		{"Core/112255", refCore, []Die{1, 1, 2, 2, 5, 5}, 0, nonScoring(2, 2), // 100 + 100 + 50 + 50, the 2s are left
			rpart(300, []Die{2, 2}, rcb(SingleOne, 100, 1), rcb(SingleOne, 100, 1), rcb(SingleFive, 50, 5), rcb(SingleFive, 50, 5))},

		// Straights and three pairs.
		{"App/straight", refApp, []Die{6, 5, 4, 3, 2, 1}, 2500, nil, rpart(2500, nil, rcb(Straight, 2500, 1, 2, 3, 4, 5, 6))},
		{"Facebook/straight", refFacebook, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, rpart(1500, nil, rcb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Zilch/straight", refZilch, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, rpart(1500, nil, rcb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Classic/straight", refClassic, []Die{6, 5, 4, 3, 2, 1}, 1500, nil, rpart(1500, nil, rcb(Straight, 1500, 1, 2, 3, 4, 5, 6))},
		{"Facebook/224466", refFacebook, []Die{2, 2, 4, 4, 6, 6}, 750, nil, rpart(750, nil, rcb(ThreePairs, 750, 2, 2, 4, 4, 6, 6))},
		{"Zilch/224466", refZilch, []Die{2, 2, 4, 4, 6, 6}, 1500, nil, rpart(1500, nil, rcb(ThreePairs, 1500, 2, 2, 4, 4, 6, 6))},

		// Six dice that score nothing.
		{"Zilch/223466", refZilch, []Die{2, 2, 3, 4, 6, 6}, 500, nil, // no 1, 5, triple, straight or three pairs: Nothing 500
			rpart(500, nil, rcb(Nothing, 500, 2, 2, 3, 4, 6, 6))},
		{"Zilch/643322", refZilch, []Die{6, 4, 3, 3, 2, 2}, 500, nil, // the same in another order
			rpart(500, nil, rcb(Nothing, 500, 2, 2, 3, 3, 4, 6))},
		{"Core/223466", refCore, []Die{2, 2, 3, 4, 6, 6}, 0, nonScoring(2, 2, 3, 4, 6, 6), // Core has no Nothing
			rpart(0, []Die{2, 2, 3, 4, 6, 6})},
		{"Zilch/123466", refZilch, []Die{1, 2, 3, 4, 6, 6}, 0, nonScoring(2, 3, 4, 6, 6), // the 1 scores, so not Nothing
			rpart(100, []Die{2, 3, 4, 6, 6}, rcb(SingleOne, 100, 1))},
		{"Zilch/22346", refZilch, []Die{2, 2, 3, 4, 6}, 0, nonScoring(2, 2, 3, 4, 6), // Nothing needs six dice
			rpart(0, []Die{2, 2, 3, 4, 6})},

		// Ties.
		{"TieOnes/111", rulesTieOnes, []Die{1, 1, 1}, 1500, nil, // 1500 = 3 x 500, same dice: fewer combos wins
			rpart(1500, nil, rcb(ThreeOnes, 1500, 1, 1, 1))},
		{"EqualSingles/51", rulesEqualSingles, []Die{5, 1}, 100, nil, // 50 each: Kind SingleOne comes first
			rpart(100, nil, rcb(SingleOne, 50, 1), rcb(SingleFive, 50, 5))},
	}
	scorers := map[Rules]*Scorer{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := scorers[tc.rules]
			if s == nil {
				s = rulesNew(t, tc.rules)
				scorers[tc.rules] = s
			}
			for _, impl := range []struct {
				name  string
				score func([]Die) (int, error)
				best  func([]Die) (Partition, error)
			}{
				{"Scorer", s.Score, s.BestPartition},
				{"reference", func(d []Die) (int, error) { return refScore(tc.rules, d) }, func(d []Die) (Partition, error) { return refBestPartition(tc.rules, d) }},
			} {
				got, err := impl.score(tc.dice)
				if diff := cmp.Diff(exhOutcome{tc.score, refViewErr(tc.scoreErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts); diff != "" {
					t.Errorf("%s Score(%v) (-want +got):\n%s", impl.name, tc.dice, diff)
				}
				p, err := impl.best(tc.dice)
				if diff := cmp.Diff(tc.best, p, refCmpOpts); diff != "" || err != nil {
					t.Errorf("%s BestPartition(%v) error %v (-want +got):\n%s", impl.name, tc.dice, err, diff)
				}
			}
		})
	}
}

// TestRulesPresetKeeps checks BestKeep, Keeps, IsFarkle and ValidateKeep by
// hand on rolls where the presets differ.
func TestRulesPresetKeeps(t *testing.T) {
	type keepsCase struct {
		name  string
		rules Rules
		roll  []Die
		keeps []Partition // nil: a farkle
	}
	tests := []keepsCase{
		// App: three 1s and four 1s are both 1000; the fewer dice come first.
		{"App/1111", refApp, []Die{1, 1, 1, 1}, []Partition{
			rpart(1000, []Die{1}, rcb(ThreeOnes, 1000, 1, 1, 1)),
			rpart(1000, nil, rcb(FourOfAKind, 1000, 1, 1, 1, 1)),
			rpart(200, []Die{1, 1}, rcb(SingleOne, 100, 1), rcb(SingleOne, 100, 1)),
			rpart(100, []Die{1, 1, 1}, rcb(SingleOne, 100, 1)),
		}},
		// Core: four 1s are 1100 (three 1s and a single), three 1s 1000, ...
		{"Core/1111", refCore, []Die{1, 1, 1, 1}, []Partition{
			rpart(1100, nil, rcb(ThreeOnes, 1000, 1, 1, 1), rcb(SingleOne, 100, 1)),
			rpart(1000, []Die{1}, rcb(ThreeOnes, 1000, 1, 1, 1)),
			rpart(200, []Die{1, 1}, rcb(SingleOne, 100, 1), rcb(SingleOne, 100, 1)),
			rpart(100, []Die{1, 1, 1}, rcb(SingleOne, 100, 1)),
		}},
		// Classic: four 1s 1000, three 1s 300 = three singles.
		{"Classic/1111", refClassic, []Die{1, 1, 1, 1}, []Partition{
			rpart(1000, nil, rcb(FourOfAKind, 1000, 1, 1, 1, 1)),
			rpart(300, []Die{1}, rcb(ThreeOnes, 300, 1, 1, 1)),
			rpart(200, []Die{1, 1}, rcb(SingleOne, 100, 1), rcb(SingleOne, 100, 1)),
			rpart(100, []Die{1, 1, 1}, rcb(SingleOne, 100, 1)),
		}},
		// Core: 2,2,2,2 can only be kept as three 2s.
		{"Core/2222", refCore, []Die{2, 2, 2, 2}, []Partition{
			rpart(200, []Die{2}, rcb(ThreeOfAKind, 200, 2, 2, 2)),
		}},
		// Zilch: six dice with nothing are one keep of 500; Core: a farkle.
		{"Zilch/223466", refZilch, []Die{6, 2, 4, 3, 2, 6}, []Partition{
			rpart(500, nil, rcb(Nothing, 500, 2, 2, 3, 4, 6, 6)),
		}},
		{"Core/223466", refCore, []Die{6, 2, 4, 3, 2, 6}, nil},
		{"App/223466", refApp, []Die{6, 2, 4, 3, 2, 6}, nil},
		// Equal singles: {1} and {5} tie on points and size; 1 < 5 first.
		{"EqualSingles/15", rulesEqualSingles, []Die{5, 1}, []Partition{
			rpart(100, nil, rcb(SingleOne, 50, 1), rcb(SingleFive, 50, 5)),
			rpart(50, []Die{5}, rcb(SingleOne, 50, 1)),
			rpart(50, []Die{1}, rcb(SingleFive, 50, 5)),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := rulesNew(t, tc.rules)
			wantBest := Partition{Rest: slices.Sorted(slices.Values(tc.roll))}
			if len(tc.keeps) > 0 {
				wantBest = tc.keeps[0]
			}
			for _, impl := range []struct {
				name     string
				keeps    func([]Die) ([]Partition, error)
				bestKeep func([]Die) (Partition, error)
				isFarkle func([]Die) (bool, error)
			}{
				{"Scorer", s.Keeps, s.BestKeep, s.IsFarkle},
				{"reference",
					func(d []Die) ([]Partition, error) { return refKeeps(tc.rules, d) },
					func(d []Die) (Partition, error) { return refBestKeep(tc.rules, d) },
					func(d []Die) (bool, error) { return refIsFarkle(tc.rules, d) }},
			} {
				ks, err := impl.keeps(tc.roll)
				if diff := cmp.Diff(tc.keeps, ks, refCmpOpts); diff != "" || err != nil {
					t.Errorf("%s Keeps(%v) error %v (-want +got):\n%s", impl.name, tc.roll, err, diff)
				}
				bk, err := impl.bestKeep(tc.roll)
				if diff := cmp.Diff(wantBest, bk, refCmpOpts); diff != "" || err != nil {
					t.Errorf("%s BestKeep(%v) error %v (-want +got):\n%s", impl.name, tc.roll, err, diff)
				}
				if len(tc.keeps) == 0 && bk.Combos != nil {
					t.Errorf("%s BestKeep(%v) of a farkle: Combos = %v, want nil", impl.name, tc.roll, bk.Combos)
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
		{"Core/2222 keep 2222", refCore, []Die{2, 2, 2, 2}, []Die{2, 2, 2, 2}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{2}}}, // the fourth 2 scores nothing
		{"Core/2222 keep 222", refCore, []Die{2, 2, 2, 2}, []Die{2, 2, 2}, 200, nil},                                              // three 2s
		{"App/2222 keep 2222", refApp, []Die{2, 2, 2, 2}, []Die{2, 2, 2, 2}, 1000, nil},                                           // four of a kind
		{"Zilch/223466 keep all", refZilch, []Die{2, 2, 3, 4, 6, 6}, []Die{6, 6, 4, 3, 2, 2}, 500, nil},                           // Nothing
		{"Zilch/223466 keep 22", refZilch, []Die{2, 2, 3, 4, 6, 6}, []Die{2, 2}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{2, 2}}},
		{"Classic/111 of 1111", refClassic, []Die{1, 1, 1, 1}, []Die{1, 1, 1}, 300, nil},            // three 1s 300
		{"Facebook/3333 keep 3333", refFacebook, []Die{3, 3, 3, 3, 2}, []Die{3, 3, 3, 3}, 600, nil}, // 300 + 300
		{"Classic/222233", refClassic, []Die{2, 2, 2, 2, 3, 3}, []Die{2, 2, 2, 2, 3, 3}, 1500, nil}, // four and a pair
		{"Facebook/222233", refFacebook, []Die{2, 2, 2, 2, 3, 3}, []Die{2, 2, 2, 2, 3, 3}, 0, &DiceError{Err: ErrNonScoring, Dice: []Die{3, 3}}},
		{"Core/not in roll", refCore, []Die{2, 2, 2}, []Die{2, 2, 2, 2, 1}, 0, &DiceError{Err: ErrNotInRoll, Dice: []Die{1, 2}}},
	} {
		s := rulesNew(t, tc.rules)
		for _, impl := range []struct {
			name string
			fn   func(roll, kept []Die) (int, error)
		}{{"Scorer", s.ValidateKeep}, {"reference", func(r, k []Die) (int, error) { return refValidateKeep(tc.rules, r, k) }}} {
			got, err := impl.fn(tc.roll, tc.kept)
			if diff := cmp.Diff(exhOutcome{tc.want, refViewErr(tc.err)}, exhOutcome{got, refViewErr(err)}, refCmpOpts); diff != "" {
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
		r.SingleOne, r.SingleFive = MaxPoints, 0
		r.Triple = [7]int{0, MaxPoints, 1, MaxPoints, 1, MaxPoints, 1}
		r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = MaxPoints, MaxPoints, MaxPoints
		r.Straight, r.ThreePairs, r.FourAndPair, r.TwoTriplets, r.Nothing = MaxPoints, MaxPoints, MaxPoints, MaxPoints, MaxPoints
		r.FourAsTwoPairs = true
	})
	doubled := rulesWith(refZilch, func(r *Rules) { r.Triple = [7]int{0, MaxPoints, MaxPoints, MaxPoints, MaxPoints, MaxPoints, MaxPoints} })
	for _, r := range []Rules{limits, doubled} {
		s, err := New(r)
		if err != nil {
			t.Errorf("New(%+v): %v", r, err)
			continue
		}
		// Six 1s: MaxPoints as SixOfAKind (Fixed) or 8 x MaxPoints (Double).
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
		{"SingleOne too big", rulesWith(refApp, func(r *Rules) { r.SingleOne = MaxPoints + 1 }), "SingleOne"},
		{"SingleFive negative", rulesWith(refApp, func(r *Rules) { r.SingleFive = -1 }), "SingleFive"},
		{"SingleFive too big", rulesWith(refCore, func(r *Rules) { r.SingleFive = 1 << 40 }), "SingleFive"},
		{"Triple[0] set", rulesWith(refApp, func(r *Rules) { r.Triple[0] = 100 }), "Triple[0]"},
		{"Triple[0] negative", rulesWith(refApp, func(r *Rules) { r.Triple[0] = -1 }), "Triple[0]"},
		{"Triple[1] zero", rulesWith(refApp, func(r *Rules) { r.Triple[1] = 0 }), "Triple[1]"},
		{"Triple[3] zero", rulesWith(refCore, func(r *Rules) { r.Triple[3] = 0 }), "Triple[3]"},
		{"Triple[6] negative", rulesWith(refZilch, func(r *Rules) { r.Triple[6] = -600 }), "Triple[6]"},
		{"Triple[5] too big", rulesWith(refFacebook, func(r *Rules) { r.Triple[5] = MaxPoints + 1 }), "Triple[5]"},
		{"Bonus 4", rulesWith(refCore, func(r *Rules) { r.Bonus = BonusNone + 1 }), "Bonus"},
		{"Bonus 255", rulesWith(refCore, func(r *Rules) { r.Bonus = 255 }), "Bonus"},
		{"Fixed FourOfAKind zero", rulesWith(refApp, func(r *Rules) { r.FourOfAKind = 0 }), "FourOfAKind"},
		{"Fixed FiveOfAKind zero", rulesWith(refApp, func(r *Rules) { r.FiveOfAKind = 0 }), "FiveOfAKind"},
		{"Fixed SixOfAKind zero", rulesWith(refClassic, func(r *Rules) { r.SixOfAKind = 0 }), "SixOfAKind"},
		{"Fixed FourOfAKind negative", rulesWith(refApp, func(r *Rules) { r.FourOfAKind = -1000 }), "FourOfAKind"},
		{"Fixed SixOfAKind too big", rulesWith(refApp, func(r *Rules) { r.SixOfAKind = MaxPoints + 1 }), "SixOfAKind"},
		{"None with FourOfAKind", rulesWith(refCore, func(r *Rules) { r.FourOfAKind = 1000 }), "FourOfAKind"},
		{"AddTriple with FiveOfAKind", rulesWith(refFacebook, func(r *Rules) { r.FiveOfAKind = 2000 }), "FiveOfAKind"},
		{"Double with SixOfAKind", rulesWith(refZilch, func(r *Rules) { r.SixOfAKind = 3000 }), "SixOfAKind"},
		{"Fixed turned off with values", rulesWith(refApp, func(r *Rules) { r.Bonus = BonusDouble }), "FourOfAKind"},
		{"Fixed turned on without values", rulesWith(refCore, func(r *Rules) { r.Bonus = BonusFixed }), "FourOfAKind"},
		{"Straight negative", rulesWith(refApp, func(r *Rules) { r.Straight = -1 }), "Straight"},
		{"Straight too big", rulesWith(refApp, func(r *Rules) { r.Straight = MaxPoints + 1 }), "Straight"},
		{"ThreePairs negative", rulesWith(refCore, func(r *Rules) { r.ThreePairs = -1500 }), "ThreePairs"},
		{"FourAndPair negative", rulesWith(refClassic, func(r *Rules) { r.FourAndPair = -1 }), "FourAndPair"},
		{"FourAndPair too big", rulesWith(refClassic, func(r *Rules) { r.FourAndPair = MaxPoints + 1 }), "FourAndPair"},
		{"TwoTriplets negative", rulesWith(refClassic, func(r *Rules) { r.TwoTriplets = -2500 }), "TwoTriplets"},
		{"Nothing negative", rulesWith(refZilch, func(r *Rules) { r.Nothing = -500 }), "Nothing"},
		{"Nothing too big", rulesWith(refZilch, func(r *Rules) { r.Nothing = MaxPoints + 1 }), "Nothing"},
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
			if s != nil {
				t.Errorf("New returned a Scorer with the error %v", err)
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

// rulesPoints draws a number of points for a Rules field: mostly small
// multiples of 50 (which make ties likely), sometimes any small number or
// the extremes; 0 too if zero is allowed.
func rulesPoints(t *rapid.T, label string, zero bool) int {
	switch how := rapid.IntRange(0, 9).Draw(t, label+"Kind"); {
	case zero && how < 3:
		return 0
	case how < 7:
		return 50 * rapid.IntRange(1, 12).Draw(t, label)
	case how < 9:
		return rapid.IntRange(1, 1600).Draw(t, label)
	default:
		return rapid.SampledFrom([]int{1, MaxPoints}).Draw(t, label)
	}
}

// rulesValid draws a valid Rules value.
func rulesValid(t *rapid.T) Rules {
	var r Rules
	r.SingleOne = rulesPoints(t, "SingleOne", true)
	r.SingleFive = rulesPoints(t, "SingleFive", true)
	for f := 1; f <= 6; f++ {
		r.Triple[f] = rulesPoints(t, "Triple", false)
	}
	r.Bonus = Bonus(rapid.IntRange(0, int(BonusNone)).Draw(t, "Bonus"))
	if r.Bonus == BonusFixed {
		r.FourOfAKind = rulesPoints(t, "FourOfAKind", false)
		r.FiveOfAKind = rulesPoints(t, "FiveOfAKind", false)
		r.SixOfAKind = rulesPoints(t, "SixOfAKind", false)
	}
	r.Split = rapid.Bool().Draw(t, "Split")
	r.Straight = rulesPoints(t, "Straight", true)
	r.ThreePairs = rulesPoints(t, "ThreePairs", true)
	r.FourAsTwoPairs = r.ThreePairs > 0 && rapid.Bool().Draw(t, "FourAsTwoPairs")
	r.FourAndPair = rulesPoints(t, "FourAndPair", true)
	r.TwoTriplets = rulesPoints(t, "TwoTriplets", true)
	r.Nothing = rulesPoints(t, "Nothing", true)
	return r
}

// rulesDice draws a roll: up to six dice, mostly faces 1 to 6.
func rulesDice(t *rapid.T, label string) []Die {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Die {
		return Die(rapid.IntRange(1, 6).Draw(t, "face"))
	}), 0, 6).Draw(t, label)
}

// rulesCompare checks every function of s on roll (and kept) against the
// reference for r, and reports the differences with fatal.
func rulesCompare(fatal func(format string, args ...any), s *Scorer, r Rules, roll, kept []Die) {
	{
		got, err := s.Score(roll)
		want, wantErr := refScore(r, roll)
		if got != want || !refSameErr(wantErr, err) {
			fatal("Score(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts))
		}
	}
	{
		got, err := s.BestPartition(roll)
		want, wantErr := refBestPartition(r, roll)
		if !refSamePartition(want, got) || !refSameErr(wantErr, err) {
			fatal("BestPartition(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts))
		}
	}
	{
		got, err := s.Keeps(roll)
		want, wantErr := refKeeps(r, roll)
		if !refSamePartitions(want, got) || !refSameErr(wantErr, err) {
			fatal("Keeps(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts))
		}
	}
	{
		got, err := s.BestKeep(roll)
		want, wantErr := refBestKeep(r, roll)
		if !refSamePartition(want, got) || !refSameErr(wantErr, err) {
			fatal("BestKeep(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts))
		}
	}
	{
		got, err := s.IsFarkle(roll)
		want, wantErr := refIsFarkle(r, roll)
		if got != want || !refSameErr(wantErr, err) {
			fatal("IsFarkle(%v) under %+v: got %v, %v; want %v, %v", roll, r, got, err, want, wantErr)
		}
	}
	rulesCompareKeep(fatal, s, r, roll, kept)
}

// rulesCompareKeep checks ValidateKeep(roll, kept) against the reference.
func rulesCompareKeep(fatal func(format string, args ...any), s *Scorer, r Rules, roll, kept []Die) {
	got, err := s.ValidateKeep(roll, kept)
	want, wantErr := refValidateKeep(r, roll, kept)
	if got != want || !refSameErr(wantErr, err) {
		fatal("ValidateKeep(%v, %v) under %+v (-want +got):\n%s", roll, kept, r, cmp.Diff(exhOutcome{want, refViewErr(wantErr)}, exhOutcome{got, refViewErr(err)}, refCmpOpts))
	}
}

// Property: for any valid Rules value, New accepts it and the compiled
// Scorer agrees with the reference scorer on random rolls and keeps
// (Score, BestPartition, Keeps, BestKeep, IsFarkle, ValidateKeep).
func TestRulesScorerMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesValid(t)
		s, err := New(r)
		if err != nil {
			t.Fatalf("New(%+v): %v", r, err)
		}
		for range 4 {
			roll := rulesDice(t, "roll")
			var kept []Die
			if rapid.Bool().Draw(t, "subset") {
				for _, d := range roll {
					if rapid.Bool().Draw(t, "keep") {
						kept = append(kept, d)
					}
				}
			} else {
				kept = rulesDice(t, "kept")
			}
			rulesCompare(t.Fatalf, s, r, roll, kept)
		}
	})
}

// rulesMutation makes one field of a valid Rules value invalid and returns
// the field's name.
func rulesMutation(t *rapid.T, r *Rules) string {
	bad := rapid.SampledFrom([]int{-1, -50, -MaxPoints, MaxPoints + 1, 1 << 40, -1 << 40}).Draw(t, "bad")
	switch field := rapid.IntRange(0, 14).Draw(t, "field"); field {
	case 0:
		r.SingleOne = bad
		return "SingleOne"
	case 1:
		r.SingleFive = bad
		return "SingleFive"
	case 2:
		r.Triple[0] = rapid.SampledFrom([]int{1, -1, 100, MaxPoints}).Draw(t, "triple0")
		return "Triple[0]"
	case 3:
		f := rapid.IntRange(1, 6).Draw(t, "face")
		r.Triple[f] = rapid.SampledFrom([]int{0, bad}).Draw(t, "triple")
		return "Triple[" + string(rune('0'+f)) + "]"
	case 4:
		r.Bonus = Bonus(rapid.IntRange(int(BonusNone)+1, 255).Draw(t, "bonus"))
		// No Bonus constant, so not BonusFixed: the three values must be 0.
		r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = 0, 0, 0
		return "Bonus"
	case 5, 6, 7:
		v := bad
		if r.Bonus == BonusFixed {
			v = rapid.SampledFrom([]int{0, bad}).Draw(t, "ofAKind")
		} else {
			v = rapid.SampledFrom([]int{1, 1000, bad}).Draw(t, "ofAKind")
		}
		switch field {
		case 5:
			r.FourOfAKind = v
			return "FourOfAKind"
		case 6:
			r.FiveOfAKind = v
			return "FiveOfAKind"
		}
		r.SixOfAKind = v
		return "SixOfAKind"
	case 8:
		r.Straight = bad
		return "Straight"
	case 9:
		r.ThreePairs = bad
		r.FourAsTwoPairs = false // only ThreePairs is bad
		return "ThreePairs"
	case 10:
		r.FourAndPair = bad
		return "FourAndPair"
	case 11:
		r.TwoTriplets = bad
		return "TwoTriplets"
	case 12:
		r.Nothing = bad
		return "Nothing"
	default:
		r.ThreePairs = 0
		r.FourAsTwoPairs = true
		return "FourAsTwoPairs"
	}
}

// Property: New never panics; for a valid Rules value with exactly one field
// made invalid, it returns a nil Scorer and a *RulesError naming that field.
func TestRulesNewRejectsOneBadField(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesValid(t)
		field := rulesMutation(t, &r)
		if bad := refRulesProblems(r); len(bad) != 1 || bad[0] != field {
			t.Fatalf("generator: the reference check finds %v; want only %s", bad, field)
		}
		s, err := New(r)
		var re *RulesError
		if s != nil || !errors.As(err, &re) {
			t.Fatalf("New(%+v) = %v, %v; want nil and a *RulesError for %s", r, s, err, field)
		}
		if re.Field != field {
			t.Fatalf("New(%+v): RulesError.Field = %q; want %q", r, re.Field, field)
		}
	})
}

// Property: New never panics, and on arbitrary Rules values (every field
// drawn from a range around the valid one) it accepts exactly the values
// that the Rules documentation allows; otherwise its *RulesError names one
// of the bad fields.
func TestRulesNewAcceptsExactlyValid(t *testing.T) {
	num := func(t *rapid.T, label string) int {
		return rapid.SampledFrom([]int{0, 0, 1, 50, 100, 1000, MaxPoints, MaxPoints + 1, -1, -100}).Draw(t, label)
	}
	rapid.Check(t, func(t *rapid.T) {
		var r Rules
		r.SingleOne, r.SingleFive = num(t, "SingleOne"), num(t, "SingleFive")
		for f := range r.Triple {
			if f == 0 && rapid.IntRange(0, 9).Draw(t, "triple0") > 0 {
				continue // mostly a valid Triple[0]
			}
			r.Triple[f] = num(t, "Triple")
		}
		r.Bonus = Bonus(rapid.IntRange(0, 5).Draw(t, "Bonus"))
		r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = num(t, "Four"), num(t, "Five"), num(t, "Six")
		r.Split = rapid.Bool().Draw(t, "Split")
		r.Straight, r.ThreePairs = num(t, "Straight"), num(t, "ThreePairs")
		r.FourAsTwoPairs = rapid.Bool().Draw(t, "FourAsTwoPairs")
		r.FourAndPair, r.TwoTriplets, r.Nothing = num(t, "FourAndPair"), num(t, "TwoTriplets"), num(t, "Nothing")

		bad := refRulesProblems(r)
		s, err := New(r)
		if len(bad) == 0 {
			if err != nil || s == nil {
				t.Fatalf("New(%+v) = %v, %v; want a Scorer", r, s, err)
			}
			return
		}
		var re *RulesError
		if s != nil || !errors.As(err, &re) {
			t.Fatalf("New(%+v) = %v, %v; want nil and a *RulesError (bad fields %v)", r, s, err, bad)
		}
		if !slices.Contains(bad, re.Field) {
			t.Fatalf("New(%+v): RulesError.Field = %q; want one of %v", r, re.Field, bad)
		}
	})
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
	ms := exhMultisets()
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			t.Parallel()
			r := set.rules
			s := rulesNew(t, r)
			failures := 0
			fatal := func(format string, args ...any) {
				t.Helper()
				t.Errorf(format, args...)
				if failures++; failures >= exhMaxFailures {
					t.FailNow()
				}
			}
			for _, c := range ms {
				roll := c.dice()
				desc := slices.Clone(roll)
				slices.Reverse(desc)
				// Every sub-multiset as the keep.
				var k refCounts
				var rec func(f int)
				rec = func(f int) {
					if f == 7 {
						rulesCompareKeep(fatal, s, r, roll, k.dice())
						return
					}
					for n := 0; n <= c[f]; n++ {
						k[f] = n
						rec(f + 1)
					}
					k[f] = 0
				}
				rec(1)
				rulesCompare(fatal, s, r, roll, roll)
				rulesCompare(fatal, s, r, desc, roll)
			}
		})
	}
}

// fuzzRules decodes a Rules value from bytes: each number is three bytes,
// little endian, signed (so that every valid and invalid value up to
// about 8 million is reachable); Bonus and the flags are one byte each.
// Missing bytes read as 0.
func fuzzRules(b []byte) Rules {
	next := func() byte {
		if len(b) == 0 {
			return 0
		}
		c := b[0]
		b = b[1:]
		return c
	}
	num := func() int {
		v := uint32(next()) | uint32(next())<<8 | uint32(next())<<16
		return int(int32(v<<8) >> 8)
	}
	var r Rules
	r.SingleOne, r.SingleFive = num(), num()
	for f := range r.Triple {
		r.Triple[f] = num()
	}
	r.Bonus = Bonus(next())
	flags := next()
	r.Split, r.FourAsTwoPairs = flags&1 != 0, flags&2 != 0
	r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = num(), num(), num()
	r.Straight, r.ThreePairs, r.FourAndPair, r.TwoTriplets, r.Nothing = num(), num(), num(), num(), num()
	return r
}

// fuzzRulesBytes encodes r for fuzzRules (for the seeds).
func fuzzRulesBytes(r Rules) []byte {
	var b []byte
	num := func(v int) { b = append(b, byte(v), byte(v>>8), byte(v>>16)) }
	num(r.SingleOne)
	num(r.SingleFive)
	for _, v := range r.Triple {
		num(v)
	}
	var flags byte
	if r.Split {
		flags |= 1
	}
	if r.FourAsTwoPairs {
		flags |= 2
	}
	b = append(b, byte(r.Bonus), flags)
	for _, v := range []int{r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind, r.Straight, r.ThreePairs, r.FourAndPair, r.TwoTriplets, r.Nothing} {
		num(v)
	}
	return b
}

func TestRulesFuzzEncoding(t *testing.T) {
	for _, r := range []Rules{refApp, refCore, refFacebook, refZilch, refClassic, rulesWith(refApp, func(r *Rules) { r.Triple[2] = -1; r.Nothing = MaxPoints + 1; r.Bonus = 200 })} {
		if got := fuzzRules(fuzzRulesBytes(r)); got != r {
			t.Errorf("fuzzRules(fuzzRulesBytes(r)) = %+v; want %+v", got, r)
		}
	}
}

// fuzzDice decodes up to eight dice: bytes below 240 are the faces 1 to 6,
// the others are themselves (invalid dice).
func fuzzDice(b []byte) []Die {
	var out []Die
	for i, c := range b {
		if i == 8 {
			break
		}
		if c < 240 {
			out = append(out, Die(c%6+1))
		} else {
			out = append(out, Die(c))
		}
	}
	return out
}

// FuzzRules builds a Rules value and dice from the fuzz input. New must not
// panic and must accept exactly the valid rules (else a *RulesError); if
// it accepts, every function must agree with the reference scorer.
func FuzzRules(f *testing.F) {
	for _, r := range []Rules{refApp, refCore, refFacebook, refZilch, refClassic, rulesClassic42, rulesCoreNoSplit, rulesTieOnes} {
		f.Add(fuzzRulesBytes(r), []byte{0, 0, 0, 0, 4, 4}, []byte{0, 0, 0})
		f.Add(fuzzRulesBytes(r), []byte{1, 1, 2, 3, 5, 5}, []byte{1, 1})
	}
	f.Add(fuzzRulesBytes(rulesWith(refApp, func(r *Rules) { r.Triple[3] = -1 })), []byte{2, 2, 2}, []byte{2, 2, 2})
	f.Add([]byte{}, []byte{}, []byte{})
	f.Add(fuzzRulesBytes(refZilch), []byte{1, 1, 2, 3, 5, 5, 250}, []byte{255, 0})
	f.Fuzz(func(t *testing.T, rules, roll, kept []byte) {
		r := fuzzRules(rules)
		s, err := New(r)
		bad := refRulesProblems(r)
		if err != nil {
			var re *RulesError
			if s != nil || !errors.As(err, &re) || !slices.Contains(bad, re.Field) {
				t.Fatalf("New(%+v) = %v, %v; want nil and a *RulesError naming one of %v", r, s, err, bad)
			}
			return
		}
		if len(bad) > 0 {
			t.Fatalf("New(%+v) accepted rules with bad fields %v", r, bad)
		}
		rulesCompare(t.Fatalf, s, r, fuzzDice(roll), fuzzDice(kept))
	})
}
