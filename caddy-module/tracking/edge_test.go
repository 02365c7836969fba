package tracking

import "testing"

func TestEdgeOnly(t *testing.T) {
	tests := []struct {
		event Event
		want  bool
	}{
		{Event{EventName: "customer-redirect"}, true},
		{Event{EventName: "Customer-Redirect"}, true},
		{Event{EventName: "session.logout"}, true},
		{Event{EventName: "SESSION.LOGOUT"}, true},
		{Event{EventName: "session.idle"}, true},
		{Event{EventName: "session.expired"}, true},
		{Event{EventName: "session.refresh-token-expired"}, true},
		{Event{EventName: "session.failed"}, true},
		{Event{EventName: "session.account-switch"}, true},
		{Event{EventName: "menu.open", Zone: "edge"}, true},
		{Event{EventName: "menu.open", Zone: "EDGE"}, true},
		{Event{EventName: "session.shown"}, false},
		{Event{EventName: "session.extended"}, false},
		{Event{EventName: "menu.open", Zone: "header"}, false},
		{Event{EventName: "session.logout-clicked"}, false},
	}
	for _, tt := range tests {
		if got := EdgeOnly(&tt.event); got != tt.want {
			t.Errorf("EdgeOnly(%+v) = %v, want %v", tt.event, got, tt.want)
		}
	}
}
