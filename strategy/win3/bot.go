package win3

import (
	"fmt"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/rulediff"
)

// A Bot plays to win by a [Table] as a [game.Bot]: on each roll it keeps
// what [Table.Advise] advises and banks when the advice says so. Solve its
// table for the game's rules: [Bot.CheckRules], which package game calls
// before the first move, refuses a Bot without a table or with a table
// solved for other rules.
//
// In a game of three players it plays exactly by the table. At a mixed
// position (see the package documentation) it plays the play that the
// computed chances prefer, by the tie rule on a tie: a pure play, which
// gives it the same chance as the mixture. With four or more players it
// plays the fallback of the package documentation: the table's play
// against its two strongest opponents, the two highest scores (the
// earlier in order of play after it on a tie), seated in their order of
// play after it. With two players it plays against the other as if the
// third player were at 0, a fallback too. In a final round it plays its
// last turn by the table with three players, and with others by a
// fallback: as the first last turn against the strongest player still to
// play one after it (the highest score, the earliest on a tie) and the
// highest score of the others, or, when no one is left to play, as the
// very last turn against the highest score. Outside a final round, scores at
// or above the target count as just under it. Where the table has no answer (the zero Bot, a
// game of one player, a turn total not a multiple of the scoring unit),
// Decide still makes a legal move: the best keep of the roll, and a bank.
type Bot struct {
	Table *Table
}

// CheckRules returns nil if b can play a game under r: its Table was
// solved for r, a zero Target and Scoring read as package game reads
// them. Else the error wraps [ErrNoTable] or [ErrOtherRules] (naming the
// first field that differs), or [ErrRules].
func (b Bot) CheckRules(r game.Rules) error {
	t := b.Table
	if !t.ok() {
		return fmt.Errorf("win3: %w: a Bot needs a Table solved for the game's rules", ErrNoTable)
	}
	if err := refuse(r, Options{}); err != nil {
		return err
	}
	if field, a, bb, ok := rulediff.First(t.m.rules, normRules(r)); ok {
		return fmt.Errorf("win3: %w: %s %s, the game's %s", ErrOtherRules, field, a, bb)
	}
	return nil
}

// Decide returns the dice to keep from v.Roll() and whether to bank after
// keeping them.
func (b Bot) Decide(v game.View) (keep farkle.Hand, bank bool) {
	t := b.Table
	if !t.ok() || v.NumPlayers() < 2 {
		return playSafe(v)
	}
	s, ok := t.seat(v)
	if !ok {
		return playSafe(v)
	}
	a, err := t.Advise(s, v.Roll())
	if err != nil || a.Farkle {
		return playSafe(v)
	}
	keep, _ = farkle.HandOf(a.Keep.Dice())
	return keep, a.Bank
}

// seat returns the State of v for the table: the mover and two opponents,
// by the fallback with other than three players.
func (t *Table) seat(v game.View) (State, bool) {
	m := t.m
	me, np := v.Current(), v.NumPlayers()
	if m.final && v.FinalRound() {
		return finalSeat(v, m.rules.Target), true
	}
	clamp := func(score int) int {
		return min(max(score, 0), (m.nS-1)*m.step) / m.step * m.step
	}
	s := State{TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft()}
	s.Scores[0] = clamp(v.Player(me).Score)
	switch np {
	case 2:
		s.Scores[1] = clamp(v.Player(1 - me).Score)
	case 3:
		s.Scores[1], s.Scores[2] = clamp(v.Player((me+1)%3).Score), clamp(v.Player((me+2)%3).Score)
	default:
		// The two strongest opponents, by score, the earlier after the
		// mover on a tie, seated in their order of play.
		first, second := -1, -1
		for d := 1; d < np; d++ {
			sc := v.Player((me + d) % np).Score
			switch {
			case first < 0 || sc > v.Player((me+first)%np).Score:
				first, second = d, first
			case second < 0 || sc > v.Player((me+second)%np).Score:
				second = d
			}
		}
		if second < first {
			first, second = second, first
		}
		s.Scores[1], s.Scores[2] = clamp(v.Player((me+first)%np).Score), clamp(v.Player((me+second)%np).Score)
	}
	return s, true
}

// playSafe is the move of a Bot where its table has no answer: the best
// keep of the roll and a bank, which package game turns into a roll where
// the rules forbid the bank.
func playSafe(v game.View) (farkle.Hand, bool) {
	p, err := v.Scorer().BestKeep(v.Roll())
	if err != nil || p.Points() == 0 {
		return farkle.Hand{}, false
	}
	keep, _ := farkle.HandOf(p.Dice())
	return keep, true
}

// finalSeat returns the State of v in a final round, for a Bot. The player who
// reached the target is the first at or above it after the mover (those
// between have not played since); with three players the State is the
// game's. With other numbers, by the fallback: if players are still to
// play a last turn after the mover, the State is that of the first last
// turn, the strongest of them (the highest score, the earliest on a tie)
// next and the highest score of the others after; else that of the very
// last turn, the highest score of the others next.
func finalSeat(v game.View, target int) State {
	me, np := v.Current(), v.NumPlayers()
	score := func(d int) int { return v.Player((me + d) % np).Score }
	s := State{TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft()}
	if np == 3 {
		s.Scores = [3]int{score(0), score(1), score(2)}
		return s
	}
	trig := np
	for d := 1; d < np; d++ {
		if score(d) >= target {
			trig = d
			break
		}
	}
	best := func(from, to int) int { // the highest score of d in [from, to), the earliest on a tie
		b := from
		for d := from + 1; d < to; d++ {
			if score(d) > score(b) {
				b = d
			}
		}
		return score(b)
	}
	s.Scores[0] = score(0)
	if trig >= np {
		return s // no one at the target: not a final round
	}
	if trig == 1 {
		s.Scores[1] = best(1, np)
		return s
	}
	s.Scores[1], s.Scores[2] = best(1, trig), best(trig, np)
	return s
}
