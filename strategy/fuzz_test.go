package strategy

import (
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/internal/multiset"
	"github.com/farkle-go/farkle/internal/rolls"
)

// fuzzTables are the tables of every preset with every option set,
// solved once per test binary.
var fuzzTables = sync.OnceValue(func() []*Table {
	var out []*Table
	for _, p := range presets {
		s, err := farkle.New(p.Rules())
		if err != nil {
			panic(err)
		}
		for _, o := range optionSets {
			t, err := solveWith(s, o)
			if err != nil {
				panic(err)
			}
			out = append(out, t)
		}
	}
	return out
})

// FuzzAdvise gives Advise, the Bot's decision and Odds any dice, turn
// total and number of dice, with the table of a preset and option set.
// Bad dice give the Scorer's error and a bad total ErrTurnTotal, with a
// zero Advice; otherwise the advice is legal, no keep is worth more, and
// the Bot decides the same.
func FuzzAdvise(f *testing.F) {
	f.Add([]byte{1, 5, 2, 2, 3, 6}, 300, uint8(0))
	f.Add([]byte{1, 2, 3, 4, 5, 6}, 0, uint8(5))
	f.Add([]byte{2, 3, 4, 6}, 500, uint8(10))
	f.Add([]byte{1, 1, 1, 1, 5, 5}, 50_000, uint8(13))
	f.Add([]byte{1, 7, 0}, 75, uint8(19))
	f.Add([]byte{}, -50, uint8(3))
	f.Fuzz(func(t *testing.T, raw []byte, total int, which uint8) {
		tables := fuzzTables()
		tb := tables[int(which)%len(tables)]
		roll := make([]farkle.Die, len(raw))
		for i, b := range raw {
			roll[i] = farkle.Die(b)
		}
		adv, err := tb.Advise(State{TurnTotal: total}, roll)
		for i, b := range raw {
			if roll[i] != farkle.Die(b) {
				t.Fatalf("Advise changed the roll to %v", roll)
			}
		}
		s := tb.an.Scorer
		_, kerr := s.BestKeep(roll)
		_, validTotal := tb.totalIndex(total)
		zero := Advice{}
		switch {
		case kerr != nil:
			if err == nil || err.Error() != kerr.Error() {
				t.Fatalf("Advise(%v): error %v, want the Scorer's %v", roll, err, kerr)
			}
		case !validTotal:
			var se *StateError
			if !errors.As(err, &se) || !errors.Is(err, ErrTurnTotal) || se.TurnTotal != total || se.DiceLeft != len(roll) {
				t.Fatalf("Advise(%v, %d): error %v, want ErrTurnTotal", roll, total, err)
			}
		case err != nil:
			t.Fatalf("Advise(%v, %d): %v", roll, total, err)
		}
		if err != nil {
			if adv.Keep != zero.Keep || adv.Bank || adv.Value != 0 || adv.Farkle || adv.Choices != nil {
				t.Fatalf("Advise(%v, %d): advice %+v with error", roll, total, adv)
			}
		} else {
			checkAdvice(t, tb, roll, total, adv)
		}

		n := total
		o, err := tb.Odds(n)
		if (err == nil) != (n >= 1 && n <= farkle.MaxDice) {
			t.Fatalf("Odds(%d): error %v", n, err)
		}
		if err == nil && (o.Dice != n || o.Rolls != rolls.Pow6(n)) {
			t.Fatalf("Odds(%d) = %+v", n, o)
		}
	})
}

// checkAdvice checks an Advice that Advise returned with no error.
func checkAdvice(t *testing.T, tb *Table, roll []farkle.Die, total int, adv Advice) {
	t.Helper()
	s := tb.an.Scorer
	h, _ := farkle.HandOf(roll)
	keeps, _ := s.Keeps(roll)
	keep, bank, ok := tb.decide(h.Dice(), total)
	if adv.Farkle != (len(keeps) == 0) || ok == adv.Farkle {
		t.Fatalf("roll %v: Farkle %v, decide ok %v, with %d keeps", roll, adv.Farkle, ok, len(keeps))
	}
	if adv.Farkle {
		if handOf(adv.Keep.Rest()) != h || adv.Keep.Points() != 0 || adv.Choices != nil {
			t.Fatalf("farkle %v: advice %+v", roll, adv)
		}
		return
	}
	if keep != adv.Keep || bank != adv.Bank || adv.Keep != adv.Choices[0].Keep {
		t.Fatalf("roll %v at %d: decide %v, %v; advice %v, %v", roll, total, keep, bank, adv.Keep, adv.Bank)
	}
	pts, err := s.ValidateKeep(roll, adv.Keep.Dice())
	if err != nil || pts != adv.Keep.Points() {
		t.Fatalf("roll %v: keep %v: ValidateKeep %d, %v", roll, adv.Keep, pts, err)
	}
	for _, k := range keeps {
		if v, _ := tb.Value(total+k.Points(), len(k.Rest())); v > adv.Value+1e-9*max(1, v) {
			t.Fatalf("roll %v at %d: keeping %v is worth %v, more than the advice %v", roll, total, k.Dice(), v, adv.Value)
		}
	}
}

// FuzzSolve solves house rules made from the inputs (points bounded to
// 2,000 and MinBank to 5,000, so that each input solves in milliseconds) and checks the table: Solve fails
// only with ErrTooLarge, and otherwise the values are finite, never below
// a total that may be banked, agree with the thresholds, and satisfy the
// Bellman equation at a few states, recomputed from every legal keep.
func FuzzSolve(f *testing.F) {
	f.Add(100, 50, 100, 1000, 2500, 1500, 0, uint8(0), false, 0, false)
	f.Add(100, 50, 100, 0, 0, 0, 0, uint8(3), true, 300, true)
	f.Add(100, 50, 100, 0, 1500, 750, 0, uint8(1), false, 0, false)
	f.Add(100, 50, 100, 0, 1500, 1500, 500, uint8(2), false, 350, true)
	f.Add(7, 3, 11, 13, 0, 0, 0, uint8(0), false, 0, false)
	f.Add(1, 1, 1_000, 0, 0, 0, 0, uint8(1), true, 0, false)
	f.Fuzz(func(t *testing.T, one, five, triple, four, straight, pairs, nothing int, bonus uint8, split bool, minBank int, mustRoll bool) {
		bound := func(x int) int {
			if x < 0 {
				x = -(x + 1)
			}
			return x % 2_001
		}
		r := farkle.Rules{
			SingleOne:  bound(one),
			SingleFive: bound(five),
			Bonus:      farkle.Bonus(bonus % 4),
			Split:      split,
			Straight:   bound(straight),
			ThreePairs: bound(pairs),
			Nothing:    bound(nothing),
		}
		base := max(1, bound(triple)) // 100: triples as in App
		r.Triple[1] = 10 * base
		for f := 2; f <= 6; f++ {
			r.Triple[f] = base * f
		}
		if r.Bonus == farkle.BonusFixed {
			fb := max(1, bound(four))
			r.FourOfAKind, r.FiveOfAKind, r.SixOfAKind = fb, 2*fb, 3*fb
		}
		s, err := farkle.New(r)
		if err != nil {
			return // rules that package farkle rejects
		}
		o := turnRules{MinBank: bound(minBank) * 5 / 2, MustRollHotDice: mustRoll}
		tb, err := solveWith(s, o)
		if err != nil {
			if !errors.Is(err, ErrTooLarge) || tb != nil {
				t.Fatalf("solveWith(%+v, %+v): %v, %v", r, o, tb, err)
			}
			return
		}
		checkTable(t, tb)
	})
}

// checkTable checks a table's answers at a few states.
func checkTable(t *testing.T, tb *Table) {
	t.Helper()
	o := tb.opts
	unit := tb.Step()
	tv := tb.TurnValue()
	if math.IsNaN(tv) || math.IsInf(tv, 0) || tv < 0 {
		t.Fatalf("turn value %v", tv)
	}
	totals := []int{0, unit, o.MinBank - o.MinBank%unit, tb.Cap() - unit, tb.Cap(), tb.Cap() + 7*unit}
	for n := 1; n <= farkle.MaxDice; n++ {
		od, err := tb.Odds(n)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, x := range od.Points {
			sum += x.Count
		}
		if sum != od.Rolls {
			t.Fatalf("Odds(%d): counts add up to %d of %d", n, sum, od.Rolls)
		}
		if th, ok := tb.BankThreshold(n); ok {
			if b, _ := tb.ShouldBank(th, n); !b {
				t.Fatalf("%d dice: no bank at the threshold %d", n, th)
			}
			totals = append(totals, th, max(0, th-unit))
		}
		for _, total := range totals {
			if total < 0 {
				continue
			}
			checkBellman(t, tb, total, n)
		}
	}
}

// checkBellman checks the Bellman equation at the state (total, n dice)
// from every legal keep of every roll of n dice.
func checkBellman(t *testing.T, tb *Table, total, n int) {
	t.Helper()
	ix := multiset.Get()
	s := tb.an.Scorer
	o := tb.opts
	var roll float64
	dice := make([]farkle.Die, 0, farkle.MaxDice)
	for i := ix.First[n]; i < ix.First[n+1]; i++ {
		dice = dice[:0]
		for _, d := range ix.Sorted[i][:n] {
			dice = append(dice, farkle.Die(d))
		}
		keeps, _ := s.Keeps(dice)
		best := 0.0
		for _, k := range keeps {
			v, err := tb.Value(total+k.Points(), len(k.Rest()))
			if err != nil {
				t.Fatal(err)
			}
			best = max(best, v)
		}
		roll += float64(ix.Orders[i]) / float64(rolls.Pow6(n)) * best
	}
	canBank := total >= o.MinBank && (n < farkle.MaxDice || !o.MustRollHotDice)
	want := roll
	if canBank {
		want = max(want, float64(total))
	}
	got, _ := tb.Value(total, n)
	gotRoll, _ := tb.RollValue(total, n)
	tol := 1e-9 * max(1, float64(total), roll)
	if math.Abs(got-want) > tol || math.Abs(gotRoll-roll) > tol {
		t.Fatalf("%+v %+v, state (%d, %d dice): value %.12g roll %.12g; Bellman %.12g %.12g",
			tb.Rules(), o, total, n, got, gotRoll, want, roll)
	}
	if canBank && got < float64(total) {
		t.Fatalf("state (%d, %d dice): value %v below the turn total", total, n, got)
	}
}
