package sqlitestore_test

import (
	"testing"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/sqlitestore"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) {
		st, err := sqlitestore.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st, nil
	})
}
