// Package server serves Farkle games to browsers: the HTTP handlers of
// "farkle serve", a JSON API, server-sent events for live updates, the
// embedded page, and the crash-safe store of the games.
//
// The API lives under /api/; every refusal is a JSON object
// {"error":{"code":"...","message":"..."}} with one of the stable codes of
// this package (see the Code constants) and a fitting status. A player
// acts for a seat with the seat's secret token in the X-Farkle-Token
// header; the server keeps only its SHA-256. Every game is saved
// atomically in the data directory before the response that
// acknowledges a move goes out, and loaded again at start-up.
package server

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log"
	"net/http"
	"sync"
	"time"

	"github.com/farkle-go/farkle/game"
)

// Config configures a Server. The zero Config (with a DataDir) is a
// usable configuration.
type Config struct {
	// DataDir is the directory of the saved games; it is created if it
	// does not exist. Required.
	DataDir string

	// Limits bound what loading a saved game at start-up accepts; zero
	// fields are game's defaults.
	Limits game.Limits

	// MaxBody is the largest request body, in bytes; 0 means
	// DefaultMaxBody.
	MaxBody int64

	// Rate and Burst make the per-client token bucket: Rate requests a
	// second on average, Burst at once. Rate 0 means DefaultRate; a
	// negative Rate turns the limit off.
	Rate  float64
	Burst int

	// MaxGames bounds the games held; 0 means DefaultMaxGames.
	MaxGames int
	// MaxStreams bounds the open event streams; 0 means
	// DefaultMaxStreams.
	MaxStreams int

	// Heartbeat is the interval of the comments that keep an event stream
	// open through proxies; 0 means 25 seconds.
	Heartbeat time.Duration

	// WinChance, if not nil, estimates the current player's chance to
	// win after each choice of the advice: it is the extension point
	// for a two-player win solver. It is called with the game locked and
	// must not keep v.
	WinChance WinChanceFunc

	// Logf logs load errors and bots that fail; nil means log.Printf.
	Logf func(format string, args ...any)
}

// WinChanceFunc estimates, for the position v and each choice of the
// advice, the current player's chance to win the game (0 to 1) after
// making it. ok false means no estimate (rules or positions that the
// estimator does not know); the advice then has "win_chance": null.
type WinChanceFunc func(v game.View, choices []ChoiceJSON) (chances []float64, ok bool)

// The defaults of Config.
const (
	DefaultMaxBody    = 4 << 10
	DefaultRate       = 20
	DefaultBurst      = 60
	DefaultMaxGames   = 100_000
	DefaultMaxStreams = 10_000
)

// A Server holds the games and serves them. Make one with New; it is an
// http.Handler.
type Server struct {
	cfg     Config
	store   *store
	limiter *limiter
	mux     *http.ServeMux
	logf    func(format string, args ...any)

	mu      sync.RWMutex
	games   map[string]*entry
	streams int // open event streams, under mu

	tables tableCache

	// done is closed by Close: the event streams end.
	done      chan struct{}
	closeOnce sync.Once
}

// New makes a Server and loads every game saved in cfg.DataDir. A saved
// game that does not load is logged and left in place, not served.
func New(cfg Config) (*Server, error) {
	if cfg.DataDir == "" {
		return nil, errors.New("server: no data directory")
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Rate == 0 {
		cfg.Rate = DefaultRate
	}
	if cfg.Burst <= 0 {
		cfg.Burst = DefaultBurst
	}
	if cfg.MaxGames <= 0 {
		cfg.MaxGames = DefaultMaxGames
	}
	if cfg.MaxStreams <= 0 {
		cfg.MaxStreams = DefaultMaxStreams
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 25 * time.Second
	}
	s := &Server{
		cfg:   cfg,
		logf:  cfg.Logf,
		games: make(map[string]*entry),
		done:  make(chan struct{}),
	}
	if s.logf == nil {
		s.logf = log.Printf
	}
	if cfg.Rate > 0 {
		s.limiter = newLimiter(cfg.Rate, cfg.Burst)
	}
	st, err := openStore(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	s.store = st
	if err := s.loadAll(); err != nil {
		st.close()
		return nil, err
	}
	s.routes()
	return s, nil
}

// NumGames returns the number of games the server holds.
func (s *Server) NumGames() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.games)
}

// Close ends the open event streams and releases the data directory. It
// does not wait for requests in flight: call it after
// http.Server.Shutdown has returned, or use it from
// http.Server.RegisterOnShutdown to end the streams (which Shutdown would
// otherwise wait for), then Release once Shutdown returns.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
}

// Release closes the data directory after Close, once no request is in
// flight.
func (s *Server) Release() {
	s.Close()
	s.store.close()
}

// ServeHTTP serves the page, its files and the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.limiter != nil && !s.limiter.allow(clientIP(r), time.Now()) {
		w.Header().Set("Retry-After", "1")
		writeError(w, errorf(http.StatusTooManyRequests, CodeRateLimited, "too many requests: slow down"))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// newID returns a random game ID: 24 hex digits.
func newID() string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: crypto/rand: %v", err)) // never happens: Read does not fail
	}
	return hex.EncodeToString(b[:])
}

// validID reports whether id has the form of newID's.
func validID(id string) bool {
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

// lookup returns the game id, or nil.
func (s *Server) lookup(id string) *entry {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.games[id]
}
