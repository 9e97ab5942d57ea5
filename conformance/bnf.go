package conformance

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Grammar is a grammar read from a .bnf file (see grammar/README.md for the notation), compiled
// for recognition. A Grammar is read-only after ParseBNF returns and safe for concurrent use.
type Grammar struct {
	name            string
	caseInsensitive bool
	rules           []*rule
	byName          map[string]*rule
	c               *compiled
}

// rule is one BNF rule: its name and its top-level alternatives (those of `=/` lines appended).
type rule struct {
	index int
	name  string
	line  int
	alts  []*expr
	// charset is true when every string of the rule is one byte (a pure character-set rule
	// such as `digit` or `unreserved`); the recognizer then treats the rule as one terminal.
	charset bool
	set     byteSet // the rule's bytes when charset
}

type exprKind uint8

const (
	exAlt   exprKind = iota // subs: alternatives
	exSeq                   // subs: concatenation
	exRep                   // subs[0] repeated min..max times (max < 0: no bound)
	exOpt                   // subs[0] or nothing
	exRef                   // a rule, by name
	exLit                   // a quoted string (text), matched per @case
	exBytes                 // a %x / %d / %b sequence of values (text), case-sensitive
	exRange                 // a %x / %d / %b range lo-hi
)

// expr is one node of a rule's right-hand side.
type expr struct {
	kind     exprKind
	subs     []*expr
	min, max int
	name     string // exRef
	text     string // exLit, exBytes: the bytes
	ci       bool   // exLit: case-insensitive
	lo, hi   byte   // exRange
	src      string // the element as written (for exLit, exBytes, exRange, exRef)
	line     int
	col      int
	ref      *rule // exRef, resolved
}

// Error is a defect of a .bnf file, with its position.
type Error struct {
	File string
	Line int // 1-based
	Col  int // 1-based, 0 when not known
	Msg  string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// ErrorList is every defect found in a .bnf file, in order of position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

type tokKind uint8

const (
	tEOF    tokKind = iota
	tName           // rule name
	tDefine         // =
	tDefAlt         // =/
	tAlt            // / or |
	tLParen         // (
	tRParen         // )
	tLBrack         // [
	tRBrack         // ]
	tRepeat         // n*m, *, n
	tString         // "..."
	tNum            // %x.. %d.. %b..
	tCase           // @case directive (text holds its argument)
)

type token struct {
	kind     tokKind
	text     string // as written
	line     int
	col      int // 1-based
	min, max int // tRepeat
	// tNum: either a sequence of values (vals) or a range (lo, hi, isRange)
	vals    []int
	lo, hi  int
	isRange bool
	str     string // tString: contents
}

type lexer struct {
	file string
	errs ErrorList
}

func (lx *lexer) errorf(line, col int, format string, args ...any) {
	lx.errs = append(lx.errs, &Error{File: lx.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func isNameStart(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
func isNameChar(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '-'
}
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lex splits src into tokens. Tokens in column 1 start a rule or a directive.
func (lx *lexer) lex(src []byte) []token {
	var toks []token
	line := 1
	lines := strings.Split(string(src), "\n")
	for li, l := range lines {
		line = li + 1
		l = strings.TrimSuffix(l, "\r")
		i := 0
		for i < len(l) {
			c := l[i]
			col := i + 1
			switch {
			case c == ' ' || c == '\t':
				i++
			case c == ';':
				i = len(l)
			case c == '@':
				j := i + 1
				for j < len(l) && isNameStart(l[j]) {
					j++
				}
				word := l[i+1 : j]
				if word != "case" {
					lx.errorf(line, col, "unknown directive @%s (only @case exists)", word)
					i = len(l)
					continue
				}
				rest := l[j:]
				if k := strings.IndexByte(rest, ';'); k >= 0 {
					rest = rest[:k]
				}
				toks = append(toks, token{kind: tCase, text: strings.TrimSpace(rest), line: line, col: col})
				i = len(l)
			case isNameStart(c):
				j := i + 1
				for j < len(l) && isNameChar(l[j]) {
					j++
				}
				toks = append(toks, token{kind: tName, text: l[i:j], line: line, col: col})
				i = j
			case c == '=':
				if i+1 < len(l) && l[i+1] == '/' {
					toks = append(toks, token{kind: tDefAlt, text: "=/", line: line, col: col})
					i += 2
				} else {
					toks = append(toks, token{kind: tDefine, text: "=", line: line, col: col})
					i++
				}
			case c == '/' || c == '|':
				toks = append(toks, token{kind: tAlt, text: string(c), line: line, col: col})
				i++
			case c == '(':
				toks = append(toks, token{kind: tLParen, text: "(", line: line, col: col})
				i++
			case c == ')':
				toks = append(toks, token{kind: tRParen, text: ")", line: line, col: col})
				i++
			case c == '[':
				toks = append(toks, token{kind: tLBrack, text: "[", line: line, col: col})
				i++
			case c == ']':
				toks = append(toks, token{kind: tRBrack, text: "]", line: line, col: col})
				i++
			case isDigit(c) || c == '*':
				j := i
				for j < len(l) && isDigit(l[j]) {
					j++
				}
				t := token{kind: tRepeat, line: line, col: col}
				lo, hi := 0, -1
				var err error
				if j > i {
					if lo, err = strconv.Atoi(l[i:j]); err != nil || lo > 1<<20 {
						lx.errorf(line, col, "repetition count %q too large", l[i:j])
						lo = 0
					}
				}
				if j < len(l) && l[j] == '*' {
					j++
					k := j
					for k < len(l) && isDigit(l[k]) {
						k++
					}
					if k > j {
						if hi, err = strconv.Atoi(l[j:k]); err != nil || hi > 1<<20 {
							lx.errorf(line, col, "repetition count %q too large", l[j:k])
							hi = -1
						}
					}
					j = k
				} else {
					hi = lo // exactly n
				}
				t.min, t.max, t.text = lo, hi, l[i:j]
				if hi >= 0 && lo > hi {
					lx.errorf(line, col, "repetition %s: minimum %d is greater than maximum %d", t.text, lo, hi)
				}
				toks = append(toks, t)
				i = j
			case c == '"':
				j := strings.IndexByte(l[i+1:], '"')
				if j < 0 {
					lx.errorf(line, col, "unterminated quoted string")
					i = len(l)
					continue
				}
				s := l[i+1 : i+1+j]
				for k := 0; k < len(s); k++ {
					if s[k] < 0x20 || s[k] > 0x7e {
						lx.errorf(line, col+1+k, "quoted string holds byte 0x%02X; write non-printable or non-ASCII values as %%x", s[k])
						break
					}
				}
				toks = append(toks, token{kind: tString, text: l[i : i+j+2], str: s, line: line, col: col})
				i += j + 2
			case c == '%':
				t, n := lx.lexNum(l[i:], line, col)
				i += n
				if t != nil {
					toks = append(toks, *t)
				}
			case c == '<':
				lx.errorf(line, col, "prose value <...> is not allowed: write the rule out")
				i = len(l)
			default:
				if c < 0x20 || c > 0x7e {
					lx.errorf(line, col, "unexpected byte 0x%02X", c)
				} else {
					lx.errorf(line, col, "unexpected character %q", c)
				}
				i++
			}
		}
	}
	toks = append(toks, token{kind: tEOF, line: line + 1, col: 1})
	return toks
}

// lexNum reads a %x, %d or %b value at the start of s; it returns the token and the bytes used.
func (lx *lexer) lexNum(s string, line, col int) (*token, int) {
	if len(s) < 2 {
		lx.errorf(line, col, "%% must be followed by x, d or b and a value")
		return nil, len(s)
	}
	base := 0
	var digit func(c byte) bool
	switch s[1] {
	case 'x', 'X':
		base, digit = 16, func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	case 'd', 'D':
		base, digit = 10, isDigit
	case 'b', 'B':
		base, digit = 2, func(c byte) bool { return c == '0' || c == '1' }
	default:
		lx.errorf(line, col, "%% must be followed by x, d or b, not %q", s[1])
		return nil, 2
	}
	i := 2
	num := func() (int, bool) {
		j := i
		for j < len(s) && digit(s[j]) {
			j++
		}
		if j == i {
			return 0, false
		}
		v, err := strconv.ParseInt(s[i:j], base, 32)
		i = j
		if err != nil {
			return 0x7fffffff, true
		}
		return int(v), true
	}
	t := &token{kind: tNum, line: line, col: col}
	v, ok := num()
	if !ok {
		lx.errorf(line, col, "%s: missing value", s[:i])
		return nil, i
	}
	t.vals = []int{v}
	if i < len(s) && s[i] == '-' && i+1 < len(s) && digit(s[i+1]) {
		i++
		hi, _ := num()
		t.isRange, t.lo, t.hi, t.vals = true, v, hi, nil
		if hi < v {
			lx.errorf(line, col, "%s: empty range", s[:i])
		}
	} else {
		for i < len(s) && s[i] == '.' {
			i++
			w, ok := num()
			if !ok {
				lx.errorf(line, col, "%s: missing value after '.'", s[:i])
				break
			}
			t.vals = append(t.vals, w)
		}
	}
	t.text = s[:i]
	for _, w := range append(t.vals, t.lo, t.hi) {
		if w > 0xff {
			lx.errorf(line, col, "%s: value beyond one byte (the recognizer works on bytes)", t.text)
			break
		}
	}
	return t, i
}

// parser builds rules from tokens.
type bnfParser struct {
	lx   *lexer
	toks []token
	p    int
}

func (ps *bnfParser) peek() *token { return &ps.toks[ps.p] }
func (ps *bnfParser) next() *token { t := &ps.toks[ps.p]; ps.p++; return t }

// atRuleStart reports whether tok begins a new rule or directive (column 1).
func atRuleStart(t *token) bool { return t.kind == tEOF || t.col == 1 }

// ParseBNF reads a grammar written in the notation of grammar/README.md. name is used in error
// messages (for example "rfc3986.bnf"). The error, if any, is an ErrorList.
func ParseBNF(name string, src []byte) (*Grammar, error) {
	lx := &lexer{file: name}
	toks := lx.lex(src)
	if len(lx.errs) > 0 {
		return nil, lx.errs // the tokens around a bad one would only add confusing errors
	}
	g := &Grammar{name: name, byName: map[string]*rule{}}
	ps := &bnfParser{lx: lx, toks: toks}
	caseSeen := false
	for ps.peek().kind != tEOF {
		t := ps.next()
		if t.col != 1 {
			lx.errorf(t.line, t.col, "indented %q outside a rule (a rule starts in column 1)", t.text)
			ps.skipToRuleStart()
			continue
		}
		switch t.kind {
		case tCase:
			if caseSeen {
				lx.errorf(t.line, t.col, "@case given twice")
			}
			if len(g.rules) > 0 {
				lx.errorf(t.line, t.col, "@case must come before the first rule")
			}
			caseSeen = true
			switch t.text {
			case "sensitive":
				g.caseInsensitive = false
			case "insensitive":
				g.caseInsensitive = true
			default:
				lx.errorf(t.line, t.col, "@case %q: want sensitive or insensitive", t.text)
			}
		case tName:
			if !caseSeen && len(g.rules) == 0 {
				lx.errorf(t.line, t.col, "missing @case sensitive|insensitive before the first rule")
				caseSeen = true // report once
			}
			ps.rule(g, t)
		default:
			lx.errorf(t.line, t.col, "a rule must start with its name, not %q", t.text)
			ps.skipToRuleStart()
		}
	}
	if !caseSeen {
		lx.errorf(1, 0, "missing @case sensitive|insensitive")
	}
	if len(lx.errs) == 0 && len(g.rules) == 0 {
		lx.errorf(1, 0, "no rules")
	}
	if len(lx.errs) == 0 {
		g.resolve(lx)
	}
	if len(lx.errs) > 0 {
		sort.SliceStable(lx.errs, func(i, j int) bool {
			a, b := lx.errs[i], lx.errs[j]
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
		return nil, lx.errs
	}
	g.c = compile(g)
	return g, nil
}

func (ps *bnfParser) skipToRuleStart() {
	for !atRuleStart(ps.peek()) {
		ps.p++
	}
}

func (ps *bnfParser) rule(g *Grammar, name *token) {
	lx := ps.lx
	def := ps.peek()
	if def.kind != tDefine && def.kind != tDefAlt || atRuleStart(def) {
		lx.errorf(def.line, def.col, "rule %s: want = or =/ after the name", name.text)
		ps.skipToRuleStart()
		return
	}
	ps.next()
	nerr := len(lx.errs)
	alts := ps.alternation(name.text)
	if len(lx.errs) > nerr {
		ps.skipToRuleStart()
		return
	}
	if !atRuleStart(ps.peek()) {
		t := ps.peek()
		lx.errorf(t.line, t.col, "rule %s: unexpected %q", name.text, t.text)
		ps.skipToRuleStart()
	}
	if len(lx.errs) > nerr {
		return
	}
	r := g.byName[name.text]
	switch {
	case def.kind == tDefine && r != nil:
		lx.errorf(name.line, name.col, "duplicate rule %s (first defined on line %d; use =/ to add alternatives)", name.text, r.line)
	case def.kind == tDefAlt && r == nil:
		lx.errorf(name.line, name.col, "=/ adds alternatives to %s, which is not defined above", name.text)
	case def.kind == tDefAlt:
		r.alts = append(r.alts, alts...)
	default:
		r = &rule{index: len(g.rules), name: name.text, line: name.line, alts: alts}
		g.rules = append(g.rules, r)
		g.byName[r.name] = r
	}
}

// alternation parses `concatenation *( ("/" | "|") concatenation )` and returns the alternatives.
func (ps *bnfParser) alternation(rname string) []*expr {
	var alts []*expr
	for {
		t := ps.peek()
		nerr := len(ps.lx.errs)
		c := ps.concatenation(rname)
		if c == nil {
			if len(ps.lx.errs) == nerr {
				ps.lx.errorf(t.line, t.col, "rule %s: empty alternative (write \"\" for the empty string)", rname)
			}
			return alts
		}
		alts = append(alts, c)
		if t := ps.peek(); t.kind == tAlt && !atRuleStart(t) {
			ps.next()
			continue
		}
		return alts
	}
}

func (ps *bnfParser) concatenation(rname string) *expr {
	var elems []*expr
	for {
		t := ps.peek()
		if atRuleStart(t) || t.kind == tAlt || t.kind == tRParen || t.kind == tRBrack {
			break
		}
		e := ps.repetition(rname)
		if e == nil {
			return nil
		}
		elems = append(elems, e)
	}
	switch len(elems) {
	case 0:
		return nil
	case 1:
		return elems[0]
	}
	return &expr{kind: exSeq, subs: elems, line: elems[0].line, col: elems[0].col}
}

func (ps *bnfParser) repetition(rname string) *expr {
	t := ps.peek()
	if t.kind == tRepeat {
		ps.next()
		if atRuleStart(ps.peek()) {
			ps.lx.errorf(t.line, t.col, "rule %s: repetition %s without an element", rname, t.text)
			return nil
		}
		e := ps.element(rname)
		if e == nil {
			return nil
		}
		return &expr{kind: exRep, subs: []*expr{e}, min: t.min, max: t.max, src: t.text, line: t.line, col: t.col}
	}
	return ps.element(rname)
}

func (ps *bnfParser) element(rname string) *expr {
	t := ps.next()
	switch t.kind {
	case tName:
		return &expr{kind: exRef, name: t.text, src: t.text, line: t.line, col: t.col}
	case tString:
		return &expr{kind: exLit, text: t.str, src: t.text, line: t.line, col: t.col}
	case tNum:
		if t.isRange {
			return &expr{kind: exRange, lo: byte(t.lo), hi: byte(t.hi), src: t.text, line: t.line, col: t.col}
		}
		b := make([]byte, len(t.vals))
		for i, v := range t.vals {
			b[i] = byte(v)
		}
		return &expr{kind: exBytes, text: string(b), src: t.text, line: t.line, col: t.col}
	case tLParen, tLBrack:
		closer, what := tRParen, ")"
		if t.kind == tLBrack {
			closer, what = tRBrack, "]"
		}
		nerr := len(ps.lx.errs)
		alts := ps.alternation(rname)
		if len(ps.lx.errs) > nerr {
			return nil
		}
		c := ps.peek()
		if c.kind != closer || atRuleStart(c) {
			ps.lx.errorf(t.line, t.col, "rule %s: %q opened here is not closed by %q (found %q on line %d)", rname, t.text, what, c.text, c.line)
			return nil
		}
		ps.next()
		var inner *expr
		if len(alts) == 1 {
			inner = alts[0]
		} else {
			inner = &expr{kind: exAlt, subs: alts, line: t.line, col: t.col}
		}
		if t.kind == tLBrack {
			return &expr{kind: exOpt, subs: []*expr{inner}, line: t.line, col: t.col}
		}
		return inner
	}
	if t.kind == tEOF {
		ps.lx.errorf(t.line, t.col, "rule %s: unexpected end of file", rname)
	} else {
		ps.lx.errorf(t.line, t.col, "rule %s: unexpected %q", rname, t.text)
	}
	return nil
}

// resolve links references to rules, reports undefined ones, and finds the pure character-set
// rules.
func (g *Grammar) resolve(lx *lexer) {
	var walk func(e *expr)
	walk = func(e *expr) {
		if e.kind == exRef {
			e.ref = g.byName[e.name]
			if e.ref == nil {
				lx.errorf(e.line, e.col, "undefined rule %s", e.name)
			}
		}
		for _, s := range e.subs {
			walk(s)
		}
	}
	for _, r := range g.rules {
		for _, a := range r.alts {
			walk(a)
		}
	}
	if len(lx.errs) > 0 {
		return
	}
	// A rule is a character set when each alternative is one byte: a one-character literal, a
	// single %x value or range, a reference to a character-set rule, or a group of such.
	state := make([]int8, len(g.rules)) // 0 unknown, 1 in progress, 2 charset, 3 not
	var isSet func(r *rule) bool
	var exprSet func(e *expr, s *byteSet) bool
	exprSet = func(e *expr, s *byteSet) bool {
		switch e.kind {
		case exLit:
			if len(e.text) != 1 {
				return false
			}
			s.add(e.text[0])
			if g.caseInsensitive {
				s.add(swapCase(e.text[0]))
			}
			return true
		case exBytes:
			if len(e.text) != 1 {
				return false
			}
			s.add(e.text[0])
			return true
		case exRange:
			s.addRange(e.lo, e.hi)
			return true
		case exRef:
			if !isSet(e.ref) {
				return false
			}
			s.union(&e.ref.set)
			return true
		case exAlt:
			for _, a := range e.subs {
				if !exprSet(a, s) {
					return false
				}
			}
			return true
		}
		return false
	}
	isSet = func(r *rule) bool {
		switch state[r.index] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		state[r.index] = 1
		var s byteSet
		ok := true
		for _, a := range r.alts {
			if !exprSet(a, &s) {
				ok = false
				break
			}
		}
		if ok {
			state[r.index] = 2
			r.charset, r.set = true, s
		} else {
			state[r.index] = 3
		}
		return ok
	}
	for _, r := range g.rules {
		isSet(r)
	}
}

func swapCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// Name is the name the grammar was read under (ParseBNF's first argument).
func (g *Grammar) Name() string { return g.name }

// CaseInsensitive reports the file's @case directive: whether quoted strings match regardless of
// case.
func (g *Grammar) CaseInsensitive() bool { return g.caseInsensitive }

// Rules returns the names of the grammar's rules in the order of their definition.
func (g *Grammar) Rules() []string {
	out := make([]string, len(g.rules))
	for i, r := range g.rules {
		out[i] = r.name
	}
	return out
}

// HasRule reports whether the grammar defines a rule of that name.
func (g *Grammar) HasRule(name string) bool { return g.byName[name] != nil }

// Alternatives returns stable names for the top-level alternatives of a rule, in order:
// "host/1", "host/2", … (alternatives added with =/ follow the first definition's). It returns
// nil for an undefined rule.
func (g *Grammar) Alternatives(ruleName string) []string {
	r := g.byName[ruleName]
	if r == nil {
		return nil
	}
	out := make([]string, len(r.alts))
	for i := range r.alts {
		out[i] = altName(r.name, i)
	}
	return out
}

func altName(rule string, i int) string { return rule + "/" + strconv.Itoa(i+1) }

// AlternativeText renders the alternative named like "host/2" (see Alternatives), or a rule's whole
// right-hand side when given a plain rule name, in the .bnf notation. It returns "" for an
// unknown name.
func (g *Grammar) AlternativeText(name string) string {
	if r := g.byName[name]; r != nil {
		parts := make([]string, len(r.alts))
		for i, a := range r.alts {
			parts[i] = a.String()
		}
		return strings.Join(parts, " / ")
	}
	k := strings.LastIndexByte(name, '/')
	if k < 0 {
		return ""
	}
	r := g.byName[name[:k]]
	n, err := strconv.Atoi(name[k+1:])
	if r == nil || err != nil || n < 1 || n > len(r.alts) {
		return ""
	}
	return r.alts[n-1].String()
}

// Reachable returns the rules reachable from start (start included), in definition order.
func (g *Grammar) Reachable(start string) []string {
	seen := g.reachable(start)
	var out []string
	for _, r := range g.rules {
		if seen[r.index] {
			out = append(out, r.name)
		}
	}
	return out
}

func (g *Grammar) reachable(start string) []bool {
	seen := make([]bool, len(g.rules))
	r := g.byName[start]
	if r == nil {
		return seen
	}
	var walk func(e *expr)
	var visit func(r *rule)
	walk = func(e *expr) {
		if e.kind == exRef {
			visit(e.ref)
		}
		for _, s := range e.subs {
			walk(s)
		}
	}
	visit = func(r *rule) {
		if seen[r.index] {
			return
		}
		seen[r.index] = true
		for _, a := range r.alts {
			walk(a)
		}
	}
	visit(r)
	return seen
}

// String renders an expression in the .bnf notation.
func (e *expr) String() string {
	var b strings.Builder
	e.write(&b, false)
	return b.String()
}

func (e *expr) write(b *strings.Builder, nested bool) {
	switch e.kind {
	case exAlt:
		if nested {
			b.WriteString("( ")
		}
		for i, s := range e.subs {
			if i > 0 {
				b.WriteString(" / ")
			}
			s.write(b, true)
		}
		if nested {
			b.WriteString(" )")
		}
	case exSeq:
		if nested {
			b.WriteString("( ")
		}
		for i, s := range e.subs {
			if i > 0 {
				b.WriteByte(' ')
			}
			s.write(b, true)
		}
		if nested {
			b.WriteString(" )")
		}
	case exRep:
		b.WriteString(e.src)
		e.subs[0].write(b, true)
	case exOpt:
		b.WriteString("[ ")
		e.subs[0].write(b, false)
		b.WriteString(" ]")
	default:
		b.WriteString(e.src)
	}
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)       { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool  { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) union(t *byteSet) { s[0] |= t[0]; s[1] |= t[1]; s[2] |= t[2]; s[3] |= t[3] }
func (s *byteSet) empty() bool      { return s[0]|s[1]|s[2]|s[3] == 0 }
func (s *byteSet) addRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.add(byte(c))
	}
}

// bytes lists the members of s in increasing order.
func (s *byteSet) bytes() []byte {
	var out []byte
	for c := 0; c < 256; c++ {
		if s.has(byte(c)) {
			out = append(out, byte(c))
		}
	}
	return out
}
