package flags

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/shellgate/shellgate/caddy-module/bundle"
)

var update = flag.Bool("update", false, "rewrite the wanted output in testdata/fragments.json")

// fragmentCases is testdata/fragments.json: what the gateway makes of a prerendered fragment,
// one table for the edge (this test) and the shell's twin (shell-ui/test/gatewaySplice.test.ts),
// which the shell's hydration tests use to see what a browser gets.
type fragmentCases struct {
	About string `json:"about"`
	Cases []struct {
		Name     string          `json:"name"`
		Fragment string          `json:"fragment"`
		Flags    map[string]bool `json:"flags"`
		Year     int             `json:"year"`
		BasePath string          `json:"basePath"`
		Path     string          `json:"path"`
		Want     string          `json:"want"`
	} `json:"cases"`
}

// TestGatewayFragmentCases runs each case through the edge's own code: the flag gates of the
// bundle's load (ParseMarkup, Render), then the request's values (bundle.Fragment.AppendTo).
func TestGatewayFragmentCases(t *testing.T) {
	const file = "testdata/fragments.json"
	var table fragmentCases
	readTable(t, file, &table)
	for i, c := range table.Cases {
		mk, err := ParseMarkup([]byte(c.Fragment))
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		got := string(bundle.PrepareFragment(mk.Render(c.Flags)).AppendTo(nil, bundle.Values{Year: c.Year, BasePath: c.BasePath, Path: c.Path}))
		if *update {
			table.Cases[i].Want = got
			continue
		}
		if got != c.Want {
			t.Errorf("%s:\n got %s\nwant %s", c.Name, got, c.Want)
		}
	}
	if *update {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(table); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
