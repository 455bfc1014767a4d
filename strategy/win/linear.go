package win

import (
	"context"
	"fmt"
	"math"
	"slices"

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
// always that of a sweep, which evaluates every turn (or proves that its
// record holds, below); so it is as exact as the plain sweeps', which need
// a dozen passes or so where this needs four.
//
// The iteration starts from the plays of the game without the penalty
// (startSweeps), whose chances in the game with it one linear solve gives:
// the first sweep then moves the chances less, and the next ones settle
// sooner.
//
// A recording sweep also keeps, for each position, the least margin of a
// decision that its turn reaches: how much better the best play is than
// the next, between banking and rolling, and between the keeps of a roll.
// A turn's values move by no more than its inputs (the chances of its
// banks and of its farkle), so while none of those has moved by half that
// margin since the record, the plays of the record are still the best, and
// the turn's value is its equation's (skipTurn): the sweeps after the
// second evaluate only the turns whose inputs moved that much, and the
// last one almost none. With a final round, the banks that reach the
// target tie too often for margins to help: there a sweep after a linear
// solve that moved no chance by more than recordBelow is expected to be
// the last, so it does not record, and runs on lanes; if it moves a
// chance by more than the tolerance after all, the next one records.
//
// The bank chances are kept as float32, shared by the positions of a turn
// that play alike: an error of 1e-7 in the equations slows Newton's method
// a little, and a value from a record is off by at most 2^-24 times the
// moves of its inputs (skipBelow bounds them). Newton's method may fail far
// from the answer: when a recording sweep does not halve the change of the
// one before, the plain sweeps, which always converge, go on alone.

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

// A linModel holds the linear equations of a recording sweep, one per
// position, indexed as t.w.
type linModel struct {
	q  [][]float32 // per position: q[k-lo] is the chance to bank k steps and stay in the table
	lo []int32     // per position: the first k of q
	pF []float64   // per position: the chance to farkle
	c  []float64   // per position: the constant

	// What a sweep needs to tell that a position's recorded play still
	// holds (skipTurn).
	mu        []float64   // per position: the least margin of a decision that its turn reaches
	top       []int32     // per position: the turn total from which the values were those of fillAbove
	base      []int32     // per position: the sweep that recorded it; -1 for none
	cur       int32       // the sweep under way
	margins   bool        // whether the sweep under way records the margins
	pre, post [][]float64 // per sweep: t.w before and after it; nil once no position's base

	// Whether a position's q is its own (not that of the first position of
	// its turn, or of a start), and whether another position shares it:
	// a record overwrites a q of its own that no other keeps.
	own, shared []bool
}

// newLinModel returns room for the equations of m, none recorded.
func newLinModel(m *model) *linModel {
	n := m.N * m.N * m.K * m.K
	lm := &linModel{q: make([][]float32, n), lo: make([]int32, n), pF: make([]float64, n), c: make([]float64, n),
		mu: make([]float64, n), top: make([]int32, n), base: make([]int32, n), own: make([]bool, n), shared: make([]bool, n)}
	for i := range lm.base {
		lm.base[i] = -1
	}
	return lm
}

// recordBelow is the largest change of a linear solve after which the next
// sweep of a game with a final round does not record the plays.
const recordBelow = 1e-6

// skipBelow is the largest change of an input since a position's record
// under which a sweep takes the position's value from its equation
// (skipTurn). The bank chances are kept as float32, so that value is off
// by at most 2^-24 times the change, 6e-13, under the residual of 1e-12
// that Solve answers for.
const skipBelow = 1e-5

// skipTurn returns the value of the position (x, y, i, j), for a farkle
// worth f, from the equation of its record, and true, when the plays of
// that record are sure to be the best ones still: no input of the turn
// (a bank's chance, the farkle value) has moved since by skipBelow or by
// half the least margin mu of a decision that the turn reaches (between
// banking and rolling, or between the keeps of a roll). Every value of a
// turn is then within that change of its value at the record, so every
// decision that the turn reaches is the same, and the turn's value is the
// record's plus q times the moves of the banks and pF times that of the
// farkle.
func (t *Table) skipTurn(lm *linModel, x, y, i, j int, f float64) (float64, bool) {
	m := t.m
	at := m.idx(x, y, i, j)
	bs := lm.base[at]
	if bs < 0 {
		return 0, false
	}
	post := lm.post[bs]
	lim := min(lm.mu[at]/2, skipBelow)
	// The farkle's position: of the same pair, recorded before this one,
	// or after a penalty, of a smaller sum (or later in the pair at the
	// floor), recorded after it.
	fi, was := m.idx(y, x, j, i+1), post
	if i+1 == m.K {
		fi, was = m.idx(y, m.fall(x), j, 0), lm.pre[bs]
	}
	dF := t.w[fi] - was[fi] // the farkle value moved by -dF
	if !(math.Abs(dF) < lim) {
		return 0, false
	}
	top := int(lm.top[at])
	if m.final && !m.mustRoll && m.cut(x, y, max(f, 0)) != top {
		return 0, false
	}
	w := post[at] - lm.pF[at]*dF
	ux := m.up(x)
	q, lo := lm.q[at], int(lm.lo[at])
	stride := m.K * m.K // the next k
	first := m.idx(y, m.nOff+ux, j, 0)
	for k := m.minBank(x); k < min(m.nS-ux, top+m.jump+1); k++ {
		bi := first + k*stride
		d := t.w[bi] - post[bi] // the bank's value moved by -d
		if !(math.Abs(d) < lim) {
			return 0, false
		}
		if kq := k - lo; kq >= 0 && kq < len(q) {
			w -= float64(q[kq]) * d
		}
	}
	return min(1, max(0, w)), true
}

// dropUnused drops the tables of the sweeps that are no position's base.
func (lm *linModel) dropUnused() {
	used := make([]bool, len(lm.post))
	for _, bs := range lm.base {
		if bs >= 0 {
			used[bs] = true
		}
	}
	for s, u := range used {
		if !u {
			lm.pre[s], lm.post[s] = nil, nil
		}
	}
}

// A recBuf is a worker's memory for recording turns.
type recBuf struct {
	dp      *dpBuf
	choice  []int32   // the chosen offset of each group, at k*groups + gStart[n] + s
	bank    []bool    // whether (k, n) banks, at (n-1)*nv+k
	mass    []float64 // the chance to reach (k, n), as bank
	marg    []uint64  // the bits of the margin of the decision at (k, n), as bank
	gStart  [farkle.MaxDice + 2]int
	q       []float64 // the bank chances of the turn being recorded
	arena   recArena  // where the q's are kept
	skipped int       // the turns of the sweep under way taken from their records
}

// A recArena hands out float32 slices cut from large chunks.
type recArena struct{ free []float32 }

// take returns a slice of n float32 from a, with room for slack more.
func (a *recArena) take(n, slack int) []float32 {
	if len(a.free) < n+slack {
		a.free = make([]float32, max(n+slack, 1<<18))
	}
	k := a.free[: n : n+slack]
	a.free = a.free[n+slack:]
	return k
}

func (m *model) newRecBuf() *recBuf {
	b := &recBuf{dp: m.getBuf()}
	for n := 1; n <= farkle.MaxDice; n++ {
		b.gStart[n+1] = b.gStart[n] + len(m.nCount[n])
	}
	b.choice = make([]int32, m.nv*b.gStart[farkle.MaxDice+1])
	b.bank = make([]bool, farkle.MaxDice*m.nv)
	b.mass = make([]float64, rows*m.nv) // the row of winLeft takes the chance of a win
	b.marg = make([]uint64, farkle.MaxDice*m.nv)
	b.q = make([]float64, m.nv)
	return b
}

// qSlack is the room for more bank chances that a recorded q has, so that
// the next record of its position, whose plays may bank a little more
// widely, can mostly overwrite it.
const qSlack = 4

// keep returns q as float32 in old, if it has the room, or else in the
// arena of b.
func (b *recBuf) keep(old []float32, q []float64) []float32 {
	var k []float32
	if cap(old) >= len(q) {
		k = old[:len(q)]
	} else {
		k = b.arena.take(len(q), qSlack)
	}
	for i, p := range q {
		k[i] = float32(p)
	}
	return k
}

// start starts a sweep.
func (b *recBuf) start() { b.skipped = 0 }

// recordTurn evaluates the turn of position at = (x, y, i, j) for a farkle
// worth f, as sweepValue does, records its equation in lm, with the least
// margin of a decision that the turn reaches, and returns its value.
func (t *Table) recordTurn(b *recBuf, lm *linModel, x, y, i, j int, f float64) float64 {
	f = max(f, 0) // a chance of 1 may round to a little more
	m := t.m
	nv := m.nv
	v, marg := b.dp.v, b.marg
	ng := b.gStart[farkle.MaxDice+1]
	top := t.fillAbove(b.dp, x, y, j, f, nil)
	kc, ux := m.kc(x, y), m.up(x)
	inf := math.Float64bits(math.Inf(1))
	// From kSure on a bank is worth 1 (it wins; with a final round, the
	// last turn's chance rounds to 0) whatever the inputs: no value is
	// larger, so banking there is sure to stay the best play, and so is a
	// keep that leads there, or to the cap.
	kSure := max(m.nS-ux, m.minBank(x))
	for kSure < kc && t.bankValue(x, y, j, kSure) < 1 {
		kSure++
	}
	for k := top - 1; k >= 0; k-- {
		bk := -1.0
		canBank := k >= m.minBank(x)
		if canBank {
			bk = t.bankValue(x, y, j, k)
		}
		sure := k >= kSure
		vk := v[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			choice := b.choice[k*ng+b.gStart[n]:]
			var sum float64
			gap := inf
			if lm.margins {
				sum, gap = rollSumGap(vk, m.nOffs[n], m.nCount[n], m.prob[n], choice, m.offSteps, int32(kSure-k))
			} else {
				sum = rollSumChoice(vk, m.nOffs[n], m.nCount[n], m.prob[n], choice)
			}
			roll := m.pf[n]*f + sum
			at := (n-1)*nv + k
			bankOK := canBank && (n < farkle.MaxDice || !m.mustRoll)
			b.bank[at] = bankOK && bk >= roll
			switch {
			case b.bank[at]:
				v[at] = math.Float64bits(bk)
				marg[at] = math.Float64bits(bk - roll)
				if sure {
					marg[at] = inf
				}
			case bankOK:
				v[at] = math.Float64bits(roll)
				marg[at] = min(gap, math.Float64bits(roll-bk))
			default:
				v[at] = math.Float64bits(roll)
				marg[at] = gap
			}
		}
	}
	value := math.Float64frombits(v[(farkle.MaxDice-1)*nv])

	// Forward: the chance to reach each (k, n) under the play, and the
	// least margin of a decision reached.
	mass := b.mass
	clear(mass)
	mass[(farkle.MaxDice-1)*nv] = 1
	inTable := m.nS - ux // banks of k < inTable stay under the target
	q := b.q[:max(min(inTable, top+m.jump+1), 1)]
	clear(q)
	pF, mu := 0.0, inf
	for k := range top {
		for n := 1; n <= farkle.MaxDice; n++ {
			at := (n-1)*nv + k
			w := mass[at]
			if w == 0 {
				continue
			}
			mu = min(mu, marg[at])
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
	if top < kc {
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
	// The positions of a turn mostly play alike: then they share q, that
	// of the first of them (recorded before the others).
	at, first := m.idx(x, y, i, j), m.idx(x, y, m.K-1, j)
	if i < m.K-1 && lm.lo[first] == int32(lo) && equal32(lm.q[first], q[lo:hi+1]) {
		lm.q[at], lm.lo[at], lm.own[at] = lm.q[first], lm.lo[first], false
		lm.shared[first] = true
	} else {
		var old []float32
		if lm.own[at] && !lm.shared[at] {
			old = lm.q[at]
		}
		lm.q[at], lm.lo[at], lm.own[at], lm.shared[at] = b.keep(old, q[lo:hi+1]), int32(lo), true, false
	}
	lm.pF[at] = pF
	lm.c[at] = value - t.banked(lm, at, x, y, j) - pF*f
	if !lm.margins {
		mu = 0 // no turn is taken from this record
	}
	lm.mu[at], lm.top[at], lm.base[at] = math.Float64frombits(mu), int32(top), lm.cur
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

// rollSumGap is rollSumChoice that also returns the least margin of a
// group, as the bits of a float: its largest value less the next one (less
// 0 for a group of one option), but for a group whose largest value is a
// sure 1 (of an option of at least sureAt steps, by steps[offset]), which
// no value exceeds.
func rollSumGap(vk []uint64, offs []int32, count []uint8, prob []float64, choice []int32, steps []int32, sureAt int32) (sum float64, gap uint64) {
	one := math.Float64bits(1)
	gap = math.Float64bits(math.Inf(1))
	prob = prob[:len(count)]
	choice = choice[:len(count)]
	for s, c := range count {
		bo := offs[0]
		best, next := vk[bo], uint64(0)
		for _, off := range offs[1:c] {
			if val := vk[off]; val > best {
				best, next, bo = val, best, off
			} else {
				next = max(next, val)
			}
		}
		offs = offs[c:]
		choice[s] = bo
		b := math.Float64frombits(best)
		sum += prob[s] * b
		if best != one || steps[bo] < sureAt {
			gap = min(gap, math.Float64bits(b-math.Float64frombits(next)))
		}
	}
	return sum, gap
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
		f := t.farkleValue(px, py, i, j)
		if w, ok := t.skipTurn(lm, px, py, i, j, f); ok {
			b.skipped++
			return w
		}
		return t.recordTurn(b, lm, px, py, i, j, f)
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
// the tests and benchmarks: each sweep's kind ("record" or "lanes"), its
// largest change and the turns it evaluated by their dynamic program (the
// others from their records), and each linear solve's passes and largest
// change.
type solveTrace struct {
	sweep  func(kind string, delta float64, turns int)
	linear func(passes int, moved float64)
}

// solvePolicy solves a game with a penalty by policy iteration (see the
// top of this file) from the chances in t.w, after started
// anti-diagonals reported to progress. lm, if not nil, holds the
// equations of a play to start from, none of them recorded by a sweep.
func (t *Table) solvePolicy(ctx context.Context, workers int, progress func(done, total int), trace *solveTrace, started int, lm *linModel) error {
	m := t.m
	newton := m.recorded() <= maxRecorded
	if !newton {
		lm = nil
	}
	rec := newSched(m.N, workers, true, m.newRecBuf)
	defer func() {
		for _, b := range rec.bufs {
			m.putBuf(b.dp)
		}
	}()
	if lm != nil {
		n, moved, err := t.solveLinear(ctx, lm, workers, m.tol/10, 1000)
		if err != nil {
			return err
		}
		if trace != nil {
			trace.linear(n, moved)
		}
	} else if newton {
		lm = newLinModel(m)
	}
	ln := newSched(m.N, workers, true, m.newLaneBuf)
	ln.block = lanes
	// Without a final round the sweeps after the first take the turns
	// whose plays hold from their records (skipTurn). With one, the banks
	// that reach the target are worth 1 less the last turn's chance, which
	// rounds to the same value for many banks: ties, whose margins are 0.
	// There a sweep after a linear solve that moved no chance by more than
	// recordBelow is expected to be the last, and runs on lanes without
	// recording; if it moves a chance by more than the tolerance after
	// all, the next one records.
	skip := !m.final
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
		kind, turns := "lanes", len(t.w)
		if record {
			kind = "record"
			lm.cur = int32(len(lm.post))
			// The first sweep moves the chances too far for the next to
			// take turns from its records: it does not work out margins.
			lm.margins = skip && lm.cur > 0
			lm.pre = append(lm.pre, slices.Clone(t.w))
			for _, b := range rec.bufs {
				b.start()
			}
			delta, err = rec.pass(ctx, func(b *recBuf, x, y int) float64 { return t.recordPair(b, lm, x, y) }, step)
			if err == nil {
				lm.post = append(lm.post, slices.Clone(t.w))
				lm.dropUnused()
				for _, b := range rec.bufs {
					turns -= b.skipped
				}
			}
		} else {
			delta, err = ln.pass(ctx, t.laneSweep, step)
		}
		if err != nil {
			return err
		}
		if trace != nil {
			trace.sweep(kind, delta, turns)
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
				lm = nil // free the equations: the plain sweeps go on alone
				for _, b := range rec.bufs {
					b.arena = recArena{}
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
		record = skip || moved > recordBelow
	}
}
