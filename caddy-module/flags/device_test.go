package flags

import (
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"
)

func TestKindOf(t *testing.T) {
	tests := []struct {
		name, ua string
		want     DeviceKind
	}{
		{"iPhone Safari", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", DeviceMobile},
		{"Android Chrome", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36", DeviceMobile},
		{"Android tablet", "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", DeviceMobile},
		{"iPad", "Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15", DeviceMobile},
		{"Firefox on Android", "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0", DeviceMobile},
		{"Windows Chrome", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36", DeviceDesktop},
		{"macOS Safari", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", DeviceDesktop},
		{"headless Chromium", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36", DeviceDesktop},
		{"curl", "curl/8.5.0", DeviceDesktop},
		{"none", "", DeviceDesktop},
	}
	for _, tt := range tests {
		if got := KindOf(tt.ua); got != tt.want {
			t.Errorf("%s: KindOf = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDeviceID(t *testing.T) {
	a, b := NewDeviceID(), NewDeviceID()
	if a == b {
		t.Fatalf("two device ids are the same: %s", a)
	}
	for _, id := range []string{a, b} {
		if !strings.HasPrefix(id, "device-") || !ValidDeviceID(id) {
			t.Errorf("NewDeviceID() = %q, not a valid device-{uuid}", id)
		}
	}
	for _, bad := range []string{"", "device-", "device-not-a-uuid", strings.TrimPrefix(a, "device-"),
		"Device-" + strings.TrimPrefix(a, "device-"), strings.ToUpper(a), a + "x", "device-{" + a[7:] + "}"} {
		if ValidDeviceID(bad) {
			t.Errorf("ValidDeviceID(%q) = true, want false", bad)
		}
	}
}

// An id built in place is a version 4 uuid in uuid.UUID.String's form, and as random: no two of
// many are the same, and each hex digit but the fixed ones takes every value.
func TestAppendNewDeviceIDIsARandomUUID(t *testing.T) {
	seen := map[string]bool{}
	var digits [36][16]bool
	for range 2000 {
		id := string(AppendNewDeviceID([]byte("x=")))[2:]
		rest, ok := strings.CutPrefix(id, "device-")
		u, err := uuid.Parse(rest)
		if !ok || err != nil || u.String() != rest || u.Version() != 4 || u.Variant() != uuid.RFC4122 || !ValidDeviceID(id) {
			t.Fatalf("AppendNewDeviceID gave %q: not device-{a version 4 uuid}", id)
		}
		if seen[id] {
			t.Fatalf("AppendNewDeviceID gave %q twice", id)
		}
		seen[id] = true
		for i := range len(rest) {
			if v, err := strconv.ParseUint(rest[i:i+1], 16, 8); err == nil {
				digits[i][v] = true
			}
		}
	}
	for i, d := range digits {
		n := 0
		for _, on := range d {
			if on {
				n++
			}
		}
		switch i {
		case 8, 13, 18, 23: // dashes
		case 14: // the version
			if n != 1 {
				t.Errorf("digit %d (the version) takes %d values", i, n)
			}
		case 19: // the variant: 8 to b
			if n != 4 {
				t.Errorf("digit %d (the variant) takes %d values, want 4", i, n)
			}
		default:
			if n != 16 {
				t.Errorf("digit %d takes %d values in 2000 ids, want all 16", i, n)
			}
		}
	}
}

func TestEvaluateByDevice(t *testing.T) {
	file := &File{Flags: map[string]Definition{
		"b2cEnableAdjustSmartBanner": {On: false, Devices: map[string]bool{"mobile": true}},
		"b2cUseNewDashboard":         {Locales: map[string]bool{"de-DE": true}, Devices: map[string]bool{"mobile": false}},
		"mobileAppBanner":            {On: true},
	}}
	if err := file.Check(checkLocale); err != nil {
		t.Fatal(err)
	}
	s := NewSet(file, []string{"de-DE"})
	tests := []struct {
		locale string
		device DeviceKind
		want   map[string]bool
	}{
		{"de-DE", DeviceMobile, map[string]bool{"b2cEnableAdjustSmartBanner": true, "b2cUseNewDashboard": false, "mobileAppBanner": true}},
		{"de-DE", DeviceDesktop, map[string]bool{"b2cEnableAdjustSmartBanner": false, "b2cUseNewDashboard": true, "mobileAppBanner": true}},
		{"de-DE", DeviceUnknown, map[string]bool{"b2cEnableAdjustSmartBanner": false, "b2cUseNewDashboard": true, "mobileAppBanner": true}},
		// Not precomputed: evaluated on the spot, the same way.
		{"fr-FR", DeviceMobile, map[string]bool{"b2cEnableAdjustSmartBanner": true, "b2cUseNewDashboard": false, "mobileAppBanner": true}},
	}
	for _, tt := range tests {
		if got := s.Evaluate(Request{Locale: tt.locale, Device: tt.device}); !maps.Equal(got, tt.want) {
			t.Errorf("Evaluate(%s, %q) = %v, want %v", tt.locale, tt.device, got, tt.want)
		}
	}
}

func TestCheckDevices(t *testing.T) {
	for _, tt := range []struct {
		raw, wantErr string
	}{
		{`{"flags": {"b2cUseNewDashboard": {"devices": {"tablet": true}}}}`, `"tablet" is not a device kind`},
		{`{"flags": {"b2cNewMarketLocales": {"values": ["de-CH"], "devices": {"mobile": true}}}}`, "takes values only"},
		{`{"flags": {"b2cUseNewDashboard": {"devices": {"mobile": true, "desktop": false}}}}`, ""},
	} {
		_, err := Parse([]byte(tt.raw), checkLocale)
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("Parse(%s) = %v, want error %q", tt.raw, err, tt.wantErr)
		}
	}
}

func TestEvaluateByInvestorCountry(t *testing.T) {
	file := &File{Flags: map[string]Definition{
		"umtMinorAccountSwitch": {On: false, Countries: map[string]bool{"GBR": true}},
		"b2cUseNewDashboard":    {On: true},
	}}
	if err := file.Check(checkLocale); err != nil {
		t.Fatal(err)
	}
	s := NewSet(file, []string{"en-GB", "de-DE"})
	for _, tt := range []struct {
		country string
		want    bool
	}{{"GBR", true}, {"DEU", false}, {"", false}} {
		got := s.Evaluate(Request{Locale: "en-GB", Country: tt.country})
		if got["umtMinorAccountSwitch"] != tt.want || !got["b2cUseNewDashboard"] {
			t.Errorf("country %q: %v, want umtMinorAccountSwitch %v", tt.country, got, tt.want)
		}
	}
	if _, err := Parse([]byte(`{"flags": {"b2cUseNewDashboard": {"countries": {"gb": true}}}}`), checkLocale); err == nil || !strings.Contains(err.Error(), "not a country code") {
		t.Errorf("a two-letter country code: %v, want an error naming alpha-3", err)
	}
}
