package farkle

// Sweeps over invalid inputs, and checks that no result shares memory with
// the arguments, with another result or with the scorer's tables.

import (
	"fmt"
	"slices"
	"testing"
)

// exhBadInputs are arguments that are invalid for some or all functions,
// plus a few valid ones to pair them with.
var exhBadInputs = [][]Die{
	nil,
	{},
	{0},
	{7},
	{255},
	{1, 0},
	{0, 7, 255},
	{2, 7, 3, 0},
	{1, 1, 1, 1, 1, 1, 1},         // seven dice
	{1, 2, 3, 4, 5, 6, 1},         // seven dice
	{1, 2, 0, 3, 4, 5, 6},         // seven dice, one invalid
	{5, 5, 5, 5, 5, 5, 5, 5},      // eight dice
	{6, 6, 6, 6, 6, 6, 6, 6, 6},   // nine dice
	{1, 2, 3, 4, 5, 6, 1, 2, 255}, // nine dice, one invalid
	{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2}, // twenty dice: the error holds twelve
	{0, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20},     // fifteen invalid dice
	{1},
	{2},
	{1, 5},
	{2, 2},
	{1, 1, 1, 1, 5, 5},
	{2, 3, 4, 6, 6, 2},
	{6, 0, 6, 0, 6},
}

// TestExhaustiveInvalidInputs checks every function on invalid dice, too
// many dice and empty inputs, and ValidateKeep on every pair of them: the
// error, its sentinel, its dice, its count and zero results, in the
// documented order of checks.
func TestExhaustiveInvalidInputs(t *testing.T) {
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			for _, api := range exhAPIs(t, p.preset, p.rules) {
				f := &failer{t: t}
				for _, in := range exhBadInputs {
					exhCheckInput(f, p.rules, api, in)
					for _, in2 := range exhBadInputs {
						roll, kept := slices.Clone(in), slices.Clone(in2)
						got, err := api.validate(roll, kept)
						want, wantErr := refValidateKeep(p.rules, in, in2)
						if got != want || !refSameErr(wantErr, err) {
							f.mismatch(fmt.Sprintf("%s.ValidateKeep(%v, %v)", api.name, in, in2), want, wantErr, got, err)
						}
						if !slices.Equal(roll, in) || !slices.Equal(kept, in2) {
							f.failf("%s.ValidateKeep(%v, %v) changed its arguments to %v, %v", api.name, in, in2, roll, kept)
						}
					}
				}
			}
		})
	}
}

// exhCheckInput checks the functions of api that take one argument on in.
func exhCheckInput(f *failer, r Rules, api exhAPI, in []Die) {
	f.t.Helper()
	arg := slices.Clone(in)
	{
		got, err := api.score(arg)
		want, wantErr := refScore(r, in)
		if got != want || !refSameErr(wantErr, err) {
			f.mismatch(fmt.Sprintf("%s.Score(%v)", api.name, in), want, wantErr, got, err)
		}
	}
	{
		got, err := api.best(arg)
		want, wantErr := refBestPartition(r, in)
		if !refSameErr(wantErr, err) || viewDiffers(want, got) || wantErr != nil && got != (Partition{}) {
			f.mismatch(fmt.Sprintf("%s.BestPartition(%v)", api.name, in), want, wantErr, viewOf(got), err)
		}
	}
	{
		got, err := api.bestKeep(arg)
		want, wantErr := refBestKeep(r, in)
		if !refSameErr(wantErr, err) || viewDiffers(want, got) || wantErr != nil && got != (Partition{}) {
			f.mismatch(fmt.Sprintf("%s.BestKeep(%v)", api.name, in), want, wantErr, viewOf(got), err)
		}
	}
	{
		got, err := api.keeps(arg)
		want, wantErr := refKeeps(r, in)
		if !refSameErr(wantErr, err) || !slices.EqualFunc(want, viewsOf(got), viewEqual) || wantErr != nil && got != nil {
			f.mismatch(fmt.Sprintf("%s.Keeps(%v)", api.name, in), want, wantErr, viewsOf(got), err)
		}
	}
	{
		got, err := api.appendKeeps(nil, arg)
		want, wantErr := refKeeps(r, in)
		if !refSameErr(wantErr, err) || !slices.EqualFunc(want, viewsOf(got), viewEqual) || wantErr != nil && got != nil {
			f.mismatch(fmt.Sprintf("%s.AppendKeeps(nil, %v)", api.name, in), want, wantErr, viewsOf(got), err)
		}
	}
	{
		got, err := api.isFarkle(arg)
		want, wantErr := refIsFarkle(r, in)
		if got != want || !refSameErr(wantErr, err) {
			f.mismatch(fmt.Sprintf("%s.IsFarkle(%v)", api.name, in), want, wantErr, got, err)
		}
	}
	if !slices.Equal(arg, in) {
		f.failf("%s: a call changed its argument %v to %v", api.name, in, arg)
	}
}

// viewEqual compares two views exactly, nil and empty slices alike only
// where both are empty (views never hold empty non-nil slices).
func viewEqual(a, b partView) bool {
	if a.Points != b.Points || !slices.Equal(a.Dice, b.Dice) || !slices.Equal(a.Rest, b.Rest) || len(a.Combos) != len(b.Combos) {
		return false
	}
	for i, c := range a.Combos {
		d := b.Combos[i]
		if c.Kind != d.Kind || c.Points != d.Points || !slices.Equal(c.Dice, d.Dice) {
			return false
		}
	}
	return true
}

func viewDiffers(want partView, got Partition) bool { return !viewEqual(want, viewOf(got)) }

// exhScribbleErr overwrites the dice of a *DiceError with 99.
func exhScribbleErr(err error) {
	if de, ok := err.(*DiceError); ok {
		for i := range de.Dice {
			de.Dice[i] = 99
		}
	}
}

// errDice returns a copy of the dice of a *DiceError.
func errDice(err error) []Die {
	if de, ok := err.(*DiceError); ok {
		return slices.Clone(de.Dice)
	}
	return nil
}

// TestExhaustiveNoAliasing checks, on every multiset in ascending and
// descending order and on the invalid inputs, that results share no memory
// with the arguments, with each other, or with the scorer's tables:
// overwriting the arguments after a call leaves the results (and the dice
// of the errors) alone, overwriting the results leaves the arguments alone,
// and the next call still returns the reference result.
func TestExhaustiveNoAliasing(t *testing.T) {
	var inputs [][]Die
	for _, d := range multisets() {
		r := slices.Clone(d)
		slices.Reverse(r)
		inputs = append(inputs, slices.Clone(d), r)
	}
	inputs = append(inputs, exhBadInputs...)
	for _, p := range refPresets {
		t.Run(p.preset.String(), func(t *testing.T) {
			t.Parallel()
			for _, api := range exhAPIs(t, p.preset, p.rules) {
				f := &failer{t: t}
				for i, in := range inputs {
					if api.sampled && i%raceStride(exhSample) != 0 {
						continue
					}
					exhCheckAliasing(f, p.rules, api, in)
				}
			}
		})
	}
}

// exhCheckAliasing runs the aliasing checks of one scorer on one input.
func exhCheckAliasing(f *failer, r Rules, api exhAPI, in []Die) {
	f.t.Helper()
	arg := slices.Clone(in)
	scribbleArg := func() {
		for i := range arg {
			arg[i] = 42
		}
	}
	restore := func() { copy(arg, in) }
	argChanged := func(call string) {
		if !slices.Equal(arg, in) {
			f.failf("%s(%v): the argument became %v", call, in, arg)
			restore()
		}
	}
	// errAlone calls fn, overwrites the argument and checks the error's
	// dice, then overwrites the error's dice and checks the argument.
	errAlone := func(call string, fn func() error) {
		err := fn()
		argChanged(call)
		snap := errDice(err)
		scribbleArg()
		if got := errDice(err); !slices.Equal(got, snap) {
			f.failf("%s(%v): overwriting the argument changed the error's dice from %v to %v", call, in, snap, got)
		}
		restore()
		exhScribbleErr(err)
		argChanged(call + " then overwriting its error")
	}

	errAlone(api.name+".Score", func() error { _, err := api.score(arg); return err })
	errAlone(api.name+".BestPartition", func() error { _, err := api.best(arg); return err })
	errAlone(api.name+".BestKeep", func() error { _, err := api.bestKeep(arg); return err })
	errAlone(api.name+".IsFarkle", func() error { _, err := api.isFarkle(arg); return err })
	for _, pair := range [][2][]Die{{arg, arg}, {{1, 2, 3, 4, 5, 6}, arg}, {arg, {1, 1, 7}}, {arg, {2, 2, 2, 2, 2, 2, 2}}} {
		errAlone(api.name+".ValidateKeep", func() error { _, err := api.validate(pair[0], pair[1]); return err })
	}

	// Keeps: a new list each time, and overwriting it leaves the next
	// call alone.
	name := api.name + ".Keeps"
	ks, err := api.keeps(arg)
	argChanged(name)
	ks2, _ := api.keeps(arg)
	if len(ks) > 0 && &ks[0] == &ks2[0] {
		f.failf("%s(%v): two calls return the same list", name, in)
	}
	for j := range ks {
		ks[j] = Partition{}
	}
	exhScribbleErr(err)
	argChanged(name + " then overwriting its result")
	wantKs, wantErr := refKeeps(r, in)
	if ks, err = api.keeps(arg); !refSameErr(wantErr, err) || !slices.EqualFunc(wantKs, viewsOf(ks), viewEqual) {
		f.mismatch(fmt.Sprintf("%s(%v) after overwriting an earlier result", name, in), wantKs, wantErr, viewsOf(ks), err)
	}

	// AppendKeeps: overwriting what it appended leaves the next call alone.
	name = api.name + ".AppendKeeps"
	var buf [64]Partition
	ks, err = api.appendKeeps(buf[:0], arg)
	argChanged(name)
	for j := range ks {
		ks[j] = Partition{}
	}
	exhScribbleErr(err)
	if ks, err = api.appendKeeps(buf[:0], arg); !refSameErr(wantErr, err) || !slices.EqualFunc(wantKs, viewsOf(ks), viewEqual) {
		f.mismatch(fmt.Sprintf("%s(dst, %v) after overwriting an earlier result", name, in), wantKs, wantErr, viewsOf(ks), err)
	}

	// The tables are intact: the next calls still give the reference.
	got, err := api.score(arg)
	want, wantErr := refScore(r, in)
	if got != want || !refSameErr(wantErr, err) {
		f.mismatch(fmt.Sprintf("%s.Score(%v) after overwriting earlier results", api.name, in), want, wantErr, got, err)
	}
	p, err := api.best(arg)
	wantP, wantErr := refBestPartition(r, in)
	if !refSameErr(wantErr, err) || viewDiffers(wantP, p) {
		f.mismatch(fmt.Sprintf("%s.BestPartition(%v) after overwriting earlier results", api.name, in), wantP, wantErr, viewOf(p), err)
	}
}
