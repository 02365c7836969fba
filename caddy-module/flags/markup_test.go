package flags

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// conditionCases is testdata/conditions.json, the flag conditions the edge and the shell
// (shell-ui/src/lib/flagCondition.test.ts) both test: one table, so they cannot drift.
type conditionCases struct {
	About string `json:"about"`
	Holds []struct {
		Condition string          `json:"condition"`
		Flags     map[string]bool `json:"flags"`
		Holds     bool            `json:"holds"`
	} `json:"holds"`
	// Malformed conditions the edge refuses (a prerender bug) and the shell never shows.
	Malformed []string `json:"malformed"`
}

// readTable decodes a table the edge and the shell share (testdata/*.json), refusing fields
// this side does not know: both sides must read the same columns.
func readTable(t *testing.T, file string, v any) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
}

func TestConditionHolds(t *testing.T) {
	var cases conditionCases
	readTable(t, "testdata/conditions.json", &cases)
	for _, tt := range cases.Holds {
		c, err := ParseCondition(tt.Condition)
		if err != nil {
			t.Errorf("ParseCondition(%q): %v", tt.Condition, err)
			continue
		}
		if got := c.Holds(tt.Flags); got != tt.Holds {
			t.Errorf("%q.Holds(%v) = %v, want %v", tt.Condition, tt.Flags, got, tt.Holds)
		}
	}
	for _, bad := range cases.Malformed {
		if _, err := ParseCondition(bad); err == nil {
			t.Errorf("ParseCondition(%q) took it", bad)
		}
	}
}

const gatedNav = `<nav><ul>` +
	`<li class="i">Sparen</li>` +
	`<li class="i" data-shell-flag="isDWMLaunchNL|ippDwmLaunchNl" hidden="">Beleggen</li>` +
	`<li data-shell-flag="b2cNewMarketLocales:de-ch" hidden=""><a href="/x">Schweiz</a></li>` +
	`<li hidden="">always hidden</li>` +
	`<li data-shell-flag="!b2cUnifiedDomainLocales:fr-fr"><a href="https://www.shellgate.fr/">France</a></li>` +
	`<li data-shell-flag="b2cUnifiedDomainLocales:fr-fr" hidden=""><a href="/fr-fr/">France</a></li>` +
	`<br data-shell-flag="!x"/>` +
	`</ul></nav>`

func TestRenderUnhidesWhatHolds(t *testing.T) {
	m, err := ParseMarkup([]byte(gatedNav))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Gates()); n != 5 {
		t.Fatalf("found %d gates, want 5", n)
	}
	none := string(m.Render(nil))
	if none != gatedNav {
		t.Fatalf("without flags the fragment changed:\n%s", none)
	}
	dwm := string(m.Render(map[string]bool{"ippDwmLaunchNl": true}))
	want := strings.Replace(gatedNav, `ippDwmLaunchNl" hidden="">`, `ippDwmLaunchNl">`, 1)
	if dwm != want {
		t.Fatalf("with the DWM flag:\n%s\nwant\n%s", dwm, want)
	}
	all := string(m.Render(map[string]bool{"isDWMLaunchNL": true, "b2cNewMarketLocales:de-ch": true}))
	if strings.Count(all, `hidden=""`) != 2 || !strings.Contains(all, `<li hidden="">always hidden`) {
		t.Fatalf("an ungated hidden element must stay hidden:\n%s", all)
	}
	// A negated gate: shown without flags, hidden by its flag; the other row swaps in.
	unified := string(m.Render(map[string]bool{"b2cUnifiedDomainLocales:fr-fr": true, "x": true}))
	for _, want := range []string{
		`<li data-shell-flag="!b2cUnifiedDomainLocales:fr-fr" hidden=""><a href="https://www.shellgate.fr/">`,
		`<li data-shell-flag="b2cUnifiedDomainLocales:fr-fr"><a href="/fr-fr/">`,
		`<br data-shell-flag="!x" hidden=""/>`,
	} {
		if !strings.Contains(unified, want) {
			t.Errorf("with the unified flag, want %s in\n%s", want, unified)
		}
	}
}

func TestParseMarkupWantsGatesAsWithoutFlags(t *testing.T) {
	_, err := ParseMarkup([]byte(`<ul><li data-shell-flag="mobileAppBanner">x</li></ul>`))
	if err == nil || !strings.Contains(err.Error(), "render gated elements as they read without flags") {
		t.Fatalf("err = %v", err)
	}
	if _, err := ParseMarkup([]byte(`<ul><li data-shell-flag="!embeddedAppView" hidden="">x</li></ul>`)); err == nil {
		t.Fatal("took a gate hidden although it holds without flags")
	}
	// "hidden" inside another attribute's value is not the attribute.
	_, err = ParseMarkup([]byte(`<ul><li title=" hidden " data-shell-flag="a">x</li></ul>`))
	if err == nil {
		t.Fatal("took a gate whose only 'hidden' is text in a value")
	}
}

const droppedPicker = `<ul>` +
	`<li data-flag="DE"><span aria-current="true">Deutschland</span></li>` +
	`<li data-flag="ES" data-shell-if="!b2cUnifiedDomainLocales:es-es"><a href="https://www.shellgate.es/">España</a></li>` +
	`<li data-flag="ES" data-shell-if="b2cUnifiedDomainLocales:es-es" hidden=""><a href="/es-es/">España</a></li>` +
	`<li data-shell-if="b2cNewMarketLocales:de-ch" hidden=""><ul><li data-shell-flag="x" hidden="">in</li><li data-shell-if="y" hidden=""><br/>in</li></ul></li>` +
	`<input data-shell-if="!z" name="a"/>` +
	`</ul>`

// TestRenderCutsDropGatedElements: a visitor's page carries only the rows their flags show,
// and no condition text; the rows another visitor's flags show are cut, with what they hold.
func TestRenderCutsDropGatedElements(t *testing.T) {
	m, err := ParseMarkup([]byte(droppedPicker))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		flags map[string]bool
		want  string
	}{
		{nil, `<ul><li data-flag="DE"><span aria-current="true">Deutschland</span></li>` +
			`<li data-flag="ES"><a href="https://www.shellgate.es/">España</a></li>` +
			`<input name="a"/></ul>`},
		{map[string]bool{"b2cUnifiedDomainLocales:es-es": true, "b2cNewMarketLocales:de-ch": true, "z": true, "y": true}, `<ul><li data-flag="DE"><span aria-current="true">Deutschland</span></li>` +
			`<li data-flag="ES"><a href="/es-es/">España</a></li>` +
			`<li><ul><li data-shell-flag="x" hidden="">in</li><li><br/>in</li></ul></li>` +
			`</ul>`},
		{map[string]bool{"b2cNewMarketLocales:de-ch": true, "x": true}, `<ul><li data-flag="DE"><span aria-current="true">Deutschland</span></li>` +
			`<li data-flag="ES"><a href="https://www.shellgate.es/">España</a></li>` +
			`<li><ul><li data-shell-flag="x">in</li></ul></li>` +
			`<input name="a"/></ul>`},
	} {
		if got := string(m.Render(tt.flags)); got != tt.want {
			t.Errorf("flags %v:\n%s\nwant\n%s", tt.flags, got, tt.want)
		}
	}
	if _, err := ParseMarkup([]byte(`<ul><li data-shell-if="a">x</ul>`)); err == nil {
		t.Error("a drop-gated element without its end tag was taken")
	}
}
