package flags

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// File is the operator's flag file (JSON):
//
//	{
//	  "flags": {
//	    "mobileAppBanner": true,
//	    "isDWMLaunchNL": {"on": false, "locales": {"nl-NL": true}},
//	    "b2cUnifiedDomainLocales": {"values": ["pl-PL", "fi-FI"]}
//	  }
//	}
//
// A flag is true or false everywhere, or an object whose fields say more. The object form is
// the one that grows (issue 5 adds device and investor rules there): unknown fields are an
// error today, so a file written for a newer gateway fails loudly instead of half-working.
type File struct {
	// Flags maps a flag's name to its definition.
	Flags map[string]Definition `json:"flags"`
}

// Definition is one flag.
type Definition struct {
	// On is the flag's value where no locale rule applies.
	On bool `json:"on"`
	// Locales overrides On per locale ("nl-NL": true). Locale names compare lowercase.
	Locales map[string]bool `json:"locales,omitempty"`
	// Values makes the flag list-valued: each value becomes the key "name:value" (lowercase).
	Values []string `json:"values,omitempty"`
	// Devices overrides On and Locales per device kind ("mobile": false), for flags that a
	// rollout gives one kind of device first. Device kinds are mobile and desktop.
	Devices map[string]bool `json:"devices,omitempty"`
	// Countries overrides the rest per investor country (spec 3, investor identity: a
	// logged-in customer's country, e.g. "GBR": true). Country codes are ISO 3166 alpha-3.
	Countries map[string]bool `json:"countries,omitempty"`
}

// UnmarshalJSON takes the short form true/false as well as the object.
func (d *Definition) UnmarshalJSON(b []byte) error {
	var on bool
	if err := json.Unmarshal(b, &on); err == nil {
		*d = Definition{On: on}
		return nil
	}
	type plain Definition
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("%w; a flag is true, false or an object with the fields on, locales, devices, countries and values", err)
	}
	*d = Definition(p)
	return nil
}

// Aliases are flags the notes spell two ways (spec 6): setting one sets both, so the shell may
// ask for either spelling.
var Aliases = [][2]string{{"isDWMLaunchNL", "ippDwmLaunchNl"}}

// Known are the flags of spec section 6 and the footer's, used to catch misspellings.
var Known = []string{
	"umtMinorAccountSwitch", "b2cUseNewDashboard", "dbtShowNewMyDepositsPage", "isDWMLaunchNL", "ippDwmLaunchNl",
	"customerShowPaymentMethodScreens", "userManagementPensionLogout", "b2cEnableAdjustSmartBanner",
	"b2cEnableAdjustBannerForAuthenticatedUser", "b2cEnableMultiContext", "umtFECallKeycloakLogoutOnSessionTimeout",
	"b2cUnifiedDomainLocales", "b2cNewMarketLocales", MobileAppBanner,
}

// MobileAppBanner is the footer's mobile-app banner flag (spec 2.4).
const MobileAppBanner = "mobileAppBanner"

var (
	namePattern  = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
	valuePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
)

// Load reads and checks the flag file at path.
func Load(path string, checkLocale func(string) error) (*File, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the flag file: %w (give the path of a JSON file, see testdata/flags.json)", err)
	}
	f, err := Parse(raw, checkLocale)
	if err != nil {
		return nil, fmt.Errorf("flag file %s: %w", path, err)
	}
	return f, nil
}

// Parse decodes and checks a flag file. checkLocale rejects a locale that is not a market's,
// with a message that names the valid ones.
func Parse(raw []byte, checkLocale func(string) error) (*File, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("not valid JSON at byte %d: %w", syn.Offset, err)
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("not valid JSON, it ends too early: %w", err)
		}
		return nil, fmt.Errorf("%w (the file is {\"flags\": {\"name\": true, ...}})", err)
	}
	if f.Flags == nil {
		return nil, errors.New(`no "flags" object; the file is {"flags": {"name": true, ...}}`)
	}
	return &f, f.Check(checkLocale)
}

// Check reports the first problem of the file, saying what to change.
func (f *File) Check(checkLocale func(string) error) error {
	names := make([]string, 0, len(f.Flags))
	for name := range f.Flags {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		d := f.Flags[name]
		if !namePattern.MatchString(name) {
			return fmt.Errorf("flag %q: a name is letters, digits and _, starting with a letter", name)
		}
		for _, k := range Known {
			if k != name && strings.EqualFold(k, name) {
				return fmt.Errorf("flag %q: did you mean %q? flag names are case-sensitive", name, k)
			}
		}
		for locale := range d.Locales {
			if checkLocale == nil {
				continue
			}
			if err := checkLocale(locale); err != nil {
				return fmt.Errorf("flag %s, locales: %w", name, err)
			}
		}
		for _, v := range d.Values {
			if !valuePattern.MatchString(v) {
				return fmt.Errorf("flag %s, values: %q is not a value; give locales such as fr-FR (letters, digits, -, _ and .)", name, v)
			}
		}
		if len(d.Values) > 0 && (d.On || len(d.Locales) > 0 || len(d.Devices) > 0) {
			return fmt.Errorf("flag %s has values and on/locales/devices; a list-valued flag takes values only", name)
		}
		for country := range d.Countries {
			if len(country) != 3 || strings.ToUpper(country) != country {
				return fmt.Errorf("flag %s, countries: %q is not a country code; use ISO 3166 alpha-3 such as DEU or GBR", name, country)
			}
		}
		if len(d.Values) > 0 && len(d.Countries) > 0 {
			return fmt.Errorf("flag %s has values and countries; a list-valued flag takes values only", name)
		}
		for kind := range d.Devices {
			if DeviceKind(kind) != DeviceMobile && DeviceKind(kind) != DeviceDesktop {
				return fmt.Errorf("flag %s, devices: %q is not a device kind; use mobile or desktop", name, kind)
			}
		}
	}
	for _, a := range Aliases {
		_, one := f.Flags[a[0]]
		_, other := f.Flags[a[1]]
		if one && other {
			return fmt.Errorf("flags %s and %s are one flag spelled two ways; keep one of them", a[0], a[1])
		}
	}
	return nil
}
