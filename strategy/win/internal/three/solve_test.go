package three

import (
	"context"
	"errors"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"
	"sync"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// checkTable checks every equation of t: at every position the chances
// are in [0, 1] and sum to 1; the mover's chance is the best play's for
// the chance after a farkle (a residual under 1e-12); at a pure position
// all three chances are the best play's; at a mixed position the chances
// are the mixture, by the position's weight, of the plays just below and
// just above the kink, and the mover is indifferent between them. It
// returns the number of positions checked and the largest residual.
func checkTable(t *testing.T, tb *Table) (int, float64) {
	t.Helper()
	m := tb.m
	mixed := map[[3]int]float64{}
	for _, mx := range tb.Mixing() {
		mixed[mx.Scores] = mx.Weight
	}
	b := m.getBuf()
	defer m.putBuf(b)
	worst, n := 0.0, 0
	fail := func(sc [3]int, what string, got, want float64) {
		t.Helper()
		if d := math.Abs(got - want); !(d <= 1e-12) {
			t.Errorf("%v: %s %.17g, want %.17g", sc, what, got, want)
		}
		worst = max(worst, math.Abs(got-want))
	}
	for x := range m.nS {
		for y := range m.nS {
			for z := range m.nS {
				sc := [3]int{x * m.step, y * m.step, z * m.step}
				w := tb.at(x, y, z)
				for s := range 3 {
					if !(w[s] >= -1e-15 && w[s] <= 1+1e-15) {
						t.Errorf("%v: seat %d chance %v", sc, s, w[s])
					}
				}
				fail(sc, "sum of chances", w[0]+w[1]+w[2], 1)
				F := tb.farkleVec(x, y, z)
				pc := tb.startPiece(b, x, y, z, F[0])
				fail(sc, "mover's chance", pc.e+pc.p*F[0], w[0])
				n++
				if l, ok := mixed[sc]; ok {
					lo := tb.startPiece(b, x, y, z, F[0]-1e-9)
					hi := tb.startPiece(b, x, y, z, F[0]+1e-9)
					if lo == hi {
						t.Errorf("%v: mixed, but one play on both sides of %v", sc, F[0])
						continue
					}
					fail(sc, "mover's chance of the play below the kink", lo.e+lo.p*F[0], w[0])
					fail(sc, "mover's chance of the play above the kink", hi.e+hi.p*F[0], w[0])
					mx := mixPiece(lo, hi, l)
					// The kink is found to about 1e-14; the plays 1e-9 away
					// are those of the kink's two sides.
					fail(sc, "next's chance of the mixture", mx.n+mx.p*F[1], w[1])
					continue
				}
				fail(sc, "next's chance", pc.n+pc.p*F[1], w[1])
				fail(sc, "after's chance", 1-pc.p-pc.e-pc.n+pc.p*F[2], w[2])
			}
		}
	}
	return n, worst
}

// solve returns the table of r, solved once for every test that asks:
// the tests do not change it.
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

// TestResiduals checks every equation of the tables of small targets,
// pure and, at 1,300 under Core scoring, with one mixed class, the same
// class as (1350, 850, 700) at target 2,000.
func TestResiduals(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1300})
	// Two players of the class mix: the one at 0 and the one at 150.
	want := [][3]int{{0, 650, 150}, {150, 0, 650}}
	got := tb.Mixing()
	if len(got) != len(want) {
		t.Fatalf("Core 1300 mixes at %v, want %v", got, want)
	}
	for q := range want {
		if got[q].Scores != want[q] || !(got[q].Weight > 1e-6 && got[q].Weight < 1-1e-6) {
			t.Errorf("Core 1300 mixes at %v, want %v with weights strictly between 0 and 1", got, want)
		}
	}
	n, worst := checkTable(t, tb)
	t.Logf("Core 1300: %d positions, %d mixed, largest residual %.3g", n, tb.Mixed(), worst)
	more := []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000},
		{Scoring: farkle.AppScoring.Rules(), Target: 1000, MinBank: 100, MinFirstBank: 350},
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000, FinalRound: true},
	}
	if !testgate.Slow() {
		more = nil // in the slow step of .ci/run: seconds each
	}
	for _, r := range more {
		tb := solve(t, r)
		n, worst := checkTable(t, tb)
		t.Logf("%d final round %v: %d positions, %d mixed, largest residual %.3g", r.Target, r.FinalRound, n, tb.Mixed(), worst)
	}
}

// TestSolveRefuses checks the rules and options that Solve refuses.
func TestSolveRefuses(t *testing.T) {
	for _, c := range []struct {
		r     game.Rules
		o     Options
		want  error
		field string
	}{
		{game.Rules{Target: 1000, Penalty: 500, PenaltyAfter: 3}, Options{}, ErrRules, "Penalty"},
		{game.Rules{Target: 1000, MustRollHotDice: true}, Options{}, ErrRules, "MustRollHotDice"},
		{game.Rules{Target: 1000, ToxicTwos: true}, Options{}, ErrRules, "ToxicTwos"},
		{game.Rules{Target: 1000}, Options{Workers: -1}, ErrOptions, "Workers"},
		{game.Rules{Target: 20000}, Options{}, ErrTooLarge, ""},
	} {
		_, err := Solve(context.Background(), c.r, c.o)
		var se *kit.SolveFault
		if !errors.Is(err, c.want) || !errors.As(err, &se) || se.Field != c.field {
			t.Errorf("%+v %+v: %v, want %v with field %q", c.r, c.o, err, c.want, c.field)
		}
	}
	if _, err := Solve(context.Background(), game.Rules{Target: -5}, Options{}); err == nil {
		t.Error("Solve took a negative target")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, game.Rules{Target: 1000}, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a done context: %v", err)
	}
}

// roundTrip returns tb written by MarshalBinary and read back by
// UnmarshalBinary, and what was written.
func roundTrip(t *testing.T, tb *Table) (*Table, []byte) {
	t.Helper()
	data, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back := new(Table)
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	return back, data
}

// TestBinary checks that a table survives MarshalBinary and
// UnmarshalBinary bit for bit, and that damage is refused.
func TestBinary(t *testing.T) {
	tb, err := Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 800, MinBank: 100}, Options{})
	if err != nil { // not the shared table of solve: the test adds a mixed position
		t.Fatal(err)
	}
	tb.mix = append(tb.mix, Mix{Scores: [3]int{50, 100, 150}, Weight: 0.25}) // the format carries them
	back, data := roundTrip(t, tb)
	if back.Rules() != tb.Rules() || len(back.w) != len(tb.w) || back.Mixed() != 1 || back.Mixing()[0] != tb.mix[0] {
		t.Fatalf("read back: rules %+v, %d chances, mixing %v", back.Rules(), len(back.w), back.Mixing())
	}
	for i := range tb.w {
		if math.Float64bits(tb.w[i]) != math.Float64bits(back.w[i]) {
			t.Fatalf("chance %d: %v, want %v", i, back.w[i], tb.w[i])
		}
	}
	for _, i := range []int{0, 3, 5, len(data) / 2, len(data) - 1} {
		bad := append([]byte(nil), data...)
		bad[i] ^= 1
		if err := new(Table).UnmarshalBinary(bad); !errors.Is(err, ErrData) {
			t.Errorf("byte %d flipped: %v", i, err)
		}
	}
	if err := new(Table).UnmarshalBinary(data[:10]); !errors.Is(err, ErrData) {
		t.Errorf("short: %v", err)
	}
	var nilT *Table
	if err := nilT.UnmarshalBinary(data); !errors.Is(err, ErrNoTable) {
		t.Errorf("nil: %v", err)
	}
}

// TestBinaryFinal checks that a table of a final round read back answers
// the last turns as the table solved does: their starts are computed on
// first use from the rules, not saved.
func TestBinaryFinal(t *testing.T) {
	if testgate.Race {
		t.Skip("no concurrency, and ten seconds under the race detector")
	}
	tb := solve(t, game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 500, FinalRound: true, MinBank: 100})
	back, _ := roundTrip(t, tb)
	for _, st := range []State{
		{Scores: [3]int{100, 250, 450}},
		{Scores: [3]int{100, 250, 650}},
		{Scores: [3]int{100, 650, 250}, TurnTotal: 300, DiceLeft: 2},
		{Scores: [3]int{400, 0, 100}, TurnTotal: 200, DiceLeft: 4},
	} {
		want, err := tb.ChanceAt(st)
		if err != nil {
			t.Fatal(err)
		}
		got, err := back.ChanceAt(st)
		if err != nil || got != want {
			t.Errorf("%+v: read back %v, %v; solved %v", st, got, err, want)
		}
	}
}

// TestAdviseAgrees checks that Advise's chances at the start of a turn
// are the table's: the chance of each roll's advice, averaged over the
// rolls of six dice with the farkles, is the turn-start chance.
func TestAdviseAgrees(t *testing.T) {
	tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 1000})
	for _, sc := range [][3]int{{300, 650, 900}, {450, 450, 450}, {0, 0, 0}} {
		want, err := tb.Chances(sc[0], sc[1], sc[2])
		if err != nil {
			t.Fatal(err)
		}
		var got [3]float64
		for _, r := range sortedRolls(6) {
			a, err := tb.Advise(State{Scores: sc}, r.dice)
			if err != nil {
				t.Fatal(err)
			}
			for s := range 3 {
				got[s] += a.Chances[s] * r.prob
			}
		}
		for s := range 3 {
			if math.Abs(got[s]-want[s]) > 1e-12 {
				t.Errorf("%v seat %d: the advice averages %.15f, the table %.15f", sc, s, got[s], want[s])
			}
		}
	}
}

// TestFinalAdviseAgrees checks, with a final round, that ChanceAt and
// Advise agree everywhere a turn can be: the chances at a turn total with
// n dice to roll are those of each roll's advice averaged over the rolls
// of n dice, the farkles included. Before the final round, near the
// target and far above it; in the first last turn (the after player at
// the target or above) under and over the minimum to bank; in the very
// last turn.
func TestFinalAdviseAgrees(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	rules := []game.Rules{
		{Scoring: farkle.AppScoring.Rules(), Target: 600, FinalRound: true, MinBank: 150, MinFirstBank: 300},
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000, FinalRound: true},
	}
	switch {
	case testgate.Race:
		// Half a minute under the race detector, for no concurrency.
		rules = []game.Rules{{Scoring: farkle.AppScoring.Rules(), Target: 400, FinalRound: true, MinBank: 150, MinFirstBank: 300}}
	case !testgate.Slow():
		rules = rules[:1] // the second in the slow step of .ci/run
	}
	for _, r := range rules {
		tb := solve(t, r)
		T := r.Target
		mid, hi, a := T/100*50, T-50, T+100 // half the target, just under it, a trigger's score
		states := []State{
			{Scores: [3]int{mid, hi, 0}},
			{Scores: [3]int{0, 0, 0}},
			{Scores: [3]int{0, mid, 0}, TurnTotal: 250, DiceLeft: 3},
			{Scores: [3]int{hi, mid, hi}, TurnTotal: 400, DiceLeft: 2},
			{Scores: [3]int{hi, mid, hi}, TurnTotal: 1500, DiceLeft: 6},
			{Scores: [3]int{hi, mid, hi}, TurnTotal: 9000, DiceLeft: 1},
			{Scores: [3]int{mid, hi, a}},
			{Scores: [3]int{0, hi, a}, TurnTotal: 100, DiceLeft: 5},
			{Scores: [3]int{mid, hi, a}, TurnTotal: 700, DiceLeft: 4},
			{Scores: [3]int{mid, hi, a}, TurnTotal: 3000, DiceLeft: 6},
			{Scores: [3]int{mid, hi, 60000}, TurnTotal: 200, DiceLeft: 6},
			{Scores: [3]int{mid, a, hi}},
			{Scores: [3]int{0, a, a + 200}, TurnTotal: 150, DiceLeft: 2},
			{Scores: [3]int{mid, a, hi}, TurnTotal: 1000, DiceLeft: 3},
		}
		for _, st := range states {
			want, err := tb.ChanceAt(st)
			if err != nil {
				t.Fatal(err)
			}
			if d := want[0] + want[1] + want[2] - 1; math.Abs(d) > 1e-12 {
				t.Errorf("%+v: the chances %v sum to 1%+g", st, want, d)
			}
			n := st.DiceLeft
			if n == 0 {
				n = 6
			}
			var got [3]float64
			for _, rl := range sortedRolls(n) {
				a, err := tb.Advise(st, rl.dice)
				if err != nil {
					t.Fatal(err)
				}
				for s := range 3 {
					got[s] += a.Chances[s] * rl.prob
				}
			}
			near := func(a, b [3]float64) bool {
				return math.Abs(a[0]-b[0]) <= 1e-12 && math.Abs(a[1]-b[1]) <= 1e-12 && math.Abs(a[2]-b[2]) <= 1e-12
			}
			if near(got, want) {
				continue
			}
			// ChanceAt banks where banking is allowed and worth at least
			// rolling: the chances of the position after the bank.
			bank, ok := bankChances(t, tb, st)
			if !ok || !near(want, bank) || want[0] < got[0]-1e-12 {
				t.Errorf("%d/%+v: ChanceAt %v, the advice averages %v when rolling, a bank gives %v (allowed: %v)", r.Target, st, want, got, bank, ok)
			}
		}
	}
}

// bankChances returns the chances, mover first, when the mover of st
// banks its turn total, and whether the rules allow it, from the table's
// chances of the position after the bank, (next, after, mover + total),
// or the end of the game after the very last turn.
func bankChances(t *testing.T, tb *Table, st State) ([3]float64, bool) {
	r := tb.Rules()
	mb := r.MinBank
	if st.Scores[0] == 0 {
		mb = max(mb, r.MinFirstBank)
	}
	if st.TurnTotal == 0 || st.TurnTotal < mb {
		return [3]float64{}, false
	}
	mine := st.Scores[0] + st.TurnTotal
	if st.Scores[1] >= r.Target { // the very last turn: the game ends
		top := max(st.Scores[1], st.Scores[2])
		switch {
		case mine > top:
			return [3]float64{1, 0, 0}, true
		case st.Scores[1] >= st.Scores[2]:
			return [3]float64{0, 1, 0}, true
		}
		return [3]float64{0, 0, 1}, true
	}
	v, err := tb.Chances(st.Scores[1], st.Scores[2], mine)
	if err != nil {
		t.Fatal(err)
	}
	return [3]float64{v[2], v[0], v[1]}, true
}

// A sortedRoll is a roll of sorted dice and its probability.
type sortedRoll struct {
	dice []farkle.Die
	prob float64
}

// sortedRolls lists the rolls of n dice as sorted dice.
func sortedRolls(n int) []sortedRoll {
	var out []sortedRoll
	dice := make([]farkle.Die, n)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i == n {
			orders := 1.0
			for j := 2; j <= n; j++ {
				orders *= float64(j)
			}
			var cnt [7]int
			for _, d := range dice {
				cnt[d]++
			}
			for _, c := range cnt {
				for j := 2; j <= c; j++ {
					orders /= float64(j)
				}
			}
			out = append(out, sortedRoll{append([]farkle.Die(nil), dice...), orders / math.Pow(6, float64(n))})
			return
		}
		for d := from; d <= 6; d++ {
			dice[i] = farkle.Die(d)
			rec(i+1, d)
		}
	}
	rec(0, 1)
	return out
}

// TestPieceInterval checks the solver's runs of a turn against the whole
// dynamic program (turn, every total and number of dice): startPieceI's
// piece is startPiece's bit for bit, for a run from scratch and for runs
// of the same turn for other chances after a farkle that go on from the
// last (as a class's member does); and well inside the interval it
// returns, startPiece finds the same piece. Under Core scoring at 1,000
// and with a final round at 500 under App scoring with both minimums, on
// a grid of positions.
func TestPieceInterval(t *testing.T) {
	if testgate.Race {
		t.Skip("no concurrency")
	}
	for _, r := range []game.Rules{
		{Scoring: farkle.CoreScoring.Rules(), Target: 1000},
		{Scoring: farkle.AppScoring.Rules(), Target: 500, FinalRound: true, MinBank: 100, MinFirstBank: 200},
	} {
		tb := solve(t, r)
		m := tb.m
		b, full := m.getBuf(), m.getBuf()
		n := 0
		for x := 0; x < m.nS; x += 4 {
			for y := 1; y < m.nS; y += 4 {
				for z := 2; z < m.nS; z += 5 {
					F := tb.farkleVec(x, y, z)
					b.run.ok = false
					for _, f := range []float64{F[0], F[0] + 0.004, F[0] - 0.002, 0.5 * F[0], F[0] + 0.0041} {
						f = min(max(f, 0), 1)
						pc, lo, hi := tb.startPieceI(b, x, y, z, f, reach)
						if want := tb.startPiece(full, x, y, z, f); pc != want {
							t.Fatalf("target %d at (%d, %d, %d), f %v: run %+v, whole turn %+v", r.Target, x, y, z, f, pc, want)
						}
						if !(lo <= f && f <= hi) {
							t.Fatalf("target %d at (%d, %d, %d), f %v: interval [%v, %v]", r.Target, x, y, z, f, lo, hi)
						}
						if hi-lo < 1e-9 {
							continue
						}
						for _, g := range []float64{lo + (hi-lo)/100, hi - (hi-lo)/100} {
							if got := tb.startPiece(full, x, y, z, g); got != pc {
								t.Errorf("target %d at (%d, %d, %d): the piece at %v is %+v, at %v in [%v, %v] %+v", r.Target, x, y, z, f, pc, g, lo, hi, got)
							}
						}
						n++
					}
				}
			}
		}
		m.putBuf(b)
		m.putBuf(full)
		t.Logf("target %d, final round %v: %d runs with their intervals", r.Target, r.FinalRound, n)
	}
}
