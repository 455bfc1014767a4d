package web

import (
	"math"
	"math/rand/v2"
	rtmetrics "runtime/metrics"
	"time"
)

// The CPU's backpressure. The disk's (admit) refuses moves while the
// writes wait too long; the CPU's refuses a share of them while the
// goroutines wait too long to run: the Go scheduler's latency, the time
// from runnable to running, which grows with the work queued for the
// CPUs (the server's own, or other processes' that take the CPUs from
// it). Every cpuInterval, cpuWatch reads the runtime's histogram of it
// (runtime/metrics, cheap) and keeps the 99th percentile of the
// latencies of the last cpuWindows intervals (a second); while that is
// above MaxCPUWait, admit refuses each move with the chance
// 1 - MaxCPUWait/wait (a share that grows with the excess, up to 90%),
// at once, with 503 and Retry-After.

const (
	schedLatencies = "/sched/latencies:seconds"
	cpuInterval    = 100 * time.Millisecond
	cpuWindows     = 10
	// maxCPUShare bounds the share of moves refused for the CPU.
	maxCPUShare = 0.9
)

// A schedHist reads the scheduler's latencies.
type schedHist struct {
	sample []rtmetrics.Sample
	last   []uint64
}

func newSchedHist() *schedHist {
	h := &schedHist{sample: []rtmetrics.Sample{{Name: schedLatencies}}}
	h.read()
	return h
}

// read returns the counts of the histogram's buckets since the last
// read, and the buckets' bounds; nil where the runtime has no such
// metric.
func (h *schedHist) read() (delta []uint64, buckets []float64) {
	rtmetrics.Read(h.sample)
	if h.sample[0].Value.Kind() != rtmetrics.KindFloat64Histogram {
		return nil, nil
	}
	hist := h.sample[0].Value.Float64Histogram()
	if len(h.last) != len(hist.Counts) {
		h.last = make([]uint64, len(hist.Counts))
	}
	delta = make([]uint64, len(hist.Counts))
	for i, c := range hist.Counts {
		delta[i] = c - h.last[i]
		h.last[i] = c
	}
	return delta, hist.Buckets
}

// quantile returns the q-th quantile (0 to 1) of a histogram's counts,
// as the upper bound of its bucket (the lower one for the last, which is
// unbounded), and 0 for an empty histogram.
func quantile(counts []uint64, buckets []float64, q float64) time.Duration {
	var n uint64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(n)))
	var cum uint64
	for i, c := range counts {
		cum += c
		if cum >= rank {
			v := buckets[i+1]
			if math.IsInf(v, 1) {
				v = buckets[i]
			}
			return time.Duration(v * float64(time.Second))
		}
	}
	return 0
}

// cpuWatch measures the scheduler's latency every cpuInterval until
// Close.
func (s *Server) cpuWatch() {
	defer s.janitor.Done()
	h := newSchedHist()
	t := time.NewTicker(cpuInterval)
	defer t.Stop()
	var ring [cpuWindows][]uint64
	var sum []uint64
	for i := 0; ; i = (i + 1) % cpuWindows {
		select {
		case <-s.done:
			return
		case <-t.C:
		}
		counts, buckets := h.read()
		if counts == nil {
			continue
		}
		if len(sum) != len(counts) {
			sum = make([]uint64, len(counts))
			ring = [cpuWindows][]uint64{}
		}
		for j, c := range ring[i] {
			sum[j] -= c
		}
		for j, c := range counts {
			sum[j] += c
		}
		ring[i] = counts
		if !s.cpuHold.Load() {
			s.cpuWait.Store(int64(quantile(sum, buckets, 0.99)))
		}
	}
}

// cpuCoin is a Server's coin (see cpuRefuse): math/rand/v2's.
func cpuCoin() float64 { return rand.Float64() }

// cpuRefuse reports whether admit refuses a move for the CPU: with the
// chance 1 - MaxCPUWait/wait while the scheduler's latency, wait, is
// above MaxCPUWait.
func (s *Server) cpuRefuse() bool {
	wait := time.Duration(s.cpuWait.Load())
	if s.cfg.MaxCPUWait <= 0 || wait <= s.cfg.MaxCPUWait {
		return false
	}
	share := min(maxCPUShare, 1-float64(s.cfg.MaxCPUWait)/float64(wait))
	return s.coin() < share
}
