package shellstate

// The bodies of the session routes the shell posts to (DESIGN.md, contracts). Their
// TypeScript twins are generated into shell-ui/src/model/shellState.gen.ts with the state's.

// ExtendRequest is the JSON body of POST /_shell/session/extend. No body at all reads as the
// zero value: an automatic extension.
type ExtendRequest struct {
	// ByCustomer is true when the customer pressed "Extend session" in the countdown, which
	// is the customer's activity and restarts the idle clock. The shell's automatic extension
	// (the token has 120 s left) sends false: it refreshes the token only and never the idle
	// clock, so that an unattended tab still idles out (ASVS 4.0.3 3.3.2).
	ByCustomer bool `json:"byCustomer"`
}
