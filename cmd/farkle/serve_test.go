package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
)

// errNoServe is the error of "farkle serve" in the tests of this package:
// they neither listen nor write, and the fuzzing of the arguments
// (FuzzArgs) must not start a server that runs until a signal. The server
// itself, with its shutdown on SIGINT and SIGTERM, is tested in
// web. Nor do they connect to a database (-postgres).
var errNoServe = errors.New("not serving in tests")

func init() {
	serveRun = func(context.Context, web.Config, string, string, func(net.Addr, int)) error { return errNoServe }
	serveOpenPostgres = func(context.Context, string) (web.Store, error) { return nil, errNoServe }
}

// serve passes its flags to the server, the data directory relative to
// the working directory.
func TestServeFlags(t *testing.T) {
	defer func(f func(context.Context, web.Config, string, string, func(net.Addr, int)) error) { serveRun = f }(serveRun)
	var gotAddr, gotDir string
	var got web.Config
	serveRun = func(ctx context.Context, cfg web.Config, dir, addr string, ready func(net.Addr, int)) error {
		gotAddr, gotDir, got = addr, dir, cfg
		ready(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8123}, 3)
		return nil
	}
	dir := t.TempDir()
	var stdout, stderr strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, dir: dir, seed: func() uint64 { return 1 }}
	if code := run(e, []string{"serve", "-addr", "127.0.0.1:0", "-data", "games"}); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if gotAddr != "127.0.0.1:0" || gotDir != filepath.Join(dir, "games") {
		t.Errorf("served %q from %q", gotAddr, gotDir)
	}
	if want := "playing at http://127.0.0.1:8123/"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout %q lacks %q", stdout.String(), want)
	}
	if got.FinishedTTL != web.DefaultFinishedTTL || got.IdleTTL != web.DefaultIdleTTL || got.MetricsAddr != "" || got.TrustedProxies != nil {
		t.Errorf("the defaults: %+v", got)
	}

	args := []string{"serve", "-trusted-proxy", "10.0.0.0/8, ::1", "-metrics-addr", "127.0.0.1:9090", "-keep-finished", "1h", "-keep-idle", "0"}
	if code := run(e, args); code != exitOK {
		t.Fatalf("%q: exit %d, stderr %q", args, code, stderr.String())
	}
	if got.FinishedTTL != time.Hour || got.IdleTTL >= 0 || got.MetricsAddr != "127.0.0.1:9090" ||
		fmt.Sprint(got.TrustedProxies) != "[10.0.0.0/8 ::1/128]" {
		t.Errorf("%q: %+v", args, got)
	}
	for _, bad := range [][]string{
		{"serve", "-trusted-proxy", "10.0.0.0/33"},
		{"serve", "-trusted-proxy", "proxy.example"},
		{"serve", "-metrics-addr", "9090"},
		{"serve", "-keep-idle", "-1h"},
	} {
		stderr.Reset()
		if code := run(e, bad); code != exitUsage {
			t.Errorf("%q: exit %d, want %d (stderr %q)", bad, code, exitUsage, stderr.String())
		}
	}
}

// fakeStore is the store of -postgres in the tests: it records that it
// was closed.
type fakeStore struct {
	web.Store
	closed bool
}

func (s *fakeStore) Close() error   { s.closed = true; return nil }
func (s *fakeStore) String() string { return "PostgreSQL (fake)" }

// -postgres opens the store of its connection string, instead of -data;
// the two do not go together.
func TestServePostgresFlag(t *testing.T) {
	defer func(f func(context.Context, string) (web.Store, error)) { serveOpenPostgres = f }(serveOpenPostgres)
	defer func(f func(context.Context, web.Config, string, string, func(net.Addr, int)) error) { serveRun = f }(serveRun)
	var served web.Store
	serveRun = func(ctx context.Context, cfg web.Config, dir, addr string, ready func(net.Addr, int)) error {
		served = cfg.Store
		ready(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8123}, 3)
		return nil
	}
	var opened []string
	var st *fakeStore
	serveOpenPostgres = func(_ context.Context, conn string) (web.Store, error) {
		opened = append(opened, conn)
		if conn == "postgres://down" {
			return nil, errors.New("pgstore: connection refused")
		}
		st = &fakeStore{}
		return st, nil
	}
	dir := t.TempDir()
	var stdout, stderr strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, dir: dir, seed: func() uint64 { return 1 }}
	const conn = "postgres://farkle@db.internal/farkle?sslmode=require"
	if code := run(e, []string{"serve", "-postgres", conn, "-addr", "127.0.0.1:0"}); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if len(opened) != 1 || opened[0] != conn || st == nil || served != web.Store(st) || !st.closed {
		t.Errorf("opened %q, served %v, closed %v", opened, served, st != nil && st.closed)
	}
	if want := "3 games from PostgreSQL (fake); playing at http://127.0.0.1:8123/"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout %q lacks %q", stdout.String(), want)
	}

	opened = nil
	stderr.Reset()
	if code := run(e, []string{"serve", "-postgres", "postgres://down"}); code != exitRefused || !strings.Contains(stderr.String(), "connection refused") {
		t.Errorf("a database that is down: exit %d, stderr %q", code, stderr.String())
	}
	for _, bad := range [][]string{
		{"serve", "-postgres", conn, "-data", "games"},
		{"serve", "-data", "farkle-data", "-postgres", conn},
		{"serve", "-postgres", ""},
		{"serve", "-postgres", " "},
	} {
		opened = nil
		stderr.Reset()
		if code := run(e, bad); code != exitUsage || len(opened) > 0 {
			t.Errorf("%q: exit %d, want %d, opened %q (stderr %q)", bad, code, exitUsage, opened, stderr.String())
		}
	}
}

// serve refuses a data directory that another farkle serve has, at once
// and saying so.
func TestServeLocked(t *testing.T) {
	dir := t.TempDir()
	st, err := boltstore.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = serveDir(context.Background(), web.Config{}, dir, "127.0.0.1:0", nil)
	if !errors.Is(err, boltstore.ErrLocked) || !strings.Contains(err.Error(), "in use by another farkle serve") {
		t.Fatalf("serve on a directory in use: %v, want ErrLocked", err)
	}
}
