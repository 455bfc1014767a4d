package web

import (
	"net/http"
	"strconv"
	"time"
)

// admit lets a move or a new game in, or refuses it at once with 503 and
// Retry-After when the disk is behind: MaxPending writes admitted and
// not answered, or the committer's last batch waited more than
// MaxQueueWait, or none was taken for that long while writes wait; or,
// for a share of them, when the CPU is behind (cpuRefuse). The
// caller calls done once it has answered, if admit let it in.
func (s *Server) admit(w http.ResponseWriter) (done func(), ok bool) {
	if s.pending.Add(1) > int64(s.cfg.MaxPending) {
		s.pending.Add(-1)
		s.overloaded(w, "too many moves wait for the disk")
		return nil, false
	}
	if n, wait, since := s.store.c.waiting(s.now()); n > 0 && (wait > s.cfg.MaxQueueWait || since > s.cfg.MaxQueueWait) {
		s.pending.Add(-1)
		s.overloaded(w, "the disk is behind")
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

// expired reports whether e has expired at now: finished and untouched
// for FinishedTTL, or untouched for IdleTTL. The caller holds e.mu, or
// owns e.
func (s *Server) expired(e *entry, now time.Time) bool {
	idle := now.Sub(e.touched)
	if s.cfg.FinishedTTL > 0 && e.g.View().Over() && idle >= s.cfg.FinishedTTL {
		return true
	}
	return s.cfg.IdleTTL > 0 && idle >= s.cfg.IdleTTL
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
			s.sweep(s.now())
		}
	}
}

// sweep removes the games expired at now, from memory and disk, and
// returns how many. Their event streams end; a request that found one
// just before gets not_found from then on.
func (s *Server) sweep(now time.Time) int {
	s.mu.RLock()
	all := make([]*entry, 0, len(s.games))
	for _, e := range s.games {
		all = append(all, e)
	}
	s.mu.RUnlock()
	n := 0
	for _, e := range all {
		e.mu.Lock()
		if e.gone || !s.expired(e, now) {
			e.mu.Unlock()
			continue
		}
		e.gone = true
		if err := s.store.remove(e.id); err != nil {
			s.logf("farkle serve: game %s: removing an expired game: %v", e.id, err)
		}
		e.notify() // its streams end
		e.mu.Unlock()
		s.mu.Lock()
		delete(s.games, e.id)
		s.mu.Unlock()
		s.count.Add(-1)
		s.metrics.expired.Add(1)
		n++
	}
	return n
}

// goneError is the refusal of a game that expired while a request held
// it.
var goneError = errorf(http.StatusNotFound, CodeNotFound, "no such game")
