package farkle

import (
	"errors"
	"slices"
	"testing"
)

// The fuzz targets read dice as raw bytes: every byte is a Die, so the
// fuzzer also tries 0, 7 and 255 and more than six dice.

func bytesToDice(b []byte) []Die {
	d := make([]Die, len(b))
	for i, x := range b {
		d[i] = Die(x)
	}
	return d
}

// checkDiceError fails unless err is a *DiceError wrapping one of the
// sentinels.
func checkDiceError(t *testing.T, what string, err error) {
	t.Helper()
	var de *DiceError
	if !errors.As(err, &de) {
		t.Fatalf("%s: error %v (%T) is not a *DiceError", what, err, err)
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
		dice := bytesToDice(b)
		orig := slices.Clone(dice)
		got, err := Score(dice)
		if !slices.Equal(dice, orig) {
			t.Fatalf("Score changed its input: %v -> %v", orig, dice)
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
			if !errors.Is(err, ErrNonScoring) || !slices.Equal(de.Dice, p.Rest) || got != 0 {
				t.Fatalf("Score(%v) = %d, %v; BestPartition rest %v", dice, got, err, p.Rest)
			}
			return
		}
		if got < p.Points && len(p.Rest) == 0 || got > p.Points {
			t.Fatalf("Score(%v) = %d; BestPartition %+v", dice, got, p)
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
		roll, kept := bytesToDice(rb), bytesToDice(kb)
		r0, k0 := slices.Clone(roll), slices.Clone(kept)
		got, err := ValidateKeep(roll, kept)
		if !slices.Equal(roll, r0) || !slices.Equal(kept, k0) {
			t.Fatalf("ValidateKeep changed its input")
		}
		if err != nil {
			checkDiceError(t, "ValidateKeep", err)
			if got != 0 {
				t.Fatalf("ValidateKeep(%v, %v) = %d with error %v", roll, kept, got, err)
			}
			if validDice(roll) && validDice(kept) && len(roll) > 0 && len(kept) > 0 && isSub(roll, kept) {
				// Only scoring can be wrong, and Score must agree.
				if s, serr := Score(kept); !errors.Is(err, ErrNonScoring) || !sameError(err, serr) || s != 0 {
					t.Fatalf("ValidateKeep(%v, %v): %v, Score: %d, %v", roll, kept, err, s, serr)
				}
			}
			return
		}
		if !validDice(roll) || !validDice(kept) || len(roll) == 0 || len(kept) == 0 || !isSub(roll, kept) {
			t.Fatalf("ValidateKeep(%v, %v) = %d, accepted a bad keep", roll, kept, got)
		}
		if s, serr := Score(kept); serr != nil || s != got {
			t.Fatalf("ValidateKeep(%v, %v) = %d, Score = %d, %v", roll, kept, got, s, serr)
		}
	})
}

// isSub reports whether kept is a sub-multiset of roll, by counting.
func isSub(roll, kept []Die) bool {
	n := map[Die]int{}
	for _, d := range roll {
		n[d]++
	}
	for _, d := range kept {
		n[d]--
		if n[d] < 0 {
			return false
		}
	}
	return true
}

func FuzzBestPartition(f *testing.F) {
	for _, s := range [][]byte{{}, {1, 1, 1, 1, 2, 3}, {5, 5, 5, 1, 2, 3}, {2, 2, 4, 4, 6, 6}, {3, 3, 3, 3, 3, 2}, {0, 0}, {6, 6, 6, 6, 6, 6, 6}} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		dice := bytesToDice(b)
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
		all := append(p.Dice(), p.Rest...)
		slices.Sort(all)
		if !slices.Equal(all, slices.Sorted(slices.Values(dice))) {
			t.Fatalf("BestPartition(%v) holds %v", dice, all)
		}
		sum := 0
		for _, c := range p.Combos {
			sum += c.Points
			if s, err := Score(c.Dice); c.Points <= 0 || (err == nil && s < c.Points) {
				t.Fatalf("BestPartition(%v): combo %v, Score %d, %v", dice, c, s, err)
			}
		}
		if sum != p.Points {
			t.Fatalf("BestPartition(%v): points %d, sum %d", dice, p.Points, sum)
		}
		if len(dice) == 0 {
			return
		}
		k, err := BestKeep(dice)
		if err != nil || k.Points != p.Points {
			t.Fatalf("BestKeep(%v) = %d, %v; BestPartition %d", dice, k.Points, err, p.Points)
		}
		if farkle, _ := IsFarkle(dice); farkle != (p.Points == 0) {
			t.Fatalf("IsFarkle(%v) = %v with best partition %d", dice, farkle, p.Points)
		}
	})
}
