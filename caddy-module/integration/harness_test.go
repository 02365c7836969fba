package integration

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/auth/authtest"
)

// The processes the integration tests start: bin/shellgate as operators run it.

// replica is one running bin/shellgate.
type replica struct {
	base string
	cmd  *exec.Cmd
	done chan struct{}
	log  *bytes.Buffer
	mu   *sync.Mutex
}

// shellgateBinary is SHELLGATE_BINARY, or shellgate built once per test run from this very
// tree: a bin/shellgate left from an older checkout would test yesterday's gateway. The Go
// build cache makes the build take seconds after the first.
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

// The gateway's routes the tests call, as operators and browsers know them.
const (
	routePrefix  = "/_shell/"
	callbackPath = routePrefix + "auth/callback"
)

// readyAnswer is the JSON of /_shell/readyz.
type readyAnswer struct {
	Status       string            `json:"status"`
	Checks       map[string]string `json:"checks"`
	Dependencies map[string]string `json:"dependencies,omitempty"`
}

// browse gets target as a browser navigating there, with b's cookies.
func browse(t *testing.T, b *authtest.Browser, target string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("Accept", "text/html")
	res, err := b.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}
