package win

import (
	"fmt"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/internal/rulediff"
)

// A Bot plays to win by a [Table] as a [game.Bot]: on each roll it keeps
// what [Table.Advise] advises and banks when the advice says so. Solve
// its table for the game's rules: [Bot.CheckRules], which package game
// calls before the first move, refuses a Bot without a table or with a
// table solved for other rules.
//
// In a game of two players it plays exactly by the table. With three or
// more players it plays against the leading opponent alone: the one with
// the highest score (the first in order of play after it on a tie), with
// that opponent's farkles in a row; a fallback, not the optimal play of
// that game. Under an opening minimum it reads whether each player is on
// the board (game.Player.OnBoard), and its table never has it bank below
// the player's minimum. In a final round it plays the last turn to score strictly
// more than every other player, with the most chance of doing so. Scores
// below the table's floor count as the floor and farkles in a row beyond
// the table's count as the last. It decides in under a millisecond for
// target 10,000, without allocating.
//
// Make one with a struct literal, Bot{Table: t}. Where the table has no
// answer (the zero Bot, a game of one player, a turn total that is not a
// multiple of the table's scoring unit), Decide still makes a legal move:
// it keeps the best keep of the roll under the game's scoring and banks,
// as the zero game.ThresholdBot does.
type Bot struct {
	Table *Table
}

// CheckRules returns nil if b can play a game under r: its Table was
// solved for r, a zero Target and Scoring read as package game reads them.
// Else the error wraps [ErrNoTable] (no Table, or a zero one) or
// [ErrOtherRules] (the Table was solved for other rules; the message names
// the first field that differs, such as "Target 2000, the game's 10000"),
// or [ErrRules] for a house rule of play that no Table models yet (see
// [Solve]). The number of players is not part of the rules: b plays games of any
// number of players (see [Bot]).
func (b Bot) CheckRules(r game.Rules) error {
	t := b.Table
	if t == nil || t.m == nil {
		return fmt.Errorf("win: %w: a Bot needs a Table solved for the game's rules", ErrNoTable)
	}
	if err := refuseHouseRules(r, Options{}, false); err != nil {
		return err
	}
	if _, detail, ok := mismatch(t.m.rules, r, "the game's"); ok {
		return fmt.Errorf("win: %w: %s", ErrOtherRules, detail)
	}
	return nil
}

// normRules returns r with a zero Target and a zero Scoring read as
// package game reads them: game.DefaultTarget and farkle.AppScoring.Rules().
func normRules(r game.Rules) game.Rules {
	if r.Scoring == (farkle.Rules{}) {
		r.Scoring = farkle.AppScoring.Rules()
	}
	if r.Target == 0 {
		r.Target = game.DefaultTarget
	}
	return r
}

// mismatch reports the first field in which the rules of a table, tr
// (normalized), differ from r: its name and a description such as
// "Target 2000, the game's 10000", whose is the owner of r.
func mismatch(tr, r game.Rules, whose string) (field, detail string, ok bool) {
	field, a, b, ok := rulediff.First(tr, normRules(r))
	if !ok {
		return "", "", false
	}
	return field, field + " " + a + ", " + whose + " " + b, true
}

// Decide returns the dice to keep from v.Roll() and whether to bank after
// keeping them.
func (b Bot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	t := b.Table
	if t == nil || t.m == nil {
		return playSafe(v)
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
		return playSafe(v)
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
		return playSafe(v)
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

// playSafe is the move of a Bot where its table has no answer: the best
// keep of the roll under the game's scoring (the most points, then the
// fewest dice) and a bank, which package game turns into a roll where the
// rules forbid the bank. It keeps nothing (the zero Hand) and does not
// bank when there is no roll to keep from.
func playSafe(v game.View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false
	}
	keep, _ := farkle.HandOf(p.Dice())
	return keep, true
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
