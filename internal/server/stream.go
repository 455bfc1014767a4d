package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

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
// the events it missed. ?since=N starts the events at N. A catch-up of
// more than MaxPage events is sent in updates of MaxPage events each,
// the state with each. Event streams are bounded globally (MaxStreams,
// 503) and per client (MaxClientStreams, 429).
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) {
	e, aerr := s.entryOf(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, errorf(http.StatusInternalServerError, CodeInternal, "streaming unsupported"))
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
	client := s.clientKey(r)
	s.mu.Lock()
	if s.streams >= s.cfg.MaxStreams {
		s.mu.Unlock()
		w.Header().Set("Retry-After", "10")
		writeError(w, errorf(http.StatusServiceUnavailable, CodeUnavailable, "too many event streams"))
		return
	}
	if s.clientStreams[client] >= s.cfg.MaxClientStreams {
		s.mu.Unlock()
		w.Header().Set("Retry-After", "10")
		writeError(w, errorf(http.StatusTooManyRequests, CodeTooManyStreams, fmt.Sprintf("this client has %d event streams open, as many as it may", s.cfg.MaxClientStreams)))
		return
	}
	s.streams++
	s.clientStreams[client]++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.streams--
		if s.clientStreams[client]--; s.clientStreams[client] <= 0 {
			delete(s.clientStreams, client)
		}
		s.mu.Unlock()
	}()

	wake := make(chan struct{}, 1)
	wake <- struct{}{} // the first update, at once
	e.mu.Lock()
	if e.subs == nil {
		e.subs = make(map[chan struct{}]struct{})
	}
	e.subs[wake] = struct{}{}
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		delete(e.subs, wake)
		e.mu.Unlock()
	}()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	flusher.Flush()

	lang := langOf(r)
	heartbeat := time.NewTicker(s.cfg.Heartbeat)
	defer heartbeat.Stop()
	var buf bytes.Buffer
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.done:
			return
		case <-heartbeat.C:
			if _, err := w.Write([]byte(": keep-alive\n\n")); err != nil {
				return
			}
			flusher.Flush()
		case <-wake:
			e.mu.Lock()
			if e.gone {
				e.mu.Unlock()
				return // expired
			}
			n := e.g.NumEvents()
			if since > n {
				since = n // a game that was undone after a failed save
			}
			state := s.stateOf(e, lang, -1)
			evs := eventsOf(e.g, since, MaxPage)
			e.mu.Unlock()
			if since += len(evs); since < n {
				// More to catch up: the next page after this one.
				select {
				case wake <- struct{}{}:
				default:
				}
			}
			n = since
			// The data: a streamMessage, with the state as cached.
			buf.Reset()
			buf.WriteString("event: update\nid: ")
			buf.WriteString(strconv.Itoa(n))
			buf.WriteString("\ndata: {\"state\":")
			buf.Write(state.appendTo(buf.AvailableBuffer()))
			buf.WriteString(",\"events\":")
			buf.Write(appendEvents(buf.AvailableBuffer(), evs))
			buf.WriteString("}\n\n")
			if _, err := w.Write(buf.Bytes()); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}
