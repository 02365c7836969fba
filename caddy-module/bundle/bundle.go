package bundle

import (
	"fmt"
	"html"
	"io/fs"
	"slices"
	"strings"
)

// Kinds of fragment in the manifest.
const (
	Header = "header"
	Footer = "footer"
)

// Bundle is a loaded shell UI build.
type Bundle struct {
	manifest  *Manifest
	fsys      fs.FS
	head      []byte
	heads     map[string][]byte // per locale: head plus the preload of its content chunk
	fragments map[fragmentKey]*Fragment
	assets    map[string]*Asset
}

type fragmentKey struct{ locale, kind, variant string }

// Load reads and prepares the UI build in fsys. assetPrefix is the URL path the assets are
// served under, e.g. "/_shell/assets/".
func Load(fsys fs.FS, assetPrefix string) (*Bundle, error) {
	m, err := readManifest(fsys)
	if err != nil {
		return nil, err
	}
	b := &Bundle{manifest: m, fsys: fsys, fragments: map[fragmentKey]*Fragment{}}
	b.head = headAssets(m, assetPrefix, "")
	b.heads = map[string][]byte{}
	for locale := range m.LocaleScripts {
		b.heads[locale] = headAssets(m, assetPrefix, locale)
	}
	for locale, kinds := range m.Fragments {
		for kind, variants := range kinds {
			for variant, file := range variants {
				raw, err := fs.ReadFile(fsys, file)
				if err != nil {
					return nil, fmt.Errorf("the UI manifest names the %s %s fragment of %s as %q, which cannot be read: %w (rebuild the UI)", variant, kind, locale, file, err)
				}
				b.fragments[fragmentKey{locale, kind, variant}] = PrepareFragment(raw)
			}
		}
	}
	if b.assets, err = loadAssets(fsys); err != nil {
		return nil, err
	}
	for _, p := range m.assetPaths() {
		if _, ok := b.assets[strings.TrimPrefix(p, "assets/")]; !ok {
			return nil, fmt.Errorf("the UI manifest names %q, which is not in the build (rebuild the UI)", p)
		}
	}
	return b, nil
}

// Version identifies the build.
func (b *Bundle) Version() string { return b.manifest.Version }

// Locales lists the locales the build has fragments for.
func (b *Bundle) Locales() []string { return b.manifest.Locales }

// HasLocale reports whether the build rendered fragments for locale.
func (b *Bundle) HasLocale(locale string) bool { return slices.Contains(b.manifest.Locales, locale) }

// Variants lists the variants of a kind of fragment the build has for locale.
func (b *Bundle) Variants(locale, kind string) []string {
	var out []string
	for k := range b.fragments {
		if k.locale == locale && k.kind == kind {
			out = append(out, k.variant)
		}
	}
	slices.Sort(out)
	return out
}

// Head is the markup that links the shell's stylesheets and scripts for a page in locale.
func (b *Bundle) Head(locale string) []byte {
	if h, ok := b.heads[locale]; ok {
		return h
	}
	return b.head
}

// Fragment gives the prepared fragment of a kind and variant for locale.
func (b *Bundle) Fragment(locale, kind, variant string) (*Fragment, bool) {
	f, ok := b.fragments[fragmentKey{locale, kind, variant}]
	return f, ok
}

func headAssets(m *Manifest, prefix, locale string) []byte {
	var sb strings.Builder
	for _, s := range m.Stylesheets {
		fmt.Fprintf(&sb, `<link rel="stylesheet" href="%s" data-shell="style">`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")))
	}
	for _, s := range m.Scripts {
		fmt.Fprintf(&sb, `<script type="module" src="%s" data-shell="script"></script>`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")))
	}
	if s, ok := m.LocaleScripts[locale]; ok {
		fmt.Fprintf(&sb, `<link rel="modulepreload" href="%s" data-shell="preload">`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")))
	}
	return []byte(sb.String())
}
