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
		{"host without locale", "host example.co.uk", "host takes a host name and its locale"},
		{"host with port", "host example.co.uk:443 en-GB", `host "example.co.uk:443" is not a host name; give the bare name`},
		{"host twice", "host a.example en-GB\nhost a.example de-DE", "host a.example is given twice"},
		{"host locale", "host example.co.uk en-XX", `host example.co.uk: locale "en-XX" is not a market`},
		{"compressed", "compressed maybe", `compressed "maybe" is not a policy; use decode or passthrough`},
		{"max decoded size", "max_decoded_size lots", `max_decoded_size "lots" is not a size; give one such as 128MiB`},
		{"page plans", "page_plans lots", `page_plans "lots" is not a number of pages; give one such as 4096, or off`},
		{"page plans zero", "page_plans 0", `page_plans "0" is not a number of pages; give one such as 4096, or off`},
		{"revalidate", "revalidate never", "revalidate takes one value: on (the default) or off"},
		{"revalidate bare", "revalidate", "revalidate takes one value: on (the default) or off"},
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
