//go:build !amd64 || purego

package splice

// attrsEnd is quotedAttrsEnd (assembly on amd64: attrs_amd64.s).
func attrsEnd(p []byte, k int) (end int, selfClosing, ok bool) { return quotedAttrsEnd(p, k) }
