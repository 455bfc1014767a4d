package farkle

import (
	"fmt"
	"testing"
)

var (
	benchSix  = []Die{1, 1, 1, 1, 5, 5}
	benchKept = []Die{5, 1, 1, 1}
	sinkInt   int
	sinkErr   error
	sinkBool  bool
	sinkPart  Partition
	sinkParts []Partition
)

func BenchmarkScore(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkInt, sinkErr = Score(benchSix)
	}
}

// BenchmarkScoreAllRolls scores in turn every roll of six dice that
// scores in full, so that the lookups do not always hit the same entry.
func BenchmarkScoreAllRolls(b *testing.B) {
	var rolls [][]Die
	forEachRoll(6, 6, func(r, _ []Die) {
		if _, err := Score(r); err == nil {
			rolls = append(rolls, append([]Die(nil), r...))
		}
	})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkInt, sinkErr = Score(rolls[i])
		i++
		if i == len(rolls) {
			i = 0
		}
	}
}

func BenchmarkValidateKeep(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkInt, sinkErr = ValidateKeep(benchSix, benchKept)
	}
}

func BenchmarkIsFarkle(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkBool, sinkErr = IsFarkle(benchSix)
	}
}

func BenchmarkBestPartition(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkPart, sinkErr = BestPartition(benchSix)
	}
}

func BenchmarkBestKeep(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkPart, sinkErr = BestKeep(benchSix)
	}
}

func BenchmarkKeeps(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkParts, sinkErr = Keeps(benchSix)
	}
}

func BenchmarkNew(b *testing.B) {
	r := FacebookScoring.Rules()
	r.FourAsTwoPairs = true
	b.ReportAllocs()
	for b.Loop() {
		s, _ := New(r)
		sinkInt = s.Rules().SingleOne
	}
}

func BenchmarkAppendKeeps(b *testing.B) {
	var buf [32]Partition
	b.ReportAllocs()
	for b.Loop() {
		sinkParts, sinkErr = AppendKeeps(buf[:0], benchSix)
	}
}

// BenchmarkNewPreset compiles a preset's rules, which New does once per
// program: the later calls only check the rules and find the tables.
func BenchmarkNewPreset(b *testing.B) {
	r := FacebookScoring.Rules()
	b.ReportAllocs()
	for b.Loop() {
		s, err := New(r)
		if err != nil || s == nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPresets scores six dice with each preset's Scorer.
func BenchmarkPresets(b *testing.B) {
	for _, p := range allPresets {
		s, err := New(p.Rules())
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprint(p, "/Score"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkInt, sinkErr = s.Score(benchSix)
			}
		})
		b.Run(fmt.Sprint(p, "/ValidateKeep"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkInt, sinkErr = s.ValidateKeep(benchSix, benchKept)
			}
		})
		b.Run(fmt.Sprint(p, "/BestKeep"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPart, sinkErr = s.BestKeep(benchSix)
			}
		})
		b.Run(fmt.Sprint(p, "/Keeps"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkParts, sinkErr = s.Keeps(benchSix)
			}
		})
		b.Run(fmt.Sprint(p, "/AppendKeeps"), func(b *testing.B) {
			var buf [63]Partition
			b.ReportAllocs()
			for b.Loop() {
				sinkParts, sinkErr = s.AppendKeeps(buf[:0], benchSix)
			}
		})
	}
}

// BenchmarkJSON encodes and decodes a keep of two combinations.
func BenchmarkJSON(b *testing.B) {
	p, err := BestKeep([]Die{1, 1, 1, 5, 2, 3})
	if err != nil {
		b.Fatal(err)
	}
	data, err := p.MarshalJSON()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Partition/Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, sinkErr = p.MarshalJSON()
		}
	})
	b.Run("Partition/Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = sinkPart.UnmarshalJSON(data)
		}
	})
	hand := []byte("[6,1,5,1,1,2]")
	b.Run("Hand/Unmarshal", func(b *testing.B) {
		var h Hand
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = h.UnmarshalJSON(hand)
		}
	})
}

// BenchmarkHandForms runs each Scorer method on the same dice as a []Die
// and as the Dice of a Hand (the one conversion from a Hand), under the
// App rules.
func BenchmarkHandForms(b *testing.B) {
	s, err := New(AppScoring.Rules())
	if err != nil {
		b.Fatal(err)
	}
	six, err := HandOf(benchSix)
	if err != nil {
		b.Fatal(err)
	}
	kept, err := HandOf(benchKept)
	if err != nil {
		b.Fatal(err)
	}
	var buf [63]Partition
	for _, bm := range []struct {
		name       string
		dice, hand func()
	}{
		{"Score", func() { sinkInt, sinkErr = s.Score(benchSix) }, func() { sinkInt, sinkErr = s.Score(six.Dice()) }},
		{"ValidateKeep", func() { sinkInt, sinkErr = s.ValidateKeep(benchSix, benchKept) }, func() { sinkInt, sinkErr = s.ValidateKeep(six.Dice(), kept.Dice()) }},
		{"BestPartition", func() { sinkPart, sinkErr = s.BestPartition(benchSix) }, func() { sinkPart, sinkErr = s.BestPartition(six.Dice()) }},
		{"BestKeep", func() { sinkPart, sinkErr = s.BestKeep(benchSix) }, func() { sinkPart, sinkErr = s.BestKeep(six.Dice()) }},
		{"Keeps", func() { sinkParts, sinkErr = s.Keeps(benchSix) }, func() { sinkParts, sinkErr = s.Keeps(six.Dice()) }},
		{"AppendKeeps", func() { sinkParts, sinkErr = s.AppendKeeps(buf[:0], benchSix) }, func() { sinkParts, sinkErr = s.AppendKeeps(buf[:0], six.Dice()) }},
		{"IsFarkle", func() { sinkBool, sinkErr = s.IsFarkle(benchSix) }, func() { sinkBool, sinkErr = s.IsFarkle(six.Dice()) }},
	} {
		b.Run(bm.name+"/Die", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bm.dice()
			}
		})
		b.Run(bm.name+"/Hand.Dice", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bm.hand()
			}
		})
	}
}
