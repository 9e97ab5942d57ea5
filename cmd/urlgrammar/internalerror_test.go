package main

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// TestCheckInternalError: an internal error of the library (an *urlgrammar.EngineError, its
// two engines disagreeing about an input, which no input is known to cause) is no verdict:
// check writes no line for the input but reports it on standard error, with the error's
// message, goes on with the next input, and exits with status 2. The error is planted where
// check takes each input's verdict (validate). RFC 3986 section 3.3: a path has no space, so
// the parser does reject "http://a/ b".
func TestCheckInternalError(t *testing.T) {
	const bad = "http://a/ b"
	planted := &urlgrammar.EngineError{Version: urlgrammar.RFC3986, Rule: "URI-reference", Input: bad, Automaton: true}
	defer func(v func(compare.Target, string, urlgrammar.Mode) error) { validate = v }(validate)
	validate = func(t compare.Target, s string, mode urlgrammar.Mode) error {
		if s == bad {
			return planted
		}
		return t.Validate(s, mode)
	}
	for _, args := range [][]string{{"check", "-g", "rfc3986"}, {"check", "-g", "rfc3986", "--line-buffered"}} {
		out, errs, status := runCLI(t, "http://a/b\n"+bad+"\nhttp://a/c\n", args...)
		if want := "valid\nvalid\n"; status != exitUsage || out != want {
			t.Errorf("%q: status %d, standard output\n%s\nwant status %d and\n%s", args, status, out, exitUsage, want)
		}
		if lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n"); len(lines) != 1 ||
			!strings.HasPrefix(lines[0], "urlgrammar check: line 2: ") || !strings.HasSuffix(lines[0], ": "+planted.Error()) {
			t.Errorf("%q: standard error %q, want one line that ends with the engine error's message %q", args, errs, planted.Error())
		}
	}
}
