package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
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
		{[]string{"-keep", "1,1", "1", "5", "2"}, 1, "the roll does not have these kept dice: 1"},
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
		code, out, errs := runCLI(args...)
		if code != 2 || !strings.Contains(errs, "usage:") || out != "" {
			t.Errorf("farkle %v: exit %d, stdout %q, stderr %q; want exit 2 and usage on stderr", args, code, out, errs)
		}
	}
	if code, out, _ := runCLI("-h"); code != 0 || !strings.Contains(out, "usage:") {
		t.Errorf("farkle -h: exit %d, output %q", code, out)
	}
}
