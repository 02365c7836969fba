package identity

import (
	"testing"

	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// TestRedisTLSConfig: the tls options build a client configuration that verifies the server
// (the CA, the name) and presents the client certificate.
func TestRedisTLSConfig(t *testing.T) {
	p := redistest.NewPKI(t)
	// The options reach the JSON and build the TLS configuration.
	tc, err := (&RedisTLS{CA: p.CA, Cert: p.ClientCert, Key: p.ClientKey, ServerName: "redis.test"}).config()
	if err != nil {
		t.Fatal(err)
	}
	if tc.RootCAs == nil || len(tc.Certificates) != 1 || tc.ServerName != "redis.test" || tc.InsecureSkipVerify || tc.MinVersion < 0x0303 {
		t.Errorf("tls.Config %+v", tc)
	}
}
