package web_test

import (
	"log"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
)

// ExampleNew mounts the web game in a program's own site, on the
// embedded store. Its body is the Go block of README.md, which
// TestREADMEGoBlock keeps the same, so that the manual's code compiles.
func ExampleNew() {
	st, err := boltstore.Open("/var/lib/farkle") // or pgstore.Open(ctx, url) for several servers
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	h, err := web.New(web.Config{Store: st})
	if err != nil {
		log.Fatal(err)
	}
	http.Handle("/", h)
}

// TestREADMEGoBlock checks that the Go block of README.md is the body of
// ExampleNew, which go test compiles (and go vet checks), as it is
// written in this file: the manual's code builds against the package as
// it is.
func TestREADMEGoBlock(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(readme, -1)
	if len(blocks) != 1 {
		t.Fatalf("README.md has %d Go blocks, want 1 (ExampleNew's body)", len(blocks))
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile("(?s)\nfunc ExampleNew\\(\\) \\{\n(.*?)\n\\}\n").FindSubmatch(src)
	if body == nil {
		t.Fatal("example_test.go has no func ExampleNew")
	}
	var lines []string
	for _, l := range strings.Split(string(body[1]), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	want := strings.Join(lines, "\n") + "\n"
	if got := string(blocks[0][1]); got != want {
		t.Errorf("README.md's Go block differs from ExampleNew's body in example_test.go:\n--- README.md\n%s--- ExampleNew\n%s", got, want)
	}
}
