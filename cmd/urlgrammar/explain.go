package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// explainWindow bounds how much of the input the caret display shows on each side of the
// offset, so that a huge input gives two short lines.
const explainWindow = 40

// explain writes a rejection for a person: the reason, then the input (or the part of it
// around the offset) with a caret under the byte where it leaves the grammar.
func explain(w io.Writer, se *urlgrammar.SyntaxError) {
	line, marks := shownSpan(se.Input, se.Offset, se.Offset)
	fmt.Fprintf(w, "%v %s: byte %d: %s\n  %s\n  %s\n", se.Version, se.Rule, se.Offset, se.Reason(), line, marks)
}

// shownSpan returns the part of input within explainWindow bytes of the span [begin, end),
// with "…" where it is cut and its bytes that are not printable ASCII escaped (\x00, \xc3, …),
// and the line to print under it: carets under the span, or under an empty span one caret
// where it stands (the place of an error, which may be the end of the input).
func shownSpan(input string, begin, end int) (line, marks string) {
	lo, hi := max(begin-explainWindow, 0), min(end+explainWindow, len(input))
	var l, m strings.Builder
	if lo > 0 {
		l.WriteString("…")
		m.WriteString(" ")
	}
	for i := lo; i < hi; i++ {
		shown := string(input[i])
		if c := input[i]; c < 0x20 || c >= 0x7f {
			shown = fmt.Sprintf(`\x%02x`, c)
		}
		l.WriteString(shown)
		switch {
		case begin <= i && i < end:
			m.WriteString(strings.Repeat("^", len(shown)))
		case i == begin: // the empty span's caret, under the first of the characters shown
			m.WriteString("^" + strings.Repeat(" ", len(shown)-1))
		default:
			m.WriteString(strings.Repeat(" ", len(shown)))
		}
	}
	if begin == end && begin >= hi {
		m.WriteString("^")
	}
	if hi < len(input) {
		l.WriteString("…")
	}
	return l.String(), strings.TrimRight(m.String(), " ")
}
