package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win3"
)

// solveWin3 solves the three-player game; tests replace it, to refuse
// what takes long.
var solveWin3 = win3.Solve

// runWin3 runs "farkle win -players 3": each seat's chance to win from the
// start, and the fairest head starts for the second and third player.
func runWin3(e *env, o *options, r game.Rules) error {
	t, err := win3Table(e, o, r)
	if err != nil {
		return err
	}
	seats := t.SeatWin()
	second, third, fair := t.FairestHeadStarts()
	if o.win.json {
		out := struct {
			Rules      game.Rules `json:"rules"`
			Players    int        `json:"players"`
			SeatWin    [3]float64 `json:"seat_win"`
			HeadStarts [2]int     `json:"fairest_head_starts"`
			FairWin    [3]float64 `json:"seat_win_with_head_starts"`
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

// win3Table returns the solved three-player game of r: from the cache if
// it holds it, else solved, with progress on a terminal, and cached
// (DIR/win3-HASH.bin).
func win3Table(e *env, o *options, r game.Rules) (*win3.Table, error) {
	file := win3CacheFile(e, o, r)
	if t := new(win3.Table); loadCache(file, r, t) {
		return t, nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var opts win3.Options
	var clear func()
	opts.Progress, clear = solveProgress(e, "the game of three")
	defer clear()
	t, err := solveWin3(ctx, r, opts)
	switch {
	case errors.Is(err, context.Canceled):
		return nil, errors.New("interrupted")
	case errors.Is(err, win3.ErrTooLarge):
		return nil, usagef("-target %d: too large a game of three to solve under the %s rules", r.Target, o.rules.String())
	case errors.Is(err, win3.ErrRules):
		return nil, usagef("%s", oneLine(err.Error()))
	case err != nil:
		return nil, err
	}
	if file != "" {
		if err := writeCache(file, t); err != nil {
			fmt.Fprintf(e.stderr, "%s: could not cache the solved game: %s\n", "farkle", oneLine(err.Error()))
		}
	}
	return t, nil
}

// win3CacheFile returns the file of the cached game of three of r, or ""
// for no cache: DIR/win3-HASH.bin.
func win3CacheFile(e *env, o *options, r game.Rules) string {
	return cacheFile(e, o, r, "win3", "farkle win3 table\n")
}
