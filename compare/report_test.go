package compare

import (
	"strings"
	"testing"
)

// TestDisplayClipsAroundOffendingByte: on a terminal, an input too long for the width is cut
// around the byte where it leaves the grammar, and the caret still points at that byte.
func TestDisplayClipsAroundOffendingByte(t *testing.T) {
	s := "http://example.com/" + strings.Repeat("a", 200) + "~" + strings.Repeat("b", 200)
	d := newDisplay(s, 219, 60)
	if n := len([]rune(d.text)); n > 60 {
		t.Errorf("%d columns, want at most 60: %q", n, d.text)
	}
	if !strings.HasPrefix(d.text, "…") || !strings.HasSuffix(d.text, "…") {
		t.Errorf("not cut on both sides: %q", d.text)
	}
	col, ok := d.column(219)
	if !ok || []rune(d.text)[col] != '~' {
		t.Errorf("column %d (%v) of %q is not the \"~\"", col, ok, d.text)
	}
	// A quoted input: the caret accounts for the quote and the escapes.
	d = newDisplay("a b\x00c", 4, 0)
	if d.text != `"a b\x00c"` {
		t.Errorf("display %q", d.text)
	}
	if col, _ := d.column(4); d.text[col] != 'c' {
		t.Errorf("column %d of %q is not the \"c\"", col, d.text)
	}
	// With nothing refused, an input is cut at its end.
	d = newDisplay(s, -1, 40)
	if !strings.HasPrefix(d.text, "http://example.com/") || !strings.HasSuffix(d.text, "…") {
		t.Errorf("not cut at the end: %q", d.text)
	}
}

// TestTSVField: a field keeps its tabs, line breaks and backslashes as escapes, so that a row
// of FormatTSV stays one line of as many fields as its header, and the escapes read back.
func TestTSVField(t *testing.T) {
	for in, want := range map[string]string{
		"http://a/b":         "http://a/b",
		"a\tb":               `a\tb`,
		"a\r\nb":             `a\r\nb`,
		`a\tb`:               `a\\tb`, // a backslash of the input is escaped, not taken for one
		"\\\t\n\r\x00\xff é": "\\\\\\t\\n\\r\x00\xff é",
	} {
		if got := TSVField(in); got != want {
			t.Errorf("TSVField(%q) = %q, want %q", in, got, want)
		}
	}
}
