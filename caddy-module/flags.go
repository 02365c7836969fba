package shell

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/url"

	"github.com/shellgate/shellgate/caddy-module/bundle"
	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/market"
)

// edgeFlags is what Provision prepares for the feature flags: the evaluated flag file and the
// gated fragments of the UI build.
type edgeFlags struct {
	set       *flags.Set
	fragments *flags.Fragments
	service   *flagService // flag_service.go; nil when off
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
	h.edgeFlags = edgeFlags{set: flags.NewSet(file, market.Locales), fragments: frags, service: h.FlagService.provision(h.logger)}
	return nil
}

// gated gives fragment f as it reads for the request's flags.
func (e *edgeFlags) gated(f *bundle.Fragment, on map[string]bool) *bundle.Fragment {
	return e.fragments.For(f, on)
}

// identityFlag answers identity's flags (identity.Config.FlagOn) for r: the flags of the page
// the customer was on (the Referer on this host, else r's own path) for the browser's device.
// known is false when no flag source names the flag: the identity option decides.
func (h *Handler) identityFlag(r *http.Request, name string) (on, known bool) {
	pagePath := r.URL.Path
	if ref, err := url.Parse(r.Header.Get("Referer")); err == nil && ref.Host == r.Host && ref.Path != "" {
		pagePath = ref.Path
	}
	in := flags.Request{Locale: h.resolver.Resolver.Resolve(r.Host, pagePath).Locale, Device: flags.KindOf(r.Header.Get("User-Agent"))}
	if c, err := r.Cookie(deviceCookie); err == nil && flags.ValidDeviceID(c.Value) {
		in.DeviceID = c.Value
	}
	on, known = h.edgeFlags.evaluate(r.Context(), in)[name]
	return on, known
}
