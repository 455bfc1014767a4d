package web

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// admit lets a move or a new game in, or refuses it at once with 503 and
// Retry-After when the store is behind: MaxPending writes admitted and
// not answered, or none finished for MaxQueueWait while writes wait; or,
// for a share of them, when the CPU is behind (cpuRefuse). The
// caller calls done once it has answered, if admit let it in.
func (s *Server) admit(w http.ResponseWriter) (done func(), ok bool) {
	if s.pending.Add(1) > int64(s.cfg.MaxPending) {
		s.pending.Add(-1)
		s.overloaded(w, "too many moves wait for the store")
		return nil, false
	}
	if s.writing.Load() > 0 && s.now().Sub(time.Unix(0, s.lastWrite.Load())) > s.cfg.MaxQueueWait {
		s.pending.Add(-1)
		s.overloaded(w, "the store is behind")
		return nil, false
	}
	if s.cpuRefuse() {
		s.pending.Add(-1)
		s.overloaded(w, "the CPU is behind")
		return nil, false
	}
	return func() { s.pending.Add(-1) }, true
}

// overloaded refuses a request with 503, CodeOverloaded and Retry-After,
// and logs why, at most once a second (overloadLogged).
func (s *Server) overloaded(w http.ResponseWriter, why string) {
	if now, last := time.Now().UnixNano(), s.overloadLogged.Load(); now-last >= int64(time.Second) && s.overloadLogged.CompareAndSwap(last, now) {
		s.logf("farkle serve: overloaded (%s): moves and new games refused with 503 for now", why)
	}
	retry := max(1, int(s.cfg.MaxQueueWait/time.Second))
	w.Header().Set("Retry-After", strconv.Itoa(retry))
	writeError(w, errorf(http.StatusServiceUnavailable, CodeOverloaded, "the server is overloaded ("+why+"): try again in "+strconv.Itoa(retry)+" s"))
}

// sweepEvery removes the expired games every interval until Close.
func (s *Server) sweepEvery(interval time.Duration) {
	defer s.janitor.Done()
	if s.cfg.FinishedTTL < 0 && s.cfg.IdleTTL < 0 {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-t.C:
			if _, err := s.sweep(s.now()); err != nil {
				s.logf("farkle serve: removing the expired games: %v", err)
			}
		}
	}
}

// sweep removes the games expired at now from the store (Store.Expire):
// finished and untouched for FinishedTTL, or untouched for IdleTTL. It
// returns how many. Those held are dropped and their event streams end;
// a request that found one just before gets not_found from then on.
func (s *Server) sweep(now time.Time) (int, error) {
	var finished, idle time.Time
	if s.cfg.FinishedTTL > 0 {
		finished = now.Add(-s.cfg.FinishedTTL)
	}
	if s.cfg.IdleTTL > 0 {
		idle = now.Add(-s.cfg.IdleTTL)
	}
	if finished.IsZero() && idle.IsZero() {
		return 0, nil
	}
	ids, err := s.cfg.Store.Expire(context.Background(), finished, idle)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		s.drop(id)
	}
	s.count.Add(-int64(len(ids)))
	s.metrics.expired.Add(int64(len(ids)))
	return len(ids), nil
}

// drop drops game id, removed from the store, if it is held: its event
// streams end.
func (s *Server) drop(id string) {
	e := s.take(id)
	if e == nil {
		return
	}
	<-e.loaded
	e.mu.Lock()
	defer e.mu.Unlock()
	e.gone = true
	e.notify()
}

// take removes game id from the games held, and returns it, or nil.
func (s *Server) take(id string) *entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.games[id]
	delete(s.games, id)
	return e
}

// goneError is the refusal of a game that expired while a request held
// it.
var goneError = errorf(http.StatusNotFound, CodeNotFound, "no such game")
