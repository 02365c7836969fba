package flags

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// A fragment's variant is the one its conditions' Holds choose, for any flags: the quick path
// that looks each key up once reads the same conditions the same way, negations, alternatives
// and absent keys included, and so does the path past maxKeys.
func TestVariantKeyAgreesWithHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 19))
	names := []string{"embeddedAppView", "mobileAppBanner", "b2cUnifiedDomainLocales:fr-fr",
		"b2cUnifiedDomainLocales:de-at", "b2cNewMarketLocales:it-it", "access:HAS_CRYPTO", "customer:company"}
	for round := range 500 {
		keys := names
		if round%50 == 0 { // more distinct keys than the quick path takes
			keys = nil
			for i := range 2 * maxKeys {
				keys = append(keys, "flag"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+string(rune('a'+i/26)))
			}
		}
		var conds []Condition
		n := 1 + rng.IntN(maxConditions)
		if round%50 == 0 {
			n = maxConditions
		}
		for range n {
			var terms []string
			for range 1 + rng.IntN(3) + 2*(1-min(round%50, 1)) {
				var alts []string
				for range 1 + rng.IntN(3) + 2*(1-min(round%50, 1)) {
					a := keys[rng.IntN(len(keys))]
					if rng.IntN(2) == 0 {
						a = "!" + a
					}
					alts = append(alts, a)
				}
				terms = append(terms, strings.Join(alts, "|"))
			}
			c, err := ParseCondition(strings.Join(terms, " "))
			if err != nil {
				t.Fatal(err)
			}
			conds = append(conds, c)
		}
		g := newGatedFragment(&Markup{}, conds)
		distinct := map[string]bool{}
		for _, c := range conds {
			for _, term := range c.terms {
				for _, a := range term {
					distinct[a.key] = true
				}
			}
		}
		if quick := g.terms != nil; quick != (len(distinct) <= maxKeys) {
			t.Fatalf("round %d: %d distinct keys, quick path %v", round, len(distinct), quick)
		}
		if round%50 == 0 && len(distinct) <= maxKeys {
			t.Fatalf("round %d: %d distinct keys: the path past maxKeys is not tried", round, len(distinct))
		}
		for range 20 {
			flags := map[string]bool{}
			for _, k := range keys {
				switch rng.IntN(3) {
				case 0:
					flags[k] = true
				case 1:
					flags[k] = false
				} // else absent
			}
			var want uint64
			for i, c := range conds {
				if c.Holds(flags) {
					want |= 1 << i
				}
			}
			if got := g.variantKey(flags); got != want {
				t.Fatalf("round %d: variant %b, Holds says %b", round, got, want)
			}
		}
		if g.variantKey(nil) != g.variantKeyByHolds(nil) {
			t.Fatalf("round %d: no flags at all read differently", round)
		}
	}
}

func (g *gatedFragment) variantKeyByHolds(flags map[string]bool) uint64 {
	var key uint64
	for i, c := range g.conditions {
		if c.Holds(flags) {
			key |= 1 << i
		}
	}
	return key
}
