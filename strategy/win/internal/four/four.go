package four

import (
	"context"
	"fmt"
	"math"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
)

// Options tune [Solve]; the zero Options are the defaults.
type Options struct {
	// Progress, if not nil, is called after each sum of the four scores
	// (from the largest down) with the number done and the total, from
	// the goroutine of Solve.
	Progress func(done, total int)
	// Workers is the number of goroutines that solve; 0 means
	// runtime.GOMAXPROCS(0). The answers do not depend on it.
	Workers int
}

// A Table is the solved four-player game for one game.Rules value: the
// chances of the four players to win from every position at the start of
// a turn. It is immutable and safe for concurrent use once made; the
// methods of a nil or zero *Table return zero values, or errors wrapping
// [ErrNoTable].
type Table struct {
	m   *model
	w   []float64 // four chances a position, mover first, at N*model.pos
	mix []Mix     // the mixed positions, by cmpScores
	dps int64     // dynamic programs that Solve ran (not saved)
}

// A Mix is a position at which the mover mixes two plays: with the
// scores Scores, in order of play from the mover, the mover plays the
// play of the higher chance of farkling with probability Weight and the
// other with 1-Weight.
type Mix struct {
	Scores [N]int
	Weight float64
}

// A State is a position of a four-player game, seen by the player to
// move: the banked scores in order of play from the mover, the turn
// total so far and the dice to roll (0 means six). With a final round a
// score at or above the target is a last turn: the first such score
// after the mover's, in order of play, is that of A, the player who
// reached the target. With the next player's, the mover is D and has the
// very last turn (the others are A, B and C, B's and C's scores final);
// with the one after's, the mover is C (then D, A, and B with its final
// score); with the last player's, the mover is B. The mover's score is
// under the target.
type State struct {
	Scores    [N]int
	TurnTotal int
	DiceLeft  int
}

// Solve solves the four-player game under r. A done ctx, which Solve
// checks after each sum of scores, gives its error; invalid rules the
// error of game.Rules.Validate; rules it does not model, bad options or a
// game too large a *kit.SolveFault.
func Solve(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	m, err := newModel(r)
	if err != nil {
		return nil, err
	}
	t := &Table{m: m, w: make([]float64, N*m.nS*m.nS*m.nS*m.nS)}
	if err := t.solveAll(ctx, opts); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *Table) ok() bool { return t != nil && t.m != nil }

// Rules returns the rules the table was solved for, in the form Solve
// keeps.
func (t *Table) Rules() game.Rules {
	if !t.ok() {
		return game.Rules{}
	}
	return t.m.rules
}

// Step returns the step of the table's banked scores.
func (t *Table) Step() int {
	if !t.ok() {
		return 0
	}
	return t.m.step
}

// DPs returns the number of dynamic programs of a turn that Solve ran.
func (t *Table) DPs() int64 {
	if !t.ok() {
		return 0
	}
	return t.dps
}

// at returns the chances of the position s (indexes).
func (t *Table) at(s [N]int) [N]float64 {
	w := t.w[N*t.m.pos(s):]
	return [N]float64{w[0], w[1], w[2], w[3]}
}

// scores checks the scores of s and returns their indexes.
func (m *model) scores(sc [N]int) ([N]int, error) {
	var s [N]int
	for i, v := range sc {
		if v < 0 || v%m.step != 0 || v/m.step >= m.nS {
			return s, &kit.StateFault{Err: ErrScore,
				Detail: fmt.Sprintf("from 0 to under %d in steps of %d", m.rules.Target, m.step)}
		}
		s[i] = v / m.step
	}
	return s, nil
}

// Chances returns the chances to win of the four players at the start of
// a turn with the banked scores sc, mover first.
func (t *Table) Chances(sc [N]int) ([N]float64, error) {
	return t.ChanceAt(State{Scores: sc})
}

// SeatWin returns the chance of each seat to win a game from the start,
// in order of play.
func (t *Table) SeatWin() [N]float64 {
	if !t.ok() {
		return [N]float64{}
	}
	return t.at([N]int{})
}

// FairestHeadStarts returns the head starts for the second, third and
// fourth players, multiples of 50 (and of [Table.Step]) from 0 to under
// the target, that bring the four chances to win from the start closest
// to a quarter each: the smallest largest distance from 1/4; of those
// equally close, the smallest head start for the second player, then the
// third, then the fourth. It returns the chances with them, in order of
// play.
func (t *Table) FairestHeadStarts() (heads [N - 1]int, seats [N]float64) {
	if !t.ok() {
		return heads, seats
	}
	m := t.m
	unit := m.step * 50 / gcd(m.step, 50)
	best := math.Inf(1)
	top := m.nS * m.step
	for b := 0; b < top; b += unit {
		for c := 0; c < top; c += unit {
			for d := 0; d < top; d += unit {
				w := t.at([N]int{0, b / m.step, c / m.step, d / m.step})
				dist := max(math.Abs(w[0]-0.25), math.Abs(w[1]-0.25), math.Abs(w[2]-0.25), math.Abs(w[3]-0.25))
				if dist < best {
					best, heads, seats = dist, [N - 1]int{b, c, d}, w
				}
			}
		}
	}
	return heads, seats
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Mixed returns the number of positions at which the mover mixes.
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

// The roles of a position: a turn before the final round, or a last turn.
const (
	roleTurn = iota // before any player has reached the target
	roleB           // the first last turn: the last player reached the target
	roleC           // the second: the player after next reached it
	roleD           // the very last: the next player reached it
)

// A pos is a checked State: the indexes of the scores, mover first, the
// turn total in steps k, the dice to roll n, and the role.
type pos struct {
	s          [N]int
	k, n, role int
}

func (m *model) state(s State) (pos, error) {
	var sc [N]int
	role := roleTurn
	var err error
	if m.final {
		sc, role, err = m.finalScores(s.Scores)
	} else {
		sc, err = m.scores(s.Scores)
	}
	if err != nil {
		return pos{}, err
	}
	n, err := kit.Turn(s.TurnTotal, s.DiceLeft, m.an.Unit)
	if err != nil {
		return pos{}, err
	}
	k := s.TurnTotal / m.step
	if !m.final {
		k = min(k, m.kc(sc[0])) // banking wins from kc on
	}
	return pos{s: sc, k: k, n: n, role: role}, nil
}

// finalScores checks the scores of a State with a final round, which may
// be those of a last turn (see [State]), and returns their indexes and
// the role of the position.
func (m *model) finalScores(sc [N]int) (s [N]int, role int, err error) {
	for i, v := range sc {
		if v < 0 || int64(v) > kit.MaxTurnTotal || v%m.step != 0 {
			return s, 0, &kit.StateFault{Err: ErrScore,
				Detail: fmt.Sprintf("from 0 to %d in steps of %d", int64(kit.MaxTurnTotal), m.step)}
		}
		s[i] = v / m.step
	}
	switch T := m.rules.Target; {
	case sc[0] >= T:
		return s, 0, &kit.StateFault{Err: ErrScore, Detail: "the mover at or above the target"}
	case sc[1] >= T:
		return s, roleD, nil
	case sc[2] >= T:
		return s, roleC, nil
	case sc[3] >= T:
		return s, roleB, nil
	}
	return s, roleTurn, nil
}

// farkleVec returns the chances of the players of s, mover first, after
// the mover farkles: those of the next rotation, rotated back.
func (t *Table) farkleVec(s [N]int) [N]float64 { return rot(t.at(rotScores(s))) }

// ChanceAt returns the chances of the four players from s, mover first,
// when the mover now banks or rolls by the tie rule and everyone plays on
// by the table. At the start of a turn they are the table's. Within a
// turn at a mixed position, the mover's chance is exact and the others'
// are those of the play the tie rule picks.
func (t *Table) ChanceAt(s State) ([N]float64, error) {
	if !t.ok() {
		return [N]float64{}, kit.NoTable()
	}
	st, err := t.m.state(s)
	if err != nil {
		return [N]float64{}, err
	}
	if st.role != roleTurn {
		return t.m.lastVec(st), nil
	}
	if st.k == 0 && st.n == farkle.MaxDice {
		return t.at(st.s), nil
	}
	F := t.farkleVec(st.s)
	if st.k >= t.m.cutTop(st.s, F[0]) {
		// Banking is the best play (and allowed) from the cap on.
		return t.bankPiece(st.s, st.k).vec(), nil
	}
	b := t.m.getBuf()
	defer t.m.putBuf(b)
	t.turn(b, st.s, F[0], st.k)
	return vecOf(b.cell((st.n-1)*t.m.nv+st.k), F), nil
}

// vecOf returns the chances of a piece for the chances F after a farkle.
func vecOf(pc piece, F [N]float64) [N]float64 {
	v := pc.vec()
	for i := range N {
		v[i] += pc.p * F[i]
	}
	return v
}
