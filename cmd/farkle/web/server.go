// Package web serves Farkle games to browsers: an http.Handler with the
// page, a JSON API under /api/ and server-sent events for live updates,
// its games kept in a Store (boltstore, an embedded database in a data
// directory, is the one that "farkle serve" uses):
//
//	st, err := boltstore.Open(dir)
//	if err != nil {
//		log.Fatal(err)
//	}
//	defer st.Close()
//	h, err := web.New(web.Config{Store: st})
//	if err != nil {
//		log.Fatal(err)
//	}
//	http.Handle("/", h)
//
// Run serves a Config on an address, with a graceful shutdown.
//
// Every refusal of the API is a JSON object
// {"error":{"code":"...","message":"..."}} with one of the stable codes of
// this package (see the Code constants) and a fitting status. A player
// acts for a seat with the seat's secret token in the X-Farkle-Token
// header; the server keeps only its SHA-256. Every move is written to the
// Store, durably, before the response that acknowledges it goes out; a
// game is read from the Store when it is first asked for, and held in
// memory up to Config.MaxCached games.
// Everything that a client can make the server hold is bounded: games
// (and their expiry), events a game, the page of a history, event
// streams and connections, globally and per client address, and the
// writes waiting for the Store.
package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/netip"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win"
)

// Config configures a Server. The zero Config (with a Store) is a
// usable configuration.
type Config struct {
	// Store keeps the games: every move is written to it before it is
	// acknowledged, and a game is read from it when first asked for.
	// Required. The Server does not close it.
	Store Store

	// MaxCached bounds the games held in memory: past it, games without
	// an event stream are dropped, to be read again from the Store when
	// next asked for. 0 means DefaultMaxCached.
	MaxCached int

	// MaxBody is the largest request body, in bytes; 0 means
	// DefaultMaxBody.
	MaxBody int64

	// Rate and Burst make the per-client token bucket: Rate requests a
	// second on average, Burst at once. Rate 0 means DefaultRate; a
	// negative Rate turns the limit off.
	Rate  float64
	Burst int

	// MaxGames bounds the games stored (counted with Store.Count at New,
	// then kept in step); 0 means DefaultMaxGames.
	MaxGames int
	// MaxEvents bounds the events of a game: once a game has this many,
	// moves are refused with CodeGameTooLong. 0 means DefaultMaxEvents;
	// at most MaxMaxEvents.
	MaxEvents int
	// MaxStreams bounds the open event streams; 0 means
	// DefaultMaxStreams. MaxClientStreams bounds those of one client
	// address; 0 means DefaultMaxClientStreams.
	MaxStreams       int
	MaxClientStreams int
	// MaxConns bounds the open connections, and MaxClientConns those of
	// one client address (not of a trusted proxy), as Run serves; 0
	// means DefaultMaxConns and DefaultMaxClientConns.
	MaxConns       int
	MaxClientConns int

	// TrustedProxies are the addresses of the reverse proxies whose
	// X-Forwarded-For is believed: the client of a request from one of
	// them is the last address of the header that is not a trusted
	// proxy's. Without them the client is the peer address.
	TrustedProxies []netip.Prefix

	// FinishedTTL is how long a finished game is kept after its last
	// move, and IdleTTL how long a game in progress is kept without a
	// move; then the game is removed, from memory and the Store (see
	// Store.Expire), checked every minute. 0 means
	// DefaultFinishedTTL and DefaultIdleTTL; a negative value keeps the
	// games for ever.
	FinishedTTL time.Duration
	IdleTTL     time.Duration

	// MaxPending bounds the moves, new games and renames waiting for the
	// Store at once, and MaxQueueWait the time that writes may wait with
	// none finished: past either, they are refused at once
	// with 503, CodeOverloaded and Retry-After. 0 means
	// DefaultMaxPending and DefaultMaxQueueWait.
	MaxPending   int
	MaxQueueWait time.Duration
	// MaxCPUWait is the scheduler's latency (its 99th percentile over
	// the last second: how long goroutines wait for a CPU) past which a share of
	// the moves and new games, growing with the excess, is refused at
	// once with 503, CodeOverloaded and Retry-After. 0 means
	// DefaultMaxCPUWait; a negative value turns it off.
	MaxCPUWait time.Duration

	// MetricsAddr, if not "", is the address on which Run serves the
	// metrics (GET /metrics, in the Prometheus text format), apart from
	// the games.
	MetricsAddr string

	// Heartbeat is the interval of the comments that keep an event stream
	// open through proxies; 0 means 25 seconds.
	Heartbeat time.Duration

	// StreamWriteTimeout bounds the write of each message of an event
	// stream: a client that does not take it within this time has its
	// stream closed (it resumes with Last-Event-ID or ?since=). 0 means
	// DefaultStreamWriteTimeout.
	StreamWriteTimeout time.Duration

	// WinChance, if not nil, estimates the current player's chance to
	// win after each choice of the advice: it is the extension point
	// for a two-player win solver. It reads a copy of the game, without
	// the game's lock, and must not keep v; it is called for several
	// games at once. A panic in it answers the advice with CodeInternal.
	WinChance WinChanceFunc

	// SeatChances, if not nil, gives every player's chance to win after
	// each choice of the advice, in order of play from the current
	// player (each slice as long as the game has players), or ok false
	// for none; the choices then have no "seat_chances". It is called
	// as WinChance is.
	SeatChances func(v game.View, choices []ChoiceJSON) (chances [][]float64, ok bool)

	// WinTable, if not nil, gives the bots "best" the exact win table
	// (package strategy/win) of the rules r for a game of the players:
	// the table once it is solved, else ok false, having asked for its
	// solve if the rules are solved at all. A best bot asks it at each
	// decision, under the game's lock, and plays as "hard" while it has
	// no table (the state says so: "plays_as"); it must answer at once.
	// Tables are per instance: two servers on one store may play one
	// game's best bot by a table and by hard's play.
	WinTable func(r game.Rules, players int) (t *win.Table, ok bool)

	// Logf logs the errors of the Store and bots that fail; nil means
	// log.Printf.
	Logf func(format string, args ...any)
}

// WinChanceFunc estimates, for the position v and each choice of the
// advice, the current player's chance to win the game (0 to 1) after
// making it. ok false means no estimate (rules or positions that the
// estimator does not know); the advice then has "win_chance": null.
type WinChanceFunc func(v game.View, choices []ChoiceJSON) (chances []float64, ok bool)

// The defaults of Config.
const (
	DefaultMaxBody          = 4 << 10
	DefaultRate             = 20
	DefaultBurst            = 60
	DefaultMaxGames         = 100_000
	DefaultMaxCached        = 10_000
	DefaultMaxEvents        = 200_000
	DefaultMaxStreams       = 10_000
	DefaultMaxClientStreams = 16
	DefaultMaxConns         = 12_000
	DefaultMaxClientConns   = 64
	DefaultFinishedTTL      = 7 * 24 * time.Hour
	DefaultIdleTTL          = 30 * 24 * time.Hour
	DefaultMaxPending       = 4096
	DefaultMaxQueueWait     = time.Second
	DefaultMaxCPUWait       = 200 * time.Millisecond
)

// MaxMaxEvents is the largest Config.MaxEvents: the games are read
// with up to game.DefaultMaxEvents events, and a move with the bots' turns
// after it adds far fewer than the difference.
const MaxMaxEvents = 1_000_000

// A Server holds the games and serves them. Make one with New; it is an
// http.Handler.
type Server struct {
	cfg     Config
	limiter *limiter
	mux     *http.ServeMux
	logf    func(format string, args ...any)
	now     func() time.Time
	metrics *metrics

	// games are the games held, at most MaxCached (see lookup).
	mu    sync.RWMutex
	games map[string]*entry
	// count is the number of games stored or being made, which creates
	// reserve before they make a game, so that MaxGames holds.
	count atomic.Int64
	// writing counts the writes to the Store under way, and lastWrite
	// is when the last one finished, in Unix nanoseconds (see admit).
	writing   atomic.Int64
	lastWrite atomic.Int64
	// streams are the open event streams, and clients those of each
	// client, under mu.
	streams       int
	clientStreams clientCounts
	// pending is the number of moves and creates admitted and not yet
	// answered.
	pending atomic.Int64
	// cpuWait is the scheduler's latency (see cpuWatch), in nanoseconds.
	cpuWait atomic.Int64
	// overloadLogged is when a refusal as overloaded was last logged,
	// in nanoseconds.
	overloadLogged atomic.Int64
	cpuHold        atomic.Bool // for the tests: cpuWatch leaves cpuWait as set
	// coin draws the chance of a refusal for the CPU (rand.Float64; a
	// test's seeded source).
	coin func() float64

	// loadEvents bounds the events of a game read from the Store.
	loadEvents int

	tables tableCache

	// inflight counts the requests being served, and has releasedBit
	// once Release has begun: Release waits for the requests in flight
	// (and so for their writes), and requests after it are refused.
	// idle is closed when the last of them leaves after Release began.
	inflight atomic.Int64
	idle     chan struct{}
	idleOnce sync.Once
	// releaseOnce makes Release once.
	releaseOnce sync.Once

	// done is closed by Close: the event streams end.
	done      chan struct{}
	closeOnce sync.Once
	janitor   sync.WaitGroup
}

// New makes a Server of the games of cfg.Store. It reads none of them:
// each is read when first asked for.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no Store")
	}
	if cfg.MaxEvents > MaxMaxEvents {
		return nil, fmt.Errorf("server: MaxEvents %d: at most %d", cfg.MaxEvents, MaxMaxEvents)
	}
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Rate == 0 {
		cfg.Rate = DefaultRate
	}
	def(&cfg.Burst, DefaultBurst)
	def(&cfg.MaxGames, DefaultMaxGames)
	def(&cfg.MaxCached, DefaultMaxCached)
	def(&cfg.MaxEvents, DefaultMaxEvents)
	def(&cfg.MaxStreams, DefaultMaxStreams)
	def(&cfg.MaxClientStreams, DefaultMaxClientStreams)
	def(&cfg.MaxConns, DefaultMaxConns)
	def(&cfg.MaxClientConns, DefaultMaxClientConns)
	def(&cfg.MaxPending, DefaultMaxPending)
	if cfg.MaxQueueWait <= 0 {
		cfg.MaxQueueWait = DefaultMaxQueueWait
	}
	if cfg.MaxCPUWait == 0 {
		cfg.MaxCPUWait = DefaultMaxCPUWait
	}
	if cfg.FinishedTTL == 0 {
		cfg.FinishedTTL = DefaultFinishedTTL
	}
	if cfg.IdleTTL == 0 {
		cfg.IdleTTL = DefaultIdleTTL
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 25 * time.Second
	}
	if cfg.StreamWriteTimeout <= 0 {
		cfg.StreamWriteTimeout = DefaultStreamWriteTimeout
	}
	s := &Server{
		cfg:           cfg,
		logf:          cfg.Logf,
		now:           time.Now,
		coin:          cpuCoin,
		games:         make(map[string]*entry),
		clientStreams: make(clientCounts),
		loadEvents:    game.DefaultMaxEvents,
		done:          make(chan struct{}),
		idle:          make(chan struct{}),
		metrics:       newMetrics(),
	}
	if s.logf == nil {
		s.logf = log.Printf
	}
	if cfg.Rate > 0 {
		s.limiter = newLimiter(cfg.Rate, cfg.Burst)
	}
	n, err := cfg.Store.Count(context.Background())
	if err != nil {
		return nil, fmt.Errorf("server: counting the games stored: %w", err)
	}
	s.count.Store(int64(n))
	s.lastWrite.Store(s.now().UnixNano())
	s.routes()
	s.janitor.Add(3)
	go s.sweepEvery(time.Minute)
	go s.cpuWatch()
	go s.watch()
	return s, nil
}

// NumGames returns the number of games stored, as the server counts
// them.
func (s *Server) NumGames() int {
	return int(s.count.Load())
}

// reserve takes a place for a new game, and reports false when the
// server holds MaxGames already. A place taken and not filled is given
// back with s.count.Add(-1).
func (s *Server) reserve() bool {
	for {
		n := s.count.Load()
		if n >= int64(s.cfg.MaxGames) {
			return false
		}
		if s.count.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// Close ends the open event streams, the expiry and the watch of the
// Store. It does not wait for requests in flight: call it after
// http.Server.Shutdown has returned, or use it from
// http.Server.RegisterOnShutdown to end the streams (which Shutdown would
// otherwise wait for), then Release once Shutdown returns.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
}

// Release waits, after Close, until no request is in flight: it waits
// for the requests being served (their writes made),
// and refuses those that come later with 503. Call it once the
// http.Server has shut down, or has been closed when its shutdown timed
// out: the streams end at Close, and a request that writes to a client
// that does not read waits for its connection to close.
// Calling it again waits for the first call to finish.
func (s *Server) Release() {
	s.releaseOnce.Do(func() {
		s.Close()
		if s.inflight.Add(releasedBit) != releasedBit {
			<-s.idle
		}
		s.janitor.Wait()
	})
}

// releasedBit is the bit of Server.inflight that Release sets.
const releasedBit = 1 << 40

// enter counts a request in flight, and reports false once Release has
// begun.
func (s *Server) enter() bool {
	if s.inflight.Add(1) >= releasedBit {
		s.leave()
		return false
	}
	return true
}

// leave counts a request done.
func (s *Server) leave() {
	if s.inflight.Add(-1) == releasedBit {
		s.idleOnce.Do(func() { close(s.idle) })
	}
}

// ServeHTTP serves the page, its files and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	mw := &metricsWriter{ResponseWriter: w}
	defer s.metrics.request(mw)
	defer s.recoverPanic(mw, r)
	securityHeaders(w.Header()) // on every answer, refusals included
	if !s.enter() {
		w.Header().Set("Retry-After", "10")
		writeError(mw, errorf(http.StatusServiceUnavailable, CodeUnavailable, "the server is shutting down"))
		return
	}
	defer s.leave()
	if s.limiter != nil && !s.limiter.allow(s.clientOfRequest(r), time.Now()) {
		w.Header().Set("Retry-After", "1")
		writeError(mw, errorf(http.StatusTooManyRequests, CodeRateLimited, "too many requests: slow down"))
		return
	}
	s.mux.ServeHTTP(mw, r)
}

// recoverPanic, deferred, recovers a panic of the request r's handler
// (a bug): it logs it with its stack, counts it and answers 500 with
// CodeInternal if the handler wrote nothing yet. The handlers release
// their locks with defer, so the game goes on serving. The panic that
// aborts a response on purpose, http.ErrAbortHandler, goes on up.
func (s *Server) recoverPanic(mw *metricsWriter, r *http.Request) {
	v := recover()
	if v == nil {
		return
	}
	if v == http.ErrAbortHandler {
		panic(v)
	}
	s.metrics.panics.Add(1)
	s.logf("farkle serve: panic serving %s %s: %v\n%s", r.Method, r.URL.Path, v, debug.Stack())
	if !mw.wrote {
		writeError(mw, errorf(http.StatusInternalServerError, CodeInternal, "internal error"))
	}
}

// newID returns a random game ID: 24 hex digits.
func newID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: crypto/rand: %v", err)) // never happens: Read does not fail
	}
	return hex.EncodeToString(b[:])
}

// ValidID reports whether id has the form of the ids of the games that a
// Server makes: 24 lowercase hex digits.
func ValidID(id string) bool {
	if len(id) != 24 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
