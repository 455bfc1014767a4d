// Package boltstore keeps the games of a web.Server in one file of an
// embedded database, DIR/games.db (bbolt: a B+tree, copy-on-write, its
// commits fsynced), for a server that owns its data directory alone:
//
//	st, err := boltstore.Open(dir)
//	if err != nil {
//		return err // errors.Is(err, boltstore.ErrLocked): another farkle serve has dir
//	}
//	defer st.Close()
//	h, err := web.New(web.Config{Store: st})
//
// Its guarantees: Create and Append return nil only once the record is
// on disk (the transaction fsynced); the Appends and Creates of
// concurrent callers share one transaction and one fsync (group
// commit: one writer commits every write that came while the last
// commit ran or within 2 ms of its end); a crash
// loses no record that was acknowledged and leaves no part of one. The
// directory is locked while the store is open: a second Open of it, from
// this process or another, fails at once with ErrLocked. One Server owns
// the store: Watch returns at once.
//
// Open imports, once, the games of a data directory of the earlier
// versions of farkle serve (ID.log and ID.json files): see Imported.
package boltstore

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/internal/oldlog"
	"github.com/farkle-go/farkle/game"
	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// FileName is the database's file in the data directory.
const FileName = "games.db"

// ErrLocked is the error of Open on a data directory that another open
// store holds, in this process or another.
var ErrLocked = errors.New("in use by another farkle serve")

// The buckets: games holds the ids of the games (each to a one-byte
// value); records maps an id and a record's number to the record, and
// the id and metaN to the game's meta: the number of records, the time
// of the last and whether it finished the game. A game's meta follows
// its last record, on the same page: an Append changes one page of the
// tree (with its parents), not two.
var (
	gamesBucket   = []byte("games")
	recordsBucket = []byte("records")
	present       = []byte{1}
)

// metaN is the number in the key of a game's meta, after every record's.
const metaN = 1<<32 - 1

// A Store is a web.Store in an embedded database. Make one with Open.
type Store struct {
	db       *bolt.DB
	count    atomic.Int64 // the games stored: the store is this process's alone
	imported Import

	// The writes of Create, Append and Delete go to the writer through
	// writes; closing (under mu) stops taking them.
	writes  chan write
	mu      sync.RWMutex
	closed  bool
	written chan struct{} // closed when the writer returns
	gap     time.Duration // commitGap
}

// A write is one caller's change, made in the writer's transaction.
// Its fn returns a refusal (errRefused wrapping the error to give the
// caller) before it writes anything; any other error fails the
// transaction.
type write struct {
	fn   func(*bolt.Tx) error
	done chan error
}

// commitGap is the least time from one commit's end to the next's start:
// the writes that come within it share the next commit. Each commit
// costs two fsyncs and its pages; with no gap, at 2,000 writes a second
// (about 1,000 commits), the server took 0.8 cores where the journal of
// the earlier versions took 0.5, and with 2 ms 0.54 (web/MEASURED.md).
const commitGap = 2 * time.Millisecond

// maxBatch bounds the writes of one transaction.
const maxBatch = 1000

// A refused is the error of a write that changed nothing: the
// writer's transaction goes on without it.
type refused struct{ err error }

func (r refused) Error() string { return r.err.Error() }
func (r refused) Unwrap() error { return r.err }

var _ web.Store = (*Store)(nil)

// Open opens the store of the data directory dir, making both if they
// do not exist. It fails with an error wrapping ErrLocked if another
// open store holds dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("boltstore: data directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	// The free pages are not written at each commit but found again
	// when the file opens (NoFreelistSync, kept in a map): a commit
	// writes its pages and the meta page alone. Durability is the same.
	// The file is mapped 1 GiB at once on 64-bit systems (address space,
	// not memory), so that it grows without the remaps that stall
	// commits.
	db, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:         100 * time.Millisecond,
		NoFreelistSync:  true,
		FreelistType:    bolt.FreelistMapType,
		InitialMmapSize: initialMmap,
	})
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("boltstore: data directory %s: %w", dir, ErrLocked)
	}
	if err != nil {
		return nil, fmt.Errorf("boltstore: %s: %w", path, err)
	}
	st := &Store{db: db, writes: make(chan write), written: make(chan struct{}), gap: commitGap}
	err = db.Update(func(tx *bolt.Tx) error {
		g, err := tx.CreateBucketIfNotExists(gamesBucket)
		if err != nil {
			return err
		}
		if _, err := tx.CreateBucketIfNotExists(recordsBucket); err != nil {
			return err
		}
		st.count.Store(int64(g.Stats().KeyN))
		return nil
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("boltstore: %s: %w", path, err)
	}
	if err := st.importOld(dir); err != nil {
		db.Close()
		return nil, fmt.Errorf("boltstore: importing the games of the old format: %w", err)
	}
	go st.writer()
	return st, nil
}

// writer commits the writes sent to st.writes, as many as are waiting
// (up to maxBatch) in each transaction: a group commit whose batches are
// the writes that came during the last commit, or within st.gap of its
// end. bbolt's own DB.Batch gathers each batch for a fixed delay (10 ms
// by default: the p50 of a move), and shorter delays made more and
// smaller commits that queue behind each other (measured in
// web/MEASURED.md).
func (st *Store) writer() {
	defer close(st.written)
	batch := make([]write, 0, maxBatch)
	errs := make([]error, 0, maxBatch)
	var last time.Time // when the last commit ended
	for w := range st.writes {
		batch = append(batch[:0], w)
		// Commits start at least st.gap apart: a write that comes sooner
		// waits for the others of that time.
		var wait <-chan time.Time
		if d := st.gap - time.Since(last); d > 0 {
			wait = time.After(d)
		}
	gather:
		for len(batch) < maxBatch {
			if wait == nil {
				select {
				case w, ok := <-st.writes:
					if !ok {
						break gather
					}
					batch = append(batch, w)
				default:
					break gather
				}
				continue
			}
			select {
			case w, ok := <-st.writes:
				if !ok {
					break gather
				}
				batch = append(batch, w)
			case <-wait:
				wait = nil
			}
		}
		errs = errs[:0]
		err := st.db.Update(func(tx *bolt.Tx) error {
			errs = errs[:0]
			for _, w := range batch {
				err := w.fn(tx)
				var r refused
				if err != nil && !errors.As(err, &r) {
					return err
				}
				errs = append(errs, err)
			}
			return nil
		})
		if err != nil {
			// The transaction failed (the disk, or one write's fault):
			// each write is tried alone, so that one fails alone.
			errs = errs[:0]
			for _, w := range batch {
				errs = append(errs, st.db.Update(w.fn))
			}
		}
		last = time.Now()
		for i, w := range batch {
			var r refused
			if errors.As(errs[i], &r) {
				errs[i] = r.err
			}
			w.done <- errs[i]
		}
	}
}

// write makes fn's change in the writer's next transaction and returns
// once it is on disk, or has failed.
func (st *Store) write(fn func(*bolt.Tx) error) error {
	done := make(chan error, 1)
	st.mu.RLock()
	if st.closed {
		st.mu.RUnlock()
		return fmt.Errorf("boltstore: %w", bolterrors.ErrDatabaseNotOpen)
	}
	st.writes <- write{fn: fn, done: done}
	st.mu.RUnlock()
	return <-done
}

// An Import is what Open imported from a data directory of the old
// format.
type Import struct {
	// Games is the number of games imported.
	Games int
	// Dir is where the old files went, DIR/imported-DATE; "" if none.
	Dir string
	// Notes are what to tell of the files: those refused (left in
	// place), and torn tails left out.
	Notes []string
}

// Imported returns what Open imported from the old format.
func (st *Store) Imported() Import { return st.imported }

// importOld imports the games of the old formats that dir holds, if
// any, then moves their files into dir/imported-DATE, so that it runs
// once; a file that it refuses (damaged) stays, and is noted.
func (st *Store) importOld(dir string) error {
	found, err := oldlog.Found(dir)
	if err != nil || !found {
		return err
	}
	res, err := oldlog.Read(dir, game.DefaultMaxEvents)
	if err != nil {
		return err
	}
	for _, p := range res.Refused {
		what := "not imported, left in place"
		if errors.Is(p.Err, oldlog.ErrCutShort) {
			what = "not imported"
		}
		st.imported.Notes = append(st.imported.Notes, fmt.Sprintf("%s: %v; %s", p.Name, p.Err, what))
	}
	added := 0
	err = st.db.Update(func(tx *bolt.Tx) error {
		added = 0
		for _, g := range res.Games {
			games := tx.Bucket(gamesBucket)
			if games.Get([]byte(g.ID)) != nil {
				continue // imported before a crash cut the moving of its files short
			}
			last := g.Records[len(g.Records)-1]
			if err := games.Put([]byte(g.ID), present); err != nil {
				return err
			}
			if err := putMeta(tx, g.ID, meta{n: uint32(len(g.Records)), last: last.At.UnixMicro(), finished: last.Finished}); err != nil {
				return err
			}
			for i, r := range g.Records {
				if err := tx.Bucket(recordsBucket).Put(recordKey(g.ID, uint32(i)), recordValue(r)); err != nil {
					return err
				}
			}
			added++
		}
		return nil
	})
	if err != nil {
		return err
	}
	st.count.Add(int64(added))
	for _, g := range res.Games {
		if g.Note != "" {
			st.imported.Notes = append(st.imported.Notes, g.ID+oldlog.LogExt+": "+g.Note)
		}
	}
	st.imported.Games = len(res.Games)
	if len(res.Done) == 0 {
		return nil
	}
	// The games are stored (fsynced): their files go.
	to := filepath.Join(dir, "imported-"+time.Now().UTC().Format("2006-01-02"))
	if err := os.MkdirAll(to, 0o700); err != nil {
		return err
	}
	for _, name := range res.Done {
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(to, name)); err != nil {
			return err
		}
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	st.imported.Dir = to
	return nil
}

// meta is a game's entry in the games bucket.
type meta struct {
	n        uint32
	last     int64 // the last record's At, Unix microseconds
	finished bool
}

func (m meta) bytes() []byte {
	b := make([]byte, 13)
	binary.BigEndian.PutUint32(b, m.n)
	binary.BigEndian.PutUint64(b[4:], uint64(m.last))
	if m.finished {
		b[12] = 1
	}
	return b
}

// getMeta returns the meta of game id, and false if there is none.
func getMeta(tx *bolt.Tx, id string) (meta, bool, error) {
	b := tx.Bucket(recordsBucket).Get(recordKey(id, metaN))
	if b == nil {
		return meta{}, false, nil
	}
	m, err := parseMeta(b)
	return m, err == nil, err
}

func putMeta(tx *bolt.Tx, id string, m meta) error {
	return tx.Bucket(recordsBucket).Put(recordKey(id, metaN), m.bytes())
}

func parseMeta(b []byte) (meta, error) {
	if len(b) != 13 {
		return meta{}, fmt.Errorf("boltstore: a game's meta of %d bytes", len(b))
	}
	return meta{n: binary.BigEndian.Uint32(b), last: int64(binary.BigEndian.Uint64(b[4:])), finished: b[12] == 1}, nil
}

// recordKey returns the key of record n of game id: the id, a 0 byte
// and n big-endian, so that a game's records are adjacent and in order.
func recordKey(id string, n uint32) []byte {
	k := make([]byte, 0, len(id)+5)
	k = append(append(k, id...), 0)
	return binary.BigEndian.AppendUint32(k, n)
}

// recordValue encodes r: At in Unix microseconds, Finished, then Data.
func recordValue(r web.Record) []byte {
	v := make([]byte, 9, 9+len(r.Data))
	binary.BigEndian.PutUint64(v, uint64(r.At.UnixMicro()))
	if r.Finished {
		v[8] = 1
	}
	return append(v, r.Data...)
}

func parseRecord(v []byte) (web.Record, error) {
	if len(v) < 9 {
		return web.Record{}, fmt.Errorf("boltstore: a record of %d bytes", len(v))
	}
	return web.Record{
		At:       time.UnixMicro(int64(binary.BigEndian.Uint64(v))),
		Finished: v[8] == 1,
		Data:     bytes.Clone(v[9:]),
	}, nil
}

func checkID(id string) error {
	if id == "" || len(id) > 255 || bytes.IndexByte([]byte(id), 0) >= 0 {
		return fmt.Errorf("boltstore: bad game id %q", id)
	}
	return nil
}

// Create implements web.Store.
func (st *Store) Create(ctx context.Context, id string, first web.Record) error {
	if err := checkID(id); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	err := st.write(func(tx *bolt.Tx) error {
		g := tx.Bucket(gamesBucket)
		if g.Get([]byte(id)) != nil {
			return refused{fmt.Errorf("boltstore: game %s: %w", id, web.ErrExists)}
		}
		if err := g.Put([]byte(id), present); err != nil {
			return err
		}
		if err := putMeta(tx, id, meta{n: 1, last: first.At.UnixMicro(), finished: first.Finished}); err != nil {
			return err
		}
		return tx.Bucket(recordsBucket).Put(recordKey(id, 0), recordValue(first))
	})
	if err == nil {
		st.count.Add(1)
	}
	return err
}

// Append implements web.Store.
func (st *Store) Append(ctx context.Context, id string, n int, rec web.Record) error {
	if err := checkID(id); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return st.write(func(tx *bolt.Tx) error {
		m, ok, err := getMeta(tx, id)
		if err != nil {
			return refused{err}
		}
		if !ok {
			return refused{fmt.Errorf("boltstore: game %s: %w", id, web.ErrNotFound)}
		}
		if n < 0 || int64(n) != int64(m.n) {
			return refused{fmt.Errorf("boltstore: game %s has %d records, not %d: %w", id, m.n, n, web.ErrConflict)}
		}
		if err := putMeta(tx, id, meta{n: m.n + 1, last: rec.At.UnixMicro(), finished: rec.Finished}); err != nil {
			return err
		}
		return tx.Bucket(recordsBucket).Put(recordKey(id, m.n), recordValue(rec))
	})
}

// Load implements web.Store.
func (st *Store) Load(ctx context.Context, id string, from int) ([]web.Record, error) {
	from = max(from, 0)
	if err := checkID(id); err != nil {
		return nil, err
	}
	var out []web.Record
	err := st.db.View(func(tx *bolt.Tx) error {
		m, ok, err := getMeta(tx, id)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("boltstore: game %s: %w", id, web.ErrNotFound)
		}
		if from >= int(m.n) {
			out = []web.Record{}
			return nil
		}
		out = make([]web.Record, 0, int(m.n)-from)
		prefix := recordKey(id, 0)[:len(id)+1]
		c := tx.Bucket(recordsBucket).Cursor()
		for k, v := c.Seek(recordKey(id, uint32(from))); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if i := binary.BigEndian.Uint32(k[len(prefix):]); i == metaN {
				break
			} else if i != uint32(from+len(out)) {
				return fmt.Errorf("boltstore: game %s: record %d missing", id, from+len(out))
			}
			r, err := parseRecord(v)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		if from+len(out) != int(m.n) {
			return fmt.Errorf("boltstore: game %s: %d records of %d", id, from+len(out), m.n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// remove deletes game id in tx, and reports whether it was stored.
func remove(tx *bolt.Tx, id string) (bool, error) {
	g := tx.Bucket(gamesBucket)
	if g.Get([]byte(id)) == nil {
		return false, nil
	}
	if err := g.Delete([]byte(id)); err != nil {
		return false, err
	}
	prefix := recordKey(id, 0)[:len(id)+1]
	c := tx.Bucket(recordsBucket).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
		if err := c.Delete(); err != nil {
			return false, err
		}
	}
	return true, nil
}

// Delete implements web.Store.
func (st *Store) Delete(ctx context.Context, id string) error {
	if err := checkID(id); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	var gone bool
	err := st.write(func(tx *bolt.Tx) (err error) {
		gone, err = remove(tx, id)
		return err
	})
	if err == nil && gone {
		st.count.Add(-1)
	}
	return err
}

// Expire implements web.Store.
func (st *Store) Expire(ctx context.Context, finishedBefore, idleBefore time.Time) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The games due are found in a read transaction, which no write
	// waits for, and removed in a write one only if there are any.
	due := func(tx *bolt.Tx) ([]string, error) {
		var ids []string
		err := tx.Bucket(gamesBucket).ForEach(func(k, _ []byte) error {
			m, ok, err := getMeta(tx, string(k))
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("boltstore: game %s has no meta", k)
			}
			limit := idleBefore
			if m.finished {
				limit = finishedBefore
			}
			if !limit.IsZero() && m.last < limit.UnixMicro() {
				ids = append(ids, string(k))
			}
			return nil
		})
		return ids, err
	}
	var ids []string
	err := st.db.View(func(tx *bolt.Tx) (err error) {
		ids, err = due(tx)
		return err
	})
	if err != nil || len(ids) == 0 {
		return []string{}, err
	}
	err = st.db.Update(func(tx *bolt.Tx) (err error) {
		if ids, err = due(tx); err != nil { // as of now: a game may have moved since
			return err
		}
		for _, id := range ids {
			if _, err := remove(tx, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	st.count.Add(-int64(len(ids)))
	return ids, nil
}

// Count implements web.Store.
func (st *Store) Count(ctx context.Context) (int, error) {
	return int(st.count.Load()), nil
}

// Watch implements web.Store: the store is one Server's alone, and
// Watch returns at once.
func (st *Store) Watch(ctx context.Context, changed func(id string, records int)) error {
	return nil
}

// Close implements web.Store.
// The writes waiting are committed first; those after it fail.
func (st *Store) Close() error {
	st.mu.Lock()
	if st.closed {
		st.mu.Unlock()
		return st.db.Close()
	}
	st.closed = true
	close(st.writes)
	st.mu.Unlock()
	<-st.written
	return st.db.Close()
}

// initialMmap is the size of the file's first mapping: 1 GiB on 64-bit
// systems, bbolt's default on 32-bit ones.
var initialMmap = map[bool]int{true: 1 << 30, false: 0}[strconv.IntSize == 64]
