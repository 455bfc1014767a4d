//go:build amd64 && !purego

package three

import "github.com/farkle-go/farkle/strategy/win/internal/kit"

// rollLanesAVX is rollLanesGo with the lanes in 256-bit registers, for
// groups groups (at least one), the g-th with count[g] offsets (at least
// one) from offs, and chance prob[g]. Its arithmetic is rollLanesGo's:
// the same comparisons, and the same operations in the same order (no
// fused multiply-add), so that the two agree to the bit.
//
//go:noescape
func rollLanesAVX(ck *float64, offs *int32, count *uint8, prob *float64, groups int, st *laneState)

// rollLanes is rollLanesGo (see there), in assembly where the processor
// has AVX.
func rollLanes(ck []float64, offs []int32, count []uint8, prob []float64, st *laneState) {
	if !kit.HasAVX() || len(count) == 0 || len(prob) < len(count) {
		rollLanesGo(ck, offs, count, prob, st)
		return
	}
	rollLanesAVX(&ck[0], &offs[0], &count[0], &prob[0], len(count), st)
}

// lanesFast reports whether rollLanes is faster than rollAtI's scalar
// runs: in assembly, where the processor has AVX.
func lanesFast() bool { return kit.HasAVX() }
