package boltstore_test

import (
	"testing"

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
