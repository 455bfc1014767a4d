package three

import (
	"math"
	"slices"
	"sync/atomic"

	"github.com/farkle-go/farkle"
)

// The first turn run of every member of every class of a layer reads the
// guess of its chance after a farkle only (guess), from the layers solved
// before: those runs are independent of each other, and so are the second
// runs, which read the class's first plays only (see firstRuns). The
// solver runs them lanes at a time, in startLanes: rollLanes does what
// rollAtI does (the best keep of each roll group, the sums, the crossings
// that narrow the interval) for lanes turns at once, in assembly where the
// processor has AVX, and the rest of startPieceI (banking) goes on lane by
// lane in Go, so that every value, interval and cell is that of
// startPieceI to the bit. Each lane's cells go to its member's buffer
// too, so that the member's later runs go on from it as from
// startPieceI's.

// lanes is the number of turns that startLanes runs at once: four
// float64s, one 256-bit register.
const lanes = 4

// laneCell is the number of float64s of a cell of a laneBuf: v, e, p and
// nx, each for the lanes.
const laneCell = 4 * lanes

// useLanes says whether solveAll runs the first and second turns in
// lanes: where rollLanes is in assembly (lanesFast); in Go, the lanes
// are slower than the scalar runs (4.8 CPU s against 4.3 for Core 2,500
// without a final round). The tests set it, to compare the two.
var useLanes = lanesFast()

// A laneBuf holds the dynamic programs of lanes turns at once: the cell
// of n dice (row n-1) and turn total k at laneCell*((n-1)*nv + k) of c,
// v of the lanes first, then e, p and nx.
type laneBuf struct {
	c    []float64
	offs [farkle.MaxDice + 1][]int32 // m.offs in float64s of c
}

func (m *model) newLaneBuf() *laneBuf {
	lb := &laneBuf{c: make([]float64, laneCell*farkle.MaxDice*m.nv)}
	for n := 1; n <= farkle.MaxDice; n++ {
		lb.offs[n] = make([]int32, len(m.offs[n]))
		for i, o := range m.offs[n] {
			lb.offs[n][i] = o / 4 * laneCell
		}
	}
	return lb
}

// A laneState is the state of rollLanes for each lane: the chance after
// a farkle f, the interval [lo, hi] (narrowed by rollLanes), and the sums
// of e, p and nx over the roll groups.
type laneState struct {
	f, lo, hi [lanes]float64
	sum       [3][lanes]float64
}

// rollLanesGo is rollLanes in Go, the reference of the assembly: for
// each lane l, what rollAtI does for its cells at ck (the l-th of each
// quantity of a laneBuf's cell), its chance after a farkle st.f[l] and
// its interval [st.lo[l], st.hi[l]] (narrowed), but for the farkle's
// part: st.sum gets the sums over the groups (count[g] keeps from offs,
// chance prob[g]) of the chance times the best keep's e, p and nx.
func rollLanesGo(ck []float64, offs []int32, count []uint8, prob []float64, st *laneState) {
	for l := range lanes {
		f, lo, hi := st.f[l], st.lo[l], st.hi[l]
		w := hi - f
		if f-lo > w {
			w = f - lo
		}
		var e, p, nx float64
		at := 0
		for g, c := range count {
			os := offs[at : at+int(c)]
			at += int(c)
			o := os[0] + int32(l)
			if c > 1 {
				best, second := ck[o], -1.0
				for _, off := range os[1:] {
					if v := ck[off+int32(l)]; v > best {
						best, second, o = v, best, off+int32(l)
					} else if v > second {
						second = v
					}
				}
				if best-second < w {
					pb := ck[o+2*lanes]
					ml, dl, mh, dh := 1.0, 0.0, 1.0, 0.0 // +Inf
					for _, off := range os {
						off += int32(l)
						mg := best - ck[off]
						if off == o || mg >= w {
							continue
						}
						if ds := pb - ck[off+2*lanes]; ds > 0 {
							if mg*dl < ml*ds {
								ml, dl = mg, ds
							}
						} else if ds < 0 {
							if mg*dh < mh*-ds {
								mh, dh = mg, -ds
							}
						}
					}
					if dl > 0 {
						if v := f - ml/dl; v > lo {
							lo = v
						}
					}
					if dh > 0 {
						if v := f + mh/dh; v < hi {
							hi = v
						}
					}
					w = hi - f
					if f-lo > w {
						w = f - lo
					}
				}
			}
			q := prob[g]
			e += q * ck[o+lanes]
			p += q * ck[o+2*lanes]
			nx += q * ck[o+3*lanes]
		}
		st.lo[l], st.hi[l] = lo, hi
		st.sum[0][l], st.sum[1][l], st.sum[2][l] = e, p, nx
	}
}

// A firstRun is a run of a member's turn by startLanes, for its class's
// solve to take (see class.pieceI): what startPieceI returns for the
// chance after a farkle f. guess is the guess that f is of, unclamped.
type firstRun struct {
	ok       bool
	f, guess float64
	pc       piece
	lo, hi   float64
}

// startLanes is startPieceI for the turns of the positions s[:nl] (nl at
// most lanes) and the chances after a farkle f[:nl], in the buffers
// bufs[:nl], each going on from its buffer's run as startPieceI does:
// each buffer ends as startPieceI leaves it, and res[l] gets
// startPieceI's answer.
func (t *Table) startLanes(lb *laneBuf, s *[lanes][3]int, f *[lanes]float64, nl int, bufs *[lanes]*dpBuf, res *[lanes]firstRun) {
	m := t.m
	nv := m.nv
	r := reach
	// Lane l runs the totals below from[l] (its cap, or the lowest total
	// of its buffer's run kept); a spare lane (l >= nl) none.
	var top, from, mb, kc [lanes]int
	var lo, hi, ff, fcap, beats [lanes]float64
	c := lb.c
	T := 0
	for l := range nl {
		ff[l] = f[l]
		top[l], lo[l], hi[l], fcap[l] = m.firstTop(s[l], ff[l], r)
		mb[l], kc[l] = m.minBank(s[l][0]), m.kc(s[l][0])
		b := bufs[l]
		from[l] = top[l]
		if b.run.ok && b.run.s == s[l] && b.run.top == top[l] {
			k0 := top[l]
			for k := top[l] - 1; k >= 0 && ff[l] > b.lo[k] && ff[l] < b.hi[k]; k-- {
				k0 = k
			}
			if k0 < top[l] {
				lo[l], hi[l] = max(lo[l], b.lo[k0]), min(hi[l], b.hi[k0])
				from[l] = k0
				for k := k0; k < min(top[l], k0+m.jump+1); k++ {
					for n := range farkle.MaxDice {
						cc := b.c[4*(n*nv+k):][:4]
						cc[0] = cc[1] + cc[2]*ff[l]
					}
				}
				// The totals that the lane's read, from the buffer.
				for k := k0; k <= k0+m.jump; k++ {
					for n := range farkle.MaxDice {
						src := b.c[4*(n*nv+k):][:4]
						cell := c[laneCell*(n*nv+k):][:laneCell]
						cell[l], cell[lanes+l], cell[2*lanes+l], cell[3*lanes+l] = src[0], src[1], src[2], src[3]
					}
				}
			}
		}
		b.run.ok, b.run.s, b.run.top = true, s[l], top[l]
		if from[l] == top[l] {
			// Banking at the cap and above (fillTop), as far as the lane's
			// own totals read: a lane's cells above are stale, and the
			// lane's results from totals at its cap and above are not used.
			for k := top[l]; k <= top[l]+m.jump; k++ {
				own, next := t.bankVec(s[l][0], s[l][1], s[l][2], k)
				for n := range farkle.MaxDice {
					cell := c[laneCell*(n*nv+k):][:laneCell]
					cell[l], cell[lanes+l], cell[2*lanes+l], cell[3*lanes+l] = own, own, 0, next
					b.set(n*nv+k, own, own, 0, next)
				}
			}
		}
		T = max(T, from[l])
	}
	for l := nl; l < lanes; l++ {
		ff[l] = ff[0]
	}
	var st laneState
	st.f = ff
	var bo, bn [lanes]float64
	var bank [lanes]bool
	for k := T - 1; k >= 0; k-- {
		for l := range lanes {
			bank[l] = k < from[l] && k >= mb[l]
			if bank[l] {
				bo[l], bn[l] = t.bankVec(s[l][0], s[l][1], s[l][2], k)
			}
			beats[l] = 2
			if m.final && k < from[l] && k >= kc[l] {
				beats[l] = m.beat(s[l][0]+k, s[l][1]) + m.beat(s[l][0]+k, s[l][2])
			}
		}
		rows := m.rows[k]
		for n := 1; n <= farkle.MaxDice; n++ {
			if rows&(1<<n) == 0 {
				continue
			}
			var banks [lanes]bool // banking into the final round is the best play (see startPieceI)
			for l := range lanes {
				banks[l] = beats[l] <= m.pf[n]*max(1-fcap[l], 0)
				st.lo[l], st.hi[l] = ff[l], ff[l] // no crossings above the lane's cap
				if k < from[l] && !banks[l] {
					st.lo[l], st.hi[l] = lo[l], hi[l]
				}
			}
			rollLanes(c[laneCell*k:], lb.offs[n], m.count[n], m.prob[n], &st)
			at := (n-1)*nv + k
			cell := c[laneCell*at:][:laneCell]
			for l := range lanes {
				if k >= from[l] {
					continue
				}
				if banks[l] {
					cell[l], cell[lanes+l], cell[2*lanes+l], cell[3*lanes+l] = bo[l], bo[l], 0, bn[l]
					if l < nl {
						bufs[l].set(at, bo[l], bo[l], 0, bn[l])
					}
					continue
				}
				lo[l], hi[l] = st.lo[l], st.hi[l]
				e, p, nx := st.sum[0][l], st.sum[1][l]+m.pf[n], st.sum[2][l]
				v := e + p*ff[l]
				if bank[l] && p > 0 {
					if bo[l] >= v {
						hi[l] = min(hi[l], ff[l]+(bo[l]-v)/p)
					} else {
						lo[l] = max(lo[l], ff[l]-(v-bo[l])/p)
					}
				}
				if bank[l] && bo[l] >= v {
					v, e, p, nx = bo[l], bo[l], 0, bn[l]
				}
				cell[l], cell[lanes+l], cell[2*lanes+l], cell[3*lanes+l] = v, e, p, nx
				if l < nl {
					bufs[l].set(at, v, e, p, nx)
				}
			}
		}
		for l := range nl {
			if k < from[l] {
				bufs[l].lo[k], bufs[l].hi[k] = lo[l], hi[l]
			}
		}
	}
	// Each lane's buffer holds its cells (put with the lanes'): its run.
	for l := range nl {
		b := bufs[l]
		e, p, nx := b.cell((farkle.MaxDice - 1) * nv)
		res[l] = firstRun{ok: true, f: ff[l], pc: piece{e, p, nx}, lo: lo[l], hi: hi[l]}
	}
}

// firstTop returns the cap of startPieceI's run of the turn of s from
// nothing for a farkle worth f and reach r, with its first interval
// [lo, hi] and the chance after a farkle fcap for which the cap is.
func (m *model) firstTop(s [3]int, f, r float64) (top int, lo, hi, fcap float64) {
	lo, hi = f-r, f+r
	if m.final {
		// A cap for chances after a farkle up to 1 runs the turn on until
		// no last turn has any chance; halfway to 1 keeps the cap, and the
		// last turns it reads, near the target (see finalCut).
		hi = min(hi, f+(1-f)/2)
	}
	fcap = min(hi, 1)
	return m.cutTop(s[0], s[1], s[2], fcap), lo, hi, fcap
}

// A laneMember is a member of a class of a chunk: its scores, its class
// and its index there, its chance after a farkle and its cap (for the
// order of the lanes).
type laneMember struct {
	s      [3]int
	cls, i int
	top    int
	f, g   float64
}

// A laneWork is a worker's state for solving chunks of classes with the
// first runs in lanes: a class's buffers and its members' runs by
// startLanes, the first and the second of each member.
type laneWork struct {
	lb   *laneBuf
	bufs [][3]*dpBuf
	runs [][3][2]firstRun
	mem  []laneMember
}

// laneSeconds counts the second runs by startLanes that class solves
// took, laneMissed the runs that they did not (a solve asked for
// another, or for none), for the tests.
var laneSeconds, laneMissed atomic.Int64

// laneChunk is the number of classes whose members' first runs are
// sorted into lanes together.
const laneChunk = 32

func (m *model) newLaneWork() *laneWork {
	lw := &laneWork{lb: m.newLaneBuf(), bufs: make([][3]*dpBuf, laneChunk), runs: make([][3][2]firstRun, laneChunk)}
	for i := range lw.bufs {
		for j := range lw.bufs[i] {
			lw.bufs[i][j] = &dpBuf{c: make([]float64, 4*farkle.MaxDice*m.nv), lo: make([]float64, m.nv), hi: make([]float64, m.nv)}
		}
	}
	return lw
}

// members returns the members of the class of (x, y, z): their scores,
// and their number, 3 or 1 (see class).
func members(x, y, z int) ([3][3]int, int) {
	ss := [3][3]int{{x, y, z}, {y, z, x}, {z, x, y}}
	if x == y && y == z {
		return ss, 1
	}
	return ss, 3
}

// firstRuns runs, in lanes, the turns of the members of the classes cls
// (at most laneChunk) that their solves (class.solve) run first: the run
// of each member for its guess (guess), and then, for each member whose
// first play does not stay the best at the chance after a farkle that
// the class's first plays give, the run for that chance, going on from
// the first (as the solve's second iteration would). The runs go to
// lw.runs and the buffers to lw.bufs, as the solve would leave them.
func (t *Table) firstRuns(lw *laneWork, cls [][3]int32) {
	lw.mem = lw.mem[:0]
	for q, cl := range cls {
		ss, nm := members(int(cl[0]), int(cl[1]), int(cl[2]))
		lw.runs[q] = [3][2]firstRun{}
		for i := range nm {
			s := ss[i]
			g := t.guess(s[0], s[1], s[2])
			lw.mem = append(lw.mem, laneMember{s: s, cls: q, i: i, f: max(g, 0), g: g})
		}
	}
	t.laneRuns(lw, 0)
	// The solve's first iteration (class.solve): the chances after a
	// farkle of the first plays; a member runs again where its play does
	// not stay the best there and no play known holds it.
	lw.mem = lw.mem[:0]
	for q, cl := range cls {
		ss, nm := members(int(cl[0]), int(cl[1]), int(cl[2]))
		c := class{t: t, m: nm, s: ss}
		var pcs [3]piece
		for i := range nm {
			pcs[i] = lw.runs[q][i][0].pc
		}
		w := c.linsolve(&pcs)
		for i := range nm {
			fr := &lw.runs[q][i][0]
			nf := c.phi(&w, i)
			if math.Abs(nf-fr.guess) <= tol || nf >= fr.lo && nf <= fr.hi {
				continue // valid: the solve runs no more for i in its second iteration
			}
			f := max(nf, 0)
			if fr.hi > fr.lo && f > fr.lo && f < fr.hi {
				continue // known
			}
			lw.mem = append(lw.mem, laneMember{s: ss[i], cls: q, i: i, f: f, g: nf})
		}
	}
	t.laneRuns(lw, 1)
}

// laneRuns runs the turns of lw.mem in lanes, by their caps, and puts
// the j-th run of each member.
func (t *Table) laneRuns(lw *laneWork, j int) {
	m := t.m
	for i := range lw.mem {
		mb := &lw.mem[i]
		mb.top, _, _, _ = m.firstTop(mb.s, mb.f, reach)
	}
	slices.SortStableFunc(lw.mem, func(a, b laneMember) int { return b.top - a.top })
	var s [lanes][3]int
	var f [lanes]float64
	var bufs [lanes]*dpBuf
	var res [lanes]firstRun
	for at := 0; at < len(lw.mem); at += lanes {
		nl := min(lanes, len(lw.mem)-at)
		for l := range nl {
			mb := &lw.mem[at+l]
			s[l], f[l], bufs[l] = mb.s, mb.f, lw.bufs[mb.cls][mb.i]
		}
		t.startLanes(lw.lb, &s, &f, nl, &bufs, &res)
		for l := range nl {
			mb := &lw.mem[at+l]
			res[l].guess = mb.g
			lw.runs[mb.cls][mb.i][j] = res[l]
		}
	}
}
