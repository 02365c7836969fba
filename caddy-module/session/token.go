package session

import "time"

// epoch is the "0" of spec 8: the expiry and issuance of a token that cannot be read.
var epoch = time.Unix(0, 0).UTC()

// Environment names (spec 9).
const EnvironmentLocal = "local"
