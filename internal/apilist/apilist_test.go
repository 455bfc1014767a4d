package apilist

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestList(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "io"

const (
	A Kind = iota
	B
	c
)

const Max = 6

type Kind uint8

type T struct {
	X, y int
	*io.PipeReader
	hidden
}

type hidden struct{}

type I interface{ M() }

func F(a, b int, r io.Reader) (int, error) { return 0, nil }
func (T) M()                           {}
func (*T) N(x ...string) bool          { return false }
func (hidden) O()                      {}
func g()                               {}

var E error
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nfunc Test() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := List(dir, "x/p")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"pkg x/p, const A Kind = 0",
		"pkg x/p, const B Kind = 1",
		"pkg x/p, const Max = 6",
		"pkg x/p, func F(int, int, io.Reader) (int, error)",
		"pkg x/p, method (*T) N(...string) bool",
		"pkg x/p, method (T) M()",
		"pkg x/p, type I interface { M() }",
		"pkg x/p, type Kind uint8",
		"pkg x/p, type T struct",
		"pkg x/p, type T struct, X int",
		"pkg x/p, type T struct, embedded *io.PipeReader",
		"pkg x/p, var E error",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
}
