package web

import (
	"net"
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// A limitListener bounds the open connections that it accepts: at most
// max in all, and at most perClient from one client address (IPv6 by
// /64, its /56 and /48 a few times that: see client; trusted proxies
// are bounded only by max). A connection over
// either bound is answered at once with a plain HTTP 503 or 429, with
// Retry-After, and closed, so that a flood of connections cannot take
// every file descriptor of the process.
type limitListener struct {
	net.Listener
	max, perClient int
	trusted        func(netip.Addr) bool
	m              *metrics

	mu      sync.Mutex
	open    int
	clients clientCounts
}

// LimitListener returns ln bounded by the connection caps of s's Config
// (MaxConns and MaxClientConns): Run serves through it.
func (s *Server) LimitListener(ln net.Listener) net.Listener {
	return &limitListener{Listener: ln, max: s.cfg.MaxConns, perClient: s.cfg.MaxClientConns, trusted: s.trusted, m: s.metrics, clients: make(clientCounts)}
}

// Accept returns the next connection within the caps, refusing those
// over them.
func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		var key client
		bounded := true
		if ap, err := netip.ParseAddrPort(c.RemoteAddr().String()); err == nil {
			ip := ap.Addr().Unmap().WithZone("")
			key, bounded = clientOf(ip), !l.trusted(ip)
		}
		l.mu.Lock()
		switch {
		case l.open >= l.max:
			l.mu.Unlock()
			l.refuse(c, 503, CodeUnavailable, "too many connections")
			continue
		case bounded && !l.clients.take(key, l.perClient):
			l.mu.Unlock()
			l.refuse(c, 429, CodeTooManyConns, "too many connections from this address")
			continue
		}
		l.open++
		l.mu.Unlock()
		l.m.conns.Add(1)
		return &limitConn{Conn: c, l: l, key: key, bounded: bounded}, nil
	}
}

// refuse answers c with a plain HTTP error and closes it. The answer is
// small enough for the socket's buffer: the write does not wait.
func (l *limitListener) refuse(c net.Conn, status int, code, msg string) {
	l.m.refuse(code)
	body := `{"error":{"code":"` + code + `","message":"` + msg + `"}}` + "\n"
	c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	c.Write([]byte("HTTP/1.1 " + strconv.Itoa(status) + " " + statusText(status) + "\r\n" +
		"Content-Type: application/json; charset=utf-8\r\nRetry-After: 10\r\nConnection: close\r\n" +
		"Content-Security-Policy: " + csp + "\r\nX-Content-Type-Options: nosniff\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body))
	c.Close()
}

func statusText(status int) string {
	if status == 429 {
		return "Too Many Requests"
	}
	return "Service Unavailable"
}

// release gives back the place of a closed connection.
func (l *limitListener) release(key client, bounded bool) {
	l.mu.Lock()
	l.open--
	if bounded {
		l.clients.give(key)
	}
	l.mu.Unlock()
	l.m.conns.Add(-1)
}

// A limitConn is a connection of a limitListener, whose Close gives its
// place back once.
type limitConn struct {
	net.Conn
	l       *limitListener
	key     client
	bounded bool
	once    sync.Once
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.key, c.bounded) })
	return err
}
