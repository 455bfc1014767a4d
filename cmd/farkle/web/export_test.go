package web

// For the tests of package web_test.

// NewMemStore returns a new empty memStore.
func NewMemStore() Store { return newMemStore() }

// ChildStore, if set, opens the Store of a data directory for the
// server of a child process (see TestMain): the tests of package
// web_test set it to the embedded store's Open, which package web may
// not import.
var ChildStore func(dir string) (Store, error)
