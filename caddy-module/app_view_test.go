package shell

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddyconfig"
)

// Only the configured signal makes a request the app's; nothing does while app_view is off.
func TestIsAppRequest(t *testing.T) {
	byHeader := &AppView{Header: "x-app-platform", Values: []string{"ios", "android"}}
	byHeader.Provision()
	byAgent := &AppView{UserAgent: "ShellgateApp/"}
	tests := []struct {
		name string
		a    *AppView
		hdr  map[string]string
		want bool
	}{
		{"off: the header", nil, map[string]string{"X-App-Platform": "ios"}, false},
		{"off: webview in the user agent", nil, map[string]string{"User-Agent": "ShellgateApp/3.1"}, false},
		{"header with a named value", byHeader, map[string]string{"X-App-Platform": "iOS"}, true},
		{"header with another value", byHeader, map[string]string{"X-App-Platform": "web"}, false},
		{"header empty", byHeader, map[string]string{"X-App-Platform": ""}, false},
		{"no header", byHeader, nil, false},
		{"user agent with the token", byAgent, map[string]string{"User-Agent": "Mozilla/5.0 (iPhone) ShellgateApp/3.1"}, true},
		{"user agent in another case", byAgent, map[string]string{"User-Agent": "Mozilla/5.0 shellgateapp/3.1"}, false},
		{"user agent without", byAgent, map[string]string{"User-Agent": "Mozilla/5.0"}, false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(http.MethodGet, "/login/?webview=1", nil)
		for k, v := range tt.hdr {
			r.Header.Set(k, v)
		}
		if got := tt.a.isAppRequest(r); got != tt.want {
			t.Errorf("%s: isAppRequest = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestAppViewCaddyfile(t *testing.T) {
	const site = "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n%s\n\t}\n\trespond ok\n}\n"
	cfgJSON, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(strings.Replace(site, "%s", "app_view {\n header X-App-Platform ios android\n}", 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(cfgJSON), `"app_view":{"header":"X-App-Platform","values":["ios","android"]}`) {
		t.Errorf("adapted config lacks the app_view: %s", cfgJSON)
	}
	for _, tt := range []struct{ block, want string }{
		{"app_view {\n}", "app_view needs a signal"},
		{"app_view {\n header X-App-Platform\n}", "header takes a header name and the values that count"},
		{"app_view {\n header X-App-Platform ios\n user_agent ShellgateApp/\n}", "app_view takes one signal, header or user_agent, not both"},
		{"app_view {\n header X(App) ios\n}", `app_view header "X(App)" is not a header name`},
		{"app_view {\n user_agent App\n}", `app_view user_agent "App" is too short`},
		{"app_view {\n colour blue\n}", `unknown app_view option "colour"; the options are header and user_agent`},
		{"app_view on", "app_view takes no arguments, only a block"},
	} {
		err := adaptAndValidate(t, strings.Replace(site, "%s", tt.block, 1))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: error %v, want it to contain %q", tt.block, err, tt.want)
		}
	}
}
