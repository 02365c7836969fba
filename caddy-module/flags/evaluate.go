package flags

import (
	"maps"
	"strings"
)

// Request is what a flag's value may depend on.
type Request struct {
	// Locale is the page's locale, e.g. "nl-NL".
	Locale string
	// Device is the kind of the visitor's device; unknown counts as desktop.
	Device DeviceKind
	// Country is a logged-in investor's country (ISO 3166 alpha-3, e.g. "GBR"); "" for visitors.
	Country string
	// DeviceID is the browser's anonymous device id (device-{uuid}, spec 3), "" when unknown.
	// The flag file ignores it; the flag service gets it as the targeting key.
	DeviceID string
}

// Set is a checked flag file, ready to evaluate. It is read-only and safe for concurrent use.
type Set struct {
	file *File
	// perLocale caches the result per lowercase locale and device kind, all a flag depends on.
	perLocale map[string]map[string]bool
	// asGiven is perLocale for the locales as NewSet was given them (the markets' canonical
	// "de-DE", which pages carry): found without lower-casing and joining a key per request.
	asGiven map[localeKind]map[string]bool
	// byCountry tells whether any flag has a country rule: only then does a country cost an
	// evaluation on the spot.
	byCountry bool
	// fallback is the result for a locale no rule names.
	fallback map[string]bool
}

type localeKind struct {
	locale string
	kind   DeviceKind
}

// NewSet prepares f for evaluation; locales are the market locales to precompute.
func NewSet(f *File, locales []string) *Set {
	s := &Set{file: f, perLocale: map[string]map[string]bool{}, asGiven: map[localeKind]map[string]bool{}}
	for _, d := range f.Flags {
		s.byCountry = s.byCountry || len(d.Countries) > 0
	}
	s.fallback = s.evaluate("", DeviceDesktop)
	for _, l := range locales {
		for _, kind := range []DeviceKind{DeviceDesktop, DeviceMobile} {
			m := s.evaluate(l, kind)
			s.perLocale[cacheKey(l, kind)] = m
			s.asGiven[localeKind{l, kind}] = m
		}
	}
	return s
}

func cacheKey(locale string, kind DeviceKind) string {
	if kind != DeviceMobile {
		kind = DeviceDesktop
	}
	return strings.ToLower(locale) + "|" + string(kind)
}

// Evaluate gives the flags of one request as the shell state carries them: each boolean flag
// by name, each value of a list-valued flag as "name:value" (lowercase) set to true, and both
// spellings of an aliased flag. The map is the caller's.
func (s *Set) Evaluate(r Request) map[string]bool {
	if r.Country == "" || !s.byCountry {
		kind := r.Device
		if kind != DeviceMobile {
			kind = DeviceDesktop
		}
		if m, ok := s.asGiven[localeKind{r.Locale, kind}]; ok {
			return maps.Clone(m)
		}
		if m, ok := s.perLocale[cacheKey(r.Locale, r.Device)]; ok {
			return maps.Clone(m)
		}
	}
	return s.evaluateFor(r.Locale, r.Device, r.Country)
}

func (s *Set) evaluate(locale string, device DeviceKind) map[string]bool {
	return s.evaluateFor(locale, device, "")
}

func (s *Set) evaluateFor(locale string, device DeviceKind, country string) map[string]bool {
	if device != DeviceMobile {
		device = DeviceDesktop
	}
	out := make(map[string]bool, len(s.file.Flags)+2)
	for name, d := range s.file.Flags {
		if len(d.Values) > 0 {
			for _, v := range d.Values {
				out[name+":"+strings.ToLower(v)] = true
			}
			continue
		}
		on := d.On
		// Locale comparison is lowercase (spec 5).
		for l, v := range d.Locales {
			if strings.EqualFold(l, locale) {
				on = v
			}
		}
		if v, ok := d.Devices[string(device)]; ok {
			on = v
		}
		if v, ok := d.Countries[country]; ok && country != "" {
			on = v
		}
		out[name] = on
	}
	for _, a := range Aliases {
		if v, ok := out[a[0]]; ok {
			out[a[1]] = v
		} else if v, ok := out[a[1]]; ok {
			out[a[0]] = v
		}
	}
	return out
}
