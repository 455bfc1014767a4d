package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

const playUsage = `usage: farkle play [flags]

Play Farkle in the terminal against simple bots. Actions are read from
standard input, one a line, so a script can play too:

  roll, r          roll the dice left
  keep DICE, k     set aside dice of the roll: "keep 1 5 5" or "k 155"
  best             set aside the best keep of the roll
  bank, b          bank the turn total and end the turn
  hint             list the legal keeps of the roll
  score, s         show the scores
  save FILE        save the game as JSON (resume with -load FILE)
  help, h, ?       show this help
  quit, q          stop playing

Blank lines and lines starting with # are skipped. The exit status is 0
when the game is over or on quit, 1 if the input ends first, 2 for bad
flags.

Flags:
`

// runPlay runs "farkle play" with the arguments after "play", and returns
// the exit status.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("farkle play", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors and help are printed below
	usage := func(w io.Writer) {
		fmt.Fprint(w, playUsage)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	seed := fs.Uint64("seed", 0, "seed of the dice (default: from the clock); a seed replays a game")
	preset := fs.String("rules", "app", "rules of play: app, zilch or facebook")
	target := fs.Int("target", 0, "score to win (default: that of the rules, 10000)")
	nbots := fs.Int("bots", 1, "number of bot opponents, 1 to 7")
	bankAt := fs.Int("bank", 350, "turn total at which the bots bank")
	name := fs.String("name", "You", "your name")
	load := fs.String("load", "", "resume the game saved in this file (you are the first player)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "farkle play: %v\n", err)
		usage(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "farkle play: unexpected argument %q\n", fs.Arg(0))
		usage(stderr)
		return 2
	}
	seedSet := false
	fs.Visit(func(f *flag.Flag) { seedSet = seedSet || f.Name == "seed" })
	if !seedSet {
		*seed = uint64(time.Now().UnixNano())
	}
	src := rand.NewPCG(*seed, 0)

	var g *game.Game
	if *load != "" {
		data, err := os.ReadFile(*load)
		if err != nil {
			fmt.Fprintf(stderr, "farkle play: %v\n", err)
			return 2
		}
		g = new(game.Game)
		if err := json.Unmarshal(data, g); err != nil {
			fmt.Fprintf(stderr, "farkle play: %s: %v\n", *load, err)
			return 2
		}
		if g.NumPlayers() < 2 {
			fmt.Fprintf(stderr, "farkle play: %s: a game of %d player, want 2 or more\n", *load, g.NumPlayers())
			return 2
		}
		if !g.HasSource() { // saved without one
			g.SetSource(src)
		}
	} else {
		gp, err := game.ParsePreset(*preset)
		if err != nil {
			fmt.Fprintf(stderr, "farkle play: unknown rules %q: want app, zilch or facebook\n", *preset)
			return 2
		}
		rules := gp.Rules()
		if *target != 0 {
			rules.Target = *target
		}
		if *nbots < 1 || *nbots > game.MaxPlayers-1 {
			fmt.Fprintf(stderr, "farkle play: -bots %d: want 1 to %d\n", *nbots, game.MaxPlayers-1)
			return 2
		}
		names := []string{*name}
		for i := 1; i <= *nbots; i++ {
			if *nbots == 1 {
				names = append(names, "Bot")
			} else {
				names = append(names, "Bot "+strconv.Itoa(i))
			}
		}
		if g, err = game.New(rules, names, src); err != nil {
			fmt.Fprintf(stderr, "farkle play: %v\n", err)
			return 2
		}
	}
	p := &playSession{g: g, out: stdout, errOut: stderr, bot: game.ThresholdBot{BankAt: *bankAt}}
	origin := fmt.Sprintf("Seed %d.", *seed)
	if *load != "" {
		origin = "Resumed from " + *load + "."
	}
	return p.run(stdin, origin)
}

// playSession runs a game with a human as player 0 and bots for the others.
type playSession struct {
	g      *game.Game
	out    io.Writer
	errOut io.Writer
	bot    game.Bot
	seen   int // events printed: the history is read from there on
}

func (p *playSession) run(stdin io.Reader, origin string) int {
	g := p.g
	players := g.Players()
	r := g.Rules()
	target := r.Target
	if target == 0 {
		target = game.DefaultTarget
	}
	fmt.Fprintf(p.out, "Farkle: %s against %d bot(s), first to %d", players[0].Name, len(players)-1, target)
	if r.MinBank > 0 {
		fmt.Fprintf(p.out, ", bank at %d or more", r.MinBank)
	}
	fmt.Fprintf(p.out, ". %s Type help for the commands.\n", origin)
	p.show() // a loaded game's history
	in := bufio.NewScanner(stdin)
	for {
		for !g.Over() && g.Current() != 0 {
			if err := g.PlayTurn(p.bot); err != nil {
				fmt.Fprintf(p.errOut, "farkle play: bot: %v\n", err)
				return 1
			}
			p.show()
		}
		if g.Over() {
			w, _ := g.Winner()
			fmt.Fprintf(p.out, "Game over: %s won. Scores: %s.\n", g.Players()[w].Name, p.scores())
			return 0
		}
		p.prompt()
		line, ok := p.read(in)
		if !ok {
			if err := in.Err(); err != nil {
				fmt.Fprintf(p.errOut, "farkle play: reading input: %v\n", err)
			} else {
				fmt.Fprintln(p.errOut, "farkle play: input ended before the game was over")
			}
			return 1
		}
		if quit := p.do(line); quit {
			fmt.Fprintf(p.out, "Bye. Scores: %s.\n", p.scores())
			return 0
		}
		p.show()
	}
}

// read returns the next line that is not blank nor a comment.
func (p *playSession) read(in *bufio.Scanner) (string, bool) {
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			return line, true
		}
	}
	return "", false
}

// prompt asks the human player, player 0, for a move. The roll is shown
// ascending, as in the history ("You rolled 1 2 3 3 5 6").
func (p *playSession) prompt() {
	v := p.g.View()
	if roll := v.Roll(); roll.Len() > 0 {
		fmt.Fprintf(p.out, "Your roll: %s (turn total %d). Keep which dice?\n", roll, v.TurnTotal())
		return
	}
	if v.TurnTotal() == 0 {
		fmt.Fprintf(p.out, "Your turn (score %d). Roll?\n", v.Player(0).Score)
		return
	}
	ask := "Roll or bank?"
	if p.g.Can(game.ActionBank) != nil { // hot dice that must be rolled, or under the minimum
		ask = "Roll?"
	}
	fmt.Fprintf(p.out, "Turn total %d, %d dice to roll. %s\n", v.TurnTotal(), v.DiceLeft(), ask)
}

// do runs one command; it reports whether to quit.
func (p *playSession) do(line string) bool {
	g := p.g
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	var err error
	switch strings.ToLower(cmd) {
	case "roll", "r":
		err = g.Roll()
	case "keep", "k":
		var dice []farkle.Die
		if dice, err = playParseDice(rest); err == nil {
			err = g.Keep(dice)
		}
	case "best":
		if err = g.Can(game.ActionKeep); err == nil {
			var best farkle.Partition
			best, err = g.Scorer().BestKeep(g.Dice())
			if err == nil {
				err = g.Keep(best.Dice().Dice())
			}
		}
	case "bank", "b":
		err = g.Bank()
	case "hint":
		if err = g.Can(game.ActionKeep); err == nil {
			keeps, _ := g.Scorer().Keeps(g.Dice())
			for _, k := range keeps {
				fmt.Fprintf(p.out, "  keep %s for %d\n", k.Dice(), k.Points())
			}
		}
	case "score", "s":
		fmt.Fprintf(p.out, "Scores: %s.\n", p.scores())
	case "save":
		err = p.save(rest)
	case "help", "h", "?":
		fmt.Fprint(p.out, playUsage[strings.Index(playUsage, "  roll"):strings.Index(playUsage, "Blank")])
	case "quit", "q", "exit":
		return true
	default:
		err = fmt.Errorf("unknown command %q: type help", cmd)
	}
	if err != nil {
		fmt.Fprintf(p.errOut, "farkle play: %v\n", err)
	}
	return false
}

func (p *playSession) save(file string) error {
	if file == "" {
		return errors.New("save: need a file name")
	}
	data, err := json.MarshalIndent(p.g, "", "\t")
	if err != nil {
		return err
	}
	if err := os.WriteFile(file, append(data, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(p.out, "Saved to %s.\n", file)
	return nil
}

// show prints the events not printed yet. It reads only those, so that
// showing the history costs in all time proportional to its length.
func (p *playSession) show() {
	for _, e := range p.g.EventsSince(p.seen) {
		fmt.Fprintln(p.out, p.g.Describe(e))
		p.seen++
	}
}

func (p *playSession) scores() string {
	var parts []string
	for _, pl := range p.g.Players() {
		parts = append(parts, pl.Name+" "+strconv.Itoa(pl.Score))
	}
	return strings.Join(parts, ", ")
}

// playParseDice reads dice such as "1 5 5", "1,5,5" or "155".
func playParseDice(s string) ([]farkle.Die, error) {
	var dice []farkle.Die
	for _, c := range s {
		switch {
		case c >= '1' && c <= '6':
			dice = append(dice, farkle.Die(c-'0'))
		case c == ' ' || c == ',' || c == '\t':
		default:
			return nil, fmt.Errorf("keep: %q is not a die from 1 to 6", c)
		}
	}
	if len(dice) == 0 {
		return nil, errors.New("keep: which dice? such as \"keep 1 5\"")
	}
	return dice, nil
}
