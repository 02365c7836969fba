package customer

import (
	"reflect"
	"testing"
)

var (
	mia = SwitchableAccount{FirstName: "Mia", LastName: "Richter", CustomerID: "DE5000012"}
	ben = SwitchableAccount{FirstName: "Ben", LastName: "Richter", CustomerID: "DE5000013"}
)

func TestSwitchList(t *testing.T) {
	own := &Customer{BacNumber: "DE5000011", Persons: []Person{{IsMainPerson: true, FirstName: "Thomas", LastName: "Richter"}}}
	back := SwitchableAccount{FirstName: "Thomas", LastName: "Richter", CustomerID: "DE5000011"}
	tests := []struct {
		name  string
		list  []SwitchableAccount
		own   *Customer
		shown string
		want  []SwitchableAccount
	}{
		{"acting for Mia: back to Thomas, or on to Ben", []SwitchableAccount{mia, ben}, own, "DE5000012", []SwitchableAccount{back, ben}},
		{"own customer call failed: the others only", []SwitchableAccount{mia, ben}, nil, "DE5000012", []SwitchableAccount{ben}},
		{"the login listed among its own accounts: once", []SwitchableAccount{back, mia}, own, "DE5000012", []SwitchableAccount{back}},
		{"empty list", nil, own, "DE5000012", []SwitchableAccount{back}},
	}
	for _, tt := range tests {
		if got := SwitchList(tt.list, tt.own, tt.shown); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

func TestMaySwitchTo(t *testing.T) {
	list := []SwitchableAccount{mia, ben}
	tests := []struct {
		name, target string
		list         []SwitchableAccount
		want         bool
	}{
		{"a listed account", "DE5000012", list, true},
		{"back to the login's own", "DE5000011", list, true},
		{"own, with no list at all", "DE5000011", nil, true},
		{"not listed", "DE5000001", list, false},
		{"listed only with other case", "de5000012", list, false},
		{"empty", "", list, false},
		{"no list", "DE5000012", nil, false},
	}
	for _, tt := range tests {
		if got := MaySwitchTo(tt.target, "DE5000011", tt.list); got != tt.want {
			t.Errorf("%s: MaySwitchTo(%q) = %v, want %v", tt.name, tt.target, got, tt.want)
		}
	}
}
