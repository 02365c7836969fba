package shell

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// startOperatedGateway is integration/operate_harness_test.go's, for identity_replicas_test.go
// until it moves to integration/ with the identity package (then this file goes).
// startOperatedGateway runs bin/shellgate with caddyfile and waits for base's liveness; every
// multi-process test starts its gateways with it.
func startOperatedGateway(t *testing.T, bin, base, caddyfile string) *replica {
	t.Helper()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(cfg, []byte(caddyfile), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &replica{base: base, done: make(chan struct{}), log: new(bytes.Buffer), mu: new(sync.Mutex)}
	r.cmd = exec.Command(bin, "run", "--config", cfg, "--adapter", "caddyfile")
	r.cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	w := &lockedBuffer{r}
	r.cmd.Stdout, r.cmd.Stderr = w, w
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = r.cmd.Wait(); close(r.done) }()
	t.Cleanup(func() {
		r.kill()
		if t.Failed() {
			t.Logf("gateway %s log:\n%s", r.base, r.logText())
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(r.base + "/_shell/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return r
			}
		}
		select {
		case <-r.done:
			t.Fatalf("gateway %s exited: %s", r.base, r.logText())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("gateway %s not up after 20s: %v\n%s", r.base, err, r.logText())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// loginThrough logs the demo customer in through the gateway at base and gives the
