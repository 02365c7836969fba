package flags

import (
	"crypto/rand"
	"encoding/hex"
	"strings"

	"github.com/google/uuid"
)

// DeviceKind is the kind of an anonymous device (spec 3, feature-flag identities).
type DeviceKind string

// Device kinds.
const (
	DeviceUnknown DeviceKind = ""
	DeviceMobile  DeviceKind = "mobile"
	DeviceDesktop DeviceKind = "desktop"
)

// devicePrefix starts every anonymous device id: device-{uuid}.
const devicePrefix = "device-"

// Device is the anonymous device identity the flag service knows a visitor by.
type Device struct {
	// ID is device-{uuid}, kept in a cookie so that it stays the same across visits.
	ID string
	// Kind is mobile or desktop, from the User-Agent.
	Kind DeviceKind
}

// NewDeviceID makes a fresh anonymous device id, device-{random uuid}.
func NewDeviceID() string {
	return string(AppendNewDeviceID(make([]byte, 0, len(devicePrefix)+36)))
}

// AppendNewDeviceID appends a fresh device id to b, as NewDeviceID makes it (a version 4 uuid,
// written as uuid.UUID.String writes it), so that a caller may build the cookie that carries it
// in one allocation (the gateway gives one to every visitor who comes without it).
func AppendNewDeviceID(b []byte) []byte {
	var u uuid.UUID
	_, _ = rand.Read(u[:])  // never fails: crypto/rand crashes the program rather
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	b = append(b, devicePrefix...)
	for i, part := range [...][2]int{{0, 4}, {4, 6}, {6, 8}, {8, 10}, {10, 16}} {
		if i > 0 {
			b = append(b, '-')
		}
		b = hex.AppendEncode(b, u[part[0]:part[1]])
	}
	return b
}

// ValidDeviceID tells whether id is one NewDeviceID could have made: a cookie that is not is
// replaced rather than passed on.
func ValidDeviceID(id string) bool {
	rest, ok := strings.CutPrefix(id, devicePrefix)
	if !ok || len(rest) != 36 {
		return false
	}
	u, err := uuid.Parse(rest)
	return err == nil && u.String() == rest
}

// mobileMarkers are User-Agent fragments of phones and tablets: "Mobi" is what Mozilla
// recommends looking for; the others cover tablets and older phones that lack it.
var mobileMarkers = []string{"mobi", "android", "iphone", "ipad", "ipod", "windows phone", "opera mini", "blackberry", "silk/"}

// KindOf tells a device's kind from its User-Agent: mobile for phones and tablets, desktop
// for everything else (an empty User-Agent too).
func KindOf(userAgent string) DeviceKind {
	ua := strings.ToLower(userAgent)
	for _, m := range mobileMarkers {
		if strings.Contains(ua, m) {
			return DeviceMobile
		}
	}
	return DeviceDesktop
}
