package check

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the shellgate checkout: two levels above this folder.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "caddy-module")); err != nil {
		t.Fatalf("not in the shellgate checkout (%s): %v", root, err)
	}
	return root
}

// shellgateBinary is SHELLGATE_BINARY or bin/shellgate (make build).
func shellgateBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("SHELLGATE_BINARY"); bin != "" {
		return bin
	}
	bin := filepath.Join(repoRoot(t), "bin", "shellgate")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("bin/shellgate is missing: run make build (or set SHELLGATE_BINARY): %v", err)
	}
	return bin
}

// validateCaddyfile runs `shellgate validate` on text with env, and fails with its message.
func validateCaddyfile(t *testing.T, name, text string, env map[string]string) {
	t.Helper()
	out, err := runValidate(t, text, env)
	if err != nil || !strings.Contains(out, "Valid configuration") {
		t.Errorf("%s does not validate: %v\n%s", name, err, lastLines(out, 5))
	}
}

// runValidate runs `shellgate validate` on text with env and returns its output.
func runValidate(t *testing.T, text string, env map[string]string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "Caddyfile")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(shellgateBinary(t), "validate", "--config", file, "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"))
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
