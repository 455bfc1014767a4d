package win

import (
	"fmt"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/strategy/win/internal/four"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"github.com/farkle-go/farkle/strategy/win/internal/three"
)

// A Bot plays to win by a [Table] as a [game.Bot]: on each roll it keeps
// what [Table.Advise] advises and banks when the advice says so. Make one
// with a struct literal, Bot{Table: t}, from a table solved for the game's
// rules: [Bot.CheckRules], which package game calls before the first
// move, refuses a Bot without a table or with a table solved for other
// rules.
//
// It plays exactly by the table in a game of the table's number of
// players. In a game of more players it plays by the fallback of the
// table's size, not the optimal play of that game:
//   - A table of two plays against the leading opponent alone: the one
//     with the highest score (the first in order of play after it on a
//     tie), with that opponent's farkles in a row.
//   - A table of four sees the three strongest opponents in their order
//     of play, and in a game of two or three the missing players at 0. In
//     the final round of a game of other than four players (a table with
//     a final round) it sees the highest score of those who have reached
//     the target or played their last turns as the one who reached it, and
//     the two strongest of those still to play after it (exactly when at
//     most one is).
//   - A table of three sees the two strongest opponents, the two with the
//     highest scores (the earlier in order of play after it on a tie), as
//     the next and the after players in their order of play, and ignores
//     the rest; in a game of two it sees the third player at 0.
//
// Under an opening minimum it reads whether each player is on the board
// (game.Player.OnBoard), and its table never has it bank below the
// player's minimum. In a final round it plays the last turn to score
// strictly more than every other player, with the most chance of doing
// so. Scores below the table's floor count as the floor and farkles in a
// row beyond the table's count as the last. A table of two decides in
// under a millisecond for target 10,000 without allocating.
//
// Where the table has no answer (the zero Bot, a game of one player, a
// turn total that is not a multiple of the table's scoring unit), Decide
// still makes a legal move: it keeps the best keep of the roll under the
// game's scoring and banks, as the zero game.ThresholdBot does.
type Bot struct {
	Table *Table
}

// CheckRules returns nil if b can play a game under r: its Table was
// solved for r, a zero Target and Scoring read as package game reads them.
// Else the error wraps [ErrNoTable] (no Table, or a zero one) or
// [ErrOtherRules] (the Table was solved for other rules; the message names
// the first field that differs, such as "Target 2000, the game's 10000"),
// or [ErrRules] for a house rule of play that no Table of its number of
// players models (see [Solve]). The number of players is not part of the
// rules: b plays games of any number of players (see [Bot]).
func (b Bot) CheckRules(r game.Rules) error {
	t := b.Table
	if !t.solved() {
		return fmt.Errorf("win: %w: a Bot needs a Table solved for the game's rules", ErrNoTable)
	}
	if err := t.refuse(r); err != nil {
		return solveError(err, r, Options{Players: t.Players()})
	}
	if _, detail, ok := kit.Mismatch(t.Rules(), r, "the game's"); ok {
		return fmt.Errorf("win: %w: %s", ErrOtherRules, detail)
	}
	return nil
}

// Decide returns the dice to keep from v.Roll() and whether to bank after
// keeping them.
func (b Bot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	t := b.Table
	if t != nil && t.three != nil {
		return decideThree(t.three, v)
	}
	if t != nil && t.four != nil {
		return decideFour(t.four, v)
	}
	if !t.ok() {
		return kit.PlaySafe(v)
	}
	m := t.m
	h, _ := farkle.HandOf(v.Roll())
	var key uint32
	for f := farkle.Die(1); f <= 6; f++ {
		key += uint32(h.Count(f)) * multiset.Pow7[f]
	}
	var cbuf [rolls.MaxKeeps]rolls.Cand
	cs := m.cands(key, &cbuf) // none for the empty Hand
	total := v.TurnTotal()
	if len(cs) == 0 || total < 0 || total%m.an.Unit != 0 || int64(total) > maxTurnTotal {
		return kit.PlaySafe(v)
	}
	me := v.Current()
	if v.FinalRound() {
		return t.decideLast(v, me, cs, total)
	}
	opp, oppScore := -1, 0
	for d := 1; d < v.NumPlayers(); d++ {
		i := (me + d) % v.NumPlayers()
		if s := v.Player(i).Score; opp < 0 || s > oppScore {
			opp, oppScore = i, s
		}
	}
	if opp < 0 {
		return kit.PlaySafe(v)
	}
	p, q := v.Player(me), v.Player(opp)
	st := pos{
		x: t.clampScore(p.Score, p.OnBoard), y: t.clampScore(q.Score, q.OnBoard),
		i: min(max(p.Farkles, 0), m.K-1), j: min(max(q.Farkles, 0), m.K-1),
	}
	st.k = min(total/m.step, m.kc(st.x, st.y))
	buf := m.getBuf()
	defer m.putBuf(buf)
	t.turn(buf, st, st.k)
	bestP, bestC := -1, 0.0
	var best Choice
	for p := range cs {
		c := t.choice(buf, st, total, &cs[p], h.Len())
		if bestP < 0 || c.Chance > bestC {
			bestP, bestC, best = p, c.Chance, c
		}
	}
	keep, _ = farkle.HandOf(best.Keep.Dice())
	return keep, best.Bank
}

// clampScore returns the index of a score of a game, on the board or not,
// within the table: under an opening minimum, a player off the board
// takes the off-board score at or above score (the floor below the
// lowest), and on the board without a penalty a score of 0, which play
// does not reach, counts as off the board.
func (t *Table) clampScore(score int, onBoard bool) int {
	m := t.m
	u := min(max((score-m.lo)/m.step, 0), m.nS-1)
	if x, ok, _ := m.index(m.lo+u*m.step, onBoard); ok {
		return x
	}
	if m.pen == 0 || u == 0 {
		return 0
	}
	return m.nOff - 1 - min((m.zero-u)/m.pen, m.nOff-1)
}

// decideLast plays the last turn of a final round: to end strictly above
// every other player.
func (t *Table) decideLast(v game.View, me int, cs []rolls.Cand, total int) (farkle.Hand, bool) {
	m := t.m
	top := 0
	for i := range v.NumPlayers() {
		if i != me {
			top = max(top, v.Player(i).Score)
		}
	}
	p := v.Player(me)
	x := t.clampScore(p.Score, p.OnBoard)
	st := lastPos{x: x, k: total / m.step, need: max(m.lastNeed(x, top), (top-p.Score)/m.step+1)}
	bestP, best := -1, Choice{}
	for q := range cs {
		c := m.lastChoice(st, total, &cs[q], len(v.Roll()))
		if bestP < 0 || c.Chance > best.Chance {
			bestP, best = q, c
		}
	}
	keep, _ := farkle.HandOf(best.Keep.Dice())
	return keep, best.Bank
}

// decideThree is Decide by a table of three players.
func decideThree(t *three.Table, v game.View) (farkle.Hand, bool) {
	if v.NumPlayers() < 2 {
		return kit.PlaySafe(v)
	}
	s, ok := t.Seat(v)
	if !ok {
		return kit.PlaySafe(v)
	}
	a, err := t.Advise(s, v.Roll())
	if err != nil || a.Farkle {
		return kit.PlaySafe(v)
	}
	keep, _ := farkle.HandOf(a.Keep.Dice())
	return keep, a.Bank
}

// decideFour is Decide by a table of four players.
func decideFour(t *four.Table, v game.View) (farkle.Hand, bool) {
	if v.NumPlayers() < 2 {
		return kit.PlaySafe(v)
	}
	s, ok := t.Seat(v)
	if !ok {
		return kit.PlaySafe(v)
	}
	a, err := t.Advise(s, v.Roll())
	if err != nil || a.Farkle {
		return kit.PlaySafe(v)
	}
	keep, _ := farkle.HandOf(a.Keep.Dice())
	return keep, a.Bank
}
