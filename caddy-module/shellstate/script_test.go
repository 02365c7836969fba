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
