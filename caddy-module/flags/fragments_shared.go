package flags

import (
	"io/fs"
	"sync"

	"github.com/shellgate/shellgate/caddy-module/bundle"
)

// lastLoaded holds the gated fragments of the last bundle they were found in: every shell
// provisioned with the same bundle (the built-in one, read once per process) shares them
// instead of parsing every fragment again on each Provision and config reload. A Fragments is
// safe to share: what For derives is cached in a sync.Map.
var lastLoaded struct {
	sync.Mutex
	bundle    *bundle.Bundle
	fragments *Fragments
}

// LoadFragments finds the gated fragments of the UI build in fsys, whose manifest b was loaded
// from; for the bundle it was last given, it gives the same Fragments again.
func LoadFragments(fsys fs.FS, b *bundle.Bundle) (*Fragments, error) {
	lastLoaded.Lock()
	defer lastLoaded.Unlock()
	if b != nil && lastLoaded.bundle == b {
		return lastLoaded.fragments, nil
	}
	fr, err := loadFragments(fsys, b)
	if err != nil {
		return nil, err
	}
	lastLoaded.bundle, lastLoaded.fragments = b, fr
	return fr, nil
}
