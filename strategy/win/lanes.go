package win

import (
	"context"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
	"slices"

	"github.com/farkle-go/farkle"
)

// lanes is the number of positions that a fused turn evaluates at once.
const lanes = 16

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
	// The banks that stay under the target read the table directly:
	// lane l's bank of k steps is the chance at base[l] + k*stride.
	var base, lim [lanes]int
	stride := m.K * m.K
	for l := range lanes {
		ux := m.up(s.x[l])
		base[l], lim[l] = m.idx(s.y[l], m.nOff+ux, s.j, 0), m.nS-ux
	}
	var pff [farkle.MaxDice + 1][lanes]float64 // the farkle's part of rolling
	for n := 1; n <= farkle.MaxDice; n++ {
		for l := range lanes {
			pff[n][l] = m.pf[n] * s.f[l]
		}
	}
	var noBank [lanes]uint64
	for k := top - 1; k >= 0; k-- {
		// The bits of the bank values, 0 where the turn cannot bank: every
		// value is at least 0, so the largest bits are the best play.
		var bk [lanes]uint64
		for l := range lanes {
			switch {
			case k < minBank[l]:
			case k < lim[l]:
				bk[l] = math.Float64bits(max(0, 1-t.w[base[l]+k*stride]))
			default:
				bk[l] = math.Float64bits(t.bankValue(s.x[l], s.y[l], s.j, k))
			}
		}
		vk := v[k:]
		for n := 1; n <= farkle.MaxDice; n++ {
			bank := &bk
			if n == farkle.MaxDice && m.mustRoll {
				bank = &noBank
			}
			rollStep(vk, &b.groups[n], &pff[n], bank, &v[(n-1)*nv+k])
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
	offs  []int32
	prob  []float64
	count []uint8 // the options of each group
	runs  []laneRun
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
		g.count = append(g.count, count[s])
		if r := len(g.runs) - 1; r >= 0 && g.runs[r].count == int32(count[s]) {
			g.runs[r].groups++
		} else {
			g.runs = append(g.runs, laneRun{count: int32(count[s]), groups: 1})
		}
	}
	return g
}

// rollStepLanes is rollStep in Go.
func rollStepLanes(vk [][lanes]uint64, g *laneGroups, pff *[lanes]float64, bank, out *[lanes]uint64) {
	sum := rollSumLanes(vk, g)
	for l := range lanes {
		out[l] = max(bank[l], math.Float64bits(pff[l]+sum[l]))
	}
}

// rollSumLanes is rollSum for lanes turns at once, in Go.
func rollSumLanes(vk [][lanes]uint64, g *laneGroups) [lanes]float64 {
	var sum [lanes]float64
	offs, prob := g.offs, g.prob
	for _, r := range g.runs {
		c := int(r.count)
		for range r.groups {
			best := vk[offs[0]]
			for _, off := range offs[1:c] {
				val := &vk[off]
				for l := range lanes {
					best[l] = max(best[l], val[l])
				}
			}
			offs = offs[c:]
			p := prob[0]
			prob = prob[1:]
			for l := range lanes {
				sum[l] += p * math.Float64frombits(best[l])
			}
		}
	}
	return sum
}

// A laneMode is what a lanePass does with the turns it evaluates.
type laneMode int

const (
	laneSweep    laneMode = iota // set each position to its turn's value
	laneFirst                    // laneSweep for the first sweep of a solve (farkleGuess)
	laneResidual                 // change nothing: measure the residuals
)

// A laneUnit is the pairs of positions that one fused evaluation does:
// the pairs (x[l], y[l]) and (y[l], x[l]), x[l] <= y[l], for l below n;
// the lanes from n on repeat the last pair, and are not written.
type laneUnit struct {
	x, y [lanes]int32
	n    int
}

// A lanePass evaluates every turn of a table once, on lanes, in bands of
// anti-diagonals from the largest sum of scores down, as a sweep in
// anti-diagonal order would. A band is as many anti-diagonals as the
// least bank in steps: a turn of a band banks into a larger sum than the
// band's, so the units of a band are independent and run at once, on
// every worker. The chances after a penalty, of a smaller sum or of the
// same band, are read from prev, the table at the start of the pass, as a
// sweep in anti-diagonal order reads them; the others are of the larger
// sums, set before, or of the same pair, in the order of the pair's chain
// (see laneBlock).
type lanePass struct {
	t     *Table
	bufs  []*laneBuf
	units []laneUnit // band after band
	bands []int      // units[bands[b]:bands[b+1]] are band b's
	his   []int      // the largest sum of each band
	prev  []float64  // the chances after a penalty: the table at the start of the pass
	maxes []float64  // each worker's largest change in the pass
}

// newLanePass returns a lanePass over t's table with up to workers
// goroutines.
func (t *Table) newLanePass(workers int) *lanePass {
	m := t.m
	width := max(1, m.minBankK)
	p := &lanePass{t: t, bands: []int{0}}
	var pairs [][2]int32
	for hi := 2*m.N - 2; hi >= 0; hi -= width {
		pairs = pairs[:0]
		for d := hi; d > hi-width && d >= 0; d-- {
			for x := max(0, d-(m.N-1)); x <= d/2; x++ {
				pairs = append(pairs, [2]int32{int32(x), int32(d - x)})
			}
		}
		// Pairs of near scores have turns of near lengths: lanes of one
		// unit then follow their turns over about the same totals.
		slices.SortFunc(pairs, func(a, b [2]int32) int {
			if a[0] != b[0] {
				return int(a[0] - b[0])
			}
			return int(a[1] - b[1])
		})
		for len(pairs) > 0 {
			var u laneUnit
			u.n = min(lanes, len(pairs))
			for l := range lanes {
				pr := pairs[min(l, u.n-1)]
				u.x[l], u.y[l] = pr[0], pr[1]
			}
			p.units = append(p.units, u)
			pairs = pairs[u.n:]
		}
		p.bands = append(p.bands, len(p.units))
		p.his = append(p.his, hi)
	}
	w := max(1, min(workers, len(p.units)))
	p.bufs = make([]*laneBuf, w)
	for i := range p.bufs {
		p.bufs[i] = m.newLaneBuf()
	}
	p.maxes = make([]float64, w)
	return p
}

// numBands returns the bands of a pass.
func (p *lanePass) numBands() int { return len(p.his) }

// run evaluates every turn of the table once in mode, checking ctx before
// each band and calling step, if not nil, after each, from the caller's
// goroutine, and returns the largest change (or residual) of a chance.
// In the modes that write, prev is a copy of the table at the start.
func (p *lanePass) run(ctx context.Context, mode laneMode, step func()) (float64, error) {
	t := p.t
	if mode == laneResidual {
		p.prev = t.w
	} else {
		p.prev = append(p.prev[:0], t.w...)
	}
	for b := range p.his {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		units := p.units[p.bands[b]:p.bands[b+1]]
		hi := p.his[b]
		kit.Share(min(len(p.bufs), len(units)), len(units), func(i, u int) {
			p.maxes[i] = max(p.maxes[i], t.laneBlock(p.bufs[i], &units[u], mode, hi, p.prev))
		})
		if step != nil {
			step()
		}
	}
	return takeLargest(p.maxes), nil
}

// laneBlock evaluates the turns of the pairs of u, in the band whose
// largest sum is hi, in mode, with the chances after a penalty from prev,
// and returns the largest change (or residual) of a chance. Each pair's
// positions follow the chain of farkles: a farkle at (x, y, i, j) leads
// to (y, x, j, i+1), so the positions go in decreasing order of i+j, and
// each reads the chance of its farkle as set before in the pass; at
// i = K-1 a farkle is the penalty, whose chance comes from prev.
func (t *Table) laneBlock(b *laneBuf, u *laneUnit, mode laneMode, hi int, prev []float64) float64 {
	m := t.m
	ch := 0.0
	var s laneSet
	for l := 2*m.K - 2; l >= 0; l-- {
		for i := max(0, l-m.K+1); i <= min(l, m.K-1); i++ {
			j := l - i
			for o := range 2 {
				s.j = j
				for ln := range lanes {
					px, py := int(u.x[ln]), int(u.y[ln])
					if o == 1 {
						px, py = py, px
					}
					s.x[ln], s.y[ln] = px, py
					switch {
					case i+1 < m.K:
						s.f[ln] = 1 - t.w[m.idx(py, px, j, i+1)]
					case mode == laneFirst:
						s.f[ln] = t.farkleGuess(px, py, j, hi)
					default:
						s.f[ln] = 1 - prev[m.idx(py, m.fall(px), j, 0)]
					}
				}
				w := t.laneTurns(b, &s)
				for ln := range u.n {
					if o == 1 && u.x[ln] == u.y[ln] {
						continue
					}
					at := m.idx(s.x[ln], s.y[ln], i, j)
					ch = max(ch, math.Abs(w[ln]-t.w[at]))
					if mode != laneResidual {
						t.w[at] = w[ln]
					}
				}
			}
		}
	}
	return ch
}

// farkleGuess is the value of the penalty of a farkle at (x, y, K-1, j) in
// the first sweep of a solve, in the band whose largest sum is hi, where
// the sweep has set only the chances of larger sums and the table holds
// no others. The chance after the penalty, (y, fall(x), j, 0), is guessed
// as that of the same lead at the least larger scores that the sweep has
// set: both scores up by s steps, on the board, with s large enough that
// their sum is above hi; or, in the first band, where no chance is known,
// an even chance.
func (t *Table) farkleGuess(x, y, j, hi int) float64 {
	m := t.m
	ua, ub := m.nOff+m.up(y), m.nOff+m.up(m.fall(x))
	for s := max(1, (hi-ua-ub)/2+1); ua+s < m.N-1 || ub+s < m.N-1; s++ {
		pa, pb := min(ua+s, m.N-1), min(ub+s, m.N-1)
		if pa+pb > hi {
			return 1 - t.w[m.idx(pa, pb, j, 0)]
		}
	}
	return 0.5 // both at the top, in the band: nothing is known
}
