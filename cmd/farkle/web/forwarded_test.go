package web

import (
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The trusted proxies of the tests of forwardedFor.
var xffTrusted = func() func(netip.Addr) bool {
	ps, err := ParseTrustedProxies("10.0.0.0/8, 192.168.0.1, 2001:db8:ffff::/48, ::1, ::ffff:172.16.0.0/108")
	if err != nil {
		panic(err)
	}
	return func(a netip.Addr) bool {
		for _, p := range ps {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
}()

// refForwardedFor is forwardedFor written plainly, as the reference of
// the tests: every entry split out and parsed with net.SplitHostPort,
// then walked from the right.
func refForwardedFor(hs []string, peer netip.Addr, trusted func(netip.Addr) bool) netip.Addr {
	var entries []string
	for _, h := range hs {
		for _, e := range strings.Split(h, ",") {
			if e = strings.TrimSpace(e); e != "" {
				entries = append(entries, e)
			}
		}
	}
	slices.Reverse(entries)
	client := peer
	for i, e := range entries {
		if i == maxHops {
			return peer
		}
		a, ok := refParseHop(e)
		if !ok {
			return peer
		}
		client = a
		if !trusted(a) {
			return a
		}
	}
	return client
}

// refParseHop is parseHop written with net.SplitHostPort.
func refParseHop(e string) (netip.Addr, bool) {
	bracketed := strings.HasPrefix(e, "[")
	for i, r := range e {
		if (r == '[' && i > 0) || (r == ']' && (!bracketed || strings.IndexRune(e, ']') != i)) {
			return netip.Addr{}, false // a bracket other than those around an IPv6 address
		}
	}
	if host, port, err := net.SplitHostPort(e); err == nil {
		if _, err := strconv.ParseUint(port, 10, 16); err != nil {
			return netip.Addr{}, false
		}
		a, err := netip.ParseAddr(host)
		if err != nil || bracketed != a.Is6() {
			return netip.Addr{}, false
		}
		return a.WithZone("").Unmap(), true
	}
	if bracketed {
		if !strings.HasSuffix(e, "]") {
			return netip.Addr{}, false
		}
		e = e[1 : len(e)-1]
		if a, err := netip.ParseAddr(e); err == nil && a.Is6() {
			return a.WithZone("").Unmap(), true
		}
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(e)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.WithZone("").Unmap(), true
}

// The client behind trusted proxies, from X-Forwarded-For: the
// rightmost untrusted address; entries with ports, brackets and zones
// read; empty entries and spaces skipped; anything else on the walk, and
// the client is the peer.
func TestForwardedFor(t *testing.T) {
	peer := netip.MustParseAddr("10.0.0.1")
	many := strings.Repeat("10.1.1.1, ", maxHops)
	for _, tc := range []struct {
		hs   []string
		want string
	}{
		{nil, "10.0.0.1"},
		{[]string{""}, "10.0.0.1"},
		{[]string{"203.0.113.5"}, "203.0.113.5"},
		{[]string{"6.6.6.6, 203.0.113.5"}, "203.0.113.5"},                 // forged on the left
		{[]string{"6.6.6.6, 203.0.113.5, 10.2.3.4"}, "203.0.113.5"},       // through two proxies
		{[]string{"6.6.6.6", "203.0.113.5, 10.2.3.4"}, "203.0.113.5"},     // two headers, the last last
		{[]string{"203.0.113.5, 10.2.3.4", "192.168.0.1"}, "203.0.113.5"}, // two headers
		{[]string{"203.0.113.5:4711"}, "203.0.113.5"},                     // a port
		{[]string{"[2001:db8::7]:443"}, "2001:db8::7"},                    // brackets and a port
		{[]string{"[2001:db8::7]"}, "2001:db8::7"},                        // brackets
		{[]string{"2001:db8::7"}, "2001:db8::7"},
		{[]string{"fe80::7%eth0"}, "fe80::7"},                       // a zone
		{[]string{"[fe80::7%eth0]:80"}, "fe80::7"},                  // a zone in brackets
		{[]string{"::ffff:203.0.113.5"}, "203.0.113.5"},             // IPv4-mapped
		{[]string{"203.0.113.5, ::ffff:172.16.0.9"}, "203.0.113.5"}, // a mapped trusted prefix
		{[]string{"203.0.113.5,,10.2.3.4"}, "203.0.113.5"},          // an empty entry
		{[]string{" \t203.0.113.5 ,\t10.2.3.4\t"}, "203.0.113.5"},
		{[]string{"203.0.113.5,"}, "203.0.113.5"},
		{[]string{", , ,"}, "10.0.0.1"},
		{[]string{"10.9.9.9, 10.2.3.4"}, "10.9.9.9"}, // all trusted: the leftmost
		{[]string{"unknown"}, "10.0.0.1"},            // unreadable: the peer
		{[]string{"203.0.113.5, unknown"}, "10.0.0.1"},
		{[]string{"203.0.113.5, _hidden, 10.2.3.4"}, "10.0.0.1"},
		{[]string{"unknown, 203.0.113.5"}, "203.0.113.5"}, // left of the client: not read
		{[]string{"[203.0.113.5]:80"}, "10.0.0.1"},        // brackets around IPv4
		{[]string{"203.0.113.5:"}, "10.0.0.1"},            // no port after the colon
		{[]string{"203.0.113.5:99999"}, "10.0.0.1"},       // a port out of range
		{[]string{"[2001:db8::7"}, "10.0.0.1"},            // a bracket unclosed
		{[]string{"[::%]]:0"}, "10.0.0.1"},                // a bracket in a zone
		{[]string{"[::%]]"}, "10.0.0.1"},
		{[]string{"[::%[]:0"}, "10.0.0.1"},
		{[]string{"::%]"}, "10.0.0.1"},
		{[]string{"fe80::7%[eth0"}, "10.0.0.1"},
		{[]string{"203.0.113.5/24"}, "10.0.0.1"},                         // a prefix
		{[]string{"203.0.113.5 10.2.3.4"}, "10.0.0.1"},                   // spaces within
		{[]string{"203.0.113.5, " + many}, "10.0.0.1"},                   // more than maxHops
		{[]string{"203.0.113.5, " + many[:len(many)-10]}, "203.0.113.5"}, // maxHops
	} {
		got := forwardedFor(tc.hs, peer, xffTrusted)
		if got.String() != tc.want {
			t.Errorf("%q: %s, want %s", tc.hs, got, tc.want)
		}
		if ref := refForwardedFor(tc.hs, peer, xffTrusted); ref != got {
			t.Errorf("%q: %s, the reference %s", tc.hs, got, ref)
		}
	}
}

// FuzzForwardedFor checks forwardedFor against its reference on any
// headers: it never panics, and answers the peer or an address of the
// headers, untrusted unless every one read is trusted.
func FuzzForwardedFor(f *testing.F) {
	for _, s := range []string{"", "203.0.113.5", "6.6.6.6, 203.0.113.5, 10.2.3.4", "[2001:db8::7]:443, fe80::1%eth0",
		"::ffff:1.2.3.4, unknown", ",,, ,", "[1.2.3.4]:80", "1.2.3.4:65536"} {
		f.Add(s, "10.2.3.4", true)
	}
	peer := netip.MustParseAddr("10.0.0.1")
	f.Fuzz(func(t *testing.T, h1, h2 string, two bool) {
		hs := []string{h1}
		if two {
			hs = append(hs, h2)
		}
		got := forwardedFor(hs, peer, xffTrusted)
		if ref := refForwardedFor(hs, peer, xffTrusted); got != ref {
			t.Fatalf("%q: %s, the reference %s", hs, got, ref)
		}
		if got == peer {
			return
		}
		if got.Zone() != "" || got.Is4In6() {
			t.Fatalf("%q: %s has a zone or is IPv4-mapped", hs, got)
		}
		found := false
		for _, h := range hs {
			for _, e := range strings.Split(h, ",") {
				if a, ok := refParseHop(strings.TrimSpace(e)); ok && a == got {
					found = true
				}
			}
		}
		if !found {
			t.Fatalf("%q: %s is not in the headers", hs, got)
		}
	})
}

// Trusted proxies parse as prefixes: IPv4-mapped ones as IPv4, zones
// refused.
func TestParseTrustedProxies(t *testing.T) {
	got, err := ParseTrustedProxies("10.0.0.0/8, 192.168.1.1,::ffff:172.16.0.0/108, ::ffff:1.2.3.4, 2001:db8::/32,")
	if err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, p := range got {
		s = append(s, p.String())
	}
	if diff := cmp.Diff([]string{"10.0.0.0/8", "192.168.1.1/32", "172.16.0.0/12", "1.2.3.4/32", "2001:db8::/32"}, s); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, bad := range []string{"10.0.0.0/33", "example.com", "10.0.0.0/8,x", "fe80::%eth0/64"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
