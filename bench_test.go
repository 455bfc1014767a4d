package farkle

import "testing"

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
	r := Facebook.Rules()
	r.FourAsTwoPairs = true
	b.ReportAllocs()
	for b.Loop() {
		s, _ := New(r)
		sinkInt = s.Rules().SingleOne
	}
}

func TestSmoke(t *testing.T) {
	for _, d := range [][]Die{{1, 1, 1, 1, 5, 5}, {2, 2, 2, 3, 3, 3}, {1, 1, 1, 1}, {1, 2, 3, 4, 6, 6}, {1, 2, 3, 4, 5, 6}} {
		p, err := BestPartition(d)
		k, _ := BestKeep(d)
		ks, _ := Keeps(d)
		sc, serr := Score(d)
		t.Log(d, p, err, "| best keep:", k, "| keeps:", len(ks), "| score", sc, serr)
	}
	_, err := ValidateKeep([]Die{1, 2, 3, 4, 6, 6}, []Die{1, 1})
	t.Log(err)
	_, err = Score(make([]Die, 20))
	t.Log(err)
}

func BenchmarkAppendKeeps(b *testing.B) {
	var buf [32]Partition
	b.ReportAllocs()
	for b.Loop() {
		sinkParts, sinkErr = AppendKeeps(buf[:0], benchSix)
	}
}
