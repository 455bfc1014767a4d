package farkle

import "strconv"

// A Die is the face value of one die, 1 to 6. The zero Die is not a valid
// face: every function that takes dice reports it with [ErrInvalidDie].
//
// In JSON a Die is a number, such as 5, and a []Die an array of numbers,
// such as [1,5] (not base64, as for other byte slices). Encoding and
// decoding refuse a Die that is not 1 to 6 (see [Die.MarshalJSON] and
// [Die.UnmarshalJSON]). encoding/json still decodes a JSON string into a
// []Die as base64, without looking at the dice: decode dice from
// untrusted input into a [Hand], or read them with [ParseDice], which
// check them.
type Die uint8

// MaxDice is the number of dice in the game: a roll or a keep has at most
// MaxDice dice.
const MaxDice = 6

// Valid reports whether d is a face value from 1 to 6.
func (d Die) Valid() bool { return d-1 < 6 }

// String returns the face value in decimal, such as "5".
func (d Die) String() string { return strconv.Itoa(int(d)) }
