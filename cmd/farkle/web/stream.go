package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/farkle-go/farkle/game"
)

// DefaultStreamWriteTimeout is the default of Config.StreamWriteTimeout.
const DefaultStreamWriteTimeout = 20 * time.Second

// streamMessage is the data of an SSE "update" event: the state, and
// the events since the last message.
type streamMessage struct {
	State  stateJSON   `json:"state"`
	Events []eventJSON `json:"events"`
}

// handleStream serves GET /api/games/{id}/stream: server-sent events,
// one "update" whenever the game changes (at once on connecting), with
// the state and the new events; the SSE id is the number of events
// sent, so that a reconnecting EventSource (Last-Event-ID) gets only
// the events it missed. ?since=N starts the events at N. A stream opened
// with a seat's key (?key=, the hex SHA-256 of its token: see
// presence.go) shows the seat's player as connected while it is open,
// and ?presence=1 adds a
// "presence" event at once and whenever a seat comes or goes (see
// presenceJSON). A catch-up of
// more than MaxPage events is sent in updates of MaxPage events each,
// the state with each. Event streams are bounded globally (MaxStreams,
// 503) and per client (MaxClientStreams, 429; an IPv6 client's /56 and
// /48 have a few times that: see client).
//
// Nothing queues for a stream: each update is made from the game when
// the stream is ready to send it, and a stream holds no more than the
// update being written; each page of a catch-up after the first costs
// the client a request of its rate limit, as paging /events would. Each
// write must be taken by the client within StreamWriteTimeout, or the
// stream (and its connection) ends: a client that stops reading holds
// nothing for long, and resumes from the last id it got. A stream that the server ends itself sends a last "end"
// event, {"reason":"not_found"|"shutdown","next":N}.
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	since := 0
	for _, v := range []string{r.Header.Get("Last-Event-ID"), r.URL.Query().Get("since")} {
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, errorf(http.StatusBadRequest, CodeInvalid, "since: want a number of events, 0 or more"))
			return
		}
		since = n
		break
	}
	client := s.clientOfRequest(r)
	if aerr := s.openStream(client); aerr != nil {
		w.Header().Set("Retry-After", "10")
		writeError(w, aerr)
		return
	}
	defer s.closeStream(client)

	wake := make(chan struct{}, 1)
	wake <- struct{}{} // the first update, at once
	for !subscribe(e, wake) {
		// Dropped from the games held just before: the game as read
		// again, which the moves reach.
		if e, aerr = s.entryOf(r); aerr != nil {
			writeError(w, aerr)
			return
		}
	}
	defer func() { unsubscribe(e, wake) }()
	reacted := reactSeq(e) // the quick reactions sent: those after it opened
	var shown version      // the game as the last update showed it

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	// The connection ends with the stream: its write deadlines are the
	// stream's own, and no later request inherits them.
	h.Set("Connection", "close")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return // the headers only
	}

	// Presence: the stream of a seat's key counts for the seat while
	// open; ?presence=1 follows every seat's (presence.go).
	seat := s.arriveSeat(e, r.URL.Query().Get("key"))
	defer s.leaveSeat(e, seat)
	var pwake chan struct{}
	if r.URL.Query().Get("presence") == "1" {
		pwake = make(chan struct{}, 1)
		pwake <- struct{}{}
		followPresence(e, pwake)
		defer unfollowPresence(e, pwake)
	}

	// send writes the parts of one message and flushes them, within
	// StreamWriteTimeout: a client that does not take them in time has
	// its stream ended. Nothing is kept between messages but the
	// response's own small buffer.
	rc := http.NewResponseController(w)
	send := func(parts ...[]byte) bool {
		if err := rc.SetWriteDeadline(time.Now().Add(s.cfg.StreamWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return false
		}
		for _, p := range parts {
			if _, err := w.Write(p); err != nil {
				return false
			}
		}
		return rc.Flush() == nil
	}
	if !send() {
		return
	}

	lang := langOf(r)
	heartbeat := time.NewTicker(s.cfg.Heartbeat)
	defer heartbeat.Stop()
	var buf bytes.Buffer
	catchingUp := false // whether the update to send is a page of a catch-up after the first
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			send(endMessage("shutdown", since))
			return
		case <-heartbeat.C:
			if !send(keepAlive) {
				return
			}
		case <-pwake:
			if !send(s.presenceMessage(e)) {
				return
			}
		case <-wake:
			if catchingUp && !s.pace(r.Context(), client) {
				select {
				case <-s.done:
					send(endMessage("shutdown", since))
				default:
				}
				return
			}
			state, evs, n, ver, ok := s.update(e, lang, since)
			if !ok {
				send(endMessage("not_found", since))
				return // expired
			}
			res := streamReactions(e, reacted)
			for _, re := range res {
				if !send(reactionMessage(re)) {
					return
				}
				reacted = re.Seq + 1
			}
			if ver == shown && since >= n && !catchingUp {
				continue // woken by a reaction only
			}
			shown = ver
			since = min(since, n) // a game that was undone after a failed save
			if since += len(evs); since < n {
				// More to catch up: the next page after this one.
				select {
				case wake <- struct{}{}:
				default:
				}
				catchingUp = true
			} else {
				catchingUp = false
			}
			// The data: a streamMessage, with the state as cached.
			buf.Reset()
			buf.WriteString("event: update\nid: ")
			buf.WriteString(strconv.Itoa(since))
			buf.WriteString("\ndata: {\"state\":")
			buf.Write(state.appendTo(buf.AvailableBuffer()))
			buf.WriteString(",\"events\":")
			if err := json.NewEncoder(&buf).Encode(evs); err != nil {
				return // never: events encode
			}
			buf.Truncate(buf.Len() - 1) // the Encoder's newline
			buf.WriteString("}\n\n")
			sent := send(buf.Bytes())
			if buf.Cap() > maxStreamBuf {
				buf = bytes.Buffer{} // a long catch-up's page is not kept
			}
			if !sent {
				return
			}
		}
	}
}

// openStream counts a new event stream of client c, or refuses it when
// there are as many as there may be.
func (s *Server) openStream(c client) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streams >= s.cfg.MaxStreams {
		return errorf(http.StatusServiceUnavailable, CodeUnavailable, "too many event streams")
	}
	if !s.clientStreams.take(c, s.cfg.MaxClientStreams) {
		return errorf(http.StatusTooManyRequests, CodeTooManyStreams, "this client has as many event streams open as it may: "+strconv.Itoa(s.cfg.MaxClientStreams)+" from an address, or its IPv6 network's share")
	}
	s.streams++
	return nil
}

// closeStream counts an event stream of client c closed.
func (s *Server) closeStream(c client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.streams--
	s.clientStreams.give(c)
}

// subscribe adds wake to the streams of e that its changes wake, and
// reports false if e is no longer held (see evict).
func subscribe(e *entry, wake chan struct{}) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.evicted {
		return false
	}
	if e.subs == nil {
		e.subs = make(map[chan struct{}]struct{})
	}
	e.subs[wake] = struct{}{}
	return true
}

// unsubscribe removes wake from the streams of e.
func unsubscribe(e *entry, wake chan struct{}) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.subs, wake)
}

// update returns what the next update of a stream of e needs: the state,
// and a page of the events from since on, and the game's number of
// events; ok false once the game is gone.
func (s *Server) update(e *entry, lang string, since int) (state stateParts, evs []eventJSON, n int, ver version, ok bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.gone {
		return stateParts{}, nil, 0, version{}, false
	}
	n = e.g.NumEvents()
	return s.stateOf(e, lang, -1), eventsOf(e.g, min(since, n), MaxPage), n, version{e.g, n, e.renames}, true
}

// The fixed parts of the event streams' messages.
var keepAlive = []byte(": keep-alive\n\n")

// maxStreamBuf is the largest buffer that a stream keeps between its
// updates: a larger one, from a page of a catch-up, is let go.
const maxStreamBuf = 16 << 10

// endMessage returns the last message of a stream that the server ends:
// an "end" event whose data gives the reason (not_found for a game that
// expired, shutdown for a server that stops) and next, the since from
// which to resume elsewhere.
func endMessage(reason string, next int) []byte {
	return []byte("event: end\ndata: {\"reason\":\"" + reason + "\",\"next\":" + strconv.Itoa(next) + "}\n\n")
}

// pace waits until the client c may make a request by the rate limiter,
// and takes its token: each page of a stream's catch-up after the first
// costs the client a request, as paging through /events would, so that
// one stream cannot make the server encode a whole history at once. It
// reports false if the request or the server ended first.
func (s *Server) pace(ctx context.Context, c client) bool {
	if s.limiter == nil {
		return true
	}
	for !s.limiter.allow(c, time.Now()) {
		t := time.NewTimer(time.Duration(float64(time.Second) / s.limiter.rate))
		select {
		case <-ctx.Done():
			t.Stop()
			return false
		case <-s.done:
			t.Stop()
			return false
		case <-t.C:
		}
	}
	return true
}

// A version tells whether a game changed since a stream's last update:
// its game, events and renames (a rematch linked counts as a rename).
type version struct {
	g       *game.Game
	events  int
	renames int
}

// reactSeq returns the Seq of e's next quick reaction.
func reactSeq(e *entry) int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.reacts.next
}

// streamReactions returns e's quick reactions from seq on.
func streamReactions(e *entry, seq int) []reaction {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.reacts.since(seq)
}

// reactionMessage returns the "reaction" event of re.
func reactionMessage(re reaction) []byte {
	b, _ := json.Marshal(re) // never fails: strings and numbers
	return append(append([]byte("event: reaction\ndata: "), b...), "\n\n"...)
}
