package market

import "testing"

func TestResolve(t *testing.T) {
	r := &Resolver{Hosts: map[string]string{"example.co.uk": "en-GB", "example.at": "de-AT"}}
	tests := []struct {
		host, path string
		want       Resolution
	}{
		{"localhost:8080", "/festgeld/", Resolution{Locale: "de-DE"}},
		{"localhost:8080", "/en-gb/savings-accounts/", Resolution{Locale: "en-GB", BasePath: "/en-gb"}},
		{"localhost", "/en-gb", Resolution{Locale: "en-GB", BasePath: "/en-gb"}},
		{"localhost", "/fr-fr/compte-a-terme/", Resolution{Locale: "fr-FR", BasePath: "/fr-fr"}},
		{"localhost", "/EN-GB/", Resolution{Locale: "de-DE"}}, // locale segments are lowercase
		{"localhost", "/en/corporate/", Resolution{Locale: "en", BasePath: "/en"}},
		{"localhost", "/en/select-country/", Resolution{Locale: "en", BasePath: "/en"}},
		{"localhost", "/english/", Resolution{Locale: "de-DE"}},
		{"localhost", "/en-gbx/", Resolution{Locale: "de-DE"}},
		{"Example.co.uk:443", "/savings-accounts/", Resolution{Locale: "en-GB"}},
		{"example.at.", "/", Resolution{Locale: "de-AT"}},
		{"example.at", "/pl-pl/lokaty/", Resolution{Locale: "pl-PL", BasePath: "/pl-pl"}},
		{"[::1]:8080", "/", Resolution{Locale: "de-DE"}},
	}
	for _, tt := range tests {
		if got := r.Resolve(tt.host, tt.path); got != tt.want {
			t.Errorf("Resolve(%q, %q) = %+v, want %+v", tt.host, tt.path, got, tt.want)
		}
	}
	var zero Resolver
	if got := zero.Resolve("x", "/"); got.Locale != DefaultLocale {
		t.Errorf("zero resolver gives %q", got.Locale)
	}
}

func TestCheck(t *testing.T) {
	for _, l := range Locales {
		if err := Check(l); err != nil {
			t.Errorf("Check(%q) = %v", l, err)
		}
	}
	if err := Check("xx-XX"); err == nil {
		t.Error("unknown locale accepted")
	}
}
