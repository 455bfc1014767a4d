package win

import (
	"context"
	"fmt"
	"slices"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"github.com/farkle-go/farkle/strategy/win/internal/four"
	"github.com/farkle-go/farkle/strategy/win/internal/kit"
	"github.com/farkle-go/farkle/strategy/win/internal/three"
)

// Options tune [Solve] and [Duel]; the zero Options are the defaults:
// a game of two players, no cache, no progress. They hold no rules:
// those are the game.Rules that Solve and Duel take.
type Options struct {
	// Players is the number of players the table is solved for: 2 (the
	// default, when 0), 3 or 4. The [Bot] plays
	// games of more players by a table of fewer as a fallback. Duel plays
	// two.
	Players int
	// Progress, if not nil, is called as the solve goes with the work done
	// and the total so far: after each set of positions with the same sum
	// of banked scores. With a penalty the solver passes over the table
	// several times, until it converges, and the total grows by a pass at
	// the start of each. It is called from the goroutine of Solve or
	// Duel.
	Progress func(done, total int)
	// Cache, if not "", is a directory where Solve keeps the tables it
	// solves and looks for them first (see [Solve]); Duel does not read it.
	Cache string
	// Floor is the lowest banked score: a penalty that would take a score
	// below it leaves it at Floor. It matters only with a penalty (so not
	// to Duel, which has none, nor to three players), and must be negative
	// and a multiple of the score step; 0 means [DefaultFloor], -2500, as
	// in M. Busche's 2016 analysis.
	Floor int
	// Workers is the number of goroutines that solve; 0 means
	// runtime.GOMAXPROCS(0). The answers do not depend on it.
	Workers int

	trace *solveTrace // what a penalty solve does, for the tests
}

// A Table is the solved game for one game.Rules value and a number of
// players: the chances of the players to win from every position at the
// start of a turn, when every player plays to win (see the package
// documentation for the model). [Solve] makes one, and
// [Table.UnmarshalBinary] reads one back; positions within a turn are
// computed on demand from it. A Table is immutable and safe for
// concurrent use, once made (UnmarshalBinary is for a new Table: it
// replaces what the Table holds). The methods of a nil or zero *Table
// return zero values, or errors wrapping [ErrNoTable].
type Table struct {
	m     *model       // two players: the model
	w     []float64    // two players: turn-start chances, indexed by model.idx
	three *three.Table // three players
	four  *four.Table  // four players
}

// A State is a position of a game, seen by the player to move. Fill it
// from a game with [StateOf].
type State struct {
	// Scores are the banked scores of the players in order of play from
	// the player to move: Scores[0] is the mover's, Scores[1] the next
	// player's. A Table answers for as many scores as it has players.
	// With a final round a score at or above the target is a last turn:
	// with two players, Scores[1] at or above the target is the mover's
	// last turn, which wins only by banking strictly more; with three,
	// see the package documentation (The final round).
	Scores []int
	// Farkles are the players' farkles in a row, in the order of Scores,
	// 0 to PenaltyAfter-1; nil means none. They matter only with a
	// penalty for farkles in a row.
	Farkles []int
	// OnBoard reports whether each player, in the order of Scores, has
	// banked at least once (game.Player.OnBoard); nil means none has. It
	// matters only under rules whose MinFirstBank is above MinBank, where a
	// player's first bank must reach MinFirstBank, and a positive score is
	// on the board whatever it says: the zero State is the start of a
	// game. Off the board a score is 0 or, with a penalty, 0 less
	// penalties (down to the floor); on the board without a penalty it is
	// positive.
	OnBoard []bool
	// TurnTotal is the points set aside in the turn so far.
	TurnTotal int
	// DiceLeft is the number of dice to roll, 1 to 6; 0 means six (the
	// start of a turn, or hot dice).
	DiceLeft int
}

// clone returns a copy of s that shares no slice with it.
func (s State) clone() State {
	s.Scores, s.Farkles, s.OnBoard = slices.Clone(s.Scores), slices.Clone(s.Farkles), slices.Clone(s.OnBoard)
	return s
}

// StateOf returns the position of the game in v, seen by the player to
// move: the scores, farkles in a row (with a penalty or bankruptcy, which
// is when they matter; else 0) and whether on the board of every player,
// in order of play from the current player, and the TurnTotal and
// DiceLeft of v (DiceLeft is the number of dice of the roll on the table,
// if any, else of the next roll). With a roll on the table, pass the State
// and the roll to [Table.Advise]. A Table may still have no answer for
// the State: a Table of another number of players or of other rules, or a
// game that is over.
func StateOf(v game.View) State {
	n, me := v.NumPlayers(), v.Current()
	s := State{Scores: make([]int, n), Farkles: make([]int, n), OnBoard: make([]bool, n),
		TurnTotal: v.TurnTotal(), DiceLeft: v.DiceLeft()}
	r := v.Rules()
	for i := range n {
		p := v.Player((me + i) % n)
		s.Scores[i], s.OnBoard[i] = p.Score, p.OnBoard
		if r.Penalty > 0 || r.Bankrupt {
			s.Farkles[i] = p.Farkles // else they do not matter, and are 0
		}
	}
	return s
}

// Solve solves the game of opts.Players players (two when 0) under r for
// the chance of each player to win, every player playing to win (see the
// package documentation for the model). Two players are solved exactly,
// up to a residual under 1e-12 in every equation; three and four by a
// stationary equilibrium, to a residual of about 1e-15.
//
// How long Solve takes grows about as the cube (two players), the fourth
// power (three) or the fifth (four) of the target over the score step. Measured on a
// machine of two cores (the project's test machine), for the presets'
// rules (game.Preset's Rules, target 10,000): two players, App 17
// seconds, Facebook 52 seconds (a penalty for farkles in a row), Zilch
// about three and a half minutes (a penalty, and turns so long, its six
// dice so rarely farkle, that they are followed to 40,000 points);
// Core scoring without a final round 4 seconds, target 1,000 a few
// milliseconds. Three players, Core scoring at target 10,000 about four
// minutes without a final round and five with one (at 2,000 a second
// and two); Facebook and Zilch are refused (a penalty). Four players, without a final round: Core
// scoring at target 2,000 about two minutes of CPU, at 3,000 about a
// quarter of an hour; with a final round, Core scoring at target 1,000
// about half a minute (App a minute and a half), at 2,000 nine minutes. Set opts.Progress to follow a long solve, and
// opts.Cache to solve once.
//
// With opts.Cache, Solve first looks in that directory for the table of
// r, opts.Players and opts.Floor, and reads it back if it is there and
// sound; else it solves and writes the table there (to a temporary file,
// renamed into place, so that processes sharing the directory never read
// a partial table), then removes the least recently used tables until
// the directory's tables take at most [CacheBytes] together. A cache that
// cannot be written does not fail the solve.
//
// Invalid rules give the [*farkle.RulesError] of game.Rules.Validate, and
// a done ctx, which Solve checks after each sum of scores, its error; any
// other error is a [*SolveError] wrapping [ErrRules] for rules of play
// that the solver does not model for that number of players (refused
// before any work; see [ErrRules]), [ErrOptions] for bad options, or
// [ErrTooLarge] for a table too large or turns too long to follow. Short
// straights and toxic twos are solved, for two players, as any scoring.
func Solve(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	if opts.Cache != "" {
		return cached(ctx, r, opts)
	}
	return solveAny(ctx, r, opts)
}

// solveAny solves without a cache.
func solveAny(ctx context.Context, r game.Rules, opts Options) (*Table, error) {
	switch opts.Players {
	case 0, 2:
		return solveTwo(ctx, r, opts)
	case 3:
		t3, err := three.Solve(ctx, r, three.Options{Progress: opts.Progress, Workers: opts.Workers})
		if err != nil {
			return nil, solveError(err, r, opts)
		}
		return &Table{three: t3}, nil
	case 4:
		t4, err := four.Solve(ctx, r, four.Options{Progress: opts.Progress, Workers: opts.Workers})
		if err != nil {
			return nil, solveError(err, r, opts)
		}
		return &Table{four: t4}, nil
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return nil, &SolveError{Err: ErrOptions, Rules: r, Options: opts, Field: "Players",
		detail: fmt.Sprintf("Players %d, want 2, 3 or 4 (the Bot plays more by a table of fewer)", opts.Players)}
}

// solved reports whether t is a table that Solve or UnmarshalBinary made.
func (t *Table) solved() bool { return t != nil && (t.m != nil || t.three != nil || t.four != nil) }

// refuse returns the fault of the first rule of r that a table of t's
// number of players does not model.
func (t *Table) refuse(r game.Rules) error {
	if t.three != nil {
		return three.Refuse(r)
	}
	if t.four != nil {
		return four.Refuse(r)
	}
	return refuseHouseRules(r, false)
}

// Players returns the number of players the table was solved for: 2, 3
// or 4, 0 for a nil or zero Table.
func (t *Table) Players() int {
	switch {
	case t == nil:
		return 0
	case t.four != nil:
		return 4
	case t.three != nil:
		return 3
	case t.m != nil:
		return 2
	}
	return 0
}

// Rules returns the rules the table was solved for, with a zero Target
// and Scoring read as package game reads them.
func (t *Table) Rules() game.Rules {
	switch {
	case t == nil:
		return game.Rules{}
	case t.three != nil:
		return t.three.Rules()
	case t.four != nil:
		return t.four.Rules()
	case t.m != nil:
		return t.m.rules
	}
	return game.Rules{}
}

// Step returns the step of the table's banked scores: the unit of the
// scoring rules (see [strategy.Table.Step]), or its greatest common
// divisor with the penalty. Every score that play can reach from 0 is a
// multiple of it.
func (t *Table) Step() int {
	switch {
	case t == nil:
		return 0
	case t.three != nil:
		return t.three.Step()
	case t.four != nil:
		return t.four.Step()
	case t.m != nil:
		return t.m.step
	}
	return 0
}

// Floor returns the lowest banked score of the table: the floor of
// [Options] with a penalty, 0 without.
func (t *Table) Floor() int {
	if !t.ok() {
		return 0
	}
	return t.m.lo
}

// Chance returns the chance that the player to move wins from s, with
// s.TurnTotal points in the turn and s.DiceLeft dice to roll, when the
// player now banks or rolls, whichever is better, and every player plays
// on to win. At the start of a turn (TurnTotal 0, DiceLeft 0 or 6) it is
// the table's value; within a turn it is computed on demand, in under a
// millisecond for two players at target 10,000. It is Chances(s)[0].
//
// The error is a [*StateError] wrapping [ErrPlayers] for a State of
// another number of players than the table's, [ErrScore] for bad scores
// (multiples of [Table.Step] from [Table.Floor] to under the target, or
// a position of a final round), [ErrFarkles] for farkles in a row out of
// range (not 0 to PenaltyAfter-1, 0 only without a penalty),
// [ErrTurnTotal] for a turn total that is not a multiple of the scoring
// unit, or [ErrDiceLeft].
func (t *Table) Chance(s State) (float64, error) {
	switch {
	case t == nil || !t.solved():
		return 0, errNoTable()
	case t.three != nil:
		s3, err := toThree(s)
		if err != nil {
			return 0, err
		}
		c, err := t.three.ChanceAt(s3)
		return c[0], stateError(err, s)
	case t.four != nil:
		s4, err := toFour(s)
		if err != nil {
			return 0, err
		}
		c, err := t.four.ChanceAt(s4)
		return c[0], stateError(err, s)
	}
	p, err := t.toPair(s)
	if err != nil {
		return 0, err
	}
	c, err := t.chance2(p)
	return c, stateError(err, s)
}

// Chances returns the chances of every player to win from s, in the order
// of s.Scores (the mover first), as [Table.Chance] reads s; they sum to 1.
// With three players at a position where the mover mixes two plays
// (see [Table.Mixing]), the mover's chance is exact and the others' are
// those of the play that the tie rule picks. The errors are those of
// Chance.
func (t *Table) Chances(s State) ([]float64, error) {
	if t != nil && t.three != nil {
		s3, err := toThree(s)
		if err != nil {
			return nil, err
		}
		c, err := t.three.ChanceAt(s3)
		if err != nil {
			return nil, stateError(err, s)
		}
		return c[:], nil
	}
	if t != nil && t.four != nil {
		s4, err := toFour(s)
		if err != nil {
			return nil, err
		}
		c, err := t.four.ChanceAt(s4)
		if err != nil {
			return nil, stateError(err, s)
		}
		return c[:], nil
	}
	c, err := t.Chance(s)
	if err != nil {
		return nil, err
	}
	return []float64{c, 1 - c}, nil
}

// SeatWin returns the chance of each seat to win a game from the start,
// every player at 0 and off the board, in order of play: the first to
// roll, the second, and with three or four the third and the fourth.
func (t *Table) SeatWin() []float64 {
	switch {
	case t == nil:
		return nil
	case t.four != nil:
		w := t.four.SeatWin()
		return w[:]
	case t.three != nil:
		w := t.three.SeatWin()
		return w[:]
	case t.m != nil:
		c := t.firstWin()
		return []float64{c, 1 - c}
	}
	return nil
}

// toPair reads a State of two players.
func (t *Table) toPair(s State) (pair, error) {
	if len(s.Scores) != 2 || s.Farkles != nil && len(s.Farkles) != 2 || s.OnBoard != nil && len(s.OnBoard) != 2 {
		return pair{}, &StateError{Err: ErrPlayers, State: s.clone(), detail: "a table of two players"}
	}
	p := pair{Mine: s.Scores[0], Theirs: s.Scores[1], TurnTotal: s.TurnTotal, DiceLeft: s.DiceLeft}
	if s.Farkles != nil {
		p.MyFarkles, p.TheirFarkles = s.Farkles[0], s.Farkles[1]
	}
	if s.OnBoard != nil {
		p.MyOnBoard, p.TheirOnBoard = s.OnBoard[0], s.OnBoard[1]
	}
	p.LastTurn = t.m.final && p.Theirs >= t.m.rules.Target
	return p, nil
}

// toThree reads a State of three players.
func toThree(s State) (three.State, error) {
	if len(s.Scores) != 3 || s.Farkles != nil && len(s.Farkles) != 3 || s.OnBoard != nil && len(s.OnBoard) != 3 {
		return three.State{}, &StateError{Err: ErrPlayers, State: s.clone(), detail: "a table of three players"}
	}
	return three.State{Scores: [3]int(s.Scores), TurnTotal: s.TurnTotal, DiceLeft: s.DiceLeft}, nil
}

// toFour reads a State of four players.
func toFour(s State) (four.State, error) {
	if len(s.Scores) != 4 || s.Farkles != nil && len(s.Farkles) != 4 || s.OnBoard != nil && len(s.OnBoard) != 4 {
		return four.State{}, &StateError{Err: ErrPlayers, State: s.clone(), detail: "a table of four players"}
	}
	return four.State{Scores: [4]int(s.Scores), TurnTotal: s.TurnTotal, DiceLeft: s.DiceLeft}, nil
}

// A Choice is one candidate keep of a roll (see [Table.Advise]) and
// the chances of winning it leads to.
type Choice struct {
	// Keep is the kept dice as combinations; its Rest is the dice left to
	// roll, empty after hot dice.
	Keep farkle.Partition
	// TurnTotal is the turn total after the keep.
	TurnTotal int
	// DiceLeft is the number of dice to roll on with: 1 to 6, 6 after hot
	// dice.
	DiceLeft int
	// HotDice reports that the keep uses every die of the roll.
	HotDice bool
	// Roll is the mover's chance of winning when rolling on after the
	// keep, every player playing on to win.
	Roll float64
	// CanBank reports whether the rules allow banking TurnTotal after this
	// keep (MinBank, MustRollHotDice, and MinFirstBank for a player not
	// yet on the board).
	CanBank bool
	// BankChance is the mover's chance of winning when banking after the
	// keep; 0 when the rules do not allow it.
	BankChance float64
	// Bank reports whether banking after this keep is allowed and at
	// least as good for the mover as rolling on.
	Bank bool
	// Chance is the better of BankChance (when allowed) and Roll.
	Chance float64
	// Chances are the chances of every player after the choice (banking
	// if Bank, else rolling on), in the order of the State's Scores: the
	// mover's is Chance.
	Chances []float64
}

// Advice is what to do with a roll to win: which dice to keep and
// whether to bank after keeping them.
type Advice struct {
	// Keep is the keep to make, equal to Choices[0].Keep. For a farkle it
	// has 0 points, no combinations and the roll as Rest.
	Keep farkle.Partition
	// Bank reports whether to bank after the keep rather than roll on.
	Bank bool
	// Chance is the mover's chance of winning when following the advice;
	// for a farkle, the chance left after losing the turn.
	Chance float64
	// Chances are the chances of every player when following the advice,
	// in the order of the State's Scores; for a farkle, those after the
	// turn is lost.
	Chances []float64
	// Farkle reports that the roll has nothing to keep: the turn is over.
	Farkle bool
	// Choices lists the candidate keeps by Chance descending, then (two
	// players) fewest kept dice, then most points, or (three players) the
	// tie rule of the package documentation: Choices[0] is the advice.
	// Empty for a farkle.
	Choices []Choice
}

// Advise returns what to do with roll, the dice just rolled, in the
// position s: s.TurnTotal points were set aside before the roll, and
// s.DiceLeft is not read. The candidates are the best keep for each
// number of kept dice, or with a final round, where fewer points may be
// worth more, every legal keep (two players) or a keep for each number of
// kept dice and points (three). The advice maximizes the mover's chance
// to win. Bad dice give the errors of [farkle.Scorer.BestKeep]; a bad
// position the errors of [Table.Chance]; a nil or zero Table
// [ErrNoTable].
func (t *Table) Advise(s State, roll []farkle.Die) (Advice, error) {
	switch {
	case t == nil || !t.solved():
		return Advice{}, errNoTable()
	case t.three != nil:
		s3, err := toThree(s)
		if err != nil {
			return Advice{}, err
		}
		a, err := t.three.Advise(s3, roll)
		if err != nil {
			return Advice{}, stateError(err, s)
		}
		return fromThree(a), nil
	case t.four != nil:
		s4, err := toFour(s)
		if err != nil {
			return Advice{}, err
		}
		a, err := t.four.Advise(s4, roll)
		if err != nil {
			return Advice{}, stateError(err, s)
		}
		return fromFour(a), nil
	}
	p, err := t.toPair(s)
	if err != nil {
		return Advice{}, err
	}
	a, err := t.advise2(p, roll)
	if err != nil {
		return Advice{}, stateError(err, s)
	}
	cs := make([]float64, 2*(1+len(a.Choices)))
	a.Chances = cs[:2:2]
	a.Chances[0], a.Chances[1] = a.Chance, 1-a.Chance
	for i := range a.Choices {
		c := &a.Choices[i]
		c.Chances = cs[2+2*i : 4+2*i : 4+2*i]
		c.Chances[0], c.Chances[1] = c.Chance, 1-c.Chance
	}
	return a, nil
}

// fromThree is the Advice of a table of three.
func fromThree(a three.Advice) Advice {
	cs := make([]float64, 3*(1+len(a.Choices)))
	out := Advice{Keep: a.Keep, Bank: a.Bank, Chance: a.Chances[0], Farkle: a.Farkle,
		Chances: cs[:3:3]}
	copy(out.Chances, a.Chances[:])
	if len(a.Choices) > 0 {
		out.Choices = make([]Choice, len(a.Choices))
	}
	for i, c := range a.Choices {
		ch := Choice{Keep: c.Keep, TurnTotal: c.TurnTotal, DiceLeft: c.DiceLeft, HotDice: c.HotDice,
			Roll: c.Roll[0], CanBank: c.CanBank, BankChance: c.BankChances[0], Bank: c.Bank,
			Chance: c.Chances[0], Chances: cs[3+3*i : 6+3*i : 6+3*i]}
		copy(ch.Chances, c.Chances[:])
		out.Choices[i] = ch
	}
	return out
}

// fromFour is the Advice of a table of four.
func fromFour(a four.Advice) Advice {
	cs := make([]float64, 4*(1+len(a.Choices)))
	out := Advice{Keep: a.Keep, Bank: a.Bank, Chance: a.Chances[0], Farkle: a.Farkle,
		Chances: cs[:4:4]}
	copy(out.Chances, a.Chances[:])
	if len(a.Choices) > 0 {
		out.Choices = make([]Choice, len(a.Choices))
	}
	for i, c := range a.Choices {
		ch := Choice{Keep: c.Keep, TurnTotal: c.TurnTotal, DiceLeft: c.DiceLeft, HotDice: c.HotDice,
			Roll: c.Roll[0], CanBank: c.CanBank, BankChance: c.BankChances[0], Bank: c.Bank,
			Chance: c.Chances[0], Chances: cs[4+4*i : 8+4*i : 8+4*i]}
		copy(ch.Chances, c.Chances[:])
		out.Choices[i] = ch
	}
	return out
}

// MarshalBinary encodes t compactly, with the rules it was solved for, a
// version and a checksum: for two players 8 bytes a position (about 320
// KB for target 10,000 without a penalty), for three 24 bytes a position
// (192 MB for target 10,000 under Core scoring), for four 32 bytes a
// position (415 MB for target 3,000). [Table.UnmarshalBinary] reads it
// back.
func (t *Table) MarshalBinary() ([]byte, error) {
	if t != nil && t.three != nil {
		return t.three.MarshalBinary()
	}
	if t != nil && t.four != nil {
		return t.four.MarshalBinary()
	}
	return t.marshal2()
}

// UnmarshalBinary decodes the form of [Table.MarshalBinary] into t, of
// either number of players. It checks the format, the version and the
// checksum, and that the contents fit the rules they carry (chances from
// 0 to 1, and for three players the mixed positions); the error wraps
// [ErrData], or is the error of [Solve] for rules it refuses, or wraps
// [ErrNoTable] for a nil t. On error t is unchanged.
func (t *Table) UnmarshalBinary(data []byte) error {
	if t == nil {
		return fmt.Errorf("win: %w: UnmarshalBinary into a nil *Table", ErrNoTable)
	}
	if kit.Magic(data) == three.BinMagic {
		t3 := new(three.Table)
		if err := t3.UnmarshalBinary(data); err != nil {
			return solveError(err, t3.Rules(), Options{Players: 3})
		}
		t.m, t.w, t.three, t.four = nil, nil, t3, nil
		return nil
	}
	if kit.Magic(data) == four.BinMagic {
		t4 := new(four.Table)
		if err := t4.UnmarshalBinary(data); err != nil {
			return solveError(err, t4.Rules(), Options{Players: 4})
		}
		t.m, t.w, t.three, t.four = nil, nil, nil, t4
		return nil
	}
	return t.unmarshal2(data)
}
