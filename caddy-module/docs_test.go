package shell

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// referenceDoc is the operator's reference, which must name every option an operator can write.
const referenceDoc = "../docs/reference.md"

// TestReferenceNamesEveryCaddyfileOption reads the Caddyfile options out of the Go source of
// every package under caddy-module/ (whatever file or package a parser lives in) and fails
// naming each option docs/reference.md does not name. An option counts as named when the
// reference has it in a code span: `name` or `name <args>`.
func TestReferenceNamesEveryCaddyfileOption(t *testing.T) {
	ref := readReference(t)
	opts := caddyfileOptions(t, ".")
	// Guard against a parser change that would let this test pass by finding nothing.
	if len(opts) < 40 {
		t.Fatalf("found only %d Caddyfile options in caddy-module/ (%v); the option collector no longer recognises the parsers: teach caddyfileOptions their shape", len(opts), slices.Sorted(maps.Keys(opts)))
	}
	var missing []string
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		if !namesInCode(ref, name) {
			missing = append(missing, name+" ("+opts[name]+")")
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s does not document these Caddyfile options; add each with its syntax, JSON field, default, an example and its error:\n\t%s", referenceDoc, strings.Join(missing, "\n\t"))
	}
}

// TestReferenceShowsOnlyOptionsTheCodeKnows fails naming each option that a Caddyfile example
// of docs/reference.md (a ```caddy block) writes but no parser in the code reads: an option
// renamed or removed in the code whose old name the reference still teaches.
func TestReferenceShowsOnlyOptionsTheCodeKnows(t *testing.T) {
	ref := readReference(t)
	known := caddyfileOptions(t, ".")
	// Caddy's own directives and the module's directive, which the examples wrap the options in.
	for _, d := range []string{"shell", "encode", "reverse_proxy"} {
		known[d] = "Caddy"
	}
	var unknown []string
	for _, line := range caddyExampleLines(ref) {
		word, _, _ := strings.Cut(strings.TrimSpace(line.text), " ")
		word = strings.TrimSuffix(strings.TrimSpace(word), "{")
		if word == "" || word == "}" || strings.HasPrefix(word, "#") || strings.ContainsAny(word, ".:") {
			continue // blank, closing brace, comment, site address
		}
		if _, ok := known[word]; !ok {
			unknown = append(unknown, fmt.Sprintf("%s (line %d: %s)", word, line.number, strings.TrimSpace(line.text)))
		}
	}
	if len(unknown) > 0 {
		t.Errorf("%s shows Caddyfile options no parser in caddy-module/ reads (renamed or removed?); write today's names:\n\t%s", referenceDoc, strings.Join(unknown, "\n\t"))
	}
}

type docLine struct {
	number int
	text   string
}

// caddyExampleLines gives the lines inside the ```caddy blocks of a Markdown document.
func caddyExampleLines(doc string) []docLine {
	var out []docLine
	in := false
	for i, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case !in && (trimmed == "```caddy" || trimmed == "```caddyfile"):
			in = true
		case in && trimmed == "```":
			in = false
		case in:
			out = append(out, docLine{i + 1, line})
		}
	}
	return out
}

// TestReferenceNamesEveryJSONField walks the handler's configuration by its JSON tags and
// fails naming each JSON field docs/reference.md does not name.
func TestReferenceNamesEveryJSONField(t *testing.T) {
	ref := readReference(t)
	fields := map[string]string{}
	jsonFields(reflect.TypeFor[Handler](), fields, map[reflect.Type]bool{})
	if len(fields) < 40 {
		t.Fatalf("found only %d JSON fields under Handler; the walk is broken", len(fields))
	}
	var missing []string
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if !namesInCode(ref, name) {
			missing = append(missing, name+" ("+fields[name]+")")
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s does not document these JSON fields:\n\t%s", referenceDoc, strings.Join(missing, "\n\t"))
	}
}

func readReference(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(referenceDoc)
	if err != nil {
		t.Fatalf("the operator's reference: %v", err)
	}
	return string(b)
}

// namesInCode tells whether doc has name at the start of a code span (`name` or `name ...`).
func namesInCode(doc, name string) bool {
	return regexp.MustCompile("`" + regexp.QuoteMeta(name) + "[` ]").MatchString(doc)
}

// caddyfileOptions collects the Caddyfile option names from every non-test .go file under
// root, by shape rather than by file: the string literals of the case clauses of a switch
// over a dispenser's token (`switch d.Val()`, `switch opt := d.Val(); opt`, or a variable
// set from d.Val() earlier in the function), of a switch over an element of
// d.RemainingArgs() (sub-options such as rate_limit's burst), and of a comparison with such an
// element (args[0] == "max_sessions"). It maps each name to where it was first seen.
func caddyfileOptions(t *testing.T, root string) map[string]string {
	t.Helper()
	fset := token.NewFileSet()
	opts := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			for _, name := range optionsOf(fn.Body) {
				if _, seen := opts[name.value]; !seen {
					opts[name.value] = fset.Position(name.pos).String()
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading the Go source: %v", err)
	}
	return opts
}

type optionLiteral struct {
	value string
	pos   token.Pos
}

// optionsOf gives the option literals of one function body.
func optionsOf(body *ast.BlockStmt) []optionLiteral {
	tokenVars := map[string]bool{} // set from d.Val()
	argVars := map[string]bool{}   // set from d.RemainingArgs()
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				continue
			}
			switch {
			case isDispenserCall(as.Rhs[i], "Val"):
				tokenVars[id.Name] = true
			case isDispenserCall(as.Rhs[i], "RemainingArgs"):
				argVars[id.Name] = true
			}
		}
		return true
	})
	var out []optionLiteral
	ast.Inspect(body, func(n ast.Node) bool {
		// args[0] == "max_sessions": a keyword among a line's arguments.
		if be, ok := n.(*ast.BinaryExpr); ok && be.Op == token.EQL {
			for _, pair := range [][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
				ix, ok := pair[0].(*ast.IndexExpr)
				lit, isLit := pair[1].(*ast.BasicLit)
				if !ok || !isLit || lit.Kind != token.STRING {
					continue
				}
				if id, ok := ix.X.(*ast.Ident); ok && argVars[id.Name] {
					if v, err := strconv.Unquote(lit.Value); err == nil {
						out = append(out, optionLiteral{v, lit.Pos()})
					}
				}
			}
		}
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag == nil || !isTokenExpr(sw.Tag, tokenVars, argVars) {
			return true
		}
		for _, stmt := range sw.Body.List {
			for _, e := range stmt.(*ast.CaseClause).List {
				lit, ok := e.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				if v, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, optionLiteral{v, lit.Pos()})
				}
			}
		}
		return true
	})
	return out
}

// isDispenserCall: x.<method>() with no arguments.
func isDispenserCall(e ast.Expr, method string) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == method
}

// isTokenExpr: d.Val(), a variable set from it, or args[i] of a variable set from
// d.RemainingArgs().
func isTokenExpr(e ast.Expr, tokenVars, argVars map[string]bool) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		return isDispenserCall(e, "Val")
	case *ast.Ident:
		return tokenVars[e.Name]
	case *ast.IndexExpr:
		id, ok := e.X.(*ast.Ident)
		return ok && argVars[id.Name]
	}
	return false
}

// jsonFields collects the JSON names of t's fields and of the structs under them (through
// pointers, slices and maps), for the module's own types only, mapping each name to the
// Go field it was first seen on.
func jsonFields(t reflect.Type, out map[string]string, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Map || t.Kind() == reflect.Array {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] || !strings.HasPrefix(t.PkgPath(), "github.com/shellgate/shellgate/") {
		return
	}
	seen[t] = true
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, ok := out[name]; !ok {
			out[name] = t.Name() + "." + f.Name
		}
		jsonFields(f.Type, out, seen)
	}
}
