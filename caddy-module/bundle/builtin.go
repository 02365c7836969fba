package bundle

import "errors"

// ErrNotBuiltIn is what a binary built without the UI (a plain `go build` or `xcaddy build`,
// no builtinassets tag) answers when a shell names no ui_dir: it says both ways to get one.
var ErrNotBuiltIn = errors.New("this binary has no UI bundle built in (a plain go build or xcaddy build leaves it out); " +
	"give the shell one with `ui_dir <path to a built shell-ui/dist>` " +
	"(`npm ci && npm run build -w shell-ui` in a shellgate checkout writes it), " +
	"or build the binary with the UI inside: `make build` in the checkout, or, once shell-ui/dist is built, " +
	"`go build -tags builtinassets` or `XCADDY_GO_BUILD_FLAGS='-tags builtinassets -trimpath' xcaddy build --with github.com/shellgate/shellgate=<checkout>`")
