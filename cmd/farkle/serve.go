package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/server"
)

const serveLong = `Serve Farkle games to web browsers: open the address, start a game
against bots or send other players their links, and play with the mouse,
a touch screen or the keyboard. The page, a JSON API under /api/ and live
updates (server-sent events) are served by this one command.

Each game is saved in the data directory (-data) before a move is
acknowledged, and every saved game is loaded again at start-up, so a
crash or a restart loses no move. Interrupt or terminate the command to
stop it: it finishes the requests in flight, then exits with status 0.

The advice of a two-player game gives the chance to win of each choice
once the game's table is solved: in the background, on one core, seconds
without a penalty, about a minute with one (most for Zilch's final round).
Solved tables are kept in the cache directory (-cache), as farkle win
keeps them.
`

// serveOptions are the flags of "farkle serve".
type serveOptions struct {
	addr string // -addr
	data string // -data
}

// serveSignals are the signals that stop "farkle serve".
var serveSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// serveRun serves until its context is done: server.Run, but in this
// package's tests, which must not listen nor write a data directory (the
// fuzzing of the arguments among them).
var serveRun = server.Run

// serveFlags defines the flags of "farkle serve".
func serveFlags(fs *flag.FlagSet, o *options) {
	fs.StringVar(&o.serve.addr, "addr", "127.0.0.1:8080", "ADDR\tthe address to listen on, HOST:PORT (default\n\t\t127.0.0.1:8080); port 0 picks a free port")
	fs.StringVar(&o.serve.data, "data", "farkle-data", "DIR\tthe directory of the saved games, made if missing\n\t\t(default farkle-data)")
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
	dir := e.path(o.serve.data)
	ctx, stop := signal.NotifyContext(context.Background(), serveSignals...)
	defer stop()
	logf := func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) }
	wc := newWinChances(ctx, func(r game.Rules) string { return winCacheFile(e, o, r) }, logf)
	cfg := server.Config{
		DataDir:   dir,
		Logf:      logf,
		WinChance: wc.chances,
	}
	err := serveRun(ctx, cfg, o.serve.addr, func(addr net.Addr, games int) {
		fmt.Fprintf(e.stdout, "farkle serve: %d games from %s; playing at http://%s/\n", games, dir, addr)
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "farkle serve: stopped")
	return nil
}
