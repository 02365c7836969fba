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
