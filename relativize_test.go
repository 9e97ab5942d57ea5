package urlgrammar

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/conformance"
)

// checkRelativize checks the property Resolve(v, base, Relativize(v, base, target)) == target
// for a target that resolution gave, and that the reference is no longer than the target.
// checkTable calls it for every row of the documents' resolution tables.
func checkRelativize(t *testing.T, v Version, base, target string, opts []ResolveOption, cite string) {
	t.Helper()
	ref, err := Relativize(v, base, target, opts...)
	if err != nil {
		t.Errorf("%v %s: Relativize(%q, %q): %v", v, cite, base, target, err)
		return
	}
	if got, err := Resolve(v, base, ref, opts...); err != nil || got != target {
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
	if got, err := Relativize(RFC1808, base+"#f", base+"#f"); err != nil || got != "" {
		t.Errorf("rfc1808: Relativize of the base to itself = %q, %v; want the empty reference", got, err)
	}
	for _, r := range rows {
		got, err := Relativize(r.v, base, r.target)
		if err != nil || got != r.want {
			t.Errorf("%v: Relativize(%q, %q) = %q, %v; want %q (%s)", r.v, base, r.target, got, err, r.want, r.why)
		}
	}
}

func TestRelativizeErrors(t *testing.T) {
	for _, v := range []Version{Draft1994, RFC1738} {
		if _, err := Relativize(v, "http://a/b", "http://a/c"); !errors.Is(err, ErrNoResolution) {
			t.Errorf("%v: %v, want an error that wraps ErrNoResolution", v, err)
		}
	}
	// RFC 3986 removes dot segments from every target, so nothing resolves to this one.
	if _, err := Relativize(RFC3986, "http://a/b", "http://a/./c"); !errors.Is(err, ErrNoReference) {
		t.Errorf("rfc3986: a target with a dot segment: %v, want an error that wraps ErrNoReference", err)
	}
	if _, err := Relativize(RFC3986, "http://a/b", "http://a/ c"); !isSyntaxErr(err) {
		t.Errorf("rfc3986: an invalid target: %v, want a *SyntaxError", err)
	}
	if _, err := Relativize(RFC3986, "b/c", "http://a/c"); err == nil {
		t.Errorf("rfc3986: a relative base: no error")
	}
	// A base outside the hierarchical syntax leaves only the absolute target.
	if got, err := Relativize(RFC2396, "mailto:x@y", "mailto:x@z"); err != nil || got != "mailto:x@z" {
		t.Errorf("rfc2396: an opaque base: %q, %v; want the target", got, err)
	}
}

// relativizePairs is how many generated pairs TestRelativizeGenerated checks per version:
// URLGRAMMAR_RELATIVIZE_PAIRS when set (the 100 000 of the long run), otherwise a number that
// keeps go test quick.
func relativizePairs(t *testing.T) int {
	if s := os.Getenv("URLGRAMMAR_RELATIVIZE_PAIRS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("URLGRAMMAR_RELATIVIZE_PAIRS=%q: %v", s, err)
		}
		return n
	}
	if testing.Short() {
		return 1000
	}
	return 10000
}

// The property Resolve(v, base, Relativize(v, base, target)) == target on generated pairs, for
// every version that defines resolution. Bases are the documents' own and generated absolute
// URLs; references are generated references of the version's grammar and their parts (what
// follows the scheme, the path and what follows it, the last segment and what follows it),
// and each target is what resolution gives. Every resolvable pair counts; the test fails when
// fewer than the wanted number resolve.
func TestRelativizeGenerated(t *testing.T) {
	want := relativizePairs(t)
	for _, v := range Versions() {
		if !v.DefinesResolution() {
			continue
		}
		g, err := bnf(v)
		if err != nil {
			t.Fatal(err)
		}
		refs, err := conformance.NewGenerator(g, v.DefaultRule(), 7)
		if err != nil {
			t.Fatal(err)
		}
		bases, err := conformance.NewGenerator(g, v.AbsoluteRule(), 8)
		if err != nil {
			t.Fatal(err)
		}
		fixed := []string{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#f", "http://a", "http://a/", "s://h/a/b/c/", "s:/a/b"}
		var base string
		checked, tried, shorter, invalid := 0, 0, 0, 0
		for checked < want && tried < 20*want {
			if tried%8 == 0 {
				if tried%16 == 0 {
					base = fixed[(tried/16)%len(fixed)]
				} else {
					base = bases.Positive()
				}
			}
			for _, ref := range referenceParts(refs.Positive()) {
				tried++
				target, err := Resolve(v, base, ref)
				if err != nil {
					continue
				}
				// RFC 3986's algorithm as printed can give what its grammar rejects: "/.//x"
				// against "s:/a/b" is "s://x", whose "//x" reads as an authority. Relativize
				// rejects such a target as it rejects any invalid one.
				if !MatchRule(v, v.DefaultRule(), target) {
					if _, err := Relativize(v, base, target); !isSyntaxErr(err) {
						t.Errorf("%v: Relativize(%q, %q), an invalid target: %v, want a *SyntaxError", v, base, target, err)
					}
					invalid++
					continue
				}
				rel, err := Relativize(v, base, target)
				if err != nil {
					t.Errorf("%v: Relativize(%q, %q) (the target of %q): %v", v, base, target, ref, err)
					continue
				}
				if got, err := Resolve(v, base, rel); err != nil || got != target {
					t.Errorf("%v: Relativize(%q, %q) = %q, which resolves to %q, %v", v, base, target, rel, got, err)
				}
				if len(rel) < len(target) {
					shorter++
				}
				checked++
			}
		}
		t.Logf("%v: %d pairs checked (%d tried, %d resolved to an invalid target), %d with a reference shorter than the target", v, checked, tried, invalid, shorter)
		if checked < want || shorter < checked/4 {
			t.Errorf("%v: %d pairs checked, %d of them shortened, of %d wanted: the samples do not exercise Relativize", v, checked, shorter, want)
		}
	}
}

// referenceParts returns s and its tails: from after the scheme's ":", from its path, and from
// its last "/" (as the generic syntax would split it; parts that are not references of the
// version are rejected by Resolve and skipped).
func referenceParts(s string) []string {
	parts := []string{s}
	if i := strings.IndexByte(s, ':'); i > 0 {
		rest := s[i+1:]
		parts = append(parts, rest)
		if strings.HasPrefix(rest, "//") {
			if j := strings.IndexAny(rest[2:], "/?#"); j >= 0 {
				parts = append(parts, rest[2+j:])
			}
		}
	}
	end := len(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	if i := strings.LastIndexByte(s[:end], '/'); i >= 0 {
		parts = append(parts, s[i+1:])
	}
	return parts
}
