// Package pgstore keeps the web game's games in PostgreSQL: a web.Store
// that several servers, in several processes or machines, share, so that
// they can stand behind one load balancer and any of them can serve any
// game.
//
//	st, err := pgstore.Open(ctx, os.Getenv("DATABASE_URL"))
//	if err != nil {
//		log.Fatal(err)
//	}
//	defer st.Close()
//	h, err := web.New(web.Config{Store: st})
//
// Open creates the tables if they are missing, in the connection's current
// schema (the first of its search_path that exists; choose another with
// search_path=NAME in the connection string):
//
//	farkle_games   (id text PRIMARY KEY, records integer, last_at timestamptz, finished boolean)
//	farkle_records (game text REFERENCES farkle_games ON DELETE CASCADE, n integer,
//	                data bytea, at timestamptz, finished boolean, PRIMARY KEY (game, n))
//
// A game's row counts its records and copies the last one's time and
// Finished, which the expiry reads. Append is one statement, so one
// transaction: it updates the game's row only if it has n records (two
// servers appending at once: one waits for the other's row lock, then
// finds the count changed and fails with web.ErrConflict), inserts the
// record, and notifies the other servers (pg_notify on the channel
// farkle_SCHEMA, payload "ID COUNT"). The connections run with
// synchronous_commit on (Open sets it where the server's default is off),
// so a nil error means the record is on disk, as far as the database's own
// fsync setting makes it so. Expire is one DELETE ... RETURNING, so each
// game expires on exactly one server. Watch listens on the channel on a
// connection of its own (see Store.Watch).
//
// Each server applies its limits per client (requests a second, event
// streams, connections) on its own: behind a load balancer that spreads a
// client's requests over N servers, the client gets up to N times each
// limit. A sticky balancer (by client address) keeps them to one.
//
// Connections come from a pool (pgxpool: pool_max_conns=N in the
// connection string sets its size; by default the larger of 4 and the
// number of CPUs), and one more for Watch.
package pgstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A Store is a web.Store in a PostgreSQL database. Its methods are safe
// for concurrent use.
type Store struct {
	pool    *pgxpool.Pool
	conn    *pgx.ConnConfig // for Watch's connections
	schema  string
	channel string
	games   string // the tables' names, quoted and qualified by the schema
	records string

	// In the tests: called before Watch connects again after losing its
	// connection, and the process id of Watch's connection.
	beforeRedial func()
	watchPID     atomic.Uint32
}

var _ web.Store = (*Store)(nil)

// Open connects to the database that connString names (a URL,
// postgres://user:password@host:port/database?param=value, or
// "key=value ..." pairs, as libpq takes them) and creates the tables if
// they are missing.
func Open(ctx context.Context, connString string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	cfg.AfterConnect = durable
	s := &Store{conn: cfg.ConnConfig.Copy()}
	s.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if err := s.setUp(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	return s, nil
}

// durable turns synchronous_commit on for a connection on which it is
// off, so that a commit returns only once it is on disk; the other
// settings (on, remote_write, remote_apply, local) all wait for the local
// disk at least.
func durable(ctx context.Context, c *pgx.Conn) error {
	var sc string
	if err := c.QueryRow(ctx, "SELECT current_setting('synchronous_commit')").Scan(&sc); err != nil {
		return err
	}
	if sc == "off" {
		_, err := c.Exec(ctx, "SET synchronous_commit = on")
		return err
	}
	return nil
}

// setUp finds the schema, names the tables and the channel, and creates
// the tables if missing: under a lock, so that servers starting together
// do not create them twice.
func (s *Store) setUp(ctx context.Context) error {
	var schema *string
	if err := s.pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}
	if schema == nil {
		return errors.New("pgstore: no schema of the search_path exists to create the tables in")
	}
	s.schema = *schema
	s.games = pgx.Identifier{s.schema, "farkle_games"}.Sanitize()
	s.records = pgx.Identifier{s.schema, "farkle_records"}.Sanitize()
	// A channel's name has at most 63 bytes.
	s.channel = "farkle_" + s.schema
	if len(s.channel) > 63 {
		sum := sha256.Sum256([]byte(s.schema))
		s.channel = "farkle_" + hex.EncodeToString(sum[:16])
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}
	defer tx.Rollback(context.Background()) // after Commit, a no-op
	stmts := []string{
		"SELECT pg_advisory_xact_lock(hashtext('farkle_' || current_schema()))",
		`CREATE TABLE IF NOT EXISTS ` + s.games + ` (
			id text PRIMARY KEY,
			records integer NOT NULL,
			last_at timestamptz NOT NULL,
			finished boolean NOT NULL)`,
		`CREATE TABLE IF NOT EXISTS ` + s.records + ` (
			game text NOT NULL REFERENCES ` + s.games + ` ON DELETE CASCADE,
			n integer NOT NULL,
			data bytea NOT NULL,
			at timestamptz NOT NULL,
			finished boolean NOT NULL,
			PRIMARY KEY (game, n))`,
		`CREATE INDEX IF NOT EXISTS farkle_games_expiry ON ` + s.games + ` (finished, last_at)`,
	}
	for _, q := range stmts {
		if _, err := tx.Exec(ctx, q); err != nil {
			return fmt.Errorf("pgstore: creating the tables in schema %q: %w", s.schema, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("pgstore: creating the tables in schema %q: %w", s.schema, err)
	}
	return nil
}

// String names the database and schema, not the password: "PostgreSQL
// database DB of USER at HOST:PORT, schema SCHEMA".
func (s *Store) String() string {
	return fmt.Sprintf("PostgreSQL database %s of %s at %s, schema %s",
		s.conn.Database, s.conn.User, net.JoinHostPort(s.conn.Host, strconv.Itoa(int(s.conn.Port))), s.schema)
}

// Close closes the store's connections, but for Watch's, which its ctx
// ends.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Create stores a new game with its first record, or fails with
// web.ErrExists.
func (s *Store) Create(ctx context.Context, id string, first web.Record) error {
	tag, err := s.pool.Exec(ctx, `WITH g AS (
			INSERT INTO `+s.games+` (id, records, last_at, finished) VALUES ($1, 1, $3, $4)
			ON CONFLICT (id) DO NOTHING RETURNING id)
		INSERT INTO `+s.records+` (game, n, data, at, finished) SELECT id, 0, $2, $3, $4 FROM g`,
		id, data(first.Data), first.At, first.Finished)
	if err != nil {
		return fmt.Errorf("pgstore: creating game %q: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("pgstore: creating game %q: %w", id, web.ErrExists)
	}
	return nil
}

// data is b, but never nil, which would be NULL.
func data(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

// Append stores rec as record n of game id, and notifies the watchers,
// in one transaction, committed before it returns nil.
func (s *Store) Append(ctx context.Context, id string, n int, rec web.Record) error {
	if n < 1 {
		return s.appendFailed(ctx, id, n)
	}
	tag, err := s.pool.Exec(ctx, `WITH g AS (
			UPDATE `+s.games+` SET records = records + 1, last_at = $4, finished = $5
			WHERE id = $1 AND records = $2 RETURNING id),
		r AS (INSERT INTO `+s.records+` (game, n, data, at, finished)
			SELECT id, $2, $3, $4, $5 FROM g RETURNING game)
		SELECT pg_notify($6, $1 || ' ' || ($2 + 1)::text) FROM r`,
		id, n, data(rec.Data), rec.At, rec.Finished, s.channel)
	if err != nil {
		return fmt.Errorf("pgstore: appending record %d to game %q: %w", n, id, err)
	}
	if tag.RowsAffected() == 0 {
		return s.appendFailed(ctx, id, n)
	}
	return nil
}

// appendFailed returns the error of an Append at n that stored nothing:
// ErrNotFound, or ErrConflict with the count that the game has.
func (s *Store) appendFailed(ctx context.Context, id string, n int) error {
	var records int
	err := s.pool.QueryRow(ctx, `SELECT records FROM `+s.games+` WHERE id = $1`, id).Scan(&records)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("pgstore: appending record %d to game %q: %w", n, id, web.ErrNotFound)
	case err != nil:
		return fmt.Errorf("pgstore: appending record %d to game %q: %w", n, id, err)
	}
	return fmt.Errorf("pgstore: appending record %d to game %q of %d records: %w", n, id, records, web.ErrConflict)
}

// Load returns the records of game id from number from on, in order.
func (s *Store) Load(ctx context.Context, id string, from int) ([]web.Record, error) {
	from = max(from, 0)
	rows, err := s.pool.Query(ctx, `SELECT n, data, at, finished FROM `+s.records+` WHERE game = $1 AND n >= $2 ORDER BY n`, id, from)
	if err != nil {
		return nil, fmt.Errorf("pgstore: loading game %q: %w", id, err)
	}
	defer rows.Close()
	var out []web.Record
	for rows.Next() {
		var n int
		var r web.Record
		if err := rows.Scan(&n, &r.Data, &r.At, &r.Finished); err != nil {
			return nil, fmt.Errorf("pgstore: loading game %q: %w", id, err)
		}
		if n != from+len(out) {
			return nil, fmt.Errorf("pgstore: loading game %q from record %d: record %d follows %d records", id, from, n, len(out))
		}
		r.At = r.At.UTC()
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pgstore: loading game %q: %w", id, err)
	}
	if len(out) > 0 {
		return out, nil
	}
	// No record: no game, or none from from on.
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+s.games+` WHERE id = $1)`, id).Scan(&exists); err != nil {
		return nil, fmt.Errorf("pgstore: loading game %q: %w", id, err)
	}
	if !exists {
		return nil, fmt.Errorf("pgstore: loading game %q: %w", id, web.ErrNotFound)
	}
	return []web.Record{}, nil
}

// Delete removes game id, and notifies the watchers.
func (s *Store) Delete(ctx context.Context, id string) error {
	_, err := s.pool.Exec(ctx, `WITH d AS (DELETE FROM `+s.games+` WHERE id = $1 RETURNING id)
		SELECT pg_notify($2, id || ' 0') FROM d`, id, s.channel)
	if err != nil {
		return fmt.Errorf("pgstore: deleting game %q: %w", id, err)
	}
	return nil
}

// Expire removes the games whose last record is older than the limit,
// and notifies the watchers. It is one statement: of servers expiring at
// once, each game is removed, and returned, by one.
func (s *Store) Expire(ctx context.Context, finishedBefore, idleBefore time.Time) ([]string, error) {
	limit := func(t time.Time) any {
		if t.IsZero() {
			return nil // NULL: last_at < NULL holds for no game
		}
		return t
	}
	rows, err := s.pool.Query(ctx, `WITH d AS (DELETE FROM `+s.games+`
			WHERE (finished AND last_at < $1::timestamptz) OR (NOT finished AND last_at < $2::timestamptz)
			RETURNING id)
		SELECT id, pg_notify($3, id || ' 0') FROM d`,
		limit(finishedBefore), limit(idleBefore), s.channel)
	if err != nil {
		return nil, fmt.Errorf("pgstore: expiring games: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id, nil); err != nil {
			return nil, fmt.Errorf("pgstore: expiring games: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pgstore: expiring games: %w", err)
	}
	return ids, nil
}

// Count returns the number of games stored.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM `+s.games).Scan(&n); err != nil {
		return 0, fmt.Errorf("pgstore: counting games: %w", err)
	}
	return n, nil
}

// Watch reports the changes of every server sharing the store, this
// one's own included (a server ignores a count that it has already):
// changed(id, records) after each Append (records: the game's count now)
// and changed(id, 0) after each Delete and Expire; not Create. It listens
// on a connection of its own, and when that connection fails it connects
// again, after a pause that grows from 100 ms to 5 s while it keeps
// failing, until ctx is done; it returns ctx's error.
//
// Nothing is missed while it is not listening. Each time it starts
// listening, it reads every stored game's count and reports each count
// that differs from the last it reported, and each game that is gone
// since (0); at the first, it reports every stored game, since a game
// that the server read before Watch listened may have changed in between
// (a game removed in between is not reported: the server learns it at
// its next move, ErrNotFound). Watch holds each stored game's count for
// this, an id and a number a game.
func (s *Store) Watch(ctx context.Context, changed func(id string, records int)) error {
	known := map[string]int{} // each stored game's count, as last reported
	pause := time.Duration(0)
	for first := true; ; first = false {
		if !first {
			if s.beforeRedial != nil {
				s.beforeRedial()
			}
			pause = min(max(2*pause, 100*time.Millisecond), 5*time.Second)
			t := time.NewTimer(pause)
			select {
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
		// listen returns when its connection fails, or ctx is done:
		// connect again, after 100 ms if it got to listening, else
		// after twice the last pause.
		if s.listen(ctx, known, changed) {
			pause = 0
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

// listen connects, listens, reads the stored games' counts into known,
// reporting the differences, then reports each notification until the
// connection fails or ctx is done. It says whether it got to listening.
func (s *Store) listen(ctx context.Context, known map[string]int, changed func(string, int)) (listened bool) {
	conn, err := pgx.ConnectConfig(ctx, s.conn.Copy())
	if err != nil {
		return false
	}
	defer conn.Close(context.Background())
	s.watchPID.Store(conn.PgConn().PID())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
		return false
	}
	// Listening now: what is stored is read after, so nothing falls
	// between the two.
	rows, err := conn.Query(ctx, `SELECT id, records FROM `+s.games)
	if err != nil {
		return false
	}
	stored := make(map[string]int, len(known))
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return false
		}
		stored[id] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false
	}
	for id := range known {
		if _, ok := stored[id]; !ok {
			changed(id, 0)
		}
	}
	for id, n := range stored {
		if known[id] != n {
			changed(id, n)
		}
	}
	clear(known)
	for id, n := range stored {
		known[id] = n
	}
	for {
		note, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		id, n, ok := parse(note.Payload)
		if !ok {
			continue // not this store's
		}
		// A notification read after the table may be older than what
		// it gave; a removal is always reported.
		if have, ok := known[id]; n == 0 || !ok || n > have {
			if n == 0 {
				delete(known, id)
			} else {
				known[id] = n
			}
			changed(id, n)
		}
	}
}

// parse reads a notification's payload, "ID COUNT".
func parse(payload string) (id string, records int, ok bool) {
	i := strings.LastIndexByte(payload, ' ')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(payload[i+1:])
	if err != nil || n < 0 {
		return "", 0, false
	}
	return payload[:i], n, true
}
