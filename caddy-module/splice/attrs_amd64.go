//go:build amd64 && !purego

package splice

// attrsEnd is quotedAttrsEnd; here in assembly (attrs_amd64.s): in Go the
// function spilled its slice around the search call, rebuilt its constants
// on every word and checked bounds the loop had already checked.
func attrsEnd(p []byte, k int) (end int, selfClosing, ok bool) {
	return quotedAttrsEndAsm(p, k)
}

// quotedAttrsEndAsm is quotedAttrsEnd step for step, its searches sixteen
// bytes at a time (SSE2). k is at least 1 (the byte before it is read) and
// at most len(p).
//
//go:noescape
func quotedAttrsEndAsm(p []byte, k int) (end int, selfClosing, ok bool)
