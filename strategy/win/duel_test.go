package win

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/internal/testgate"
	"github.com/farkle-go/farkle/strategy"
	"github.com/google/go-cmp/cmp"
)

// The rules of the duel tests: no final round, and a final round with a
// minimum to bank.
var (
	duelCore  = game.Rules{Target: 2000, Scoring: farkle.CoreScoring.Rules()}
	duelFinal = game.Rules{Target: 1000, FinalRound: true, MinBank: 300, Scoring: farkle.FacebookScoring.Rules()}
	duelRoll  = game.Rules{Target: 600, FinalRound: true, MustRollHotDice: true, Scoring: farkle.AppScoring.Rules()}
	// An opening minimum, without and with a final round.
	duelOpening      = game.Rules{Target: 2000, MinFirstBank: 500, Scoring: farkle.AppScoring.Rules()}
	duelOpeningFinal = game.Rules{Target: 1000, FinalRound: true, MinBank: 300, MinFirstBank: 500, Scoring: farkle.FacebookScoring.Rules()}
)

var duelRules = []struct {
	name string
	r    game.Rules
}{
	{"core-2000", duelCore},
	{"facebook-1000-final", duelFinal},
	{"app-600-final-must-roll", duelRoll},
	{"app-2000-first-500", duelOpening},
	{"facebook-1000-final-first-500", duelOpeningFinal},
}

// duelCases returns the rules of the duel tests: all of them in the slow
// step of .ci/run (testgate.Slow), the fastest without and with a final
// round in the plain run, and one without a final round under the race
// detector.
func duelCases() []struct {
	name string
	r    game.Rules
} {
	switch {
	case raceEnabled:
		return duelRules[:1]
	case !testgate.Slow():
		return []struct {
			name string
			r    game.Rules
		}{duelRules[0], duelRules[2]}
	}
	return duelRules
}

// scoreTable returns the expected-score table for r.
func scoreTable(t fataler, r game.Rules) *strategy.Table {
	t.Helper()
	return mustSolve(t, game.Rules{Scoring: r.Scoring, MinBank: r.MinBank, MustRollHotDice: r.MustRollHotDice})
}

func mustDuel(t fataler, r game.Rules, a, b Policy) DuelResult {
	t.Helper()
	res, err := Duel(context.Background(), r, a, b, Options{})
	if err != nil {
		t.Fatalf("Duel(%v, %v): %v", a, b, err)
	}
	return res
}

// TestDuelSelf checks that the win-optimal policy against itself wins
// what its table says: the first player's chance, and its complement
// going second.
func TestDuelSelf(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	for _, c := range duelCases() {
		t.Run(c.name, func(t *testing.T) {
			tb := solvedWin(t, c.r, 0)
			w := TablePolicy(tb)
			got := mustDuel(t, c.r, w, w)
			want := tb.firstWin()
			if math.Abs(got.FirstWins-want) > 1e-9 || math.Abs(got.SecondWins-(1-want)) > 1e-9 {
				t.Errorf("Duel(win, win) = %+v, want first %.12f, second %.12f", got, want, 1-want)
			}
		})
	}
}

// TestDuelWinBeatsAll checks that the win-optimal policy wins at least
// the value of the game against every other policy, going first and
// second, and that a duel of a policy against itself is fair: the chances
// first and second add up to 1.
func TestDuelWinBeatsAll(t *testing.T) {
	if testgate.Race {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	if testgate.Slow() {
		t.Parallel() // with the other long checks, on both cores
	}
	for _, c := range duelCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.r.FinalRound && !testgate.Slow() {
				t.Skip("the slow step of .ci/run checks the final round (TestDuelSelf checks its duel here)")
			}
			tb := solvedWin(t, c.r, 0)
			v := tb.firstWin()
			others := []Policy{ScorePolicy(scoreTable(t, c.r)), ThresholdPolicy(0), ThresholdPolicy(350), ThresholdPolicy(5000)}
			switch {
			case raceEnabled:
				others = others[:1] // the duel's concurrency, once
			case c.r.FinalRound && !testgate.Slow():
				others = others[:2]
			}
			for _, o := range others {
				got := mustDuel(t, c.r, TablePolicy(tb), o)
				t.Logf("win-optimal against %v: first %.6f, second %.6f", o, got.FirstWins, got.SecondWins)
				if got.FirstWins < v-1e-12 || got.SecondWins < 1-v-1e-12 {
					t.Errorf("Duel(win, %v) = %+v, want at least %.12f first and %.12f second", o, got, v, 1-v)
				}
				back := mustDuel(t, c.r, o, TablePolicy(tb))
				if math.Abs(back.FirstWins-(1-got.SecondWins)) > 1e-12 || math.Abs(back.SecondWins-(1-got.FirstWins)) > 1e-12 {
					t.Errorf("Duel(%v, win) = %+v, want the complement of %+v", o, back, got)
				}
				self := mustDuel(t, c.r, o, o)
				if math.Abs(self.FirstWins+self.SecondWins-1) > 1e-12 {
					t.Errorf("Duel(%v, %v) = %+v: first and second do not add up to 1", o, o, self)
				}
			}
		})
	}
}

// TestDuelTiny checks a case by hand: to 50 points, a bot that banks
// after its first keep wins on its first roll that is no farkle. Each
// turn is a farkle with chance f, the chance for six dice, so the first
// player wins with u = (1-f) + f(1-u): u = 1/(1+f).
func TestDuelTiny(t *testing.T) {
	r := game.Rules{Target: 50, Scoring: farkle.AppScoring.Rules()}
	f := 5.0 / 216
	want := 1 / (1 + f)
	got := mustDuel(t, r, ThresholdPolicy(0), ThresholdPolicy(50))
	if math.Abs(got.FirstWins-want) > 1e-15 || math.Abs(got.SecondWins-(1-want)) > 1e-15 {
		t.Errorf("Duel = %+v, want first %.15f, second %.15f", got, want, 1-want)
	}
	// The optimal play banks at once too.
	tb := solvedWin(t, r, 0)
	got = mustDuel(t, r, TablePolicy(tb), ThresholdPolicy(0))
	if math.Abs(got.FirstWins-want) > 1e-12 || math.Abs(tb.firstWin()-want) > 1e-12 {
		t.Errorf("win-optimal to 50: Duel = %+v, FirstPlayerWin %.15f, want first %.15f", got, tb.firstWin(), want)
	}
	// To 100 with a final round: the first player banks at once and
	// the second must then bank more in one turn.
	r = game.Rules{Target: 100, FinalRound: true, Scoring: farkle.AppScoring.Rules()}
	res := mustDuel(t, r, ThresholdPolicy(100), ThresholdPolicy(100))
	if res.FirstWins <= 0.5 || res.FirstWins >= 1 || math.Abs(res.FirstWins+res.SecondWins-1) > 1e-12 {
		t.Errorf("threshold 100 to 100 with a final round: %+v", res)
	}
}

// TestDuelMonteCarlo plays seeded games of the bots through package game
// and checks that the win-optimal bot's share of the wins against the
// expected-score bot, going first and second, is within 3 standard errors
// of the exact duel; and that of a threshold bot against the
// expected-score bot.
func TestDuelMonteCarlo(t *testing.T) {
	if raceEnabled {
		t.Skip("checks results, not concurrency: the plain run checks it, and other tests run the solvers' workers under the race detector")
	}
	if testgate.Slow() {
		t.Parallel() // with the other long checks, on both cores
	}
	for ci, c := range duelCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.r.FinalRound && !testgate.Slow() {
				t.Skip("the slow step of .ci/run checks the final round (TestDuelSelf checks its duel here)")
			}
			// A Bot decides in microseconds without a final round, in
			// a millisecond or so with one (a long turn to look at).
			// The plain run plays a tenth of the games of the slow
			// step; 3 standard errors hold at either size. (The slow
			// step played 4,000 and 800 until this test was some 60 s
			// of its CPU: a standard error of 0.8% and 1.7% a seat
			// now.)
			games := 2000
			if c.r.FinalRound {
				games = 400
			}
			if !testgate.Slow() {
				games /= 10
			}
			if raceEnabled {
				games /= 4
			}
			tb := solvedWin(t, c.r, 0)
			st := scoreTable(t, c.r)
			pairs := []struct {
				a, b       Policy
				botA, botB game.Bot
			}{
				{TablePolicy(tb), ScorePolicy(st), Bot{Table: tb}, strategy.Bot{Table: st}},
				{ThresholdPolicy(400), ScorePolicy(st), game.ThresholdBot{BankAt: 400}, strategy.Bot{Table: st}},
			}
			for pi, p := range pairs {
				exact := mustDuel(t, c.r, p.a, p.b)
				for seat, want := range []float64{exact.FirstWins, exact.SecondWins} {
					wins := 0
					for i := range games {
						src := rand.NewPCG(uint64(ci*1000+pi*10+seat), uint64(i))
						g, err := game.New(c.r, make([]string, 2), src)
						if err != nil {
							t.Fatal(err)
						}
						bots := []game.Bot{p.botA, p.botB}
						if seat == 1 {
							bots[0], bots[1] = bots[1], bots[0]
						}
						if err := g.Play(bots...); err != nil {
							t.Fatal(err)
						}
						if w, _ := g.View().Winner(); w == seat {
							wins++
						}
					}
					got := float64(wins) / float64(games)
					se := math.Sqrt(want * (1 - want) / float64(games))
					t.Logf("%v against %v, seat %d: %d games %.4f, exact %.6f (se %.4f)", p.a, p.b, seat, games, got, want, se)
					if math.Abs(got-want) > 3*se {
						t.Errorf("%v against %v, seat %d: won %.4f of %d games, exact %.6f: more than 3 standard errors (%.4f)",
							p.a, p.b, seat, got, games, want, se)
					}
				}
			}
		})
	}
}

func TestDuelErrors(t *testing.T) {
	tb := solvedWin(t, duelCore, 0)
	ctx := context.Background()
	coreMin := duelCore
	coreMin.MinBank = 300
	core := mustSolve(t, game.Rules{Scoring: farkle.CoreScoring.Rules()})
	huge := game.Rules{Target: 500, MinFirstBank: 100_000_000}
	cases := []struct {
		name  string
		r     game.Rules
		a, b  Policy
		want  error
		field string
		msg   string
	}{
		{"zero policy", duelCore, Policy{}, ScorePolicy(nil), ErrPolicy, "", "win: no policy: policy A"},
		{"nil win table", duelCore, ThresholdPolicy(300), TablePolicy(nil), ErrNoTable, "", "win: no table: policy B (win-optimal)"},
		{"zero win table", duelCore, TablePolicy(new(Table)), ThresholdPolicy(300), ErrNoTable, "", "win: no table: policy A (win-optimal)"},
		{"other rules", duelFinal, TablePolicy(tb), ThresholdPolicy(300), ErrOtherRules, "Target",
			"win: table solved for other rules: policy A (win-optimal): Target 2000, the duel's 1000"},
		{"other scoring", duelCore, ScorePolicy(nil), ThresholdPolicy(300), ErrOtherRules, "Scoring.Bonus",
			"win: table solved for other rules: policy A (expected-score): Scoring.Bonus BonusFixed, the duel's BonusNone"},
		{"other minimum", coreMin, ThresholdPolicy(300), ScorePolicy(core), ErrOtherRules, "MinBank",
			"win: table solved for other rules: policy B (expected-score): MinBank 0, the duel's 300"},
		{"penalty", game.Rules{Target: 1000, Penalty: 500, PenaltyAfter: 3}, ThresholdPolicy(300), ThresholdPolicy(300), ErrRules, "Penalty",
			"win: rules not supported: Penalty 500 after 3 farkles in a row: Duel has no penalty"},
		{"invalid rules", game.Rules{Target: -1}, ThresholdPolicy(300), ThresholdPolicy(300), farkle.ErrInvalidRules, "", ""},
		{"too large", game.Rules{Target: 100_000_000}, ThresholdPolicy(300), ThresholdPolicy(300), ErrTooLarge, "",
			"win: game too large: 2000000 scores: 4000000000000 positions, at most 4194304"},
		{"threshold too large", duelCore, ThresholdPolicy(100_000_000), ThresholdPolicy(300), ErrTooLarge, "",
			"win: game too large: policy A (threshold 100000000): banks at 2000000 steps of 50, at most 65536"},
		{"opening too large", huge, ThresholdPolicy(300), ThresholdPolicy(0), ErrTooLarge, "",
			"win: game too large: policy A (threshold 300): banks at 2000000 steps of 50, at most 65536"},
		{"opening table too large", huge, ScorePolicy(nil), ThresholdPolicy(0), ErrTooLarge, "",
			"win: game too large: policy A (expected-score): off the board: strategy: table too large: turn totals up to 100000000 in steps of 50"},
	}
	for _, c := range cases {
		_, err := Duel(ctx, c.r, c.a, c.b, Options{})
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Duel error %v, want %v", c.name, err, c.want)
			continue
		}
		var se *SolveError
		if errors.As(err, &se) != (c.msg != "") {
			t.Errorf("%s: Duel error %v (%T), a *SolveError: %v", c.name, err, err, c.msg != "")
			continue
		}
		if se != nil && (se.Field != c.field || se.Rules != c.r || err.Error() != c.msg) {
			t.Errorf("%s: Duel error %q, Field %q, Rules %+v; want %q, %q, %+v", c.name, err, se.Field, se.Rules, c.msg, c.field, c.r)
		}
	}
	if _, err := Duel(ctx, duelCore, ThresholdPolicy(300), ThresholdPolicy(300), Options{Workers: -1}); !errors.Is(err, ErrOptions) {
		t.Errorf("Duel with Workers -1: %v, want ErrOptions", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Duel(cctx, duelCore, TablePolicy(tb), ThresholdPolicy(300), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Duel with a cancelled context: %v", err)
	}
	for _, p := range []struct {
		p    Policy
		want string
	}{{TablePolicy(tb), "win-optimal"}, {ScorePolicy(nil), "expected-score"}, {ThresholdPolicy(350), "threshold 350"}, {Policy{}, "no policy"}} {
		if got := p.p.String(); got != p.want {
			t.Errorf("String() = %q, want %q", got, p.want)
		}
	}
}

// TestWorkersProgress checks that Solve and Duel give the same answers
// with one worker and with three, and report their progress: one call
// after each anti-diagonal, from 1 to the total, from the caller's
// goroutine.
func TestWorkersProgress(t *testing.T) {
	r := game.Rules{Target: 600, FinalRound: true, Scoring: farkle.CoreScoring.Rules()}
	var tables []*Table
	var duels []DuelResult
	for _, workers := range []int{1, 3} {
		var calls []int
		total := 0
		progress := func(done, tot int) {
			calls = append(calls, done) // no lock: called from one goroutine
			total = tot
		}
		tb, err := Solve(context.Background(), r, Options{Workers: workers, Progress: progress})
		if err != nil {
			t.Fatal(err)
		}
		nd := 2*tb.m.nS - 1
		if len(calls) != nd || total != nd || calls[0] != 1 || calls[nd-1] != nd {
			t.Errorf("Solve, %d workers: %d calls of progress, done %v, total %d; want %d", workers, len(calls), calls, total, nd)
		}
		calls = nil
		res, err := Duel(context.Background(), r, TablePolicy(tb), ThresholdPolicy(350), Options{Workers: workers, Progress: progress})
		if err != nil {
			t.Fatal(err)
		}
		if len(calls) != nd || total != nd || calls[nd-1] != nd {
			t.Errorf("Duel, %d workers: %d calls of progress, total %d; want %d", workers, len(calls), total, nd)
		}
		tables, duels = append(tables, tb), append(duels, res)
	}
	if diff := cmp.Diff(tables[0].w, tables[1].w); diff != "" {
		t.Errorf("Solve with 1 and 3 workers (-1 +3):\n%s", diff)
	}
	if duels[0] != duels[1] {
		t.Errorf("Duel with 1 and 3 workers: %+v and %+v", duels[0], duels[1])
	}
	// With a penalty the total grows by a pass at the start of each.
	var last [2]int
	n := 0
	pen := game.Rules{Target: 200, Penalty: 200, PenaltyAfter: 2, Scoring: farkle.CoreScoring.Rules()}
	_, err := Solve(context.Background(), pen, Options{Floor: -200, Workers: 2, Progress: func(done, total int) {
		if done != last[0]+1 || total < last[1] || done > total {
			t.Errorf("progress (%d, %d) after (%d, %d)", done, total, last[0], last[1])
		}
		last = [2]int{done, total}
		n++
	}})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 || last[0] != last[1] {
		t.Errorf("penalty: %d calls, the last (%d, %d), want done = total at the end", n, last[0], last[1])
	}
}
