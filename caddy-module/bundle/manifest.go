package bundle

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// ManifestFile is the manifest's name at the root of the built UI.
const ManifestFile = "shell-manifest.json"

// Manifest is what the UI build writes about its outputs. Paths are relative to the UI root.
type Manifest struct {
	// Version identifies the build; it changes whenever an output changes.
	Version string `json:"version"`
	// Stylesheets and Scripts go into every spliced page's head, in order.
	Stylesheets []string `json:"stylesheets"`
	Scripts     []string `json:"scripts"`
	// LocaleScripts maps a locale to the chunk with its content, which the entry script loads;
	// the page preloads its own so both download at once.
	LocaleScripts map[string]string `json:"localeScripts,omitempty"`
	// PublicNavScripts maps a locale to the chunk of its public header's menus and actions,
	// which the entry loads for every header but a customer's.
	PublicNavScripts map[string]string `json:"publicNavScripts,omitempty"`
	// CustomerScripts are the chunks of a customer's header: by locale, the market's private
	// menus; under PrivateHeader and upgradeLoadingHeader, the private header and what turns
	// the loading header into it.
	CustomerScripts map[string]string `json:"customerScripts,omitempty"`
	// Locales lists every locale the build rendered fragments for.
	Locales []string `json:"locales"`
	// Fragments maps locale → "header" or "footer" → variant → file.
	Fragments map[string]map[string]map[string]string `json:"fragments"`
	// SEO maps a locale to its site name and default page title (src/content/<locale>/seo.json).
	SEO map[string]SiteSEO `json:"seo,omitempty"`
}

// SiteSEO is a locale's page title data (spec 2.7).
type SiteSEO struct {
	SiteName     string `json:"siteName"`
	DefaultTitle string `json:"defaultTitle"`
}

// Title is the title of a page that has none: the default title plus the tagline built from
// the site name.
func (s SiteSEO) Title() string {
	switch {
	case s.DefaultTitle == "":
		return s.SiteName
	case s.SiteName == "":
		return s.DefaultTitle
	}
	return s.DefaultTitle + " | " + s.SiteName
}

// SEO gives the page title data of locale, if the build has it.
func (b *Bundle) SEO(locale string) (SiteSEO, bool) {
	s, ok := b.manifest.SEO[locale]
	return s, ok
}

func readManifest(fsys fs.FS) (*Manifest, error) {
	raw, err := fs.ReadFile(fsys, ManifestFile)
	if err != nil {
		return nil, fmt.Errorf("reading the UI manifest %s: %w (build the UI with `make ui`, or point ui_dir at a built shell-ui/dist)", ManifestFile, err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("the UI manifest %s is not valid JSON: %w (rebuild the UI)", ManifestFile, err)
	}
	if m.Version == "" || len(m.Scripts) == 0 || len(m.Locales) == 0 {
		return nil, fmt.Errorf("the UI manifest %s lacks a version, a script or a locale (rebuild the UI)", ManifestFile)
	}
	for _, p := range m.assetPaths() {
		if !isAssetPath(p) {
			return nil, fmt.Errorf("the UI manifest names %q outside assets/ (rebuild the UI)", p)
		}
	}
	return &m, nil
}

// isAssetPath reports whether p is a clean file path under assets/.
func isAssetPath(p string) bool {
	return strings.HasPrefix(p, "assets/") && path.Clean(p) == p && !strings.Contains(p, "..")
}

// assetPaths lists every asset the manifest names.
func (m *Manifest) assetPaths() []string {
	out := append(append([]string{}, m.Stylesheets...), m.Scripts...)
	for _, scripts := range []map[string]string{m.LocaleScripts, m.PublicNavScripts, m.CustomerScripts} {
		for _, p := range scripts {
			out = append(out, p)
		}
	}
	return out
}
