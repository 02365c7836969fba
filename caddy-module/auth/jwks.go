package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/go-jose/go-jose/v4"
)

// keyRefreshBudget bounds the JWKS fetches that tokens signed with an unknown key may cause:
// at most this many per keyRefreshWindow. go-oidc's own key set refetches on every such token;
// the back-channel logout endpoint takes tokens from anyone, so that would let anyone make the
// gateway hammer the provider. A budget rather than a fixed pause lets a real key rotation
// (or a restarted development provider) through at once.
const (
	keyRefreshBudget = 6
	keyRefreshWindow = time.Minute
)

// signingAlgs are the algorithms go-oidc verifies; "none" and HMAC never are.
var signingAlgs = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512, jose.ES256, jose.ES384, jose.ES512,
	jose.PS256, jose.PS384, jose.PS512, jose.EdDSA,
}

// keyCache is the provider's JWKS, fetched on first use and again when a token names an
// unknown key, within keyRefreshBudget. It implements oidc.KeySet.
type keyCache struct {
	url     string
	http    *http.Client
	timeout time.Duration

	fetch   sync.Mutex // one fetch at a time; waiters then read the fresh keys
	mu      sync.Mutex
	keys    []jose.JSONWebKey
	fetched time.Time   // wall time of the last fetch attempt
	recent  []time.Time // fetch attempts within keyRefreshWindow, oldest first
}

var _ oidc.KeySet = (*keyCache)(nil)

// VerifySignature checks raw's signature against the cached keys, refreshing them when the
// token's key is unknown and the refresh budget allows.
func (k *keyCache) VerifySignature(ctx context.Context, raw string) ([]byte, error) {
	jws, err := jose.ParseSignedCompact(raw, signingAlgs)
	if err != nil {
		return nil, fmt.Errorf("malformed JWS: %w", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, errors.New("a token must carry exactly one signature")
	}
	kid := jws.Signatures[0].Header.KeyID
	keys, at := k.cached()
	if payload, ok := verifyWith(jws, keys, kid); ok {
		return payload, nil
	}
	k.fetch.Lock()
	defer k.fetch.Unlock()
	if keys, fetched := k.cached(); fetched.After(at) {
		// Someone fetched while this call waited: use their keys, do not fetch again.
		if payload, ok := verifyWith(jws, keys, kid); ok {
			return payload, nil
		}
		return nil, errors.New("no key of the provider verifies the signature")
	}
	if !k.mayFetch() {
		return nil, fmt.Errorf("no key of the provider verifies the signature (%d key fetches in the last %s already)", keyRefreshBudget, keyRefreshWindow)
	}
	keys, err = k.refresh(ctx)
	if err != nil {
		return nil, err
	}
	if payload, ok := verifyWith(jws, keys, kid); ok {
		return payload, nil
	}
	return nil, errors.New("no key of the provider verifies the signature")
}

// mayFetch spends one fetch of the budget, or reports that it is used up.
func (k *keyCache) mayFetch() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := time.Now()
	for len(k.recent) > 0 && now.Sub(k.recent[0]) >= keyRefreshWindow {
		k.recent = k.recent[1:]
	}
	if len(k.recent) >= keyRefreshBudget {
		return false
	}
	k.recent = append(k.recent, now)
	return true
}

func (k *keyCache) cached() ([]jose.JSONWebKey, time.Time) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.keys, k.fetched
}

// refresh fetches the JWKS; a failure keeps the old keys (and still counts as an attempt).
func (k *keyCache) refresh(ctx context.Context) ([]jose.JSONWebKey, error) {
	keys, err := k.download(ctx)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.fetched = time.Now()
	if err != nil {
		return k.keys, fmt.Errorf("%w: signing keys: %w", ErrTransient, err)
	}
	k.keys = keys
	return keys, nil
}

func (k *keyCache) download(ctx context.Context) ([]jose.JSONWebKey, error) {
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, k.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := k.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered HTTP %d", k.url, resp.StatusCode)
	}
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxDocument)).Decode(&set); err != nil {
		return nil, fmt.Errorf("%s is not a JWK set: %w", k.url, err)
	}
	keys := set.Keys[:0]
	for _, key := range set.Keys {
		if key.Valid() && key.IsPublic() && (key.Use == "" || key.Use == "sig") {
			keys = append(keys, key)
		}
	}
	return keys, nil
}

// verifyWith tries the keys named kid (all keys when the token names none).
func verifyWith(jws *jose.JSONWebSignature, keys []jose.JSONWebKey, kid string) ([]byte, bool) {
	for i := range keys {
		if kid != "" && keys[i].KeyID != kid {
			continue
		}
		if payload, err := jws.Verify(&keys[i]); err == nil {
			return payload, true
		}
	}
	return nil, false
}
