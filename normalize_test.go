package urlgrammar

import (
	"errors"
	"strings"
	"testing"
)

// A normRow is a normalization the test expects: in normalized (with steps, or every step of
// the version when there are none) is want.
type normRow struct {
	in, want string
	steps    []Step
	cite     string
}

func checkNormalize(t *testing.T, v Version, rows []normRow) {
	t.Helper()
	for _, r := range rows {
		got, err := Normalize(v, r.in, 0, r.steps...)
		if err != nil || got != r.want {
			t.Errorf("%v %s: Normalize(%q, %v) = %q, %v; want %q", v, r.cite, r.in, r.steps, got, err, r.want)
			continue
		}
		if again, err := Normalize(v, got, 0, r.steps...); err != nil || again != got {
			t.Errorf("%v %s: Normalize(%q) = %q, %v; want it unchanged (idempotence)", v, r.cite, got, again, err)
		}
	}
}

// An equivRow is a comparison the test expects: a and b equivalent on rung step, or (when
// differ is set) not equivalent, with differ in the stated difference.
type equivRow struct {
	a, b   string
	step   Step
	differ string
	cite   string
}

func checkEquivalent(t *testing.T, v Version, rows []equivRow) {
	t.Helper()
	// RFC 3986 section 6.2.1 (and the 2003 draft's): the same string is equivalent by simple
	// string comparison, normalizing nothing.
	if len(rows) > 0 {
		a := rows[0].a
		want := Equivalence{Equivalent: true, Step: SimpleComparison, A: a, B: a}
		if e, err := Equivalent(v, a, a, 0); err != nil || e != want {
			t.Errorf("%v: Equivalent(%q, %q) = %+v, %v; want %+v", v, a, a, e, err, want)
		}
	}
	for _, r := range rows {
		for _, pair := range [][2]string{{r.a, r.b}, {r.b, r.a}} {
			e, err := Equivalent(v, pair[0], pair[1], 0)
			switch {
			case err != nil:
				t.Errorf("%v %s: Equivalent(%q, %q): %v", v, r.cite, pair[0], pair[1], err)
			case r.differ != "" && (e.Equivalent || !strings.Contains(e.Difference, r.differ)):
				t.Errorf("%v %s: Equivalent(%q, %q) = %+v; want different (%s)", v, r.cite, pair[0], pair[1], e, r.differ)
			case r.differ == "" && (!e.Equivalent || e.Step != r.step || e.A != e.B):
				t.Errorf("%v %s: Equivalent(%q, %q) = %+v; want equivalent on rung %v", v, r.cite, pair[0], pair[1], e, r.step)
			case r.differ == "" && e.Section != sectionOf(v, r.step):
				t.Errorf("%v %s: Equivalent(%q, %q).Section = %q, want %q", v, r.cite, pair[0], pair[1], e.Section, sectionOf(v, r.step))
			}
		}
	}
}

// RFC 3986 section 6.2: every example of 6.2.2 to 6.2.4.
func TestNormalizeRFC3986(t *testing.T) {
	checkEquivalent(t, RFC3986, []equivRow{
		// 6.2.1: identical strings are equivalent on the first rung.
		{a: "http://example.com/", b: "http://example.com/", step: SimpleComparison, cite: "section 6.2.1"},
		// 6.2.2: "an application using this approach could reasonably consider the following
		// two URIs equivalent": the last rung they need is path segment normalization.
		{a: "example://a/b/c/%7Bfoo%7D", b: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", step: PathSegmentNormalization, cite: "section 6.2.2"},
		// 6.2.2.1: "the URI <HTTP://www.EXAMPLE.com/> is equivalent to <http://www.example.com/>";
		// "%3a" versus "%3A".
		{a: "HTTP://www.EXAMPLE.com/", b: "http://www.example.com/", step: CaseNormalization, cite: "section 6.2.2.1"},
		{a: "http://a/%3a", b: "http://a/%3A", step: CaseNormalization, cite: "section 6.2.2.1"},
		// 6.2.2.2: an encoded unreserved character.
		{a: "http://a/%7Euser", b: "http://a/~user", step: PercentEncodingNormalization, cite: "section 6.2.2.2"},
		// 6.2.3: "the following four URIs are equivalent".
		{a: "http://example.com", b: "http://example.com/", step: EmptyPathNormalization, cite: "section 6.2.3"},
		{a: "http://example.com/", b: "http://example.com:/", step: DefaultPortNormalization, cite: "section 6.2.3"},
		{a: "http://example.com:/", b: "http://example.com:80/", step: DefaultPortNormalization, cite: "section 6.2.3"},
		{a: "http://example.com", b: "http://example.com:80/", step: EmptyPathNormalization, cite: "section 6.2.3"},
		// 6.2.3: "the URI "http://example.com/?" cannot be assumed to be equivalent to any of
		// the examples above".
		{a: "http://example.com/?", b: "http://example.com/", differ: "has a query", cite: "section 6.2.3"},
		{a: "http://example.com/?", b: "http://example.com:80", differ: "query", cite: "section 6.2.3"},
		// 6.2.3: "mailto:Joe@Example.COM" and "mailto:Joe@example.com" are equivalent by the
		// rules of the mailto scheme, which this package does not implement (6.2.3 names only
		// http's rules).
		{a: "mailto:Joe@Example.COM", b: "mailto:Joe@example.com", differ: "paths differ", cite: "section 6.2.3"},
		// 6.2.4: "http://example.com/data" redirecting to "http://example.com/data/" is
		// protocol-based, which needs the network: not done.
		{a: "http://example.com/data", b: "http://example.com/data/", differ: "paths differ", cite: "section 6.2.4"},
	})
	unreserved := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	var encoded strings.Builder
	for i := 0; i < len(unreserved); i++ {
		encoded.WriteString("%" + strings.ToLower(hexByte(unreserved[i])))
	}
	checkNormalize(t, RFC3986, []normRow{
		{in: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", want: "example://a/b/c/%7Bfoo%7D", cite: "section 6.2.2"},
		{in: "HTTP://www.EXAMPLE.com/", want: "http://www.example.com/", cite: "section 6.2.2.1"},
		{in: "HTTP://www.EXAMPLE.com/%3a", want: "http://www.example.com/%3A", steps: []Step{CaseNormalization}, cite: "section 6.2.2.1"},
		// 6.2.2.2: "percent-encoded octets in the ranges of ALPHA (%41-%5A and %61-%7A), DIGIT
		// (%30-%39), hyphen (%2D), period (%2E), underscore (%5F), or tilde (%7E) should not be
		// created by URI producers and, when found in a URI, should be decoded".
		{in: "s:/" + encoded.String(), want: "s:/" + unreserved, steps: []Step{PercentEncodingNormalization}, cite: "section 6.2.2.2"},
		// Reserved characters stay encoded, their hex digits in upper case.
		{in: "s://h/%2f%3F%5b%25?%26#%23", want: "s://h/%2F%3F%5B%25?%26#%23", cite: "section 6.2.2.2"},
		// 6.2.2.3 applies remove_dot_segments (section 5.2.4, whose examples these are).
		{in: "s:/a/b/c/./../../g", want: "s:/a/g", steps: []Step{PathSegmentNormalization}, cite: "sections 6.2.2.3 and 5.2.4"},
		{in: "s:mid/content=5/../6", want: "s:mid/6", steps: []Step{PathSegmentNormalization}, cite: "sections 6.2.2.3 and 5.2.4"},
		// A relative reference's dot segments say where it leads: section 6.1.
		{in: "../a/./b", want: "../a/./b", cite: "section 6.1"},
		// Section 3.3: without an authority, a path cannot begin with "//".
		{in: "s:/a/..//b", want: "s:/.//b", cite: "section 3.3"},
		// 6.2.3 and 3.2.3: the four equivalent URIs have the normal form "http://example.com/";
		// an empty port goes whatever the scheme, a default one only where the scheme is named.
		{in: "http://example.com", want: "http://example.com/", cite: "section 6.2.3"},
		{in: "http://example.com:/", want: "http://example.com/", cite: "section 6.2.3"},
		{in: "http://example.com:80/", want: "http://example.com/", cite: "section 6.2.3"},
		{in: "HTTP://example.com:0080", want: "http://example.com/", cite: "section 6.2.3"},
		{in: "ftp://example.com:/", want: "ftp://example.com/", cite: "section 3.2.3"},
		{in: "ftp://example.com:21/", want: "ftp://example.com:21/", cite: "section 6.2.3"},
		{in: "ftp://example.com", want: "ftp://example.com", cite: "section 6.2.3"},
		{in: "http://example.com/?", want: "http://example.com/?", cite: "section 6.2.3"},
		// Steps one at a time.
		{in: "HTTP://a:80/./%7e", want: "HTTP://a:80/./~", steps: []Step{PercentEncodingNormalization}, cite: "section 6.2.2.2"},
		{in: "HTTP://a:80/./%7e", want: "HTTP://a/./%7e", steps: []Step{DefaultPortNormalization}, cite: "section 6.2.3"},
	})
}

// hexByte returns the two upper-case hex digits of c.
func hexByte(c byte) string {
	const digits = "0123456789ABCDEF"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// The 2003 draft, section 6.2. Its 6.2.2.1 example ("the URI is equivalent to .") has lost both
// URIs in the seed text, as everything between angle brackets has.
func TestNormalizeDraft2003(t *testing.T) {
	checkEquivalent(t, Draft2003, []equivRow{
		// 6.2.2: "an application using this approach could reasonably consider the following
		// two URIs equivalent: example://a/b/c/%7A eXAMPLE://a/./b/../b/c/%7a".
		{a: "example://a/b/c/%7A", b: "eXAMPLE://a/./b/../b/c/%7a", step: PathSegmentNormalization, cite: "section 6.2.2"},
		// 6.2.2.2: ""%3a" versus "%3A". Such sequences are always equivalent" (a step of escape
		// normalization in this draft, not of case normalization).
		{a: "http://a/%3a", b: "http://a/%3A", step: PercentEncodingNormalization, cite: "section 6.2.2.2"},
		{a: "http://a/%7Euser", b: "http://a/~user", step: PercentEncodingNormalization, cite: "section 6.2.2.2"},
		// 6.2.3: "http://example.com/ http://example.com:80/".
		{a: "http://example.com/", b: "http://example.com:80/", step: DefaultPortNormalization, cite: "section 6.2.3"},
		{a: "http://example.com:/", b: "http://example.com:80/", step: DefaultPortNormalization, cite: "section 6.2.3"},
		// 6.2.4: "http://example.com/data redirects to http://example.com/data/": protocol-based.
		{a: "http://example.com/data", b: "http://example.com/data/", differ: "paths differ", cite: "section 6.2.4"},
		// 6.2.3 names no empty-path rule.
		{a: "http://example.com", b: "http://example.com/", differ: "paths differ", cite: "section 6.2.3"},
	})
	checkNormalize(t, Draft2003, []normRow{
		{in: "eXAMPLE://a/./b/../b/c/%7a", want: "example://a/b/c/z", cite: "section 6.2.2"},
		{in: "HTTP://www.EXAMPLE.com/", want: "http://www.example.com/", steps: []Step{CaseNormalization}, cite: "section 6.2.2.1"},
		// 6.2.2.3 merges the path by section 5.2, whose merge step 7 retains leftover "..".
		{in: "http://a/b/c/../../../g", want: "http://a/../g", cite: "sections 6.2.2.3 and 5.2"},
		{in: "http://a/b:c/./d", want: "http://a/b:c/d", cite: "section 6.2.2.3"},
		{in: "ftp://a:21/", want: "ftp://a:21/", cite: "section 6.2.3"},
	})
}

// RFC 2396 section 6 and section 2.3.
func TestNormalizeRFC2396(t *testing.T) {
	checkEquivalent(t, RFC2396, []equivRow{
		// Section 6: "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>".
		{a: "http://www.XEROX.com", b: "http://www.xerox.com", step: CaseNormalization, cite: "section 6"},
		// Sections 3.1 and 6: "the scheme and hostname are case insensitive".
		{a: "HTTP://www.xerox.com", b: "http://www.xerox.com", step: CaseNormalization, cite: "sections 3.1 and 6"},
		// Section 2.3: "Unreserved characters can be escaped without changing the semantics of
		// the URI"; "~" is a mark.
		{a: "http://a/%7Euser", b: "http://a/~user", step: PercentEncodingNormalization, cite: "section 2.3"},
		// Section 6: "a URL with an explicit ":port", where the port is the default for the
		// scheme, is equivalent to one where the port is elided".
		{a: "http://a:80/", b: "http://a/", step: DefaultPortNormalization, cite: "section 6"},
		{a: "ftp://a:21/x", b: "ftp://a/x", step: DefaultPortNormalization, cite: "section 6 (RFC 1738 section 3.2's port)"},
		// No path step: dot segments are resolution's business in RFC 2396.
		{a: "http://a/./b", b: "http://a/b", differ: "paths differ", cite: "section 6"},
		// The path's case is not the host's.
		{a: "http://a/X", b: "http://a/x", differ: "paths differ", cite: "section 6"},
	})
	checkNormalize(t, RFC2396, []normRow{
		{in: "HTTP://www.XEROX.com:80/%7e%2f", want: "http://www.xerox.com/~%2F", cite: "sections 2.3 and 6"},
		// "%24" is "$", reserved in RFC 2396 (but a mark in the 1997 draft).
		{in: "http://a/%24", want: "http://a/%24", cite: "section 2.2"},
		// A registry-based authority is no host name.
		{in: "s://Reg;Name/", want: "s://Reg;Name/", cite: "section 3.2.1"},
		// The empty port is not named in section 6.
		{in: "http://a:/", want: "http://a:/", cite: "section 6"},
	})
}

// The 1997 draft, section 6 and sections 2.3 and 4.1.
func TestNormalizeDraft1997(t *testing.T) {
	checkEquivalent(t, Draft1997, []equivRow{
		// Section 6: "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>".
		{a: "http://www.XEROX.com", b: "http://www.xerox.com", step: CaseNormalization, cite: "section 6"},
		// Section 4.1: "treat upper case letters as equivalent to lower case in scheme names
		// (e.g., allow "HTTP" as well as "http")".
		{a: "HTTP://a/", b: "http://a/", step: CaseNormalization, cite: "section 4.1"},
		{a: "http://a/%7Euser", b: "http://a/~user", step: PercentEncodingNormalization, cite: "section 2.3"},
		{a: "http://a:80/", b: "http://a/", step: DefaultPortNormalization, cite: "section 6"},
	})
	checkNormalize(t, Draft1997, []normRow{
		// "$" is a mark in this draft.
		{in: "http://a/%24", want: "http://a/$", cite: "section 2.3"},
	})
}

// RFC 1738 section 2.1 (scheme names) and 2.2 (escapes).
func TestNormalizeRFC1738(t *testing.T) {
	checkNormalize(t, RFC1738, []normRow{
		// 2.1: "allow "HTTP" as well as "http"".
		{in: "HTTP://a/b", want: "http://a/b", cite: "section 2.1"},
		// 2.2: "~" is unsafe, not unreserved: "%7E" stays, "%41" and "%24" ("$", safe) do not.
		{in: "http://a/%7e%41%24", want: "http://a/%7EA$", cite: "section 2.2"},
		// No rule on the case of host names, nor on default ports.
		{in: "http://A:80/", want: "http://A:80/", cite: "section 2.2"},
		{in: "ftp://h/%2fetc/motd", want: "ftp://h/%2Fetc/motd", cite: "section 3.2.2"},
	})
	checkEquivalent(t, RFC1738, []equivRow{
		{a: "HTTP://a/b", b: "http://a/b", step: CaseNormalization, cite: "section 2.1"},
		{a: "http://a/%41", b: "http://a/A", step: PercentEncodingNormalization, cite: "section 2.2"},
		{a: "http://A/", b: "http://a/", differ: "hosts differ", cite: "section 3.1"},
	})
	if _, err := Equivalent(RFC1738, "http://a/%7Euser", "http://a/~user", 0); !isSyntaxErr(err) {
		t.Errorf(`RFC 1738: Equivalent of "http://a/~user": %v, want a *SyntaxError ("~" is unsafe, section 2.2)`, err)
	}
}

// uriparser's own normalization tests, transcribed from test/test.cpp of uriparser/uriparser at
// commit 82d319a47455cca1d4fa69bd9e7d235acc88923b (TestNormalizeSyntax,
// TestNormalizeSyntaxComponents, TestNormalizeSyntaxPath, TestNormalizeSyntaxMaskRequired):
// the rows on which uriparser (uriNormalizeSyntax, RFC 3986 section 6.2.2) and RFC 3986 agree.
// Left out: the rows that normalize the dot segments of a relative reference ("../../abc/..",
// "/.."), which RFC 3986 leaves to resolution (section 6.1), and the masks that normalize one
// component's escapes alone (URI_NORMALIZE_USER_INFO, _QUERY, _FRAGMENT), which are no step of
// the document.
func TestNormalizeUriparser(t *testing.T) {
	syntax := []Step{CaseNormalization, PercentEncodingNormalization, PathSegmentNormalization}
	path := []Step{PathSegmentNormalization}
	checkNormalize(t, RFC3986, []normRow{
		{in: "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", want: "example://a/b/c/%7Bfoo%7D", steps: syntax},
		{in: "http://examp%4Ce.com/", want: "http://example.com/", steps: syntax},
		{in: "http://example.com/a/b/%2E%2E/", want: "http://example.com/a/", steps: syntax},
		{in: "http://user:pass@SOMEHOST.COM:123", want: "http://user:pass@somehost.com:123", steps: syntax},
		{in: "HTTP://a:b@HOST:123/./1/2/../%41?abc#def", want: "http://a:b@host:123/1/A?abc#def", steps: syntax},
		{in: "./abc:def", want: "./abc:def", steps: syntax},
		{in: "HTTP://%41@EXAMPLE.ORG/../a?%41#%41", want: "HTTP://%41@EXAMPLE.ORG/a?%41#%41", steps: path},
		{in: "http://a/b/c/../../..", want: "http://a/", steps: path},
		{in: "http://a/b/../c/../..", want: "http://a/", steps: path},
		{in: "http://a/..", want: "http://a/", steps: path},
		{in: "http://a/..///", want: "http://a///", steps: path},
		{in: "http://a/..///..", want: "http://a//", steps: path},
		{in: "http://localhost/", want: "http://localhost/", steps: syntax},
		{in: "httP://localhost/", want: "http://localhost/", steps: syntax},
		{in: "http://%0d@localhost/", want: "http://%0D@localhost/", steps: syntax},
		{in: "http://localhosT/", want: "http://localhost/", steps: syntax},
		{in: "http://localhost/./abc", want: "http://localhost/abc", steps: syntax},
		{in: "http://localhost/?AB%43", want: "http://localhost/?ABC", steps: syntax},
		{in: "http://localhost/#AB%43", want: "http://localhost/#ABC", steps: syntax},
		{in: "http://example.org/abc//../def", want: "http://example.org/abc/def", steps: syntax},
	})
}

func TestNormalizeNoNormalization(t *testing.T) {
	for _, v := range []Version{Draft1993, Draft1994, RFC1808} {
		if (v.Spec().NormalizationSteps != nil) || v.Spec().NormalizationSteps != nil {
			t.Errorf("%v: DefinesNormalization, want not", v)
		}
		_, err := Normalize(v, "http://a/", 0)
		var e *Error
		if !errors.Is(err, ErrNoNormalization) || !errors.As(err, &e) || e.Op != "normalize" || e.Version != v ||
			!strings.HasPrefix(err.Error(), "normalize "+v.String()+": ") {
			t.Errorf("%v: Normalize error = %v, want one that wraps ErrNoNormalization", v, err)
		}
		if _, err := Equivalent(v, "http://a/", "http://a/", 0); !errors.Is(err, ErrNoNormalization) {
			t.Errorf("%v: Equivalent error = %v, want one that wraps ErrNoNormalization", v, err)
		}
	}
	if _, err := Normalize(RFC2396, "http://a/./b", 0, PathSegmentNormalization); err == nil || errors.Is(err, ErrNoNormalization) {
		t.Errorf("rfc2396: a path segment step: error = %v, want one that says the document gives no such step", err)
	}
	if _, err := Normalize(Version(99), "http://a/", 0); err == nil {
		t.Errorf("Version(99): no error")
	}
}

// Bad input gets the error of Parse, never a panic.
func TestNormalizeBadInput(t *testing.T) {
	bad := []string{"", "\x00", "http://a/\x00", "http://a/ b", "http://a/\xff", "http://a/é", "http://a/%", "http://a/%G1", "http://[::1/"}
	for _, v := range Versions() {
		if v.Spec().NormalizationSteps == nil {
			continue
		}
		for _, s := range bad {
			if ValidateRule(v, "", s, normalizers[v].readAs) == nil {
				continue
			}
			if _, err := Normalize(v, s, 0); !isSyntaxErr(err) {
				t.Errorf("%v: Normalize(%q): %v, want a *SyntaxError", v, s, err)
			}
			if _, err := Equivalent(v, "http://a/", s, 0); !isSyntaxErr(err) {
				t.Errorf("%v: Equivalent(…, %q): %v, want a *SyntaxError", v, s, err)
			}
		}
	}
}

// Normalize is linear: a long input of many escapes and dot segments is normalized in one pass
// per step (a quadratic step would take minutes here).
func TestNormalizeHugeInput(t *testing.T) {
	s := "HTTP://A/" + strings.Repeat("%7e/./a/../", 1<<16)
	got, err := Normalize(RFC3986, s, 0)
	if err != nil || got != "http://a/"+strings.Repeat("~/", 1<<16) {
		t.Errorf("Normalize of a %d-byte URI: %d bytes, %v", len(s), len(got), err)
	}
}
