package farkle

import (
	"sync"
	"sync/atomic"

	"github.com/farkle-go/farkle/internal/multiset"
)

// A Scorer scores dice under one set of [Rules], from tables that [New]
// builds once. Its methods are the package-level functions for those
// rules, with the same semantics, tie-breaks and errors, and are safe for
// concurrent use.
//
// The zero Scorer, and a nil *Scorer, score with the [AppScoring] rules.
type Scorer struct {
	t *table
}

// New checks r and compiles it into a new Scorer, which the caller keeps
// and may share between goroutines. If r is invalid, the error is a
// [*RulesError] naming the first bad field. Compiling takes about 2 ms,
// except for rules equal to a preset's, for which New is cheap.
func New(r Rules) (*Scorer, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	if p, ok := r.Named(); ok {
		return &Scorer{t: presetTable(p)}, nil
	}
	return &Scorer{t: compile(r)}, nil
}

// presetTables holds the tables of each preset, built on first use and
// never changed: every Scorer of a preset's rules shares them.
var (
	presetTables [numPresets]atomic.Pointer[table]
	presetMu     sync.Mutex
)

// presetTable returns the tables of preset p, compiling them on first use.
func presetTable(p Scoring) *table {
	if t := presetTables[p].Load(); t != nil {
		return t
	}
	return compilePreset(p)
}

func compilePreset(p Scoring) *table {
	presetMu.Lock()
	defer presetMu.Unlock()
	if t := presetTables[p].Load(); t != nil {
		return t
	}
	t := compile(p.Rules())
	presetTables[p].Store(t)
	return t
}

func (s *Scorer) tab() *table {
	if s == nil || s.t == nil {
		return presetTable(AppScoring)
	}
	return s.t
}

// Rules returns the rules that s scores with.
func (s *Scorer) Rules() Rules { return s.tab().rules }

// Score returns the points of dice kept together, as [Score] does for the
// App rules.
func (s *Scorer) Score(dice []Die) (int, error) { return s.tab().score(dice) }

// appTab returns the tables of the App rules.
func appTab() *table {
	if t := presetTables[AppScoring].Load(); t != nil {
		return t
	}
	return compilePreset(AppScoring)
}

func (t *table) score(dice []Die) (int, error) {
	k, ok := multiset.KeyOf(dice)
	if !ok {
		return 0, inputError(dice)
	}
	return t.scoreAt(t.ix.Rank[k])
}

// scoreAt scores multiset i.
func (t *table) scoreAt(i uint16) (int, error) {
	if p := t.full[i]; p >= 0 {
		return int(p), nil
	}
	return 0, t.nonScoring(int(i))
}

// Score returns the points of dice that a player sets aside together from
// one roll, under the [AppScoring] rules: the best way to split them into
// combinations in which every die is in a combination. Order does not
// matter. Score(nil) is 0.
//
// Six dice take the interpretation worth most: 1,1,1,1,5,5 is ThreePairs,
// 1500, not four of a kind and two 5s (1100). Three or more equal dice
// always form one combination: 1,1,1,1 is FourOfAKind, 1000.
//
// If a die is in no combination (a lone 2, a pair of 3s), the error wraps
// [ErrNonScoring] and its Dice are those dice, the Rest of
// [BestPartition]. A die that is not 1 to 6 gives [ErrInvalidDie], more
// than six dice [ErrTooManyDice]. On error the points are 0.
//
// Score does not allocate, except for the error.
func Score(dice []Die) (int, error) { return appTab().score(dice) }

// nonScoring is the error for multiset i, which has no full split.
func (t *table) nonScoring(i int) error {
	var buf [MaxDice]Die
	return diceError(ErrNonScoring, t.best[i].rest.AppendDice(buf[:0]))
}

// ValidateKeep checks that kept is a legal keep from roll, as
// [ValidateKeep] does for the App rules.
func (s *Scorer) ValidateKeep(roll, kept []Die) (int, error) {
	return s.tab().validateKeep(roll, kept)
}

func (t *table) validateKeep(roll, kept []Die) (int, error) {
	// The roll is only compared with the keep: its packed form is enough.
	rp, rok := multiset.PackOf(roll)
	kk, kok := multiset.KeyOf(kept)
	if !rok || !kok || rp == 0 || kk == 0 {
		return 0, keepInputError(roll, kept)
	}
	ki := t.ix.Rank[kk]
	return t.validateAt(rp, t.ix.Packed[ki], ki)
}

// validateAt checks the keep ki, of packed form kp, from the roll of
// packed form rp; neither is empty.
func (t *table) validateAt(rp, kp uint32, ki uint16) (int, error) {
	if !multiset.Sub(rp, kp) {
		return 0, notInRoll(rp, kp)
	}
	return t.scoreAt(ki)
}

// ValidateKeep checks that a player may set aside kept from roll, under the
// [AppScoring] rules, and returns what the keep is worth: the same points as
// Score(kept).
//
// roll must have 1 to 6 dice and kept at least one ([ErrNoDice]); kept
// must be a sub-multiset of roll ([ErrNotInRoll], with the surplus dice),
// and every kept die must score ([ErrNonScoring]). The errors are checked
// in the order invalid die, too many dice, no dice, not in roll,
// non-scoring, roll before kept. From 1,2,3,4,6,6, keeping 1 and 2 is
// rejected (the 2 scores nothing) and keeping the 1 alone is worth 100.
//
// ValidateKeep does not allocate, except for the error.
func ValidateKeep(roll, kept []Die) (int, error) {
	return appTab().validateKeep(roll, kept)
}

// keepInputError returns the first of the invalid-die, too-many and
// no-dice errors for a roll and a keep.
func keepInputError(roll, kept []Die) error {
	if err := inputError(roll, kept); err != nil {
		return err
	}
	return diceError(ErrNoDice, nil)
}

// notInRoll returns the error for the packed keep kp that the packed roll
// rp does not hold.
func notInRoll(rp, kp uint32) error {
	var surplus multiset.Counts
	r, k := multiset.Unpack(rp), multiset.Unpack(kp)
	for f := 1; f <= 6; f++ {
		if k[f] > r[f] {
			surplus[f] = k[f] - r[f]
		}
	}
	return diceError(ErrNotInRoll, Hand{surplus.Pack()}.Dice())
}

// BestPartition splits dice into combinations as [BestPartition] does for
// the App rules.
func (s *Scorer) BestPartition(dice []Die) (Partition, error) {
	return s.tab().bestPartition(dice)
}

func (t *table) bestPartition(dice []Die) (Partition, error) {
	k, ok := multiset.KeyOf(dice)
	if !ok {
		return Partition{}, inputError(dice)
	}
	return t.best[t.ix.Rank[k]], nil
}

// BestPartition splits dice into the combinations worth the most points
// under the [AppScoring] rules, and the rest. On a tie in points it puts the most
// dice into combinations, then takes the fewest combinations: 1,1,1,1,2,3
// gives FourOfAKind 1,1,1,1 and Rest 2,3. BestPartition(nil) is the zero
// Partition. Invalid dice and too many dice give the errors of [Score].
//
// Where Score(dice) succeeds, BestPartition has the same points and an
// empty Rest. BestPartition does not allocate, except for the error.
func BestPartition(dice []Die) (Partition, error) { return appTab().bestPartition(dice) }
