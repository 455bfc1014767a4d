package main

import (
	"encoding/json"
	"fmt"

	"github.com/farkle-go/farkle/game"
)

// runWinN runs "farkle win -players 3" and "-players 4": each seat's
// chance to win from the start, and the fairest head starts for the
// other seats.
func runWinN(e *env, o *options, r game.Rules, players int) error {
	t, err := winTable(e, o, r, players)
	if err != nil {
		return err
	}
	seats := t.SeatWin()
	heads, fair := t.FairestStarts()
	if o.win.json {
		out := struct {
			Rules      game.Rules `json:"rules"`
			Players    int        `json:"players"`
			SeatWin    []float64  `json:"seat_win"`
			HeadStarts []int      `json:"fairest_head_starts"`
			FairWin    []float64  `json:"seat_win_with_head_starts"`
			Mixed      int        `json:"mixed_positions"`
		}{t.Rules(), players, seats, heads[1:], fair, t.Mixed()}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	w := e.stdout
	if players == 4 {
		fmt.Fprintf(w, "%s, four players.\n", describeRules(o, r))
		fmt.Fprintf(w, "The seats win %.3f%%, %.3f%%, %.3f%% and %.3f%% of games in order of play, all playing to win.\n",
			100*seats[0], 100*seats[1], 100*seats[2], 100*seats[3])
		fmt.Fprintf(w, "Fairest head starts: %d points for the second player, %d for the third and %d for the fourth; the seats then win %.3f%%, %.3f%%, %.3f%% and %.3f%%.\n",
			heads[1], heads[2], heads[3], 100*fair[0], 100*fair[1], 100*fair[2], 100*fair[3])
		fmt.Fprintf(w, "Positions where a player mixes two plays: %d.\n", t.Mixed())
		return nil
	}
	second, third := heads[1], heads[2]
	fmt.Fprintf(w, "%s, three players.\n", describeRules(o, r))
	fmt.Fprintf(w, "The seats win %.3f%%, %.3f%% and %.3f%% of games in order of play, all playing to win.\n",
		100*seats[0], 100*seats[1], 100*seats[2])
	fmt.Fprintf(w, "Fairest head starts: %d points for the second player and %d for the third; the seats then win %.3f%%, %.3f%% and %.3f%%.\n",
		second, third, 100*fair[0], 100*fair[1], 100*fair[2])
	fmt.Fprintf(w, "Positions where a player mixes two plays: %d.\n", t.Mixed())
	return nil
}
