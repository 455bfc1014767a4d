package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

const adviseLong = `Advise on a roll: which dice to keep, whether to bank, and the expected
final score of the turn of each choice, under the strategy that maximizes
the expected score of the turn. DICE are the dice just rolled, 1 to 6 of
them: 1 5 2, 1,5,2, 152 or "1 5 2". Flags may come before or after the
dice.

With -scores MINE,THEIRS it advises for the win instead, in a game of two
players: the choice with the most chance to win, and the chance of each
choice, rolling on and banking, both players playing to win. The rules of
play are those of 'farkle win' for -rules (app, zilch and facebook as
package game's presets, core and classic under the play of app), with
-target, -final-round, -min-bank, -min-first-bank, -penalty,
-penalty-after and -must-roll if given; the solved game is cached as 'farkle win' caches it
(-cache). With a penalty a score may be negative, and -farkles gives the
farkles in a row of both players. Under -min-first-bank a player with a
positive score is on the board and one with 0 or less is not, unless
-on-board says who is (after a bank and then penalties):

  farkle advise -scores 0,1500 -min-first-bank 500 -total 300 1 5 3
  farkle advise -rules facebook -target 2000 -scores -500,400 -farkles 2,0 \
    -min-first-bank 500 -on-board both 1 2 3
`

// adviseFlags defines the flags of "farkle advise".
func adviseFlags(fs *flag.FlagSet, o *options) {
	house := houseFlags{fs, &o.house}
	house.minBank(maxMinBank)
	house.mustRoll()
	house.target(maxWinTarget)
	house.finalRound()
	house.minFirstBank()
	house.penalty()
	house.penaltyAfter()
	house.shortStraights()
	house.toxicTwos()
	house.sixOnes()
	house.bankrupt()
	scoringRulesFlag(fs, o)
	intFlag(fs, &o.total, "total", 0, 0, maxTotal, "N\tthe turn total before this roll, a multiple of 50 from 0 to\n\t\t1000000000000")
	fs.Var(scoresValue{&o.win}, "scores", "MINE,THEIRS\tadvise for the win: MINE banked, THEIRS (-2500 to 100000)")
	fs.Var(farklesValue{&o.win}, "farkles", "MINE,THEIRS\twith -scores and a penalty: the farkles in a row (default 0,0)")
	fs.Var(onBoardValue{&o.win}, "on-board", "WHO\twith -scores: who has banked, none, mine, theirs or both\n\t\t(default: those with a positive score)")
	cacheFlag(fs, o)
}

// runAdvise runs "farkle advise".
func runAdvise(e *env, o *options, args []string) error {
	roll, err := readRoll(lookup("advise"), args)
	if err != nil {
		return err
	}
	if o.win.hasScores {
		return adviseWin(e, o, roll)
	}
	for _, f := range []string{"target", "cache", "final-round", "min-first-bank", "penalty", "penalty-after", "farkles", "on-board", "six-ones", "bankrupt"} {
		if o.set[f] {
			return usagef("-%s needs -scores", f)
		}
	}
	s, err := farkle.New(o.scoringRules())
	if err != nil {
		return err
	}
	tr := game.Rules{Scoring: s.Rules(), MinBank: o.house.minBank, MustRollHotDice: o.house.mustRoll, ToxicTwos: o.house.toxicTwos}
	table, err := strategy.Solve(context.Background(), tr, strategy.Options{})
	if err != nil {
		return err
	}
	adv, err := table.Advise(strategy.State{TurnTotal: o.total, DiceLeft: len(roll)}, roll)
	if errors.Is(err, strategy.ErrTurnTotal) {
		return usagef("-total %d: not a turn total of the %s rules, which score in steps of %d", o.total, o.rules.String(), table.Step())
	}
	if err != nil {
		return err
	}

	w := e.stdout
	house := houseRulesText(game.Rules{Scoring: s.Rules(), ToxicTwos: o.house.toxicTwos})
	fmt.Fprintf(w, "%s rules%s: rolled %s with %d in the turn.\n", o.rules.title(), house, joinDice(roll), o.total)
	if adv.Farkle {
		if h, _ := farkle.HandOf(roll); o.house.toxicTwos && h.Count(2) >= 4 {
			fmt.Fprintln(w, "Farkle: four or more 2s end the turn (toxic twos), which scores 0.")
			return nil
		}
		fmt.Fprintln(w, "Farkle: nothing to keep, the turn scores 0.")
		return nil
	}
	best := adv.Choices[0]
	fmt.Fprintf(w, "Keep %s (%s) and ", joinDice(best.Keep.Dice()), adviseCombos(best.Keep))
	if best.Bank {
		fmt.Fprintf(w, "bank %d.\n", best.TurnTotal)
	} else {
		fmt.Fprintf(w, "roll %s: expected %.1f.\n", adviseDiceLeft(best), best.Roll)
	}
	fmt.Fprintln(w, "Choices, with the expected final score of the turn:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range adv.Choices {
		kept := joinDice(c.Keep.Dice())
		bank := "bank not allowed"
		if c.CanBank {
			bank = fmt.Sprintf("keep %s and bank: %d", kept, c.TurnTotal)
		}
		fmt.Fprintf(tw, "  keep %s and roll %s: expected %.1f\t%s\n", kept, adviseDiceLeft(c), c.Roll, bank)
	}
	return tw.Flush()
}

// adviseCombos describes a keep's combinations, such as
// "three ones 1000 + single five 50".
func adviseCombos(p farkle.Partition) string {
	var parts []string
	for c := range p.Combos() {
		parts = append(parts, c.Kind.String()+" "+strconv.Itoa(c.Points))
	}
	return strings.Join(parts, " + ")
}

func adviseDiceLeft(c strategy.Choice) string {
	s := countDice(c.DiceLeft)
	if c.HotDice {
		s += " (hot dice)"
	}
	return s
}
