package flags

import (
	"bytes"
	"testing"
)

// A flag file never panics the parser, and a file it takes evaluates.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"flags": {"mobileAppBanner": true, "isDWMLaunchNL": {"locales": {"nl-NL": true}}, "b2cNewMarketLocales": {"values": ["de-CH"]}}}`))
	f.Add([]byte(`{"flags": {"a": {"on": true, "locales": {"de-DE": false}}}}`))
	f.Add([]byte(`{"flags": null}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		file, err := Parse(raw, checkLocale)
		if err != nil {
			return
		}
		NewSet(file, []string{"de-DE", "nl-NL"}).Evaluate(Request{Locale: "nl-NL"})
	})
}

// Gated markup: rendering with no flags gives the source back, and any rendering keeps every
// byte outside the hidden attributes.
func FuzzMarkup(f *testing.F) {
	f.Add([]byte(`<ul><li data-shell-flag="a|b" hidden="">x</li><li data-shell-flag="!c">y</li></ul>`), "a c")
	f.Add([]byte(`<br data-shell-flag="!x"/><p hidden data-shell-flag="y">z</p>`), "x y")
	f.Fuzz(func(t *testing.T, src []byte, on string) {
		m, err := ParseMarkup(src)
		if err != nil {
			return
		}
		if got := m.Render(nil); !bytes.Equal(got, src) {
			t.Fatalf("no flags changed the markup:\n%s\n%s", src, got)
		}
		flags := map[string]bool{}
		for _, k := range bytes.Fields([]byte(on)) {
			flags[string(k)] = true
		}
		out := m.Render(flags)
		if !bytes.Equal(withoutHidden(out), withoutHidden(src)) {
			t.Fatalf("rendering changed more than hidden attributes:\n%s\n%s", src, out)
		}
	})
}

// withoutHidden drops every hidden attribute, whatever its spelling.
func withoutHidden(b []byte) []byte {
	return hiddenAttr.ReplaceAllFunc(b, func(m []byte) []byte { return m[len(m)-1:] })
}
