package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
	"github.com/shellgate/shellgate/caddy-module/identity"
	"github.com/shellgate/shellgate/caddy-module/session"
	"github.com/shellgate/shellgate/caddy-module/session/redistest"
)

// Two gateway processes (bin/shellgate, as operators run it) sharing one redis-server, in
// front of the real development identity provider.

// replica is one running bin/shellgate.
type replica struct {
	base string
	cmd  *exec.Cmd
	done chan struct{}
	log  *bytes.Buffer
	mu   *sync.Mutex
}

// shellgateBinary is SHELLGATE_BINARY (make test-go passes bin/shellgate, the one build every
// suite shares), or shellgate built once per test run from this very tree with the UI inside:
// a bin/shellgate left from an older checkout would test yesterday's gateway. The Go build
// cache makes the build take seconds after the first.
func shellgateBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("SHELLGATE_BINARY"); bin != "" {
		return bin
	}
	builtOnce.Do(func() {
		dir, err := os.MkdirTemp("", "shellgate-test-bin-")
		if err != nil {
			builtErr = err
			return
		}
		builtBin = filepath.Join(dir, "shellgate")
		cmd := exec.Command("go", "build", "-tags", "builtinassets", "-o", builtBin, "./caddy-module/cmd/shellgate")
		cmd.Dir = authtest.RepoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			builtErr = fmt.Errorf("building shellgate: %v\n%s", err, out)
		}
	})
	if builtErr != nil {
		t.Fatal(builtErr)
	}
	return builtBin
}

var (
	builtOnce sync.Once
	builtBin  string
	builtErr  error
)

// TestMain removes the gateway built for the multi-process tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if builtBin != "" {
		_ = os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

func startReplica(t *testing.T, bin string, port int, identityBlock string) *replica {
	t.Helper()
	caddyfile := fmt.Sprintf(`{
	admin off
	persist_config off
}
http://localhost:%d {
	log
	shell {
		identity {
%s
		}
	}
	header Content-Type "text/html; charset=utf-8"
	respond "<!doctype html><html><head><title>p</title></head><body><main>page</main></body></html>"
}
`, port, identityBlock)
	return startOperatedGateway(t, bin, fmt.Sprintf("http://localhost:%d", port), caddyfile)
}

type lockedBuffer struct{ r *replica }

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.r.mu.Lock()
	defer w.r.mu.Unlock()
	return w.r.log.Write(p)
}

func (r *replica) logText() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.log.String()
}

// kill ends the process at once (SIGKILL), as a crashed replica.
func (r *replica) kill() {
	select {
	case <-r.done:
		return
	default:
	}
	_ = syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL)
	<-r.done
}

func TestReplicasShareSessions(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two gateway processes, redis-server and the dev IdP")
	}
	bin := shellgateBinary(t)
	redisSrv := redistest.Start(t)
	ports := []int{authtest.FreePort(t), authtest.FreePort(t)}
	var callbacks []string
	for _, p := range ports {
		callbacks = append(callbacks, fmt.Sprintf("http://localhost:%d%s", p, identity.CallbackPath))
	}
	// Tokens live 20 s: due for refresh at half their lifetime (10 s or less left), refreshed
	// beside the pages until the last 5 s.
	idp := authtest.Start(t, authtest.Options{
		AccessTTL:      20 * time.Second,
		RedirectURIs:   callbacks,
		BackchannelURI: fmt.Sprintf("http://localhost:%d%sauth/backchannel-logout", ports[0], routePrefix),
	})
	block := fmt.Sprintf(`providers DEU %s {
	logout keycloak
}
session_store redis {
	addrs %s
}
session_keys c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=
login_hosts localhost`, idp.Issuer, redisSrv.Addr)
	replicas := []*replica{startReplica(t, bin, ports[0], block), startReplica(t, bin, ports[1], block)}

	// Log in through replica A; cookies of localhost go to both replicas.
	b := authtest.NewBrowser()
	res, body := browse(t, b, replicas[0].base+"/login/")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("login start: %d %s", res.StatusCode, body)
	}
	callback := b.Login(t, res.Header.Get("Location"), authtest.DemoUser, authtest.DemoPassword)
	if res, body = browse(t, b, callback.String()); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("callback: %d %s", res.StatusCode, body)
	}
	u, _ := url.Parse(replicas[0].base)
	var cookie *http.Cookie
	for _, c := range b.Client.Jar.Cookies(u) {
		if c.Name == session.LocalCookieName {
			cookie = c
		}
	}
	if cookie == nil {
		t.Fatal("no session cookie after the login")
	}
	loggedIn := func(r *replica) (bool, error) {
		req, _ := http.NewRequest(http.MethodGet, r.base+"/festgeld/", nil)
		req.AddCookie(cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return false, err
		}
		defer res.Body.Close()
		page, _ := io.ReadAll(res.Body)
		return bytes.Contains(page, []byte(`"isLoggedIn":true`)), nil
	}
	for i, r := range replicas {
		if ok, err := loggedIn(r); !ok {
			t.Fatalf("replica %d does not see the login: %v", i, err)
		}
	}

	t.Run("50 concurrent requests per replica with a due token refresh once", func(t *testing.T) {
		idp.ResetStats(t)
		time.Sleep(10500 * time.Millisecond) // the token now has less than 10 s left
		var wg sync.WaitGroup
		failures := make(chan string, 100)
		for _, r := range replicas {
			for range 50 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if ok, err := loggedIn(r); !ok {
						failures <- fmt.Sprintf("%s: served logged out (%v)", r.base, err)
					}
				}()
			}
		}
		wg.Wait()
		close(failures)
		for f := range failures {
			t.Error(f)
		}
		// The token had some 9 s left: the pages went out with it and the refresh ran beside
		// them. Wait for it to land (separate processes: no clock to hold).
		st := idp.Stats(t)
		for deadline := time.Now().Add(10 * time.Second); st.Token.RefreshToken == 0 && time.Now().Before(deadline); st = idp.Stats(t) {
			time.Sleep(50 * time.Millisecond)
		}
		for _, r := range replicas { // pages after the refresh find it done, on either replica
			if ok, err := loggedIn(r); !ok {
				t.Errorf("%s: a page after the refresh was served logged out (%v)", r.base, err)
			}
		}
		time.Sleep(200 * time.Millisecond) // a second refresh, if any, would have begun by now
		st = idp.Stats(t)
		if st.Token.RefreshToken != 1 || st.RefreshRejected != 0 {
			t.Errorf("2 replicas x 50 requests: %d refresh calls at the provider, %d rejected; want exactly 1 and 0", st.Token.RefreshToken, st.RefreshRejected)
		}
	})

	t.Run("a killed replica leaves the session on the other", func(t *testing.T) {
		replicas[1].kill()
		if ok, err := loggedIn(replicas[0]); !ok {
			t.Fatalf("replica A lost the session when B died: %v", err)
		}
	})

	t.Run("back-channel logout ends the session everywhere within a second", func(t *testing.T) {
		replicas[1] = startReplica(t, bin, ports[1], block)
		if ok, err := loggedIn(replicas[1]); !ok {
			t.Fatalf("a restarted replica does not see the session: %v", err)
		}
		// Read the refresh token the way the provider's other apps would end the session:
		// log out at the provider with it. The edge holds it, sealed in redis; take it from
		// replica A's view through a fresh in-process store with the same keys.
		rt := newTestGateway(t, &identity.Config{
			Providers:    []identity.Provider{{Region: "DEU", Issuer: idp.Issuer}},
			SessionStore: &identity.SessionStore{Kind: identity.StoreRedis, Addrs: []string{redisSrv.Addr}},
			SessionKeys:  "c2hlbGxnYXRlIHRlc3Qga2V5LCBub3QgYSBzZWNyZXQ=",
		}).h.Identity
		s, err := rt.Store().Get(context.Background(), cookie.Value)
		if err != nil {
			t.Fatal(err)
		}
		res, err := http.PostForm(idp.Issuer+"/protocol/openid-connect/logout", url.Values{"refresh_token": {s.Tokens.RefreshToken}, "client_id": {authtest.ClientID}})
		if err != nil || res.StatusCode != http.StatusNoContent {
			t.Fatalf("logout at the provider: %v %v", res, err)
		}
		res.Body.Close()
		deadline := time.Now().Add(time.Second)
		for _, r := range replicas {
			for {
				ok, err := loggedIn(r)
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s still logged in a second after the back-channel logout", r.base)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		logs := replicas[0].logText() + replicas[1].logText()
		assertNoSecret(t, "the replicas' logs", logs, s)
	})

	// Whatever happened, no token and no session id in either process's log.
	jwt := regexp.MustCompile(`eyJ[\w-]+\.eyJ[\w-]+\.`)
	for _, r := range replicas {
		logs := r.logText()
		if jwt.MatchString(logs) {
			t.Errorf("%s logged a JWT", r.base)
		}
		if strings.Contains(logs, cookie.Value) {
			t.Errorf("%s logged the session id", r.base)
		}
	}
}
