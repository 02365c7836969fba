package integration

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/customer/customertest"
)

// personaSecrets are the personal fields of a persona's files that must never reach a log:
// customer number, names, IBANs, e-mail addresses.
func personaSecrets(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k, x)
			}
		case []any:
			for _, x := range v {
				walk(key, x)
			}
		case string:
			switch key {
			case "bacNumber", "firstName", "lastName", "iban", "email", "customerId":
				if len(v) > 2 {
					out[key+" "+v] = v
				}
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		walk("", doc)
	}
	return out
}

// The customer path, run as operators run it (bin/shellgate with DEBUG logs and access logs),
// logs no token, no session id, no cookie value and no personal field of the customer:
// logins of several personas through the dev IdP, pages with their data, the redirect rule,
// the state route, degraded API calls, logout.
func TestCustomerPathLogsNoPersonalField(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bin/shellgate, the dev IdP and the persona API")
	}
	bin := shellgateBinary(t)
	api, err := customertest.NewServer(filepath.Join("..", "..", "testdata", "personas"))
	if err != nil {
		t.Fatal(err)
	}
	defer api.Close()
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><html><head><title>p</title></head><body><main>page</main></body></html>")
	}))
	defer origin.Close()
	port := authtest.FreePort(t)
	base := fmt.Sprintf("http://localhost:%d", port)
	idp := authtest.Start(t, authtest.Options{RedirectURIs: []string{base + callbackPath}})
	gw := startOperatedGateway(t, bin, base, fmt.Sprintf(`{
	admin off
	persist_config off
	log {
		level DEBUG
	}
}
http://localhost:%d {
	log
	log_append request_id {http.request.uuid}
	log_append shell_locale {http.shell.locale}
	log_append logged_in {http.shell.logged_in}
	shell {
		identity {
			providers DEU %s
			login_hosts localhost
		}
		customer {
			api %s%s
		}
	}
	reverse_proxy %s
}
`, port, idp.Issuer, api.URL, customertest.BasePath, origin.URL))

	client := &http.Client{Timeout: 15 * time.Second}
	var cookies []string
	for _, user := range []string{"active", "no-ref-iban", "maintenance", "balance-error", "switcher"} {
		b := authtest.NewBrowser()
		res, body := browse(t, b, base+"/login/")
		if res.StatusCode != http.StatusFound {
			t.Fatalf("%s: login start: %d %s", user, res.StatusCode, body)
		}
		callback := b.Login(t, res.Header.Get("Location"), user, authtest.DemoPassword)
		if res, body = browse(t, b, callback.String()); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("%s: callback: %d %s", user, res.StatusCode, body)
		}
		cookie := cookieOf(t, b, base)
		if cookie == nil {
			t.Fatalf("%s: no session cookie", user)
		}
		cookies = append(cookies, cookie.Value)
		for _, p := range []string{"/festgeld/", "/tagesgeld/"} {
			if v := visitPage(client, base+p, cookie); v.err != nil || v.status >= 500 {
				t.Errorf("%s: %s: %d %v", user, p, v.status, v.err)
			}
		}
		visitPage(client, base+"/_shell/state?path=/festgeld/", cookie)
		if res, _, err := postShell(client, base, routePrefix+"auth/logout", cookie, nil); err != nil || res.StatusCode != http.StatusSeeOther {
			t.Errorf("%s: logout: %v %v", user, res, err)
		}
	}
	time.Sleep(200 * time.Millisecond) // the last access log lines
	logs := gw.logText()
	for _, want := range []string{`"session ended"`, `"request_id":"`, `"shell_locale":"de-DE"`, `"logged_in":true`, `"logger":"http.handlers.shell.customer"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the logs lack %s: the capture misses part of the customer path", want)
		}
	}
	// The module's own lines carry the id of the request they belong to, the one its access
	// log line has, so an operator can join them.
	accessIDs, moduleIDs := map[string]bool{}, map[string]string{}
	for _, line := range strings.Split(logs, "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil {
			continue
		}
		id, _ := entry["request_id"].(string)
		if entry["msg"] == "handled request" && id != "" {
			accessIDs[id] = true
		} else if logger, _ := entry["logger"].(string); strings.HasPrefix(logger, "http.handlers.shell") && id != "" {
			moduleIDs[id], _ = entry["msg"].(string)
		}
	}
	if len(moduleIDs) == 0 {
		t.Error("no module log line carries a request_id")
	}
	for id, msg := range moduleIDs {
		if !accessIDs[id] {
			t.Errorf("module line %q has request_id %s that no access log line has", msg, id)
		}
	}
	if jwt := regexp.MustCompile(`eyJ[\w-]+\.eyJ[\w-]+\.`); jwt.MatchString(logs) {
		t.Error("the logs contain a JWT")
	}
	for _, c := range cookies {
		if strings.Contains(logs, c) {
			t.Error("the logs contain a session cookie's value")
		}
	}
	dirs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "personas", "*"))
	for _, dir := range dirs {
		for what, v := range personaSecrets(t, dir) {
			if strings.Contains(logs, v) {
				t.Errorf("the logs contain a customer's %s (%s)", what, filepath.Base(dir))
			}
		}
	}
}
