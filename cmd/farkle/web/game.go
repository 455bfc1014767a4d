package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"sync"

	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy"
)

// The kinds of seat: a human, or a bot named for its strength (see
// BotKinds and the README for what each plays, MEASURED.md for their
// measured win rates).
const (
	KindHuman  = "human"     // a player with the seat's token
	KindEasy   = bots.Easy   // game.ThresholdBot{BankAt: 350}
	KindMedium = bots.Medium // the most points of each roll, banking by a rule of thumb of the dice left
	KindCasual = bots.Casual // plays like a person: the expected-score play with people's habits and slips
	KindHard   = bots.Hard   // strategy.Bot, the best expected score of each turn
	KindBest   = bots.Best   // win.Bot where Config.WinTable has the game's table, else as hard
	// The first names of easy and hard, still accepted; a new game's
	// seats are saved under the new names.
	KindThreshold = bots.Threshold
	KindExpected  = bots.Expected
)

// BotKinds lists the kinds of bot, weakest first as measured.
var BotKinds = bots.Kinds

// ThresholdBankAt is the turn total at which an "easy" bot banks.
const ThresholdBankAt = bots.BankAt

// A seat is one player of a game, as saved.
type seat struct {
	Kind      string `json:"kind"`
	TokenHash string `json:"token_hash"` // hex SHA-256 of the token; "" for a bot
}

// An entry is one game the server holds.
type entry struct {
	id string

	mu    sync.Mutex // guards everything below
	g     *game.Game
	seats []seat
	bots  []game.Bot // per seat; nil for a human
	src   source     // g's dice source
	// What is stored: the events, the source's state after them (to
	// undo a move whose save failed) and the number of records.
	saved   int
	state   []byte
	records int
	// gone is set once the game has expired or was removed, and is no
	// longer served; evicted once it is no longer held (see evict).
	gone    bool
	evicted bool
	// loaded is closed once the game is read from the store (see
	// lookup); err is then why it could not be, if it could not.
	loaded chan struct{}
	err    error
	// renames counts the renames, and cache is the state encoded, for
	// its readers (stateOf).
	renames int
	cache   stateCache
	// subs are the event streams of the game, each woken by a
	// non-blocking send when the game changes.
	subs map[chan struct{}]struct{}
	// presence is each seat's presence, psubs the streams that follow
	// it (presence.go).
	presence []seatPresence
	psubs    map[chan struct{}]struct{}
	// hooks is the copy of g that the advice's hooks read, with its own
	// lock, taken before mu (hookview.go).
	hooks hookCopy
	// rematch links the finished game to its rematch, once made
	// (rematch.go); reacts are the quick reactions (react.go).
	rematch rematchLink
	reacts  reactions
}

// A source is a dice source that can be saved: a *rand.ChaCha8, or a
// *rand.PCG from a save of the first format.
type source interface {
	mrand.Source
	MarshalBinary() ([]byte, error)
	UnmarshalBinary([]byte) error
}

// sourceState is a source as saved: its type and state (base64 in JSON).
type sourceState struct {
	Type  string `json:"type"` // "chacha8" or "pcg"
	State []byte `json:"state"`
}

// sourceType returns the type of src, as saved.
func sourceType(src source) string {
	if _, ok := src.(*mrand.PCG); ok {
		return "pcg"
	}
	return "chacha8"
}

// source returns the source that ss saves.
func (ss sourceState) source() (source, error) {
	var src source
	switch ss.Type {
	case "chacha8":
		src = new(mrand.ChaCha8)
	case "pcg":
		src = new(mrand.PCG)
	default:
		return nil, fmt.Errorf("source type %q, want chacha8 or pcg", ss.Type)
	}
	if err := src.UnmarshalBinary(ss.State); err != nil {
		return nil, fmt.Errorf("the %s source: %w", ss.Type, err)
	}
	return src, nil
}

// newSource returns a ChaCha8 source seeded from crypto/rand.
func newSource() *mrand.ChaCha8 {
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		panic(fmt.Sprintf("server: crypto/rand: %v", err)) // never happens
	}
	return mrand.NewChaCha8(seed)
}

// newToken returns a new seat token and its hash.
func newToken() (token, hash string) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: crypto/rand: %v", err)) // never happens
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

// hashToken returns the hex SHA-256 of token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// seatOf returns the human seat whose token is token, or -1.
func (e *entry) seatOf(token string) int {
	if token == "" {
		return -1
	}
	h := hashToken(token)
	found := -1
	for i, st := range e.seats {
		// Compare every seat in constant time, so that the time does
		// not tell which seat came close.
		if st.Kind == KindHuman && subtle.ConstantTimeCompare([]byte(h), []byte(st.TokenHash)) == 1 {
			found = i
		}
	}
	return found
}

// notify wakes the event streams of e. The caller holds e.mu.
func (e *entry) notify() {
	for c := range e.subs {
		select {
		case c <- struct{}{}:
		default: // already woken: it will read the latest state
		}
	}
}

// makeBots makes the bots of seats, solving the strategy tables they
// need; src is the game's dice source, from which a bot draws its
// choices, if it has any to draw (casual), so that a game read back from
// the store with its source plays on the same.
func (s *Server) makeBots(g *game.Game, seats []seat, src mrand.Source) ([]game.Bot, error) {
	out := make([]game.Bot, len(seats))
	v := g.View()
	ts := bots.Tables{Score: s.tables.forRules, Win: s.cfg.WinTable}
	for i, st := range seats {
		if st.Kind == KindHuman {
			continue
		}
		b, err := bots.New(st.Kind, v.Rules(), v.NumPlayers(), src, ts)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		out[i] = b
	}
	return out, nil
}

// isBot reports whether kind is a kind of bot, by its name or an old one.
func isBot(kind string) bool {
	_, ok := bots.Canonical(kind)
	return ok
}

// playBots plays the turns of the bots, from the current player on, until
// a human's turn or the end of the game. The caller holds e.mu.
func (s *Server) playBots(e *entry) {
	for turns := 0; !e.g.View().Over() && e.bots[e.g.View().Current()] != nil; turns++ {
		if turns > 10_000 {
			s.logf("farkle serve: game %s: bots played 10000 turns in a row; stopping", e.id)
			return
		}
		if err := e.g.PlayTurn(e.bots[e.g.View().Current()]); err != nil {
			// A bot's keep is always legal: this is a bug, logged, and
			// the game waits.
			s.logf("farkle serve: game %s: bot %d: %v", e.id, e.g.View().Current(), err)
			return
		}
	}
}

// maxTables bounds the strategy tables that a tableCache holds: the short
// straights of a new game's request make the rules of play many.
const maxTables = 32

// A tableCache holds the strategy tables, one per scoring rules and
// options, solved once.
type tableCache struct {
	mu    sync.Mutex
	m     map[tableKey]*strategy.Table
	order []tableKey // the keys of m, oldest first, to drop past maxTables
}

// A tableKey is the rules of a game that change a turn's strategy: its
// scoring, MinBank, MustRollHotDice and ToxicTwos, the others zero.
type tableKey = game.Rules

// get returns the table of g's rules.
func (c *tableCache) get(g *game.Game) (*strategy.Table, error) {
	return c.forRules(g.View().Rules())
}

// forRules returns the table of the rules r.
func (c *tableCache) forRules(r game.Rules) (*strategy.Table, error) {
	k := tableKey{Scoring: r.Scoring, MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice, ToxicTwos: r.ToxicTwos}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.m[k]; ok {
		return t, nil
	}
	t, err := strategy.Solve(context.Background(), k, strategy.Options{})
	if err != nil {
		return nil, err
	}
	if c.m == nil {
		c.m = make(map[tableKey]*strategy.Table)
	}
	if len(c.order) == maxTables {
		// A bot keeps its own table: the games of a dropped table play
		// on, and their advice solves it again.
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.m[k] = t
	c.order = append(c.order, k)
	return t, nil
}

// checkSeats checks the seats of a saved game of n players.
func checkSeats(seats []seat, n int) error {
	if len(seats) != n {
		return fmt.Errorf("bad file: %d seats for %d players", len(seats), n)
	}
	humans := 0
	for i, st := range seats {
		switch st.Kind {
		case KindHuman:
			if b, err := hex.DecodeString(st.TokenHash); err != nil || len(b) != sha256.Size {
				return fmt.Errorf("bad file: seat %d: bad token hash", i)
			}
			humans++
		default:
			if !isBot(st.Kind) {
				return fmt.Errorf("bad file: seat %d: unknown kind %q", i, st.Kind)
			}
			if st.TokenHash != "" {
				return fmt.Errorf("bad file: seat %d: a bot with a token", i)
			}
		}
	}
	if humans == 0 {
		return errors.New("bad file: no human seat")
	}
	return nil
}
