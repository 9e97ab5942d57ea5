package main

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
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

// pexpr is a parsed rule expression as pointlander/peg prints it (tree/peg.go, printRule).
type pexpr struct {
	kind  byte // 'c' bytes, 'n' name, 's' sequence, 'a' choice, '&' '!' lookahead, '?' '*' '+', 'e' empty (predicate)
	set   charSet
	name  string
	items []*pexpr
}

// exprParser reads one printed expression.
type exprParser struct {
	s   string
	pos int
	err error
}

func (p *exprParser) fail(format string, a ...any) *pexpr {
	if p.err == nil {
		p.err = fmt.Errorf("at %d of %q: %s", p.pos, p.s, fmt.Sprintf(format, a...))
	}
	return &pexpr{kind: 'e'}
}

func (p *exprParser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

// seq reads elements separated by single spaces until ")", ">", " /", " |" or the end.
func (p *exprParser) seq() *pexpr {
	var items []*pexpr
	for p.err == nil {
		items = append(items, p.postfix())
		if p.peek() != ' ' || strings.HasPrefix(p.s[p.pos:], " / ") || strings.HasPrefix(p.s[p.pos:], " | ") {
			break
		}
		p.pos++
	}
	if len(items) == 1 {
		return items[0]
	}
	return &pexpr{kind: 's', items: items}
}

// alt reads sequences separated by " / " or " | ".
func (p *exprParser) alt() *pexpr {
	items := []*pexpr{p.seq()}
	for p.err == nil && (strings.HasPrefix(p.s[p.pos:], " / ") || strings.HasPrefix(p.s[p.pos:], " | ")) {
		p.pos += 3
		items = append(items, p.seq())
	}
	if len(items) == 1 {
		return items[0]
	}
	return &pexpr{kind: 'a', items: items}
}

func (p *exprParser) postfix() *pexpr {
	e := p.prefix()
	for p.err == nil {
		switch c := p.peek(); c {
		case '?', '*', '+':
			p.pos++
			e = &pexpr{kind: c, items: []*pexpr{e}}
		default:
			return e
		}
	}
	return e
}

var (
	namePat  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*`)
	charPat  = regexp.MustCompile(`^'((?:[^'\\]|\\.[^']*?)*)'`)
	rangePat = regexp.MustCompile(`^\[((?:[^\\\]-]|\\[^-\]]*?)+)-((?:[^\\\]]|\\[^\]]*?)+)\]`)
)

// unescape reads what pointlander/peg's escape wrote: strconv.Quote's escapes, \' for ', and
// a bare " for ".
func unescape(s string) (string, error) {
	return strconv.Unquote(`"` + strings.NewReplacer(`\'`, `'`, `"`, `\"`).Replace(s) + `"`)
}

func (p *exprParser) prefix() *pexpr {
	rest := p.s[p.pos:]
	switch {
	case strings.HasPrefix(rest, "&{") || strings.HasPrefix(rest, "!{"):
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return p.fail("unterminated predicate")
		}
		p.pos += end + 1
		return &pexpr{kind: 'e'}
	case rest == "":
		return p.fail("unexpected end")
	}
	switch c := rest[0]; c {
	case '&', '!':
		p.pos++
		return &pexpr{kind: c, items: []*pexpr{p.postfix()}}
	case '(', '<':
		p.pos++
		e := p.alt()
		want := byte(')')
		if c == '<' {
			want = '>'
		}
		if p.peek() != want {
			return p.fail("want %q", want)
		}
		p.pos++
		return e
	case '.':
		p.pos++
		e := &pexpr{kind: 'c'}
		for b := 1; b < 256; b++ {
			e.set[b] = true
		}
		return e
	case '\'':
		m := charPat.FindStringSubmatch(rest)
		if m == nil {
			return p.fail("bad character")
		}
		s, err := unescape(m[1])
		if err != nil || s == "" {
			return p.fail("bad character %s", m[0])
		}
		p.pos += len(m[0])
		// A string of several characters is a sequence; only its first byte matters here.
		e := &pexpr{kind: 'c'}
		e.set[s[0]] = true
		return e
	case '[':
		m := rangePat.FindStringSubmatch(rest)
		if m == nil {
			return p.fail("bad range")
		}
		lo, err1 := unescape(m[1])
		hi, err2 := unescape(m[2])
		if err1 != nil || err2 != nil || len(lo) != 1 || len(hi) != 1 {
			return p.fail("bad range %s", m[0])
		}
		p.pos += len(m[0])
		e := &pexpr{kind: 'c'}
		for b := int(lo[0]); b <= int(hi[0]); b++ {
			e.set[b] = true
		}
		return e
	}
	if m := namePat.FindString(rest); m != "" {
		p.pos += len(m)
		return &pexpr{kind: 'n', name: m}
	}
	return p.fail("unexpected %q", rest[0])
}

// firstSets returns, for each rule of src that cannot match the empty string, the set of bytes
// that can begin a match of it.
func firstSets(exprs map[string]string) (map[string]charSet, error) {
	rules := map[string]*pexpr{}
	for name, text := range exprs {
		p := &exprParser{s: text}
		e := p.alt()
		if p.err == nil && p.pos != len(p.s) {
			p.fail("trailing text")
		}
		if p.err != nil {
			return nil, fmt.Errorf("rule %s: %v", name, p.err)
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
	var walk func(e *pexpr) (charSet, bool, error)
	walk = func(e *pexpr) (charSet, bool, error) {
		var s charSet
		switch e.kind {
		case 'c':
			return e.set, false, nil
		case 'e', '&', '!':
			return s, true, nil
		case 'n':
			f, ok := first[e.name]
			if !ok {
				return s, false, fmt.Errorf("rule %s is not defined", e.name)
			}
			return *f, nullable[e.name], nil
		case '?', '*':
			f, _, err := walk(e.items[0])
			return f, true, err
		case '+':
			return walk(e.items[0])
		case 's':
			for _, it := range e.items {
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
		case 'a':
			null := false
			for _, it := range e.items {
				f, n, err := walk(it)
				if err != nil {
					return s, false, err
				}
				merge(&s, &f)
				null = null || n
			}
			return s, null, nil
		}
		return s, false, fmt.Errorf("unknown expression kind %q", e.kind)
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
