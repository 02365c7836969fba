//go:build !amd64 || purego

package splice

// No vector classification here: the steady loop searches with
// indexByteFrom, which is faster than masks built byte by byte.
const haveVectorClassify = false

func classifyLT(src []byte, dst []uint64) { classifyGeneric(src, dst) }
