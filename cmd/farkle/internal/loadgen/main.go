// Command loadgen measures the latency of farkle serve's moves open-loop:
// it plays many games at once through the public HTTP API, each move due
// at a time fixed in advance by the rate asked, whatever the server does,
// and measures each move from when it was due, so that a stall counts for
// every move it delays, and the figures do not depend on how fast the
// server answers.
//
//	go run ./cmd/farkle/internal/loadgen -addr http://127.0.0.1:8080 -rates 500,2000,4000 -duration 20s
//
// It makes -games games of two human seats (each move one request:
// roll, keep the first keep, or bank from 300 on), each from a loopback
// address of its own (127.64.0.0/10 and on, so that the server's limits
// per client see one client per game: farkle serve needs no flag), opens
// -streams event streams on the first games and reads them, makes moves
// at the first rate for -warmup (not measured), then makes moves at each
// rate of -rates for -duration, and prints, per rate, the
// rate asked and served, p50, p99, p99.9 and max of the acknowledged
// moves and the failed ones by error code, and the CPU that loadgen (and
// the server, when it started it) used, in cores. At the end it reads every
// game's state and checks that it holds every acknowledged move.
//
// With -serve BIN it starts "BIN serve -addr 127.0.0.1:0" on a new data
// directory (under -data, or the system's temporary directory) and
// measures it: CI runs one rate so, with -strict, which fails on any
// failed move as well as on a lost one. It exits with status 1 when a
// move is lost (and, with -strict, when one failed), never for latency.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// config is the command's flags.
type config struct {
	addr     string        // -addr: the server's base URL
	serve    string        // -serve: the farkle binary to start, instead of -addr
	data     string        // -data: the parent directory of the child's data directory
	rates    []float64     // -rates
	duration time.Duration // -duration: of each rate
	games    int           // -games
	streams  int           // -streams
	strict   bool          // -strict: fail on any failed move
	warmup   time.Duration // -warmup: at the first rate, before the runs
	timeout  time.Duration // -timeout: of a request
	pid      int           // the server's process, when loadgen started it, for its CPU time
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", "", "the server's base URL, such as http://127.0.0.1:8080; or several, comma-separated, servers of one store: each game is played on one and its stream and final state read from the next")
	fs.StringVar(&c.serve, "serve", "", "the farkle binary to start as \"BIN serve -addr 127.0.0.1:0\" and measure, instead of -addr")
	fs.StringVar(&c.data, "data", "", "with -serve, the directory in which to make the server's data directory (default the system's temporary directory; use a disk, not a tmpfs)")
	rates := fs.String("rates", "500,2000,4000", "the total rates of moves to make, moves a second, one run each")
	fs.DurationVar(&c.duration, "duration", 20*time.Second, "the duration of each rate's run")
	fs.IntVar(&c.games, "games", 2000, "the games played at once, each from a loopback address of its own")
	fs.IntVar(&c.streams, "streams", 1000, "the event streams read, one on each of the first games")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "moves at the first rate for this long before the runs, not measured (the server's and loadgen's start-up: new connections, streams' first updates)")
	fs.BoolVar(&c.strict, "strict", false, "exit with status 1 if any move failed, not only if one was lost")
	fs.DurationVar(&c.timeout, "timeout", 30*time.Second, "the time a request may take before it counts as failed (timeout)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if (c.addr == "") == (c.serve == "") {
		return c, errors.New("want -addr or -serve, one of them")
	}
	for _, f := range strings.Split(*rates, ",") {
		r, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || r <= 0 {
			return c, fmt.Errorf("-rates: %q is not a rate above 0", f)
		}
		c.rates = append(c.rates, r)
	}
	switch {
	case c.duration <= 0:
		return c, errors.New("-duration: want more than 0")
	case c.games < 1 || c.games > maxGames:
		return c, fmt.Errorf("-games: want 1 to %d", maxGames)
	case c.streams < 0 || c.streams > c.games:
		return c, errors.New("-streams: want 0 to -games")
	case c.warmup < 0:
		return c, errors.New("-warmup: want 0 or more")
	case c.timeout <= 0:
		return c, errors.New("-timeout: want more than 0")
	}
	var addrs []string
	for _, a := range strings.Split(c.addr, ",") {
		addrs = append(addrs, strings.TrimSuffix(strings.TrimSpace(a), "/"))
	}
	c.addr = strings.Join(addrs, ",")
	return c, nil
}

func main() { os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr)) }

// realMain runs the command and returns its exit status.
func realMain(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "loadgen:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if c.serve != "" {
		srv, err := startServer(ctx, c.serve, c.data, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "loadgen:", err)
			return 1
		}
		defer srv.stop(stderr)
		c.addr, c.pid = srv.url, srv.cmd.Process.Pid
		fmt.Fprintf(stdout, "loadgen: started %s serve at %s, data in %s\n", c.serve, srv.url, srv.dir)
	}
	rep, err := run(ctx, c, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "loadgen:", err)
		return 1
	}
	if rep.lost > 0 || rep.extra > 0 {
		return 1
	}
	if c.strict && rep.failed > 0 {
		fmt.Fprintf(stderr, "loadgen: %d moves failed (-strict)\n", rep.failed)
		return 1
	}
	return 0
}
