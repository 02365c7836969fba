//go:build amd64 && !purego

package splice

import "golang.org/x/sys/cpu"

// The classification in AVX2 (structural_amd64.s), checked at start-up like
// the standard library's internal/bytealg does: without AVX2, or with the
// purego build tag, the steady loop searches with indexByteFrom as before.
var haveVectorClassify = cpu.X86.HasAVX2

// classifyLT writes the '<' masks of len(dst) 64-byte blocks of src.
func classifyLT(src []byte, dst []uint64) {
	if !haveVectorClassify {
		classifyGeneric(src, dst)
		return
	}
	if len(dst) == 0 {
		return
	}
	_ = src[len(dst)<<6-1] // every block is in src
	classifyLTAVX2(&src[0], len(dst), &dst[0])
}

// classifyLTAVX2 writes the '<' masks of n 64-byte blocks at src into
// dst[0:n]. It reads exactly n*64 bytes.
//
//go:noescape
func classifyLTAVX2(src *byte, n int, dst *uint64)
