package splice

import (
	"math/rand"
	"testing"
)

// attrsEnd (assembly on amd64) answers as quotedAttrsEnd for every start in
// random tags made of the bytes it turns on: '=', '>', both quotes, '/',
// each whitespace byte and '\v' (which is not one), '<' and '?' (which one
// test finds with '=' and '>'), letters, NUL and bytes above 0x7f, in every
// length around its eight-byte steps.
func TestAttrsEndAgrees(t *testing.T) {
	const alphabet = "====>>\"\"''//  \t\n\f\r\vab<?;\x00\xbd\xbe\xbc"
	rng := rand.New(rand.NewSource(1917))
	p := make([]byte, 0, 96)
	for round := 0; round < 20000; round++ {
		p = p[:1+rng.Intn(90)]
		for i := range p {
			p[i] = alphabet[rng.Intn(len(alphabet))]
			if rng.Intn(3) == 0 {
				p[i] = 'x' // runs of name and value bytes
			}
		}
		for k := 1; k <= len(p); k++ {
			checkAttrsEnd(t, p, k)
		}
	}
}

// FuzzAttrsEnd holds attrsEnd to quotedAttrsEnd on any bytes and start.
func FuzzAttrsEnd(f *testing.F) {
	f.Add([]byte(`<a href="/de-DE/x/" title='a > b' data-x='{"k":1}'>`), 2)
	f.Add([]byte(`<p a=b c = "d" e="f"/>`), 2)
	f.Fuzz(func(t *testing.T, p []byte, k int) {
		if k < 1 || k > len(p) {
			return
		}
		checkAttrsEnd(t, p, k)
	})
}

func checkAttrsEnd(t *testing.T, p []byte, k int) {
	t.Helper()
	e1, s1, ok1 := attrsEnd(p, k)
	e2, s2, ok2 := quotedAttrsEnd(p, k)
	if ok1 != ok2 || ok1 && (e1 != e2 || s1 != s2) {
		t.Fatalf("attrsEnd(%q, %d) = %d %v %v, quotedAttrsEnd %d %v %v", p, k, e1, s1, ok1, e2, s2, ok2)
	}
}
