package main

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzArgs runs farkle with the arguments of the fuzz string, split at
// spaces (two spaces make an empty argument), and no input, in an empty
// temporary working directory: it must not panic, must exit 0, 1 or 2,
// must write no file, and must keep to the conventions of the exit codes.
// The seed corpus is testdata/fuzz/FuzzArgs.
func FuzzArgs(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		var args []string
		if s != "" {
			args = strings.Split(s, " ")
		}
		// "win" and "advise -scores" solve a whole game (seconds, or
		// half a minute with a penalty) and write a cache: their arguments are
		// checked by the golden tests, not fuzzed.
		if slices.Contains(args, "win") || slices.ContainsFunc(args, func(a string) bool { return strings.Contains(a, "scores") }) {
			return
		}
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, dir: dir, seed: func() uint64 { return 1 }}
		code := run(e, args)
		out, errs := stdout.String(), stderr.String()
		switch code {
		case exitOK:
			// Done: nothing on stderr, but for a game's messages, which
			// need input.
			if errs != "" {
				t.Errorf("%q: exit 0 with stderr %q", args, errs)
			}
		case exitRefused:
			// Refused: a keep (on stdout) or a game without input.
			if out == "" && errs == "" {
				t.Errorf("%q: exit 1 without a word", args)
			}
		case exitUsage:
			// A usage error: one line, then where the usage is.
			lines := strings.SplitAfter(errs, "\n")
			if out != "" || len(lines) != 3 || lines[2] != "" || !strings.HasPrefix(lines[1], "run 'farkle ") {
				t.Errorf("%q: exit 2 with stdout %q, stderr %q; want one line and where the usage is", args, out, errs)
			}
		default:
			t.Errorf("%q: exit %d", args, code)
		}
		if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
			t.Errorf("%q: wrote files: %v %v", args, entries, err)
		}
	})
}
