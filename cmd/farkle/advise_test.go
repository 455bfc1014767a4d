package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func runAdviseArgs(args ...string) (code int, stdout, stderr string) {
	return runCLI(append([]string{"advise"}, args...)...)
}

// The example of the issue: flags after the dice.
func TestRunAdviseStraight(t *testing.T) {
	code, out, errOut := runAdviseArgs("1", "5", "2", "3", "4", "6", "-total", "300")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := []string{
		"App rules: rolled 1 5 2 3 4 6 with 300 in the turn.",
		"Keep 1 2 3 4 5 6 (straight 2500) and roll 6 dice (hot dice): expected 3198.0.",
		"Choices, with the expected final score of the turn:",
		"  keep 1 2 3 4 5 6 and roll 6 dice (hot dice): expected 3198.0  keep 1 2 3 4 5 6 and bank: 2800",
		"  keep 1 and roll 5 dice: expected 641.5                        keep 1 and bank: 400",
		"  keep 1 5 and roll 4 dice: expected 542.5                      keep 1 5 and bank: 450",
	}
	if diff := cmp.Diff(want, lines); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// The same advice whatever the order of flags and dice and the way the
// dice are written.
func TestRunAdviseArgumentForms(t *testing.T) {
	_, want, _ := runAdviseArgs("-total", "300", "1", "5", "2", "3", "4", "6")
	for _, args := range [][]string{
		{"1", "5", "2", "3", "4", "6", "-total", "300"},
		{"1,5,2", "-total=300", "3,4,6"},
		{"--total", "300", "152346"},
		{"-rules", "APP", "152", "-total", "300", "--", "346"},
		{"1 5 2 3 4 6", "-total", "300"}, // one dice parser for every command
	} {
		code, got, errOut := runAdviseArgs(args...)
		if code != 0 || got != want {
			t.Errorf("%q: exit %d, stderr %q, output (-want +got):\n%s", args, code, errOut, cmp.Diff(want, got))
		}
	}
}

func TestRunAdviseBankAndRules(t *testing.T) {
	code, out, _ := runAdviseArgs("-total", "350", "3", "5", "1")
	if code != 0 || !strings.Contains(out, "Keep 1 5 (single one 100 + single five 50) and bank 500.") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	code, out, _ = runAdviseArgs("-rules", "facebook", "-min-bank", "1000", "3", "5", "1")
	if code != 0 || !strings.HasPrefix(out, "Facebook rules:") || !strings.Contains(out, "bank not allowed") || strings.Contains(out, "and bank:") {
		t.Errorf("min bank 1000: exit %d, output:\n%s", code, out)
	}
	code, out, _ = runAdviseArgs("-must-roll", "-total", "100000", "1", "1", "1", "1", "1", "1")
	if code != 0 || !strings.Contains(out, "(hot dice): expected") || !strings.Contains(out, "bank not allowed") {
		t.Errorf("must roll: exit %d, output:\n%s", code, out)
	}
	code, out, _ = runAdviseArgs("2", "3", "4", "6", "6", "2")
	if code != 0 || !strings.Contains(out, "Farkle: nothing to keep, the turn scores 0.") {
		t.Errorf("farkle: exit %d, output:\n%s", code, out)
	}
}

func TestRunAdviseErrors(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{nil, 2, "no dice"},
		{[]string{"1", "x"}, 2, `"x" is not dice`},
		{[]string{"1", "7"}, 2, `"7" is not dice`},
		{[]string{"1234561"}, 2, "too many dice"},
		{[]string{"1", "-total", "75"}, 2, "-total 75: not a turn total of the app rules"},
		{[]string{"1", "-total", "0x100"}, 2, `invalid value "0x100" for flag -total: not a decimal integer`},
		{[]string{"1", "-total"}, 2, "flag needs an argument"},
		{[]string{"1", "-bogus"}, 2, "flag provided but not defined"},
		{[]string{"1", "-rules", "yahtzee"}, 2, `invalid value "yahtzee" for flag -rules`},
		{[]string{"1", "-min-bank", "-50"}, 2, "out of range: want 0 to 1000000"},
	} {
		code, out, errOut := runAdviseArgs(c.args...)
		if code != c.code || !strings.Contains(errOut, c.stderr) || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.stderr)
		}
	}
}

func TestRunAdviseHelp(t *testing.T) {
	code, out, errOut := runAdviseArgs("-h")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: farkle advise") || !strings.Contains(out, "-total") {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
