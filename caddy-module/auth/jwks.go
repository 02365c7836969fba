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

	"github.com/shellgate/shellgate/caddy-module/spans"
)

// keyRefreshBudget bounds the JWKS fetches that tokens signed with an unknown key may cause:
// at most this many per keyRefreshWindow, per kind of token (see keyBudget). go-oidc's own key
// set refetches on every such token; the back-channel logout endpoint takes tokens from
// anyone, so that would let anyone make the gateway hammer the provider. A budget rather than
// a fixed pause lets a real key rotation (or a restarted development provider) through at once.
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
// unknown key. The keys are shared; the fetch budgets are not: ID tokens come from the
// provider's token endpoint, logout tokens from anyone who can reach the back-channel route,
// and junk of the second kind must never spend the fetches a key rotation needs for logins.
type keyCache struct {
	url     string
	http    *http.Client
	timeout time.Duration

	fetch   sync.Mutex // one fetch at a time; waiters then read the fresh keys
	mu      sync.Mutex
	keys    []jose.JSONWebKey
	started time.Time // when the last fetch attempt began

	logins       keyBudget // ID tokens of code exchanges
	logoutTokens keyBudget // back-channel logout tokens: unauthenticated input
}

// keyBudget is one kind of token's share of key fetches: attempts within keyRefreshWindow,
// oldest first.
type keyBudget struct {
	mu     sync.Mutex
	recent []time.Time
}

// budgetedKeys verifies with the shared keys, spending its own budget on fetches.
type budgetedKeys struct {
	cache  *keyCache
	budget *keyBudget
}

var _ oidc.KeySet = budgetedKeys{}

// forLogins is the key set for ID tokens; forLogoutTokens the one for back-channel logout
// tokens. Each spends only its own fetch budget.
func (k *keyCache) forLogins() oidc.KeySet       { return budgetedKeys{k, &k.logins} }
func (k *keyCache) forLogoutTokens() oidc.KeySet { return budgetedKeys{k, &k.logoutTokens} }

// VerifySignature checks raw's signature against the cached keys, refreshing them when the
// token's key is unknown and the budget allows.
func (b budgetedKeys) VerifySignature(ctx context.Context, raw string) ([]byte, error) {
	k := b.cache
	jws, err := jose.ParseSignedCompact(raw, signingAlgs)
	if err != nil {
		return nil, fmt.Errorf("malformed JWS: %w", err)
	}
	if len(jws.Signatures) != 1 {
		return nil, errors.New("a token must carry exactly one signature")
	}
	kid := jws.Signatures[0].Header.KeyID
	keys, _ := k.cached()
	if payload, ok := verifyWith(jws, keys, kid); ok {
		return payload, nil
	}
	missed := time.Now()
	k.fetch.Lock()
	defer k.fetch.Unlock()
	if keys, started := k.cached(); started.After(missed) {
		// A fetch began after this token missed and ended while this call waited: its keys
		// are as fresh as any; do not fetch again. (A fetch begun earlier, say for junk, may
		// predate a rotation: then this call fetches itself.)
		if payload, ok := verifyWith(jws, keys, kid); ok {
			return payload, nil
		}
		return nil, errors.New("no key of the provider verifies the signature")
	}
	if !b.budget.spend(time.Now()) {
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

// spend takes one fetch of the budget, or reports that it is used up.
func (b *keyBudget) spend(now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.recent) > 0 && now.Sub(b.recent[0]) >= keyRefreshWindow {
		b.recent = b.recent[1:]
	}
	if len(b.recent) >= keyRefreshBudget {
		return false
	}
	b.recent = append(b.recent, now)
	return true
}

func (k *keyCache) cached() ([]jose.JSONWebKey, time.Time) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.keys, k.started
}

// refresh fetches the JWKS; a failure keeps the old keys (and still counts as an attempt).
// The caller holds k.fetch.
func (k *keyCache) refresh(ctx context.Context) ([]jose.JSONWebKey, error) {
	start := time.Now()
	keys, err := k.download(ctx)
	k.mu.Lock()
	defer k.mu.Unlock()
	k.started = start
	if err != nil {
		return k.keys, fmt.Errorf("%w: signing keys: %w", ErrTransient, err)
	}
	k.keys = keys
	return keys, nil
}

func (k *keyCache) download(ctx context.Context) ([]jose.JSONWebKey, error) {
	ctx, cancel := context.WithTimeout(ctx, k.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(spans.WithName(ctx, "GET jwks"), http.MethodGet, k.url, nil)
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
