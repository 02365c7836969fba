// Command shellgate is Caddy with the shell module built in.
package main

import (
	caddycmd "github.com/caddyserver/caddy/v2/cmd"

	_ "github.com/caddyserver/caddy/v2/modules/standard"

	_ "github.com/shellgate/shellgate/caddy-module"
)

func main() {
	caddycmd.Main()
}
