package win

import (
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// advise2 is Advise by a table of two players.
func (t *Table) advise2(s pair, roll []farkle.Die) (Advice, error) {
	if !t.ok() {
		return Advice{}, errNoTable()
	}
	m := t.m
	key, ok, err := kit.RollKey(m.an.Scorer, roll)
	if !ok {
		return Advice{}, err
	}
	s.DiceLeft = len(roll)
	if s.LastTurn {
		return t.adviseLast(s, roll, key)
	}
	st, err := m.state(s)
	if err != nil {
		return Advice{}, err
	}
	if m.sixOnes && sixOnesRoll(int(multiset.Get().Rank[key])) {
		best, _ := m.an.Scorer.BestKeep(roll)
		return Advice{Keep: best, Chance: 1}, nil // six 1s win at once
	}
	var cbuf [rolls.MaxKeeps]rolls.Cand
	cs := m.cands(key, &cbuf)
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll) // 0 points, the roll as Rest
		return Advice{Keep: none, Farkle: true, Chance: t.farkleValue(st.x, st.y, st.i, st.j)}, nil
	}
	b := m.getBuf()
	defer m.putBuf(b)
	t.turn(b, st, st.k)
	choices := make([]Choice, len(cs))
	for p := range cs {
		choices[p] = t.choice(b, st, s.TurnTotal, &cs[p], len(roll))
	}
	sortChoices(choices)
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Chance: best.Chance, Choices: choices}, nil
}

// cands returns the candidate keeps of the roll of multiset key: the best
// keep for each number of kept dice, or, with a final round, where fewer
// points may be worth more (to stay under the target), the best keep for
// each number of kept dice and points; by kept dice, then points
// descending.
func (m *model) cands(key uint32, buf *[rolls.MaxKeeps]rolls.Cand) []rolls.Cand {
	ix := multiset.Get()
	mi := int(ix.Rank[key])
	if !m.final {
		return m.an.Cands(mi) // none for toxic twos, under ToxicTwos
	}
	return m.an.AllCands(mi, m.toxic, buf)
}

// choice evaluates the candidate c of a roll of nRoll dice in st, from the
// dynamic program in b.
func (t *Table) choice(b *dpBuf, st pos, total int, c *rolls.Cand, nRoll int) Choice {
	m := t.m
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	at := (n-1)*m.nv + k
	ch := Choice{
		Keep:      c.Keep,
		TurnTotal: total + int(c.Points),
		DiceLeft:  n,
		HotDice:   int(c.Kept) == nRoll,
		Roll:      b.r[at],
		CanBank:   m.canBank(st.x, k, n),
	}
	ch.Chance = ch.Roll
	if ch.CanBank {
		ch.BankChance = t.bankValue(st.x, st.y, st.j, k)
		if ch.BankChance >= ch.Roll {
			ch.Bank, ch.Chance = true, ch.BankChance
		}
	}
	return ch
}

// A lastPos is a checked State of the last turn of a final round: the
// player's index x and the turn total in steps k, with n dice to roll,
// and need, the turn total in steps that wins.
type lastPos struct{ x, k, n, need int }

// lastState checks s, a State whose LastTurn is set.
func (m *model) lastState(s pair) (lastPos, error) {
	if !m.final {
		return lastPos{}, &kit.StateFault{Err: ErrScore, Detail: "a last turn, in a table of rules without a final round"}
	}
	x, ok, why := m.index(s.Mine, s.MyOnBoard)
	if !ok {
		return lastPos{}, &kit.StateFault{Err: ErrScore, Detail: why}
	}
	if s.Theirs < m.rules.Target || int64(s.Theirs) > maxTurnTotal || s.Theirs%m.step != 0 {
		return lastPos{}, &kit.StateFault{Err: ErrScore,
			Detail: fmt.Sprintf("in a last turn the opponent has reached the target: from %d to %d in steps of %d", m.rules.Target, int64(maxTurnTotal), m.step)}
	}
	n, err := kit.Turn(s.TurnTotal, s.DiceLeft, m.an.Unit)
	if err != nil {
		return lastPos{}, err
	}
	return lastPos{x: x, k: s.TurnTotal / m.step, n: n, need: m.lastNeed(x, s.Theirs)}, nil
}

// lastNeed returns the turn total in steps that the player at index x
// must bank in the last turn of a final round to end strictly above top:
// at least the player's minimum too.
func (m *model) lastNeed(x, top int) int {
	return max((top-m.score(x))/m.step+1, m.minBank(x))
}

// lastRoll returns the chance of the last turn of a final round to bank
// at least k more steps when it rolls n dice now, even if it could bank.
func (m *model) lastRoll(k, n int) float64 {
	if k > 0 {
		return m.reachFrom(k, n)
	}
	// Enough already: any keep of the roll will do, and then a bank (or,
	// after hot dice that must be rolled, the roll of six that follows).
	sum := 0.0
	for s, p := range m.prob[n] {
		best := 0.0
		for o := m.start[n][s]; o < m.start[n][s+1]; o++ {
			best = max(best, m.reachFrom(k-int(m.optSteps[o]), int(m.optLeft[o])))
		}
		sum += p * best
	}
	return sum
}

// lastValue returns the chance to win of the last turn of a final round
// at st: banking, if it may and it wins, or rolling on.
func (m *model) lastValue(st lastPos) float64 {
	if st.k >= st.need && m.canBank(st.x, st.k, st.n) {
		return 1
	}
	return m.lastRoll(st.need-st.k, st.n)
}

// lastChoice evaluates the candidate c of a roll of nRoll dice in the
// last turn of a final round at st, after total points in the turn: a
// bank that wins is worth 1, and one that does not 0, so it banks only to
// win.
func (m *model) lastChoice(st lastPos, total int, c *rolls.Cand, nRoll int) Choice {
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{
		Keep:      c.Keep,
		TurnTotal: total + int(c.Points),
		DiceLeft:  n,
		HotDice:   int(c.Kept) == nRoll,
		Roll:      m.lastRoll(st.need-k, n),
		CanBank:   m.canBank(st.x, k, n),
	}
	ch.Chance = ch.Roll
	if ch.CanBank && k >= st.need {
		ch.BankChance, ch.Bank, ch.Chance = 1, true, 1
	}
	return ch
}

// adviseLast is Advise in the last turn of a final round, for the roll of
// multiset key.
func (t *Table) adviseLast(s pair, roll []farkle.Die, key uint32) (Advice, error) {
	m := t.m
	st, err := m.lastState(s)
	if err != nil {
		return Advice{}, err
	}
	var cbuf [rolls.MaxKeeps]rolls.Cand
	cs := m.cands(key, &cbuf)
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll) // 0 points, the roll as Rest
		return Advice{Keep: none, Farkle: true}, nil
	}
	choices := make([]Choice, len(cs))
	for p := range cs {
		choices[p] = m.lastChoice(st, s.TurnTotal, &cs[p], len(roll))
	}
	sortChoices(choices)
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Chance: best.Chance, Choices: choices}, nil
}

// sortChoices orders choices by chance, descending, the fewest kept dice
// first on a tie (cands lists them so): an insertion sort, stable.
func sortChoices(choices []Choice) {
	for p := 1; p < len(choices); p++ {
		for q := p; q > 0 && choices[q-1].Chance < choices[q].Chance; q-- {
			choices[q-1], choices[q] = choices[q], choices[q-1]
		}
	}
}
