package shell

import (
	"encoding/json"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	"github.com/caddyserver/caddy/v2/caddyconfig"

	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
	"github.com/shellgate/shellgate/caddy-module/market"
	"github.com/shellgate/shellgate/caddy-module/rules"
)

// The demo (`make run`, the repository's Caddyfile) is the gateway in front of a file_server
// over testdata/site. These tests read the shipped Caddyfile and that directory, so that no
// login and no header variant of the demo ends on the file server's 404.

// shippedDemo is what the tests need of the demo's Caddyfile: the shell block and the
// origin's file_server root, relative to the repository.
type shippedDemo struct {
	shell Handler
	root  string
}

func loadShippedDemo(t *testing.T) shippedDemo {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "Caddyfile"))
	if err != nil {
		t.Fatal(err)
	}
	cfgJSON, _, err := caddyconfig.GetAdapter("caddyfile").Adapt(src, nil)
	if err != nil {
		t.Fatalf("the shipped Caddyfile does not adapt: %v", err)
	}
	var cfg any
	if err := json.Unmarshal(cfgJSON, &cfg); err != nil {
		t.Fatal(err)
	}
	var shells []map[string]any
	var roots []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			switch v["handler"] {
			case "shell":
				shells = append(shells, v)
			case "vars":
				if root, ok := v["root"].(string); ok {
					roots = append(roots, root)
				}
			case "file_server":
				if root, ok := v["root"].(string); ok {
					roots = append(roots, root)
				}
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(cfg)
	if len(shells) != 1 || len(roots) != 1 {
		t.Fatalf("the shipped Caddyfile has %d shell blocks and file_server roots %q; these tests read one of each", len(shells), roots)
	}
	var d shippedDemo
	raw, _ := json.Marshal(shells[0])
	if err := json.Unmarshal(raw, &d.shell); err != nil {
		t.Fatalf("the shipped shell block: %v", err)
	}
	d.root = filepath.Join("..", filepath.FromSlash(roots[0])) // `make run` starts in the repository
	return d
}

// served tells whether the demo's file_server answers urlPath with a page: a file, or a
// directory's index.html (a directory without the slash gets file_server's redirect to it).
func (d shippedDemo) served(urlPath string) bool {
	clean := path.Clean("/" + urlPath)
	p := filepath.Join(d.root, filepath.FromSlash(clean))
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	if fi.IsDir() {
		fi, err = os.Stat(filepath.Join(p, "index.html"))
		return err == nil && !fi.IsDir()
	}
	return !strings.HasSuffix(urlPath, "/")
}

// demoMarket is where a visitor of one market logs in: a host and the market's base path.
type demoMarket struct{ host, basePath string }

// demoMarkets are the markets the demo serves: each locale path on localhost (the default
// locale at /, not under /de-de/: nothing links there) and each configured market host.
func (d shippedDemo) markets() []demoMarket {
	out := []demoMarket{{"localhost", ""}}
	for _, l := range market.Locales {
		if l != market.DefaultLocale {
			out = append(out, demoMarket{"localhost", "/" + strings.ToLower(l)})
		}
	}
	hosts := make([]string, 0, len(d.shell.Hosts))
	for h := range d.shell.Hosts {
		hosts = append(hosts, h)
	}
	sort.Strings(hosts)
	for _, h := range hosts {
		out = append(out, demoMarket{h, ""})
	}
	return out
}

// TestDemoLoginsEndOnRealPages logs every persona in from every market of the demo and
// follows the gateway's answers, login return and customer redirect rule as the shipped
// Caddyfile configures them, to the page the content site must serve: the reference-account,
// financial-information and CDVC pages of each market included.
func TestDemoLoginsEndOnRealPages(t *testing.T) {
	demo := loadShippedDemo(t)
	if demo.shell.Customer == nil {
		t.Fatal("the shipped Caddyfile has no customer block: its personas' redirects are what this test follows")
	}
	api, err := customertest.NewServer(filepath.Join("..", "testdata", "personas"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(api.Close)
	cfg := *demo.shell.Customer
	cfg.API = api.BaseURL
	cfg.Budget = caddy.Duration(5 * time.Second) // the data is always at hand: the redirect is decided
	id := localIdentity()                        // a provider that need not answer: the sessions are planted
	if demo.shell.Identity != nil {
		id.Environment = demo.shell.Identity.Environment // the demo's logins on localhost
	}
	g := newTestGatewayWith(t, &Handler{
		Identity: id, Customer: &cfg,
		Hosts: demo.shell.Hosts, DefaultLocale: demo.shell.DefaultLocale, HeaderVariants: demo.shell.HeaderVariants,
	})
	cg := &customerGateway{testGateway: g, api: api}

	personas := api.Personas()
	names := make([]string, 0, len(personas))
	for n := range personas {
		names = append(names, n)
	}
	sort.Strings(names)
	redirected := map[string]bool{}
	for _, m := range demo.markets() {
		if !demo.served(m.basePath + "/") {
			t.Errorf("the demo serves no home page for %s%s/", m.host, m.basePath)
		}
		for _, name := range names {
			p := personas[name]
			cookie := cg.login(p.CustomerNumber)
			// The login page of a logged-in customer answers as the login's callback does: to
			// the return path, the market's home when the login names none.
			target := m.basePath + "/login/"
			var hops []string
			for range 5 {
				r := navigate(target, cookie)
				r.Host = m.host
				res, _ := g.do(r)
				if res.StatusCode != http.StatusFound {
					if res.StatusCode != http.StatusOK {
						t.Fatalf("%s on %s: GET %s = %d", name, m.host, target, res.StatusCode)
					}
					break
				}
				target = res.Header.Get("Location")
				hops = append(hops, target)
			}
			if len(hops) < 1 || len(hops) > 2 {
				t.Fatalf("%s logging in on %s%s/login/ went %q; want the home page and at most one customer redirect", name, m.host, m.basePath, hops)
			}
			if len(hops) == 2 {
				redirected[name] = true
			}
			if !demo.served(target) {
				t.Errorf("%s logging in on %s%s/login/ ends on %s (via %q), which %s does not serve", name, m.host, m.basePath, target, hops, demo.root)
			}
		}
	}
	// The personas the README names for the three redirects do redirect: a persona whose data
	// changed would leave the pages above untested.
	for _, name := range []string{"no-reference-iban", "uk-no-origin-of-funds", "data-validity-expired"} {
		if !redirected[name] {
			t.Errorf("persona %s is not redirected after its login; testdata/personas/README.md says it is", name)
		}
	}
}

var shellHeaderMeta = regexp.MustCompile(`<meta name="shell-header" content="([^"]*)">`)

// TestDemoHasAPageForEveryHeaderVariant walks the demo's content site and tells each page's
// header as a logged-out visitor sees it (path rules, the shipped Caddyfile's header_variant
// routes, the page's own meta): every variant a page may ask for has a page, every
// header_variant route leads to one, and each partner regflow's registration page exists.
// The private, loading and partner headers follow from the visitor, on any of these pages.
func TestDemoHasAPageForEveryHeaderVariant(t *testing.T) {
	demo := loadShippedDemo(t)
	routes, err := headerRouteRules(demo.shell.HeaderVariants)
	if err != nil {
		t.Fatalf("the shipped header_variant routes: %v", err)
	}
	for _, r := range demo.shell.HeaderVariants {
		// The glob's shortest match: /partner-banken/* is /partner-banken/.
		if p := strings.ReplaceAll(r.Path, "*", ""); !demo.served(p) {
			t.Errorf("header_variant %s %s: the demo serves no page at %s", r.Path, r.Variant, p)
		}
	}
	pages := map[rules.HeaderVariant][]string{}
	err = filepath.WalkDir(demo.root, func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && strings.HasPrefix(e.Name(), "_") {
			return filepath.SkipDir // test fixtures, not the content team's pages
		}
		if e.IsDir() || e.Name() != "index.html" {
			return nil
		}
		rel, _ := filepath.Rel(demo.root, filepath.Dir(p))
		urlPath := path.Clean("/"+filepath.ToSlash(rel)) + "/"
		if urlPath == "//" {
			urlPath = "/"
		}
		body, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		in := routes.Input(urlPath)
		if m := shellHeaderMeta.FindSubmatch(body); m != nil {
			var ok bool
			if in, ok = in.WithPageRequest(m[1]); !ok {
				t.Errorf("%s asks for header %q, which no page may ask for (%v)", urlPath, m[1], rules.RequestableVariants())
			}
		}
		in.Locale = (&market.Resolver{}).Resolve("localhost", urlPath).Locale
		v := rules.SelectHeader(in)
		pages[v] = append(pages[v], urlPath)
		if v == rules.HeaderRegistration {
			for _, regflow := range []string{"dkb_retail", "legal_and_general", "mse_savings_hub", "askpaul", "fairstone"} {
				in.Regflow = regflow
				if w := rules.SelectHeader(in); w == rules.HeaderCobranded {
					pages[w] = append(pages[w], urlPath+"?regflow="+regflow)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := rules.RequestableVariants()
	want = append(want, string(rules.HeaderCobranded))
	for _, v := range want {
		if len(pages[rules.HeaderVariant(v)]) == 0 {
			t.Errorf("no page of %s shows the %s header; add one (a path rule, a header_variant route or <meta name=\"shell-header\" content=%q>)", demo.root, v, v)
		}
	}
	for _, regflow := range []string{"dkb_retail", "legal_and_general", "mse_savings_hub", "askpaul", "fairstone"} {
		l, _ := rules.PartnerLocale(regflow)
		p := "/" + strings.ToLower(l) + "/register/?regflow=" + regflow
		if l == market.DefaultLocale {
			p = "/register/?regflow=" + regflow
		}
		if !slices.Contains(pages[rules.HeaderCobranded], p) {
			t.Errorf("the co-branded registration of %s (%s) has no page in the demo", regflow, p)
		}
	}
	if t.Failed() {
		t.Logf("pages by header: %v", pages)
	}
}
