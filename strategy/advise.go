package strategy

import (
	"github.com/farkle-go/farkle"
)

// A Choice is one candidate keep of a roll, the best keep with its number
// of dice, and what it leads to.
type Choice struct {
	// Keep is the kept dice as combinations; its Rest is the dice left to
	// roll, empty after hot dice.
	Keep farkle.Partition
	// TurnTotal is the turn total after the keep.
	TurnTotal int
	// DiceLeft is the number of dice to roll on with: 1 to 6, 6 after hot
	// dice.
	DiceLeft int
	// HotDice reports that the keep uses every die of the roll.
	HotDice bool
	// Roll is the expected final score of the turn when rolling on after
	// the keep and playing optimally.
	Roll float64
	// CanBank reports whether the rules allow banking TurnTotal after this
	// keep (see Options).
	CanBank bool
	// Bank reports whether banking after this keep is at least as good as
	// rolling on.
	Bank bool
	// Value is the expected final score of the turn after this keep with
	// the better of banking (TurnTotal) and rolling on (Roll).
	Value float64
}

// Advice is what to do with a roll: which dice to keep and whether to bank
// after keeping them.
type Advice struct {
	// Keep is the keep to make, Choices[0].Keep (they share memory). For
	// a farkle it has 0 Points, no Combos and the roll, ascending, as Rest.
	Keep farkle.Partition
	// Bank reports whether to bank after the keep rather than roll on.
	Bank bool
	// Value is the expected final score of the turn when following the
	// advice and playing optimally after it; 0 for a farkle.
	Value float64
	// Farkle reports that the roll has nothing to keep: the turn is over.
	Farkle bool
	// Choices lists the candidate keeps, the best keep for each number of
	// kept dice, by Value descending and then fewest kept dice: Choices[0]
	// is the advice. Any other legal keep scores fewer points with the
	// same dice left, and is never better. Empty for a farkle.
	Choices []Choice
}

// Advise returns what to do with roll, the dice just rolled, when the turn
// total before the roll was turnTotal, under the strategy of t (a nil t is
// the App table with the zero Options). The number of dice rolled is
// len(roll): pass all the dice of the roll, 1 to 6 of them.
//
// Bad dice give the errors of [farkle.Scorer.Keeps], wrapping
// [farkle.ErrNoDice], [farkle.ErrTooManyDice] or [farkle.ErrInvalidDie];
// a turn total that t cannot reach gives a [*StateError] wrapping
// [ErrTurnTotal]. Advise does not modify roll; it takes well under two
// microseconds and allocates only the Advice.
func Advise(t *Table, roll []farkle.Die, turnTotal int) (Advice, error) {
	t = t.get()
	ri := rolls()
	mi, ok := ri.lookup(roll)
	if !ok {
		return Advice{}, diceErr(t.a.scorer, roll)
	}
	i0, _, err := t.state(turnTotal, len(roll))
	if err != nil {
		return Advice{}, err
	}
	cs := t.a.cands[mi]
	if len(cs) == 0 {
		rest := append([]farkle.Die(nil), ri.sets[mi].dice...)
		return Advice{Keep: farkle.Partition{Rest: rest}, Farkle: true}, nil
	}

	// Values first, then the order, then one allocation each for the
	// choices, their combos and their dice.
	var order [farkle.MaxDice]int
	var val [farkle.MaxDice]float64
	nCombos := 0
	for k := range cs {
		c := &cs[k]
		j := i0 + c.points/t.unit
		val[k] = t.value(j, c.left)
		nCombos += c.combos
		// Insert k after every choice worth at least as much: candidates
		// come with the fewest kept dice first.
		p := k
		for p > 0 && val[order[p-1]] < val[k] {
			order[p] = order[p-1]
			p--
		}
		order[p] = k
	}
	choices := make([]Choice, len(cs))
	combos := make([]farkle.Combo, nCombos)
	dice := make([]farkle.Die, 0, len(cs)*len(roll))
	for p := range cs {
		k := order[p]
		c := &cs[k]
		j := i0 + c.points/t.unit
		ch := &choices[p]
		ch.TurnTotal = turnTotal + c.points
		ch.DiceLeft = c.left
		ch.HotDice = c.kept == len(roll)
		ch.Roll = t.rollValue(j, c.left)
		ch.CanBank = t.canBank(j, c.left)
		ch.Bank = t.banks(j, c.left)
		ch.Value = val[k]
		ch.Keep.Points = c.part.Points
		ch.Keep.Combos = combos[:c.combos:c.combos]
		combos = combos[c.combos:]
		for q, cb := range c.part.Combos {
			start := len(dice)
			dice = append(dice, cb.Dice...)
			ch.Keep.Combos[q] = farkle.Combo{Kind: cb.Kind, Dice: dice[start:len(dice):len(dice)], Points: cb.Points}
		}
		if len(c.part.Rest) > 0 {
			start := len(dice)
			dice = append(dice, c.part.Rest...)
			ch.Keep.Rest = dice[start:len(dice):len(dice)]
		}
	}
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Value: best.Value, Choices: choices}, nil
}

// diceErr returns the error for a roll that lookup rejected, as the
// Scorer reports it.
func diceErr(s *farkle.Scorer, roll []farkle.Die) error {
	if _, err := s.Keeps(roll); err != nil {
		return err
	}
	// Unreachable: lookup and Keeps reject the same rolls.
	return &farkle.DiceError{Err: farkle.ErrInvalidDie, Dice: append([]farkle.Die(nil), roll...)}
}
