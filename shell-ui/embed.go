// Package shellui holds the built shell UI: the hashed script and stylesheet (with .br and .gz
// beside each), the prerendered header and footer fragments per locale, and
// shell-manifest.json, which names them all with paths relative to dist/. The gateway reads
// the manifest from fs.Sub(Dist, "dist") and serves dist/assets/X at /_shell/assets/X.
//
// The dist directory exists only once the UI is built: run `npm run build -w shell-ui` before
// `go build`; without it this package does not compile.
package shellui

import "embed"

// Dist is shell-ui/dist as `npm run build -w shell-ui` writes it.
//
//go:embed dist
var Dist embed.FS
