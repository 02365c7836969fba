package customer

import (
	"strings"
	"testing"
)

// TestCobrandingLogoOnlyHTTPSOrInlineImage: a logo URL from the API that could run script or
// load over plain http is dropped, so the header shows no partner logo instead.
func TestCobrandingLogoOnlyHTTPSOrInlineImage(t *testing.T) {
	tests := []struct {
		url  string
		kept bool
	}{
		{"https://cdn.example.com/partner/logo.svg", true},
		{"HTTPS://cdn.example.com/logo.png", true},
		{"data:image/png;base64,iVBORw0KGgo=", true},
		{"data:image/jpeg;base64,/9j/4AAQ", true},
		{"data:image/webp;base64,UklGRg==", true},
		{"data:image/gif;base64,R0lGODlh", true},
		{"data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=", true},
		{"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3C/svg%3E", true},
		{"data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C/svg%3E", true},
		{"data:IMAGE/PNG;base64,iVBORw0KGgo=", true},

		{"javascript:alert(document.cookie)", false},
		{"JavaScript:alert(1)", false},
		{"java\tscript:alert(1)", false},
		{" https://cdn.example.com/logo.png", false},
		{"https://cdn.example.com/logo.png\n", false},
		{"https://cdn.example.com/a logo.png", false},
		{"data:image/png;base64,iVBO\nRw0KGgo=", false},
		{"http://cdn.example.com/logo.png", false},
		{"//cdn.example.com/logo.png", false},
		{"/logo.svg", false},
		{"logo.svg", false},
		{"https:/cdn.example.com/logo.png", false},
		{"https://user:pw@cdn.example.com/logo.png", false},
		{"https:///logo.png", false},
		{"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", false},
		{"data:text/html,<script>alert(1)</script>", false},
		{"data:application/javascript,alert(1)", false},
		{"data:image/png;base64;foo,iVBO", false},
		{"data:image/png;foo=bar;base64,iVBO", false},
		{"data:image/png", false},
		{"data:,hello", false},
		{"vbscript:msgbox(1)", false},
		{"data:image/png;base64," + strings.Repeat("A", maxInlineLogo), false},
		{"", false},
	}
	for _, tt := range tests {
		got := LogoURL(tt.url)
		if tt.kept && got != tt.url {
			t.Errorf("LogoURL(%.60q) = %q, want it kept", tt.url, got)
		}
		if !tt.kept && got != "" {
			t.Errorf("LogoURL(%.60q) = %.60q, want it dropped", tt.url, got)
		}
	}
}
