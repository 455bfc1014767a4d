//go:build amd64 && !purego

package three

import "sync"

// hasAVX reports whether the processor and the operating system support
// AVX, which rollLanesAVX needs: the CPUID bits of AVX and OSXSAVE, and
// the XMM and YMM state enabled in XCR0. It asks once, on first use.
var hasAVX = sync.OnceValue(func() bool {
	_, _, ecx, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	eax, _ := xgetbv()
	return eax&6 == 6
})

// cpuid returns the registers of the CPUID instruction for leaf eax and
// subleaf ecx.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the features that the operating system saves.
func xgetbv() (eax, edx uint32)

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
	if !hasAVX() || len(count) == 0 || len(prob) < len(count) {
		rollLanesGo(ck, offs, count, prob, st)
		return
	}
	rollLanesAVX(&ck[0], &offs[0], &count[0], &prob[0], len(count), st)
}

// lanesFast reports whether rollLanes is faster than rollAtI's scalar
// runs: in assembly, where the processor has AVX.
func lanesFast() bool { return hasAVX() }
