package farkle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// The JSON forms of Die, Hand, Kind, Combo and Partition: the shapes
// against testdata/json.golden, every value the package makes through a
// round trip, and the checks of decoding.

// jsonOf marshals v or stops the test.
func jsonOf(t fataler, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal(%v): %v", v, err)
	}
	return b
}

// joinJSON writes dice as a JSON array in their order.
func joinJSON(dice []Die) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = strconv.Itoa(int(d))
	}
	return "[" + strings.Join(s, ",") + "]"
}

// TestJSONGolden encodes one value of each shape, made by the package's
// functions, and compares it with testdata/json.golden; each line decodes
// back into the same value.
func TestJSONGolden(t *testing.T) {
	part := func(p Partition, err error) Partition {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	values := map[string]any{
		"die":        Die(5),
		"dice":       []Die{1, 5},
		"dice_empty": []Die{},
		"hand":       mustHand(t, 5, 1, 1),
		"hand_zero":  Hand{},
		"kind_zero":  Kind(0),
		"combo":      part(BestPartition([]Die{5, 5, 5})).Combo(0),
		"combo_zero": Combo{},
		// Four 1s are one combination under the App rules.
		"partition_best": part(BestPartition([]Die{1, 1, 1, 1, 2, 3})),
		"partition_keep": part(BestKeep([]Die{5, 1, 2, 1, 3, 1})),
		// The interpretation worth most of six dice.
		"partition_six_dice": part(BestPartition([]Die{1, 1, 1, 1, 5, 5})),
		"partition_farkle":   part(BestKeep([]Die{2, 3, 4, 6, 6, 2})),
		"partition_zero":     Partition{},
	}
	for k := Kind(1); int(k) < numKinds; k++ {
		values["kind_"+strings.ReplaceAll(kindText[k], " ", "_")] = k
	}
	f, err := os.Open(filepath.Join("testdata", "json.golden"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, want, _ := strings.Cut(line, " ")
		v, ok := values[name]
		if !ok {
			t.Errorf("json.golden: no value named %q", name)
			continue
		}
		seen[name] = true
		if got := jsonOf(t, v); string(got) != want {
			t.Errorf("%s: json.Marshal(%v) =\n%s\nwant (json.golden)\n%s", name, v, got, want)
		}
		// Decode the line into a new value of the same type.
		ptr := reflect.New(reflect.TypeOf(v))
		if err := json.Unmarshal([]byte(want), ptr.Interface()); err != nil {
			t.Errorf("%s: json.Unmarshal(%s): %v", name, want, err)
			continue
		}
		got := ptr.Elem().Interface()
		if dice, ok := v.([]Die); ok {
			if !slices.Equal(dice, got.([]Die)) {
				t.Errorf("%s: json.Unmarshal(%s) = %v, want %v", name, want, got, v)
			}
		} else if got != v {
			t.Errorf("%s: json.Unmarshal(%s) = %v, want %v", name, want, got, v)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for name := range values {
		if !seen[name] {
			t.Errorf("json.golden has no line for %q", name)
		}
	}
}

func TestDieJSON(t *testing.T) {
	// The reason for Die.MarshalJSON: a []uint8-kinded slice is base64
	// unless its element type marshals itself.
	for _, tc := range []struct {
		v    any
		want string
	}{
		{[]Die{1, 5}, "[1,5]"},
		{[]Die{}, "[]"},
		{[MaxDice]Die{6, 5, 4, 3, 2, 1}, "[6,5,4,3,2,1]"},
		{struct {
			D  Die
			Ds []Die
		}{5, []Die{2, 3}}, `{"D":5,"Ds":[2,3]}`},
	} {
		if got := jsonOf(t, tc.v); string(got) != tc.want {
			t.Errorf("json.Marshal(%#v) = %s, want %s", tc.v, got, tc.want)
		}
	}
	for i := range 256 {
		d := Die(i)
		b, err := d.MarshalJSON()
		if d.Valid() {
			if err != nil || string(b) != strconv.Itoa(i) {
				t.Errorf("Die(%d).MarshalJSON() = %s, %v", i, b, err)
			}
		} else if !refSameErr(refDiceError(ErrInvalidDie, []Die{d}), err) || b != nil {
			t.Errorf("Die(%d).MarshalJSON() = %s, %v; want ErrInvalidDie", i, b, err)
		}
	}
	if _, err := json.Marshal([]Die{1, 0}); !errors.Is(err, ErrInvalidDie) {
		t.Errorf("json.Marshal([]Die{1, 0}): %v, want ErrInvalidDie", err)
	}
	// Every number up to 300, and what is no number.
	for n := range 301 {
		d := Die(3)
		err := d.UnmarshalJSON([]byte(strconv.Itoa(n)))
		var want error
		switch {
		case n >= 1 && n <= 6:
		case n <= 255:
			want = refDiceError(ErrInvalidDie, []Die{Die(n)})
		default:
			want = &DiceError{Err: ErrInvalidDie, Text: strconv.Itoa(n)}
		}
		if !sameParseErr(want, err) {
			t.Errorf("UnmarshalJSON(%d): %#v, want %#v", n, err, want)
		}
		if wantDie := Die(n); err == nil && d != wantDie || err != nil && d != 3 {
			t.Errorf("UnmarshalJSON(%d): %v, set %d", n, err, d)
		}
	}
	for _, in := range []string{`"5"`, `5.0`, `5e0`, `-1`, `true`, `[5]`, `{}`, `5 5`, `05`, ` 5x`} {
		d := Die(3)
		var de *DiceError
		if err := d.UnmarshalJSON([]byte(in)); !errors.As(err, &de) || !errors.Is(err, ErrInvalidDie) || de.Text == "" || d != 3 {
			t.Errorf("UnmarshalJSON(%q) = %v (%#v), set %d; want ErrInvalidDie with a Text", in, err, de, d)
		}
	}
	d := Die(3)
	if err := d.UnmarshalJSON([]byte(" null ")); err != nil || d != 3 {
		t.Errorf("UnmarshalJSON(null) = %v, set %d; want no change", err, d)
	}
	// The example of the issue: the 9 is refused.
	var dice []Die
	if err := json.Unmarshal([]byte("[1,5,9]"), &dice); !refSameErr(refDiceError(ErrInvalidDie, []Die{9}), err) {
		t.Errorf("json.Unmarshal([1,5,9]) into []Die: %v, want ErrInvalidDie 9", err)
	}
}

// TestHandJSON encodes every Hand, and decodes every sequence of 0 to 7
// dice written as a JSON array.
func TestHandJSON(t *testing.T) {
	f := failer{t: t}
	for _, dice := range multisets() {
		h := mustHand(t, dice...)
		if got, want := string(jsonOf(t, h)), joinJSON(dice); got != want {
			f.failf("json.Marshal(%v) = %s, want %s", h, got, want)
		}
	}
	seven := 0
	forEachRoll(0, MaxDice+1, func(roll, _ []Die) {
		if len(roll) > MaxDice {
			// One in 7 of the sequences of seven dice.
			if seven++; seven%7 != 0 {
				return
			}
		}
		in := joinJSON(roll)
		before := mustHand(t, 2, 4)
		got := before
		err := got.UnmarshalJSON([]byte(in))
		if len(roll) > MaxDice {
			if !refSameErr(refDiceError(ErrTooManyDice, roll), err) || got != before {
				f.failf("UnmarshalJSON(%s) = %v, set %v; want ErrTooManyDice", in, err, got)
			}
			return
		}
		if want := mustHand(t, roll...); err != nil || got != want {
			f.failf("UnmarshalJSON(%s) = %v, %v; want %v", in, got, err, want)
		}
	})
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"[1,5,9]", refDiceError(ErrInvalidDie, []Die{9})},
		{"[0,1,7,9,1,1,1,1]", refDiceError(ErrInvalidDie, []Die{0, 7, 9})},
		{`["1"]`, &DiceError{Err: ErrInvalidDie, Text: `"1"`}},
		{"[1.5]", &DiceError{Err: ErrInvalidDie, Text: "1.5"}},
		{"[-1]", &DiceError{Err: ErrInvalidDie, Text: "-1"}},
		{"[256]", &DiceError{Err: ErrInvalidDie, Text: "256"}},
		{"[[1]]", &DiceError{Err: ErrInvalidDie, Text: "[1]"}},
		{`"155"`, &DiceError{Err: ErrInvalidDie, Text: `"155"`}},
		{`{}`, &DiceError{Err: ErrInvalidDie, Text: `{}`}},
		{`5`, &DiceError{Err: ErrInvalidDie, Text: `5`}},
		{`[1,`, &DiceError{Err: ErrInvalidDie, Text: `[1,`}},
		{`[1 5]`, &DiceError{Err: ErrInvalidDie, Text: `[1 5]`}},
		{`[1,5]x`, &DiceError{Err: ErrInvalidDie, Text: `[1,5]x`}},
		{``, &DiceError{Err: ErrInvalidDie}},
	} {
		before := mustHand(t, 2, 4)
		got := before
		if err := got.UnmarshalJSON([]byte(tc.in)); !sameParseErr(tc.want, err) || got != before {
			t.Errorf("UnmarshalJSON(%s) = %#v, set %v; want %#v", tc.in, err, got, tc.want)
		}
	}
	for _, in := range []string{"null", " null\n"} {
		h := mustHand(t, 2, 4)
		if err := h.UnmarshalJSON([]byte(in)); err != nil || h != mustHand(t, 2, 4) {
			t.Errorf("UnmarshalJSON(%q) = %v, set %v; want no change", in, err, h)
		}
	}
	var h Hand
	for _, in := range []string{" [ 5 , 1 ] ", "[\n1,\t5]"} {
		if err := json.Unmarshal([]byte(in), &h); err != nil || h != mustHand(t, 1, 5) {
			t.Errorf("json.Unmarshal(%q) = %v, %v; want 1 5", in, h, err)
		}
	}
	data := []byte("[6,1,5,1,1,2]")
	if n := testing.AllocsPerRun(100, func() { _ = h.UnmarshalJSON(data) }); n != 0 {
		t.Errorf("Hand.UnmarshalJSON allocates %v times, want 0", n)
	}
}

// Property: a JSON array of any numbers from 0 to 300 decodes into a Hand
// as HandOf reads the same dice, with the same errors, and numbers above
// 255 are refused with their text.
func TestPropertyHandJSONIsHandOf(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		nums := rapid.SliceOfN(rapid.IntRange(0, 300), 0, 15).Draw(t, "numbers")
		s := make([]string, len(nums))
		var dice []Die
		var big string
		for i, n := range nums {
			s[i] = strconv.Itoa(n)
			if n > 255 && big == "" {
				big = s[i]
			}
			dice = append(dice, Die(n))
		}
		in := "[" + strings.Join(s, ",") + "]"
		var h Hand
		err := h.UnmarshalJSON([]byte(in))
		if big != "" {
			if !sameParseErr(&DiceError{Err: ErrInvalidDie, Text: big}, err) {
				t.Fatalf("UnmarshalJSON(%s): %v, want the error of %s", in, err, big)
			}
			return
		}
		want, wantErr := HandOf(dice)
		if h != want || !refSameErr(wantErr, err) {
			t.Fatalf("UnmarshalJSON(%s) = %v, %v; HandOf gives %v, %v", in, h, err, want, wantErr)
		}
	})
}

func TestKindText(t *testing.T) {
	names := map[string]Kind{}
	for k := range Kind(numKinds) {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText(): %v", k, err)
		}
		name := string(b)
		if strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" || (name == "") != (k == 0) {
			t.Errorf("%v.MarshalText() = %q: want a lower-case name, empty only for the zero Kind", k, name)
		}
		if old, ok := names[name]; ok {
			t.Errorf("%v and %v are both %q", old, k, name)
		}
		names[name] = k
		var got Kind = 99
		if err := got.UnmarshalText(b); err != nil || got != k {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, got, err, k)
		}
		// Spelled as the key of Rules that holds the kind's points, or,
		// for the kinds of "triple", as String with underscores.
		switch k {
		case 0:
		case ThreeOnes, ThreeOfAKind:
			if want := strings.ReplaceAll(k.String(), " ", "_"); name != want {
				t.Errorf("%v.MarshalText() = %q, want %q", k, name, want)
			}
		default:
			if !slices.Contains(rulesKeys[:], name) {
				t.Errorf("%v.MarshalText() = %q, which is no key of Rules", k, name)
			}
		}
		if got := string(jsonOf(t, k)); got != strconv.Quote(name) {
			t.Errorf("json.Marshal(%v) = %s, want %q", k, got, name)
		}
	}
	for _, k := range []Kind{Kind(numKinds), 200, 255} {
		if b, err := k.MarshalText(); !errors.Is(err, ErrInvalidCombo) || b != nil {
			t.Errorf("%v.MarshalText() = %q, %v; want ErrInvalidCombo", k, b, err)
		}
		if _, err := json.Marshal(k); !errors.Is(err, ErrInvalidCombo) {
			t.Errorf("json.Marshal(%v): %v, want ErrInvalidCombo", k, err)
		}
	}
	for _, in := range []string{"Straight", "three pairs", "three-pairs", " straight", "pair", "no combination", "0", "\xff"} {
		k := Straight
		if err := k.UnmarshalText([]byte(in)); !errors.Is(err, ErrInvalidCombo) || k != Straight {
			t.Errorf("UnmarshalText(%q) = %v, set %v; want ErrInvalidCombo", in, err, k)
		}
	}
	var k Kind
	if err := json.Unmarshal([]byte("8"), &k); err == nil {
		t.Errorf("json.Unmarshal(8) into a Kind = %v, want an error: kinds are names", k)
	}
}

// A shape is a Combo without its points.
type shape struct {
	kind Kind
	dice Hand
}

// shapeRules are rules that together make every combination that any
// Rules can make: every combination on, under each Bonus, with and
// without Split and FourAsTwoPairs; and Nothing, which only rules under
// which nothing else scores make.
func shapeRules() []Rules {
	var out []Rules
	for b := BonusFixed; b <= BonusNone; b++ {
		for _, split := range []bool{false, true} {
			for _, fourAsTwo := range []bool{false, true} {
				r := Rules{
					SingleOne: 100, SingleFive: 50, Triple: [7]int{0, 1000, 200, 300, 400, 500, 600},
					Bonus: b, Split: split, Straight: 1500, ThreePairs: 1500, FourAsTwoPairs: fourAsTwo,
					FourAndPair: 1500, TwoTriplets: 2500, LowStraight: 500, HighStraight: 750,
				}
				if b == BonusFixed {
					r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = 1000, 2000, 3000
				}
				out = append(out, r)
			}
		}
	}
	return append(out, Rules{Triple: [7]int{0, 1000, 200, 300, 400, 500, 600}, Bonus: BonusNone, Nothing: 500})
}

// madeCombos returns every combination that the rules of shapeRules make
// of some multiset, in any split, with its points.
func madeCombos(t *testing.T) map[shape][]Combo {
	made := map[shape][]Combo{}
	ix := multiset.Get()
	for _, r := range shapeRules() {
		if err := r.check(); err != nil {
			t.Fatal(err)
		}
		for i := range ix.Counts {
			for _, p := range splits(&r, ix.Counts[i], nil) {
				for _, c := range p.combos {
					cb := Combo{Kind: c.kind, Dice: Hand{c.dice.Pack()}, Points: int(c.points)}
					s := shape{cb.Kind, cb.Dice}
					if !slices.Contains(made[s], cb) {
						made[s] = append(made[s], cb)
					}
				}
			}
		}
	}
	return made
}

// TestKindFits checks the rules-free check of Combo.UnmarshalJSON against
// what rules make: for every kind and every multiset of 0 to 6 dice, the
// dice fit the kind exactly when some rules make that combination.
func TestKindFits(t *testing.T) {
	made := madeCombos(t)
	f := failer{t: t}
	n := 0
	for k := range Kind(numKinds + 1) {
		for _, dice := range multisets() {
			h := mustHand(t, dice...)
			_, want := made[shape{k, h}]
			if got := kindFits(k, h); got != want {
				f.failf("kindFits(%v, %v) = %v, but rules make it: %v", k, h, got, want)
			}
			if want {
				n++
			}
		}
	}
	// Every kind is made by some rules.
	kinds := map[Kind]bool{}
	for s := range made {
		kinds[s.kind] = true
	}
	for k := Kind(1); int(k) < numKinds; k++ {
		if !kinds[k] {
			t.Errorf("no rules make %v", k)
		}
	}
	t.Logf("%d shapes of combinations", n)
}

func TestComboJSON(t *testing.T) {
	f := failer{t: t}
	for _, cs := range madeCombos(t) {
		for _, c := range cs {
			got := jsonOf(t, c)
			want := fmt.Sprintf(`{"kind":%q,"dice":%s,"points":%d}`, kindText[c.Kind], joinJSON(c.Dice.Dice()), c.Points)
			if string(got) != want {
				f.failf("json.Marshal(%v) = %s, want %s", c, got, want)
			}
			var back Combo
			if err := json.Unmarshal(got, &back); err != nil || back != c {
				f.failf("json.Unmarshal(%s) = %v, %v; want %v", got, back, err, c)
			}
		}
	}
	three5 := Combo{Kind: ThreeOfAKind, Dice: mustHand(t, 5, 5, 5), Points: 500}
	for _, tc := range []struct {
		in   string
		want Combo
	}{
		{`{}`, Combo{}},
		{`{"kind":"","dice":[],"points":0}`, Combo{}},
		{` { "points" : 500 , "dice" : [ 5,5,5 ] , "kind" : "three_of_a_kind" } `, three5},
		{`{"kind":"six_of_a_kind","dice":[2,2,2,2,2,2],"points":8000000}`, Combo{Kind: SixOfAKind, Dice: mustHand(t, 2, 2, 2, 2, 2, 2), Points: 8_000_000}},
	} {
		var got Combo
		if err := json.Unmarshal([]byte(tc.in), &got); err != nil || got != tc.want {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		want error // a *DiceError, or ErrInvalidCombo
	}{
		{`{"kind":"straight","dice":[1,1],"points":1500}`, ErrInvalidCombo},
		{`{"kind":"three_of_a_kind","dice":[1,1,1],"points":1000}`, ErrInvalidCombo},
		{`{"kind":"three_pairs","dice":[1,1,2,2,3],"points":1500}`, ErrInvalidCombo},
		{`{"kind":"nothing","dice":[2,2,2,3,4,6],"points":500}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1]}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1],"points":-100}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1],"points":8000001}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1],"points":4294967396}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1],"points":1.5}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[1],"points":"100"}`, ErrInvalidCombo},
		{`{"kind":"","dice":[1],"points":100}`, ErrInvalidCombo},
		{`{"dice":[],"points":100}`, ErrInvalidCombo},
		{`{"kind":"pair","dice":[2,2],"points":100}`, ErrInvalidCombo},
		{`{"kind":1,"dice":[1],"points":100}`, ErrInvalidCombo},
		{`{"Kind":"single_one","dice":[1],"points":100}`, ErrInvalidCombo},
		{`{"kind":"single_one","kind":"single_one","dice":[1],"points":100}`, ErrInvalidCombo},
		{`{"kind":null,"dice":[1],"points":100}`, ErrInvalidCombo},
		{`["single_one",[1],100]`, ErrInvalidCombo},
		{`{"kind":"single_one"`, ErrInvalidCombo},
		{`{}{}`, ErrInvalidCombo},
		{`{"kind":"single_one","dice":[7],"points":100}`, refDiceError(ErrInvalidDie, []Die{7})},
		{`{"kind":"six_of_a_kind","dice":[1,1,1,1,1,1,1],"points":100}`, refDiceError(ErrTooManyDice, []Die{1, 1, 1, 1, 1, 1, 1})},
	} {
		got := three5
		err := got.UnmarshalJSON([]byte(tc.in))
		if got != three5 {
			t.Errorf("UnmarshalJSON(%s) = %v and changed the receiver to %v", tc.in, err, got)
		}
		checkDecodeErr(t, tc.in, err, tc.want)
	}
	got := three5
	if err := got.UnmarshalJSON([]byte("null")); err != nil || got != three5 {
		t.Errorf("UnmarshalJSON(null) = %v, set %v; want no change", err, got)
	}
	if _, err := json.Marshal(Combo{Kind: 77}); !errors.Is(err, ErrInvalidCombo) {
		t.Errorf("json.Marshal(Combo{Kind: 77}): %v, want ErrInvalidCombo", err)
	}
	const msg = `farkle: invalid combination: the dice [1 1] are not straight`
	if err := got.UnmarshalJSON([]byte(`{"kind":"straight","dice":[1,1],"points":1500}`)); err == nil || err.Error() != msg {
		t.Errorf("the error of a straight of two dice is %q, want %q", err, msg)
	}
}

// plainCombo and plainPartition read the JSON of a Partition with
// encoding/json alone, to check what it says apart from the decoder.
type plainCombo struct {
	Kind   string `json:"kind"`
	Dice   []Die  `json:"dice"`
	Points int    `json:"points"`
}

type plainPartition struct {
	Points int          `json:"points"`
	Dice   []Die        `json:"dice"`
	Combos []plainCombo `json:"combos"`
	Rest   []Die        `json:"rest"`
}

// plainOf is what the JSON of p should say, in the plain form.
func plainOf(p Partition) plainPartition {
	out := plainPartition{Points: p.Points(), Dice: append([]Die{}, p.Dice()...), Combos: []plainCombo{}, Rest: append([]Die{}, p.Rest()...)}
	for c := range p.Combos() {
		out.Combos = append(out.Combos, plainCombo{Kind: kindText[c.Kind], Dice: c.Dice.AppendDice([]Die{}), Points: c.Points})
	}
	return out
}

// TestPartitionJSONRoundTrip encodes every Partition that the package
// makes under each preset (BestPartition of every multiset of 0 to 6
// dice, BestKeep and every keep of every roll) and the zero Partition:
// the JSON says what the Partition holds, decodes into an == Partition,
// and encodes again into the same bytes.
func TestPartitionJSONRoundTrip(t *testing.T) {
	f := failer{t: t}
	check := func(name string, p Partition) {
		b := jsonOf(t, p)
		var plain plainPartition
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&plain); err != nil {
			f.failf("%s: %s does not decode plainly: %v", name, b, err)
			return
		}
		if want := plainOf(p); !reflect.DeepEqual(want, plain) {
			f.failf("%s: the JSON %s of %v (-want +got):\n%s", name, b, p, cmp.Diff(want, plain))
		}
		var back Partition
		if err := json.Unmarshal(b, &back); err != nil || back != p {
			f.failf("%s: json.Unmarshal(%s) = %v, %v; want %v", name, b, back, err, p)
			return
		}
		if again := jsonOf(t, back); !bytes.Equal(again, b) {
			f.failf("%s: encoded again as %s, first %s", name, again, b)
		}
	}
	check("zero", Partition{})
	n := 1
	for _, preset := range allPresets {
		s := mustNew(t, preset.Rules())
		for i, dice := range multisets() {
			if i%raceStride(7) != 0 {
				continue
			}
			name := fmt.Sprintf("%v %s", preset, diceName(dice))
			p, err := s.BestPartition(dice)
			if err != nil {
				t.Fatal(err)
			}
			check(name+" BestPartition", p)
			n++
			if len(dice) == 0 {
				continue
			}
			best, err := s.BestKeep(dice)
			if err != nil {
				t.Fatal(err)
			}
			check(name+" BestKeep", best)
			keeps, err := s.Keeps(dice)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range keeps {
				check(name+" keep "+handOf(k.Dice()).String(), k)
			}
			n += 1 + len(keeps)
		}
	}
	t.Logf("%d partitions", n)
}

func TestPartitionJSONDecode(t *testing.T) {
	keep, err := BestKeep([]Die{1, 1, 1, 5, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	// The combinations in any order, the keys in any order, white space.
	for _, in := range []string{
		`{"points":1050,"dice":[1,1,1,5],"combos":[{"kind":"three_ones","dice":[1,1,1],"points":1000},{"kind":"single_five","dice":[5],"points":50}],"rest":[2,3]}`,
		`{"rest":[3,2],"combos":[{"points":50,"dice":[5],"kind":"single_five"},{"kind":"three_ones","dice":[1,1,1],"points":1000}],"dice":[5,1,1,1],"points":1050}`,
		"{\n \"points\": 1050,\n \"dice\": [1, 1, 1, 5],\n \"combos\": [\n  {\"kind\": \"single_five\", \"dice\": [5], \"points\": 50},\n  {\"kind\": \"three_ones\", \"dice\": [1, 1, 1], \"points\": 1000}\n ],\n \"rest\": [2, 3]\n}",
	} {
		var got Partition
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != keep {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", in, got, err, keep)
		}
	}
	var zero Partition
	for _, in := range []string{`{}`, `{"points":0,"dice":[],"combos":[],"rest":[]}`} {
		got := keep
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != zero {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want the zero Partition", in, got, err)
		}
	}
	// Two equal combinations, and a farkle's rest alone.
	pairs := `{"points":200,"dice":[1,1],"combos":[{"kind":"single_one","dice":[1],"points":100},{"kind":"single_one","dice":[1],"points":100}],"rest":[]}`
	var got Partition
	if err := json.Unmarshal([]byte(pairs), &got); err != nil || got.Len() != 2 || got.Points() != 200 || string(jsonOf(t, got)) != pairs {
		t.Errorf("json.Unmarshal(%s) = %v, %v", pairs, got, err)
	}
	three5 := `{"kind":"three_of_a_kind","dice":[5,5,5],"points":500}`
	for _, tc := range []struct {
		in   string
		want error // a *DiceError, or ErrInvalidCombo
	}{
		{`{"points":1000,"dice":[5,5,5],"combos":[` + three5 + `],"rest":[]}`, ErrInvalidCombo},
		{`{"dice":[5,5,5],"combos":[` + three5 + `],"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5],"combos":[` + three5 + `],"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"combos":[` + three5 + `],"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":[` + three5 + `,{}],"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":[{"kind":"three_of_a_kind","dice":[5,5],"points":500}],"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":` + three5 + `,"rest":[]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":[` + three5 + `],"rest":[],"hot_dice":false}`, ErrInvalidCombo},
		{`{"points":500,"points":500,"dice":[5,5,5],"combos":[` + three5 + `]}`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":[` + three5 + `],"rest":null}`, ErrInvalidCombo},
		{`{"points":"500"}`, ErrInvalidCombo},
		{`[500]`, ErrInvalidCombo},
		{`{"points":500`, ErrInvalidCombo},
		{`{"points":500,"dice":[5,5,5],"combos":[` + three5 + `],"rest":[7]}`, refDiceError(ErrInvalidDie, []Die{7})},
		{`{"points":500,"dice":[5,5,5],"combos":[` + three5 + `],"rest":[2,3,4,6]}`, refDiceError(ErrTooManyDice, []Die{5, 5, 5, 2, 3, 4, 6})},
		{`{"points":1000,"dice":[5,5,5,5,5,5],"combos":[` + three5 + `,` + three5 + `],"rest":[2]}`, refDiceError(ErrTooManyDice, []Die{5, 5, 5, 5, 5, 5, 2})},
		{`{"points":700,"dice":[1,1,1,1,1,1,1],"combos":[` + strings.Repeat(`{"kind":"single_one","dice":[1],"points":100},`, 6) + `{"kind":"single_one","dice":[1],"points":100}]}`, refDiceError(ErrTooManyDice, slices.Repeat([]Die{1}, 7))},
	} {
		got := keep
		err := got.UnmarshalJSON([]byte(tc.in))
		if got != keep {
			t.Errorf("UnmarshalJSON(%s) = %v and changed the receiver to %v", tc.in, err, got)
		}
		checkDecodeErr(t, tc.in, err, tc.want)
	}
	got = keep
	if err := got.UnmarshalJSON([]byte("null")); err != nil || got != keep {
		t.Errorf("UnmarshalJSON(null) = %v, set %v; want no change", err, got)
	}
	// A hundred thousand combinations: the error counts their dice.
	many := `{"combos":[` + strings.Repeat(`{"kind":"single_five","dice":[5],"points":50},`, 99_999) + `{"kind":"single_five","dice":[5],"points":50}]}`
	if err := got.UnmarshalJSON([]byte(many)); !refSameErr(&DiceError{Err: ErrTooManyDice, Dice: slices.Repeat([]Die{5}, 12), Count: 100_000}, err) {
		t.Errorf("UnmarshalJSON of 100,000 combinations: %v", err)
	}
}

// Property: a Partition decoded from JSON, when its combinations come in
// a shuffled order, is the Partition the package made.
func TestPropertyPartitionJSONOrder(t *testing.T) {
	var scorers []*Scorer
	for _, p := range allPresets {
		scorers = append(scorers, mustNew(t, p.Rules()))
	}
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.SampledFrom(scorers).Draw(t, "scorer")
		dice := genDice(0, MaxDice).Draw(t, "dice")
		p, err := s.BestPartition(dice)
		if err != nil {
			t.Fatal(err)
		}
		var combos []string
		for c := range p.Combos() {
			combos = append(combos, string(jsonOf(t, c)))
		}
		combos = rapid.Permutation(combos).Draw(t, "order")
		in := fmt.Sprintf(`{"rest":%s,"combos":[%s],"points":%d,"dice":%s}`, jsonOf(t, handOf(p.Rest())), strings.Join(combos, ","), p.Points(), jsonOf(t, handOf(p.Dice())))
		var got Partition
		if err := json.Unmarshal([]byte(in), &got); err != nil {
			t.Fatalf("json.Unmarshal(%s): %v", in, err)
		}
		if got != p {
			t.Fatalf("json.Unmarshal(%s) (-want +got):\n%s", in, cmp.Diff(viewOf(p), viewOf(got)))
		}
	})
}

// checkDecodeErr reports an UnmarshalJSON(in) error err that is not want:
// for ErrInvalidCombo, an error wrapping it; else the same *DiceError.
func checkDecodeErr(t *testing.T, in string, err, want error) {
	t.Helper()
	if want == ErrInvalidCombo {
		if !errors.Is(err, ErrInvalidCombo) {
			t.Errorf("UnmarshalJSON(%s) = %v, want ErrInvalidCombo", in, err)
		}
	} else if !refSameErr(want, err) {
		t.Errorf("UnmarshalJSON(%s) = %v, want %v", in, err, want)
	}
}
