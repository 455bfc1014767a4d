package server

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// A limiter is a token bucket per client (see Server.clientKey): each client may
// make burst requests at once and rate a second on average.
type limiter struct {
	rate  float64
	burst float64

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets is the number of clients above which full buckets are
// forgotten, so that the map stays small.
const maxBuckets = 10_000

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), buckets: make(map[string]*bucket)}
}

// allow takes a token from ip's bucket at time now, and reports whether
// there was one.
func (l *limiter) allow(ip string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[ip]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.sweep(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[ip] = b
	}
	b.tokens += now.Sub(b.last).Seconds() * l.rate
	if b.tokens > l.burst {
		b.tokens = l.burst
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// sweep forgets the buckets that have filled up again: their clients
// start afresh with a full bucket anyway. The caller holds l.mu.
func (l *limiter) sweep(now time.Time) {
	for ip, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, ip)
		}
	}
}

// clientKey returns the key of the client of r, under which its
// requests are limited and its event streams counted: see addrKey. The
// client is the peer, or with a peer among the trusted proxies the last
// address of X-Forwarded-For that is not a trusted proxy's (the headers
// read right to left, each hop's own address appended by the proxy in
// front of it).
func (s *Server) clientKey(r *http.Request) string {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	ip := peer.Addr().Unmap()
	if len(s.cfg.TrustedProxies) > 0 && s.trusted(ip) {
		ip = forwardedFor(r.Header.Values("X-Forwarded-For"), ip, s.trusted)
	}
	return addrKey(ip)
}

// forwardedFor returns the client that the X-Forwarded-For headers hs
// name behind the trusted proxy peer: the last address that trusted
// does not accept, or the first of the chain when every one is trusted.
// A value that is not an address ends the walk there: what is left of it
// was written by an untrusted hop.
func forwardedFor(hs []string, peer netip.Addr, trusted func(netip.Addr) bool) netip.Addr {
	client := peer
	for i := len(hs) - 1; i >= 0; i-- {
		parts := strings.Split(hs[i], ",")
		for j := len(parts) - 1; j >= 0; j-- {
			a, err := netip.ParseAddr(strings.TrimSpace(parts[j]))
			if err != nil {
				return client
			}
			client = a.Unmap()
			if !trusted(client) {
				return client
			}
		}
	}
	return client
}

// trusted reports whether ip is a trusted proxy's.
func (s *Server) trusted(ip netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// addrKey returns the key of a client address: an IPv4 address itself,
// an IPv6 address's /64, which one subscriber usually holds whole.
func addrKey(ip netip.Addr) string {
	ip = ip.Unmap()
	if ip.Is6() {
		p, err := ip.Prefix(64)
		if err == nil {
			return p.String()
		}
	}
	return ip.String()
}

// ParseTrustedProxies parses a comma-separated list of CIDR prefixes
// (such as "10.0.0.0/8,::1/128") or addresses, for Config.TrustedProxies.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q: want a CIDR prefix, such as 10.0.0.0/8, or an address", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
