package three

import (
	"context"
	"fmt"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"math"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// Options tune [Solve]; the zero Options are the defaults. They hold no
// rules: those are the game.Rules that Solve takes.
type Options struct {
	// Progress, if not nil, is called after each sum of the three scores
	// (from the largest down) with the number done and the total. It is
	// called from the goroutine of Solve.
	Progress func(done, total int)
	// Workers is the number of goroutines that solve; 0 means
	// runtime.GOMAXPROCS(0). The answers do not depend on it.
	Workers int
}

// A Table is the solved three-player game for one game.Rules value: the
// chances of the three players to win from every position at the start of
// a turn, under the equilibrium of the package documentation. [Solve]
// makes one, and [Table.UnmarshalBinary] reads one back; positions within
// a turn are computed on demand from it. A Table is immutable and safe for
// concurrent use once made. The methods of a nil or zero *Table return
// zero values, or errors wrapping [ErrNoTable].
type Table struct {
	m   *model
	w   []float64 // three chances a position, mover first, at 3*model.pos
	mix []Mix     // the mixed positions, by cmpScores
	dps int64     // dynamic programs that Solve ran (not saved)
}

// A Mix is a position at which the mover mixes two plays (see the package
// documentation): with the scores Scores, in order of play from the
// mover, the mover plays the play of the higher chance of farkling with
// probability Weight and the other with 1-Weight.
type Mix struct {
	Scores [3]int
	Weight float64
}

// A State is a position of a three-player game, seen by the player to
// move.
type State struct {
	// Scores are the banked scores in order of play from the player to
	// move: the mover's, the next player's, the one's after. Under an
	// opening minimum a score of 0 is a player not yet on the board.
	// With a final round a score at or above the target is a last turn
	// (see the package documentation, The final round): the next
	// player's, the mover has the very last turn; else the after
	// player's, the mover has the first last turn. The mover's score is
	// under the target.
	Scores [3]int
	// TurnTotal is the points set aside in the turn so far.
	TurnTotal int
	// DiceLeft is the number of dice to roll, 1 to 6; 0 means six (the
	// start of a turn, or hot dice).
	DiceLeft int
}

// Solve solves the three-player game under r (see the package
// documentation for the model and the solution concept). A done ctx,
// which Solve checks after each sum of scores, gives its error; invalid
// rules the [*farkle.RulesError] of game.Rules.Validate; rules it does not
// model, bad options or a game too large a [*SolveError].
func Solve(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	m, err := newModel(r)
	if err != nil {
		return nil, err
	}
	t := &Table{m: m, w: make([]float64, 3*m.nS*m.nS*m.nS)}
	if err := t.solveAll(ctx, opts); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *Table) ok() bool { return t != nil && t.m != nil }

func errNoTable() error { return kit.NoTable() }

// Rules returns the rules the table was solved for, with a zero Target
// and Scoring read as package game reads them.
func (t *Table) Rules() game.Rules {
	if !t.ok() {
		return game.Rules{}
	}
	return t.m.rules
}

// Step returns the step of the table's banked scores: the unit of the
// scoring rules.
func (t *Table) Step() int {
	if !t.ok() {
		return 0
	}
	return t.m.step
}

// index returns the index of a banked score.
func (m *model) index(score int) (int, bool) {
	if score < 0 || score%m.step != 0 || score/m.step >= m.nS {
		return 0, false
	}
	return score / m.step, true
}

// finalScores checks the scores of s, which may be those of a last turn
// of a final round (see State), and returns their indexes and the role of
// the position.
func (m *model) finalScores(s State) (x, y, z, role int, err error) {
	if !m.final {
		x, y, z, err = m.scores(s)
		return x, y, z, roleTurn, err
	}
	sc := s.Scores
	var idx [3]int
	for i, v := range sc {
		if v < 0 || int64(v) > maxTurnTotal || v%m.step != 0 {
			return 0, 0, 0, 0, &kit.StateFault{Err: ErrScore,
				Detail: fmt.Sprintf("from 0 to %d in steps of %d", int64(maxTurnTotal), m.step)}
		}
		idx[i] = v / m.step
	}
	x, y, z = idx[0], idx[1], idx[2]
	switch T := m.rules.Target; {
	case sc[0] >= T:
		return 0, 0, 0, 0, &kit.StateFault{Err: ErrScore, Detail: "the mover at or above the target"}
	case sc[1] >= T:
		return x, y, z, roleLast, nil
	case sc[2] >= T:
		return x, y, z, roleFirst, nil
	}
	return x, y, z, roleTurn, nil
}

// scores checks the scores of s, a position before any final round.
func (m *model) scores(s State) (x, y, z int, err error) {
	var ok [3]bool
	x, ok[0] = m.index(s.Scores[0])
	y, ok[1] = m.index(s.Scores[1])
	z, ok[2] = m.index(s.Scores[2])
	if !ok[0] || !ok[1] || !ok[2] {
		return 0, 0, 0, &kit.StateFault{Err: ErrScore,
			Detail: fmt.Sprintf("from 0 to under %d in steps of %d", m.rules.Target, m.step)}
	}
	return x, y, z, nil
}

// Chances returns the chances to win of the three players at the start of
// a turn with the banked scores a (the mover), b (next) and c (after):
// in that order, summing to 1. It is ChanceAt at the start of a turn:
// scores must be multiples of [Table.Step] from 0 to under the target, or
// with a final round a position of the final round (see [State]), else
// the error is a [*StateError] wrapping [ErrScore].
func (t *Table) Chances(a, b, c int) ([3]float64, error) {
	return t.ChanceAt(State{Scores: [3]int{a, b, c}})
}

// at returns the chances of the position (x, y, z).
func (t *Table) at(x, y, z int) [3]float64 {
	w := t.w[3*t.m.pos(x, y, z):]
	return [3]float64{w[0], w[1], w[2]}
}

// SeatWin returns the chance of each seat to win a game from the start,
// in order of play: the first to roll, the second, the third.
func (t *Table) SeatWin() [3]float64 {
	if !t.ok() {
		return [3]float64{}
	}
	return t.at(0, 0, 0)
}

// FairestHeadStarts returns the head starts for the second and the third
// player, multiples of 50 (and of [Table.Step]) from 0 to under the
// target, that bring the three chances to win from the start closest to a
// third each: the smallest largest distance from 1/3; of pairs equally
// close, the one of the smaller head start for the second player, then for
// the third. It returns the chances with them, in order of play. Under an
// opening minimum a head start puts the player on the board.
func (t *Table) FairestHeadStarts() (second, third int, seats [3]float64) {
	if !t.ok() {
		return 0, 0, [3]float64{}
	}
	m := t.m
	unit := m.step * 50 / gcd(m.step, 50) // a multiple of 50 and of the step
	best := math.Inf(1)
	for b := 0; b < m.nS*m.step; b += unit {
		for c := 0; c < m.nS*m.step; c += unit {
			w := t.at(0, b/m.step, c/m.step)
			d := max(math.Abs(w[0]-1.0/3), math.Abs(w[1]-1.0/3), math.Abs(w[2]-1.0/3))
			if d < best {
				best, second, third, seats = d, b, c, w
			}
		}
	}
	return second, third, seats
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Mixed returns the number of positions at which the mover mixes two
// plays (see the package documentation).
func (t *Table) Mixed() int {
	if !t.ok() {
		return 0
	}
	return len(t.mix)
}

// Mixing returns the positions at which the mover mixes, by the sum of
// the scores descending, then by the scores: a new slice.
func (t *Table) Mixing() []Mix {
	if !t.ok() {
		return nil
	}
	return append([]Mix(nil), t.mix...)
}

// ChanceAt returns the chances of the three players from s, with
// s.TurnTotal points in the turn and s.DiceLeft dice to roll, when the
// mover now banks or rolls by the rule of the package documentation and
// everyone plays on by the table: in order of play from the mover. At the
// start of a turn (TurnTotal 0, DiceLeft 0 or 6) they are the table's.
// With a final round s may be a last turn (see [State]).
// Within a turn at a mixed position, the mover's chance is exact and the
// others' are those of the play the tie rule picks. The error is a
// [*StateError] wrapping [ErrScore], [ErrTurnTotal] or [ErrDiceLeft].
func (t *Table) ChanceAt(s State) ([3]float64, error) {
	if !t.ok() {
		return [3]float64{}, errNoTable()
	}
	st, err := t.m.state(s)
	if err != nil {
		return [3]float64{}, err
	}
	switch st.role {
	case roleFirst:
		return t.m.firstVec(st), nil
	case roleLast:
		return t.m.lastVec(st), nil
	}
	if st.k == 0 && st.n == farkle.MaxDice {
		return t.at(st.x, st.y, st.z), nil
	}
	F := t.farkleVec(st.x, st.y, st.z)
	if st.k >= t.m.cutTop(st.x, st.y, st.z, F[0]) {
		// Banking is the best play (and allowed) from the cap on.
		own, next := t.bankVec(st.x, st.y, st.z, st.k)
		return [3]float64{own, next, 1 - own - next}, nil
	}
	b := t.m.getBuf()
	defer t.m.putBuf(b)
	t.turnAt(b, st)
	return t.vecAt(b, st.k, st.n, F), nil
}

// The roles of a position: a turn before the final round, or a last turn.
const (
	roleTurn  = iota // a turn before any player has reached the target
	roleFirst        // the first last turn: the after player reached the target
	roleLast         // the very last turn: the next player reached the target
)

// A pos is a checked State: the indexes of the scores, mover first, the
// turn total in steps k, the dice to roll n, and the role.
type pos struct{ x, y, z, k, n, role int }

func (m *model) state(s State) (pos, error) {
	x, y, z, role, err := m.finalScores(s)
	if err != nil {
		return pos{}, err
	}
	n, err := kit.Turn(s.TurnTotal, s.DiceLeft, m.an.Unit)
	if err != nil {
		return pos{}, err
	}
	k := s.TurnTotal / m.step
	if !m.final {
		k = min(k, m.kc(x)) // banking wins from kc on
	}
	return pos{x: x, y: y, z: z, k: k, n: n, role: role}, nil
}

// farkleVec returns the chances of the three players of (x, y, z), mover
// first, after the mover farkles: those of (y, z, x), rotated.
func (t *Table) farkleVec(x, y, z int) [3]float64 { return rot(t.at(y, z, x)) }

// turnAt runs the dynamic program of st's turn down to its turn total and
// returns the chances after a farkle.
func (t *Table) turnAt(b *dpBuf, st pos) [3]float64 {
	F := t.farkleVec(st.x, st.y, st.z)
	t.turn(b, st.x, st.y, st.z, F[0], st.k)
	return F
}

// vecAt returns the chances at (k, n) of the last turn run, for the
// chances F after a farkle.
func (t *Table) vecAt(b *dpBuf, k, n int, F [3]float64) [3]float64 {
	e, p, nx := b.cell((n-1)*t.m.nv + k)
	return [3]float64{e + p*F[0], nx + p*F[1], 1 - p - e - nx + p*F[2]}
}
