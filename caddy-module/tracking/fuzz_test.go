package tracking

import (
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// FuzzEvent: whatever JSON arrives, Validate never panics, and an event it accepts has a
// name, at most ten attributes and only UTF-8 text, and posts as JSON of bounded size.
func FuzzEvent(f *testing.F) {
	f.Add([]byte(`{"eventName":"customer-redirect","customAttributes":{"target":"cdvc"}}`))
	f.Add([]byte(`{"eventName":"session.shown","object":"session","zone":"\u00e9"}`))
	f.Add([]byte(`{"eventName":""}`))
	f.Add([]byte(`{"eventName":"x","customAttributes":{"a":"1","b":"1","c":"1","d":"1","e":"1","f":"1","g":"1","h":"1","i":"1","j":"1","k":"1"}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		var e Event
		if json.Unmarshal(raw, &e) != nil {
			return
		}
		if e.Validate() != nil {
			return
		}
		if e.EventName == "" || len(e.CustomAttributes) > MaxCustomAttributes {
			t.Fatalf("accepted %+v", e)
		}
		for k, v := range e.CustomAttributes {
			if !utf8.ValidString(k) || !utf8.ValidString(v) {
				t.Fatalf("accepted non-UTF-8 attribute %q=%q", k, v)
			}
		}
		out, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		// 13 fields and 10 attributes of at most 256 runes (4 bytes each, escaped up to 6).
		if len(out) > 24*256*6+4096 {
			t.Fatalf("an accepted event posts as %d bytes", len(out))
		}
	})
}
