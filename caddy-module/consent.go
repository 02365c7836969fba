package shell

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// Consent configures the consent manager and the tag-manager containers the gateway puts into
// every spliced page's head (spec 2.7, 6 and 9). Nothing is inserted for what is not
// configured: no consent block, no consent nodes.
type Consent struct {
	// ManagerScript is the consent manager's loader script: an https URL, or a path on the
	// page's own site such as /consent/loader.js.
	ManagerScript string `json:"manager_script,omitempty"`

	// ManagerAttributes are further attributes of the loader's script element, e.g.
	// {"id": "usercentrics-cmp", "data-settings-id": "AbC123", "async": ""}; an empty value
	// writes the attribute without one. Names are lower case; src, type, data-shell and event
	// handlers are the gateway's.
	ManagerAttributes map[string]string `json:"manager_attributes,omitempty"`

	// TagManager maps a market group to its tag-manager container id: "german" (de-DE and
	// de-AT), "non_german" (every other market) and "us" (en-US). A group without an id loads
	// no container.
	TagManager map[string]string `json:"tag_manager,omitempty"`

	// TagManagerURL is the container loader; the page loads it with ?id=<container id>.
	// Default: https://www.googletagmanager.com/gtm.js.
	TagManagerURL string `json:"tag_manager_url,omitempty"`
}

// Market groups of the tag-manager containers (spec 2.7).
const (
	groupGerman    = "german"
	groupNonGerman = "non_german"
	groupUS        = "us"
)

const defaultTagManagerURL = "https://www.googletagmanager.com/gtm.js"

// consentDefaultLocales get the consent defaults of section 9 before their container (spec 6).
var consentDefaultLocales = []string{"en-GB", "en-IE", "fr-FR", "en-US", "es-ES", "nl-NL", "pl-PL", "de-AT", "de-DE"}

// consentDefault is section 9's consent default as an inline gtag call: four denials, a wait of
// 2000 ms for the consent manager's update, and redacted ad data.
const consentDefault = `<script data-shell="consent-default">window.dataLayer=window.dataLayer||[];` +
	`function gtag(){dataLayer.push(arguments);}` +
	`gtag("consent","default",{ad_user_data:"denied",ad_personalization:"denied",ad_storage:"denied",analytics_storage:"denied",wait_for_update:2000});` +
	`gtag("set","ads_data_redaction",true);</script>`

// tagManagerStart is the container's start event, which its loader expects in the data layer.
const tagManagerStart = `<script data-shell="tag-manager">window.dataLayer=window.dataLayer||[];` +
	`window.dataLayer.push({"gtm.start":new Date().getTime(),event:"gtm.js"});</script>`

var (
	attrName    = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	containerID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)
)

// marketGroup gives the tag-manager group of a locale.
func marketGroup(locale string) string {
	switch locale {
	case "de-DE", "de-AT":
		return groupGerman
	case "en-US":
		return groupUS
	}
	return groupNonGerman
}

// validate checks the consent configuration and says what to change.
func (c *Consent) validate() error {
	if c == nil {
		return nil
	}
	if c.ManagerScript != "" {
		if err := checkScriptURL(c.ManagerScript); err != nil {
			return fmt.Errorf("shell: consent manager_script: %w", err)
		}
	} else if len(c.ManagerAttributes) > 0 {
		return fmt.Errorf("shell: consent manager_attributes is given without a manager_script; name the consent manager's loader script")
	}
	for name := range c.ManagerAttributes {
		switch {
		case !attrName.MatchString(name):
			return fmt.Errorf("shell: consent manager_attributes %q is not an attribute name; use lower-case letters, digits and hyphens, e.g. data-settings-id", name)
		case name == "src" || name == "type" || name == "data-shell" || strings.HasPrefix(name, "on"):
			return fmt.Errorf("shell: consent manager_attributes %q is the gateway's to set; give the script's URL as manager_script and leave event handlers out", name)
		}
	}
	for group, id := range c.TagManager {
		if group != groupGerman && group != groupNonGerman && group != groupUS {
			return fmt.Errorf("shell: consent tag_manager group %q is not a market group; use german (de-DE, de-AT), non_german or us (en-US)", group)
		}
		if !containerID.MatchString(id) {
			return fmt.Errorf("shell: consent tag_manager %s: %q is not a container id; give one such as GTM-ABC1234", group, id)
		}
	}
	if c.TagManagerURL != "" {
		if err := checkScriptURL(c.TagManagerURL); err != nil {
			return fmt.Errorf("shell: consent tag_manager_url: %w", err)
		}
		if strings.ContainsAny(c.TagManagerURL, "?#") {
			return fmt.Errorf("shell: consent tag_manager_url %q has a query or fragment; give the loader's bare URL, the gateway adds ?id=", c.TagManagerURL)
		}
	}
	return nil
}

// checkScriptURL accepts an https URL or a path on the page's own site; nothing that would
// load over plain HTTP or from a scheme-relative host.
func checkScriptURL(raw string) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not a URL: %w", raw, err)
	case strings.HasPrefix(raw, "/") && !strings.HasPrefix(raw, "//"):
		return nil
	case u.Scheme == "https" && u.Host != "":
		return nil
	}
	return fmt.Errorf("%q is neither an https URL nor a path on the site (/...); give one such as https://cmp.example/loader.js", raw)
}

// appendHead appends the consent nodes of a page in locale: the consent default (for the
// locales of spec 6, when the market group has a container), the consent manager, and the
// container. Every node carries data-shell; all is ASCII.
func (c *Consent) appendHead(dst []byte, locale string) []byte {
	if c == nil {
		return dst
	}
	id := c.TagManager[marketGroup(locale)]
	if id != "" && slices.Contains(consentDefaultLocales, locale) {
		dst = append(dst, consentDefault...)
	}
	if c.ManagerScript != "" {
		dst = append(dst, `<script src="`...)
		dst = append(dst, asciiText(c.ManagerScript)...)
		dst = append(dst, '"')
		names := make([]string, 0, len(c.ManagerAttributes))
		for name := range c.ManagerAttributes {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			dst = append(dst, ' ')
			dst = append(dst, name...)
			if v := c.ManagerAttributes[name]; v != "" {
				dst = append(dst, `="`...)
				dst = append(dst, asciiText(v)...)
				dst = append(dst, '"')
			}
		}
		dst = append(dst, ` data-shell="consent-manager"></script>`...)
	}
	if id != "" {
		loader := c.TagManagerURL
		if loader == "" {
			loader = defaultTagManagerURL
		}
		dst = append(dst, tagManagerStart...)
		dst = append(dst, `<script async src="`...)
		dst = append(dst, asciiText(loader+"?id="+url.QueryEscape(id))...)
		dst = append(dst, `" data-shell="tag-manager"></script>`...)
	}
	return dst
}
