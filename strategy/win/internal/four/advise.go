package four

import (
	"cmp"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
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
	var cbuf [rolls.MaxKeeps]rolls.Cand
	cs := m.cands(int(multiset.Get().Rank[key]), &cbuf)
	if len(cs) == 0 {
		none, _ := m.an.Scorer.BestKeep(roll)
		return Advice{Keep: none, Farkle: true, Chances: t.lostVec(st)}, nil
	}
	choices := make([]Choice, len(cs))
	switch st.role {
	case roleD:
		for p := range cs {
			choices[p] = m.dChoice(st, s.TurnTotal, &cs[p], len(roll))
		}
	case roleB, roleC:
		m.lastChoices(st, s.TurnTotal, cs, len(roll), choices)
	default:
		F := t.farkleVec(st.s)
		b := m.getBuf()
		defer m.putBuf(b)
		t.turn(b, st.s, F[0], st.k)
		top := m.cutTop(st.s, F[0])
		for p := range cs {
			choices[p] = t.choice(b, st, top, s.TurnTotal, &cs[p], len(roll), F)
		}
	}
	slices.SortStableFunc(choices, func(a, b Choice) int {
		return cmp.Or(cmp.Compare(b.Chances[0], a.Chances[0]), cmp.Compare(a.TurnTotal, b.TurnTotal), cmp.Compare(b.DiceLeft, a.DiceLeft))
	})
	best := &choices[0]
	return Advice{Keep: best.Keep, Bank: best.Bank, Chances: best.Chances, Choices: choices}, nil
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
func (t *Table) lostVec(st pos) [N]float64 {
	if st.role != roleTurn {
		return t.m.lastLost(st)
	}
	return t.farkleVec(st.s)
}

// choice evaluates the candidate c of a roll of nRoll dice in st, a turn
// before the final round, from the dynamic program in b of cap top, for
// the chances F after a farkle.
func (t *Table) choice(b *dpBuf, st pos, top, total int, c *rolls.Cand, nRoll int, F [N]float64) Choice {
	m := t.m
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
		CanBank: k >= m.minBank(st.s[0])}
	var pc piece
	switch {
	case !m.final && k >= m.kc(st.s[0]):
		// Banking wins: after a roll that scores, the mover banks.
		pc = piece{e: 1 - m.pf[n], p: m.pf[n]}
	case k > top:
		pc = t.rollAbove(st.s, k, n)
	default:
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
	return ch
}

// rollAbove returns the piece of rolling n dice at turn total k above the
// cap of a final round's turn, where every keep is followed by a bank:
// the best keep of each roll for the mover, the first of the best in the
// order of the tie rule.
func (t *Table) rollAbove(s [N]int, k, n int) piece {
	m := t.m
	var pc piece
	start := 0
	for r, c := range m.count[n] {
		best := piece{e: -1}
		for o := start; o < start+int(c); o++ {
			if bp := t.bankPiece(s, k+int(m.optSteps[n][o])); bp.e > best.e {
				best = bp
			}
		}
		start += int(c)
		q := m.prob[n][r]
		pc.e += q * best.e
		pc.n1 += q * best.n1
		pc.n2 += q * best.n2
	}
	pc.p = m.pf[n]
	return pc
}

// dChoice evaluates the candidate c of a roll of nRoll dice in the very
// last turn at st, after total points in the turn: a bank wins if it ends
// above every other, and loses otherwise.
func (m *model) dChoice(st pos, total int, c *rolls.Cand, nRoll int) Choice {
	need := m.dNeed(st.s)
	k, n := st.k+int(c.Points)/m.step, int(c.Left)
	ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
		CanBank: k >= m.minBank(st.s[0])}
	ch.Roll = dSplit(st.s, m.dRoll(need-k, n))
	ch.Chances = ch.Roll
	if ch.CanBank {
		won := 0.0
		if k >= need {
			won = 1
		}
		ch.BankChances = dSplit(st.s, won)
		if ch.BankChances[0] >= ch.Roll[0] {
			ch.Bank, ch.Chances = true, ch.BankChances
		}
	}
	return ch
}

// lastChoices evaluates the candidates cs of a roll of nRoll dice in the
// last turn of B or C at st, after total points in the turn, into out.
func (m *model) lastChoices(st pos, total int, cs []rolls.Cand, nRoll int, out []Choice) {
	K := 3
	if st.role == roleC {
		K = 2
	}
	b := m.getLast(K)
	defer m.putLast(b)
	run := m.lastRunAt(b, st)
	for p := range cs {
		c := &cs[p]
		k, n := st.k+int(c.Points)/m.step, int(c.Left)
		ch := Choice{Keep: c.Keep, TurnTotal: total + int(c.Points), DiceLeft: n, HotDice: int(c.Kept) == nRoll,
			CanBank: k >= m.minBank(st.s[0])}
		var bank [N]float64
		if run {
			u := st.s[0] + k
			ch.Roll = lastOf(st, m.lastRollAt(b, u, n))
			bank = lastOf(st, m.bank(b, u))
		} else {
			at := st
			at.k = k
			bank = outVec(at)
			ch.Roll = bank
			if bank[0] == 1 {
				// The mover has passed the highest, which no other can
				// reach: a roll farkles with pf[n].
				ch.Roll = [N]float64{1 - m.pf[n], 0, 0, 0}
				if st.role == roleB {
					ch.Roll[3] = m.pf[n]
				} else if st.s[2] >= st.s[3] {
					ch.Roll[2] = m.pf[n]
				} else {
					ch.Roll[3] = m.pf[n]
				}
			}
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

// Seat returns the State of v for the table: the mover and three
// opponents. In a game of four they are the game's; with fewer players
// the missing ones are at 0, and with more the three strongest opponents
// by score (the earlier after the mover on a tie) in their order of play,
// the rest ignored (the fallback). In a final round with a table of a
// final round it is the game's with four players (see [State]); with
// other numbers, by the fallback of finalSeat. A table without a final
// round reports false in a final round.
func (t *Table) Seat(v game.View) (State, bool) {
	m := t.m
	me, np := v.Current(), v.NumPlayers()
	if v.FinalRound() {
		if !m.final {
			return State{}, false
		}
		return finalSeat(v, m.rules.Target), true
	}
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

// finalSeat returns the State of v in a final round. With four players it
// is the game's. With other numbers, by the fallback: the player A who
// reached the target is the first at or above it after the mover (those
// between have not played their last turns); if none is between, the
// mover has the very last turn and the State is D's with the highest of
// the others as A's (exact: D needs only to end above it); if one is,
// C's, that player as D and the highest of the others as A's (exact);
// else B's, the two strongest still to play (the highest scores, the
// earlier on a tie) as C and D in their order of play and the highest of
// the others as A's.
func finalSeat(v game.View, target int) State {
	me, np := v.Current(), v.NumPlayers()
	score := func(d int) int { return v.Player((me + d) % np).Score }
	s := State{TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft()}
	if np == N {
		for i := range N {
			s.Scores[i] = score(i)
		}
		return s
	}
	s.Scores[0] = score(0)
	trig := 1
	for trig < np && score(trig) < target {
		trig++
	}
	high := 0 // the highest of the players from A on
	for d := trig; d < np; d++ {
		high = max(high, score(d))
	}
	switch trig {
	case 1:
		s.Scores[1] = high
	case 2:
		s.Scores[1], s.Scores[2] = score(1), high
	default:
		ds := make([]int, 0, trig-1)
		for d := 1; d < trig; d++ {
			ds = append(ds, d)
		}
		slices.SortStableFunc(ds, func(a, b int) int { return cmp.Compare(score(b), score(a)) })
		ds = ds[:2]
		slices.Sort(ds)
		s.Scores[1], s.Scores[2], s.Scores[3] = score(ds[0]), score(ds[1]), high
	}
	return s
}
