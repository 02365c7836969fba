package session

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/klauspost/compress/flate"
)

// Both stores keep each session packed, because the tokens dominate its size: a
// Keycloak-style realm issues about 3.5 kB of tokens per login, which as plain strings would
// put 100,000 sessions near 500 MB in the memory store (and in Redis). Packing decodes each
// JWT's base64url segments to bytes and deflates the record's JSON with the headers and
// payloads (their claims repeat across the three tokens), with a preset dictionary of common
// claim names; the signatures, which do not compress, are appended as they are. A token that
// is not a canonical JWT is kept as text. About 1.2 kB a session.
//
// Layout: format (1 byte) | uvarint n | n bytes of deflate stream | signature bytes.
// Stream: uvarint len | record JSON (ID and tokens emptied), then per token (access, refresh,
// ID): kind 0: uvarint len | text; kind 1: uvarint len | header | uvarint len | payload |
// uvarint signature length (its bytes follow in the tail, in token order).

// packFormat is the first byte of a packed record; a new layout takes a new number.
const packFormat = 1

// packDict is the deflate preset dictionary: words that recur in every record. Later bytes
// are cheaper to refer to, so the most common come last.
var packDict = []byte(`"allowed-origins":["https://"],"realm_access":{"roles":["offline_access","uma_authorization","default-roles-"]},` +
	`"resource_access":{"account":{"roles":["manage-account","manage-account-links","view-profile"]}},"scope":"openid email profile",` +
	`"email_verified":true,"name":"","given_name":"","family_name":"","preferred_username":"","email":"","locale":"",` +
	`"at_hash":"","nonce":"","acr":"1","typ":"Refresh","typ":"ID","typ":"Bearer","aud":"account","auth_time":1,` +
	`{"alg":"RS256","typ":"JWT","kid":""}{"alg":"HS512","typ":"JWT","kid":""}` +
	`{"id":"","tokens":{"accessToken":"","refreshToken":"","idToken":"","expiry":"T00:00:00Z","issuedAt":"T00:00:00Z","azp":"login"},` +
	`"serverOffset":0,"lastActivity":"0001-01-01T00:00:00Z","createdAt":"T00:00:00Z","subject":"","sid":"","customerNumber":"",` +
	`"region":"DEU","preferredLocale":"de-DE","webview":true,"autoExtend":true}` +
	`{"exp":1,"iat":1,"jti":"","iss":"https://","sub":"","azp":"login","session_state":"","sid":""`)

var (
	packWriters = sync.Pool{New: func() any {
		w, _ := flate.NewWriterDict(nil, flate.BestSpeed+3, packDict)
		return w
	}}
	packReaders sync.Pool
	packBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}
)

const (
	tokenText = 0
	tokenJWT  = 1
)

// packSession encodes s without its ID (the stores key records by it).
func packSession(s *Session) ([]byte, error) {
	rec := *s
	rec.ID = ""
	tokens := [3]string{rec.Tokens.AccessToken, rec.Tokens.RefreshToken, rec.Tokens.IDToken}
	rec.Tokens.AccessToken, rec.Tokens.RefreshToken, rec.Tokens.IDToken = "", "", ""
	js, err := json.Marshal(&rec)
	if err != nil {
		return nil, fmt.Errorf("encode session record: %w", err)
	}

	plain := packBuffers.Get().(*bytes.Buffer)
	defer packBuffers.Put(plain)
	plain.Reset()
	putBytes(plain, js)
	var sigs [3][]byte
	for i, tok := range tokens {
		h, p, sig, ok := jwtSegments(tok)
		if !ok {
			plain.WriteByte(tokenText)
			putBytes(plain, []byte(tok))
			continue
		}
		plain.WriteByte(tokenJWT)
		putBytes(plain, h)
		putBytes(plain, p)
		putUvarint(plain, uint64(len(sig)))
		sigs[i] = sig
	}

	packed := packBuffers.Get().(*bytes.Buffer)
	defer packBuffers.Put(packed)
	packed.Reset()
	w := packWriters.Get().(*flate.Writer)
	defer packWriters.Put(w)
	w.Reset(packed)
	if _, err := w.Write(plain.Bytes()); err != nil {
		return nil, fmt.Errorf("pack session record: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("pack session record: %w", err)
	}

	n := packed.Len() + len(sigs[0]) + len(sigs[1]) + len(sigs[2])
	out := make([]byte, 0, 1+binary.MaxVarintLen64+n)
	out = append(out, packFormat)
	out = binary.AppendUvarint(out, uint64(packed.Len()))
	out = append(out, packed.Bytes()...)
	for _, sig := range sigs {
		out = append(out, sig...)
	}
	return out, nil
}

// unpackSession decodes a record from packSession.
func unpackSession(b []byte) (*Session, error) {
	if len(b) == 0 || b[0] != packFormat {
		return nil, errors.New("packed session: unknown format")
	}
	b = b[1:]
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, errors.New("packed session: bad length")
	}
	stream, tail := b[k:k+int(n)], b[k+int(n):]

	var r io.ReadCloser
	if v := packReaders.Get(); v != nil {
		r = v.(io.ReadCloser)
		_ = r.(flate.Resetter).Reset(bytes.NewReader(stream), packDict)
	} else {
		r = flate.NewReaderDict(bytes.NewReader(stream), packDict)
	}
	plain := packBuffers.Get().(*bytes.Buffer)
	defer packBuffers.Put(plain)
	plain.Reset()
	_, err := plain.ReadFrom(r)
	packReaders.Put(r)
	if err != nil {
		return nil, fmt.Errorf("unpack session record: %w", err)
	}

	p := plain.Bytes()
	js, p, err := takeBytes(p)
	if err != nil {
		return nil, err
	}
	var s Session
	if err := json.Unmarshal(js, &s); err != nil {
		return nil, fmt.Errorf("decode session record: %w", err)
	}
	var tokens [3]string
	for i := range tokens {
		if len(p) == 0 {
			return nil, errors.New("packed session: token missing")
		}
		kind := p[0]
		p = p[1:]
		switch kind {
		case tokenText:
			var t []byte
			if t, p, err = takeBytes(p); err != nil {
				return nil, err
			}
			tokens[i] = string(t)
		case tokenJWT:
			var h, pl []byte
			if h, p, err = takeBytes(p); err != nil {
				return nil, err
			}
			if pl, p, err = takeBytes(p); err != nil {
				return nil, err
			}
			sl, k := binary.Uvarint(p)
			if k <= 0 || sl > uint64(len(tail)) {
				return nil, errors.New("packed session: bad signature length")
			}
			p = p[k:]
			tokens[i] = joinJWT(h, pl, tail[:sl])
			tail = tail[sl:]
		default:
			return nil, fmt.Errorf("packed session: unknown token kind %d", kind)
		}
	}
	s.Tokens.AccessToken, s.Tokens.RefreshToken, s.Tokens.IDToken = tokens[0], tokens[1], tokens[2]
	return &s, nil
}

// jwtSegments splits a compact JWS into its decoded segments, only when re-encoding them gives
// back exactly the same text (strict base64url, no padding), so packing never alters a token.
func jwtSegments(tok string) (header, payload, sig []byte, ok bool) {
	h, rest, ok1 := strings.Cut(tok, ".")
	p, s, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || strings.Contains(s, ".") {
		return nil, nil, nil, false
	}
	enc := base64.RawURLEncoding.Strict()
	var err error
	if header, err = enc.DecodeString(h); err != nil {
		return nil, nil, nil, false
	}
	if payload, err = enc.DecodeString(p); err != nil {
		return nil, nil, nil, false
	}
	if sig, err = enc.DecodeString(s); err != nil {
		return nil, nil, nil, false
	}
	return header, payload, sig, true
}

func joinJWT(h, p, s []byte) string {
	enc := base64.RawURLEncoding
	var b strings.Builder
	b.Grow(enc.EncodedLen(len(h)) + enc.EncodedLen(len(p)) + enc.EncodedLen(len(s)) + 2)
	buf := make([]byte, enc.EncodedLen(max(len(h), len(p), len(s))))
	for i, seg := range [][]byte{h, p, s} {
		if i > 0 {
			b.WriteByte('.')
		}
		n := enc.EncodedLen(len(seg))
		enc.Encode(buf[:n], seg)
		b.Write(buf[:n])
	}
	return b.String()
}

func putUvarint(b *bytes.Buffer, v uint64) {
	var tmp [binary.MaxVarintLen64]byte
	b.Write(tmp[:binary.PutUvarint(tmp[:], v)])
}

func putBytes(b *bytes.Buffer, p []byte) {
	putUvarint(b, uint64(len(p)))
	b.Write(p)
}

func takeBytes(p []byte) (v, rest []byte, err error) {
	n, k := binary.Uvarint(p)
	if k <= 0 || n > uint64(len(p)-k) {
		return nil, nil, errors.New("packed session: bad length")
	}
	return p[k : k+int(n)], p[k+int(n):], nil
}
