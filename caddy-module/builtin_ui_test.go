package shell

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// uiDist is the repository's built shell-ui/dist (make ui), from this package's directory.
var uiDist, _ = filepath.Abs(filepath.Join("..", "shell-ui", "dist"))

// Tests run with the UI whether or not `go test` was given the builtinassets tag: make passes
// it and so tests the embedded bundle; a plain `go test ./caddy-module/` reads the same build
// from disk, as a binary with ui_dir would.
func init() {
	if builtinUI == nil {
		builtinUI = os.DirFS(uiDist)
	}
}

// TestBinaryWithoutBuiltinUITellsHowToGetOne: a gateway built as an operator builds a plugin
// (xcaddy, plain go build: no builtinassets tag) fails validate on a shell with no ui_dir,
// with a message that says how to get a bundle; with ui_dir it validates. Not parallel: it
// swaps the package's built-in UI.
func TestBinaryWithoutBuiltinUITellsHowToGetOne(t *testing.T) {
	saved := builtinUI
	builtinUI = nil
	t.Cleanup(func() { builtinUI = saved })

	err := validateShellBlock(t, "")
	if err == nil {
		t.Fatal("a shell with no UI at all validated")
	}
	for _, want := range []string{
		"no UI bundle built in",
		"ui_dir <path to a built shell-ui/dist>",
		"npm run build -w shell-ui",
		"-tags builtinassets",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	if err := validateShellBlock(t, "ui_dir "+uiDist); err != nil {
		t.Errorf("with ui_dir %s: %v", uiDist, err)
	}
	if err := validateShellBlock(t, "ui_dir "+t.TempDir()); err == nil || !strings.Contains(err.Error(), "ui_dir") {
		t.Errorf("an empty ui_dir: %v, want an error naming ui_dir", err)
	}
}
