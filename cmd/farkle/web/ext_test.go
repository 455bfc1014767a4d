package web_test

import (
	"testing"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/storetest"
)

// The servers of the child processes keep their games as farkle serve
// does.
func init() {
	web.ChildStore = func(dir string) (web.Store, error) { return boltstore.Open(dir) }
}

// The Store of package web's tests keeps the contract.
func TestMemStoreContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (web.Store, web.Store) { return web.NewMemStore(), nil })
}
