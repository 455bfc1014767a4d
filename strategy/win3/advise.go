package win3

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// A Choice is one candidate keep of a roll (see [Table.Advise]) and the
// chances it leads to, in order of play from the mover.
type Choice struct {
	// Keep is the kept dice as combinations; its Rest is the dice left.
	Keep farkle.Partition
	// TurnTotal is the turn total after the keep.
	TurnTotal int
	// DiceLeft is the number of dice to roll on with: 1 to 6, 6 after hot
	// dice.
	DiceLeft int
	// HotDice reports that the keep uses every die of the roll.
	HotDice bool
	// Roll is the chances when rolling on after the keep.
	Roll [3]float64
	// CanBank reports whether the rules allow banking TurnTotal (MinBank,
	// and MinFirstBank for a player at 0).
	CanBank bool
	// BankChances is the chances when banking after the keep; zero when
	// the rules do not allow it.
	BankChances [3]float64
	// Bank reports whether banking is allowed and at least as good as
	// rolling on for the mover (the tie rule: bank).
	Bank bool
	// Chances is BankChances if Bank, else Roll.
	Chances [3]float64
}

// Advice is what to do with a roll to win.
type Advice struct {
	// Keep is the keep to make, equal to Choices[0].Keep. For a farkle it
	// has 0 points, no combinations and the roll as Rest.
	Keep farkle.Partition
	// Bank reports whether to bank after the keep rather than roll on.
	Bank bool
	// Chances is the chances of the three players when following the
	// advice, mover first; for a farkle, those after the turn is lost.
	Chances [3]float64
	// Farkle reports that the roll has nothing to keep.
	Farkle bool
	// Choices lists the candidate keeps by the mover's chance descending,
	// then by the tie rule (fewer points, then more dice left): Choices[0]
	// is the advice. Empty for a farkle.
	Choices []Choice
}

// Advise returns what to do with roll, the dice just rolled, in the
// position s: s.TurnTotal points were set aside before the roll, and
// s.DiceLeft is not read. The candidates are the best keep for each
// number of kept dice. The advice maximizes the mover's chance, by the
// tie rule of the package documentation where two are equal, as Solve
// does. Bad dice give the errors of [farkle.Scorer.BestKeep]; a bad
// position the errors of [Table.ChanceAt]; a nil or zero Table
// [ErrNoTable].
func (t *Table) Advise(s State, roll []farkle.Die) (Advice, error) {
	if !t.ok() {
		return Advice{}, errNoTable()
	}
	m := t.m
	key, ok := multiset.KeyOf(roll)
	if !ok || key == 0 {
		_, err := m.an.Scorer.BestKeep(roll)
		return Advice{}, err
	}
	s.DiceLeft = len(roll)
	st, err := m.state(s)
	if err != nil {
		return Advice{}, err
	}
	cs := m.an.Cands(int(multiset.Get().Rank[key]))
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll)
		return Advice{Keep: none, Farkle: true, Chances: t.farkleVec(st.x, st.y, st.z)}, nil
	}
	b := m.getBuf()
	defer m.putBuf(b)
	F := t.turnAt(b, st)
	choices := make([]Choice, len(cs))
	for p := range cs {
		choices[p] = t.choice(b, st, s.TurnTotal, &cs[p], len(roll), F)
	}
	sortChoices(choices)
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Chances: best.Chances, Choices: choices}, nil
}

// sortChoices sorts by the mover's chance descending, then by the tie
// rule: fewer points, then more dice left.
func sortChoices(cs []Choice) {
	slices.SortStableFunc(cs, func(a, b Choice) int {
		return cmp.Or(cmp.Compare(b.Chances[0], a.Chances[0]), cmp.Compare(a.TurnTotal, b.TurnTotal), cmp.Compare(b.DiceLeft, a.DiceLeft))
	})
}

// choice evaluates the candidate c of a roll of nRoll dice in st, from
// the dynamic program in b, for the chances F after a farkle.
func (t *Table) choice(b *dpBuf, st pos, total int, c *rolls.Cand, nRoll int, F [3]float64) Choice {
	m := t.m
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
		CanBank: k >= m.minBank(st.x)}
	var e, p, nx float64
	if k >= m.kc(st.x) {
		// Banking wins: after a roll that scores, the mover banks and wins.
		e, p = 1-m.pf[n], m.pf[n]
	} else {
		e, p, nx = m.rollAt(b, k, n)
	}
	ch.Roll = [3]float64{e + p*F[0], nx + p*F[1], 1 - p - e - nx + p*F[2]}
	ch.Chances = ch.Roll
	if ch.CanBank {
		own, next := t.bankVec(st.x, st.y, st.z, k)
		ch.BankChances = [3]float64{own, next, 1 - own - next}
		if ch.BankChances[0] >= ch.Roll[0] {
			ch.Bank, ch.Chances = true, ch.BankChances
		}
	}
	return ch
}
