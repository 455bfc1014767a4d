// Command farkle scores Farkle dice, checks keeps, gives optimal-strategy
// advice and plays a game against bots in the terminal.
//
// Usage:
//
//	farkle [flags] DICE...             the best keep and the best partition of a roll
//	farkle -keep DICE [flags] DICE...  check a keep from a roll
//	farkle score [flags] DICE...       the same as the two above
//	farkle advise [flags] DICE...      what to keep, and whether to bank
//	farkle play [flags]                play a game against bots
//	farkle win [flags]                 the chance to win, playing to win
//	farkle serve [flags]               play in the browser: a web server
//	farkle help [COMMAND]              the usage of farkle, or of a command
//
// The command, if any, comes first; "farkle help COMMAND" and "farkle
// COMMAND -h" print its usage. Every command reads its arguments the same
// way:
//
//   - Flags may come before or after the dice; "--" ends the flags. A
//     flag may be given once: "-keep 1 -keep 5" is a usage error.
//   - DICE are faces 1 to 6, at most six of them, as separate arguments
//     (1 1 5), with commas (1,1,5), run together (115) or in one quoted
//     argument ("1 1 5").
//   - Numbers are decimal integers (no 0x, no _), and each flag checks its
//     range.
//   - -rules names one of package farkle's presets, in any case, for
//     every command: app, core, facebook, zilch or classic. The commands
//     that score (farkle DICE, score, advise) score so; those that play a
//     game (play, win, advise -scores) play app, zilch and facebook as
//     package game's presets of those names, and core and classic under
//     the play of app (target 10,000, no minimum to bank, no penalty, a
//     final round) with their scoring.
//
// An error in the arguments prints one line that says what is wrong, then
// "run 'farkle -h' for usage" (or 'farkle help COMMAND'). A first word
// that is no command is an unknown command, whatever follows it. For an
// unknown command or -rules name the line ends with a suggestion, such as
// "did you mean play?" for plya: the names closest to it, in any case, if
// they are one edit away, or two for a name of six letters or more (an
// edit is a letter added, removed or changed, or two neighbouring letters
// swapped), else the one name that it starts (adv: advise); a word with
// neither gets no suggestion. A suggestion is never run.
//
// # Scoring a roll
//
// "farkle DICE..." prints the best keep of a roll (the most points, then
// the most dice left to roll), its combinations and the dice left, and the
// best partition of all the dice. With -keep DICE it checks that keep
// instead: allowed, with its points and the dice left, or not allowed, and
// why ("the 2 scores nothing", "the roll has only one 1"). Keeping every
// die of a roll is hot dice: six dice to roll again. "farkle score
// DICE..." is the same, as a command: the word score may be left out.
// Flags:
//
//	-keep DICE   check this keep from the roll
//	-lang TAG    the language of the names of the combinations: cs, en, fi
//	             or nl, in any case, with a region or not (fi-FI); default en
//	-rules NAME  the scoring rules: app (default), core, facebook, zilch or
//	             classic
//	-low-straight N
//	             the points of 1-2-3-4-5 on five dice of one keep, 0 to
//	             1000000 (0, the presets': none)
//	-high-straight N
//	             the points of 2-3-4-5-6 on five dice of one keep, likewise
//
// The short straights are house rules of scoring that every command
// takes: with them the sixth die of a keep of six must score on its own,
// and the interpretation worth most wins.
//
// For example:
//
//	farkle 5 5 5 1 2 3
//	farkle score -keep 1,2 1 2 3 4 6 6
//
// # Advice
//
// "farkle advise DICE..." says which dice to keep from a roll and whether to
// bank after keeping them, with the expected final score of the turn of
// every choice, under the strategy that maximizes the expected score of the
// turn (package strategy). Flags:
//
//	-min-bank N  the smallest turn total that may be banked, 0 to 1000000
//	-must-roll   hot dice must be rolled, not banked
//	-rules NAME  the scoring rules, as above
//	-total N     the turn total before the roll, a multiple of 50 from 0 to
//	             1000000000000
//	-toxic-twos  a roll of four or more 2s ends the turn as a farkle (not
//	             with -scores: the chance to win is not solved under it)
//
// and -low-straight and -high-straight as above.
//
// For example:
//
//	farkle advise 1 5 2 3 4 6 -total 300
//
// # Playing
//
// "farkle play" plays a game against 1 to 7 bots that keep the best dice
// and bank at a turn total. It reads one command a line from standard input,
// so a script can play too:
//
//	roll, r          roll the dice left
//	keep DICE, k     set aside dice of the roll: keep 1 5 5, k 155
//	best             set aside the best keep of the roll
//	bank, b          bank the turn total and end the turn
//	piggyback, p     take over the last bank's turn total and dice, under
//	                 -piggyback, instead of rolling six dice
//	hint             list the keeps of the roll
//	score, s         show the scores
//	save [-f] FILE   save the game as JSON, to resume with -load FILE;
//	                 FILE must not exist, unless -f
//	help, h, ?       list the commands
//	quit, q, exit    stop playing
//
// Blank lines and lines starting with # are skipped; a line longer than
// 4096 bytes is refused as a bad command, and the game goes on. A move that
// the rules refuse, or a bad command (such as a command with words it does
// not take: "roll 5"), says why ("Ann, roll the dice first.") and the game
// goes on. Flags:
//
//	-bank N      the turn total at which the bots bank, 0 to 100000000
//	             (default 350)
//	-bot NAME    how the bots play: threshold (default: bank at -bank) or
//	             win (play to win by package strategy/win's Bot: against
//	             one bot by the game of two players, against two by the
//	             game of three, and against three or more by the game of
//	             four where it has no final round and a target up to
//	             1,500, else by the fallback of three, which plays the two
//	             highest scores; the game is solved as "farkle win"
//	             solves it, and cached; the games of three and four have
//	             no penalty)
//	-bots N      the number of bots, 1 to 7 (default 1)
//	-load FILE   resume the game saved in FILE, you playing the first player
//	-name NAME   your name (default You); not a bot's (Bot, Bot 1, ...)
//	-rules NAME  the rules of play: app (default), core, facebook, zilch or
//	             classic; core and classic score so under the play of app
//	-seed N      the seed of the dice, 0 to 18446744073709551615 (default:
//	             from the clock); a seed replays a game
//
// and the house-rule flags, which change the rules of the -rules preset
// (the defaults are the preset's):
//
//	-target N    the score that wins, 1 to 100000000 (default 10000)
//	-final-round=BOOL
//	             the others' last turn once a player banks the target: true
//	             (default) or false
//	-min-bank N  the smallest turn total that may be banked, 0 to 100000000
//	-min-first-bank N
//	             the smallest turn total of a player's first bank, 0 to
//	             100000000
//	-penalty N   the points lost on -penalty-after farkles in a row, 0 to
//	             100000000; -penalty 0 is no penalty
//	-penalty-after N
//	             the farkles in a row that cost -penalty, 1 to 100 (0 with
//	             -penalty 0)
//	-must-roll   hot dice must be rolled, not banked
//	-low-straight N, -high-straight N
//	             the short straights, as above
//	-toxic-twos  a roll of four or more 2s ends the turn as a farkle, which
//	             counts in the farkles in a row
//	-six-ones    a roll of six 1s wins the game at once
//	-welfare     hit the target exactly: a bank past it scores nothing and
//	             goes to the lowest other score, unless that passes the
//	             target too; turns -final-round off unless given
//	-bankrupt    -penalty-after farkles in a row (default 3) cost the whole
//	             score; turns -penalty off unless given
//	-piggyback   the next player may take over a bank's turn total and the
//	             dice it left (command piggyback, or p), or roll six afresh;
//	             the bots roll afresh
//	-piggyback-bonus N
//	             with -piggyback: the points added to a turn total taken
//	             over, 0 to 100000000
//
// Each is defined once for every command that takes it: win and advise
// take the same names with the same meanings (with smaller ranges where
// their solvers need them). Rules that game.Rules.Validate refuses, such
// as -penalty 500 under app without -penalty-after, are a usage error
// that names the flags. The first line of the game states the target and
// each house rule that is not app's.
//
// A saved game keeps its rules, players and dice: -load refuses -rules,
// the house-rule flags, -bots and -name, and -seed unless the game was
// saved without its dice. For example:
//
//	printf 'roll\nbest\nbank\nquit\n' | farkle play -seed 42
//
// # The chance to win
//
// "farkle win" prints the chance that the first player wins a game of two
// players who both play to win, and the fairest komi: the head start for
// the second player that makes the game fairest. It solves the game exactly
// (package strategy/win, Solve), in seconds for target 10,000 without a
// final round and minutes with one, and caches the solved game in the
// user's cache directory. Flags:
//
//	-cache DIR   the directory of the solved games (default: farkle in the
//	             user's cache directory); "" caches nothing
//	-final-round=BOOL
//	             give the other player a last turn: true or false (default:
//	             the rules', true)
//	-json        print one JSON object, with the keys "rules",
//	             "first_player_win", "fairest_komi" and
//	             "first_player_win_with_komi"
//	-players N   the number of players, 2, 3 or 4 (default 2); with 3
//	             or 4 the game of that many players is solved
//	             and -json prints "seat_win", each seat's chance in order
//	             of play, "fairest_head_starts", the head starts for the
//	             other players (multiples of 50) that bring the chances
//	             closest to equal, "seat_win_with_head_starts" and
//	             "mixed_positions"; Core or App scoring, a minimum bank,
//	             an opening minimum and the final round, but no
//	             penalty; four players up to target 3,200
//	-rules NAME  app (default), core, facebook, zilch or classic: app, zilch
//	             and facebook play as package game's presets; core and
//	             classic score so under the play of app
//	-target N    the score that wins, 1 to 100000 (default 10000)
//
// and -min-bank, -min-first-bank, -penalty, -penalty-after,
// -low-straight, -high-straight, -toxic-twos, -six-ones and -bankrupt as
// for play (six 1s only without a final round, bankruptcy only without
// -min-first-bank: the solver refuses the others, as it does -welfare and
// -piggyback, which win does not take). Under -min-first-bank both
// players start off the board; with a penalty scores go down to -2500 at
// most (the solver's floor). The solved game is cached under a hash of
// all its rules.
//
// "farkle advise -scores MINE,THEIRS" advises for the win instead of the
// score of the turn, under the same rules of play (with -target,
// -final-round, -min-bank, -min-first-bank, -penalty, -penalty-after,
// -six-ones and -bankrupt, which need -scores, and -toxic-twos), and prints the chance to
// win of each choice, rolling on and banking. With a penalty the scores may
// be negative and -farkles MINE,THEIRS gives the farkles in a row; under
// -min-first-bank a player with a positive score is on the board and one
// with 0 or less off it, unless -on-board WHO (none, mine, theirs or
// both) says who has banked. For example, the model of M. Busche and T. Neller, whose
// fairest komi is 200:
//
//	farkle win -rules core -target 10000 -final-round=false
//	farkle advise -scores 3000,4000 -target 5000 -total 300 1 5 2 3 4 6
//
// # Playing in the browser
//
// "farkle serve" serves games to web browsers: a page to start a game
// against bots (or other players, who get a link each) and to play it with
// the mouse, a touch screen or the keyboard, a JSON API under /api/, and
// live updates. Each move is written to the database of the data
// directory (games.db), or to PostgreSQL (-postgres), and made durable,
// before it is acknowledged, and a game is read from it when first asked
// for; an interrupt or SIGTERM
// finishes the requests in flight and exits 0. The advice of a two-player
// game gives each choice's chance to win once the game's table is solved,
// in the background on one core (seconds without a penalty, about a
// minute with one, most for Zilch's final round), and cached as farkle
// win caches it; in the last turn of a final round, the chance of ending
// above the leader. Games of three players (to 3,000, no penalty) and of
// four (to 1,500, no final round) get every player's chance so too.
// Flags:
//
//	-addr ADDR   the address to listen on, HOST:PORT (default
//	             127.0.0.1:8080); port 0 picks a free port
//	-data DIR    the directory of the saved games, made if missing
//	             (default farkle-data)
//	-cache DIR   the directory of the solved games (default: farkle in the
//	             user's cache directory); "" caches nothing
//	-keep-finished DUR
//	             remove a finished game this long after its last move
//	             (default 168h, 7 days); 0 keeps it for ever
//	-keep-idle DUR
//	             remove an unfinished game this long after its last move
//	             (default 720h, 30 days); 0 keeps it for ever
//	-max-cpu-wait DUR
//	             refuse a share of the moves as overloaded while the
//	             scheduler's latency is above this (default 200ms); a
//	             negative value never refuses
//	-metrics-addr ADDR
//	             serve the metrics at http://ADDR/metrics, in the
//	             Prometheus text format (default off)
//	-postgres URL
//	             keep the games in this PostgreSQL database instead of
//	             -data: several farkle serve processes may share it
//	             behind one load balancer (see web/README.md)
//	-trusted-proxy CIDR,...
//	             the reverse proxies whose X-Forwarded-For is believed
//	             (default none: the client is the peer)
//
// For example:
//
//	farkle serve -addr 127.0.0.1:8080 -data ~/.farkle
//
// # Exit status
//
//	0  done: the roll scored, the keep allowed, the advice given, the game
//	   over or quit, or the usage shown
//	1  refused: a keep that the rules do not allow (farkle -keep), a game
//	   whose input ended before it was over (farkle play), output that
//	   could not be written, or any other failure that is not the
//	   arguments' fault; a move that the rules refuse in a game does not
//	   change the exit status
//	2  usage error: an unknown command or flag, a flag given twice, a bad
//	   flag value or number, bad dice or more than six, flags that
//	   conflict, or a -load FILE that is not a saved game
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/farkle-go/farkle"
)

// exitStatus is the table of exit codes, for "farkle -h"; the package
// documentation has the same table (a test checks).
const exitStatus = `Exit status:
  0  done: the roll scored, the keep allowed, the advice given, the game
     over or quit, or the usage shown
  1  refused: a keep that the rules do not allow (farkle -keep), a game
     whose input ended before it was over (farkle play), output that
     could not be written, or any other failure that is not the
     arguments' fault; a move that the rules refuse in a game does not
     change the exit status
  2  usage error: an unknown command or flag, a flag given twice, a bad
     flag value or number, bad dice or more than six, flags that
     conflict, or a -load FILE that is not a saved game
`

// The exit codes.
const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	e := &env{
		stdin:  os.Stdin,
		stdout: os.Stdout,
		stderr: os.Stderr,
		seed:   func() uint64 { return uint64(time.Now().UnixNano()) },
	}
	os.Exit(run(e, os.Args[1:]))
}

// env is what a run of the command works with; tests make their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// dir is the directory of relative file names (-load, save); ""
	// means the working directory.
	dir string
	// seed returns the seed of a new game played without -seed.
	seed func() uint64
}

// path returns the file name name, relative to e.dir.
func (e *env) path(name string) string {
	if e.dir == "" || filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(e.dir, name)
}

// A command is a subcommand of farkle, or the main command.
type command struct {
	name  string // the word after "farkle"; "" for the main command
	args  string // its arguments, for the usage: "[flags] DICE..."
	short string // what it does, in a few words
	long  string // what it does, for its usage: paragraphs ending in "\n"
	// flags defines the command's flags on fs, to be parsed into o.
	flags func(fs *flag.FlagSet, o *options)
	// run runs the command with the positional arguments, once the
	// flags are parsed into o. A *usageError means exit 2, errRefused
	// exit 1 (the command said why), any other error exit 1.
	run func(e *env, o *options, args []string) error
}

// commands are the commands of farkle, the main command first, in the
// order of the usage.
var commands []*command

func init() {
	commands = []*command{
		{
			args:  "[flags] DICE...",
			short: "the best keep and the best partition of a roll",
			flags: scoreFlags,
			run:   runScore,
		},
		{
			name:  "score",
			args:  "[flags] DICE...",
			short: "the same as the two above",
			long:  scoreLong,
			flags: scoreFlags,
			run:   runScoreCommand,
		},
		{
			name:  "advise",
			args:  "[flags] DICE...",
			short: "what to keep, and whether to bank",
			long:  adviseLong,
			flags: adviseFlags,
			run:   runAdvise,
		},
		{
			name:  "play",
			args:  "[flags]",
			short: "play a game against bots",
			long:  playLong,
			flags: playFlags,
			run:   runPlay,
		},
		{
			name:  "win",
			args:  "[flags]",
			short: "the chance to win, playing to win",
			long:  winLong,
			flags: winFlags,
			run:   runWin,
		},
		{
			name:  "serve",
			args:  "[flags]",
			short: "play in the browser: a web server",
			long:  serveLong,
			flags: serveFlags,
			run:   runServe,
		},
		{
			name:  "help",
			args:  "[COMMAND]",
			short: "the usage of farkle, or of a command",
			long:  "Print the usage of farkle, or of COMMAND (as farkle COMMAND -h).\n",
			flags: func(*flag.FlagSet, *options) {},
			run:   runHelp,
		},
	}
}

// lookup returns the subcommand called name, or nil.
func lookup(name string) *command {
	for _, c := range commands[1:] {
		if c.name == name {
			return c
		}
	}
	return nil
}

// subcommands returns the names of the subcommands, in the order of the
// usage.
func subcommands() []string {
	var names []string
	for _, c := range commands[1:] {
		names = append(names, c.name)
	}
	return names
}

// commandNames lists the subcommands, such as "advise, play and help".
func commandNames() string {
	names := subcommands()
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// unknownCommand is the usage error of a word that is no command, with a
// suggestion if a command is close to it (see suggest).
func unknownCommand(word string) error {
	msg := fmt.Sprintf("unknown command %q: the commands are %s", word, commandNames())
	if s := suggest(word, subcommands()); s != "" {
		msg += "; " + s
	}
	return &usageError{msg}
}

// title is the command as typed, such as "farkle advise".
func (c *command) title() string {
	if c.name == "" {
		return "farkle"
	}
	return "farkle " + c.name
}

// helpCommand is how to ask for the usage of c.
func (c *command) helpCommand() string {
	if c.name == "" {
		return "farkle -h"
	}
	return "farkle help " + c.name
}

// flagSet returns c's flags, to be parsed into o.
func (c *command) flagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet(c.title(), flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints errors and usage
	fs.Usage = func() {}
	c.flags(fs, o)
	return fs
}

// usage prints the usage of c to w.
func (c *command) usage(w io.Writer) {
	fs := c.flagSet(new(options))
	if c.name == "" {
		fmt.Fprint(w, mainUsage())
		printFlags(w, fs)
		fmt.Fprint(w, "\n"+exitStatus)
		return
	}
	fmt.Fprintf(w, "usage: %s %s\n\n%s", c.title(), c.args, c.long)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nFlags:\n")
		printFlags(w, fs)
	}
	fmt.Fprint(w, "\nThe exit status is as for farkle: run 'farkle -h'.\n")
}

func mainUsage() string {
	var b strings.Builder
	b.WriteString("Farkle scores Farkle dice, checks keeps, gives optimal-strategy advice\nand plays a game against bots.\n\nusage:\n")
	line := func(args, short string) { fmt.Fprintf(&b, "  %-34s %s\n", args, short) }
	for _, c := range commands {
		if c.name == "" {
			line("farkle "+c.args, c.short)
			line("farkle -keep DICE [flags] DICE...", "check a keep from a roll")
			continue
		}
		line(c.title()+" "+c.args, c.short)
	}
	b.WriteString(`
The command, if any, comes first: run 'farkle help COMMAND' for its usage.
Flags may come before or after the dice, each at most once; "--" ends
the flags. DICE are faces 1 to 6, at most six, as separate arguments
(1 1 5), with commas (1,1,5), run together (115) or quoted ("1 1 5").
Numbers are decimal integers.

farkle DICE... prints the best keep of the roll and the best partition of
its dice; with -keep it checks that keep instead. Keeping every die of a
roll is hot dice: six dice to roll again. farkle score DICE... is the
same, with the same flags.

Flags of farkle DICE:
`)
	return b.String()
}

// printFlags prints the flags of fs, by name. The usage of a flag that
// takes a value starts with the value's name and a tab: "N\tthe turn
// total"; "\n\t\t" in a usage goes on in the column of the usages. A flag
// and value longer than 12 characters have a line of their own, and the
// usage starts on the next, in its column.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	const column = 12
	fs.VisitAll(func(f *flag.Flag) {
		name := "-" + f.Name
		arg, usage, ok := strings.Cut(f.Usage, "\t")
		if ok {
			name += " " + arg
		} else {
			usage = f.Usage
		}
		usage = strings.ReplaceAll(usage, "\n\t\t", "\n"+strings.Repeat(" ", column+3))
		if len(name) > column {
			fmt.Fprintf(w, "  %s\n", name)
			name = ""
		}
		fmt.Fprintf(w, "  %-*s %s\n", column, name, usage)
	})
}

// run runs farkle with the arguments after the program name, and returns
// the exit code. A write to the standard output that fails makes it 1,
// with a line on the standard error that says so (a usage error stays 2).
func run(e *env, args []string) int {
	c := commands[0]
	if len(args) > 0 {
		if sub := lookup(args[0]); sub != nil {
			c, args = sub, args[1:]
		}
	}
	out := &errWriter{w: e.stdout}
	we := *e
	we.stdout, we.stderr = out, &errWriter{w: e.stderr}
	code := c.exec(&we, args)
	if err := writeError(out); err != nil && code != exitUsage {
		fmt.Fprintf(we.stderr, "%s: could not write the output: %s\n", c.title(), oneLine(err.Error()))
		code = exitRefused
	}
	return code
}

// exec runs c with the arguments after its name, and returns the exit
// code.
func (c *command) exec(e *env, args []string) int {
	o := new(options)
	fs := c.flagSet(o)
	repeated := onceFlags(fs)
	var err error
	if c.name == "" && len(args) > 0 && isWord(args[0]) {
		// A mistyped command, said before its flags are read as the
		// main command's: "farkle plya -bots 2".
		err = unknownCommand(args[0])
	} else {
		var pos []string
		pos, err = parseArgs(fs, args)
		switch {
		case errors.Is(err, flag.ErrHelp):
			c.usage(e.stdout)
			return exitOK
		case err != nil && *repeated != "":
			err = repeatedError(*repeated)
		case err != nil:
			err = &usageError{err.Error()}
		default:
			o.set = make(map[string]bool)
			fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
			err = c.run(e, o, pos)
		}
	}
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: %s\nrun '%s' for usage\n", c.title(), oneLine(ue.msg), c.helpCommand())
		return exitUsage
	case errors.Is(err, errRefused):
		return exitRefused
	case writeError(e.stdout) != nil && errors.Is(err, writeError(e.stdout)):
		return exitRefused // run says why
	default:
		fmt.Fprintf(e.stderr, "%s: %s\n", c.title(), oneLine(err.Error()))
		return exitRefused
	}
}

// parseArgs parses the flags of fs, which may come before, between or
// after the positional arguments, and returns the positional arguments.
// Everything after "--" is positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// A usageError is an error in the arguments: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errRefused is the error of a command that printed why the rules refuse
// what it was asked: exit 1.
var errRefused = errors.New("refused")

// oneLine returns s with its control characters escaped, so that an error
// message is one line whatever the input.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// options holds the flags of every command; each command defines the
// flags it takes.
type options struct {
	set map[string]bool // the flags given

	rules presetValue  // -rules
	lang  string       // -lang
	keep  []farkle.Die // -keep; nil when not given

	total int          // advise -total
	house houseOptions // the house rules: play, win and advise

	seed uint64 // play -seed
	bots int    // play -bots
	bank int    // play -bank
	bot  string // play -bot: threshold or win
	name string // play -name
	load string // play -load

	serve serveOptions // serve -addr, -data
	win   winOptions   // win's flags; advise -scores, -cache
}

// The ranges of the numbers.
const (
	maxTotal   = min(1_000_000_000_000, math.MaxInt) // advise -total, within the 2^40 of strategy.Table and an int
	maxMinBank = 1_000_000                           // advise -min-bank, whose table takes 30 ms
	maxScore   = 100_000_000                         // play -bank, and the points of game.Rules: -target, -min-bank, ...

	maxPenaltyAfter = 100 // game.Rules.PenaltyAfter
)

// intFlag defines a flag of a decimal integer from lo to hi.
func intFlag[T int | uint64](fs *flag.FlagSet, p *T, name string, value, lo, hi T, usage string) {
	*p = value
	fs.Var(&numberValue[T]{p, lo, hi}, name, usage)
}

// numberValue is a flag.Value of a decimal integer in a range.
type numberValue[T int | uint64] struct {
	p      *T
	lo, hi T
}

func (v *numberValue[T]) Set(s string) error {
	n, err := parseNumber(s, v.lo, v.hi)
	if err != nil {
		return err
	}
	*v.p = n
	return nil
}

func (v *numberValue[T]) String() string {
	if v == nil || v.p == nil {
		return "0"
	}
	return fmt.Sprint(*v.p)
}

// parseNumber reads a decimal integer from lo to hi, with lo >= 0: digits
// only, without a sign, 0x or _. Every number of every command is read
// with it.
func parseNumber[T int | uint64](s string, lo, hi T) (T, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, errors.New("not a decimal integer")
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil || (digits != s && n != 0) || n < uint64(lo) || n > uint64(hi) {
		return 0, fmt.Errorf("out of range: want %d to %d", lo, hi)
	}
	return T(n), nil
}

// langValue is the -lang flag: a language of farkle.Kind.Name.
type langValue struct{ p *string }

func (v langValue) Set(s string) error {
	if !validLang(s) {
		return errors.New("want cs, en, fi or nl (in any case, with a region or not: fi-FI)")
	}
	*v.p = s
	return nil
}

func (v langValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

// validLang reports whether tag is cs, en, fi or nl, in any case, with
// more subtags of letters and digits after - or _ or not: "fi-FI",
// "nl_BE".
func validLang(tag string) bool {
	subtags := strings.FieldsFunc(tag, func(r rune) bool { return r == '-' || r == '_' })
	if len(subtags) == 0 || strings.Count(tag, "-")+strings.Count(tag, "_") != len(subtags)-1 {
		return false
	}
	switch strings.ToLower(subtags[0]) {
	case "cs", "en", "fi", "nl":
	default:
		return false
	}
	for _, s := range subtags[1:] {
		if len(s) > 8 || strings.ContainsFunc(s, func(r rune) bool {
			return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
		}) {
			return false
		}
	}
	return true
}

// diceValue is the -keep flag.
type diceValue struct{ p *[]farkle.Die }

func (v diceValue) Set(s string) error {
	dice, err := parseDice([]string{s})
	if err != nil {
		return err
	}
	if len(dice) == 0 {
		return errors.New("no dice: a keep has 1 to 6 dice")
	}
	*v.p = dice
	return nil
}

func (v diceValue) String() string {
	if v.p == nil {
		return ""
	}
	return joinDice(*v.p)
}

// parseDice reads dice from arguments such as "1", "1,5,5", "155",
// "1 5 5" or "[1,5,5]" with farkle.ParseDice, and words its errors for a
// player. Every command reads dice with it, and "keep" in a game. No dice
// give nil and no error; more than six are an error.
func parseDice(args []string) ([]farkle.Die, error) {
	dice, err := farkle.ParseDice(strings.Join(args, " "))
	var de *farkle.DiceError
	switch {
	case err == nil:
		return dice, nil
	case !errors.As(err, &de):
		return nil, err
	case errors.Is(err, farkle.ErrTooManyDice):
		return nil, fmt.Errorf("too many dice: %d, at most %d", de.Count, farkle.MaxDice)
	case de.Text != "":
		return nil, fmt.Errorf("%q is not dice: a die is a face from 1 to 6", de.Text)
	}
	bad := make([]string, len(de.Dice))
	for i, d := range de.Dice {
		bad[i] = strconv.Itoa(int(d))
	}
	return nil, fmt.Errorf("%q is not dice: a die is a face from 1 to 6", strings.Join(bad, " "))
}

// readRoll reads the dice of a roll from the positional arguments of a
// command, 1 to 6 of them. For the main command, a first argument that is
// a word is an unknown command.
func readRoll(c *command, args []string) ([]farkle.Die, error) {
	for _, a := range args {
		if sub := lookup(a); sub != nil {
			return nil, usagef("%q is a command: it comes first, as in 'farkle %s %s'", a, a, sub.args)
		}
	}
	roll, err := parseDice(args)
	if err != nil {
		if c.name == "" && isWord(args[0]) {
			return nil, unknownCommand(args[0])
		}
		return nil, &usageError{err.Error()}
	}
	if len(roll) == 0 {
		return nil, usagef("no dice: give the dice of a roll, such as '%s 1 1 5'", c.title())
	}
	return roll, nil
}

// joinDice returns dice as "1 1 5".
func joinDice(dice []farkle.Die) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = d.String()
	}
	return strings.Join(s, " ")
}

// countDice returns "1 die" or "n dice": every count of dice that the
// command prints says it so.
func countDice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return strconv.Itoa(n) + " dice"
}

// runHelp runs "farkle help [COMMAND]".
func runHelp(e *env, _ *options, args []string) error {
	switch len(args) {
	case 0:
		commands[0].usage(e.stdout)
	case 1:
		c := lookup(args[0])
		if c == nil {
			return unknownCommand(args[0])
		}
		c.usage(e.stdout)
	default:
		return usagef("help takes one command, not %d arguments", len(args))
	}
	return nil
}
