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
	f.Add([]byte(`<ul><li data-shell-if="a" hidden="">x<span data-shell-if="!b">y</span></li><li data-shell-flag="c">z</li></ul>`), "a")
	f.Add([]byte(`<div data-shell-if="a|b"><img src="x" data-shell-if="!a"><p>q</p></div>`), "b")
	f.Fuzz(func(t *testing.T, src []byte, on string) {
		m, err := ParseMarkup(src)
		if err != nil {
			return
		}
		if !bytes.Contains(src, []byte(DropAttr)) {
			if got := m.Render(nil); !bytes.Equal(got, src) {
				t.Fatalf("no flags changed the markup:\n%s\n%s", src, got)
			}
		}
		flags := map[string]bool{}
		for _, k := range bytes.Fields([]byte(on)) {
			flags[string(k)] = true
		}
		// The variant For picks is the one the conditions' Holds pick.
		if conds := m.Conditions(); len(conds) <= maxConditions {
			g := newGatedFragment(m, conds)
			if got, want := g.variantKey(flags), g.variantKeyByHolds(flags); got != want {
				t.Fatalf("variant %b, Holds say %b, for %q", got, want, on)
			}
		}
		out := m.Render(flags)
		if !bytes.Contains(src, []byte(DropAttr)) {
			if !bytes.Equal(withoutHidden(out), withoutHidden(src)) {
				t.Fatalf("rendering changed more than hidden attributes:\n%s\n%s", src, out)
			}
			return
		}
		// Cut gates: the page gets no condition to read, and only loses bytes (elements whose
		// condition fails, the attributes of those that hold), besides hidden attributes.
		if bytes.Contains(out, []byte(DropAttr+"=")) {
			t.Fatalf("a %s attribute left the gateway:\n%s\n%s", DropAttr, src, out)
		}
		if !isSubsequence(withoutHidden(out), withoutHidden(src)) {
			t.Fatalf("rendering added bytes:\n%s\n%s", src, out)
		}
	})
}

// isSubsequence reports whether every byte of a appears in b in order.
func isSubsequence(a, b []byte) bool {
	for _, c := range a {
		i := bytes.IndexByte(b, c)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// withoutHidden drops every hidden attribute, whatever its spelling.
func withoutHidden(b []byte) []byte {
	return hiddenAttr.ReplaceAllFunc(b, func(m []byte) []byte { return m[len(m)-1:] })
}
