package three

import (
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"sync"
	"sync/atomic"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/rolls"
)

// This file is the final round (see the package documentation, The final
// round). Its three players: A reached the target with a, B (next after
// A) has the first last turn from y, C (after B) the very last from z.
//
// C's last turn needs only one number: C wins by banking more than the
// highest of the others, so C rolls until the turn total reaches what it
// needs and banks; its chance is the chance that a turn banks at least k
// steps, reach[k], the same for every position (solveReach). A chance
// under reachEps counts as 0, so reach is finite.
//
// B's last turn is a dynamic program of its own for each (a, z): B's bank
// at score u is worth 1 - (C's chance to end above u) if u > a, else 0,
// and A wins what neither B nor C wins. The values of the dynamic program
// over u serve every y at once: a bank at u needs u - y at least B's
// minimum, so the few totals below y + minimum are run again for each y
// without a bank (the window). finalRow keeps the start of B's turn for
// every y of one (a, z), computed on first use: B's chance and A's.

// reachEps is the chance of a last turn to end above the others under
// which it counts as 0 (see the package documentation).
const reachEps = 1e-18

// maxReach bounds the turn totals, in steps, that the last turn's chance
// is followed to: rules of huge points in tiny steps are refused with
// ErrTooLarge rather than followed for ever.
const maxReach = 1 << 16

// finalModel is what the final round adds to a model.
type finalModel struct {
	reach []float64 // reach[k]: a turn banks at least k steps; 0 from len(reach) on
	rr    []float64 // rr[(k-1)*6+n-1]: the same from k steps short with n dice to roll
	pfMin float64   // the least chance of a farkle over the numbers of dice
	mbMax int       // the largest minimum to bank, in steps
	nA    int       // rows of the trigger's score: a - nS from 0 to nA-1
	nvB   int       // scores a row of B's dynamic program
	bOffs [farkle.MaxDice + 1][]int32
	rows  []atomic.Pointer[[]atomic.Pointer[[]float64]] // [a-nS][z]: B's start for each y, (A's chance, B's chance)
	pool  sync.Pool                                     // *bBuf
}

// solveReach fills the chances of a last turn, from the groups g of every
// keep (the order of the options does not matter here: the most chance).
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
	fm.nvB = m.nS + len(fm.reach) + fm.mbMax + m.jump + 2
	fm.rows = make([]atomic.Pointer[[]atomic.Pointer[[]float64]], fm.nA) // the z of each a on first use
	return nil
}

// reachFrom returns the chance of a last turn to bank at least k more
// steps with n dice to roll: 1 for k <= 0 (it banks).
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

// beat returns the chance of the player at z, in a last turn, to end
// above h: to bank at least h - z + 1 steps, and the player's minimum.
func (m *model) beat(h, z int) float64 { return m.reachAt(max(h-z+1, m.minBank(z))) }

// finalCut returns the cap of the turn of (x, y, z) with a final round
// for chances after a farkle of at most fhi to the mover: the least turn
// total from kc on at which, and above which, banking is the best play
// with any number of dice. A bank to a >= the target leaves the mover at
// least 1 - beat(a, y) - beat(a, z) (a player ends above a only by a last
// turn that banks that much), and rolling n dice is worth at most
// pf[n]*f + 1 - pf[n], since no chance exceeds 1; so banking is the best
// play once beat(a, y) + beat(a, z) <= pfMin*(1-fhi), which stays true at
// every larger total.
func (m *model) finalCut(x, y, z int, fhi float64) int {
	thr := m.fin.pfMin * max(1-fhi, 0)
	for k := m.kc(x); ; k++ {
		if a := x + k; m.beat(a, y)+m.beat(a, z) <= thr {
			return k
		}
	}
}

// finalVec returns the chances of A, B and C when A has reached a (an
// index at or above nS) with B at y to play a last turn, then C at z: A's
// bank into the final round.
func (m *model) finalVec(a, y, z int) [3]float64 {
	ai := a - m.nS
	if ai >= m.fin.nA {
		// Neither B nor C can end above a: a chance under reachEps.
		return [3]float64{1, 0, 0}
	}
	row := m.finalRow(ai, z)
	va, vb := row[2*y], row[2*y+1]
	return [3]float64{va, vb, 1 - va - vb}
}

// finalRow returns B's start of (nS+ai, z) for every y, computing it on
// first use; concurrent first uses compute the same row, and one is kept.
func (m *model) finalRow(ai, z int) []float64 {
	byZ := m.fin.rows[ai].Load()
	if byZ == nil {
		fresh := make([]atomic.Pointer[[]float64], m.nS)
		m.fin.rows[ai].CompareAndSwap(nil, &fresh)
		byZ = m.fin.rows[ai].Load()
	}
	p := &(*byZ)[z]
	if r := p.Load(); r != nil {
		return *r
	}
	b := m.getBBuf()
	defer m.putBBuf(b)
	a := m.nS + ai
	m.bRun(b, a, z, 0)
	row := make([]float64, 2*m.nS)
	for y := range m.nS {
		m.bWindow(b, y)
		vb, va := m.bCell(b, y, farkle.MaxDice)
		row[2*y], row[2*y+1] = va, vb
	}
	p.CompareAndSwap(nil, &row)
	return *p.Load()
}

// A bBuf holds B's last turn for one (a, z): for each number of dice n
// (row n-1) and score u from lo, the cell at 2*((n-1)*nvB + u - lo) of c
// holds B's chance and A's; C's is the rest. w holds the window of one y:
// the scores y to y+mb-1, where B may not bank, at 2*((n-1)*mbMax + u-y).
type bBuf struct {
	c        []float64
	w        []float64
	a, z     int
	lo, top  int // the scores of c: lo to top+jump; banking is best from top on
	y, wEnd  int // the window: scores y to wEnd-1
	cA, lose float64
}

func (m *model) getBBuf() *bBuf {
	if b, ok := m.fin.pool.Get().(*bBuf); ok {
		return b
	}
	return &bBuf{c: make([]float64, 2*farkle.MaxDice*m.fin.nvB), w: make([]float64, 2*farkle.MaxDice*m.fin.mbMax)}
}

func (m *model) putBBuf(b *bBuf) { m.fin.pool.Put(b) }

// bBank returns B's chance and A's when B banks to u (or ends there).
func (m *model) bBank(b *bBuf, u int) (vb, va float64) {
	if u > b.a {
		return 1 - m.beat(u, b.z), 0
	}
	return 0, b.lose
}

// bRun runs B's last turn for A at a and C at z, in b, for the scores
// from the cap down to lo (which must be at least the cap minus nvB plus
// jump plus 2), banking allowed wherever it would win; the window is
// cleared.
func (m *model) bRun(b *bBuf, a, z, lo int) {
	fm := &m.fin
	b.a, b.z, b.lo, b.y, b.wEnd = a, z, lo, 0, 0
	b.cA = m.beat(a, z)
	b.lose = 1 - b.cA
	top := max(a+1, m.nS-1+fm.mbMax)
	for m.beat(top, z) > fm.pfMin {
		top++
	}
	b.top = top
	nv := fm.nvB
	lo = min(lo, top)
	b.lo = lo
	for u := top; u <= top+m.jump; u++ {
		vb, va := m.bBank(b, u)
		for n := range farkle.MaxDice {
			at := 2 * (n*nv + u - lo)
			b.c[at], b.c[at+1] = vb, va
		}
	}
	for u := top - 1; u >= lo; u-- {
		bb, ba := m.bBank(b, u)
		ck := b.c[2*(u-lo):]
		for n := 1; n <= farkle.MaxDice; n++ {
			vb, va := m.bRoll(ck, n, b.lose)
			if bb >= vb {
				vb, va = bb, ba
			}
			at := 2 * ((n-1)*nv + u - lo)
			b.c[at], b.c[at+1] = vb, va
		}
	}
}

// bRoll returns B's chance and A's when B rolls n dice, from the cells at
// larger scores (ck starts at the cell of the score rolled from, row 0):
// the best keep of each roll for B, the first of the best in the order of
// the tie rule; a farkle leaves A's chance lose.
func (m *model) bRoll(ck []float64, n int, lose float64) (vb, va float64) {
	offs, prob := m.fin.bOffs[n], m.prob[n]
	for s, c := range m.count[n] {
		o := offs[0]
		best := ck[o]
		for _, off := range offs[1:c] {
			if ck[off] > best {
				best, o = ck[off], off
			}
		}
		offs = offs[c:]
		q := prob[s]
		vb += q * best
		va += q * ck[o+1]
	}
	return vb, va + m.pf[n]*lose
}

// bCell returns B's chance and A's at score u with n dice in b: a bank
// from the cap on; else the dynamic program's, in the window of the last
// bWindow if u is in it.
func (m *model) bCell(b *bBuf, u, n int) (vb, va float64) {
	switch {
	case u >= b.top:
		return m.bBank(b, u)
	case u >= b.y && u < b.wEnd:
		at := 2 * ((n-1)*m.fin.mbMax + u - b.y)
		return b.w[at], b.w[at+1]
	}
	at := 2 * ((n-1)*m.fin.nvB + u - b.lo)
	return b.c[at], b.c[at+1]
}

// bRollAt is bRoll for any score u, through bCell: for the window, and
// for keeps that Advise weighs.
func (m *model) bRollAt(b *bBuf, u, n int) (vb, va float64) {
	start := 0
	for s, c := range m.count[n] {
		bestB, bestA := -1.0, 0.0
		for o := start; o < start+int(c); o++ {
			cb, ca := m.bCell(b, u+int(m.optSteps[n][o]), int(m.optLeft[n][o]))
			if cb > bestB {
				bestB, bestA = cb, ca
			}
		}
		start += int(c)
		q := m.prob[n][s]
		vb += q * bestB
		va += q * bestA
	}
	return vb, va + m.pf[n]*b.lose
}

// bWindow runs the scores y to y+mb-1 of B at y again, where B may not
// bank (a turn total under B's minimum), into b's window.
func (m *model) bWindow(b *bBuf, y int) {
	mb := m.minBank(y)
	// A roll reads only larger scores, so the window's rows are read once
	// filled, from the top down.
	b.y, b.wEnd = y, y+mb
	for u := y + mb - 1; u >= y; u-- {
		for n := 1; n <= farkle.MaxDice; n++ {
			vb, va := m.bRollAt(b, u, n)
			at := 2 * ((n-1)*m.fin.mbMax + u - y)
			b.w[at], b.w[at+1] = vb, va
		}
	}
}

// setBOffs fills the offsets of B's options, once the options are
// sorted by the tie rule.
func (m *model) setBOffs() {
	for n := 1; n <= farkle.MaxDice; n++ {
		for o := range m.optSteps[n] {
			m.fin.bOffs[n] = append(m.fin.bOffs[n], 2*((m.optLeft[n][o]-1)*int32(m.fin.nvB)+m.optSteps[n][o]))
		}
	}
}

// lastNeed returns the turn total, in steps, that C at st.x needs in the
// very last turn: to end above both others, and C's minimum.
func (m *model) lastNeed(st pos) int {
	return max(max(st.y, st.z)-st.x+1, m.minBank(st.x))
}

// lastSplit returns the chances of the very last turn, mover (C) first,
// for C's chance c: if C does not win, the higher of the others wins, the
// one who reached the target (next) on a tie.
func lastSplit(st pos, c float64) [3]float64 {
	if st.y >= st.z {
		return [3]float64{c, 1 - c, 0}
	}
	return [3]float64{c, 0, 1 - c}
}

// lastVec returns the chances at st, the very last turn: C banks as soon
// as it has what it needs, and rolls until then.
func (m *model) lastVec(st pos) [3]float64 {
	need := m.lastNeed(st)
	c := 1.0
	if st.k < need {
		c = m.reachFrom(need-st.k, st.n)
	}
	return lastSplit(st, c)
}

// lastRoll returns C's chance when rolling n dice k steps short of what
// it needs (k <= 0: it has enough, and rolls anyway: any keep, then a
// bank).
func (m *model) lastRoll(k, n int) float64 {
	if k <= 0 {
		return 1 - m.pf[n]
	}
	return m.reachFrom(k, n)
}

// firstOut reports whether B at st cannot end above A in this turn: a
// chance under reachEps, which counts as 0.
func (m *model) firstOut(st pos) bool {
	return st.z-(st.x+st.k)+1 >= len(m.fin.reach)
}

// outVec returns the chances of the first last turn, mover (B) first, when
// B does not end above A: C's chance to, and A's.
func (m *model) outVec(st pos) [3]float64 {
	c := m.beat(st.z, st.y)
	return [3]float64{0, c, 1 - c}
}

// firstRun runs B's last turn at st in b, with the window of B's score
// when the turn total is under B's minimum.
func (m *model) firstRun(b *bBuf, st pos) {
	y, u := st.x, st.x+st.k
	mb := m.minBank(y)
	lo := u
	if st.k < mb {
		lo = y
	}
	m.bRun(b, st.z, st.y, lo)
	if st.k < mb {
		m.bWindow(b, y)
	}
}

// bVec returns the chances of B's turn, mover (B) first, from B's and A's.
func bVec(vb, va float64) [3]float64 { return [3]float64{vb, 1 - vb - va, va} }

// firstVec returns the chances at st, the first last turn of a final
// round (B to move, C next, A after).
func (m *model) firstVec(st pos) [3]float64 {
	if m.firstOut(st) {
		return m.outVec(st)
	}
	b := m.getBBuf()
	defer m.putBBuf(b)
	m.firstRun(b, st)
	return bVec(m.bCell(b, st.x+st.k, st.n))
}
