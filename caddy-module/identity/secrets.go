package identity

import (
	"fmt"
	"os"
	"strings"

	"github.com/caddyserver/caddy/v2"
)

// Secrets (session keys, client secrets and keys, the Redis password) never sit in the config
// itself: the config names them with Caddy's own placeholders, {env.NAME} or {file./path},
// filled in at Provision (caddy.NewReplacer), so the adapted JSON holds no secret.

// oldFilePrefix is the gateway's own file:/path form of a secret, before Caddy's {file.*}.
const oldFilePrefix = "file:"

// validateSecrets refuses the old file:/path form, saying what to write instead.
func (c *Config) validateSecrets() error {
	check := func(what, v string) error {
		if path, ok := strings.CutPrefix(strings.TrimSpace(v), oldFilePrefix); ok {
			return fmt.Errorf("shell: identity %s %q: the file: prefix is no longer read; use Caddy's file placeholder: {file.%s}", what, v, path)
		}
		return nil
	}
	if err := check("session_keys", c.SessionKeys); err != nil {
		return err
	}
	for _, p := range c.Providers {
		if err := check("provider "+p.Region+" client_secret", p.ClientSecret); err != nil {
			return err
		}
		if err := check("provider "+p.Region+" client_key", p.ClientKey); err != nil {
			return err
		}
	}
	if c.SessionStore != nil {
		return check("session_store redis password", c.SessionStore.Password)
	}
	return nil
}

// resolveSecret fills in a secret's placeholders ({env.X}, {file./path}); a value without
// any is taken as it is.
func resolveSecret(what, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	v, err := fillPlaceholders(what, v)
	if err != nil {
		return "", err
	}
	if v == "" {
		return "", fmt.Errorf("shell: identity %s is empty after filling in placeholders; set the environment variable or file it names", what)
	}
	return v, nil
}

// fillPlaceholders replaces Caddy's placeholders in a secret. An environment variable may
// itself hold a {file./path} placeholder (SHELLGATE_SESSION_KEYS={file./run/secrets/keys}
// with `session_keys {env.SHELLGATE_SESSION_KEYS}`, as compose does): that one is read too.
// A variable that still holds the old file:/path form says what to write instead.
func fillPlaceholders(what, v string) (string, error) {
	repl := caddy.NewReplacer()
	v = strings.TrimSpace(repl.ReplaceKnown(v, ""))
	if strings.HasPrefix(v, "{file.") && strings.HasSuffix(v, "}") && strings.Count(v, "{") == 1 {
		v = strings.TrimSpace(repl.ReplaceKnown(v, ""))
	}
	if path, ok := strings.CutPrefix(v, oldFilePrefix); ok {
		return "", fmt.Errorf("shell: identity %s: its placeholder gives the old file: form; the file: prefix is no longer read: give {file.%s} instead", what, path)
	}
	return v, nil
}

// resolveClientKey reads a provider's client_key: a PEM private key named by a file path, or
// a placeholder that gives the PEM text ({file./path}, {env.X}) or a path.
// The key itself never goes into the config, so the adapted JSON holds no secret.
func resolveClientKey(what, v string) (string, error) {
	if v == "" {
		return "", nil
	}
	v, err := fillPlaceholders(what, v)
	if err != nil {
		return "", err
	}
	if strings.Contains(v, "-----BEGIN") {
		return v, nil
	}
	path := strings.TrimSpace(v)
	if path == "" {
		return "", fmt.Errorf("shell: identity %s is empty after filling in placeholders; set the file or environment variable it names", what)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("shell: identity %s: %w (give the PEM private key's file, e.g. /run/secrets/client-key.pem)", what, err)
	}
	return string(raw), nil
}
