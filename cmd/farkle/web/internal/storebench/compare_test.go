package storebench_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/storebench"
	"github.com/farkle-go/farkle/cmd/farkle/web/sqlitestore"
)

func TestCompare(t *testing.T) {
	dir := os.Getenv("FARKLE_STOREBENCH")
	if dir == "" {
		t.Skip("FARKLE_STOREBENCH=DIR runs it, its databases in DIR")
	}
	d := 15 * time.Second
	engines := []struct {
		name string
		open func(string) (web.Store, error)
	}{
		{"bbolt", func(d string) (web.Store, error) { boltstore.BatchDelay = 0; return boltstore.Open(d) }},
		{"sqlite", func(d string) (web.Store, error) { return sqlitestore.Open(d) }},
	}
	for round := range 2 {
		for _, rate := range []int{2000, 4000} {
			for _, e := range engines {
				sub := filepath.Join(dir, e.name)
				os.RemoveAll(sub)
				st, err := e.open(sub)
				if err != nil {
					t.Fatal(err)
				}
				res, err := storebench.Run(st, 2000, rate, 300, d)
				st.Close()
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("round %d %-6s %v", round, e.name, res)
			}
		}
	}
}
