package win

import (
	"context"
	"fmt"
	"math"
)

// This file solves the game with a penalty (or Bankrupt), whose farkles
// can lower the sum of the scores.
//
// A sweep (lanePass) evaluates every turn exactly in decreasing order of
// the sum of scores, so that each turn reads the chances of its banks, of
// larger sums, as set in the same sweep; but a penalty leads to a smaller
// sum, whose chance is that of the sweep before. So a sweep is a
// contraction that gains about a digit (the chances after a penalty
// matter to a turn only through the chance of a third farkle in a row),
// and sweeps converge to the solution from any start.
//
// A sweep that moves no chance by more than d leaves every equation with
// a residual of at most d: a turn's inputs are final when it is
// evaluated but for the chances after a penalty, which the rest of the
// sweep moves by at most d, and a turn's value moves by no more than its
// inputs. So the sweeps stop once a sweep moves no chance by more than
// sweepTol, 1e-13, a tenth of the residual of 1e-12 that Solve answers
// for.
//
// The first sweep starts from nothing: it guesses the chances after a
// penalty from those of the same lead at larger scores, which it has set
// (farkleGuess). The sweeps after it are accelerated by Anderson mixing
// (andersonStep): the next sweep starts not from the last one's chances
// but from the combination of the last andersonDepth+1 sweeps' chances
// whose changes cancel best, in the least-squares sense; a step that does
// not lower the largest change starts the mixing over. This is about a
// digit and a third a sweep where a plain sweep gains one. The answer is
// always that of a sweep, which moved no chance by more than the
// tolerance: the mixing only chooses where the sweeps start.

// sweepTol returns the change under which the sweeps of m stop: ten times
// m's tolerance (defaultTol, 1e-14, which tests may loosen).
func (m *model) sweepTol() float64 { return 10 * m.tol }

// andersonDepth is the number of earlier sweeps that Anderson mixing
// combines with the last one.
const andersonDepth = 2

// maxSweeps bounds the sweeps of a solve.
const maxSweeps = 1000

// A solveTrace receives what a penalty solve does ([Options].trace), for
// the tests and benchmarks: each sweep's kind ("first", "sweep"), its
// largest change and whether it started from a mixed table.
type solveTrace struct {
	sweep func(kind string, delta float64, mixed bool)
}

// solveSweeps solves a game with a penalty by sweeps (see the top of this
// file).
func (t *Table) solveSweeps(ctx context.Context, workers int, progress func(done, total int), trace *solveTrace) error {
	m := t.m
	p := t.newLanePass(workers)
	done, total := 0, p.numBands()
	step := func() {
		done++
		if progress != nil {
			progress(done, total)
		}
	}
	if _, err := p.run(ctx, laneFirst, step); err != nil {
		return err
	}
	if trace != nil {
		trace.sweep("first", math.NaN(), false)
	}
	a := newAnderson(len(t.w), andersonDepth)
	x := append([]float64(nil), t.w...) // where the sweep starts
	mixed := false
	for pass := 1; ; pass++ {
		total += p.numBands()
		delta, err := p.run(ctx, laneSweep, step)
		if err != nil {
			return err
		}
		if trace != nil {
			trace.sweep("sweep", delta, mixed)
		}
		if delta <= m.sweepTol() {
			return nil
		}
		if pass >= maxSweeps {
			return &SolveError{Err: ErrConverge, Rules: m.rules, Options: Options{Floor: m.lo, Workers: workers},
				detail: fmt.Sprintf("%d sweeps, the last changing a chance by %.3g", pass, delta)}
		}
		mixed = a.step(x, t.w)
		copy(t.w, x)
	}
}

// An anderson holds the history of Anderson mixing: the differences of
// the last sweeps' results g and changes f = g - x between one sweep and
// the next, as a ring of depth columns.
type anderson struct {
	depth   int
	dg, df  [][]float64 // the columns, oldest first
	gPrev   []float64   // the last sweep's result
	fPrev   []float64   // the last sweep's change
	resPrev float64     // the largest change of the last sweep
	have    bool        // whether gPrev and fPrev hold a sweep
	f       []float64   // the last sweep's change, as it is worked out
	q       [][]float64 // room for the orthonormal columns of df
}

func newAnderson(n, depth int) *anderson {
	return &anderson{depth: depth, gPrev: make([]float64, n), fPrev: make([]float64, n), f: make([]float64, n)}
}

// step takes the sweep that started at x and ended at g, and sets x to
// where the next sweep starts: g mixed with the sweeps before (g itself
// when there is no history, or when the largest change did not fall since
// the sweep before, which also starts the history over). It reports
// whether x is mixed.
func (a *anderson) step(x, g []float64) bool {
	res := 0.0
	for i := range a.f {
		a.f[i] = g[i] - x[i]
		res = max(res, math.Abs(a.f[i]))
	}
	switch {
	case !a.have:
	case res >= a.resPrev:
		a.dg, a.df = a.dg[:0], a.df[:0]
	default:
		var dg, df []float64
		if len(a.df) == a.depth { // reuse the oldest column
			dg, df = a.dg[0], a.df[0]
			copy(a.dg, a.dg[1:])
			copy(a.df, a.df[1:])
			a.dg, a.df = a.dg[:a.depth-1], a.df[:a.depth-1]
		} else {
			dg, df = make([]float64, len(g)), make([]float64, len(g))
		}
		for i := range dg {
			dg[i] = g[i] - a.gPrev[i]
			df[i] = a.f[i] - a.fPrev[i]
		}
		a.dg, a.df = append(a.dg, dg), append(a.df, df)
	}
	copy(a.gPrev, g)
	copy(a.fPrev, a.f)
	a.resPrev, a.have = res, true
	copy(x, g)
	coef := a.solve()
	if coef == nil {
		return false
	}
	for c, gm := range coef {
		dg := a.dg[c]
		for i := range x {
			x[i] -= gm * dg[i]
		}
	}
	for i, v := range x {
		x[i] = min(1, max(0, v))
	}
	return true
}

// solve returns the coefficients c that minimize |f - sum of c[k] df[k]|,
// by the modified Gram-Schmidt QR of the columns df (dropping a column
// that depends on those before), or nil if there is none or the answer is
// not finite.
func (a *anderson) solve() []float64 {
	k := len(a.df)
	if k == 0 {
		return nil
	}
	for len(a.q) < k {
		a.q = append(a.q, make([]float64, len(a.f)))
	}
	rm := make([][]float64, k) // R, upper triangular
	keep := make([]bool, k)
	for c := range k {
		rm[c] = make([]float64, k)
		q := a.q[c]
		copy(q, a.df[c])
		for e := range c {
			if !keep[e] {
				continue
			}
			d := dot(a.q[e], q)
			rm[e][c] = d
			axpy(-d, a.q[e], q)
		}
		nrm := math.Sqrt(dot(q, q))
		if nrm <= 1e-12*math.Sqrt(dot(a.df[c], a.df[c])) || nrm == 0 {
			continue
		}
		rm[c][c] = nrm
		for i := range q {
			q[i] /= nrm
		}
		keep[c] = true
	}
	// R c = Q^T f, by back substitution over the kept columns.
	rhs := make([]float64, k)
	for c := range k {
		if keep[c] {
			rhs[c] = dot(a.q[c], a.f)
		}
	}
	coef := make([]float64, k)
	for c := k - 1; c >= 0; c-- {
		if !keep[c] {
			continue
		}
		v := rhs[c]
		for e := c + 1; e < k; e++ {
			v -= rm[c][e] * coef[e]
		}
		coef[c] = v / rm[c][c]
		if math.IsNaN(coef[c]) || math.IsInf(coef[c], 0) {
			return nil
		}
	}
	return coef
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// axpy adds a times x to y.
func axpy(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}
