package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// A memStore is a Store in memory, for the tests: the games of one
// directory name (memStoreAt) outlive the Servers that use them, as a
// data directory does.
type memStore struct {
	mu    sync.Mutex
	games map[string][]Record
}

func newMemStore() *memStore { return &memStore{games: make(map[string][]Record)} }

var (
	memDirsMu sync.Mutex
	memDirs   = make(map[string]*memStore)
)

// memStoreAt returns the memStore of the directory name dir, made on
// first use: Servers given it in turn see the same games.
func memStoreAt(dir string) *memStore {
	memDirsMu.Lock()
	defer memDirsMu.Unlock()
	st := memDirs[dir]
	if st == nil {
		st = newMemStore()
		memDirs[dir] = st
	}
	return st
}

func cloneRecord(r Record) Record {
	r.Data = bytes.Clone(r.Data)
	return r
}

func (m *memStore) Create(ctx context.Context, id string, first Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.games[id]; ok {
		return fmt.Errorf("memstore: %s: %w", id, ErrExists)
	}
	m.games[id] = []Record{cloneRecord(first)}
	return nil
}

func (m *memStore) Append(ctx context.Context, id string, n int, rec Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	recs, ok := m.games[id]
	switch {
	case !ok:
		return fmt.Errorf("memstore: %s: %w", id, ErrNotFound)
	case len(recs) != n:
		return fmt.Errorf("memstore: %s has %d records, not %d: %w", id, len(recs), n, ErrConflict)
	}
	m.games[id] = append(recs, cloneRecord(rec))
	return nil
}

func (m *memStore) Load(ctx context.Context, id string, from int) ([]Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	recs, ok := m.games[id]
	if !ok {
		return nil, fmt.Errorf("memstore: %s: %w", id, ErrNotFound)
	}
	recs = recs[min(max(from, 0), len(recs)):]
	out := make([]Record, len(recs))
	for i, r := range recs {
		out[i] = cloneRecord(r)
	}
	return out, nil
}

func (m *memStore) Delete(ctx context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.games, id)
	return nil
}

func (m *memStore) Expire(ctx context.Context, finishedBefore, idleBefore time.Time) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	ids := []string{}
	for id, recs := range m.games {
		last := recs[len(recs)-1]
		limit := idleBefore
		if last.Finished {
			limit = finishedBefore
		}
		if !limit.IsZero() && last.At.Before(limit) {
			ids = append(ids, id)
			delete(m.games, id)
		}
	}
	return ids, nil
}

func (m *memStore) Count(ctx context.Context) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.games), nil
}

func (m *memStore) Watch(ctx context.Context, changed func(id string, records int)) error {
	return nil
}

func (m *memStore) Close() error { return nil }

// errInjected is the failure of a faultStore's writes.
var errInjected = errors.New("injected failure")

// A faultStore is a Store whose writes fail on demand, and that tells a
// test of each write.
type faultStore struct {
	Store
	fail   atomic.Bool  // every write fails, storing nothing
	writes atomic.Int64 // the writes asked for
	// before, if set, is called at the start of each write.
	before atomic.Pointer[func()]
}

func (f *faultStore) write(op func() error) error {
	f.writes.Add(1)
	if h := f.before.Load(); h != nil {
		(*h)()
	}
	if f.fail.Load() {
		return errInjected
	}
	return op()
}

func (f *faultStore) Create(ctx context.Context, id string, first Record) error {
	return f.write(func() error { return f.Store.Create(ctx, id, first) })
}

func (f *faultStore) Append(ctx context.Context, id string, n int, rec Record) error {
	return f.write(func() error { return f.Store.Append(ctx, id, n, rec) })
}

// faults returns the faultStore of a Server that newTest made.
func faults(s *Server) *faultStore { return s.cfg.Store.(*faultStore) }
