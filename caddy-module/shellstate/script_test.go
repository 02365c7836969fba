package shellstate

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestAppendScript(t *testing.T) {
	s := &State{Locale: "de-DE", Path: "/x/</script><!--ä😀", Flags: map[string]bool{"b2cUseNewDashboard": true}}
	out, err := s.AppendScript(nil)
	if err != nil {
		t.Fatal(err)
	}
	body := strings.TrimSuffix(strings.TrimPrefix(string(out), ScriptOpen), ScriptClose)
	if strings.Contains(body, "</") || strings.Contains(body, "<!--") {
		t.Errorf("the JSON could end the script early: %s", body)
	}
	for _, c := range []byte(body) {
		if c >= 0x80 {
			t.Fatalf("non-ASCII byte in %s", body)
		}
	}
	var back State
	if err := json.Unmarshal([]byte(body), &back); err != nil {
		t.Fatal(err)
	}
	if back.Path != s.Path || !back.Flags["b2cUseNewDashboard"] {
		t.Errorf("round trip lost data: %+v", back)
	}
}

// TestStateCarriesOnlyFlagsThatAreOn: every page carries the state, and a flag that is off
// reads as one that is absent, so the JSON lists the flags that are on, and the state itself
// (which the handler keeps using) still has them all.
func TestStateCarriesOnlyFlagsThatAreOn(t *testing.T) {
	for _, flags := range []map[string]bool{
		{"mobileAppBanner": true, "isDWMLaunchNL": false, "ippDwmLaunchNl": false},
		{"isDWMLaunchNL": false},
		{},
		nil,
	} {
		s := &State{Locale: "de-DE", Flags: flags}
		out, err := s.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		var back struct {
			Flags map[string]bool `json:"flags"`
		}
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		want := 0
		for k, v := range flags {
			if v {
				want++
				if !back.Flags[k] {
					t.Errorf("%v: flag %s is on but not in %s", flags, k, out)
				}
			}
		}
		if len(back.Flags) != want {
			t.Errorf("%v: JSON lists %d flags, want the %d that are on: %s", flags, len(back.Flags), want, out)
		}
		if len(s.Flags) != len(flags) {
			t.Errorf("%v: AppendJSON changed the state's own flags to %v", flags, s.Flags)
		}
	}
}
