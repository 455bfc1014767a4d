package three

import (
	"context"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// This file solves the game; see the package documentation for the model
// and the solution concept.
//
// A class is the rotations of (x, y, z): its members S0 = (x, y, z), S1 =
// (y, z, x) and S2 = (z, x, y) (one member if x = y = z). A farkle at Si
// leads to S(i+1). With the members' plays fixed as pieces c_i (bank
// parts, mover first) and farkle chances P_i, the relative vectors w_i
// (mover, next, after) satisfy w_i = c_i + P_i R w_(i+1), where R w =
// (w[2], w[0], w[1]) turns the next member's vector to this member's
// seats; around the cycle R^3 = I, so w_0 = (c_0 + P_0 R c_1 + P_0 P_1 R^2
// c_2) / (1 - P_0 P_1 P_2). The mover of Si values a farkle at f_i =
// w_(i+1)[2].

// tol is the change of a chance after a farkle under which the iteration
// of a class stops, and the residual under which a root is taken.
const tol = 1e-14

// reach is how far from the chance after a farkle the solver looks for
// the play's interval of optimality (see rollAtI).
var reach = 1e-2

// pureIters is the number of iterations of a class's plays before the
// solver looks for a mixed equilibrium.
const pureIters = 12

// rot returns R w.
func rot(w [3]float64) [3]float64 { return [3]float64{w[2], w[0], w[1]} }

// A class is one rotation class being solved.
type class struct {
	t   *Table
	b   *[3]*dpBuf // a buffer for each member: a member's runs go on from its last (see startPieceI)
	m   int        // members: 3, or 1 when x = y = z
	s   [3][3]int  // the scores of each member, mover first
	dps int        // dynamic programs run
	// known holds, for each member, the plays found so far with the
	// intervals of chances after a farkle over which each is the best:
	// within the class the positions after a bank are solved, so a play
	// depends on the chance after a farkle alone, and the search asks for
	// chances in the same few intervals again and again.
	known [3][]knownPlay
	// runs holds, for each member, the runs that startLanes ran for it,
	// in the order that the solve asks for them (see firstRuns).
	runs *[3][2]firstRun
}

// A knownPlay is a member's best play for the chances after a farkle
// strictly between lo and hi.
type knownPlay struct {
	lo, hi float64
	pc     piece
}

// A mixAt is how a member mixes: the two pieces at the kink f, weight l
// on hi.
type mixAt struct {
	on     bool
	lo, hi piece
	f, l   float64
}

// piece returns the best play of member i for a farkle worth f.
func (c *class) piece(i int, f float64) piece {
	pc, _, _ := c.pieceI(i, f)
	return pc
}

// pieceI returns the best play of member i for a farkle worth f, and an
// interval of the chances after a farkle over which it stays the best:
// one known, or the dynamic program's (see startPieceI).
func (c *class) pieceI(i int, f float64) (pc piece, lo, hi float64) {
	f = max(f, 0)
	for _, k := range c.known[i] {
		if f > k.lo && f < k.hi {
			return k.pc, k.lo, k.hi
		}
	}
	c.dps++
	s := c.s[i]
	if c.runs != nil {
		for j := range c.runs[i] {
			if fr := &c.runs[i][j]; fr.ok {
				fr.ok = false
				if fr.f != f {
					// Not the run asked for (never so): the buffer holds a
					// later run, so run afresh, and forget the rest.
					laneMissed.Add(1)
					c.b[i].run.ok = false
					clear(c.runs[i][:])
					break
				}
				if j > 0 {
					laneSeconds.Add(1)
				}
				pc, lo, hi = fr.pc, fr.lo, fr.hi
				if hi > lo {
					c.known[i] = append(c.known[i], knownPlay{lo, hi, pc})
				}
				return pc, lo, hi
			}
		}
	}
	pc, lo, hi = c.t.startPieceI(c.b[i], s[0], s[1], s[2], f, reach)
	// Strictly inside: at an end two plays tie, and the tie rule decides.
	if hi > lo {
		c.known[i] = append(c.known[i], knownPlay{lo, hi, pc})
	}
	return pc, lo, hi
}

// linsolve returns the members' vectors for the pieces pcs.
func (c *class) linsolve(pcs *[3]piece) (w [3][3]float64) {
	p := func(i int) *piece { return &pcs[i%c.m] }
	c0, c1, c2 := p(0).vec(), rot(p(1).vec()), rot(rot(p(2).vec()))
	P0, P1, P2 := p(0).p, p(1).p, p(2).p
	d := 1 - P0*P1*P2
	for s := range 3 {
		w[0][s] = (c0[s] + P0*c1[s] + P0*P1*c2[s]) / d
	}
	c2v := p(2).vec()
	r0 := rot(w[0])
	for s := range 3 {
		w[2][s] = c2v[s] + P2*r0[s]
	}
	c1v := p(1).vec()
	r2 := rot(w[2])
	for s := range 3 {
		w[1][s] = c1v[s] + P1*r2[s]
	}
	return w
}

// phi returns the chance after a farkle of member i, from the vectors w.
func (c *class) phi(w *[3][3]float64, i int) float64 {
	return w[(i+1)%3][2]
}

// A sol is a solution of some members: their pieces and chances after a
// farkle, and the mixing of those that mix.
type sol struct {
	pc  [3]piece
	f   [3]float64
	mix [3]mixAt
}

// solve finds an equilibrium of the members in free, the others playing
// the pieces of s; s.f holds the first guesses.
func (c *class) solve(free []int, s sol) sol {
	// A member being solved mixes only if this solve finds so: no stale
	// mixing of an earlier evaluation may stay with a play found pure.
	for _, i := range free {
		s.mix[i] = mixAt{}
	}
	// Iterate the plays.
	iters := pureIters
	if len(free) == 1 {
		iters = 4 * pureIters
	}
	var flips [3]int
	var plo, phi [3]float64
	var valid [3]bool // the member's piece is the best play at its f
	for it := range iters {
		for _, i := range free {
			if valid[i] {
				continue
			}
			var pc piece
			pc, plo[i], phi[i] = c.pieceI(i, s.f[i])
			if it > 0 && pc != s.pc[i] {
				flips[i]++
			}
			s.pc[i] = pc
		}
		w := c.linsolve(&s.pc)
		done := true
		for _, i := range free {
			// The play stays the best where the new chance falls in the
			// interval of the old: then the solution is exact.
			nf := c.phi(&w, i)
			valid[i] = math.Abs(nf-s.f[i]) <= tol || nf >= plo[i] && nf <= phi[i]
			done = done && valid[i]
			s.f[i] = nf
		}
		if done {
			return s
		}
	}
	// Bracket the chance after a farkle of the member whose play flipped
	// most (the first of those), the others solved for each value.
	at := 0
	for q, i := range free {
		if flips[i] > flips[free[at]] {
			at = q
		}
	}
	i := free[at]
	rest := append(append(make([]int, 0, 2), free[:at]...), free[at+1:]...)
	eval := func(f float64) (float64, sol) {
		r := s
		r.pc[i] = c.piece(i, f)
		if len(rest) > 0 {
			r = c.solve(rest, r)
		}
		w := c.linsolve(&r.pc)
		r.f[i] = f
		return c.phi(&w, i) - f, r
	}
	lo, hi := 0.0, 1.0
	var sLo, sHi sol
	haveLo, haveHi := false, false
	f := min(max(s.f[i], 0), 1)
	for range 200 {
		d, r := eval(f)
		if math.Abs(d) <= tol {
			return r
		}
		phi := f + d
		if d > 0 {
			lo, sLo, haveLo = f, r, true
		} else {
			hi, sHi, haveHi = f, r, true
		}
		if haveLo && haveHi && sLo.pc[i] == sHi.pc[i] {
			// One play on both sides: the root is in between, at phi.
			f = phi
			continue
		}
		nf := phi
		if !(nf > lo && nf < hi) {
			nf = lo + (hi-lo)/2
		}
		if nf == f || hi-lo <= 1e-15 {
			break
		}
		f = nf
	}
	if !haveLo {
		_, sLo = eval(lo)
	}
	if !haveHi {
		_, sHi = eval(hi)
	}
	// The kink between the two plays: the mover mixes them there.
	a, b := sLo.pc[i], sHi.pc[i]
	fk := lo + (hi-lo)/2
	if b.p != a.p {
		fk = min(max((a.e-b.e)/(b.p-a.p), lo), hi)
	}
	fixed := [3]bool{}
	for q := range fixed {
		fixed[q] = !slices.Contains(free, q)
	}
	fixed[i] = true
	base := s
	base.f[i] = fk
	return c.mixRoot(base, fixed, i, a, b, fk, i, fk)
}

// pureWeight returns the weight of member i's mixed play pc on the pure
// play above its kink f (the play of the higher chance of farkling), the
// other being the pure play below. The search may have mixed a play that
// was itself a mixture of the same two plays (nested); the weight it
// recorded, l, is then relative to that mixture, and is returned only if
// the two pure plays cannot be told apart.
func (c *class) pureWeight(i int, pc piece, f, l float64) float64 {
	const d = 1e-9 // well inside the interval of each play: kinks are rarely this close
	lo, hi := c.piece(i, f-d), c.piece(i, f+d)
	if hi.p <= lo.p {
		return l
	}
	return min(max((pc.p-lo.p)/(hi.p-lo.p), 0), 1)
}

// mixOf returns the mixing of a and b with weight l on b, as the weight
// on the play of the higher chance of farkling, the play above the kink.
func mixOf(a, b piece, fk, l float64) mixAt {
	if a.p > b.p {
		a, b, l = b, a, 1-l
	}
	return mixAt{on: true, lo: a, hi: b, f: fk, l: l}
}

// mixRoot finds the weight l with which member j mixes the plays a and b
// at its kink fk, the members fixed in s keeping their pieces (j's is
// set here), the others solved for each weight, so that the chance after
// a farkle of member i is fi: the root of d(l) = phi_i - fi, with d(0) > 0
// > d(1) unless one end is a root. Where d jumps over 0 because another
// member's play flips with l, that member mixes too, at the weight where
// the jump is, with the weight of its own that makes d 0 (nested).
func (c *class) mixRoot(s sol, fixed [3]bool, j int, a, b piece, fk float64, i int, fi float64) sol {
	fixed[j] = true
	eval := func(l float64) (float64, sol) {
		r := s
		r.pc[j] = mixPiece(a, b, l)
		r.f[j] = fk
		var free []int
		for q := range c.m {
			if !fixed[q] {
				free = append(free, q)
			}
		}
		if len(free) > 0 {
			r = c.solve(free, r)
		}
		w := c.linsolve(&r.pc)
		return c.phi(&w, i) - fi, r
	}
	done := func(r sol, l float64) sol {
		r.mix[j] = mixAt{}
		if l > 0 && l < 1 {
			r.mix[j] = mixOf(a, b, fk, l)
		}
		return r
	}
	d0, r0 := eval(0)
	if math.Abs(d0) <= tol || d0 < 0 {
		return done(r0, 0)
	}
	d1, r1 := eval(1)
	if math.Abs(d1) <= tol || d1 > 0 {
		return done(r1, 1)
	}
	// Regula falsi (Illinois) on the weight.
	l0, l1 := 0.0, 1.0
	side := 0
	for range 300 {
		l := l0 + d0*(l1-l0)/(d0-d1)
		if !(l > l0 && l < l1) {
			l = l0 + (l1-l0)/2
		}
		if l <= l0 || l >= l1 {
			break // no weight between: a jump
		}
		d, r := eval(l)
		if math.Abs(d) <= tol {
			return done(r, l)
		}
		if d > 0 {
			l0, d0, r0 = l, d, r
			if side == 1 {
				d1 /= 2
			}
			side = 1
		} else {
			l1, d1, r1 = l, d, r
			if side == -1 {
				d0 /= 2
			}
			side = -1
		}
	}
	// d jumps between l0 and l1: a member not fixed flips its play there.
	for q := range c.m {
		if fixed[q] || r0.pc[q] == r1.pc[q] {
			continue
		}
		qa, qb := r0.pc[q], r1.pc[q]
		qk := r0.f[q] + (r1.f[q]-r0.f[q])/2
		if qb.p != qa.p {
			qk = (qa.e - qb.e) / (qb.p - qa.p)
		}
		r0.pc[j], r0.f[j] = mixPiece(a, b, l0), fk
		r0.mix[j] = mixAt{}
		if l0 > 0 {
			r0.mix[j] = mixOf(a, b, fk, l0)
		}
		return c.mixRoot(r0, fixed, q, qa, qb, qk, i, fi)
	}
	return done(r0, l0) // no flip found: the nearest weight
}

// guess returns a first guess of the chance after a farkle of the mover
// of (x, y, z): that of a neighbor solved before, or 1/3.
func (t *Table) guess(x, y, z int) float64 {
	m := t.m
	// The farkle leads to (y, z, x), where the mover of (x, y, z) is after.
	switch {
	case x+2 < m.nS:
		return min(max(2*t.w[3*m.pos(y, z, x+1)+2]-t.w[3*m.pos(y, z, x+2)+2], 0), 1)
	case x+1 < m.nS:
		return t.w[3*m.pos(y, z, x+1)+2]
	case z+1 < m.nS:
		return t.w[3*m.pos(y, z+1, x)+2]
	case y+1 < m.nS:
		return t.w[3*m.pos(y+1, z, x)+2]
	}
	return 1.0 / 3
}

// solveClass solves the class of (x, y, z), its canonical rotation; runs,
// if not nil, holds the members' first runs (see firstRuns).
func (t *Table) solveClass(b *[3]*dpBuf, runs *[3][2]firstRun, x, y, z int) (dps int, mixes []Mix) {
	m := t.m
	c := class{t: t, b: b, m: 3, s: [3][3]int{{x, y, z}, {y, z, x}, {z, x, y}}, runs: runs}
	if x == y && y == z {
		c.m = 1
	}
	// The lists of known plays live in the members' buffers, from class to
	// class: no garbage a class.
	for i := range c.known {
		c.known[i] = b[i].known[:0]
	}
	defer func() {
		for i := range c.known {
			b[i].known = c.known[i]
			if runs != nil {
				for _, fr := range runs[i] {
					if fr.ok {
						laneMissed.Add(1) // a run in lanes that the solve did not ask for
					}
				}
			}
		}
	}()
	var s sol
	for i := range c.m {
		s.f[i] = t.guess(c.s[i][0], c.s[i][1], c.s[i][2])
	}
	free := []int{0, 1, 2}[:c.m]
	s = c.solve(free, s)
	w := c.linsolve(&s.pc)
	for i := range c.m {
		copy(t.w[3*m.pos(c.s[i][0], c.s[i][1], c.s[i][2]):][:3], w[i][:])
		if mx := s.mix[i]; mx.on {
			mixes = append(mixes, Mix{Scores: [3]int{c.s[i][0] * m.step, c.s[i][1] * m.step, c.s[i][2] * m.step},
				Weight: c.pureWeight(i, s.pc[i], c.phi(&w, i), mx.l)})
		}
	}
	return c.dps, mixes
}

// canonical reports whether (x, y, z) is the least of its rotations.
func canonical(x, y, z int) bool {
	less := func(a, b, c, d, e, f int) bool { // (a,b,c) <= (d,e,f)
		if a != d {
			return a < d
		}
		if b != e {
			return b < e
		}
		return c <= f
	}
	return less(x, y, z, y, z, x) && less(x, y, z, z, x, y)
}

// solveAll fills t.w, the sums of scores from the largest down.
func (t *Table) solveAll(ctx context.Context, opts Options) error {
	m := t.m
	workers, err := kit.Workers(opts.Workers)
	if err != nil {
		return err
	}
	top := 3 * (m.nS - 1)
	var classes [][3]int32
	var mu sync.Mutex
	var dps atomic.Int64
	// The first runs of a chunk of classes go in lanes (see startLanes),
	// a worker's state each.
	var lw []*laneWork
	if useLanes {
		lw = make([]*laneWork, workers)
		for i := range lw {
			lw[i] = m.newLaneWork()
		}
	}
	for sum := top; sum >= 0; sum-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		classes = classes[:0]
		for x := max(0, sum-2*(m.nS-1)); x <= min(sum, m.nS-1); x++ {
			for y := max(0, sum-x-(m.nS-1)); y <= min(sum-x, m.nS-1); y++ {
				if z := sum - x - y; canonical(x, y, z) {
					classes = append(classes, [3]int32{int32(x), int32(y), int32(z)})
				}
			}
		}
		if lw != nil {
			nc := (len(classes) + laneChunk - 1) / laneChunk
			kit.Share(min(workers, nc), nc, func(i, q int) {
				cls := classes[q*laneChunk : min(len(classes), (q+1)*laneChunk)]
				t.firstRuns(lw[i], cls)
				for j, cl := range cls {
					n, mx := t.solveClass(&lw[i].bufs[j], &lw[i].runs[j], int(cl[0]), int(cl[1]), int(cl[2]))
					dps.Add(int64(n))
					if len(mx) > 0 {
						mu.Lock()
						t.mix = append(t.mix, mx...)
						mu.Unlock()
					}
				}
			})
			if opts.Progress != nil {
				opts.Progress(top-sum+1, top+1)
			}
			continue
		}
		w := min(workers, len(classes))
		bufs := make([][3]*dpBuf, w)
		for i := range bufs {
			for j := range bufs[i] {
				bufs[i][j] = m.getBuf()
			}
		}
		kit.Share(w, len(classes), func(i, q int) {
			cl := classes[q]
			n, mx := t.solveClass(&bufs[i], nil, int(cl[0]), int(cl[1]), int(cl[2]))
			dps.Add(int64(n))
			if len(mx) > 0 {
				mu.Lock()
				t.mix = append(t.mix, mx...)
				mu.Unlock()
			}
		})
		for _, b := range bufs {
			for _, bj := range b {
				m.putBuf(bj)
			}
		}
		if opts.Progress != nil {
			opts.Progress(top-sum+1, top+1)
		}
	}
	slices.SortFunc(t.mix, func(a, b Mix) int { return cmpScores(a.Scores, b.Scores) })
	t.dps = dps.Load()
	return nil
}

// cmpScores orders scores by their sum descending, then as numbers.
func cmpScores(a, b [3]int) int {
	if sa, sb := a[0]+a[1]+a[2], b[0]+b[1]+b[2]; sa != sb {
		if sa > sb {
			return -1
		}
		return 1
	}
	for i := range 3 {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
