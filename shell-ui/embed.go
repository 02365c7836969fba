// Package shellui holds the built shell UI: the hashed script and stylesheet (with .br and .gz
// beside each), the prerendered header and footer fragments per locale, and
// shell-manifest.json, which names them all. The gateway reads the manifest from Dist and
// serves dist/assets/X at /_shell/assets/X.
//
// Dist is empty of meaning until the UI is built: run `npm run build -w shell-ui` (or
// `make ui`) before `go build`, or the embed pattern below finds no dist directory.
package shellui

import "embed"

// Dist is shell-ui/dist as built by `npm run build -w shell-ui`.
//
//go:embed dist
var Dist embed.FS
