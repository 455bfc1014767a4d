package win

import (
	"context"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// DefaultFloor is the lowest banked score of the win solver when
// [Options].Floor is 0: penalties never take a score below it.
const DefaultFloor = -2500

// maxPositions bounds the turn-start states of a [Table] (32 MiB of
// float64s).
const maxPositions = 1 << 22

// solveTwo solves the two-player game (see Solve).
func solveTwo(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	if err := refuseHouseRules(r, false); err != nil {
		return nil, solveError(err, r, opts)
	}
	m, err := newModel(r, opts.Floor)
	if err == nil {
		var t *Table
		t, err = solve(ctx, m, opts)
		if err == nil {
			return t, nil
		}
	}
	return nil, solveError(err, r, opts)
}

// solve solves the game of m.
func solve(ctx context.Context, m *model, opts Options) (*Table, error) {
	workers, err := kit.Workers(opts.Workers)
	if err != nil {
		return nil, err
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
func errNoTable() error { return kit.NoTable() }

// refuseHouseRules returns the [*SolveError] wrapping [ErrRules] for the
// first house rule of play of r that the solvers of this package do not
// model, or nil; duel asks for those of [Duel], which models none. Invalid
// rules give the error of game.Rules.Validate first, as everywhere. It is
// the one place that says which house rules are refused: a rule that the
// solvers learn leaves this list.
func refuseHouseRules(r game.Rules, duel bool) error {
	return kit.Refuse(r,
		kit.HouseRule{On: duel && r.ToxicTwos, Field: "ToxicTwos", About: "toxic twos, a roll of four or more 2s that ends the turn, is not played by Duel"},
		kit.HouseRule{On: duel && r.SixOnesWin, Field: "SixOnesWin", About: "six 1s that win the game at once are not played by Duel"},
		kit.HouseRule{On: duel && r.Bankrupt, Field: "Bankrupt", About: "bankruptcy, farkles in a row that cost the whole score, is not played by Duel"},
		kit.HouseRule{On: r.SixOnesWin && r.FinalRound, Field: "SixOnesWin", About: "six 1s that win at once, with a final round, are not solved: the last turn's chance to win never falls to 0"},
		kit.HouseRule{On: r.Bankrupt && r.MinFirstBank > r.MinBank, Field: "Bankrupt", About: "bankruptcy under an opening minimum is not solved: a player on the board at 0 is not a position of the table"},
		kit.HouseRule{On: r.Welfare, Field: "Welfare", About: "welfare, a target to hit exactly, is not solved for the chance to win"},
		kit.HouseRule{On: r.Piggyback, Field: "Piggyback", About: "piggybacking, a turn that takes over the last bank, is not solved for the chance to win"},
	)
}

// chanceStart is the chance of the player to move at the start of a turn,
// mine against theirs, no farkles in a row.
func (t *Table) chanceStart(mine, theirs int) (float64, error) {
	if !t.ok() {
		return 0, errNoTable()
	}
	x, y, err := t.m.scores(pair{Mine: mine, Theirs: theirs})
	if err != nil {
		return 0, err
	}
	return t.w[t.m.idx(x, y, 0, 0)], nil
}

// chance2 is the chance of the player to move in s.
func (t *Table) chance2(s pair) (float64, error) {
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

// firstWin is the chance that the player who rolls first wins a game from
// 0 to 0, both players off the board.
func (t *Table) firstWin() float64 {
	if !t.ok() {
		return 0
	}
	return t.w[t.m.idx(t.m.startX, t.m.startX, 0, 0)]
}

// A pair is a position of a game of two players, seen by the player to
// move (the fields are those of State for two).
type pair struct {
	Mine, Theirs            int
	MyFarkles, TheirFarkles int
	TurnTotal               int
	DiceLeft                int
	MyOnBoard, TheirOnBoard bool
	LastTurn                bool // the opponent has banked Theirs, at or above the target, in a final round
}
