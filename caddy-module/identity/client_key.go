package identity

import (
	"fmt"
	"os"
	"strings"

	"github.com/caddyserver/caddy/v2"
)

// resolveClientKey reads a provider's client_key: a PEM private key named by a file path,
// file:/path, or a placeholder that gives the PEM text ({file./path}, {env.X}) or a path.
// The key itself never goes into the config, so the adapted JSON holds no secret.
func resolveClientKey(what, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	if !strings.HasPrefix(v, "file:") {
		v = caddy.NewReplacer().ReplaceKnown(v, "")
	}
	if strings.Contains(v, "-----BEGIN") {
		return v, nil
	}
	path := strings.TrimPrefix(strings.TrimSpace(v), "file:")
	if path == "" {
		return "", fmt.Errorf("shell: identity %s is empty after filling in placeholders; set the file or environment variable it names", what)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("shell: identity %s: %w (give the PEM private key's file, e.g. /run/secrets/client-key.pem)", what, err)
	}
	return string(raw), nil
}
