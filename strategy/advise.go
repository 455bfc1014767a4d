package strategy

import (
	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
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
	// Keep is the keep to make, equal to Choices[0].Keep; its Rest is the
	// dice left to roll. For a farkle it has 0 points, no combinations
	// and the roll as Rest.
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

// A State is the position of a turn that a table advises on: the points
// set aside so far in the turn and the dice to roll, and the current
// player's farkles in a row before the turn, which only an
// [AverageTable] under a penalty reads. [StateOf] reads it from a game.
type State struct {
	TurnTotal int // the points set aside in the turn before the roll
	DiceLeft  int // the dice rolled: 1 to 6
	Farkles   int // the player's farkles in a row before the turn
}

// StateOf returns the State of the current player of v: the turn total,
// the dice left and the player's farkles in a row.
func StateOf(v game.View) State {
	return State{TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft(), Farkles: v.Player(v.Current()).Farkles}
}

// Advise returns what to do with roll, the dice just rolled, in state s
// (s.TurnTotal the turn total before the roll), under the strategy of t
// (a nil t is the table of the zero game.Rules). Pass all the dice of the
// roll, 1 to 6 of them, in any order; s.DiceLeft must be len(roll), or 0
// to mean len(roll). s.Farkles is not read. From a game:
//
//	a, err := t.Advise(strategy.StateOf(v), v.Roll())
//
// Bad dice give the errors of [farkle.Scorer.BestKeep], wrapping
// [farkle.ErrNoDice], [farkle.ErrTooManyDice] or [farkle.ErrInvalidDie];
// a turn total that t cannot reach gives a [*StateError] wrapping
// [ErrTurnTotal], a DiceLeft other than len(roll) one wrapping
// [ErrDiceLeft]. The dice are checked first. Advise does not modify
// roll; it takes well under a microsecond and allocates only the
// Choices (nothing for a farkle).
func (t *Table) Advise(s State, roll []farkle.Die) (Advice, error) {
	t = t.get()
	key, ok := multiset.KeyOf(roll)
	if !ok || key == 0 {
		_, err := t.an.Scorer.BestKeep(roll)
		return Advice{}, err
	}
	if s.DiceLeft != 0 && s.DiceLeft != len(roll) {
		return Advice{}, &StateError{Err: ErrDiceLeft, TurnTotal: s.TurnTotal, DiceLeft: s.DiceLeft}
	}
	turnTotal := s.TurnTotal
	i0, ok := t.totalIndex(turnTotal)
	if !ok {
		return Advice{}, &StateError{Err: ErrTurnTotal, TurnTotal: turnTotal, DiceLeft: len(roll)}
	}
	mi := int(multiset.Get().Rank[key])
	cs := t.an.Cands(mi)
	if len(cs) == 0 {
		none, _ := farkle.NoKeep(roll) // 0 points, the roll as Rest, toxic twos included
		return Advice{Keep: none, Farkle: true}, nil
	}
	return t.advice(cs, i0, turnTotal, len(roll), t.rollValue), nil
}

// advice builds the Advice of the candidates cs of a roll of nRoll dice,
// from the turn total turnTotal (index i0), with rollValue the value of
// rolling on.
func (t *Table) advice(cs []rolls.Cand, i0, turnTotal, nRoll int, rollValue func(i, n int) float64) Advice {
	// Order the candidates by value, descending: insert each after every
	// one worth at least as much, so that on a tie the fewest kept dice
	// (the candidates' own order) come first.
	var order [farkle.MaxDice]int
	var val [farkle.MaxDice]float64
	for k := range cs {
		val[k] = t.value(i0+int(cs[k].Points)/t.an.Unit, int(cs[k].Left))
		p := k
		for p > 0 && val[order[p-1]] < val[k] {
			order[p] = order[p-1]
			p--
		}
		order[p] = k
	}
	choices := make([]Choice, len(cs))
	for p := range cs {
		k := order[p]
		c := &cs[k]
		j, n := i0+int(c.Points)/t.an.Unit, int(c.Left)
		choices[p] = Choice{
			Keep:      c.Keep,
			TurnTotal: turnTotal + int(c.Points),
			DiceLeft:  n,
			HotDice:   int(c.Kept) == nRoll,
			Roll:      rollValue(j, n),
			CanBank:   t.canBank(j, n),
			Bank:      t.banks(j, n),
			Value:     val[k],
		}
	}
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Value: best.Value, Choices: choices}
}

// decide returns the keep that [Table.Advise] advises for the roll h with
// turnTotal points before it, and whether to bank after it, without
// allocating. ok is false for a farkle, a Hand with no dice, or a turn
// total that t cannot reach.
func (t *Table) decide(roll []farkle.Die, turnTotal int) (keep farkle.Partition, bank, ok bool) {
	i0, ok := t.totalIndex(turnTotal)
	if !ok {
		return farkle.Partition{}, false, false
	}
	key, ok := multiset.KeyOf(roll)
	if !ok {
		return farkle.Partition{}, false, false
	}
	cs := t.an.Cands(int(multiset.Get().Rank[key])) // none for the empty Hand
	best, bestVal := -1, 0.0
	for k := range cs {
		// The first of the candidates worth the most: the fewest kept dice
		// on a tie, as in Advise.
		if v := t.value(i0+int(cs[k].Points)/t.an.Unit, int(cs[k].Left)); best < 0 || v > bestVal {
			best, bestVal = k, v
		}
	}
	if best < 0 {
		return farkle.Partition{}, false, false
	}
	c := &cs[best]
	return c.Keep, t.banks(i0+int(c.Points)/t.an.Unit, int(c.Left)), true
}
