package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/farkle-go/farkle/cmd/farkle/web/internal/bots"
	"github.com/farkle-go/farkle/game"
)

// A game is kept in the Store as records of JSON (encoding/json):
// record 0 starts it (gameStart: the rules, the players' names, the
// seats, and the events of the creation with the dice source's state
// after them), and each later record is a move (logRecord: the events
// that it added, and the dice source's state after them; after a rename,
// the players' names too). A game is read from its records when it is
// first asked for (lookup) and held in memory, up to Config.MaxCached
// games; each move is written, and durable, before it is acknowledged.
const (
	// logFormat and logVersion name the format of record 0.
	logFormat  = "farkle-serve-game"
	logVersion = 3
)

// logHeader is the part of record 0 that describes the game.
type logHeader struct {
	Format  string     `json:"format"`
	Version int        `json:"version"`
	Rules   game.Rules `json:"rules"`
	Players []string   `json:"players"`
	Seats   []seat     `json:"seats"`
}

// logRecord is a move's record: the events from index From on, and the
// dice source's state after them; after a rename (a seat's name chosen on
// joining), the players' names too.
type logRecord struct {
	From   int          `json:"from"`
	Events []game.Event `json:"events"`
	Source sourceState  `json:"source"`
	Names  []string     `json:"names,omitempty"` // the players' names from this record on, after a rename
	// Rematch, in a record of no events after the end, links the
	// game to its rematch (rematch.go).
	Rematch *rematchLink `json:"rematch,omitempty"`
}

// gameStart is record 0: the header and the creation's events, in one
// object.
type gameStart struct {
	logHeader
	logRecord
}

// strictJSON decodes data into v, refusing unknown keys and data after
// the value.
func strictJSON(data []byte, v any) error {
	dec := jsonDecoder(data)
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the value")
	}
	return nil
}

// names returns the players' names of e's game.
func (e *entry) names() []string {
	names := make([]string, e.g.View().NumPlayers())
	for i, p := range e.g.View().Players() {
		names[i] = p.Name
	}
	return names
}

// record returns the record of e's events from from on, with the
// source's state after them; of the game's start if e has no record yet.
func (e *entry) record(from int, names []string) (data, state []byte, err error) {
	if state, err = e.src.MarshalBinary(); err != nil {
		return nil, nil, err
	}
	evs := e.g.EventsSince(from)
	if evs == nil {
		evs = []game.Event{}
	}
	rec := logRecord{From: from, Events: evs, Source: sourceState{Type: sourceType(e.src), State: state}, Names: names}
	if e.records == 0 {
		rec.Names = nil
		data, err = json.Marshal(gameStart{
			logHeader: logHeader{Format: logFormat, Version: logVersion, Rules: e.g.View().Rules(), Players: e.names(), Seats: e.seats},
			logRecord: rec,
		})
	} else {
		data, err = json.Marshal(rec)
	}
	return data, state, err
}

// persist makes e's new events durable: its first record if it has
// none yet, else a record appended. On failure it puts e's game back as
// it was last saved, so that the server never acknowledges nor shows a
// move that is not stored; an error wrapping ErrConflict says that
// another Server moved first (see saveFailed). The caller holds e.mu, or
// owns e.
func (s *Server) persist(e *entry) error { return s.persistNames(e, nil) }

// persistNames is persist that also records the players' names, after a
// rename: names, if not nil, go into the record (the start of a game has
// them anyway).
func (s *Server) persistNames(e *entry, names []string) error {
	data, state, err := e.record(e.saved, names)
	if err == nil {
		rec := Record{Data: data, At: s.now(), Finished: e.g.View().Over()}
		err = s.write(func(ctx context.Context) error {
			if e.records == 0 {
				return s.cfg.Store.Create(ctx, e.id, rec)
			}
			return s.cfg.Store.Append(ctx, e.id, e.records, rec)
		})
	}
	if err != nil {
		s.undo(e)
		return err
	}
	e.saved, e.state = e.g.NumEvents(), state
	e.records++
	return nil
}

// write runs a write to the store, counted for admit and timed for the
// metrics: lastWrite is when the last write finished, or when the first
// of those under way began after none.
func (s *Server) write(f func(ctx context.Context) error) error {
	if s.writing.Add(1) == 1 {
		// The first write after none: the wait counts from now, not
		// from the last write, which may be long ago.
		s.lastWrite.Store(s.now().UnixNano())
	}
	start := time.Now()
	err := f(context.Background())
	s.metrics.observeSave(time.Since(start), err)
	s.lastWrite.Store(s.now().UnixNano())
	s.writing.Add(-1)
	return err
}

// undo puts e's game back as it was last saved: its events up to
// e.saved, replayed, and the dice source's state then. The caller holds
// e.mu.
func (s *Server) undo(e *entry) {
	if e.records == 0 || e.g.NumEvents() == e.saved {
		if e.state != nil {
			e.src.UnmarshalBinary(e.state)
		}
		return
	}
	var evs []game.Event
	if e.saved > 0 {
		evs = e.g.EventsSince(0)[:e.saved]
	}
	g, err := game.Replay(e.g.View().Rules(), e.names(), evs)
	if err != nil {
		s.logf("farkle serve: game %s: undo: %v", e.id, err) // a bug: the game's own history replays
		return
	}
	if err := e.src.UnmarshalBinary(e.state); err != nil {
		s.logf("farkle serve: game %s: undo: %v", e.id, err)
	}
	g.SetSource(e.src)
	e.g = g
	// Fresh bots, as a game read back has: a bot that keeps the turn it
	// is in (casual) plays the turn again from its start.
	if b, err := s.makeBots(g, e.seats, e.src); err == nil {
		e.bots = b
	} else {
		s.logf("farkle serve: game %s: undo: %v", e.id, err)
	}
}

// errBadGame reports a game whose records do not make a game.
var errBadGame = errors.New("bad stored game")

// decodeGame makes the game id of its records, at most maxEvents events.
func decodeGame(id string, recs []Record, maxEvents int) (*entry, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("%w %s: no record", errBadGame, id)
	}
	var start gameStart
	if err := strictJSON(recs[0].Data, &start); err != nil {
		return nil, fmt.Errorf("%w %s: record 0: %v", errBadGame, id, err)
	}
	h := start.logHeader
	if h.Format != logFormat || h.Version != logVersion {
		return nil, fmt.Errorf("%w %s: record 0: format %q version %d, want %q version %d", errBadGame, id, h.Format, h.Version, logFormat, logVersion)
	}
	d := &decoder{id: id, h: h, maxEvents: maxEvents}
	if err := d.add(start.logRecord); err != nil {
		return nil, err
	}
	return d.decode(recs[1:])
}

// A decoder makes a game of its records: record 0's header, then the
// events, names and dice source of each record in turn.
type decoder struct {
	id        string
	h         logHeader // Players: the names as of the last record
	maxEvents int
	evs       []game.Event
	src       source
	state     []byte
	records   int
	link      rematchLink // the game's rematch, once a record links it
}

// catchUp returns a decoder of e's game as it is, to decode its records
// after those e has.
func (e *entry) catchUp(maxEvents int) *decoder {
	v := e.g.View()
	return &decoder{
		id:        e.id,
		h:         logHeader{Rules: v.Rules(), Players: e.names(), Seats: e.seats},
		maxEvents: maxEvents,
		evs:       slices.Clone(e.g.EventsSince(0)),
		src:       e.src,
		state:     e.state,
		records:   e.records,
		link:      e.rematch,
	}
}

// decode adds the records recs (after record 0), and makes their game.
func (d *decoder) decode(recs []Record) (*entry, error) {
	for _, r := range recs {
		var rec logRecord
		if err := strictJSON(r.Data, &rec); err != nil {
			return nil, fmt.Errorf("%w %s: record %d: %v", errBadGame, d.id, d.records, err)
		}
		if err := d.add(rec); err != nil {
			return nil, err
		}
	}
	g, err := game.Replay(d.h.Rules, d.h.Players, d.evs)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", errBadGame, d.id, err)
	}
	if err := checkSeats(d.h.Seats, g.View().NumPlayers()); err != nil {
		return nil, fmt.Errorf("%w %s: %v", errBadGame, d.id, err)
	}
	for i, st := range d.h.Seats {
		if k, ok := bots.Canonical(st.Kind); ok {
			d.h.Seats[i].Kind = k // a game saved with the old names
		}
	}
	if d.link.ID != "" && !g.View().Over() {
		return nil, fmt.Errorf("%w %s: a rematch of a game not over", errBadGame, d.id)
	}
	g.SetSource(d.src)
	return &entry{id: d.id, g: g, seats: d.h.Seats, src: d.src, state: d.state, saved: g.NumEvents(), records: d.records, rematch: d.link}, nil
}

// add adds the next record.
func (d *decoder) add(rec logRecord) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w %s: record %d: %s", errBadGame, d.id, d.records, fmt.Sprintf(format, args...))
	}
	if rec.From != len(d.evs) {
		return bad("events from %d, want %d", rec.From, len(d.evs))
	}
	if len(d.evs)+len(rec.Events) > d.maxEvents {
		return bad("more than %d events", d.maxEvents)
	}
	d.evs = append(d.evs, rec.Events...)
	if rec.Rematch != nil {
		if err := checkLink(rec.Rematch, d.link, d.records, len(d.h.Players), len(rec.Events)); err != nil {
			return fmt.Errorf("%w %s: %v", errBadGame, d.id, err)
		}
		d.link = *rec.Rematch
	}
	if rec.Names != nil {
		if len(rec.Names) != len(d.h.Players) {
			return bad("%d names, want %d", len(rec.Names), len(d.h.Players))
		}
		d.h.Players = rec.Names
	}
	src, err := rec.Source.source()
	if err != nil {
		return bad("%v", err)
	}
	d.src, d.state = src, rec.Source.State
	d.records++
	return nil
}

// load reads game id from the store into a new entry, and plays the
// bots' turns that are due, if any (a game written by another program).
func (s *Server) load(id string) (*entry, error) {
	recs, err := s.cfg.Store.Load(context.Background(), id, 0)
	if err != nil {
		return nil, err
	}
	e, err := decodeGame(id, recs, s.loadEvents)
	if err != nil {
		return nil, err
	}
	return s.ready(e)
}

// ready makes the bots of e, newly decoded, and plays their turns that
// are due, if any.
func (s *Server) ready(e *entry) (_ *entry, err error) {
	id := e.id
	if e.bots, err = s.makeBots(e.g, e.seats, e.src); err != nil {
		return nil, fmt.Errorf("%w %s: %v", errBadGame, id, err)
	}
	if !e.g.View().Over() && e.bots[e.g.View().Current()] != nil {
		s.playBots(e)
		if err := s.persist(e); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// reload reads e again from the store, after another Server changed it:
// its game, or gone if it was removed. Its event streams are woken. The
// caller holds e.mu.
func (s *Server) reload(e *entry) {
	defer e.notify()
	fresh, err := s.catchUp(e)
	if err != nil && !errors.Is(err, ErrNotFound) {
		s.logf("farkle serve: game %s: catching up from record %d: %v; reading it whole", e.id, e.records, err)
		fresh, err = s.load(e.id)
	}
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			s.logf("farkle serve: game %s: reloading: %v", e.id, err)
		}
		e.gone = true
		s.forget(e)
		return
	}
	e.take(fresh)
	e.renames++ // the cached state goes
}

// catchUp reads the records of e after those it has, and returns its
// game after them (e as it is if there are none).
func (s *Server) catchUp(e *entry) (*entry, error) {
	if e.records == 0 || e.g.NumEvents() != e.saved {
		return s.load(e.id) // not as saved: read whole
	}
	recs, err := s.cfg.Store.Load(context.Background(), e.id, e.records)
	if err != nil {
		return nil, err
	}
	fresh, err := e.catchUp(s.loadEvents).decode(recs)
	if err != nil {
		return nil, err
	}
	return s.ready(fresh)
}

// forget drops e from the games held, if it is the one held.
func (s *Server) forget(e *entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.games[e.id] == e {
		delete(s.games, e.id)
	}
}

// lookup returns game id, read from the store if it is not held, or an
// error: ErrNotFound, or a failure of the store or of the game's
// records.
func (s *Server) lookup(id string) (*entry, error) {
	e, loading := s.hold(id)
	if loading {
		s.fill(e)
	}
	<-e.loaded
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
}

// hold returns the entry of game id, held, or a new one to fill, and
// reports which: the caller of a new one fills it (fill), and the
// others wait for it (e.loaded).
func (s *Server) hold(id string) (e *entry, loading bool) {
	if e = s.peek(id); e != nil {
		return e, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e = s.games[id]; e != nil {
		return e, false
	}
	e = &entry{id: id, loaded: make(chan struct{})}
	s.evict()
	s.games[id] = e
	return e, true
}

// peek returns game id if it is held, else nil.
func (s *Server) peek(id string) *entry {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.games[id]
}

// keep holds the new game e.
func (s *Server) keep(e *entry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.evict()
	s.games[e.id] = e
}

// fill reads the game of e, new from hold, from the store, and closes
// e.loaded; on failure, e.err says why and e is no longer held.
func (s *Server) fill(e *entry) {
	defer close(e.loaded)
	l, err := s.load(e.id)
	e.mu.Lock()
	defer e.mu.Unlock()
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			s.logf("farkle serve: game %s: loading: %v", e.id, err)
		}
		e.err = err
		s.forget(e)
		return
	}
	e.take(l)
}

// take makes e the game that l was read as: its game, seats, bots,
// source and what is saved of it. The caller holds e.mu.
func (e *entry) take(l *entry) {
	e.g, e.seats, e.bots, e.src, e.state, e.saved, e.records = l.g, l.seats, l.bots, l.src, l.state, l.saved, l.records
	e.rematch = l.rematch
}

// evict drops held games, none with an event stream, until fewer than
// MaxCached are held; a game dropped is read again when next asked for.
// The caller holds s.mu.
func (s *Server) evict() {
	for id, e := range s.games {
		if len(s.games) < s.cfg.MaxCached {
			return
		}
		if e.evict() {
			delete(s.games, id)
		}
	}
}

// evict marks e evicted and reports true if it is loaded and has no
// event stream, and no one holds it at the moment.
func (e *entry) evict() bool {
	if !e.mu.TryLock() {
		return false
	}
	defer e.mu.Unlock()
	if e.err != nil || len(e.subs) > 0 || e.g == nil {
		return false
	}
	e.evicted = true
	return true
}

// errEvicted is the refusal of a write to a game dropped from the games
// held (see evict) after the request found it: the request finds the
// game again and retries, and answers it only if the game was dropped
// every time.
var errEvicted = errorf(http.StatusServiceUnavailable, CodeUnavailable, "the game was busy: try again")

// loadError is the refusal of a request for a game that could not be
// read: not_found, or internal for a failure of the store or of the
// game's records (logged).
func loadError(err error) *apiError {
	if errors.Is(err, ErrNotFound) {
		return errorf(http.StatusNotFound, CodeNotFound, "no such game")
	}
	return errorf(http.StatusInternalServerError, CodeInternal, "the game could not be read")
}

// watch follows the changes that other Servers make to the store, until
// Close: a game held that another moved is read again, and one removed
// is dropped, its streams woken.
func (s *Server) watch() {
	defer s.janitor.Done()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-s.done:
		case <-ctx.Done():
		}
		cancel()
	}()
	for {
		err := s.cfg.Store.Watch(ctx, s.changed)
		if err == nil || ctx.Err() != nil {
			return
		}
		s.logf("farkle serve: watching the store: %v; again in a second", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// changed is told by Watch that game id has records records now.
func (s *Server) changed(id string, records int) {
	e := s.peek(id)
	if e == nil {
		return // not held: read when asked for
	}
	<-e.loaded
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case e.err != nil || e.gone:
	case records == 0:
		e.gone = true
		s.forget(e)
		e.notify()
	case records > e.records:
		s.reload(e)
	}
}

// loaded is the closed channel of the entries that need no loading.
var loaded = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

// saveFailed answers a write of e that failed, with e as it was last
// saved: stale if another Server changed the game first (e is read
// again), not_found if it removed it, else save_failed with what. The
// caller holds e.mu.
func (s *Server) saveFailed(e *entry, err error, what string) *apiError {
	switch {
	case errors.Is(err, ErrConflict):
		s.reload(e)
		return errorf(http.StatusConflict, CodeStale, "the game was changed by another move first: "+what)
	case errors.Is(err, ErrNotFound):
		s.reload(e)
		return goneError
	}
	s.logf("farkle serve: game %s: save: %v", e.id, err)
	e.notify() // the game went back to its last save
	return saveError(err, what)
}
