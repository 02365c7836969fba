package auth

import "testing"

// SafeReturnPath runs on every login start and callback; it should cost microseconds.
func BenchmarkSafeReturnPath(b *testing.B) {
	for _, tt := range []struct{ name, raw string }{
		{"plain", "/de-de/postbox/messages"},
		{"query and fragment", "/en-gb/dashboard/?product=term&regflow=legal_and_general#top"},
		{"encoded hostile", "/%252F%252Fevil.example/%2e%2e/"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				SafeReturnPath(tt.raw)
			}
		})
	}
}
