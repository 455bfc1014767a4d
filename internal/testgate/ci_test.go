package testgate

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the repository's root, seen from this package's directory.
const repoRoot = "../.."

// slowListFile lists, one a line, the tests that .ci/run's slow step
// runs with FARKLE_SLOW=1; .ci/run reads the same file.
var slowListFile = filepath.Join(repoRoot, ".ci", "slow-tests")

// readSlowList returns the names in slowListFile, without comments and
// blank lines.
func readSlowList(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(slowListFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var names []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		names = append(names, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}

// gatedTests returns, by package directory, the names of the Test
// functions that use the slow gate (Long, Slow or Wide), directly or through
// functions of their own package that do.
func gatedTests(t *testing.T, root string) map[string][]string {
	t.Helper()
	type fn struct {
		refsGate bool
		calls    []string
	}
	pkgs := map[string]map[string]*fn{} // dir -> function name -> fn
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "testdata":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		gate := ""
		for _, imp := range file.Imports {
			if strings.HasSuffix(imp.Path.Value, `/internal/testgate"`) {
				gate = "testgate"
				if imp.Name != nil {
					gate = imp.Name.Name
				}
			}
		}
		dir := filepath.Dir(path)
		if pkgs[dir] == nil {
			pkgs[dir] = map[string]*fn{}
		}
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			f := &fn{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok && gate != "" && id.Name == gate && (n.Sel.Name == "Long" || n.Sel.Name == "Slow" || n.Sel.Name == "Wide") {
						f.refsGate = true
					}
				case *ast.Ident:
					f.calls = append(f.calls, n.Name)
				}
				return true
			})
			pkgs[dir][fd.Name.Name] = f
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for dir, funcs := range pkgs {
		gated := map[string]bool{}
		for name, f := range funcs {
			if f.refsGate {
				gated[name] = true
			}
		}
		for changed := true; changed; {
			changed = false
			for name, f := range funcs {
				if gated[name] {
					continue
				}
				for _, c := range f.calls {
					if gated[c] {
						gated[name], changed = true, true
						break
					}
				}
			}
		}
		for name := range gated {
			if strings.HasPrefix(name, "Test") && name != "TestMain" {
				out[dir] = append(out[dir], name)
			}
		}
		slices.Sort(out[dir])
	}
	return out
}

// TestSlowStepRunsEveryGatedTest fails when a test uses the slow gate but
// .ci/run's slow step does not select it (it would then run nowhere in
// full), and when the list names a test that does not use the gate (the
// slow step would run it a second time for nothing) or does not exist.
func TestSlowStepRunsEveryGatedTest(t *testing.T) {
	if _, err := os.Stat(filepath.Join(repoRoot, "go.work")); err != nil {
		t.Skip("not in the repository (no go.work beside the library)")
	}
	listed := readSlowList(t)
	if len(listed) == 0 {
		t.Fatalf("%s lists no test", slowListFile)
	}
	re := regexp.MustCompile("^(" + strings.Join(listed, "|") + ")$")
	gated := gatedTests(t, repoRoot)
	used := map[string]bool{}
	for dir, names := range gated {
		for _, name := range names {
			if !re.MatchString(name) {
				t.Errorf("%s: %s uses the slow gate, but %s does not list it: it would never run in full", dir, name, slowListFile)
			}
			used[name] = true
		}
	}
	for _, name := range listed {
		if !used[name] {
			t.Errorf("%s lists %s, which no test of the slow gate's is named", slowListFile, name)
		}
	}
}

// TestGatedTests checks gatedTests on a small tree: a test that calls
// Long, one that calls a helper that asks Slow, and one that does neither.
func TestGatedTests(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import (
	"testing"

	"github.com/farkle-go/farkle/internal/testgate"
)

func helper() bool { return testgate.Slow() }

func TestDirect(t *testing.T) { testgate.Long(t) }

func TestIndirect(t *testing.T) {
	if helper() {
		t.Log("large")
	}
}

func TestPlain(t *testing.T) {}
`
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got := gatedTests(t, dir)
	want := []string{"TestDirect", "TestIndirect"}
	if !slices.Equal(got[dir], want) || len(got) != 1 {
		t.Fatalf("gatedTests = %v, want %v in %s only", got, want, dir)
	}
}
