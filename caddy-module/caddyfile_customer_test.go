package shell

import (
	"strings"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/identity"
)

// TestBadCustomerOptionsSayWhatToChange: every bad customer or tracking option fails adapt or
// validate with a message that names the option and the fix.
func TestBadCustomerOptionsSayWhatToChange(t *testing.T) {
	const identity = "identity {\nproviders DEU http://localhost:9000/auth/realms/global\n}\n"
	const api = "api http://localhost:9091/rest/open_api/v2\n"
	tests := []struct {
		name, block, want string
	}{
		{"customer without identity", "customer {\n" + api + "}", "customer needs identity"},
		{"no api", identity + "customer {\nbudget 1s\n}", "customer api is empty; give the platform's API base URL"},
		{"api not a URL", identity + "customer {\napi api.example.com\n}", `customer api "api.example.com" is not an http(s) URL`},
		{"budget", identity + "customer {\n" + api + "budget soon\n}", `budget "soon" is not a duration`},
		{"budget too long", identity + "customer {\n" + api + "budget 1m\n}", "customer budget 1m0s is out of range"},
		{"unknown option", identity + "customer {\n" + api + "colour blue\n}", `unknown customer option "colour"; the options are api`},
		{"redirect page", identity + "customer {\n" + api + "redirect home /\n}", `customer redirect "home" is not a portal page; use one of cdvc, financial_information`},
		{"redirect path", identity + "customer {\n" + api + "redirect cdvc https://evil.example/\n}", `redirect cdvc "https://evil.example/" is not a site path`},
		{"redirect protocol-relative", identity + "customer {\n" + api + "redirect cdvc //evil.example/\n}", "is not a site path"},
		{"redirect locale", identity + "customer {\n" + api + "redirect cdvc xx-XX /x/\n}", `customer redirect for locale xx-XX: locale "xx-XX" is not a market`},
		{"redirect arity", identity + "customer {\n" + api + "redirect cdvc\n}", "redirect takes a page, an optional locale and a path"},
		{"hide finance empty", identity + "customer {\n" + api + "hide_finance_for\n}", "hide_finance_for takes one or more distributor ids"},
		{"customer twice", identity + "customer {\n" + api + "}\ncustomer {\n" + api + "}", "customer is given twice"},
		{"tracking without collector", "tracking {\nqueue 10\n}", `tracking: collector "" is not an http(s) URL; give the event collector's address`},
		{"tracking collector", "tracking events.example.com", `collector "events.example.com" is not an http(s) URL`},
		{"tracking queue", "tracking {\ncollector http://localhost:9/e\nqueue none\n}", `queue "none" is not a positive number`},
		{"rate_limit arity", "tracking {\ncollector http://localhost:9/e\nrate_limit 30\n}", "rate_limit takes how many events per window"},
		{"rate_limit events", "tracking {\ncollector http://localhost:9/e\nrate_limit many 1m\n}", `rate_limit events "many" is not a positive number`},
		{"rate_limit window", "tracking {\ncollector http://localhost:9/e\nrate_limit 30 soon\n}", `rate_limit window "soon" is not a duration`},
		{"rate_limit window too short", "tracking {\ncollector http://localhost:9/e\nrate_limit 30 10ms\n}", "tracking rate_limit window 10ms is out of range; give 1s to 24h"},
		{"rate_limit burst", "tracking {\ncollector http://localhost:9/e\nrate_limit 30 1m burst 0\n}", `rate_limit burst "0" is not a positive number`},
		{"rate_limit burst too big", "tracking {\ncollector http://localhost:9/e\nrate_limit 30 1m burst 100000\n}", "tracking rate_limit burst 100000 is out of range"},
		{"rate_limit option", "tracking {\ncollector http://localhost:9/e\nrate_limit 30 1m per ip\n}", `unknown rate_limit option "per"`},
		{"tracking option", "tracking {\ncollector http://localhost:9/e\nbatch 5\n}", `unknown tracking option "batch"; the options are collector, queue and rate_limit`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n" + tt.block + "\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestCustomerAPIInProductionRefusesPlainHTTP: the edge sends each customer's bearer token to
// the customer API; over plain http to another host anyone on the path reads it.
func TestCustomerAPIInProductionRefusesPlainHTTP(t *testing.T) {
	tests := []struct {
		env, api string
		ok       bool
	}{
		{"production", "https://api.example.com/rest/open_api/v2", true},
		{"production", "http://api.example.com/rest/open_api/v2", false},
		{"production", "HTTP://api.example.com/rest/open_api/v2", false},
		{"production", "http://10.0.0.7:9091/rest/open_api/v2", false},
		{"production", "http://localhost.example.com/rest/open_api/v2", false},
		{"production", "http://127.0.0.1.example.com/rest/open_api/v2", false},
		{"", "http://api.example.com/rest/open_api/v2", false}, // production is the default
		{"production", "http://localhost:9091/rest/open_api/v2", true},
		{"production", "http://127.0.0.1:9091/rest/open_api/v2", true},
		{"production", "http://[::1]:9091/rest/open_api/v2", true},
		{"development", "http://api:9091/rest/open_api/v2", true},
		{"staging", "http://localhost:9091/rest/open_api/v2", true},
	}
	for _, tt := range tests {
		t.Run(tt.env+" "+tt.api, func(t *testing.T) {
			c := &CustomerData{API: tt.api}
			err := c.validate(&identity.Config{Environment: tt.env})
			if tt.ok && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !tt.ok && (err == nil || !strings.Contains(err.Error(), "give its https:// URL")) {
				t.Fatalf("error %v, want the plain-http api refused with what to write instead", err)
			}
		})
	}
}
