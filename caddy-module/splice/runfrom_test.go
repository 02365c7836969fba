package splice

import (
	"encoding/binary"
	"testing"
)

// runFrom counts the leading bytes of a word that are ASCII and at least lo, whatever byte
// ends the run and whatever bytes follow it (a sum carrying into the next lane would
// miscount).
func TestRunFrom(t *testing.T) {
	for _, lo := range []byte{0x40, 0x60} {
		testRunFrom(t, lo)
	}
}

func testRunFrom(t *testing.T, lo byte) {
	inRun := func(c byte) bool { return c >= lo && c < 0x80 }
	for at := range 8 {
		for c := range 256 {
			for _, fill := range []byte{'a', 'z', '-', '9', 0x00, 0x7f, 0xff, '=', '>'} {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				for i := range at {
					b[i] = "azq`~xyz"[i]
				}
				b[at] = byte(c)
				want := 0
				for want < 8 && inRun(b[want]) {
					want++
				}
				if got := runFrom(binary.LittleEndian.Uint64(b[:]), lo); got != want {
					t.Fatalf("runFrom(%q, %#x) = %d, want %d", b[:], lo, got, want)
				}
			}
		}
	}
}
