package shell

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"
	"github.com/caddyserver/caddy/v2/caddytest"
	_ "github.com/caddyserver/caddy/v2/modules/standard"
	"github.com/shellgate/shellgate/caddy-module/identity"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata")

// TestCaddyfileAdapt adapts every testdata/caddyfile_adapt/*.caddyfiletest Caddyfile (the part
// before the dashes) and compares the JSON with the part after them, as Caddy's own tests do.
func TestCaddyfileAdapt(t *testing.T) {
	files, err := filepath.Glob("testdata/caddyfile_adapt/*.caddyfiletest")
	if err != nil || len(files) == 0 {
		t.Fatalf("no adapt tests found: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			caddyfile, expected, _ := strings.Cut(string(raw), "----------")
			caddyfile = strings.TrimSpace(caddyfile) + "\n"
			if *update {
				got, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(caddyfile), nil)
				if err != nil {
					t.Fatal(err)
				}
				var pretty json.RawMessage = got
				out, _ := json.MarshalIndent(pretty, "", "\t")
				if err := os.WriteFile(file, []byte(caddyfile+"----------\n"+string(out)+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			caddytest.AssertAdapt(t, caddyfile, "caddyfile", strings.TrimSpace(expected))
		})
	}
}

// TestBadOptionsSayWhatToChange: every bad option fails adapt or validate with a message that
// names the option and the fix.
func TestBadOptionsSayWhatToChange(t *testing.T) {
	tests := []struct {
		name, block, want string
	}{
		{"unknown option", "colour blue", `unknown shell option "colour"; the options are design_version`},
		{"design version", "design_version v3", `design_version "v3" is not a design version; use v1 or v2`},
		{"design version twice", "design_version v1 v2", "design_version takes one value: v1 or v2"},
		{"default locale", "default_locale xx-XX", `default_locale: locale "xx-XX" is not a market of the platform; use one of de-DE`},
		{"hosts without locale", "hosts example.co.uk", "hosts takes a host name and its locale"},
		{"hosts with port", "hosts example.co.uk:443 en-GB", `hosts "example.co.uk:443" is not a host name; give the bare name`},
		{"hosts twice", "hosts a.example en-GB\nhosts a.example de-DE", "hosts a.example is given twice"},
		{"hosts locale", "hosts example.co.uk en-XX", `hosts example.co.uk: locale "en-XX" is not a market`},
		{"compressed", "compressed maybe", `compressed "maybe" is not a policy; use decode or passthrough`},
		{"max decoded size", "max_decoded_size lots", `max_decoded_size "lots" is not a size; give one such as 128MiB`},
		{"page plans", "page_plans lots", `page_plans "lots" is not a number of pages; give one such as 4096, or off`},
		{"page plans zero", "page_plans 0", `page_plans "0" is not a number of pages; give one such as 4096, or off`},
		{"disable_revalidation with a value", "disable_revalidation on", "disable_revalidation takes no value"},
		// The options' old names, before they were named as their JSON fields.
		{"old host", "host example.co.uk en-GB", "host is now named as its JSON field: write hosts <hostname> <locale>"},
		{"old revalidate", "revalidate off", "revalidate is now named as its JSON field: write disable_revalidation"},
		{"old flags", "flags testdata/flags.json", "flags is now named as its JSON field: write flag_file <file>"},
		{"old header_variant", "header_variant /x/* corporate", "header_variant is now named as its JSON field: write header_variants <path-glob> <variant>"},
		{"old manager_attribute", "consent {\n manager_attribute id x\n}", "manager_attribute is now named as its JSON field: write manager_attributes <name> [<value>]"},
		{"old redirect", "customer {\nredirect cdvc /x/\n}", "redirect is now named as its JSON field: write redirects <page> <path>, or locale_redirects <locale> <page> <path>"},
		{"ui dir", "ui_dir /nonexistent/dist", `ui_dir "/nonexistent/dist": reading the UI manifest`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := validateShellBlock(t, tt.block); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// validateShellBlock adapts a site whose shell block holds block, as `caddy validate` would,
// and gives the error an operator would see (nil when the config is valid).
func validateShellBlock(t *testing.T, block string) error {
	t.Helper()
	caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\t" + block + "\n\t}\n\trespond ok\n}\n"
	cfgJSON, _, err := caddyconfig.GetAdapter("caddyfile").Adapt([]byte(caddyfile), nil)
	if err != nil {
		return err
	}
	var cfg caddy.Config
	if err := json.Unmarshal(cfgJSON, &cfg); err != nil {
		t.Fatal(err)
	}
	return caddy.Validate(&cfg)
}

// The flags and banner options fail adapt or validate with a message naming the fix.
func TestFlagAndBannerOptionsSayWhatToChange(t *testing.T) {
	misspelt := flagFile(t, `{"flags": {"isDwmLaunchNL": true}}`)
	tests := []struct {
		name, block, want string
	}{
		{"flag_file without a file", "flag_file", "flag_file takes one path: a JSON flag file"},
		{"flag_file missing", "flag_file /nonexistent/flags.json", "give the path of a JSON file"},
		{"flag_file misspelt", "flag_file " + misspelt, misspelt + `: flag "isDwmLaunchNL": did you mean "isDWMLaunchNL"?`},
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
		{"redirects page", identity + "customer {\n" + api + "redirects home /\n}", `customer redirects "home" is not a portal page; use one of cdvc, financial_information`},
		{"redirects path", identity + "customer {\n" + api + "redirects cdvc https://evil.example/\n}", `redirects cdvc "https://evil.example/" is not a site path`},
		{"redirects protocol-relative", identity + "customer {\n" + api + "redirects cdvc //evil.example/\n}", "is not a site path"},
		{"locale_redirects locale", identity + "customer {\n" + api + "locale_redirects xx-XX cdvc /x/\n}", `customer locale_redirects xx-XX: locale "xx-XX" is not a market`},
		{"locale_redirects path", identity + "customer {\n" + api + "locale_redirects en-GB cdvc //evil.example/\n}", `locale_redirects en-GB cdvc "//evil.example/" is not a site path`},
		{"redirects arity", identity + "customer {\n" + api + "redirects cdvc\n}", "redirects takes a page and a path"},
		{"locale_redirects arity", identity + "customer {\n" + api + "locale_redirects en-GB /x/\n}", "locale_redirects takes a locale, a page and a path"},
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
