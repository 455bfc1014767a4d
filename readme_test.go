package farkle_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/internal/testgate"
)

// TestREADME compiles and runs every Go block of README.md, each a whole
// program, and compares what it prints with the "// Output:" comment that
// ends it, as go test does for examples. The programs are built in a
// temporary module of their own (tempModule), as a user's would be, not in
// the source tree.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	if testgate.Race {
		// The programs are built and run without the race detector
		// either way: under it, the test would repeat the plain run.
		t.Skip("builds programs without the race detector: the plain run checks it")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("README.md has no Go blocks")
	}
	mod, env := tempModule(t)
	type program struct {
		block int    // its number in README.md, from 1
		want  string // what it must print
	}
	var progs []program
	for i, b := range blocks {
		src := string(b[1])
		if !strings.HasPrefix(src, "package main\n") {
			t.Errorf("block %d is not a whole program (package main):\n%s", i+1, src)
			continue
		}
		_, out, ok := strings.Cut(src, "\n// Output:\n")
		if !ok {
			t.Errorf("block %d has no // Output: comment", i+1)
			continue
		}
		var want []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			want = append(want, strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
		}
		dir := filepath.Join(mod, fmt.Sprintf("block%d", i+1))
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		progs = append(progs, program{i + 1, strings.Join(want, "\n")})
	}
	if len(progs) == 0 {
		return
	}
	// One go build for all the programs, which builds them in parallel;
	// if it fails, each is built alone, to tell which blocks do not
	// build, and the others still run.
	bin := t.TempDir()
	exe := func(block int) string { return filepath.Join(bin, fmt.Sprintf("block%d", block)) }
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./...")
	build.Dir, build.Env = mod, env
	if _, err := build.CombinedOutput(); err != nil {
		var built []program
		for _, p := range progs {
			one := exec.Command("go", "build", "-o", exe(p.block), fmt.Sprintf("./block%d", p.block))
			one.Dir, one.Env = mod, env
			if out, err := one.CombinedOutput(); err != nil {
				t.Errorf("block %d: go build: %v\n%s", p.block, err, out)
				continue
			}
			built = append(built, p)
		}
		progs = built
	}
	for _, p := range progs {
		got, err := exec.Command(exe(p.block)).CombinedOutput()
		if err != nil {
			t.Errorf("block %d: run: %v\n%s", p.block, err, got)
			continue
		}
		if g := strings.TrimSpace(string(got)); g != p.want {
			t.Errorf("block %d prints\n%s\nwant\n%s", p.block, g, p.want)
		}
	}
}

// tempModule makes a module in a temporary directory that requires this
// module, replaced by its source tree, for programs that import it as a
// user's program does; it returns the directory and the environment of
// the go commands to run there. Its go.sum is a copy of this module's,
// which a build needs only if the module's packages (not its tests) come
// to import another module. The programs' packages go in subdirectories.
func tempModule(t *testing.T) (dir string, env []string) {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(gomod)
	if goVersion == nil {
		t.Fatal("go.mod has no go directive")
	}
	dir = t.TempDir()
	mod := fmt.Sprintf("module example.com/farkletest\n\ngo %s\n\nrequire github.com/farkle-go/farkle v0.0.0\n\nreplace github.com/farkle-go/farkle => %q\n", goVersion[1], root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	// -mod=mod lets go add to go.sum what this module's go.sum would
	// lack, from the module cache (or GOPROXY).
	env = append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	return dir, env
}
