package shell

import "github.com/caddyserver/caddy/v2/caddyconfig/caddyfile"

// parseConsent reads the consent block of the shell directive:
//
//	consent {
//		manager_script    <url>
//		manager_attribute <name> [<value>]
//		tag_manager       german|non_german|us <container-id>
//		tag_manager_url   <url>
//	}
//
// Validate checks the values; this only reads them.
func parseConsent(d *caddyfile.Dispenser, h *Handler) error {
	if d.NextArg() {
		return d.Errf("consent takes no arguments, only a block of manager_script, manager_attribute, tag_manager and tag_manager_url")
	}
	if h.Consent != nil {
		return d.Errf("consent is given twice; give one block")
	}
	c := &Consent{}
	for nesting := d.Nesting(); d.NextBlock(nesting); {
		switch d.Val() {
		case "manager_script":
			if !d.AllArgs(&c.ManagerScript) {
				return d.Errf("manager_script takes one URL: the consent manager's loader script")
			}
		case "manager_attribute":
			args := d.RemainingArgs()
			if len(args) < 1 || len(args) > 2 {
				return d.Errf("manager_attribute takes a name and an optional value, e.g. manager_attribute data-settings-id AbC123")
			}
			if c.ManagerAttributes == nil {
				c.ManagerAttributes = map[string]string{}
			}
			if _, dup := c.ManagerAttributes[args[0]]; dup {
				return d.Errf("manager_attribute %s is given twice", args[0])
			}
			c.ManagerAttributes[args[0]] = ""
			if len(args) == 2 {
				c.ManagerAttributes[args[0]] = args[1]
			}
		case "tag_manager":
			var group, id string
			if !d.AllArgs(&group, &id) {
				return d.Errf("tag_manager takes a market group (german, non_german or us) and a container id, e.g. tag_manager german GTM-ABC1234")
			}
			if c.TagManager == nil {
				c.TagManager = map[string]string{}
			}
			if _, dup := c.TagManager[group]; dup {
				return d.Errf("tag_manager %s is given twice; a market group has one container", group)
			}
			c.TagManager[group] = id
		case "tag_manager_url":
			if !d.AllArgs(&c.TagManagerURL) {
				return d.Errf("tag_manager_url takes one URL: the container loader, without ?id=")
			}
		default:
			return d.Errf("unknown consent option %q; the options are manager_script, manager_attribute, tag_manager and tag_manager_url", d.Val())
		}
	}
	h.Consent = c
	return nil
}
