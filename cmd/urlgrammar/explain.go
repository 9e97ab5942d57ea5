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
// around the offset) with a caret under the byte where it leaves the grammar. Bytes that are
// not printable ASCII are shown escaped (\x00, \xc3, …), and the caret accounts for them.
func explain(w io.Writer, se *urlgrammar.SyntaxError) {
	lo, hi := max(se.Offset-explainWindow, 0), min(se.Offset+explainWindow, len(se.Input))
	var line strings.Builder
	if lo > 0 {
		line.WriteString("…")
	}
	column := 0
	for i := lo; i < hi; i++ {
		if i == se.Offset {
			column = len([]rune(line.String()))
		}
		if c := se.Input[i]; c >= 0x20 && c < 0x7f {
			line.WriteByte(c)
		} else {
			fmt.Fprintf(&line, `\x%02x`, c)
		}
	}
	if se.Offset >= hi {
		column = len([]rune(line.String()))
	}
	if hi < len(se.Input) {
		line.WriteString("…")
	}
	fmt.Fprintf(w, "%v %s: byte %d: %s\n  %s\n  %s^\n", se.Version, se.Rule, se.Offset, se.Reason(), line.String(), strings.Repeat(" ", column))
}
