package win

// M. Busche's 2016 figure. Solving his game (a penalty for three farkles
// in a row, target 10,000) takes about a minute on two cores, so the slow
// step of .ci/run solves it and checks that the table is the solution:
// every equation of the game holds at its chances, to 1e-12, its first
// player wins 53.487% of games, and it is the table of a digest. The
// plain run checks the same equations of a smaller game.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// busche2016 are the rules of M. Busche's game: Facebook scoring, bank
// from 300, the third farkle in a row costs 500, no final round, target
// 10,000, with the default floor of -2,500.
var busche2016 = game.Rules{Target: 10000, MinBank: 300, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.FacebookScoring.Rules()}

// buscheDigest is the SHA-256 of the binary form of the table that Solve
// gives for busche2016 with the default Options. The solver's arithmetic
// is the same on every processor and with any number of workers, so the
// table is the same to the bit. It was 4.5 MB of testdata (the table of
// an earlier solver, which this one matches to 7.9e-15 at every
// position); the slow step now solves it anew and checks every equation.
const buscheDigest = "6c1a3247c59eeb7911a1a024ce3103c1e58ceba65cce6233d102f00a9c1aba73"

// buscheSolved solves busche2016 once for the tests that ask: about a
// minute on two cores.
var buscheSolved = sync.OnceValues(func() (*Table, error) {
	return Solve(context.Background(), busche2016, Options{})
})

// buscheResidual returns the largest residual of the equations of tb at
// every stride-th turn-start position, from the sweeps' evaluation of a
// turn (which TestTurnShortcuts checks against the whole dynamic
// program), on every core.
func buscheResidual(tb *Table, stride int) (worst float64, checked int) {
	m := tb.m
	n := m.N * m.N * m.K * m.K
	workers := runtime.GOMAXPROCS(0)
	res := make([]float64, workers)
	cnt := make([]int, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := m.getBuf()
			defer m.putBuf(b)
			for at := w * stride; at < n; at += workers * stride {
				j := at % m.K
				i := at / m.K % m.K
				y := at / (m.K * m.K) % m.N
				x := at / (m.K * m.K * m.N)
				v := tb.sweepValue(b, x, y, j, tb.farkleValue(x, y, i, j))
				res[w] = max(res[w], math.Abs(v-tb.w[m.idx(x, y, i, j)]))
				cnt[w]++
			}
		}()
	}
	wg.Wait()
	for w := range workers {
		worst = max(worst, res[w])
		checked += cnt[w]
	}
	return worst, checked
}

// allResidual returns the largest residual of the equations of tb at
// every turn-start position, from the lanes' evaluation of the turns
// (which TestLaneSweep checks against the sweeps'), on every core.
func allResidual(t testing.TB, tb *Table) float64 {
	worst, err := tb.newLanePass(runtime.GOMAXPROCS(0)).run(context.Background(), laneResidual, nil)
	if err != nil {
		t.Fatal(err)
	}
	return worst
}

// TestPenaltyResidual checks every equation of a small game with a
// penalty, as TestSolveBusche2016 checks M. Busche's, by the sweeps'
// evaluation of the turns and by the lanes', and that the check can
// fail: a chance off by 1e-9 is found.
func TestPenaltyResidual(t *testing.T) {
	tb := solvedWin(t, winPenalty, winPenaltyFloor)
	if worst, n := buscheResidual(tb, 1); worst > 1e-12 || n != len(tb.w) {
		t.Errorf("largest residual %.3g at %d positions of %d, want at most 1e-12 at all", worst, n, len(tb.w))
	}
	if worst := allResidual(t, tb); worst > 1e-12 {
		t.Errorf("lanes: largest residual %.3g, want at most 1e-12", worst)
	}
	moved := &Table{m: tb.m, w: slices.Clone(tb.w)}
	moved.w[0] += 1e-9
	if worst, _ := buscheResidual(moved, 1); worst < 1e-10 {
		t.Errorf("a chance moved by 1e-9: largest residual %.3g, want it found", worst)
	}
}

// TestSolveBusche2016 reproduces M. Busche, "Optimal Play of Farkle and
// Two-Player Farkle" (2016): under Facebook scoring with banking from
// 300, a penalty of 500 for the third farkle in a row, a floor of -2,500
// and no final round, the first player wins 53.487% of games. It solves
// the game, checks every equation at the solution to 1e-12, and that the
// table is the one of buscheDigest, in the slow step of .ci/run.
func TestSolveBusche2016(t *testing.T) {
	testgate.Long(t)
	t.Parallel() // a long check: beside the others, on both cores
	start := time.Now()
	tb, err := buscheSolved()
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	if got := tb.firstWin(); math.Abs(got-0.53487) > 5e-6 {
		t.Errorf("firstWin() = %.7f, want 0.53487", got)
	}
	worst := allResidual(t, tb)
	if worst > 1e-12 {
		t.Errorf("largest residual %.3g at %d positions, want at most 1e-12", worst, len(tb.w))
	}
	data, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) != buscheDigest {
		t.Errorf("the table's digest is %x, want %s: the solver's arithmetic changed (the residuals above say whether it is still the solution)", sum, buscheDigest)
	}
	t.Logf("solved in %v; the first player wins %.7f; largest residual %.3g at %d positions", took, tb.firstWin(), worst, len(tb.w))
}
