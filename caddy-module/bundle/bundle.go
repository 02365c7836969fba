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
	heads     map[headKey][]byte // per locale and audience: head plus the preloads of its chunks
	fragments map[fragmentKey]*Fragment
	assets    map[string]*Asset
}

type fragmentKey struct{ locale, kind, variant string }

type headKey struct {
	locale   string
	audience Audience
}

// An Audience is who a page's header is for, which decides the chunks its head preloads
// beside the locale's content: the public menus, or a customer's header.
type Audience uint8

const (
	AudiencePublic   Audience = iota // every header but a customer's: the public menus
	AudienceCustomer                 // the private header and the market's private menus
	AudienceLoading                  // the loading header, which becomes the private one
)

// Audiences are the audiences whose heads differ.
var Audiences = []Audience{AudiencePublic, AudienceCustomer, AudienceLoading}

// Names of the customer's chunks in Manifest.CustomerScripts beside the locales.
const (
	chunkPrivateHeader = "PrivateHeader"
	chunkUpgrade       = "upgradeLoadingHeader"
)

// AudienceOf is the audience of a page in locale whose header is the variant header. A locale
// without a private header shows customers the public one, menus included.
func (b *Bundle) AudienceOf(locale, header string) Audience {
	switch {
	case header == "loading":
		return AudienceLoading
	case header == "private" && b.manifest.CustomerScripts[locale] != "":
		return AudienceCustomer
	}
	return AudiencePublic
}

// Load reads and prepares the UI build in fsys. assetPrefix is the URL path the assets are
// served under, e.g. "/_shell/assets/".
func Load(fsys fs.FS, assetPrefix string) (*Bundle, error) {
	m, err := readManifest(fsys)
	if err != nil {
		return nil, err
	}
	b := &Bundle{manifest: m, fsys: fsys, fragments: map[fragmentKey]*Fragment{}}
	b.head = headAssets(m, assetPrefix, "", AudiencePublic)
	b.heads = map[headKey][]byte{}
	for locale := range m.LocaleScripts {
		for _, a := range Audiences {
			b.heads[headKey{locale, a}] = headAssets(m, assetPrefix, locale, a)
		}
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

// Head is the markup that links the shell's stylesheets and scripts for a page in locale
// whose header is the variant header: the entry script, and preloads of the chunks the entry
// will import for that page (the locale's content; the public menus, or a customer's header),
// so they download beside it instead of one round trip later.
func (b *Bundle) Head(locale, header string) []byte {
	return b.HeadFor(locale, b.AudienceOf(locale, header))
}

// HeadFor is Head for a page in locale whose header is for audience a.
func (b *Bundle) HeadFor(locale string, a Audience) []byte {
	if h, ok := b.heads[headKey{locale, a}]; ok {
		return h
	}
	return b.head
}

// Fragment gives the prepared fragment of a kind and variant for locale.
func (b *Bundle) Fragment(locale, kind, variant string) (*Fragment, bool) {
	f, ok := b.fragments[fragmentKey{locale, kind, variant}]
	return f, ok
}

func headAssets(m *Manifest, prefix, locale string, a Audience) []byte {
	var sb strings.Builder
	preload := func(s string) {
		if s != "" {
			fmt.Fprintf(&sb, `<link rel="modulepreload" href="%s" data-shell="preload">`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")))
		}
	}
	for _, s := range m.Stylesheets {
		fmt.Fprintf(&sb, `<link rel="stylesheet" href="%s" data-shell="style">`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")))
	}
	// A visitor's page names its chunks on the entry (data-preload) instead of preloading them:
	// the entry preloads them when the browser is idle or the visitor reaches for a control. Each
	// <link rel="modulepreload"> in the head was a request the main thread made, and a response it
	// took, before a slow phone's first paint (bench/HISTORY.md, 2026-11-27 "paint").
	var later []string
	if locale != "" && a == AudiencePublic {
		for _, s := range []string{m.LocaleScripts[locale], m.PublicNavScripts[locale]} {
			if s != "" {
				later = append(later, strings.TrimPrefix(s, "assets/"))
			}
		}
	}
	for _, s := range m.Scripts {
		named := ""
		if len(later) > 0 {
			named = ` data-preload="` + html.EscapeString(strings.Join(later, " ")) + `"`
		}
		fmt.Fprintf(&sb, `<script type="module" src="%s" data-shell="script"%s></script>`, html.EscapeString(prefix+strings.TrimPrefix(s, "assets/")), named)
	}
	if locale == "" || a == AudiencePublic {
		return []byte(sb.String())
	}
	preload(m.LocaleScripts[locale])
	switch a {
	case AudienceLoading:
		preload(m.CustomerScripts[chunkUpgrade])
		fallthrough
	case AudienceCustomer:
		preload(m.CustomerScripts[chunkPrivateHeader])
		preload(m.CustomerScripts[locale])
	}
	return []byte(sb.String())
}
