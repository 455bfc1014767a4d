package web

import (
	"net/netip"
	"sync"
	"time"
)

// A limiter is a token bucket per client (see client): each client may
// make burst requests at once and rate a second on average, and the /56
// and /48 of an IPv6 client have buckets of their own, their share
// (wideShare) times as large and as fast, which every /64 in them draws
// on too.
type limiter struct {
	rate  float64
	burst float64

	mu      sync.Mutex
	buckets map[netip.Prefix]*bucket
	// sweepAt is the number of buckets at which the next sweep is made:
	// twice the number that the last one left, so that sweeps cost O(1)
	// a request however many clients there are.
	sweepAt int
	sweeps  int // the sweeps made, for the tests
}

type bucket struct {
	tokens float64
	last   time.Time
	share  float64
}

// maxBuckets is the number of buckets above which full buckets are
// forgotten, so that the map stays small.
const maxBuckets = 10_000

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), buckets: make(map[netip.Prefix]*bucket), sweepAt: maxBuckets}
}

// allow takes a token from each of c's buckets at time now, and reports
// whether each had one; if one had none, it takes none.
func (l *limiter) allow(c client, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buckets) >= l.sweepAt {
		l.sweep(now)
		l.sweepAt = max(maxBuckets, 2*len(l.buckets))
	}
	ok := c.levels(func(p netip.Prefix, share int) bool {
		b := l.buckets[p]
		if b == nil {
			b = &bucket{tokens: l.burst * float64(share), last: now, share: float64(share)}
			l.buckets[p] = b
		}
		b.tokens = min(b.tokens+now.Sub(b.last).Seconds()*l.rate*b.share, l.burst*b.share)
		b.last = now
		return b.tokens >= 1
	})
	if ok {
		c.levels(func(p netip.Prefix, _ int) bool { l.buckets[p].tokens--; return true })
	}
	return ok
}

// sweep forgets the buckets that have filled up again: their clients
// start afresh with a full bucket anyway. The caller holds l.mu.
func (l *limiter) sweep(now time.Time) {
	l.sweeps++
	for p, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate*b.share >= l.burst*b.share {
			delete(l.buckets, p)
		}
	}
}
