package farkle_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/internal/apilist"
)

var writeAPI = flag.Bool("write-api", false, "write api/v1.txt from the current API (only when settling v1)")

// apiPackages are the packages whose exported API is kept stable, by
// directory relative to the module root.
var apiPackages = []string{".", "game", "strategy", "strategy/win"}

func currentAPI(t *testing.T) []string {
	t.Helper()
	var all []string
	for _, dir := range apiPackages {
		path := "github.com/farkle-go/farkle"
		if dir != "." {
			path += "/" + dir
		}
		lines, err := apilist.List(dir, path)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines...)
	}
	slices.Sort(all)
	return all
}

// TestAPI fails when a name recorded in api/v1.txt disappears or changes:
// after v1, the API only grows. It fails too on a new name until the name
// is recorded in api/next.txt (and CHANGELOG.md).
func TestAPI(t *testing.T) {
	got := currentAPI(t)
	file := filepath.Join("api", "v1.txt")
	if *writeAPI {
		if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	recorded := readAPI(t, file)
	if len(recorded) == 0 {
		t.Fatalf("%s is empty", file)
	}
	next := readAPI(t, filepath.Join("api", "next.txt"))
	have := make(map[string]bool, len(got))
	for _, l := range got {
		have[l] = true
	}
	for _, l := range recorded {
		if !have[l] {
			t.Errorf("API removed or changed: %s", l)
		}
	}
	known := make(map[string]bool)
	for _, l := range append(recorded, next...) {
		known[l] = true
	}
	for _, l := range got {
		if !known[l] {
			t.Errorf("API added but not recorded in api/next.txt: %s", l)
		}
	}
}

func readAPI(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if os.IsNotExist(err) && strings.HasSuffix(file, "next.txt") {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
