package four

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// This file solves the game, as package three does with one player more.
//
// A class is the rotations of s = (x, y, z, u): its members S0 = (x, y,
// z, u), S1 = (y, z, u, x), S2 = (z, u, x, y), S3 = (u, x, y, z): four,
// or two when x = z and y = u, or one when all are equal. A farkle at Si
// leads to S(i+1). With the members' plays fixed as pieces c_i (bank
// parts, mover first) and farkle chances P_i, the vectors w_i satisfy w_i
// = c_i + P_i R w_(i+1), where R w = (w[3], w[0], w[1], w[2]) turns the
// next member's vector to this member's seats; around the cycle R^4 = I,
// so w_0 = (c_0 + P_0 R c_1 + P_0 P_1 R^2 c_2 + P_0 P_1 P_2 R^3 c_3) /
// (1 - P_0 P_1 P_2 P_3). The mover of Si values a farkle at f_i =
// w_(i+1)[3].
//
// The members' plays are iterated; where they cycle, the search is
// nested: one member's chance after a farkle is bracketed, the other
// members solved (recursively, by the same search) for each value, down
// to one member, whose chance is a one-dimensional root. Where a root
// falls on a kink of a member's best play (its two best plays swap
// there), that member mixes them, with the weight that makes the
// chance of the member bracketed consistent; if the weight crosses
// another member's kink, that member mixes too (nested), and so on up to
// all four members of the class.

// tol is the change of a chance after a farkle under which the iteration
// of a class stops, and the residual under which a root is taken.
const tol = 1e-14

// reach is how far from the chance after a farkle the solver looks for
// the play's interval of optimality (see rollAtI).
const reach = 1e-2

// pureIters is the number of iterations of a class's plays before the
// solver looks for a mixed equilibrium.
const pureIters = 12

// rot returns R w.
func rot(w [N]float64) [N]float64 { return [N]float64{w[3], w[0], w[1], w[2]} }

// rotScores returns the scores of the next member: (s1, s2, s3, s0).
func rotScores(s [N]int) [N]int { return [N]int{s[1], s[2], s[3], s[0]} }

// A class is one rotation class being solved.
type class struct {
	t     *Table
	bs    *[N]*dpBuf // a buffer for each member (see dpBuf.run)
	m     int        // members: 4, 2 or 1
	s     [N][N]int  // the scores of each member, mover first
	dps   int        // dynamic programs run
	known [N][]knownPlay
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
// interval of the chances after a farkle over which it stays the best.
func (c *class) pieceI(i int, f float64) (pc piece, lo, hi float64) {
	f = max(f, 0)
	for _, k := range c.known[i] {
		if f > k.lo && f < k.hi {
			return k.pc, k.lo, k.hi
		}
	}
	c.dps++
	pc, lo, hi = c.t.startPieceI(c.bs[i], c.s[i], f, reach)
	if hi > lo {
		c.known[i] = append(c.known[i], knownPlay{lo, hi, pc})
	}
	return pc, lo, hi
}

// linsolve returns the members' vectors for the pieces pcs.
func (c *class) linsolve(pcs *[N]piece) (w [N][N]float64) {
	var cv [N][N]float64
	var P [N]float64
	for i := range N {
		cv[i], P[i] = pcs[i%c.m].vec(), pcs[i%c.m].p
	}
	// w_0 = sum_j (P_0...P_(j-1)) R^j c_j / (1 - P_0 P_1 P_2 P_3).
	var acc [N]float64
	coef := 1.0
	for j := range N {
		v := cv[j]
		for range j {
			v = rot(v)
		}
		for s := range N {
			acc[s] += coef * v[s]
		}
		coef *= P[j]
	}
	d := 1 - coef
	for s := range N {
		w[0][s] = acc[s] / d
	}
	for i := N - 1; i >= 1; i-- {
		r := rot(w[(i+1)%N])
		for s := range N {
			w[i][s] = cv[i][s] + P[i]*r[s]
		}
	}
	return w
}

// phi returns the chance after a farkle of member i, from the vectors w.
func (c *class) phi(w *[N][N]float64, i int) float64 { return w[(i+1)%N][3] }

// A sol is a solution of some members: their pieces and chances after a
// farkle, and the mixing of those that mix.
type sol struct {
	pc  [N]piece
	f   [N]float64
	mix [N]mixAt
}

// solve finds an equilibrium of the members in free, the others playing
// the pieces of s; s.f holds the first guesses.
func (c *class) solve(free []int, s sol) sol {
	for _, i := range free {
		s.mix[i] = mixAt{}
	}
	iters := pureIters
	if len(free) == 1 {
		iters = 4 * pureIters
	}
	var flips [N]int
	var plo, phi [N]float64
	var valid [N]bool
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
	rest := append(append(make([]int, 0, N-1), free[:at]...), free[at+1:]...)
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
	a, b := sLo.pc[i], sHi.pc[i]
	fk := lo + (hi-lo)/2
	if b.p != a.p {
		fk = min(max((a.e-b.e)/(b.p-a.p), lo), hi)
	}
	var fixed [N]bool
	for q := range fixed {
		fixed[q] = !slices.Contains(free, q)
	}
	fixed[i] = true
	base := s
	base.f[i] = fk
	return c.mixRoot(base, fixed, i, a, b, fk, i, fk)
}

// pureWeight returns the weight of member i's mixed play pc on the pure
// play above its kink f (the play of the higher chance of farkling).
func (c *class) pureWeight(i int, pc piece, f, l float64) float64 {
	const d = 1e-9
	lo, hi := c.piece(i, f-d), c.piece(i, f+d)
	if hi.p <= lo.p {
		return l
	}
	return min(max((pc.p-lo.p)/(hi.p-lo.p), 0), 1)
}

// mixOf returns the mixing of a and b with weight l on b, as the weight
// on the play of the higher chance of farkling.
func mixOf(a, b piece, fk, l float64) mixAt {
	if a.p > b.p {
		a, b, l = b, a, 1-l
	}
	return mixAt{on: true, lo: a, hi: b, f: fk, l: l}
}

// mixRoot finds the weight l with which member j mixes the plays a and b
// at its kink fk, the members fixed in s keeping their pieces, the others
// solved for each weight, so that the chance after a farkle of member i
// is fi. Where the difference jumps over 0 because another member's play
// flips with l, that member mixes too, at the weight where the jump is,
// with the weight of its own that makes it 0 (nested).
func (c *class) mixRoot(s sol, fixed [N]bool, j int, a, b piece, fk float64, i int, fi float64) sol {
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
	l0, l1 := 0.0, 1.0
	side := 0
	for range 300 {
		l := l0 + d0*(l1-l0)/(d0-d1)
		if !(l > l0 && l < l1) {
			l = l0 + (l1-l0)/2
		}
		if l <= l0 || l >= l1 {
			break
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
	return done(r0, l0)
}

// polish makes the mixing of s exact: each mixing member's chance after
// a farkle must be at its kink, where it is indifferent between its two
// plays. The nested search fixes a member's weight when it turns to the
// next member's, so that with several mixing members the first one's
// chance may drift from its kink (by some 1e-7 at target 1,400, with
// three). So the weights of all the mixing members are solved together
// at the end, by Newton's method on the equations phi_j(l) = kink_j, the
// others keeping their plays; then, as an active set: a member whose
// weight leaves [0, 1] plays the pure play at that end, and a member that
// does not mix and whose play is no longer its best at its new chance
// mixes its play with the best one (or takes the best one, if the two
// differ by under 1e-9 in every part), and the weights are solved again. The
// polished solution is kept only once every member's play is a best reply
// (a mixing member's two plays the best on either side of its kink);
// else the nested search's is.
func (c *class) polish(s sol) sol {
	r := s
	any := false
	for i := range c.m {
		any = any || s.mix[i].on
	}
	if !any {
		return s
	}
	for range 4 * N {
		var M []int
		var kink []float64
		for i := range c.m {
			if mx := r.mix[i]; mx.on {
				if mx.hi.p == mx.lo.p {
					return s
				}
				M = append(M, i)
				kink = append(kink, (mx.lo.e-mx.hi.e)/(mx.hi.p-mx.lo.p))
			}
		}
		l := make([]float64, len(M))
		for q, j := range M {
			l[q] = r.mix[j].l
		}
		if !c.newton(&r, M, kink, l) {
			return s
		}
		changed := false
		for q, j := range M {
			switch mx := r.mix[j]; {
			case l[q] < 0:
				r.mix[j], r.pc[j], changed = mixAt{}, mx.lo, true
			case l[q] > 1:
				r.mix[j], r.pc[j], changed = mixAt{}, mx.hi, true
			default:
				r.mix[j].l, r.mix[j].f = l[q], kink[q]
			}
		}
		if changed {
			continue
		}
		w := c.linsolve(&r.pc)
		for i := range c.m {
			r.f[i] = c.phi(&w, i)
			if r.mix[i].on {
				continue
			}
			if best := c.piece(i, r.f[i]); best != r.pc[i] {
				if near(best, r.pc[i]) {
					// Two plays that differ in rolls of no consequence:
					// the member takes its new best play, no mixing.
					r.pc[i], changed = best, true
					continue
				}
				fk := r.f[i]
				if best.p != r.pc[i].p {
					fk = (r.pc[i].e - best.e) / (best.p - r.pc[i].p)
				}
				r.mix[i] = mixOf(r.pc[i], best, fk, 0)
				changed = true
			}
		}
		if changed {
			continue
		}
		for q, j := range M {
			const d = 1e-9
			if c.piece(j, kink[q]-d) != r.mix[j].lo || c.piece(j, kink[q]+d) != r.mix[j].hi {
				return s
			}
		}
		return r
	}
	return s
}

// near reports whether two plays differ by under 1e-9 in every part.
func near(a, b piece) bool {
	return math.Abs(a.e-b.e) < 1e-9 && math.Abs(a.p-b.p) < 1e-9 && math.Abs(a.n1-b.n1) < 1e-9 && math.Abs(a.n2-b.n2) < 1e-9
}

// newton solves phi_j = kink_j for the weights l of the mixing members M
// of r, in place, and sets their pieces and every member's chance after a
// farkle in r; it reports whether it converged.
func (c *class) newton(r *sol, M []int, kink, l []float64) bool {
	k := len(M)
	eval := func(l []float64, r *sol) []float64 {
		for q, j := range M {
			r.pc[j] = mixPiece(r.mix[j].lo, r.mix[j].hi, l[q])
		}
		w := c.linsolve(&r.pc)
		d := make([]float64, k)
		for i := range c.m {
			r.f[i] = c.phi(&w, i)
		}
		for q, j := range M {
			d[q] = r.f[j] - kink[q]
		}
		return d
	}
	d := eval(l, r)
	for range 50 {
		worst := 0.0
		for _, v := range d {
			worst = max(worst, math.Abs(v))
		}
		if worst <= tol/4 {
			return true
		}
		// The Jacobian by differences, then a step by Gaussian
		// elimination with partial pivoting.
		const h = 1e-7
		J := make([][]float64, k)
		for q := range k {
			J[q] = make([]float64, k+1)
			J[q][k] = -d[q]
		}
		for col := range k {
			lh := append([]float64(nil), l...)
			lh[col] += h
			t := *r
			dh := eval(lh, &t)
			for q := range k {
				J[q][col] = (dh[q] - d[q]) / h
			}
		}
		for col := range k {
			p := col
			for q := col + 1; q < k; q++ {
				if math.Abs(J[q][col]) > math.Abs(J[p][col]) {
					p = q
				}
			}
			J[col], J[p] = J[p], J[col]
			if J[col][col] == 0 {
				return false
			}
			for q := col + 1; q < k; q++ {
				f := J[q][col] / J[col][col]
				for c3 := col; c3 <= k; c3++ {
					J[q][c3] -= f * J[col][c3]
				}
			}
		}
		step := make([]float64, k)
		for q := k - 1; q >= 0; q-- {
			v := J[q][k]
			for c3 := q + 1; c3 < k; c3++ {
				v -= J[q][c3] * step[c3]
			}
			step[q] = v / J[q][q]
		}
		for q := range k {
			l[q] += step[q]
		}
		d = eval(l, r)
	}
	return false
}

// guess returns a first guess of the chance after a farkle of the mover
// of s: that of a neighbor solved before, or 1/4.
func (t *Table) guess(s [N]int) float64 {
	m := t.m
	at := func(p [N]int) float64 { return t.w[N*m.pos(p)+3] }
	x, y, z, u := s[0], s[1], s[2], s[3]
	// The farkle leads to (y, z, u, x), where the mover of s is last.
	switch {
	case x+2 < m.nS:
		return min(max(2*at([N]int{y, z, u, x + 1})-at([N]int{y, z, u, x + 2}), 0), 1)
	case x+1 < m.nS:
		return at([N]int{y, z, u, x + 1})
	case u+1 < m.nS:
		return at([N]int{y, z, u + 1, x})
	case z+1 < m.nS:
		return at([N]int{y, z + 1, u, x})
	case y+1 < m.nS:
		return at([N]int{y + 1, z, u, x})
	}
	return 1.0 / N
}

// members returns the number of distinct rotations of s.
func members(s [N]int) int {
	switch {
	case s[0] == s[1] && s[1] == s[2] && s[2] == s[3]:
		return 1
	case s[0] == s[2] && s[1] == s[3]:
		return 2
	}
	return N
}

// solveClass solves the class of s, its canonical rotation.
func (t *Table) solveClass(bs *[N]*dpBuf, s0 [N]int) (dps int, mixes []Mix) {
	m := t.m
	c := class{t: t, bs: bs, m: members(s0)}
	c.s[0] = s0
	for i := 1; i < N; i++ {
		c.s[i] = rotScores(c.s[i-1])
	}
	var s sol
	for i := range c.m {
		s.f[i] = t.guess(c.s[i])
	}
	free := []int{0, 1, 2, 3}[:c.m]
	s = c.polish(c.solve(free, s))
	w := c.linsolve(&s.pc)
	for i := range c.m {
		copy(t.w[N*m.pos(c.s[i]):][:N], w[i][:])
		if mx := s.mix[i]; mx.on {
			var sc [N]int
			for q := range N {
				sc[q] = c.s[i][q] * m.step
			}
			mixes = append(mixes, Mix{Scores: sc, Weight: c.pureWeight(i, s.pc[i], c.phi(&w, i), mx.l)})
		}
	}
	return c.dps, mixes
}

// canonical reports whether s is the least of its rotations.
func canonical(s [N]int) bool {
	r := s
	for range N - 1 {
		r = rotScores(r)
		if slices.Compare(r[:], s[:]) < 0 {
			return false
		}
	}
	return true
}

// solveAll fills t.w, the sums of scores from the largest down.
func (t *Table) solveAll(ctx context.Context, opts Options) error {
	m := t.m
	workers, err := kit.Workers(opts.Workers)
	if err != nil {
		return err
	}
	top := N * (m.nS - 1)
	var classes [][N]int32
	var mu sync.Mutex
	var dps atomic.Int64
	hi := m.nS - 1
	for sum := top; sum >= 0; sum-- {
		if err := ctx.Err(); err != nil {
			return err
		}
		classes = classes[:0]
		for x := max(0, sum-3*hi); x <= min(sum, hi); x++ {
			for y := max(0, sum-x-2*hi); y <= min(sum-x, hi); y++ {
				for z := max(0, sum-x-y-hi); z <= min(sum-x-y, hi); z++ {
					if s := [N]int{x, y, z, sum - x - y - z}; canonical(s) {
						classes = append(classes, [N]int32{int32(x), int32(y), int32(z), int32(s[3])})
					}
				}
			}
		}
		w := min(workers, len(classes))
		bufs := make([][N]*dpBuf, w)
		for i := range bufs {
			for j := range N {
				bufs[i][j] = m.getBuf()
			}
		}
		kit.Share(w, len(classes), func(i, q int) {
			cl := classes[q]
			n, mx := t.solveClass(&bufs[i], [N]int{int(cl[0]), int(cl[1]), int(cl[2]), int(cl[3])})
			dps.Add(int64(n))
			if len(mx) > 0 {
				mu.Lock()
				t.mix = append(t.mix, mx...)
				mu.Unlock()
			}
		})
		for _, bs := range bufs {
			for _, b := range bs {
				m.putBuf(b)
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
func cmpScores(a, b [N]int) int {
	sa, sb := a[0]+a[1]+a[2]+a[3], b[0]+b[1]+b[2]+b[3]
	if sa != sb {
		if sa > sb {
			return -1
		}
		return 1
	}
	return slices.Compare(a[:], b[:])
}
