package web

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// A client is who a request or a connection is from, for the limits per
// client: an IPv4 address itself (an IPv4-mapped IPv6 address is its
// IPv4 address), an IPv6 address's /64, which one subscriber usually
// holds whole, and for IPv6 also the /56 and the /48 that hold the /64.
// A subscriber can hold a /56 or a /48, and so 256 or 65,536 /64s: the
// wider prefixes have caps of their own, wideShare times the /64's, so
// that such a client gets a few times a /64's share, not thousands of
// times. The zero client (an address that does not parse) is one
// client.
type client struct {
	key  netip.Prefix    // the address as a /32, or the /64
	wide [2]netip.Prefix // the /56 and the /48 of an IPv6 address; zero for IPv4
}

// The wider IPv6 prefixes of a client, and the share of each: the
// number of times the cap (or rate) of one /64 that all the /64s of the
// prefix have together.
var (
	wideBits  = [2]int{56, 48}
	wideShare = [2]int{4, 8}
)

// clientOf returns the client of the address ip.
func clientOf(ip netip.Addr) client {
	ip = ip.Unmap().WithZone("")
	if !ip.IsValid() {
		return client{}
	}
	if ip.Is4() {
		return client{key: netip.PrefixFrom(ip, 32)}
	}
	var c client
	c.key, _ = ip.Prefix(64)
	for i, bits := range wideBits {
		c.wide[i], _ = ip.Prefix(bits)
	}
	return c
}

// String returns the client's key, for the tests and the logs.
func (c client) String() string {
	if c.key.Bits() == 32 {
		return c.key.Addr().String()
	}
	return c.key.String()
}

// levels calls f with each prefix of c that is bounded, and its share of
// a cap: the key (share 1), then the wider prefixes of an IPv6 client.
// It stops when f returns false, and reports whether f never did.
func (c client) levels(f func(p netip.Prefix, share int) bool) bool {
	if !f(c.key, 1) {
		return false
	}
	for i, p := range c.wide {
		if p.IsValid() && !f(p, wideShare[i]) {
			return false
		}
	}
	return true
}

// clientCounts counts what the clients hold (event streams,
// connections) at each of their prefixes. The caller locks it.
type clientCounts map[netip.Prefix]int

// take counts one more for c, and reports true, if c holds fewer than
// limit at its key and fewer than limit times the share of each wider
// prefix; otherwise it counts nothing and reports false.
func (m clientCounts) take(c client, limit int) bool {
	if !c.levels(func(p netip.Prefix, share int) bool { return m[p] < limit*share }) {
		return false
	}
	c.levels(func(p netip.Prefix, _ int) bool { m[p]++; return true })
	return true
}

// give counts one less for c, which took one.
func (m clientCounts) give(c client) {
	c.levels(func(p netip.Prefix, _ int) bool {
		if m[p]--; m[p] <= 0 {
			delete(m, p)
		}
		return true
	})
}

// clientOfRequest returns the client of r, under which its requests are
// limited and its event streams counted. The client is the peer, or
// with a peer among the trusted proxies the rightmost address of
// X-Forwarded-For that is not a trusted proxy's (see forwardedFor).
func (s *Server) clientOfRequest(r *http.Request) client {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return client{}
	}
	ip := peer.Addr().Unmap().WithZone("")
	if len(s.cfg.TrustedProxies) > 0 && s.trusted(ip) {
		ip = forwardedFor(r.Header.Values("X-Forwarded-For"), ip, s.trusted)
	}
	return clientOf(ip)
}

// maxHops bounds the entries of X-Forwarded-For that forwardedFor
// reads: a chain of more trusted proxies than this is not believed.
const maxHops = 32

// forwardedFor returns the client that the X-Forwarded-For headers hs
// name behind the trusted proxy peer. Each proxy appends the address of
// its own peer, so the headers read right to left (the last header
// last): the client is the first address that trusted does not accept,
// or the leftmost when every one is trusted. Entries are separated by
// commas; empty entries and spaces around them are skipped; an entry is
// an address (an IPv6 zone dropped, an IPv4-mapped address as IPv4),
// with or without a port (1.2.3.4:80, [2001:db8::1]:80) and an IPv6
// address with or without brackets. An entry met on the walk that is
// none of these ("unknown", garbage, an obfuscated name), or more than
// maxHops entries, and the client is the peer: what the trusted proxies
// wrote cannot be read, and the peer is the one address known.
func forwardedFor(hs []string, peer netip.Addr, trusted func(netip.Addr) bool) netip.Addr {
	client, hops := peer, 0
	for i := len(hs) - 1; i >= 0; i-- {
		rest := hs[i]
		for {
			j := strings.LastIndexByte(rest, ',')
			if part := strings.TrimSpace(rest[j+1:]); part != "" {
				if hops++; hops > maxHops {
					return peer
				}
				a, ok := parseHop(part)
				if !ok {
					return peer
				}
				client = a
				if !trusted(a) {
					return a
				}
			}
			if j < 0 {
				break
			}
			rest = rest[:j]
		}
	}
	return client
}

// parseHop parses an entry of X-Forwarded-For: an address, with or
// without a port, an IPv6 address with or without brackets (and no
// other bracket, in a zone either). The zone is dropped and an
// IPv4-mapped address is IPv4.
func parseHop(s string) (netip.Addr, bool) {
	// Brackets only around an IPv6 address: none, or a '[' first and
	// a single ']' (a zone may not hold them: "[::%]]:0" is unreadable).
	brackets := 0
	if strings.HasPrefix(s, "[") {
		brackets = 1
	}
	if strings.Count(s, "[") != brackets || strings.Count(s, "]") != brackets {
		return netip.Addr{}, false
	}
	var a netip.Addr
	if ap, err := netip.ParseAddrPort(s); err == nil {
		a = ap.Addr()
	} else if inner, ok := strings.CutPrefix(s, "["); ok && strings.HasSuffix(inner, "]") {
		if a, err = netip.ParseAddr(inner[:len(inner)-1]); err != nil || !a.Is6() {
			return netip.Addr{}, false
		}
	} else if a, err = netip.ParseAddr(s); err != nil {
		return netip.Addr{}, false
	}
	return a.WithZone("").Unmap(), true
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
			if a := p.Addr(); a.Is4In6() && p.Bits() >= 96 {
				// An IPv4-mapped prefix: the IPv4 addresses it holds,
				// as clients are IPv4.
				p = netip.PrefixFrom(a.Unmap(), p.Bits()-96)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q: want a CIDR prefix, such as 10.0.0.0/8, or an address (without a zone)", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
