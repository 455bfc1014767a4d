package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"time"
)

// ShutdownTimeout is the longest that Run waits for the requests in
// flight once its context is done.
const ShutdownTimeout = 20 * time.Second

// metricsConns bounds the open connections of the metrics' listener.
const metricsConns = 16

// Run serves the games of cfg on addr until ctx is done, then shuts down
// gracefully: it stops accepting connections, ends the event streams,
// waits for the requests in flight (and so for their saves) and returns
// nil. ready, if not nil, is called once the server listens, with its
// address and the number of games loaded. The connections are bounded
// as Server.LimitListener bounds them; with cfg.MetricsAddr, the metrics
// are served there, at /metrics.
func Run(ctx context.Context, cfg Config, addr string, ready func(addr net.Addr, games int)) error {
	srv, err := New(cfg)
	if err != nil {
		return err
	}
	defer srv.Release()
	for _, w := range configWarnings(cfg) {
		srv.logf("farkle serve: warning: %s", w)
	}
	// The connections fit within the files that the process may open:
	// past them, 503, before accept fails for want of a file.
	if limit := raiseFileLimit(); limit > 0 {
		if n := fitConns(srv.cfg.MaxConns, limit); n < srv.cfg.MaxConns {
			srv.logf("farkle serve: at most %d connections, not %d: the process may open %d files", n, srv.cfg.MaxConns, limit)
			srv.cfg.MaxConns = n
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	ln = srv.LimitListener(ln)
	if cfg.MetricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("metrics: %w", err)
		}
		mln = &limitListener{Listener: mln, max: metricsConns, perClient: metricsConns, trusted: func(netip.Addr) bool { return false }, m: newMetrics(), clients: make(clientCounts)}
		mux := http.NewServeMux()
		mux.Handle("/metrics", srv.MetricsHandler())
		ms := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 15 * time.Second, WriteTimeout: 15 * time.Second}
		go ms.Serve(mln)
		defer ms.Close()
	}
	hs := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		// An answer is written within WriteTimeout, or its connection
		// closes; event streams set a deadline of their own for each
		// update (Config.StreamWriteTimeout).
		WriteTimeout:   30 * time.Second,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 16 << 10,
	}
	hs.RegisterOnShutdown(srv.Close) // ends the event streams, which Shutdown would wait for
	if ready != nil {
		ready(ln.Addr(), srv.NumGames())
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		// The listener failed: the requests in flight end with their
		// connections, before Release (deferred) waits for them.
		srv.Close()
		hs.Close()
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		// Requests still in flight: their connections are closed, so
		// that those writing to clients that do not read end too, and
		// Release (deferred) waits for them to return.
		hs.Close()
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// configWarnings returns what is risky in cfg for a server on the
// internet: trusted proxies that take in every address (any client can
// then name its own address in X-Forwarded-For), and metrics served on
// an address that is not a loopback one.
func configWarnings(cfg Config) []string {
	var out []string
	for _, p := range cfg.TrustedProxies {
		if p.Bits() == 0 {
			out = append(out, "trusted proxy "+p.String()+" takes in every address: any client can choose its address in X-Forwarded-For, and so escape the limits per client")
		}
	}
	if cfg.MetricsAddr != "" {
		host, _, err := net.SplitHostPort(cfg.MetricsAddr)
		ip, perr := netip.ParseAddr(host)
		if err != nil || host != "localhost" && (perr != nil || !ip.IsLoopback()) {
			out = append(out, "the metrics are served on "+cfg.MetricsAddr+", not a loopback address: they tell anyone who can reach it how busy the server is")
		}
	}
	return out
}
