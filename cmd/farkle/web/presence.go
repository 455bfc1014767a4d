package web

import (
	"crypto/subtle"
	"encoding/json"
	"time"
)

// Presence: whether each seat's player has the game open, and when they
// were last seen. It is drawn from the event streams that this server
// holds: a stream opened with a seat's key (?key=, the hex SHA-256 of
// the seat's token: a URL ends up in logs, and the key cannot make a
// move) counts for that seat while it is open, and its end is the
// seat's "last seen". A
// stream that asks for it (?presence=1) gets a "presence" event at once
// and whenever a seat comes or goes.
//
// Presence is per instance and is not stored: a game served by several
// instances (on PostgreSQL) shows as connected the players whose
// streams this instance holds, and a game read again from the Store
// (after its eviction, which waits for its last stream to end) or a
// restart forgets who was seen when. A record per connect would be a
// write for every page opened, lost connection and reconnection.

// seatPresence is the presence of one seat.
type seatPresence struct {
	streams  int       // the streams open for the seat
	lastSeen time.Time // the last time a stream opened or closed; zero for never
}

// presenceJSON is the data of a "presence" event: each seat's presence,
// in the order of the seats, and the server's time, so that a page can
// tell how long ago in the server's clock.
type presenceJSON struct {
	Seats []seatPresenceJSON `json:"seats"`
	Now   time.Time          `json:"now"`
}

type seatPresenceJSON struct {
	Connected bool       `json:"connected"`
	LastSeen  *time.Time `json:"last_seen,omitempty"` // nil for a seat never seen
}

// arriveSeat counts a stream of the seat of key (if key is a seat's) open
// in e, and returns the seat, or -1 for none: a key of no seat is a
// watcher's stream. It wakes the streams that follow presence.
func (s *Server) arriveSeat(e *entry, key string) int {
	if key == "" {
		return -1
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	i := e.seatOfKey(key)
	if i < 0 {
		return -1
	}
	p := e.presenceOf(i)
	p.streams++
	p.lastSeen = s.now()
	e.wakePresence()
	return i
}

// seatOfKey returns the human seat whose token's hex SHA-256 is key, or
// -1, comparing every seat in constant time as seatOf does. The caller
// holds e.mu.
func (e *entry) seatOfKey(key string) int {
	found := -1
	for i, st := range e.seats {
		if st.Kind == KindHuman && st.TokenHash != "" && subtle.ConstantTimeCompare([]byte(key), []byte(st.TokenHash)) == 1 {
			found = i
		}
	}
	return found
}

// leaveSeat counts a stream of seat i of e closed.
func (s *Server) leaveSeat(e *entry, i int) {
	if i < 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.presenceOf(i)
	p.streams = max(0, p.streams-1)
	p.lastSeen = s.now()
	e.wakePresence()
}

// presenceOf returns the presence of seat i, made if need be. The caller
// holds e.mu.
func (e *entry) presenceOf(i int) *seatPresence {
	if len(e.presence) < len(e.seats) {
		e.presence = append(e.presence, make([]seatPresence, len(e.seats)-len(e.presence))...)
	}
	return &e.presence[i]
}

// wakePresence wakes the streams that follow presence. The caller holds
// e.mu.
func (e *entry) wakePresence() {
	for c := range e.psubs {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// followPresence adds wake to the streams of e that presence changes
// wake; unfollowPresence removes it.
func followPresence(e *entry, wake chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.psubs == nil {
		e.psubs = make(map[chan struct{}]struct{})
	}
	e.psubs[wake] = struct{}{}
}

func unfollowPresence(e *entry, wake chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.psubs, wake)
}

// presenceMessage returns the "presence" event of e.
func (s *Server) presenceMessage(e *entry) []byte {
	e.mu.Lock()
	p := presenceJSON{Seats: make([]seatPresenceJSON, len(e.seats)), Now: s.now().UTC()}
	for i := range e.seats {
		if i < len(e.presence) {
			sp := e.presence[i]
			p.Seats[i].Connected = sp.streams > 0
			if !sp.lastSeen.IsZero() {
				t := sp.lastSeen.UTC()
				p.Seats[i].LastSeen = &t
			}
		}
	}
	e.mu.Unlock()
	b, _ := json.Marshal(p) // never fails: times and booleans
	return append(append([]byte("event: presence\ndata: "), b...), "\n\n"...)
}
