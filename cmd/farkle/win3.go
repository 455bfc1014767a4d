package main

import (
	"encoding/json"
	"fmt"

	"github.com/farkle-go/farkle/game"
)

// runWin3 runs "farkle win -players 3": each seat's chance to win from the
// start, and the fairest head starts for the second and third player.
func runWin3(e *env, o *options, r game.Rules) error {
	t, err := winTable(e, o, r, 3)
	if err != nil {
		return err
	}
	seats := t.SeatWin()
	second, third, fair := t.FairestHeadStarts()
	if o.win.json {
		out := struct {
			Rules      game.Rules `json:"rules"`
			Players    int        `json:"players"`
			SeatWin    []float64  `json:"seat_win"`
			HeadStarts [2]int     `json:"fairest_head_starts"`
			FairWin    []float64  `json:"seat_win_with_head_starts"`
			Mixed      int        `json:"mixed_positions"`
		}{t.Rules(), 3, seats, [2]int{second, third}, fair, t.Mixed()}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "%s, three players.\n", describeRules(o, r))
	fmt.Fprintf(w, "The seats win %.3f%%, %.3f%% and %.3f%% of games in order of play, all playing to win.\n",
		100*seats[0], 100*seats[1], 100*seats[2])
	fmt.Fprintf(w, "Fairest head starts: %d points for the second player and %d for the third; the seats then win %.3f%%, %.3f%% and %.3f%%.\n",
		second, third, 100*fair[0], 100*fair[1], 100*fair[2])
	fmt.Fprintf(w, "Positions where a player mixes two plays: %d.\n", t.Mixed())
	return nil
}
