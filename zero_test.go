package urlgrammar_test

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestZeroValues: zero values and nil arguments are usable and never panic.
func TestZeroValues(t *testing.T) {
	var u urlgrammar.URL
	if u.Scheme().Present || u.Authority().Present || u.Path().Present || u.Query().Present ||
		u.Fragment().Present || u.Part("params").Present || u.String() != "" {
		t.Errorf("a zero URL has components: %+v", &u)
	}
	for seg := range u.Segments() {
		t.Errorf("a zero URL has a segment %v", seg)
	}
	if u.Part("scheme").Present {
		t.Error("a zero URL has a scheme part")
	}
	for rule := range u.Parts() {
		t.Errorf("a zero URL has a part %s", rule)
	}
	if _, err := u.Resolve("g", urlgrammar.Policy{}); err == nil {
		t.Error("a zero URL resolves a reference")
	}
	if _, ok := u.Addr(); ok {
		t.Error("a zero URL has an IP address")
	}
	if u.Hostname() != "" {
		t.Errorf("a zero URL has host name %q", u.Hostname())
	}

	// A SyntaxError with an offset outside its input reads it as the nearest end.
	for _, tc := range []struct {
		off  int
		want string
	}{
		{-3, `"ab": byte 0: unexpected "a"`},
		{0, `"ab": byte 0: unexpected "a"`},
		{2, `"ab": byte 2: unexpected end of input`},
		{99, `"ab": byte 2: unexpected end of input`},
	} {
		e := &urlgrammar.SyntaxError{Input: "ab", Offset: tc.off}
		if msg := e.Error(); msg != tc.want {
			t.Errorf("offset %d: %q, want %q", tc.off, msg, tc.want)
		}
	}
	if msg := new(urlgrammar.Error).Error(); msg != ": <nil>" {
		t.Errorf("zero Error: %q", msg)
	}
	if msg := new(urlgrammar.SyntaxError).Error(); !strings.Contains(msg, "end of input") {
		t.Errorf("zero SyntaxError: %q", msg)
	}

}
