//go:build builtinassets

package shellui

import (
	"embed"
	"io/fs"
)

// dist is shell-ui/dist as `npm run build -w shell-ui` writes it; without it this file does
// not compile (build the UI first: `make build` does both).
//
//go:embed dist
var dist embed.FS

// Builtin is the UI built into the binary, rooted at dist/.
func Builtin() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // fs.Sub fails only on an invalid path, and "dist" is valid
	}
	return sub
}
