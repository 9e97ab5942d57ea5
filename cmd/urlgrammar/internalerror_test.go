package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// TestCheckInternalError: an internal error of the library (an *urlgrammar.EngineError, its
// two engines disagreeing about an input, which no input is known to cause) is no verdict:
// check writes no line for the input but reports it on standard error, with the error's
// message, goes on with the next input, and exits with status 2. The error is planted where
// check takes each input's verdict (checkOptions.judge). RFC 3986 section 3.3: a path has no
// space, so the parser does reject "http://a/ b".
func TestCheckInternalError(t *testing.T) {
	const bad = "http://a/ b"
	planted := &urlgrammar.EngineError{Version: urlgrammar.RFC3986, Rule: "URI-reference", Input: bad, Automaton: true}
	var out, errb bytes.Buffer
	l := textLoop("check", &inputFlags{}, []input{{text: "http://a/b", line: 1}, {text: bad, line: 2}, {text: "http://a/c", line: 3}}, &out, &errb)
	o := checkOptions{target: compare.Target{Version: urlgrammar.RFC3986}}
	status := l.run(func(in input) (bool, error) {
		if in.text == bad {
			return o.judge(l, in, planted)
		}
		return o.judge(l, in, o.target.Validate(in.text, 0))
	})
	if want := "valid\nvalid\n"; status != exitUsage || out.String() != want {
		t.Errorf("status %d, standard output\n%s\nwant status %d and\n%s", status, out.String(), exitUsage, want)
	}
	if lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n"); len(lines) != 1 ||
		!strings.HasPrefix(lines[0], "urlgrammar check: ") || !strings.HasSuffix(lines[0], ": "+planted.Error()) {
		t.Errorf("standard error %q, want one line that ends with the engine error's message %q", errb.String(), planted.Error())
	}
}
