package session

import "strings"

// DeviceOf reduces a User-Agent to a coarse device kind and browser family, "kind/browser",
// e.g. "desktop/Firefox" or "mobile/Safari": enough for a customer to recognise a session in
// their list, too little to fingerprint them. The User-Agent itself is never stored. Kinds are
// desktop, mobile and tablet; browsers Edge, Opera, Samsung, Firefox, Chrome, Safari and
// Other (the order matters: Edge and Opera say Chrome, Chrome says Safari).
func DeviceOf(userAgent string) string {
	ua := strings.ToLower(userAgent)
	kind := "desktop"
	switch {
	case strings.Contains(ua, "ipad"), strings.Contains(ua, "tablet"),
		strings.Contains(ua, "android") && !strings.Contains(ua, "mobile"):
		kind = "tablet"
	case strings.Contains(ua, "mobi"), strings.Contains(ua, "iphone"), strings.Contains(ua, "android"):
		kind = "mobile"
	}
	browser := "Other"
	switch {
	case strings.Contains(ua, "edg/"), strings.Contains(ua, "edga/"), strings.Contains(ua, "edgios/"):
		browser = "Edge"
	case strings.Contains(ua, "opr/"), strings.Contains(ua, "opera"):
		browser = "Opera"
	case strings.Contains(ua, "samsungbrowser/"):
		browser = "Samsung"
	case strings.Contains(ua, "firefox/"), strings.Contains(ua, "fxios/"):
		browser = "Firefox"
	case strings.Contains(ua, "chrome/"), strings.Contains(ua, "crios/"), strings.Contains(ua, "chromium/"):
		browser = "Chrome"
	case strings.Contains(ua, "safari/"):
		browser = "Safari"
	}
	return kind + "/" + browser
}
