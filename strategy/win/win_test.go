package win

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/farkle-go/farkle/strategy"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// winTables caches the tables that several tests share.
var winTables sync.Map // winKey -> func() (*Table, error)

type winKey struct {
	r       game.Rules
	floor   int
	players int
}

func solvedWin(t fataler, r game.Rules, floor int) *Table {
	t.Helper()
	f, _ := winTables.LoadOrStore(winKey{r, floor, 2}, sync.OnceValues(func() (*Table, error) {
		return Solve(context.Background(), r, Options{Floor: floor})
	}))
	tb, err := f.(func() (*Table, error))()
	if err != nil {
		t.Fatalf("Solve(%+v): %v", r, err)
	}
	return tb
}

// Small rule sets for the properties and the bots: no final round, a
// final round, and a penalty.
var (
	winCore    = game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}
	winFinal   = game.Rules{Target: 500, FinalRound: true, MinBank: 300, Scoring: farkle.FacebookScoring.Rules()}
	winPenalty = game.Rules{Target: 500, Penalty: 500, PenaltyAfter: 3, MinBank: 300, Scoring: farkle.FacebookScoring.Rules()}
	// An opening minimum with a final round.
	winOpening = game.Rules{Target: 1000, FinalRound: true, MinFirstBank: 500, Scoring: farkle.FacebookScoring.Rules()}
)

const winPenaltyFloor = -500

var winSmall = []winCase{
	{"core-2000", winCore, 0},
	{"facebook-500-final", winFinal, 0},
	{"facebook-500-penalty", winPenalty, winPenaltyFloor},
	{"facebook-1000-final-first-500", winOpening, 0},
}

// TestSolveBuscheNeller reproduces M. Busche and T. Neller, "Optimal
// Play of the Farkle Dice Game" (ACG 2017): under Core scoring, target
// 10,000, no final round, no minimum bank, no penalty, banking allowed
// after hot dice, the fairest komi is 200 points.
func TestSolveBuscheNeller(t *testing.T) {
	testgate.Long(t) // solves target 10,000

	runtime.GC()
	var peak uint64
	sample := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapInuse+ms.StackInuse)
	}
	start := time.Now()
	tb, err := Solve(context.Background(), game.Rules{Scoring: farkle.CoreScoring.Rules()}, Options{
		Progress: func(done, total int) {
			if done%50 == 0 {
				sample()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	sample()
	komi, first := tb.FairestKomi()
	t.Logf("solved in %v, heap in use at most %.1f MiB; first player %.6f; komi %d (first player %.6f)",
		time.Since(start), float64(peak)/(1<<20), tb.firstWin(), komi, first)
	if komi != 200 {
		t.Errorf("FairestKomi() = %d, want 200", komi)
	}
	if got := tb.firstWin(); math.Abs(got-0.536953) > 5e-7 {
		t.Errorf("firstWin() = %.7f, want 0.536953", got)
	}
	if peak > 64<<20 {
		t.Errorf("heap in use up to %d bytes, want at most 64 MiB", peak)
	}
}

// eachWinTable runs check as a subtest on each of the small tables and,
// in the slow step of .ci/run (testgate.Slow), on each reference case but
// the slow ones, with a buffer for turns.
func eachWinTable(t *testing.T, check func(t *testing.T, tb *Table, b *dpBuf)) {
	cases := slices.Clone(winSmall)
	for _, c := range winCases {
		if !strings.HasPrefix(c.name, "slow/") && testgate.Slow() && !slices.ContainsFunc(cases, func(d winCase) bool { return d.name == c.name }) {
			cases = append(cases, c)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := solvedWin(t, c.r, c.floor)
			b := tb.m.getBuf()
			defer tb.m.putBuf(b)
			check(t, tb, b)
		})
	}
}

// eachPosition calls f with every turn-start position of m: x against y,
// with i and j farkles in a row.
func eachPosition(m *model, f func(x, y, i, j int)) {
	for x := range m.N {
		for y := range m.N {
			for i := range m.K {
				for j := range m.K {
					f(x, y, i, j)
				}
			}
		}
	}
}

// TestResidual checks the Bellman equations at every turn-start
// position: the value is the turn's value from the chances it leads to,
// to 1e-12. In the plain run it checks only the small tables that other
// tests share; the slow step of .ci/run the reference cases too.
func TestResidual(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	eachWinTable(t, func(t *testing.T, tb *Table, b *dpBuf) {
		worst := 0.0
		eachPosition(tb.m, func(x, y, i, j int) {
			w, _ := tb.startValue(b, x, y, j, tb.farkleValue(x, y, i, j))
			worst = max(worst, math.Abs(w-tb.w[tb.m.idx(x, y, i, j)]))
		})
		if worst > 1e-12 {
			t.Errorf("largest residual %.3g, want at most 1e-12", worst)
		}
	})
}

// TestTurnShortcuts checks the turn evaluations of the solver against
// the whole dynamic program (startValue) at every turn-start position of
// the small tables and the reference cases, for the farkle value of the
// position and for others: the stop where banking is sure to be best
// (startValueCut, with a final round) must give the same value and slope,
// and the sweeps' evaluation (sweepValue) the same value.
func TestTurnShortcuts(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	eachWinTable(t, func(t *testing.T, tb *Table, b *dpBuf) {
		m := tb.m
		cuts, turns := 0, 0
		others := []float64{0, 0.25, 0.5, 0.9, 1}
		eachPosition(m, func(x, y, i, j int) {
			switch {
			case raceEnabled && (x+y)%4 != 0:
				return // a quarter of the positions under the race detector
			case !testgate.Slow() && (x+y+i+j)%2 != 0:
				return // half of them in the plain run, all in the slow step
			}
			// Every other farkle value at each position in the slow
			// step; in the plain run one of them, in turn.
			fs := []float64{tb.farkleValue(x, y, i, j)}
			if testgate.Slow() {
				fs = append(fs, others...)
			} else {
				fs = append(fs, others[(x+y+i+j)%len(others)])
			}
			for _, f := range fs {
				turns++
				want, wantSlope := tb.startValue(b, x, y, j, f)
				got, slope := tb.startValueCut(b, x, y, j, f)
				if math.Abs(got-want) > 1e-15 || math.Abs(slope-wantSlope) > 1e-12 {
					t.Fatalf("(%d, %d, %d, %d), f %v: startValueCut %v (slope %v), startValue %v (slope %v)",
						x, y, i, j, f, got, slope, want, wantSlope)
				}
				if got := tb.sweepValue(b, x, y, j, f); math.Abs(got-want) > 1e-15 {
					t.Fatalf("(%d, %d, %d, %d), f %v: sweepValue %v, startValue %v", x, y, i, j, f, got, want)
				}
				if m.cut(x, y, f) < m.kc(x, y) {
					cuts++
				}
			}
		})
		if m.final && !m.mustRoll && cuts == 0 {
			t.Errorf("no turn stopped before kc with a final round")
		}
		t.Logf("%d of %d turns stopped before kc", cuts, turns)
	})
}

// genWin draws one of the small tables and a position of it.
func genWin(t *rapid.T) (*Table, int, int) { return genWinOf(t, winSmall) }

// genWinOf draws one of the tables of cases and a position of it.
func genWinOf(t *rapid.T, cases []winCase) (*Table, int, int) {
	c := rapid.SampledFrom(cases).Draw(t, "rules")
	tb := solvedWin(t, c.r, c.floor)
	m := tb.m
	x := rapid.IntRange(0, m.nS-1).Draw(t, "mine")
	y := rapid.IntRange(0, m.nS-1).Draw(t, "theirs")
	return tb, m.lo + x*m.step, m.lo + y*m.step
}

// Property: without a final round, more banked score never lowers the
// chance of the player to move. (With one it can: see
// TestMoreMineFinalRound.)
func TestPropertyMoreMine(t *testing.T) {
	cases := slices.DeleteFunc(slices.Clone(winSmall), func(c winCase) bool { return c.r.FinalRound })
	rapid.Check(t, func(t *rapid.T) {
		tb, mine, theirs := genWinOf(t, cases)
		more := mine + tb.Step()*rapid.IntRange(1, 10).Draw(t, "more")
		if more >= tb.Rules().Target {
			t.Skip("at the target")
		}
		lo, _ := tb.chanceStart(mine, theirs)
		hi, err := tb.chanceStart(more, theirs)
		if err != nil {
			t.Fatal(err)
		}
		if hi < lo-1e-12 {
			t.Fatalf("Chance(%d, %d) = %v < Chance(%d, %d) = %v", more, theirs, hi, mine, theirs, lo)
		}
	})
}

// TestMoreMineFinalRound shows that with a final round more banked
// score can lower the chance to win, here by 0.09 points of percentage.
// Under Facebook scoring, target 500, a final round and a minimum bank of
// 300, the player with 200 against 300 reaches the target with any bank
// and so always gives the opponent a last turn, while with 150 a bank of
// 300 stays under the target. The reference solver gives the same chances
// (0.524419478204 and 0.523554677587).
func TestMoreMineFinalRound(t *testing.T) {
	tb := solvedWin(t, winFinal, 0)
	lo, err1 := tb.chanceStart(150, 300)
	hi, err2 := tb.chanceStart(200, 300)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if math.Abs(lo-0.524419478204) > 1e-11 || math.Abs(hi-0.523554677587) > 1e-11 {
		t.Errorf("Chance(150, 300) = %.12f, Chance(200, 300) = %.12f, want 0.524419478204 and 0.523554677587", lo, hi)
	}
}

// Property: more opponent score never raises the chance of the player to
// move.
func TestPropertyMoreTheirs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb, mine, theirs := genWin(t)
		more := theirs + tb.Step()*rapid.IntRange(1, 10).Draw(t, "more")
		if more >= tb.Rules().Target {
			t.Skip("at the target")
		}
		lo, _ := tb.chanceStart(mine, theirs)
		hi, err := tb.chanceStart(mine, more)
		if err != nil {
			t.Fatal(err)
		}
		if hi > lo+1e-12 {
			t.Fatalf("Chance(%d, %d) = %v > Chance(%d, %d) = %v", mine, more, hi, mine, theirs, lo)
		}
	})
}

// Property: a larger komi (head start of the second player) never raises
// the first player's chance.
func TestPropertyKomi(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb, _, _ := genWin(t)
		step, target := tb.Step(), tb.Rules().Target
		k1 := step * rapid.IntRange(0, (target-1)/step).Draw(t, "komi")
		k2 := step * rapid.IntRange(k1/step, (target-1)/step).Draw(t, "larger")
		w1, _ := tb.chanceStart(0, k1)
		w2, err := tb.chanceStart(0, k2)
		if err != nil {
			t.Fatal(err)
		}
		if w2 > w1+1e-12 {
			t.Fatalf("komi %d: first player %v; komi %d: %v", k1, w1, k2, w2)
		}
	})
}

// TestAdviseAverages checks that at the start of a turn the chance is
// the average over the rolls of six dice of the advised choice's chance
// (or of a farkle's): at the start of the game in the plain run, at two
// more positions in the slow step of .ci/run.
func TestAdviseAverages(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	ix := multiset.Get()
	for _, c := range winSmall {
		tb := solvedWin(t, c.r, c.floor)
		states := []pair{{}, {Mine: 300, Theirs: 350}, {Mine: 450, Theirs: 0}}
		if !testgate.Slow() {
			states = states[:1]
		}
		for _, s := range states {
			t.Run(fmt.Sprintf("%s/%d-%d", c.name, s.Mine, s.Theirs), func(t *testing.T) {
				want, err := tb.chanceStart(s.Mine, s.Theirs)
				if err != nil {
					t.Fatal(err)
				}
				if in, _ := tb.chance2(s); in != want {
					t.Fatalf("ChanceAt(%+v) = %v, Chance = %v", s, in, want)
				}
				var got float64
				roll := make([]farkle.Die, 6)
				for i := ix.First[6]; i < ix.First[7]; i++ {
					for k := range roll {
						roll[k] = farkle.Die(ix.Sorted[i][k])
					}
					a, err := tb.advise2(s, roll)
					if err != nil {
						t.Fatal(err)
					}
					got += a.Chance * float64(ix.Orders[i]) / 46656
				}
				if math.Abs(got-want) > 1e-12 {
					t.Fatalf("average of the advice %v, Chance %v", got, want)
				}
			})
		}
	}
}

func TestAdvise(t *testing.T) {
	tb := solvedWin(t, winCore, 0)
	// Ahead near the target: bank 1,000 from 1 1 1 and win at once.
	a, err := tb.advise2(pair{Mine: 1000, Theirs: 1500}, []farkle.Die{1, 1, 1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if !a.Bank || a.Chance != 1 || a.Keep.Points() != 1000 {
		t.Errorf("Advise: bank %v, chance %v, keep %v; want to bank 1000 and win", a.Bank, a.Chance, a.Keep)
	}
	for k := 1; k < len(a.Choices); k++ {
		if a.Choices[k].Chance > a.Choices[k-1].Chance {
			t.Errorf("Choices not by chance, descending: %+v", a.Choices)
		}
	}
	// Far behind: 1 1 1 with 3 dice left, 1000 in the turn, rolls on.
	a, err = tb.advise2(pair{Mine: 0, Theirs: 1900}, []farkle.Die{1, 1, 1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if a.Bank {
		t.Errorf("Advise far behind: banks %v with %v", a.Keep, a.Chance)
	}
	f, err := tb.advise2(pair{Mine: 0, Theirs: 0}, []farkle.Die{2, 3, 4, 6})
	if err != nil || !f.Farkle || len(f.Choices) != 0 {
		t.Errorf("Advise(farkle) = %+v, %v", f, err)
	}
}

// A floor far below the scores is refused, not overflowed (on 64-bit
// platforms, where it can be given).
func TestSolveFloorFar(t *testing.T) {
	if strconv.IntSize < 64 {
		t.Skip("no int below math.MinInt32")
	}
	far := math.MinInt32
	far -= 50
	r := game.Rules{Target: 1000, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.CoreScoring.Rules()}
	_, err := Solve(context.Background(), r, Options{Floor: far})
	var se *SolveError
	if !errors.As(err, &se) || !errors.Is(err, ErrOptions) || se.Field != "Floor" {
		t.Fatalf("Solve with Floor %d: %v, want a *SolveError wrapping ErrOptions for Floor", far, err)
	}
}

func TestSolveErrors(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	bg := context.Background()
	pen := game.Rules{Target: 500, Penalty: 500, PenaltyAfter: 3}
	for _, c := range []struct {
		name  string
		ctx   context.Context
		r     game.Rules
		opts  Options
		want  error
		field string // of the *SolveError, for the sentinels of this package
		msg   string
	}{
		{"floor-positive", bg, pen, Options{Floor: 100}, ErrOptions, "Floor",
			"win: invalid options: Floor 100, want a negative multiple of 50 from -2147483648"},
		{"floor-step", bg, pen, Options{Floor: -510}, ErrOptions, "Floor",
			"win: invalid options: Floor -510, want a negative multiple of 50 from -2147483648"},
		{"workers", bg, game.Rules{Target: 500}, Options{Workers: -1}, ErrOptions, "Workers",
			"win: invalid options: Workers -1"},
		{"rules", bg, game.Rules{Target: -1}, Options{}, farkle.ErrInvalidRules, "", ""},
		{"too-large", bg, game.Rules{Target: 1_000_000}, Options{}, ErrTooLarge, "",
			"win: game too large: 20000 scores and 1 farkle counts a player: 400000000 positions, at most 4194304"},
		{"canceled", canceled, game.Rules{Target: 500}, Options{}, context.Canceled, "", ""},
		{"min-first-bank-huge", bg, game.Rules{Target: 500, MinFirstBank: 100_000_000}, Options{}, ErrTooLarge, "",
			"win: game too large: turn totals up to 2000122 steps of 50"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Solve(c.ctx, c.r, c.opts)
			if !errors.Is(err, c.want) {
				t.Fatalf("Solve: %v, want an error wrapping %v", err, c.want)
			}
			var se *SolveError
			if errors.As(err, &se) != (c.msg != "") {
				t.Fatalf("Solve: %v (%T), a *SolveError: %v", err, err, c.msg != "")
			}
			if se == nil {
				return
			}
			if se.Field != c.field || se.Rules != c.r || se.Options.Floor != c.opts.Floor || se.Options.Workers != c.opts.Workers {
				t.Errorf("SolveError: Field %q, Rules %+v, Options %+v; want %q, %+v, %+v", se.Field, se.Rules, se.Options, c.field, c.r, c.opts)
			}
			if err.Error() != c.msg {
				t.Errorf("Error() = %q, want %q", err.Error(), c.msg)
			}
		})
	}
	tb := solvedWin(t, winCore, 0)
	for _, c := range []struct {
		name string
		s    pair
		want error
		msg  string
	}{
		{"negative", pair{Mine: -50}, ErrScore, "win: score out of range: scores -50, 0 (from 0 to under 2000 in steps of 50)"},
		{"target", pair{Theirs: 2000}, ErrScore, "win: score out of range: scores 0, 2000 (from 0 to under 2000 in steps of 50)"},
		{"step", pair{Mine: 25}, ErrScore, "win: score out of range: scores 25, 0 (from 0 to under 2000 in steps of 50)"},
		{"farkles", pair{MyFarkles: 1}, ErrFarkles, "win: farkles in a row out of range: farkles in a row 1, 0 (0 to 0)"},
		{"total", pair{TurnTotal: 75, DiceLeft: 3}, ErrTurnTotal, "win: turn total not reachable: 75 with 3 dice"},
		{"total-1", pair{TurnTotal: -50, DiceLeft: 1}, ErrTurnTotal, "win: turn total not reachable: -50 with 1 die"},
		{"dice", pair{TurnTotal: 50, DiceLeft: 7}, ErrDiceLeft, "win: number of dice out of range: 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := tb.Chance(pub(c.s))
			var se *StateError
			if !errors.Is(err, c.want) || !errors.As(err, &se) || !cmp.Equal(se.State, pub(c.s)) {
				t.Fatalf("ChanceAt(%+v): %v, want a *StateError of the state wrapping %v", c.s, err, c.want)
			}
			if err.Error() != c.msg {
				t.Errorf("Error() = %q, want %q", err.Error(), c.msg)
			}
		})
	}
	if _, err := tb.chanceStart(25, 0); !errors.Is(err, ErrScore) {
		t.Errorf("Chance(25, 0): %v, want ErrScore", err)
	}
	if _, err := tb.advise2(pair{}, []farkle.Die{1, 7}); !errors.Is(err, farkle.ErrInvalidDie) {
		t.Errorf("Advise(1 7): %v, want ErrInvalidDie", err)
	}
}

// TestNoTable checks that the methods of a nil and of a zero *Table
// answer with ErrNoTable or zero values, and do not panic.
func TestNoTable(t *testing.T) {
	for _, tb := range []*Table{nil, new(Table)} {
		if _, err := tb.chanceStart(0, 0); !errors.Is(err, ErrNoTable) {
			t.Errorf("%v: Chance: %v, want ErrNoTable", tb, err)
		}
		if _, err := tb.chance2(pair{}); !errors.Is(err, ErrNoTable) {
			t.Errorf("%v: ChanceAt: %v, want ErrNoTable", tb, err)
		}
		if _, err := tb.advise2(pair{}, []farkle.Die{1, 5}); !errors.Is(err, ErrNoTable) {
			t.Errorf("%v: Advise: %v, want ErrNoTable", tb, err)
		}
		if _, err := tb.MarshalBinary(); !errors.Is(err, ErrNoTable) {
			t.Errorf("%v: MarshalBinary: %v, want ErrNoTable", tb, err)
		}
		komi, first := tb.FairestKomi()
		if tb.Rules() != (game.Rules{}) || tb.Floor() != 0 || tb.Step() != 0 || tb.firstWin() != 0 || komi != 0 || first != 0 {
			t.Errorf("%v: not the zero answers", tb)
		}
	}
	var nilTable *Table
	if err := nilTable.UnmarshalBinary(nil); !errors.Is(err, ErrNoTable) {
		t.Errorf("UnmarshalBinary into nil: %v, want ErrNoTable", err)
	}
}

func TestMarshalBinary(t *testing.T) {
	for _, c := range winSmall {
		t.Run(c.name, func(t *testing.T) {
			tb := solvedWin(t, c.r, c.floor)
			data, err := tb.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var got Table
			if err := got.UnmarshalBinary(data); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tb.w, got.w); diff != "" {
				t.Errorf("chances after a round trip (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tb.Rules(), got.Rules()); diff != "" {
				t.Errorf("rules after a round trip (-want +got):\n%s", diff)
			}
			if tb.Floor() != got.Floor() || tb.Step() != got.Step() {
				t.Errorf("floor, step %d %d, want %d %d", got.Floor(), got.Step(), tb.Floor(), tb.Step())
			}
			for _, at := range []int{0, 4, 5, 12, len(data) / 2, len(data) - 9, len(data) - 1} {
				bad := append([]byte(nil), data...)
				bad[at] ^= 0x10
				var u Table
				if err := u.UnmarshalBinary(bad); !errors.Is(err, ErrData) {
					t.Errorf("byte %d flipped: %v, want an error wrapping ErrData", at, err)
				}
				if u.m != nil {
					t.Errorf("byte %d flipped: the table changed", at)
				}
			}
			for _, n := range []int{0, 3, 5, 20, len(data) - 1} {
				var u Table
				if err := u.UnmarshalBinary(data[:n]); !errors.Is(err, ErrData) {
					t.Errorf("%d bytes: %v, want an error wrapping ErrData", n, err)
				}
			}
		})
	}
}

// TestBotGames plays whole games through package game: the Bot
// against strategy's Bot, two and three players.
func TestBotGames(t *testing.T) {
	games := 40
	if testing.Short() || raceEnabled {
		games = 6
	}
	for _, c := range winSmall {
		for _, players := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/%d", c.name, players), func(t *testing.T) {
				tb := solvedWin(t, c.r, c.floor)
				st := mustSolve(t, game.Rules{Scoring: c.r.Scoring, MinBank: c.r.MinBank, MustRollHotDice: c.r.MustRollHotDice})
				wins := 0
				for seed := range games {
					g, err := game.New(c.r, make([]string, players), rand.NewPCG(uint64(seed), 7))
					if err != nil {
						t.Fatal(err)
					}
					bots := []game.Bot{Bot{Table: tb}}
					for range players - 1 {
						bots = append(bots, strategy.Bot{Table: st})
					}
					if seed%2 == 1 { // the Bot plays second
						bots[0], bots[1] = bots[1], bots[0]
					}
					if err := g.Play(bots...); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					if w, _ := g.View().Winner(); w == seed%2 {
						wins++
					}
				}
				t.Logf("the Bot won %d of %d games", wins, games)
			})
		}
	}
}

// BenchmarkSolve shows how the time of Solve grows with the target
// (Core scoring, no final round).
func BenchmarkSolve(b *testing.B) {
	for _, target := range []int{1000, 2000, 5000, 10_000} {
		b.Run(fmt.Sprint("target=", target), func(b *testing.B) {
			if target > 5000 && testing.Short() {
				b.Skip("-short")
			}
			r := game.Rules{Target: target, Scoring: farkle.CoreScoring.Rules()}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Solve(context.Background(), r, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// winBenchTable is the Core target 10,000 table, or target 5,000 with
// -short.
func winBenchTable(b *testing.B) *Table {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules()}
	if testing.Short() {
		r.Target = 5000
	}
	return solvedWin(b, r, 0)
}

func BenchmarkAdvise(b *testing.B) {
	tb := winBenchTable(b)
	for _, c := range []struct {
		name string
		s    pair
		roll []farkle.Die
	}{
		{"start", pair{}, []farkle.Die{1, 5, 5, 2, 3, 1}},
		{"behind", pair{Mine: 1000, Theirs: 4500, TurnTotal: 300}, []farkle.Die{1, 5, 3}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tb.Advise(pub(c.s), c.roll); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkBotDecide(b *testing.B) {
	tb := winBenchTable(b)
	g, err := game.New(game.Rules{Target: tb.Rules().Target, Scoring: farkle.CoreScoring.Rules()}, make([]string, 2), nil)
	if err != nil {
		b.Fatal(err)
	}
	if err := g.RollDice([]farkle.Die{1, 5, 5, 2, 3, 1}); err != nil {
		b.Fatal(err)
	}
	bot := Bot{Table: tb}
	v := g.View()
	b.ReportAllocs()
	for b.Loop() {
		bot.Decide(v)
	}
}

// BenchmarkSolveBusche2016 solves M. Busche's 2016 game (see
// TestSolveBusche2016, which checks the stored solution instead) until no
// chance moves by more than 1e-6, which leaves the figure within about
// 1e-7: minutes on two cores, so it runs only with FARKLE_SLOW=1:
//
//	FARKLE_SLOW=1 go test -run '^$' -bench SolveBusche2016 -benchtime 1x ./strategy/win
func BenchmarkSolveBusche2016(b *testing.B) {
	slowOnly(b)
	m, err := newModelEps(busche2016, DefaultFloor, 1e-7, reachEps) // sweeps until no chance moves by 1e-6
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		tb, err := solve(context.Background(), m, Options{})
		if err != nil {
			b.Fatal(err)
		}
		if got := tb.firstWin(); math.Abs(got-0.53487) > 5e-6 {
			b.Errorf("firstWin() = %.7f, want 0.53487", got)
		}
	}
}

// startValue returns the turn-start value at (x, y, j) for a farkle worth
// f, and its slope in f, from the whole dynamic program up to the cap: the
// reference for the shortcuts startValueCut and sweepValue, which the
// solver uses instead.
func (t *Table) startValue(b *dpBuf, x, y, j int, f float64) (float64, float64) {
	t.turnF(b, x, y, j, f, t.m.kc(x, y), 0)
	at := (farkle.MaxDice - 1) * t.m.nv
	return math.Float64frombits(b.v[at]), b.dv[at]
}
