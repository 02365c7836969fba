package shell

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"
)

// TestBadIdentityOptionsSayWhatToChange: every bad identity option fails adapt or validate
// with a message that names the option and the fix.
func TestBadIdentityOptionsSayWhatToChange(t *testing.T) {
	const provider = "providers DEU http://localhost:9000/auth/realms/global\n"
	tests := []struct {
		name, block, want string
	}{
		{"old provider option", "provider DEU https://auth.example/r", "identity option provider is now providers, as its JSON field; write providers DEU https://auth.example/r"},
		{"old file: secret", "providers DEU https://auth.example/r {\n client_secret file:/run/secrets/s\n}", "client_secret \"file:/run/secrets/s\": the file: prefix is no longer read; use Caddy's file placeholder: {file./run/secrets/s}"},
		{"no provider", "idle_timeout 5m", "identity needs a provider; add e.g. `providers DEU"},
		{"unknown option", provider + "colour blue", `unknown identity option "colour"; the options are providers`},
		{"identity arguments", "", ""}, // placeholder replaced below
		{"provider without issuer", "providers DEU", "providers takes a region and an issuer URL"},
		{"provider region", "providers FRA https://auth.example/auth/realms/global", `provider region "FRA" is not a region; use DEU or GBR`},
		{"provider twice", provider + provider, "identity provider DEU is given twice; one provider per region"},
		{"issuer over plain http", "providers DEU http://auth.example/realms/x", "uses plain http: use https"},
		{"issuer with a query", "providers DEU https://auth.example/realms/x?a=b", "has a query or fragment"},
		{"issuer placeholder", "providers DEU https://auth.{stage}.example/realms/x", "unknown placeholder {stage}"},
		{"provider option", "providers DEU https://auth.example/r {\n colour blue\n}", `unknown provider option "colour"; the options are client_id, client_secret, client_key and logout`},
		{"logout style", "providers DEU https://auth.example/r {\n logout maybe\n}", `logout style "maybe" is unknown: use keycloak, revocation, none`},
		{"guard bypass in production", provider + "guard_bypass on", "guard_bypass serves the protected pages to every visitor; it is for test and preview environments, not environment production"},
		{"guard bypass value", provider + "guard_bypass yes", `guard_bypass "yes" is neither on nor off`},
		{"guard fallback to another site", provider + "guard_fallback //evil.example/", `guard_fallback "//evil.example/" is not a site path`},
		{"guard fallback with a scheme", provider + "guard_fallback https://evil.example/", `guard_fallback "https://evil.example/" is not a site path`},
		{"guard fallback backslash", provider + `guard_fallback /\\evil.example`, "is not a site path"},
		{"guard fallback escape", provider + "guard_fallback /%2f%2fevil.example", "is not a site path"},
		{"guard fallback query", provider + "guard_fallback /denied?next=//evil.example", "is not a site path"},
		{"guard fallback protected", provider + "guard_fallback /documents/denied/", "guard_fallback /documents/denied/ is itself protected"},
		{"guard fallback without path", provider + "guard_fallback", "guard_fallback takes one site path, e.g. guard_fallback /access-denied/"},
		{"environment", provider + "environment Prod_1", `environment "Prod_1" is not usable in a host name`},
		{"store kind", provider + "session_store disk", `session_store "disk" is not a store; use memory or redis`},
		{"memory max", provider + "session_store memory max_sessions lots", `max_sessions "lots" is not a positive number`},
		{"memory extra", provider + "session_store memory lots", "session_store memory takes only max_sessions <n>"},
		{"redis without addrs", provider + "session_store redis {\n db 1\n}\nsession_keys {env.K}", "session_store redis needs addrs"},
		{"redis addr", provider + "session_store redis {\n addrs redis\n}\nsession_keys {env.K}", `redis addr "redis" is not host:port`},
		{"redis without keys", provider + "session_store redis {\n addrs localhost:6379\n}", "session_keys is required with session_store redis"},
		{"redis db", provider + "session_store redis {\n addrs localhost:6379\n db one\n}", `db "one" is not a number`},
		{"redis option", provider + "session_store redis {\n cluster yes\n}", `unknown session_store redis option "cluster"`},
		{"idle timeout", provider + "idle_timeout soon", `idle_timeout "soon" is not a duration`},
		{"idle timeout too short", provider + "idle_timeout 5s", "idle_timeout 5s is too short; give one such as 5m"},
		{"idle timeout too long", provider + "idle_timeout 2h", "idle_timeout 2h0m0s is too long for a bank (ASVS 3.3.2 allows at most 30m0s)"},
		{"max session", provider + "max_session soon", `max_session "soon" is not a duration; give one such as 12h`},
		{"max session zero", provider + "max_session 0", "max_session 0 is not positive; give one such as 12h"},
		{"max session negative", provider + "max_session -1h", "max_session -1h is not positive"},
		{"max session too long", provider + "max_session 24h", "max_session 24h0m0s is not between 0 and 12h0m0s"},
		{"protect relative", provider + "protect documents", `protect "documents" is not a path; give one that starts with /`},
		{"protect everything", provider + "protect /*", `protect "/*" protects the whole site`},
		{"protect empty", provider + "protect", "protect takes one or more paths"},
		{"relay", provider + "api_relay rest https://api.example.com", `api_relay "rest" is not a path prefix`},
		{"relay inside the shell's routes", provider + "api_relay /_shell/api https://api.example.com", `api_relay "/_shell/api" is not a path prefix`},
		{"relay without upstream (the old form)", provider + "api_relay /rest/open_api/v2", "api_relay /rest/open_api/v2 needs the API upstream it relays to; add it, e.g. api_relay /rest/open_api/v2 https://api.example.com"},
		{"relay with three values", provider + "api_relay /rest https://api.example.com extra", "api_relay takes a path prefix and the API upstream"},
		{"relay upstream not a URL", provider + "api_relay /rest/open_api/v2 api.example.com", `upstream "api.example.com" is not an http(s) origin; give one such as https://api.example.com`},
		{"relay upstream with another path", provider + "api_relay /rest/open_api/v2 https://api.example.com/v1", "give the origin only, e.g. https://api.example.com"},
		{"relay upstream over plain http in production", provider + "api_relay /rest/open_api/v2 http://api.example.com", "in environment production the bearer token goes over https only; give https://api.example.com"},
		{"pension logout", provider + "pension_logout_url javascript:alert(1)", `pension_logout_url "javascript:alert(1)" is neither an https URL nor a path`},
		{"on off", provider + "auto_extend maybe", `auto_extend "maybe" is neither on nor off`},
		{"local timeout outside local", provider + "environment production\nlocal_timeout on", "local_timeout applies to environment local only (this is production)"},
		{"identity twice", provider + "}\nidentity {\n" + provider, "identity is given twice"},
		{"login host with a port", provider + "login_hosts www.example.de:443", `login_hosts "www.example.de:443" is not a host name; give the bare name`},
		{"login host as a URL", provider + "login_hosts https://www.example.de", `login_hosts "https://www.example.de" is not a host name`},
		{"login host with a trailing dot", provider + "login_hosts www.example.de.", `login_hosts "www.example.de." is not a host name`},
		{"login hosts empty", provider + "login_hosts", "login_hosts takes one or more host names"},
		{"pending logins", provider + "pending_logins_per_client 0", `pending_logins_per_client "0" is not a number of logins; give one such as 10, or off`},
	}
	for _, tt := range tests {
		if tt.name == "identity arguments" {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" + tt.block + "\n\t\t}\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
	t.Run("identity arguments", func(t *testing.T) {
		err := adaptAndValidate(t, "http://localhost:9080 {\n\tshell {\n\t\tidentity on\n\t}\n}\n")
		if err == nil || !strings.Contains(err.Error(), "identity takes no arguments, only a block") {
			t.Fatalf("error %v", err)
		}
	})
}

// TestIdentitySecretsFromEnvAndFiles: secrets are Caddy's placeholders in the config and are
// read at provision time from the environment or a file; the old file: form says what to write.
func TestIdentitySecretsFromEnvAndFiles(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keyFile, []byte("c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SHELLGATE_TEST_KEYS", "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=")
	t.Setenv("SHELLGATE_TEST_KEYS_FILE", "{file."+keyFile+"}") // as compose sets it
	t.Setenv("SHELLGATE_TEST_KEYS_OLD", "file:"+keyFile)
	tests := []struct {
		name, keys, want string
	}{
		{"from the environment", "{env.SHELLGATE_TEST_KEYS}", ""},
		{"from a file", "{file." + keyFile + "}", ""},
		{"unset variable", "{env.SHELLGATE_TEST_UNSET}", "session_keys is empty after filling in placeholders"},
		{"missing file", "{file./nonexistent/keys}", "session_keys is empty after filling in placeholders; set the environment variable or file it names"},
		{"a variable naming the file", "{env.SHELLGATE_TEST_KEYS_FILE}", ""},
		{"a variable in the old file: form", "{env.SHELLGATE_TEST_KEYS_OLD}", "the file: prefix is no longer read: give {file." + keyFile + "} instead"},
		{"the old file: form", "file:" + keyFile, "the file: prefix is no longer read; use Caddy's file placeholder: {file." + keyFile + "}"},
		{"not a key", "c2hvcnQ=", "session_keys:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" +
				"providers DEU http://localhost:9000/auth/realms/global\nsession_keys " + tt.keys + "\n\t\t}\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

// TestDemoSessionKeyRefusedInProduction: compose's all-zero session key is public (it is in
// the repository); a gateway outside local or development that seals or opens with it holds
// sessions anyone could forge, so validation refuses it and says how to make a key.
func TestDemoSessionKeyRefusedInProduction(t *testing.T) {
	const demo = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
	const fresh = "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ="
	keyFile := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keyFile, []byte(demo+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const refused = "is the all-zero demo key"
	tests := []struct {
		name, environment, keys, want string
	}{
		{"production", "environment production", demo, refused},
		{"no environment (production)", "", demo, refused},
		{"from a secret file", "environment production", "{file." + keyFile + "}", refused},
		{"an old key in a rotation", "environment production", fresh + "," + demo, "key 2 is the all-zero demo key"},
		{"url alphabet without padding", "environment production", strings.TrimRight(demo, "="), refused},
		{"staging", "environment staging", demo, refused},
		{"a development namespace", "environment feature-x", demo, refused},
		{"the message says how to make a key", "environment production", demo, "generate a key with `head -c 32 /dev/urandom | base64`"},
		{"compose's demo (development)", "environment development", demo, ""},
		{"a laptop (local)", "environment local", demo, ""},
		{"a real key in production", "environment production", fresh, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\n\t\tidentity {\n" +
				"providers DEU http://localhost:9000/auth/realms/global\n" + tt.environment + "\nsession_keys " + tt.keys + "\n\t\t}\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("error %v, want none", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func adaptAndValidate(t *testing.T, caddyfile string) error {
	t.Helper()
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
