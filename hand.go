package farkle

import (
	"iter"
	"strconv"

	"github.com/farkle-go/farkle/internal/multiset"
)

// A Hand is a multiset of 0 to [MaxDice] dice: how many dice show each
// face, whatever their order. It is a small comparable value: two Hands
// are == exactly when they hold the same dice. The zero Hand holds no
// dice.
//
// The Combos of a [Partition] hold their dice as Hands, and so do the
// events and the keeps of bots in package game. Make one from dice with
// [HandOf]; [Hand.Dice] gives its dice back, for the functions of this
// package, which take a []Die.
//
// In JSON a Hand is an array of its dice in ascending order, such as
// [1,1,5]; the zero Hand is []. Decoding accepts the dice in any order
// and checks them (see [Hand.UnmarshalJSON]).
type Hand struct {
	// p holds face f's count in bits 4(f-1) to 4(f-1)+3; the counts add
	// up to at most MaxDice.
	p uint32
}

// HandOf returns the Hand of dice. Dice that are not 1 to 6 give an error
// wrapping [ErrInvalidDie], more than MaxDice dice [ErrTooManyDice], as
// from [Score]. HandOf does not allocate, except for the error.
func HandOf(dice []Die) (Hand, error) {
	p, ok := multiset.PackOf(dice)
	if !ok {
		return Hand{}, inputError(dice)
	}
	return Hand{p}, nil
}

// Len returns the number of dice in h.
func (h Hand) Len() int {
	// Sum the six nibbles: each is at most 6, so no nibble carries.
	x := h.p
	x = (x & 0x0F0F0F) + (x >> 4 & 0x0F0F0F)
	x += x >> 8
	x += x >> 16
	return int(x & 0xFF)
}

// Count returns how many dice of h show face d; 0 for a d that is not 1 to 6.
func (h Hand) Count(d Die) int {
	if !d.Valid() {
		return 0
	}
	return int(h.p >> (4 * (d - 1)) & 0xF)
}

// AppendDice appends the dice of h to dst in ascending order and returns
// the extended slice.
func (h Hand) AppendDice(dst []Die) []Die {
	for f := Die(1); f <= 6; f++ {
		for range h.Count(f) {
			dst = append(dst, f)
		}
	}
	return dst
}

// Dice returns the dice of h in ascending order, in a new slice; nil for
// the zero Hand. Dice is inlined and the slice lives in the caller's
// frame, so passing it on to a function that does not keep it allocates
// nothing.
func (h Hand) Dice() []Die {
	if h.p == 0 {
		return nil
	}
	var buf [MaxDice]Die
	return h.AppendDice(buf[:0])
}

// All returns an iterator over the dice of h in ascending order.
func (h Hand) All() iter.Seq[Die] {
	return func(yield func(Die) bool) {
		for f := Die(1); f <= 6; f++ {
			for range h.Count(f) {
				if !yield(f) {
					return
				}
			}
		}
	}
}

// String returns the dice of h, ascending and separated by spaces, such
// as "1 1 5"; the zero Hand gives "".
func (h Hand) String() string {
	var buf [2 * MaxDice]byte
	b := buf[:0]
	for d := range h.All() {
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(d), 10)
	}
	return string(b)
}
