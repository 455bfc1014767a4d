// Package sqlitestore keeps the games of a web.Server in SQLite (WAL,
// synchronous=FULL), its writes grouped into one transaction by one
// writer goroutine.
package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	_ "modernc.org/sqlite"
)

// A Store is a web.Store in SQLite.
type Store struct {
	db   *sql.DB
	w    *sql.Conn
	ops  chan *op
	done chan struct{}
}

type op struct {
	fn  func(tx *sql.Tx) error
	err chan error
}

const schema = `
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, n INTEGER NOT NULL, last INTEGER NOT NULL, finished INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (id TEXT NOT NULL, n INTEGER NOT NULL, at INTEGER NOT NULL, finished INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (id, n)) WITHOUT ROWID;
`

// Open opens the store of dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	dsn := "file:" + filepath.Join(dir, "games.sqlite") + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, err
	}
	w, err := db.Conn(context.Background())
	if err != nil {
		db.Close()
		return nil, err
	}
	st := &Store{db: db, w: w, ops: make(chan *op, 4096), done: make(chan struct{})}
	go st.writer()
	return st, nil
}

// writer runs the writes: each transaction takes every op waiting.
func (st *Store) writer() {
	defer close(st.done)
	for first := range st.ops {
		batch := []*op{first}
	drain:
		for len(batch) < 1000 {
			select {
			case o, ok := <-st.ops:
				if !ok {
					break drain
				}
				batch = append(batch, o)
			default:
				break drain
			}
		}
		st.run(batch)
	}
}

func (st *Store) run(batch []*op) {
	ctx := context.Background()
	tx, err := st.w.BeginTx(ctx, nil)
	if err != nil {
		for _, o := range batch {
			o.err <- err
		}
		return
	}
	errs := make([]error, len(batch))
	for i, o := range batch {
		if _, err := tx.Exec("SAVEPOINT op"); err != nil {
			errs[i] = err
			continue
		}
		errs[i] = o.fn(tx)
		if errs[i] != nil {
			tx.Exec("ROLLBACK TO op")
		}
		tx.Exec("RELEASE op")
	}
	if err := tx.Commit(); err != nil {
		for _, o := range batch {
			o.err <- err
		}
		return
	}
	for i, o := range batch {
		o.err <- errs[i]
	}
}

func (st *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	o := &op{fn: fn, err: make(chan error, 1)}
	st.ops <- o
	return <-o.err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Create implements web.Store.
func (st *Store) Create(ctx context.Context, id string, first web.Record) error {
	return st.write(ctx, func(tx *sql.Tx) error {
		var n int
		err := tx.QueryRow("SELECT n FROM games WHERE id = ?", id).Scan(&n)
		if err == nil {
			return fmt.Errorf("sqlitestore: game %s: %w", id, web.ErrExists)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.Exec("INSERT INTO games (id, n, last, finished) VALUES (?, 1, ?, ?)", id, first.At.UnixMicro(), b2i(first.Finished)); err != nil {
			return err
		}
		_, err = tx.Exec("INSERT INTO records (id, n, at, finished, data) VALUES (?, 0, ?, ?, ?)", id, first.At.UnixMicro(), b2i(first.Finished), nonNil(first.Data))
		return err
	})
}

func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Append implements web.Store.
func (st *Store) Append(ctx context.Context, id string, n int, rec web.Record) error {
	return st.write(ctx, func(tx *sql.Tx) error {
		var have int
		err := tx.QueryRow("SELECT n FROM games WHERE id = ?", id).Scan(&have)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("sqlitestore: game %s: %w", id, web.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if have != n {
			return fmt.Errorf("sqlitestore: game %s has %d records, not %d: %w", id, have, n, web.ErrConflict)
		}
		if _, err := tx.Exec("UPDATE games SET n = ?, last = ?, finished = ? WHERE id = ?", n+1, rec.At.UnixMicro(), b2i(rec.Finished), id); err != nil {
			return err
		}
		_, err = tx.Exec("INSERT INTO records (id, n, at, finished, data) VALUES (?, ?, ?, ?, ?)", id, n, rec.At.UnixMicro(), b2i(rec.Finished), nonNil(rec.Data))
		return err
	})
}

// Load implements web.Store.
func (st *Store) Load(ctx context.Context, id string) ([]web.Record, error) {
	rows, err := st.db.QueryContext(ctx, "SELECT n, at, finished, data FROM records WHERE id = ? ORDER BY n", id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []web.Record
	for rows.Next() {
		var n int
		var at int64
		var fin int
		var data []byte
		if err := rows.Scan(&n, &at, &fin, &data); err != nil {
			return nil, err
		}
		out = append(out, web.Record{Data: data, At: time.UnixMicro(at), Finished: fin == 1})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("sqlitestore: game %s: %w", id, web.ErrNotFound)
	}
	return out, nil
}

// Delete implements web.Store.
func (st *Store) Delete(ctx context.Context, id string) error {
	return st.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec("DELETE FROM games WHERE id = ?", id); err != nil {
			return err
		}
		_, err := tx.Exec("DELETE FROM records WHERE id = ?", id)
		return err
	})
}

// Expire implements web.Store.
func (st *Store) Expire(ctx context.Context, finishedBefore, idleBefore time.Time) ([]string, error) {
	var ids []string
	err := st.write(ctx, func(tx *sql.Tx) error {
		ids = nil
		const never = int64(-1 << 62)
		fb, ib := never, never
		if !finishedBefore.IsZero() {
			fb = finishedBefore.UnixMicro()
		}
		if !idleBefore.IsZero() {
			ib = idleBefore.UnixMicro()
		}
		rows, err := tx.Query("SELECT id FROM games WHERE (finished = 1 AND last < ?) OR (finished = 0 AND last < ?)", fb, ib)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		for _, id := range ids {
			if _, err := tx.Exec("DELETE FROM games WHERE id = ?", id); err != nil {
				return err
			}
			if _, err := tx.Exec("DELETE FROM records WHERE id = ?", id); err != nil {
				return err
			}
		}
		return nil
	})
	return ids, err
}

// Count implements web.Store.
func (st *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := st.db.QueryRowContext(ctx, "SELECT count(*) FROM games").Scan(&n)
	return n, err
}

// Watch implements web.Store.
func (st *Store) Watch(ctx context.Context, changed func(id string, records int)) error { return nil }

// Close implements web.Store.
func (st *Store) Close() error {
	close(st.ops)
	<-st.done
	st.w.Close()
	return st.db.Close()
}
