package web

import (
	"bufio"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// saveBuckets are the upper bounds of the buckets of the histogram of
// the saves' latency, in seconds.
var saveBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

// metrics are the server's counters, served in the Prometheus text
// format by MetricsHandler.
type metrics struct {
	moves      atomic.Int64 // moves acknowledged
	creates    atomic.Int64 // games made
	expired    atomic.Int64 // games removed by the expiry
	conns      atomic.Int64 // open connections (Run's listener)
	saveCount  atomic.Int64
	saveSum    atomic.Int64 // nanoseconds
	saveErrors atomic.Int64
	saveBucket []atomic.Int64 // per bucket, not cumulative; the last is +Inf

	mu       sync.Mutex
	refusals map[string]int64 // by error code
}

func newMetrics() *metrics {
	return &metrics{saveBucket: make([]atomic.Int64, len(saveBuckets)+1), refusals: make(map[string]int64)}
}

// observeSave records a write's time from its request to its answer.
func (m *metrics) observeSave(d time.Duration, err error) {
	if err != nil {
		m.saveErrors.Add(1)
	}
	m.saveCount.Add(1)
	m.saveSum.Add(int64(d))
	sec := d.Seconds()
	i, _ := slices.BinarySearch(saveBuckets, sec)
	m.saveBucket[i].Add(1)
}

// refuse counts a refusal with code.
func (m *metrics) refuse(code string) {
	m.mu.Lock()
	m.refusals[code]++
	m.mu.Unlock()
}

// request counts the refusal of a request, if it was one.
func (m *metrics) request(w *metricsWriter) {
	if w.code != "" {
		m.refuse(w.code)
	}
}

// A metricsWriter is the ResponseWriter of a request, which keeps the
// error code that writeError wrote.
type metricsWriter struct {
	http.ResponseWriter
	code string
}

// Flush flushes the response, for the event streams.
func (w *metricsWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap returns the ResponseWriter, for http.ResponseController.
func (w *metricsWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// MetricsHandler serves the metrics of s in the Prometheus text format
// (version 0.0.4): the games held, moves and games made, games expired,
// open event streams and connections, moves waiting for the disk, the
// histogram of the saves' latency (from a write's request to its
// fsync's end) and the refusals by error code. Serve it apart from the
// games (Run does on Config.MetricsAddr), for it tells how busy the
// server is.
func (s *Server) MetricsHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		bw := bufio.NewWriter(w)
		s.writeMetrics(bw)
		bw.Flush()
	})
}

// writeMetrics writes the metrics of s to w.
func (s *Server) writeMetrics(w *bufio.Writer) {
	m := s.metrics
	metric := func(name, typ, help string, v int64) {
		fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n%s %d\n", name, help, name, typ, name, v)
	}
	s.mu.RLock()
	held, streams := len(s.games), s.streams
	s.mu.RUnlock()
	metric("farkle_games", "gauge", "Games stored, as counted.", s.count.Load())
	metric("farkle_games_held", "gauge", "Games held in memory.", int64(held))
	metric("farkle_games_created_total", "counter", "Games made.", m.creates.Load())
	metric("farkle_games_expired_total", "counter", "Games removed after their retention.", m.expired.Load())
	metric("farkle_moves_total", "counter", "Moves acknowledged.", m.moves.Load())
	metric("farkle_streams", "gauge", "Open event streams.", int64(streams))
	metric("farkle_connections", "gauge", "Open connections (of Run's listener).", m.conns.Load())
	metric("farkle_pending", "gauge", "Moves and new games admitted and not yet answered.", s.pending.Load())
	metric("farkle_save_queue", "gauge", "Writes to the store under way.", s.writing.Load())
	metric("farkle_save_errors_total", "counter", "Writes that failed.", m.saveErrors.Load())
	fmt.Fprintf(w, "# HELP farkle_sched_latency_seconds The scheduler's latency (99th percentile over the last second), for the CPU's backpressure.\n# TYPE farkle_sched_latency_seconds gauge\nfarkle_sched_latency_seconds %g\n", time.Duration(s.cpuWait.Load()).Seconds())

	const h = "farkle_save_seconds"
	fmt.Fprintf(w, "# HELP %s Time of a write to the store, to its answer.\n# TYPE %s histogram\n", h, h)
	var cum int64
	for i, le := range saveBuckets {
		cum += m.saveBucket[i].Load()
		fmt.Fprintf(w, "%s_bucket{le=\"%g\"} %d\n", h, le, cum)
	}
	cum += m.saveBucket[len(saveBuckets)].Load()
	fmt.Fprintf(w, "%s_bucket{le=\"+Inf\"} %d\n", h, cum)
	fmt.Fprintf(w, "%s_sum %g\n%s_count %d\n", h, time.Duration(m.saveSum.Load()).Seconds(), h, m.saveCount.Load())

	m.mu.Lock()
	codes := make([]string, 0, len(m.refusals))
	for c := range m.refusals {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	fmt.Fprintf(w, "# HELP farkle_refusals_total Requests and connections refused, by error code.\n# TYPE farkle_refusals_total counter\n")
	for _, c := range codes {
		fmt.Fprintf(w, "farkle_refusals_total{code=%q} %d\n", c, m.refusals[c])
	}
	m.mu.Unlock()
}
