package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

const winLong = `Print the chance that the first player wins a game of two players who
both play to win, from the start, and the fairest komi: the head start
for the second player that brings that chance closest to one half. The
game is solved exactly (package strategy/win, Solve): seconds for target
10,000, about half a minute with a penalty for farkles in a row (Zilch's
final round, a few minutes).

The rules of play: -rules app, zilch and facebook are those of package
game's presets (app: no minimum to bank, no penalty, a final round;
zilch and facebook: bank at 300 or more, the third farkle in a row costs
500, a final round); core and classic score so under the play of app.
-target, -final-round, -min-bank, -min-first-bank, -penalty and
-penalty-after change the preset's, as for 'farkle play'. Under
-min-first-bank both players start off the board; with a penalty scores
go down to -2500 at most. For example the model of M. Busche and T.
Neller (Core scoring, target 10,000, no final round, no minimum to bank,
no penalty), whose fairest komi is 200:

  farkle win -rules core -target 10000 -final-round=false

-players 3 solves the game of three players instead: each seat's chance to win in order of play ("seat_win"
with -json), and the fairest head starts for the second and third
player, multiples of 50 that bring the three chances closest to a third
each. It solves Core or App scoring, a minimum bank, an opening minimum
and the final round (each other player has one last turn), but no
penalty: a second for target 2,000 (a few with a final round), a
quarter of a minute for 5,000 (half a minute with one), about four
minutes for 10,000 (six with one) on two cores. For example:

  farkle win -players 3 -rules core -target 2000 -final-round=false -json

-players 4 solves the game of four players the same way (Core or App
scoring, a minimum bank, an opening minimum and the final round), up to
target 3,200: without a final round seconds for 1,000, one to two
minutes for 2,000, some eight minutes for 3,000 on two free cores (a
quarter of an hour of CPU); with one half a minute to a minute and a
half of CPU for 1,000, some nine minutes of CPU for 2,000 under Core
scoring. "fairest_head_starts" holds the second, third and fourth
players' head starts. For example:

  farkle win -players 4 -rules core -target 1000 -final-round=false -json

The solved game is cached in the user's cache directory (farkle/win-*.bin,
farkle/win3-*.bin for three players, farkle/win4-*.bin for four),
so the same rules are solved once; -cache DIR caches elsewhere, -cache ""
not at all. Progress goes to the standard error when it is a terminal; an
interrupt stops the solve.
`

// winOptions are the flags of "farkle win", and those of "farkle advise"
// that advise for the win.
type winOptions struct {
	json      bool    // win -json
	cache     string  // win and advise -cache
	scores    [2]int  // advise -scores
	hasScores bool    // advise -scores given
	farkles   [2]int  // advise -farkles
	onBoard   [2]bool // advise -on-board (set["on-board"]): the players on the board
	players   int     // win -players: 2, 3 or 4
}

// maxWinTarget is the largest -target of win: the table of the scores
// must fit win.Table.
const maxWinTarget = 100_000

// userCacheDir returns the user's cache directory; tests replace it.
var userCacheDir = os.UserCacheDir

// solveWin solves the game; tests replace it, to refuse what takes long.
var solveWin = win.Solve

// winFlags defines the flags of "farkle win".
func winFlags(fs *flag.FlagSet, o *options) {
	fs.BoolVar(&o.win.json, "json", false, "print one JSON object")
	intFlag(fs, &o.win.players, "players", 2, 2, 4, "N\tthe number of players, 2, 3 or 4 (default 2)")
	cacheFlag(fs, o)
	playRulesFlag(fs, o)
	house := houseFlags{fs, &o.house}
	house.finalRound()
	house.target(maxWinTarget)
	house.minBank(maxScore)
	house.minFirstBank()
	house.penalty()
	house.penaltyAfter()
	house.shortStraights()
	house.toxicTwos()
	house.sixOnes()
	house.bankrupt()
}

func cacheFlag(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.win.cache, "cache", "", "DIR\tthe directory of the solved games (default: farkle in the\n\t\tuser's cache directory); \"\" caches nothing")
}

// winRules returns the rules of play of the game to solve: those of
// -rules and the house-rule flags given, checked (options.validRulesOfPlay).
func winRules(o *options) (game.Rules, error) {
	return o.validRulesOfPlay()
}

// describeRules describes the rules of play, such as "Core rules, target
// 10000, no final round, no minimum to bank, no penalty".
func describeRules(o *options, r game.Rules) string {
	s := fmt.Sprintf("%s rules, target %d", o.rules.title(), r.Target)
	if r.FinalRound {
		s += ", final round"
	} else {
		s += ", no final round"
	}
	if r.MinBank > 0 {
		s += fmt.Sprintf(", bank at %d or more", r.MinBank)
	} else {
		s += ", no minimum to bank"
	}
	if r.MinFirstBank > 0 {
		s += fmt.Sprintf(", first bank at %d or more", r.MinFirstBank)
	}
	switch {
	case r.Penalty > 0:
		s += fmt.Sprintf(", farkle %d in a row costs %d", r.PenaltyAfter, r.Penalty)
	case r.Bankrupt:
		s += fmt.Sprintf(", farkle %d in a row costs the whole score", r.PenaltyAfter)
	default:
		s += ", no penalty"
	}
	if r.MustRollHotDice {
		s += ", hot dice must roll"
	}
	return s + houseRulesText(r)
}

// houseRulesText describes the house rules of r beyond its preset's and
// the flags of the other rules of play: the short straights and the
// house rules of play, each as ", ...", or "".
func houseRulesText(r game.Rules) string {
	s := ""
	if v := r.Scoring.LowStraight; v > 0 {
		s += fmt.Sprintf(", 1-2-3-4-5 scores %d", v)
	}
	if v := r.Scoring.HighStraight; v > 0 {
		s += fmt.Sprintf(", 2-3-4-5-6 scores %d", v)
	}
	if r.ToxicTwos {
		s += ", four 2s end the turn"
	}
	if r.SixOnesWin {
		s += ", six 1s win"
	}
	if r.Welfare {
		s += ", hit the target exactly (welfare)"
	}
	switch {
	case r.Piggyback && r.PiggybackBonus > 0:
		s += fmt.Sprintf(", piggyback with %d more", r.PiggybackBonus)
	case r.Piggyback:
		s += ", piggyback"
	}
	return s
}

// runWin runs "farkle win".
func runWin(e *env, o *options, args []string) error {
	if len(args) > 0 {
		return usagef("win takes no arguments, not %q", args[0])
	}
	r, err := winRules(o)
	if err != nil {
		return err
	}
	if o.win.players >= 3 {
		return runWinN(e, o, r, o.win.players)
	}
	t, err := winTable(e, o, r, 2)
	if err != nil {
		return err
	}
	first := t.SeatWin()[0]
	komi, komiFirst := t.FairestKomi()
	if o.win.json {
		out := struct {
			Rules          game.Rules `json:"rules"`
			FirstPlayerWin float64    `json:"first_player_win"`
			FairestKomi    int        `json:"fairest_komi"`
			KomiFirstWin   float64    `json:"first_player_win_with_komi"`
		}{r, first, komi, komiFirst}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "%s\n", b)
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "%s.\n", describeRules(o, r))
	fmt.Fprintf(w, "The first player wins %.3f%% of games, both playing to win.\n", 100*first)
	fmt.Fprintf(w, "Fairest komi: %d points for the second player; the first player then wins %.3f%%.\n", komi, 100*komiFirst)
	return nil
}

// winTable returns the solved game of r for the players (2, 3 or 4): from
// the cache if it holds it, else solved, with progress on a terminal, and
// cached (win.Options.Cache).
func winTable(e *env, o *options, r game.Rules, players int) (*win.Table, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := win.Options{Players: players, Cache: cacheDir(e, o)}
	what := "the game"
	switch players {
	case 3:
		what = "the game of three"
	case 4:
		what = "the game of four"
	}
	var clear func()
	opts.Progress, clear = solveProgress(e, what)
	defer clear()
	t, err := solveWin(ctx, r, opts)
	switch {
	case errors.Is(err, context.Canceled):
		return nil, errors.New("interrupted")
	case errors.Is(err, win.ErrTooLarge) && o.set["min-bank"] && r.MinBank > r.Target:
		return nil, usagef("-min-bank %d: too large a game to solve under the %s rules", r.MinBank, o.rules.String())
	case errors.Is(err, win.ErrTooLarge) && players == 3:
		return nil, usagef("-target %d: too large a game of three to solve under the %s rules", r.Target, o.rules.String())
	case errors.Is(err, win.ErrTooLarge) && players == 4:
		return nil, usagef("-target %d: too large a game of four to solve under the %s rules", r.Target, o.rules.String())
	case errors.Is(err, win.ErrTooLarge):
		return nil, usagef("-target %d: too large a game to solve under the %s rules", r.Target, o.rules.String())
	case errors.Is(err, win.ErrRules) && players >= 3:
		return nil, usagef("%s", oneLine(err.Error()))
	case err != nil:
		return nil, err
	}
	return t, nil
}

// cacheDir returns the directory of the solved games: -cache DIR, or
// farkle in the user's cache directory; "" for none.
func cacheDir(e *env, o *options) string {
	if o.set["cache"] {
		if o.win.cache == "" {
			return ""
		}
		return e.path(o.win.cache)
	}
	d, err := userCacheDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "farkle")
}

// solveProgress returns a solve's Progress function, which shows
// "solving WHAT: N% (Ts)" on e's stderr when it is a terminal, at most
// ten times a second, and clear, which clears that line; a nil Progress
// and a clear that does nothing when stderr is no terminal.
func solveProgress(e *env, what string) (progress func(done, total int), clear func()) {
	tty := terminal(e.stderr)
	if tty == nil {
		return nil, func() {}
	}
	start := time.Now()
	last := time.Time{}
	progress = func(done, total int) {
		if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || done == total {
			last = now
			fmt.Fprintf(tty, "\rsolving %s: %3d%% (%.0fs)", what, 100*done/max(total, 1), now.Sub(start).Seconds())
		}
	}
	return progress, func() { fmt.Fprint(tty, "\r\033[K") }
}

// terminal returns the terminal that w writes to, or nil if w is not a
// terminal.
func terminal(w io.Writer) io.Writer {
	inner := w
	if ew, ok := w.(*errWriter); ok {
		inner = ew.w
	}
	f, ok := inner.(*os.File)
	if !ok {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return w
}

// scoresValue is the -scores flag of advise: MINE,THEIRS. A score may be
// negative (penalties), down to the floor of the solver.
type scoresValue struct{ o *winOptions }

func (v scoresValue) Set(s string) error {
	p, err := parsePair(s, "want MINE,THEIRS: two scores and a comma", win.DefaultFloor, maxWinTarget)
	if err != nil {
		return err
	}
	v.o.scores, v.o.hasScores = p, true
	return nil
}

// parsePair reads two integers from lo to hi and a comma between them.
func parsePair(s, want string, lo, hi int) ([2]int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return [2]int{}, errors.New(want)
	}
	var p [2]int
	for i, part := range []string{a, b} {
		part = strings.TrimSpace(part)
		neg := strings.HasPrefix(part, "-")
		n, err := parseNumber(strings.TrimPrefix(part, "-"), 0, max(hi, -lo))
		if err == nil && neg {
			n = -n
		}
		if err == nil && (n < lo || n > hi) {
			err = fmt.Errorf("out of range: want %d to %d", lo, hi)
		}
		if err != nil {
			return [2]int{}, fmt.Errorf("%s: %w", part, err)
		}
		p[i] = n
	}
	return p, nil
}

// farklesValue is the -farkles flag of advise: MINE,THEIRS, the farkles
// in a row of the two players.
type farklesValue struct{ o *winOptions }

func (v farklesValue) Set(s string) error {
	p, err := parsePair(s, "want MINE,THEIRS: two counts and a comma", 0, maxPenaltyAfter)
	if err != nil {
		return err
	}
	v.o.farkles = p
	return nil
}

func (v farklesValue) String() string {
	if v.o == nil {
		return ""
	}
	return fmt.Sprintf("%d,%d", v.o.farkles[0], v.o.farkles[1])
}

// onBoardValue is the -on-board flag of advise: the players who have
// banked, none, mine, theirs or both.
type onBoardValue struct{ o *winOptions }

var onBoardNames = []string{"none", "mine", "theirs", "both"}

func (v onBoardValue) Set(s string) error {
	i := slices.Index(onBoardNames, strings.ToLower(s))
	if i < 0 {
		return errors.New("want " + joinOr(onBoardNames))
	}
	v.o.onBoard = [2]bool{i&1 != 0, i&2 != 0}
	return nil
}

func (v onBoardValue) String() string {
	if v.o == nil {
		return ""
	}
	i := 0
	if v.o.onBoard[0] {
		i |= 1
	}
	if v.o.onBoard[1] {
		i |= 2
	}
	return onBoardNames[i]
}

func (v scoresValue) String() string {
	if v.o == nil || !v.o.hasScores {
		return ""
	}
	return fmt.Sprintf("%d,%d", v.o.scores[0], v.o.scores[1])
}

// adviseWin runs "farkle advise -scores": advice for the win.
func adviseWin(e *env, o *options, roll []farkle.Die) error {
	r, err := winRules(o)
	if err != nil {
		return err
	}
	mine, theirs := o.win.scores[0], o.win.scores[1]
	if mine >= r.Target || theirs >= r.Target {
		return usagef("-scores %d,%d: a score of %d or more has won the game", mine, theirs, r.Target)
	}
	if (mine < 0 || theirs < 0) && r.Penalty == 0 {
		return usagef("-scores %d,%d: without a penalty no score is negative", mine, theirs)
	}
	if o.set["farkles"] && r.Penalty == 0 && !r.Bankrupt {
		return usagef("-farkles needs a penalty (-penalty or -bankrupt, or rules with one)")
	}
	if f := o.win.farkles; f[0] >= max(r.PenaltyAfter, 1) || f[1] >= max(r.PenaltyAfter, 1) {
		return usagef("-farkles %d,%d: farkles in a row are 0 to %d, the next one costs the penalty", f[0], f[1], r.PenaltyAfter-1)
	}
	// On the board: those -on-board names, else those with a positive
	// score (a positive score is on the board in any case).
	on := [2]bool{mine > 0, theirs > 0}
	if o.set["on-board"] {
		on = o.win.onBoard
	}
	// Off the board, play reaches 0 less penalties and the floor only:
	// say so before a solve, which takes half a minute with a penalty.
	for i, sc := range [2]int{mine, theirs} {
		if r.MinFirstBank > r.MinBank && r.Penalty > 0 && !on[i] && sc < 0 && sc%r.Penalty != 0 && sc != win.DefaultFloor {
			return usagef("-scores %d,%d: off the board a score is 0 less penalties of %d, or the floor %d; -on-board says who has banked",
				mine, theirs, r.Penalty, win.DefaultFloor)
		}
	}
	t, err := winTable(e, o, r, 2)
	if err != nil {
		return err
	}
	s := win.State{Scores: []int{mine, theirs}, TurnTotal: o.total, Farkles: o.win.farkles[:], OnBoard: on[:]}
	adv, err := t.Advise(s, roll)
	var se *win.StateError
	switch {
	case errors.Is(err, win.ErrTurnTotal):
		return usagef("-total %d: not a turn total of the %s rules, which score in steps of %d", o.total, o.rules.String(), t.Step())
	case errors.Is(err, win.ErrScore) && (mine%t.Step() != 0 || theirs%t.Step() != 0):
		return usagef("-scores %d,%d: scores of the %s rules are multiples of %d", mine, theirs, o.rules.String(), t.Step())
	case errors.As(err, &se):
		return usagef("-scores %d,%d: %s", mine, theirs, strings.TrimPrefix(se.Error(), "win: "))
	case err != nil:
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "%s.\n", describeRules(o, r))
	fmt.Fprintf(w, "Rolled %s with %d in the turn, %d against %d%s.\n", joinDice(roll), o.total, mine, theirs, describeState(r, s))
	if adv.Farkle {
		if h, _ := farkle.HandOf(roll); r.ToxicTwos && h.Count(2) >= 4 {
			fmt.Fprintf(w, "Farkle: four or more 2s end the turn (toxic twos), which scores 0; chance to win %s.\n", percent(adv.Chance))
			return nil
		}
		fmt.Fprintf(w, "Farkle: nothing to keep, the turn scores 0; chance to win %s.\n", percent(adv.Chance))
		return nil
	}
	if adv.Chance == 1 && len(adv.Choices) == 0 {
		fmt.Fprintln(w, "Six 1s: the game is won.")
		return nil
	}
	best := adv.Choices[0]
	fmt.Fprintf(w, "Keep %s (%s) and ", joinDice(best.Keep.Dice()), adviseCombos(best.Keep))
	if best.Bank {
		fmt.Fprintf(w, "bank %d: chance to win %s.\n", best.TurnTotal, percent(best.Chance))
	} else {
		fmt.Fprintf(w, "roll %s: chance to win %s.\n", winDiceLeft(best), percent(best.Chance))
	}
	fmt.Fprintln(w, "Choices, with the chance to win:")
	for _, c := range adv.Choices {
		kept := joinDice(c.Keep.Dice())
		bank := "bank not allowed"
		if c.CanBank {
			bank = fmt.Sprintf("bank %d: %s", c.TurnTotal, percent(c.BankChance))
		}
		fmt.Fprintf(w, "  keep %s (%d): roll %s: %s; %s\n", kept, c.TurnTotal, winDiceLeft(c), percent(c.Roll), bank)
	}
	return nil
}

// describeState describes what of s the rules make matter, after the
// scores: the farkles in a row with a penalty, and who is off the board
// under an opening minimum, such as " (farkles in a row 1 and 0; you
// are off the board)"; "" when nothing does.
func describeState(r game.Rules, s win.State) string {
	var parts []string
	if r.Penalty > 0 {
		parts = append(parts, fmt.Sprintf("farkles in a row %d and %d", s.Farkles[0], s.Farkles[1]))
	}
	if r.MinFirstBank > r.MinBank {
		myOff, theirOff := !s.OnBoard[0] && s.Scores[0] <= 0, !s.OnBoard[1] && s.Scores[1] <= 0
		switch {
		case myOff && theirOff:
			parts = append(parts, "both off the board")
		case myOff:
			parts = append(parts, "you are off the board")
		case theirOff:
			parts = append(parts, "they are off the board")
		default:
			parts = append(parts, "both on the board")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// percent prints a chance as a percentage, such as "53.695%".
func percent(p float64) string { return fmt.Sprintf("%.3f%%", 100*p) }

func winDiceLeft(c win.Choice) string {
	s := countDice(c.DiceLeft)
	if c.HotDice {
		s += " (hot dice)"
	}
	return s
}
