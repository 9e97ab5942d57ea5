package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

// ruleComment matches the comment pointlander/peg writes above each rule's function.
var ruleComment = regexp.MustCompile(`^/\* (\d+) ([A-Za-z_][A-Za-z0-9_]*) <- (.*) \*/$`)

// rulesAsMethods turns the rules of pointlander/peg's parser from closures into methods.
//
// pointlander/peg writes each rule as a closure in a table built by Init, and the parser's
// state (position, tokenIndex, buffer, the token tree) as local variables of Init that every
// closure captures. A captured variable that closures assign lives on the heap, behind a
// pointer in each closure's context, and every call of a rule is an indirect call through the
// table. As methods, rules call each other directly:
//
//	_rules = [...]func() bool{             // 7 scheme <- …
//		nil,                               func (p *parser) rule_scheme() bool {
//		/* 7 scheme <- … */                    …
//		func() bool {                          if !p.rule_alpha() {
//			…                                  …
//			if !_rules[rulealpha]() {      }
//			…
//		},
//
// This pass makes the methods and removes Init (what else it holds, the parser's reset, parse
// and add closures, is pegrt.Machine's job); the state is still named as Init named it until
// the pass "state as fields". A rule's closure is taken from the -inline output where that has
// one (see gen/main.go), which writes the rules used once inline in it. The rule _start gets no
// method: it only makes rules reachable, and nothing calls it. The pass records the rules and
// their expressions for the passes after it.
func rulesAsMethods(u *unit) error {
	// The rule constants, in order: the rule numbers.
	for _, d := range u.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || len(g.Specs) < 2 {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				u.rules = append(u.rules, strings.TrimPrefix(n.Name, "rule"))
			}
		}
	}
	if len(u.rules) < 3 || u.rules[0] != "Unknown" || u.rules[1] != "_start" {
		return fmt.Errorf("no rule constants Unknown, _start, … in pointlander/peg's output")
	}
	for _, cg := range u.file.Comments {
		for _, c := range cg.List {
			if m := ruleComment.FindStringSubmatch(c.Text); m != nil {
				u.exprs[m[2]] = m[3]
			}
		}
	}

	table, initDecl := ruleTable(u.file)
	if table == nil {
		return fmt.Errorf("no rule table (_rules = [...]func() bool{…}) in Init")
	}
	if len(table.Elts) != len(u.rules) {
		return fmt.Errorf("the rule table has %d entries for %d rules", len(table.Elts), len(u.rules))
	}
	var inline *ast.CompositeLit
	if u.inline != nil {
		if inline, _ = ruleTable(u.inline); inline == nil || len(inline.Elts) != len(u.rules) {
			return fmt.Errorf("the rule table of the -inline output is not the same rules'")
		}
	}
	var methods []ast.Decl
	for i, e := range table.Elts {
		if u.rules[i] == "_start" {
			continue // it only makes rules reachable: nothing calls it
		}
		if inline != nil {
			if fn, ok := inline.Elts[i].(*ast.FuncLit); ok {
				e = fn
				// The rules whose tokens it records are written inline in it.
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && isIdent(c.Fun, "add") && len(c.Args) > 0 {
						if id, ok := c.Args[0].(*ast.Ident); ok && id.Name != "rule"+u.rules[i] {
							u.inlinedIn[strings.TrimPrefix(id.Name, "rule")] = u.rules[i]
						}
					}
					return true
				})
			}
		}
		fn, ok := e.(*ast.FuncLit)
		if !ok {
			if i > 0 {
				return fmt.Errorf("rule %s has no function", u.rules[i])
			}
			continue // Unknown
		}
		name := u.rules[i]
		for _, shadow := range []string{"position", "tokenIndex", "buffer", "p"} {
			if declares(fn.Body, shadow) {
				return fmt.Errorf("rule %s declares %s, which the methods use for the parser's state", name, shadow)
			}
		}
		rewrite(fn.Body, func(e ast.Expr) ast.Expr {
			// _rules[ruleX]() is a call of rule X.
			if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 0 {
				if ix, ok := c.Fun.(*ast.IndexExpr); ok && isIdent(ix.X, "_rules") {
					if id, ok := ix.Index.(*ast.Ident); ok && strings.HasPrefix(id.Name, "rule") {
						return expr("p.rule_" + strings.TrimPrefix(id.Name, "rule") + "()")
					}
				}
			}
			return e
		})
		m := &ast.FuncDecl{
			Recv: &ast.FieldList{List: []*ast.Field{{Names: []*ast.Ident{ast.NewIdent("p")}, Type: &ast.StarExpr{X: ast.NewIdent("parser")}}}},
			Name: ast.NewIdent("rule_" + name),
			Type: fn.Type,
			Body: fn.Body,
		}
		u.doc[m] = name + " <- " + u.exprs[name]
		u.methods[name] = true
		methods = append(methods, m)
	}
	var decls []ast.Decl
	for _, d := range u.file.Decls {
		if d != initDecl {
			decls = append(decls, d)
		}
	}
	u.file.Decls = append(decls, methods...)
	return nil
}

// ruleTable returns the rule table of pointlander/peg's Init, and Init.
func ruleTable(f *ast.File) (table *ast.CompositeLit, init *ast.FuncDecl) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "Init" {
			continue
		}
		init = fd
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && isIdent(a.Lhs[0], "_rules") && a.Tok == token.ASSIGN {
				table, _ = a.Rhs[0].(*ast.CompositeLit)
			}
			return table == nil
		})
	}
	return table, init
}

// declares reports whether a declaration under n declares name.
func declares(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignStmt:
			if m.Tok == token.DEFINE {
				for _, l := range m.Lhs {
					found = found || isIdent(l, name)
				}
			}
		case *ast.ValueSpec:
			for _, id := range m.Names {
				found = found || id.Name == name
			}
		case *ast.FuncLit:
			for _, f := range m.Type.Params.List {
				for _, id := range f.Names {
					found = found || id.Name == name
				}
			}
		}
		return !found
	})
	return found
}

// deadCode removes, by name, the declarations of pointlander/peg's own run-time that the rules
// do not use: the rune buffer and its end marker, the token tree and its printers, the parse
// error, the options, the parser type and its methods. What the rules use of a run-time (the
// state, add, matchDot) is pegrt.Machine, once for every grammar. What stays is Init, which
// holds the rules (the pass "rules as methods" takes them out of it), and the rule constants,
// untyped: they are the rule numbers.
//
// A declaration it does not know is an error, so that a change of pointlander/peg's output is
// seen rather than kept.
func deadCode(u *unit) error {
	drop := map[string]bool{
		"endSymbol": true, "pegRule": true, "rul3s": true, "token32": true, "node32": true,
		"tokens32": true, "parser": true, "textPosition": true, "textPositionMap": true,
		"translatePositions": true, "parseError": true, "Pretty": true, "Size": true,
	}
	var kept []ast.Decl
	for _, d := range u.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				recv := d.Recv.List[0].Type
				if s, ok := recv.(*ast.StarExpr); ok {
					recv = s.X
				}
				if id, ok := recv.(*ast.Ident); ok && drop[id.Name] && name != "Init" {
					continue // a method of a dropped type
				}
			}
			if drop[name] {
				continue
			}
			if name != "Init" {
				return fmt.Errorf("unknown function %s in pointlander/peg's output", name)
			}
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
				continue // the rules use no package
			case token.CONST:
				if len(d.Specs) > 1 { // the rule constants
					d.Specs[0].(*ast.ValueSpec).Type = nil
					u.doc[d] = "The rule numbers: Token.Rule, and the indexes of Grammar.Rules."
					kept = append(kept, d)
					continue
				}
			}
			for _, s := range d.Specs {
				var name string
				switch s := s.(type) {
				case *ast.TypeSpec:
					name = s.Name.Name
				case *ast.ValueSpec:
					name = s.Names[0].Name
				}
				if !drop[name] {
					return fmt.Errorf("unknown declaration %s in pointlander/peg's output", name)
				}
			}
			continue
		}
		kept = append(kept, d)
	}
	u.file.Decls = kept
	return nil
}

// byteInput matches the input as bytes: pointlander/peg converts the input to runes and writes
// each character of the grammar as rune('x'). The .peg files are ASCII only (check), so each
// character is one byte, and 'x' compares with a byte as an untyped constant. Matching bytes
// saves the conversion of every input to []rune, the largest single cost of pointlander/peg's
// parser, and makes every offset a byte offset.
func byteInput(u *unit) error {
	n := 0
	for _, m := range u.methodDecls() {
		rewrite(m.Body, func(e ast.Expr) ast.Expr {
			c, ok := e.(*ast.CallExpr)
			if !ok || !isIdent(c.Fun, "rune") || len(c.Args) != 1 {
				return e
			}
			lit, ok := c.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.CHAR {
				return e
			}
			if b, err := charLit(lit.Value); err != nil || b >= 0x80 {
				return e // left as rune(…): it no longer compiles against bytes
			}
			n++
			return lit
		})
	}
	if n == 0 {
		return fmt.Errorf("no character of the grammar (rune('x')) in the rules")
	}
	return nil
}

// firstInnerToken makes every token record the index of its first inner token, so that the
// token list is a tree even where a rule matches the empty string at its parent's first byte
// (pegrt.Token.First). A rule saves its position where it begins, "positionK := position",
// and records its token at its end, "add(ruleX, positionK)"; the save takes the token index
// too, and add receives it.
func firstInnerToken(u *unit) error {
	n := 0
	for _, m := range u.methodDecls() {
		saves := map[string]*ast.AssignStmt{}
		ast.Inspect(m.Body, func(x ast.Node) bool {
			if a, ok := x.(*ast.AssignStmt); ok && a.Tok == token.DEFINE && len(a.Rhs) >= 1 && isIdent(a.Rhs[0], "position") {
				if id, ok := a.Lhs[0].(*ast.Ident); ok {
					saves[id.Name] = a
				}
			}
			return true
		})
		var err error
		ast.Inspect(m.Body, func(x ast.Node) bool {
			c, ok := x.(*ast.CallExpr)
			if !ok || !isIdent(c.Fun, "add") || len(c.Args) != 2 {
				return true
			}
			begin, ok := c.Args[1].(*ast.Ident)
			save := saves[begin.Name]
			if !ok || save == nil {
				err = fmt.Errorf("%s: add's position %v is saved nowhere", m.Name.Name, c.Args[1])
				return false
			}
			k := strings.TrimPrefix(begin.Name, "position")
			if len(save.Lhs) == 1 {
				save.Lhs = append(save.Lhs, ast.NewIdent("tokenIndex"+k))
				save.Rhs = append(save.Rhs, ast.NewIdent("tokenIndex"))
			}
			c.Args = append(c.Args, ast.NewIdent("tokenIndex"+k))
			n++
			return true
		})
		if err != nil {
			return err
		}
	}
	if n == 0 {
		return fmt.Errorf("no add(rule, position) in the rules")
	}
	return nil
}

// stateAsFields names the parser's state as the fields and methods of pegrt.Machine, which the
// parser type embeds: position, tokenIndex and buffer are p.Position, p.TokenIndex and
// p.Buffer, add is p.Add and matchDot p.MatchDot. A field is one load from p; the variables
// that pointlander/peg's closures captured were two. No rule declares those names
// (rulesAsMethods checks), so every one of them in a rule is the state.
func stateAsFields(u *unit) error {
	fields := map[string]string{"position": "p.Position", "tokenIndex": "p.TokenIndex", "buffer": "p.Buffer"}
	for _, m := range u.methodDecls() {
		rewrite(m.Body, func(e ast.Expr) ast.Expr {
			switch e := e.(type) {
			case *ast.Ident:
				if f, ok := fields[e.Name]; ok {
					return expr(f)
				}
			case *ast.CallExpr:
				switch {
				case isIdent(e.Fun, "add"):
					e.Fun = expr("p.Add")
				case isIdent(e.Fun, "matchDot"):
					e.Fun = expr("p.MatchDot")
				}
			}
			return e
		})
		var left []string
		ast.Inspect(m.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && (id.Name == "_rules" || id.Name == "add" || id.Name == "matchDot" || id.Name == "tree") {
				left = append(left, id.Name)
			}
			return true
		})
		if len(left) > 0 {
			return fmt.Errorf("%s still uses %v of Init", m.Name.Name, left)
		}
	}
	return nil
}
