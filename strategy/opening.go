package strategy

import (
	"sync"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
)

// maxOpenings is the most opening tables that a table keeps (see
// [Table.Opening]): a game has one opening minimum, and a caller that
// plays more in turn solves again past this many.
const maxOpenings = 4

// openings holds the tables that a table keeps for opening minimums, the
// oldest first.
type openings[T any] struct {
	mu   sync.Mutex
	mins []int
	tabs []*T
}

// get returns the table kept for minBank, or solves it, keeps it
// (dropping the oldest past maxOpenings) and returns it. A nil o keeps
// nothing.
func (o *openings[T]) get(minBank int, solve func() (*T, error)) (*T, error) {
	if o == nil {
		return solve()
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	for i, m := range o.mins {
		if m == minBank {
			return o.tabs[i], nil
		}
	}
	t, err := solve()
	if err != nil {
		return nil, err
	}
	if len(o.mins) == maxOpenings {
		o.mins, o.tabs = o.mins[1:], o.tabs[1:]
	}
	o.mins, o.tabs = append(o.mins, minBank), append(o.tabs, t)
	return t, nil
}

// Opening returns the table to play by for a player not yet on the board,
// whose first bank must reach minFirstBank (game.Rules.MinFirstBank): t
// itself when minFirstBank is at most t's MinBank, else the table of t's
// rules with MinBank minFirstBank, since until the
// first bank a turn is one whose minimum is the larger. That table is
// solved on the first call for the minimum, in a few milliseconds for the
// presets, and kept with t (up to four minimums; a fifth drops the
// oldest). [Bot] plays by it off the board. The error is that of [Solve].
func (t *Table) Opening(minFirstBank int) (*Table, error) {
	t = t.get()
	if minFirstBank <= t.opts.MinBank {
		return t, nil
	}
	return t.open.get(minFirstBank, func() (*Table, error) {
		r := t.rules
		r.MinBank = minFirstBank
		return solveRules(r)
	})
}

// Opening returns the table to play by for a player not yet on the board,
// whose first bank must reach minFirstBank (game.Rules.MinFirstBank): t
// itself when minFirstBank is at most t's MinBank, else the table of t's
// rules with MinBank minFirstBank, solved on
// the first call for the minimum and kept with t as [Table.Opening] keeps
// its tables. [AverageBot] plays by it off the board: the play that would
// score the most per turn on average if every bank needed the opening
// minimum, penalties included. The error is that of [SolveAverage].
func (t *AverageTable) Opening(minFirstBank int) (*AverageTable, error) {
	t = t.get()
	if minFirstBank <= t.opts.MinBank {
		return t, nil
	}
	return t.open.get(minFirstBank, func() (*AverageTable, error) {
		r := t.rules
		r.MinBank = minFirstBank
		return solveAverageRules(r)
	})
}

// offBoard returns the opening minimum of the current player of v: the
// rules' MinFirstBank when the player is not yet on the board and it is
// above minBank, else 0.
func offBoard(v game.View, minBank int) int {
	if v.Player(v.Current()).OnBoard {
		return 0
	}
	if m := v.Rules().MinFirstBank; m > minBank {
		return m
	}
	return 0
}

// guardBank returns bank, unless the turn total after the keep p is
// under the opening minimum need (0 for none): a bot never asks to bank
// below it.
func guardBank(v game.View, p farkle.Partition, bank bool, need int) bool {
	return bank && (need == 0 || v.TurnTotal()+p.Points() >= need)
}
