package four

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// startPiece returns the piece of the best play of the turn of s from its
// start, for a farkle worth f to the mover.
func (t *Table) startPiece(b *dpBuf, s [N]int, f float64) piece {
	t.turn(b, s, f, 0)
	return b.cell((farkle.MaxDice - 1) * t.m.nv)
}

// checkTable checks every equation of t: at every position the chances
// are in [0, 1] and sum to 1; the mover's chance is the best play's for
// the chance after a farkle (a residual under 1e-12); at a pure position
// all four chances are the best play's; at a mixed position the chances
// are the mixture, by the position's weight, of the plays just below and
// just above the kink, and the mover is indifferent between them. It
// returns the number of positions checked and the largest residual.
func checkTable(t *testing.T, tb *Table) (int, float64) {
	t.Helper()
	m := tb.m
	mixed := map[[N]int]float64{}
	for _, mx := range tb.Mixing() {
		mixed[mx.Scores] = mx.Weight
	}
	b := m.getBuf()
	defer m.putBuf(b)
	worst, n := 0.0, 0
	fail := func(sc [N]int, what string, got, want float64) {
		t.Helper()
		if d := math.Abs(got - want); !(d <= 1e-12) {
			t.Errorf("%v: %s %.17g, want %.17g", sc, what, got, want)
		}
		worst = max(worst, math.Abs(got-want))
	}
	for i := range m.nS * m.nS * m.nS * m.nS {
		s := [N]int{i / (m.nS * m.nS * m.nS), i / (m.nS * m.nS) % m.nS, i / m.nS % m.nS, i % m.nS}
		sc := [N]int{s[0] * m.step, s[1] * m.step, s[2] * m.step, s[3] * m.step}
		w := tb.at(s)
		sum := 0.0
		for q := range N {
			if !(w[q] >= -1e-15 && w[q] <= 1+1e-15) {
				t.Errorf("%v: seat %d chance %v", sc, q, w[q])
			}
			sum += w[q]
		}
		fail(sc, "sum of chances", sum, 1)
		F := tb.farkleVec(s)
		pc := tb.startPiece(b, s, F[0])
		fail(sc, "mover's chance", pc.e+pc.p*F[0], w[0])
		n++
		if l, ok := mixed[sc]; ok {
			lo := tb.startPiece(b, s, F[0]-1e-9)
			hi := tb.startPiece(b, s, F[0]+1e-9)
			if lo == hi {
				t.Errorf("%v: mixed, but one play on both sides of %v", sc, F[0])
				continue
			}
			fail(sc, "mover's chance of the play below the kink", lo.e+lo.p*F[0], w[0])
			fail(sc, "mover's chance of the play above the kink", hi.e+hi.p*F[0], w[0])
			v := vecOf(mixPiece(lo, hi, l), F)
			for q := 1; q < N; q++ {
				fail(sc, "an opponent's chance of the mixture", v[q], w[q])
			}
			continue
		}
		v := vecOf(pc, F)
		for q := 1; q < N; q++ {
			fail(sc, "an opponent's chance", v[q], w[q])
		}
	}
	return n, worst
}

// solve returns the table of r, solved once for every test that asks.
func solve(t *testing.T, r game.Rules) *Table {
	t.Helper()
	f, _ := solved.LoadOrStore(r, sync.OnceValues(func() (*Table, error) {
		return Solve(context.Background(), r, Options{})
	}))
	tb, err := f.(func() (*Table, error))()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

var solved sync.Map // game.Rules -> func() (*Table, error)

// TestResiduals checks every equation of the tables of small targets, and
// in the slow step of Core scoring at 1,400 (some 35 CPU seconds), whose
// 17 mixed positions include a class where three members mix: (200, 50,
// 450, 450) and its rotations (450, 200, 50, 450) and (450, 450, 200, 50),
// the same class relative to the target as (800, 650, 1050, 1050) at
// 2,000.
func TestResiduals(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency")
	}
	cases := []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 500},
		{Scoring: farkle.AppScoring.Rules(), Target: 500, MinBank: 150, MinFirstBank: 300},
	}
	if testgate.Slow() {
		cases = append(cases, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1400})
	}
	for _, r := range cases {
		tb := solve(t, r)
		n, worst := checkTable(t, tb)
		t.Logf("%v %d: %d positions, %d mixed, largest residual %.3g, seats %v", r.Scoring == farkle.CoreScoring.Rules(), r.Target, n, tb.Mixed(), worst, tb.SeatWin())
		if r.Target != 1400 {
			continue
		}
		mixes := map[[N]int]bool{}
		for _, mx := range tb.Mixing() {
			mixes[mx.Scores] = mx.Weight > 1e-6 && mx.Weight < 1-1e-6
		}
		if len(mixes) != 17 || !mixes[[N]int{200, 50, 450, 450}] || !mixes[[N]int{450, 200, 50, 450}] || !mixes[[N]int{450, 450, 200, 50}] {
			t.Errorf("Core 1400 mixes at %v, want 17 positions with three members of the class of (200, 50, 450, 450)", tb.Mixing())
		}
	}
}

// checkFinal checks every equation of the last turns that tb keeps: the
// chance of a turn to bank at least k steps, for every k and number of
// dice; and every stride-th row of C's and B's turns kept (in the order
// of their keys), run again: at every
// score under the cap and number of dice, the cell is the better of the
// bank and the roll (weighed through lastRollAt, the bank on a tie), its
// chances in [0, 1] with a sum at most 1, and the row's start at every
// score is the window's. It returns the number of rows checked and the
// largest residual.
func checkFinal(t *testing.T, tb *Table, stride int) (rows int, worst float64) {
	t.Helper()
	m := tb.m
	fail := func(what string, got, want float64) {
		t.Helper()
		d := math.Abs(got - want)
		worst = max(worst, d)
		if !(d <= 1e-12) {
			t.Errorf("%s: %.17g, want %.17g", what, got, want)
		}
	}
	g := m.an.GroupAll(m.step, false)
	for k := 1; k < len(m.fin.reach); k++ {
		for n := 1; n <= farkle.MaxDice; n++ {
			gn := &g[n]
			var roll float64
			for s, p := range gn.Prob {
				best := 0.0
				for _, o := range gn.Opts[gn.Start[s]:gn.Start[s+1]] {
					best = max(best, m.reachFrom(k-int(o.Steps), int(o.Left)))
				}
				roll += p * best
			}
			fail(fmt.Sprintf("reach %d steps, %d dice", k, n), m.reachFrom(k, n), roll)
		}
	}
	seen := 0
	check := func(b *lastBuf, row []float64, what string) {
		t.Helper()
		for u := b.top - 1; u >= b.lo; u-- {
			bk := m.bank(b, u)
			for n := 1; n <= farkle.MaxDice; n++ {
				c := m.lastCell(b, u, n)
				r := m.lastRollAt(b, u, n)
				want := r
				if bk[0] >= r[0] {
					want = bk
				}
				sum := 0.0
				for i := range b.K {
					fail(fmt.Sprintf("%s, score %d, %d dice, part %d", what, u, n, i), c[i], want[i])
					if !(c[i] >= -1e-15 && c[i] <= 1+1e-15) {
						t.Errorf("%s, score %d, %d dice: part %d is %v", what, u, n, i, c[i])
					}
					sum += c[i]
				}
				if sum > 1+1e-12 {
					t.Errorf("%s, score %d, %d dice: the parts sum to %v", what, u, n, sum)
				}
			}
		}
		for y := range m.nS {
			m.window(b, y)
			v := m.lastCell(b, y, farkle.MaxDice)
			for i := range b.K {
				fail(fmt.Sprintf("%s, the start at %d, part %d", what, y, i), row[b.K*y+i], v[i])
			}
		}
		rows++
	}
	for hi := range m.fin.cRows {
		p := m.fin.cRows[hi].Load()
		if p == nil {
			continue
		}
		for w := range *p {
			r := (*p)[w].Load()
			if r == nil {
				continue
			}
			if seen++; seen%stride != 0 {
				continue
			}
			b := m.getLast(2)
			m.cRun(b, m.nS+hi, w, 0)
			check(b, *r, fmt.Sprintf("C's turn, highest %d, D at %d", m.nS+hi, w))
			m.putLast(b)
		}
	}
	for ai := range m.fin.bRows {
		p := m.fin.bRows[ai].Load()
		if p == nil {
			continue
		}
		for zw := range *p {
			r := (*p)[zw].Load()
			if r == nil {
				continue
			}
			if seen++; seen%stride != 0 {
				continue
			}
			b := m.getLast(3)
			z, w := zw/m.nS, zw%m.nS
			m.bRun(b, m.nS+ai, z, w, 0)
			check(b, *r, fmt.Sprintf("B's turn, A at %d, C at %d, D at %d", m.nS+ai, z, w))
			m.putLast(b)
		}
	}
	return rows, worst
}

// TestResidualsFinal checks every equation of the tables of a final round
// at target 300, Core scoring and (in the slow step, some 4 CPU seconds)
// App scoring with a minimum bank and an opening minimum: those of the
// turns before the final round (checkTable), whose banks at or above the
// target read the last turns, and those of the last turns (checkFinal): a
// row of C's or B's turns in 20 (all of them: some 80 CPU seconds).
func TestResidualsFinal(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency")
	}
	cases := []game.Rules{{Scoring: farkle.CoreScoring.Rules(), Target: 300, FinalRound: true}}
	const stride = 20
	if testgate.Slow() {
		cases = append(cases, game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 300, FinalRound: true, MinBank: 150, MinFirstBank: 250})
	}
	for _, r := range cases {
		tb := solve(t, r)
		n, worst := checkTable(t, tb)
		rows, fworst := checkFinal(t, tb, stride)
		if rows == 0 {
			t.Errorf("no rows of last turns kept")
		}
		t.Logf("%v %d: %d positions, %d mixed, largest residual %.3g; %d rows of last turns, largest residual %.3g; seats %v",
			r.Scoring == farkle.CoreScoring.Rules(), r.Target, n, tb.Mixed(), worst, rows, fworst, tb.SeatWin())
	}
}

// TestSolveFinalWorkers solves a small game with a final round with one
// worker and with four, whose goroutines share the rows of the last
// turns (computed on first use): the tables must be the same to the last
// bit. Under the race detector it checks the sharing.
func TestSolveFinalWorkers(t *testing.T) {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 200, FinalRound: true}
	if testgate.Race {
		r.Target = 100 // some 3 s under the race detector
	}
	var tables [2]*Table
	for i, w := range []int{1, 4} {
		tb, err := Solve(context.Background(), r, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		tables[i] = tb
	}
	for i, w := range tables[0].w {
		if tables[1].w[i] != w {
			t.Fatalf("position %d seat %d: %v with one worker, %v with four", i/N, i%N, w, tables[1].w[i])
		}
	}
	if tables[0].Mixed() != tables[1].Mixed() {
		t.Errorf("%d and %d mixed positions", tables[0].Mixed(), tables[1].Mixed())
	}
}
