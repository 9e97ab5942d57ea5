package urlgrammar

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A SyntaxError says where and why an input leaves a grammar. Use errors.As to get it from
// the error of Validate, ValidateRule or Parse.
type SyntaxError struct {
	Version Version
	Rule    string // the start rule the input was held to, by its name in the document
	Input   string
	// Offset is the length in bytes of the longest prefix of Input that is still a prefix of
	// some valid string: the input is wrong at Input[Offset], or ends too early when Offset
	// is len(Input).
	Offset int
	// Expected lists what the grammar allows at Offset, in its own rule names and literals
	// (such as `digit`, `"/"`); "end of input" when the input could have ended there.
	Expected []string
	// In is the rule being matched at Offset: the innermost rule of the grammar that encloses
	// the byte before Offset, in every way the grammar can read the input up to there, and
	// that could still read more after it. For "http://a b" under RFC 3986, where "a" may
	// begin a userinfo or a reg-name, that is authority; for "http://a:b/" under RFC 1738,
	// after the ":" of a port, hostport. At Offset 0 it is the start rule.
	In string
}

// contextBytes bounds how much of the input Error quotes on each side of Offset.
const contextBytes = 24

// Error returns a one-line description that quotes at most a bounded slice of the input.
// An Offset outside the input is read as its nearest end.
func (e *SyntaxError) Error() string {
	at := e.offset()
	lo, hi := at-contextBytes, at+contextBytes
	pre, post := "…", "…"
	if lo <= 0 {
		lo, pre = 0, ""
	}
	if hi >= len(e.Input) {
		hi, post = len(e.Input), ""
	}
	quoted := func(s string) string { q := fmt.Sprintf("%q", s); return q[1 : len(q)-1] }
	return fmt.Sprintf("urlgrammar: %v %s: byte %d of \"%s%s⟨here⟩%s%s\": %s",
		e.Version, e.Rule, e.Offset, pre, quoted(e.Input[lo:at]), quoted(e.Input[at:hi]), post, e.Reason())
}

// offset is Offset within [0, len(Input)].
func (e *SyntaxError) offset() int { return min(max(e.Offset, 0), len(e.Input)) }

// Reason says, without quoting the input, what the grammar expected and what it found:
// for example `expected digit or "/", found ":" (in port)`.
func (e *SyntaxError) Reason() string {
	var b strings.Builder
	if len(e.Expected) > 0 {
		b.WriteString("expected ")
		for i, x := range e.Expected {
			switch {
			case i == 0:
			case i == len(e.Expected)-1:
				b.WriteString(" or ")
			default:
				b.WriteString(", ")
			}
			b.WriteString(x)
		}
		b.WriteString(", found ")
	} else {
		b.WriteString("unexpected ")
	}
	b.WriteString(describeByte(e.Input, e.offset()))
	if e.In != "" {
		fmt.Fprintf(&b, " (in %s)", e.In)
	}
	return b.String()
}

// describeByte names what stands at offset i of s.
func describeByte(s string, i int) string {
	if i >= len(s) {
		return "end of input"
	}
	c := s[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		return fmt.Sprintf("%q", string(c))
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("control character %U", rune(c))
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
		return fmt.Sprintf("non-ASCII character %U", r)
	}
	return fmt.Sprintf("invalid UTF-8 byte 0x%02x", c)
}

// newSyntaxError diagnoses why input is not matched by rule of v's grammar. The BNF is asked
// about s, which is input as the parser read it (with CaseIgnoreScheme, its scheme in lower
// case); the error keeps the input as given. It is an *EngineError when the BNF accepts s.
func newSyntaxError(v Version, rule, input, s string) error {
	return diagnose(&SyntaxError{Version: v, Rule: rule, Input: input}, s)
}
