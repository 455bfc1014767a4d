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
// web.
var errNoServe = errors.New("not serving in tests")

func init() {
	serveRun = func(context.Context, web.Config, string, string, func(net.Addr, int)) error { return errNoServe }
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
