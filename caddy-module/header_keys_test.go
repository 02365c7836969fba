package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// headerValue, and the response path's direct reads and writes of header fields (hdr["Etag"]),
// find a field only under the key net/http keeps it by: its canonical form. Every call to
// headerValue and every header index with a literal key in the handler's files must name a
// canonical key ("ETag" would never match, and the page would lose its weak validator).
func TestHeaderValueKeysAreCanonical(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		check := func(lit ast.Expr, what string) {
			bl, ok := lit.(*ast.BasicLit)
			if !ok || bl.Kind != token.STRING {
				if what == "headerValue" {
					t.Errorf("%s: headerValue's key is not a string literal: its canonical form cannot be checked", fset.Position(lit.Pos()))
				}
				return
			}
			key, _ := strconv.Unquote(bl.Value)
			if canonical := http.CanonicalHeaderKey(key); canonical != key {
				t.Errorf("%s: %s key %q is not canonical: write %q", fset.Position(lit.Pos()), what, key, canonical)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "headerValue" && len(n.Args) == 2 {
					calls++
					check(n.Args[1], "headerValue")
				}
			case *ast.IndexExpr: // hdr["Cache-Control"], w.Header()["Set-Cookie"], r.Header["Cookie"]
				if lit, ok := n.Index.(*ast.BasicLit); ok && lit.Kind == token.STRING && headerLike(n.X) {
					check(lit, "header index")
				}
			}
			return true
		})
	}
	if calls < 10 {
		t.Fatalf("found %d calls to headerValue; the check reads the wrong files", calls)
	}
}

// headerLike tells whether x reads as a header: hdr, h, header, late, x.Header, x.Header().
func headerLike(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name == "hdr" || x.Name == "header" || x.Name == "late"
	case *ast.SelectorExpr:
		return x.Sel.Name == "Header"
	case *ast.CallExpr:
		sel, ok := x.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Header"
	}
	return false
}
