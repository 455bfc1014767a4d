package farkle_test

import (
	"encoding/json"
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

	// Keeping the 1 and the 2 is rejected: the 2 scores nothing.
	_, err := farkle.ValidateKeep(roll, []farkle.Die{1, 2})
	var de *farkle.DiceError
	if errors.Is(err, farkle.ErrNonScoring) && errors.As(err, &de) {
		fmt.Println("these dice score nothing:", de.Dice)
	}
	fmt.Println(err)

	points, err := farkle.ValidateKeep(roll, []farkle.Die{1})
	fmt.Println(points, err)
	// Output:
	// these dice score nothing: [2]
	// farkle: dice score nothing: 2
	// 100 <nil>
}

func ExampleBestPartition() {
	p, _ := farkle.BestPartition([]farkle.Die{1, 1, 1, 1, 2, 3})
	fmt.Println(p)
	for c := range p.Combos() {
		fmt.Println(c.Kind, "|", c.Dice, "|", c.Points)
	}
	fmt.Println("rest:", p.Rest())
	// Output:
	// 1000 = four of a kind 1 1 1 1 (1000); rest 2 3
	// four of a kind | 1 1 1 1 | 1000
	// rest: [2 3]
}

func ExampleBestKeep() {
	// Keeping three of the four 1s is worth as much as keeping all four,
	// and leaves one more die to roll.
	p, _ := farkle.BestKeep([]farkle.Die{1, 1, 1, 1, 2, 3})
	fmt.Println(p)
	fmt.Println("keep", p.Dice(), "and roll", len(p.Rest()), "dice")

	// A farkle: nothing to keep.
	p, _ = farkle.BestKeep([]farkle.Die{2, 3, 4, 6, 6, 2})
	fmt.Println(p)
	// Output:
	// 1000 = three ones 1 1 1 (1000); rest 1 2 3
	// keep [1 1 1] and roll 3 dice
	// 0; rest 2 2 3 4 6 6
}

func ExampleKeeps() {
	keeps, _ := farkle.Keeps([]farkle.Die{5, 1, 2, 5})
	for _, k := range keeps {
		fmt.Printf("%v: %d\n", k.Dice(), k.Points())
	}
	// Output:
	// [1 5 5]: 200
	// [1 5]: 150
	// [1]: 100
	// [5 5]: 100
	// [5]: 50
}

func ExampleAppendKeeps() {
	// With room for 63 keeps, AppendKeeps never allocates: reuse the
	// buffer from roll to roll.
	var buf [63]farkle.Partition
	keeps, err := farkle.AppendKeeps(buf[:0], []farkle.Die{1, 5, 2, 3})
	fmt.Println(len(keeps), err)
	for _, k := range keeps {
		fmt.Printf("keep %v for %d, roll %v\n", k.Dice(), k.Points(), k.Rest())
	}

	keeps, _ = farkle.AppendKeeps(keeps[:0], []farkle.Die{2, 2, 2, 6})
	fmt.Println(keeps)
	// Output:
	// 3 <nil>
	// keep [1 5] for 150, roll [2 3]
	// keep [1] for 100, roll [2 3 5]
	// keep [5] for 50, roll [1 2 3]
	// [200 = three of a kind 2 2 2 (200); rest 6]
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
		fmt.Println(de.Err == farkle.ErrNotInRoll, de.Dice, de.Count)
	}
	fmt.Println(err)

	// An error about many dice holds the first twelve and their number.
	_, err = farkle.Score(make([]farkle.Die, 20))
	if errors.As(err, &de) {
		fmt.Println(len(de.Dice), de.Count)
	}
	fmt.Println(err)
	// Output:
	// true [1] 1
	// farkle: dice not in the roll: 1
	// 12 20
	// farkle: invalid die: 0 0 0 0 0 0 0 0 0 0 0 0 ... (20 dice)
}

func ExampleHandOf() {
	h, err := farkle.HandOf([]farkle.Die{5, 1, 5})
	fmt.Printf("%v: %d dice, %d fives, %v\n", h, h.Len(), h.Count(5), err)

	// Hands are equal when they hold the same dice, in whatever order.
	same, _ := farkle.HandOf([]farkle.Die{5, 5, 1})
	other, _ := farkle.HandOf([]farkle.Die{1, 5})
	fmt.Println(h == same, h == other)

	_, err = farkle.HandOf([]farkle.Die{1, 7})
	fmt.Println(err)
	// Output:
	// 1 5 5: 3 dice, 2 fives, <nil>
	// true false
	// farkle: invalid die: 7
}

func ExampleHand_All() {
	h, _ := farkle.HandOf([]farkle.Die{6, 1, 6, 3})
	sum := 0
	for d := range h.All() {
		fmt.Println(d)
		sum += int(d)
	}
	fmt.Println("sum", sum, "dice", h.Dice())
	// Output:
	// 1
	// 3
	// 6
	// 6
	// sum 16 dice [1 3 6 6]
}

func ExamplePartition_Combos() {
	p, _ := farkle.BestPartition([]farkle.Die{5, 1, 5, 3, 1, 5})
	for c := range p.Combos() {
		fmt.Println(c)
	}
	fmt.Printf("%d combos, %d points, scoring %v, rest %v\n", p.Len(), p.Points(), p.Dice(), p.Rest())
	fmt.Println(p.Combo(0).Kind, p.Combo(9))

	// Partitions are values, equal when they split the same dice the same way.
	q, _ := farkle.BestPartition([]farkle.Die{1, 1, 3, 5, 5, 5})
	fmt.Println(p == q)
	// Output:
	// three of a kind 5 5 5 (500)
	// single one 1 (100)
	// single one 1 (100)
	// 3 combos, 700 points, scoring [1 1 5 5 5], rest [3]
	// three of a kind no combination
	// true
}

func ExampleScoring() {
	for _, p := range []farkle.Scoring{farkle.AppScoring, farkle.CoreScoring, farkle.FacebookScoring, farkle.ZilchScoring, farkle.ClassicScoring} {
		r := p.Rules()
		fmt.Printf("%-8v straight %4d, three pairs %4d\n", p, r.Straight, r.ThreePairs)
	}
	// Output:
	// app      straight 2500, three pairs 1500
	// core     straight    0, three pairs    0
	// facebook straight 1500, three pairs  750
	// zilch    straight 1500, three pairs 1500
	// classic  straight 1500, three pairs 1500
}

func ExampleParseScoring() {
	p, err := farkle.ParseScoring("Zilch")
	fmt.Println(p, err)
	s, _ := farkle.New(p.Rules())
	// Under Zilch, six dice that score nothing are worth 500.
	fmt.Println(s.Score([]farkle.Die{2, 2, 3, 4, 6, 6}))

	_, err = farkle.ParseScoring("poker")
	var re *farkle.RulesError
	fmt.Println(errors.Is(err, farkle.ErrInvalidRules), errors.As(err, &re) && re.Field == "preset")
	// Output:
	// zilch <nil>
	// 500 <nil>
	// true true
}

func ExampleNew() {
	// Facebook's scoring, but four of a kind and a pair count as three
	// pairs.
	r := farkle.FacebookScoring.Rules()
	r.FourAsTwoPairs = true
	s, err := farkle.New(r)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Score([]farkle.Die{3, 3, 3, 3, 4, 4}))

	// The preset itself is unchanged.
	facebook, _ := farkle.New(farkle.FacebookScoring.Rules())
	_, err = facebook.Score([]farkle.Die{3, 3, 3, 3, 4, 4})
	fmt.Println(err)

	// New names the field it rejects.
	r.Triple[2] = 0
	_, err = farkle.New(r)
	fmt.Println(errors.Is(err, farkle.ErrInvalidRules), err)
	// Output:
	// 750 <nil>
	// farkle: dice score nothing: 4 4
	// true farkle: invalid rules: Triple[2] must be positive
}

func ExampleNew_split() {
	// A house rule: the App's scoring, but four 1s score as three 1s and a
	// single 1 when that is worth more, and two triplets are worth 2500.
	house := farkle.AppScoring.Rules()
	house.Split = true
	house.TwoTriplets = 2500
	s, err := farkle.New(house)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.BestPartition([]farkle.Die{1, 1, 1, 1}))
	fmt.Println(s.Score([]farkle.Die{2, 2, 2, 3, 3, 3}))
	// Output:
	// 1100 = three ones 1 1 1 (1000) + single one 1 (100) <nil>
	// 2500 <nil>
}

func ExampleScorer_Score() {
	for _, p := range []farkle.Scoring{farkle.AppScoring, farkle.CoreScoring, farkle.FacebookScoring, farkle.ZilchScoring, farkle.ClassicScoring} {
		s, _ := farkle.New(p.Rules())
		ones, _ := s.Score([]farkle.Die{1, 1, 1, 1})
		threes, _ := s.Score([]farkle.Die{3, 3, 3, 3, 3, 3})
		_, err := s.Score([]farkle.Die{2, 2, 2, 2})
		fmt.Printf("%-8v four 1s: %4d  six 3s: %4d  four 2s: %v\n", p, ones, threes, err == nil)
	}
	// Output:
	// app      four 1s: 1000  six 3s: 3000  four 2s: true
	// core     four 1s: 1100  six 3s:  600  four 2s: false
	// facebook four 1s: 2000  six 3s: 1200  four 2s: true
	// zilch    four 1s: 2000  six 3s: 2400  four 2s: true
	// classic  four 1s: 1000  six 3s: 3000  four 2s: true
}

func ExampleScorer_Keeps() {
	// Under Core, equal dice split: four 1s are three 1s and a single 1.
	s, _ := farkle.New(farkle.CoreScoring.Rules())
	keeps, _ := s.Keeps([]farkle.Die{1, 1, 1, 1})
	for _, k := range keeps {
		fmt.Println(k)
	}
	// Output:
	// 1100 = three ones 1 1 1 (1000) + single one 1 (100)
	// 1000 = three ones 1 1 1 (1000); rest 1
	// 200 = single one 1 (100) + single one 1 (100); rest 1 1
	// 100 = single one 1 (100); rest 1 1 1
}

func ExampleRules_MarshalJSON() {
	data, err := json.Marshal(farkle.ZilchScoring.Rules())
	fmt.Println(string(data), err)
	// Output:
	// {"single_one":100,"single_five":50,"triple":[1000,200,300,400,500,600],"bonus":"double","four_of_a_kind":0,"five_of_a_kind":0,"six_of_a_kind":0,"split":true,"straight":1500,"three_pairs":1500,"four_as_two_pairs":true,"four_and_pair":0,"two_triplets":0,"nothing":500} <nil>
}

func ExampleRules_UnmarshalJSON() {
	// Keys that are left out are zero: these are Zilch's rules without
	// straight and three pairs, and with 1000 for six dice with nothing.
	var r farkle.Rules
	err := json.Unmarshal([]byte(`{"single_one":100,"single_five":50,
		"triple":[1000,200,300,400,500,600],"bonus":"double","split":true,"nothing":1000}`), &r)
	_, isPreset := r.Named()
	fmt.Println(err, r.Nothing, r.Straight, isPreset)

	// Keys are spelled exactly as MarshalJSON spells them.
	err = json.Unmarshal([]byte(`{"SingleOne":100}`), &r)
	fmt.Println(errors.Is(err, farkle.ErrInvalidRules), r.Nothing)
	// Output:
	// <nil> 1000 0 false
	// true 1000
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

func ExampleKind_LookupName() {
	fmt.Println(farkle.Languages())
	for _, lang := range []string{"fi-FI", "de"} {
		name, ok := farkle.Straight.LookupName(lang)
		fmt.Printf("%s: %q %v\n", lang, name, ok)
	}
	// Name answers in English for a language it does not know.
	fmt.Println(farkle.Straight.Name("de"))
	// Output:
	// [cs en fi nl]
	// fi-FI: "Suora" true
	// de: "" false
	// Straight
}

func ExampleParseDice() {
	// The forms that people type, and the JSON array of a web client.
	for _, s := range []string{"155", "1,5,5", "1 5 5", "[1, 5, 5]"} {
		dice, err := farkle.ParseDice(s)
		fmt.Println(dice, err)
	}
	// Bad faces and too many dice are DiceErrors.
	for _, s := range []string{"1 7", "1x", "1234561"} {
		_, err := farkle.ParseDice(s)
		fmt.Println(err)
	}
	// Output:
	// [1 5 5] <nil>
	// [1 5 5] <nil>
	// [1 5 5] <nil>
	// [1 5 5] <nil>
	// farkle: invalid die: 7
	// farkle: invalid die: "1x"
	// farkle: too many dice: 1 2 3 4 5 6 1
}

func ExamplePartition_Dice() {
	// The dice of a keep go back to a Scorer (or to game.Game.Keep) as
	// they are, and so do the dice left to roll.
	s, err := farkle.New(farkle.FacebookScoring.Rules())
	if err != nil {
		fmt.Println(err)
		return
	}
	roll := []farkle.Die{5, 1, 5, 2, 5, 3}
	best, _ := s.BestKeep(roll)
	fmt.Println("keep", best.Dice(), "leave", best.Rest())
	fmt.Println(s.ValidateKeep(roll, best.Dice()))
	fmt.Println(s.IsFarkle(best.Rest()))
	// Output:
	// keep [1 5 5 5] leave [2 3]
	// 600 <nil>
	// true <nil>
}

func ExampleHand_Dice() {
	// A Hand, the compact form of a multiset of dice (an event's dice, a
	// bot's keep), is scored through its Dice: the one conversion.
	var s *farkle.Scorer // nil: the App rules
	h, _ := farkle.HandOf([]farkle.Die{5, 1, 1, 1, 1, 5})
	fmt.Println(h.Dice())
	fmt.Println(s.Score(h.Dice()))
	// Output:
	// [1 1 1 1 5 5]
	// 1500 <nil>
}

func ExamplePartition_MarshalJSON() {
	keep, _ := farkle.BestKeep([]farkle.Die{5, 1, 2, 1, 3, 1})
	data, err := json.Marshal(keep)
	fmt.Println(string(data), err)

	// Decoding checks what it reads, and gives the same Partition back.
	var back farkle.Partition
	err = json.Unmarshal(data, &back)
	fmt.Println(back == keep, err)
	err = json.Unmarshal([]byte(`{"points":1500,"dice":[1,1],"combos":[{"kind":"straight","dice":[1,1],"points":1500}]}`), &back)
	fmt.Println(err)
	// Output:
	// {"points":1050,"dice":[1,1,1,5],"combos":[{"kind":"three_ones","dice":[1,1,1],"points":1000},{"kind":"single_five","dice":[5],"points":50}],"rest":[2,3]} <nil>
	// true <nil>
	// farkle: invalid combination: the dice [1 1] are not straight
}

func ExampleHand_UnmarshalJSON() {
	// []Die encodes as an array of numbers; a Hand decodes one in any
	// order, and refuses what is no face.
	data, _ := json.Marshal([]farkle.Die{5, 1, 1})
	var h farkle.Hand
	err := json.Unmarshal(data, &h)
	fmt.Println(string(data), h, err)
	err = json.Unmarshal([]byte(`[1,5,9]`), &h)
	fmt.Println(errors.Is(err, farkle.ErrInvalidDie), err)
	// Output:
	// [5,1,1] 1 1 5 <nil>
	// true farkle: invalid die: 9
}

// Short straights are house rules of their own: no preset has them. The
// sixth die of a keep of six must score on its own, and without a full
// straight 1-2-3-4-5-6 is the high straight and a single 1.
func ExampleRules_shortStraights() {
	house := farkle.CoreScoring.Rules()
	house.LowStraight, house.HighStraight = 500, 750
	s, err := farkle.New(house)
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Score([]farkle.Die{1, 1, 2, 3, 4, 5}))
	fmt.Println(s.Score([]farkle.Die{2, 3, 4, 5, 6, 6}))
	best, _ := s.BestKeep([]farkle.Die{6, 5, 4, 3, 2, 1})
	fmt.Println(best)
	fmt.Println(farkle.HighStraight.Name("cs"), farkle.LowStraight.Name("fi"))
	// Output:
	// 600 <nil>
	// 0 farkle: dice score nothing: 6
	// 850 = high straight 2 3 4 5 6 (750) + single one 1 (100)
	// Velká postupka Pieni suora
}
