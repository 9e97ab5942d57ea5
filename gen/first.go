package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/peg"
)

// guardedCalls guards the calls of rules by their first bytes. A call of a rule that fails on
// its first byte still costs a call, a saved and a restored position. A rule that cannot
// match the empty string consumes a first byte when it succeeds, and that byte is in the
// rule's first set; where the byte at the position is not, the call would fail and leave
// position and tokenIndex as they were. So
//
//	if !p.rule_X() {
//
// becomes
//
//	if !csetN[buffer[position]] || !p.rule_X() {
//
// with csetN the first set of X. The first sets are computed from the rule expressions that
// pointlander/peg prints above each rule, as a superset: a lookahead adds nothing (it consumes
// nothing), so the set may hold bytes with which X still fails, never miss one with which it
// succeeds.
func guardedCalls(u *unit) error {
	first, err := firstSets(u.exprs)
	if err != nil {
		return err
	}
	known := len(u.tables.sets)
	for _, m := range u.methodDecls() {
		ast.Inspect(m.Body, func(x ast.Node) bool {
			i, ok := x.(*ast.IfStmt)
			if !ok {
				return true
			}
			not, ok := i.Cond.(*ast.UnaryExpr)
			if !ok || not.Op != token.NOT {
				return true
			}
			call, ok := not.X.(*ast.CallExpr)
			if !ok || len(call.Args) != 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !isIdent(sel.X, "p") || !strings.HasPrefix(sel.Sel.Name, "rule_") {
				return true
			}
			f, ok := first[strings.TrimPrefix(sel.Sel.Name, "rule_")]
			if !ok {
				return true
			}
			i.Cond = &ast.BinaryExpr{X: expr(fmt.Sprintf("!cset%d[buffer[position]]", u.tables.id(f))), Op: token.LOR, Y: i.Cond}
			return true
		})
	}
	u.declareTables(known)
	return nil
}

// firstSets returns, for each rule of exprs (each as pointlander/peg prints it, read by
// peg.ParseExpr) that cannot match the empty string, the set of bytes that can begin a match
// of it.
func firstSets(exprs map[string]string) (map[string]charSet, error) {
	rules := map[string]*peg.Expr{}
	for name, text := range exprs {
		e, err := peg.ParseExpr(text)
		if err != nil {
			return nil, fmt.Errorf("rule %s: %v", name, err)
		}
		rules[name] = e
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("no rule expressions in the parser")
	}
	first := map[string]*charSet{}
	nullable := map[string]bool{}
	for name := range rules {
		first[name] = &charSet{}
	}
	var walk func(e *peg.Expr) (charSet, bool, error)
	walk = func(e *peg.Expr) (charSet, bool, error) {
		var s charSet
		switch e.Kind {
		case peg.Class:
			for c := 0; c < 256; c++ {
				s[c] = e.Set.Has(byte(c))
			}
			return s, false, nil
		case peg.Dot:
			for c := 1; c < 256; c++ { // any byte but the end marker, NUL
				s[c] = true
			}
			return s, false, nil
		case peg.Lit: // only its first byte matters here
			s[e.Text[0]] = true
			if e.Fold {
				s[bnf.SwapCase(e.Text[0])] = true
			}
			return s, false, nil
		case peg.Empty, peg.And, peg.Not:
			return s, true, nil
		case peg.Ref:
			f, ok := first[e.Name]
			if !ok {
				return s, false, fmt.Errorf("rule %s is not defined", e.Name)
			}
			return *f, nullable[e.Name], nil
		case peg.Opt, peg.Star:
			f, _, err := walk(e.Subs[0])
			return f, true, err
		case peg.Plus:
			return walk(e.Subs[0])
		case peg.Seq:
			for _, it := range e.Subs {
				f, null, err := walk(it)
				if err != nil {
					return s, false, err
				}
				merge(&s, &f)
				if !null {
					return s, false, nil
				}
			}
			return s, true, nil
		case peg.Choice:
			null := false
			for _, it := range e.Subs {
				f, n, err := walk(it)
				if err != nil {
					return s, false, err
				}
				merge(&s, &f)
				null = null || n
			}
			return s, null, nil
		}
		return s, false, fmt.Errorf("unknown expression kind %d", e.Kind)
	}
	for changed := true; changed; {
		changed = false
		for name, e := range rules {
			f, null, err := walk(e)
			if err != nil {
				return nil, fmt.Errorf("rule %s: %v", name, err)
			}
			if null && !nullable[name] {
				nullable[name], changed = true, true
			}
			if f != *first[name] {
				merge(first[name], &f)
				changed = true
			}
		}
	}
	out := map[string]charSet{}
	for name, f := range first {
		if !nullable[name] {
			out[name] = *f
		}
	}
	return out, nil
}
