package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// ShutdownTimeout is the longest that Run waits for the requests in
// flight once its context is done.
const ShutdownTimeout = 20 * time.Second

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
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    16 << 10,
	}
	hs.RegisterOnShutdown(srv.Close) // ends the event streams, which Shutdown would wait for
	if ready != nil {
		ready(ln.Addr(), srv.NumGames())
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
