package shell

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
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

// testPKI is a throwaway CA with a server certificate for 127.0.0.1 and a client certificate,
// written as PEM files.
type testPKI struct {
	dir                                              string
	ca, serverCert, serverKey, clientCert, clientKey string
	otherCA                                          string // a CA that signed nothing here
}

func newTestPKI(t *testing.T) testPKI {
	t.Helper()
	dir := t.TempDir()
	p := testPKI{dir: dir}
	write := func(name, typ string, der []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	newKey := func() *ecdsa.PrivateKey {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	keyDER := func(k *ecdsa.PrivateKey) []byte {
		der, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		return der
	}
	serial := int64(1)
	makeCA := func(name string) (*x509.Certificate, *ecdsa.PrivateKey, string) {
		k := newKey()
		serial++
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := x509.ParseCertificate(der)
		return c, k, write(name+".pem", "CERTIFICATE", der)
	}
	ca, caKey, caFile := makeCA("test-ca")
	_, _, p.otherCA = makeCA("other-ca")
	p.ca = caFile
	leaf := func(name string, usage x509.ExtKeyUsage, ips []net.IP, dns []string) (string, string) {
		k := newKey()
		serial++
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{usage},
			IPAddresses: ips, DNSNames: dns,
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &k.PublicKey, caKey)
		if err != nil {
			t.Fatal(err)
		}
		return write(name+".pem", "CERTIFICATE", der), write(name+"-key.pem", "PRIVATE KEY", keyDER(k))
	}
	p.serverCert, p.serverKey = leaf("redis", x509.ExtKeyUsageServerAuth, []net.IP{net.ParseIP("127.0.0.1")}, []string{"redis.test"})
	p.clientCert, p.clientKey = leaf("gateway", x509.ExtKeyUsageClientAuth, nil, nil)
	return p
}

// startTLSRedis runs redis-server with a TLS port that asks for a client certificate when
// clientAuth; it returns the TLS address.
func startTLSRedis(t *testing.T, p testPKI, clientAuth bool) string {
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
	redistest.StartWith(t, "--tls-port", strconv.Itoa(port), "--tls-cert-file", p.serverCert,
		"--tls-key-file", p.serverKey, "--tls-ca-cert-file", p.ca, "--tls-auth-clients", auth)
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
}

// TestRedisOverTLS: the session store reaches a TLS-only Redis port with the configured CA
// (and client certificate when the server asks for one), and never without verifying it.
func TestRedisOverTLS(t *testing.T) {
	p := newTestPKI(t)
	mutual := startTLSRedis(t, p, true)
	serverOnly := startTLSRedis(t, p, false)
	tests := []struct {
		name string
		addr string
		tls  *identity.RedisTLS
		want string // the session store's state
	}{
		{"CA and client certificate", mutual, &identity.RedisTLS{CA: p.ca, Cert: p.clientCert, Key: p.clientKey}, "ok"},
		{"CA, server asks no client certificate", serverOnly, &identity.RedisTLS{CA: p.ca}, "ok"},
		{"server name from the certificate", serverOnly, &identity.RedisTLS{CA: p.ca, ServerName: "redis.test"}, "ok"},
		{"no client certificate where one is required", mutual, &identity.RedisTLS{CA: p.ca}, "unreachable"},
		{"the system's roots do not know the CA", serverOnly, &identity.RedisTLS{}, "unreachable"},
		{"another CA", serverOnly, &identity.RedisTLS{CA: p.otherCA}, "unreachable"},
		{"a server name the certificate lacks", serverOnly, &identity.RedisTLS{CA: p.ca, ServerName: "evil.test"}, "unreachable"},
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
	p := newTestPKI(t)
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
		{"cert without key", store + "tls {\ncert " + p.clientCert + "\n}\n}", "needs cert and key together"},
		{"key not matching", store + "tls {\ncert " + p.clientCert + "\nkey " + p.serverKey + "\n}\n}", "give readable PEM files of one certificate and its key"},
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
