//go:build linux

package web

import (
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
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
	// One more connection, over the cap, is refused: once its answer is
	// here, the server's accept loop, which takes the connections in the
	// order they were made, has passed every one of them, and wrote the
	// answer of each one refused before this one (on the loopback, a write
	// reaches the peer's socket before it returns).
	probe, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	probe.SetReadDeadline(time.Now().Add(guard)) // a guard: accepted, it would wait for a request
	if b, _ := io.ReadAll(probe); !strings.HasPrefix(string(b), "HTTP/1.1 503 ") {
		t.Fatalf("a connection over the cap: %q", b)
	}
	// Each connection: answered (refused), or with nothing to read,
	// waiting for a request (accepted).
	waiting, refused := 0, 0
	for i, conn := range conns {
		a, err := pending(conn)
		if err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
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
	// The server gives the places back as it sees the connections
	// close: a create is served once it has, refused with 503 before.
	for tries, end := 1, time.Now().Add(guard); ; tries++ {
		r := call(t, nil, "POST", c.base+"/api/games", "", createRequest{Seats: []seatRequest{{Kind: KindHuman}}})
		if r.status == 201 {
			t.Logf("a create after the flood served at try %d", tries)
			break
		}
		if r.status != 503 || !strings.Contains(string(r.body), "too many connections") || time.Now().After(end) {
			t.Fatalf("a create after the flood, try %d: %d %s", tries, r.status, r.body)
		}
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	if code := c.wait(t, guard); code != 0 {
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

// pending returns what conn has received so far, without waiting: the
// bytes in its socket's buffer, up to its end, or "" for none.
func pending(conn net.Conn) (string, error) {
	rc, err := conn.(*net.TCPConn).SyscallConn()
	if err != nil {
		return "", err
	}
	var got []byte
	buf := make([]byte, 4096)
	var rerr error
	err = rc.Read(func(fd uintptr) bool {
		for {
			n, _, err := syscall.Recvfrom(int(fd), buf, syscall.MSG_DONTWAIT)
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN || n == 0: // nothing more now, or the end
				return true
			case err != nil:
				rerr = err
				return true
			}
			got = append(got, buf[:n]...)
		}
	})
	if err == nil {
		err = rerr
	}
	return string(got), err
}
