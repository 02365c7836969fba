package identity

import (
	"net/url"
	"testing"
)

func TestLoginPathNames(t *testing.T) {
	tests := []struct {
		path, basePath string
		login          bool
	}{
		{"/login", "", true},
		{"/login/", "", true},
		{"/de-at/login/", "/de-at", true},
		{"/EN-GB/Login", "/en-gb", true},
		{"/login/extra", "", false},
		{"/loginx", "", false},
		{"/festgeld/", "", false},
	}
	for _, tt := range tests {
		if got := isLoginPath(tt.path, tt.basePath); got != tt.login {
			t.Errorf("isLoginPath(%q, %q) = %v, want %v", tt.path, tt.basePath, got, tt.login)
		}
	}
}

func TestLoginPathCarriesTheReturnPath(t *testing.T) {
	got, err := url.Parse(loginPath("/en-gb", "/en-gb/documents?x=1"))
	if err != nil || got.Path != "/en-gb/login/" || got.Query().Get(returnParam) != "/en-gb/documents?x=1" {
		t.Errorf("loginPath = %v (%v)", got, err)
	}
	if got := loginPath("", "/"); got != "/login/" {
		t.Errorf("loginPath for the home page = %q, want /login/", got)
	}
}
