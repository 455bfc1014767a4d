package win

import (
	"math"
	"slices"

	"github.com/farkle-go/farkle"
)

// lanes is the number of positions that a fused turn evaluates at once.
const lanes = 8

// A laneBuf holds the dynamic program of lanes turns at once.
type laneBuf struct {
	v      []([lanes]uint64) // at (n-1)*nv+k
	groups [farkle.MaxDice + 1]laneGroups
}

func (m *model) newLaneBuf() *laneBuf {
	b := &laneBuf{v: make([][lanes]uint64, rows*m.nv)}
	for k := range m.nv {
		for l := range lanes {
			b.v[(winLeft-1)*m.nv+k][l] = math.Float64bits(1) // a win
		}
	}
	for n := 1; n <= farkle.MaxDice; n++ {
		b.groups[n] = m.laneGroupsOf(n)
	}
	return b
}

// A laneSet is the turns of a fused evaluation: lane l is the turn of
// x[l] against y[l] with the opponent at j farkles in a row and a farkle
// worth f[l].
type laneSet struct {
	x, y [lanes]int
	j    int
	f    [lanes]float64
}

// laneTurns evaluates the turns of s and returns their values.
func (t *Table) laneTurns(b *laneBuf, s *laneSet) [lanes]float64 {
	m := t.m
	nv := m.nv
	v := b.v
	top := 0
	var kc, cut, minBank [lanes]int
	for l := range lanes {
		minBank[l] = m.minBank(s.x[l])
		s.f[l] = max(s.f[l], 0)
		kc[l] = m.kc(s.x[l], s.y[l])
		cut[l] = m.cut(s.x[l], s.y[l], s.f[l])
		top = max(top, cut[l])
	}
	// From top up: each lane's values of fillAbove.
	for k := top; k <= top+m.jump; k++ {
		var bk [lanes]uint64
		var tail [lanes]uint64
		for l := range lanes {
			val := 1.0
			if top < kc[l] {
				val = t.bankValue(s.x[l], s.y[l], s.j, k)
			}
			bk[l] = math.Float64bits(val)
			tail[l] = bk[l]
			if top >= kc[l] && m.mustRoll {
				tail[l] = math.Float64bits(m.tailRoll + m.tailF*s.f[l])
			}
		}
		for n := 1; n < farkle.MaxDice; n++ {
			v[(n-1)*nv+k] = bk
		}
		v[(farkle.MaxDice-1)*nv+k] = tail
	}
	for k := top - 1; k >= 0; k-- {
		// The bits of the bank values, 0 where the turn cannot bank: every
		// value is at least 0, so the largest bits are the best play.
		var bk [lanes]uint64
		for l := range lanes {
			if k >= minBank[l] {
				bk[l] = math.Float64bits(t.bankValue(s.x[l], s.y[l], s.j, k))
			}
		}
		vk := v[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			sum := rollSum4(vk, &b.groups[n])
			var out [lanes]uint64
			pf := m.pf[n]
			if n < farkle.MaxDice || !m.mustRoll {
				for l := range lanes {
					out[l] = max(bk[l], math.Float64bits(pf*s.f[l]+sum[l]))
				}
			} else {
				for l := range lanes {
					out[l] = math.Float64bits(pf*s.f[l] + sum[l])
				}
			}
			v[(n-1)*nv+k] = out
		}
	}
	var res [lanes]float64
	for l := range lanes {
		res[l] = math.Float64frombits(v[(farkle.MaxDice-1)*nv][l])
	}
	return res
}

// A laneGroups is the roll groups of n dice for fused turns: the groups
// in runs of the same number of options, so that the loop over the
// options of a group ends the same way many times in a row.
type laneGroups struct {
	offs []int32
	prob []float64
	runs []laneRun
}

// A laneRun is groups consecutive groups of count options each.
type laneRun struct {
	count, groups int32
}

// laneGroupsOf returns the groups of n dice of m in runs.
func (m *model) laneGroupsOf(n int) laneGroups {
	offs, count, prob := m.nOffs[n], m.nCount[n], m.prob[n]
	start := make([]int, len(count)+1)
	for s, c := range count {
		start[s+1] = start[s] + int(c)
	}
	order := make([]int, len(count))
	for s := range order {
		order[s] = s
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(count[a]) - int(count[b]) })
	var g laneGroups
	for _, s := range order {
		g.offs = append(g.offs, offs[start[s]:start[s+1]]...)
		g.prob = append(g.prob, prob[s])
		if r := len(g.runs) - 1; r >= 0 && g.runs[r].count == int32(count[s]) {
			g.runs[r].groups++
		} else {
			g.runs = append(g.runs, laneRun{count: int32(count[s]), groups: 1})
		}
	}
	return g
}

// rollSum4 is rollSum for lanes turns at once.
func rollSum4(vk [][lanes]uint64, g *laneGroups) [lanes]float64 {
	var sum [lanes]float64
	offs, prob := g.offs, g.prob
	for _, r := range g.runs {
		c := int(r.count)
		for range r.groups {
			best := vk[offs[0]]
			for _, off := range offs[1:c] {
				val := &vk[off]
				best[0] = max(best[0], val[0])
				best[1] = max(best[1], val[1])
				best[2] = max(best[2], val[2])
				best[3] = max(best[3], val[3])
				best[4] = max(best[4], val[4])
				best[5] = max(best[5], val[5])
				best[6] = max(best[6], val[6])
				best[7] = max(best[7], val[7])
			}
			offs = offs[c:]
			p := prob[0]
			prob = prob[1:]
			sum[0] += p * math.Float64frombits(best[0])
			sum[1] += p * math.Float64frombits(best[1])
			sum[2] += p * math.Float64frombits(best[2])
			sum[3] += p * math.Float64frombits(best[3])
			sum[4] += p * math.Float64frombits(best[4])
			sum[5] += p * math.Float64frombits(best[5])
			sum[6] += p * math.Float64frombits(best[6])
			sum[7] += p * math.Float64frombits(best[7])
		}
	}
	return sum
}

// laneSweep updates the positions of the pairs (x, d-x) of the
// anti-diagonal d = x0+y0, for x from x0 to x0+lanes-1 (at most d/2),
// once, as sweepPair does for each, and returns the largest change.
func (t *Table) laneSweep(b *laneBuf, x0, y0 int) float64 { return t.laneBlock(b, x0, y0, true) }

// laneResidual is laneSweep that changes nothing: it returns the largest
// residual of the equations of the positions.
func (t *Table) laneResidual(b *laneBuf, x0, y0 int) float64 { return t.laneBlock(b, x0, y0, false) }

// laneBlock is laneSweep, which sets the positions to their values only
// if write.
func (t *Table) laneBlock(b *laneBuf, x0, y0 int, write bool) float64 {
	m := t.m
	d := x0 + y0
	last := min(x0+lanes-1, d/2)
	ch := 0.0
	var s laneSet
	for l := 2*m.K - 2; l >= 0; l-- {
		for i := max(0, l-m.K+1); i <= min(l, m.K-1); i++ {
			j := l - i
			for o := range 2 {
				s.j = j
				for ln := range lanes {
					x := min(x0+ln, last)
					px, py := x, d-x
					if o == 1 {
						px, py = py, px
					}
					s.x[ln], s.y[ln] = px, py
					s.f[ln] = t.farkleValue(px, py, i, j)
				}
				w := t.laneTurns(b, &s)
				for ln := range lanes {
					x := x0 + ln
					if x > last || (o == 1 && x == d-x) {
						break
					}
					at := m.idx(s.x[ln], s.y[ln], i, j)
					ch = max(ch, math.Abs(w[ln]-t.w[at]))
					if write {
						t.w[at] = w[ln]
					}
				}
			}
		}
	}
	return ch
}
