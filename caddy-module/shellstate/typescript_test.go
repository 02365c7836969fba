package shellstate

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated TypeScript twin of the shell state")

const tsFile = "../../shell-ui/src/model/shellState.gen.ts"

// TestTypeScriptInSync fails when the shell UI's type differs from the Go schema: run
// `go test ./caddy-module/shellstate -update` after changing a type here.
func TestTypeScriptInSync(t *testing.T) {
	got, err := TypeScript("state.go", "session_routes.go")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(tsFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(tsFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the Go schema; run go test ./caddy-module/shellstate -update\n--- generated:\n%s", tsFile, got)
	}
}
