package farkle

import (
	"unicode"
	"unicode/utf8"
)

// ParseDice reads dice from text as people type them and as programs
// send them: "1", "1,5,5", "155", "1 5 5", "1, 5 5" or "[1,5,5]".
//
// The dice are faces from 1 to 6 separated by commas, white space, both,
// or nothing: each digit of "155" is one die. Inside one pair of square
// brackets around the whole text, the dice are numbers as in a JSON array
// instead (separated by commas, white space or both), each number one
// die, so that "[15]" is the die 15 (invalid), not a 1 and a 5. Text with no dice, such as "", " " or "[]", gives nil
// and no error. The dice come back in the order of the text, in a new
// slice.
//
// Errors are [*DiceError] values, checked in this order:
//
//   - a part of the text that is not a number, such as "x", "-1", "1.5"
//     or an unmatched "[": [ErrInvalidDie], with the part (at most its
//     first 16 bytes) in Text; it is the first such part;
//   - dice that are not 1 to 6, such as the 7 of "17" or the 15 of
//     "[15]": [ErrInvalidDie], with those dice, from the whole text;
//   - more than [MaxDice] dice: [ErrTooManyDice], with the dice read.
//
// ParseDice never panics. It reads s once, in time linear in its length,
// and allocates only the result (at most 6 dice) or the error (at most 12
// dice and 16 bytes of text), whatever the size of s.
func ParseDice(s string) ([]Die, error) {
	var r diceReader
	body, array := arrayBody(s)
	if err := readDice(&r, body, array); err != nil {
		return nil, err
	}
	if err := r.err(); err != nil {
		return nil, err
	}
	if r.n == 0 {
		return nil, nil
	}
	out := make([]Die, r.n)
	copy(out, r.dice[:r.n])
	return out, nil
}

// arrayBody returns what is inside s if s, without the white space around
// it, is enclosed in square brackets, and true; else s and false.
func arrayBody[T ~string | ~[]byte](s T) (T, bool) {
	i, j := 0, len(s)
	for i < j {
		n := spaceWidth(s, i)
		if n == 0 {
			break
		}
		i += n
	}
	for j > i {
		n := lastSpaceWidth(s, j)
		if n == 0 {
			break
		}
		j -= n
	}
	if j-i >= 2 && s[i] == '[' && s[j-1] == ']' {
		return s[i+1 : j-1], true
	}
	return s, false
}

// sepWidth returns the width in bytes of the separator that starts s[i:],
// a comma or a white space character, or 0 if s[i:] starts with anything
// else.
func sepWidth[T ~string | ~[]byte](s T, i int) int {
	if s[i] == ',' {
		return 1
	}
	return spaceWidth(s, i)
}

// spaceWidth returns the width in bytes of the white space character
// that starts s[i:], or 0 if s[i:] starts with anything else.
func spaceWidth[T ~string | ~[]byte](s T, i int) int {
	if c := s[i]; c < utf8.RuneSelf {
		switch c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			return 1
		}
		return 0
	}
	var buf [utf8.UTFMax]byte
	n := copy(buf[:], s[i:])
	if r, size := utf8.DecodeRune(buf[:n]); r != utf8.RuneError && unicode.IsSpace(r) {
		return size
	}
	return 0
}

// lastSpaceWidth returns the width in bytes of the white space character
// that ends s[:j], or 0 if s[:j] ends with anything else.
func lastSpaceWidth[T ~string | ~[]byte](s T, j int) int {
	var buf [utf8.UTFMax]byte
	n := copy(buf[:], s[max(0, j-utf8.UTFMax):j])
	if r, size := utf8.DecodeLastRune(buf[:n]); r != utf8.RuneError && unicode.IsSpace(r) {
		return size
	}
	return 0
}

// readDice reads the dice of s into r: tokens separated by commas and
// white space. With numbers, each token is one number, one die; without,
// each digit of a token is one die. It returns the error for the first
// token that is not digits, or a number above 255; the errors of the
// dice read are r's.
func readDice[T ~string | ~[]byte](r *diceReader, s T, numbers bool) error {
	for i := 0; i < len(s); {
		if n := sepWidth(s, i); n > 0 {
			i += n
			continue
		}
		j := i + 1
		for j < len(s) && sepWidth(s, j) == 0 {
			j++
		}
		if err := readToken(r, s[i:j], numbers); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// A diceReader collects dice read from text in constant memory: the
// first of them, and the first of those that are not 1 to 6, as many as
// a DiceError holds, and their numbers.
type diceReader struct {
	dice [maxErrDice]Die
	n    int
	bad  [maxErrDice]Die
	nBad int
}

func (r *diceReader) add(d Die) {
	if r.n < maxErrDice {
		r.dice[r.n] = d
	}
	r.n++
	if !d.Valid() {
		if r.nBad < maxErrDice {
			r.bad[r.nBad] = d
		}
		r.nBad++
	}
}

// readToken reads one token into r, as readDice describes.
func readToken[T ~string | ~[]byte](r *diceReader, tok T, numbers bool) error {
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c < '0' || c > '9' {
			return textError(tok)
		}
	}
	if !numbers {
		for i := 0; i < len(tok); i++ {
			r.add(Die(tok[i] - '0'))
		}
		return nil
	}
	v := 0
	for i := 0; i < len(tok); i++ {
		v = v*10 + int(tok[i]-'0')
		if v > 255 {
			return textError(tok)
		}
	}
	r.add(Die(v))
	return nil
}

// err returns the error of the dice read: invalid dice, then too many.
func (r *diceReader) err() error {
	if r.nBad > 0 {
		return &DiceError{Err: ErrInvalidDie, Dice: append([]Die(nil), r.bad[:min(r.nBad, maxErrDice)]...), Count: r.nBad}
	}
	if r.n > MaxDice {
		return &DiceError{Err: ErrTooManyDice, Dice: append([]Die(nil), r.dice[:min(r.n, maxErrDice)]...), Count: r.n}
	}
	return nil
}

// maxErrText bounds the Text of a DiceError, in bytes.
const maxErrText = 16

// textError returns the error for text that is not dice: ErrInvalidDie
// with at most the first maxErrText bytes of s, cut at a character
// boundary when there is one, in a copy that does not keep s alive.
func textError[T ~string | ~[]byte](s T) error {
	if len(s) > maxErrText {
		n := maxErrText
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		if n == 0 {
			n = maxErrText
		}
		s = s[:n]
	}
	var buf [maxErrText]byte
	n := copy(buf[:], s)
	return &DiceError{Err: ErrInvalidDie, Text: string(buf[:n])}
}
