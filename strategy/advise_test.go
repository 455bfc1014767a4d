package strategy

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/google/go-cmp/cmp"
)

// A straight with 300 in the turn: keep all six (hot dice) and roll six
// again rather than bank 2800 or keep a single.
func TestAdviseStraight(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{})
	adv, err := tb.Advise(State{TurnTotal: 300}, []farkle.Die{1, 5, 2, 3, 4, 6})
	if err != nil {
		t.Fatal(err)
	}
	roll6, _ := tb.RollValue(2800, 6)
	if k := adv.Keep; k.Len() != 1 || k.Combo(0).Kind != farkle.Straight || k.Points() != 2500 || handOf(k.Rest()) != (farkle.Hand{}) || len(k.Dice()) != 6 {
		t.Fatalf("Keep = %v, want the straight", adv.Keep)
	}
	if adv.Bank || adv.Farkle || adv.Value != roll6 || roll6 <= 2800 {
		t.Errorf("Bank %v Farkle %v Value %v; want roll six for %v > 2800", adv.Bank, adv.Farkle, adv.Value, roll6)
	}
	var kept []int
	for _, ch := range adv.Choices {
		kept = append(kept, len(ch.Keep.Dice()))
	}
	// The straight, then keeping the 1 (five dice left) beats keeping 1
	// and 5 (four left).
	if diff := cmp.Diff([]int{6, 1, 2}, kept); diff != "" {
		t.Errorf("kept dice per choice (-want +got):\n%s", diff)
	}
	if c := adv.Choices[0]; !c.HotDice || c.DiceLeft != 6 || c.TurnTotal != 2800 || !c.CanBank {
		t.Errorf("first choice %+v", c)
	}
}

// With 350 in the turn and 1, 5, 3 rolled, keeping 1 and 5 and banking 500
// beats rolling one die.
func TestAdviseBank(t *testing.T) {
	var app *Table
	adv, err := app.Advise(State{TurnTotal: 350}, []farkle.Die{3, 5, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !adv.Bank || adv.Value != 500 || handOf(adv.Keep.Dice()) != hand(t, 1, 5) || handOf(adv.Keep.Rest()) != hand(t, 3) || adv.Keep.Points() != 150 {
		t.Errorf("advice %+v, want keep 1 5 and bank 500", adv)
	}
	if c := adv.Choices[0]; c.Roll >= 500 {
		t.Errorf("rolling one die from 500 worth %v, want less than banking", c.Roll)
	}
}

func TestAdviseRulesOptions(t *testing.T) {
	// Below the minimum bank, nothing can be banked.
	tb := mustSolve(t, nil, turnRules{MinBank: 1000})
	adv, err := tb.Advise(State{TurnTotal: 350}, []farkle.Die{1, 5, 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range adv.Choices {
		if c.CanBank || c.Bank || c.Value != c.Roll {
			t.Errorf("MinBank 1000, turn total %d: choice %+v", c.TurnTotal, c)
		}
	}
	// Hot dice that must roll cannot be banked, even when huge.
	tb = mustSolve(t, nil, turnRules{MustRollHotDice: true})
	adv, err = tb.Advise(State{TurnTotal: 50_000}, []farkle.Die{1, 1, 5, 5, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range adv.Choices {
		if c.HotDice && (c.CanBank || c.Bank) {
			t.Errorf("hot dice must roll: choice %+v", c)
		}
		if !c.HotDice && !c.Bank {
			t.Errorf("turn total %d: choice %+v does not bank", c.TurnTotal, c)
		}
	}
	if adv.Choices[0].HotDice {
		t.Errorf("at 50,000 the advice rolls hot dice: %+v", adv.Choices[0])
	}
}

// A farkle: no choices, and a Keep of no dice whose Rest is the roll.
func TestAdviseFarkle(t *testing.T) {
	roll := []farkle.Die{6, 2, 3, 2}
	adv, err := (*Table)(nil).Advise(State{TurnTotal: 500}, roll)
	if err != nil {
		t.Fatal(err)
	}
	if !adv.Farkle || adv.Bank || adv.Value != 0 || adv.Choices != nil {
		t.Errorf("farkle advice %+v", adv)
	}
	k := adv.Keep
	if k.Points() != 0 || k.Len() != 0 || handOf(k.Dice()) != (farkle.Hand{}) || handOf(k.Rest()) != hand(t, 2, 2, 3, 6) {
		t.Errorf("farkle advice: Keep %v, want no dice and the roll as Rest", k)
	}
	if !slices.Equal(roll, []farkle.Die{6, 2, 3, 2}) {
		t.Errorf("roll changed to %v", roll)
	}
}

func TestAdviseErrors(t *testing.T) {
	cases := []struct {
		roll  []farkle.Die
		total int
		want  error
		dice  []farkle.Die
	}{
		{[]farkle.Die{1, 7, 0, 5}, 0, farkle.ErrInvalidDie, []farkle.Die{7, 0}},
		{[]farkle.Die{1, 1, 1, 1, 1, 1, 1}, 0, farkle.ErrTooManyDice, []farkle.Die{1, 1, 1, 1, 1, 1, 1}},
		{nil, 0, farkle.ErrNoDice, nil},
		{[]farkle.Die{}, 0, farkle.ErrNoDice, nil},
		{[]farkle.Die{9}, 75, farkle.ErrInvalidDie, []farkle.Die{9}}, // dice first
	}
	tb := mustSolve(t, newScorer(t, farkle.ClassicScoring), turnRules{})
	for _, c := range cases {
		adv, err := tb.Advise(State{TurnTotal: c.total}, c.roll)
		var de *farkle.DiceError
		if !errors.Is(err, c.want) || !errors.As(err, &de) || !slices.Equal(de.Dice, c.dice) {
			t.Errorf("Advise(%v, %d): error %v, want %v with dice %v", c.roll, c.total, err, c.want, c.dice)
		}
		if diff := cmp.Diff(Advice{}, adv, cmpOpts); diff != "" {
			t.Errorf("Advise(%v): advice not zero on error (-want +got):\n%s", c.roll, diff)
		}
	}
	for _, total := range []int{75, -100, overBound(50), math.MaxInt, math.MinInt} {
		adv, err := tb.Advise(State{TurnTotal: total}, []farkle.Die{1, 2})
		var se *StateError
		if !errors.Is(err, ErrTurnTotal) || !errors.As(err, &se) || se.TurnTotal != total || se.DiceLeft != 2 {
			t.Errorf("Advise with turn total %d: error %v, want a *StateError wrapping ErrTurnTotal", total, err)
		}
		if diff := cmp.Diff(Advice{}, adv, cmpOpts); diff != "" {
			t.Errorf("Advise with turn total %d: advice not zero on error (-want +got):\n%s", total, diff)
		}
	}
}

// TestAdviseNotShared checks that changing an Advice changes neither the
// table nor another Advice.
func TestAdviseNotShared(t *testing.T) {
	roll := []farkle.Die{1, 1, 1, 5, 2, 2}
	var app *Table
	a1, _ := app.Advise(State{TurnTotal: 0}, roll)
	want, _ := app.Advise(State{TurnTotal: 0}, roll)
	for i := range a1.Choices {
		a1.Choices[i] = Choice{TurnTotal: -1, Value: -1}
	}
	_ = append(a1.Choices[:1], Choice{})
	a2, _ := app.Advise(State{TurnTotal: 0}, roll)
	if diff := cmp.Diff(want, a2, cmpOpts); diff != "" {
		t.Errorf("advice after changing an earlier one (-want +got):\n%s", diff)
	}
	if &a2.Choices[0] == &want.Choices[0] {
		t.Error("two Advise calls share their Choices")
	}
}

// TestAdviseAllocs: Advise allocates the Choices and nothing else, and
// nothing at all for a farkle.
func TestAdviseAllocs(t *testing.T) {
	tb := mustSolve(t, nil, turnRules{})
	for _, c := range []struct {
		roll []farkle.Die
		want float64
	}{
		{[]farkle.Die{1, 5, 5, 2, 3, 1}, 1},
		{[]farkle.Die{1, 5, 2, 3, 4, 6}, 1},
		{[]farkle.Die{2, 3}, 0},
	} {
		if n := testing.AllocsPerRun(100, func() { _, _ = tb.Advise(State{TurnTotal: 300}, c.roll) }); n != c.want {
			t.Errorf("Advise(%v) allocates %v times, want %v", c.roll, n, c.want)
		}
	}
}

// TestAdviseEveryRoll checks, for every distinct roll of every preset's
// tables at a few turn totals, that Advise is consistent: its Keep is the
// first choice, every choice's Keep splits the roll into the kept dice
// and the Rest, and the Bot's own path (decide, with no Choices) makes
// the same decision.
func TestAdviseEveryRoll(t *testing.T) {
	ix := multiset.Get()
	for _, p := range presets {
		s := newScorer(t, p)
		for _, o := range optionSets {
			tb := mustSolve(t, s, o)
			for _, total := range []int{0, 300, 1000, tb.Cap(), tb.Cap() + 10_000} {
				for i := int(ix.First[1]); i < multiset.N; i++ {
					var dice []farkle.Die
					for _, d := range ix.Sorted[i][:ix.Size[i]] {
						dice = append(dice, farkle.Die(d))
					}
					h := hand(t, dice...)
					adv, err := tb.Advise(State{TurnTotal: total}, dice)
					if err != nil {
						t.Fatalf("%v %+v: Advise(%v, %d): %v", p, o, dice, total, err)
					}
					keep, bank, ok := tb.decide(h.Dice(), total)
					if ok == adv.Farkle || (ok && (keep != adv.Keep || bank != adv.Bank)) {
						t.Errorf("%v %+v, roll %v at %d: decide %v, %v, %v; Advise %v, bank %v, farkle %v",
							p, o, dice, total, keep, bank, ok, adv.Keep, adv.Bank, adv.Farkle)
					}
					if adv.Farkle {
						if handOf(adv.Keep.Rest()) != h || adv.Keep.Points() != 0 {
							t.Errorf("%v, roll %v: farkle Keep %v", p, dice, adv.Keep)
						}
						continue
					}
					if adv.Keep != adv.Choices[0].Keep {
						t.Errorf("%v, roll %v: Keep %v is not the first choice's %v", p, dice, adv.Keep, adv.Choices[0].Keep)
					}
					for _, c := range adv.Choices {
						k := c.Keep
						if len(k.Dice())+len(k.Rest()) != len(dice) || len(k.Rest()) != c.DiceLeft%farkle.MaxDice {
							t.Errorf("%v, roll %v: choice %+v does not split the roll", p, dice, c)
						}
						for f := farkle.Die(1); f <= 6; f++ {
							if handOf(k.Dice()).Count(f)+handOf(k.Rest()).Count(f) != h.Count(f) {
								t.Errorf("%v, roll %v: choice keeps %v and leaves %v", p, dice, k.Dice(), k.Rest())
							}
						}
					}
				}
			}
		}
	}
}
