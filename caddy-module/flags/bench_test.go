package flags

import (
	"os"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/bundle"
)

// The per-request cost of flags: evaluation, and picking a gated fragment's variant once it is
// prepared (the first request of a flag combination prepares it).
func BenchmarkEvaluate(b *testing.B) {
	s := NewSet(Defaults(), []string{"de-DE", "nl-NL"})
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Evaluate(Request{Locale: "nl-NL"})
	}
}

func BenchmarkFragmentFor(b *testing.B) {
	src, err := os.ReadFile("testdata/footer-gated.html")
	if err != nil {
		b.Fatal(err)
	}
	mk, err := ParseMarkup(src)
	if err != nil {
		b.Fatal(err)
	}
	f := bundle.PrepareFragment(src)
	fr := &Fragments{gated: map[*bundle.Fragment]*gatedFragment{f: {markup: mk, conditions: mk.Conditions()}}}
	on := map[string]bool{MobileAppBanner: true, "b2cNewMarketLocales:de-ch": true, "b2cUnifiedDomainLocales:pl-pl": true}
	fr.For(f, on)
	b.ReportAllocs()
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_ = fr.For(f, on)
	}
}
