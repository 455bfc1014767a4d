package win

import (
	"context"

	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// A sched runs work on the positions (x, y) of an n-by-n table of scores,
// anti-diagonal by anti-diagonal, from the largest sum x+y down to 0: the
// work of a position reads only positions of larger sums (and its own
// pair), so the positions of one anti-diagonal are shared among the
// workers, and the next starts once they are all done. Each worker keeps
// a buffer of its own for the whole run, and the largest value that its
// work returns (a change, for the tests' plain sweeps of a penalty). Both the solver
// and the duel run on it.
type sched[B any] struct {
	n     int
	pairs bool      // the positions x <= y only: the work of (x, y) does (y, x) too
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
		kit.Share(min(len(s.bufs), hi-lo+1), hi-lo+1, func(i, u int) {
			s.maxes[i] = max(s.maxes[i], work(s.bufs[i], lo+u, d-lo-u))
		})
		if step != nil {
			step()
		}
	}
	return takeLargest(s.maxes), nil
}

// takeLargest returns the largest of the workers' values in maxes, and
// sets them to 0 for the next pass.
func takeLargest(maxes []float64) float64 {
	largest := 0.0
	for i, m := range maxes {
		largest = max(largest, m)
		maxes[i] = 0
	}
	return largest
}
