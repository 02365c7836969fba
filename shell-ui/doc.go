// Package shellui holds the built shell UI: the hashed script and stylesheet (with .br and .gz
// beside each), the prerendered header and footer fragments per locale, and
// shell-manifest.json, which names them all with paths relative to dist/. The gateway reads
// the manifest from Builtin() (or from the folder its ui_dir option names) and serves
// dist/assets/X at /_shell/assets/X.
//
// The bundle is built into the binary only with the build tag builtinassets, the way
// Prometheus builds its web UI in: dist/ is a Node build output that git ignores, so a plain
// `go build ./...` or `xcaddy build --with github.com/shellgate/shellgate` compiles without
// Node and without the UI (Builtin is then nil and the shell needs ui_dir), while the release
// build, `make build`, runs `npm run build -w shell-ui` and then
// `go build -tags builtinassets`.
package shellui

// BuildTag is the build tag that embeds dist/ into the binary.
const BuildTag = "builtinassets"
