package three

import (
	"cmp"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
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
// s.DiceLeft is not read; s may be a last turn of a final round (see
// [State]). The candidates are the best keep for each number of kept
// dice, or with a final round, where fewer points may be worth more, a
// keep for each number of kept dice and points. The advice maximizes the mover's chance, by the
// tie rule of the package documentation where two are equal, as Solve
// does. Bad dice give the errors of [farkle.Scorer.BestKeep]; a bad
// position the errors of [Table.ChanceAt]; a nil or zero Table
// [ErrNoTable].
func (t *Table) Advise(s State, roll []farkle.Die) (Advice, error) {
	if !t.ok() {
		return Advice{}, errNoTable()
	}
	m := t.m
	key, ok, err := kit.RollKey(m.an.Scorer, roll)
	if !ok {
		return Advice{}, err
	}
	s.DiceLeft = len(roll)
	st, err := m.state(s)
	if err != nil {
		return Advice{}, err
	}
	var cbuf [rolls.MaxKeeps]rolls.Cand
	cs := m.cands(int(multiset.Get().Rank[key]), &cbuf)
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll)
		return Advice{Keep: none, Farkle: true, Chances: t.lostVec(st)}, nil
	}
	choices := make([]Choice, len(cs))
	switch st.role {
	case roleLast:
		for p := range cs {
			choices[p] = m.lastChoice(st, s.TurnTotal, &cs[p], len(roll))
		}
	case roleFirst:
		m.firstChoices(st, s.TurnTotal, cs, len(roll), choices)
	default:
		b := m.getBuf()
		defer m.putBuf(b)
		F := t.turnAt(b, st)
		top := m.cutTop(st.x, st.y, st.z, F[0])
		for p := range cs {
			choices[p] = t.choice(b, st, top, s.TurnTotal, &cs[p], len(roll), F)
		}
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

// cands returns the candidate keeps of the roll of multiset i: the best
// keep for each number of kept dice, or with a final round, where fewer
// points may be worth more, one keep for each number of kept dice and
// points.
func (m *model) cands(i int, buf *[rolls.MaxKeeps]rolls.Cand) []rolls.Cand {
	if m.final {
		return m.an.AllCands(i, false, buf)
	}
	return m.an.Cands(i)
}

// lostVec returns the chances at st when the mover farkles.
func (t *Table) lostVec(st pos) [3]float64 {
	switch st.role {
	case roleFirst:
		return t.m.outVec(st)
	case roleLast:
		return lastSplit(st, 0)
	}
	return t.farkleVec(st.x, st.y, st.z)
}

// choice evaluates the candidate c of a roll of nRoll dice in st, from
// the dynamic program in b of cap top, for the chances F after a farkle.
func (t *Table) choice(b *dpBuf, st pos, top, total int, c *rolls.Cand, nRoll int, F [3]float64) Choice {
	m := t.m
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
		CanBank: k >= m.minBank(st.x)}
	var e, p, nx float64
	switch {
	case !m.final && k >= m.kc(st.x):
		// Banking wins: after a roll that scores, the mover banks and wins.
		e, p = 1-m.pf[n], m.pf[n]
	case k > top:
		e, p, nx = t.rollAbove(st.x, st.y, st.z, k, n)
	default:
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

// rollAbove returns the parts of rolling n dice at turn total k above the
// cap of a final round's turn, where every keep is followed by a bank:
// the best keep of each roll for the mover, the first of the best in the
// order of the tie rule.
func (t *Table) rollAbove(x, y, z, k, n int) (e, p, nx float64) {
	m := t.m
	start := 0
	for s, c := range m.count[n] {
		bo, bn := -1.0, 0.0
		for o := start; o < start+int(c); o++ {
			if own, next := t.bankVec(x, y, z, k+int(m.optSteps[n][o])); own > bo {
				bo, bn = own, next
			}
		}
		start += int(c)
		q := m.prob[n][s]
		e += q * bo
		nx += q * bn
	}
	return e, m.pf[n], nx
}

// lastChoice evaluates the candidate c of a roll of nRoll dice in the very
// last turn at st, after total points in the turn: a bank wins if it ends
// above both others, and loses otherwise.
func (m *model) lastChoice(st pos, total int, c *rolls.Cand, nRoll int) Choice {
	need := m.lastNeed(st)
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
		CanBank: k >= m.minBank(st.x)}
	ch.Roll = lastSplit(st, m.lastRoll(need-k, n))
	ch.Chances = ch.Roll
	if ch.CanBank {
		won := 0.0
		if k >= need {
			won = 1
		}
		ch.BankChances = lastSplit(st, won)
		if ch.BankChances[0] >= ch.Roll[0] {
			ch.Bank, ch.Chances = true, ch.BankChances
		}
	}
	return ch
}

// firstChoices evaluates the candidates cs of a roll of nRoll dice in the
// first last turn at st, after total points in the turn, into out.
func (m *model) firstChoices(st pos, total int, cs []rolls.Cand, nRoll int, out []Choice) {
	var b *bBuf
	if !m.firstOut(st) {
		b = m.getBBuf()
		defer m.putBBuf(b)
		m.firstRun(b, st)
	}
	for p := range cs {
		c := &cs[p]
		k, n := st.k+int(c.Points)/m.step, int(c.Left)
		ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
			CanBank: k >= m.minBank(st.x)}
		bank := m.outVec(st)
		if b != nil {
			ch.Roll = bVec(m.bRollAt(b, st.x+k, n))
			bank = bVec(m.bBank(b, st.x+k))
		} else {
			ch.Roll = bank // B cannot end above A: a chance under reachEps
		}
		ch.Chances = ch.Roll
		if ch.CanBank {
			ch.BankChances = bank
			if bank[0] >= ch.Roll[0] {
				ch.Bank, ch.Chances = true, bank
			}
		}
		out[p] = ch
	}
}
