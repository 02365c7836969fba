//go:build linux

package splice

import (
	"strings"
	"syscall"
	"testing"
)

// pageBeforeAGuard gives one writable memory page followed by an unreadable
// one, unmapped when t ends: a read past its end faults.
func pageBeforeAGuard(t *testing.T) []byte {
	size := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[size:], syscall.PROT_NONE); err != nil {
		t.Skip(err)
	}
	return mem[:size:size]
}

// The classification reads nothing past the write: a slice of every length
// that ends where an unreadable page begins is filled without a fault from
// its start and from each of its last 130 offsets (each alignment of a
// partial last block, in the first block or after full ones).
func TestClassifyStopsAtTheEnd(t *testing.T) {
	mem := pageBeforeAGuard(t)
	size := len(mem)
	for i := range mem {
		mem[i] = "<a<"[i%3]
	}
	for n := 0; n <= min(size, 3*winBytes); n++ {
		p := mem[size-n : size] // its last byte is the page's last
		at := []int{}
		for i := max(0, n-130); i < n; i++ {
			at = append(at, i)
		}
		if n > 130 {
			at = append(at, 0)
		}
		if err := checkWindow(p, at); err != nil {
			t.Fatal(err)
		}
	}
}

// attrsEnd reads nothing past the write either: tags of every length that
// end where an unreadable page begins, their values or names running to
// the end, read from each start; values of every length up to 40 that run
// to the end (the sixteen-byte steps of the quote's search).
func TestAttrsEndStopsAtTheEnd(t *testing.T) {
	mem := pageBeforeAGuard(t)
	size := len(mem)
	tags := []string{
		` a="bcdefghijklmnopqrstuvwxyz0123456789`, ` a='b' c="d" efghijklmnopqrstuvwxyz`, ` abcdefghijklmnopqrstuvwxyz=`,
		` a="b">`, ` a="b"`, ` a="b" />`,
	}
	for v := 0; v <= 40; v++ {
		tags = append(tags, ` a="`+strings.Repeat("b", v), ` a='b' c='`+strings.Repeat("d", v))
	}
	for _, tag := range tags {
		for n := 1; n <= len(tag); n++ {
			p := mem[size-n : size]
			copy(p, tag[len(tag)-n:])
			for k := 1; k <= n; k++ {
				checkAttrsEnd(t, p, k)
			}
		}
	}
}
