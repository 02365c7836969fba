//go:build amd64 && !purego

#include "textflag.h"

// func quotedAttrsEndAsm(p []byte, k int) (end int, selfClosing, ok bool)
//
// quotedAttrsEnd (steady.go) in assembly, step for step: the next '=' or
// '>' eight bytes at a time (one test for the four bytes 0x3c to 0x3f, the
// byte found then told apart; one by one in the last seven bytes), the
// checks around an '=', the closing quote eight bytes at a time. Reads only
// p[k-1:len(p)]. Plain x86-64: no vector or BMI instructions.
TEXT ·quotedAttrsEndAsm(SB), NOSPLIT, $0-42
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), BX
	MOVQ k+24(FP), DI
	MOVQ DI, R8                   // from: after the tag name or the last value
	MOVQ $0x0101010101010101, R10
	MOVQ $0x8080808080808080, R11
	MOVQ $0xfcfcfcfcfcfcfcfc, R12
	MOVQ $0x3e3e3e3e3e3e3e3e, R13 // '>'

next: // the next '=' or '>' at or after DI
	LEAQ 8(DI), AX
	CMPQ AX, BX
	JGT  tail
	MOVQ (SI)(DI*1), AX
	XORQ R13, AX
	ANDQ R12, AX                  // zero lanes where 0x3c to 0x3f: '<', '=', '>', '?'
	MOVQ AX, DX
	SUBQ R10, DX
	NOTQ AX
	ANDQ DX, AX                   // (v-lo) &^ v
	ANDQ R11, AX
	JNZ  inword
	ADDQ $8, DI
	JMP  next

inword:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, DI                   // DI = e
	JMP  found

tail:
	CMPQ    DI, BX
	JGE     fail
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3d
	JEQ     found
	CMPB    AL, $0x3e
	JEQ     found
	INCQ    DI
	JMP     tail

found: // p[DI] is '=' or '>' (or, from a word, '<' or '?': part of a name)
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3e
	JEQ     gt
	CMPB    AL, $0x3d
	JEQ     equals
	INCQ    DI
	JMP     next

equals:
	LEAQ    -1(DI), AX            // e-1 < from: no name before the '='
	CMPQ    AX, R8
	JLT     fail
	LEAQ    2(DI), AX             // e+2 >= n
	CMPQ    AX, BX
	JGE     fail
	MOVBLZX -1(SI)(DI*1), AX      // before the '=': not whitespace, not '/'
	CMPB    AL, $0x20
	JEQ     fail
	CMPB    AL, $0x2f
	JEQ     fail
	SUBL    $9, AX                // '\t' '\n' '\f' '\r' are 9, 10, 12, 13
	CMPL    AX, $4
	JHI     name
	CMPL    AX, $2                // 11 ('\v') is not whitespace
	JNE     fail

name:
	MOVBLZX 1(SI)(DI*1), CX       // q, right after the '='
	CMPB    CL, $0x22
	JEQ     quoted
	CMPB    CL, $0x27
	JNE     fail

quoted:
	ADDQ  $2, DI                  // the value's first byte
	MOVQ  R10, DX
	IMULQ CX, DX                  // q in every lane

qword:
	LEAQ 8(DI), AX
	CMPQ AX, BX
	JGT  qbyte
	MOVQ (SI)(DI*1), AX
	XORQ DX, AX
	MOVQ AX, R9
	SUBQ R10, R9
	NOTQ AX
	ANDQ R9, AX
	ANDQ R11, AX
	JNZ  qinword
	ADDQ $8, DI
	JMP  qword

qinword:
	BSFQ AX, AX
	SHRQ $3, AX
	ADDQ AX, DI
	JMP  closed

qbyte:
	CMPQ    DI, BX
	JGE     fail
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, CL
	JEQ     closed
	INCQ    DI
	JMP     qbyte

closed: // p[DI] is the closing quote
	INCQ    DI
	CMPQ    DI, BX
	JGE     more
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3e             // the last value ends most tags
	JNE     more
	INCQ    DI
	MOVQ    DI, end+32(FP)
	MOVB    $0, selfClosing+40(FP)
	MOVB    $1, ok+41(FP)
	RET

more:
	MOVQ DI, R8
	JMP  next

gt: // the tag's end; self-closing when a '/' is right before it
	LEAQ    1(DI), AX
	MOVQ    AX, end+32(FP)
	MOVBLZX -1(SI)(DI*1), AX
	CMPB    AL, $0x2f
	SETEQ   selfClosing+40(FP)
	MOVB    $1, ok+41(FP)
	RET

fail:
	MOVQ $0, end+32(FP)
	MOVB $0, selfClosing+40(FP)
	MOVB $0, ok+41(FP)
	RET
