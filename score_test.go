package farkle

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// seedExample is one of the worked examples of the app's help page (the
// same page in Czech, Finnish and Dutch under ../shared/seeds): a roll of
// six dice, the dice highlighted as kept, and the points the app counts.
type seedExample struct {
	roll, kept []Die
	points     int
	combos     []Combo
}

// seedExamples are the examples of the help page, written out by hand
// from its text. TestSeedPages checks that each language's page gives the
// same rolls and points.
var seedExamples = []seedExample{
	// "4, 4, 4, 2, 3 a 6: tři odložené kostky s hodnotou 4, 400 bodů."
	{roll: []Die{4, 4, 4, 2, 3, 6}, kept: []Die{4, 4, 4}, points: 400,
		combos: []Combo{{ThreeOfAKind, []Die{4, 4, 4}, 400}}},
	// Three 5s and a 1: the 5s of the triple do not count again as singles.
	{roll: []Die{5, 5, 5, 1, 2, 3}, kept: []Die{5, 5, 5, 1}, points: 600,
		combos: []Combo{{ThreeOfAKind, []Die{5, 5, 5}, 500}, {SingleOne, []Die{1}, 100}}},
	{roll: []Die{2, 2, 2, 2, 3, 6}, kept: []Die{2, 2, 2, 2}, points: 1000,
		combos: []Combo{{FourOfAKind, []Die{2, 2, 2, 2}, 1000}}},
	{roll: []Die{3, 3, 3, 3, 3, 2}, kept: []Die{3, 3, 3, 3, 3}, points: 2000,
		combos: []Combo{{FiveOfAKind, []Die{3, 3, 3, 3, 3}, 2000}}},
	{roll: []Die{6, 6, 6, 6, 6, 6}, kept: []Die{6, 6, 6, 6, 6, 6}, points: 3000,
		combos: []Combo{{SixOfAKind, []Die{6, 6, 6, 6, 6, 6}, 3000}}},
	// The straight, "in any order".
	{roll: []Die{4, 2, 6, 1, 3, 5}, kept: []Die{4, 2, 6, 1, 3, 5}, points: 2500,
		combos: []Combo{{Straight, []Die{1, 2, 3, 4, 5, 6}, 2500}}},
	{roll: []Die{2, 2, 4, 4, 6, 6}, kept: []Die{2, 2, 4, 4, 6, 6}, points: 1500,
		combos: []Combo{{ThreePairs, []Die{2, 2, 4, 4, 6, 6}, 1500}}},
	// Four 1s and a pair of 5s count as three pairs, more than 1000 + 50 + 50.
	{roll: []Die{1, 1, 1, 1, 5, 5}, kept: []Die{1, 1, 1, 1, 5, 5}, points: 1500,
		combos: []Combo{{ThreePairs, []Die{1, 1, 1, 1, 5, 5}, 1500}}},
	// Two triplets have no special value: 300 + 200.
	{roll: []Die{2, 2, 2, 3, 3, 3}, kept: []Die{2, 2, 2, 3, 3, 3}, points: 500,
		combos: []Combo{{ThreeOfAKind, []Die{3, 3, 3}, 300}, {ThreeOfAKind, []Die{2, 2, 2}, 200}}},
	// Four 1s: keeping three of them is worth as much and leaves three dice.
	{roll: []Die{1, 1, 1, 1, 2, 3}, kept: []Die{1, 1, 1}, points: 1000,
		combos: []Combo{{ThreeOnes, []Die{1, 1, 1}, 1000}}},
}

func TestSeedExamples(t *testing.T) {
	for _, ex := range seedExamples {
		t.Run(diceName(ex.roll), func(t *testing.T) {
			got, err := ValidateKeep(ex.roll, ex.kept)
			if err != nil || got != ex.points {
				t.Errorf("ValidateKeep(%v, %v) = %d, %v; want %d, nil", ex.roll, ex.kept, got, err, ex.points)
			}
			if got, err := Score(ex.kept); err != nil || got != ex.points {
				t.Errorf("Score(%v) = %d, %v; want %d, nil", ex.kept, got, err, ex.points)
			}
			// The highlighted dice are the best keep of the roll.
			best, err := BestKeep(ex.roll)
			if err != nil {
				t.Fatalf("BestKeep(%v): %v", ex.roll, err)
			}
			want := Partition{Combos: ex.combos, Rest: sortedRest(ex.roll, ex.kept), Points: ex.points}
			if diff := cmp.Diff(want, best, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("BestKeep(%v) mismatch (-want +got):\n%s", ex.roll, diff)
			}
		})
	}
}

// TestSeedSummary checks the short summary at the top of the help page.
func TestSeedSummary(t *testing.T) {
	for _, tc := range []struct {
		dice []Die
		want int
	}{
		{[]Die{1}, 100}, {[]Die{5}, 50}, {[]Die{1, 1, 1}, 1000}, {[]Die{2, 2, 2}, 200},
		{[]Die{3, 3, 3}, 300}, {[]Die{4, 4, 4}, 400}, {[]Die{5, 5, 5}, 500}, {[]Die{6, 6, 6}, 600},
	} {
		if got, err := Score(tc.dice); err != nil || got != tc.want {
			t.Errorf("Score(%v) = %d, %v; want %d, nil", tc.dice, got, err, tc.want)
		}
	}
	// "The best possible roll is worth 3000": the best keep of every roll
	// of six dice is worth at most 3000, and some roll reaches it.
	most := 0
	forEachRoll(6, func(roll []Die) {
		p, err := BestKeep(roll)
		if err != nil {
			t.Fatalf("BestKeep(%v): %v", roll, err)
		}
		most = max(most, p.Points)
	})
	if most != 3000 {
		t.Errorf("best six-dice roll = %d, want 3000", most)
	}
}

// TestSeedFourOnes checks the page's section on four 1s: kept together
// they are four of a kind, 1000, as much as three 1s alone.
func TestSeedFourOnes(t *testing.T) {
	roll := []Die{1, 1, 1, 1, 2, 3}
	for _, kept := range [][]Die{{1, 1, 1, 1}, {1, 1, 1}} {
		if got, err := ValidateKeep(roll, kept); err != nil || got != 1000 {
			t.Errorf("ValidateKeep(%v, %v) = %d, %v; want 1000, nil", roll, kept, got, err)
		}
	}
	p, err := BestPartition([]Die{1, 1, 1, 1})
	want := Partition{Combos: []Combo{{FourOfAKind, []Die{1, 1, 1, 1}, 1000}}, Points: 1000}
	if diff := cmp.Diff(want, p, cmpopts.EquateEmpty()); err != nil || diff != "" {
		t.Errorf("BestPartition(1 1 1 1) = %v (-want +got):\n%s", err, diff)
	}
	// Keeping four 1s with a 5 is 1050, not 1150.
	if got, err := Score([]Die{1, 1, 1, 1, 5}); err != nil || got != 1050 {
		t.Errorf("Score(1 1 1 1 5) = %d, %v; want 1050, nil", got, err)
	}
}

// TestSeedRejected checks the page's rejected selections.
func TestSeedRejected(t *testing.T) {
	roll := []Die{1, 2, 3, 4, 6, 6}
	for _, tc := range []struct {
		kept    []Die
		want    int
		wantErr error
		bad     []Die
	}{
		{kept: []Die{1, 2}, wantErr: ErrNonScoring, bad: []Die{2}},
		{kept: []Die{1}, want: 100},
		{kept: []Die{2}, wantErr: ErrNonScoring, bad: []Die{2}},
		{kept: []Die{3}, wantErr: ErrNonScoring, bad: []Die{3}},
		{kept: []Die{4}, wantErr: ErrNonScoring, bad: []Die{4}},
		{kept: []Die{6}, wantErr: ErrNonScoring, bad: []Die{6}},
		// A pair that is not part of three pairs.
		{kept: []Die{6, 6}, wantErr: ErrNonScoring, bad: []Die{6, 6}},
		{kept: []Die{6, 1, 6}, wantErr: ErrNonScoring, bad: []Die{6, 6}},
	} {
		got, err := ValidateKeep(roll, tc.kept)
		if got != tc.want || !errors.Is(err, tc.wantErr) {
			t.Errorf("ValidateKeep(%v, %v) = %d, %v; want %d, %v", roll, tc.kept, got, err, tc.want, tc.wantErr)
			continue
		}
		if tc.wantErr == nil {
			continue
		}
		var de *DiceError
		if !errors.As(err, &de) {
			t.Fatalf("ValidateKeep(%v, %v) error %T is not a *DiceError", roll, tc.kept, err)
		}
		if diff := cmp.Diff(tc.bad, de.Dice); diff != "" {
			t.Errorf("ValidateKeep(%v, %v) error dice (-want +got):\n%s", roll, tc.kept, diff)
		}
	}
}

// TestSeedPages reads the help page in each language, when ../shared/seeds
// is there (as in CI), and checks that its examples give the rolls and
// points of seedExamples, in order.
func TestSeedPages(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "shared", "seeds", "*.txt"))
	if len(files) == 0 {
		t.Skip("no ../shared/seeds beside the module")
	}
	// "4, 4, 4, 2, 3 a 6: ..., 400 bodů." and the same in Finnish ("ja",
	// "pistettä") and Dutch ("en", "punten").
	line := regexp.MustCompile(`^((?:\d, )+\d) (?:a|ja|en) (\d): .*?(\d[\d   ]*) (?:bodů|pistettä|punten)`)
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var got []seedExample
		for _, l := range strings.Split(string(text), "\n") {
			m := line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			var ex seedExample
			for _, f := range strings.Split(m[1]+", "+m[2], ", ") {
				n, _ := strconv.Atoi(f)
				ex.roll = append(ex.roll, Die(n))
			}
			ex.points, err = strconv.Atoi(strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, m[3]))
			if err != nil {
				t.Fatalf("%s: points in %q: %v", file, l, err)
			}
			got = append(got, ex)
		}
		var want []seedExample
		for _, ex := range seedExamples {
			want = append(want, seedExample{roll: ex.roll, points: ex.points})
		}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(seedExample{})); diff != "" {
			t.Errorf("%s: examples (-want +got):\n%s", file, diff)
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	roll := []Die{1, 1, 1, 1, 5, 5}
	kept := []Die{1, 5, 1, 1}
	calls := map[string]func(){
		"Score":             func() { _, _ = Score(roll) },
		"ValidateKeep":      func() { _, _ = ValidateKeep(roll, kept) },
		"IsFarkle":          func() { _, _ = IsFarkle(roll) },
		"zero Scorer.Score": func() { _, _ = (&Scorer{}).Score(roll) },
	}
	for _, p := range namedPresets {
		s, err := New(p.rules)
		if err != nil {
			t.Fatal(err)
		}
		calls[p.name+".Score"] = func() { _, _ = s.Score(roll) }
		calls[p.name+".ValidateKeep"] = func() { _, _ = s.ValidateKeep(roll, kept) }
		calls[p.name+".IsFarkle"] = func() { _, _ = s.IsFarkle(roll) }
	}
	for name, f := range calls {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call, want 0", name, n)
		}
	}
}

func TestErrors(t *testing.T) {
	seven := []Die{1, 2, 3, 4, 5, 6, 1}
	for _, tc := range []struct {
		name    string
		call    func() error
		wantErr error
		dice    []Die
		msg     string
	}{
		{"Score invalid", func() error { _, err := Score([]Die{0, 1, 7}); return err }, ErrInvalidDie, []Die{0, 7}, "farkle: invalid die: 0 7"},
		{"Score seven", func() error { _, err := Score(seven); return err }, ErrTooManyDice, seven, "farkle: too many dice: 1 2 3 4 5 6 1"},
		{"Score invalid before too many", func() error { _, err := Score([]Die{1, 1, 1, 1, 1, 1, 9}); return err }, ErrInvalidDie, []Die{9}, ""},
		{"Score nonscoring", func() error { _, err := Score([]Die{2, 6, 1}); return err }, ErrNonScoring, []Die{2, 6}, "farkle: dice score nothing: 2 6"},
		{"ValidateKeep empty roll", func() error { _, err := ValidateKeep(nil, []Die{1}); return err }, ErrNoDice, nil, "farkle: no dice"},
		{"ValidateKeep empty keep", func() error { _, err := ValidateKeep([]Die{1}, nil); return err }, ErrNoDice, nil, ""},
		{"ValidateKeep invalid kept", func() error { _, err := ValidateKeep([]Die{1}, []Die{8}); return err }, ErrInvalidDie, []Die{8}, ""},
		{"ValidateKeep invalid before empty", func() error { _, err := ValidateKeep(nil, []Die{0}); return err }, ErrInvalidDie, []Die{0}, ""},
		{"ValidateKeep too many kept", func() error { _, err := ValidateKeep([]Die{1}, seven); return err }, ErrTooManyDice, seven, ""},
		{"ValidateKeep not in roll", func() error { _, err := ValidateKeep([]Die{1, 5, 2}, []Die{1, 1, 5, 5, 5}); return err }, ErrNotInRoll, []Die{1, 5, 5}, "farkle: dice not in the roll: 1 5 5"},
		{"ValidateKeep not in roll before nonscoring", func() error { _, err := ValidateKeep([]Die{1, 2}, []Die{3}); return err }, ErrNotInRoll, []Die{3}, ""},
		{"BestKeep empty", func() error { _, err := BestKeep(nil); return err }, ErrNoDice, nil, ""},
		{"BestKeep invalid", func() error { _, err := BestKeep([]Die{1, 200}); return err }, ErrInvalidDie, []Die{200}, ""},
		{"Keeps empty", func() error { _, err := Keeps([]Die{}); return err }, ErrNoDice, nil, ""},
		{"Keeps seven", func() error { _, err := Keeps(seven); return err }, ErrTooManyDice, seven, ""},
		{"IsFarkle empty", func() error { _, err := IsFarkle(nil); return err }, ErrNoDice, nil, ""},
		{"BestPartition invalid", func() error { _, err := BestPartition([]Die{7}); return err }, ErrInvalidDie, []Die{7}, ""},
	} {
		err := tc.call()
		if !errors.Is(err, tc.wantErr) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.wantErr)
			continue
		}
		var de *DiceError
		if !errors.As(err, &de) {
			t.Errorf("%s: error %T is not a *DiceError", tc.name, err)
			continue
		}
		if diff := cmp.Diff(tc.dice, de.Dice); diff != "" {
			t.Errorf("%s: error dice (-want +got):\n%s", tc.name, diff)
		}
		if tc.msg != "" && err.Error() != tc.msg {
			t.Errorf("%s: message %q, want %q", tc.name, err.Error(), tc.msg)
		}
	}
}

// TestErrorDiceCopied checks that a DiceError does not alias the caller's
// slice.
func TestErrorDiceCopied(t *testing.T) {
	dice := []Die{1, 2, 3, 4, 5, 6, 6}
	_, err := Score(dice)
	var de *DiceError
	if !errors.As(err, &de) {
		t.Fatalf("Score(%v) error %v is not a *DiceError", dice, err)
	}
	de.Dice[0] = 9
	if dice[0] != 1 {
		t.Errorf("changing the error's Dice changed the caller's slice: %v", dice)
	}
}

func TestEmpty(t *testing.T) {
	if got, err := Score(nil); got != 0 || err != nil {
		t.Errorf("Score(nil) = %d, %v; want 0, nil", got, err)
	}
	p, err := BestPartition(nil)
	if err != nil || p.Combos != nil || p.Rest != nil || p.Points != 0 {
		t.Errorf("BestPartition(nil) = %+v, %v; want the zero Partition", p, err)
	}
}

func TestFarkle(t *testing.T) {
	for _, tc := range []struct {
		roll []Die
		want bool
	}{
		{[]Die{2}, true}, {[]Die{5}, false}, {[]Die{2, 3, 4, 6, 6, 2}, true},
		{[]Die{2, 2, 3, 3, 4, 4}, false}, // three pairs
		{[]Die{2, 2, 2}, false}, {[]Die{6, 6, 4, 4}, true},
	} {
		got, err := IsFarkle(tc.roll)
		if err != nil || got != tc.want {
			t.Errorf("IsFarkle(%v) = %v, %v; want %v, nil", tc.roll, got, err, tc.want)
		}
		best, err := BestKeep(tc.roll)
		if err != nil {
			t.Fatal(err)
		}
		if tc.want {
			want := Partition{Rest: sortedRest(tc.roll, nil)}
			if diff := cmp.Diff(want, best); diff != "" {
				t.Errorf("BestKeep(%v) of a farkle (-want +got):\n%s", tc.roll, diff)
			}
			if ks, err := Keeps(tc.roll); len(ks) != 0 || err != nil {
				t.Errorf("Keeps(%v) of a farkle = %v, %v; want none", tc.roll, ks, err)
			}
		}
	}
}

func TestKeepsOrder(t *testing.T) {
	got, err := Keeps([]Die{5, 1, 2, 5})
	if err != nil {
		t.Fatal(err)
	}
	// Points descending, then fewest dice, then dice ascending.
	want := []Partition{
		{Combos: []Combo{{SingleOne, []Die{1}, 100}, {SingleFive, []Die{5}, 50}, {SingleFive, []Die{5}, 50}}, Rest: []Die{2}, Points: 200},
		{Combos: []Combo{{SingleOne, []Die{1}, 100}, {SingleFive, []Die{5}, 50}}, Rest: []Die{2, 5}, Points: 150},
		{Combos: []Combo{{SingleOne, []Die{1}, 100}}, Rest: []Die{2, 5, 5}, Points: 100},
		{Combos: []Combo{{SingleFive, []Die{5}, 50}, {SingleFive, []Die{5}, 50}}, Rest: []Die{1, 2}, Points: 100},
		{Combos: []Combo{{SingleFive, []Die{5}, 50}}, Rest: []Die{1, 2, 5}, Points: 50},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Keeps(5 1 2 5) (-want +got):\n%s", diff)
	}
}

// TestResultsDoNotAlias checks that appending to one result's slices does
// not change another's.
func TestResultsDoNotAlias(t *testing.T) {
	ks, err := Keeps([]Die{1, 1, 5, 5, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := Keeps([]Die{1, 1, 5, 5, 2, 3})
	for i := range ks {
		for j := range ks[i].Combos {
			_ = append(ks[i].Combos[j].Dice, 6)
		}
		_ = append(ks[i].Rest, 6)
		_ = append(ks[i].Combos, Combo{})
	}
	if diff := cmp.Diff(before, ks); diff != "" {
		t.Errorf("appending to results changed them (-before +after):\n%s", diff)
	}
}

func TestKindNames(t *testing.T) {
	for _, tc := range []struct {
		k          Kind
		lang, want string
	}{
		{Straight, "cs", "Postupka"}, {Straight, "fi-FI", "Suora"}, {Straight, "NL_be", "Straat"},
		{Straight, "en", "Straight"}, {Straight, "de", "Straight"}, {Straight, "", "Straight"},
		{FourOfAKind, "nl", "Carré"}, {ThreeOfAKind, "fi", "Muu kolmen kopla"},
		{SingleOne, "cs", "Jedna kostka s hodnotou 1"}, {ThreePairs, "fi", "Kolme paria"},
		{Kind(0), "cs", "Kind(0)"}, {Kind(200), "en", "Kind(200)"},
	} {
		if got := tc.k.Name(tc.lang); got != tc.want {
			t.Errorf("%v.Name(%q) = %q, want %q", tc.k, tc.lang, got, tc.want)
		}
	}
	for k := SingleOne; int(k) < numKinds; k++ {
		if k.String() == "" || strings.HasPrefix(k.String(), "Kind(") {
			t.Errorf("Kind %d has no English name", k)
		}
		for lang := range localNames {
			if k.Name(lang) == "" {
				t.Errorf("Kind %v has no %s name", k, lang)
			}
		}
	}
}

// forEachRoll calls f with every ordered sequence of n dice. f must not
// keep the slice.
func forEachRoll(n int, f func([]Die)) {
	dice := make([]Die, n)
	var walk func(i int)
	walk = func(i int) {
		if i == n {
			f(dice)
			return
		}
		for d := Die(1); d <= 6; d++ {
			dice[i] = d
			walk(i + 1)
		}
	}
	walk(0)
}

// sortedRest returns roll minus kept, ascending, with a simple count.
func sortedRest(roll, kept []Die) []Die {
	var n [7]int
	for _, d := range roll {
		n[d]++
	}
	for _, d := range kept {
		n[d]--
	}
	var out []Die
	for f := 1; f <= 6; f++ {
		for range n[f] {
			out = append(out, Die(f))
		}
	}
	return out
}

func diceName(dice []Die) string {
	var b strings.Builder
	for _, d := range dice {
		b.WriteString(d.String())
	}
	return b.String()
}

// TestScorerConcurrent uses one Scorer from several goroutines; run with
// -race, as CI does, it shows that the methods only read shared state.
func TestScorerConcurrent(t *testing.T) {
	s, err := New(Zilch)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := s.Keeps([]Die{1, 1, 5, 2, 2, 3})
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				roll := []Die{1, 1, 5, 2, 2, 3}
				if _, err := s.Score(roll[:1+(g+i)%6]); err != nil && !errors.Is(err, ErrNonScoring) {
					errs <- err.Error()
					return
				}
				if _, err := s.ValidateKeep(roll, []Die{1, 5}); err != nil {
					errs <- err.Error()
					return
				}
				_, _ = s.BestPartition(roll)
				_, _ = s.BestKeep(roll)
				got, _ := s.Keeps(roll)
				if !cmp.Equal(want, got) {
					errs <- "Keeps changed under concurrent use"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
