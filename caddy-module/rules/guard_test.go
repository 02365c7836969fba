package rules

import (
	"strings"
	"testing"
)

func TestProtectedPaths(t *testing.T) {
	area, err := NewProtectedPaths(CustomerArea)
	if err != nil {
		t.Fatal(err)
	}
	custom, err := NewProtectedPaths([]string{"/postbox/*", "/documents*", "/de-at/only-here"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		paths     ProtectedPaths
		path      string
		basePath  string
		protected bool
	}{
		{"customer area page", area, "/documents", "", true},
		{"below the customer area", area, "/postbox/messages", "", true},
		{"trailing slash", area, "/account-transactions/", "", true},
		{"under a locale base path", area, "/en-gb/documents/", "/en-gb", true},
		{"deep under a locale base path", area, "/de-at/exemption-order/overview", "/de-at", true},
		{"upper case", area, "/DOCUMENTS", "", true},
		{"dot segments", area, "/./x/../documents", "", true},
		{"double slash", area, "//documents", "", true},
		{"public content", area, "/festgeld/", "", false},
		{"public content under a base path", area, "/en-gb/savings-accounts/", "/en-gb", false},
		{"same prefix is not the same page", area, "/documentsx", "", false},
		{"home", area, "/", "", false},
		{"login", area, "/de-de/login/", "/de-de", false},
		{"base path of another locale is not stripped", area, "/xx/documents", "/en-gb", false},
		{"slash star covers the folder itself", custom, "/postbox", "", true},
		{"slash star covers below", custom, "/postbox/messages", "", true},
		{"star is a plain prefix", custom, "/documents-archive", "", true},
		{"operator path with locale", custom, "/de-at/only-here/x", "/de-at", true},
		{"unprotected by custom list", custom, "/my-details", "", false},
		{"no patterns protect nothing", ProtectedPaths{}, "/documents", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.paths.Match(tt.path, tt.basePath); got != tt.protected {
				t.Errorf("Match(%q, %q) = %v, want %v", tt.path, tt.basePath, got, tt.protected)
			}
		})
	}
}

func TestProtectedPathsSayWhatToChange(t *testing.T) {
	tests := []struct {
		pattern, want string
	}{
		{"documents", `protect "documents" is not a path; give one that starts with /`},
		{"/a/*/b", `protect "/a/*/b" has a * inside`},
		{"/*", `protect "/*" protects the whole site`},
		{"/", `protect "/" protects the whole site`},
	}
	for _, tt := range tests {
		t.Run(tt.pattern, func(t *testing.T) {
			_, err := NewProtectedPaths([]string{tt.pattern})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestGuard(t *testing.T) {
	tests := []struct {
		name string
		in   GuardInput
		want GuardDecision
	}{
		{"anonymous visitor on a public page", GuardInput{},
			GuardDecision{Outcome: GuardAllow, CanAccess: true}},
		{"anonymous visitor on a protected page goes to login", GuardInput{AuthRequired: true},
			GuardDecision{Outcome: GuardLogin, IsAuthRequired: true}},
		{"customer on a protected page", GuardInput{AuthRequired: true, LoggedIn: true, CustomerID: "1234"},
			GuardDecision{Outcome: GuardAllow, CanAccess: true, IsLoggedIn: true, IsAuthRequired: true, CustomerID: "1234"}},
		{"customer on a public page keeps the id", GuardInput{LoggedIn: true, CustomerID: "1234"},
			GuardDecision{Outcome: GuardAllow, CanAccess: true, IsLoggedIn: true, CustomerID: "1234"}},
		{"session without customer number is refused", GuardInput{AuthRequired: true, LoggedIn: true},
			GuardDecision{Outcome: GuardForbidden, IsLoggedIn: true, IsAuthRequired: true}},
		{"customer id without a login is not read", GuardInput{AuthRequired: true, CustomerID: "1234"},
			GuardDecision{Outcome: GuardLogin, IsAuthRequired: true}},
		{"bypass lets anyone in", GuardInput{AuthRequired: true, Bypass: true},
			GuardDecision{Outcome: GuardAllow, CanAccess: true, IsAuthRequired: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Guard(tt.in); got != tt.want {
				t.Errorf("Guard(%+v) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzProtectedPaths: no spelling of a protected path slips past the guard. Whatever path a
// request carries, its cleaned, lower-case form decides, so case changes, dot segments and
// doubled slashes never turn a protected page into an open one.
func FuzzProtectedPaths(f *testing.F) {
	for _, seed := range []string{"/documents", "/Documents/", "/./documents", "//postbox/x", "/en-gb/../documents", "/festgeld/", "/documentsx", "/%2e/documents"} {
		f.Add(seed)
	}
	paths, err := NewProtectedPaths(CustomerArea)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if !strings.HasPrefix(p, "/") {
			return // request paths start with a slash
		}
		got := paths.Match(p, "")
		variants := []string{strings.ToUpper(p), "/." + p, "/" + p, "/x/.." + p, p + "/"}
		for _, v := range variants {
			if got && !paths.Match(v, "") {
				t.Fatalf("%q is protected but %q is not", p, v)
			}
		}
		// Under a locale base path the same page is protected too.
		if got && strings.HasPrefix(p, "/") && !paths.Match("/en-gb"+p, "/en-gb") {
			t.Fatalf("%q is protected but /en-gb%s is not", p, p)
		}
	})
}
