package urlgrammar

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// An Error reports an operation that could not be done for a reason other than an input
// leaving a grammar: an unknown version, rule or mode, a reading or resolution the version's
// document does not define, an input an operation cannot use (a base that is not absolute, a
// normalization that leaves the grammar). Like *url.Error and *fs.PathError it says which
// operation failed and under which version, and it wraps the cause: errors.Is and errors.As
// see through it, to a *SyntaxError when an input of the operation was rejected, or to
// ErrNoResolution and the like.
//
// Its message is the operation, the version and the cause, with no prefix naming this
// package: "resolve rfc1738: the reference is not a valid httpurl: …". A caller that prints
// it beside a prefix of its own has nothing to strip.
type Error struct {
	Op      string  // the operation, such as "parse", "resolve" or "normalize"
	Version Version // the version it was asked under; 0 when none was
	Err     error   // the cause
}

// Error returns the operation, the version and the cause: "resolve rfc2396: …".
func (e *Error) Error() string {
	cause := "<nil>"
	if e.Err != nil {
		cause = e.Err.Error()
	}
	if e.Version == 0 {
		return e.Op + ": " + cause
	}
	return e.Op + " " + e.Version.String() + ": " + cause
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns the *Error of op under v whose cause is fmt.Errorf(format, args...); a %w
// verb in format wraps an error as fmt.Errorf does.
func errorf(op string, v Version, format string, args ...any) error {
	return &Error{Op: op, Version: v, Err: fmt.Errorf(format, args...)}
}

// A SyntaxError says where and why an input leaves a grammar. It is the error of Validate,
// ValidateRule, Parse and the other functions that hold an input to a rule, for that input;
// errors.As finds it inside an *Error when an operation failed because one of its inputs did
// not match.
type SyntaxError struct {
	Version Version
	Rule    string // the start rule the input was held to, by its name in the document
	Input   string
	// Offset is the length in bytes of the longest prefix of Input that is still a prefix of
	// some valid string: the input is wrong at Input[Offset], or ends too early when Offset
	// is len(Input).
	Offset int
	// Expected lists what the grammar allows at Offset, in its own rule names and literals
	// (such as `digit`, `"/"`); "end of input" when the input could have ended there. The
	// errors of the inputs that leave the grammar at the same point share the slice, so
	// callers must not modify it (copy it first, with slices.Clone).
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

// Error returns a one-line description: the version and rule, the input quoted as a Go string
// (at most a bounded window of it around Offset, marked by "…" outside the quotes when it is
// cut), and then Offset, what was found there and in which rule, and last what the grammar
// expected:
//
//	rfc1738 httpurl "http://www.example.com/~user/": byte 23: found "~" (in httpurl); expected "?", "/", … or end of input
//
// The quoted text is the input's own bytes (strconv.Unquote gives them back); the position is
// marked by the offset alone. An Offset outside the input is read as its nearest end.
func (e *SyntaxError) Error() string {
	var buf [256]byte
	return string(e.appendError(buf[:0]))
}

func (e *SyntaxError) appendError(b []byte) []byte {
	off := e.offset()
	lo, hi := max(off-contextBytes, 0), min(off+contextBytes, len(e.Input))
	if v := e.Version.String(); v != "" {
		b = append(append(b, v...), ' ')
	}
	if e.Rule != "" {
		b = append(append(b, e.Rule...), ' ')
	}
	if lo > 0 {
		b = append(b, "…"...)
	}
	b = appendQuoted(b, e.Input[lo:hi])
	if hi < len(e.Input) {
		b = append(b, "…"...)
	}
	b = append(b, ": byte "...)
	b = strconv.AppendInt(b, int64(off), 10)
	b = append(b, ": "...)
	return e.appendReason(b)
}

// offset is Offset within [0, len(Input)].
func (e *SyntaxError) offset() int { return min(max(e.Offset, 0), len(e.Input)) }

// Reason says, without quoting the input, what was found at Offset and in which rule, then
// what the grammar expected there: for example `found ":" (in port); expected digit or "/"`.
func (e *SyntaxError) Reason() string {
	var buf [192]byte
	return string(e.appendReason(buf[:0]))
}

func (e *SyntaxError) appendReason(b []byte) []byte {
	if len(e.Expected) > 0 {
		b = append(b, "found "...)
	} else {
		b = append(b, "unexpected "...)
	}
	b = appendByte(b, e.Input, e.offset())
	if e.In != "" {
		b = append(append(append(b, " (in "...), e.In...), ')')
	}
	for i, x := range e.Expected {
		switch {
		case i == 0:
			b = append(b, "; expected "...)
		case i == len(e.Expected)-1:
			b = append(b, " or "...)
		default:
			b = append(b, ", "...)
		}
		b = append(b, x...)
	}
	return b
}

// appendByte appends a name for what stands at offset i of s.
func appendByte(b []byte, s string, i int) []byte {
	if i >= len(s) {
		return append(b, "end of input"...)
	}
	c := s[i]
	switch {
	case c >= 0x20 && c < 0x7f:
		return appendQuoted(b, s[i:i+1])
	case c < 0x20 || c == 0x7f:
		return appendU(append(b, "control character "...), rune(c))
	}
	if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
		return appendU(append(b, "non-ASCII character "...), r)
	}
	return append(append(b, "invalid UTF-8 byte 0x"...), lowerHex[c>>4], lowerHex[c&15])
}

// appendQuoted appends s quoted as strconv.Quote quotes it, at once for the printable ASCII
// that most of a URL is.
func appendQuoted(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.AppendQuote(b, s)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

const hexDigits, lowerHex = "0123456789ABCDEF", "0123456789abcdef"

// appendU appends r as fmt's %U prints it: "U+" and at least four upper-case hex digits.
func appendU(b []byte, r rune) []byte {
	b = append(b, "U+"...)
	n := 4
	for r>>(4*n) != 0 {
		n++
	}
	for i := n - 1; i >= 0; i-- {
		b = append(b, hexDigits[r>>(4*i)&15])
	}
	return b
}
