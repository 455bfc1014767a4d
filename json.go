package farkle

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/farkle-go/farkle/internal/multiset"
)

// This file holds the JSON forms of the value types: a Die is a number, a
// Hand an ascending array of numbers, a Kind a lower-case name, a Combo
// and a Partition objects. The forms are part of the API and never
// change; testdata/json.golden pins them. Decoding checks what it reads
// and accepts any order of keys, combinations and dice and any white
// space, while encoding writes one canonical form: decoding what was
// encoded gives an == value, and encoding what was decoded always gives
// the same bytes again.

// MarshalJSON encodes d as a JSON number, such as 5. A Die that is not 1
// to 6, such as the zero Die, gives an error wrapping [ErrInvalidDie].
func (d Die) MarshalJSON() ([]byte, error) {
	if !d.Valid() {
		return nil, diceError(ErrInvalidDie, []Die{d})
	}
	return []byte{'0' + byte(d)}, nil
}

// UnmarshalJSON sets d from a JSON number from 1 to 6. Another number from
// 0 to 255 gives a [*DiceError] wrapping [ErrInvalidDie] with that die;
// anything else (a string, 1.0, -1, 300) gives the same error with the
// value in Text. JSON null leaves d unchanged, as encoding/json does for
// a number. On error d is unchanged.
func (d *Die) UnmarshalJSON(data []byte) error {
	v := bytes.TrimSpace(data)
	if !json.Valid(data) {
		return textError(v)
	}
	if string(v) == "null" {
		return nil
	}
	var r diceReader
	if err := readToken(&r, v, true); err != nil {
		return err
	}
	if err := r.err(); err != nil {
		return err
	}
	*d = r.dice[0]
	return nil
}

// MarshalJSON encodes h as a JSON array of its dice in ascending order,
// such as [1,1,5]; the zero Hand gives [].
func (h Hand) MarshalJSON() ([]byte, error) {
	return h.appendJSON(make([]byte, 0, 2*MaxDice+1)), nil
}

func (h Hand) appendJSON(b []byte) []byte {
	b = append(b, '[')
	n := 0
	for f := Die(1); f <= 6; f++ {
		for range h.Count(f) {
			if n > 0 {
				b = append(b, ',')
			}
			b = append(b, '0'+byte(f))
			n++
		}
	}
	return append(b, ']')
}

// UnmarshalJSON sets h from a JSON array of 0 to [MaxDice] numbers from 1
// to 6, in any order. The errors are [*DiceError] values, checked in this
// order: an element that is not a number from 0 to 255, or data that is
// not an array, with it in Text ([ErrInvalidDie]); numbers that are not 1
// to 6 ([ErrInvalidDie]); more than MaxDice dice ([ErrTooManyDice]).
// JSON null leaves h unchanged, as encoding/json does for a number. On
// error h is unchanged. UnmarshalJSON does not allocate, except for the
// error.
func (h *Hand) UnmarshalJSON(data []byte) error {
	if !json.Valid(data) {
		return textError(bytes.TrimSpace(data))
	}
	return h.decode(data)
}

// decode is UnmarshalJSON of valid JSON.
func (h *Hand) decode(data []byte) error {
	v := bytes.TrimSpace(data)
	if string(v) == "null" {
		return nil
	}
	body, ok := arrayBody(v)
	if !ok {
		return textError(v)
	}
	var r diceReader
	if err := readDice(&r, body, true); err != nil {
		return err
	}
	if err := r.err(); err != nil {
		return err
	}
	p, _ := multiset.PackOf(r.dice[:r.n])
	*h = Hand{p}
	return nil
}

// kindText holds the names of the kinds in JSON and other text formats.
// They are part of the API and never change; they are spelled as the
// keys of [Rules.MarshalJSON] that hold the kinds' points.
var kindText = [numKinds]string{
	SingleOne:    "single_one",
	SingleFive:   "single_five",
	ThreeOnes:    "three_ones",
	ThreeOfAKind: "three_of_a_kind",
	FourOfAKind:  "four_of_a_kind",
	FiveOfAKind:  "five_of_a_kind",
	SixOfAKind:   "six_of_a_kind",
	Straight:     "straight",
	ThreePairs:   "three_pairs",
	FourAndPair:  "four_and_pair",
	TwoTriplets:  "two_triplets",
	Nothing:      "nothing",
	LowStraight:  "low_straight",
	HighStraight: "high_straight",
}

// MarshalText returns the name of k in JSON and other text formats, such
// as "three_of_a_kind": the lower-case name of its constant with words
// joined by underscores, as the keys of [Rules.MarshalJSON] spell the
// same combinations ("four_and_pair" for [FourAndPair], "nothing" for
// [Nothing]). The zero Kind gives "". A value that is no kind gives an
// error wrapping [ErrInvalidCombo].
func (k Kind) MarshalText() ([]byte, error) {
	if int(k) >= numKinds {
		return nil, comboErrorf("%v is no kind", k)
	}
	return []byte(kindText[k]), nil
}

// UnmarshalText sets k from a name that [Kind.MarshalText] returns,
// spelled exactly so; "" is the zero Kind. Any other text gives an error
// wrapping [ErrInvalidCombo] and leaves k unchanged.
func (k *Kind) UnmarshalText(text []byte) error {
	for i, n := range kindText {
		if n == string(text) {
			*k = Kind(i)
			return nil
		}
	}
	return comboErrorf("unknown kind %s", quoteClip(text))
}

// maxComboPoints is the most points that one combination scores under any
// Rules: six of a kind with BonusDouble and a triple worth the largest
// value of a field, 1,000,000 << 3.
const maxComboPoints = maxPoints << 3

// MarshalJSON encodes c as an object with its kind's name, its dice and
// its points, such as {"kind":"three_of_a_kind","dice":[5,5,5],"points":500};
// the zero Combo gives {"kind":"","dice":[],"points":0}. A Kind that is
// no kind gives an error wrapping [ErrInvalidCombo].
func (c Combo) MarshalJSON() ([]byte, error) {
	return c.appendJSON(make([]byte, 0, 64))
}

func (c Combo) appendJSON(b []byte) ([]byte, error) {
	if int(c.Kind) >= numKinds {
		return nil, comboErrorf("%v is no kind", c.Kind)
	}
	b = append(b, `{"kind":"`...)
	b = append(b, kindText[c.Kind]...)
	b = append(b, `","dice":`...)
	b = c.Dice.appendJSON(b)
	b = append(b, `,"points":`...)
	b = strconv.AppendInt(b, int64(c.Points), 10)
	return append(b, '}'), nil
}

var comboKeys = []string{"kind", "dice", "points"}

// UnmarshalJSON decodes the form of [Combo.MarshalJSON] and checks it
// without knowing the rules that made it: the dice must be those of the
// kind as its constant describes them (one 1 for SingleOne, three equal
// dice from 2 to 6 for ThreeOfAKind, six dice with every face an even
// number of times for ThreePairs, six dice with no face three times or
// more for Nothing, and so on), and the points from 1 to 8,000,000, what
// one combination can score under some [Rules]. The zero Combo, with
// kind "", no dice and 0 points, is accepted too.
//
// The keys must be spelled exactly so, each at most once, none null; a
// key that is missing leaves its field zero. Bad dice give the errors of
// [Hand.UnmarshalJSON]; every other problem an error wrapping
// [ErrInvalidCombo]. JSON null leaves c unchanged. On error c is
// unchanged.
func (c *Combo) UnmarshalJSON(data []byte) error {
	if !json.Valid(data) {
		return comboErrorf("a combination is not valid JSON")
	}
	return c.decode(data)
}

// decode is UnmarshalJSON of valid JSON.
func (c *Combo) decode(data []byte) error {
	var out Combo
	null, err := readObject(data, "a combination", comboKeys, func(i int, raw []byte) error {
		switch i {
		case 0:
			return decodeKind(raw, &out.Kind)
		case 1:
			return out.Dice.decode(raw)
		}
		return decodePoints(raw, "the points of a combination", &out.Points)
	})
	if err != nil || null {
		return err
	}
	if err := out.check(); err != nil {
		return err
	}
	*c = out
	return nil
}

// check reports whether c could be a combination of some Rules, or the
// zero Combo.
func (c Combo) check() error {
	switch {
	case c == Combo{}:
		return nil
	case c.Kind == 0:
		return comboErrorf("a combination with dice or points needs a kind")
	case int(c.Kind) >= numKinds:
		return comboErrorf("%v is no kind", c.Kind)
	case !kindFits(c.Kind, c.Dice):
		return comboErrorf("the dice [%v] are not %v", c.Dice, c.Kind)
	case c.Points < 1 || c.Points > maxComboPoints:
		return comboErrorf("%v: points %d are not from 1 to %d", c.Kind, c.Points, maxComboPoints)
	}
	return nil
}

// kindFits reports whether the dice h form a combination of kind k under
// some Rules.
func kindFits(k Kind, h Hand) bool {
	var pattern [MaxDice + 1]int // pattern[n]: the faces that h shows n times
	triple := Die(0)             // a face that h shows three times or more
	for f := Die(1); f <= 6; f++ {
		n := h.Count(f)
		pattern[n]++
		if n >= 3 {
			triple = f
		}
	}
	n := h.Len()
	switch k {
	case SingleOne:
		return n == 1 && h.Count(1) == 1
	case SingleFive:
		return n == 1 && h.Count(5) == 1
	case ThreeOnes:
		return n == 3 && h.Count(1) == 3
	case ThreeOfAKind:
		return n == 3 && pattern[3] == 1 && triple != 1
	case FourOfAKind:
		return n == 4 && pattern[4] == 1
	case FiveOfAKind:
		return n == 5 && pattern[5] == 1
	case SixOfAKind:
		return pattern[6] == 1
	case Straight:
		return pattern[1] == 6
	case ThreePairs:
		return n == 6 && pattern[1]+pattern[3]+pattern[5] == 0
	case FourAndPair:
		return pattern[4] == 1 && pattern[2] == 1
	case TwoTriplets:
		return pattern[3] == 2
	case Nothing:
		return n == 6 && triple == 0
	case LowStraight:
		return n == 5 && pattern[1] == 5 && h.Count(6) == 0
	case HighStraight:
		return n == 5 && pattern[1] == 5 && h.Count(1) == 0
	}
	return false
}

// MarshalJSON encodes p as an object with its points, the dice of its
// combinations (for a keep, the kept dice), its combinations in order and
// its rest (for a keep, the dice left to roll):
//
//	{"points":1050,"dice":[1,1,1,5],"combos":[
//	 {"kind":"three_ones","dice":[1,1,1],"points":1000},
//	 {"kind":"single_five","dice":[5],"points":50}],"rest":[2,3]}
//
// (on one line). The zero Partition gives
// {"points":0,"dice":[],"combos":[],"rest":[]}.
func (p Partition) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+64*int(p.n))
	b = append(b, `{"points":`...)
	b = strconv.AppendInt(b, int64(p.points), 10)
	b = append(b, `,"dice":`...)
	b = p.dice.appendJSON(b)
	b = append(b, `,"combos":[`...)
	for i, c := range p.combos[:p.n] {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = c.combo().appendJSON(b); err != nil {
			return nil, err
		}
	}
	b = append(b, `],"rest":`...)
	b = p.rest.appendJSON(b)
	return append(b, '}'), nil
}

var partitionKeys = []string{"points", "dice", "combos", "rest"}

// UnmarshalJSON decodes the form of [Partition.MarshalJSON] and checks it
// without knowing the rules that made it: each combination as
// [Combo.UnmarshalJSON] does, and not the zero Combo; at most [MaxDice]
// dice in the combinations and the rest together; "points" the sum of
// the combinations' points and "dice" the union of their dice. It does
// not check that some Rules would split the dice so. The combinations
// may come in any order: p holds them in the order of a Partition.
//
// The keys must be spelled exactly so, each at most once, none null; a
// key that is missing stands for 0 or an empty list, so that {} is the
// zero Partition. Bad dice give the errors of [Hand.UnmarshalJSON], and
// too many dice in all a [*DiceError] wrapping [ErrTooManyDice] with the
// dice of the combinations then of the rest; every other problem gives
// an error wrapping [ErrInvalidCombo]. JSON null leaves p unchanged. On
// error p is unchanged.
func (p *Partition) UnmarshalJSON(data []byte) error {
	if !json.Valid(data) {
		return comboErrorf("a partition is not valid JSON")
	}
	var (
		points     int
		dice, rest Hand
		cs         comboReader
	)
	null, err := readObject(data, "a partition", partitionKeys, func(i int, raw []byte) error {
		switch i {
		case 0:
			return decodePoints(raw, "the points of a partition", &points)
		case 1:
			return dice.decode(raw)
		case 2:
			return cs.read(raw)
		}
		return rest.decode(raw)
	})
	if err != nil || null {
		return err
	}
	if total := cs.nDice + rest.Len(); total > MaxDice {
		all := rest.AppendDice(cs.first[:min(cs.nDice, maxErrDice)])
		return &DiceError{Err: ErrTooManyDice, Dice: slices.Clone(all[:min(len(all), maxErrDice)]), Count: total}
	}
	if int64(points) != cs.points {
		return comboErrorf("a partition's points %d are not %d, the sum of its combinations' points", points, cs.points)
	}
	out := Partition{rest: rest, points: int32(points), n: uint8(cs.n)}
	combos := cs.combos[:cs.n]
	slices.SortFunc(combos, compareCombos)
	for i, c := range combos {
		out.combos[i] = packCombo(c)
		out.dice.p += c.Dice.p // no face has more than MaxDice dice: no carry
	}
	if dice != out.dice {
		return comboErrorf("a partition's dice [%v] are not [%v], the dice of its combinations", dice, out.dice)
	}
	*p = out
	return nil
}

// A comboReader reads the "combos" of a Partition, in memory bounded
// whatever their number: the first MaxDice combinations, the first
// maxErrDice of their dice, the number of their dice and the sum of their
// points.
type comboReader struct {
	combos [MaxDice]Combo
	n      int
	first  [maxErrDice + MaxDice]Die // room for the rest's dice after them
	nDice  int
	points int64
}

func (r *comboReader) read(raw []byte) error {
	if raw[0] != '[' {
		return comboErrorf("the combos of a partition must be an array, not %s", quoteClip(raw))
	}
	jr := jsonReader{b: raw, i: 1}
	for jr.more() {
		var c Combo
		if err := c.decode(jr.value()); err != nil {
			return err
		}
		if c == (Combo{}) {
			return comboErrorf("the zero Combo is not a combination of a partition")
		}
		if r.n < MaxDice {
			r.combos[r.n] = c
		}
		r.n++
		for die := range c.Dice.All() {
			if r.nDice < maxErrDice {
				r.first[r.nDice] = die
			}
			r.nDice++
		}
		r.points += int64(c.Points)
	}
	return nil
}

// compareCombos orders Combos as a Partition lists them: points
// descending, then Kind, then dice compared as ascending lists.
func compareCombos(a, b Combo) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	var da, db [MaxDice]Die
	return slices.Compare(a.Dice.AppendDice(da[:0]), b.Dice.AppendDice(db[:0]))
}

// readObject reads data, valid JSON that should be an object whose keys
// are among keys, each at most once, spelled exactly so and not null: it
// calls value with the index in keys of each key and the key's value, in
// the order of the text, and stops at its first error. JSON null instead
// of an object gives null true and no call. what names the object in the
// errors, which wrap ErrInvalidCombo.
func readObject(data []byte, what string, keys []string, value func(i int, raw []byte) error) (null bool, err error) {
	r := jsonReader{b: data}
	switch r.peek() {
	case 'n':
		return true, nil
	case '{':
		r.i++
	default:
		return false, comboErrorf("%s must be a JSON object", what)
	}
	var seen uint
	for r.more() {
		key, ok := unquoteJSON(r.value())
		r.peek() // the colon
		r.i++
		raw := r.value()
		i := slices.IndexFunc(keys, func(k string) bool { return k == string(key) })
		switch {
		case !ok || i < 0:
			return false, comboErrorf("%s has no key %s (its keys are %s)", what, quoteClip(key), strings.Join(keys, ", "))
		case seen&(1<<i) != 0:
			return false, comboErrorf("%s has the key %q twice", what, key)
		case string(raw) == "null":
			return false, comboErrorf("%s: %q must not be null", what, key)
		}
		seen |= 1 << i
		if err := value(i, raw); err != nil {
			return false, err
		}
	}
	return false, nil
}

// A jsonReader walks JSON text that json.Valid accepts: b[i:] is what is
// left to read.
type jsonReader struct {
	b []byte
	i int
}

// peek skips white space and returns the next byte, 0 at the end.
func (r *jsonReader) peek() byte {
	for r.i < len(r.b) {
		switch c := r.b[r.i]; c {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return c
		}
	}
	return 0
}

// more reports whether the object or array being read has another member
// or element, and moves to it; else it moves past the closing bracket.
func (r *jsonReader) more() bool {
	switch r.peek() {
	case ',':
		r.i++
		r.peek()
		return true
	case '}', ']', 0:
		r.i++
		return false
	}
	return true
}

// value returns the next value and moves past it.
func (r *jsonReader) value() []byte {
	r.peek()
	start, depth := r.i, 0
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case '"':
			r.skipString()
			if depth == 0 {
				return r.b[start:r.i]
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 { // the end of the container of a number
				return r.b[start:r.i]
			}
			if depth--; depth == 0 {
				r.i++
				return r.b[start:r.i]
			}
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return r.b[start:r.i]
			}
		}
		r.i++
	}
	return r.b[start:r.i]
}

// skipString moves past the string that starts at r.i.
func (r *jsonReader) skipString() {
	for r.i++; r.i < len(r.b); r.i++ {
		switch r.b[r.i] {
		case '\\':
			r.i++
		case '"':
			r.i++
			return
		}
	}
}

// unquoteJSON returns the text that the JSON string raw holds; false if
// raw is no string. Without escapes the text is part of raw.
func unquoteJSON(raw []byte) ([]byte, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return nil, false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], true
	}
	var s string
	err := json.Unmarshal(raw, &s)
	return []byte(s), err == nil
}

// decodeKind sets k from raw, a JSON string.
func decodeKind(raw []byte, k *Kind) error {
	s, ok := unquoteJSON(raw)
	if !ok {
		return comboErrorf("a kind must be a name such as \"three_pairs\", not %s", quoteClip(raw))
	}
	return k.UnmarshalText(s)
}

// decodePoints sets n from raw, a JSON integer that fits in 32 bits.
func decodePoints(raw []byte, what string, n *int) error {
	digits := raw
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || bytes.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) {
		return comboErrorf("%s must be an integer, not %s", what, quoteClip(raw))
	}
	v, err := strconv.ParseInt(string(raw), 10, 32)
	if err != nil {
		return comboErrorf("%s are out of range: %s", what, quoteClip(raw))
	}
	*n = int(v)
	return nil
}

// quoteClip quotes b for an error message, cut after 32 bytes.
func quoteClip(b []byte) string {
	const max = 32
	if len(b) <= max {
		return strconv.Quote(string(b))
	}
	return strconv.Quote(string(b[:max])) + "..."
}

// comboErrorf returns an error wrapping ErrInvalidCombo, with a message
// such as "farkle: invalid combination: unknown kind "pair"".
func comboErrorf(format string, args ...any) error {
	return fmt.Errorf("farkle: %w: %s", ErrInvalidCombo, fmt.Sprintf(format, args...))
}
