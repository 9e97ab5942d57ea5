package compare

import (
	"bufio"
	"fmt"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
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

// TestReviewColumns: the findings that Report.Review gives for a format end each row of
// FormatMarkdown, in a last column, "review", joined by <br>, and each row of FormatJSON, in a
// last member, "review", an array ([] for none); FormatText shows none.
func TestReviewColumns(t *testing.T) {
	r := Report{Targets: ReferenceTargets(urlgrammar.RFC3986)}
	r.Review = func(c Comparison, f Format) []string {
		if !strings.Contains(c.Input, "@") {
			return nil
		}
		if f == FormatJSON {
			return []string{`{"concern":"password"}`, `{"concern":"userinfo"}`}
		}
		return []string{"a password", "a userinfo"}
	}
	for _, tc := range []struct {
		f    Format
		want string
	}{
		{FormatMarkdown, "| input | rfc3986 | source | review |\n|---|:---:|---|---|\n" +
			"| `ftp://u:pw@h/` | ✓ | src | a password<br>a userinfo |\n| `http://h/` | ✓ |  |  |\n"},
		{FormatJSON, `{"type":"input","input":"ftp://u:pw@h/","source":"src","verdicts":[{"version":"rfc3986","rule":"URI-reference","valid":true}],"review":[{"concern":"password"},{"concern":"userinfo"}]}` + "\n" +
			`{"type":"input","input":"http://h/","verdicts":[{"version":"rfc3986","rule":"URI-reference","valid":true}],"review":[]}` + "\n"},
		{FormatText, "3986 input\n ✓   ftp://u:pw@h/\n ✓   http://h/\n"},
	} {
		var b strings.Builder
		w := bufio.NewWriter(&b)
		r.WriteHeader(w, tc.f)
		for _, row := range [][2]string{{"ftp://u:pw@h/", "src"}, {"http://h/", ""}} {
			c, err := Compare(r.Targets, row[0], 0)
			if err != nil {
				t.Fatal(err)
			}
			r.WriteRow(w, tc.f, c, row[1])
		}
		w.Flush()
		if b.String() != tc.want {
			t.Errorf("format %d:\n%s\nwant\n%s", tc.f, b.String(), tc.want)
		}
	}
}

// TestShortName: the reports' columns name versions as "d93", "1738", "3986", and so do
// the columns of "urlgrammar charsets --diff" (package charset), for every version.
func TestShortName(t *testing.T) {
	for v, want := range map[urlgrammar.Version]string{urlgrammar.Draft1993: "d93", urlgrammar.RFC1738: "1738", urlgrammar.RFC3986: "3986"} {
		if got := ShortName(v); got != want {
			t.Errorf("ShortName(%v) = %q, want %q", v, got, want)
		}
	}
	vs := urlgrammar.Versions()
	tab, err := charset.NewTable(vs...)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := tab.WriteText(&b, true); err != nil {
		t.Fatal(err)
	}
	want := "component     characters                 "
	for _, v := range vs {
		want += fmt.Sprintf("%-5s", ShortName(v)) // a column of the widest name and a space
	}
	want = strings.TrimRight(want, " ")
	if !strings.Contains(b.String(), "\n"+want+"\n") {
		t.Errorf("charsets --diff has no line %q:\n%s", want, b.String())
	}
}
