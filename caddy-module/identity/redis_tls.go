package identity

import (
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"os"

	"github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"
)

// RedisTLS connects the session store to Redis over TLS (Redis 6's tls-port, a managed
// Redis): the sessions it carries hold customers' tokens, sealed, and the Redis password.
// The server's certificate is always verified; there is no option to skip that.
type RedisTLS struct {
	// CA is a PEM file of the certificate authorities that sign the Redis server's
	// certificate. Default: the system's roots.
	CA string `json:"ca,omitempty"`
	// Cert and Key are PEM files of a client certificate and its key, for a server that
	// asks for one (tls-auth-clients yes). Both or neither.
	Cert string `json:"cert,omitempty"`
	Key  string `json:"key,omitempty"`
	// ServerName is the name the server's certificate must carry. Default: the host of
	// each address dialled.
	ServerName string `json:"server_name,omitempty"`
}

// config reads the files and builds the client's TLS configuration; its errors say which
// file is wrong and what to give instead.
func (t *RedisTLS) config() (*tls.Config, error) {
	c := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: t.ServerName}
	if t.CA != "" {
		pem, err := os.ReadFile(t.CA)
		if err != nil {
			return nil, fmt.Errorf("shell: identity session_store redis tls ca: %w; give a readable PEM file of the CA that signs the Redis server's certificate", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("shell: identity session_store redis tls ca %s holds no PEM certificate; give the CA's certificate in PEM", t.CA)
		}
		c.RootCAs = pool
	}
	if (t.Cert == "") != (t.Key == "") {
		return nil, errors.New("shell: identity session_store redis tls needs cert and key together (a client certificate and its key); give both or neither")
	}
	if t.Cert != "" {
		pair, err := tls.LoadX509KeyPair(t.Cert, t.Key)
		if err != nil {
			return nil, fmt.Errorf("shell: identity session_store redis tls cert %s and key %s: %w; give readable PEM files of one certificate and its key", t.Cert, t.Key, err)
		}
		c.Certificates = []tls.Certificate{pair}
	}
	return c, nil
}

// poolKey names the TLS setup for the store pool: the files' contents count, so a renewed
// certificate at the same path opens a new connection pool on reload.
func (t *RedisTLS) poolKey() string {
	if t == nil {
		return "no-tls"
	}
	h := sha256.New()
	for _, part := range []string{t.CA, t.Cert, t.Key, t.ServerName} {
		h.Write([]byte(part + "\x00"))
	}
	for _, f := range []string{t.CA, t.Cert, t.Key} {
		if f != "" {
			b, _ := os.ReadFile(f)
			h.Write(b)
			h.Write([]byte{0})
		}
	}
	return "tls:" + hex.EncodeToString(h.Sum(nil))
}

// parseRedisTLS reads `tls` (the system's roots) or
//
//	tls {
//		ca          <pem-file>
//		cert        <pem-file>
//		key         <pem-file>
//		server_name <name>
//	}
func parseRedisTLS(d *caddyfile.Dispenser) (*RedisTLS, error) {
	if d.NextArg() {
		return nil, d.Errf("tls takes no value, only an optional block: tls { ca /etc/redis/ca.pem }")
	}
	t := new(RedisTLS)
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		opt := d.Val()
		var field *string
		switch opt {
		case "ca":
			field = &t.CA
		case "cert":
			field = &t.Cert
		case "key":
			field = &t.Key
		case "server_name":
			field = &t.ServerName
		default:
			return nil, d.Errf("unknown session_store redis tls option %q; the options are ca, cert, key and server_name", opt)
		}
		if !d.AllArgs(field) {
			return nil, d.Errf("tls %s takes one value, e.g. %s /etc/redis/%s.pem", opt, opt, opt)
		}
	}
	return t, nil
}
