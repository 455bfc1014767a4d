package four

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// A Choice is one candidate keep of a roll (see [Table.Advise]) and the
// chances it leads to, in order of play from the mover.
type Choice struct {
	Keep        farkle.Partition
	TurnTotal   int
	DiceLeft    int
	HotDice     bool
	Roll        [N]float64 // rolling on after the keep
	CanBank     bool
	BankChances [N]float64 // banking after the keep; zero if not allowed
	Bank        bool       // banking is allowed and at least as good for the mover
	Chances     [N]float64 // BankChances if Bank, else Roll
}

// Advice is what to do with a roll to win.
type Advice struct {
	Keep    farkle.Partition
	Bank    bool
	Chances [N]float64
	Farkle  bool
	Choices []Choice // by the mover's chance descending, then by the tie rule
}

// Advise returns what to do with roll in the position s: s.TurnTotal
// points were set aside before the roll, and s.DiceLeft is not read. The
// candidates are the best keep for each number of kept dice; the advice
// maximizes the mover's chance, by the tie rule where two are equal, as
// Solve does.
func (t *Table) Advise(s State, roll []farkle.Die) (Advice, error) {
	if !t.ok() {
		return Advice{}, kit.NoTable()
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
	cs := m.an.Cands(int(multiset.Get().Rank[key]))
	F := t.farkleVec(st.s)
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll)
		return Advice{Keep: none, Farkle: true, Chances: F}, nil
	}
	b := m.getBuf()
	defer m.putBuf(b)
	t.turn(b, st.s, F[0], st.k)
	choices := make([]Choice, len(cs))
	for p := range cs {
		c := &cs[p]
		k, n := st.k+int(c.Points)/m.step, int(c.Left)
		ch := Choice{Keep: c.Keep, TurnTotal: s.TurnTotal + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == len(roll),
			CanBank: k >= m.minBank(st.s[0])}
		var pc piece
		if k >= m.kc(st.s[0]) {
			// Banking wins: after a roll that scores, the mover banks.
			pc = piece{e: 1 - m.pf[n], p: m.pf[n]}
		} else {
			pc = m.rollAt(b, k, n)
		}
		ch.Roll = vecOf(pc, F)
		ch.Chances = ch.Roll
		if ch.CanBank {
			ch.BankChances = vecOf(t.bankPiece(st.s, k), F)
			if ch.BankChances[0] >= ch.Roll[0] {
				ch.Bank, ch.Chances = true, ch.BankChances
			}
		}
		choices[p] = ch
	}
	slices.SortStableFunc(choices, func(a, b Choice) int {
		return cmp.Or(cmp.Compare(b.Chances[0], a.Chances[0]), cmp.Compare(a.TurnTotal, b.TurnTotal), cmp.Compare(b.DiceLeft, a.DiceLeft))
	})
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Chances: best.Chances, Choices: choices}, nil
}

// Seat returns the State of v for the table: the mover and three
// opponents. In a game of four they are the game's; with fewer players
// the missing ones are at 0, and with more the three strongest opponents
// by score (the earlier after the mover on a tie) in their order of play,
// the rest ignored (the fallback). It reports false in a final round.
func (t *Table) Seat(v game.View) (State, bool) {
	m := t.m
	if v.FinalRound() {
		return State{}, false
	}
	me, np := v.Current(), v.NumPlayers()
	clamp := func(score int) int {
		return min(max(score, 0), (m.nS-1)*m.step) / m.step * m.step
	}
	s := State{TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft()}
	s.Scores[0] = clamp(v.Player(me).Score)
	ds := make([]int, 0, np-1)
	for d := 1; d < np; d++ {
		ds = append(ds, d)
	}
	if np > N {
		score := func(d int) int { return v.Player((me + d) % np).Score }
		slices.SortStableFunc(ds, func(a, b int) int { return cmp.Compare(score(b), score(a)) })
		ds = ds[:N-1]
		slices.Sort(ds)
	}
	for i, d := range ds {
		s.Scores[1+i] = clamp(v.Player((me + d) % np).Score)
	}
	return s, true
}
