package urlgrammar

import (
	"errors"
	"fmt"
	"testing"
)

// Every function that reads an input refuses a Mode with a bit that the package does not
// define, with one error; MatchRule reports false.
func TestUnknownMode(t *testing.T) {
	const bad = Mode(1 << 7)
	want := fmt.Sprintf("unknown mode %#x", uint(bad))
	base := "http://a/b/c/d;p?q"
	calls := map[string]func() error{
		"ValidateRule":  func() error { return ValidateRule(RFC3986, "", base, bad) },
		"ParseRule":     func() error { _, err := ParseRule(RFC3986, "", base, bad); return err },
		"ParseTreeRule": func() error { _, err := ParseTreeRule(RFC3986, "", base, bad); return err },
		"Resolve":       func() error { _, err := Resolve(RFC3986, base, "g", bad, Policy{}); return err },
		"Relativize":    func() error { _, err := Relativize(RFC3986, base, "http://a/g", bad, Policy{}); return err },
		"Normalize":     func() error { _, err := Normalize(RFC3986, base, bad); return err },
		"Equivalent":    func() error { _, err := Equivalent(RFC3986, base, base, bad); return err },
	}
	for name, call := range calls {
		var e *Error
		if err := call(); !errors.As(err, &e) || e.Version != RFC3986 || e.Err == nil || e.Err.Error() != want {
			t.Errorf("%s with mode %#x: %v, want an *Error under rfc3986 for %q", name, uint(bad), err, want)
		}
	}
	if MatchRule(RFC3986, "", base, bad) {
		t.Errorf("MatchRule with mode %#x = true, want false", uint(bad))
	}
	if got := RFC3986.RuleFor(base, bad); got != "" {
		t.Errorf("RuleFor with mode %#x = %q, want \"\"", uint(bad), got)
	}
}
