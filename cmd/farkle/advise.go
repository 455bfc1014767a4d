package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/strategy"
)

const adviseUsage = `usage: farkle advise [flags] DICE...

Advise on a roll: which dice to keep, whether to bank, and the expected
final turn score of each choice, under the strategy that maximizes the
expected score of the turn. DICE are the dice just rolled, 1 to 6 of them,
as separate arguments (1 5 2), with commas (1,5,2) or run together (152).
Flags may come before or after the dice.

Flags:
`

// runAdvise runs "farkle advise" with the arguments after "advise", such as
// "1 5 2 3 4 6 -total 300", and returns the exit code: 0 on success (and
// for -h, which prints the usage to stdout), 2 for bad arguments or dice,
// 1 if the rules cannot be solved.
func runAdvise(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("farkle advise", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors and help are printed below
	total := fs.Int("total", 0, "turn total before this roll")
	rulesName := fs.String("rules", "app", "scoring preset: "+scoringPresets)
	minBank := fs.Int("min-bank", 0, "smallest turn total that may be banked")
	mustRoll := fs.Bool("must-roll", false, "after hot dice the six dice must be rolled, not banked")
	usage := func(w io.Writer) {
		fmt.Fprint(w, adviseUsage)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	flagArgs, diceArgs := adviseSplitArgs(fs, args)
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "farkle advise: %v\n", err)
		usage(stderr)
		return 2
	}
	diceArgs = append(diceArgs, fs.Args()...)

	preset, title, err := parseScoring(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "farkle advise: unknown rules %q (want %s)\n", *rulesName, scoringPresets)
		return 2
	}
	roll, err := adviseParseDice(diceArgs)
	if err != nil {
		fmt.Fprintf(stderr, "farkle advise: %v\n", err)
		usage(stderr)
		return 2
	}
	s, err := farkle.New(preset.Rules())
	if err != nil {
		fmt.Fprintf(stderr, "farkle advise: %v\n", err)
		return 1
	}
	opts := strategy.Options{MinBank: *minBank, MustRollHotDice: *mustRoll}
	table, err := strategy.Solve(s, opts)
	if err != nil {
		fmt.Fprintf(stderr, "farkle advise: %v\n", err)
		if errors.Is(err, strategy.ErrOptions) {
			return 2
		}
		return 1
	}
	adv, err := table.Advise(roll, *total)
	if err != nil {
		fmt.Fprintf(stderr, "farkle advise: %v\n", err)
		return 2
	}

	fmt.Fprintf(stdout, "%s rules: rolled %s with %d in the turn.\n", title, joinDice(roll), *total)
	if adv.Farkle {
		fmt.Fprintln(stdout, "Farkle: nothing to keep, the turn scores 0.")
		return 0
	}
	best := adv.Choices[0]
	fmt.Fprintf(stdout, "Keep %s (%s) and ", best.Keep.Dice(), adviseCombos(best.Keep))
	if best.Bank {
		fmt.Fprintf(stdout, "bank %d.\n", best.TurnTotal)
	} else {
		fmt.Fprintf(stdout, "roll %s: expected %.1f.\n", adviseDiceLeft(best), best.Roll)
	}
	fmt.Fprintln(stdout, "Choices, with the expected final score of the turn:")
	w := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, c := range adv.Choices {
		kept := c.Keep.Dice().String()
		bank := "bank not allowed"
		if c.CanBank {
			bank = fmt.Sprintf("keep %s and bank: %d", kept, c.TurnTotal)
		}
		fmt.Fprintf(w, "  keep %s and roll %s: expected %.1f\t%s\n", kept, adviseDiceLeft(c), c.Roll, bank)
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	return 0
}

// adviseSplitArgs separates flags (with their values) from dice, so that
// flags may follow the dice. Everything after "--" is dice.
func adviseSplitArgs(fs *flag.FlagSet, args []string) (flags, dice []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(dice, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			dice = append(dice, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // fs.Parse reports it
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, dice
}

// adviseParseDice reads dice from arguments such as "1", "1,5,2" or
// "152". Digits that are not faces (0, 7, 8, 9) are left for Advise to
// reject.
func adviseParseDice(args []string) ([]farkle.Die, error) {
	var roll []farkle.Die
	for _, a := range args {
		for _, piece := range strings.Split(a, ",") {
			if piece == "" {
				continue
			}
			for _, r := range piece {
				if r < '0' || r > '9' {
					return nil, fmt.Errorf("not a die: %q", piece)
				}
				roll = append(roll, farkle.Die(r-'0'))
			}
		}
	}
	if len(roll) == 0 {
		return nil, errors.New("no dice given")
	}
	return roll, nil
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
	s := strconv.Itoa(c.DiceLeft) + " dice"
	if c.DiceLeft == 1 {
		s = "1 die"
	}
	if c.HotDice {
		s += " (hot dice)"
	}
	return s
}
