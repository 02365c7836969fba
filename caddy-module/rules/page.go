package rules

import "strings"

// KindOfPath tells the page kind from a request path (spec section 2.3): /login and
// /{locale}/login/, /register and /{locale}/register/, /en/select-country/, and the open-banking
// pages under /open-banking/.
func KindOfPath(path string) PageKind {
	p := strings.ToLower(path)
	segs := strings.Split(strings.Trim(p, "/"), "/")
	if len(segs) > 1 && len(segs[0]) >= 2 && len(segs[0]) <= 5 && (len(segs[0]) == 2 || segs[0][2] == '-') {
		segs = segs[1:] // a locale segment: /de-de/login/, /en/select-country/
	}
	switch segs[0] {
	case "login", "auth":
		return PageLogin
	case "register":
		return PageRegistration
	case "select-country":
		return PageCountrySelector
	case "open-banking":
		return PageOpenBanking
	}
	return PageContent
}

// ModeOfPath tells the header mode a path asks for: the corporate pages under /en/ (spec 2.3:
// /en/corporate/, /en/become-a-partner-bank/, /en/press/, /en/careers/, ...) get the corporate
// header; the country selector and login pages there keep their own.
func ModeOfPath(path string) Mode {
	p := strings.ToLower(path)
	if !strings.HasPrefix(p, "/en/") || KindOfPath(p) != PageContent {
		return ModeNone
	}
	return ModeCorporate
}
