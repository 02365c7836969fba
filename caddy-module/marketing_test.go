package shell

import (
	"net/http"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddyconfig"

	"github.com/shellgate/shellgate/caddy-module/shellstate"
)

// newMarketingGateway is a gateway with a logged-in identity, the app view's header signal
// and marketing m.
func newMarketingGateway(t *testing.T, m *Marketing) *testGateway {
	t.Helper()
	return newTestGatewayWith(t, &Handler{
		Identity:  localIdentity(),
		AppView:   &AppView{Header: "X-App-Platform", Values: []string{"ios", "android"}},
		Marketing: m,
	})
}

// TestTrackingAppIDPerHost: each host's page names its own tracking app id (spec 9: tracking
// app ids vary by host), whatever case or port the Host header has; a host without one names
// none, and without the marketing block no page has any.
func TestTrackingAppIDPerHost(t *testing.T) {
	g := newMarketingGateway(t, &Marketing{AppIDs: map[string]string{"bank.example.de": "web-de", "bank.example.co.uk": "web-uk"}})
	for _, tt := range []struct{ host, want string }{
		{"bank.example.de", "web-de"},
		{"BANK.example.DE:8443", "web-de"},
		{"bank.example.co.uk.", "web-uk"},
		{"bank.example.nl", ""},
		{"localhost", ""},
	} {
		r := navigate("/festgeld/", nil)
		r.Host = tt.host
		_, body := g.do(r)
		st := pageState(t, body)
		got := ""
		if st.Marketing != nil {
			got = st.Marketing.TrackingAppID
		}
		if got != tt.want {
			t.Errorf("host %s: tracking app id %q, want %q", tt.host, got, tt.want)
		}
	}

	off := newMarketingGateway(t, nil)
	r := navigate("/festgeld/", nil)
	r.Host = "bank.example.de"
	_, body := off.do(r)
	if st := pageState(t, body); st.Marketing != nil {
		t.Errorf("without a marketing block the page carries marketing: %+v", *st.Marketing)
	}
}

// TestMarketingSDKBridgeOnlyInAppView: the mobile marketing SDK's bridge reaches the shell
// only on pages of the app's embedded view, the footer's rule: the app's signal, or a later
// page of the app that came without it (a link in the view, which only the first request the
// app makes carries the header on) and has the app view's cookie; a browser (even one sending
// ?webview=1) never gets it. The CDP's global is on every page: the shell decides on identify
// by login and consent.
func TestMarketingSDKBridgeOnlyInAppView(t *testing.T) {
	g := newMarketingGateway(t, &Marketing{CDPGlobal: "analytics", SDKBridge: "marketingSdk"})
	for _, tt := range []struct {
		name, header, target string
		cookie               *http.Cookie
		want                 string
	}{
		{"app view (ios)", "ios", "/festgeld/", nil, "marketingSdk"},
		{"app view (Android, any case)", "Android", "/festgeld/", nil, "marketingSdk"},
		{"the app's next page, by a link", "", "/tagesgeld/", &http.Cookie{Name: appViewCookie, Value: "1"}, "marketingSdk"},
		{"browser", "", "/festgeld/", nil, ""},
		{"browser asking for the webview", "", "/festgeld/?webview=1", nil, ""},
		{"browser with another value in the cookie", "", "/festgeld/", &http.Cookie{Name: appViewCookie, Value: "yes"}, ""},
		{"other platform", "windows", "/festgeld/", nil, ""},
	} {
		r := navigate(tt.target, tt.cookie)
		if tt.header != "" {
			r.Header.Set("X-App-Platform", tt.header)
		}
		_, body := g.do(r)
		st := pageState(t, body)
		if st.Marketing == nil {
			t.Fatalf("%s: no marketing in the state", tt.name)
		}
		want := shellstate.Marketing{CDPGlobal: "analytics", SDKBridge: tt.want}
		if *st.Marketing != want {
			t.Errorf("%s: marketing %+v, want %+v", tt.name, *st.Marketing, want)
		}
	}
}

// TestCDPScriptInHead: the CDP's loader goes into the head of every page, async and marked;
// without cdp_script no page loads it.
func TestCDPScriptInHead(t *testing.T) {
	g := newMarketingGateway(t, &Marketing{CDPGlobal: "analytics", CDPScript: "/cdp/fake-cdp.js"})
	_, body := g.do(navigate("/festgeld/", nil))
	head, _, _ := strings.Cut(body, "<body>") // the shell's head nodes close the head
	if !strings.Contains(head, `<script async src="/cdp/fake-cdp.js" data-shell="cdp"></script>`) {
		t.Errorf("the head lacks the CDP's loader:\n%s", head)
	}
	g = newMarketingGateway(t, &Marketing{CDPGlobal: "analytics"})
	if _, body := g.do(navigate("/festgeld/", nil)); strings.Contains(body, `data-shell="cdp"`) {
		t.Errorf("a CDP loader without cdp_script:\n%s", body)
	}
}

func TestMarketingCaddyfile(t *testing.T) {
	const site = "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n%s\n\t}\n\trespond ok\n}\n"
	const appView = "app_view {\n header X-App-Platform ios\n}\n"
	block := appView + "marketing {\n cdp_global analytics\n cdp_script /cdp/fake-cdp.js\n app_ids bank.example.de web-de\n app_ids bank.example.co.uk web-uk\n sdk_bridge marketingSdk\n}"
	cfgJSON, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(strings.Replace(site, "%s", block, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := `"marketing":{"app_ids":{"bank.example.co.uk":"web-uk","bank.example.de":"web-de"},"cdp_global":"analytics","cdp_script":"/cdp/fake-cdp.js","sdk_bridge":"marketingSdk"}`; !strings.Contains(string(cfgJSON), want) {
		t.Errorf("adapted config lacks %s:\n%s", want, cfgJSON)
	}
	for _, tt := range []struct{ block, want string }{
		{"marketing {\n cdp_global window.analytics\n}", `marketing cdp_global "window.analytics" is not a JavaScript name`},
		{"marketing {\n cdp_script http://cdp.example/sdk.js\n cdp_global analytics\n}", "marketing cdp_script"},
		{"marketing {\n cdp_script /cdp/sdk.js\n}", "cdp_script is given without cdp_global"},
		{"marketing {\n app_ids Bank.Example.de web-de\n}", `marketing app_ids "Bank.Example.de" is not a host name`},
		{"marketing {\n app_ids bank.example.de web\"de\n}", `is not an app id`},
		{"marketing {\n app_ids bank.example.de a\n app_ids bank.example.de b\n}", "app_ids bank.example.de is given twice"},
		{"marketing {\n sdk_bridge marketingSdk\n}", "sdk_bridge needs app_view"},
		{appView + "marketing {\n sdk_bridge webkit.x\n}", `sdk_bridge "webkit.x" is not a JavaScript name`},
		{"marketing {\n cdp identify\n}", `unknown marketing option "cdp"; the options are cdp_global, cdp_script, app_ids and sdk_bridge`},
		{"marketing on", "marketing takes no arguments"},
	} {
		err := adaptAndValidate(t, strings.Replace(site, "%s", tt.block, 1))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.block, err, tt.want)
		}
	}
}
