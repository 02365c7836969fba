package bundle

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestFragmentAppendTo(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		v    Values
		want string
	}{
		{"year slot", `<p>© [[shell:year]] Bank</p>`, Values{Year: 2026}, `<p>&#xa9; 2026 Bank</p>`},
		{"umlaut in text and attribute", `<a href="/k/" title="Kündigung">Kündigungsgeld</a>`, Values{},
			`<a href="/k/" title="K&#xfc;ndigung">K&#xfc;ndigungsgeld</a>`},
		{"active link, case-insensitive, query and hash ignored",
			`<a href="/Festgeld/?x=1#top">A</a><a href="/tagesgeld/">B</a>`, Values{Path: "/festgeld/"},
			`<a aria-current="page" href="/Festgeld/?x=1#top">A</a><a href="/tagesgeld/">B</a>`},
		{"every link to the page is marked", `<a href="/a/">1</a><a href="/a/">2</a>`, Values{Path: "/a/"},
			`<a aria-current="page" href="/a/">1</a><a aria-current="page" href="/a/">2</a>`},
		{"external and protocol-relative links are never current",
			`<a href="https://x.example/a/">1</a><a href="//x.example/a/">2</a>`, Values{Path: "/a/"},
			`<a href="https://x.example/a/">1</a><a href="//x.example/a/">2</a>`},
		{"no path marks nothing", `<a href="/">1</a>`, Values{}, `<a href="/">1</a>`},
		{"base slot in links and text", `<a href="[[shell:base]]/festgeld/">F</a><a href="[[shell:base]]/">H</a>`,
			Values{BasePath: "/en-gb", Path: "/en-GB/festgeld/"},
			`<a aria-current="page" href="/en-gb/festgeld/">F</a><a href="/en-gb/">H</a>`},
		{"base slot, locale home without slash", `<a href="[[shell:base]]/">H</a>`, Values{BasePath: "/en-gb", Path: "/en-gb"},
			`<a aria-current="page" href="/en-gb/">H</a>`},
		{"empty base path", `<a href="[[shell:base]]/festgeld/">F</a>`, Values{Path: "/festgeld/"},
			`<a aria-current="page" href="/festgeld/">F</a>`},
		{"base-relative link is not the same path elsewhere", `<a href="[[shell:base]]/festgeld/">F</a>`, Values{BasePath: "/de-at", Path: "/festgeld/"},
			`<a href="/de-at/festgeld/">F</a>`},
		{"astral character", `<span>😀</span>`, Values{}, `<span>&#x1f600;</span>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(PrepareFragment([]byte(tt.raw)).AppendTo(nil, tt.v))
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"shell-manifest.json": {Data: []byte(`{"version":"v1","stylesheets":["assets/shell-a.css"],"scripts":["assets/shell-b.js"],
			"locales":["de-DE","en"],"localeScripts":{"de-DE":"assets/shell-de-DE-c.js","en":"assets/shell-en-c.js"},
			"publicNavScripts":{"de-DE":"assets/shell-de-DE-nav.js","en":"assets/shell-en-nav.js"},
			"customerScripts":{"de-DE":"assets/shell-de-DE-private.js","PrivateHeader":"assets/shell-private.js","upgradeLoadingHeader":"assets/shell-upgrade.js"},"fragments":{"de-DE":{"header":{"public":"fragments/de-DE/header-public.html"},"footer":{"v1":"fragments/de-DE/footer-v1.html"}}}}`)},
		"fragments/de-DE/header-public.html": {Data: []byte(`<header><a href="/">Start</a></header>`)},
		"fragments/de-DE/footer-v1.html":     {Data: []byte(`<footer>© [[shell:year]]</footer>`)},
		"assets/shell-a.css":                 {Data: []byte(strings.Repeat("a{color:red}", 50))},
		"assets/shell-a.css.br":              {Data: []byte("br-bytes")},
		"assets/shell-a.css.gz":              {Data: []byte("gz-bytes")},
		"assets/shell-b.js":                  {Data: []byte("console.log(1)")},
		"assets/shell-de-DE-c.js":            {Data: []byte("export default {}")},
		"assets/shell-en-c.js":               {Data: []byte("export default {}")},
		"assets/shell-de-DE-nav.js":          {Data: []byte("export default {}")},
		"assets/shell-en-nav.js":             {Data: []byte("export default {}")},
		"assets/shell-de-DE-private.js":      {Data: []byte("export default {}")},
		"assets/shell-private.js":            {Data: []byte("export default {}")},
		"assets/shell-upgrade.js":            {Data: []byte("export default {}")},
	}
}

func TestLoad(t *testing.T) {
	b, err := Load(testFS(), "/_shell/assets/")
	if err != nil {
		t.Fatal(err)
	}
	entry := `<link rel="stylesheet" href="/_shell/assets/shell-a.css" data-shell="style"><script type="module" src="/_shell/assets/shell-b.js" data-shell="script"></script>`
	preload := func(names ...string) string {
		out := entry
		for _, n := range names {
			out += `<link rel="modulepreload" href="/_shell/assets/` + n + `" data-shell="preload">`
		}
		return out
	}
	// A visitor's page names on the entry what it imports for the page (the locale's content and
	// the public menus), to preload when idle: no request before the first paint but the entry's.
	later := func(names string) string {
		return strings.Replace(entry, `data-shell="script">`, `data-shell="script" data-preload="`+names+`">`, 1)
	}
	// A customer's head preloads what the entry imports for it: the locale's content and a
	// customer's header.
	for _, tt := range []struct{ locale, header, want string }{
		{"en-GB", "public", entry}, // not in the build: the entry alone
		{"de-DE", "public", later("shell-de-DE-c.js shell-de-DE-nav.js")},
		{"de-DE", "partner", later("shell-de-DE-c.js shell-de-DE-nav.js")},
		{"de-DE", "private", preload("shell-de-DE-c.js", "shell-private.js", "shell-de-DE-private.js")},
		{"de-DE", "loading", preload("shell-de-DE-c.js", "shell-upgrade.js", "shell-private.js", "shell-de-DE-private.js")},
		// en has no private header: its customers see the public one, menus and all.
		{"en", "private", later("shell-en-c.js shell-en-nav.js")},
	} {
		if got := string(b.Head(tt.locale, tt.header)); got != tt.want {
			t.Errorf("%s %s head:\n got %s\nwant %s", tt.locale, tt.header, got, tt.want)
		}
	}
	f, ok := b.Fragment("de-DE", Footer, "v1")
	if !ok || string(f.AppendTo(nil, Values{Year: 2030})) != `<footer>&#xa9; 2030</footer>` {
		t.Errorf("footer fragment wrong: %v", ok)
	}
	if _, ok := b.Fragment("en-GB", Header, "public"); ok {
		t.Error("a locale the build lacks must not have fragments")
	}
	if got := b.Variants("de-DE", Header); len(got) != 1 || got[0] != "public" {
		t.Errorf("variants = %v", got)
	}
}

func TestLoadErrorsSayWhatToDo(t *testing.T) {
	tests := []struct {
		name   string
		change func(fstest.MapFS)
		want   string
	}{
		{"no manifest", func(m fstest.MapFS) { delete(m, "shell-manifest.json") }, "build the UI"},
		{"fragment missing", func(m fstest.MapFS) { delete(m, "fragments/de-DE/footer-v1.html") }, `"fragments/de-DE/footer-v1.html"`},
		{"script missing", func(m fstest.MapFS) { delete(m, "assets/shell-b.js") }, `"assets/shell-b.js"`},
		{"locale chunk missing", func(m fstest.MapFS) { delete(m, "assets/shell-de-DE-c.js") }, `"assets/shell-de-DE-c.js"`},
		{"asset outside assets/", func(m fstest.MapFS) {
			m["shell-manifest.json"] = &fstest.MapFile{Data: []byte(`{"version":"1","scripts":["../x.js"],"locales":["de-DE"]}`)}
		}, "outside assets/"},
		{"not JSON", func(m fstest.MapFS) { m["shell-manifest.json"] = &fstest.MapFile{Data: []byte("{")} }, "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := testFS()
			tt.change(fsys)
			_, err := Load(fsys, "/_shell/assets/")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

func TestAssetChoose(t *testing.T) {
	b, err := Load(testFS(), "/_shell/assets/")
	if err != nil {
		t.Fatal(err)
	}
	css, _ := b.Asset("shell-a.css")
	js, _ := b.Asset("shell-b.js")
	tests := []struct {
		asset      *Asset
		accept     string
		wantCoding string
	}{
		{css, "gzip, deflate, br, zstd", "br"},
		{css, "gzip", "gzip"},
		{css, "br;q=0, gzip;q=0.5", "gzip"},
		{css, "br;q=0.0, gzip;q=0", ""},
		{css, "", ""},
		{css, "*", "br"},
		{js, "br, gzip", ""}, // no precompressed variant of this one
	}
	for _, tt := range tests {
		_, coding := tt.asset.Choose(tt.accept)
		if coding != tt.wantCoding {
			t.Errorf("%s with Accept-Encoding %q: coding %q, want %q", tt.asset.Name, tt.accept, coding, tt.wantCoding)
		}
	}
	if css.ContentType != "text/css; charset=utf-8" {
		t.Errorf("css content type %q", css.ContentType)
	}
}

// A request's value is written as the fragments are: ASCII only, markup as references.
func TestAppendText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Katharina Becker", "Katharina Becker"},
		{"Zoë <script>alert('x')</script>", "Zo&#xeb; &#x3c;script&#x3e;alert(&#x27;x&#x27;)&#x3c;/script&#x3e;"},
		{`"a" & b`, "&#x22;a&#x22; &#x26; b"},
		{"Ölçü 😀", "&#xd6;l&#xe7;&#xfc; &#x1f600;"},
		{"nul\x00 c1\u0085 del\x7f bad\xff", "nul&#xfffd; c1&#xfffd; del&#xfffd; bad&#xfffd;"},
		{"/en-gb/k%C3%BCndigung/\tx\ny", "/en-gb/k%C3%BCndigung/\tx\ny"},
	} {
		if got := string(AppendText([]byte("|"), tt.in)); got != "|"+tt.want {
			t.Errorf("AppendText(%q) = %q, want %q", tt.in, got[1:], tt.want)
		}
	}
}
