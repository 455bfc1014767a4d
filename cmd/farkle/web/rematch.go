package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/farkle-go/farkle/game"
)

// A finished game has at most one rematch, which every seat is offered:
// POST /api/games/{id}/rematch with a seat's token makes it, or, once it
// is made, answers it. The rematch has the rules, players, names and
// bots of the game, the seats turned by one, so that the player after
// the game's first starts (the first player rotates over rematches); a
// human seat keeps its token, so that each player joins with the token
// of the finished game. A seat whose player does not come waits, as a
// new game's open seat does.
//
// The link is a record appended to the finished game (rematchLink),
// through the Store: of two presses at once, on one Server or two, the
// Store's ErrConflict lets one append it, and the other's game is
// deleted and the first's answered. The finished game's event streams
// see the link in the state (rematch, rematch_by).

// rematchLink is the record that links a finished game to its rematch.
type rematchLink struct {
	ID string `json:"id"` // the rematch's game
	By int    `json:"by"` // the seat that asked for it
}

// rematchResponse is the answer of POST /api/games/{id}/rematch: the
// rematch's id, the seat in it of the request's token (the token is
// the same), and whether this request made it.
type rematchResponse struct {
	ID      string `json:"id"`
	Seat    int    `json:"seat"`
	Created bool   `json:"created"`
}

// rematchSeat returns the seat in the rematch of seat i of a game of n
// players: the seats turn by one, seat 1 becoming seat 0.
func rematchSeat(i, n int) int { return (i - 1 + n) % n }

func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	e, tok, ok := s.seatCall(w, r, &struct{}{}, true)
	if !ok {
		return
	}
	done, ok := s.admit(w)
	if !ok {
		return
	}
	defer done()
	resp, aerr := s.rematch(e, tok)
	// Again after an eviction, or a conflict with another record than a
	// link (a rename, on another Server): the game is read again then.
	for i := 0; aerr != nil && (aerr == errEvicted || aerr.code == CodeStale) && i < 3; i++ {
		if e, aerr = s.entryOf(r); aerr == nil {
			resp, aerr = s.rematch(e, tok)
		}
	}
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	status := http.StatusOK
	if resp.Created {
		status = http.StatusCreated
		w.Header().Set("Location", "/api/games/"+resp.ID)
	}
	writeJSON(w, status, resp)
}

// rematch answers the rematch of e for the seat of tok, made first if e
// has none.
func (s *Server) rematch(e *entry, tok string) (rematchResponse, *apiError) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i, aerr := e.seatFor(tok)
	if aerr != nil {
		return rematchResponse{}, aerr
	}
	if !e.g.View().Over() {
		return rematchResponse{}, errorf(http.StatusConflict, CodeNotOver, "the game is not over: a rematch follows a finished game")
	}
	n := len(e.seats)
	if e.rematch.ID != "" {
		return rematchResponse{ID: e.rematch.ID, Seat: rematchSeat(i, n)}, nil
	}
	if !s.reserve() {
		return rematchResponse{}, errorf(http.StatusServiceUnavailable, CodeUnavailable, "the server holds as many games as it may")
	}
	held := false
	defer func() {
		if !held {
			s.count.Add(-1)
		}
	}()
	ne, err := s.newRematch(e)
	if err != nil {
		s.logf("farkle serve: game %s: rematch: %v", e.id, err)
		return rematchResponse{}, saveError(err, "the rematch could not be saved")
	}
	link := rematchLink{ID: ne.id, By: i}
	if err := s.appendLink(e, link); err != nil {
		// The new game goes: another press linked its own first, or
		// the link could not be saved.
		if derr := s.cfg.Store.Delete(context.Background(), ne.id); derr != nil {
			s.logf("farkle serve: game %s: the rematch not linked: %v", ne.id, derr) // it expires as idle
		}
		if errors.Is(err, ErrConflict) {
			s.reload(e)
			if e.rematch.ID != "" {
				return rematchResponse{ID: e.rematch.ID, Seat: rematchSeat(i, n)}, nil
			}
		}
		return rematchResponse{}, s.saveFailed(e, err, "the rematch could not be saved")
	}
	s.keep(ne)
	held = true
	s.metrics.creates.Add(1)
	return rematchResponse{ID: ne.id, Seat: rematchSeat(i, n), Created: true}, nil
}

// newRematch makes and stores the rematch of e, which is over: its
// rules, and its players and seats turned by one. The caller holds e.mu.
func (s *Server) newRematch(e *entry) (*entry, error) {
	old := e.names()
	n := len(old)
	names := make([]string, n)
	seats := make([]seat, n)
	for i := range n {
		names[rematchSeat(i, n)] = old[i]
		seats[rematchSeat(i, n)] = e.seats[i]
	}
	src := newSource()
	g, err := game.New(e.g.View().Rules(), names, src)
	if err != nil {
		return nil, err
	}
	ne := &entry{id: newID(), g: g, src: src, seats: seats, loaded: loaded}
	if ne.bots, err = s.makeBots(g, seats, src); err != nil {
		return nil, err
	}
	ne.mu.Lock()
	defer ne.mu.Unlock()
	s.playBots(ne)
	if err := s.persist(ne); err != nil {
		return nil, err
	}
	return ne, nil
}

// appendLink appends the record of link to e, which is over, and takes
// it: its streams see it. The caller holds e.mu.
func (s *Server) appendLink(e *entry, link rematchLink) error {
	state, err := e.src.MarshalBinary()
	if err != nil {
		return err
	}
	data, err := json.Marshal(logRecord{From: e.saved, Events: []game.Event{}, Source: sourceState{Type: sourceType(e.src), State: state}, Rematch: &link})
	if err != nil {
		return err
	}
	rec := Record{Data: data, At: s.now(), Finished: true}
	if err := s.write(func(ctx context.Context) error { return s.cfg.Store.Append(ctx, e.id, e.records, rec) }); err != nil {
		return err
	}
	e.records++
	e.rematch = link
	e.renames++ // the cached state goes
	e.notify()
	return nil
}

// checkLink checks the rematch link of record i of a game of n players,
// whose record adds events, after prev, the link of the records before
// (zero for none).
func checkLink(l *rematchLink, prev rematchLink, i, n, events int) error {
	switch {
	case prev.ID != "":
		return fmt.Errorf("record %d: a second rematch", i)
	case !ValidID(l.ID):
		return fmt.Errorf("record %d: a rematch of id %q", i, l.ID)
	case l.By < 0 || l.By >= n:
		return fmt.Errorf("record %d: a rematch by seat %d of %d", i, l.By, n)
	case events > 0:
		return fmt.Errorf("record %d: a rematch with %d events", i, events)
	}
	return nil
}
