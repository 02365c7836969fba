package shell

import "github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

// parseFlags reads `flags <file>`: the operator's feature-flag file (JSON).
func parseFlags(d *caddyfile.Dispenser, h *Handler) error {
	if !d.AllArgs(&h.FlagFile) {
		return d.Errf("flags takes one path: a JSON flag file, e.g. flags testdata/flags.json")
	}
	return nil
}
