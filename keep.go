package farkle

// BestKeep returns the best keep of roll, as [BestKeep] does for the App
// rules.
func (s *Scorer) BestKeep(roll []Die) (Partition, error) {
	t := s.tab()
	ri, ok := lookup(roll)
	if !ok || ri == 0 {
		return Partition{}, rollError(roll, ok)
	}
	ks := t.keeps[ri]
	if len(ks) == 0 {
		p := Partition{Rest: multisetDice(ri)}
		return p, nil
	}
	return t.keepPartition(ri, int(ks[0])), nil
}

// BestKeep returns the legal keep of roll worth the most points under the
// [App] rules, as a Partition of the kept dice whose Rest is the dice left
// to roll. On a tie in points it keeps the fewest dice, leaving the most
// to roll, then the smallest dice: from 1,1,1,1,2,3 it keeps 1,1,1 for
// 1000, with three dice to roll.
//
// A farkle (a roll with nothing to keep) gives Points 0, no Combos and
// Rest = the roll, ascending, with no error. roll must have 1 to 6 dice
// ([ErrNoDice], [ErrTooManyDice], [ErrInvalidDie]).
func BestKeep(roll []Die) (Partition, error) { return appScorer.BestKeep(roll) }

// Keeps lists the legal keeps of roll, as [Keeps] does for the App rules.
func (s *Scorer) Keeps(roll []Die) ([]Partition, error) {
	t := s.tab()
	ri, ok := lookup(roll)
	if !ok || ri == 0 {
		return nil, rollError(roll, ok)
	}
	ks := t.keeps[ri]
	if len(ks) == 0 {
		return nil, nil
	}
	// Three allocations: the list, and the combos and dice of all.
	var b partBuf
	for _, k := range ks {
		b.grow(&t.fullPart[k], restOf(ri, int(k)))
	}
	out := make([]Partition, len(ks))
	for j, k := range ks {
		out[j] = b.build(&t.fullPart[k], restOf(ri, int(k)))
	}
	return out, nil
}

// Keeps lists every distinct legal keep of roll under the [App] rules, for
// instance to highlight the dice a player may tap. Each is a Partition of
// the kept dice whose Rest is the dice left to roll. They are ordered by
// points descending, then fewest dice, then by their dice ascending
// (compared as sorted lists), so the first is [BestKeep]. Keeps that hold
// the same dice are listed once, whatever the order of the roll.
//
// A farkle gives an empty list and no error. roll must have 1 to 6 dice.
func Keeps(roll []Die) ([]Partition, error) { return appScorer.Keeps(roll) }

// IsFarkle reports whether roll has nothing to keep, as [IsFarkle] does
// for the App rules.
func (s *Scorer) IsFarkle(roll []Die) (bool, error) {
	ri, ok := lookup(roll)
	if !ok || ri == 0 {
		return false, rollError(roll, ok)
	}
	return len(s.tab().keeps[ri]) == 0, nil
}

// IsFarkle reports whether roll is a farkle under the [App] rules: no die
// of it can be kept, so the turn ends with nothing. roll must have 1 to 6
// dice. IsFarkle does not allocate, except for the error.
func IsFarkle(roll []Die) (bool, error) { return appScorer.IsFarkle(roll) }

// keepPartition is the Partition of keep ki from roll ri.
func (t *table) keepPartition(ri, ki int) Partition {
	return t.fullPart[ki].partition(restOf(ri, ki))
}

// restOf returns the index of the dice of roll ri that keep ki leaves: as
// keys are linear in the counts, its key is the difference of theirs.
func restOf(ri, ki int) int {
	return int(rankOf[keys[ri]-keys[ki]])
}

// rollError is the error for a roll that lookup rejected (ok false) or
// that is empty.
func rollError(roll []Die, ok bool) error {
	if !ok {
		return inputError(roll)
	}
	return diceError(ErrNoDice, nil)
}

func multisetDice(i int) []Die {
	return append([]Die(nil), sortedDice[i][:sizes[i]]...)
}
