// Package pgtest gives each test that needs PostgreSQL a schema of its
// own in the database that FARKLE_TEST_POSTGRES names (a connection
// string; .ci/postgres.sh starts a throwaway cluster and prints one):
//
//	conn := pgtest.ConnString(t) // the schema's search_path set
//	st, err := pgstore.Open(ctx, conn)
//
// Without FARKLE_TEST_POSTGRES the test is skipped, or fails where CI is
// set: CI runs a PostgreSQL, and a check that did not run must not pass
// there.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env is the variable that names the test database.
const Env = "FARKLE_TEST_POSTGRES"

// ConnString returns a connection string to a new, empty schema in the
// test database, its first in the search_path; the schema is dropped when
// the test ends.
func ConnString(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is not set, and CI is set: the checks on PostgreSQL cannot run (.ci/postgres.sh starts one)", Env)
		}
		t.Skipf("%s is not set: no PostgreSQL to test on (.ci/postgres.sh starts one)", Env)
	}
	var b [6]byte
	rand.Read(b[:])
	name := "t_" + strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return '_'
	}, t.Name())
	name = name[:min(len(name), 48)] + "_" + hex.EncodeToString(b[:])
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connecting to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("creating schema %s: %v", name, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("connecting to %s to drop schema %s: %v", Env, name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+name+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", name, err)
		}
	})
	return WithParam(base, "search_path", name)
}

// WithParam returns the connection string with one more parameter (a
// URL's query parameter, or a key=value pair); value is a plain word.
func WithParam(conn, key, value string) string {
	if strings.HasPrefix(conn, "postgres://") || strings.HasPrefix(conn, "postgresql://") {
		u, err := url.Parse(conn)
		if err == nil {
			q := u.Query()
			q.Set(key, value)
			u.RawQuery = q.Encode()
			return u.String()
		}
	}
	return conn + " " + key + "=" + value
}
