package boltstore_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
)

func open(t *testing.T, dir string) *boltstore.Store {
	t.Helper()
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) {
		return open(t, t.TempDir()), nil
	})
}

// A second Open of a directory in use fails at once with ErrLocked,
// saying which directory; once the first is closed, it opens, its games
// kept.
func TestLocked(t *testing.T) {
	dir := t.TempDir()
	a, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Create(context.Background(), "g", web.Record{Data: []byte("x"), At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	b, err := boltstore.Open(dir)
	if !errors.Is(err, boltstore.ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("second Open: %v, %v; want ErrLocked naming %s", b, err, dir)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b = open(t, dir)
	if n, err := b.Count(context.Background()); n != 1 || err != nil {
		t.Fatalf("Count after reopening: %d, %v", n, err)
	}
}
