package flags

import (
	"context"
	"strings"
)

// Provider gives the flags of one request, shaped like an OpenFeature provider's bulk
// evaluation (an evaluation context in, every flag it knows out): the flag service (Remote).
// An error means the provider could not answer: the caller keeps the flags it has.
//
// Not OpenFeature's Go SDK itself: its provider registry is one per process (SetProvider),
// while Caddy runs the old and the new configuration side by side during a reload and may
// run several shell handlers with different flag services; and the edge wants every flag of
// a request in one call (the shell state carries all of them), which the SDK evaluates one
// flag at a time. The service's side is a standard all the same: OFREP (remote.go).
type Provider interface {
	Evaluate(ctx context.Context, r Request) (map[string]bool, error)
}

// The flag service is a Provider. The flag file (Set.Evaluate) always answers and is the base
// the service's answer is laid over (Overlay), so it needs no Provider of its own.
var _ Provider = (*Remote)(nil)

// Overlay puts over's flags on top of base (the caller's map, changed in place): a flag over
// names replaces base's value; a list-valued flag over names replaces all of base's values
// of it. Aliased spellings follow.
func Overlay(base, over map[string]bool) map[string]bool {
	lists := map[string]bool{}
	for k := range over {
		if name, _, ok := cutValue(k); ok {
			lists[name] = true
		}
	}
	for k := range base {
		if name, _, ok := cutValue(k); ok && lists[name] {
			delete(base, k)
		}
	}
	for k, v := range over {
		base[k] = v
	}
	for _, a := range Aliases {
		if v, ok := over[a[0]]; ok {
			base[a[1]] = v
		} else if v, ok := over[a[1]]; ok {
			base[a[0]] = v
		}
	}
	return base
}

// cutValue splits a list-valued flag's key "name:value".
func cutValue(k string) (name, value string, ok bool) { return strings.Cut(k, ":") }
