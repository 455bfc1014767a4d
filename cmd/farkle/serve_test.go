package main

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/farkle-go/farkle/internal/server"
)

// errNoServe is the error of "farkle serve" in the tests of this package:
// they neither listen nor write, and the fuzzing of the arguments
// (FuzzArgs) must not start a server that runs until a signal. The server
// itself, with its shutdown on SIGINT and SIGTERM, is tested in
// internal/server.
var errNoServe = errors.New("not serving in tests")

func init() {
	serveRun = func(context.Context, server.Config, string, func(net.Addr, int)) error { return errNoServe }
}

// serve passes its flags to the server, the data directory relative to
// the working directory.
func TestServeFlags(t *testing.T) {
	defer func(f func(context.Context, server.Config, string, func(net.Addr, int)) error) { serveRun = f }(serveRun)
	var gotAddr, gotDir string
	serveRun = func(ctx context.Context, cfg server.Config, addr string, ready func(net.Addr, int)) error {
		gotAddr, gotDir = addr, cfg.DataDir
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
}
