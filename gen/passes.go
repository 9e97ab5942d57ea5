package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"regexp"
	"strings"
)

// A unit is pointlander/peg's output for one grammar as the passes change it: its syntax tree,
// and what the passes learn and make on the way.
type unit struct {
	fset *token.FileSet
	file *ast.File
	// inline is pointlander/peg's output with -inline (see gen/main.go), or nil.
	inline *ast.File
	// rules holds the rule names of pointlander/peg's rule constants, by rule number;
	// methods, the rules that have a method (every rule but the first two, Unknown and _start,
	// which nothing calls).
	rules   []string
	methods map[string]bool
	// inlinedIn names, for a rule written inline in another rule's method, that rule.
	inlinedIn map[string]string
	// exprs holds each rule's expression as pointlander/peg prints it above the rule's code.
	exprs map[string]string
	// doc holds the comment that stands above a declaration the passes made.
	doc    map[ast.Decl]string
	tables classTables
}

// A pass is one named change of the syntax tree. Each has a golden test (passes_test.go).
type pass struct {
	name string
	run  func(*unit) error
}

// passes are the changes gen makes to pointlander/peg's output, in order. None changes what
// the parser accepts; the conformance engine verifies that, and the golden tests show each.
var passes = []pass{
	{"dead code", deadCode},
	{"rules as methods", rulesAsMethods},
	{"byte input", byteInput},
	{"first inner token", firstInnerToken},
	{"character classes as tables", classTablesPass},
	{"unused labels and saves", unusedLabelsAndSaves},
	{"tight loops", tightLoops},
	{"guarded calls", guardedCalls},
	{"state as fields", stateAsFields},
}

// transform parses pointlander/peg's two outputs (see gen/main.go; inline may be nil) and runs
// every pass over them.
func transform(id string, src, inline []byte) (*unit, error) {
	return transformUpTo(id, src, inline, len(passes))
}

// transformUpTo runs the first n passes.
func transformUpTo(id string, src, inline []byte, n int) (*unit, error) {
	fset := token.NewFileSet()
	// The passes need no objects: they tell the parser's state from the rules' own variables
	// by name (rulesAsMethods checks that no rule declares the state's names).
	read := func(src []byte) (*ast.File, error) {
		f, err := parser.ParseFile(fset, id+".go", src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("reading pointlander/peg's output: %v", err)
		}
		return f, nil
	}
	f, err := read(src)
	if err != nil {
		return nil, err
	}
	u := &unit{fset: fset, file: f, methods: map[string]bool{}, inlinedIn: map[string]string{}, exprs: map[string]string{}, doc: map[ast.Decl]string{}}
	if inline != nil {
		if u.inline, err = read(inline); err != nil {
			return nil, err
		}
	}
	for _, p := range passes[:n] {
		if err := p.run(u); err != nil {
			return nil, fmt.Errorf("pass %q: %v", p.name, err)
		}
	}
	return u, nil
}

// print writes the file: the header line, the package clause, then each declaration with the
// comment the passes gave it, formatted by go/format.
func (u *unit) print(header string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n\npackage %s\n", header, u.file.Name.Name)
	for _, d := range u.file.Decls {
		b.WriteString("\n")
		if doc := u.doc[d]; doc != "" {
			// A /* */ comment, which gofmt leaves as it is: in a // doc comment it would
			// turn the PEG's '' into a typographic quote.
			fmt.Fprintf(&b, "/* %s */\n", doc)
		}
		// The passes mix nodes of pointlander/peg's file with nodes of their own, which have
		// no position: without positions, the printer lays every node out the same way.
		clearPositions(d)
		if err := printer.Fprint(&b, u.fset, d); err != nil {
			return nil, err
		}
		b.WriteString("\n")
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the parser: %v\n%s", err, b.Bytes())
	}
	return out, nil
}

// methodDecls returns the rule methods, in order.
func (u *unit) methodDecls() []*ast.FuncDecl {
	var fs []*ast.FuncDecl
	for _, d := range u.file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Recv != nil && strings.HasPrefix(f.Name.Name, "rule_") {
			fs = append(fs, f)
		}
	}
	return fs
}

// expr parses a Go expression that a pass writes; the passes only write ones that parse.
func expr(src string) ast.Expr {
	e, err := parser.ParseExpr(src)
	if err != nil {
		panic(fmt.Sprintf("gen: %q: %v", src, err))
	}
	return e
}

// stmts parses Go statements that a pass writes.
func stmts(src string) []ast.Stmt {
	return expr("func() {\n" + src + "\n}").(*ast.FuncLit).Body.List
}

var (
	exprType     = reflect.TypeFor[ast.Expr]()
	exprListType = reflect.TypeFor[[]ast.Expr]()
	stmtListType = reflect.TypeFor[[]ast.Stmt]()
)

// rewrite replaces, bottom up, every expression e under n by f(e).
func rewrite(n ast.Node, f func(ast.Expr) ast.Expr) {
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				visit(v.Elem())
			}
		case reflect.Interface:
			if !v.IsNil() {
				visit(v.Elem())
				if v.Type() == exprType && v.CanSet() {
					v.Set(reflect.ValueOf(f(v.Interface().(ast.Expr))))
				}
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if fv := v.Field(i); fv.CanSet() {
					visit(fv)
				}
			}
		case reflect.Slice:
			if v.Type() == exprListType || v.Type() == stmtListType || v.Type().Elem().Kind() == reflect.Pointer {
				for i := 0; i < v.Len(); i++ {
					visit(v.Index(i))
				}
			}
		}
	}
	visit(reflect.ValueOf(n))
}

// clearPositions sets every position under n to token.NoPos.
func clearPositions(n ast.Node) {
	posType := reflect.TypeFor[token.Pos]()
	var visit func(v reflect.Value)
	visit = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				visit(v.Elem())
			}
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				fv := v.Field(i)
				switch {
				case !fv.CanSet():
				case fv.Type() == posType:
					fv.SetInt(int64(token.NoPos))
				default:
					visit(fv)
				}
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				visit(v.Index(i))
			}
		}
	}
	visit(reflect.ValueOf(n))
}

// blocks calls f with every statement list under n (blocks, case and select clauses), inner
// lists first, and replaces each by what f returns.
func blocks(n ast.Node, f func([]ast.Stmt) []ast.Stmt) {
	ast.Inspect(n, func(m ast.Node) bool {
		if b, ok := m.(*ast.BlockStmt); ok {
			for _, s := range b.List {
				blocks(s, f)
			}
			b.List = f(b.List)
			return false
		}
		return true
	})
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isGoto reports whether s is "goto label" (any label when label is ""), and returns the label.
func isGoto(s ast.Stmt, label string) (string, bool) {
	b, ok := s.(*ast.BranchStmt)
	if !ok || b.Tok != token.GOTO || (label != "" && b.Label.Name != label) {
		return "", false
	}
	return b.Label.Name, true
}

var savedName = regexp.MustCompile(`^(?:position|tokenIndex)(\d+)$`)

// saveOf reports whether s saves the state, "positionK, tokenIndexK := position, tokenIndex",
// and returns K.
func saveOf(s ast.Stmt) (string, bool) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 2 || len(a.Rhs) != 2 ||
		!isIdent(a.Rhs[0], "position") || !isIdent(a.Rhs[1], "tokenIndex") {
		return "", false
	}
	return pairNumber(a.Lhs)
}

// restoreOf reports whether s restores the state, "position, tokenIndex = positionK,
// tokenIndexK", and returns K.
func restoreOf(s ast.Stmt) (string, bool) {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 2 || len(a.Rhs) != 2 ||
		!isIdent(a.Lhs[0], "position") || !isIdent(a.Lhs[1], "tokenIndex") {
		return "", false
	}
	return pairNumber(a.Rhs)
}

// pairNumber returns K of the pair positionK, tokenIndexK.
func pairNumber(es []ast.Expr) (string, bool) {
	p, ok1 := es[0].(*ast.Ident)
	t, ok2 := es[1].(*ast.Ident)
	if !ok1 || !ok2 || !strings.HasPrefix(p.Name, "position") || t.Name != "tokenIndex"+strings.TrimPrefix(p.Name, "position") ||
		!savedName.MatchString(p.Name) {
		return "", false
	}
	return strings.TrimPrefix(p.Name, "position"), true
}

// labeled returns the label of s and the statement it labels, or "" and s.
func labeled(s ast.Stmt) (string, ast.Stmt) {
	if l, ok := s.(*ast.LabeledStmt); ok {
		return l.Label.Name, l.Stmt
	}
	return "", s
}

// isIncPosition reports whether s is "position++".
func isIncPosition(s ast.Stmt) bool {
	inc, ok := s.(*ast.IncDecStmt)
	return ok && inc.Tok == token.INC && isIdent(inc.X, "position")
}
