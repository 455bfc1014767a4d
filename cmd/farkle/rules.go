package main

import (
	"errors"
	"flag"
	"strings"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// presetValue is the -rules flag of every command: one of package
// farkle's presets, in any case. The commands that score (farkle DICE,
// score, advise) use its scoring rules; those that play a game (play,
// win, advise -scores) its rules of play, gameRules.
type presetValue struct {
	scoring farkle.Preset
}

// presetNames are the names of package farkle's presets, in its order:
// app, core, facebook, zilch and classic.
var presetNames = func() []string {
	var names []string
	for p := farkle.Preset(0); ; p++ {
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
	p, err := farkle.ParsePreset(s)
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
