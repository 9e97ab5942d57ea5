package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestExplainCaret: the caret stands under the byte at the offset, also after escaped bytes
// and in a window of a huge input.
func TestExplainCaret(t *testing.T) {
	for _, c := range []struct {
		input      string
		line, mark string
	}{
		// RFC 1738 section 5: port = digits.
		{"http://a:b/", "  http://a:b/", "           ^"},
		// "\x01" is shown as 4 characters; the caret is under the escape that stands for it.
		{"http://h/\x01é", `  http://h/\x01\xc3\xa9`, "           ^"},
		// A huge input is shown around the offset only.
		{"http://h/" + strings.Repeat("a", 1<<20) + "~", "  …" + strings.Repeat("a", explainWindow) + "~", "   " + strings.Repeat(" ", explainWindow) + "^"},
	} {
		err := urlgrammar.Validate(urlgrammar.RFC1738, c.input)
		se, ok := err.(*urlgrammar.SyntaxError)
		if !ok {
			t.Fatalf("%.40q: %v", c.input, err)
		}
		var b bytes.Buffer
		explain(&b, se)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != 3 || lines[1] != c.line || lines[2] != c.mark {
			t.Errorf("%.40q:\n%s\nwant:\n%s\n%s", c.input, b.String(), c.line, c.mark)
		}
	}
}

// TestCheckExplain: --explain adds the caret display on standard error and leaves the verdict
// lines on standard output as they are.
func TestCheckExplain(t *testing.T) {
	out, errs, status := runCLI(t, "", "check", "-g", "rfc1738", "--explain", "http://a:b/", "http://a/")
	if status != exitInvalid || out != "invalid\t9\tfound \"b\" (in hostport); expected digit\nvalid\n" {
		t.Errorf("status %d, stdout %q", status, out)
	}
	if !strings.Contains(errs, "  http://a:b/\n           ^\n") {
		t.Errorf("stderr %q", errs)
	}
}
