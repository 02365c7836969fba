package shellstate

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated TypeScript twins of the edge's bodies")

// twins are the TypeScript files generated from Go: each body that crosses between the edge
// and the shell, defined once here or in a sibling domain package.
var twins = []struct {
	ts     string
	source string
	files  []string
}{
	{"../../shell-ui/src/model/shellState.gen.ts", "caddy-module/shellstate", []string{"state.go", "session_routes.go", "private_header.go"}},
	{"../../shell-ui/src/model/tracking.gen.ts", "caddy-module/tracking", []string{"../tracking/event.go", "../tracking/countdown.go"}},
}

// TestTypeScriptInSync fails when a shell UI type differs from its Go definition: run
// `make contracts` (go generate ./caddy-module/shellstate) after changing a type there.
func TestTypeScriptInSync(t *testing.T) {
	for _, tw := range twins {
		got, err := TypeScriptOf(tw.source, tw.files...)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.WriteFile(tw.ts, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(tw.ts)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != got {
			t.Errorf("%s differs from %s; run make contracts (go generate ./caddy-module/shellstate)\n--- generated:\n%s", tw.ts, tw.source, got)
		}
	}
}
