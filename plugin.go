// Package shellgate plugs the shell into a Caddy build, the way Caddy plugins are added:
//
//	xcaddy build --with github.com/shellgate/shellgate
//
// It registers the module http.handlers.shell (package caddy-module) and its Caddyfile
// directive. Such a build has no UI bundle inside: give the shell ui_dir, or see shell-ui for
// the builtinassets tag that embeds it.
package shellgate

import (
	_ "github.com/shellgate/shellgate/caddy-module" // http.handlers.shell
)
