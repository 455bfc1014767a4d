package game

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/farkle-go/farkle"
)

// dice parses "1 5 5" or "155" into dice; other characters are skipped.
func dice(s string) []farkle.Die {
	var d []farkle.Die
	for _, c := range s {
		if c >= '0' && c <= '9' {
			d = append(d, farkle.Die(c-'0'))
		}
	}
	return d
}

// snapshot is everything observable about a game, to check that an
// illegal action changed nothing.
type snapshot struct {
	JSON      string
	Current   int
	Turn      int
	Dice      []farkle.Die
	TurnTotal int
	DiceLeft  int
	Hot       bool
	Final     bool
	Over      bool
	Winner    int
	Players   []Player
	Events    []Event
	NEvents   int
}

func snap(g *Game) snapshot {
	s := snapLite(g)
	b, err := json.Marshal(g)
	if err != nil {
		b = []byte("error: " + err.Error())
	}
	s.JSON = string(b)
	s.Events = g.Events()
	return s
}

// snapLite is snap without the JSON and the history, but its length.
func snapLite(g *Game) snapshot {
	w, _ := g.Winner()
	return snapshot{
		NEvents: len(g.events), Current: g.Current(), Turn: g.Turn(), Dice: g.Dice(), TurnTotal: g.TurnTotal(),
		DiceLeft: g.DiceLeft(), Hot: g.HotDice(), Final: g.FinalRound(), Over: g.Over(), Winner: w,
		Players: g.Players(),
	}
}

// checkInvariants checks what must hold of any game, from its history
// and views, independently of how the engine computes them, and that the
// JSON round trip gives the same game.
func checkInvariants(g *Game) error {
	if err := checkHistory(g); err != nil {
		return err
	}
	return checkRoundTrip(g)
}

// checkHistory is checkInvariants without the JSON round trip: it takes
// time linear in the length of the history.
func checkHistory(g *Game) error {
	evs := g.Events()
	players := g.Players()
	n := len(players)
	r := g.Rules()
	score := make([]int, n)
	onBoard := make([]bool, n)
	farkles := make([]int, n)
	turnSum, left, wins := 0, farkle.MaxDice, 0
	cur, turn, last := 0, 1, 0
	for i, e := range evs {
		if e.Player < 0 || e.Player >= n {
			return fmt.Errorf("event %d: player %d of %d", i, e.Player, n)
		}
		if wins > 0 {
			return fmt.Errorf("event %d after the game was won: %v", i, e)
		}
		switch e.Kind {
		case EventRolled:
			if len(e.Dice) != left {
				return fmt.Errorf("event %d: rolled %d dice with %d left", i, len(e.Dice), left)
			}
		case EventKept:
			turnSum += e.Points
			left -= len(e.Dice)
			if e.Total != turnSum {
				return fmt.Errorf("event %d: turn total %d, keeps sum to %d", i, e.Total, turnSum)
			}
		case EventHotDice:
			if left != 0 {
				return fmt.Errorf("event %d: hot dice with %d dice left", i, left)
			}
			left = farkle.MaxDice
		case EventBanked, EventFarkled:
			if e.Kind == EventBanked {
				if e.Points != turnSum {
					return fmt.Errorf("event %d: banked %d, keeps sum to %d", i, e.Points, turnSum)
				}
				need := r.MinBank
				if !onBoard[e.Player] {
					need = max(need, r.MinFirstBank)
				}
				if turnSum < need {
					return fmt.Errorf("event %d: banked %d under the minimum %d", i, turnSum, need)
				}
				score[e.Player] += turnSum
				onBoard[e.Player] = true
				farkles[e.Player] = 0
			} else {
				if e.Points != turnSum {
					return fmt.Errorf("event %d: farkle lost %d, keeps sum to %d", i, e.Points, turnSum)
				}
				farkles[e.Player]++
			}
			turnSum, left = 0, farkle.MaxDice
			turn++
		case EventPenalty:
			score[e.Player] -= r.Penalty
			farkles[e.Player] = 0
		case EventWon:
			wins++
			turn-- // no next turn
		}
		switch e.Kind {
		case EventPenalty, EventFinalRound:
			if e.Player != last {
				return fmt.Errorf("event %d: %v for player %d after the turn of player %d", i, e.Kind, e.Player, last)
			}
		case EventWon:
		default:
			if e.Player != cur {
				return fmt.Errorf("event %d: player %d acted in turn of player %d", i, e.Player, cur)
			}
		}
		if e.Kind == EventBanked || e.Kind == EventFarkled {
			last, cur = cur, (cur+1)%n
		}
		if e.Kind == EventBanked || e.Kind == EventPenalty || e.Kind == EventFinalRound || e.Kind == EventWon {
			if e.Total != score[e.Player] {
				return fmt.Errorf("event %d: score %d, history gives %d", i, e.Total, score[e.Player])
			}
		}
	}
	for i, p := range players {
		if p.Score != score[i] {
			return fmt.Errorf("player %d: score %d, history gives %d", i, p.Score, score[i])
		}
		if p.Farkles != farkles[i] {
			return fmt.Errorf("player %d: %d farkles in a row, history gives %d", i, p.Farkles, farkles[i])
		}
		if p.OnBoard != onBoard[i] {
			return fmt.Errorf("player %d: on board %v, history gives %v", i, p.OnBoard, onBoard[i])
		}
		if r.Penalty > 0 && p.Farkles >= r.PenaltyAfter {
			return fmt.Errorf("player %d: %d farkles in a row and no penalty", i, p.Farkles)
		}
	}
	w, over := g.Winner()
	switch {
	case over != g.Over() || over != (wins == 1) || wins > 1:
		return fmt.Errorf("over %v, Winner ok %v, %d won events", g.Over(), over, wins)
	case over && evs[len(evs)-1].Player != w:
		return fmt.Errorf("winner %d, won event for %d", w, evs[len(evs)-1].Player)
	case over && slices.Max(score) != score[w]:
		return fmt.Errorf("winner %d has %d, top score %d", w, score[w], slices.Max(score))
	case !over && w != -1:
		return fmt.Errorf("winner %d before the end", w)
	}
	if !over {
		if g.Current() != cur || g.Turn() != turn {
			return fmt.Errorf("current %d turn %d, history gives %d and %d", g.Current(), g.Turn(), cur, turn)
		}
		if g.TurnTotal() != turnSum {
			return fmt.Errorf("turn total %d, keeps since the turn began sum to %d", g.TurnTotal(), turnSum)
		}
		if g.DiceLeft() != left {
			return fmt.Errorf("dice left %d, history gives %d", g.DiceLeft(), left)
		}
		if d := g.Dice(); d != nil {
			if last := evs[len(evs)-1]; last.Kind != EventRolled || !slices.Equal(last.Dice, d) {
				return fmt.Errorf("dice on the table %v, last event %v", d, last)
			}
		}
	}
	return nil
}

// checkRoundTrip checks that the JSON round trip gives an equal game.
func checkRoundTrip(g *Game) error {
	b, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("marshal: %v", err)
	}
	var h Game
	if err := json.Unmarshal(b, &h); err != nil {
		return fmt.Errorf("unmarshal: %v", err)
	}
	b2, err := json.Marshal(&h)
	if err != nil {
		return fmt.Errorf("marshal again: %v", err)
	}
	if !bytes.Equal(b, b2) {
		return fmt.Errorf("JSON round trip differs:\n%s\n%s", b, b2)
	}
	// Equal JSON means equal rules, names, history and source: the views
	// must be equal too.
	if a, c := snapLite(g), snapLite(&h); !sameLite(a, c) {
		return fmt.Errorf("JSON round trip views differ:\n%+v\n%+v", a, c)
	}
	return nil
}
