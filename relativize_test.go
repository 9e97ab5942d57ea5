package urlgrammar

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// checkRelativize checks the property Resolve(v, base, Relativize(v, base, target)) == target
// for a target that resolution gave, and that the reference is no longer than the target.
// checkTable calls it for every row of the documents' resolution tables.
func checkRelativize(t *testing.T, v Version, base, target string, p Policy, cite string) {
	t.Helper()
	ref, err := Relativize(v, base, target, 0, p)
	if err != nil {
		t.Errorf("%v %s: Relativize(%q, %q): %v", v, cite, base, target, err)
		return
	}
	if got, err := resolveText(v, base, ref, p); err != nil || got != target {
		t.Errorf("%v %s: Relativize(%q, %q) = %q, which resolves to %q, %v", v, cite, base, target, ref, got, err)
	}
	if len(ref) > len(target) {
		t.Errorf("%v %s: Relativize(%q, %q) = %q, longer than the target", v, cite, base, target, ref)
	}
}

// Relative forms that the documents' tables print for their targets, which Relativize must find
// as the shortest (RFC 3986 section 5.4.1, the 2003 draft's and the 1997 draft's Appendix C,
// RFC 1808 section 5.1), and where the versions' algorithms make them differ.
func TestRelativizeShortest(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	rows := []struct {
		v                 Version
		target, want, why string
	}{
		{RFC3986, "http://a/b/c/g", "g", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/c/g/", "g/", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/g", "/g", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://g", "//g", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/c/d;p?y", "?y", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/c/d;p?q#s", "#s", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/c/", ".", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/", "..", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/b/g", "../g", "RFC 3986 section 5.4.1"},
		{RFC3986, "http://a/", "/", "RFC 3986 section 5.4.1 prints \"../..\"; \"/\" is shorter"},
		{RFC3986, "http://a/b/c/d;p?q", "", "RFC 3986 section 5.4.1, the empty reference"},
		{RFC3986, "g:h", "g:h", "RFC 3986 section 5.4.1: another scheme"},
		{RFC3986, "http://a/b/c/g:h", "./g:h", "RFC 3986 section 4.2: a first segment with a colon"},
		// "?y" against this base is "http://a/b/c/?y" in the 1997 draft (Appendix C).
		{Draft1997, "http://a/b/c/?y", "?y", "the 1997 draft, Appendix C"},
		{Draft1997, "http://a/b/c/d;p?y", "d;p?y", "the 1997 draft, Appendix C"},
		{RFC2396, "http://a/b/c/d;p?y", "d;p?y", "RFC 2396 Appendix C: \"?y\" is http://a/b/c/?y"},
		{RFC1808, "http://a/b/c/d;x", ";x", "RFC 1808 section 5.1"},
		{Draft2003, "http://a/./g", "/./g", "the 2003 draft, Appendix C: \"/./g\" keeps its dot"},
		// The 1993 draft's partial forms know no "?" or "#" alone: they replace the last segment.
		{Draft1993, "http://a/b/c/d;p?q#s", "d;p?q#s", "the 1993 draft, \"Partial form\""},
	}
	// RFC 1808 section 5.2: "An empty reference resolves to the complete base URL".
	if got, err := Relativize(RFC1808, base+"#f", base+"#f", 0, Policy{}); err != nil || got != "" {
		t.Errorf("rfc1808: Relativize of the base to itself = %q, %v; want the empty reference", got, err)
	}
	for _, r := range rows {
		got, err := Relativize(r.v, base, r.target, 0, Policy{})
		if err != nil || got != r.want {
			t.Errorf("%v: Relativize(%q, %q) = %q, %v; want %q (%s)", r.v, base, r.target, got, err, r.want, r.why)
		}
	}
}

func TestRelativizeErrors(t *testing.T) {
	for _, v := range []Version{Draft1994, RFC1738} {
		if _, err := Relativize(v, "http://a/b", "http://a/c", 0, Policy{}); !errors.Is(err, ErrNoResolution) {
			t.Errorf("%v: %v, want an error that wraps ErrNoResolution", v, err)
		}
	}
	// RFC 3986 removes dot segments from every target, so nothing resolves to this one.
	if _, err := Relativize(RFC3986, "http://a/b", "http://a/./c", 0, Policy{}); !errors.Is(err, ErrNoReference) {
		t.Errorf("rfc3986: a target with a dot segment: %v, want an error that wraps ErrNoReference", err)
	}
	if _, err := Relativize(RFC3986, "http://a/b", "http://a/ c", 0, Policy{}); !isSyntaxErr(err) {
		t.Errorf("rfc3986: an invalid target: %v, want a *SyntaxError", err)
	}
	if _, err := Relativize(RFC3986, "b/c", "http://a/c", 0, Policy{}); err == nil {
		t.Errorf("rfc3986: a relative base: no error")
	}
	// A base outside the hierarchical syntax leaves only the absolute target.
	if got, err := Relativize(RFC2396, "mailto:x@y", "mailto:x@z", 0, Policy{}); err != nil || got != "mailto:x@z" {
		t.Errorf("rfc2396: an opaque base: %q, %v; want the target", got, err)
	}
}

// Relativize is linear: a target with a long path against a base with a long path (a
// quadratic search of their common directory would take minutes here).
func TestRelativizeHugeInput(t *testing.T) {
	dir := strings.Repeat("a/", 1<<17)
	base, target := "http://h/"+dir+"b/c", "http://h/"+dir+"d/e"
	if got, err := Relativize(RFC3986, base, target, 0, Policy{}); err != nil || got != "../d/e" {
		t.Errorf("Relativize of %d-byte URLs = %.40q, %v; want \"../d/e\"", len(base), got, err)
	}
}

// TestRelativizeAgreesWithResolve: the pairs on which Relativize once disagreed with Resolve.
func TestRelativizeAgreesWithResolve(t *testing.T) {
	for _, c := range []struct {
		v                  Version
		p                  Policy
		base, target, want string
	}{
		// RFC 3986 merges "d" with the rootless path "b/c" (section 5.2.3: "all but the last
		// segment of the base URI's path"), with or without NonValidating.
		{RFC3986, Policy{NonValidating: true}, "a:b/c", "a:b/d", "d"},
		{RFC3986, Policy{}, "a:b/c", "a:b/d", "d"},
		// The 2003 draft resolves the empty reference and a fragment to the current document
		// whatever the base (section 5.2: "An empty reference refers to the current
		// document"), although "a:b" does not fit hier-part: Relativize accepts that base too.
		{Draft2003, Policy{NonValidating: true}, "a:b", "a:b#s", "#s"},
		{Draft2003, Policy{NonValidating: true}, "a:b", "a:b", ""},
		// A "." segment in the base's path does not count as a level: one "../" climbs from
		// "%2e/./a/" to "%2e/" (RFC 3986 section 5.2.4).
		{RFC3986, Policy{NonValidating: true}, "x:%2e/./a/%2e", "x:%2e/d;p", "../d;p"},
	} {
		got, err := Relativize(c.v, c.base, c.target, 0, c.p)
		if err != nil || got != c.want {
			t.Errorf("Relativize(%v, %q, %q, %+v) = %q, %v; want %q", c.v, c.base, c.target, c.p, got, err, c.want)
			continue
		}
		if back, err := Resolve(c.v, c.base, got, 0, c.p); err != nil || back.Text != c.target {
			t.Errorf("Resolve(%v, %q, %q) = %q, %v; want %q", c.v, c.base, got, back.Text, err, c.target)
		}
	}
}

// Where no reference resolves to the target, the search for one stays bounded: RFC 3986 removes
// the dot segment of every target, so nothing resolves to "http://h/./a/a/…".
func TestRelativizeSearchBounded(t *testing.T) {
	for _, n := range []int{50, 2000, 1 << 15} {
		dir := strings.Repeat("a/", n)
		start := time.Now()
		_, err := Relativize(RFC3986, "http://h/"+dir+"b", "http://h/./"+dir, 0, Policy{})
		if !errors.Is(err, ErrNoReference) {
			t.Errorf("%d segments: %v, want ErrNoReference", n, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%d segments: %v", n, d)
		}
	}
}
