// Command rates measures the bots of the web game against each other:
// for each pair of kinds, seeded games of two players under the App
// rules at each target, both seat orders, and prints a Markdown table of
// the win rates with their standard errors, for the web game's MEASURED.md.
//
//	go run ./web/internal/bots/rates -games 2000 -targets 10000,2000
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
	"github.com/farkle-go/farkle/strategy/win"
)

func main() {
	games := flag.Int("games", 2000, "games per pair of bots")
	targets := flag.String("targets", "10000,2000", "the targets, comma-separated")
	seed := flag.Uint64("seed", 1, "the seed of the games")
	cache := flag.String("cache", "", "a directory to keep the win tables in")
	flag.Parse()
	if err := run(*games, *targets, *seed, *cache); err != nil {
		fmt.Fprintln(os.Stderr, "rates:", err)
		os.Exit(1)
	}
}

func run(games int, targets string, seed uint64, cache string) error {
	for _, f := range strings.Split(targets, ",") {
		target, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return err
		}
		r := game.App.Rules()
		r.Target = target
		wt, err := win.Solve(context.Background(), r, win.Options{Cache: cache})
		if err != nil {
			return err
		}
		st, err := strategy.Solve(context.Background(), r, strategy.Options{})
		if err != nil {
			return err
		}
		ts := bots.Tables{
			Score: func(game.Rules) (*strategy.Table, error) { return st, nil },
			Win:   func(game.Rules, int) (*win.Table, bool) { return wt, true },
		}
		fmt.Printf("\nApp rules, target %d, %d games a pair (seeds 0-%d, %s first in the even ones): the row's win rate against the column ± one standard error\n\n", target, games, games-1, "the row")
		fmt.Printf("| %d | %s |\n|---|%s\n", target, strings.Join(bots.Kinds, " | "), strings.Repeat("---|", len(bots.Kinds)))
		rates := map[[2]string]string{}
		for i, a := range bots.Kinds {
			for _, b := range bots.Kinds[i+1:] {
				start := time.Now()
				res, err := bots.Match(a, b, r, games, seed, ts)
				if err != nil {
					return err
				}
				p, se := res.Rate()
				rates[[2]string{a, b}] = fmt.Sprintf("%.1f%% ± %.1f", 100*p, 100*se)
				rates[[2]string{b, a}] = fmt.Sprintf("%.1f%% ± %.1f", 100*(1-p), 100*se)
				fmt.Fprintf(os.Stderr, "target %d: %s against %s: %.3f ± %.3f (%.1fs)\n", target, a, b, p, se, time.Since(start).Seconds())
			}
		}
		for _, a := range bots.Kinds {
			row := []string{a}
			for _, b := range bots.Kinds {
				if a == b {
					row = append(row, "—")
				} else {
					row = append(row, rates[[2]string{a, b}])
				}
			}
			fmt.Printf("| %s |\n", strings.Join(row, " | "))
		}
	}
	return nil
}
