package shell

import (
	"net/http"
	"time"

	"github.com/shellgate/shellgate/caddy-module/flags"
	"github.com/shellgate/shellgate/caddy-module/session"
)

// The anonymous device identity of spec 3 (feature-flag identities): device-{uuid} in a
// cookie the shell reads and sends to the flag service. It names a browser, not a person, so
// it is not HttpOnly; it is no secret and grants nothing.

// deviceCookie is the cookie that keeps the device id.
const deviceCookie = "shell_device"

// deviceLifetime is how long a device keeps its id without a visit.
const deviceLifetime = 400 * 24 * time.Hour // the longest a browser keeps a cookie

// keepDevice gives a browser without a valid device id a new one. It returns the device.
func keepDevice(w http.ResponseWriter, r *http.Request) flags.Device {
	d := flags.Device{Kind: flags.KindOf(r.Header.Get("User-Agent"))}
	if c, err := r.Cookie(deviceCookie); err == nil && flags.ValidDeviceID(c.Value) {
		d.ID = c.Value
		return d
	}
	d.ID = flags.NewDeviceID()
	// A response that sets an id must never be stored by a shared cache and handed to other
	// visitors. It replaces the upstream's own Cache-Control (response.go, edgeCacheControl).
	w.Header().Add("Cache-Control", "no-store")
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    d.ID,
		Path:     "/",
		MaxAge:   int(deviceLifetime / time.Second),
		Secure:   session.IsHTTPS(r),
		SameSite: http.SameSiteLaxMode,
	})
	return d
}
