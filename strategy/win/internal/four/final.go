package four

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/rolls"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// This file is the final round of four players (see the package
// documentation and docs/research.md, Four players, exactly). A reached
// the target with a; B, C and D, in order of play after A, each have one
// last turn, from y, z and w; the highest score wins, a tie going to the
// player who reached it first in order of play from A.
//
// D's last turn needs one number, as C's does with three players: D wins
// by banking more than the highest of the others, so D rolls until the
// turn total reaches what it needs and banks; its chance is reach[k], a
// turn's chance to bank at least k steps (solveReach).
//
// C's last turn is a dynamic program for each (h, w), h the highest score
// of A and B after B's turn: C's bank at v is worth 1 - beat(v, w) to C
// and beat(v, w) to D if v > h, else nothing to C and beat(h, w) to D;
// the holder of h wins the rest. One run over the scores v serves every
// z (the window of the minimum bank run again for each z, as B's with
// three players): cRow keeps C's start for every z of one (h, w), two
// float64s each (C's chance, D's).
//
// B's last turn is a dynamic program for each (a, z, w): B's bank at u is
// worth, if u > a, B's chance 1 - C's - D's of C's row (u, w) at z, else
// nothing to B, and A holds the highest. It reads C's rows (u, w) for the
// totals u from a up to its cap; bRow keeps B's start for every y of one
// (a, z, w), three float64s each (B's, A's and C's chances; D's is the
// rest).
//
// Memory: C's rows are at most nA*nS of 2*nS float64s (nA the scores
// above the target that a last turn can pass, 470 steps under Core
// scoring: 27 MB at target 3,000), B's rows at most nA*nS*nS of 3*nS,
// but only the a that the turns before the final round bank to are ever
// asked: the cap of a turn (finalCut, for chances after a farkle halfway
// to 1) stops where the last turns' chances to pass a are under the least
// chance of a farkle, 98 steps above the target at 1,000 under Core
// scoring (158 under App), where nearly every (a, z, w) is asked: 37,315
// rows of B, 18 MB (146,064, 140 MB, at 2,000). At 3,000 that bounds B's rows by 98*60^3*24 bytes,
// some 510 MB (820 MB under App), beside the table's 415 MB. Rows are
// computed on first use and kept: a bank into the final round from any
// position with the same (z, w) reads the same row.

// reachEps is the chance of a last turn to end above the others under
// which it counts as 0.
const reachEps = 1e-18

// maxReach bounds the turn totals, in steps, that a last turn's chance is
// followed to.
const maxReach = 1 << 16

// finalModel is what the final round adds to a model.
type finalModel struct {
	reach []float64                                     // reach[k]: a turn banks at least k steps; 0 from len(reach) on
	rr    []float64                                     // rr[(k-1)*6+n-1]: the same from k steps short with n dice to roll
	pfMin float64                                       // the least chance of a farkle over the numbers of dice
	mbMax int                                           // the largest minimum to bank, in steps
	nA    int                                           // scores at or above the target a last turn can pass: h - nS from 0 to nA-1
	nvL   int                                           // scores a row of a last turn's dynamic program
	cRows []atomic.Pointer[[]atomic.Pointer[[]float64]] // [h-nS][w]: C's start for each z, (C's, D's)
	bRows []atomic.Pointer[[]atomic.Pointer[[]float64]] // [a-nS][z*nS+w]: B's start for each y, (B's, A's, C's)
	pool  [4]sync.Pool                                  // *lastBuf by width
	offs  [4][farkle.MaxDice + 1][]int32                // offs[K][n][o]: option o of n dice reads the cell at K*u + offs of a lastBuf
}

// setLastOffs fills the offsets of the options in a lastBuf, once the
// options are sorted by the tie rule.
func (m *model) setLastOffs() {
	for _, K := range []int32{2, 3} {
		for n := 1; n <= farkle.MaxDice; n++ {
			for o := range m.optSteps[n] {
				m.fin.offs[K][n] = append(m.fin.offs[K][n], K*((m.optLeft[n][o]-1)*int32(m.fin.nvL)+m.optSteps[n][o]))
			}
		}
	}
}

// solveReach fills the chances of the very last turn from the groups g
// of every keep.
func (m *model) solveReach(g *[farkle.MaxDice + 1]rolls.Group) error {
	const nd = farkle.MaxDice
	fm := &m.fin
	fm.pfMin = 1
	for n := 1; n <= nd; n++ {
		fm.pfMin = min(fm.pfMin, g[n].Farkle)
	}
	fm.reach = []float64{1}
	for k := 1; ; k++ {
		if k > maxReach {
			return &kit.SolveFault{Err: ErrTooLarge,
				Detail: fmt.Sprintf("the last turn of a final round, beyond %d steps of %d", maxReach, m.step)}
		}
		hi := 0.0
		for n := 1; n <= nd; n++ {
			gn := &g[n]
			var roll float64
			for s, p := range gn.Prob {
				best := 0.0
				for _, o := range gn.Opts[gn.Start[s]:gn.Start[s+1]] {
					best = max(best, m.reachFrom(k-int(o.Steps), int(o.Left)))
				}
				roll += p * best
			}
			fm.rr = append(fm.rr, roll)
			hi = max(hi, roll)
		}
		if hi < reachEps {
			break
		}
		fm.reach = append(fm.reach, fm.rr[(k-1)*nd+nd-1])
	}
	fm.mbMax = max(m.minBankK, m.firstK)
	fm.nA = len(fm.reach)
	fm.nvL = m.nS + 2*len(fm.reach) + fm.mbMax + m.jump + 2
	fm.cRows = make([]atomic.Pointer[[]atomic.Pointer[[]float64]], fm.nA)
	fm.bRows = make([]atomic.Pointer[[]atomic.Pointer[[]float64]], fm.nA)
	return nil
}

// reachFrom returns the chance of a last turn to bank at least k more
// steps with n dice to roll: 1 for k <= 0.
func (m *model) reachFrom(k, n int) float64 {
	if k <= 0 {
		return 1
	}
	if k < len(m.fin.reach) {
		return m.fin.rr[(k-1)*farkle.MaxDice+n-1]
	}
	return 0
}

// reachAt returns the chance of a last turn to bank at least k steps.
func (m *model) reachAt(k int) float64 {
	if k < len(m.fin.reach) {
		return m.fin.reach[max(k, 0)]
	}
	return 0
}

// beat returns the chance of the player at z, in the very last turn, to
// end above h: to bank at least h - z + 1 steps, and the player's minimum.
func (m *model) beat(h, z int) float64 { return m.reachAt(max(h-z+1, m.minBank(z))) }

// finalCut returns the cap of the turn of s with a final round for
// chances after a farkle of at most fhi to the mover: the least turn
// total from kc on at which, and above which, banking is the best play.
// A bank to a leaves the mover at least 1 minus the sum of the others'
// beat(a, ·) (a player ends above a only by a last turn that banks that
// much), and rolling n dice is worth at most pf[n]*f + 1 - pf[n].
func (m *model) finalCut(s [N]int, fhi float64) int {
	thr := m.fin.pfMin * max(1-fhi, 0)
	for k := m.kc(s[0]); ; k++ {
		if m.beats(s, k) <= thr {
			return k
		}
	}
}

// beats returns the sum of the others' chances to end above the mover of
// s banking k steps, each alone: the bound of finalCut.
func (m *model) beats(s [N]int, k int) float64 {
	a := s[0] + k
	return m.beat(a, s[1]) + m.beat(a, s[2]) + m.beat(a, s[3])
}

// finalVec returns the chances of A, B, C and D when A has reached a (an
// index at or above nS) with B at y, C at z and D at w to play their last
// turns.
func (m *model) finalVec(a, y, z, w int) [N]float64 {
	ai := a - m.nS
	if ai >= m.fin.nA {
		return [N]float64{1, 0, 0, 0}
	}
	row := m.bRow(ai, z, w)
	vb, va, vc := row[3*y], row[3*y+1], row[3*y+2]
	return [N]float64{va, vb, vc, 1 - va - vb - vc}
}

// rowOf returns the slot of row j of the rows at i, making the rows at i
// on first use.
func rowOf(rows []atomic.Pointer[[]atomic.Pointer[[]float64]], i, j, n int) *atomic.Pointer[[]float64] {
	byJ := rows[i].Load()
	if byJ == nil {
		fresh := make([]atomic.Pointer[[]float64], n)
		rows[i].CompareAndSwap(nil, &fresh)
		byJ = rows[i].Load()
	}
	return &(*byJ)[j]
}

// cRow returns C's start of (nS+hi, w) for every z, (C's chance, D's),
// computing it on first use; nil if no last turn can pass nS+hi.
func (m *model) cRow(hi, w int) []float64 {
	if hi >= m.fin.nA {
		return nil
	}
	p := rowOf(m.fin.cRows, hi, w, m.nS)
	if r := p.Load(); r != nil {
		return *r
	}
	b := m.getLast(2)
	defer m.putLast(b)
	m.cRun(b, m.nS+hi, w, 0)
	row := make([]float64, 2*m.nS)
	for z := range m.nS {
		m.window(b, z)
		v := m.lastCell(b, z, farkle.MaxDice)
		row[2*z], row[2*z+1] = v[0], v[1]
	}
	p.CompareAndSwap(nil, &row)
	return *p.Load()
}

// cAt returns C's and D's chances from the start of C's turn at z with
// the highest h (at or above nS) and D at w.
func (m *model) cAt(h, z, w int) (vc, vd float64) {
	row := m.cRow(h-m.nS, w)
	if row == nil {
		return 0, 0
	}
	return row[2*z], row[2*z+1]
}

// bRow returns B's start of (nS+ai, z, w) for every y, (B's, A's, C's),
// computing it on first use.
func (m *model) bRow(ai, z, w int) []float64 {
	p := rowOf(m.fin.bRows, ai, z*m.nS+w, m.nS*m.nS)
	if r := p.Load(); r != nil {
		return *r
	}
	b := m.getLast(3)
	defer m.putLast(b)
	m.bRun(b, m.nS+ai, z, w, 0)
	row := make([]float64, 3*m.nS)
	for y := range m.nS {
		m.window(b, y)
		v := m.lastCell(b, y, farkle.MaxDice)
		row[3*y], row[3*y+1], row[3*y+2] = v[0], v[1], v[2]
	}
	p.CompareAndSwap(nil, &row)
	return *p.Load()
}

// A lastBuf holds one last turn's dynamic program, C's (width 2: C's
// chance, D's) or B's (width 3: B's, A's, C's): for each number of dice n
// (row n-1) and score u from lo, the cell at K*((n-1)*nvL + u - lo) of c;
// the mover's chance first. w holds the window of one starting score y:
// the scores y to y+mb-1, where the mover may not bank.
type lastBuf struct {
	K        int
	c, w     []float64
	r        []float64  // r: as c, the rolls' values before the choice to bank
	lo, top  int        // the scores of c: lo to top+jump; banking is best from top on
	y, wEnd  int        // the window: scores y to wEnd-1
	h, z, w0 int        // the highest (a for B), C's score (B's turn), D's
	lose     [3]float64 // a farkle
}

// bank returns the chances of the mover of b banking at u (see cRun and
// bRun).
func (m *model) bank(b *lastBuf, u int) [3]float64 {
	if b.K == 2 {
		if u > b.h {
			d := m.beat(u, b.w0)
			return [3]float64{1 - d, d}
		}
		return b.lose
	}
	if u > b.h {
		c, d := m.cAt(u, b.z, b.w0)
		return [3]float64{1 - c - d, 0, c}
	}
	return b.lose
}

func (m *model) getLast(K int) *lastBuf {
	if b, ok := m.fin.pool[K].Get().(*lastBuf); ok {
		return b
	}
	return &lastBuf{K: K, c: make([]float64, K*farkle.MaxDice*m.fin.nvL), r: make([]float64, K*farkle.MaxDice*m.fin.nvL),
		w: make([]float64, K*farkle.MaxDice*m.fin.mbMax)}
}

func (m *model) putLast(b *lastBuf) { m.fin.pool[b.K].Put(b) }

// cRun runs C's last turn for the highest h and D at w, from the cap down
// to lo, banking allowed wherever it may be best; the window is cleared.
func (m *model) cRun(b *lastBuf, h, w, lo int) {
	b.h, b.w0 = h, w
	b.lose = [3]float64{0, m.beat(h, w), 0}
	top := max(h+1, m.nS-1+m.fin.mbMax)
	for m.beat(top, w) > m.fin.pfMin {
		top++
	}
	m.lastRun(b, top, lo)
}

// bRun runs B's last turn for A at a, C at z and D at w, from the cap
// down to lo.
func (m *model) bRun(b *lastBuf, a, z, w, lo int) {
	ca, da := m.cAt(a, z, w)
	b.h, b.z, b.w0 = a, z, w
	b.lose = [3]float64{0, 1 - ca - da, ca}
	top := max(a+1, m.nS-1+m.fin.mbMax)
	for m.beat(top, z)+m.beat(top, w) > m.fin.pfMin {
		top++
	}
	m.lastRun(b, top, lo)
}

// lastRun runs the dynamic program of b from the cap top down to lo:
// from top on banking is the best play (the others' chances to end above
// sum to at most the least chance of a farkle, and a roll is worth at
// most 1 minus that).
func (m *model) lastRun(b *lastBuf, top, lo int) {
	K, nv := b.K, m.fin.nvL
	lo = min(lo, top)
	b.lo, b.top, b.y, b.wEnd = lo, top, 0, 0
	for u := top; u <= top+m.jump; u++ {
		bk := m.bank(b, u)
		for n := range farkle.MaxDice {
			copy(b.c[K*(n*nv+u-lo):][:K], bk[:K])
		}
	}
	var v [3]float64
	for u := top - 1; u >= lo; u-- {
		bk := m.bank(b, u)
		ck := b.c[K*(u-lo):]
		for n := 1; n <= farkle.MaxDice; n++ {
			m.lastRoll(b, ck, n, v[:])
			at := K * ((n-1)*nv + u - lo)
			copy(b.r[at:at+K], v[:K])
			out := b.c[at : at+K]
			if bk[0] >= v[0] {
				copy(out, bk[:K])
			} else {
				copy(out, v[:K])
			}
		}
	}
}

// lastRoll puts in v the chances of rolling n dice from the cells at
// larger scores (ck starts at the cell of the score rolled from, row 0):
// the best keep of each roll for the mover, the first of the best in the
// order of the tie rule.
func (m *model) lastRoll(b *lastBuf, ck []float64, n int, v []float64) {
	K := b.K
	offs, prob := m.fin.offs[K][n], m.prob[n]
	var v0, v1, v2 float64
	for s, c := range m.count[n] {
		o := offs[0]
		best := ck[o]
		for _, off := range offs[1:c] {
			if ck[off] > best {
				best, o = ck[off], off
			}
		}
		offs = offs[c:]
		p := prob[s]
		v0 += p * best
		v1 += p * ck[o+1]
		if K == 3 {
			v2 += p * ck[o+2]
		}
	}
	pf := m.pf[n]
	v[0], v[1], v[2] = v0+pf*b.lose[0], v1+pf*b.lose[1], v2+pf*b.lose[2]
}

// lastCell returns the cell of score u with n dice in b: a bank from the
// cap on; else the dynamic program's, in the window of the last window if
// u is in it.
func (m *model) lastCell(b *lastBuf, u, n int) [3]float64 {
	var v [3]float64
	switch {
	case u >= b.top:
		return m.bank(b, u)
	case u >= b.y && u < b.wEnd:
		copy(v[:b.K], b.w[b.K*((n-1)*m.fin.mbMax+u-b.y):])
	default:
		copy(v[:b.K], b.c[b.K*((n-1)*m.fin.nvL+u-b.lo):])
	}
	return v
}

// lastRollAt is lastRoll for any score u, through lastCell: for the
// window, and for the keeps that Advise weighs.
func (m *model) lastRollAt(b *lastBuf, u, n int) [3]float64 {
	var v [3]float64
	start := 0
	for s, c := range m.count[n] {
		best := [3]float64{-1}
		for o := start; o < start+int(c); o++ {
			if cv := m.lastCell(b, u+int(m.optSteps[n][o]), int(m.optLeft[n][o])); cv[0] > best[0] {
				best = cv
			}
		}
		start += int(c)
		p := m.prob[n][s]
		for i := range b.K {
			v[i] += p * best[i]
		}
	}
	for i := range b.K {
		v[i] += m.pf[n] * b.lose[i]
	}
	return v
}

// window runs the scores y to y+mb-1 of the mover at y again, where the
// mover may not bank (a turn total under the minimum), into b's window.
func (m *model) window(b *lastBuf, y int) {
	mb := m.minBank(y)
	b.y, b.wEnd = y, y+mb
	K := b.K
	for u := y + mb - 1; u >= y; u-- {
		if u >= b.top {
			continue
		}
		for n := 1; n <= farkle.MaxDice; n++ {
			at := K * ((n-1)*m.fin.mbMax + u - y)
			if u == y+mb-1 {
				// The top of the window reads only cells above it: its
				// roll is the one the run computed.
				copy(b.w[at:at+K], b.r[K*((n-1)*m.fin.nvL+u-b.lo):][:K])
				continue
			}
			v := m.lastRollAt(b, u, n)
			copy(b.w[at:at+K], v[:K])
		}
	}
}

// dHolder returns the index in s (1 to 3) of the one who holds the
// highest of the scores of s[1:] (A, B, C in order of play from A): the
// first of the highest.
func dHolder(s [N]int) int {
	h := 1
	for i := 2; i < N; i++ {
		if s[i] > s[h] {
			h = i
		}
	}
	return h
}

// dNeed returns the turn total, in steps, that D at s[0] needs in the
// very last turn: to end above every other, and D's minimum.
func (m *model) dNeed(s [N]int) int {
	return max(s[dHolder(s)]-s[0]+1, m.minBank(s[0]))
}

// dSplit returns the chances of the very last turn, mover (D) first, for
// D's chance d: if D does not win, the holder of the highest does.
func dSplit(s [N]int, d float64) [N]float64 {
	var v [N]float64
	v[0] = d
	v[dHolder(s)] = 1 - d
	return v
}

// dRoll returns D's chance when rolling n dice k steps short of what it
// needs (k <= 0: it has enough, and rolls anyway: any keep, then a bank).
func (m *model) dRoll(k, n int) float64 {
	if k <= 0 {
		return 1 - m.pf[n]
	}
	return m.reachFrom(k, n)
}

// lastRunAt runs the last turn of st (roles B and C) in b, down to its
// turn total, with the window of the mover's score under its minimum;
// it reports false where the turn's players cannot pass the highest
// score (a chance under reachEps): then b is not run.
func (m *model) lastRunAt(b *lastBuf, st pos) bool {
	s := st.s
	lo := s[0] + st.k
	if st.k < m.minBank(s[0]) {
		lo = s[0]
	}
	switch st.role {
	case roleB:
		if s[3]-m.nS >= m.fin.nA {
			return false
		}
		m.bRun(b, s[3], s[1], s[2], lo)
	default:
		if max(s[2], s[3])-m.nS >= m.fin.nA {
			return false
		}
		m.cRun(b, max(s[2], s[3]), s[1], lo)
	}
	if st.k < m.minBank(s[0]) {
		m.window(b, s[0])
	}
	return true
}

// lastOf returns the chances of a cell of the last turn of st, mover
// first: B's (B, A, C) as (B, C, D, A); C's (C, D) as (C, D, A, B), the
// holder of the highest of A and B (A on a tie) winning the rest.
func lastOf(st pos, v [3]float64) [N]float64 {
	if st.role == roleB {
		return [N]float64{v[0], v[2], 1 - v[0] - v[1] - v[2], v[1]}
	}
	r := [N]float64{v[0], v[1], 0, 0}
	if st.s[2] >= st.s[3] {
		r[2] = 1 - v[0] - v[1]
	} else {
		r[3] = 1 - v[0] - v[1]
	}
	return r
}

// outVec returns the chances of the last turn of st where its players
// cannot pass the highest score (a chance under reachEps): the holder
// wins; or, if the mover's turn total has passed it already, the mover
// banks and wins.
func outVec(st pos) [N]float64 {
	switch {
	case st.s[0]+st.k > max(st.s[2], st.s[3]):
		return [N]float64{1, 0, 0, 0}
	case st.role == roleB:
		return [N]float64{0, 0, 0, 1}
	case st.s[2] >= st.s[3]:
		return [N]float64{0, 0, 1, 0}
	}
	return [N]float64{0, 0, 0, 1}
}

// lastVec returns the chances at st, a last turn of a final round.
func (m *model) lastVec(st pos) [N]float64 {
	if st.role == roleD {
		need := m.dNeed(st.s)
		d := 1.0
		if st.k < need {
			d = m.reachFrom(need-st.k, st.n)
		}
		return dSplit(st.s, d)
	}
	K := 3
	if st.role == roleC {
		K = 2
	}
	b := m.getLast(K)
	defer m.putLast(b)
	if !m.lastRunAt(b, st) {
		return outVec(st)
	}
	return lastOf(st, m.lastCell(b, st.s[0]+st.k, st.n))
}

// lastLost returns the chances of a farkle in the last turn of st.
func (m *model) lastLost(st pos) [N]float64 {
	if st.role == roleD {
		return dSplit(st.s, 0)
	}
	K := 3
	if st.role == roleC {
		K = 2
	}
	b := m.getLast(K)
	defer m.putLast(b)
	if !m.lastRunAt(b, st) {
		st.k = 0 // the holder wins
		return outVec(st)
	}
	return lastOf(st, b.lose)
}
