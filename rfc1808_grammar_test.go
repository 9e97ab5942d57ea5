package urlgrammar_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// The expected verdicts in this file are read off RFC 1808 section 2.2 (grammar/rfc1808.bnf) by
// hand; the section of the RFC that prints an input is cited with it.

func TestRFC1808StartRules(t *testing.T) {
	want := []string{"URL", "absoluteURL", "relativeURL", "net_path", "abs_path", "rel_path"}
	got := urlgrammar.RFC1808.Spec().StartRules
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("StartRules() = %v, want %v", got, want)
	}
	if d := urlgrammar.RFC1808.Spec().DefaultRule; d != "URL" {
		t.Errorf("DefaultRule() = %q, want URL", d)
	}
	if v, err := urlgrammar.Lookup("rfc1808"); err != nil || v != urlgrammar.RFC1808 {
		t.Errorf("Lookup(rfc1808) = %v, %v", v, err)
	}
	if d := urlgrammar.RFC1808.Spec().Date; d != "1995-06" {
		t.Errorf("Date() = %q, want 1995-06", d)
	}
}

// TestRFC1808Section5 holds to RFC 1808's grammar what section 5, "Examples and Recommended
// Practice", prints and the corpus (compare/corpus.tsv, held to the document by
// TestCorpusDocumentExamples) does not assert. The corpus holds every reference of sections
// 5.1-5.3 to URL, and to relativeURL (unless it has a "#") and not absoluteURL when it has no
// scheme; and every result to URL, absoluteURL (unless it has a "#") and relativeURL (the
// same). A rel_path is any string of uchar and reserved characters that does not start with
// "/" (pchar holds ":", and path segments may be empty), so every absolute URL without "#" is
// a relativeURL too: "http://a/b" is a rel_path whose path has the segments "http:", "", "a"
// and "b". URL tries absoluteURL first, as the BNF lists it.
//
// What is left: the references that start with a scheme and ":" are absoluteURLs as well, and
// the base without the fragment that section 5 prints with it.
func TestRFC1808Section5(t *testing.T) {
	// Section 5: "Base: <URL:http://a/b/c/d;p?q#f>" (the <URL:...> wrapper is not part of it).
	referenceRow{"http://a/b/c/d;p?q", true, true, true}.check(t, urlgrammar.RFC1808, "section 5 base without its fragment")
	referenceRow{"g:h", true, true, true}.check(t, urlgrammar.RFC1808, "section 5.1")
	referenceRow{"http:g", true, true, true}.check(t, urlgrammar.RFC1808, "section 5.2")
	referenceRow{"http:", true, true, true}.check(t, urlgrammar.RFC1808, "section 5.2")
	// Section 5.3: "this:that" is mistaken for a scheme name.
	referenceRow{"this:that", true, true, true}.check(t, urlgrammar.RFC1808, "section 5.3")
}

// TestRFC1808OtherPrintedURLs holds the URLs printed elsewhere in RFC 1808.
func TestRFC1808OtherPrintedURLs(t *testing.T) {
	// Section 3.1, "Base: <URL:http://www.ics.uci.edu/Test/a/b/c>"; section 10, the same base,
	// the relative "../x" and its resolution.
	referenceRow{"http://www.ics.uci.edu/Test/a/b/c", true, true, true}.check(t, urlgrammar.RFC1808, "sections 3.1 and 10")
	referenceRow{"../x", true, false, true}.check(t, urlgrammar.RFC1808, "section 10")
	referenceRow{"http://www.ics.uci.edu/Test/a/x", true, true, true}.check(t, urlgrammar.RFC1808, "section 10")
	// Section 8, reference [3].
	referenceRow{"http://www.ics.uci.edu/pub/ietf/html/", true, true, true}.check(t, urlgrammar.RFC1808, "section 8 [3]")
	// Section 2.1 writes the parameter ";type=a" (RFC 1738's ftp typecode), section 4 ";type=d".
	referenceRow{";type=a", true, false, true}.check(t, urlgrammar.RFC1808, "section 2.1")
	referenceRow{"ftp://h/d;type=d", true, true, true}.check(t, urlgrammar.RFC1808, "section 4")
}

// TestRFC1808Pitfalls holds hand-made inputs aimed at the places where a PEG's ordered choice
// or greedy repetition could accept another language than the BNF (see grammar/rfc1808.peg).
func TestRFC1808Pitfalls(t *testing.T) {
	rows := []struct {
		referenceRow
		why string
	}{
		// generic-RL stops inside the input; absoluteURL's second alternative goes on.
		{referenceRow{"x://a//b", true, true, true}, `net_loc "a", abs_path "/": "/b" is left for *( uchar | reserved )`},
		{referenceRow{"http:////", true, true, true}, "only scheme \":\" *( uchar | reserved )"},
		{referenceRow{"http:///", true, true, true}, "net_path with an empty net_loc and abs_path \"/\""},
		{referenceRow{"x:/a//b", true, true, true}, "abs_path: path \"a//b\" has an empty segment"},
		{referenceRow{"x://a//b#f", true, false, false}, "the second alternative, then a fragment"},
		// relativeURL: "//" starts only a net_path, "/" then anything else an abs_path.
		{referenceRow{"//a//b", false, false, false}, "an abs_path never starts with \"//\""},
		{referenceRow{"////", false, false, false}, "an abs_path never starts with \"//\""},
		{referenceRow{"///", true, false, true}, "empty net_loc, abs_path \"/\""},
		{referenceRow{"//", true, false, true}, "empty net_loc"},
		{referenceRow{"/", true, false, true}, "abs_path with an empty rel_path"},
		{referenceRow{"//a?b/c", true, false, true}, "net_loc holds \"?\""},
		{referenceRow{"//a;b@c:d", true, false, true}, "net_loc holds \";\", \"@\", \":\""},
		{referenceRow{"//a/b;c/d;e?f/g?h", true, false, true}, "params hold \"/\" and \";\", query \"/\" and \"?\""},
		// rel_path: path, params, query.
		{referenceRow{"a//b", true, false, true}, "empty segment"},
		{referenceRow{";a/b;c", true, false, true}, "params with no path"},
		{referenceRow{"?a;b/c?d", true, false, true}, "query holds every reserved character"},
		{referenceRow{"a;", true, false, true}, "empty param"},
		{referenceRow{"a?", true, false, true}, "empty query"},
		{referenceRow{"a#", true, false, false}, "empty fragment"},
		{referenceRow{"#", true, false, false}, "empty reference, empty fragment"},
		{referenceRow{"a#b#c", false, false, false}, "fragment holds no \"#\""},
		{referenceRow{"#a/?;:@&=", true, false, false}, "fragment holds every reserved character"},
		// scheme.
		{referenceRow{"1:", true, true, true}, "scheme may start with a digit"},
		{referenceRow{"+.-:x", true, true, true}, "scheme of \"+\", \".\", \"-\""},
		{referenceRow{":a", true, false, true}, "scheme needs a character; \":a\" is a path"},
		{referenceRow{"a_b:c", true, false, true}, "\"_\" is no scheme character; \"a_b:c\" is a path"},
		{referenceRow{"HTTP://A/B", true, true, true}, "upper case letters"},
		{referenceRow{"a:b:c", true, true, true}, "the scheme ends at the first \":\""},
		// escapes.
		{referenceRow{"%41", true, false, true}, "escape"},
		{referenceRow{"%4a%4A", true, false, true}, "escape in both cases of hex"},
		{referenceRow{"%", false, false, false}, "\"%\" needs two hex digits"},
		{referenceRow{"%4", false, false, false}, "\"%\" needs two hex digits"},
		{referenceRow{"%4g", false, false, false}, "\"g\" is no hex digit"},
		{referenceRow{"http://a/%zz", false, false, false}, "\"z\" is no hex digit"},
		// characters outside uchar | reserved.
		{referenceRow{"a b", false, false, false}, "space"},
		{referenceRow{"http://a/~u", false, false, false}, "\"~\" is national"},
		{referenceRow{"http://[::1]/", false, false, false}, "\"[\" is national"},
		{referenceRow{"a{b", false, false, false}, "national"},
		{referenceRow{"a<b", false, false, false}, "punctuation"},
	}
	for _, r := range rows {
		r.check(t, urlgrammar.RFC1808, r.why)
	}

	// The other start rules, each matched to the end of the input.
	for _, c := range []struct {
		rule, in string
		want     bool
	}{
		{"net_path", "//a/b", true},
		{"net_path", "//", true},
		{"net_path", "//a?b", true},
		{"net_path", "//a//b", false},
		{"net_path", "/a", false},
		{"net_path", "", false},
		{"abs_path", "/", true},
		{"abs_path", "/a;b?c", true},
		{"abs_path", "//a", false},
		{"abs_path", "a", false},
		{"abs_path", "", false},
		{"rel_path", "", true},
		{"rel_path", "a/b;c?d", true},
		{"rel_path", ";", true},
		{"rel_path", "?", true},
		{"rel_path", "/a", false},
		{"rel_path", "a?b#c", false},
	} {
		expectVerdict(t, urlgrammar.RFC1808, c.rule, c.in, c.want, "start rule "+c.rule)
	}
}

// TestRFC1808Decisions has one test for each decision recorded in grammar/rfc1808.bnf.
func TestRFC1808Decisions(t *testing.T) {
	// 1. @case sensitive: the BNF spells both cases itself, so letters of either case are
	// accepted wherever alpha or hex is.
	referenceRow{"HtTp://ExAmPlE/%aB%Ab", true, true, true}.check(t, urlgrammar.RFC1808, "decision 1")
	// 2. punctuation's <"> is %x22: no URL holds it (punctuation is used by no rule).
	referenceRow{`a"b`, false, false, false}.check(t, urlgrammar.RFC1808, "decision 2")
	// 3. national and punctuation are kept but used by no rule: none of their characters is
	// in any URL.
	for _, c := range `{}|\^~[]` + "`" + `<>"` {
		referenceRow{"http://a/" + string(c), false, false, false}.check(t, urlgrammar.RFC1808, "decision 3")
	}
	// 4. absoluteURL's unnamed second alternative.
	expectVerdict(t, urlgrammar.RFC1808, "absoluteURL", "x://a//b?c", true, "decision 4")
	// 5. The BNF as printed: "?" in net_loc; no rel_path starts with "/", any other string of
	// uchar | reserved is one; a first segment may hold ":".
	expectVerdict(t, urlgrammar.RFC1808, "net_path", "//h?q", true, "decision 5, net_loc")
	expectVerdict(t, urlgrammar.RFC1808, "rel_path", "/g", false, "decision 5, rel_path")
	expectVerdict(t, urlgrammar.RFC1808, "abs_path", "//g", false, "decision 5, abs_path")
	expectVerdict(t, urlgrammar.RFC1808, "relativeURL", "this:that", true, "decision 5, first segment")
	expectVerdict(t, urlgrammar.RFC1808, "rel_path", "http://a/b;p?q", true, "decision 5, rel_path of every U string not starting with \"/\"")
	expectVerdict(t, urlgrammar.RFC1808, "absoluteURL", "this:that", true, "decision 5, first segment")
}

// TestRFC1808LongInputs: inputs of a mebibyte are decided without growing the stack. (The
// rejected ones are shorter: a rejection is diagnosed by the BNF recognizer, which is slower.)
func TestRFC1808LongInputs(t *testing.T) {
	n, m := 1<<19, 1<<14
	expectVerdict(t, urlgrammar.RFC1808, "URL", "http://a/"+strings.Repeat("b/", n), true, "long path")
	expectVerdict(t, urlgrammar.RFC1808, "URL", "//"+strings.Repeat("a?", n), true, "long net_loc")
	expectVerdict(t, urlgrammar.RFC1808, "URL", "x:"+strings.Repeat(";/", n), true, "long params")
	expectVerdict(t, urlgrammar.RFC1808, "absoluteURL", "x://a/"+strings.Repeat("/", n), true, "long opaque remainder")
	expectVerdict(t, urlgrammar.RFC1808, "URL", "http://a/"+strings.Repeat("b/", m)+"~", false, "long path, then national")
	expectVerdict(t, urlgrammar.RFC1808, "relativeURL", "//a/"+strings.Repeat("/", m), false, "long run of slashes")
}

// rfc1808Long are inputs built to make the PEG backtrack (a generic-RL that fails at the end,
// long runs before a bad character); BenchmarkLong measures them beside a baseline
// (long_test.go).
var rfc1808Long = []longShape{
	{"URL", "x://a", "//b", "", unstated},
	{"URL", "x://a", "//b", "~", unstated},
	{"URL", "//", "a?", "", unstated},
	{"URL", "", "a/", "~", unstated},
	{"URL", "x:", ";/", "#", unstated},
	{"absoluteURL", "x://a/", "/", "", unstated},
	{"relativeURL", "//a", "/", "", unstated},
}

// TestRFC1808Parts checks that the parse gives each component of section 2.1 the text that the
// parsing steps of section 2.4 give it, where the BNF alone is ambiguous or a greedy PEG could
// misplace a boundary.
func TestRFC1808Parts(t *testing.T) {
	type P = rulePart
	components := []string{"scheme", "net_loc", "path", "params", "query", "fragment"}
	tests := []struct {
		start, input string
		want         []P
	}{
		// Section 5's base: "<scheme>://<net_loc>/<path>;<params>?<query>#<fragment>" (2.1).
		{"URL", "http://a/b/c/d;p?q#f", []P{{"scheme", "http"}, {"net_loc", "a"}, {"path", "b/c/d"},
			{"params", "p"}, {"query", "q"}, {"fragment", "f"}}},
		// Section 5.1: "g:h" starts with a scheme name (2.4.2), so it is an absoluteURL.
		{"URL", "g:h", []P{{"scheme", "g"}, {"path", "h"}}},
		{"URL", "http:g", []P{{"scheme", "http"}, {"path", "g"}}},
		{"URL", "//g", []P{{"net_loc", "g"}}},
		{"URL", "?y", []P{{"query", "y"}}},
		{"URL", "#s", []P{{"fragment", "s"}}},
		{"URL", ";x", []P{{"params", "x"}}},
		{"URL", "g;x?y#s", []P{{"path", "g"}, {"params", "x"}, {"query", "y"}, {"fragment", "s"}}},
		{"URL", "g#s/./x", []P{{"path", "g"}, {"fragment", "s/./x"}}},
		{"URL", "", []P{}}, // no component
		// Section 5.3: "./this:that" has no scheme.
		{"URL", "./this:that", []P{{"path", "./this:that"}}},
		// 2.4.3: net_loc runs to the next "/", "?" and ";" included; params hold "/" (2.4.5).
		{"URL", "//a?b;c/d;e/f?g", []P{{"net_loc", "a?b;c"}, {"path", "d"}, {"params", "e/f"}, {"query", "g"}}},
		// A generic-RL that stops early is no parse: the scheme and the rest.
		{"URL", "x://a//b", []P{{"scheme", "x"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.RFC1808, tt.start, tt.input, components...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
	// fsegment and segment: "a//b" is the first segment "a", then "" and "b".
	got := ruleParts(t, urlgrammar.RFC1808, "rel_path", "a//b", "fsegment", "segment")
	if diff := cmp.Diff([]P{{"fsegment", "a"}, {"segment", ""}, {"segment", "b"}}, got); diff != "" {
		t.Errorf("rel_path %q: segments (-want +got):\n%s", "a//b", diff)
	}
	got = ruleParts(t, urlgrammar.RFC1808, "rel_path", ";a;/b;", "params", "param")
	if diff := cmp.Diff([]P{{"params", "a;/b;"}, {"param", "a"}, {"param", "/b"}, {"param", ""}}, got); diff != "" {
		t.Errorf("rel_path %q: params (-want +got):\n%s", ";a;/b;", diff)
	}
}

// TestRFC1808SyntaxErrorOffsets: a rejection points at the first byte that no valid input
// could have there (the longest prefix of the input that some URL still starts with).
func TestRFC1808SyntaxErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		rule, in string
		offset   int
	}{
		{"URL", "http://a/~u", 9},    // "~" is national
		{"URL", "a#b#c", 3},          // a fragment holds no "#"
		{"URL", "%4g", 2},            // "g" is no hex digit
		{"relativeURL", "//a//b", 4}, // after "//a/", a rel_path cannot start with "/"
		{"abs_path", "//a", 1},       // an abs_path never starts with "//"
		{"absoluteURL", ":a", 0},     // a scheme needs a character
		{"absoluteURL", "a_b:c", 1},  // "_" is no scheme character, and a scheme must end in ":"
		{"net_path", "/a", 1},        // a net_path starts with "//"
		{"rel_path", "a b", 1},       // space
		{"URL", "http://a/b#f ", 12}, // trailing space
		{"absoluteURL", "http://a/b#f", 10},
	} {
		err := urlgrammar.ValidateRule(urlgrammar.RFC1808, c.rule, c.in, 0)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("rfc1808 %s %q: got %v, want a *SyntaxError", c.rule, c.in, err)
			continue
		}
		if se.Offset != c.offset {
			t.Errorf("rfc1808 %s %q: offset %d, want %d (%v)", c.rule, c.in, se.Offset, c.offset, se)
		}
	}
}
