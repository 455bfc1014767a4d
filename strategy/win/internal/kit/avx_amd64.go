//go:build amd64 && !purego

package kit

import "sync"

// HasAVX reports whether the processor and the operating system support
// AVX, which the solvers' kernels in assembly need: the CPUID bits of AVX
// and OSXSAVE, and the XMM and YMM state enabled in XCR0. It asks once,
// on first use.
var HasAVX = sync.OnceValue(func() bool {
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
