package farkle

import "github.com/farkle-go/farkle/internal/multiset"

// rollIndex returns the multiset index of roll, or the error for a roll
// that is not 1 to 6 valid dice.
func (t *table) rollIndex(roll []Die) (int, error) {
	k, ok := multiset.KeyOf(roll)
	if !ok {
		return 0, inputError(roll)
	}
	if k == 0 {
		return 0, diceError(ErrNoDice, nil)
	}
	return int(t.ix.Rank[k]), nil
}

// keepsOf returns the legal keeps of roll ri in the order of Keeps.
func (t *table) keepsOf(ri int) []Partition {
	return t.keeps[t.keepStart[ri]:t.keepStart[ri+1]]
}

// BestKeep returns the best keep of roll, as [BestKeep] does for the App
// rules.
func (s *Scorer) BestKeep(roll []Die) (Partition, error) { return s.tab().bestKeep(roll) }

func (t *table) bestKeep(roll []Die) (Partition, error) {
	ri, err := t.rollIndex(roll)
	if err != nil {
		return Partition{}, err
	}
	return t.bestKeepAt(ri), nil
}

// bestKeepAt returns the best keep of roll ri, or its farkle.
func (t *table) bestKeepAt(ri int) Partition {
	if s := t.keepStart[ri]; s < t.keepStart[ri+1] {
		return t.keeps[s]
	}
	return Partition{rest: Hand{t.ix.Packed[ri]}}
}

// NoKeep returns the Partition that keeps nothing of roll: no
// combinations, 0 points and roll as the Rest, which is what [BestKeep]
// returns for a farkle. It serves the rolls that rules of play make a
// farkle whatever they score, such as four 2s under the toxic twos of
// package game. roll must have 0 to 6 valid dice ([ErrInvalidDie],
// [ErrTooManyDice]). NoKeep does not allocate, except for the error.
func NoKeep(roll []Die) (Partition, error) {
	h, err := HandOf(roll)
	if err != nil {
		return Partition{}, err
	}
	return Partition{rest: h}, nil
}

// BestKeep returns the legal keep of roll worth the most points under the
// [AppScoring] rules, as a Partition of the kept dice whose Rest is the dice left
// to roll. On a tie in points it keeps the fewest dice, leaving the most
// to roll, then the smallest dice: from 1,1,1,1,2,3 it keeps 1,1,1 for
// 1000, with three dice to roll.
//
// A farkle (a roll with nothing to keep) gives 0 points, no combinations
// and Rest = the roll, with no error. roll must have 1 to 6 dice
// ([ErrNoDice], [ErrTooManyDice], [ErrInvalidDie]). BestKeep does not
// allocate, except for the error.
func BestKeep(roll []Die) (Partition, error) { return appTab().bestKeep(roll) }

// Keeps lists the legal keeps of roll, as [Keeps] does for the App rules.
func (s *Scorer) Keeps(roll []Die) ([]Partition, error) { return s.tab().listKeeps(roll) }

func (t *table) listKeeps(roll []Die) ([]Partition, error) {
	ri, err := t.rollIndex(roll)
	if err != nil {
		return nil, err
	}
	return t.copyKeeps(ri), nil
}

// copyKeeps returns a copy of the keeps of roll ri, nil for a farkle.
func (t *table) copyKeeps(ri int) []Partition {
	ks := t.keepsOf(ri)
	if len(ks) == 0 {
		return nil
	}
	return append([]Partition(nil), ks...)
}

// AppendKeeps appends the legal keeps of roll to dst, as [AppendKeeps]
// does for the App rules.
func (s *Scorer) AppendKeeps(dst []Partition, roll []Die) ([]Partition, error) {
	return s.tab().appendKeeps(dst, roll)
}

func (t *table) appendKeeps(dst []Partition, roll []Die) ([]Partition, error) {
	ri, err := t.rollIndex(roll)
	if err != nil {
		return dst, err
	}
	return append(dst, t.keepsOf(ri)...), nil
}

// AppendKeeps appends the keeps that [Keeps] lists to dst and returns the
// extended slice; on error it returns dst unchanged. With room in dst
// for 63 Partitions, more than any roll has under any rules (the presets'
// rolls have at most 15), it does not allocate:
//
//	var buf [63]farkle.Partition
//	keeps, err := farkle.AppendKeeps(buf[:0], roll)
func AppendKeeps(dst []Partition, roll []Die) ([]Partition, error) {
	return appTab().appendKeeps(dst, roll)
}

// Keeps lists every distinct legal keep of roll under the [AppScoring] rules, for
// instance to highlight the dice a player may tap. Each is a Partition of
// the kept dice whose Rest is the dice left to roll (none after a keep of
// every die: hot dice, six to roll again). They are ordered by
// points descending, then fewest dice, then by their dice ascending
// (compared as sorted lists), so the first is [BestKeep]. Keeps that hold
// the same dice are listed once, whatever the order of the roll.
//
// A farkle gives an empty list and no error. roll must have 1 to 6 dice.
// Keeps makes one allocation, the list.
func Keeps(roll []Die) ([]Partition, error) { return appTab().listKeeps(roll) }

// IsFarkle reports whether roll has nothing to keep, as [IsFarkle] does
// for the App rules.
func (s *Scorer) IsFarkle(roll []Die) (bool, error) { return s.tab().isFarkle(roll) }

func (t *table) isFarkle(roll []Die) (bool, error) {
	ri, err := t.rollIndex(roll)
	if err != nil {
		return false, err
	}
	return t.keepStart[ri] == t.keepStart[ri+1], nil
}

// IsFarkle reports whether roll is a farkle under the [AppScoring] rules: no die
// of it can be kept, so the turn ends with nothing. roll must have 1 to 6
// dice. IsFarkle does not allocate, except for the error.
func IsFarkle(roll []Die) (bool, error) { return appTab().isFarkle(roll) }
