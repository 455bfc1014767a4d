package win

import (
	"context"
	"fmt"
	"math"

	"github.com/farkle-go/farkle"
)

// This file solves the game with a penalty by policy iteration.
//
// A sweep (sweepPair, or laneSweep for several pairs at once) evaluates
// every turn exactly in decreasing order of the sum of scores, but the
// chances after a penalty, at smaller sums, are those of the pass before,
// so a plain sweep gains only about a digit. A recording sweep (recordPair)
// also records how the value of each position's best play depends on what
// the turn leads to: with the play fixed, it is linear,
//
//	W(x, y, i, j) = c + sum over k of q[k] * (1 - W(y, x+k, j, 0)) + pF * F,
//
// where q[k] is the chance to bank k steps and stay under the target, pF
// the chance to farkle, F the value of a farkle (farkleValue) and c the
// rest (the banks that reach the target). Gauss-Seidel passes over these
// linear equations (linPair) cost a multiplication a bank instead of a
// turn's dynamic program; they run until no chance moves by more than a
// tenth of the tolerance. The next sweep starts from their solution. This
// is Newton's method on the piecewise-linear equations of the game: once
// the plays are those of the solution the linear solution is the answer,
// and a sweep moves no chance by more than the tolerance. The answer is
// always that of a sweep, which evaluates every turn exactly; so it is as
// exact as the plain sweeps', which need a dozen passes or so where this
// needs four or five.
//
// A sweep after a linear solve that moved no chance by more than
// recordBelow is expected to be the last, so it does not record, and runs
// on lanes; if it moves a chance by more than the tolerance after all,
// the next one records. The bank chances are kept as float32, shared by
// the positions of a turn that play alike: an error of 1e-7 in the
// equations slows Newton's method a little and leaves the answer, a
// sweep's, as it is. Newton's method may fail far from the answer: when a
// recording sweep does not halve the change of the one before, the plain
// sweeps, which always converge, go on alone.

// maxRecorded bounds the bank chances that the recording sweeps keep,
// 4 bytes each (1 GiB): a game that would need more is solved by the plain
// sweeps alone.
const maxRecorded = 1 << 28

// recorded returns the most bank chances that a recording sweep of m
// keeps: for each position, one per turn total that banks under the
// target.
func (m *model) recorded() float64 {
	n := 0.0
	for x := range m.N {
		n += float64(m.nS - m.up(x))
	}
	return n * float64(m.N*m.K*m.K)
}

// recordBelow is the largest change of a linear solve after which the next
// sweep does not record the plays.
const recordBelow = 1e-6

// A linModel holds the linear equations of a recording sweep, one per
// position, indexed as t.w.
type linModel struct {
	q  [][]float32 // per position: q[k-lo] is the chance to bank k steps and stay in the table
	lo []int32     // per position: the first k of q
	pF []float64   // per position: the chance to farkle
	c  []float64   // per position: the constant
}

// newLinModel returns room for the equations of m.
func newLinModel(m *model) *linModel {
	n := m.N * m.N * m.K * m.K
	return &linModel{q: make([][]float32, n), lo: make([]int32, n), pF: make([]float64, n), c: make([]float64, n)}
}

// A recBuf is a worker's memory for recording turns.
type recBuf struct {
	dp     *dpBuf
	choice []int32   // the chosen offset of each group, at k*groups + gStart[n] + s
	bank   []bool    // whether (k, n) banks, at (n-1)*nv+k
	mass   []float64 // the chance to reach (k, n), as bank
	gStart [farkle.MaxDice + 2]int
	q      []float64   // the bank chances of the turn being recorded
	arena  []float32   // where q's are cut from: the rest of chunks[ci-1]
	chunks [][]float32 // the arenas of the worker, reused by each sweep
	ci     int
}

func (m *model) newRecBuf() *recBuf {
	b := &recBuf{dp: m.getBuf()}
	for n := 1; n <= farkle.MaxDice; n++ {
		b.gStart[n+1] = b.gStart[n] + len(m.nCount[n])
	}
	b.choice = make([]int32, m.nv*b.gStart[farkle.MaxDice+1])
	b.bank = make([]bool, farkle.MaxDice*m.nv)
	b.mass = make([]float64, farkle.MaxDice*m.nv)
	b.q = make([]float64, m.nv)
	return b
}

// keep returns a copy of q in the arena of b.
func (b *recBuf) keep(q []float64) []float32 {
	n := len(q)
	for len(b.arena) < n {
		if b.ci == len(b.chunks) {
			b.chunks = append(b.chunks, make([]float32, max(n, 1<<18)))
		}
		b.arena = b.chunks[b.ci]
		b.ci++
	}
	k := b.arena[:n:n]
	for i, p := range q {
		k[i] = float32(p)
	}
	b.arena = b.arena[n:]
	return k
}

// reset makes the arenas of b free for another sweep, whose equations
// replace those of the last.
func (b *recBuf) reset() { b.arena, b.ci = nil, 0 }

// recordTurn evaluates the turn of position at = (x, y, i, j) for a farkle
// worth f, as sweepValue does, records its equation in lm, and returns its
// value.
func (t *Table) recordTurn(b *recBuf, lm *linModel, x, y, i, j int, f float64) float64 {
	f = max(f, 0) // a chance of 1 may round to a little more
	m := t.m
	nv := m.nv
	v := b.dp.v
	ng := b.gStart[farkle.MaxDice+1]
	top := t.fillAbove(b.dp, x, y, j, f, nil)
	for k := top - 1; k >= 0; k-- {
		bk := -1.0
		if k >= m.minBank(x) {
			bk = t.bankValue(x, y, j, k)
		}
		vk := v[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			roll := m.pf[n]*f + rollSumChoice(vk, m.nOffs[n], m.nCount[n], m.prob[n], b.choice[k*ng+b.gStart[n]:])
			at := (n-1)*nv + k
			b.bank[at] = bk >= roll && (n < farkle.MaxDice || !m.mustRoll)
			if b.bank[at] {
				v[at] = math.Float64bits(bk)
			} else {
				v[at] = math.Float64bits(roll)
			}
		}
	}
	value := math.Float64frombits(v[(farkle.MaxDice-1)*nv])

	// Forward: the chance to reach each (k, n) under the play.
	mass := b.mass
	clear(mass)
	mass[(farkle.MaxDice-1)*nv] = 1
	inTable := m.nS - m.up(x) // banks of k < inTable stay under the target
	q := b.q[:max(min(inTable, top+m.jump+1), 1)]
	clear(q)
	pF := 0.0
	for k := range top {
		for n := 1; n <= farkle.MaxDice; n++ {
			at := (n-1)*nv + k
			w := mass[at]
			if w == 0 {
				continue
			}
			if b.bank[at] {
				if k < inTable {
					q[k] += w
				}
				continue
			}
			pF += w * m.pf[n]
			prob := m.prob[n]
			for s, off := range b.choice[k*ng+b.gStart[n] : k*ng+b.gStart[n+1]] {
				mass[int(off)+k] += w * prob[s]
			}
		}
	}
	// From top on, the values of fillAbove: banks, or the cap.
	if kc := m.kc(x, y); top < kc {
		for k := top; k <= top+m.jump && k < inTable; k++ {
			for n := 1; n <= farkle.MaxDice; n++ {
				q[k] += mass[(n-1)*nv+k]
			}
		}
	} else if m.mustRoll {
		for k := top; k <= top+m.jump; k++ {
			pF += mass[(farkle.MaxDice-1)*nv+k] * m.tailF
		}
	}
	lo, hi := 0, len(q)-1
	for lo <= hi && q[lo] == 0 {
		lo++
	}
	for hi >= lo && q[hi] == 0 {
		hi--
	}
	// The positions of a turn mostly play alike: then they share q.
	at, first := m.idx(x, y, i, j), m.idx(x, y, m.K-1, j)
	if i < m.K-1 && lm.lo[first] == int32(lo) && equal32(lm.q[first], q[lo:hi+1]) {
		lm.q[at], lm.lo[at] = lm.q[first], lm.lo[first]
	} else {
		lm.q[at], lm.lo[at] = b.keep(q[lo:hi+1]), int32(lo)
	}
	lm.pF[at] = pF
	lm.c[at] = value - t.banked(lm, at, x, y, j) - pF*f
	return value
}

// equal32 reports whether a holds the float32 values of b.
func equal32(a []float32, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i, p := range b {
		if a[i] != float32(p) {
			return false
		}
	}
	return true
}

// rollSumChoice is rollSum that also writes the offset of the largest
// value of each group into choice.
func rollSumChoice(vk []uint64, offs []int32, count []uint8, prob []float64, choice []int32) float64 {
	sum := 0.0
	prob = prob[:len(count)]
	choice = choice[:len(count)]
	for s, c := range count {
		bo := offs[0]
		best := vk[bo]
		for _, off := range offs[1:c] {
			if val := vk[off]; val > best {
				best, bo = val, off
			}
		}
		offs = offs[c:]
		choice[s] = bo
		sum += prob[s] * math.Float64frombits(best)
	}
	return sum
}

// banked returns the sum over k of q[k] * (1 - W(y, x+k, j, 0)) of the
// turn (x, y, j).
func (t *Table) banked(lm *linModel, at, x, y, j int) float64 {
	m := t.m
	q := lm.q[at]
	w := m.idx(y, m.nOff+m.up(x)+int(lm.lo[at]), j, 0)
	stride := m.K * m.K // the next k
	s := 0.0
	for _, p := range q {
		s += float64(p) * (1 - t.w[w])
		w += stride
	}
	return s
}

// recordPair is sweepPair that records the equation of each position in
// lm.
func (t *Table) recordPair(b *recBuf, lm *linModel, x, y int) float64 {
	return t.eachOfPair(x, y, func(px, py, i, j int) float64 {
		return t.recordTurn(b, lm, px, py, i, j, t.farkleValue(px, py, i, j))
	})
}

// linPair is sweepPair by the equations of lm.
func (t *Table) linPair(lm *linModel, x, y int) float64 {
	return t.eachOfPair(x, y, func(px, py, i, j int) float64 {
		at := t.m.idx(px, py, i, j)
		w := lm.c[at] + t.banked(lm, at, px, py, j) + lm.pF[at]*max(t.farkleValue(px, py, i, j), 0)
		return min(1, max(0, w))
	})
}

// eachOfPair sets the positions (x, y, *, *) and (y, x, *, *) to the
// values of eval, in the order of sweepPair, and returns the largest
// change.
func (t *Table) eachOfPair(x, y int, eval func(px, py, i, j int) float64) float64 {
	m := t.m
	ch := 0.0
	for l := 2*m.K - 2; l >= 0; l-- {
		for i := max(0, l-m.K+1); i <= min(l, m.K-1); i++ {
			j := l - i
			for o, p := range [2][2]int{{x, y}, {y, x}} {
				if o == 1 && x == y {
					continue
				}
				w := eval(p[0], p[1], i, j)
				at := m.idx(p[0], p[1], i, j)
				ch = max(ch, math.Abs(w-t.w[at]))
				t.w[at] = w
			}
		}
	}
	return ch
}

// solveLinear runs passes of the equations of lm until no chance moves by
// more than tol, at most maxPasses, and returns the passes and the
// largest change of a chance from where it started.
func (t *Table) solveLinear(ctx context.Context, lm *linModel, workers int, tol float64, maxPasses int) (int, float64, error) {
	start := make([]float64, len(t.w))
	copy(start, t.w)
	sc := newSched(t.m.N, workers, true, func() struct{} { return struct{}{} })
	for pass := 1; ; pass++ {
		delta, err := sc.pass(ctx, func(_ struct{}, x, y int) float64 { return t.linPair(lm, x, y) }, nil)
		if err != nil {
			return pass, 0, err
		}
		if delta <= tol || pass >= maxPasses {
			moved := 0.0
			for i, w := range start {
				moved = max(moved, math.Abs(w-t.w[i]))
			}
			return pass, moved, nil
		}
	}
}

// A solveTrace receives what a penalty solve does ([Options].trace), for
// the tests and benchmarks: each sweep's kind ("record" or "lanes") and largest change,
// and each linear solve's passes and largest change.
type solveTrace struct {
	sweep  func(kind string, delta float64)
	linear func(passes int, moved float64)
}

// solvePolicy solves a game with a penalty by policy iteration (see the
// top of this file) from the chances in t.w, after started
// anti-diagonals reported to progress.
func (t *Table) solvePolicy(ctx context.Context, workers int, progress func(done, total int), trace *solveTrace, started int) error {
	m := t.m
	newton := m.recorded() <= maxRecorded
	var lm *linModel
	if newton {
		lm = newLinModel(m)
	}
	rec := newSched(m.N, workers, true, m.newRecBuf)
	defer func() {
		for _, b := range rec.bufs {
			m.putBuf(b.dp)
		}
	}()
	ln := newSched(m.N, workers, true, m.newLaneBuf)
	ln.block = lanes
	done, record := started, newton
	lastRecord := math.Inf(1)
	for pass := 1; ; pass++ {
		step := func() {
			done++
			if progress != nil {
				progress(done, started+rec.diagonals()*pass)
			}
		}
		var delta float64
		var err error
		kind := "lanes"
		if record {
			kind = "record"
			for _, b := range rec.bufs {
				b.reset()
			}
			delta, err = rec.pass(ctx, func(b *recBuf, x, y int) float64 { return t.recordPair(b, lm, x, y) }, step)
		} else {
			delta, err = ln.pass(ctx, t.laneSweep, step)
		}
		if err != nil {
			return err
		}
		if trace != nil {
			trace.sweep(kind, delta)
		}
		if delta <= m.tol {
			return nil
		}
		if pass >= 1000 {
			return &SolveError{Err: ErrConverge, Rules: m.rules, Options: Options{Floor: m.lo, Workers: workers},
				detail: fmt.Sprintf("%d passes, the last changing a chance by %.3g", pass, delta)}
		}
		if record {
			newton = delta < lastRecord/2
			lastRecord = delta
		}
		if !newton {
			if lm != nil {
				lm = nil // free the equations
				for _, b := range rec.bufs {
					b.chunks = nil
					b.reset()
				}
			}
			record = false
			continue
		}
		if !record {
			record = true // the plays changed after all
			continue
		}
		n, moved, err := t.solveLinear(ctx, lm, workers, m.tol/10, 1000)
		if err != nil {
			return err
		}
		if trace != nil {
			trace.linear(n, moved)
		}
		record = moved > recordBelow
	}
}
