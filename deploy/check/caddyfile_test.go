package check

import (
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// adaptedConfig is the part of Caddy's JSON config these checks read.
type adaptedConfig struct {
	Admin *struct {
		Disabled bool   `json:"disabled"`
		Listen   string `json:"listen"`
	} `json:"admin"`
	Apps struct {
		HTTP struct {
			Servers map[string]adaptedServer `json:"servers"`
		} `json:"http"`
	} `json:"apps"`
}

type adaptedServer struct {
	Listen            []string        `json:"listen"`
	ReadTimeout       time.Duration   `json:"read_timeout"` // the Caddyfile's read_body
	ReadHeaderTimeout time.Duration   `json:"read_header_timeout"`
	WriteTimeout      time.Duration   `json:"write_timeout"`
	IdleTimeout       time.Duration   `json:"idle_timeout"`
	Routes            json.RawMessage `json:"routes"`
}

// adminListen is where the admin API listens: "" when it is off; Caddy's default when the
// config names none.
func (c adaptedConfig) adminListen() string {
	switch {
	case c.Admin == nil:
		return "localhost:2019"
	case c.Admin.Disabled:
		return ""
	case c.Admin.Listen == "":
		return "localhost:2019"
	}
	return c.Admin.Listen
}

// serveMetrics reports whether the server answers with Caddy's metrics handler somewhere in
// its routes.
func (s adaptedServer) serveMetrics() bool {
	var routes any
	if err := json.Unmarshal(s.Routes, &routes); err != nil {
		return false
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch v := v.(type) {
		case map[string]any:
			if v["handler"] == "metrics" {
				return true
			}
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		case []any:
			for _, e := range v {
				if walk(e) {
					return true
				}
			}
		}
		return false
	}
	return walk(routes)
}

// adaptEnv fills the placeholders of the shipped Caddyfiles that have no default.
var adaptEnv = map[string]string{
	"SHELLGATE_IDP_ISSUER":  "https://auth.example.com/auth/realms/global",
	"SHELLGATE_API":         "https://api.example.com/rest/open_api/v2",
	"SHELLGATE_UPSTREAM":    "content:80",
	"SHELLGATE_REDIS_ADDRS": "redis:6379",
}

// adaptCaddyfile turns text into Caddy's JSON with `shellgate adapt`, as `run` would.
func adaptCaddyfile(t *testing.T, name, text string) adaptedConfig {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(shellgateBinary(t), "adapt", "--config", file, "--adapter", "caddyfile")
	cmd.Env = os.Environ()
	for k, v := range adaptEnv {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s does not adapt: %v\n%s", name, err, lastLines(string(out), 5))
	}
	var cfg adaptedConfig
	if err := json.Unmarshal(out, &cfg); err != nil {
		t.Fatalf("%s: the adapted config is not JSON: %v", name, err)
	}
	return cfg
}

// shippedCaddyfiles are every Caddy config the repository ships: the demo, deploy/caddy and
// the Kubernetes ConfigMap's, by name.
func shippedCaddyfiles(t *testing.T) map[string]string {
	t.Helper()
	root := repoRoot(t)
	files, _ := filepath.Glob(filepath.Join(root, "deploy", "caddy", "*.Caddyfile"))
	files = append(files, filepath.Join(root, "Caddyfile"))
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		out[rel] = string(b)
	}
	m := loadManifests(t)
	cm, ok := m.configMap.Data["Caddyfile"]
	if !ok {
		t.Fatal("the ConfigMap has no Caddyfile key")
	}
	out["deploy/kubernetes/configmap.yaml"] = cm
	return out
}

// loopbackAdmin reports whether an admin listen address is reachable from this host only:
// a unix socket, or a loopback IP or localhost. On any other address Caddy also turns its
// Host check off, so anything that reaches the port can POST /load a config of its own.
func loopbackAdmin(listen string) bool {
	if listen == "" { // admin off
		return true
	}
	if strings.HasPrefix(listen, "unix/") {
		return true
	}
	for _, network := range []string{"tcp/", "tcp4/", "tcp6/"} {
		listen = strings.TrimPrefix(listen, network)
	}
	if strings.Contains(listen, "/") {
		return false
	}
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func TestLoopbackAdmin(t *testing.T) {
	for _, tt := range []struct {
		listen string
		want   bool
	}{
		{"localhost:2019", true},
		{"127.0.0.1:2019", true},
		{"[::1]:2019", true},
		{"tcp/localhost:2019", true},
		{"unix//run/shellgate/admin.sock", true},
		{"", true}, // admin off
		{"0.0.0.0:2019", false},
		{":2019", false},
		{"[::]:2019", false},
		{"tcp/0.0.0.0:2019", false},
		{"10.0.0.7:2019", false},
		{"shellgate:2019", false},
		{"localhost.example.com:2019", false},
		{"udp/127.0.0.1:2019", false},
	} {
		if got := loopbackAdmin(tt.listen); got != tt.want {
			t.Errorf("loopbackAdmin(%q) = %v, want %v", tt.listen, got, tt.want)
		}
	}
}

// TestShippedCaddyfilesKeepAdminOffTheNetwork: every shipped config keeps Caddy's admin API
// on loopback or a unix socket, where no other pod or container can load a config into the
// gateway that holds customers' tokens.
func TestShippedCaddyfilesKeepAdminOffTheNetwork(t *testing.T) {
	for name, text := range shippedCaddyfiles(t) {
		t.Run(name, func(t *testing.T) {
			listen := adaptCaddyfile(t, name, text).adminListen()
			if !loopbackAdmin(listen) {
				t.Errorf("the admin API listens on %q: anything that reaches it can load a config; use `admin localhost:2019` (or a unix/ socket) and serve metrics on a listener of their own (`http://:9180 { metrics /metrics }`)", listen)
			}
		})
	}
}

// minWriteTimeout is the least write timeout a shipped config may set: it bounds a whole
// answer, so it must sit above the slowest page or relayed API answer.
const minWriteTimeout = 30 * time.Second

// TestShippedCaddyfilesSetTimeouts: every server of every shipped config bounds how long a
// client may take to send headers and body, to read the answer and to idle, so slow clients
// cannot hold the gateway's connections open for ever.
func TestShippedCaddyfilesSetTimeouts(t *testing.T) {
	for name, text := range shippedCaddyfiles(t) {
		t.Run(name, func(t *testing.T) {
			cfg := adaptCaddyfile(t, name, text)
			if len(cfg.Apps.HTTP.Servers) == 0 {
				t.Fatal("no HTTP server")
			}
			for srv, s := range cfg.Apps.HTTP.Servers {
				for _, tt := range []struct {
					option string
					d      time.Duration
				}{
					{"read_header", s.ReadHeaderTimeout},
					{"read_body", s.ReadTimeout},
					{"write", s.WriteTimeout},
					{"idle", s.IdleTimeout},
				} {
					if tt.d <= 0 {
						t.Errorf("server %s %v has no %s timeout; add `servers { timeouts { read_header 10s read_body 30s write 60s idle 2m } }` to the global options", srv, s.Listen, tt.option)
					}
				}
				if s.WriteTimeout > 0 && s.WriteTimeout < minWriteTimeout {
					t.Errorf("server %s %v: write timeout %s cuts answers short; give at least %s, above the slowest page or API answer", srv, s.Listen, s.WriteTimeout, minWriteTimeout)
				}
			}
		})
	}
}
