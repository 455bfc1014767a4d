package farkle

// The fuzz targets, with their seed corpora under testdata/fuzz. FuzzScore,
// FuzzValidateKeep, FuzzBestPartition and FuzzRules read dice with
// fuzzDice, one a byte: mostly faces, and the invalid dice 0, 7 and 240 to
// 255, and more than six dice. FuzzRules builds a Rules value too;
// FuzzRulesJSON decodes Rules from arbitrary JSON, and FuzzParseDice
// reads dice from arbitrary text.

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// fuzzDice decodes the dice of every fuzz target, one a byte: bytes 0 to
// 7 are themselves (the faces, and the invalid dice on either side of
// them), 8 to 239 are the faces 1 + b%6, so that most bytes the fuzzer
// makes are faces, and 240 to 255 are themselves, invalid. Any number of
// bytes gives as many dice, past six and past the 12 that a DiceError
// holds.
func fuzzDice(b []byte) []Die {
	d := make([]Die, len(b))
	for i, x := range b {
		switch {
		case x <= 7 || x >= 240:
			d[i] = Die(x)
		default:
			d[i] = Die(1 + x%6)
		}
	}
	return d
}

// checkDiceError fails unless err is a *DiceError wrapping one of the
// sentinels, with at most 12 dice and as many as Count unless it holds 12.
func checkDiceError(t *testing.T, what string, err error) {
	t.Helper()
	var de *DiceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: error %v (%T) is not a *DiceError", what, err, err)
	}
	if len(de.Dice) > 12 || de.Count < len(de.Dice) || de.Count > len(de.Dice) && len(de.Dice) != 12 {
		t.Fatalf("%s: error %v holds %d dice of %d", what, err, len(de.Dice), de.Count)
	}
	for _, s := range []error{ErrInvalidDie, ErrTooManyDice, ErrNoDice, ErrNotInRoll, ErrNonScoring} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("%s: error %v wraps no sentinel", what, err)
}

// validDice reports whether Score-like functions should accept dice.
func validDice(dice []Die) bool {
	if len(dice) > MaxDice {
		return false
	}
	for _, d := range dice {
		if d < 1 || d > 6 {
			return false
		}
	}
	return true
}

func FuzzScore(f *testing.F) {
	for _, s := range [][]byte{{}, {1}, {1, 1, 1, 1, 5, 5}, {2, 2, 2, 3, 3, 3}, {4, 2, 6, 1, 3, 5}, {0}, {7, 1}, {1, 1, 1, 1, 1, 1, 1}, {2, 6}} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		dice := fuzzDice(b)
		orig := slices.Clone(dice)
		got, err := Score(dice)
		if !slices.Equal(dice, orig) {
			t.Fatalf("Score changed its input: %v -> %v", orig, dice)
		}
		if want, wantErr := refScore(refApp, dice); got != want || !refSameErr(wantErr, err) {
			t.Fatalf("Score(%v) = %d, %v; the reference gives %d, %v", dice, got, err, want, wantErr)
		}
		p, perr := BestPartition(dice)
		if !validDice(dice) {
			if err == nil || perr == nil || got != 0 {
				t.Fatalf("Score(%v) = %d, %v; BestPartition error %v: want errors", dice, got, err, perr)
			}
			checkDiceError(t, "Score", err)
			return
		}
		if perr != nil {
			t.Fatalf("BestPartition(%v): %v", dice, perr)
		}
		if err != nil {
			checkDiceError(t, "Score", err)
			var de *DiceError
			errors.As(err, &de)
			if !errors.Is(err, ErrNonScoring) || !slices.Equal(de.Dice, p.Rest()) || got != 0 {
				t.Fatalf("Score(%v) = %d, %v; BestPartition rest %v", dice, got, err, p.Rest())
			}
			return
		}
		if got < p.Points() && len(p.Rest()) == 0 || got > p.Points() {
			t.Fatalf("Score(%v) = %d; BestPartition %v", dice, got, p)
		}
		if len(dice) > 0 && got <= 0 {
			t.Fatalf("Score(%v) = %d with no error", dice, got)
		}
	})
}

func FuzzValidateKeep(f *testing.F) {
	for _, s := range [][2][]byte{
		{{1, 2, 3, 4, 6, 6}, {1, 2}}, {{1, 2, 3, 4, 6, 6}, {1}}, {{1, 1, 1, 1, 2, 3}, {1, 1, 1}},
		{{1}, {}}, {{}, {1}}, {{1, 5}, {5, 5}}, {{9}, {1}}, {{1, 1, 1, 1, 1, 1, 1}, {1}},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, rb, kb []byte) {
		roll, kept := fuzzDice(rb), fuzzDice(kb)
		r0, k0 := slices.Clone(roll), slices.Clone(kept)
		got, err := ValidateKeep(roll, kept)
		if !slices.Equal(roll, r0) || !slices.Equal(kept, k0) {
			t.Fatalf("ValidateKeep changed its input")
		}
		if want, wantErr := refValidateKeep(refApp, roll, kept); got != want || !refSameErr(wantErr, err) {
			t.Fatalf("ValidateKeep(%v, %v) = %d, %v; the reference gives %d, %v", roll, kept, got, err, want, wantErr)
		}
		if err != nil {
			checkDiceError(t, "ValidateKeep", err)
			if got != 0 {
				t.Fatalf("ValidateKeep(%v, %v) = %d with error %v", roll, kept, got, err)
			}
			// The roll holds the keep, by the reference's counting
			// (refCounts), not the multisets of the code under test.
			if validDice(roll) && validDice(kept) && len(roll) > 0 && len(kept) > 0 && refCountsOf(roll).contains(refCountsOf(kept)) {
				// Only scoring can be wrong, and Score must agree.
				if s, serr := Score(kept); !errors.Is(err, ErrNonScoring) || !refSameErr(err, serr) || s != 0 {
					t.Fatalf("ValidateKeep(%v, %v): %v, Score: %d, %v", roll, kept, err, s, serr)
				}
			}
			return
		}
		if !validDice(roll) || !validDice(kept) || len(roll) == 0 || len(kept) == 0 || !refCountsOf(roll).contains(refCountsOf(kept)) {
			t.Fatalf("ValidateKeep(%v, %v) = %d, accepted a bad keep", roll, kept, got)
		}
		if s, serr := Score(kept); serr != nil || s != got {
			t.Fatalf("ValidateKeep(%v, %v) = %d, Score = %d, %v", roll, kept, got, s, serr)
		}
	})
}

func FuzzBestPartition(f *testing.F) {
	for _, s := range [][]byte{{}, {1, 1, 1, 1, 2, 3}, {5, 5, 5, 1, 2, 3}, {2, 2, 4, 4, 6, 6}, {3, 3, 3, 3, 3, 2}, {0, 0}, {6, 6, 6, 6, 6, 6, 6}} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		dice := fuzzDice(b)
		p, err := BestPartition(dice)
		if !validDice(dice) {
			if err == nil {
				t.Fatalf("BestPartition(%v) accepted bad dice", dice)
			}
			checkDiceError(t, "BestPartition", err)
			return
		}
		if err != nil {
			t.Fatalf("BestPartition(%v): %v", dice, err)
		}
		all := append(p.Dice(), p.Rest()...)
		slices.Sort(all)
		if !slices.Equal(all, slices.Sorted(slices.Values(dice))) {
			t.Fatalf("BestPartition(%v) holds %v", dice, all)
		}
		sum := 0
		for c := range p.Combos() {
			sum += c.Points
			if s, err := Score(c.Dice.Dice()); c.Points <= 0 || (err == nil && s < c.Points) {
				t.Fatalf("BestPartition(%v): combo %v, Score %d, %v", dice, c, s, err)
			}
		}
		if sum != p.Points() {
			t.Fatalf("BestPartition(%v): points %d, sum %d", dice, p.Points(), sum)
		}
		if want, _ := refBestPartition(refApp, dice); viewDiffers(want, p) {
			t.Fatalf("BestPartition(%v) = %v; the reference gives %+v", dice, p, want)
		}
		if len(dice) == 0 {
			return
		}
		k, err := BestKeep(dice)
		if err != nil || k.Points() != p.Points() {
			t.Fatalf("BestKeep(%v) = %d, %v; BestPartition %d", dice, k.Points(), err, p.Points())
		}
		if farkle, _ := IsFarkle(dice); farkle != (p.Points() == 0) {
			t.Fatalf("IsFarkle(%v) = %v with best partition %d", dice, farkle, p.Points())
		}
	})
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
	r.LowStraight, r.HighStraight = num(), num()
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
	for _, v := range []int{r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind, r.Straight, r.ThreePairs, r.FourAndPair, r.TwoTriplets, r.Nothing, r.LowStraight, r.HighStraight} {
		num(v)
	}
	return b
}

func TestRulesFuzzEncoding(t *testing.T) {
	for _, r := range []Rules{refApp, refCore, refFacebook, refZilch, refClassic, rulesWith(refApp, func(r *Rules) { r.Triple[2] = -1; r.Nothing = refMaxPoints + 1; r.Bonus = 200 }), rulesClassic42, rulesCoreNoSplit, rulesTieOnes, withShort(refApp), withShort(refCore)} {
		if got := fuzzRules(fuzzRulesBytes(r)); got != r {
			t.Errorf("fuzzRules(fuzzRulesBytes(r)) = %+v; want %+v", got, r)
		}
	}
}

// FuzzRules builds a Rules value and dice from the fuzz input. New must not
// panic and must accept exactly the valid rules (else a *RulesError); if
// it accepts, every function must agree with the reference scorer.
func FuzzRules(f *testing.F) {
	for _, r := range []Rules{refApp, refCore, refFacebook, refZilch, refClassic, rulesClassic42, rulesCoreNoSplit, rulesTieOnes} {
		f.Add(fuzzRulesBytes(r), []byte{1, 1, 1, 1, 5, 5}, []byte{1, 1, 1})
		f.Add(fuzzRulesBytes(r), []byte{2, 2, 3, 4, 6, 6}, []byte{2, 2})
	}
	f.Add(fuzzRulesBytes(rulesWith(refApp, func(r *Rules) { r.Triple[3] = -1 })), []byte{3, 3, 3}, []byte{3, 3, 3})
	f.Add([]byte{}, []byte{}, []byte{})
	f.Add(fuzzRulesBytes(refZilch), []byte{2, 2, 3, 4, 6, 6, 250}, []byte{255, 0})
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

// FuzzRulesJSON decodes Rules from arbitrary JSON. UnmarshalJSON must not
// panic; when it fails the receiver is unchanged, and when it succeeds the
// rules are valid (New accepts them) and survive a second trip through
// JSON.
func FuzzRulesJSON(f *testing.F) {
	for _, p := range refPresets {
		data, err := json.Marshal(p.rules)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		`{}`, `null`, `[]`, `{"triple":[1,1,1,1,1,1],"bonus":"none"}`, `{"triple":[1,1,1,1,1,1],"bonus":"none","Split":true}`,
		`{"triple":[1,1,1,1,1,1,1],"bonus":"none"}`, `{"triple":[1,1,1,1,1,1.5],"bonus":"none"}`,
		`{"single_one":-1,"triple":[1,1,1,1,1,1],"bonus":"none"}`, `{"triple":[1,1,1,1,1,1],"bonus":"double","nothing":1000001}`,
		`{"triple":[1,1,1,1,1,1],"bonus":"none","low_straight":500,"high_straight":750}`,
		`{"triple":[1,1,1,1,1,1],"bonus":"none","high_straight":-1}`, `{"triple":[1,1,1,1,1,1],"bonus":"none","low_straight":1e3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		before := refFacebook
		r := before
		if err := r.UnmarshalJSON(data); err != nil {
			if r != before {
				t.Fatalf("UnmarshalJSON(%q) = %v but changed the receiver to %+v", data, err, r)
			}
			return
		}
		if bad := refRulesProblems(r); len(bad) > 0 {
			t.Fatalf("UnmarshalJSON(%q) accepted rules with bad fields %v: %+v", data, bad, r)
		}
		if _, err := New(r); err != nil {
			t.Fatalf("UnmarshalJSON(%q) accepted %+v, which New rejects: %v", data, r, err)
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("json.Marshal(%+v): %v", r, err)
		}
		var r2 Rules
		if err := json.Unmarshal(again, &r2); err != nil || r2 != r {
			t.Fatalf("json.Unmarshal(%s) = %+v, %v; want %+v", again, r2, err, r)
		}
	})
}

// FuzzParseDice reads dice from arbitrary text. ParseDice must not panic;
// it returns at most six valid dice in a fresh slice, or a *DiceError
// within its bounds. It agrees with the reference, reads what the
// command's parser accepts as that parser does, and a JSON array of
// numbers as the server reads a keep.
func FuzzParseDice(f *testing.F) {
	for _, s := range []string{
		"1", "1,5,5", "155", "1 5 5", "[1,5,5]", "[15]", "", "[]", " [ 1 , 5 ] ", "1x5", "1234561",
		"[1,5", "1\u00a05", "[300]", "7", "0", "[-1]", "[1.0]", "null",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseDice(s)
		want, wantErr := refParseDice(s)
		if !slices.Equal(got, want) || !refSameErr(wantErr, err) {
			t.Fatalf("ParseDice(%q) = %v, %v; the reference gives %v, %v", s, got, err, want, wantErr)
		}
		if err != nil {
			checkDiceError(t, "ParseDice", err)
			var de *DiceError
			errors.As(err, &de)
			if got != nil || !errors.Is(err, ErrInvalidDie) && !errors.Is(err, ErrTooManyDice) {
				t.Fatalf("ParseDice(%q) = %v, %v", s, got, err)
			}
			if len(de.Text) > 16 || !strings.Contains(s, de.Text) || de.Text != "" && (de.Dice != nil || de.Count != 0) {
				t.Fatalf("ParseDice(%q): error %#v", s, de)
			}
		} else {
			if len(got) > MaxDice || !validDice(got) || len(got) == 0 && got != nil || cap(got) > MaxDice {
				t.Fatalf("ParseDice(%q) = %#v", s, got)
			}
		}
		// The command accepts tokens of faces, at most six in all.
		cmd := refCommandDice(s)
		cmdOK := len(cmd) <= MaxDice && !strings.ContainsFunc(s, func(r rune) bool {
			return r != ',' && !unicode.IsSpace(r) && (r < '1' || r > '6')
		})
		if cmdOK && (err != nil || !slices.Equal(got, cmd)) {
			t.Fatalf("ParseDice(%q) = %v, %v; the command reads %v", s, got, err, cmd)
		}
		// The server reads a JSON array of numbers and accepts faces.
		var ints []int
		if t0 := strings.TrimSpace(s); strings.HasPrefix(t0, "[") && json.Unmarshal([]byte(s), &ints) == nil {
			ok := len(ints) <= MaxDice
			var dice []Die
			for _, n := range ints {
				ok = ok && n >= 1 && n <= 6
				dice = append(dice, Die(n))
			}
			if ok != (err == nil) || ok && !slices.Equal(got, dice) {
				t.Fatalf("ParseDice(%q) = %v, %v; the server reads %v", s, got, err, ints)
			}
		}
	})
}

// jsonSeeds are the seeds of FuzzJSON besides testdata/fuzz/FuzzJSON:
// the lines of testdata/json.golden and some that decoding refuses.
var jsonSeeds = []string{
	`5`, `[1,5]`, `[]`, `[1,1,5]`, `""`, `"three_of_a_kind"`, `null`,
	`{"kind":"three_of_a_kind","dice":[5,5,5],"points":500}`,
	`{"kind":"","dice":[],"points":0}`,
	`{"points":1050,"dice":[1,1,1,5],"combos":[{"kind":"three_ones","dice":[1,1,1],"points":1000},{"kind":"single_five","dice":[5],"points":50}],"rest":[2,3]}`,
	`{"points":0,"dice":[],"combos":[],"rest":[2,2,3,4,6,6]}`,
	`[1,5,9]`, `"AQU="`, `[1.5]`, `{"kind":"straight","dice":[1,1],"points":1500}`,
	`{"points":500,"dice":[5,5,5],"combos":[{"kind":"three_of_a_kind","dice":[5,5,5],"points":500}],"rest":[2,3,4,6]}`,
	`{"combos":[{}]}`, `{"points":"1"}`, `{"kind":"single_one","kind":"single_one"}`, `{"k\u0069nd":"single_one","dice":[1],"points":100}`,
}

// checkJSONError fails unless err is one of the package's errors for bad
// JSON: a *DiceError in its bounds, or an error wrapping ErrInvalidCombo.
func checkJSONError(t *testing.T, what string, data []byte, err error) {
	t.Helper()
	if errors.Is(err, ErrInvalidCombo) {
		return
	}
	checkDiceError(t, what, err)
	var de *DiceError
	errors.As(err, &de)
	if len(de.Text) > 16 || !strings.Contains(string(data), de.Text) {
		t.Fatalf("%s(%q): error %#v", what, data, de)
	}
}

// FuzzJSON decodes arbitrary bytes into each value type, by calling its
// UnmarshalJSON (or UnmarshalText) and through json.Unmarshal. Decoding
// must not panic; when it fails the error is the package's and the value
// is unchanged; when it succeeds json.Unmarshal agrees, the value
// encodes, and what it encodes to decodes into the same value and
// encodes to the same bytes again.
func FuzzJSON(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	keep, err := BestKeep([]Die{1, 1, 1, 5, 2, 3})
	if err != nil {
		f.Fatal(err)
	}
	h := handOf(keep.Dice())
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzJSONType(t, data, Die(3), func(v *Die) error { return v.UnmarshalJSON(data) })
		fuzzJSONType(t, data, h, func(v *Hand) error { return v.UnmarshalJSON(data) })
		fuzzJSONType(t, data, keep.Combo(0), func(v *Combo) error { return v.UnmarshalJSON(data) })
		fuzzJSONType(t, data, keep, func(v *Partition) error { return v.UnmarshalJSON(data) })
		fuzzJSONType(t, data, Straight, func(v *Kind) error { return v.UnmarshalText(data) })
		// A []Die: every die valid, unless encoding/json read base64.
		var dice []Die
		if err := json.Unmarshal(data, &dice); err == nil && !validDiceAll(dice) {
			if s := strings.TrimSpace(string(data)); !strings.HasPrefix(s, `"`) {
				t.Fatalf("json.Unmarshal(%q) into []Die = %v", data, dice)
			}
		}
	})
}

// validDiceAll reports whether every die is 1 to 6, for any number.
func validDiceAll(dice []Die) bool {
	for _, d := range dice {
		if !d.Valid() {
			return false
		}
	}
	return true
}

// fuzzJSONType checks one type for FuzzJSON: decode(&v) from before.
func fuzzJSONType[T comparable](t *testing.T, data []byte, before T, decode func(*T) error) {
	t.Helper()
	v := before
	err := decode(&v)
	name := reflect.TypeOf(before).Name()
	if err != nil {
		checkJSONError(t, name, data, err)
		if v != before {
			t.Fatalf("%s: decoding %q failed with %v but changed the value to %v", name, data, err, v)
		}
		return
	}
	if _, ok := any(v).(Kind); !ok {
		// json.Unmarshal calls UnmarshalJSON when data is valid JSON.
		w := before
		if jerr := json.Unmarshal(data, &w); jerr != nil || w != v {
			t.Fatalf("%s: UnmarshalJSON(%q) gives %v but json.Unmarshal %v, %v", name, data, v, w, jerr)
		}
	}
	first, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v, decoded from %q, does not encode: %v", name, v, data, err)
	}
	var again T
	if err := json.Unmarshal(first, &again); err != nil || again != v {
		t.Fatalf("%s: %s, the encoding of %v from %q, decodes into %v, %v", name, first, v, data, again, err)
	}
	if second, err := json.Marshal(again); err != nil || !bytes.Equal(first, second) {
		t.Fatalf("%s: %v encodes as %s, then as %s, %v", name, v, first, second, err)
	}
}
