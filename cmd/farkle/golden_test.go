package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the outputs of the golden files testdata/*.txtar")

// TestGolden runs the cases of testdata/*.txtar, one a file. A case is a
// txtar archive whose comment says what it shows and holds the command
// line, "$ farkle ARGS...", where an argument with spaces, or an empty
// one, is a Go string literal ("1 5", ""). Its files are:
//
//	stdin      the standard input (optional)
//	in/NAME    a file of the working directory before the run (optional)
//	stdout     the standard output
//	stderr     the standard error
//	exit       the exit code
//	out/NAME   a file of the working directory after the run that was
//	           not there before, or changed: a refused overwrite leaves
//	           no out/ file
//
// The working directory is a new temporary one, written $WORK in the
// outputs, and a game without -seed has seed 1. go test -update rewrites
// the outputs.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a := parseTxtar(string(data))
			got := runGolden(t, a)
			if *update {
				if err := os.WriteFile(file, got.format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if diff := cmp.Diff(string(a.format()), string(got.format())); diff != "" {
				t.Errorf("%s (-want +got):\n%s", file, diff)
			}
		})
	}
}

// runGolden runs the case a and returns it with the outputs of the run.
func runGolden(t *testing.T, a *txtar) *txtar {
	t.Helper()
	args, err := goldenArgs(a.comment)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	got := &txtar{comment: a.comment}
	stdin := ""
	before := make(map[string]string) // the in/ files
	for _, f := range a.files {
		switch name, ok := strings.CutPrefix(f.name, "in/"); {
		case ok:
			before[name] = f.data
			if err := os.WriteFile(filepath.Join(dir, name), []byte(f.data), 0o644); err != nil {
				t.Fatal(err)
			}
		case f.name == "stdin":
			stdin = f.data
		default:
			continue // an output
		}
		got.files = append(got.files, f)
	}
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &stdout, stderr: &stderr, dir: dir, seed: func() uint64 { return 1 }}
	code := run(e, args)
	clean := func(s string) string { return strings.ReplaceAll(s, dir, "$WORK") }
	got.files = append(got.files,
		txtarFile{"stdout", clean(stdout.String())},
		txtarFile{"stderr", clean(stderr.String())},
		txtarFile{"exit", strconv.Itoa(code) + "\n"})
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if old, ok := before[filepath.ToSlash(rel)]; !ok || old != string(data) {
			got.files = append(got.files, txtarFile{"out/" + filepath.ToSlash(rel), string(data)})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// goldenArgs returns the arguments of the line "$ farkle ARGS..." of a
// case's comment.
func goldenArgs(comment string) ([]string, error) {
	for _, line := range strings.Split(comment, "\n") {
		rest, ok := strings.CutPrefix(line, "$ farkle")
		if !ok {
			continue
		}
		var args []string
		for rest = strings.TrimLeft(rest, " "); rest != ""; rest = strings.TrimLeft(rest, " ") {
			arg, _, _ := strings.Cut(rest, " ")
			if rest[0] == '"' {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					return nil, fmt.Errorf("%s: %v", line, err)
				}
				arg = q
				unq, _ := strconv.Unquote(q)
				args = append(args, unq)
			} else {
				args = append(args, arg)
			}
			rest = rest[len(arg):]
		}
		return args, nil
	}
	return nil, fmt.Errorf("no line \"$ farkle ARGS...\" in the comment:\n%s", comment)
}

// A txtar is a txtar archive (golang.org/x/tools/txtar): a comment, then
// files, each after a line "-- NAME --".
type txtar struct {
	comment string
	files   []txtarFile
}

type txtarFile struct{ name, data string }

func parseTxtar(s string) *txtar {
	a := new(txtar)
	for _, line := range strings.SplitAfter(s, "\n") {
		l := strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6 {
			a.files = append(a.files, txtarFile{name: strings.TrimSpace(l[3 : len(l)-3])})
			continue
		}
		if n := len(a.files); n > 0 {
			a.files[n-1].data += line
		} else {
			a.comment += line
		}
	}
	return a
}

// format returns the archive as text; a file that does not end in a
// newline gets one, as in txtar.
func (a *txtar) format() []byte {
	var b bytes.Buffer
	b.WriteString(a.comment)
	if a.comment != "" && !strings.HasSuffix(a.comment, "\n") {
		b.WriteByte('\n')
	}
	for _, f := range a.files {
		fmt.Fprintf(&b, "-- %s --\n%s", f.name, f.data)
		if f.data != "" && !strings.HasSuffix(f.data, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

func TestTxtar(t *testing.T) {
	const text = "comment\n-- a --\none\n\n-- empty --\n-- b/c --\nno end"
	a := parseTxtar(text)
	want := &txtar{"comment\n", []txtarFile{{"a", "one\n\n"}, {"empty", ""}, {"b/c", "no end"}}}
	if diff := cmp.Diff(want, a, cmp.AllowUnexported(txtar{}, txtarFile{})); diff != "" {
		t.Errorf("parse (-want +got):\n%s", diff)
	}
	if got := string(a.format()); got != text+"\n" {
		t.Errorf("format: %q, want %q", got, text+"\n")
	}
	args, err := goldenArgs("what it shows\n$ farkle -keep \"\" 1 \"2 3\" x\\y\n")
	if want := []string{"-keep", "", "1", "2 3", `x\y`}; err != nil || !cmp.Equal(args, want) {
		t.Errorf("args %q, %v; want %q", args, err, want)
	}
}
