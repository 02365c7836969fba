package shell

import (
	"fmt"
	"net/http"
	"strings"
)

// Who may frame a page with the shell. Such a page carries the login link, the customer's
// header and the session countdown: framed by another site, a click on it can be stolen
// (clickjacking). Every spliced page gets a Content-Security-Policy field of its own,
// `frame-ancestors <sources>`, added beside the origin's: a browser enforces every policy it is
// sent, so the origin's stays whole and the stricter of the two wins. X-Frame-Options is
// for browsers without frame-ancestors (browsers with it ignore X-Frame-Options when both
// come): SAMEORIGIN for 'self', DENY for 'none', none for other lists, which it cannot name;
// an origin's DENY always stays.

// defaultFrameAncestors lets a page be framed by its own origin only.
var defaultFrameAncestors = []string{"'self'"}

// frameOptions is what framingOf derives from FrameAncestors.
type frameOptions struct {
	csp string // the Content-Security-Policy value, e.g. frame-ancestors 'self'
	xfo string // the X-Frame-Options value: SAMEORIGIN, DENY or ""
}

// framingOf gives the fields a spliced page gets for the frame_ancestors sources.
func framingOf(sources []string) frameOptions {
	if len(sources) == 0 {
		sources = defaultFrameAncestors
	}
	f := frameOptions{csp: "frame-ancestors " + strings.Join(sources, " ")}
	if len(sources) == 1 {
		switch sources[0] {
		case "'self'":
			f.xfo = "SAMEORIGIN"
		case "'none'":
			f.xfo = "DENY"
		}
	}
	return f
}

// validateFrameAncestors checks each source is one CSP's frame-ancestors takes, written so that
// it cannot end the policy or the header field.
func validateFrameAncestors(sources []string) error {
	for _, s := range sources {
		switch {
		case s == "'none'" && len(sources) > 1:
			return fmt.Errorf("shell: frame_ancestors 'none' stands alone; drop it or the other sources")
		case s == "'self'" || s == "'none'" || s == "*":
		case strings.EqualFold(s, "self") || strings.EqualFold(s, "none"):
			return fmt.Errorf("shell: frame_ancestors %q needs its quotes: write '%s'", s, strings.ToLower(s))
		case s == "" || strings.ContainsAny(s, "'\";,\\") || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r >= 0x7f }) >= 0:
			return fmt.Errorf("shell: frame_ancestors %q is not a source; give 'self', 'none', a scheme such as https: or an origin such as https://partner.example", s)
		}
	}
	return nil
}

// add puts the framing fields on a spliced page's header.
func (f frameOptions) add(hdr http.Header) {
	if f.csp == "" {
		return
	}
	hdr["Content-Security-Policy"] = append(hdr["Content-Security-Policy"], f.csp) // Add, without its key's canonicalization
	if f.xfo == "" {
		return
	}
	for _, v := range hdr["X-Frame-Options"] {
		if strings.EqualFold(strings.TrimSpace(v), "DENY") {
			hdr["X-Frame-Options"] = []string{"DENY"} // the origin's, stricter: one field of it
			return
		}
	}
	hdr["X-Frame-Options"] = []string{f.xfo}
}
