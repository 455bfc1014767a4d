package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Quick reactions: POST /api/games/{id}/react {"emoji":"👍"} with a
// seat's token sends one of Reactions to the game's event streams, as a
// "reaction" event {"seq":N,"seat":S,"emoji":"👍"}, which the page shows
// beside the seat's name for a moment. There is no free text. A seat may
// react at most once a second and ReactionsPerMinute times a minute;
// beyond, the reaction is refused with CodeTooManyReactions (429, and
// Retry-After). Reactions are not stored, nor part of the game's
// history: they reach the event streams of the Server that took them
// only, and a stream sees only those made after it opened.

// Reactions are the quick reactions that a seat may send.
var Reactions = []string{"👍", "😮", "😂", "😬", "🎉"}

// ReactionsPerMinute bounds a seat's reactions in any minute, beside
// one a second.
const ReactionsPerMinute = 10

// keptReactions is the number of reactions that a game keeps for its
// streams: a stream that is behind by more misses the oldest.
const keptReactions = 16

// A reaction is a quick reaction, as a stream sends it.
type reaction struct {
	Seq   int    `json:"seq"` // the reactions to the game before it, on this Server
	Seat  int    `json:"seat"`
	Emoji string `json:"emoji"`
}

// reactions are a game's recent reactions and the times of each seat's,
// for the limits.
type reactions struct {
	next  int        // the Seq of the next reaction
	last  []reaction // the latest, oldest first, at most keptReactions
	times map[int][]time.Time
}

// reactRequest is the body of POST /api/games/{id}/react.
type reactRequest struct {
	Emoji string `json:"emoji"`
}

// allow records a reaction of seat at now and reports 0, or refuses it
// and reports how long the seat must wait.
func (r *reactions) allow(seat int, now time.Time) time.Duration {
	ts := r.times[seat]
	for len(ts) > 0 && now.Sub(ts[0]) >= time.Minute {
		ts = ts[1:]
	}
	switch {
	case len(ts) > 0 && now.Sub(ts[len(ts)-1]) < time.Second:
		return time.Second - now.Sub(ts[len(ts)-1])
	case len(ts) >= ReactionsPerMinute:
		return time.Minute - now.Sub(ts[0])
	}
	if r.times == nil {
		r.times = make(map[int][]time.Time)
	}
	r.times[seat] = append(slices.Clip(ts), now)
	return 0
}

// add keeps a reaction of seat.
func (r *reactions) add(seat int, emoji string) reaction {
	re := reaction{Seq: r.next, Seat: seat, Emoji: emoji}
	r.next++
	if len(r.last) == keptReactions {
		r.last = slices.Delete(r.last, 0, 1)
	}
	r.last = append(r.last, re)
	return re
}

// since returns the reactions kept from seq on.
func (r *reactions) since(seq int) []reaction {
	i := 0
	for i < len(r.last) && r.last[i].Seq < seq {
		i++
	}
	return slices.Clone(r.last[i:])
}

func (s *Server) handleReact(w http.ResponseWriter, r *http.Request) {
	var req reactRequest
	e, tok, ok := s.seatCall(w, r, &req, false)
	if !ok {
		return
	}
	if !slices.Contains(Reactions, req.Emoji) {
		aerr := errorf(http.StatusBadRequest, CodeInvalid, "emoji: want one of "+strings.Join(Reactions, " "))
		aerr.field = "emoji"
		writeError(w, aerr)
		return
	}
	re, wait, aerr := s.react(e, tok, req.Emoji)
	for i := 0; aerr == errEvicted && i < 3; i++ {
		if e, aerr = s.entryOf(r); aerr == nil {
			re, wait, aerr = s.react(e, tok, req.Emoji)
		}
	}
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	if wait > 0 {
		secs := int((wait + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		writeError(w, errorf(http.StatusTooManyRequests, CodeTooManyReactions,
			"a seat may react once a second and "+strconv.Itoa(ReactionsPerMinute)+" times a minute: again in "+strconv.Itoa(secs)+" s"))
		return
	}
	writeJSON(w, http.StatusOK, re)
}

// react sends the reaction emoji of the seat of tok to e's streams, or
// reports how long the seat must wait.
func (s *Server) react(e *entry, tok, emoji string) (reaction, time.Duration, *apiError) {
	e.mu.Lock()
	defer e.mu.Unlock()
	i, aerr := e.seatFor(tok)
	if aerr != nil {
		return reaction{}, 0, aerr
	}
	if wait := e.reacts.allow(i, s.now()); wait > 0 {
		return reaction{}, wait, nil
	}
	re := e.reacts.add(i, emoji)
	e.notify()
	return re, 0, nil
}
