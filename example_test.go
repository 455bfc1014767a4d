package farkle_test

import (
	"errors"
	"fmt"

	"github.com/farkle-go/farkle"
)

func ExampleScore() {
	// Three 5s and a 1: the 5s of the triple do not count again as singles.
	points, err := farkle.Score([]farkle.Die{5, 5, 5, 1})
	fmt.Println(points, err)

	// Four 1s and two 5s kept at once are three pairs, the best reading.
	points, err = farkle.Score([]farkle.Die{1, 1, 1, 1, 5, 5})
	fmt.Println(points, err)

	// Two triplets have no special value.
	points, err = farkle.Score([]farkle.Die{2, 2, 2, 3, 3, 3})
	fmt.Println(points, err)

	// A pair of 6s scores nothing.
	_, err = farkle.Score([]farkle.Die{1, 6, 6})
	fmt.Println(err)
	// Output:
	// 600 <nil>
	// 1500 <nil>
	// 500 <nil>
	// farkle: dice score nothing: 6 6
}

func ExampleValidateKeep() {
	roll := []farkle.Die{1, 2, 3, 4, 6, 6}

	_, err := farkle.ValidateKeep(roll, []farkle.Die{1, 2})
	fmt.Println(errors.Is(err, farkle.ErrNonScoring), err)

	points, err := farkle.ValidateKeep(roll, []farkle.Die{1})
	fmt.Println(points, err)
	// Output:
	// true farkle: dice score nothing: 2
	// 100 <nil>
}

func ExampleBestPartition() {
	p, _ := farkle.BestPartition([]farkle.Die{1, 1, 1, 1, 2, 3})
	fmt.Println(p)
	for _, c := range p.Combos {
		fmt.Println(c.Kind, c.Dice, c.Points)
	}
	fmt.Println(p.Rest)
	// Output:
	// 1000 = four of a kind 1 1 1 1 (1000); rest 2 3
	// four of a kind [1 1 1 1] 1000
	// [2 3]
}

func ExampleBestKeep() {
	// Keeping three of the four 1s is worth as much as keeping all four,
	// and leaves one more die to roll.
	p, _ := farkle.BestKeep([]farkle.Die{1, 1, 1, 1, 2, 3})
	fmt.Println(p)
	fmt.Println("keep", p.Dice(), "roll", len(p.Rest), "dice")

	// A farkle: nothing to keep.
	p, _ = farkle.BestKeep([]farkle.Die{2, 3, 4, 6, 6, 2})
	fmt.Println(p)
	// Output:
	// 1000 = three ones 1 1 1 (1000); rest 1 2 3
	// keep [1 1 1] roll 3 dice
	// 0; rest 2 2 3 4 6 6
}

func ExampleKeeps() {
	keeps, _ := farkle.Keeps([]farkle.Die{5, 1, 2, 5})
	for _, k := range keeps {
		fmt.Println(k.Dice(), k.Points)
	}
	// Output:
	// [1 5 5] 200
	// [1 5] 150
	// [1] 100
	// [5 5] 100
	// [5] 50
}

func ExampleIsFarkle() {
	for _, roll := range [][]farkle.Die{{2, 3, 4, 6, 6, 2}, {2, 2, 3, 3, 4, 4}} {
		farkled, _ := farkle.IsFarkle(roll)
		fmt.Println(roll, farkled)
	}
	// Output:
	// [2 3 4 6 6 2] true
	// [2 2 3 3 4 4] false
}

func ExampleDiceError() {
	_, err := farkle.ValidateKeep([]farkle.Die{1, 5, 2}, []farkle.Die{1, 1, 5})
	var de *farkle.DiceError
	if errors.As(err, &de) {
		fmt.Println(de.Err == farkle.ErrNotInRoll, de.Dice)
	}
	fmt.Println(err)
	// Output:
	// true [1]
	// farkle: dice not in the roll: 1
}

func ExampleNew() {
	// A house rule: the App's scoring, but four 1s score as three 1s and a
	// single 1 when that is worth more, and two triplets are worth 2500.
	house := farkle.App
	house.Split = true
	house.TwoTriplets = 2500
	s, err := farkle.New(house)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.BestPartition([]farkle.Die{1, 1, 1, 1}))
	fmt.Println(s.Score([]farkle.Die{2, 2, 2, 3, 3, 3}))

	// New names the field it rejects.
	house.Triple[2] = 0
	_, err = farkle.New(house)
	fmt.Println(err)
	// Output:
	// 1100 = three ones 1 1 1 (1000) + single one 1 (100) <nil>
	// 2500 <nil>
	// farkle: invalid rules: Triple[2] must be positive
}

func ExampleScorer_Score() {
	for _, p := range []struct {
		name  string
		rules farkle.Rules
	}{{"App", farkle.App}, {"Core", farkle.Core}, {"Facebook", farkle.Facebook}, {"Zilch", farkle.Zilch}, {"Classic", farkle.Classic}} {
		s, _ := farkle.New(p.rules)
		ones, _ := s.Score([]farkle.Die{1, 1, 1, 1})
		threes, _ := s.Score([]farkle.Die{3, 3, 3, 3, 3, 3})
		_, err := s.Score([]farkle.Die{2, 2, 2, 2})
		fmt.Printf("%-8s four 1s: %4d  six 3s: %4d  four 2s: %v\n", p.name, ones, threes, err == nil)
	}
	// Output:
	// App      four 1s: 1000  six 3s: 3000  four 2s: true
	// Core     four 1s: 1100  six 3s:  600  four 2s: false
	// Facebook four 1s: 2000  six 3s: 1200  four 2s: true
	// Zilch    four 1s: 2000  six 3s: 2400  four 2s: true
	// Classic  four 1s: 1000  six 3s: 3000  four 2s: true
}

func ExampleKind_Name() {
	for _, lang := range []string{"en", "cs", "fi", "nl-BE", "de"} {
		fmt.Printf("%s: %s, %s\n", lang, farkle.Straight.Name(lang), farkle.ThreePairs.Name(lang))
	}
	// Output:
	// en: Straight, Three pairs
	// cs: Postupka, Tři páry
	// fi: Suora, Kolme paria
	// nl-BE: Straat, Drie paren
	// de: Straight, Three pairs
}
