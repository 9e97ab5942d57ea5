package urlgrammar_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// The expected verdicts in this file are read off Appendix A of draft-fielding-url-syntax-05
// (grammar/draft1997.bnf) by hand; the section of the draft that prints an input is cited with
// it. Facts of that grammar used below (grammar/draft1997.bnf, decision 5): a segment is any
// string of pchar and ";", so a rel_path is any string of urlc (the first "?" starts the
// query), and relativeURL, whose every alternative is such a string, is exactly *urlc;
// absoluteURL is scheme ":" *urlc; URL-reference is *urlc [ "#" *urlc ]. What does depend on
// the site rules is net_path, tested as a start rule of its own.

// draft1997Absolute is the row of an absolute URL of the draft's examples: a URL-reference, an
// absoluteURL unless it has a fragment, and (being a string of urlc) a relativeURL too.
func draft1997Absolute(s string) referenceRow {
	noFragment := !strings.Contains(s, "#")
	return referenceRow{s, true, noFragment, noFragment}
}

func TestDraft1997StartRules(t *testing.T) {
	want := []string{"URL-reference", "absoluteURL", "relativeURL", "net_path", "abs_path", "rel_path", "path"}
	got := urlgrammar.Draft1997.Spec().StartRules
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("StartRules() = %v, want %v", got, want)
	}
	if d := urlgrammar.Draft1997.Spec().DefaultRule; d != "URL-reference" {
		t.Errorf("DefaultRule() = %q, want URL-reference", d)
	}
	if v, err := urlgrammar.Lookup("draft1997"); err != nil || v != urlgrammar.Draft1997 {
		t.Errorf("Lookup(draft1997) = %v, %v", v, err)
	}
	if d := urlgrammar.Draft1997.Spec().Date; d != "1997-05" {
		t.Errorf("Date() = %q, want 1997-05", d)
	}
}

// TestDraft1997AppendixC holds to the draft's grammar what Appendix C, "Examples of
// Resolving Relative URL References", prints and the corpus (compare/corpus.tsv, held to the
// document by TestCorpusDocumentExamples) does not assert. The corpus holds the base and every
// result to URL-reference, absoluteURL (unless it has a "#") and relativeURL (the same: it is
// exactly *urlc), and every reference of C.1 and C.2 to URL-reference, and to relativeURL
// (unless it has a "#") and not absoluteURL when it has no scheme. What is left: the
// references that start with a scheme and ":" are absoluteURLs as well.
func TestDraft1997AppendixC(t *testing.T) {
	referenceRow{"g:h", true, true, true}.check(t, urlgrammar.Draft1997, "Appendix C.1")
	for _, s := range []string{"http:g", "http:", "http://a/../b/c"} {
		referenceRow{s, true, true, true}.check(t, urlgrammar.Draft1997, "Appendix C.2")
	}
}

// TestDraft1997OtherPrintedURLs holds the URLs printed elsewhere in the draft.
func TestDraft1997OtherPrintedURLs(t *testing.T) {
	for _, s := range []string{ // section 1.3, "Example URLs"
		"ftp://ftp.is.co.za/rfc/rfc1808.txt",
		"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
		"http://www.math.uio.no/faq/compression-faq/part1.html",
		"mailto:mduerst@ifi.unizh.ch",
		"news:comp.infosystems.www.servers.unix",
		"telnet://melvyl.ucop.edu/",
	} {
		draft1997Absolute(s).check(t, urlgrammar.Draft1997, "section 1.3")
	}
	// Section 4.3.1: "<ftp://@host.com/> has an empty user name and no password,
	// <ftp://host.com/> has no user name, while <ftp://foo:@host.com/> has a user name of "foo"
	// and an empty password." Their sites are sites of the grammar.
	for _, s := range []string{"ftp://@host.com/", "ftp://host.com/", "ftp://foo:@host.com/"} {
		draft1997Absolute(s).check(t, urlgrammar.Draft1997, "section 4.3.1")
		expectVerdict(t, urlgrammar.Draft1997, "net_path", strings.TrimPrefix(s, "ftp:"), true, "section 4.3.1")
	}
	// Section 5: "this:that" cannot be the first segment of a relative path, "./this:that" can.
	referenceRow{"this:that", true, true, true}.check(t, urlgrammar.Draft1997, "section 5")
	referenceRow{"./this:that", true, false, true}.check(t, urlgrammar.Draft1997, "section 5")
	// Sections 5.1.1 and Appendix D: the base, the relative "../x" and its resolution.
	draft1997Absolute("http://www.ics.uci.edu/Test/a/b/c").check(t, urlgrammar.Draft1997, "section 5.1.1, Appendix D")
	referenceRow{"../x", true, false, true}.check(t, urlgrammar.Draft1997, "Appendix D")
	draft1997Absolute("http://www.ics.uci.edu/Test/a/x").check(t, urlgrammar.Draft1997, "Appendix D")
	// Section 6.
	draft1997Absolute("http://www.XEROX.com").check(t, urlgrammar.Draft1997, "section 6")
	draft1997Absolute("http://www.xerox.com").check(t, urlgrammar.Draft1997, "section 6")
	// Appendix B, and the site it names ($4 = www.ics.uci.edu).
	draft1997Absolute("http://www.ics.uci.edu/pub/ietf/uri/#Related").check(t, urlgrammar.Draft1997, "Appendix B")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//www.ics.uci.edu/pub/ietf/uri/", true, "Appendix B")
	// Appendix E: the URLs once the wrappers and the whitespace are removed, as E says they
	// should be; as printed across a line break, with the whitespace, they are none.
	for _, s := range []string{
		"http://test.com/", "http://www.w3.org/pub/WWW/", "ftp://ds.internic.net/rfc/",
		"http://ds.internic.net/instructions/overview.html#WARNING",
	} {
		draft1997Absolute(s).check(t, urlgrammar.Draft1997, "Appendix E")
	}
	referenceRow{"ftp://ds.internic. net/rfc/", false, false, false}.check(t, urlgrammar.Draft1997, "Appendix E, as printed")
	referenceRow{"http://ds.internic.net/ instructions/overview.html#WARNING", false, false, false}.check(t, urlgrammar.Draft1997, "Appendix E, as printed")
	// Appendix F.2: "<foo:/bar> and <foo:bar>".
	draft1997Absolute("foo:/bar").check(t, urlgrammar.Draft1997, "Appendix F.2")
	draft1997Absolute("foo:bar").check(t, urlgrammar.Draft1997, "Appendix F.2")
	// Sections 2.4.1 and 2.4.2: the escapes "%20", "%7e" and "%25", as relative paths.
	for _, s := range []string{"%20", "%7e", "%25"} {
		referenceRow{s, true, false, true}.check(t, urlgrammar.Draft1997, "sections 2.4.1 and 2.4.2")
	}
}

// TestDraft1997Site holds hand-made inputs for the site rules (net_path as a start rule): the
// places where a PEG's ordered choice or greedy repetition could accept another language than
// the BNF (see grammar/draft1997.peg). Every input here is a string of urlc, so each is a
// relativeURL and a URL-reference whatever net_path says: where net_path fails, abs_path holds.
func TestDraft1997Site(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
		why  string
	}{
		{"//", true, "empty site"},
		{"///x", true, "empty site, abs_path"},
		{"//a", true, "toplabel"},
		{"//a0", true, "toplabel ending in a digit"},
		{"//x-1", true, "toplabel with \"-\""},
		{"//a--b", true, "toplabel with \"--\""},
		{"//a.b.c", true, "domainlabels"},
		{"//a-b.c-d", true, "domainlabel and toplabel with \"-\""},
		{"//1a.b", true, "domainlabel starting with a digit"},
		{"//1.2.3.4", true, "hostnumber"},
		{"//1.2.3.4.com", true, "hostname whose domainlabels are digits, not a hostnumber"},
		{"//a.b:80", true, "port"},
		{"//a.b:", true, "empty port (Appendix F.3)"},
		{"//h:80/", true, "port, abs_path"},
		{"//h:/", true, "empty port, abs_path"},
		{"//u@h", true, "user"},
		{"//u:p@h", true, "user and password"},
		{"//@h", true, "empty user"},
		{"//u:@h", true, "empty password"},
		{"//:@h", true, "empty user and password"},
		{"//%41@h", true, "escaped user"},
		{"//u;&=+$@h", true, "user characters"},
		{"//h/p;q?r", true, "site, path, param, query"},
		{"//a/b//c", true, "empty segment"},
		{"//a.", false, "no toplabel after the last \".\""},
		{"//a.b.", false, "no toplabel after the last \".\""},
		{"//.a", false, "empty domainlabel"},
		{"//a..b", false, "empty domainlabel"},
		{"//a-", false, "toplabel ending in \"-\""},
		{"//-a", false, "toplabel starting with \"-\""},
		{"//a-.b", false, "domainlabel ending in \"-\""},
		{"//a.-b", false, "toplabel starting with \"-\""},
		{"//a.1", false, "toplabel starting with a digit"},
		{"//1", false, "neither hostname nor hostnumber"},
		{"//1.2.3", false, "three parts"},
		{"//1.2.3.4.5", false, "five numeric parts"},
		{"//a_b", false, "\"_\" in a host"},
		{"//a%41", false, "escape in a host"},
		{"//a@b@c", false, "\"@\" in a host"},
		{"//@", false, "userinfo without hostport"},
		{"//u:p:q@h", false, "\":\" in a password"},
		{"//a:b", false, "port of letters"},
		{"//a:1:2", false, "two ports"},
		{"//h:80x", false, "port of letters"},
		{"//h?q", false, "query without a path: a site ends at \"/\""},
		{"//~", false, "\"~\" is no host character"},
	} {
		expectVerdict(t, urlgrammar.Draft1997, "net_path", c.in, c.want, c.why)
		referenceRow{c.in, true, false, true}.check(t, urlgrammar.Draft1997, c.why+" (relativeURL)")
		expectVerdict(t, urlgrammar.Draft1997, "absoluteURL", "x:"+c.in, true, c.why+" (generic-URL)")
	}
}

// TestDraft1997Pitfalls holds hand-made inputs for the other start rules.
func TestDraft1997Pitfalls(t *testing.T) {
	rows := []struct {
		referenceRow
		why string
	}{
		{referenceRow{"http://a@b@c", true, true, true}, "not a net_path: the path \"//a@b@c\""},
		{referenceRow{"http://a_b/", true, true, true}, "not a net_path: the path \"//a_b/\""},
		{referenceRow{"x:/", true, true, true}, "abs_path"},
		{referenceRow{"x:?", true, true, true}, "empty path, empty query"},
		{referenceRow{"x:a?b?c", true, true, true}, "query holds \"?\""},
		{referenceRow{"1+:x", true, true, true}, "scheme starting with a digit"},
		{referenceRow{".:x", true, true, true}, "scheme \".\""},
		{referenceRow{":x", true, false, true}, "scheme needs a character; \":x\" is a rel_path"},
		{referenceRow{"a_b:c", true, false, true}, "\"_\" is no scheme character; \"a_b:c\" is a rel_path"},
		{referenceRow{"a:b:c", true, true, true}, "the scheme ends at the first \":\""},
		{referenceRow{"http://a/%7e", true, true, true}, "escape"},
		{referenceRow{"http://a/b#", true, false, false}, "empty fragment"},
		{referenceRow{"#", true, false, false}, "empty reference, empty fragment"},
		{referenceRow{"#a/?;:@&=+", true, false, false}, "fragment holds every reserved character"},
		{referenceRow{"http://a/b#c#d", false, false, false}, "fragment holds no \"#\""},
		{referenceRow{"http://a/%zz", false, false, false}, "\"z\" is no hex digit"},
		{referenceRow{"%", false, false, false}, "\"%\" needs two hex digits"},
		{referenceRow{"%4", false, false, false}, "\"%\" needs two hex digits"},
		{referenceRow{"a b", false, false, false}, "space"},
		{referenceRow{"http://[::1]/", false, false, false}, "\"[\" is unwise"},
	}
	for _, r := range rows {
		r.check(t, urlgrammar.Draft1997, r.why)
	}
	for _, c := range []struct {
		rule, in string
		want     bool
	}{
		{"net_path", "", false},
		{"net_path", "/a", false},
		{"abs_path", "/a", true},
		{"abs_path", "//a", true},
		{"abs_path", "/", true},
		{"abs_path", "", false},
		{"abs_path", "a", false},
		{"abs_path", "/a#b", false},
		{"rel_path", "", true},
		{"rel_path", "/a", true},
		{"rel_path", "//a", true},
		{"rel_path", "a?b?c", true},
		{"rel_path", "a#b", false},
		{"rel_path", "?#", false},
		{"path", "", true},
		{"path", "/", true},
		{"path", "a/b;c", true},
		{"path", "//a", true},
		{"path", "a?b", false},
	} {
		expectVerdict(t, urlgrammar.Draft1997, c.rule, c.in, c.want, "start rule "+c.rule)
	}
}

// TestDraft1997Decisions has one test for each decision recorded in grammar/draft1997.bnf.
func TestDraft1997Decisions(t *testing.T) {
	// 1. @case sensitive: the BNF spells both cases itself, so letters of either case are
	// accepted wherever alpha or hex is.
	draft1997Absolute("HtTp://WwW.XeRoX.CoM/%7E%7e").check(t, urlgrammar.Draft1997, "decision 1")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//WWW.X-1.COM", true, "decision 1")
	// 2. Appendix A's unreserved = alpha | digit | mark: every mark character is unreserved,
	// "~" among them (RFC 1808 has it in national instead).
	for _, c := range "$-_.!~*'()," {
		referenceRow{"a" + string(c), true, false, true}.check(t, urlgrammar.Draft1997, "decision 2")
	}
	// 3. The body's excluded characters (control, space, delims, unwise) are in no rule of
	// Appendix A: none of them is in a URL-reference, but for "#" once and "%" in escaped.
	for _, c := range "{}|\\^[]`<>\" \x00\x1f\x7f" {
		referenceRow{"http://a/" + string(c), false, false, false}.check(t, urlgrammar.Draft1997, "decision 3")
	}
	// 4. path, used by no other rule, is a start rule of its own.
	expectVerdict(t, urlgrammar.Draft1997, "path", "/a;b/c", true, "decision 4")
	// 5. The BNF as printed: upper case and leading digits in schemes; a rel_path may start
	// with "/" or "//"; a first segment may hold ":"; a segment is any string of pchar and
	// ";"; generic-URL and opaque-URL are the same strings.
	expectVerdict(t, urlgrammar.Draft1997, "absoluteURL", "HTTP:x", true, "decision 5, scheme")
	expectVerdict(t, urlgrammar.Draft1997, "absoluteURL", "0:x", true, "decision 5, scheme")
	expectVerdict(t, urlgrammar.Draft1997, "rel_path", "/x", true, "decision 5, rel_path")
	expectVerdict(t, urlgrammar.Draft1997, "rel_path", "//x", true, "decision 5, rel_path")
	expectVerdict(t, urlgrammar.Draft1997, "relativeURL", "this:that", true, "decision 5, first segment")
	expectVerdict(t, urlgrammar.Draft1997, "rel_path", ";a;;b=c;", true, "decision 5, segment")
	expectVerdict(t, urlgrammar.Draft1997, "absoluteURL", "x:a@b@c//d", true, "decision 5, generic-URL")
}

// TestDraft1997LongInputs: inputs of a mebibyte are decided without growing the stack. (The
// rejected ones are shorter: a rejection is diagnosed by the BNF recognizer, which is slower.)
func TestDraft1997LongInputs(t *testing.T) {
	n, m := 1<<19, 1<<14
	expectVerdict(t, urlgrammar.Draft1997, "URL-reference", "http://a/"+strings.Repeat("b/", n), true, "long path")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//"+strings.Repeat("a.", n)+"a", true, "long hostname")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//"+strings.Repeat("1.", n)+"a", true, "long hostname of numeric labels")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//"+strings.Repeat("a-", n)+"a", true, "long toplabel")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//"+strings.Repeat("a.", m), false, "long hostname ending in \".\"")
	expectVerdict(t, urlgrammar.Draft1997, "relativeURL", "//"+strings.Repeat("a.", n), true, "the same as an abs_path")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//a"+strings.Repeat("-", m), false, "long run of \"-\"")
	expectVerdict(t, urlgrammar.Draft1997, "net_path", "//"+strings.Repeat("u", n)+"@h", true, "long user")
	expectVerdict(t, urlgrammar.Draft1997, "URL-reference", "x:"+strings.Repeat(";", n)+"#"+strings.Repeat("?", n), true, "long params and fragment")
}

// draft1997Long are inputs built to make the PEG backtrack (a net_path that fails at the end and
// is read again as an abs_path, runs of "-" in labels, userinfo that never meets "@");
// BenchmarkLong measures them beside a baseline (long_test.go).
var draft1997Long = []longShape{
	{"URL-reference", "//", "a.", "", unstated},
	{"URL-reference", "//", "a.", "-", unstated},
	{"URL-reference", "//", "1.", "", unstated},
	{"URL-reference", "//a", "-", "", unstated},
	{"URL-reference", "//", "a-", "-", unstated},
	{"URL-reference", "//", "a:", "@", unstated},
	{"URL-reference", "//", "u", ":", unstated},
	{"URL-reference", "x://", "a.", "_", unstated},
	{"net_path", "//", "a.", "", unstated},
	{"net_path", "//", "a-", "a", unstated},
	{"absoluteURL", "x://", "a@", "", unstated},
}

// TestDraft1997Parts checks that the parse gives each component the text the draft means
// (section 4.4 and Appendix B: "the left-most matching rule soaks up as much of the URL
// reference string as it is capable of matching. In other words, the site component wins"),
// where the BNF alone is ambiguous or a greedy PEG could misplace a boundary.
func TestDraft1997Parts(t *testing.T) {
	type P = rulePart
	tests := []struct {
		start, input string
		rules        []string
		want         []P
	}{
		// Appendix B: scheme = $2, site = $4, path = $5, query = $7, fragment = $9.
		{"URL-reference", "http://www.ics.uci.edu/pub/ietf/uri/#Related",
			[]string{"scheme", "site", "abs_path", "query", "fragment"},
			[]P{{"scheme", "http"}, {"site", "www.ics.uci.edu"}, {"abs_path", "/pub/ietf/uri/"}, {"fragment", "Related"}}},
		// Appendix C's base.
		{"absoluteURL", "http://a/b/c/d;p?q", []string{"scheme", "site", "segment", "param", "query"},
			[]P{{"scheme", "http"}, {"site", "a"}, {"segment", "b"}, {"segment", "c"},
				{"segment", "d;p"}, {"param", "p"}, {"query", "q"}}},
		// Section 4.3.1's three ftp URLs.
		{"absoluteURL", "ftp://@host.com/", []string{"user", "password", "host"},
			[]P{{"user", ""}, {"host", "host.com"}}},
		{"absoluteURL", "ftp://host.com/", []string{"user", "password", "host"},
			[]P{{"host", "host.com"}}},
		{"absoluteURL", "ftp://foo:@host.com/", []string{"user", "password", "host"},
			[]P{{"user", "foo"}, {"password", ""}, {"host", "host.com"}}},
		// A user that looks like a host, and a port (empty, per Appendix F.3).
		{"net_path", "//a.b:1@c.d:21/", []string{"user", "password", "host", "port"},
			[]P{{"user", "a.b"}, {"password", "1"}, {"host", "c.d"}, {"port", "21"}}},
		{"net_path", "//a.b:/", []string{"user", "password", "host", "port"},
			[]P{{"host", "a.b"}, {"port", ""}}},
		// hostname or hostnumber; domainlabels and toplabel.
		{"net_path", "//1.2.3.4.com", []string{"hostname", "hostnumber"}, []P{{"hostname", "1.2.3.4.com"}}},
		{"net_path", "//1.2.3.4", []string{"hostname", "hostnumber"}, []P{{"hostnumber", "1.2.3.4"}}},
		{"net_path", "//a-1.b--c", []string{"domainlabel", "toplabel"},
			[]P{{"domainlabel", "a-1"}, {"toplabel", "b--c"}}},
		// Appendix C.1: "//g" is a network-path reference (section 5), "g:h" has a scheme.
		{"URL-reference", "//g", []string{"net_path", "site", "abs_path"}, []P{{"net_path", "//g"}, {"site", "g"}}},
		{"URL-reference", "g:h", []string{"scheme", "generic-URL", "opaque-URL", "segment"},
			[]P{{"generic-URL", "g:h"}, {"scheme", "g"}, {"segment", "h"}}},
		// Section 4.4: "A reference is parsed as if it is a generic-URL".
		{"URL-reference", "mailto:mduerst@ifi.unizh.ch", []string{"generic-URL", "opaque-URL", "site", "rel_path"},
			[]P{{"generic-URL", "mailto:mduerst@ifi.unizh.ch"}, {"rel_path", "mduerst@ifi.unizh.ch"}}},
		// Where "//..." is not a site, it is a path (abs_path): no site at all.
		{"URL-reference", "http://a@b@c", []string{"site", "abs_path", "segment"},
			[]P{{"abs_path", "//a@b@c"}, {"segment", ""}, {"segment", "a@b@c"}}},
		// Appendix F.4: parameters may appear in any path segment.
		{"URL-reference", "g;x=1/../y", []string{"segment", "param"},
			[]P{{"segment", "g;x=1"}, {"param", "x=1"}, {"segment", ".."}, {"segment", "y"}}},
		{"URL-reference", "?y#s", []string{"query", "fragment"}, []P{{"query", "y"}, {"fragment", "s"}}},
		{"URL-reference", "a?b?c", []string{"query"}, []P{{"query", "b?c"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.Draft1997, tt.start, tt.input, tt.rules...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
}

// TestDraft1997SyntaxErrorOffsets: a rejection points at the first byte that no valid input
// could have there (the longest prefix of the input that some valid input still starts with).
func TestDraft1997SyntaxErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		rule, in string
		offset   int
	}{
		{"URL-reference", "http://a/b#c#d", 12}, // a fragment holds no "#"
		{"URL-reference", "http://a/%zz", 10},   // "z" is no hex digit
		{"URL-reference", "http://a/{", 9},      // "{" is unwise
		{"absoluteURL", "a_b:c", 1},             // "_" is no scheme character
		{"net_path", "//a.-b/", 6},              // "a.-b" could be a user, not a host: "/" is wrong
		{"net_path", "//a.b/c?d#", 9},           // a net_path holds no fragment
		{"net_path", "//h?q", 3},                // a site ends at "/"
		{"net_path", "//u:p:q@h", 5},            // a password holds no ":", nor a port letters
		{"abs_path", "a", 0},
		{"path", "a?b", 1},
	} {
		err := urlgrammar.ValidateRule(urlgrammar.Draft1997, c.rule, c.in, 0)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("draft1997 %s %q: got %v, want a *SyntaxError", c.rule, c.in, err)
			continue
		}
		if se.Offset != c.offset {
			t.Errorf("draft1997 %s %q: offset %d, want %d (%v)", c.rule, c.in, se.Offset, c.offset, se)
		}
	}
}
