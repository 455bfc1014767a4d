//go:build linux

package server

import (
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lowerFileLimit sets the soft and hard limits of open files to n, for
// a child (see TestFileLimit).
func lowerFileLimit(n string) {
	v, err := strconv.ParseUint(n, 10, 64)
	if err == nil {
		r := syscall.Rlimit{Cur: v, Max: v}
		err = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lowering the file limit:", err)
		os.Exit(2)
	}
}

// A server whose process may open few files (a child with its limit
// lowered to 256) caps its connections to fit: a flood of connections
// from one client is answered 503 past the cap, accept never fails for
// want of a file, and once the flood ends the server serves again.
func TestFileLimit(t *testing.T) {
	const limit = 256
	c := startChild(t, t.TempDir(), childNofileEnv+"="+strconv.Itoa(limit))
	addr := strings.TrimPrefix(c.base, "http://")
	const n = limit + 50
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, conn := range conns {
			conn.Close()
		}
	}()
	for range n {
		conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
	}
	// Each connection: answered at once (refused), or waiting for a
	// request (accepted).
	answers := make([]string, n)
	var wg sync.WaitGroup
	for i, conn := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn.SetReadDeadline(time.Now().Add(2 * time.Second))
			b, _ := io.ReadAll(conn)
			answers[i] = string(b)
		}()
	}
	wg.Wait()
	waiting, refused := 0, 0
	for i, a := range answers {
		switch {
		case a == "":
			waiting++
		case strings.HasPrefix(a, "HTTP/1.1 503 ") && strings.Contains(a, "Retry-After: "):
			refused++
		default:
			t.Fatalf("connection %d: %q", i, a)
		}
	}
	t.Logf("%d connections: %d accepted, %d refused with 503", n, waiting, refused)
	if want := fitConns(DefaultMaxConns, limit); waiting != want || refused != n-want {
		t.Errorf("%d accepted and %d refused, want %d and %d", waiting, refused, want, n-want)
	}
	for _, conn := range conns {
		conn.Close()
	}
	conns = conns[:0]
	time.Sleep(100 * time.Millisecond)
	if r := call(t, nil, "POST", c.base+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman}}}); r.status != 201 {
		t.Errorf("a create after the flood: %d %s", r.status, r.body)
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	if code := c.wait(t, 10*time.Second); code != 0 {
		t.Errorf("exit %d", code)
	}
	log := c.stderr.String()
	if strings.Contains(log, "too many open files") {
		t.Errorf("the child ran out of files:\n%s", log)
	}
	if want := fmt.Sprintf("at most %d connections", fitConns(DefaultMaxConns, limit)); !strings.Contains(log, want) {
		t.Errorf("the child did not log %q:\n%s", want, log)
	}
}
