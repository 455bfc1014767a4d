package win

import (
	"errors"
	"fmt"
	"github.com/google/go-cmp/cmp"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/farkle-go/farkle/strategy"
)

// The opening minimum with a penalty: off the board at 0, -500 and the
// floor -1000.
var (
	winOpeningPenalty = game.Rules{Target: 600, MinBank: 300, MinFirstBank: 500, Penalty: 500, PenaltyAfter: 3, Scoring: farkle.FacebookScoring.Rules()}
	winOpeningFloor   = -1000
	// winOpeningPlain is an opening minimum without a final round or a
	// penalty.
	winOpeningPlain = game.Rules{Target: 1000, MinFirstBank: 500, Scoring: farkle.CoreScoring.Rules()}
)

// TestOpeningStates checks the positions of a table with an opening
// minimum: the zero State is the start of the game, a positive score is on
// the board whatever the State says, and the scores that play does not
// reach off the board (or, without a penalty, on it) are errors.
func TestOpeningStates(t *testing.T) {
	for _, c := range []struct {
		name  string
		r     game.Rules
		floor int
	}{{"plain", winOpeningPlain, 0}, {"final", winOpening, 0}, {"penalty", winOpeningPenalty, winOpeningFloor}} {
		t.Run(c.name, func(t *testing.T) {
			tb := solvedWin(t, c.r, c.floor)
			start, err := tb.chance2(pair{})
			if err != nil || start != tb.firstWin() {
				t.Errorf("ChanceAt(pair{}) = %v, %v; FirstPlayerWin %v", start, err, tb.firstWin())
			}
			if w, err := tb.chanceStart(0, 0); err != nil || w != start {
				t.Errorf("Chance(0, 0) = %v, %v; want %v", w, err, start)
			}
			if _, w := tb.FairestKomi(); w <= 0 || w >= 1 {
				t.Errorf("FairestKomi: first player %v", w)
			}
			// A positive score is on the board whatever the State says.
			for _, s := range []pair{{Mine: 300, Theirs: 50}, {Mine: 50, Theirs: 300, TurnTotal: 100, DiceLeft: 3}} {
				on := s
				on.MyOnBoard, on.TheirOnBoard = true, true
				a, err1 := tb.chance2(s)
				b, err2 := tb.chance2(on)
				if err := errors.Join(err1, err2); err != nil || a != b {
					t.Errorf("ChanceAt(%+v) = %v, on the board %v (%v)", s, a, b, err)
				}
			}
			var bad []pair
			if c.r.Penalty == 0 {
				bad = []pair{{MyOnBoard: true}, {Mine: 100, TheirOnBoard: true}}
			} else {
				bad = []pair{{Mine: -100}, {Theirs: -450}, {Mine: -1050}}
				// Off and on the board at the same scores: both exist.
				for _, sc := range []int{0, -500, -1000} {
					s := pair{Mine: sc, Theirs: 100}
					offW, err1 := tb.chance2(s)
					s.MyOnBoard = true
					onW, err2 := tb.chance2(s)
					if err := errors.Join(err1, err2); err != nil || !(offW < onW) {
						t.Errorf("score %d: off the board %v, on it %v (%v); want less off", sc, offW, onW, err)
					}
				}
				if w, err := tb.chance2(pair{Mine: -100, MyOnBoard: true}); err != nil || w <= 0 {
					t.Errorf("on the board at -100: %v, %v", w, err)
				}
			}
			for _, s := range bad {
				_, err := tb.Chance(pub(s))
				var se *StateError
				if !errors.Is(err, ErrScore) || !errors.As(err, &se) || !cmp.Equal(se.State, pub(s)) {
					t.Errorf("ChanceAt(%+v): %v, want a *StateError wrapping ErrScore", s, err)
				} else {
					t.Logf("%+v: %v", s, err)
				}
			}
		})
	}
	tb := solvedWin(t, winOpeningPenalty, winOpeningFloor)
	_, err := tb.Chance(pub(pair{Mine: -100}))
	if want := "win: score out of range: scores -100, 0 (off the board: from 0 down in steps of 500, or the floor -1000)"; err == nil || err.Error() != want {
		t.Errorf("ChanceAt(-100 off the board): %v, want %q", err, want)
	}
	tb = solvedWin(t, winOpeningPlain, 0)
	_, err = tb.Chance(pub(pair{MyOnBoard: true}))
	if want := "win: score out of range: scores 0, 0 (on the board a score is positive: without a penalty every bank is)"; err == nil || err.Error() != want {
		t.Errorf("ChanceAt(0 on the board): %v, want %q", err, want)
	}
}

// TestOpeningMonotone: at every position of the table with a penalty, the
// player to move is better off on the board than off it at the same
// score, and worse off against an opponent on the board.
func TestOpeningMonotone(t *testing.T) {
	tb := solvedWin(t, winOpeningPenalty, winOpeningFloor)
	m := tb.m
	checked := 0
	for x := range m.nOff {
		on := m.nOff + m.up(x) // the same score on the board
		for y := range m.N {
			for i := range m.K {
				for j := range m.K {
					if tb.w[m.idx(x, y, i, j)] > tb.w[m.idx(on, y, i, j)]+1e-12 {
						t.Errorf("(%d, %d, %d, %d): off the board %v, on it %v", x, y, i, j, tb.w[m.idx(x, y, i, j)], tb.w[m.idx(on, y, i, j)])
					}
					if tb.w[m.idx(y, x, i, j)] < tb.w[m.idx(y, on, i, j)]-1e-12 {
						t.Errorf("(%d, %d, %d, %d): against off the board %v, on it %v", y, x, i, j, tb.w[m.idx(y, x, i, j)], tb.w[m.idx(y, on, i, j)])
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no off-board positions")
	}
}

// TestOpeningResidual checks the equations of the table with a penalty
// at every position, off the board too, as TestResidual does.
func TestOpeningResidual(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	tb := solvedWin(t, winOpeningPenalty, winOpeningFloor)
	b := tb.m.getBuf()
	defer tb.m.putBuf(b)
	worst := 0.0
	for x := range tb.m.N {
		for y := range tb.m.N {
			for i := range tb.m.K {
				for j := range tb.m.K {
					w, _ := tb.startValue(b, x, y, j, tb.farkleValue(x, y, i, j))
					worst = max(worst, math.Abs(w-tb.w[tb.m.idx(x, y, i, j)]))
				}
			}
		}
	}
	if worst > 1e-12 {
		t.Errorf("largest residual %.3g, want at most 1e-12", worst)
	}
	t.Logf("%d positions, %d off the board a side; largest residual %.3g", len(tb.w), tb.m.nOff, worst)
}

// TestOpeningMarshal: a table with off-board positions of their own
// round-trips in version 2 of the binary form; one without them is
// written in version 1, which the readers before version 2 read.
func TestOpeningMarshal(t *testing.T) {
	for _, c := range []struct {
		r       game.Rules
		floor   int
		version byte
	}{{winOpeningPenalty, winOpeningFloor, 2}, {winOpeningPlain, 0, 1}, {winPenalty, winPenaltyFloor, 1}} {
		tb := solvedWin(t, c.r, c.floor)
		data, err := tb.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if data[4] != c.version {
			t.Errorf("%+v: version %d, want %d", c.r, data[4], c.version)
		}
		var got Table
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if !slicesEqual(got.w, tb.w) || got.firstWin() != tb.firstWin() {
			t.Errorf("%+v: the chances changed in a round trip", c.r)
		}
		if c.version == 2 {
			for _, n := range []int{len(data) - 8*len(tb.w) - 6, 30} {
				var u Table
				if err := u.UnmarshalBinary(data[:n]); !errors.Is(err, ErrData) {
					t.Errorf("%d bytes: %v, want ErrData", n, err)
				}
			}
		}
	}
}

func slicesEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestOpeningBotLegal plays games of the Bot under opening minimums,
// against strategy's Bot, two and three players, and checks that it never
// asks to bank below the minimum of the player (package game would roll
// on instead).
func TestOpeningBotLegal(t *testing.T) {
	games := 20
	if testing.Short() || raceEnabled {
		games = 4
	}
	for _, c := range []struct {
		name  string
		r     game.Rules
		floor int
	}{{"final", winOpening, 0}, {"penalty", winOpeningPenalty, winOpeningFloor}, {"plain", winOpeningPlain, 0}} {
		for _, players := range []int{2, 3} {
			t.Run(fmt.Sprintf("%s/%d", c.name, players), func(t *testing.T) {
				tb := solvedWin(t, c.r, c.floor)
				st := mustSolve(t, c.r)
				bad, banks, offBanks := 0, 0, 0
				watch := game.BotFunc(func(v game.View) (farkle.Hand, bool) {
					keep, bank := Bot{Table: tb}.Decide(v)
					if bank {
						banks++
						pts, _ := v.Scorer().Score(keep.Dice())
						need := c.r.MinBank
						if !v.Player(v.Current()).OnBoard {
							need = max(need, c.r.MinFirstBank)
							offBanks++
						}
						if v.TurnTotal()+pts < need {
							bad++
						}
					}
					return keep, bank
				})
				for seed := range games {
					g, err := game.New(c.r, make([]string, players), rand.NewPCG(uint64(seed), 3))
					if err != nil {
						t.Fatal(err)
					}
					bots := []game.Bot{watch}
					for range players - 1 {
						bots = append(bots, strategy.Bot{Table: st})
					}
					if seed%2 == 1 {
						bots[0], bots[1] = bots[1], bots[0]
					}
					if err := g.Play(bots...); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
				if bad > 0 || offBanks == 0 {
					t.Errorf("%d of %d banks (%d off the board) asked for below the minimum", bad, banks, offBanks)
				}
			})
		}
	}
}
