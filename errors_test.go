package urlgrammar_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestErrorStory: a rejected input is a *SyntaxError, every other failure an *Error that says
// the operation and the version and wraps its cause, and no message carries a prefix that a
// caller printing it beside its own would have to strip.
func TestErrorStory(t *testing.T) {
	// RFC 3986 section 2: a space is in no character class, so "a b" is no URI-reference.
	_, err := urlgrammar.Resolve(urlgrammar.RFC3986, "http://a/b", "a b", 0, urlgrammar.Policy{})
	var e *urlgrammar.Error
	var se *urlgrammar.SyntaxError
	if !errors.As(err, &e) || e.Op != "resolve" || e.Version != urlgrammar.RFC3986 {
		t.Fatalf("Resolve error %v (%T), want an *Error of resolve under rfc3986", err, err)
	}
	if !errors.As(err, &se) || se.Offset != 1 || se.Input != "a b" || se.Rule != "URI-reference" {
		t.Errorf("Resolve error %v does not wrap the reference's *SyntaxError at byte 1", err)
	}
	want := `resolve rfc3986: the reference is not a valid URI-reference: rfc3986 URI-reference "a b": byte 1: found " "`
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Resolve error = %q, want it to begin %q", err, want)
	}

	// RFC 1738 defines no resolution of relative references (RFC 1808 does).
	_, err = urlgrammar.Resolve(urlgrammar.RFC1738, "http://a/b", "c", 0, urlgrammar.Policy{})
	if !errors.Is(err, urlgrammar.ErrNoResolution) || !errors.As(err, &e) || e.Op != "resolve" {
		t.Errorf("Resolve under rfc1738: %v, want an *Error wrapping ErrNoResolution", err)
	}

	for _, tc := range []struct {
		err  error
		op   string
		v    urlgrammar.Version
		text string
	}{
		{urlgrammar.Validate(urlgrammar.Version(99), "http://a/"), "validate", 99, "validate Version(99): unknown version"},
		{urlgrammar.ValidateRule(urlgrammar.RFC3986, "nope", "x", 0), "validate", urlgrammar.RFC3986, `validate rfc3986: no rule "nope"`},
		{second(urlgrammar.ParseRule(urlgrammar.RFC2396, "nope", "x", 0)), "parse", urlgrammar.RFC2396, `parse rfc2396: no rule "nope"`},
		{second(urlgrammar.Lookup("rfc9999")), "lookup", 0, `lookup: unknown version "rfc9999" (known: draft1993,`},
	} {
		if !errors.As(tc.err, &e) || e.Op != tc.op || e.Version != tc.v || !strings.HasPrefix(tc.err.Error(), tc.text) {
			t.Errorf("error %v (%T), want an *Error of %s under %v saying %q", tc.err, tc.err, tc.op, tc.v, tc.text)
		}
		if errors.As(tc.err, &se) {
			t.Errorf("error %v wraps a *SyntaxError, though no input was rejected", tc.err)
		}
	}

	// A rejection is the *SyntaxError itself.
	if err := urlgrammar.Validate(urlgrammar.RFC3986, "a b"); !errors.As(err, &se) || errors.As(err, &e) {
		t.Errorf("Validate error %v (%T), want a bare *SyntaxError", err, err)
	}
}

func second[T any](_ T, err error) error { return err }
