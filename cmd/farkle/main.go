// Command farkle scores Farkle dice, checks keeps, plays a game against a
// bot in the terminal and gives optimal-strategy advice.
//
// Usage:
//
//	farkle [-rules name] [-lang tag] DICE...          best keep and best partition of a roll
//	farkle [-rules name] -keep DICE DICE...           check a keep from a roll
//	farkle play [flags]                               play a game against a bot
//	farkle advise DICE... [-total N]                  what to keep, and whether to bank
//
// Dice are faces 1 to 6, as separate arguments ("1 1 5"), with commas
// ("1,1,5") or run together ("115"). For example:
//
//	farkle 5 5 5 1 2 3
//	farkle -keep 1,2 1 2 3 4 6 6
//	farkle advise 1 5 2 3 4 6 -total 300
//	printf 'roll\nbest\nbank\nquit\n' | farkle play -seed 42
//
// -rules names a scoring preset of package farkle, in any case: app (the
// default), core, facebook, zilch or classic. For "farkle play" it names the
// rules of play of a preset of package game: app, zilch or facebook.
//
// farkle play reads one command a line from standard input (roll, keep
// DICE, best, bank, hint, score, save FILE, help, quit), so a script can
// drive it; "farkle play -h" lists its flags.
//
// Exit codes: 0 on success (and for -h); 1 for a keep that is not
// allowed, for "farkle play" when its input ends before the game does, and
// for "farkle advise" when the rules cannot be solved; 2 for bad
// arguments.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/farkle-go/farkle"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// scoringPresets are the names that -rules takes for the scoring and advise
// commands: those of farkle.ParsePreset.
const scoringPresets = "app, core, facebook, zilch or classic"

// parseScoring returns the scoring preset that name names, in any case, and
// its title for display, such as "App".
func parseScoring(name string) (farkle.Preset, string, error) {
	p, err := farkle.ParsePreset(name)
	if err != nil {
		return 0, "", err
	}
	n := p.String()
	return p, strings.ToUpper(n[:1]) + n[1:], nil
}

const usage = `usage:
  farkle [-rules name] [-lang tag] DICE...    best keep and best partition of a roll
  farkle [-rules name] -keep DICE DICE...     check a keep from a roll
  farkle play [flags]                         play a game against a bot (farkle play -h)
  farkle advise DICE... [-total N]            what to keep, and whether to bank (farkle advise -h)
Dice are faces 1 to 6: "1 1 5", "1,1,5" or "115".
`

// run is the whole command, for tests: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "play":
			return runPlay(args[1:], stdin, stdout, stderr)
		case "advise":
			return runAdvise(args[1:], stdout, stderr)
		}
	}
	fs := flag.NewFlagSet("farkle", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	keep := fs.String("keep", "", "the dice to keep from the roll")
	rules := fs.String("rules", "app", "the rule set: "+scoringPresets)
	lang := fs.String("lang", "en", "the language of combination names: en, cs, fi or nl")
	positional, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return 0
	}
	if err != nil {
		return fail(stderr, err.Error())
	}
	preset, _, err := parseScoring(*rules)
	if err != nil {
		return fail(stderr, fmt.Sprintf("unknown rule set %q (want %s)", *rules, scoringPresets))
	}
	s, err := farkle.New(preset.Rules())
	if err != nil {
		fmt.Fprintln(stderr, "farkle:", err)
		return 1
	}
	roll, err := parseDice(positional)
	if err != nil {
		return fail(stderr, err.Error())
	}
	if len(roll) == 0 {
		return fail(stderr, "no dice given")
	}
	if len(roll) > farkle.MaxDice {
		return fail(stderr, fmt.Sprintf("%d dice given; a roll has at most %d", len(roll), farkle.MaxDice))
	}
	if *keep != "" {
		kept, err := parseDice([]string{*keep})
		if err != nil {
			return fail(stderr, "-keep: "+err.Error())
		}
		return checkKeep(stdout, s, roll, kept, *lang)
	}
	describeRoll(stdout, s, roll, *lang)
	return 0
}

// parseInterleaved parses flags that may stand before, between or after
// the positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// parseDice reads dice from arguments such as "1", "1,5,5" or "155".
func parseDice(args []string) ([]farkle.Die, error) {
	var dice []farkle.Die
	for _, a := range args {
		for _, r := range a {
			switch {
			case r == ',' || r == ' ':
			case r >= '1' && r <= '6':
				dice = append(dice, farkle.Die(r-'0'))
			default:
				return nil, fmt.Errorf("%q is not a list of dice: a die is 1 to 6", a)
			}
		}
	}
	return dice, nil
}

func fail(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "farkle: %s\n%s", msg, usage)
	return 2
}

func joinDice(dice []farkle.Die) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = d.String()
	}
	return strings.Join(s, " ")
}

func describeRoll(w io.Writer, s *farkle.Scorer, roll []farkle.Die, lang string) {
	fmt.Fprintf(w, "roll: %s\n", joinDice(roll))
	best, err := s.BestKeep(roll)
	if err != nil {
		fmt.Fprintln(w, "farkle:", err)
		return
	}
	if best.Points() == 0 {
		fmt.Fprintln(w, "farkle: no die can be kept, the turn scores nothing")
	} else {
		fmt.Fprintf(w, "best keep: %s, %d points\n", best.Dice(), best.Points())
		printCombos(w, best, lang)
		switch n := best.Rest().Len(); n {
		case 0:
			fmt.Fprintln(w, "dice left: none (hot dice: all six may be rolled again)")
		default:
			fmt.Fprintf(w, "dice left: %d (%s)\n", n, best.Rest())
		}
	}
	p, err := s.BestPartition(roll)
	if err != nil {
		fmt.Fprintln(w, "farkle:", err)
		return
	}
	fmt.Fprintf(w, "best partition: %d points\n", p.Points())
	printCombos(w, p, lang)
	if rest := p.Rest(); rest.Len() > 0 {
		fmt.Fprintf(w, "  no combination: %s\n", rest)
	}
}

// printCombos prints the combinations of p, one a line.
func printCombos(w io.Writer, p farkle.Partition, lang string) {
	for c := range p.Combos() {
		fmt.Fprintf(w, "  %-28s %-12s %5d\n", c.Kind.Name(lang), c.Dice, c.Points)
	}
}

func checkKeep(w io.Writer, s *farkle.Scorer, roll, kept []farkle.Die, lang string) int {
	points, err := s.ValidateKeep(roll, kept)
	if err == nil {
		fmt.Fprintf(w, "keep %s from %s: allowed, %d points\n", joinDice(kept), joinDice(roll), points)
		p, _ := s.BestPartition(kept)
		printCombos(w, p, lang)
		fmt.Fprintf(w, "dice left: %d\n", len(roll)-len(kept))
		return 0
	}
	fmt.Fprintf(w, "keep %s from %s: not allowed: %s\n", joinDice(kept), joinDice(roll), plainWords(err))
	return 1
}

// plainWords explains a keep's error to a player.
func plainWords(err error) string {
	var de *farkle.DiceError
	if !errors.As(err, &de) {
		return err.Error()
	}
	dice := joinDice(de.Dice)
	if de.Count > len(de.Dice) { // Dice was cut
		dice += " ..."
	}
	switch {
	case errors.Is(err, farkle.ErrNonScoring):
		if de.Count == 1 {
			return "the " + dice + " scores nothing; every kept die must be part of a scoring combination"
		}
		return "the dice " + dice + " score nothing; every kept die must be part of a scoring combination"
	case errors.Is(err, farkle.ErrNotInRoll):
		return "the roll does not have these kept dice: " + dice
	case errors.Is(err, farkle.ErrTooManyDice):
		return "more dice kept than a roll has"
	case errors.Is(err, farkle.ErrNoDice):
		return "nothing kept"
	}
	return err.Error()
}
