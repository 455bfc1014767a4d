package farkle

// The properties of Rules, checked with pgregory.net/rapid over random rule
// sets: New accepts exactly the valid ones, its Scorers agree with the
// reference scorer, and Rules survive a trip through JSON. Each property
// is one test.

import (
	"encoding/json"
	"errors"
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

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
		return rapid.SampledFrom([]int{1, refMaxPoints}).Draw(t, label)
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
	r.LowStraight = rulesPoints(t, "LowStraight", true)
	r.HighStraight = rulesPoints(t, "HighStraight", true)
	return r
}

// rulesCompare checks every function of s on roll (and kept) against the
// reference for r, and reports the differences with fatal.
func rulesCompare(fatal func(format string, args ...any), s *Scorer, r Rules, roll, kept []Die) {
	{
		got, err := s.Score(roll)
		want, wantErr := refScore(r, roll)
		if got != want || !refSameErr(wantErr, err) {
			fatal("Score(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{got, viewErr(err)}))
		}
	}
	{
		got, err := s.BestPartition(roll)
		want, wantErr := refBestPartition(r, roll)
		if viewDiffers(want, got) || !refSameErr(wantErr, err) {
			fatal("BestPartition(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{viewOf(got), viewErr(err)}))
		}
	}
	{
		got, err := s.Keeps(roll)
		want, wantErr := refKeeps(r, roll)
		if !slices.EqualFunc(want, viewsOf(got), viewEqual) || !refSameErr(wantErr, err) {
			fatal("Keeps(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{viewsOf(got), viewErr(err)}))
		}
		var buf [2]Partition
		appended, aerr := s.AppendKeeps(buf[:1], roll)
		if !refSameErr(wantErr, aerr) || len(appended) != len(got)+1 || appended[0] != (Partition{}) || !slices.Equal(appended[1:], got) {
			fatal("AppendKeeps([zero], %v) under %+v = %v, %v; want the zero Partition and Keeps %v, %v", roll, r, appended, aerr, got, err)
		}
	}
	{
		got, err := s.BestKeep(roll)
		want, wantErr := refBestKeep(r, roll)
		if viewDiffers(want, got) || !refSameErr(wantErr, err) {
			fatal("BestKeep(%v) under %+v (-want +got):\n%s", roll, r, cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{viewOf(got), viewErr(err)}))
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
		fatal("ValidateKeep(%v, %v) under %+v (-want +got):\n%s", roll, kept, r, cmp.Diff(outcome{want, viewErr(wantErr)}, outcome{got, viewErr(err)}))
	}
}

// Property: for any valid Rules value, New accepts it and the compiled
// Scorer agrees with the reference scorer on random rolls and keeps
// (Score, BestPartition, Keeps, AppendKeeps, BestKeep, IsFarkle,
// ValidateKeep).
func TestRulesScorerMatchesReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesValid(t)
		s, err := New(r)
		if err != nil {
			t.Fatalf("New(%+v): %v", r, err)
		}
		for range 4 {
			roll := genDice(0, 6).Draw(t, "roll")
			var kept []Die
			if rapid.Bool().Draw(t, "subset") {
				for _, d := range roll {
					if rapid.Bool().Draw(t, "keep") {
						kept = append(kept, d)
					}
				}
			} else {
				kept = genDice(0, 6).Draw(t, "kept")
			}
			rulesCompare(t.Fatalf, s, r, roll, kept)
		}
	})
}

// rulesMutation makes one field of a valid Rules value invalid and returns
// the field's name.
func rulesMutation(t *rapid.T, r *Rules) string {
	bad := rapid.SampledFrom([]int{-1, -50, -refMaxPoints, refMaxPoints + 1, math.MaxInt, math.MinInt}).Draw(t, "bad")
	switch field := rapid.IntRange(0, 14).Draw(t, "field"); field {
	case 0:
		r.SingleOne = bad
		return "SingleOne"
	case 1:
		r.SingleFive = bad
		return "SingleFive"
	case 2:
		r.Triple[0] = rapid.SampledFrom([]int{1, -1, 100, refMaxPoints}).Draw(t, "triple0")
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
		return rapid.SampledFrom([]int{0, 0, 1, 50, 100, 1000, refMaxPoints, refMaxPoints + 1, -1, -100}).Draw(t, label)
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
		r.LowStraight, r.HighStraight = num(t, "LowStraight"), num(t, "HighStraight")

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

// rulesJSONKeys are the keys of the JSON form of Rules, in order, from the
// documentation of Rules.MarshalJSON; rulesJSONKeysOf adds the keys that
// are there only when their field is not 0.
var rulesJSONKeys = []string{
	"single_one", "single_five", "triple", "bonus",
	"four_of_a_kind", "five_of_a_kind", "six_of_a_kind", "split",
	"straight", "three_pairs", "four_as_two_pairs",
	"four_and_pair", "two_triplets", "nothing",
}

// rulesJSONKeysOf returns the keys of the JSON form of r, in order.
func rulesJSONKeysOf(r Rules) []string {
	keys := slices.Clone(rulesJSONKeys)
	if r.LowStraight != 0 {
		keys = append(keys, "low_straight")
	}
	if r.HighStraight != 0 {
		keys = append(keys, "high_straight")
	}
	return keys
}

// Property: every valid Rules value survives a trip through JSON, with
// json.Marshal and json.Unmarshal as with the methods themselves, and its
// JSON form is an object with exactly the documented keys.
func TestRulesJSONRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesValid(t)
		data, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("json.Marshal(%+v): %v", r, err)
		}
		direct, err := r.MarshalJSON()
		if err != nil || string(direct) != string(data) {
			t.Fatalf("MarshalJSON = %s, %v; json.Marshal gives %s", direct, err, data)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s is not a JSON object: %v", data, err)
		}
		keys := slices.Sorted(maps.Keys(m))
		if want := slices.Sorted(slices.Values(rulesJSONKeysOf(r))); !slices.Equal(keys, want) {
			t.Fatalf("%s has the keys %v; want %v", data, keys, want)
		}
		var got Rules
		if err := json.Unmarshal(data, &got); err != nil || got != r {
			t.Fatalf("json.Unmarshal(%s) = %+v, %v; want %+v", data, got, err, r)
		}
		var direct2 Rules
		if err := direct2.UnmarshalJSON(data); err != nil || direct2 != r {
			t.Fatalf("UnmarshalJSON(%s) = %+v, %v; want %+v", data, direct2, err, r)
		}
	})
}

// Property: a valid Rules value with exactly one field made invalid does not
// come back from JSON: decoding it gives a *RulesError naming that field,
// which wraps ErrInvalidRules, and leaves the receiver unchanged. (A Bonus
// that is no constant does not even encode.)
func TestRulesJSONRejectsOneBadField(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesValid(t)
		field := rulesMutation(t, &r)
		data, err := json.Marshal(r)
		if field == "Bonus" {
			if err == nil || !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("json.Marshal(%+v) = %s, %v; want an error wrapping ErrInvalidRules", r, data, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("json.Marshal(%+v): %v", r, err)
		}
		before := refZilch
		got := before
		err = json.Unmarshal(data, &got)
		if field == "Triple[0]" {
			// JSON has no place for Triple[0]: the rules come back valid.
			want := r
			want.Triple[0] = 0
			if err != nil || got != want {
				t.Fatalf("json.Unmarshal(%s) = %+v, %v; want %+v", data, got, err, want)
			}
			return
		}
		var re *RulesError
		if !errors.As(err, &re) || re.Field != field || !errors.Is(err, ErrInvalidRules) {
			t.Fatalf("json.Unmarshal(%s) = %v; want a *RulesError for %s wrapping ErrInvalidRules", data, err, field)
		}
		if got != before {
			t.Fatalf("json.Unmarshal(%s) failed but changed the receiver to %+v", data, got)
		}
	})
}
