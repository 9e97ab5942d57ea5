package peg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
)

// Kind says what an Expr is.
type Kind uint8

const (
	Choice Kind = iota // Subs: ordered choice, the first that matches
	Seq                // Subs: in sequence
	Opt                // Subs[0]?
	Star               // Subs[0]*
	Plus               // Subs[0]+
	And                // &Subs[0]: Subs[0] matches here, and nothing is consumed
	Not                // !Subs[0]: Subs[0] does not match here, and nothing is consumed
	Ref                // the rule Name
	Lit                // the string Text; with Fold ("x"), an ASCII letter matches in either case
	Class              // one byte of Set ([...], and a single character as pointlander/peg prints it)
	Dot                // any byte
	Empty              // the empty string: an empty rule, alternative or group
)

// Expr is one node of a rule's expression.
type Expr struct {
	Kind      Kind
	Subs      []*Expr
	Name      string // Ref
	Text      string // Lit
	Fold      bool   // Lit
	Set       bnf.ByteSet
	Line, Col int // where it begins, 1-based
}

// ParseExpr reads an expression as pointlander/peg prints it in the comment above each rule
// of its output (tree/peg.go, printRule): the same syntax as a .peg file's, with Go's escapes
// in its literals and ranges, and its rule bodies in < >.
func ParseExpr(s string) (*Expr, error) {
	p := &parser{s: s, file: "printed expression", line: 1, col: 1, printed: true}
	e := p.expression()
	if p.err == nil && !p.eof() {
		p.fail("unexpected %q", p.s[p.pos])
	}
	if p.err != nil {
		return nil, p.err
	}
	return e, nil
}

// parser reads rules and expressions.
type parser struct {
	s         string
	pos       int
	line, col int
	file      string
	printed   bool // pointlander/peg's printed form (ParseExpr)
	err       error
	comments  []comment // read by space since the caller last took them
}

func (p *parser) fail(format string, a ...any) *Expr {
	if p.err == nil {
		p.err = &Error{File: p.file, Line: p.line, Col: p.col, Msg: fmt.Sprintf(format, a...)}
	}
	return &Expr{Kind: Empty}
}

func (p *parser) eof() bool { return p.pos >= len(p.s) }

func (p *parser) peek() byte {
	if p.pos < len(p.s) {
		return p.s[p.pos]
	}
	return 0
}

func (p *parser) at(prefix string) bool { return strings.HasPrefix(p.s[p.pos:], prefix) }

// advance moves n bytes ahead, counting lines and columns.
func (p *parser) advance(n int) {
	for ; n > 0 && p.pos < len(p.s); n-- {
		if p.s[p.pos] == '\n' || p.s[p.pos] == '\r' && !p.at("\r\n") {
			p.line, p.col = p.line+1, 1
		} else {
			p.col++
		}
		p.pos++
	}
}

// space skips blanks, line ends and comments ("#" or "//" to the end of the line), keeping the
// comments.
func (p *parser) space() {
	for !p.eof() {
		switch c := p.peek(); {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.advance(1)
		case !p.printed && (c == '#' || p.at("//")):
			start := p.pos + 1
			if c == '/' {
				start++
			}
			end := strings.IndexAny(p.s[p.pos:], "\r\n")
			if end < 0 {
				end = len(p.s)
			} else {
				end += p.pos
			}
			p.comments = append(p.comments, comment{text: p.s[start:end], line: p.line})
			p.advance(end - p.pos)
		default:
			return
		}
	}
}

// ident reads a rule name and the space after it, or returns "".
func (p *parser) ident() string {
	n := 0
	for p.pos+n < len(p.s) {
		c := p.s[p.pos+n]
		if !isLetter(c) && c != '_' && (n == 0 || !isDigit(c)) {
			break
		}
		n++
	}
	name := p.s[p.pos : p.pos+n]
	p.advance(n)
	if n > 0 {
		p.space()
	}
	return name
}

// arrow reads "<-" (or pointlander/peg's "←").
func (p *parser) arrow() bool {
	for _, a := range []string{"<-", "←"} {
		if p.at(a) {
			p.advance(len(a))
			return true
		}
	}
	return false
}

// atDefinition reports whether a rule definition begins here: a name, then "<-".
func (p *parser) atDefinition() bool {
	if p.printed {
		return false
	}
	save := *p
	name := p.ident()
	ok := name != "" && p.arrow()
	*p = save
	return ok
}

// atExpressionEnd reports whether the expression being read ends here.
func (p *parser) atExpressionEnd() bool {
	return p.eof() || p.peek() == ')' || p.printed && p.peek() == '>' || p.atDefinition()
}

// expression reads an ordered choice of sequences; a missing sequence (an empty rule, "( )",
// or a "/" at the end) is the empty string, as pointlander/peg reads it.
func (p *parser) expression() *Expr {
	line, col := p.line, p.col
	if p.atExpressionEnd() {
		return &Expr{Kind: Empty, Line: line, Col: col}
	}
	alts := []*Expr{p.sequence()}
	for p.err == nil && (p.peek() == '/' || p.printed && p.peek() == '|') {
		if p.peek() == '|' {
			return p.fail("unordered choice | is not read")
		}
		p.advance(1)
		p.space()
		if p.atExpressionEnd() {
			alts = append(alts, &Expr{Kind: Empty, Line: p.line, Col: p.col})
			break
		}
		alts = append(alts, p.sequence())
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &Expr{Kind: Choice, Subs: alts, Line: line, Col: col}
}

// sequence reads one or more prefixed elements.
func (p *parser) sequence() *Expr {
	line, col := p.line, p.col
	var items []*Expr
	for p.err == nil && !p.atExpressionEnd() && p.peek() != '/' && !(p.printed && p.peek() == '|') {
		items = append(items, p.prefix())
	}
	if len(items) == 1 {
		return items[0]
	}
	return &Expr{Kind: Seq, Subs: items, Line: line, Col: col}
}

func (p *parser) prefix() *Expr {
	line, col := p.line, p.col
	c := p.peek()
	if c != '&' && c != '!' {
		return p.suffix()
	}
	p.advance(1)
	p.space()
	if p.peek() == '{' {
		return p.fail("%c{ } predicates are not part of the .peg notation", c)
	}
	kind := And
	if c == '!' {
		kind = Not
	}
	return &Expr{Kind: kind, Subs: []*Expr{p.suffix()}, Line: line, Col: col}
}

func (p *parser) suffix() *Expr {
	line, col := p.line, p.col
	e := p.primary()
	if p.err != nil {
		return e
	}
	var kind Kind
	switch p.peek() {
	case '?':
		kind = Opt
	case '*':
		kind = Star
	case '+':
		kind = Plus
	default:
		return e
	}
	p.advance(1)
	p.space()
	return &Expr{Kind: kind, Subs: []*Expr{e}, Line: line, Col: col}
}

func (p *parser) primary() *Expr {
	line, col := p.line, p.col
	switch c := p.peek(); {
	case c == '(':
		p.advance(1)
		p.space()
		e := p.expression()
		if p.err == nil && p.peek() != ')' {
			return p.fail("want ) to close the ( of line %d, column %d", line, col)
		}
		p.advance(1)
		p.space()
		return e
	case c == '<':
		if !p.printed {
			return p.fail("captures < > are not part of the .peg notation")
		}
		p.advance(1)
		e := p.expression()
		if p.err == nil && p.peek() != '>' {
			return p.fail("want >")
		}
		p.advance(1)
		return e
	case c == '{':
		return p.fail("actions { } are not part of the .peg notation")
	case c == '.':
		p.advance(1)
		p.space()
		return &Expr{Kind: Dot, Line: line, Col: col}
	case c == '\'' || c == '"':
		return p.literal()
	case c == '[':
		return p.class()
	case isLetter(c) || c == '_':
		return &Expr{Kind: Ref, Name: p.ident(), Line: line, Col: col}
	case p.eof():
		return p.fail("unexpected end")
	}
	return p.fail("unexpected %q", p.peek())
}

// literal reads '…' (case-sensitive) or "…" (an ASCII letter matches in either case). In
// pointlander/peg's printed form, a one-character literal is one character, which is read as
// a class of one byte, as it is compiled.
func (p *parser) literal() *Expr {
	line, col := p.line, p.col
	quote := p.peek()
	p.advance(1)
	var text []byte
	for p.err == nil && p.peek() != quote {
		if p.eof() {
			return p.fail("unterminated literal")
		}
		text = append(text, p.char())
	}
	p.advance(1)
	p.space()
	if p.err != nil {
		return &Expr{Kind: Empty}
	}
	if len(text) == 0 {
		p.line, p.col = line, col
		return p.fail("empty literal: pointlander/peg drops it")
	}
	e := &Expr{Kind: Lit, Text: string(text), Fold: quote == '"', Line: line, Col: col}
	if p.printed && len(text) == 1 {
		e = &Expr{Kind: Class, Line: line, Col: col}
		e.Set.Add(text[0])
	}
	return e
}

// class reads [set], [^set] (any byte not in set: pointlander/peg compiles it to !set .) or
// [[set]] (ASCII letters in either case).
func (p *parser) class() *Expr {
	line, col := p.line, p.col
	double := p.at("[[") && !p.printed
	end := "]"
	if double {
		end = "]]"
	}
	p.advance(len(end))
	negate := p.peek() == '^' && !p.printed
	if negate {
		p.advance(1)
	}
	e := &Expr{Kind: Class, Line: line, Col: col}
	for p.err == nil && !p.at(end) {
		if p.eof() {
			return p.fail("unterminated class")
		}
		lo := p.char()
		hi := lo
		if p.peek() == '-' {
			p.advance(1)
			if p.eof() {
				return p.fail("unterminated class")
			}
			hi = p.char()
			if hi < lo {
				return p.fail("range %s-%s is empty", strconv.QuoteRuneToASCII(rune(lo)), strconv.QuoteRuneToASCII(rune(hi)))
			}
		}
		for c := int(lo); c <= int(hi); c++ {
			e.Set.Add(byte(c))
			if double {
				e.Set.Add(bnf.SwapCase(byte(c)))
			}
		}
	}
	if p.err != nil {
		return e
	}
	if e.Set.Empty() {
		return p.fail("empty class")
	}
	p.advance(len(end))
	p.space()
	if negate {
		return &Expr{Kind: Seq, Line: line, Col: col, Subs: []*Expr{{Kind: Not, Subs: []*Expr{e}, Line: line, Col: col}, {Kind: Dot, Line: line, Col: col}}}
	}
	return e
}

// char reads one character of a literal or class: an escape, or one ASCII character.
func (p *parser) char() byte {
	c := p.peek()
	if c >= 0x80 {
		p.fail("non-ASCII character: literals and sets are ASCII only (write an escape)")
		return 0
	}
	if c != '\\' {
		p.advance(1)
		return c
	}
	if p.printed {
		r, _, tail, err := strconv.UnquoteChar(p.s[p.pos:], '\'')
		if err != nil || r > 0xff {
			p.fail("bad escape in %q", p.s[p.pos:min(len(p.s), p.pos+6)])
			return 0
		}
		p.advance(len(p.s) - p.pos - len(tail))
		return byte(r)
	}
	// pointlander/peg's escapes (peg.peg, Escape); a letter after the backslash in either case.
	rest := p.s[p.pos+1:]
	if rest == "" {
		p.fail("unterminated escape")
		return 0
	}
	switch {
	case len(rest) >= 3 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X') && isHex(rest[2]):
		n := 2
		for n < len(rest) && isHex(rest[n]) {
			n++
		}
		v, err := strconv.ParseUint(rest[2:n], 16, 32)
		if err != nil || v > 0xff {
			p.fail("escape \\%s is no byte", rest[:n])
			return 0
		}
		p.advance(1 + n)
		return byte(v)
	case len(rest) >= 3 && rest[0] >= '0' && rest[0] <= '3' && isOctal(rest[1]) && isOctal(rest[2]):
		v, _ := strconv.ParseUint(rest[:3], 8, 8)
		p.advance(4)
		return byte(v)
	case isOctal(rest[0]):
		n := 1
		if len(rest) > 1 && isOctal(rest[1]) {
			n = 2
		}
		v, _ := strconv.ParseUint(rest[:n], 8, 8)
		p.advance(1 + n)
		return byte(v)
	}
	if c, ok := simpleEscape(rest[0]); ok {
		p.advance(2)
		return c
	}
	p.fail("unknown escape \\%c", rest[0])
	return 0
}

// simpleEscape returns the byte that a backslash and c stand for, for the escapes of one
// character after the backslash (a letter in either case).
func simpleEscape(c byte) (byte, bool) {
	if isLetter(c) {
		c |= 0x20
	}
	switch c {
	case 'a':
		return '\a', true
	case 'b':
		return '\b', true
	case 'e':
		return 0x1b, true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '\'', '"', '[', ']', '-', '\\':
		return c, true
	}
	return 0, false
}

func isHex(c byte) bool   { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isOctal(c byte) bool { return c >= '0' && c <= '7' }

// String writes the expression in the .peg notation (sets as classes, every choice and
// sequence inside another expression in parentheses).
func (e *Expr) String() string {
	var b strings.Builder
	e.write(&b, false)
	return b.String()
}

func (e *Expr) write(b *strings.Builder, nested bool) {
	if nested {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	// A part of a choice needs parentheses when it is a choice itself, a part of a sequence
	// when it is a choice or a sequence, and so does what an operator applies to.
	list := func(sep string, paren func(*Expr) bool) {
		for i, s := range e.Subs {
			if i > 0 {
				b.WriteString(sep)
			}
			s.write(b, paren(s))
		}
	}
	group := func(s *Expr) bool { return s.Kind == Choice || s.Kind == Seq }
	switch e.Kind {
	case Choice:
		list(" / ", func(s *Expr) bool { return s.Kind == Choice })
	case Seq:
		list(" ", group)
	case Opt, Star, Plus:
		e.Subs[0].write(b, group(e.Subs[0]))
		b.WriteByte("?*+"[e.Kind-Opt])
	case And, Not:
		b.WriteByte("&!"[e.Kind-And])
		e.Subs[0].write(b, group(e.Subs[0]))
	case Ref:
		b.WriteString(e.Name)
	case Lit:
		q := byte('\'')
		if e.Fold {
			q = '"'
		}
		b.WriteByte(q)
		for i := 0; i < len(e.Text); i++ {
			switch c := e.Text[i]; {
			case c == q || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c < 0x20 || c >= 0x7f:
				fmt.Fprintf(b, `\%03o`, c)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte(q)
	case Class:
		b.WriteString(ClassString(&e.Set))
	case Dot:
		b.WriteByte('.')
	case Empty:
		b.WriteString("()")
	}
}
