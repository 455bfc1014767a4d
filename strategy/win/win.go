package win

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// DefaultFloor is the lowest banked score of the win solver when
// [Options].Floor is 0: penalties never take a score below it.
const DefaultFloor = -2500

// maxPositions bounds the turn-start states of a [Table] (32 MiB of
// float64s).
const maxPositions = 1 << 22

// Options tune [Solve] and [Duel]; the zero Options are the defaults.
// They hold no rules: those are the game.Rules that Solve and Duel take.
type Options struct {
	// Progress, if not nil, is called after each anti-diagonal of scores
	// (the positions with the same sum of banked scores) with the number
	// done and the total so far. With a penalty the solver passes over the
	// table several times, until it converges, and the total grows by a
	// pass at the start of each. It is called from the goroutine of
	// Solve or Duel.
	Progress func(done, total int)
	// Floor is the lowest banked score: a penalty that would take a score
	// below it leaves it at Floor. It matters only with a penalty (so not
	// to Duel, which has none), and must be negative and a multiple of the
	// score step; 0 means [DefaultFloor], -2500, as in M. Busche's 2016
	// analysis.
	Floor int
	// Workers is the number of goroutines that solve; 0 means
	// runtime.GOMAXPROCS(0). The answers do not depend on it.
	Workers int

	trace *solveTrace // what a penalty solve does, for the tests
}

// A Table is the solved two-player game for one game.Rules value: the
// chance that the player to move wins from every position at the start
// of a turn, under play that maximizes it on both sides (see the package
// documentation for the model). [Solve] makes one, and
// [Table.UnmarshalBinary] reads one back; positions within a turn are
// computed on demand from it, in under a millisecond. A Table is
// immutable and safe for concurrent use, once made (UnmarshalBinary is for
// a new Table: it replaces what the Table holds). The methods of a nil or zero
// *Table return zero values, or errors wrapping [ErrNoTable].
type Table struct {
	m *model
	w []float64 // turn-start chances, indexed by model.idx
}

// A State is a position of a two-player game, seen by the player to
// move.
type State struct {
	// Mine and Theirs are the banked scores of the player to move and of
	// the opponent.
	Mine, Theirs int
	// MyFarkles and TheirFarkles are the players' farkles in a row,
	// 0 to PenaltyAfter-1; they matter only with a penalty.
	MyFarkles, TheirFarkles int
	// TurnTotal is the points set aside in the turn so far.
	TurnTotal int
	// DiceLeft is the number of dice to roll, 1 to 6; 0 means six (the
	// start of a turn, or hot dice).
	DiceLeft int
	// MyOnBoard and TheirOnBoard report whether the player to move and
	// the opponent have banked at least once (game.Player.OnBoard). They
	// matter only under rules whose MinFirstBank is above MinBank, where a
	// player's first bank must reach MinFirstBank, and a positive score is
	// on the board whatever they say: the zero State is the start of a
	// game. Off the board a score is 0 or, with a penalty, 0 less
	// penalties (down to the floor); on the board without a penalty it is
	// positive.
	MyOnBoard, TheirOnBoard bool
	// LastTurn reports that the game is in its final round and this is
	// the player's last turn: the opponent has banked Theirs, at or above
	// the target, and the player wins only by banking strictly more than
	// Theirs in this turn (and at least the player's own minimum). The
	// farkles in a row and TheirOnBoard do not matter then. Only a table
	// of rules with a final round answers for it.
	LastTurn bool
}

// StateOf returns the position of a game of two players in v, seen by
// the player to move: Mine, MyFarkles and MyOnBoard are the current
// player's score, farkles in a row and whether on the board, Theirs,
// TheirFarkles and TheirOnBoard the other player's (farkles in a row only
// with a penalty, which is when they matter; else 0), LastTurn whether
// the game is in its final round, and TurnTotal and DiceLeft those of v (DiceLeft is the number of dice of the
// roll on the table, if any, else of the next roll). With a roll on the
// table, pass the State and the roll to [Table.Advise]. The error wraps
// [ErrPlayers] for a game of other than two players. A Table may still
// have no answer for the State (a Table of other rules, or a game that is
// over).
func StateOf(v game.View) (State, error) {
	if n := v.NumPlayers(); n != 2 {
		return State{}, fmt.Errorf("win: %w: %d players", ErrPlayers, n)
	}
	me := v.Current()
	p, q := v.Player(me), v.Player(1-me)
	s := State{Mine: p.Score, Theirs: q.Score, TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft(),
		MyOnBoard: p.OnBoard, TheirOnBoard: q.OnBoard}
	if r := v.Rules(); r.Penalty > 0 || r.Bankrupt {
		s.MyFarkles, s.TheirFarkles = p.Farkles, q.Farkles
	}
	s.LastTurn = v.FinalRound()
	return s, nil
}

// Solve solves the two-player game under r for the chance of winning
// (see the package documentation for the model): exactly, up to a
// residual under 1e-12 in every equation. It takes about 4 seconds on
// two cores for target 10,000 without a penalty or a final round (about
// 9 seconds with the App rules' final round), and time about as the cube
// of the target over the score step. A penalty multiplies the positions by
// the square of PenaltyAfter and the table takes a dozen sweeps, each
// evaluating sixteen turns at once (with AVX on amd64): with 500 after
// three farkles in a row and the floor at -2500, about half a minute on
// two cores for Facebook or Zilch scoring without a final round (6 to 8
// times the Core solve above, in runs on one machine) and for Facebook's
// with one (8 to 12 times), but for Zilch with a final round three and a
// half minutes: its six dice so rarely farkle that its turns are followed
// to about 40,000 points before banking is sure to be best.
// With a penalty it keeps about a dozen float64s a position while it
// works (the sweeps and their Anderson mixing): 65 MB at target 10,000.
//
// An opening minimum (MinFirstBank above MinBank) costs little without a
// penalty: the players off the board are the positions at score 0, whose
// first bank needs the minimum. With a penalty the off-board scores (0
// down to the floor in steps of the penalty) are positions of their own,
// a few more rows and columns of the table.
//
// Invalid rules give the [*farkle.RulesError] of game.Rules.Validate, and
// a done ctx, which Solve checks after each anti-diagonal, its error; any
// other error is a [*SolveError] wrapping [ErrRules] for the house rules
// of play that the solver does not model yet (ToxicTwos, SixOnesWin,
// Welfare, Bankrupt and Piggyback, refused before any work), [ErrOptions] for bad
// options, or [ErrTooLarge] for a table of more than 4,194,304 positions
// or turns too long to follow. Short straights, which are scoring rules,
// are solved as any scoring.
func Solve(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	if err := refuseHouseRules(r, opts, false); err != nil {
		return nil, err
	}
	m, err := newModel(r, opts.Floor)
	if err == nil {
		var t *Table
		t, err = solve(ctx, m, opts)
		if err == nil {
			return t, nil
		}
	}
	var se *SolveError
	if errors.As(err, &se) {
		se.Rules, se.Options = r, opts
	}
	return nil, err
}

// solve solves the game of m.
func solve(ctx context.Context, m *model, opts Options) (*Table, error) {
	if opts.Workers < 0 {
		return nil, &SolveError{Err: ErrOptions, Rules: m.rules, Options: opts, Field: "Workers", detail: "Workers " + strconv.Itoa(opts.Workers)}
	}
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{m: m, w: make([]float64, m.N*m.N*m.K*m.K)}
	if err := t.solve(ctx, workers, opts.Progress, opts.trace); err != nil {
		return nil, err
	}
	return t, nil
}

// ok reports whether t is a table that Solve or UnmarshalBinary made.
func (t *Table) ok() bool { return t != nil && t.m != nil }

// errNoTable is the error of the methods of a nil or zero *Table.
func errNoTable() error {
	return fmt.Errorf("win: %w: a nil or zero *Table; use Solve or UnmarshalBinary", ErrNoTable)
}

// Rules returns the rules the table was solved for.
func (t *Table) Rules() game.Rules {
	if !t.ok() {
		return game.Rules{}
	}
	return t.m.rules
}

// Floor returns the lowest banked score of the table: the floor of
// [Options] with a penalty, 0 without.
func (t *Table) Floor() int {
	if !t.ok() {
		return 0
	}
	return t.m.lo
}

// Step returns the step of the table's banked scores: the unit of the
// scoring rules (see [strategy.Table.Step]), or its greatest common
// divisor with the penalty. Every score that play can reach from 0 is a multiple of it.
func (t *Table) Step() int {
	if !t.ok() {
		return 0
	}
	return t.m.step
}

// Chance returns the chance that the player to move wins, at the start of
// a turn, with mine banked against the opponent's theirs, and no farkles
// in a row: [Table.ChanceAt] of the State with those scores, so that,
// under an opening minimum, a score of 0 or less is off the board. Scores
// must be multiples of [Table.Step] from [Table.Floor] to under the
// target, else the error is a [*StateError] wrapping [ErrScore].
func (t *Table) Chance(mine, theirs int) (float64, error) {
	if !t.ok() {
		return 0, errNoTable()
	}
	x, y, err := t.m.scores(State{Mine: mine, Theirs: theirs})
	if err != nil {
		return 0, err
	}
	return t.w[t.m.idx(x, y, 0, 0)], nil
}

// ChanceAt returns the chance that the player to move wins from s, with
// s.TurnTotal points in the turn and s.DiceLeft dice to roll, when the
// player now banks or rolls, whichever is better, and both play on
// optimally. It is computed on demand, in under a millisecond for target
// 10,000. At the start of a turn (TurnTotal 0, DiceLeft 0 or 6) it is the
// table's value. In the last turn of a final round (s.LastTurn) it is the
// chance to bank more than the opponent, computed from a table of the
// last turn that Solve keeps. The error is a [*StateError] wrapping
// [ErrScore] for bad scores (in a last turn, an opponent's score under the
// target, or a table of rules without a final round), [ErrFarkles] for farkles in a row out of range (not 0 to
// PenaltyAfter-1, 0 only without a penalty), [ErrTurnTotal] for a turn
// total that is not a multiple of the scoring unit, or [ErrDiceLeft].
func (t *Table) ChanceAt(s State) (float64, error) {
	if !t.ok() {
		return 0, errNoTable()
	}
	if s.LastTurn {
		st, err := t.m.lastState(s)
		if err != nil {
			return 0, err
		}
		return t.m.lastValue(st), nil
	}
	st, err := t.m.state(s)
	if err != nil {
		return 0, err
	}
	if st.k == 0 && st.n == farkle.MaxDice {
		return t.w[t.m.idx(st.x, st.y, st.i, st.j)], nil
	}
	b := t.m.getBuf()
	defer t.m.putBuf(b)
	t.turn(b, st, st.k)
	return b.vAt(st.k, st.n), nil
}

// FirstPlayerWin returns the chance that the player who rolls first wins
// a game from 0 to 0, both players off the board.
func (t *Table) FirstPlayerWin() float64 {
	if !t.ok() {
		return 0
	}
	return t.w[t.m.idx(t.m.startX, t.m.startX, 0, 0)]
}

// FairestKomi returns the head start for the second player, a multiple of
// [Table.Step] from 0 to under the target, that brings the first
// player's chance of winning (from 0 against komi) closest to 1/2, and
// that chance. Of two head starts equally close, it returns the smaller.
// Under an opening minimum the first player starts off the board, and so
// does the second without a head start; a head start puts the second
// player on the board.
func (t *Table) FairestKomi() (komi int, firstWin float64) {
	if !t.ok() {
		return 0, 0
	}
	m := t.m
	best, bestY := 2.0, m.startX
	for u := m.zero; u < m.nS; u++ {
		y := m.nOff + u
		if u == m.zero {
			y = m.startX
		}
		w := t.w[m.idx(m.startX, y, 0, 0)]
		if d := math.Abs(w - 0.5); d < best {
			best, bestY = d, y
		}
	}
	return m.score(bestY), t.w[m.idx(m.startX, bestY, 0, 0)]
}

// refuseHouseRules returns the [*SolveError] wrapping [ErrRules] for the
// first house rule of play of r that the solvers of this package do not
// model, or nil; duel asks for those of [Duel], which models none. Invalid
// rules give the error of game.Rules.Validate first, as everywhere. It is
// the one place that says which house rules are refused: a rule that the
// solvers learn leaves this list.
func refuseHouseRules(r game.Rules, opts Options, duel bool) error {
	for _, h := range [...]struct {
		on           bool
		field, about string
	}{
		{duel && r.ToxicTwos, "ToxicTwos", "toxic twos, a roll of four or more 2s that ends the turn, is not played by Duel"},
		{duel && r.SixOnesWin, "SixOnesWin", "six 1s that win the game at once are not played by Duel"},
		{duel && r.Bankrupt, "Bankrupt", "bankruptcy, farkles in a row that cost the whole score, is not played by Duel"},
		{r.SixOnesWin && r.FinalRound, "SixOnesWin", "six 1s that win at once, with a final round, are not solved: the last turn's chance to win never falls to 0"},
		{r.Bankrupt && r.MinFirstBank > r.MinBank, "Bankrupt", "bankruptcy under an opening minimum is not solved: a player on the board at 0 is not a position of the table"},
		{r.Welfare, "Welfare", "welfare, a target to hit exactly, is not solved for the chance to win"},
		{r.Piggyback, "Piggyback", "piggybacking, a turn that takes over the last bank, is not solved for the chance to win"},
	} {
		if !h.on {
			continue
		}
		if err := r.Validate(); err != nil {
			return err
		}
		return &SolveError{Err: ErrRules, Rules: r, Options: opts, Field: h.field, detail: h.field + ": " + h.about}
	}
	return nil
}
