package customer

import (
	"net/url"
	"strings"
)

// maxInlineLogo bounds an inline (data:) logo: the shell state that carries it is inlined
// into every page of the customer.
const maxInlineLogo = 64 << 10

// inlineLogoTypes are the image types an inline logo may have. SVG is one: the shell shows a
// logo only as <img src>, where an SVG's scripts never run and it loads nothing; the logo URL
// must never go into <object>, <embed>, <iframe> or a link, where they would.
var inlineLogoTypes = map[string]bool{
	"image/png": true, "image/jpeg": true, "image/webp": true, "image/gif": true, "image/svg+xml": true,
}

// LogoURL gives the cobranding logo URL the API answered if the shell may show it: an
// absolute https URL, or an inline image (data:image/png, jpeg, webp, gif or svg+xml, base64
// or percent-encoded). Anything else (javascript:, http:, a relative or protocol-relative
// path, data: of another type, control characters a browser would strip)
// gives "": the header then shows no partner logo.
func LogoURL(raw string) string {
	// Browsers strip tabs and newlines anywhere in a URL ("java\tscript:"): none may appear.
	for _, r := range raw {
		if r < ' ' || r == 0x7f {
			return ""
		}
	}
	scheme, rest, ok := strings.Cut(raw, ":")
	if !ok {
		return ""
	}
	switch strings.ToLower(scheme) {
	case "https":
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" || u.User != nil || !strings.HasPrefix(rest, "//") || strings.Contains(raw, " ") {
			return ""
		}
		return raw
	case "data":
		if len(raw) > maxInlineLogo {
			return ""
		}
		header, _, ok := strings.Cut(rest, ",")
		if !ok {
			return ""
		}
		params := strings.Split(header, ";")
		if !inlineLogoTypes[strings.ToLower(params[0])] {
			return ""
		}
		for i, p := range params[1:] {
			p = strings.ToLower(p)
			last := i == len(params)-2
			if !(p == "base64" && last) && !strings.HasPrefix(p, "charset=") {
				return ""
			}
		}
		return raw
	}
	return ""
}
