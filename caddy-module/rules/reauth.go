package rules

import (
	"fmt"
	"strings"
	"time"
)

// Step-up before sensitive actions (ASVS 4.0.3 3.7.1): an operator's rule names paths, the
// methods it covers and how old the customer's login may be there. A request it matches with
// an older login goes through a fresh login first.

// ReauthRule is one compiled rule.
type ReauthRule struct {
	paths   ProtectedPaths
	methods map[string]bool // empty: every method
	maxAge  time.Duration
}

// ReauthMethods are the methods a rule may name.
var ReauthMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"}

// MinReauthMaxAge is the shortest max age a rule may ask for: a fresh login takes seconds,
// and a login already older than max_age when the customer lands back on the page would
// send them round again for ever.
const MinReauthMaxAge = time.Minute

// NewReauthRule checks and compiles a rule: paths as ProtectedPaths patterns (matched on
// the decision path, with and without the locale base path), methods in upper case (none:
// every method), maxAge at least MinReauthMaxAge.
func NewReauthRule(paths, methods []string, maxAge time.Duration) (ReauthRule, error) {
	if len(paths) == 0 {
		return ReauthRule{}, fmt.Errorf("reauth needs one or more paths, e.g. reauth /payout/* 5m")
	}
	for _, p := range paths {
		if !strings.HasPrefix(p, "/") {
			return ReauthRule{}, fmt.Errorf("reauth path %q is not a path; give one that starts with /, e.g. /payout/*", p)
		}
	}
	compiled, err := NewProtectedPaths(paths)
	if err != nil {
		return ReauthRule{}, fmt.Errorf("reauth path: %w", err)
	}
	r := ReauthRule{paths: compiled, methods: map[string]bool{}, maxAge: maxAge}
	for _, m := range methods {
		if !isReauthMethod(m) {
			return ReauthRule{}, fmt.Errorf("reauth method %q is not one of %s (in upper case)", m, strings.Join(ReauthMethods, ", "))
		}
		r.methods[m] = true
	}
	if maxAge < MinReauthMaxAge {
		return ReauthRule{}, fmt.Errorf("reauth max_age %s is shorter than %s: the customer's login would already be too old when they land back on the page; give one such as 5m", maxAge, MinReauthMaxAge)
	}
	return r, nil
}

func isReauthMethod(m string) bool {
	for _, k := range ReauthMethods {
		if m == k {
			return true
		}
	}
	return false
}

// ReauthRules are an identity block's rules.
type ReauthRules []ReauthRule

// MaxAge is the strictest max age of the rules that match a request (its method, its
// decision path and locale base path); ok is false when none matches. A HEAD is matched as
// the GET it stands for.
func (rs ReauthRules) MaxAge(method, decisionPath, basePath string) (maxAge time.Duration, ok bool) {
	for _, r := range rs {
		if len(r.methods) > 0 && !r.methods[method] && !(method == "HEAD" && r.methods["GET"]) {
			continue
		}
		if !r.paths.Match(decisionPath, basePath) {
			continue
		}
		if !ok || r.maxAge < maxAge {
			maxAge, ok = r.maxAge, true
		}
	}
	return maxAge, ok
}

// LoginTooOld tells whether a login at loginTime is older than maxAge at now. A login time
// in the future (clocks apart) is not too old.
func LoginTooOld(loginTime, now time.Time, maxAge time.Duration) bool {
	return now.Sub(loginTime) > maxAge
}
