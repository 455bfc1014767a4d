package farkle

import (
	"slices"
	"testing"

	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/google/go-cmp/cmp"
)

// The Hand forms of the Scorer methods against their []Die forms, on the
// same dice: every multiset, every pair of multisets for ValidateKeepHand,
// under each preset and through the zero and the nil Scorer.

// handScorers are the Scorers under test, by name.
func handScorers(t *testing.T) []struct {
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
	r := Facebook.Rules()
	r.FourAsTwoPairs, r.Nothing = true, 250
	return append(out, struct {
		name string
		s    *Scorer
	}{"house", mustNew(t, r)})
}

// sameOutcome reports whether two results and their errors are the same:
// the same value, the same error by refSameErr and the same message.
func sameOutcome[T comparable](v1 T, e1 error, v2 T, e2 error) bool {
	if v1 != v2 || !refSameErr(e1, e2) {
		return false
	}
	return e1 == nil || e1.Error() == e2.Error()
}

func TestHandMethodsExhaustive(t *testing.T) {
	for _, sc := range handScorers(t) {
		t.Run(sc.name, func(t *testing.T) {
			s := sc.s
			f := failer{t: t}
			for _, dice := range multisets() {
				h := mustHand(t, dice...)
				p, err := s.ScoreHand(h)
				if wp, werr := s.Score(dice); !sameOutcome(wp, werr, p, err) {
					f.failf("ScoreHand(%v) = %d, %v; Score gives %d, %v", h, p, err, wp, werr)
				}
				part, err := s.BestPartitionHand(h)
				if wp, werr := s.BestPartition(dice); !sameOutcome(wp, werr, part, err) || err != nil {
					f.failf("BestPartitionHand(%v) = %v, %v; BestPartition gives %v, %v", h, part, err, wp, werr)
				}
				part, err = s.BestKeepHand(h)
				if wp, werr := s.BestKeep(dice); !sameOutcome(wp, werr, part, err) {
					f.failf("BestKeepHand(%v) = %v, %v; BestKeep gives %v, %v", h, part, err, wp, werr)
				}
				farkled, err := s.IsFarkleHand(h)
				if wb, werr := s.IsFarkle(dice); !sameOutcome(wb, werr, farkled, err) {
					f.failf("IsFarkleHand(%v) = %v, %v; IsFarkle gives %v, %v", h, farkled, err, wb, werr)
				}
				keeps, err := s.KeepsHand(h)
				want, werr := s.Keeps(dice)
				if !sameOutcome(0, werr, 0, err) || !slices.Equal(want, keeps) || (want == nil) != (keeps == nil) {
					f.failf("KeepsHand(%v) = %v, %v; Keeps gives %v, %v\n%s", h, keeps, err, want, werr, cmp.Diff(viewsOf(want), viewsOf(keeps)))
				}
				// The list is the caller's: changing it changes nothing else.
				if len(keeps) > 0 {
					keeps[0] = Partition{}
					if again, _ := s.KeepsHand(h); !slices.Equal(again, want) {
						f.failf("KeepsHand(%v) shares its list", h)
					}
				}
				// AppendKeepsHand appends after what dst holds, or returns
				// dst as it was.
				prefix := []Partition{{}, want0(want)}
				dst := slices.Grow(slices.Clone(prefix), 63)
				got, err := s.AppendKeepsHand(dst, h)
				wantApp, werr := s.AppendKeeps(slices.Clone(prefix), dice)
				if !sameOutcome(0, werr, 0, err) || !slices.Equal(got, wantApp) {
					f.failf("AppendKeepsHand(%v) = %v, %v; AppendKeeps gives %v, %v", h, got, err, wantApp, werr)
				}
				if err != nil && (len(got) != len(prefix) || &got[0] != &dst[0]) {
					f.failf("AppendKeepsHand(%v) = %v on error %v, want dst unchanged", h, got, err)
				}
				if !slices.Equal(dst[:len(prefix)], prefix) {
					f.failf("AppendKeepsHand(%v) changed dst[:%d]", h, len(prefix))
				}
			}
		})
	}
}

// want0 returns the first of ps, or the zero Partition.
func want0(ps []Partition) Partition {
	if len(ps) == 0 {
		return Partition{}
	}
	return ps[0]
}

// TestValidateKeepHandExhaustive checks ValidateKeepHand against
// ValidateKeep for every roll and every keep of 0 to 6 dice: all 853,776
// pairs under the App rules, and under the other rules the pairs whose
// keep is in the roll, the only ones whose outcome depends on the rules.
func TestValidateKeepHandExhaustive(t *testing.T) {
	all := multisets()
	hands := make([]Hand, len(all))
	for i, d := range all {
		hands[i] = mustHand(t, d...)
	}
	for _, sc := range handScorers(t) {
		t.Run(sc.name, func(t *testing.T) {
			f := failer{t: t}
			n := 0
			for i, roll := range all {
				if i%raceStride(5) != 0 {
					continue
				}
				for j, kept := range all {
					if sc.name != App.String() && !(i > 0 && j > 0 && multiset.Sub(hands[i].p, hands[j].p)) {
						continue
					}
					n++
					p, err := sc.s.ValidateKeepHand(hands[i], hands[j])
					wp, werr := sc.s.ValidateKeep(roll, kept)
					if !sameOutcome(wp, werr, p, err) {
						f.failf("ValidateKeepHand(%v, %v) = %d, %v; ValidateKeep gives %d, %v", hands[i], hands[j], p, err, wp, werr)
					}
				}
			}
			t.Logf("%d pairs", n)
		})
	}
}

// TestHandMethodsAllocs checks that the Hand forms allocate nothing,
// except KeepsHand its list.
func TestHandMethodsAllocs(t *testing.T) {
	roll := mustHand(t, 1, 1, 1, 5, 2, 3)
	kept := mustHand(t, 1, 1, 1, 5)
	farkled := mustHand(t, 2, 3, 4, 6, 6) // under every rules of handScorers
	var buf [63]Partition
	for _, sc := range handScorers(t) {
		s := sc.s
		for _, c := range []struct {
			fn   string
			call func()
			max  float64
		}{
			{"ScoreHand", func() { _, _ = s.ScoreHand(kept) }, 0},
			{"ValidateKeepHand", func() { _, _ = s.ValidateKeepHand(roll, kept) }, 0},
			{"BestPartitionHand", func() { _, _ = s.BestPartitionHand(roll) }, 0},
			{"BestKeepHand", func() { _, _ = s.BestKeepHand(roll) }, 0},
			{"BestKeepHand of a farkle", func() { _, _ = s.BestKeepHand(farkled) }, 0},
			{"IsFarkleHand", func() { _, _ = s.IsFarkleHand(roll) }, 0},
			{"AppendKeepsHand", func() { _, _ = s.AppendKeepsHand(buf[:0], roll) }, 0},
			{"KeepsHand", func() { _, _ = s.KeepsHand(roll) }, 1},
			{"KeepsHand of a farkle", func() { _, _ = s.KeepsHand(farkled) }, 0},
		} {
			if n := testing.AllocsPerRun(100, c.call); n > c.max {
				t.Errorf("%s: %s allocates %v times per call, want %v", sc.name, c.fn, n, c.max)
			}
		}
	}
}
