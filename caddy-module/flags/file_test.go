package flags

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkLocale stands for market.Check: the flag package must not know the market list.
func checkLocale(l string) error {
	for _, ok := range []string{"de-DE", "nl-NL", "fr-FR", "en-GB"} {
		if strings.EqualFold(l, ok) {
			return nil
		}
	}
	return fmt.Errorf("locale %q is not a market of the platform; use one of de-DE, nl-NL, fr-FR, en-GB", l)
}

func TestParseRejectsWithAFix(t *testing.T) {
	tests := []struct {
		name, file, want string
	}{
		{"not JSON", `{"flags": {`, "not valid JSON"},
		{"no flags object", `{}`, `no "flags" object`},
		{"unknown top-level field", `{"flag": {}}`, `unknown field "flag"`},
		{"unknown flag field", `{"flags": {"b2cUseNewDashboard": {"enabled": true}}}`, "with the fields on, locales, devices, countries and values"},
		{"a string value", `{"flags": {"b2cUseNewDashboard": "yes"}}`, "a flag is true, false or an object"},
		{"misspelt case", `{"flags": {"isDwmLaunchNL": true}}`, `did you mean "isDWMLaunchNL"`},
		{"bad name", `{"flags": {"new-dashboard": true}}`, "a name is letters, digits and _"},
		{"unknown locale", `{"flags": {"isDWMLaunchNL": {"locales": {"nl-BE": true}}}}`, `flag isDWMLaunchNL, locales: locale "nl-BE" is not a market`},
		{"bad value", `{"flags": {"b2cNewMarketLocales": {"values": ["de ch"]}}}`, `"de ch" is not a value`},
		{"values mixed with on", `{"flags": {"b2cNewMarketLocales": {"on": true, "values": ["de-CH"]}}}`, "a list-valued flag takes values only"},
		{"both spellings", `{"flags": {"isDWMLaunchNL": true, "ippDwmLaunchNl": false}}`, "one flag spelled two ways; keep one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.file), checkLocale)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Parse(%s) = %v, want an error containing %q", tt.file, err, tt.want)
			}
		})
	}
}

func TestParseTakesEveryForm(t *testing.T) {
	f, err := Parse([]byte(`{"flags": {
		"b2cUseNewDashboard": true,
		"ippDwmLaunchNl": {"locales": {"NL-nl": true}},
		"b2cUnifiedDomainLocales": {"values": ["fr-FR"]},
		"someNewFlag": {"on": true, "locales": {"de-DE": false}}
	}}`), checkLocale)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Flags) != 4 || !f.Flags["b2cUseNewDashboard"].On || !f.Flags["ippDwmLaunchNl"].Locales["NL-nl"] {
		t.Fatalf("parsed %+v", f.Flags)
	}
}

func TestLoadNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "flags.json")
	if err := os.WriteFile(bad, []byte(`{"flags": {"x": 1}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad, checkLocale); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("Load = %v, want the path in the message", err)
	}
	if _, err := Load(filepath.Join(dir, "missing.json"), checkLocale); err == nil || !strings.Contains(err.Error(), "give the path of a JSON file") {
		t.Fatalf("Load(missing) = %v", err)
	}
}

// The demo's flag file is checked with the real rules.
func TestDemoFlagFileLoads(t *testing.T) {
	if _, err := Load("../../testdata/flags.json", checkLocale); err != nil {
		t.Fatal(err)
	}
}
