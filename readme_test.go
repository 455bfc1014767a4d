package farkle_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADME compiles and runs every Go block of README.md, each a whole
// program, and compares what it prints with the "// Output:" comment that
// ends it, as go test does for examples.
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("README.md has no Go blocks")
	}
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
		dir, err := os.MkdirTemp(".", "_readme-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := exec.Command("go", "run", "./"+dir).CombinedOutput()
		if err != nil {
			t.Errorf("block %d: go run: %v\n%s", i+1, err, got)
			continue
		}
		if g, w := strings.TrimSpace(string(got)), strings.Join(want, "\n"); g != w {
			t.Errorf("block %d prints\n%s\nwant\n%s", i+1, g, w)
		}
	}
}
