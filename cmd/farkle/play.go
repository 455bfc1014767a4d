package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// playCommands are the commands of a game, for its usage and for "help".
const playCommands = `  roll, r          roll the dice left
  keep DICE, k     set aside dice of the roll: keep 1 5 5, k 155
  best             set aside the best keep of the roll
  bank, b          bank the turn total and end the turn
  piggyback, p     take over the last bank's turn total and dice, under
                   -piggyback, instead of rolling six dice
  hint             list the keeps of the roll
  score, s         show the scores
  save [-f] FILE   save the game as JSON, to resume with -load FILE;
                   FILE must not exist, unless -f
  help, h, ?       list the commands
  quit, q, exit    stop playing
`

const playLong = `Play Farkle in the terminal against 1 to 7 bots that keep the best dice
and bank at a turn total (-bank). You play the first player. The commands
are read from standard input, one a line, so a script can play too:

` + playCommands + `
Blank lines and lines starting with # are skipped; a line longer than
4096 bytes is a bad command. A move that the rules refuse, or a bad
command, says why, and the game goes on. The exit status is 0 when the
game is over or on quit, 1 if the input ends first or the output cannot
be written.

The rules of play are those of -rules: app, zilch and facebook are
package game's presets (app: target 10,000, no minimum to bank, no
penalty, a final round; zilch and facebook: bank at 300 or more, the
third farkle in a row costs 500, a final round); core and classic score
so under the play of app. The house-rule flags -target, -final-round,
-min-bank, -min-first-bank, -penalty, -penalty-after, -must-roll,
-low-straight, -high-straight, -toxic-twos, -six-ones, -welfare,
-bankrupt, -piggyback and -piggyback-bonus change the preset's rules,
and mean the same in 'farkle win' and 'farkle advise', which take some
of them. -penalty 0 is no penalty. -welfare turns the final round off,
and -bankrupt the penalty, unless -final-round or -penalty is given.
Rules that do not go together, such as -penalty 500 under app without
-penalty-after, are a usage error. The first line of the game states
the target and each house rule that is not app's.

A saved game keeps its rules, players and dice: -load refuses -rules,
the house-rule flags, -bots and -name, and -seed unless the game was
saved without its dice.
`

// maxLine is the longest command line of a game, in bytes.
const maxLine = 4096

// maxSave is the largest saved game that -load reads, in bytes.
const maxSave = 64 << 20

// playFlags defines the flags of "farkle play".
func playFlags(fs *flag.FlagSet, o *options) {
	intFlag(fs, &o.bank, "bank", 350, 0, maxScore, "N\tthe turn total at which the bots bank, 0 to 100000000 (default 350)")
	fs.StringVar(&o.bot, "bot", "threshold", "NAME\thow the bots play: threshold (bank at -bank) or win (play to\n\t\twin, by the solved game, as farkle win solves it)")
	intFlag(fs, &o.bots, "bots", 1, 1, game.MaxPlayers-1, "N\tthe number of bots, 1 to 7 (default 1)")
	fs.StringVar(&o.load, "load", "", "FILE\tresume the game saved in FILE, you playing the first player")
	fs.StringVar(&o.name, "name", "You", "NAME\tyour name, not a bot's (default You)")
	playRulesFlag(fs, o)
	intFlag(fs, &o.seed, "seed", 0, 0, math.MaxUint64, "N\tthe seed of the dice, 0 to 18446744073709551615 (default: from\n\t\tthe clock); a seed replays a game")
	house := houseFlags{fs, &o.house}
	house.target(maxScore)
	house.finalRound()
	house.minBank(maxScore)
	house.minFirstBank()
	house.penalty()
	house.penaltyAfter()
	house.mustRoll()
	house.shortStraights()
	house.toxicTwos()
	house.sixOnes()
	house.welfare()
	house.bankrupt()
	house.piggyback()
	house.piggybackBonus()
}

// playRuleFlags are the flags of play that set its rules: -load refuses
// them.
var playRuleFlags = []string{"bankrupt", "final-round", "high-straight", "low-straight", "min-bank", "min-first-bank", "must-roll", "penalty", "penalty-after", "piggyback", "piggyback-bonus", "rules", "six-ones", "target", "toxic-twos", "welfare"}

// runPlay runs "farkle play".
func runPlay(e *env, o *options, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q: play takes only flags", args[0])
	}
	seed := o.seed
	if !o.set["seed"] {
		seed = e.seed()
	}
	var g *game.Game
	var origin string
	if o.load != "" {
		var err error
		if g, err = loadGame(e, o.load); err != nil {
			return err
		}
		var conflicts []string
		flags := append([]string{"bots", "name", "seed"}, playRuleFlags...)
		slices.Sort(flags)
		for _, f := range flags {
			if o.set[f] && (f != "seed" || g.HasSource()) {
				conflicts = append(conflicts, "-"+f)
			}
		}
		if len(conflicts) > 0 {
			return usagef("-load cannot go with %s: a saved game keeps its rules, players and dice", joinOr(conflicts))
		}
		if !g.HasSource() { // saved without one
			g.SetSource(rand.NewPCG(seed, 0))
		}
		origin = "Resumed from " + o.load + "."
	} else {
		rules, err := o.validRulesOfPlay()
		if err != nil {
			return err
		}
		names := []string{o.name}
		for i := 1; i <= o.bots; i++ {
			bot := "Bot"
			if o.bots > 1 {
				bot += " " + strconv.Itoa(i)
			}
			if strings.EqualFold(strings.TrimSpace(o.name), bot) {
				return usagef("-name %q: a bot has that name; choose another", o.name)
			}
			names = append(names, bot)
		}
		g, err = game.New(rules, names, rand.NewPCG(seed, 0))
		var pe *game.PlayersError
		if errors.As(err, &pe) {
			return usagef("-name %q: %s", o.name, pe.Reason)
		}
		if err != nil {
			return err
		}
		origin = fmt.Sprintf("Seed %d.", seed)
	}
	bot, err := playBot(e, o, g)
	if err != nil {
		return err
	}
	p := &playSession{e: e, g: g, bot: bot, in: bufio.NewReader(e.stdin)}
	return p.run(origin)
}

// playBot returns the bots' play of -bot for the game g: a threshold bot,
// or one that plays to win by the solved game of two players against one
// bot, of three against two, of four against more where the game of four
// is solved quickly (see solves4), else of three.
func playBot(e *env, o *options, g *game.Game) (game.Bot, error) {
	switch strings.ToLower(o.bot) {
	case "threshold":
		return game.ThresholdBot{BankAt: o.bank}, nil
	case "win":
	default:
		return nil, usagef("-bot %q: want threshold or win", o.bot)
	}
	players := min(g.View().NumPlayers(), 3) // more play by a table of three
	if r := g.View().Rules(); g.View().NumPlayers() >= 4 && solves4(r) {
		players = 4
	}
	t, err := winTable(e, o, g.View().Rules(), players)
	if err != nil {
		return nil, err
	}
	return win.Bot{Table: t}, nil
}

// maxPlayWin4Target is the largest target of a game that play and serve
// solve for four players: some 20 CPU seconds under Core scoring, once,
// with the cache.
const maxPlayWin4Target = 1_500

// solves4 reports whether play and serve solve the game of four players
// under r:
// no final round and none of the rules that the solver of four refuses.
func solves4(r game.Rules) bool {
	return r.Target > 0 && r.Target <= maxPlayWin4Target && !r.FinalRound && r.Penalty == 0 && !r.Bankrupt && !r.MustRollHotDice &&
		!r.ToxicTwos && !r.SixOnesWin && !r.Welfare && !r.Piggyback
}

// loadGame reads the game saved in the file name, for -load.
func loadGame(e *env, name string) (*game.Game, error) {
	path := e.path(name)
	fi, err := os.Stat(path)
	if err != nil {
		return nil, usagef("-load %s: %v", name, pathError(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, usagef("-load %s: not a file", name)
	}
	if fi.Size() > maxSave {
		return nil, usagef("-load %s: not a saved game: larger than %d bytes", name, maxSave)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("-load %s: %v", name, pathError(err))
	}
	defer f.Close()
	g, err := game.Load(f, game.Limits{MaxBytes: maxSave})
	if errors.Is(err, game.ErrSaveTooLarge) {
		return nil, usagef("-load %s: not a saved game: larger than %d bytes", name, maxSave)
	}
	if err != nil {
		return nil, usagef("-load %s: not a saved game: %v", name, err)
	}
	if n := g.View().NumPlayers(); n < 2 {
		return nil, usagef("-load %s: a game of %d player; play needs 2 players or more", name, n)
	}
	return g, nil
}

// pathError returns the reason of a file's error without its path, which
// the messages give as the user gave it.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// joinOr returns "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// playSession runs a game with a human as player 0 and bots for the others.
type playSession struct {
	e    *env
	g    *game.Game
	bot  game.Bot
	in   *bufio.Reader
	seen int // events printed: the history is read from there on
}

func (p *playSession) run(origin string) error {
	g, w := p.g, p.e.stdout
	players := g.View().Players()
	r := g.View().Rules()
	target := r.Target
	if target == 0 {
		target = game.DefaultTarget
	}
	bots := "1 bot"
	if n := len(players) - 1; n > 1 {
		bots = strconv.Itoa(n) + " bots"
	}
	fmt.Fprintf(w, "Farkle: %s against %s, first to %d", players[0].Name, bots, target)
	if !r.FinalRound {
		fmt.Fprint(w, ", no final round")
	}
	if r.MinBank > 0 {
		fmt.Fprintf(w, ", bank at %d or more", r.MinBank)
	}
	if r.MinFirstBank > 0 {
		fmt.Fprintf(w, ", first bank at %d or more", r.MinFirstBank)
	}
	switch {
	case r.Penalty > 0 && r.PenaltyAfter == 1:
		fmt.Fprintf(w, ", a farkle costs %d", r.Penalty)
	case r.Penalty > 0:
		fmt.Fprintf(w, ", %d farkles in a row cost %d", r.PenaltyAfter, r.Penalty)
	case r.Bankrupt && r.PenaltyAfter == 1:
		fmt.Fprint(w, ", a farkle costs the whole score")
	case r.Bankrupt:
		fmt.Fprintf(w, ", %d farkles in a row cost the whole score", r.PenaltyAfter)
	}
	if r.MustRollHotDice {
		fmt.Fprint(w, ", hot dice must be rolled")
	}
	fmt.Fprint(w, houseRulesText(r))
	fmt.Fprintf(w, ". %s Type help for the commands.\n", origin)
	p.show() // a loaded game's history
	for {
		if writeError(w) != nil {
			// Nothing of the game can be shown: stop. run says why.
			return errRefused
		}
		for !g.View().Over() && g.View().Current() != 0 {
			if err := g.PlayTurn(p.bot); err != nil {
				return fmt.Errorf("bot: %v", err)
			}
			p.show()
		}
		if g.View().Over() {
			win, _ := g.View().Winner()
			fmt.Fprintf(w, "Game over: %s won. Scores: %s.\n", g.View().Players()[win].Name, p.scores())
			return nil
		}
		p.prompt()
		line, err := p.readCommand()
		switch {
		case errors.Is(err, errLongLine):
			p.tell("That line is longer than %d bytes: type help for the commands.", maxLine)
			continue
		case err == io.EOF:
			return errors.New("input ended before the game was over")
		case err != nil:
			return fmt.Errorf("reading input: %v", err)
		}
		if quit := p.do(line); quit {
			fmt.Fprintf(w, "Bye. Scores: %s.\n", p.scores())
			return nil
		}
		p.show()
	}
}

// errLongLine is a line longer than maxLine.
var errLongLine = errors.New("line too long")

// readCommand returns the next line that is not blank nor a comment, with
// no space around it.
func (p *playSession) readCommand() (string, error) {
	for {
		line, err := readLine(p.in)
		if err != nil {
			return "", err
		}
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			return line, nil
		}
	}
}

// readLine returns the next line of r without its end. A line longer than
// maxLine is read to its end, and gives errLongLine. At the end of the
// input it returns io.EOF.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(buf)+len(chunk) > maxLine+2 { // the line, "\r\n"
				long, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && len(buf) == 0 && !long {
			return "", io.EOF
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		break // a line, or the last line without its end
	}
	line := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
	if long || len(line) > maxLine {
		return "", errLongLine
	}
	return line, nil
}

// tell prints a message to the player: a move that the rules refuse, or
// a bad command.
func (p *playSession) tell(format string, args ...any) {
	fmt.Fprintf(p.e.stderr, format+"\n", args...)
}

// prompt asks the human player, player 0, for a move. The roll is shown
// ascending, as in the history ("You rolled 1 2 3 3 5 6").
func (p *playSession) prompt() {
	v, w := p.g.View(), p.e.stdout
	if roll, _ := farkle.HandOf(v.Roll()); roll.Len() > 0 {
		fmt.Fprintf(w, "Your roll: %s (turn total %d). Keep which dice?\n", roll, v.TurnTotal())
		return
	}
	if total, left, ok := v.Offer(); ok {
		fmt.Fprintf(w, "Your turn (score %d). Roll, or piggyback %d with %s?\n", v.Player(0).Score, total, countDice(left))
		return
	}
	if v.TurnTotal() == 0 {
		fmt.Fprintf(w, "Your turn (score %d). Roll?\n", v.Player(0).Score)
		return
	}
	ask := "Roll or bank?"
	if p.g.Can(game.ActionBank) != nil { // hot dice that must be rolled, or under the minimum
		ask = "Roll?"
	}
	fmt.Fprintf(w, "Turn total %d, %s to roll. %s\n", v.TurnTotal(), countDice(v.DiceLeft()), ask)
}

// do runs one command; it reports whether to quit. A command given words
// that it does not take is refused, and the game goes on.
func (p *playSession) do(line string) bool {
	g := p.g
	name := g.View().Players()[0].Name
	cmd, rest := line, ""
	if i := strings.IndexFunc(line, unicode.IsSpace); i >= 0 {
		cmd, rest = line[:i], strings.TrimSpace(line[i:])
	}
	// alone reports whether the command has nothing after it, and
	// refuses it if it has: form is how to type it.
	alone := func(form string) bool {
		if rest != "" {
			p.tell("Too many words in %q: type %s, alone.", line, form)
			return false
		}
		return true
	}
	var err error
	switch strings.ToLower(cmd) {
	case "roll", "r":
		if alone("roll, or r") {
			err = g.Roll()
		}
	case "keep", "k":
		if err = g.Can(game.ActionKeep); err != nil {
			break // "roll the dice first", whatever the dice
		}
		dice, perr := parseDice([]string{rest})
		switch {
		case perr != nil:
			p.tell("%s, %v.", name, perr)
			return false
		case len(dice) == 0:
			p.tell("%s, keep which dice? Such as: keep 1 5.", name)
			return false
		}
		err = p.keep(dice)
	case "best":
		if !alone("best") {
			break
		}
		if err = g.Can(game.ActionKeep); err == nil {
			var best farkle.Partition
			if best, err = g.View().Scorer().BestKeep(g.View().Roll()); err == nil {
				err = g.Keep(best.Dice()) // the best keep is always legal
			}
		}
	case "bank", "b":
		if alone("bank, or b") {
			err = g.Bank()
		}
	case "piggyback", "p":
		if alone("piggyback, or p") {
			err = g.Piggyback()
		}
	case "hint":
		if !alone("hint") {
			break
		}
		if err = g.Can(game.ActionKeep); err == nil {
			keeps, _ := g.View().Scorer().Keeps(g.View().Roll())
			for _, k := range keeps {
				fmt.Fprintf(p.e.stdout, "  keep %s for %d\n", joinDice(k.Dice()), k.Points())
			}
		}
	case "score", "s":
		if alone("score, or s") {
			fmt.Fprintf(p.e.stdout, "Scores: %s.\n", p.scores())
		}
	case "save":
		p.save(line, rest)
	case "help", "h", "?":
		if alone("help, h or ?") {
			fmt.Fprint(p.e.stdout, playCommands)
		}
	case "quit", "q", "exit":
		return alone("quit, q or exit")
	default:
		p.tell("Unknown command %q: type help for the commands.", cmd)
	}
	if err != nil {
		p.tell("%s", p.explain(err))
	}
	return false
}

// keep sets aside dice, and explains a keep that the rules refuse.
func (p *playSession) keep(dice []farkle.Die) error {
	roll := p.g.View().Roll()
	err := p.g.Keep(dice)
	var de *farkle.DiceError
	if roll != nil && errors.As(err, &de) {
		p.tell("%s, you cannot keep %s: %s.", p.g.View().Players()[0].Name, joinDice(dice), keepError(roll, de))
		return nil
	}
	return err
}

// explain turns the error of a move of the human player into a sentence,
// such as "Ann, roll the dice first.".
func (p *playSession) explain(err error) string {
	g := p.g
	name := g.View().Players()[0].Name
	var ae *game.ActionError
	var action game.Action
	if errors.As(err, &ae) {
		action = ae.Action
	}
	var me *game.MinimumError
	switch {
	case errors.Is(err, game.ErrNotRolled):
		if action == game.ActionKeep && g.View().TurnTotal() > 0 {
			return fmt.Sprintf("%s, you have kept dice of this roll already: roll the %s left, or bank.", name, countDice(g.View().DiceLeft()))
		}
		return name + ", roll the dice first."
	case errors.Is(err, game.ErrAlreadyRolled):
		then := "roll again"
		if action == game.ActionBank {
			then = "bank"
		}
		return fmt.Sprintf("%s, keep some dice of this roll before you %s: keep DICE, or best.", name, then)
	case errors.As(err, &me):
		return fmt.Sprintf("%s, you may bank %d or more only, and your turn total is %d: roll on.", name, me.Need, me.Have)
	case errors.Is(err, game.ErrMustRoll):
		return name + ", hot dice must be rolled: roll the six dice again."
	case errors.Is(err, game.ErrGameOver):
		return "The game is over."
	case errors.Is(err, game.ErrNoOffer):
		if !g.View().Rules().Piggyback {
			return name + ", these rules have no piggyback (-piggyback)."
		}
		return name + ", there is no bank to take over: only a bank with dice left, before your first roll."
	}
	return name + ", that cannot be done: " + err.Error() + "."
}

// saveForm is how to type "save".
const saveForm = "save [-f] FILE"

// save runs "save [-f] FILE"; line is the whole command, args what
// follows "save".
func (p *playSession) save(line, args string) {
	words := strings.Fields(args)
	force := false
	for len(words) > 0 && strings.HasPrefix(words[0], "-") {
		switch {
		case words[0] == "-f" && !force:
			force = true
		case words[0] == "-f":
			p.tell("-f given twice in %q: type %s.", line, saveForm)
			return
		default:
			p.tell("Unknown flag %q in %q: type %s.", words[0], line, saveForm)
			return
		}
		words = words[1:]
	}
	switch len(words) {
	case 0:
		p.tell("Save to which file? Such as: save game.json.")
		return
	case 1:
	default:
		p.tell("Too many words in %q: type %s; a name with spaces cannot be saved to.", line, saveForm)
		return
	}
	name := words[0]
	data, err := json.MarshalIndent(p.g, "", "\t")
	if err != nil {
		p.tell("Cannot save the game: %v.", err)
		return
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(p.e.path(name), flags, 0o644)
	if errors.Is(err, fs.ErrExist) {
		p.tell("%s exists: to overwrite it, save -f %s.", name, name)
		return
	}
	if err != nil {
		p.tell("Cannot save to %s: %v.", name, pathError(err))
		return
	}
	_, err = f.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		p.tell("Cannot save to %s: %v.", name, pathError(err))
		return
	}
	fmt.Fprintf(p.e.stdout, "Saved to %s.\n", name)
}

// show prints the events not printed yet. It reads only those, so that
// showing the history costs in all time proportional to its length.
func (p *playSession) show() {
	for _, e := range p.g.EventsSince(p.seen) {
		fmt.Fprintln(p.e.stdout, p.g.Describe(e))
		p.seen++
	}
}

func (p *playSession) scores() string {
	var parts []string
	for _, pl := range p.g.View().Players() {
		parts = append(parts, pl.Name+" "+strconv.Itoa(pl.Score))
	}
	return strings.Join(parts, ", ")
}
