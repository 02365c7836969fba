package shell

import (
	"strings"
	"testing"
)

// The flags and banner options fail adapt or validate with a message naming the fix.
func TestFlagAndBannerOptionsSayWhatToChange(t *testing.T) {
	misspelt := flagFile(t, `{"flags": {"isDwmLaunchNL": true}}`)
	tests := []struct {
		name, block, want string
	}{
		{"flags without a file", "flags", "flags takes one path: a JSON flag file"},
		{"flags file missing", "flags /nonexistent/flags.json", "give the path of a JSON file"},
		{"flags misspelt", "flags " + misspelt, misspelt + `: flag "isDwmLaunchNL": did you mean "isDWMLaunchNL"?`},
		{"banner with an argument", "banner on", "banner takes a block"},
		{"banner unknown option", "banner {\n colour blue\n}", `unknown banner option "colour"; the options are country_header`},
		{"banner option without a value", "banner {\n country_header\n}", "banner country_header takes one name"},
		{"banner cookie name", "banner {\n preferred_cookie a;b\n}", `banner preferred_cookie "a;b" is not a name`},
		{"banner header name", "banner {\n country_header CF:Country\n}", `country_header "CF:Country" is not a header name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := validateShellBlock(t, tt.block); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}
