package urlgrammar_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"sort"
	"strings"
	"testing"
)

// maxExported bounds the names the package exports, as go/ast counts them: exported
// functions, methods of exported types, types, constants and variables. The surface is meant
// to stay small (net/url exports 46 names); the security review is package review, the
// reports package compare. Writing URLs takes 9 (Build, Components and its UnmarshalJSON,
// Part, Escape, Unescape, and Escaper, its Escape and NewEscaper, which escapes many texts
// of one component for no more than net/url's escaping costs).
const maxExported = 108

// exportedNames returns the names the package's non-test files export ("Type.Method" for a
// method), each with whether it has a doc comment: its own, its group's, or a comment on its
// line.
func exportedNames(t *testing.T) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range pkgs["urlgrammar"].Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				name := d.Name.Name
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if star, ok := recv.(*ast.StarExpr); ok {
						recv = star.X
					}
					id, ok := recv.(*ast.Ident)
					if !ok || !id.IsExported() {
						continue
					}
					name = id.Name + "." + name
				}
				names[name] = d.Doc != nil
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							names[s.Name.Name] = d.Doc != nil || s.Doc != nil
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								names[n.Name] = d.Doc != nil || s.Doc != nil || s.Comment != nil
							}
						}
					}
				}
			}
		}
	}
	return names
}

// TestExportedNames: the package exports at most maxExported names, each with a doc comment
// and each used by a test or an example.
func TestExportedNames(t *testing.T) {
	names := exportedNames(t)
	if len(names) > maxExported {
		var all []string
		for n := range names {
			all = append(all, n)
		}
		sort.Strings(all)
		t.Errorf("the package exports %d names, more than %d:\n%s", len(names), maxExported, strings.Join(all, "\n"))
	}
	// The identifiers that the tests and examples use.
	used := map[string]bool{}
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				used[n.Name] = true
			case *ast.FuncDecl: // ExampleURL_Part names URL.Part
				if rest, ok := strings.CutPrefix(n.Name.Name, "Example"); ok {
					typ, method, _ := strings.Cut(rest, "_")
					used[typ], used[method] = true, true
				}
			}
			return true
		})
	}
	for name, doc := range names {
		if !doc {
			t.Errorf("%s has no doc comment", name)
		}
		_, short, _ := strings.Cut(name, ".")
		if short == "" {
			short = name
		}
		if !used[short] && !standardMethod[short] {
			t.Errorf("%s is used by no test or example", name)
		}
	}
}

// standardMethod are the methods that the standard library calls for a test that uses the
// type's value: fmt's String, encoding/json's and encoding's marshalers, error's Error.
var standardMethod = map[string]bool{"String": true, "Error": true, "Unwrap": true,
	"MarshalText": true, "UnmarshalText": true, "MarshalJSON": true, "UnmarshalJSON": true}
