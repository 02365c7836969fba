package shell

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/caddyserver/caddy/v2/modules/caddyhttp"

	"github.com/shellgate/shellgate/caddy-module/rules"
)

// serveOwnRoute answers the gateway's routes under /_shell/, named by the decision path:
// /_SHELL/state and //_shell/state are /_shell/state, as they would be to the origin.
func (h *Handler) serveOwnRoute(w http.ResponseWriter, v *visit) error {
	r, path := v.r, v.path
	switch {
	case strings.HasPrefix(path, assetPrefix):
		return h.serveAsset(w, r, assetName(r))
	case path == routePrefix+"state":
		return h.serveState(w, v)
	case path == routePrefix+"events":
		return h.serveEvents(w, r)
	case path == routePrefix+"readyz", path == routePrefix+"healthz" && r.URL.Query().Has("ready"):
		return h.serveReadiness(w, r) // health.go
	case path == routePrefix+"healthz":
		return h.serveHealth(w, r)
	case path == routePrefix+"market":
		return h.serveMarket(w, r)
	case path == switchAccountPath:
		return h.serveSwitchAccount(w, v) // customer.go
	}
	return caddyhttp.Error(http.StatusNotFound, fmt.Errorf("no shell route %s", r.URL.Path))
}

// assetName is the asset a request names, in its case (hashed names are mixed case), "" when
// it names none.
func assetName(r *http.Request) string {
	clean, err := rules.CleanPath(r.URL.EscapedPath())
	if err != nil || len(clean) < len(assetPrefix) || !strings.EqualFold(clean[:len(assetPrefix)], assetPrefix) {
		return ""
	}
	return clean[len(assetPrefix):]
}

// serveAsset serves a hashed UI file, precompressed when the client takes it. The name
// carries the content hash, so it may be cached for good.
func (h *Handler) serveAsset(w http.ResponseWriter, r *http.Request, name string) error {
	if err := allowRead(w, r); err != nil {
		return err
	}
	a, ok := h.bundle.Asset(name)
	if !ok {
		return caddyhttp.Error(http.StatusNotFound, fmt.Errorf("no shell asset %q", name))
	}
	body, coding := a.Choose(r.Header.Get("Accept-Encoding"))
	hdr := w.Header()
	hdr.Set("Content-Type", a.ContentType)
	hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	hdr.Add("Vary", "Accept-Encoding")
	hdr.Set("X-Content-Type-Options", "nosniff")
	etag := a.ETag
	if coding != "" {
		hdr.Set("Content-Encoding", coding)
		etag = strings.TrimSuffix(etag, `"`) + "-" + coding + `"`
	}
	hdr.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	return nil
}

// serveState answers the shell state of a page, named by its path in ?path= (default: the
// referring page's, else "/"). It is what the shell reads when the page went out without it.
func (h *Handler) serveState(w http.ResponseWriter, v *visit) error {
	r := v.r
	if err := allowRead(w, r); err != nil {
		return err
	}
	pagePath := r.URL.Query().Get("path")
	if pagePath == "" {
		if ref, err := url.Parse(r.Header.Get("Referer")); err == nil && ref.Host == r.Host {
			pagePath = ref.Path
		}
	}
	if !strings.HasPrefix(pagePath, "/") || strings.HasPrefix(pagePath, "//") {
		pagePath = "/"
	}
	pv := v.pageVisit(pagePath)
	h.loadStateCustomer(pv) // waits for the customer's data the page went out without
	p := h.pageOf(pv)
	out, err := p.state.AppendJSON(nil)
	if err != nil {
		return caddyhttp.Error(http.StatusInternalServerError, err)
	}
	hdr := w.Header()
	hdr.Set("Content-Type", "application/json")
	hdr.Set("Cache-Control", "no-store")
	hdr.Set("X-Content-Type-Options", "nosniff")
	_, err = w.Write(out)
	return err
}

// serveHealth answers liveness: the module is provisioned and has its UI.
func (h *Handler) serveHealth(w http.ResponseWriter, r *http.Request) error {
	if err := allowRead(w, r); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	// Liveness: "ok" whenever the process answers. The dependencies are the last readiness
	// checks' (refreshed in the background, never waited for): detail for operators, never a
	// reason to restart the process.
	answer := struct {
		Status       string            `json:"status"`
		UI           string            `json:"ui"`
		Ready        string            `json:"ready,omitempty"`
		Dependencies map[string]string `json:"dependencies,omitempty"`
	}{Status: "ok", UI: h.bundle.Version()}
	if a := h.ready.latest(); a != nil { // health.go
		answer.Ready, answer.Dependencies = a.Status, a.Dependencies
	}
	return json.NewEncoder(w).Encode(answer)
}
