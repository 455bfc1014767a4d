package main

import (
	"bytes"
	"errors"
	"flag"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// runCLI runs farkle with args and no input, in the process's working
// directory (no test here writes a file).
func runCLI(args ...string) (code int, stdout, stderr string) {
	return runInput("", args...)
}

// runInput runs farkle with args and stdin.
func runInput(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, seed: func() uint64 { return 1 }}
	code = run(e, args)
	return code, out.String(), errb.String()
}

func TestScoreRoll(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string // lines that must appear, in order
	}{
		{[]string{"5", "5", "5", "1", "2", "3"}, []string{
			"roll: 5 5 5 1 2 3",
			"best keep: 1 5 5 5, 600 points",
			"Three of a kind              5 5 5          500",
			"Single one                   1              100",
			"dice left: 2 (2 3)",
			"best partition: 600 points",
			"no combination: 2 3",
		}},
		{[]string{"1", "1", "1", "1", "5", "5"}, []string{"best keep: 1 1 1 1 5 5, 1500 points", "Three pairs", "dice left: none"}},
		{[]string{"111123"}, []string{"best keep: 1 1 1, 1000 points", "dice left: 3 (1 2 3)", "best partition: 1000 points", "Four of a kind"}},
		{[]string{"2,3,4,6,6,2"}, []string{"farkle: no die can be kept", "best partition: 0 points"}},
		{[]string{"-rules", "zilch", "2", "3", "4", "6", "6", "2"}, []string{"best keep: 2 2 3 4 6 6, 500 points", "Six dice with nothing"}},
		{[]string{"-lang", "fi", "1", "2", "3", "4", "5", "6"}, []string{"best keep: 1 2 3 4 5 6, 2500 points", "Suora"}},
	} {
		code, out, errs := runCLI(tc.args...)
		if code != 0 || errs != "" {
			t.Errorf("farkle %v: exit %d, stderr %q", tc.args, code, errs)
		}
		rest := out
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("farkle %v: output lacks %q (in order):\n%s", tc.args, w, out)
				break
			}
			rest = rest[i+len(w):]
		}
	}
}

func TestKeep(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		wantCode int
		want     string
	}{
		{[]string{"-keep", "1,2", "1", "2", "3", "4", "6", "6"}, 1, "keep 1 2 from 1 2 3 4 6 6: not allowed: the 2 scores nothing"},
		{[]string{"-keep", "1", "1", "2", "3", "4", "6", "6"}, 0, "keep 1 from 1 2 3 4 6 6: allowed, 100 points"},
		{[]string{"1", "2", "3", "4", "6", "6", "-keep", "6,6"}, 1, "the dice 6 6 score nothing"},
		{[]string{"-keep", "1,1", "1", "5", "2"}, 1, "keep 1 1 from 1 5 2: not allowed: the roll has only one 1"},
		{[]string{"-keep", "1,5", "1", "2", "3", "4", "6", "6"}, 1, "the roll has no 5"},
		{[]string{"-keep", "1,5", "1", "5"}, 0, "dice left: none (hot dice: six dice to roll)"},
		{[]string{"-keep", "1111", "1", "1", "1", "1", "2", "3"}, 0, "allowed, 1000 points"},
	} {
		code, out, _ := runCLI(tc.args...)
		if code != tc.wantCode || !strings.Contains(out, tc.want) {
			t.Errorf("farkle %v: exit %d, output %q; want exit %d and %q", tc.args, code, out, tc.wantCode, tc.want)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"7"},
		{"1", "x"},
		{"1", "2", "3", "4", "5", "6", "1"},
		{"-rules", "nope", "1"},
		{"-keep", "9", "1"},
		{"-bogus", "1"},
	} {
		// One line says what is wrong, one where to read the usage.
		code, out, errs := runCLI(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 2 || !strings.HasPrefix(errs, "farkle: ") ||
			!strings.HasSuffix(errs, "\nrun 'farkle -h' for usage\n") {
			t.Errorf("farkle %v: exit %d, stdout %q, stderr %q; want exit 2, an error and where the usage is", args, code, out, errs)
		}
	}
	if code, out, _ := runCLI("-h"); code != 0 || !strings.Contains(out, "usage:") {
		t.Errorf("farkle -h: exit %d, output %q", code, out)
	}
}

// The package documentation states the usage of every command, its flags,
// the commands of a game and the exit codes, as the command prints them.
func TestDoc(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	doc := words(f.Doc.Text())
	want := []string{words(exitStatus[strings.Index(exitStatus, "\n"):]), words(playCommands)}
	for _, c := range commands {
		want = append(want, c.title()+" "+c.args)
		c.flagSet(new(options)).VisitAll(func(fl *flag.Flag) {
			arg, _, ok := strings.Cut(fl.Usage, "\t")
			if !ok {
				arg = ""
			}
			want = append(want, strings.TrimSpace("-"+fl.Name+" "+arg))
		})
	}
	for _, w := range want {
		if !strings.Contains(doc, w) {
			t.Errorf("the package documentation lacks %q", w)
		}
	}
}

// One number parser for every flag: decimal integers in a range.
func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		err  string
	}{
		{"0", 0, ""}, {"300", 300, ""}, {"007", 7, ""}, {"-0", 0, ""}, {"1000", 1000, ""},
		{"", 0, "not a decimal integer"}, {"-", 0, "not a decimal integer"}, {"+5", 0, "not a decimal integer"},
		{"0x100", 0, "not a decimal integer"}, {"1_000", 0, "not a decimal integer"}, {" 5", 0, "not a decimal integer"},
		{"1e3", 0, "not a decimal integer"}, {"٣", 0, "not a decimal integer"},
		{"-5", 0, "out of range: want 0 to 1000"}, {"1001", 0, "out of range: want 0 to 1000"},
		{"99999999999999999999999", 0, "out of range: want 0 to 1000"},
	} {
		got, err := parseNumber(tc.in, 0, 1000)
		if msg := errString(err); got != tc.want || msg != tc.err {
			t.Errorf("parseNumber(%q) = %d, %q; want %d, %q", tc.in, got, msg, tc.want, tc.err)
		}
	}
	if got, err := parseNumber[uint64]("18446744073709551615", 0, 1<<64-1); got != 1<<64-1 || err != nil {
		t.Errorf("the largest seed: %d, %v", got, err)
	}
}

// One dice parser for every command and for keep in a game.
func TestParseDice(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
		err  string
	}{
		{nil, "", ""}, {[]string{""}, "", ""}, {[]string{" , "}, "", ""},
		{[]string{"1", "1", "5"}, "1 1 5", ""}, {[]string{"1,1,5"}, "1 1 5", ""}, {[]string{"115"}, "1 1 5", ""},
		{[]string{"1 1\t5"}, "1 1 5", ""}, {[]string{"1,", "5, 6"}, "1 5 6", ""}, {[]string{"123456"}, "1 2 3 4 5 6", ""},
		{[]string{"1234561"}, "", "too many dice: 7, at most 6"},
		{[]string{"1", strings.Repeat("1", 1e6)}, "", "too many dice: 1000001, at most 6"},
		{[]string{"1", "7"}, "", `"7" is not dice: a die is a face from 1 to 6`},
		{[]string{"15x,2"}, "", `"15x" is not dice: a die is a face from 1 to 6`},
		{[]string{"-1"}, "", `"-1" is not dice: a die is a face from 1 to 6`},
	} {
		got, err := parseDice(tc.in)
		if msg := errString(err); joinDice(got) != tc.want || msg != tc.err {
			t.Errorf("parseDice(%.20q) = %v, %q; want %s, %q", tc.in, got, msg, tc.want, tc.err)
		}
	}
}

func TestValidLang(t *testing.T) {
	for _, tag := range []string{"cs", "en", "fi", "nl", "FI", "fi-FI", "nl_BE", "En-gb", "cs-CZ-x-1"} {
		if !validLang(tag) {
			t.Errorf("%q refused", tag)
		}
	}
	for _, tag := range []string{"", "zz", "de", "fin", "fi-", "-fi", "fi--FI", "fi-F!", "fi-abcdefghi", "f"} {
		if validLang(tag) {
			t.Errorf("%q accepted", tag)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// fullWriter takes n bytes, then fails every write, as a full disk does
// (farkle ... >/dev/full).
type fullWriter struct{ n int }

func (w *fullWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	k := w.n
	w.n = 0
	return k, errors.New("no space left on device")
}

// A run whose output cannot be written exits 1 and says so on stderr,
// once, whatever the command; a game stops at the first failed write.
func TestWriteError(t *testing.T) {
	endless := "roll\nbest\n" + strings.Repeat("score\n", 10_000) + "quit\n"
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"1", "1", "5"}},
		{"", []string{"-keep", "1", "1", "5"}},
		{"", []string{"-keep", "2", "1", "2"}}, // refused, and not written
		{"", []string{"-h"}},
		{"", []string{"help", "play"}},
		{"", []string{"play", "-h"}},
		{"", []string{"advise", "1", "5"}},
		{"quit\n", []string{"play", "-seed", "1"}},
		{endless, []string{"play", "-seed", "1"}},
	} {
		_, full, _ := runInput(tc.stdin, tc.args...)
		for _, n := range []int{0, 10, len(full) - 1} {
			var errb bytes.Buffer
			in := strings.NewReader(tc.stdin)
			e := &env{stdin: in, stdout: &fullWriter{n}, stderr: &errb, seed: func() uint64 { return 1 }}
			code := run(e, tc.args)
			if code != exitRefused || !strings.HasSuffix(errb.String(), ": could not write the output: no space left on device\n") ||
				strings.Count(errb.String(), "\n") != 1 {
				t.Errorf("%q, stdout full after %d bytes: exit %d, stderr %q; want 1 and why, once", tc.args, n, code, errb.String())
			}
			if tc.stdin == endless && n < 1000 && in.Len() < len(endless)/2 {
				t.Errorf("%q, stdout full after %d bytes: the game read on to byte %d of its input", tc.args, n, len(endless)-in.Len())
			}
		}
	}
	// A usage error is still one: its message goes to stderr.
	var errb bytes.Buffer
	if code := run(&env{stdout: &fullWriter{}, stderr: &errb}, []string{"7"}); code != exitUsage || strings.Contains(errb.String(), "could not write") {
		t.Errorf("farkle 7: exit %d, stderr %q; want 2", code, errb.String())
	}
	// stderr that cannot be written does not change the exit status.
	var out bytes.Buffer
	if code := run(&env{stdout: &out, stderr: &fullWriter{}}, []string{"1", "1", "5"}); code != exitOK || out.Len() == 0 {
		t.Errorf("farkle 1 1 5 with stderr full: exit %d, stdout %q; want 0", code, out.String())
	}
}

func TestFlagTwice(t *testing.T) {
	for _, args := range [][]string{
		{"-keep", "1", "-keep", "5", "1", "5"},
		{"-rules", "app", "1", "-rules=app"},
		{"advise", "-total", "50", "-total", "100", "1"},
		{"advise", "-must-roll", "--must-roll", "1"},
		{"play", "-bots", "2", "-bots", "3"},
	} {
		code, out, errs := runCLI(args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, " given twice: give each flag once\n") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and the flag given twice", args, code, out, errs)
		}
	}
}

// The module README.md's Commands section states the exit codes as the table of
// "farkle -h" does: 1 for a refused keep, a game's input that ends first
// and output that cannot be written, never for a move that a game
// refuses.
func TestREADMEExitStatus(t *testing.T) {
	data, err := os.ReadFile("README.md") // this module's: the operators' manual
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "\n## Commands\n")
	if !ok {
		t.Fatal("README.md has no Commands section")
	}
	_, sentence, ok := strings.Cut(strings.Join(strings.Fields(rest), " "), "It exits ")
	if !ok {
		t.Fatal(`README.md's Commands section has no "It exits ..." sentence`)
	}
	sentence, _, _ = strings.Cut(sentence, ". ")
	for _, want := range []string{"0 when done", "quit", "the game goes on", "1 when the rules refuse a keep",
		"input ends before it is over", "output cannot be written", "2 for a usage error"} {
		if !strings.Contains(sentence, want) {
			t.Errorf("README.md's exit codes lack %q: %q", want, sentence)
		}
	}
	if strings.Contains(sentence, "keep or move") {
		t.Errorf("README.md's exit codes say a refused move exits 1: %q", sentence)
	}
}
