package win

import (
	"context"
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
)

// solvedWin4 returns the table of four players of r, solved once for
// every test that asks.
func solvedWin4(t fataler, r game.Rules) *Table {
	t.Helper()
	f, _ := winTables.LoadOrStore(winKey{r, 0, 4}, sync.OnceValues(func() (*Table, error) {
		return Solve(context.Background(), r, Options{Players: 4})
	}))
	tb, err := f.(func() (*Table, error))()
	if err != nil {
		t.Fatalf("Solve(%+v, four players): %v", r, err)
	}
	return tb
}

// checkSeats4 plays games seeded from seed of four Bots of tb and checks
// that each seat wins as often as the table says, within three standard
// errors.
func checkSeats4(t *testing.T, tb *Table, games int, seed uint64) {
	t.Helper()
	b := Bot{Table: tb}
	wins := playSeats(t, tb.Rules(), games, seed, []game.Bot{b, b, b, b})
	want := tb.SeatWin()
	for s := range 4 {
		p := float64(wins[s]) / float64(games)
		se := math.Sqrt(want[s] * (1 - want[s]) / float64(games))
		t.Logf("seat %d: %.4f ± %.4f, the table %.4f", s+1, p, se, want[s])
		if math.Abs(p-want[s]) > 3*se {
			t.Errorf("seat %d wins %.4f of %d games, the table says %.4f (3 standard errors: %.4f)", s+1, p, games, want[s], 3*se)
		}
	}
}

// TestBot4MonteCarlo plays four Bots of a table of four against each
// other through package game and checks that each seat wins as often as
// the table says, within three standard errors: Core scoring at target
// 500 in the plain run (3,000 games), at 1,000 in the slow step (20,000
// games, some 15 CPU seconds with the solve). No position mixes there, so
// the Bots' play is the equilibrium's.
func TestBot4MonteCarlo(t *testing.T) {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 500}
	games := 3000
	switch {
	case testgate.Race:
		games = 300
	case testgate.Slow():
		t.Parallel()
		r.Target, games = 1000, 20000
	}
	tb := solvedWin4(t, r)
	if tb.Mixed() != 0 {
		t.Fatalf("%d mixed positions at target %d", tb.Mixed(), r.Target)
	}
	checkSeats4(t, tb, games, 13)
}

// TestTable4 checks a table of four through package win's API: its
// chances against Advise and ChanceAt, the binary form and the cache, the
// fairest head starts, the States of other numbers of players, and that
// the Bot plays whole games of two to six players by it (the fallback
// beyond four) and refuses a final round.
func TestTable4(t *testing.T) {
	r := game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 400}
	tb := solvedWin4(t, r)
	if tb.Players() != 4 || tb.Step() != 50 || tb.Rules() != r {
		t.Fatalf("Players %d Step %d Rules %+v", tb.Players(), tb.Step(), tb.Rules())
	}
	seats := tb.SeatWin()
	if len(seats) != 4 || math.Abs(seats[0]+seats[1]+seats[2]+seats[3]-1) > 1e-12 {
		t.Fatalf("SeatWin %v", seats)
	}
	// A start of a turn: Chances is the table's; Advise of a roll of six
	// weighs the same chances as ChanceAt after its keep.
	s := State{Scores: []int{100, 0, 250, 300}}
	c, err := tb.Chances(s)
	if err != nil || len(c) != 4 {
		t.Fatalf("Chances %v %v", c, err)
	}
	a, err := tb.Advise(s, []farkle.Die{1, 5, 2, 3, 4, 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range a.Choices {
		got, err := tb.Chances(State{Scores: s.Scores, TurnTotal: ch.TurnTotal, DiceLeft: ch.DiceLeft})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got[0]-ch.Chance) > 1e-12 {
			t.Errorf("keep %v: Advise's chance %v, ChanceAt's %v after it", ch.Keep, ch.Chance, got[0])
		}
	}
	if len(a.Choices) == 0 || a.Chance != a.Choices[0].Chance {
		t.Errorf("Advise %+v", a)
	}
	if _, err := tb.Chances(State{Scores: []int{0, 0, 0}}); !errors.Is(err, ErrPlayers) {
		t.Errorf("three scores: %v", err)
	}
	if _, err := tb.Chances(State{Scores: []int{0, 0, 0, 400}}); !errors.Is(err, ErrScore) {
		t.Errorf("a score at the target: %v", err)
	}
	heads, fair := tb.FairestStarts()
	b, c2, fair3 := tb.FairestHeadStarts()
	if len(heads) != 4 || heads[0] != 0 || heads[1] != b || heads[2] != c2 || len(fair) != 4 || fair3[3] != fair[3] {
		t.Errorf("FairestStarts %v %v, FairestHeadStarts %d %d %v", heads, fair, b, c2, fair3)
	}
	w, err := tb.Chances(State{Scores: heads})
	if err != nil || w[0] != fair[0] {
		t.Errorf("the fairest start's chances %v, Chances %v %v", fair, w, err)
	}
	// The binary form, and through the cache.
	data, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Table
	if err := back.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if back.Players() != 4 || back.Mixed() != tb.Mixed() {
		t.Fatalf("read back: %d players", back.Players())
	}
	for _, sc := range [][]int{{0, 0, 0, 0}, {350, 0, 100, 200}} {
		x, _ := tb.Chances(State{Scores: sc})
		y, _ := back.Chances(State{Scores: sc})
		for i := range x {
			if x[i] != y[i] {
				t.Errorf("%v: read back %v, solved %v", sc, y, x)
			}
		}
	}
	data[len(data)/2] ^= 1
	if err := new(Table).UnmarshalBinary(data); !errors.Is(err, ErrData) {
		t.Errorf("a flipped bit: %v", err)
	}
	calls, last, total := 0, 0, 0
	if _, err := Solve(t.Context(), r, Options{Players: 4, Progress: func(done, all int) { calls, last, total = calls+1, done, all }}); err != nil {
		t.Fatal(err)
	}
	if calls != 4*(400/50-1)+1 || last != total || total != calls {
		t.Errorf("Progress called %d times, last %d of %d; want once a sum of scores", calls, last, total)
	}
	dir := t.TempDir()
	for range 2 { // solve and write, then read
		ct, err := Solve(t.Context(), r, Options{Players: 4, Cache: dir})
		if err != nil {
			t.Fatal(err)
		}
		if got := ct.SeatWin(); got[3] != seats[3] {
			t.Errorf("through the cache: %v, want %v", got, seats)
		}
	}
	// A Bot of a table without a final round refuses a game with one.
	fr := r
	fr.FinalRound = true
	if err := (Bot{Table: tb}).CheckRules(fr); err == nil {
		t.Errorf("a Bot of a table without a final round in a game with one")
	}
	// Whole games of two to six players.
	for n := 2; n <= 6; n++ {
		bots := make([]game.Bot, n)
		for i := range bots {
			bots[i] = Bot{Table: tb}
		}
		wins := playSeats(t, r, 40, 3, bots)
		sum := 0
		for _, w := range wins {
			sum += w
		}
		if sum != 40 {
			t.Errorf("%d players: %d games won of 40", n, sum)
		}
	}
}

// TestBot4MonteCarloFinal is TestBot4MonteCarlo with a final round: four
// Bots of a table of four with a final round play whole games through
// package game, the last turns by the table too, each seat within three
// standard errors of the table: 600 games in the plain run, 2,000 in the
// slow step (some 6 CPU seconds). The rules are chosen where no position mixes, so that the
// Bots' play is the equilibrium's.
func TestBot4MonteCarloFinal(t *testing.T) {
	if testgate.Race {
		t.Skip("no concurrency but the solve's, which other tests run")
	}
	if testgate.Slow() {
		t.Parallel()
	}
	r := mc4FinalRules
	tb := solvedWin4(t, r)
	if tb.Mixed() != 0 {
		t.Fatalf("%d mixed positions", tb.Mixed())
	}
	games := 600
	if testgate.Slow() {
		games = 2000
	}
	if *monteCarloGames > 0 {
		games = *monteCarloGames
	}
	checkSeats4(t, tb, games, 17)
}

// TestTable4Final checks a table of four with a final round through
// package win's API: the seats' chances sum to 1; the advice of every
// roll in the last turns of B, C and D weighs the chances of the start of
// the turn; and a Bot of it refuses a game without one.
func TestTable4Final(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency")
	}
	r := mc4FinalRules
	tb := solvedWin4(t, r)
	seats := tb.SeatWin()
	if math.Abs(seats[0]+seats[1]+seats[2]+seats[3]-1) > 1e-12 {
		t.Errorf("SeatWin %v", seats)
	}
	nf := r
	nf.FinalRound = false
	if err := (Bot{Table: tb}).CheckRules(nf); err == nil {
		t.Errorf("a Bot of a table with a final round in a game without one")
	}
	// Whole games of two to six players, the final rounds of other than
	// four by the fallback.
	for n := 2; n <= 6; n++ {
		bots := make([]game.Bot, n)
		for i := range bots {
			bots[i] = Bot{Table: tb}
		}
		wins := playSeats(t, r, 40, 5, bots)
		sum := 0
		for _, w := range wins {
			sum += w
		}
		if sum != 40 {
			t.Errorf("%d players: %d games won of 40", n, sum)
		}
	}
	T := r.Target
	for _, sc := range [][]int{
		{100, 0, 150, T + 50},     // B's last turn
		{0, 100, T, T + 100},      // C's, B above A
		{150, 100, T + 100, 50},   // C's, A above B
		{50, T + 50, 100, T + 50}, // D's, A and C tied
		{100, T, T + 150, 0},      // D's, B highest
		{0, 100, 50, T + 1000},    // B's, far behind
	} {
		s := State{Scores: sc}
		want, err := tb.Chances(s)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, w := range want {
			sum += w
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%v: chances %v", sc, want)
		}
		got := make([]float64, 4)
		rolls, probs := sortedRolls6()
		for q, roll := range rolls {
			a, err := tb.Advise(s, roll)
			if err != nil {
				t.Fatal(err)
			}
			c := a.Chances
			if len(c) != 4 {
				t.Fatalf("%v, roll %v: advice chances %v", sc, roll, c)
			}
			for i := range got {
				got[i] += probs[q] * c[i]
			}
		}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-12 {
				t.Errorf("%v seat %d: the advice weighs %.15f, the start %.15f", sc, i, got[i], want[i])
			}
		}
	}
}

// mc4FinalRules are the rules of the final-round checks of four players:
// no position mixes.
var mc4FinalRules = game.Rules{Scoring: farkle.AppScoring.Rules(), Target: 200, FinalRound: true}

// sortedRolls6 lists the rolls of six dice as sorted dice with their
// probabilities.
func sortedRolls6() (rolls [][]farkle.Die, probs []float64) {
	dice := make([]farkle.Die, 6)
	var rec func(i, from int)
	rec = func(i, from int) {
		if i < 6 {
			for d := from; d <= 6; d++ {
				dice[i] = farkle.Die(d)
				rec(i+1, d)
			}
			return
		}
		orders := 720.0
		var cnt [7]int
		for _, d := range dice {
			cnt[d]++
		}
		for _, c := range cnt {
			for j := 2; j <= c; j++ {
				orders /= float64(j)
			}
		}
		rolls = append(rolls, append([]farkle.Die(nil), dice...))
		probs = append(probs, orders/46656)
	}
	rec(0, 1)
	return rolls, probs
}

// TestFinalFourAgreesThree checks the last turns of a table of four
// against those of a table of three, an independent solver, where they
// are the same game: the very last turn of three players is D's of four
// with C's final score 0 (below every other), and the first last turn of
// three is C's of four with B's final score 0 (A holds the highest). Every
// chance agrees to 1e-12, at the start of the turn and within it.
func TestFinalFourAgreesThree(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency")
	}
	r := mc4FinalRules
	t3, t4 := solvedWin3(t, r), solvedWin4(t, r)
	T := r.Target
	n := 0
	for x := 0; x < T; x += 50 {
		for y := 0; y < T; y += 50 {
			for _, a := range []int{T, T + 50, T + 300, T + 1000} {
				for _, k := range []int{0, 50, 150, 400} {
					for _, d := range []int{6, 3, 1} {
						for _, pair := range [][2][]int{
							{{x, a, y}, {x, a, y, 0}}, // the very last turn
							{{x, y, a}, {x, y, a, 0}}, // the first last turn of three
						} {
							c3, err := t3.Chances(State{Scores: pair[0], TurnTotal: k, DiceLeft: d})
							if err != nil {
								t.Fatal(err)
							}
							c4, err := t4.Chances(State{Scores: pair[1], TurnTotal: k, DiceLeft: d})
							if err != nil {
								t.Fatal(err)
							}
							n++
							for i := range 3 {
								if math.Abs(c3[i]-c4[i]) > 1e-12 {
									t.Errorf("%v, total %d, %d dice: three's %v, four's %v at %v", pair[0], k, d, c3, c4, pair[1])
									break
								}
							}
							if math.Abs(c4[3]) > 1e-12 {
								t.Errorf("%v: the fourth player, at 0, wins %v", pair[1], c4[3])
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d states compared", n)
}
