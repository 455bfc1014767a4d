package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/farkle-go/farkle"
)

// scoreFlags defines the flags of the main command, "farkle DICE...".
func scoreFlags(fs *flag.FlagSet, o *options) {
	fs.Var(diceValue{&o.keep}, "keep", "DICE\tcheck this keep from the roll")
	o.lang = "en"
	fs.Var(langValue{&o.lang}, "lang", "TAG\tthe language of the names: cs, en (default), fi or nl, with or\n\t\twithout a region (fi-FI)")
	scoringRulesFlag(fs, o)
	houseFlags{fs, &o.house}.shortStraights()
}

const scoreLong = `Score a roll: its best keep (the most points, then the most dice left
to roll), with its combinations and the dice left, and the best partition
of all its dice. With -keep DICE it checks that keep from the roll
instead: allowed, with its points and the dice left, or not allowed, and
why (exit status 1). Keeping every die of a roll is hot dice: six dice to
roll again.

farkle score DICE... is farkle DICE...: the command word may be left out,
and the flags are the same. DICE are the dice of the roll, 1 to 6 of
them: 1 1 5, 1,1,5, 115 or "1 1 5". Flags may come before or after the
dice.
`

// runScore runs "farkle DICE...": the best keep and the best partition of
// the roll, or with -keep the check of that keep.
func runScore(e *env, o *options, args []string) error {
	return score(e, o, commands[0], args)
}

// runScoreCommand runs "farkle score DICE...", which is "farkle DICE...".
func runScoreCommand(e *env, o *options, args []string) error {
	return score(e, o, lookup("score"), args)
}

// score runs the command c, the main command or score.
func score(e *env, o *options, c *command, args []string) error {
	roll, err := readRoll(c, args)
	if err != nil {
		return err
	}
	s, err := farkle.New(o.scoringRules())
	if err != nil {
		return err
	}
	if o.keep != nil {
		return checkKeep(e.stdout, s, roll, o.keep, o.lang)
	}
	return describeRoll(e.stdout, s, roll, o.lang)
}

func describeRoll(w io.Writer, s *farkle.Scorer, roll []farkle.Die, lang string) error {
	fmt.Fprintf(w, "roll: %s\n", joinDice(roll))
	best, err := s.BestKeep(roll)
	if err != nil {
		return err
	}
	if best.Points() == 0 {
		fmt.Fprintln(w, "farkle: no die can be kept, the turn scores nothing")
	} else {
		fmt.Fprintf(w, "best keep: %s, %d points\n", joinDice(best.Dice()), best.Points())
		printCombos(w, best, lang)
		fmt.Fprintln(w, diceLeft(best.Rest()))
	}
	p, err := s.BestPartition(roll)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "best partition: %d points\n", p.Points())
	printCombos(w, p, lang)
	if rest := p.Rest(); len(rest) > 0 {
		fmt.Fprintf(w, "  no combination: %s\n", joinDice(rest))
	}
	return nil
}

// diceLeft describes the dice left to roll after a keep, the same for a
// roll's best keep and for a keep that -keep checks.
func diceLeft(rest []farkle.Die) string {
	if len(rest) == 0 {
		return "dice left: none (hot dice: six dice to roll)"
	}
	return fmt.Sprintf("dice left: %d (%s)", len(rest), joinDice(rest))
}

// printCombos prints the combinations of p, one a line.
func printCombos(w io.Writer, p farkle.Partition, lang string) {
	for c := range p.Combos() {
		fmt.Fprintf(w, "  %-28s %-12s %5d\n", c.Kind.Name(lang), c.Dice, c.Points)
	}
}

// checkKeep runs "farkle -keep": errRefused when the rules do not allow
// the keep.
func checkKeep(w io.Writer, s *farkle.Scorer, roll, kept []farkle.Die, lang string) error {
	points, err := s.ValidateKeep(roll, kept)
	if err != nil {
		var de *farkle.DiceError
		if !errors.As(err, &de) {
			return err
		}
		fmt.Fprintf(w, "keep %s from %s: not allowed: %s\n", joinDice(kept), joinDice(roll), keepError(roll, de))
		return errRefused
	}
	fmt.Fprintf(w, "keep %s from %s: allowed, %d points\n", joinDice(kept), joinDice(roll), points)
	p, err := s.BestPartition(kept)
	if err != nil {
		return err
	}
	printCombos(w, p, lang)
	rest, err := without(roll, kept)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, diceLeft(rest.Dice()))
	return nil
}

// without returns the dice of roll that are not in kept, a part of it.
func without(roll, kept []farkle.Die) (farkle.Hand, error) {
	r, err := farkle.HandOf(roll)
	if err != nil {
		return farkle.Hand{}, err
	}
	k, err := farkle.HandOf(kept)
	if err != nil {
		return farkle.Hand{}, err
	}
	var rest []farkle.Die
	for d := farkle.Die(1); d <= 6; d++ {
		for range r.Count(d) - k.Count(d) {
			rest = append(rest, d)
		}
	}
	return farkle.HandOf(rest)
}

// keepError explains to a player why the rules refuse a keep from roll,
// such as "the 2 scores nothing" or "the roll has only one 1".
func keepError(roll []farkle.Die, de *farkle.DiceError) string {
	dice := joinDice(de.Dice)
	if de.Count > len(de.Dice) { // Dice was cut
		dice += " ..."
	}
	switch {
	case errors.Is(de, farkle.ErrNonScoring):
		if de.Count == 1 {
			return "the " + dice + " scores nothing; every kept die must be part of a scoring combination"
		}
		return "the dice " + dice + " score nothing; every kept die must be part of a scoring combination"
	case errors.Is(de, farkle.ErrNotInRoll):
		return notInRoll(roll, de.Dice)
	case errors.Is(de, farkle.ErrTooManyDice):
		return "more than " + countDice(farkle.MaxDice)
	case errors.Is(de, farkle.ErrNoDice):
		return "nothing kept"
	}
	return de.Error()
}

// notInRoll says how many of each face of missing, the kept dice that
// the roll lacks, the roll has: "the roll has only one 1 and no 5".
func notInRoll(roll, missing []farkle.Die) string {
	r, err := farkle.HandOf(roll)
	if err != nil {
		return err.Error()
	}
	var parts []string
	for i, d := range missing {
		if i > 0 && missing[i-1] == d {
			continue // DiceError lists missing dice ascending
		}
		switch n := r.Count(d); n {
		case 0:
			parts = append(parts, "no "+d.String())
		case 1:
			parts = append(parts, "only one "+d.String())
		default:
			parts = append(parts, fmt.Sprintf("only %s %ss", numberWords[n], d))
		}
	}
	if len(parts) == 0 {
		return "the roll does not have the kept dice"
	}
	last := parts[len(parts)-1]
	if len(parts) == 1 {
		return "the roll has " + last
	}
	return "the roll has " + strings.Join(parts[:len(parts)-1], ", ") + " and " + last
}

var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six"}
