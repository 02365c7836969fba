package shellstate

// The twins are written by the drift test (typescript_test.go), so that what is generated and
// what is checked are one list.
//go:generate go test -count=1 -run ^TestTypeScriptInSync$ -update .

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"
)

// tsNames are the Go type names whose TypeScript twin is named otherwise: State is the shell
// state, and a plain Event would hide the DOM's Event in the shell's modules.
var tsNames = map[string]string{"State": "ShellState", "Event": "TrackingEvent"}

func tsName(goName string) string {
	if n, ok := tsNames[goName]; ok {
		return n
	}
	return goName
}

// TypeScript renders the Go types declared in the given source files of this package as
// TypeScript, with their doc comments, so the shell UI imports the very schema the edge writes.
// The root type State is exported as ShellState.
func TypeScript(files ...string) (string, error) {
	return TypeScriptOf("caddy-module/shellstate", files...)
}

// TypeScriptOf renders the declarations of files, Go sources of the package at source (named
// in the generated file's first line), as TypeScript: each exported struct type as an
// interface of its JSON fields, each exported string type as the union of its constants in
// files (their list as <Type>Values), and each exported untyped string constant as a const.
// Every body that crosses between the edge and the shell has its twin made this way
// (DESIGN.md, contracts).
func TypeScriptOf(source string, files ...string) (string, error) {
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			return "", err
		}
		parsed = append(parsed, f)
	}
	// The constants of each named string type, in the order written: its union's members.
	members := map[string][]string{}
	for _, f := range parsed {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				typ, ok := vs.Type.(*ast.Ident)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						members[typ.Name] = append(members[typ.Name], lit.Value)
					}
				}
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated from %s by `make contracts`. DO NOT EDIT.\n", source)
	for _, f := range parsed {
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			switch gd.Tok {
			case token.CONST:
				writeConsts(&b, gd)
				continue
			case token.TYPE:
			default:
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				name := tsName(ts.Name.Name)
				doc := gd.Doc.Text()
				if ts.Doc != nil {
					doc = ts.Doc.Text()
				}
				if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" {
					if len(members[ts.Name.Name]) == 0 {
						return "", fmt.Errorf("%s: a string type needs its constants in the same files", ts.Name.Name)
					}
					var alts []string
					for _, m := range members[ts.Name.Name] {
						alts = append(alts, tsString(m))
					}
					b.WriteString("\n")
					fmt.Fprintf(&b, "/** %sValues are the values of %s, in the order of their Go constants. */\n", name, name)
					fmt.Fprintf(&b, "export const %sValues = [%s] as const;\n", name, strings.Join(alts, ", "))
					writeDoc(&b, "", doc)
					fmt.Fprintf(&b, "export type %s = (typeof %sValues)[number];\n", name, name)
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				b.WriteString("\n")
				writeDoc(&b, "", doc)
				fmt.Fprintf(&b, "export interface %s {\n", name)
				for _, field := range st.Fields.List {
					if len(field.Names) == 0 || field.Tag == nil {
						continue
					}
					tag := reflect.StructTag(strings.Trim(field.Tag.Value, "`")).Get("json")
					jsonName, opts, _ := strings.Cut(tag, ",")
					if jsonName == "-" || jsonName == "" {
						continue
					}
					tsType, err := tsTypeOf(field.Type)
					if err != nil {
						return "", fmt.Errorf("%s.%s: %w", ts.Name.Name, field.Names[0].Name, err)
					}
					optional := ""
					if strings.Contains(opts, "omitempty") {
						optional = "?"
					}
					writeDoc(&b, "  ", field.Doc.Text())
					fmt.Fprintf(&b, "  %s%s: %s;\n", jsonName, optional, tsType)
				}
				b.WriteString("}\n")
			}
		}
	}
	return b.String(), nil
}

// writeConsts writes the exported untyped string constants of gd as TypeScript consts; typed
// ones are members of their type's union.
func writeConsts(b *strings.Builder, gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		vs := spec.(*ast.ValueSpec)
		if vs.Type != nil || len(vs.Names) != len(vs.Values) {
			continue
		}
		for i, n := range vs.Names {
			lit, ok := vs.Values[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || !n.IsExported() {
				continue
			}
			doc := vs.Doc.Text()
			if doc == "" && len(gd.Specs) == 1 {
				doc = gd.Doc.Text()
			}
			b.WriteString("\n")
			writeDoc(b, "", doc)
			fmt.Fprintf(b, "export const %s = %s;\n", n.Name, tsString(lit.Value))
		}
	}
}

// tsString writes a Go string literal as a TypeScript one.
func tsString(goLit string) string {
	v, err := strconv.Unquote(goLit)
	if err != nil {
		return goLit
	}
	return strconv.Quote(v)
}

func writeDoc(b *strings.Builder, indent, doc string) {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return
	}
	fmt.Fprintf(b, "%s/** %s */\n", indent, strings.ReplaceAll(strings.ReplaceAll(doc, "*/", "* /"), "\n", " "))
}

func tsTypeOf(e ast.Expr) (string, error) {
	switch t := e.(type) {
	case *ast.Ident:
		switch t.Name {
		case "string":
			return "string", nil
		case "bool":
			return "boolean", nil
		case "int", "int64", "int32", "float64", "uint", "uint64":
			return "number", nil
		}
		if t.IsExported() {
			return tsName(t.Name), nil
		}
	case *ast.StarExpr:
		inner, err := tsTypeOf(t.X)
		return inner + " | null", err
	case *ast.ArrayType:
		inner, err := tsTypeOf(t.Elt)
		return inner + "[] | null", err
	case *ast.MapType:
		k, err := tsTypeOf(t.Key)
		if err != nil || k != "string" {
			return "", fmt.Errorf("map keys must be strings")
		}
		v, err := tsTypeOf(t.Value)
		return "Record<string, " + v + "> | null", err
	}
	return "", fmt.Errorf("type %T has no TypeScript twin; add it to tsTypeOf", e)
}
