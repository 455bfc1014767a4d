package farkle

// A Scorer scores dice under one set of [Rules], from tables that [New]
// builds once. Its methods are the package-level functions for those
// rules, with the same semantics, tie-breaks and errors, and are safe for
// concurrent use.
//
// The zero Scorer, and a nil *Scorer, score with the [App] rules.
type Scorer struct {
	t *table
}

// New checks r and compiles it into a Scorer. If r is invalid, the error
// is a [*RulesError] naming the first bad field. New takes about a
// millisecond; make a Scorer once and share it.
func New(r Rules) (*Scorer, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	return &Scorer{t: compile(r)}, nil
}

// appTable holds the tables of the App rules, which the package-level
// functions and the zero Scorer use. It is built when the package is
// initialized, before any importer's code can assign to App.
var appTable = compile(App)

var appScorer = &Scorer{t: appTable}

func (s *Scorer) tab() *table {
	if s == nil || s.t == nil {
		return appTable
	}
	return s.t
}

// Rules returns the rules that s scores with.
func (s *Scorer) Rules() Rules { return s.tab().rules }

// Score returns the points of dice kept together, as [Score] does for the
// App rules.
func (s *Scorer) Score(dice []Die) (int, error) {
	t := s.tab()
	i, ok := lookup(dice)
	if !ok {
		return 0, inputError(dice)
	}
	if p := t.full[i]; p >= 0 {
		return int(p), nil
	}
	return 0, t.nonScoring(i)
}

// Score returns the points of dice that a player sets aside together from
// one roll, under the [App] rules: the best way to split them into
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
func Score(dice []Die) (int, error) { return appScorer.Score(dice) }

// nonScoring is the error for multiset i, which has no full split.
func (t *table) nonScoring(i int) error {
	var buf [MaxDice]Die
	return diceError(ErrNonScoring, t.best[i].rest.dice(buf[:0]))
}

// inputError returns the first error of dice given as args, in the order
// the package documents: dice that are not 1 to 6 (from all the args, in
// order), then more than MaxDice dice (the first such arg). It returns nil
// if there is none.
func inputError(args ...[]Die) error {
	var bad []Die
	for _, dice := range args {
		for _, d := range dice {
			if !d.Valid() {
				bad = append(bad, d)
			}
		}
	}
	if bad != nil {
		return &DiceError{Err: ErrInvalidDie, Dice: bad}
	}
	for _, dice := range args {
		if len(dice) > MaxDice {
			return diceError(ErrTooManyDice, dice)
		}
	}
	return nil
}

// ValidateKeep checks that kept is a legal keep from roll, as
// [ValidateKeep] does for the App rules.
func (s *Scorer) ValidateKeep(roll, kept []Die) (int, error) {
	t := s.tab()
	ri, rok := lookup(roll)
	ki, kok := lookup(kept)
	if !rok || !kok || ri == 0 || ki == 0 {
		return 0, keepInputError(roll, kept)
	}
	if ((packed[ri]|guards)-packed[ki])&guards != guards {
		return 0, notInRoll(ri, ki)
	}
	if p := t.full[ki]; p >= 0 {
		return int(p), nil
	}
	return 0, t.nonScoring(ki)
}

// ValidateKeep checks that a player may set aside kept from roll, under the
// [App] rules, and returns what the keep is worth: the same points as
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
func ValidateKeep(roll, kept []Die) (int, error) { return appScorer.ValidateKeep(roll, kept) }

// keepInputError returns the first of the invalid-die, too-many and
// no-dice errors for a roll and a keep.
func keepInputError(roll, kept []Die) error {
	if err := inputError(roll, kept); err != nil {
		return err
	}
	return diceError(ErrNoDice, nil)
}

// notInRoll returns the error for keep ki that roll ri does not hold.
func notInRoll(ri, ki int) error {
	var surplus counts
	r, k := multisets[ri], multisets[ki]
	for f := 1; f <= 6; f++ {
		if k[f] > r[f] {
			surplus[f] = k[f] - r[f]
		}
	}
	return diceError(ErrNotInRoll, surplus.dice(nil))
}

// BestPartition splits dice into combinations as [BestPartition] does for
// the App rules.
func (s *Scorer) BestPartition(dice []Die) (Partition, error) {
	t := s.tab()
	i, ok := lookup(dice)
	if !ok {
		return Partition{}, inputError(dice)
	}
	if i == 0 {
		return Partition{}, nil
	}
	b := &t.best[i]
	return b.partition(int(rankOf[b.rest.key()])), nil
}

// BestPartition splits dice into the combinations worth the most points
// under the [App] rules, and the rest. On a tie in points it puts the most
// dice into combinations, then takes the fewest combinations: 1,1,1,1,2,3
// gives FourOfAKind 1,1,1,1 and Rest 2,3. BestPartition(nil) is the zero
// Partition. Invalid dice and too many dice give the errors of [Score].
//
// Where Score(dice) succeeds, BestPartition has the same points and an
// empty Rest.
func BestPartition(dice []Die) (Partition, error) { return appScorer.BestPartition(dice) }

// partition builds the Partition of p's combos with the dice of multiset
// rest, in two allocations: the combos, and one array for all the dice.
func (p *cpart) partition(rest int) Partition {
	var b partBuf
	b.grow(p, rest)
	return b.build(p, rest)
}

// A partBuf carves the Partitions of a result out of two arrays, so that a
// result of many Partitions takes three allocations in all. The pieces are
// cut with full slice expressions: appending to one never writes into
// another.
type partBuf struct {
	combos []Combo
	dice   []Die
	nc, nd int // capacity wanted
}

// grow records that build will be called for p and rest.
func (b *partBuf) grow(p *cpart, rest int) {
	b.nc += len(p.combos)
	b.nd += int(p.nUsed) + int(sizes[rest])
}

// build returns the Partition of p's combos with the dice of multiset
// rest as its Rest.
func (b *partBuf) build(p *cpart, rest int) Partition {
	if b.combos == nil && b.nc > 0 {
		b.combos = make([]Combo, 0, b.nc)
	}
	if b.dice == nil && b.nd > 0 {
		b.dice = make([]Die, 0, b.nd)
	}
	var combos []Combo
	if len(p.combos) > 0 {
		base := len(b.dice)
		b.dice = append(b.dice, p.flat[:p.nUsed]...)
		start, from := len(b.combos), base
		for _, cb := range p.combos {
			to := base + int(cb.end)
			b.combos = append(b.combos, Combo{Kind: cb.kind, Dice: b.dice[from:to:to], Points: int(cb.points)})
			from = to
		}
		combos = b.combos[start:len(b.combos):len(b.combos)]
	}
	var r []Die
	if n := int(sizes[rest]); n > 0 {
		start := len(b.dice)
		b.dice = append(b.dice, sortedDice[rest][:n]...)
		r = b.dice[start : start+n : start+n]
	}
	return Partition{Combos: combos, Rest: r, Points: int(p.points)}
}
