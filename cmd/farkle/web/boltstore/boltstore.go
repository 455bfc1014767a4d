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
// commit, gathered for up to bbolt's MaxBatchDelay, 10 ms); a crash
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

// The buckets: games maps an id to its meta (the number of records, the
// time of the last and whether it finished the game); records maps an id
// and a record's number to the record.
var (
	gamesBucket   = []byte("games")
	recordsBucket = []byte("records")
)

// A Store is a web.Store in an embedded database. Make one with Open.
type Store struct {
	db       *bolt.DB
	count    atomic.Int64 // the games stored: the store is this process's alone
	imported Import
}

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
	st := &Store{db: db}
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
	return st, nil
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
			if err := games.Put([]byte(g.ID), meta{n: uint32(len(g.Records)), last: last.At.UnixMicro(), finished: last.Finished}.bytes()); err != nil {
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
	err := st.db.Batch(func(tx *bolt.Tx) error {
		g := tx.Bucket(gamesBucket)
		if g.Get([]byte(id)) != nil {
			return fmt.Errorf("boltstore: game %s: %w", id, web.ErrExists)
		}
		if err := g.Put([]byte(id), meta{n: 1, last: first.At.UnixMicro(), finished: first.Finished}.bytes()); err != nil {
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
	return st.db.Batch(func(tx *bolt.Tx) error {
		g := tx.Bucket(gamesBucket)
		mb := g.Get([]byte(id))
		if mb == nil {
			return fmt.Errorf("boltstore: game %s: %w", id, web.ErrNotFound)
		}
		m, err := parseMeta(mb)
		if err != nil {
			return err
		}
		if n < 0 || int64(n) != int64(m.n) {
			return fmt.Errorf("boltstore: game %s has %d records, not %d: %w", id, m.n, n, web.ErrConflict)
		}
		if err := g.Put([]byte(id), meta{n: m.n + 1, last: rec.At.UnixMicro(), finished: rec.Finished}.bytes()); err != nil {
			return err
		}
		return tx.Bucket(recordsBucket).Put(recordKey(id, m.n), recordValue(rec))
	})
}

// Load implements web.Store.
func (st *Store) Load(ctx context.Context, id string) ([]web.Record, error) {
	if err := checkID(id); err != nil {
		return nil, err
	}
	var out []web.Record
	err := st.db.View(func(tx *bolt.Tx) error {
		mb := tx.Bucket(gamesBucket).Get([]byte(id))
		if mb == nil {
			return fmt.Errorf("boltstore: game %s: %w", id, web.ErrNotFound)
		}
		m, err := parseMeta(mb)
		if err != nil {
			return err
		}
		out = make([]web.Record, 0, m.n)
		prefix := recordKey(id, 0)[:len(id)+1]
		c := tx.Bucket(recordsBucket).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			if binary.BigEndian.Uint32(k[len(prefix):]) != uint32(len(out)) {
				return fmt.Errorf("boltstore: game %s: record %d missing", id, len(out))
			}
			r, err := parseRecord(v)
			if err != nil {
				return err
			}
			out = append(out, r)
		}
		if len(out) != int(m.n) {
			return fmt.Errorf("boltstore: game %s: %d records of %d", id, len(out), m.n)
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
	err := st.db.Batch(func(tx *bolt.Tx) (err error) {
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
		err := tx.Bucket(gamesBucket).ForEach(func(k, v []byte) error {
			m, err := parseMeta(v)
			if err != nil {
				return err
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
func (st *Store) Close() error { return st.db.Close() }

// initialMmap is the size of the file's first mapping: 1 GiB on 64-bit
// systems, bbolt's default on 32-bit ones.
var initialMmap = map[bool]int{true: 1 << 30, false: 0}[strconv.IntSize == 64]
