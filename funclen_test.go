package urlgrammar_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxFuncLines bounds the lines of each function of the package, from "func" to its closing
// brace, its doc comment not counted: a function does one job, which a reader takes in at a
// glance (net/url holds to about this).
const maxFuncLines = 60

// TestFunctionLength: no function or method of the package's non-test files is longer than
// maxFuncLines.
func TestFunctionLength(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(".", name); err != nil || !ok {
			continue // a file the build leaves out (its build constraints)
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			begin, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			if n := end.Line - begin.Line + 1; n > maxFuncLines {
				t.Errorf("%s: %s is %d lines long, more than %d", begin, funcName(fd), n, maxFuncLines)
			}
		}
	}
}

// funcName names fd as a reader looks for it: "Type.Method" for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		return fd.Name.Name
	}
	recv := fd.Recv.List[0].Type
	if star, ok := recv.(*ast.StarExpr); ok {
		recv = star.X
	}
	if id, ok := recv.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
