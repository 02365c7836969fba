package identity

import (
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
)

func TestClientKeyOption(t *testing.T) {
	d := caddyfile.NewTestDispenser("identity {\n providers DEU https://auth.example/auth/realms/global {\n client_key {file./run/secrets/key.pem}\n }\n}")
	d.Next()
	id, err := ParseCaddyfile(d)
	if err != nil {
		t.Fatal(err)
	}
	if got := id.Providers[0].ClientKey; got != "{file./run/secrets/key.pem}" {
		t.Errorf("client_key = %q, want the placeholder kept (the key never enters the config)", got)
	}
	if _, err := resolveClientKey("provider DEU client_key", "/nonexistent/key.pem"); err == nil || !strings.Contains(err.Error(), "give the PEM private key's file") {
		t.Errorf("a missing key file: %v", err)
	}
}
