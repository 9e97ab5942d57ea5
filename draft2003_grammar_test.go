package urlgrammar_test

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/generated/draft2003"
)

// The tests of this file hold the draft2003 parser (draft-fielding-uri-rfc2396bis-01, March 2003)
// to the draft's own ABNF, gathered from its sections 2 to 5 into grammar/draft2003.bnf. Section
// numbers in the comments are the draft's; D1-D8 and T1-T2 name the readings and typo fixes in
// the header of grammar/draft2003.bnf.

const (
	d3Ref    = "URI-reference"
	d3Abs    = "absolute-URI"
	d3Rel    = "relative-URI"
	d3AbsRef = "absolute-URI-reference"
)

// TestDraft2003StartRules checks the version's start rules as the draft names them (section 4
// and 5 define the four; the draft has no rule named URI).
func TestDraft2003StartRules(t *testing.T) {
	want := []string{d3Ref, d3Abs, d3Rel, d3AbsRef}
	if diff := cmp.Diff(want, urlgrammar.Draft2003.Spec().StartRules); diff != "" {
		t.Errorf("StartRules (-want +got):\n%s", diff)
	}
	if got := urlgrammar.Draft2003.Spec().DefaultRule; got != d3Ref {
		t.Errorf("DefaultRule = %q, want %q", got, d3Ref)
	}
}

// TestDraft2003DocumentExamples holds to the draft's ABNF what it prints and the corpus
// (compare/corpus.tsv, held to the document by TestCorpusDocumentExamples) does not assert:
// the corpus holds each URI to URI-reference, absolute-URI-reference, absolute-URI (which
// rejects a fragment) and relative-URI (which rejects a scheme), and each reference of
// section 5 and Appendices C and F to URI-reference, relative-URI, absolute-URI and
// absolute-URI-reference; these are the references that are also absolute URIs.
func TestDraft2003DocumentExamples(t *testing.T) {
	var cases []verdictCase
	for _, c := range []struct{ input, why string }{
		{"g:h", "Appendix C.1: g:h = g:h"},
		{"http:g", "Appendix C.2: http:g = http:g ; for validating parsers"},
		// "a path segment which contains a colon character cannot be used as the first
		// segment of a relative URI path (e.g., "this:that"), because it would be mistaken
		// for a scheme name"
		{"this:that", "section 5: mistaken for a scheme name"},
	} {
		cases = append(cases,
			verdictCase{d3Abs, c.input, true, c.why},
			verdictCase{d3AbsRef, c.input, true, c.why})
	}
	checkVerdicts(t, urlgrammar.Draft2003, cases)
}

// TestDraft2003Rules holds hand-made inputs to each start rule, aimed at the places where a PEG
// transcription can go wrong; each verdict is justified by the ABNF.
func TestDraft2003Rules(t *testing.T) {
	checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{
		// URI-reference = [ absolute-URI / relative-URI ] [ "#" fragment ]
		{d3Ref, "", true, "both parts optional (C.2: <> is the current document)"},
		{d3Ref, "#", true, "empty fragment"},
		{d3Ref, "#s", true, "fragment only"},
		{d3Ref, "#s#t", false, `fragment has no "#"`},
		{d3Ref, "?y", true, "relative-URI: [ ... ] absent, query y"},
		{d3Ref, "?", true, "empty query"},
		{d3Ref, "//g", true, "net-path"},
		{d3Ref, "//", true, "net-path with an empty authority (server = [ ... ])"},
		{d3Ref, "///", true, "net-path, empty authority, abs-path /"},
		{d3Ref, "http:g", true, "absolute-URI with opaque-part g (C.2, D8)"},
		{d3Ref, "g;x=1/../y", true, "rel-segment g;x=1, abs-path /../y"},
		{d3Ref, "1a:b", false, "scheme starts with ALPHA; rel-segment holds no \":\""},
		{d3Ref, "-a:b", false, "scheme starts with ALPHA; rel-segment holds no \":\""},
		{d3Ref, "a_b:c", false, `"_" is no scheme character; rel-segment holds no ":"`},
		{d3Ref, "a+b-c.d:e", true, `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`},
		{d3Ref, ":a", false, "no rule starts with \":\" outside an absolute-URI"},
		{d3Ref, "a/b:c", true, "pchar holds \":\" after the first segment"},
		{d3Ref, "%41", true, "rel-segment holds escaped"},
		{d3Ref, "%4", false, "escaped needs two HEXDIG"},
		{d3Ref, "%4g", false, "g is no HEXDIG"},
		{d3Ref, "%aF", true, "HEXDIG is case-insensitive (RFC 2234 strings)"},
		{d3Ref, "a b", false, "space is excluded (section 2.4.3)"},
		{d3Ref, "a<b", false, "delims are excluded"},
		{d3Ref, "a{b", false, "unwise are excluded"},
		{d3Ref, `a\b`, false, "unwise are excluded"},
		{d3Ref, "a|b", false, "unwise are excluded"},
		{d3Ref, "/a?b[c", false, `query has no "["`},
		{d3Ref, "/a[b", false, `pchar has no "["`},
		{d3Ref, "/a#b]", false, `fragment has no "]"`},
		{d3Ref, "//a?b?c/d", true, `query holds "?" and "/"`},
		{d3Ref, "g?y/./x#s/../x", true, "query and fragment hold dot segments"},

		// absolute-URI = scheme ":" ( hier-part / opaque-part )
		{d3Abs, "x:", true, "hier-part can be empty (G.2)"},
		{d3Abs, "x:?", true, "hier-part: empty query"},
		{d3Abs, "x:?a", true, "hier-part with a query, and an opaque-part too"},
		{d3Abs, "x:?a[b]", true, `opaque-part: uric-no-slash "?" then uric; a query has no "["`},
		{d3Abs, "x:[a]", true, `opaque-part holds "[" and "]" (G.1)`},
		{d3Abs, "x:a/b?c/d", true, "opaque-part holds \"/\" and \"?\" after its first character"},
		{d3Abs, "x:/[a]", false, `hier-part has no "["; opaque-part cannot start with "/"`},
		{d3Abs, "x:/a?[", false, `query has no "["; opaque-part cannot start with "/"`},
		{d3Abs, "x:a#f", false, "no fragment in absolute-URI"},
		{d3Abs, "x:#f", false, "no fragment in absolute-URI"},
		{d3Abs, "HTTP://A/", true, "ALPHA is both cases"},
		{d3Abs, "g", false, "no scheme"},
		{d3Abs, ":", false, "empty scheme"},
		{d3Abs, "", false, "no scheme"},
		{d3Abs, "//g", false, "no scheme"},
		{d3Abs, "x:%", false, "incomplete escaped"},
		{d3Abs, "x:a%", false, "incomplete escaped"},

		// absolute-URI-reference = absolute-URI [ "#" fragment ]
		{d3AbsRef, "x:a#f", true, "opaque-part and fragment"},
		{d3AbsRef, "x:#", true, "empty hier-part, empty fragment"},
		{d3AbsRef, "x:?a[b]#f", true, "opaque-part, fragment"},
		{d3AbsRef, "#f", false, "no absolute-URI"},
		{d3AbsRef, "g#f", false, "no absolute-URI"},
		{d3AbsRef, "x:a#f#g", false, `fragment has no "#"`},
		{d3AbsRef, "x:a#[", false, `fragment has no "["`},

		// relative-URI = [ net-path / abs-path / rel-path ] [ "?" query ]
		{d3Rel, "", true, "all optional"},
		{d3Rel, "?y", true, "query only"},
		{d3Rel, "#s", false, "no fragment in relative-URI"},
		{d3Rel, "g:h", false, "rel-segment has no \":\""},
		{d3Rel, "this:that", false, "section 5"},
		{d3Rel, "./this:that", true, "section 5"},
		{d3Rel, ";x", true, "rel-segment holds \";\""},
		{d3Rel, "@", true, "rel-segment holds \"@\""},
		{d3Rel, "/", true, "abs-path"},
		{d3Rel, "//", true, "net-path with empty authority"},
		{d3Rel, "//g:h", true, "reg-name g:h (port = *DIGIT, so no server)"},
		{d3Rel, "/a:b", true, "pchar holds \":\""},
		{d3Rel, "[", false, `no "[" outside an IPv6reference`},

		// authority = server / reg-name: server can be empty, and any server without "[" is
		// also a reg-name.
		{d3Ref, "http://", true, "empty server"},
		{d3Ref, "http:///", true, "empty server, abs-path"},
		{d3Ref, "http://?q", true, "empty server, query"},
		{d3Ref, "http://#f", true, "empty server, fragment"},
		{d3Ref, "http://u@/", true, "reg-name u@ (a server needs a host after \"@\")"},
		{d3Ref, "http://:80/", true, "reg-name :80 (hostport needs a host)"},
		{d3Ref, "http://a@b@c/", true, "reg-name a@b@c (userinfo has no \"@\")"},
		{d3Ref, "http://a:b:c/", true, "reg-name a:b:c"},
		{d3Ref, "http://%41/", true, "reg-name holds escaped"},
		{d3Ref, "http://a%/", false, "incomplete escaped"},
		{d3Ref, "http://a[b]/", false, `"[" only in IPv6reference`},
		{d3Ref, "http://a]/", false, `"]" only in IPv6reference`},
		{d3Ref, "http://u:p@h:80/p?q#f", true, "every part"},

		// host = IPv6reference / IPv4address / hostname; port = *DIGIT
		{d3Ref, "http://1.2.3.4/", true, "IPv4address"},
		{d3Ref, "http://1.2.3.4:80/", true, "IPv4address and port"},
		{d3Ref, "http://1.2.3.4.5/", true, "hostname (D2)"},
		{d3Ref, "http://1.2.3/", true, "hostname (D2)"},
		{d3Ref, "http://256.1.1.1/", true, "hostname (D2, D3)"},
		{d3Ref, "http://a-/", true, "not a hostname (label ends in \"-\"), but a reg-name"},
		{d3Ref, "http://[::1]:80/", true, "IPv6reference and port"},
		{d3Ref, "http://[::1]:/", true, "IPv6reference and empty port"},
		{d3Ref, "http://[::1]x/", false, "IPv6reference, then neither \":\" nor the end"},
		{d3Ref, "http://[::1]:8a/", false, "port = *DIGIT, and no reg-name holds \"[\""},
		{d3Ref, "http://x[::1]/", false, "IPv6reference only as the whole host"},
		{d3Ref, "http://u@[::1]:8/", true, "userinfo, IPv6reference, port"},
		{d3Ref, "http://[v1.a]/", false, "this draft has no IPvFuture"},
		{d3Ref, "http://[fe80::1%25eth0]/", false, "this draft has no zone identifier"},
		{d3Ref, "x:[::1]", true, "opaque-part holds \"[\" and \"]\" (G.1)"},
		{d3Ref, "/[::1]", false, "abs-path has no \"[\""},
	})
}

// TestDraft2003IPv6Forms holds IPv6 literals to the nine alternatives of IPv6address (section
// 3.2.2) through URI-reference "//[" address "]/" and absolute-URI "http://[" address "]".
func TestDraft2003IPv6Forms(t *testing.T) {
	tests := []struct {
		addr  string
		valid bool
		why   string
	}{
		{"::", true, `[ *6( h4 ":" ) h4 ] "::" with the option absent`},
		{"::1", true, `[ *5( h4 ":" ) h4 ] "::" h4`},
		{"1::", true, `[ *6( h4 ":" ) h4 ] "::"`},
		{"1:2:3:4:5:6:7:8", true, `6( h4 ":" ) ls32, ls32 = h4 ":" h4`},
		{"1:2:3:4:5:6:1.2.3.4", true, `6( h4 ":" ) ls32, ls32 = IPv4address`},
		{"1::2:3", true, `[ *4( h4 ":" ) h4 ] "::" ls32, ls32 = h4 ":" h4`},
		{"1::2", true, `[ *5( h4 ":" ) h4 ] "::" h4`},
		{"::1.2.3.4", true, `[ *4( h4 ":" ) h4 ] "::" ls32, ls32 = IPv4address`},
		{"::ffff:1.2.3.4", true, `[ *3( h4 ":" ) h4 ] "::" h4 ":" ls32`},
		{"1:2:3:4:5:6:7::", true, `*6( h4 ":" ) h4 "::": seven h4 before "::"`},
		{"::2:3:4:5:6:7:8", true, `"::" 5( h4 ":" ) ls32`},
		{"1::3:4:5:6:7:8", true, `[ h4 ] "::" 4( h4 ":" ) ls32`},
		{"1:2::4:5:6:7:8", true, `[ *1( h4 ":" ) h4 ] "::" 3( h4 ":" ) ls32`},
		{"1:2:3::5:6:7:8", true, `[ *2( h4 ":" ) h4 ] "::" 2( h4 ":" ) ls32`},
		{"1:2:3:4::6:7:8", true, `[ *3( h4 ":" ) h4 ] "::" h4 ":" ls32`},
		{"1:2:3:4:5::7:8", true, `[ *4( h4 ":" ) h4 ] "::" ls32`},
		{"1:2:3:4:5:6::8", true, `[ *5( h4 ":" ) h4 ] "::" h4`},
		{"1:2:3:4::1.2.3.4", true, `[ *4( h4 ":" ) h4 ] "::" ls32, ls32 = IPv4address`},
		{"ABCD:ef01::", true, "HEXDIG is case-insensitive"},
		{"ffff::", true, "h4 of four HEXDIG"},
		{"0:0:0:0:0:0:0:0", true, "eight h4"},

		{"1:2:3:4:5:6:7:8:9", false, "nine h4"},
		{":::", false, `no "::" is followed by ":"`},
		{"1::2::3", false, `"::" once only`},
		{"1:2:3:4:5:6:7", false, "seven h4 without \"::\""},
		{"1:2:3:4:5:6:7:8::", false, "eight h4 and \"::\""},
		{"1::2:3:4:5:6:7:8", false, "eight h4 and \"::\""},
		{"1:2:3:4:5:6:7::8", false, "eight h4 and \"::\""},
		{"::1:2:3:4:5:6:7:8", false, "eight h4 and \"::\""},
		{"1:2:3:4:5:6:7:1.2.3.4", false, "seven h4 and an IPv4address"},
		{"1:2:3:4:5:6::1.2.3.4", false, "six h4, \"::\" and an IPv4address: more than seven pieces"},
		{"1:2:3:4:5::1.2.3.4", true, `[ *4( h4 ":" ) h4 ] "::" ls32, five h4 before "::"`},
		{"12345::", false, "h4 = 1*4HEXDIG"},
		{"::1.2.3.256", false, "dec-octet is at most 255"},
		{"::1.2.3.04", false, "dec-octet has no leading zero"},
		{"::1.2.3", false, "IPv4address has four dec-octets"},
		{"::1.2.3.4.5", false, "IPv4address has four dec-octets"},
		{"::1.2.3.4:1", false, "the IPv4address ends the address"},
		{"1.2.3.4::", false, "the IPv4address ends the address"},
		{"::1.2.3.4::", false, "the IPv4address ends the address"},
		{"", false, "no empty IPv6address"},
		{":", false, "one colon"},
		{"1:", false, "trailing single colon"},
		{":1", false, "leading single colon"},
		{"1:::2", false, `no "::" is followed by ":"`},
		{"g::", false, "g is no HEXDIG"},
	}
	for _, tt := range tests {
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{
			{d3Ref, "//[" + tt.addr + "]/", tt.valid, tt.why},
			{d3Abs, "http://[" + tt.addr + "]", tt.valid, tt.why},
		})
	}
}

// TestDraft2003Parts checks which rule gets which text where the ABNF is ambiguous (D5) or a
// greedy PEG could misplace a boundary: the parse the PEG picks must be a parse of the ABNF,
// and where the ABNF allows several, the one documented in grammar/draft2003.peg.
func TestDraft2003Parts(t *testing.T) {
	type P = rulePart
	comps := []string{"scheme", "authority", "reg-name", "userinfo", "IPv6address", "IPv4address",
		"hostname", "port", "abs-path", "opaque-part", "rel-segment", "query", "fragment"}
	tests := []struct {
		start, input string
		want         []P
	}{
		// Section 4.3: "the authority component wins" over a path starting with "//".
		{d3Ref, "//g", []P{{"authority", "g"}, {"hostname", "g"}}},
		{d3Ref, "http://a/b/c/d;p?q", []P{{"scheme", "http"}, {"authority", "a"}, {"hostname", "a"},
			{"abs-path", "/b/c/d;p"}, {"query", "q"}}},
		{d3Ref, "///g", []P{{"authority", ""}, {"abs-path", "/g"}}},
		// Empty authority: an empty server, before "/", "?", "#" or the end.
		{d3Ref, "http://", []P{{"scheme", "http"}, {"authority", ""}}},
		{d3Ref, "http://?q#f", []P{{"scheme", "http"}, {"authority", ""}, {"query", "q"}, {"fragment", "f"}}},
		// IPv4address over hostname only when the whole host is one (host, D2, D3).
		{d3Ref, "//1.2.3.4", []P{{"authority", "1.2.3.4"}, {"IPv4address", "1.2.3.4"}}},
		{d3Ref, "//1.2.3.4:80/", []P{{"authority", "1.2.3.4:80"}, {"IPv4address", "1.2.3.4"}, {"port", "80"}, {"abs-path", "/"}}},
		{d3Ref, "//1.2.3.4/", []P{{"authority", "1.2.3.4"}, {"IPv4address", "1.2.3.4"}, {"abs-path", "/"}}},
		{d3Ref, "//1.2.3.4?q", []P{{"authority", "1.2.3.4"}, {"IPv4address", "1.2.3.4"}, {"query", "q"}}},
		{d3Ref, "//1.2.3.4#f", []P{{"authority", "1.2.3.4"}, {"IPv4address", "1.2.3.4"}, {"fragment", "f"}}},
		{d3Ref, "//255.255.255.255", []P{{"authority", "255.255.255.255"}, {"IPv4address", "255.255.255.255"}}},
		{d3Ref, "//0.0.0.0", []P{{"authority", "0.0.0.0"}, {"IPv4address", "0.0.0.0"}}},
		{d3Ref, "//1.2.3.4.5", []P{{"authority", "1.2.3.4.5"}, {"hostname", "1.2.3.4.5"}}},
		{d3Ref, "//1.2.3", []P{{"authority", "1.2.3"}, {"hostname", "1.2.3"}}},
		{d3Ref, "//256.1.1.1", []P{{"authority", "256.1.1.1"}, {"hostname", "256.1.1.1"}}},
		{d3Ref, "//1.2.3.256", []P{{"authority", "1.2.3.256"}, {"hostname", "1.2.3.256"}}},
		{d3Ref, "//1.2.3.04", []P{{"authority", "1.2.3.04"}, {"hostname", "1.2.3.04"}}},
		{d3Ref, "//1.2.3.4-5", []P{{"authority", "1.2.3.4-5"}, {"hostname", "1.2.3.4-5"}}},
		{d3Ref, "//1.2.3.4a", []P{{"authority", "1.2.3.4a"}, {"hostname", "1.2.3.4a"}}},
		// hostname = domainlabel qualified; labels start and end with alphanum (T1, T2, D1, D2).
		{d3Ref, "//a-b.c-d", []P{{"authority", "a-b.c-d"}, {"hostname", "a-b.c-d"}}},
		{d3Ref, "//a--b", []P{{"authority", "a--b"}, {"hostname", "a--b"}}},
		{d3Ref, "//a.b.", []P{{"authority", "a.b."}, {"hostname", "a.b."}}},
		{d3Ref, "//1.b.", []P{{"authority", "1.b."}, {"hostname", "1.b."}}},
		{d3Ref, "//a.b-c.:1", []P{{"authority", "a.b-c.:1"}, {"hostname", "a.b-c."}, {"port", "1"}}},
		{d3Ref, "//a-", []P{{"authority", "a-"}, {"reg-name", "a-"}}},
		{d3Ref, "//-a", []P{{"authority", "-a"}, {"reg-name", "-a"}}},
		{d3Ref, "//a.-b", []P{{"authority", "a.-b"}, {"reg-name", "a.-b"}}},
		{d3Ref, "//a-.b", []P{{"authority", "a-.b"}, {"reg-name", "a-.b"}}},
		{d3Ref, "//a.", []P{{"authority", "a."}, {"reg-name", "a."}}},       // trailing "." needs a toplabel after a domainlabel
		{d3Ref, "//a.1.", []P{{"authority", "a.1."}, {"reg-name", "a.1."}}}, // toplabel starts with ALPHA
		{d3Ref, "//a.b-.", []P{{"authority", "a.b-."}, {"reg-name", "a.b-."}}},
		{d3Ref, "//a..b", []P{{"authority", "a..b"}, {"reg-name", "a..b"}}},
		{d3Ref, "//a.b..", []P{{"authority", "a.b.."}, {"reg-name", "a.b.."}}},
		{d3Ref, "//_a", []P{{"authority", "_a"}, {"reg-name", "_a"}}},
		{d3Ref, "//" + strings.Repeat("a", 63), []P{{"authority", strings.Repeat("a", 63)}, {"hostname", strings.Repeat("a", 63)}}},
		{d3Ref, "//" + strings.Repeat("a", 64), []P{{"authority", strings.Repeat("a", 64)}, {"reg-name", strings.Repeat("a", 64)}}},
		{d3Ref, "//b." + strings.Repeat("a", 63) + ".", []P{{"authority", "b." + strings.Repeat("a", 63) + "."}, {"hostname", "b." + strings.Repeat("a", 63) + "."}}},
		{d3Ref, "//b." + strings.Repeat("a", 64) + ".", []P{{"authority", "b." + strings.Repeat("a", 64) + "."}, {"reg-name", "b." + strings.Repeat("a", 64) + "."}}},
		{d3Ref, "//a" + strings.Repeat("-", 61) + "b", []P{{"authority", "a" + strings.Repeat("-", 61) + "b"}, {"hostname", "a" + strings.Repeat("-", 61) + "b"}}},
		// server = [ [ userinfo "@" ] hostport ]; hostport = host [ ":" port ]
		{d3Ref, "//u@h", []P{{"authority", "u@h"}, {"userinfo", "u"}, {"hostname", "h"}}},
		{d3Ref, "//@h", []P{{"authority", "@h"}, {"userinfo", ""}, {"hostname", "h"}}},
		{d3Ref, "//u:p@h:", []P{{"authority", "u:p@h:"}, {"userinfo", "u:p"}, {"hostname", "h"}, {"port", ""}}},
		{d3Ref, "//h:0123", []P{{"authority", "h:0123"}, {"hostname", "h"}, {"port", "0123"}}},
		{d3Ref, "//h:x", []P{{"authority", "h:x"}, {"reg-name", "h:x"}}},
		{d3Ref, "//u@", []P{{"authority", "u@"}, {"reg-name", "u@"}}},
		{d3Ref, "//a@b@c", []P{{"authority", "a@b@c"}, {"reg-name", "a@b@c"}}},
		{d3Ref, "//%41", []P{{"authority", "%41"}, {"reg-name", "%41"}}},
		{d3Ref, "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", // section 7.5
			[]P{{"scheme", "http"}, {"authority", "www.example.com&story=breaking_news@10.0.0.1"},
				{"userinfo", "www.example.com&story=breaking_news"}, {"IPv4address", "10.0.0.1"}, {"abs-path", "/top_story.htm"}}},
		{d3Ref, "//[::1]:80/", []P{{"authority", "[::1]:80"}, {"IPv6address", "::1"}, {"port", "80"}, {"abs-path", "/"}}},
		{d3Ref, "//[1:2:3:4:5:6:1.2.3.4]", []P{{"authority", "[1:2:3:4:5:6:1.2.3.4]"},
			{"IPv6address", "1:2:3:4:5:6:1.2.3.4"}, {"IPv4address", "1.2.3.4"}}},
		// absolute-URI: hier-part when the whole rest is one, opaque-part otherwise (D5).
		{d3Ref, "x:", []P{{"scheme", "x"}}},
		{d3Ref, "x:?q", []P{{"scheme", "x"}, {"query", "q"}}},
		{d3Ref, "x:?q[", []P{{"scheme", "x"}, {"opaque-part", "?q["}}},
		{d3Ref, "http:g", []P{{"scheme", "http"}, {"opaque-part", "g"}}},
		{d3Ref, "mailto:John.Doe@example.com", []P{{"scheme", "mailto"}, {"opaque-part", "John.Doe@example.com"}}},
		{d3Ref, "x:/a?b#c", []P{{"scheme", "x"}, {"abs-path", "/a"}, {"query", "b"}, {"fragment", "c"}}},
		// rel-path = rel-segment [ abs-path ]
		{d3Ref, "g;x=1/../y", []P{{"rel-segment", "g;x=1"}, {"abs-path", "/../y"}}},
		{d3Ref, "./this:that", []P{{"rel-segment", "."}, {"abs-path", "/this:that"}}},
		{d3Ref, "g?y/./x", []P{{"rel-segment", "g"}, {"query", "y/./x"}}},
		{d3Ref, "?y", []P{{"query", "y"}}},
		{d3Ref, "#s", []P{{"fragment", "s"}}},
		{d3Ref, "", []P{}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.Draft2003, tt.start, tt.input, comps...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
}

// TestDraft2003DecOctet checks dec-octet's five alternatives at the end of an IPv4address,
// where a PEG that tried the shortest alternative first would stop too early.
func TestDraft2003DecOctet(t *testing.T) {
	for _, octet := range []string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"} {
		for _, in := range []string{"//1.2.3." + octet, "//[::1.2.3." + octet + "]"} {
			parts := ruleParts(t, urlgrammar.Draft2003, d3Ref, in, "dec-octet")
			if len(parts) != 4 || parts[3].Text != octet {
				t.Errorf("%q: dec-octets %v, want the last to be %q", in, parts, octet)
			}
		}
	}
	for _, octet := range []string{"256", "260", "300", "01", "001", "1000", "2550"} {
		// No dec-octet: not an IPv6address; as a host, a hostname (D2, D3).
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{{d3Ref, "//[::1.2.3." + octet + "]", false, "no dec-octet"}})
		parts := ruleParts(t, urlgrammar.Draft2003, d3Ref, "//1.2.3."+octet, "IPv4address", "hostname")
		if want := []rulePart{{"hostname", "1.2.3." + octet}}; !reflect.DeepEqual(parts, want) {
			t.Errorf("//1.2.3.%s: %v, want %v", octet, parts, want)
		}
	}
}

// draft2003Regexps transcribes the draft's ABNF into RE2 syntax, rule for rule (no rule of the
// draft is recursive, so every start rule's language is regular), as an oracle independent of
// the PEG. RE2 decides membership whatever the order of alternatives.
func draft2003Regexps() map[string]*regexp.Regexp {
	escaped := `%[0-9A-Fa-f]{2}`
	unreserved := `A-Za-z0-9\-_.!~*'()`
	pchar := `(?:[` + unreserved + `;:@&=+$,]|` + escaped + `)`
	uric := `(?:[` + unreserved + `\[\];/?:@&=+$,]|` + escaped + `)`
	uricNoSlash := `(?:[` + unreserved + `\[\];?:@&=+$,]|` + escaped + `)`
	scheme := `[A-Za-z][A-Za-z0-9+\-.]*`
	regName := `(?:[` + unreserved + `;:@&=+$,]|` + escaped + `)+`
	userinfo := `(?:[` + unreserved + `;:&=+$,]|` + escaped + `)*`
	domainlabel := `[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?`
	toplabel := `[A-Za-z](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?`
	hostname := domainlabel + `(?:\.` + domainlabel + `)*(?:\.` + toplabel + `\.)?`
	decOctet := `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	ipv4 := decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
	h4 := `[0-9A-Fa-f]{1,4}`
	ls32 := `(?:` + h4 + `:` + h4 + `|` + ipv4 + `)`
	before := func(n int) string { return fmt.Sprintf(`(?:(?:%s:){0,%d}%s)?`, h4, n, h4) }
	ipv6 := `(?:(?:` + h4 + `:){6}` + ls32 +
		`|::(?:` + h4 + `:){5}` + ls32 +
		`|(?:` + h4 + `)?::(?:` + h4 + `:){4}` + ls32 +
		`|` + before(1) + `::(?:` + h4 + `:){3}` + ls32 +
		`|` + before(2) + `::(?:` + h4 + `:){2}` + ls32 +
		`|` + before(3) + `::` + h4 + `:` + ls32 +
		`|` + before(4) + `::` + ls32 +
		`|` + before(5) + `::` + h4 +
		`|` + before(6) + `::)`
	host := `(?:\[` + ipv6 + `\]|` + ipv4 + `|` + hostname + `)`
	server := `(?:(?:` + userinfo + `@)?` + host + `(?::[0-9]*)?)?`
	authority := `(?:` + server + `|` + regName + `)`
	absPath := `/` + pchar + `*(?:/` + pchar + `*)*`
	netPath := `//` + authority + `(?:` + absPath + `)?`
	query := `(?:[` + unreserved + `;:@&=+$,/?]|` + escaped + `)*`
	hierPart := `(?:` + netPath + `|` + absPath + `)?(?:\?` + query + `)?`
	opaquePart := uricNoSlash + uric + `*`
	absoluteURI := scheme + `:(?:` + hierPart + `|` + opaquePart + `)`
	relSegment := `(?:[` + unreserved + `;@&=+$,]|` + escaped + `)+`
	relPath := relSegment + `(?:` + absPath + `)?`
	relativeURI := `(?:` + netPath + `|` + absPath + `|` + relPath + `)?(?:\?` + query + `)?`
	fragment := query
	whole := func(s string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + s + `)$`) }
	return map[string]*regexp.Regexp{
		d3Ref:    whole(`(?:` + absoluteURI + `|` + relativeURI + `)?(?:#` + fragment + `)?`),
		d3Abs:    whole(absoluteURI),
		d3Rel:    whole(relativeURI),
		d3AbsRef: whole(absoluteURI + `(?:#` + fragment + `)?`),
	}
}

// draft2003Long are inputs built to make the PEG backtrack, whatever the verdict; BenchmarkLong
// measures them beside a baseline (long_test.go).
var draft2003Long = []longShape{
	{d3Ref, "//", "1.", "1", unstated},            // IPv4address, then hostname
	{d3Ref, "//", "1.2.3.4.", "256", unstated},    // many dotted quads
	{d3Ref, "//", "a.", ".", unstated},            // qualified's toplabel lookahead at every label
	{d3Ref, "//", "a.b-", ".", unstated},          // labels ending in "-"
	{d3Ref, "//", "a", "-", unstated},             // one long label (longlabel lookahead), then reg-name
	{d3Ref, "//", "-", "a", unstated},             // hyphens
	{d3Ref, "//", "a:", "x", unstated},            // userinfo without "@"
	{d3Ref, "//", "a", "@b@c", unstated},          // userinfo, then a second "@"
	{d3Ref, "//", "a@", "", unstated},             // many "@"
	{d3Ref, "//[", "1:", "]", unstated},           // IPv6address alternatives
	{d3Ref, "//[", "::", "]", unstated},           // many "::"
	{d3Ref, "//[::1.2.3.", "4", "]", unstated},    // long dec-octet
	{d3Ref, "//[1", "1", "::]", unstated},         // long h4
	{d3Ref, "//h:", "8", "x", unstated},           // port
	{d3Ref, "a", "b", ":c", unstated},             // scheme, then not a relative-URI
	{d3Ref, "", "a/", ":", unstated},              // rel-path
	{d3Ref, "a:", "%41", "%4", unstated},          // escaped
	{d3Ref, "a:/", "/", "[", unstated},            // hier-part fails at the end, opaque-part tried
	{d3Ref, "a:?", "?/", "[", unstated},           // query, then opaque-part
	{d3Ref, "a:", "[::1]", "#", unstated},         // opaque-part
	{d3Rel, "", "a", ":b", unstated},              // rel-segment stops at ":"
	{d3Abs, "a://", "h", ":80#", unstated},        // fragment not allowed
	{d3Ref, "", "../", "g", unstated},             // dot segments
	{d3Ref, "//", "%41", "[::1]", unstated},       // reg-name then "["
	{d3Ref, "?", "%", "", unstated},               // bad escaped
	{d3Ref, "#", "[", "", unstated},               // bad fragment
	{d3Ref, "", "a:", "", unstated},               // many colons
	{d3AbsRef, "x:", "a", "#[" + "a", unstated},   // fragment fails at the end
	{d3Ref, "//[", "0:0:0:0:0:0:", "]", unstated}, // too many pieces
}

// TestDraft2003Decisions has one test per typo fix and reading recorded in the header of
// grammar/draft2003.bnf.
func TestDraft2003Decisions(t *testing.T) {
	host := func(t *testing.T, in string, want ...rulePart) {
		t.Helper()
		got := ruleParts(t, urlgrammar.Draft2003, d3Ref, in, "IPv4address", "hostname", "reg-name", "IPv6address")
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q (-want +got):\n%s", in, diff)
		}
	}
	type P = rulePart
	t.Run("T1 T2: | in domainlabel and toplabel read as /", func(t *testing.T) {
		// 0*61( alphanum / "-" ): hyphens inside a label, alphanum at both ends.
		host(t, "//a-1.b-2.", P{"hostname", "a-1.b-2."})
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{{d3Ref, "//a|b", false, `"|" is unwise (section 2.4.3)`}})
	})
	t.Run("D1: alpha in toplabel is ALPHA", func(t *testing.T) {
		host(t, "//x.Ab.", P{"hostname", "x.Ab."})
		host(t, "//x.ab.", P{"hostname", "x.ab."})
		host(t, "//x.9b.", P{"reg-name", "x.9b."})
	})
	t.Run("D2: qualified as printed", func(t *testing.T) {
		host(t, "//1.2.3.4.5", P{"hostname", "1.2.3.4.5"})
		host(t, "//1.2.3", P{"hostname", "1.2.3"})
		host(t, "//example.123", P{"hostname", "example.123"})
		host(t, "//a.", P{"reg-name", "a."})
		host(t, "//a.b.", P{"hostname", "a.b."})
	})
	t.Run("D3: IPv4address is four dec-octets, else hostname", func(t *testing.T) {
		host(t, "//256.1.1.1", P{"hostname", "256.1.1.1"})
		host(t, "//1.2.3.4", P{"IPv4address", "1.2.3.4"})
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{
			{d3Ref, "//[::256.1.1.1]", false, "inside an IPv6address only an IPv4address will do"},
		})
	})
	t.Run("D4: labels of at most 63 characters, no length limit on hostname", func(t *testing.T) {
		long := strings.Repeat(strings.Repeat("a", 63)+".", 20) + "b" // 1281 characters
		host(t, "//"+long, P{"hostname", long})
		host(t, "//"+strings.Repeat("a", 64), P{"reg-name", strings.Repeat("a", 64)})
		host(t, "//a."+strings.Repeat("b", 64)+".", P{"reg-name", "a." + strings.Repeat("b", 64) + "."})
	})
	t.Run("D6: unwise is excluded, backslash included", func(t *testing.T) {
		for _, c := range []string{"{", "}", "|", `\`, "^", "`", "<", ">", `"`} {
			checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{{d3Ref, "a" + c, false, "excluded character " + c}})
		}
	})
	t.Run("D7: scheme is ALPHA first, either case", func(t *testing.T) {
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{
			{d3Abs, "HTTP:x", true, "ALPHA"},
			{d3Abs, "Http+x.y-z:x", true, "ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )"},
			{d3Abs, "1http:x", false, "DIGIT first"},
			{d3Abs, "+http:x", false, "\"+\" first"},
		})
	})
	t.Run("D8: http:g is an absolute-URI", func(t *testing.T) {
		checkVerdicts(t, urlgrammar.Draft2003, []verdictCase{
			{d3Abs, "http:g", true, "opaque-part g"},
			{d3Rel, "http:g", false, "rel-segment has no \":\""},
		})
	})
	t.Run("unreachable rules are kept", func(t *testing.T) {
		// path (section 3.3) is a rule of the grammar that no start rule reaches.
		found := false
		for _, r := range draft2003.Grammar.Rules {
			found = found || r == "path"
		}
		if !found {
			t.Errorf("rule path missing from the generated grammar")
		}
	})
}

// TestDraft2003SyntaxErrorOffsets checks where Validate says an input leaves the grammar: the
// longest prefix that some valid URI-reference still begins with, worked out from the ABNF, one
// of the things the ABNF allows there, and the innermost rule being matched.
func TestDraft2003SyntaxErrorOffsets(t *testing.T) {
	type report struct {
		Rule   string
		Offset int
		In     string
	}
	tests := []struct {
		input   string
		want    report
		expects string
	}{
		// "[1::2:" can still become "[1::2:3]"; a second "::" cannot follow "1::2". The ":"
		// after "2" may be ls32's or one of IPv6address's own h4 ":" groups: IPv6address.
		{"http://[1::2::3]/", report{d3Ref, 13, "IPv6address"}, "HEXDIG"},
		// After eight h4 only more HEXDIG of the last one, or "]".
		{"http://[1:2:3:4:5:6:7:8:9]/", report{d3Ref, 23, "h4"}, `"]"`},
		// This draft has no IPvFuture: "[" is followed by an IPv6address.
		{"http://[v1.a]/", report{d3Ref, 8, "IPv6reference"}, `"::"`},
		// After an IPv6reference: a port, or the end of the authority.
		{"http://[::1]x/", report{d3Ref, 12, "hostport"}, `":"`},
		// Space is excluded (section 2.4.3); it stands where the segment "b" could go on.
		{"http://a/b c", report{d3Ref, 10, "segment"}, `"/"`},
		// A fragment holds no "#".
		{"this:that#a#b", report{d3Ref, 11, "fragment"}, `"?"`},
		// "1a" is no scheme (ALPHA first), so a rel-segment, which holds no ":" (section 5).
		{"1a:b", report{d3Ref, 2, "rel-segment"}, `"/"`},
		// escaped = "%" HEXDIG HEXDIG
		{"%4", report{d3Ref, 2, "escaped"}, "HEXDIG"},
		// A hier-part has no "[", and an opaque-part cannot start with "/".
		{"x:/[a]", report{d3Ref, 3, "hier-part"}, `"/"`},
		// "[" only opens an IPv6reference, as the whole host.
		{"//a[b", report{d3Ref, 3, "relative-URI"}, `"/"`},
	}
	for _, tt := range tests {
		err := urlgrammar.Validate(urlgrammar.Draft2003, tt.input)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Validate(%q) = %v; want a *SyntaxError", tt.input, err)
			continue
		}
		if diff := cmp.Diff(tt.want, report{se.Rule, se.Offset, se.In}); diff != "" {
			t.Errorf("Validate(%q) (-want +got):\n%s", tt.input, diff)
		}
		found := false
		for _, e := range se.Expected {
			found = found || e == tt.expects
		}
		if !found {
			t.Errorf("Validate(%q): expected %q, want it to include %s", tt.input, se.Expected, tt.expects)
		}
	}
}
