package main

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

func runPlayScript(t *testing.T, script string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runInput(script, append([]string{"play"}, args...)...)
}

// scriptGame plays a game as "farkle play -seed seed -target target" does,
// the human keeping the best dice and banking at 300 or more, and returns
// the human's commands and the game.
func scriptGame(t *testing.T, seed uint64, target int) (string, *game.Game) {
	t.Helper()
	rules := game.App.Rules()
	rules.Target = target
	g, err := game.New(rules, []string{"You", "Bot"}, rand.NewPCG(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	bot := game.ThresholdBot{BankAt: 350}
	var script strings.Builder
	script.WriteString("# a scripted game\n\n")
	for !g.View().Over() {
		if g.View().Current() == 1 {
			if err := g.PlayTurn(bot); err != nil {
				t.Fatal(err)
			}
			continue
		}
		script.WriteString("roll\n")
		if err := g.Roll(); err != nil {
			t.Fatal(err)
		}
		if g.View().Current() != 0 || g.View().Over() {
			continue // farkle
		}
		p, err := g.View().Scorer().BestKeep(g.View().Roll())
		if err != nil {
			t.Fatal(err)
		}
		// Alternate the two ways of keeping.
		if g.NumEvents()%2 == 0 {
			script.WriteString("best\n")
		} else {
			script.WriteString("keep " + joinDice(p.Dice()) + "\n")
		}
		if err := g.Keep(p.Dice()); err != nil {
			t.Fatal(err)
		}
		if g.View().TurnTotal() >= 300 {
			script.WriteString("bank\n")
			if err := g.Bank(); err != nil {
				t.Fatal(err)
			}
		}
	}
	return script.String(), g
}

func TestPlayWholeGame(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		script, g := scriptGame(t, seed, 3000)
		code, out, errs := runPlayScript(t, script, "-seed", strconv.FormatUint(seed, 10), "-target", "3000")
		if code != 0 || errs != "" {
			t.Fatalf("seed %d: exit %d, stderr:\n%s", seed, code, errs)
		}
		w, _ := g.View().Winner()
		players := g.View().Players()
		want := "Game over: " + players[w].Name + " won. Scores: You " + strconv.Itoa(players[0].Score) +
			", Bot " + strconv.Itoa(players[1].Score) + ".\n"
		if !strings.HasSuffix(out, want) {
			t.Errorf("seed %d: output ends with\n%s\nwant\n%s", seed, lastLines(out, 3), want)
		}
		// Every event of the game is printed, in order.
		rest := out
		for _, e := range g.EventsSince(0) {
			line := g.Describe(e) + "\n"
			i := strings.Index(rest, line)
			if i < 0 {
				t.Fatalf("seed %d: output lacks %q (in order)", seed, line)
			}
			rest = rest[i+len(line):]
		}
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

func TestPlayBadInput(t *testing.T) {
	script := "keep 1\nbank\ndance\nroll\nroll\nkeep 7\nkeep\nkeep 2 2 2 2 2 2\nhint\nscore\nhelp\nquit\n"
	code, out, errs := runPlayScript(t, script, "-seed", "5")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	for _, want := range []string{
		"You, roll the dice first.\nYou, roll the dice first.\n", // keep, bank
		`Unknown command "dance": type help for the commands.`,
		"You, keep some dice of this roll before you roll again: keep DICE, or best.",
		`You, "7" is not dice: a die is a face from 1 to 6.`,
		"You, keep which dice? Such as: keep 1 5.",
		"You, you cannot keep 2 2 2 2 2 2: the roll has only one 2.",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "\n"); n != 7 {
		t.Errorf("%d error lines, want 7:\n%s", n, errs)
	}
	for _, want := range []string{"  keep ", "Scores: You 0, Bot 0.", "bank, b", "Bye."} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayEOF(t *testing.T) {
	for _, script := range []string{"", "roll\n", "# only a comment\n\n"} {
		code, _, errs := runPlayScript(t, script, "-seed", "9")
		if code != 1 || !strings.Contains(errs, "input ended before the game was over") {
			t.Errorf("script %q: exit %d, stderr %q; want 1 and the end of input", script, code, errs)
		}
	}
}

func TestPlayFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-rules", "poker"}, {"-bots", "0"}, {"-bots", "8"}, {"-target", "-5"}, {"extra"}, {"-nope"},
		{"-bank", "-5"}, {"-target", "0x10"}, {"-name", "Bot"}, {"-name", "bot 2", "-bots", "3"},
		{"-load", filepath.Join(t.TempDir(), "missing.json")},
		{"-penalty", "500"}, {"-penalty-after", "2"}, {"-rules", "zilch", "-penalty", "0", "-penalty-after", "3"},
		{"-penalty-after", "101"}, {"-min-bank", "100000001"}, {"-min-first-bank", "-1"}, {"-final-round=maybe"},
		{"-target", "100000001"}, {"-rules", "faceboo"},
	} {
		if code, _, errs := runPlayScript(t, "quit\n", args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	// Help goes to stdout with exit 0, as for "farkle -h" and "farkle
	// advise -h"; a bad flag prints it to stderr.
	for _, h := range []string{"-h", "-help", "--help"} {
		code, out, errs := runPlayScript(t, "", h)
		if code != 0 || !strings.HasPrefix(out, "usage: farkle play") || !strings.Contains(out, "-seed") || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout", h, code, out, errs)
		}
	}
	code, out, errs := runPlayScript(t, "", "-nope")
	if code != 2 || out != "" || errs != "farkle play: flag provided but not defined: -nope\nrun 'farkle help play' for usage\n" {
		t.Errorf("-nope: exit %d, stdout %q, stderr %q; want 2 and where the usage is on stderr", code, out, errs)
	}
	// Zilch with three bots: the header says the minimum.
	code, out, errs = runPlayScript(t, "quit\n", "-rules", "zilch", "-bots", "3", "-seed", "1")
	if code != 0 || !strings.Contains(out, "against 3 bots, first to 10000, bank at 300 or more") {
		t.Errorf("zilch: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

func TestPlaySaveLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.json")
	code, out, errs := runPlayScript(t, "roll\nbest\nsave "+file+"\nquit\n", "-seed", "11")
	if code != 0 || errs != "" || !strings.Contains(out, "Saved to ") {
		t.Fatalf("save: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var g game.Game
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if g.NumEvents() < 2 || !g.HasSource() {
		t.Fatalf("saved game has %d events, source %v", g.NumEvents(), g.HasSource())
	}
	// Resuming prints the history and goes on from the same turn total.
	code, out2, errs := runPlayScript(t, "score\nquit\n", "-load", file)
	if code != 0 || errs != "" {
		t.Fatalf("load: exit %d, stderr:\n%s", code, errs)
	}
	for _, e := range g.EventsSince(0) {
		if !strings.Contains(out2, g.Describe(e)) {
			t.Errorf("resumed output lacks %q", g.Describe(e))
		}
	}
	if g.View().Current() == 0 && g.View().TurnTotal() > 0 && !strings.Contains(out2, "Turn total "+strconv.Itoa(g.View().TurnTotal())) {
		t.Errorf("resumed output lacks the turn total %d:\n%s", g.View().TurnTotal(), out2)
	}
	if err := os.WriteFile(file, []byte(`{"version":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runPlayScript(t, "quit\n", "-load", file); code != 2 || errs == "" {
		t.Errorf("bad save: exit %d, stderr %q", code, errs)
	}
}

// The prompt after a keep offers to bank only when the rules allow it.
func TestPlayPromptBank(t *testing.T) {
	for _, tc := range []struct {
		rules      game.Rules
		roll, keep string
		want       string
	}{
		{game.Rules{MustRollHotDice: true}, "111555", "111555", "Turn total 1500, 6 dice to roll. Roll?\n"},
		{game.Rules{}, "111555", "111555", "Turn total 1500, 6 dice to roll. Roll or bank?\n"},
		{game.Zilch.Rules(), "123462", "1", "Turn total 100, 5 dice to roll. Roll?\n"},
		{game.Zilch.Rules(), "111462", "111", "Turn total 1000, 3 dice to roll. Roll or bank?\n"},
	} {
		g, err := game.New(tc.rules, []string{"You", "Bot"}, rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.RollDice(testDice(t, tc.roll)); err != nil {
			t.Fatal(err)
		}
		if err := g.Keep(testDice(t, tc.keep)); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "game.json")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runPlayScript(t, "quit\n", "-load", file)
		if code != 0 || errs != "" || !strings.Contains(out, tc.want) {
			t.Errorf("%+v, keep %s: exit %d, stderr %q, stdout:\n%s\nwant %q", tc.rules, tc.keep, code, errs, out, tc.want)
		}
	}
}

func testDice(t *testing.T, s string) []farkle.Die {
	t.Helper()
	d, err := parseDice([]string{s})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The prompt shows the roll as the history does: ascending, as events
// hold the dice rolled as a multiset.
func TestPlayPromptRoll(t *testing.T) {
	code, out, errs := runPlayScript(t, "roll\nquit\n", "-seed", "42")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	const want = "You rolled 4 4 4 5 6 6\nYour roll: 4 4 4 5 6 6 (turn total 0). Keep which dice?\n"
	if !strings.Contains(out, want) {
		t.Errorf("stdout lacks %q:\n%s", want, out)
	}
}

// A line over 64 KB, which once ended the game with "bufio.Scanner: token
// too long", is a bad command; the game goes on, and reads a last line
// without its newline.
func TestPlayLongLine(t *testing.T) {
	script := "keep " + strings.Repeat("1", 1<<20) + "\n" + strings.Repeat("x", 70_000) + "\r\nroll\nquit"
	code, out, errs := runPlayScript(t, script, "-seed", "42")
	if code != 0 || errs != strings.Repeat("That line is longer than 4096 bytes: type help for the commands.\n", 2) ||
		!strings.Contains(out, "You rolled 4 4 4 5 6 6\n") || !strings.HasSuffix(out, "Bye. Scores: You 0, Bot 0.\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	// A line of exactly maxLine bytes is read, with \r\n or \n.
	line := "# " + strings.Repeat("-", maxLine-2)
	code, _, errs = runPlayScript(t, line+"\r\n"+line+"\nquit\n", "-seed", "42")
	if code != 0 || errs != "" {
		t.Errorf("lines of %d bytes: exit %d, stderr %q", maxLine, code, errs)
	}
}
