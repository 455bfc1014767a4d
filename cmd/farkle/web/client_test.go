package web

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The client of an address: an IPv4 address itself (mapped or not),
// an IPv6 address by /64 with its /56 and /48; no zone.
func TestClientOf(t *testing.T) {
	for _, tc := range []struct {
		ip   string
		want []string // the levels, narrowest first
	}{
		{"203.0.113.9", []string{"203.0.113.9/32"}},
		{"::ffff:203.0.113.9", []string{"203.0.113.9/32"}},
		{"2001:db8:1:2:3:4:5:6", []string{"2001:db8:1:2::/64", "2001:db8:1::/56", "2001:db8:1::/48"}},
		{"2001:db8:1:2ff:3:4:5:6", []string{"2001:db8:1:2ff::/64", "2001:db8:1:200::/56", "2001:db8:1::/48"}},
		{"fe80::1%eth0", []string{"fe80::/64", "fe80::/56", "fe80::/48"}},
		{"::1", []string{"::/64", "::/56", "::/48"}},
	} {
		var got []string
		clientOf(netip.MustParseAddr(tc.ip)).levels(func(p netip.Prefix, _ int) bool {
			got = append(got, p.String())
			return true
		})
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.ip, diff)
		}
	}
	if got := clientOf(netip.Addr{}); got != (client{}) {
		t.Errorf("the zero address: %v", got)
	}
}

// v6 returns the address ::1 of the /64 whose fourth group is n, in
// 2001:db8:g::/48.
func v6(g, n int) string { return fmt.Sprintf("2001:db8:%x:%x::1", g, n) }

// Streams from many /64s of one /56 or /48 (a subscriber's network,
// named by X-Forwarded-For behind a trusted proxy): the /56 gets
// wideShare[0] times a /64's cap, the /48 wideShare[1] times, then 429;
// another /48 and an IPv4 client are still served.
func TestAttackWidePrefixStreams(t *testing.T) {
	p := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	_, ts := newTest(t, Config{MaxClientStreams: 1, MaxStreams: 100, TrustedProxies: p})
	c := create(t, ts.URL, KindHuman, KindThreshold)
	open := func(xff string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+c.ID+"/stream", nil)
		req.Header.Set("X-Forwarded-For", xff)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		if res.StatusCode == 429 && (res.Header.Get("Retry-After") == "" || !strings.Contains(readBody(res), CodeTooManyStreams)) {
			t.Errorf("a 429 without Retry-After or %s", CodeTooManyStreams)
		}
		return res.StatusCode
	}
	// A second stream of one /64: refused.
	if st := open(v6(0, 0)); st != 200 {
		t.Fatalf("the first stream: %d", st)
	}
	if st := open(v6(0, 0)); st != 429 {
		t.Fatalf("a second stream of a /64: %d", st)
	}
	// The /56 2001:db8:0::/56: its share, from /64s of its own each.
	n56 := wideShare[0]
	for i := 1; i < n56; i++ {
		if st := open(v6(0, i)); st != 200 {
			t.Fatalf("stream %d of the /56: %d", i, st)
		}
	}
	if st := open(v6(0, n56)); st != 429 {
		t.Fatalf("a stream of the /56 past its share: %d", st)
	}
	// The /48: more /56s, up to its share.
	n48 := wideShare[1]
	for i := n56; i < n48; i++ {
		sub := (i/n56)<<8 | i%n56 // the /56 i/n56, a /64 of it
		if st := open(v6(0, sub)); st != 200 {
			t.Fatalf("stream %d of the /48 (%s): %d", i, v6(0, sub), st)
		}
	}
	if st := open(v6(0, 0x7f00)); st != 429 {
		t.Fatalf("a stream of the /48 past its share: %d", st)
	}
	// Others are served.
	for _, ip := range []string{v6(1, 0), "198.51.100.7", "::ffff:198.51.100.8"} {
		if st := open(ip); st != 200 {
			t.Errorf("a stream of %s: %d", ip, st)
		}
	}
	if _, st := playMove(t, nil, ts.URL, c.ID, c.Seats[0].Token, c.State); st != 200 {
		t.Errorf("a move: %d", st)
	}
}

func readBody(res *http.Response) string {
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// The rate limiter: the /64s of one /56 share its bucket, wideShare[0]
// times a /64's, and those of a /48 its own; another /48 is served.
func TestAttackWidePrefixRate(t *testing.T) {
	p := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	_, ts := newTest(t, Config{Rate: 0.001, Burst: 1, TrustedProxies: p})
	get := func(xff string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.URL+"/api/games/0123456789abcdef01234567", nil)
		req.Header.Set("X-Forwarded-For", xff)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode == 429 && res.Header.Get("Retry-After") == "" {
			t.Error("a 429 without Retry-After")
		}
		return res.StatusCode
	}
	var got []int
	for i := range wideShare[0] + 1 { // one /56, a /64 each
		got = append(got, get(v6(0, i)))
	}
	for i := range wideShare[1] - wideShare[0] + 1 { // more /56s of the /48
		got = append(got, get(v6(0, (1+i/wideShare[0])<<8|i%wideShare[0])))
	}
	want := []int{404, 404, 404, 404, 429, 404, 404, 404, 404, 429}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the statuses (-want +got):\n%s", diff)
	}
	if st := get(v6(1, 0)); st != 404 {
		t.Errorf("another /48: %d", st)
	}
	if st := get("::ffff:192.0.2.1"); st != 404 {
		t.Errorf("an IPv4 client: %d", st)
	}
}

// A fakeListener accepts the connections sent on its channel.
type fakeListener struct{ ch chan net.Conn }

func (l fakeListener) Accept() (net.Conn, error) {
	c, ok := <-l.ch
	if !ok {
		return nil, net.ErrClosed
	}
	return c, nil
}
func (l fakeListener) Close() error   { return nil }
func (l fakeListener) Addr() net.Addr { return &net.TCPAddr{} }

// An addrConn is a connection from addr.
type addrConn struct {
	net.Conn
	addr net.Addr
}

func (c addrConn) RemoteAddr() net.Addr { return c.addr }

// Connections from many /64s of one /56 or /48: the /56 and the /48 get
// their shares of MaxClientConns, then 429; another /48 is accepted.
func TestAttackWidePrefixConns(t *testing.T) {
	s, err := New(calm(Config{Store: newMemStore(), Rate: -1, Logf: t.Logf, MaxClientConns: 1, MaxConns: 100}))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Release()
	fl := fakeListener{ch: make(chan net.Conn)}
	l := s.LimitListener(fl)
	accepted := make(chan net.Conn)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	defer close(fl.ch)
	// offer opens a connection from ip, and returns "accepted" or the
	// answer of the refusal.
	var conns []net.Conn
	offer := func(ip string) string {
		t.Helper()
		srv, cli := net.Pipe()
		conns = append(conns, cli)
		answer := make(chan string, 1)
		go func() { b, _ := io.ReadAll(cli); answer <- string(b) }()
		fl.ch <- addrConn{srv, &net.TCPAddr{IP: net.ParseIP(ip), Port: 1}}
		select {
		case c := <-accepted:
			conns = append(conns, c)
			return "accepted"
		case a := <-answer:
			return a
		case <-time.After(guard):
			t.Fatal("neither accepted nor refused")
			return ""
		}
	}
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	status := func(a string) string {
		if a == "accepted" {
			return a
		}
		if !strings.Contains(a, "Retry-After: ") {
			t.Errorf("a refusal without Retry-After: %q", a)
		}
		code, _, _ := strings.Cut(strings.TrimPrefix(a, "HTTP/1.1 "), " ")
		return code
	}
	var got []string
	for i := range wideShare[0] + 1 {
		got = append(got, status(offer(v6(0, i))))
	}
	for i := range wideShare[1] - wideShare[0] + 1 {
		got = append(got, status(offer(v6(0, (1+i/wideShare[0])<<8|i%wideShare[0]))))
	}
	got = append(got, status(offer(v6(1, 0))), status(offer("192.0.2.1")), status(offer("::ffff:192.0.2.1")))
	acc := "accepted"
	want := []string{acc, acc, acc, acc, "429", acc, acc, acc, acc, "429", acc, acc, "429"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// A connection closed gives its place back, at every level.
	conns[1].Close() // the first accepted, of 2001:db8:0::/64
	if got := status(offer(v6(0, 0))); got != acc {
		t.Errorf("the place of a closed connection is not given back: %s", got)
	}
}

// Many clients at once (an IPv6 network's /64s, each a bucket) cost the
// limiter O(1) a request: a sweep of the buckets comes each time their
// number doubles, not at each new client past maxBuckets (which took 23
// s for 40,000 clients). Once their buckets have filled up again, they
// are forgotten.
func TestLimiterManyClients(t *testing.T) {
	l := newLimiter(20, 60)
	now := time.Unix(0, 0)
	const n = 100_000
	t0 := time.Now()
	for i := range n {
		c := clientOf(netip.AddrFrom16([16]byte{0x20, 0x01, 0x0d, 0xb8, byte(i >> 16), byte(i >> 8), byte(i), 0, 15: 1}))
		if !l.allow(c, now) {
			t.Fatalf("client %d refused", i)
		}
	}
	t.Logf("%d clients at once: %v, %d buckets, %d sweeps", n, time.Since(t0), len(l.buckets), l.sweeps)
	if l.sweeps > 5 {
		t.Errorf("%d sweeps for %d clients", l.sweeps, n)
	}
	// Later, the buckets are full again: the next sweep forgets them.
	later := now.Add(time.Minute)
	l.mu.Lock()
	l.sweep(later)
	left := len(l.buckets)
	l.mu.Unlock()
	if left != 0 {
		t.Errorf("%d buckets left after they filled up", left)
	}
}
