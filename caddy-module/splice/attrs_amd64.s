//go:build amd64 && !purego

#include "textflag.h"

// The lanes the searches compare with, loaded once a call or a value:
// 0xfc (the mask that maps 0x3c to 0x3f on 0x3c), 0x3c, '"' and '\''.
DATA attrsConst<>+0(SB)/8, $0xfcfcfcfcfcfcfcfc
DATA attrsConst<>+8(SB)/8, $0xfcfcfcfcfcfcfcfc
DATA attrsConst<>+16(SB)/8, $0x3c3c3c3c3c3c3c3c
DATA attrsConst<>+24(SB)/8, $0x3c3c3c3c3c3c3c3c
DATA attrsConst<>+32(SB)/8, $0x2222222222222222
DATA attrsConst<>+40(SB)/8, $0x2222222222222222
DATA attrsConst<>+48(SB)/8, $0x2727272727272727
DATA attrsConst<>+56(SB)/8, $0x2727272727272727
GLOBL attrsConst<>(SB), RODATA|NOPTR, $64

// func quotedAttrsEndAsm(p []byte, k int) (end int, selfClosing, ok bool)
//
// quotedAttrsEnd (steady.go) in assembly, step for step: the next '=' or
// '>' sixteen bytes at a time (one compare for the four bytes 0x3c to 0x3f,
// the byte found then told apart; one by one in the last fifteen bytes),
// the checks around an '=', the closing quote sixteen bytes at a time. Reads
// only p[k-1:len(p)]. SSE2 (in every amd64), no later vector or BMI
// instructions: a value of 9 to 16 bytes is one compare, not two words.
TEXT ·quotedAttrsEndAsm(SB), NOSPLIT, $0-42
	MOVQ       p_base+0(FP), SI
	MOVQ       p_len+8(FP), BX
	MOVQ       k+24(FP), DI
	MOVOU      attrsConst<>+0(SB), X4  // 0xfc in every lane
	MOVOU      attrsConst<>+16(SB), X5 // 0x3c in every lane

	// The common way falls through: a '=' found in a word, a name byte
	// before it, a '"' after it, the closing quote in a word.
next: // the next '=' or '>' at or after DI
	LEAQ     16(DI), AX
	CMPQ     AX, BX
	JGT      tail
	MOVOU    (SI)(DI*1), X1
	PAND     X4, X1
	PCMPEQB  X5, X1                 // 0x3c to 0x3f: '<', '=', '>', '?'
	PMOVMSKB X1, AX
	TESTL    AX, AX
	JZ       nextword
	BSFL     AX, AX
	ADDQ     AX, DI                 // DI = e

found: // p[DI] is '=' or '>' (or, from a word, '<' or '?': part of a name)
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3e
	JEQ     gt
	CMPB    AL, $0x3d
	JNE     skip

	// equals
	LEAQ    2(DI), AX             // e+2 >= n
	CMPQ    AX, BX
	JGE     fail
	MOVBLZX -1(SI)(DI*1), AX      // before the '=': a name's byte
	CMPL    AX, $0x2f
	JLS     low                   // most often a letter: above '/'

name:
	MOVBLZX 1(SI)(DI*1), CX       // q, right after the '='
	CMPB    CL, $0x22
	JNE     single
	MOVOU   attrsConst<>+32(SB), X6 // q in every lane

quoted:
	ADDQ $2, DI                   // the value's first byte

qword:
	LEAQ     16(DI), AX
	CMPQ     AX, BX
	JGT      qbyte
	MOVOU    (SI)(DI*1), X1
	PCMPEQB  X6, X1
	PMOVMSKB X1, AX
	TESTL    AX, AX
	JZ       qnextword
	BSFL     AX, AX
	ADDQ     AX, DI

closed: // p[DI] is the closing quote
	INCQ    DI
	CMPQ    DI, BX
	JGE     next
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3e             // the last value ends most tags
	JNE     next
	INCQ    DI
	MOVQ    DI, end+32(FP)
	MOVB    $0, selfClosing+40(FP)
	MOVB    $1, ok+41(FP)
	RET

nextword:
	ADDQ $16, DI
	JMP  next

skip: // '<' or '?'
	INCQ DI
	JMP  next

low: // whitespace, '/' or a quote before the '=' (not '\v'): no name
	MOVQ $0x808500003600, DX      // '\t' '\n' '\f' '\r' ' ' '"' '\'' '/'
	BTQ  AX, DX
	JCS  fail
	JMP  name

single:
	CMPB  CL, $0x27
	JNE   fail
	MOVOU attrsConst<>+48(SB), X6
	JMP   quoted

qnextword:
	ADDQ $16, DI
	JMP  qword

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

qbyte:
	CMPQ    DI, BX
	JGE     fail
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, CL
	JEQ     closed
	INCQ    DI
	JMP     qbyte

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
