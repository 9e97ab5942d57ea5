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
		u.Fragment().Present || u.Params().Present || u.String() != "" {
		t.Errorf("a zero URL has components: %+v", &u)
	}
	if u.Segments() != nil || u.Part("scheme").Present {
		t.Errorf("a zero URL has segments %v or a scheme part", u.Segments())
	}
	for rule := range u.Parts() {
		t.Errorf("a zero URL has a part %s", rule)
	}
	if _, err := u.Resolve("g", urlgrammar.Policy{}); err == nil {
		t.Error("a zero URL resolves a reference")
	}
	if _, ok := u.Port(); ok {
		t.Error("a zero URL has a port")
	}
	if _, ok := u.Addr(); ok {
		t.Error("a zero URL has an IP address")
	}
	if u.Hostname() != "" {
		t.Errorf("a zero URL has host name %q", u.Hostname())
	}

	// A SyntaxError with an offset outside its input reads it as the nearest end.
	for _, off := range []int{-3, 0, 2, 99} {
		e := &urlgrammar.SyntaxError{Input: "ab", Offset: off}
		if msg := e.Error(); !strings.Contains(msg, "⟨here⟩") {
			t.Errorf("offset %d: %q", off, msg)
		}
	}
	if msg := new(urlgrammar.SyntaxError).Error(); !strings.Contains(msg, "end of input") {
		t.Errorf("zero SyntaxError: %q", msg)
	}

}
