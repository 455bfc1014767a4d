//go:build amd64 && !purego

#include "textflag.h"

// func rollStepAVX(vk *[lanes]uint64, offs *int32, count *uint8, prob *float64, groups int, pff *[lanes]float64, bank, out *[lanes]uint64)
//
// The 16 lanes are four 256-bit registers: Y0 to Y3 hold the sums, Y4 to
// Y7 the largest value of the group so far. The values are the bits of
// non-negative floats, whose order as floats is their order as integers.
TEXT ·rollStepAVX(SB), NOSPLIT, $0-64
	MOVQ vk+0(FP), SI
	MOVQ offs+8(FP), DI
	MOVQ count+16(FP), BX
	MOVQ prob+24(FP), DX
	MOVQ groups+32(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	TESTQ CX, CX
	JEQ done

group:
	MOVBQZX (BX), R9
	MOVLQSX (DI), AX
	SHLQ $7, AX
	VMOVUPD (SI)(AX*1), Y4
	VMOVUPD 32(SI)(AX*1), Y5
	VMOVUPD 64(SI)(AX*1), Y6
	VMOVUPD 96(SI)(AX*1), Y7
	ADDQ $4, DI
	DECQ R9
	JEQ add

option:
	MOVLQSX (DI), AX
	SHLQ $7, AX
	VMAXPD (SI)(AX*1), Y4, Y4
	VMAXPD 32(SI)(AX*1), Y5, Y5
	VMAXPD 64(SI)(AX*1), Y6, Y6
	VMAXPD 96(SI)(AX*1), Y7, Y7
	ADDQ $4, DI
	DECQ R9
	JNE option

add:
	VBROADCASTSD (DX), Y8
	VMULPD Y8, Y4, Y4
	VADDPD Y4, Y0, Y0
	VMULPD Y8, Y5, Y5
	VADDPD Y5, Y1, Y1
	VMULPD Y8, Y6, Y6
	VADDPD Y6, Y2, Y2
	VMULPD Y8, Y7, Y7
	VADDPD Y7, Y3, Y3
	ADDQ $8, DX
	INCQ BX
	DECQ CX
	JNE group

done:
	// out = max(bank, pff + sum)
	MOVQ pff+40(FP), R8
	MOVQ bank+48(FP), R10
	MOVQ out+56(FP), R11
	VADDPD (R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	VADDPD 64(R8), Y2, Y2
	VADDPD 96(R8), Y3, Y3
	VMAXPD (R10), Y0, Y0
	VMAXPD 32(R10), Y1, Y1
	VMAXPD 64(R10), Y2, Y2
	VMAXPD 96(R10), Y3, Y3
	VMOVUPD Y0, (R11)
	VMOVUPD Y1, 32(R11)
	VMOVUPD Y2, 64(R11)
	VMOVUPD Y3, 96(R11)
	VZEROUPPER
	RET
