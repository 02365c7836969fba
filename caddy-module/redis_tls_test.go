package shell

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/identity"

	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// startTLSRedis runs redis-server with a TLS port that asks for a client certificate when
// clientAuth; it returns the TLS address.
func startTLSRedis(t *testing.T, p redistest.PKI, clientAuth bool) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	auth := "no"
	if clientAuth {
		auth = "yes"
	}
	redistest.StartWith(t, "--tls-port", strconv.Itoa(port), "--tls-cert-file", p.ServerCert,
		"--tls-key-file", p.ServerKey, "--tls-ca-cert-file", p.CA, "--tls-auth-clients", auth)
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

// TestRedisOverTLS: the session store reaches a TLS-only Redis port with the configured CA
// (and client certificate when the server asks for one), and never without verifying it.
func TestRedisOverTLS(t *testing.T) {
	p := redistest.NewPKI(t)
	mutual := startTLSRedis(t, p, true)
	serverOnly := startTLSRedis(t, p, false)
	tests := []struct {
		name string
		addr string
		tls  *identity.RedisTLS
		want string // the session store's state
	}{
		{"CA and client certificate", mutual, &identity.RedisTLS{CA: p.CA, Cert: p.ClientCert, Key: p.ClientKey}, "ok"},
		{"CA, server asks no client certificate", serverOnly, &identity.RedisTLS{CA: p.CA}, "ok"},
		{"server name from the certificate", serverOnly, &identity.RedisTLS{CA: p.CA, ServerName: "redis.test"}, "ok"},
		{"no client certificate where one is required", mutual, &identity.RedisTLS{CA: p.CA}, "unreachable"},
		{"the system's roots do not know the CA", serverOnly, &identity.RedisTLS{}, "unreachable"},
		{"another CA", serverOnly, &identity.RedisTLS{CA: p.OtherCA}, "unreachable"},
		{"a server name the certificate lacks", serverOnly, &identity.RedisTLS{CA: p.CA, ServerName: "evil.test"}, "unreachable"},
		{"plain text to the TLS port", serverOnly, nil, "unreachable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newTestGateway(t, &identity.Config{
				Providers:    []identity.Provider{{Region: "DEU", Issuer: "http://127.0.0.1:1/auth/realms/global"}},
				SessionStore: &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{tt.addr}, TLS: tt.tls},
				SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
			})
			_, a := readyOf(t, g, "/_shell/readyz")
			if got := a.Dependencies["session_store"]; got != tt.want {
				t.Fatalf("session store over TLS: %q, want %q", got, tt.want)
			}
			if tt.want != "ok" {
				return
			}
			// A session survives the round trip through the TLS connection.
			_, cookie := g.plantSession("DE5000001", 10*time.Minute)
			res, page := g.do(navigate("/festgeld/", cookie))
			if res.StatusCode != http.StatusOK || !pageState(t, page).IsLoggedIn {
				t.Fatalf("a logged-in page over the TLS store: %d, logged in %v", res.StatusCode, res.StatusCode == http.StatusOK && pageState(t, page).IsLoggedIn)
			}
		})
	}
}

// TestRedisTLSOptionsSayWhatToChange: unreadable or mismatched files fail validate with what
// to give instead.
func TestRedisTLSOptionsSayWhatToChange(t *testing.T) {
	p := redistest.NewPKI(t)
	notPEM := filepath.Join(t.TempDir(), "ca.txt")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	store := "session_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=\nsession_store redis {\naddrs 127.0.0.1:1\n"
	tests := []struct {
		name, block, want string
	}{
		{"ca missing", store + "tls {\nca /nonexistent/ca.pem\n}\n}", "tls ca: open /nonexistent/ca.pem"},
		{"ca not PEM", store + "tls {\nca " + notPEM + "\n}\n}", "holds no PEM certificate"},
		{"cert without key", store + "tls {\ncert " + p.ClientCert + "\n}\n}", "needs cert and key together"},
		{"key not matching", store + "tls {\ncert " + p.ClientCert + "\nkey " + p.ServerKey + "\n}\n}", "give readable PEM files of one certificate and its key"},
		{"unknown option", store + "tls {\ninsecure_skip_verify\n}\n}", `unknown session_store redis tls option "insecure_skip_verify"`},
		{"value on tls", store + "tls on\n}", "tls takes no value"},
		{"tls on memory", "session_store memory\n", ""},
	}
	for _, tt := range tests {
		if tt.want == "" {
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			caddyfile := "{\n\tadmin off\n}\nhttp://localhost:9080 {\n\tshell {\nidentity {\nproviders DEU http://localhost:9000/auth/realms/global\n" + tt.block + "\n}\n\t}\n\trespond ok\n}\n"
			err := adaptAndValidate(t, caddyfile)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v\nwant it to contain %q", err, tt.want)
			}
		})
	}
}
