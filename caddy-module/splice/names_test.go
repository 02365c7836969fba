package splice

import "testing"

// Every element is found by its name key, and the frequent ones in their own
// slot, at the first probe.
func TestElemTable(t *testing.T) {
	for e := elem(1); e < elCount; e++ {
		k := keyOf(elemNames[e])
		if got, f := lookupKeyFlags(k); got != e || f != elemFlags[e] {
			t.Errorf("%q: %v %x, want %v %x", elemNames[e], got, f, e, elemFlags[e])
		}
	}
	for _, e := range frequentElems {
		if k := keyOf(elemNames[e]); elemTable[slotOf(k)].key != k {
			t.Errorf("%q is not in its own slot", elemNames[e])
		}
	}
}
