package farkle

import (
	"testing"
)

// The dice that the API returns (Partition.Dice, Partition.Rest,
// Hand.Dice) go back into the Scorer as they are: every multiset, under
// each preset, a house rule set and the zero and the nil Scorer.

// diceScorers are the Scorers under test, by name.
func diceScorers(t *testing.T) []struct {
	name string
	s    *Scorer
} {
	out := []struct {
		name string
		s    *Scorer
	}{{"&Scorer{}", &Scorer{}}, {"(*Scorer)(nil)", nil}}
	for _, p := range allPresets {
		out = append(out, struct {
			name string
			s    *Scorer
		}{p.String(), mustNew(t, p.Rules())})
	}
	r := FacebookScoring.Rules()
	r.FourAsTwoPairs, r.Nothing = true, 250
	return append(out, struct {
		name string
		s    *Scorer
	}{"house", mustNew(t, r)})
}

// TestKeepDiceRoundTrip checks, for every roll and each of its keeps, that
// the keep's Dice are a legal keep worth its points, that they and its
// Rest make up the roll, and that Hand.Dice gives the dice of a Hand.
func TestKeepDiceRoundTrip(t *testing.T) {
	for _, sc := range diceScorers(t) {
		t.Run(sc.name, func(t *testing.T) {
			s := sc.s
			f := failer{t: t}
			for _, roll := range multisets() {
				h := mustHand(t, roll...)
				if got := mustHand(t, h.Dice()...); got != h {
					f.failf("HandOf(%v.Dice()) = %v", h, got)
				}
				if len(roll) == 0 {
					continue
				}
				keeps, err := s.Keeps(roll)
				if err != nil {
					f.failf("Keeps(%v): %v", roll, err)
					continue
				}
				for _, k := range keeps {
					pts, err := s.ValidateKeep(roll, k.Dice())
					if err != nil || pts != k.Points() {
						f.failf("ValidateKeep(%v, %v) = %d, %v; want %d", roll, k.Dice(), pts, err, k.Points())
					}
					if sp, err := s.Score(k.Dice()); err != nil || sp != k.Points() {
						f.failf("Score(%v) = %d, %v; want %d", k.Dice(), sp, err, k.Points())
					}
					whole := append(k.Dice(), k.Rest()...)
					if got := mustHand(t, whole...); got != h {
						f.failf("keep %v: Dice %v + Rest %v = %v, want the roll %v", k, k.Dice(), k.Rest(), got, h)
					}
				}
				best, err := s.BestKeep(roll)
				if err != nil {
					f.failf("BestKeep(%v): %v", roll, err)
				}
				if best.Points() == 0 && (best.Dice() != nil || mustHand(t, best.Rest()...) != h) {
					f.failf("BestKeep(%v) of a farkle = Dice %v, Rest %v", roll, best.Dice(), best.Rest())
				}
			}
		})
	}
}

// TestKeepDiceAllocs checks that handing the dice of a keep back to the
// Scorer allocates nothing: Partition.Dice and Rest are inlined, so their
// dice live in the caller's frame.
func TestKeepDiceAllocs(t *testing.T) {
	roll := []Die{1, 1, 1, 5, 2, 3}
	farkled := []Die{2, 3, 4, 6, 6} // under every rules of diceScorers
	var buf [63]Partition
	for _, sc := range diceScorers(t) {
		s := sc.s
		best, err := s.BestKeep(roll)
		if err != nil {
			t.Fatal(err)
		}
		h := mustHand(t, roll...)
		for _, c := range []struct {
			fn   string
			call func()
			max  float64
		}{
			{"Score(p.Dice())", func() { _, _ = s.Score(best.Dice()) }, 0},
			{"ValidateKeep(roll, p.Dice())", func() { _, _ = s.ValidateKeep(roll, best.Dice()) }, 0},
			{"BestPartition(h.Dice())", func() { _, _ = s.BestPartition(h.Dice()) }, 0},
			{"BestKeep(p.Rest())", func() { _, _ = s.BestKeep(best.Rest()) }, 0},
			{"BestKeep of a farkle", func() { _, _ = s.BestKeep(farkled) }, 0},
			{"IsFarkle(p.Rest())", func() { _, _ = s.IsFarkle(best.Rest()) }, 0},
			{"AppendKeeps", func() { _, _ = s.AppendKeeps(buf[:0], roll) }, 0},
			{"Keeps", func() { _, _ = s.Keeps(roll) }, 1},
			{"Keeps of a farkle", func() { _, _ = s.Keeps(farkled) }, 0},
			{"NoKeep", func() { _, _ = NoKeep(roll) }, 0},
		} {
			if n := testing.AllocsPerRun(100, c.call); n > c.max {
				t.Errorf("%s: %s allocates %v times per call, want %v", sc.name, c.fn, n, c.max)
			}
		}
	}
}
