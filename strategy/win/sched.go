package win

import (
	"context"
	"sync"
	"sync/atomic"
)

// A sched runs work on the positions (x, y) of an n-by-n table of scores,
// anti-diagonal by anti-diagonal, from the largest sum x+y down to 0: the
// work of a position reads only positions of larger sums (and its own
// pair), so the positions of one anti-diagonal are shared among the
// workers, and the next starts once they are all done. Each worker keeps
// a buffer of its own for the whole run, and the largest value that its
// work returns (a change, for the sweeps of a penalty). Both the solver
// and the duel run on it.
type sched[B any] struct {
	n     int
	pairs bool      // the positions x <= y only: the work of (x, y) does (y, x) too
	block int       // the work of (x, y) does the positions x to x+block-1 of its anti-diagonal; 0 means 1
	bufs  []B       // one per worker
	maxes []float64 // the largest value each worker's work returned in the pass
}

// newSched returns a sched of up to workers goroutines (at least one),
// each with a buffer from newBuf.
func newSched[B any](n, workers int, pairs bool, newBuf func() B) *sched[B] {
	w := max(1, min(workers, n))
	s := &sched[B]{n: n, pairs: pairs, bufs: make([]B, w), maxes: make([]float64, w)}
	for i := range s.bufs {
		s.bufs[i] = newBuf()
	}
	return s
}

// step returns the number of positions of a work: block, at least 1.
func (s *sched[B]) step() int { return max(s.block, 1) }

// diagonals returns the number of anti-diagonals of a pass.
func (s *sched[B]) diagonals() int { return 2*s.n - 1 }

// pass runs work once on every position, checking ctx before each
// anti-diagonal and calling step, if not nil, after each, from the
// caller's goroutine. It returns the largest value that work returned,
// or the error of ctx.
func (s *sched[B]) pass(ctx context.Context, work func(b B, x, y int) float64, step func()) (float64, error) {
	for d := s.diagonals() - 1; d >= 0; d-- {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		lo, hi := max(0, d-(s.n-1)), min(d, s.n-1)
		if s.pairs {
			hi = d / 2
		}
		if w := min(len(s.bufs), (hi-lo+s.step())/s.step()); w == 1 {
			// One worker: no goroutine.
			b, m := s.bufs[0], s.maxes[0]
			for x := lo; x <= hi; x += s.step() {
				m = max(m, work(b, x, d-x))
			}
			s.maxes[0] = m
		} else {
			var next atomic.Int64
			next.Store(int64(lo))
			var wg sync.WaitGroup
			wg.Add(w)
			for i := range w {
				go s.worker(&wg, &next, i, d, hi, work)
			}
			wg.Wait()
		}
		if step != nil {
			step()
		}
	}
	largest := 0.0
	for i, m := range s.maxes {
		largest = max(largest, m)
		s.maxes[i] = 0
	}
	return largest, nil
}

// worker runs work as worker i on the positions (x, d-x) of the
// anti-diagonal d that it takes from next, up to x = hi.
func (s *sched[B]) worker(wg *sync.WaitGroup, next *atomic.Int64, i, d, hi int, work func(b B, x, y int) float64) {
	defer wg.Done()
	b, m := s.bufs[i], s.maxes[i]
	step := int64(s.step())
	for {
		x := int(next.Add(step) - step)
		if x > hi {
			break
		}
		m = max(m, work(b, x, d-x))
	}
	s.maxes[i] = m
}
