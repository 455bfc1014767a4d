package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// presetValue is the -rules flag of every command: one of package
// farkle's presets, in any case. The commands that score (farkle DICE,
// score, advise) use its scoring rules; those that play a game (play,
// win, advise -scores) its rules of play, gameRules.
type presetValue struct {
	scoring farkle.Scoring
}

// presetNames are the names of package farkle's presets, in its order:
// app, core, facebook, zilch and classic.
var presetNames = func() []string {
	var names []string
	for p := farkle.Scoring(0); ; p++ {
		name, err := p.MarshalText()
		if err != nil {
			return names
		}
		names = append(names, string(name))
	}
}()

// Set reads a preset; any other name is refused with the names, and a
// suggestion if one is close (see suggest).
func (v *presetValue) Set(s string) error {
	p, err := farkle.ParseScoring(s)
	if err != nil {
		msg := "want " + joinOr(presetNames)
		if sg := suggest(s, presetNames); sg != "" {
			msg += "; " + sg
		}
		return errors.New(msg)
	}
	v.scoring = p
	return nil
}

func (v *presetValue) String() string {
	if v == nil {
		return ""
	}
	return v.scoring.String()
}

// title returns the name of the scoring preset for display, such as "App".
func (v *presetValue) title() string {
	n := v.String()
	return strings.ToUpper(n[:1]) + n[1:]
}

// gameRules returns the rules of play of the preset: package game's preset
// of its name (app, zilch and facebook), or for a preset of scoring only
// (core and classic) the play of game.App with the preset's scoring.
func (v *presetValue) gameRules() game.Rules {
	if p, err := game.ParsePreset(v.scoring.String()); err == nil {
		return p.Rules()
	}
	r := game.App.Rules()
	r.Scoring = v.scoring.Rules()
	return r
}

// scoringRulesFlag defines -rules for the commands that score a roll.
func scoringRulesFlag(fs *flag.FlagSet, o *options) {
	fs.Var(&o.rules, "rules", "NAME\tthe scoring rules: app (default), core, facebook, zilch or classic")
}

// playRulesFlag defines -rules for the commands that play a game: the
// same names, read by the same presetValue, as scoringRulesFlag.
func playRulesFlag(fs *flag.FlagSet, o *options) {
	fs.Var(&o.rules, "rules", "NAME\tthe rules of play: app (default), core, facebook, zilch or\n\t\tclassic; core and classic score so under the play of app")
}

// houseOptions are the flags of the house rules of game.Rules, which
// change those of the -rules preset.
type houseOptions struct {
	target       int  // -target
	finalRound   bool // -final-round
	minBank      int  // -min-bank
	minFirstBank int  // -min-first-bank
	penalty      int  // -penalty
	penaltyAfter int  // -penalty-after
	mustRoll     bool // -must-roll

	lowStraight  int  // -low-straight: farkle.Rules.LowStraight
	highStraight int  // -high-straight: farkle.Rules.HighStraight
	toxicTwos    bool // -toxic-twos
	sixOnes      bool // -six-ones
	welfare      bool // -welfare
	bankrupt     bool // -bankrupt
	piggyback    bool // -piggyback
	bonus        int  // -piggyback-bonus
}

// houseFlags defines the flags of the house rules. Each flag is defined
// here once, with its name, value and usage, and every command that takes
// it (play, win, advise) defines it with the same method; a command whose
// solver cannot take the whole range of game.Rules gives a smaller
// largest value. The usage of a bool flag is one line: printFlags reads
// a tab in it as the end of the name of a value.
type houseFlags struct {
	fs *flag.FlagSet
	h  *houseOptions
}

func (f houseFlags) target(hi int) {
	intFlag(f.fs, &f.h.target, "target", 0, 1, hi, fmt.Sprintf("N\tthe score that wins, 1 to %d (default: the rules', 10000)", hi))
}

func (f houseFlags) finalRound() {
	f.fs.BoolVar(&f.h.finalRound, "final-round", true, "the others' last turn (default: the rules', true; =false: none)")
}

func (f houseFlags) minBank(hi int) {
	intFlag(f.fs, &f.h.minBank, "min-bank", 0, 0, hi, fmt.Sprintf("N\tthe smallest turn total that may be banked, 0 to %d", hi))
}

func (f houseFlags) minFirstBank() {
	intFlag(f.fs, &f.h.minFirstBank, "min-first-bank", 0, 0, maxScore, fmt.Sprintf("N\tthe smallest turn total of a player's first bank, 0 to %d", maxScore))
}

func (f houseFlags) penalty() {
	intFlag(f.fs, &f.h.penalty, "penalty", 0, 0, maxScore, fmt.Sprintf("N\tthe points lost on -penalty-after farkles in a row, 0 to\n\t\t%d; -penalty 0: no penalty", maxScore))
}

func (f houseFlags) penaltyAfter() {
	intFlag(f.fs, &f.h.penaltyAfter, "penalty-after", 0, 0, maxPenaltyAfter, fmt.Sprintf("N\tthe farkles in a row that cost -penalty, 1 to %d (0 with\n\t\t-penalty 0)", maxPenaltyAfter))
}

func (f houseFlags) mustRoll() {
	f.fs.BoolVar(&f.h.mustRoll, "must-roll", false, "hot dice must be rolled, not banked")
}

// maxStraight is the largest -low-straight and -high-straight, the
// largest points of a field of farkle.Rules.
const maxStraight = 1_000_000

// shortStraights defines -low-straight and -high-straight, scoring rules
// that every command takes.
func (f houseFlags) shortStraights() {
	intFlag(f.fs, &f.h.lowStraight, "low-straight", 0, 0, maxStraight, fmt.Sprintf("N\tthe points of 1-2-3-4-5 on five dice, 0 to %d (0: none)", maxStraight))
	intFlag(f.fs, &f.h.highStraight, "high-straight", 0, 0, maxStraight, fmt.Sprintf("N\tthe points of 2-3-4-5-6 on five dice, 0 to %d (0: none)", maxStraight))
}

func (f houseFlags) toxicTwos() {
	f.fs.BoolVar(&f.h.toxicTwos, "toxic-twos", false, "a roll of four or more 2s ends the turn as a farkle")
}

func (f houseFlags) sixOnes() {
	f.fs.BoolVar(&f.h.sixOnes, "six-ones", false, "a roll of six 1s wins the game at once")
}

func (f houseFlags) welfare() {
	f.fs.BoolVar(&f.h.welfare, "welfare", false, "hit the target exactly: a bank past it goes to the lowest score")
}

func (f houseFlags) bankrupt() {
	f.fs.BoolVar(&f.h.bankrupt, "bankrupt", false, "-penalty-after farkles in a row cost the whole score (default 3)")
}

func (f houseFlags) piggyback() {
	f.fs.BoolVar(&f.h.piggyback, "piggyback", false, "the next player may take over a bank's turn total and dice left")
}

func (f houseFlags) piggybackBonus() {
	intFlag(f.fs, &f.h.bonus, "piggyback-bonus", 0, 0, maxScore, fmt.Sprintf("N\twith -piggyback: points added to a turn total taken over, 0\n\t\tto %d", maxScore))
}

// scoringRules returns the scoring rules of the -rules preset with the
// short straights of -low-straight and -high-straight, if given.
func (o *options) scoringRules() farkle.Rules {
	r := o.rules.scoring.Rules()
	o.applyStraights(&r)
	return r
}

// applyStraights sets the short straights of r that the flags give.
func (o *options) applyStraights(r *farkle.Rules) {
	if o.set["low-straight"] {
		r.LowStraight = o.house.lowStraight
	}
	if o.set["high-straight"] {
		r.HighStraight = o.house.highStraight
	}
}

// rulesOfPlay returns the rules of play of a command that plays a game:
// those of the -rules preset (presetValue.gameRules), changed by the
// house-rule flags given. -penalty 0 without -penalty-after is no penalty:
// it sets PenaltyAfter to 0 too, but under -bankrupt. -welfare turns the
// final round off and -bankrupt the penalty, unless -final-round or
// -penalty is given, and -bankrupt without -penalty-after under rules
// without a penalty counts three farkles in a row.
func (o *options) rulesOfPlay() game.Rules {
	r, h := o.rules.gameRules(), &o.house
	o.applyStraights(&r.Scoring)
	r.ToxicTwos = r.ToxicTwos || h.toxicTwos
	r.SixOnesWin = r.SixOnesWin || h.sixOnes
	if h.welfare {
		r.Welfare = true
		if !o.set["final-round"] {
			r.FinalRound = false
		}
	}
	r.Piggyback = r.Piggyback || h.piggyback
	if o.set["piggyback-bonus"] {
		r.PiggybackBonus = h.bonus
	}
	if h.bankrupt {
		r.Bankrupt = true
		if !o.set["penalty"] {
			r.Penalty = 0
		}
		if r.PenaltyAfter == 0 && !o.set["penalty-after"] {
			r.PenaltyAfter = 3
		}
	}
	if o.set["target"] {
		r.Target = h.target
	}
	if r.Target == 0 {
		r.Target = game.DefaultTarget
	}
	if o.set["final-round"] {
		r.FinalRound = h.finalRound
	}
	if o.set["min-bank"] {
		r.MinBank = h.minBank
	}
	if o.set["min-first-bank"] {
		r.MinFirstBank = h.minFirstBank
	}
	if o.set["penalty"] {
		r.Penalty = h.penalty
		// Under -bankrupt, PenaltyAfter counts the farkles that cost the
		// score: -penalty 0, which its refusal of a penalty asks for,
		// keeps it.
		if h.penalty == 0 && !o.set["penalty-after"] && !r.Bankrupt {
			r.PenaltyAfter = 0
		}
	}
	if o.set["penalty-after"] {
		r.PenaltyAfter = h.penaltyAfter
	}
	if o.set["must-roll"] {
		r.MustRollHotDice = h.mustRoll
	}
	return r
}

// ruleFlags are the house-rule flags of the fields of game.Rules that
// hold numbers, for the messages of game.Rules.Validate; a field whose
// name holds another's comes first.
var ruleFlags = []struct {
	field, flag string
	value       func(game.Rules) int
}{
	{"PenaltyAfter", "penalty-after", func(r game.Rules) int { return r.PenaltyAfter }},
	{"Penalty", "penalty", func(r game.Rules) int { return r.Penalty }},
	{"MinFirstBank", "min-first-bank", func(r game.Rules) int { return r.MinFirstBank }},
	{"MinBank", "min-bank", func(r game.Rules) int { return r.MinBank }},
	{"Target", "target", func(r game.Rules) int { return r.Target }},
	{"PiggybackBonus", "piggyback-bonus", func(r game.Rules) int { return r.PiggybackBonus }},
}

// boolRuleFlags are the flags of the fields of game.Rules that are
// booleans, for the messages of game.Rules.Validate.
var boolRuleFlags = []struct{ field, flag string }{
	{"FinalRound", "final-round"}, {"Welfare", "welfare"}, {"Bankrupt", "bankrupt"}, {"Piggyback", "piggyback"},
}

// validRulesOfPlay returns rulesOfPlay, checked with game.Rules.Validate:
// rules that it refuses are a usage error that names the flags, such as
// "-penalty-after 3: must be 0 when -penalty is 0", and says when a value
// is the preset's rather than a flag's.
func (o *options) validRulesOfPlay() (game.Rules, error) {
	r := o.rulesOfPlay()
	err := r.Validate()
	if err == nil {
		return r, nil
	}
	var re *farkle.RulesError
	if errors.As(err, &re) {
		var names []string
		for _, f := range ruleFlags {
			names = append(names, f.field, "-"+f.flag)
		}
		for _, f := range boolRuleFlags {
			names = append(names, f.field, "-"+f.flag)
		}
		reason := strings.NewReplacer(names...).Replace(re.Reason)
		for _, f := range boolRuleFlags {
			if f.field == re.Field {
				return r, usagef("-%s: %s", f.flag, reason)
			}
		}
		for _, f := range ruleFlags {
			if f.field != re.Field {
				continue
			}
			from := ""
			if !o.set[f.flag] {
				from = fmt.Sprintf(" (the %s rules')", o.rules.String())
			}
			return r, usagef("-%s %d%s: %s", f.flag, f.value(r), from, reason)
		}
	}
	return r, &usageError{err.Error()}
}
