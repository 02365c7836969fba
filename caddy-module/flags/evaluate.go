package flags

import (
	"maps"
	"strings"
)

// Request is what a flag's value may depend on. Issue 5 adds the device identity and the
// investor's country here.
type Request struct {
	// Locale is the page's locale, e.g. "nl-NL".
	Locale string
}

// Set is a checked flag file, ready to evaluate. It is read-only and safe for concurrent use.
type Set struct {
	file *File
	// perLocale caches the result per lowercase locale: today a flag depends on nothing else.
	perLocale map[string]map[string]bool
	// fallback is the result for a locale no rule names.
	fallback map[string]bool
}

// NewSet prepares f for evaluation; locales are the market locales to precompute.
func NewSet(f *File, locales []string) *Set {
	s := &Set{file: f, perLocale: map[string]map[string]bool{}}
	s.fallback = s.evaluate("")
	for _, l := range locales {
		s.perLocale[strings.ToLower(l)] = s.evaluate(l)
	}
	return s
}

// Evaluate gives the flags of one request as the shell state carries them: each boolean flag
// by name, each value of a list-valued flag as "name:value" (lowercase) set to true, and both
// spellings of an aliased flag. The map is the caller's.
func (s *Set) Evaluate(r Request) map[string]bool {
	if m, ok := s.perLocale[strings.ToLower(r.Locale)]; ok {
		return maps.Clone(m)
	}
	return s.evaluate(r.Locale)
}

func (s *Set) evaluate(locale string) map[string]bool {
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
