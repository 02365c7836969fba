//go:build amd64 && !purego

#include "textflag.h"

// func classifyLTAVX2(src *byte, n int, dst *uint64)
//
// For each 64-byte block k: bit j of dst[k] is set when byte j of the
// block is '<'. Reads exactly n*64 bytes from src; n may be 0.
TEXT ·classifyLTAVX2(SB), NOSPLIT, $0-24
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ dst+16(FP), DI
	MOVL $0x3c, AX // '<'
	MOVQ AX, X0
	VPBROADCASTB X0, Y0
	TESTQ CX, CX
	JZ    done

loop:
	VPCMPEQB  (SI), Y0, Y1
	VPCMPEQB  32(SI), Y0, Y2
	VPMOVMSKB Y1, AX
	VPMOVMSKB Y2, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      AX, (DI)
	ADDQ      $64, SI
	ADDQ      $8, DI
	DECQ      CX
	JNZ       loop

done:
	VZEROUPPER
	RET
