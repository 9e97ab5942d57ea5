// Package bnf reads the grammar files of grammar/ (the notation of grammar/README.md) into rules
// and expressions. It is the one reader of that notation: the conformance engine, the generator
// and the run-time diagnosis engine all take their grammar from it, and each compiles it in its
// own way.
package bnf

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Grammar is a grammar read from a .bnf file: its rules in the order of their definition, each
// reference resolved to the rule it names. A Grammar is read-only after Parse returns.
type Grammar struct {
	Name            string // the name the grammar was read under (Parse's first argument)
	CaseInsensitive bool   // the file's @case: whether quoted strings match regardless of case
	Rules           []*Rule
	byName          map[string]*Rule
}

// Rule is one BNF rule: its name and its top-level alternatives (those of `=/` lines appended).
type Rule struct {
	Index int // position in Grammar.Rules
	Name  string
	Line  int // of the rule's first definition
	Alts  []*Expr
	// Charset is true when every string of the rule is one byte (a pure character-set rule
	// such as `digit` or `unreserved`); Set holds those bytes.
	Charset bool
	Set     ByteSet
}

// Kind says what an Expr is.
type Kind uint8

const (
	Alt   Kind = iota // Subs: alternatives
	Seq               // Subs: concatenation
	Rep               // Subs[0] repeated Min..Max times (Max < 0: no bound)
	Opt               // Subs[0] or nothing
	Ref               // a rule, by Name (resolved to Ref)
	Lit               // a quoted string (Text), matched per the grammar's @case
	Bytes             // a %x / %d / %b sequence of values (Text), case-sensitive
	Range             // a %x / %d / %b range Lo-Hi
)

// Expr is one node of a rule's right-hand side.
type Expr struct {
	Kind     Kind
	Subs     []*Expr
	Min, Max int
	Name     string // Ref
	Text     string // Lit, Bytes: the bytes
	Lo, Hi   byte   // Range
	Src      string // the element as written (for Lit, Bytes, Range, Ref, and Rep's repeat count)
	Line     int
	Col      int
	Ref      *Rule // Ref, resolved
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
	Kind tokKind
	Text string // as written
	Line int
	Col  int // 1-based
	Min  int // tRepeat
	Max  int
	// tNum: either a sequence of values (vals) or a range (Lo, Hi, isRange)
	vals    []int
	Lo, Hi  int
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
	toks := make([]token, 0, len(src)/8) // the grammars here have a token per 10 to 20 bytes
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
				toks = append(toks, token{Kind: tCase, Text: strings.TrimSpace(rest), Line: line, Col: col})
				i = len(l)
			case isNameStart(c):
				j := i + 1
				for j < len(l) && isNameChar(l[j]) {
					j++
				}
				toks = append(toks, token{Kind: tName, Text: l[i:j], Line: line, Col: col})
				i = j
			case c == '=':
				if i+1 < len(l) && l[i+1] == '/' {
					toks = append(toks, token{Kind: tDefAlt, Text: "=/", Line: line, Col: col})
					i += 2
				} else {
					toks = append(toks, token{Kind: tDefine, Text: "=", Line: line, Col: col})
					i++
				}
			case c == '/' || c == '|':
				toks = append(toks, token{Kind: tAlt, Text: string(c), Line: line, Col: col})
				i++
			case c == '(':
				toks = append(toks, token{Kind: tLParen, Text: "(", Line: line, Col: col})
				i++
			case c == ')':
				toks = append(toks, token{Kind: tRParen, Text: ")", Line: line, Col: col})
				i++
			case c == '[':
				toks = append(toks, token{Kind: tLBrack, Text: "[", Line: line, Col: col})
				i++
			case c == ']':
				toks = append(toks, token{Kind: tRBrack, Text: "]", Line: line, Col: col})
				i++
			case isDigit(c) || c == '*':
				j := i
				for j < len(l) && isDigit(l[j]) {
					j++
				}
				t := token{Kind: tRepeat, Line: line, Col: col}
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
				t.Min, t.Max, t.Text = lo, hi, l[i:j]
				if hi >= 0 && lo > hi {
					lx.errorf(line, col, "repetition %s: minimum %d is greater than maximum %d", t.Text, lo, hi)
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
				toks = append(toks, token{Kind: tString, Text: l[i : i+j+2], str: s, Line: line, Col: col})
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
	toks = append(toks, token{Kind: tEOF, Line: line + 1, Col: 1})
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
	t := &token{Kind: tNum, Line: line, Col: col}
	v, ok := num()
	if !ok {
		lx.errorf(line, col, "%s: missing value", s[:i])
		return nil, i
	}
	t.vals = []int{v}
	if i < len(s) && s[i] == '-' && i+1 < len(s) && digit(s[i+1]) {
		i++
		hi, _ := num()
		t.isRange, t.Lo, t.Hi, t.vals = true, v, hi, nil
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
	t.Text = s[:i]
	for _, w := range append(t.vals, t.Lo, t.Hi) {
		if w > 0xff {
			lx.errorf(line, col, "%s: value beyond one byte (the recognizer works on bytes)", t.Text)
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
func atRuleStart(t *token) bool { return t.Kind == tEOF || t.Col == 1 }

// Parse reads a grammar written in the notation of grammar/README.md. name is used in error
// messages (for example "rfc3986.bnf"). The error, if any, is an ErrorList.
func Parse(name string, src []byte) (*Grammar, error) {
	lx := &lexer{file: name}
	toks := lx.lex(src)
	if len(lx.errs) > 0 {
		return nil, lx.errs // the tokens around a bad one would only add confusing errors
	}
	g := &Grammar{Name: name, byName: map[string]*Rule{}}
	ps := &bnfParser{lx: lx, toks: toks}
	caseSeen := false
	for ps.peek().Kind != tEOF {
		t := ps.next()
		if t.Col != 1 {
			lx.errorf(t.Line, t.Col, "indented %q outside a rule (a rule starts in column 1)", t.Text)
			ps.skipToRuleStart()
			continue
		}
		switch t.Kind {
		case tCase:
			if caseSeen {
				lx.errorf(t.Line, t.Col, "@case given twice")
			}
			if len(g.Rules) > 0 {
				lx.errorf(t.Line, t.Col, "@case must come before the first rule")
			}
			caseSeen = true
			switch t.Text {
			case "sensitive":
				g.CaseInsensitive = false
			case "insensitive":
				g.CaseInsensitive = true
			default:
				lx.errorf(t.Line, t.Col, "@case %q: want sensitive or insensitive", t.Text)
			}
		case tName:
			if !caseSeen && len(g.Rules) == 0 {
				lx.errorf(t.Line, t.Col, "missing @case sensitive|insensitive before the first rule")
				caseSeen = true // report once
			}
			ps.rule(g, t)
		default:
			lx.errorf(t.Line, t.Col, "a rule must start with its name, not %q", t.Text)
			ps.skipToRuleStart()
		}
	}
	if !caseSeen {
		lx.errorf(1, 0, "missing @case sensitive|insensitive")
	}
	if len(lx.errs) == 0 && len(g.Rules) == 0 {
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
	if def.Kind != tDefine && def.Kind != tDefAlt || atRuleStart(def) {
		lx.errorf(def.Line, def.Col, "rule %s: want = or =/ after the name", name.Text)
		ps.skipToRuleStart()
		return
	}
	ps.next()
	nerr := len(lx.errs)
	alts := ps.alternation(name.Text)
	if len(lx.errs) > nerr {
		ps.skipToRuleStart()
		return
	}
	if !atRuleStart(ps.peek()) {
		t := ps.peek()
		lx.errorf(t.Line, t.Col, "rule %s: unexpected %q", name.Text, t.Text)
		ps.skipToRuleStart()
	}
	if len(lx.errs) > nerr {
		return
	}
	r := g.byName[name.Text]
	switch {
	case def.Kind == tDefine && r != nil:
		lx.errorf(name.Line, name.Col, "duplicate rule %s (first defined on line %d; use =/ to add alternatives)", name.Text, r.Line)
	case def.Kind == tDefAlt && r == nil:
		lx.errorf(name.Line, name.Col, "=/ adds alternatives to %s, which is not defined above", name.Text)
	case def.Kind == tDefAlt:
		r.Alts = append(r.Alts, alts...)
	default:
		r = &Rule{Index: len(g.Rules), Name: name.Text, Line: name.Line, Alts: alts}
		g.Rules = append(g.Rules, r)
		g.byName[r.Name] = r
	}
}

// alternation parses `concatenation *( ("/" | "|") concatenation )` and returns the alternatives.
func (ps *bnfParser) alternation(rname string) []*Expr {
	var alts []*Expr
	for {
		t := ps.peek()
		nerr := len(ps.lx.errs)
		c := ps.concatenation(rname)
		if c == nil {
			if len(ps.lx.errs) == nerr {
				ps.lx.errorf(t.Line, t.Col, "rule %s: empty alternative (write \"\" for the empty string)", rname)
			}
			return alts
		}
		alts = append(alts, c)
		if t := ps.peek(); t.Kind == tAlt && !atRuleStart(t) {
			ps.next()
			continue
		}
		return alts
	}
}

func (ps *bnfParser) concatenation(rname string) *Expr {
	var elems []*Expr
	for {
		t := ps.peek()
		if atRuleStart(t) || t.Kind == tAlt || t.Kind == tRParen || t.Kind == tRBrack {
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
	return &Expr{Kind: Seq, Subs: elems, Line: elems[0].Line, Col: elems[0].Col}
}

func (ps *bnfParser) repetition(rname string) *Expr {
	t := ps.peek()
	if t.Kind == tRepeat {
		ps.next()
		if atRuleStart(ps.peek()) {
			ps.lx.errorf(t.Line, t.Col, "rule %s: repetition %s without an element", rname, t.Text)
			return nil
		}
		e := ps.element(rname)
		if e == nil {
			return nil
		}
		return &Expr{Kind: Rep, Subs: []*Expr{e}, Min: t.Min, Max: t.Max, Src: t.Text, Line: t.Line, Col: t.Col}
	}
	return ps.element(rname)
}

func (ps *bnfParser) element(rname string) *Expr {
	t := ps.next()
	switch t.Kind {
	case tName:
		return &Expr{Kind: Ref, Name: t.Text, Src: t.Text, Line: t.Line, Col: t.Col}
	case tString:
		return &Expr{Kind: Lit, Text: t.str, Src: t.Text, Line: t.Line, Col: t.Col}
	case tNum:
		if t.isRange {
			return &Expr{Kind: Range, Lo: byte(t.Lo), Hi: byte(t.Hi), Src: t.Text, Line: t.Line, Col: t.Col}
		}
		b := make([]byte, len(t.vals))
		for i, v := range t.vals {
			b[i] = byte(v)
		}
		return &Expr{Kind: Bytes, Text: string(b), Src: t.Text, Line: t.Line, Col: t.Col}
	case tLParen, tLBrack:
		closer, what := tRParen, ")"
		if t.Kind == tLBrack {
			closer, what = tRBrack, "]"
		}
		nerr := len(ps.lx.errs)
		alts := ps.alternation(rname)
		if len(ps.lx.errs) > nerr {
			return nil
		}
		c := ps.peek()
		if c.Kind != closer || atRuleStart(c) {
			ps.lx.errorf(t.Line, t.Col, "rule %s: %q opened here is not closed by %q (found %q on line %d)", rname, t.Text, what, c.Text, c.Line)
			return nil
		}
		ps.next()
		var inner *Expr
		if len(alts) == 1 {
			inner = alts[0]
		} else {
			inner = &Expr{Kind: Alt, Subs: alts, Line: t.Line, Col: t.Col}
		}
		if t.Kind == tLBrack {
			return &Expr{Kind: Opt, Subs: []*Expr{inner}, Line: t.Line, Col: t.Col}
		}
		return inner
	}
	if t.Kind == tEOF {
		ps.lx.errorf(t.Line, t.Col, "rule %s: unexpected end of file", rname)
	} else {
		ps.lx.errorf(t.Line, t.Col, "rule %s: unexpected %q", rname, t.Text)
	}
	return nil
}

// resolve links references to rules, reports undefined ones, and finds the pure character-set
// rules.
func (g *Grammar) resolve(lx *lexer) {
	var walk func(e *Expr)
	walk = func(e *Expr) {
		if e.Kind == Ref {
			e.Ref = g.byName[e.Name]
			if e.Ref == nil {
				lx.errorf(e.Line, e.Col, "undefined rule %s", e.Name)
			}
		}
		for _, s := range e.Subs {
			walk(s)
		}
	}
	for _, r := range g.Rules {
		for _, a := range r.Alts {
			walk(a)
		}
	}
	if len(lx.errs) > 0 {
		return
	}
	// A rule is a character set when each alternative is one byte: a one-character literal, a
	// single %x value or range, a reference to a character-set rule, or a group of such.
	state := make([]int8, len(g.Rules)) // 0 unknown, 1 in progress, 2 charset, 3 not
	var isSet func(r *Rule) bool
	var exprSet func(e *Expr, s *ByteSet) bool
	exprSet = func(e *Expr, s *ByteSet) bool {
		switch e.Kind {
		case Lit:
			if len(e.Text) != 1 {
				return false
			}
			s.Add(e.Text[0])
			if g.CaseInsensitive {
				s.Add(SwapCase(e.Text[0]))
			}
			return true
		case Bytes:
			if len(e.Text) != 1 {
				return false
			}
			s.Add(e.Text[0])
			return true
		case Range:
			s.AddRange(e.Lo, e.Hi)
			return true
		case Ref:
			if !isSet(e.Ref) {
				return false
			}
			s.Union(&e.Ref.Set)
			return true
		case Alt:
			for _, a := range e.Subs {
				if !exprSet(a, s) {
					return false
				}
			}
			return true
		}
		return false
	}
	isSet = func(r *Rule) bool {
		switch state[r.Index] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		state[r.Index] = 1
		var s ByteSet
		ok := true
		for _, a := range r.Alts {
			if !exprSet(a, &s) {
				ok = false
				break
			}
		}
		if ok {
			state[r.Index] = 2
			r.Charset, r.Set = true, s
		} else {
			state[r.Index] = 3
		}
		return ok
	}
	for _, r := range g.Rules {
		isSet(r)
	}
}

// SwapCase returns c with its ASCII letter case swapped (other bytes unchanged): the other byte
// a quoted-string character matches under @case insensitive.
func SwapCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// Rule returns the rule of that name, or nil.
func (g *Grammar) Rule(name string) *Rule { return g.byName[name] }

// Alternatives returns stable names for the top-level alternatives of a rule, in order:
// "host/1", "host/2", … (alternatives added with =/ follow the first definition's). It returns
// nil for an undefined rule.
func (g *Grammar) Alternatives(ruleName string) []string {
	r := g.byName[ruleName]
	if r == nil {
		return nil
	}
	out := make([]string, len(r.Alts))
	for i := range r.Alts {
		out[i] = altName(r.Name, i)
	}
	return out
}

func altName(rule string, i int) string { return rule + "/" + strconv.Itoa(i+1) }

// AlternativeText renders the alternative named like "host/2" (see Alternatives), or a rule's whole
// right-hand side when given a plain rule name, in the .bnf notation. It returns "" for an
// unknown name.
func (g *Grammar) AlternativeText(name string) string {
	if r := g.byName[name]; r != nil {
		parts := make([]string, len(r.Alts))
		for i, a := range r.Alts {
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
	if r == nil || err != nil || n < 1 || n > len(r.Alts) {
		return ""
	}
	return r.Alts[n-1].String()
}

// Reachable returns the rules reachable from start (start included), in definition order. What
// stands under a repetition of at most zero times (RFC 3986's path-empty = 0pchar) is not
// reached: no string derives it.
func (g *Grammar) Reachable(start string) []string {
	seen := g.reachable(start)
	var out []string
	for _, r := range g.Rules {
		if seen[r.Index] {
			out = append(out, r.Name)
		}
	}
	return out
}

func (g *Grammar) reachable(start string) []bool {
	seen := make([]bool, len(g.Rules))
	r := g.byName[start]
	if r == nil {
		return seen
	}
	var walk func(e *Expr)
	var visit func(r *Rule)
	walk = func(e *Expr) {
		if e.Kind == Rep && e.Max == 0 {
			return
		}
		if e.Kind == Ref {
			visit(e.Ref)
		}
		for _, s := range e.Subs {
			walk(s)
		}
	}
	visit = func(r *Rule) {
		if seen[r.Index] {
			return
		}
		seen[r.Index] = true
		for _, a := range r.Alts {
			walk(a)
		}
	}
	visit(r)
	return seen
}

// String renders an expression in the .bnf notation.
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b, false)
	return b.String()
}

func (e *Expr) write(b *strings.Builder, nested bool) {
	switch e.Kind {
	case Alt:
		if nested {
			b.WriteString("( ")
		}
		for i, s := range e.Subs {
			if i > 0 {
				b.WriteString(" / ")
			}
			s.write(b, true)
		}
		if nested {
			b.WriteString(" )")
		}
	case Seq:
		if nested {
			b.WriteString("( ")
		}
		for i, s := range e.Subs {
			if i > 0 {
				b.WriteByte(' ')
			}
			s.write(b, true)
		}
		if nested {
			b.WriteString(" )")
		}
	case Rep:
		b.WriteString(e.Src)
		e.Subs[0].write(b, true)
	case Opt:
		b.WriteString("[ ")
		e.Subs[0].write(b, false)
		b.WriteString(" ]")
	default:
		b.WriteString(e.Src)
	}
}

// ByteSet is a set of bytes.
type ByteSet [4]uint64

func (s *ByteSet) Add(c byte)       { s[c>>6] |= 1 << (c & 63) }
func (s *ByteSet) Has(c byte) bool  { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *ByteSet) Union(t *ByteSet) { s[0] |= t[0]; s[1] |= t[1]; s[2] |= t[2]; s[3] |= t[3] }
func (s *ByteSet) Empty() bool      { return s[0]|s[1]|s[2]|s[3] == 0 }
func (s *ByteSet) AddRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.Add(byte(c))
	}
}

// Bytes lists the members of s in increasing order.
func (s *ByteSet) Bytes() []byte {
	var out []byte
	for c := 0; c < 256; c++ {
		if s.Has(byte(c)) {
			out = append(out, byte(c))
		}
	}
	return out
}
