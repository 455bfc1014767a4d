package strategy

import (
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"pgregory.net/rapid"
)

// genTable draws a preset and play options and returns the solved table.
func genTable(t *rapid.T) (*farkle.Scorer, *Table) {
	p := rapid.SampledFrom(presets).Draw(t, "preset")
	o := turnRules{
		MinBank:         rapid.SampledFrom([]int{0, 50, 250, 300, 350, 500, 1000}).Draw(t, "minBank"),
		MustRollHotDice: rapid.Bool().Draw(t, "mustRoll"),
	}
	s := newScorer(t, p)
	return s, mustSolve(t, s, o)
}

// genTotal draws a reachable turn total, mostly small, sometimes above the
// cap.
func genTotal(t *rapid.T, tb *Table, label string) int {
	hi := rapid.SampledFrom([]int{1_000, 5_000, tb.Cap() + 5_000}).Draw(t, label+"Range")
	return tb.Step() * rapid.IntRange(0, hi/tb.Step()).Draw(t, label)
}

func genRoll(t *rapid.T) []farkle.Die {
	n := rapid.IntRange(1, farkle.MaxDice).Draw(t, "n")
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) farkle.Die {
		return farkle.Die(rapid.IntRange(1, 6).Draw(t, "die"))
	}), n, n).Draw(t, "roll")
}

// Property: where the rules let the player bank, a state is worth at least
// its turn total, and exactly its turn total when the table banks.
func TestPropertyValueAtLeastTotal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_, tb := genTable(t)
		total := genTotal(t, tb, "total")
		n := rapid.IntRange(1, farkle.MaxDice).Draw(t, "diceLeft")
		v, err := tb.Value(total, n)
		if err != nil {
			t.Fatal(err)
		}
		o := tb.opts
		bank, _ := tb.ShouldBank(total, n)
		canBank := total >= o.MinBank && (n < farkle.MaxDice || !o.MustRollHotDice)
		if bank && !canBank {
			t.Fatalf("ShouldBank(%d, %d) with banking not allowed", total, n)
		}
		if canBank && v < float64(total) {
			t.Fatalf("Value(%d, %d) = %v, below the turn total", total, n, v)
		}
		if bank && v != float64(total) {
			t.Fatalf("Value(%d, %d) = %v though the table banks", total, n, v)
		}
	})
}

// Property: for a fixed number of dice to roll, a larger turn total is
// never worth less, neither as a state nor to roll from.
func TestPropertyMonotoneInTotal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		_, tb := genTable(t)
		a := genTotal(t, tb, "a")
		b := genTotal(t, tb, "b")
		if a > b {
			a, b = b, a
		}
		n := rapid.IntRange(1, farkle.MaxDice).Draw(t, "diceLeft")
		va, _ := tb.Value(a, n)
		vb, _ := tb.Value(b, n)
		ra, _ := tb.RollValue(a, n)
		rb, _ := tb.RollValue(b, n)
		if vb < va || rb < ra {
			t.Fatalf("%d dice: Value %v at %d but %v at %d; RollValue %v and %v", n, va, a, vb, b, ra, rb)
		}
	})
}

// Property: Advise's keep is a legal keep of the roll (Scorer.ValidateKeep
// accepts it for its points, and its Rest is the rest of the roll), every
// choice is legal and consistent with the table, and no legal keep of the
// roll is worth more than the advice.
func TestPropertyAdviseLegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, tb := genTable(t)
		roll := genRoll(t)
		total := genTotal(t, tb, "total")
		orig := slices.Clone(roll)
		adv, err := tb.Advise(State{TurnTotal: total}, roll)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(roll, orig) {
			t.Fatalf("Advise changed the roll to %v", roll)
		}
		h, _ := farkle.HandOf(roll)
		keeps, _ := s.Keeps(roll)
		if adv.Farkle != (len(keeps) == 0) {
			t.Fatalf("Farkle %v with %d legal keeps", adv.Farkle, len(keeps))
		}
		if adv.Farkle {
			if adv.Bank || adv.Value != 0 || len(adv.Choices) != 0 || adv.Keep.Points() != 0 || adv.Keep.Len() != 0 || handOf(adv.Keep.Rest()) != h {
				t.Fatalf("farkle advice %+v", adv)
			}
			return
		}
		if adv.Keep != adv.Choices[0].Keep || adv.Bank != adv.Choices[0].Bank || adv.Value != adv.Choices[0].Value {
			t.Fatalf("advice %+v is not its first choice %+v", adv, adv.Choices[0])
		}
		for i, ch := range adv.Choices {
			kept := ch.Keep.Dice()
			pts, err := s.ValidateKeep(roll, kept)
			if err != nil || pts != ch.Keep.Points() {
				t.Fatalf("choice %d keeps %v: ValidateKeep = %d, %v; Points %d", i, kept, pts, err, ch.Keep.Points())
			}
			if want := multisetMinus(roll, kept); handOf(ch.Keep.Rest()) != want {
				t.Fatalf("choice %d: Rest %v, want %v", i, ch.Keep.Rest(), want)
			}
			sum, n := 0, 0
			for c := range ch.Keep.Combos() {
				sum += c.Points
				n += c.Dice.Len()
			}
			if sum != pts || n != len(kept) {
				t.Fatalf("choice %d: Keep %v: its combinations add up to %d points and %d dice", i, ch.Keep, sum, n)
			}
			left := len(ch.Keep.Rest())
			if ch.HotDice != (left == 0) || ch.TurnTotal != total+pts {
				t.Fatalf("choice %d: %+v", i, ch)
			}
			if left == 0 {
				left = farkle.MaxDice
			}
			v, _ := tb.Value(ch.TurnTotal, left)
			r, _ := tb.RollValue(ch.TurnTotal, left)
			b, _ := tb.ShouldBank(ch.TurnTotal, left)
			if ch.DiceLeft != left || ch.Value != v || ch.Roll != r || ch.Bank != b || (ch.Bank && !ch.CanBank) {
				t.Fatalf("choice %d: %+v; table: value %v roll %v bank %v", i, ch, v, r, b)
			}
			if i > 0 && ch.Value > adv.Choices[i-1].Value {
				t.Fatalf("choices out of order: %v after %v", ch.Value, adv.Choices[i-1].Value)
			}
		}
		for _, k := range keeps {
			v, _ := tb.Value(total+k.Points(), len(k.Rest()))
			if v > adv.Value+1e-9*max(1, v) {
				t.Fatalf("keeping %v is worth %v, more than the advice %v", k.Dice(), v, adv.Value)
			}
		}
	})
}

// multisetMinus returns the Hand of roll minus kept.
func multisetMinus(roll, kept []farkle.Die) farkle.Hand {
	var c [7]int
	for _, d := range roll {
		c[d]++
	}
	for _, d := range kept {
		c[d]--
	}
	var out []farkle.Die
	for f := 1; f <= 6; f++ {
		for range c[f] {
			out = append(out, farkle.Die(f))
		}
	}
	h, _ := farkle.HandOf(out)
	return h
}
