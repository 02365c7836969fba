package shell

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/shellgate/shellgate/caddy-module/session"
)

// defaultHSTS is the Strict-Transport-Security of HTTPS answers unless the operator says
// otherwise: a year, subdomains included (ASVS 14.4.5). No preload: that is a commitment an
// operator makes at the browsers' preload list, not a default.
const defaultHSTS = "max-age=31536000; includeSubDomains"

// hstsField is the header's canonical key.
const hstsField = "Strict-Transport-Security"

// hstsOff is the HSTS value that sends no Strict-Transport-Security.
const hstsOff = "off"

// setHSTS puts Strict-Transport-Security (the hsts option's value) on an answer to an HTTPS
// request (TLS here, or a trusted proxy's forwarded https: see forwardedHTTPS). Never on
// plain HTTP: there a man in the middle could set it anyway, and RFC 6797 says browsers
// ignore it.
func setHSTS(w http.ResponseWriter, r *http.Request, hsts string) {
	if hsts == hstsOff || !session.IsHTTPS(r) {
		return
	}
	v := hsts
	if v == "" {
		v = defaultHSTS
	}
	w.Header()[hstsField] = []string{v}
}

// validateHSTS checks the hsts option's value: off, or the header's directives (RFC 6797 6.1) with a
// max-age.
func validateHSTS(hsts string) error {
	if hsts == "" || hsts == hstsOff {
		return nil
	}
	bad := func(why string) error {
		return fmt.Errorf("shell: hsts %q %s; write e.g. hsts max-age=31536000; includeSubDomains, or hsts off", hsts, why)
	}
	var maxAge bool
	for _, d := range strings.Split(hsts, ";") {
		name, value, hasValue := strings.Cut(strings.TrimSpace(d), "=")
		switch strings.ToLower(name) {
		case "max-age":
			if n, err := strconv.ParseUint(strings.Trim(value, `"`), 10, 32); !hasValue || err != nil {
				return bad("has a max-age that is not a number of seconds")
			} else if n == 0 {
				return bad("has max-age=0, which tells browsers to forget HTTPS; use hsts off to send nothing")
			}
			maxAge = true
		case "includesubdomains", "preload":
			if hasValue {
				return bad("gives " + name + " a value; it takes none")
			}
		case "":
		default:
			return bad("has the unknown directive " + strconv.Quote(name))
		}
	}
	if !maxAge {
		return bad("has no max-age")
	}
	return nil
}
