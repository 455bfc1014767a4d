package three

import "github.com/farkle-go/farkle/game"

// seat returns the State of v for the table: the mover and two opponents,
// by the fallback with other than three players.
func (t *Table) Seat(v game.View) (State, bool) {
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
