//go:build amd64 && !purego

#include "textflag.h"

DATA minusOne<>+0(SB)/8, $0xbff0000000000000
GLOBL minusOne<>(SB), RODATA|NOPTR, $8
DATA plusOne<>+0(SB)/8, $0x3ff0000000000000
GLOBL plusOne<>(SB), RODATA|NOPTR, $8
DATA zero4<>+0(SB)/8, $0
DATA zero4<>+8(SB)/8, $0
DATA zero4<>+16(SB)/8, $0
DATA zero4<>+24(SB)/8, $0
GLOBL zero4<>(SB), RODATA|NOPTR, $32
DATA sign4<>+0(SB)/8, $0x8000000000000000
DATA sign4<>+8(SB)/8, $0x8000000000000000
DATA sign4<>+16(SB)/8, $0x8000000000000000
DATA sign4<>+24(SB)/8, $0x8000000000000000
GLOBL sign4<>(SB), RODATA|NOPTR, $32

// func rollLanesAVX(ck *float64, offs *int32, count *uint8, prob *float64, groups int, st *laneState)
//
// A keep's cell at ck + 8*off holds v, e, p and nx of the four lanes, a
// register each. The laneState st holds f, lo and hi at 0, 32 and 64, the
// sums at 96, 128 and 160. Y0 to Y2 hold the sums of e, p and nx, Y3 the
// margins w = max(hi - f, f - lo); for a group, Y4 the best v, Y5 the
// second best, Y6 to Y8 the best keep's e, p and nx. A comparison is
// false where an operand is a NaN, as Go's: ordered and quiet.
TEXT ·rollLanesAVX(SB), NOSPLIT, $0-48
	MOVQ ck+0(FP), SI
	MOVQ offs+8(FP), DI
	MOVQ count+16(FP), BX
	MOVQ prob+24(FP), DX
	MOVQ groups+32(FP), CX
	MOVQ st+40(FP), R8
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	// w = hi - f; if f - lo > w: w = f - lo
	VMOVUPD 0(R8), Y12
	VMOVUPD 32(R8), Y13
	VMOVUPD 64(R8), Y14
	VSUBPD Y12, Y14, Y3
	VSUBPD Y13, Y12, Y5
	VCMPPD $0x1e, Y3, Y5, Y15
	VBLENDVPD Y15, Y5, Y3, Y3

group:
	MOVBQZX (BX), R11
	MOVQ DI, R10
	MOVQ R11, R9
	MOVLQSX (DI), AX
	VMOVUPD (SI)(AX*8), Y4
	VBROADCASTSD minusOne<>(SB), Y5
	VMOVUPD 32(SI)(AX*8), Y6
	VMOVUPD 64(SI)(AX*8), Y7
	VMOVUPD 96(SI)(AX*8), Y8
	ADDQ $4, DI
	DECQ R9
	JEQ add

keep:
	MOVLQSX (DI), AX
	VMOVUPD (SI)(AX*8), Y9
	// Y10: v > best
	VCMPPD $0x1e, Y4, Y9, Y10
	// second = v > best ? best : max(second, v)
	VMAXPD Y9, Y5, Y11
	VBLENDVPD Y10, Y4, Y11, Y5
	// the best and its parts: the keep's where v > best
	VBLENDVPD Y10, Y9, Y4, Y4
	VBLENDVPD Y10, 32(SI)(AX*8), Y6, Y6
	VBLENDVPD Y10, 64(SI)(AX*8), Y7, Y7
	VBLENDVPD Y10, 96(SI)(AX*8), Y8, Y8
	ADDQ $4, DI
	DECQ R9
	JNE keep

add:
	// sum += q * the best keep's parts; Y7, the best's p, stays.
	VBROADCASTSD (DX), Y11
	VMULPD Y11, Y6, Y6
	VADDPD Y6, Y0, Y0
	VMULPD Y11, Y7, Y9
	VADDPD Y9, Y1, Y1
	VMULPD Y11, Y8, Y8
	VADDPD Y8, Y2, Y2
	CMPQ R11, $1
	JEQ next
	// The lanes whose best is less than w above the second: Y11 = w
	// there, 0 elsewhere (no keep is less than 0 below the best).
	VSUBPD Y5, Y4, Y11
	VCMPPD $0x11, Y3, Y11, Y11
	VMOVMSKPD Y11, AX
	TESTQ AX, AX
	JEQ next
	VANDPD Y3, Y11, Y11
	// The nearest crossings: ml/dl below, mh/dh above (1/0: none).
	VBROADCASTSD plusOne<>(SB), Y5
	VXORPD Y6, Y6, Y6
	VMOVAPD Y5, Y8
	VXORPD Y10, Y10, Y10

cross:
	MOVLQSX (R10), AX
	// Y12 = mg = best - v; Y13 = mg < w; Y14 = ds = pb - p. The best
	// keep itself has ds = 0 and so takes no side.
	VMOVUPD (SI)(AX*8), Y12
	VSUBPD Y12, Y4, Y12
	VCMPPD $0x11, Y11, Y12, Y13
	VMOVMSKPD Y13, R9
	TESTQ R9, R9
	JEQ nokeep
	VMOVUPD 64(SI)(AX*8), Y14
	VSUBPD Y14, Y7, Y14
	// below: ds > 0 and mg*dl < ml*ds
	VMULPD Y6, Y12, Y15
	VMULPD Y14, Y5, Y3
	VCMPPD $0x11, Y3, Y15, Y15
	VCMPPD $0x1e, zero4<>(SB), Y14, Y3
	VANDPD Y3, Y15, Y15
	VANDPD Y13, Y15, Y15
	VBLENDVPD Y15, Y12, Y5, Y5
	VBLENDVPD Y15, Y14, Y6, Y6
	// above: -ds > 0 and mg*dh < mh*-ds
	VXORPD sign4<>(SB), Y14, Y3
	VMULPD Y10, Y12, Y14
	VMULPD Y3, Y8, Y15
	VCMPPD $0x11, Y15, Y14, Y14
	VCMPPD $0x1e, zero4<>(SB), Y3, Y15
	VANDPD Y15, Y14, Y14
	VANDPD Y13, Y14, Y14
	VBLENDVPD Y14, Y12, Y8, Y8
	VBLENDVPD Y14, Y3, Y10, Y10

nokeep:
	ADDQ $4, R10
	DECQ R11
	JNE cross

	// lo = max(lo, f - ml/dl) where dl > 0; hi = min(hi, f + mh/dh)
	// where dh > 0; then w again.
	// (A side without a crossing in any lane is skipped: no division.)
	VMOVUPD 0(R8), Y12
	VMOVUPD 32(R8), Y13
	VMOVUPD 64(R8), Y14
	VCMPPD $0x1e, zero4<>(SB), Y6, Y15
	VMOVMSKPD Y15, AX
	TESTQ AX, AX
	JEQ above
	VDIVPD Y6, Y5, Y3
	VSUBPD Y3, Y12, Y3
	VCMPPD $0x1e, Y13, Y3, Y9
	VANDPD Y9, Y15, Y15
	VBLENDVPD Y15, Y3, Y13, Y13
	VMOVUPD Y13, 32(R8)

above:
	VCMPPD $0x1e, zero4<>(SB), Y10, Y15
	VMOVMSKPD Y15, AX
	TESTQ AX, AX
	JEQ newW
	VDIVPD Y10, Y8, Y3
	VADDPD Y3, Y12, Y3
	VCMPPD $0x11, Y14, Y3, Y9
	VANDPD Y9, Y15, Y15
	VBLENDVPD Y15, Y3, Y14, Y14
	VMOVUPD Y14, 64(R8)

newW:
	VSUBPD Y12, Y14, Y3
	VSUBPD Y13, Y12, Y5
	VCMPPD $0x1e, Y3, Y5, Y15
	VBLENDVPD Y15, Y5, Y3, Y3

next:
	ADDQ $8, DX
	INCQ BX
	DECQ CX
	JNE group

	VMOVUPD Y0, 96(R8)
	VMOVUPD Y1, 128(R8)
	VMOVUPD Y2, 160(R8)
	VZEROUPPER
	RET
