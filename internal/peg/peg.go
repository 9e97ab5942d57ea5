// Package peg reads the PEG notation of the grammar/<id>.peg files: pointlander/peg's syntax
// for rules and expressions, with the comments and directives of grammar/README.md ("The .peg
// conventions"). It also reads an expression as pointlander/peg prints it above the code of each
// rule. It is the one reader of that notation: the generator checks and compiles a .peg from
// what it reads, and the conformance engine's proof builds each rule's language from it.
//
// It imports only the standard library, package bnf (for the character-set rules that the
// generator writes from a .bnf) and package pegrt, whose PEGName is the one mapping of BNF rule
// names to PEG rule names: the run-time keeps it, so that the library's binary holds no reader.
package peg

import (
	"fmt"
	"strings"

	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/pegrt"
)

// File is a .peg file as read: its rules, and what its comments declare.
type File struct {
	Name string // the name the file was read under (Parse's first argument)
	// Starts holds the "# start:" line: the document's entry points by their BNF names, the
	// first the default.
	Starts []string
	Rules  []*Rule // in the order of the file
	// Folded holds the "# folded NAME: reason" lines: BNF rule name -> reason.
	Folded map[string]string
	// Extra holds the "# extra NAME …: reason" lines, by PEG rule name.
	Extra map[string]*Extra
	// BadLines holds the numbers of the lines that hold a byte other than printable ASCII or a
	// tab: literals and sets are ASCII only, and so, to keep them so, is every line.
	BadLines []int
	byName   map[string]*Rule
}

// Extra is the declaration of a PEG rule that is not a BNF rule.
type Extra struct {
	Reason string
	// As names the BNF rule that the extra rule matches where it stands ("# extra NAME as
	// BNFNAME"), Alone the BNF rule it matches alone ("# extra NAME alone BNFNAME"); at most
	// one is set.
	As, Alone string
}

// Rule is one rule of a .peg file.
type Rule struct {
	Name string
	Line int
	Expr *Expr
	// BNF is the BNF rule that the comment block above the rule quotes ("# name = …" and its
	// continuation lines), as .bnf source, or "".
	BNF string
}

// Rule returns the rule of that name, or nil.
func (f *File) Rule(name string) *Rule { return f.byName[name] }

// Name maps a BNF rule name to its PEG rule name: "-" is written "_" and "+" "plus"
// (pegrt.PEGName, the only mapping between the two; grammar/README.md).
func Name(bnfName string) string { return pegrt.PEGName(bnfName) }

// Entry returns the name of the PEG rule that matches the BNF rule bnfName alone: the extra
// rule declared "alone" for it, or its own PEG rule.
func (f *File) Entry(bnfName string) string {
	for _, r := range f.Rules {
		if x := f.Extra[r.Name]; x != nil && x.Alone == bnfName {
			return r.Name
		}
	}
	return Name(bnfName)
}

// Error is a defect of a .peg file, or of a printed expression, with its position.
type Error struct {
	File string
	Line int // 1-based
	Col  int // 1-based
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Parse reads a .peg file: rules and comments only (grammar/README.md), in pointlander/peg's
// syntax. name is used in error messages. The error, if any, is an *Error: the first defect.
func Parse(name string, src []byte) (*File, error) {
	f := &File{Name: name, Folded: map[string]string{}, Extra: map[string]*Extra{}, byName: map[string]*Rule{}}
	for n, line := range strings.Split(string(src), "\n") {
		for i := 0; i < len(line); i++ {
			if c := line[i]; c > 0x7e || (c < 0x20 && c != '\t') {
				f.BadLines = append(f.BadLines, n+1)
				break
			}
		}
	}
	p := &parser{s: string(src), file: name, line: 1, col: 1}
	var block []comment // the comment lines since the previous rule began
	p.space()
	for p.err == nil && !p.eof() {
		for _, c := range p.comments {
			if err := f.directive(c); err != nil {
				return nil, err
			}
			if !isDirective(c.text) {
				block = append(block, c)
			}
		}
		p.comments = nil
		line, col := p.line, p.col
		name := p.ident()
		if name == "" {
			p.fail("want a rule name")
			break
		}
		if !p.arrow() {
			p.fail("want <- after the rule name %s", name)
			break
		}
		p.space()
		r := &Rule{Name: name, Line: line, BNF: bnfIn(block)}
		block = nil
		r.Expr = p.expression()
		if p.err != nil {
			break
		}
		if r.Expr.Kind == Empty {
			return nil, &Error{File: f.Name, Line: line, Col: col, Msg: fmt.Sprintf("rule %s is empty: pointlander/peg drops an empty rule", name)}
		}
		if f.byName[name] != nil {
			return nil, &Error{File: f.Name, Line: line, Col: col, Msg: fmt.Sprintf("rule %s is defined twice", name)}
		}
		f.Rules = append(f.Rules, r)
		f.byName[name] = r
	}
	for _, c := range p.comments {
		if err := f.directive(c); err != nil {
			return nil, err
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return f, nil
}

// A comment is one comment line: its text after "#" (or "//"), and where it stands.
type comment struct {
	text string
	line int
}

// isDirective reports whether a comment's text is a directive: "start:", "folded …" or
// "extra …".
func isDirective(text string) bool {
	w := firstWord(text)
	return w == "start:" || w == "folded" || w == "extra"
}

// firstWord returns the text's first word (up to a blank).
func firstWord(text string) string {
	text = strings.TrimLeft(text, " \t")
	if i := strings.IndexAny(text, " \t"); i >= 0 {
		return text[:i]
	}
	return text
}

// directive records the directive of comment c, if it is one, and refuses one it cannot read.
func (f *File) directive(c comment) error {
	bad := func(format string, a ...any) error {
		return &Error{File: f.Name, Line: c.line, Col: 1, Msg: fmt.Sprintf(format, a...)}
	}
	words := strings.Fields(c.text)
	if len(words) == 0 || !isDirective(c.text) {
		return nil
	}
	switch words[0] {
	case "start:":
		if f.Starts != nil {
			return bad("a second \"# start:\" line")
		}
		if len(words) == 1 {
			return bad("\"# start:\" names no rule")
		}
		f.Starts = words[1:]
		return nil
	case "folded":
		// # folded NAME: reason
		head, reason, ok := strings.Cut(c.text, ":")
		hw := strings.Fields(head)
		if !ok || len(hw) != 2 || !isBNFName(hw[1]) || strings.TrimSpace(reason) == "" {
			return bad("bad directive %q: want \"# folded NAME: reason\"", "#"+c.text)
		}
		if _, dup := f.Folded[hw[1]]; dup {
			return bad("%s is declared folded twice", hw[1])
		}
		f.Folded[hw[1]] = strings.TrimSpace(reason)
		return nil
	}
	// # extra NAME: reason, # extra NAME as BNFNAME: reason, # extra NAME alone BNFNAME: reason
	head, reason, ok := strings.Cut(c.text, ":")
	hw := strings.Fields(head)
	x := &Extra{Reason: strings.TrimSpace(reason)}
	switch {
	case !ok || x.Reason == "" || (len(hw) != 2 && len(hw) != 4) || !isPEGName(hw[1]):
		return bad("bad directive %q: want \"# extra NAME: reason\", \"# extra NAME as BNFNAME: reason\" or \"# extra NAME alone BNFNAME: reason\"", "#"+c.text)
	case len(hw) == 4 && hw[2] == "as" && isBNFName(hw[3]):
		x.As = hw[3]
	case len(hw) == 4 && hw[2] == "alone" && isBNFName(hw[3]):
		x.Alone = hw[3]
	case len(hw) == 4:
		return bad("bad directive %q: after the name comes \"as BNFNAME\" or \"alone BNFNAME\"", "#"+c.text)
	}
	if f.Extra[hw[1]] != nil {
		return bad("%s is declared extra twice", hw[1])
	}
	f.Extra[hw[1]] = x
	return nil
}

// isBNFName reports whether s is a rule name of the .bnf notation: [A-Za-z][A-Za-z0-9_+-]*.
func isBNFName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLetter(c):
		case i > 0 && (isDigit(c) || c == '_' || c == '+' || c == '-'):
		default:
			return false
		}
	}
	return s != ""
}

// isPEGName reports whether s is a PEG rule name: [A-Za-z_][A-Za-z0-9_]*.
func isPEGName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && c != '_' && (i == 0 || !isDigit(c)) {
			return false
		}
	}
	return s != ""
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// bnfIn finds, in the comment block above a PEG rule, the BNF rule it transcribes: the last
// line "# name = …" and its continuation lines ("#" followed by at least two blanks or a tab).
// It returns them as .bnf source (the "#" removed, continuation lines indented), or "".
func bnfIn(block []comment) string {
	for i := len(block) - 1; i >= 0; i-- {
		text := strings.TrimPrefix(block[i].text, " ")
		if !isBNFRuleLine(text) {
			continue
		}
		src := strings.TrimSpace(text) + "\n"
		for _, cont := range block[i+1:] {
			if !strings.HasPrefix(cont.text, "  ") && !strings.HasPrefix(cont.text, "\t") {
				break
			}
			src += strings.TrimRight(cont.text, " \t") + "\n"
		}
		return src
	}
	return ""
}

// isBNFRuleLine reports whether a comment's text (after "#" and at most one blank) begins a
// BNF rule: a name in column 0, then "=".
func isBNFRuleLine(text string) bool {
	n := 0
	for n < len(text) && (isLetter(text[n]) || n > 0 && (isDigit(text[n]) || strings.IndexByte("_+-", text[n]) >= 0)) {
		n++
	}
	rest := strings.TrimLeft(text[n:], " \t")
	return n > 0 && strings.HasPrefix(rest, "=")
}

// SetRules writes the rules that the generator adds to a .peg file before pointlander/peg
// compiles it (grammar/README.md): for each character-set rule of the .bnf that the file
// declares folded, in the .bnf's order, the rule NAME <- [set], written from the .bnf. The
// proof reads the file and these rules together, so that it sees the rules the parser has.
func SetRules(g *bnf.Grammar, f *File) string {
	var b strings.Builder
	for _, r := range g.Rules {
		if _, folded := f.Folded[r.Name]; folded && r.Charset {
			fmt.Fprintf(&b, "\n# %s: a character-set rule of the .bnf, written by gen\n%s <- %s\n", r.Name, Name(r.Name), ClassString(&r.Set))
		}
	}
	return b.String()
}

// Compose returns the rules pointlander/peg compiles for a grammar: the .peg file's source
// src, read as f, followed by SetRules.
func Compose(g *bnf.Grammar, f *File, src []byte) []byte {
	return []byte(string(src) + "\n" + SetRules(g, f))
}

// ClassString writes a set of bytes as a PEG character class that pointlander/peg reads, such
// as [\-.0-9A-Za-z]: runs of three or more bytes as ranges, and every byte that is not
// printable ASCII, or is one of - ] \ [, escaped. A byte that is not printable is written in
// octal, always three digits (\037): pointlander/peg's hexadecimal escape takes every hex digit
// that follows it, so \0x1f followed by 0 would be one escape.
func ClassString(s *bnf.ByteSet) string {
	var b strings.Builder
	b.WriteByte('[')
	for c := 0; c < 256; {
		if !s.Has(byte(c)) {
			c++
			continue
		}
		end := c
		for end+1 < 256 && s.Has(byte(end+1)) {
			end++
		}
		switch {
		case end-c >= 2:
			b.WriteString(classChar(byte(c)) + "-" + classChar(byte(end)))
		case end-c == 1:
			b.WriteString(classChar(byte(c)) + classChar(byte(end)))
		default:
			b.WriteString(classChar(byte(c)))
		}
		c = end + 1
	}
	b.WriteByte(']')
	return b.String()
}

// classChar writes c as a character of a PEG class, escaped as pointlander/peg reads it.
func classChar(c byte) string {
	switch {
	case c == '-' || c == ']' || c == '\\' || c == '[':
		return `\` + string(c)
	case c <= 0x20 || c >= 0x7f:
		return fmt.Sprintf(`\%03o`, c)
	}
	return string(c)
}
