package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web"
	"github.com/farkle-go/farkle/cmd/farkle/web/boltstore"
	"github.com/farkle-go/farkle/cmd/farkle/web/pgstore"
)

const serveLong = `Serve Farkle games to web browsers: open the address, start a game
against bots or send other players their links, and play with the mouse,
a touch screen or the keyboard. The page, a JSON API under /api/ and live
updates (server-sent events) are served by this one command.

The games are kept in one database file in the data directory (-data),
games.db, each move made durable there before it is acknowledged, so a
crash or a restart loses no move; the directory is locked while the
server runs. A data directory of an earlier version is imported at the
first start, its old files moved to DIR/imported-DATE. Finished games
are removed after -keep-finished without a move, others after -keep-idle.
Interrupt or terminate the command to stop it: it finishes the requests
in flight, then exits with status 0.

With -postgres URL instead of -data, the games are kept in a PostgreSQL
database (its tables made at start if missing), which several farkle
serve processes may share behind one load balancer: each takes any
game's moves, and tells the others, so that their event streams follow.
The limits per client apply in each process on its own.

Behind a reverse proxy, name it with -trusted-proxy, so that the limits
per client apply to the clients that its X-Forwarded-For names rather
than to the proxy. -metrics-addr serves the metrics (GET /metrics, in the
Prometheus text format) on an address of their own; off by default.

The advice of a two-player game gives the chance to win of each choice
once the game's table is solved: in the background, on one core, seconds
without a penalty, about a minute with one (most for Zilch's final round).
One set of rules is solved at a time, at most four are waiting or
solving, and the advice of others has no chance until there is room. Solved tables are
kept in the cache directory (-cache), as farkle win keeps them.
`

// serveOptions are the flags of "farkle serve".
type serveOptions struct {
	addr         string        // -addr
	data         string        // -data
	postgres     string        // -postgres
	trusted      string        // -trusted-proxy
	metrics      string        // -metrics-addr
	keepFinished time.Duration // -keep-finished
	keepIdle     time.Duration // -keep-idle
	maxCPUWait   time.Duration // -max-cpu-wait
}

// serveSignals are the signals that stop "farkle serve".
var serveSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// serveRun serves until its context is done: serveDir, but in this
// package's tests, which must not listen nor write a data directory (the
// fuzzing of the arguments among them).
var serveRun = serveDir

// serveDir serves cfg on addr until ctx is done (web.Run): with the
// games' store in dir, which it opens (refused if another farkle serve
// has it) and closes, unless cfg has a Store already (-postgres).
func serveDir(ctx context.Context, cfg web.Config, dir, addr string, ready func(net.Addr, int)) error {
	if cfg.Store == nil {
		st, err := boltstore.Open(dir)
		if err != nil {
			return err
		}
		defer st.Close()
		if im := st.Imported(); cfg.Logf != nil {
			if im.Dir != "" {
				cfg.Logf("farkle serve: imported %d games of the old format into %s; the old files moved to %s", im.Games, boltstore.FileName, im.Dir)
			}
			for _, n := range im.Notes {
				cfg.Logf("farkle serve: import: %s", n)
			}
		}
		cfg.Store = st
	}
	return web.Run(ctx, cfg, addr, ready)
}

// serveOpenPostgres opens the store of -postgres: pgstore.Open, but in
// this package's tests, which must not connect.
var serveOpenPostgres = func(ctx context.Context, conn string) (web.Store, error) {
	return pgstore.Open(ctx, conn)
}

// serveFlags defines the flags of "farkle serve".
func serveFlags(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.serve.addr, "addr", "127.0.0.1:8080", "ADDR\tthe address to listen on, HOST:PORT (default\n\t\t127.0.0.1:8080); port 0 picks a free port")
	fs.StringVar(&o.serve.data, "data", "farkle-data", "DIR\tthe directory of the saved games, made if missing\n\t\t(default farkle-data)")
	fs.StringVar(&o.serve.postgres, "postgres", "", "URL\tkeep the games in this PostgreSQL database, which\n\t\tother farkle serve processes may share, instead of\n\t\t-data: postgres://USER@HOST:PORT/DB or key=value\n\t\tpairs; the password best from PGPASSWORD or ~/.pgpass")
	fs.StringVar(&o.serve.trusted, "trusted-proxy", "", "CIDR,...\tthe reverse proxies whose X-Forwarded-For is\n\t\tbelieved, such as 127.0.0.1/32,::1/128 (default\n\t\tnone: the client is the peer)")
	fs.StringVar(&o.serve.metrics, "metrics-addr", "", "ADDR\tserve the metrics at http://ADDR/metrics (default\n\t\toff)")
	fs.DurationVar(&o.serve.keepFinished, "keep-finished", web.DefaultFinishedTTL, "DUR\tremove a finished game this long after its last\n\t\tmove (default 168h, 7 days); 0 keeps it for ever")
	fs.DurationVar(&o.serve.keepIdle, "keep-idle", web.DefaultIdleTTL, "DUR\tremove an unfinished game this long after its last\n\t\tmove (default 720h, 30 days); 0 keeps it for ever")
	fs.DurationVar(&o.serve.maxCPUWait, "max-cpu-wait", web.DefaultMaxCPUWait, "DUR\trefuse a share of the moves as overloaded while the\n\t\tscheduler's latency is above this (default 200ms);\n\t\ta negative value never refuses")
	cacheFlag(fs, o)
}

// runServe runs "farkle serve": it serves until an interrupt or SIGTERM,
// then finishes the requests in flight and returns.
func runServe(e *env, o *options, args []string) error {
	if len(args) > 0 {
		return usagef("unexpected argument %q: serve takes only flags", args[0])
	}
	if _, _, err := net.SplitHostPort(o.serve.addr); err != nil {
		return usagef("-addr %q: want HOST:PORT, such as 127.0.0.1:8080", o.serve.addr)
	}
	if o.serve.data == "" {
		return usagef("-data: want a directory")
	}
	switch {
	case o.set["postgres"] && o.set["data"]:
		return usagef("-data and -postgres: choose one, a directory or a database")
	case o.set["postgres"] && strings.TrimSpace(o.serve.postgres) == "":
		return usagef("-postgres: want a connection string, such as postgres://farkle@db.internal/farkle")
	}
	trusted, err := web.ParseTrustedProxies(o.serve.trusted)
	if err != nil {
		return usagef("-trusted-proxy: %v", err)
	}
	if o.serve.metrics != "" {
		if _, _, err := net.SplitHostPort(o.serve.metrics); err != nil {
			return usagef("-metrics-addr %q: want HOST:PORT, such as 127.0.0.1:9090", o.serve.metrics)
		}
	}
	keep := func(name string, d time.Duration) (time.Duration, error) {
		switch {
		case d < 0:
			return 0, usagef("-%s %v: want a duration, 0 or more", name, d)
		case d == 0:
			return -1, nil // for ever
		}
		return d, nil
	}
	finished, err := keep("keep-finished", o.serve.keepFinished)
	if err != nil {
		return err
	}
	idle, err := keep("keep-idle", o.serve.keepIdle)
	if err != nil {
		return err
	}
	dir := e.path(o.serve.data)
	ctx, stop := signal.NotifyContext(context.Background(), serveSignals...)
	defer stop()
	where := dir
	var store web.Store
	if o.set["postgres"] {
		st, err := serveOpenPostgres(ctx, o.serve.postgres)
		if err != nil {
			return err
		}
		defer st.Close()
		store, where = st, fmt.Sprint(st)
	}
	logf := func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) }
	wc := newWinChances(ctx, cacheDir(e, o), logf)
	cfg := web.Config{
		Logf:           logf,
		WinChance:      wc.chances,
		SeatChances:    wc.seatChances,
		WinTable:       wc.winTable,
		TrustedProxies: trusted,
		MetricsAddr:    o.serve.metrics,
		FinishedTTL:    finished,
		IdleTTL:        idle,
		MaxCPUWait:     o.serve.maxCPUWait,
		Store:          store, // nil: serveDir opens dir
	}
	err = serveRun(ctx, cfg, dir, o.serve.addr, func(addr net.Addr, games int) {
		fmt.Fprintf(e.stdout, "farkle serve: %d games from %s; playing at http://%s/\n", games, where, addr)
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "farkle serve: stopped")
	return nil
}
