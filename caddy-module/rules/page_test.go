package rules

import "testing"

func TestKindOfPath(t *testing.T) {
	tests := []struct {
		path string
		want PageKind
	}{
		{"/", PageContent},
		{"/festgeld/", PageContent},
		{"/login", PageLogin},
		{"/de-de/login/", PageLogin},
		{"/en-us/auth/login/", PageLogin},
		{"/EN-GB/Register/", PageRegistration},
		{"/register", PageRegistration},
		{"/en/select-country/", PageCountrySelector},
		{"/open-banking/consent", PageOpenBanking},
		{"/en/corporate/", PageContent},
		{"/loginhelp/", PageContent},
		{"/festgeld/login/", PageContent},
	}
	for _, tt := range tests {
		if got := KindOfPath(tt.path); got != tt.want {
			t.Errorf("KindOfPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

func TestModeOfPath(t *testing.T) {
	tests := []struct {
		path string
		want Mode
	}{
		{"/en/corporate/", ModeCorporate},
		{"/en/become-a-partner-bank/", ModeCorporate},
		{"/EN/press/", ModeCorporate},
		{"/en/select-country/", ModeNone},
		{"/en/login/", ModeNone},
		{"/en-gb/about-us/", ModeNone},
		{"/festgeld/", ModeNone},
	}
	for _, tt := range tests {
		if got := ModeOfPath(tt.path); got != tt.want {
			t.Errorf("ModeOfPath(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
