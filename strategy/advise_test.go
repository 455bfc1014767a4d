package strategy

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/google/go-cmp/cmp"
)

// A straight with 300 in the turn: keep all six (hot dice) and roll six
// again rather than bank 2800 or keep a single.
func TestAdviseStraight(t *testing.T) {
	tb := mustSolve(t, nil, Options{})
	adv, err := Advise(tb, []farkle.Die{1, 5, 2, 3, 4, 6}, 300)
	if err != nil {
		t.Fatal(err)
	}
	roll6, _ := tb.RollValue(2800, 6)
	if len(adv.Keep.Combos) != 1 || adv.Keep.Combos[0].Kind != farkle.Straight || adv.Keep.Points != 2500 || len(adv.Keep.Rest) != 0 {
		t.Fatalf("Keep = %+v, want the straight", adv.Keep)
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
	adv, err := Advise(nil, []farkle.Die{3, 5, 1}, 350)
	if err != nil {
		t.Fatal(err)
	}
	if !adv.Bank || adv.Value != 500 || !slices.Equal(adv.Keep.Dice(), []farkle.Die{1, 5}) || !slices.Equal(adv.Keep.Rest, []farkle.Die{3}) {
		t.Errorf("advice %+v, want keep 1 5 and bank 500", adv)
	}
	if c := adv.Choices[0]; c.Roll >= 500 {
		t.Errorf("rolling one die from 500 worth %v, want less than banking", c.Roll)
	}
}

func TestAdviseRulesOptions(t *testing.T) {
	// Below the minimum bank, nothing can be banked.
	tb := mustSolve(t, nil, Options{MinBank: 1000})
	adv, err := Advise(tb, []farkle.Die{1, 5, 3}, 350)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range adv.Choices {
		if c.CanBank || c.Bank || c.Value != c.Roll {
			t.Errorf("MinBank 1000, turn total %d: choice %+v", c.TurnTotal, c)
		}
	}
	// Hot dice that must roll cannot be banked, even when huge.
	tb = mustSolve(t, nil, Options{MustRollHotDice: true})
	adv, err = Advise(tb, []farkle.Die{1, 1, 5, 5, 1, 1}, 50_000)
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

func TestAdviseFarkle(t *testing.T) {
	roll := []farkle.Die{6, 2, 3, 2}
	adv, err := Advise(nil, roll, 500)
	if err != nil {
		t.Fatal(err)
	}
	want := Advice{Keep: farkle.Partition{Rest: []farkle.Die{2, 2, 3, 6}}, Farkle: true}
	if diff := cmp.Diff(want, adv); diff != "" {
		t.Errorf("farkle advice (-want +got):\n%s", diff)
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
	for _, c := range cases {
		adv, err := Advise(nil, c.roll, c.total)
		var de *farkle.DiceError
		if !errors.Is(err, c.want) || !errors.As(err, &de) || !slices.Equal(de.Dice, c.dice) {
			t.Errorf("Advise(%v, %d): error %v, want %v with dice %v", c.roll, c.total, err, c.want, c.dice)
		}
		if diff := cmp.Diff(Advice{}, adv); diff != "" {
			t.Errorf("Advise(%v): advice not zero on error (-want +got):\n%s", c.roll, diff)
		}
	}
	for _, total := range []int{75, -100, MaxTurnTotal + 50} {
		_, err := Advise(nil, []farkle.Die{1, 2}, total)
		var se *StateError
		if !errors.Is(err, ErrTurnTotal) || !errors.As(err, &se) || se.TurnTotal != total || se.DiceLeft != 2 {
			t.Errorf("Advise with turn total %d: error %v, want a *StateError wrapping ErrTurnTotal", total, err)
		}
	}
}

// TestAdviseNotShared checks that changing an Advice changes neither the
// table nor another Advice.
func TestAdviseNotShared(t *testing.T) {
	roll := []farkle.Die{1, 1, 1, 5, 2, 2}
	a1, _ := Advise(nil, roll, 0)
	want, _ := Advise(nil, roll, 0)
	for i := range a1.Choices {
		c := &a1.Choices[i]
		for j := range c.Keep.Combos {
			c.Keep.Combos[j].Dice[0] = 9
			c.Keep.Combos[j].Points = -1
		}
		for j := range c.Keep.Rest {
			c.Keep.Rest[j] = 9
		}
		c.Keep.Combos = append(c.Keep.Combos, farkle.Combo{})
	}
	a2, _ := Advise(nil, roll, 0)
	if diff := cmp.Diff(want, a2); diff != "" {
		t.Errorf("advice after changing an earlier one (-want +got):\n%s", diff)
	}
	for i := range a1.Choices {
		for j := i + 1; j < len(a1.Choices); j++ {
			if len(a1.Choices[i].Keep.Rest) > 0 && len(a1.Choices[j].Keep.Rest) > 0 && &a1.Choices[i].Keep.Rest[0] == &a1.Choices[j].Keep.Rest[0] {
				t.Errorf("choices %d and %d share their Rest", i, j)
			}
		}
	}
}

func TestAdviseAllocs(t *testing.T) {
	tb := mustSolve(t, nil, Options{})
	roll := []farkle.Die{1, 5, 5, 2, 3, 1}
	// The choices, their combos and their dice.
	if n := testing.AllocsPerRun(100, func() { _, _ = Advise(tb, roll, 300) }); n != 3 {
		t.Errorf("Advise allocates %v times, want 3", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Advise(tb, []farkle.Die{2, 3}, 300) }); n > 1 {
		t.Errorf("Advise on a farkle allocates %v times, want 1 (the Rest)", n)
	}
}

// decider is the interface through which a game engine calls a bot.
type decider interface {
	Decide(roll []farkle.Die, turnTotal int) (keep []farkle.Die, bank bool)
}

var _ decider = Bot{}

func TestBotMethodSet(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[Bot](), reflect.TypeFor[*Bot]()} {
		var names []string
		for i := range typ.NumMethod() {
			names = append(names, typ.Method(i).Name)
		}
		if diff := cmp.Diff([]string{"Decide"}, names); diff != "" {
			t.Errorf("method set of %v (-want +got):\n%s", typ, diff)
		}
	}
}

func TestBotDecide(t *testing.T) {
	var zero Bot
	fb := NewBot(mustSolve(t, newScorer(t, farkle.Facebook), Options{}))
	cases := []struct {
		bot   Bot
		roll  []farkle.Die
		total int
		keep  []farkle.Die
		bank  bool
	}{
		{zero, []farkle.Die{3, 5, 1}, 350, []farkle.Die{1, 5}, true},
		{NewBot(nil), []farkle.Die{3, 5, 1}, 350, []farkle.Die{1, 5}, true},
		{zero, []farkle.Die{1, 5, 2, 3, 4, 6}, 300, []farkle.Die{1, 2, 3, 4, 5, 6}, false},
		{zero, []farkle.Die{2, 3, 4, 6}, 300, nil, false}, // farkle
		{zero, []farkle.Die{2, 8}, 300, nil, false},       // invalid die
		{zero, []farkle.Die{1}, 75, nil, false},           // unreachable turn total
		// Under Facebook four 1s are worth 2000 (each die beyond three
		// adds the triple's 1000): keep all four and bank.
		{fb, []farkle.Die{1, 1, 1, 1, 2, 3}, 0, []farkle.Die{1, 1, 1, 1}, true},
	}
	for _, c := range cases {
		roll := slices.Clone(c.roll)
		keep, bank := c.bot.Decide(roll, c.total)
		if !slices.Equal(keep, c.keep) || bank != c.bank {
			t.Errorf("Decide(%v, %d) = %v, %v; want %v, %v", c.roll, c.total, keep, bank, c.keep, c.bank)
		}
		if !slices.Equal(roll, c.roll) {
			t.Errorf("Decide changed the roll to %v", roll)
		}
	}
}
