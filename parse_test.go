package farkle

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// refParseDice is the reference for ParseDice, written from its
// documentation with the standard library: white space is unicode.IsSpace,
// a bracketed text is split at its separators into numbers, anything else
// into digits.
func refParseDice(s string) ([]Die, error) {
	body, numbers := s, false
	if t := strings.TrimFunc(s, unicode.IsSpace); len(t) >= 2 && t[0] == '[' && t[len(t)-1] == ']' {
		body, numbers = t[1:len(t)-1], true
	}
	var dice []Die
	for _, tok := range strings.FieldsFunc(body, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if strings.Trim(tok, "0123456789") != "" {
			return nil, &DiceError{Err: ErrInvalidDie, Text: refClipText(tok)}
		}
		if !numbers {
			for _, c := range tok {
				dice = append(dice, Die(c-'0'))
			}
			continue
		}
		n := 0
		for _, c := range tok {
			if n = n*10 + int(c-'0'); n > 255 {
				return nil, &DiceError{Err: ErrInvalidDie, Text: refClipText(tok)}
			}
		}
		dice = append(dice, Die(n))
	}
	if err := refInputError(false, dice); err != nil {
		return nil, err
	}
	return dice, nil
}

// refClipText is the Text of a DiceError for s: at most its first 16
// bytes, cut before a character that would not fit.
func refClipText(s string) string {
	if len(s) <= 16 {
		return s
	}
	n := 0
	for i := range s { // the starts of the characters
		if i > 16 {
			break
		}
		n = i
	}
	if n == 0 {
		n = 16
	}
	return s[:n]
}

// sameParseErr compares errors as refSameErr does, and their Text too.
func sameParseErr(want, got error) bool {
	if !refSameErr(want, got) {
		return false
	}
	if want == nil {
		return true
	}
	var w, g *DiceError
	errors.As(want, &w)
	errors.As(got, &g)
	return w.Text == g.Text
}

func TestParseDice(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Die
		err  *DiceError
		msg  string
	}{
		// The forms of the command and of the server.
		{in: "1", want: []Die{1}},
		{in: "1,5,5", want: []Die{1, 5, 5}},
		{in: "155", want: []Die{1, 5, 5}},
		{in: "1 5 5", want: []Die{1, 5, 5}},
		{in: "[1,5,5]", want: []Die{1, 5, 5}},
		{in: "[1, 5, 5]", want: []Die{1, 5, 5}},
		// Mixed separators, the order kept, white space of any kind.
		{in: " 5, 1\t15 ,, 6\n", want: []Die{5, 1, 1, 5, 6}},
		{in: "1\u00a05\u30006", want: []Die{1, 5, 6}},
		{in: " [ 6 ,1 ] ", want: []Die{6, 1}},
		{in: "[\n1,\n2\n]", want: []Die{1, 2}},
		{in: "123456", want: []Die{1, 2, 3, 4, 5, 6}},
		// No dice.
		{in: ""}, {in: "   "}, {in: ","}, {in: "[]"}, {in: " [ ] "}, {in: "[,]"},
		// Bad faces, from the whole text, in order.
		{in: "0", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{0}, Count: 1}, msg: "farkle: invalid die: 0"},
		{in: "1 7 8", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{7, 8}, Count: 2}, msg: "farkle: invalid die: 7 8"},
		{in: "[15]", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{15}, Count: 1}, msg: "farkle: invalid die: 15"},
		{in: "[255, 0]", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{255, 0}, Count: 2}},
		{in: "9999999999999", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}, Count: 13}},
		// Bad faces come before too many dice.
		{in: "1111111 7", err: &DiceError{Err: ErrInvalidDie, Dice: []Die{7}, Count: 1}},
		// Text that is not a number at all, the first such part.
		{in: "1x5", err: &DiceError{Err: ErrInvalidDie, Text: "1x5"}, msg: `farkle: invalid die: "1x5"`},
		{in: "7 x y", err: &DiceError{Err: ErrInvalidDie, Text: "x"}},
		{in: "-1", err: &DiceError{Err: ErrInvalidDie, Text: "-1"}},
		{in: "[1.5]", err: &DiceError{Err: ErrInvalidDie, Text: "1.5"}},
		{in: "[256]", err: &DiceError{Err: ErrInvalidDie, Text: "256"}},
		{in: "[1,5", err: &DiceError{Err: ErrInvalidDie, Text: "[1"}},
		{in: "1,5]", err: &DiceError{Err: ErrInvalidDie, Text: "5]"}},
		{in: "[[1]]", err: &DiceError{Err: ErrInvalidDie, Text: "[1]"}},
		{in: `["1"]`, err: &DiceError{Err: ErrInvalidDie, Text: `"1"`}},
		{in: "١", err: &DiceError{Err: ErrInvalidDie, Text: "١"}},
		{in: "one two three four five six", err: &DiceError{Err: ErrInvalidDie, Text: "one"}},
		{in: strings.Repeat("x", 40), err: &DiceError{Err: ErrInvalidDie, Text: strings.Repeat("x", 16)}},
		{in: "xxxxxxxxxxxxxxxé", err: &DiceError{Err: ErrInvalidDie, Text: "xxxxxxxxxxxxxxx"}},
		// Too many dice, with the first 12 and the count.
		{in: "1234561", err: &DiceError{Err: ErrTooManyDice, Dice: []Die{1, 2, 3, 4, 5, 6, 1}, Count: 7}, msg: "farkle: too many dice: 1 2 3 4 5 6 1"},
		{in: "[1,1,1,1,1,1,1]", err: &DiceError{Err: ErrTooManyDice, Dice: []Die{1, 1, 1, 1, 1, 1, 1}, Count: 7}},
		{in: strings.Repeat("12", 10), err: &DiceError{Err: ErrTooManyDice, Dice: []Die{1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2}, Count: 20}, msg: "farkle: too many dice: 1 2 1 2 1 2 1 2 1 2 1 2 ... (20 dice)"},
	} {
		got, err := ParseDice(tc.in)
		if tc.err == nil {
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("ParseDice(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
			if len(tc.want) == 0 && got != nil {
				t.Errorf("ParseDice(%q) = %#v, want nil", tc.in, got)
			}
			continue
		}
		if got != nil || !sameParseErr(tc.err, err) {
			t.Errorf("ParseDice(%q) = %v, %#v; want error %#v", tc.in, got, err, tc.err)
			continue
		}
		if tc.msg != "" && err.Error() != tc.msg {
			t.Errorf("ParseDice(%q): error %q, want %q", tc.in, err, tc.msg)
		}
	}
}

// TestParseDiceSequences parses every sequence of 0 to 6 dice and one in
// seven of the sequences of 7 dice in the four forms of the command and
// the server, and every string of 0 to 5 digits, against the reference.
func TestParseDiceSequences(t *testing.T) {
	f := failer{t: t}
	seven := 0
	forEachRoll(0, 7, func(roll, _ []Die) {
		if len(roll) > MaxDice {
			if seven++; seven%7 != 0 {
				return
			}
		}
		digits := diceName(roll)
		words := make([]string, len(roll))
		for i, d := range roll {
			words[i] = d.String()
		}
		want, wantErr := refParseDice(digits)
		if (len(roll) <= MaxDice) != (wantErr == nil) {
			f.failf("the reference reads %v as %v, %v", roll, want, wantErr)
		}
		for _, s := range []string{digits, strings.Join(words, ","), strings.Join(words, " "), "[" + strings.Join(words, ",") + "]"} {
			got, err := ParseDice(s)
			if !slices.Equal(got, want) || !sameParseErr(wantErr, err) {
				f.failf("ParseDice(%q) = %v, %v; want %v, %v", s, got, err, want, wantErr)
			}
		}
	})
	var digits func(s string)
	digits = func(s string) {
		got, err := ParseDice(s)
		if want, wantErr := refParseDice(s); !slices.Equal(got, want) || !sameParseErr(wantErr, err) {
			f.failf("ParseDice(%q) = %v, %v; the reference gives %v, %v", s, got, err, want, wantErr)
		}
		if len(s) == 5 {
			return
		}
		for c := '0'; c <= '9'; c++ {
			digits(s + string(c))
		}
	}
	digits("")
}

// TestParseDiceCommandAndServer checks that ParseDice reads what the
// command's parser and the server's keep read, as each does.
func TestParseDiceCommandAndServer(t *testing.T) {
	// The command (cmd/farkle parseDice): faces 1 to 6 in tokens split at
	// commas and white space, at most six in all.
	for _, s := range []string{"1", "1,5,5", "155", "1 5 5", "1, 5 5", "  2\t2 ", "1,,5", "6 5 4 3 2 1"} {
		want := refCommandDice(s)
		if got, err := ParseDice(s); err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseDice(%q) = %v, %v; the command reads %v", s, got, err, want)
		}
	}
	// The server: a JSON array of numbers, each from 1 to 6.
	for _, s := range []string{"[1]", "[1,5,5]", "[ 1 , 5 ]", "[6,6,6,6,6,6]", "[]"} {
		var want []Die
		var ints []int
		if err := json.Unmarshal([]byte(s), &ints); err != nil {
			t.Fatal(err)
		}
		for _, n := range ints {
			want = append(want, Die(n))
		}
		if got, err := ParseDice(s); err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseDice(%q) = %v, %v; the server reads %v", s, got, err, want)
		}
	}
}

// refCommandDice reads s as the command's parser does when it accepts s.
func refCommandDice(s string) []Die {
	var out []Die
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		for _, r := range tok {
			out = append(out, Die(r-'0'))
		}
	}
	return out
}

// TestParseDiceHuge reads inputs of a million bytes: the dice error
// holds 12 dice and the count, the text error 16 bytes, and whatever the
// size ParseDice allocates only its error.
func TestParseDiceHuge(t *testing.T) {
	const n = 1 << 20
	for _, tc := range []struct {
		name string
		in   string
		want *DiceError
	}{
		{"digits", strings.Repeat("1", n), &DiceError{Err: ErrTooManyDice, Dice: slices.Repeat([]Die{1}, 12), Count: n}},
		{"spaced", strings.Repeat("5 ", n/2), &DiceError{Err: ErrTooManyDice, Dice: slices.Repeat([]Die{5}, 12), Count: n / 2}},
		{"array", "[" + strings.Repeat("2,", n/2) + "2]", &DiceError{Err: ErrTooManyDice, Dice: slices.Repeat([]Die{2}, 12), Count: n/2 + 1}},
		{"sevens", strings.Repeat("7", n), &DiceError{Err: ErrInvalidDie, Dice: slices.Repeat([]Die{7}, 12), Count: n}},
		{"text", strings.Repeat("x", n), &DiceError{Err: ErrInvalidDie, Text: strings.Repeat("x", 16)}},
		{"spaces", strings.Repeat(" ", n) + "1", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseDice(tc.in)
			if tc.want == nil {
				if err != nil || !slices.Equal(got, []Die{1}) {
					t.Fatalf("ParseDice = %v, %v; want [1]", got, err)
				}
			} else if !sameParseErr(tc.want, err) {
				t.Fatalf("ParseDice: %v, want %v", err, tc.want)
			}
			allocs := testing.AllocsPerRun(2, func() { _, _ = ParseDice(tc.in) })
			if allocs > 2 {
				t.Errorf("ParseDice allocates %v times, want at most 2 (the error and its dice)", allocs)
			}
		})
	}
}

// Property: dice written with any separators between them (commas, white
// space, both, or nothing) and optionally inside brackets read back as
// the same dice in the same order.
func TestPropertyParseDiceReadsWrittenDice(t *testing.T) {
	seps := []string{"", ",", ", ", " ,", ",,", " ", "\t", "\n", "\u00a0", "\u2003"}
	spaces := seps[5:]
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(0, MaxDice).Draw(t, "dice")
		brackets := rapid.Bool().Draw(t, "brackets")
		var b strings.Builder
		b.WriteString(rapid.SampledFrom(spaces).Draw(t, "lead"))
		if brackets {
			b.WriteByte('[')
		}
		for i, d := range dice {
			if i > 0 {
				sep := rapid.SampledFrom(seps).Draw(t, "sep")
				if brackets && sep == "" {
					sep = "," // inside brackets each number is one die
				}
				b.WriteString(sep)
			}
			b.WriteString(d.String())
		}
		if brackets {
			b.WriteByte(']')
		}
		b.WriteString(rapid.SampledFrom(spaces).Draw(t, "trail"))
		got, err := ParseDice(b.String())
		if err != nil {
			t.Fatalf("ParseDice(%q): %v", b.String(), err)
		}
		if len(dice) == 0 {
			dice = nil
		}
		if diff := cmp.Diff(dice, got); diff != "" {
			t.Fatalf("ParseDice(%q) (-want +got):\n%s", b.String(), diff)
		}
	})
}

// Property: ParseDice never modifies its result's backing array between
// calls and returns fresh slices: changing one result does not change
// another.
func TestPropertyParseDiceFreshSlices(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		dice := genDice(1, MaxDice).Draw(t, "dice")
		s := diceName(dice)
		a, errA := ParseDice(s)
		b, errB := ParseDice(s)
		if errA != nil || errB != nil {
			t.Fatalf("ParseDice(%q): %v, %v", s, errA, errB)
		}
		a[0] = 0
		if diff := cmp.Diff(dice, b); diff != "" {
			t.Fatalf("ParseDice(%q) shares its result (-want +got):\n%s", s, diff)
		}
	})
}
