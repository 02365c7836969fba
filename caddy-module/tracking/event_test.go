package tracking

import (
	"strconv"
	"strings"
	"testing"
)

func TestEventValidate(t *testing.T) {
	attrs := func(n int) map[string]string {
		m := map[string]string{}
		for i := range n {
			m["a"+strconv.Itoa(i)] = "v"
		}
		return m
	}
	tests := []struct {
		name    string
		e       Event
		wantErr string
	}{
		{"minimal", Event{EventName: "customer-redirect"}, ""},
		{"every field and ten attributes", Event{EventName: "session.shown", Object: "session", Action: "shown", Portal: "b2c",
			Description: "countdown", BoundedContext: "identity", Zone: "header", Context: "page", Component: "countdown",
			ProductID: "p1", BrowsingPlatform: "desktop", CountryPlatform: "DEU", CustomerGroup: "private", CustomAttributes: attrs(10)}, ""},
		{"no name", Event{}, "eventName is empty"},
		{"name with a space", Event{EventName: "a b"}, "eventName"},
		{"eleven attributes", Event{EventName: "x", CustomAttributes: attrs(11)}, "at most 10"},
		{"attribute name with markup", Event{EventName: "x", CustomAttributes: map[string]string{"<b>": "v"}}, "custom attribute name"},
		{"field too long", Event{EventName: "x", Description: strings.Repeat("é", 257)}, "description has 257 characters"},
		{"attribute value too long", Event{EventName: "x", CustomAttributes: map[string]string{"k": strings.Repeat("x", 300)}}, "custom attribute k"},
		{"not UTF-8", Event{EventName: "x", Zone: "\xff"}, "zone is not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.e.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Validate() = %v, want valid", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Validate() = %v, want an error saying %q", err, tt.wantErr)
			}
		})
	}
}
