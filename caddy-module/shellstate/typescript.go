package shellstate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
)

// TypeScript renders the Go types declared in the given source files as TypeScript
// interfaces, with their doc comments, so the shell UI imports the very schema the edge writes.
// The root type State is exported as ShellState.
func TypeScript(files ...string) (string, error) {
	fset := token.NewFileSet()
	var b strings.Builder
	b.WriteString("// Code generated from caddy-module/shellstate by `go test ./caddy-module/shellstate -update`. DO NOT EDIT.\n")
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments)
		if err != nil {
			return "", err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				name := ts.Name.Name
				if name == "State" {
					name = "ShellState"
				}
				b.WriteString("\n")
				writeDoc(&b, "", gd.Doc.Text())
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
		case "State":
			return "ShellState", nil
		}
		if t.IsExported() {
			return t.Name, nil
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
