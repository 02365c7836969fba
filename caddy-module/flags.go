package shell

import (
	"fmt"
	"io/fs"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/market"
)

// edgeFlags is what Provision prepares for the feature flags: the evaluated flag file and the
// gated fragments of the UI build.
type edgeFlags struct {
	set       *flags.Set
	fragments *flags.Fragments
}

// provisionFlags reads the flag file (or takes the defaults) and finds the build's gated
// fragments. Reading the file here means `caddy reload` picks up a changed file.
func (h *Handler) provisionFlags(fsys fs.FS) error {
	file := flags.Defaults()
	if h.FlagFile != "" {
		f, err := flags.Load(h.FlagFile, market.Check)
		if err != nil {
			return fmt.Errorf("shell: flags: %w", err)
		}
		file = f
	}
	frags, err := flags.LoadFragments(fsys, h.bundle)
	if err != nil {
		return fmt.Errorf("shell: %w", err)
	}
	h.edgeFlags = edgeFlags{set: flags.NewSet(file, market.Locales), fragments: frags}
	return nil
}

// gated gives fragment f as it reads for the request's flags.
func (e *edgeFlags) gated(f *bundle.Fragment, on map[string]bool) *bundle.Fragment {
	return e.fragments.For(f, on)
}
