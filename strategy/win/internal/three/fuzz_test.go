package three

import (
	"errors"
	"testing"

	"github.com/farkle-go/farkle"
	"github.com/farkle-go/farkle/game"
	"pgregory.net/rapid"
)

// FuzzUnmarshalBinary checks that UnmarshalBinary never panics, and that
// what it accepts marshals back to the same bytes.
func FuzzUnmarshalBinary(f *testing.F) {
	tb, err := Solve(f.Context(), game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 300}, Options{})
	if err != nil {
		f.Fatal(err)
	}
	data, err := tb.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:20])
	f.Add([]byte("FKW3\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tb Table
		if err := tb.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrData) && !errors.Is(err, ErrRules) && !errors.Is(err, ErrTooLarge) {
				var re *farkle.RulesError
				if !errors.As(err, &re) {
					t.Fatalf("an error of no sentinel: %v", err)
				}
			}
			return
		}
		back, err := tb.MarshalBinary()
		if err != nil || string(back) != string(data) {
			t.Fatalf("accepted data marshals to other bytes: %v", err)
		}
	})
}

// TestChancesProperty checks properties of the table at random positions.
func TestChancesProperty(t *testing.T) {
	tb := solve(t, game.Rules{Scoring: farkle.CoreScoring.Rules(), Target: 800})
	rapid.Check(t, propChances(tb))
}

// Property: at every position the three chances are in [0, 1] and sum to
// 1; ChanceAt at the start of a turn is Chances; and the advice of any
// roll at any turn total is at least as good for the mover as every other
// choice.
func propChances(tb *Table) func(*rapid.T) {
	return func(t *rapid.T) {
		sc := [3]int{}
		for i := range sc {
			sc[i] = 50 * rapid.IntRange(0, 15).Draw(t, "score")
		}
		w, err := tb.Chances(sc[0], sc[1], sc[2])
		if err != nil {
			t.Fatal(err)
		}
		if s := w[0] + w[1] + w[2]; s < 1-1e-12 || s > 1+1e-12 || w[0] < 0 || w[1] < 0 || w[2] < 0 {
			t.Fatalf("%v: chances %v", sc, w)
		}
		at, err := tb.ChanceAt(State{Scores: sc})
		if err != nil || at != w {
			t.Fatalf("%v: ChanceAt %v (%v), Chances %v", sc, at, err, w)
		}
		n := rapid.IntRange(1, 6).Draw(t, "dice")
		roll := make([]farkle.Die, n)
		for i := range roll {
			roll[i] = farkle.Die(rapid.IntRange(1, 6).Draw(t, "die"))
		}
		total := 50 * rapid.IntRange(0, 20).Draw(t, "total")
		a, err := tb.Advise(State{Scores: sc, TurnTotal: total}, roll)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range a.Choices {
			if c.Chances[0] > a.Chances[0] {
				t.Fatalf("%v %v: a choice %v beats the advice %v", sc, roll, c.Chances, a.Chances)
			}
		}
	}
}
