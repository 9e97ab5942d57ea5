package urlgrammar_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/generated/rfc3986"
)

// TestRFC3986DocumentExamples holds to the rules of RFC 3986 what it prints and the corpus
// (compare/corpus.tsv, held to the document by TestCorpusDocumentExamples) does not assert:
// the corpus holds each URI to URI, URI-reference and (without a fragment) absolute-URI, and
// each reference of sections 4.2, 4.5 and 5.4 to URI-reference; these are the references of
// section 5.4 that are also URIs, and the suffix reference of section 4.5.
func TestRFC3986DocumentExamples(t *testing.T) {
	checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
		{"URI", "g:h", true, "section 5.4.1: \"g:h\" -> \"g:h\""},
		{"absolute-URI", "g:h", true, "section 5.4.1: \"g:h\" -> \"g:h\""},
		{"URI", "http:g", true, "section 5.4.2: \"http:g\" -> \"http:g\" ; for strict parsers"},
		{"absolute-URI", "http:g", true, "section 5.4.2: \"http:g\" -> \"http:g\" ; for strict parsers"},
		// "a URI suffix has the same syntax as a relative-path reference"
		{"relative-ref", "www.w3.org/Addressing/", true, "section 4.5"},
	})
}

// TestRFC3986StartRules holds hand-made inputs to each start rule, aimed at the places where a
// PEG transcription can go wrong; the verdicts come from Appendix A.
func TestRFC3986StartRules(t *testing.T) {
	const ref, uri, abs, rel = "URI-reference", "URI", "absolute-URI", "relative-ref"
	checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
		// hier-part and relative-part: which path rule follows what.
		{uri, "a:", true, "path-empty after the scheme (Appendix D.2: about:, dav:)"},
		{uri, "a:/", true, "path-absolute \"/\""},
		{uri, "a://", true, "empty authority, empty path-abempty"},
		{uri, "a:///b", true, "empty authority, path-abempty \"/b\""},
		{uri, "a:////b", true, "empty authority, path-abempty \"//b\""},
		{uri, "a:/b//c", true, "path-absolute with an empty segment"},
		{uri, "a:b:c/d", true, "path-rootless may hold \":\""},
		{uri, "a:b//c", true, "path-rootless with an empty segment"},
		{uri, "a:@", true, "\"@\" is a pchar"},
		{uri, "a:?", true, "empty path, empty query"},
		{uri, "a:#", true, "empty path, empty fragment"},
		{uri, "", false, "a URI needs a scheme"},
		{uri, "//a", false, "a URI needs a scheme"},
		{uri, "1a:b", false, "scheme starts with ALPHA"},
		{uri, "a b:c", false, "space in scheme"},
		{uri, "-a:b", false, "scheme starts with ALPHA"},
		{uri, "a+-.9:b", true, "scheme characters"},
		{abs, "a:b?c", true, "absolute-URI with a query"},
		{abs, "a:b#c", false, "absolute-URI has no fragment"},
		{rel, "", true, "path-empty"},
		{rel, "?", true, "empty query"},
		{rel, "#", true, "empty fragment"},
		{rel, "?#", true, "empty query and fragment"},
		{rel, "/", true, "path-absolute"},
		{rel, "//", true, "empty authority"},
		{rel, "///", true, "empty authority, path-abempty \"/\""},
		{rel, "a:b", false, "path-noscheme: no \":\" in the first segment"},
		{rel, "./a:b", true, "section 4.2: a dot-segment before a segment with \":\""},
		{rel, "a/b:c", true, "\":\" after the first segment"},
		{rel, "a@b", true, "segment-nz-nc allows \"@\""},
		{rel, ":a", false, "no relative-part starts with \":\""},
		{ref, ":a", false, "neither a URI nor a relative-ref"},
		{ref, "a:b", true, "a URI"},
		{ref, "?a:b", true, "\":\" in the query of a relative-ref"},
		{ref, "#a:b/c?d", true, "fragment characters"},
		{ref, "a#b#c", false, "one fragment: \"#\" is not a fragment character"},
		{ref, "a?b?c/d", true, "\"?\" and \"/\" in a query"},
		// authority: userinfo "@" and host.
		{ref, "//u:p@h:80/x", true, "userinfo, host, port"},
		{ref, "//@h", true, "empty userinfo"},
		{ref, "//u@", true, "empty reg-name after userinfo"},
		{ref, "//a@b@c", false, "\"@\" in neither userinfo nor host"},
		{ref, "//u@[::1]:8/", true, "userinfo before an IP-literal"},
		{ref, "//a!$&'()*+,;=b", true, "sub-delims in reg-name"},
		{ref, "//a%41b", true, "pct-encoded in reg-name"},
		{ref, "//a%4", false, "incomplete pct-encoded"},
		{ref, "//a%zz", false, "pct-encoded needs HEXDIG"},
		{ref, "//h:80", true, "port"},
		{ref, "//h:", true, "empty port"},
		{ref, "//h:8a", false, "port is *DIGIT"},
		{ref, "//h:80:90", false, "one port"},
		{ref, "//::1", false, "an IPv6 address must be in brackets"},
		// host: IPv4address versus reg-name.
		{ref, "//1.2.3.4", true, "IPv4address"},
		{ref, "//1.2.3.4:5", true, "IPv4address and port"},
		{ref, "//1.2.3.4.5", true, "a reg-name (not an IPv4address)"},
		{ref, "//1.2.3", true, "a reg-name"},
		{ref, "//1.2.3.256", true, "a reg-name: 256 is no dec-octet"},
		{ref, "//01.2.3.4", true, "a reg-name: 01 is no dec-octet"},
		{ref, "//1.2.3.4x", true, "a reg-name"},
		// IP-literal.
		{ref, "//[::]", true, "IPv6address: all elided"},
		{ref, "//[::1]", true, "IPv6address"},
		{ref, "//[1::]", true, "IPv6address"},
		{ref, "//[1:2:3:4:5:6:7:8]", true, "eight pieces"},
		{ref, "//[1:2:3:4:5:6:1.2.3.4]", true, "six pieces and an IPv4address"},
		{ref, "//[1::2:3]", true, "IPv6address"},
		{ref, "//[1:2:3:4:5:6:7::]", true, "seven pieces then \"::\""},
		{ref, "//[::1:2:3:4:5:6:7]", true, "\"::\" then seven pieces"},
		{ref, "//[1:2:3:4:5::1.2.3.4]", true, "five pieces, \"::\", an IPv4address"},
		{ref, "//[::1.2.3.4]", true, "\"::\" and an IPv4address"},
		{ref, "//[::ffff:192.0.2.1]", true, "an IPv4-mapped address"},
		{ref, "//[ABCD:ef01::]", true, "HEXDIG in both cases"},
		{ref, "//[1:2:3:4:5:6:7:8:9]", false, "nine pieces"},
		{ref, "//[1:2:3:4:5:6:7]", false, "seven pieces without \"::\""},
		{ref, "//[1:2:3:4:5:6:7:8::]", false, "eight pieces and \"::\""},
		{ref, "//[::1:2:3:4:5:6:7:8]", false, "\"::\" and eight pieces"},
		{ref, "//[1:2::3:4:5:6:7:8]", false, "eight pieces and \"::\""},
		{ref, "//[1:2:3:4:5:6:7:1.2.3.4]", false, "seven pieces and an IPv4address"},
		{ref, "//[:::]", false, "three colons"},
		{ref, "//[1::2::3]", false, "two \"::\""},
		{ref, "//[:1::]", false, "a single leading colon"},
		{ref, "//[1:]", false, "a single trailing colon"},
		{ref, "//[12345::]", false, "h16 is 1*4HEXDIG"},
		{ref, "//[::1.2.3.256]", false, "256 is no dec-octet"},
		{ref, "//[::1.2.3.01]", false, "01 is no dec-octet"},
		{ref, "//[::1.2.3]", false, "three dec-octets"},
		{ref, "//[1.2.3.4::]", false, "an IPv4address only as the last 32 bits"},
		{ref, "//[::1", false, "no \"]\""},
		{ref, "//[]", false, "empty IP-literal"},
		{ref, "//[v1.x]", true, "IPvFuture"},
		{ref, "//[vF.a:b!]", true, "IPvFuture"},
		{ref, "//[v.x]", false, "IPvFuture needs 1*HEXDIG"},
		{ref, "//[v1.]", false, "IPvFuture needs 1*( unreserved / sub-delims / \":\" )"},
		{ref, "//[v1x]", false, "IPvFuture needs \".\""},
		{ref, "//[vg.x]", false, "g is no HEXDIG"},
		{ref, "//[v1.x/y]", false, "\"/\" is not allowed in IPvFuture"},
		// Square brackets are only allowed around an IP-literal (section 3.2.2).
		{ref, "/a[b]", false, "\"[\" in a path"},
		{ref, "?[", false, "\"[\" in a query"},
		{ref, "#]", false, "\"]\" in a fragment"},
		{ref, "//a[b]", false, "\"[\" in a reg-name"},
		// Characters outside the grammar.
		{ref, "a:b c", false, "space"},
		{ref, "a:b\"c", false, "double quote"},
		{ref, "a:b<c>", false, "angle brackets"},
		{ref, "a:b\\c", false, "backslash"},
		{ref, "a:b{c}|^`", false, "characters excluded from URIs"},
		{ref, "a:\u00e9", false, "non-ASCII"},
		{ref, "a:%e9", true, "percent-encoded octet"},
	})
}

// TestRFC3986Decisions has one test per decision recorded in the header of grammar/rfc3986.bnf.
func TestRFC3986Decisions(t *testing.T) {
	const ref = "URI-reference"
	t.Run("case-insensitive literals", func(t *testing.T) {
		// ABNF quoted strings are case-insensitive: "v" of IPvFuture, and HEXDIG.
		checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
			{ref, "//[V1.x]", true, "\"v\" matches \"V\""},
			{ref, "//[vAb.x]", true, "HEXDIG \"A\" and \"b\""},
			{ref, "%aF", true, "pct-encoded with HEXDIG in both cases"},
			{ref, "HTTP://X", true, "ALPHA in both cases"},
		})
	})
	t.Run("path-empty is 0<pchar>", func(t *testing.T) {
		checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
			{"URI", "about:", true, "hier-part path-empty"},
			{"relative-ref", "", true, "relative-part path-empty"},
			{"relative-ref", "?q", true, "path-empty then a query"},
		})
	})
	t.Run("first-match-wins for host", func(t *testing.T) {
		tests := []struct{ input, rule, host string }{
			{"//1.2.3.4/", "IPv4address", "1.2.3.4"},
			{"//255.255.255.255:80", "IPv4address", "255.255.255.255"},
			{"//1.2.3.4.5/", "reg-name", "1.2.3.4.5"},
			{"//1.2.3.256/", "reg-name", "1.2.3.256"},
			{"//1.2.3/", "reg-name", "1.2.3"},
			{"//example.com/", "reg-name", "example.com"},
			{"//[::1]/", "IPv6address", "::1"},
			{"//[v7.a]/", "IPvFuture", "v7.a"},
		}
		for _, tt := range tests {
			parts := ruleParts(t, urlgrammar.RFC3986, ref, tt.input, "IPv4address", "reg-name", "IPv6address", "IPvFuture")
			want := []rulePart{{tt.rule, tt.host}}
			if fmt.Sprint(parts) != fmt.Sprint(want) {
				t.Errorf("%q: host parts %v, want %v", tt.input, parts, want)
			}
		}
	})
	t.Run("dec-octet alternatives", func(t *testing.T) {
		for _, octet := range []string{"0", "9", "10", "99", "100", "199", "200", "249", "250", "255"} {
			in := "//[::1.2.3." + octet + "]"
			parts := ruleParts(t, urlgrammar.RFC3986, ref, in, "dec-octet")
			if len(parts) != 4 || parts[3].Text != octet {
				t.Errorf("%q: dec-octets %v, want the last to be %q", in, parts, octet)
			}
		}
		for _, octet := range []string{"256", "260", "300", "01", "001", "1000", "2550"} {
			checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{{ref, "//[::1.2.3." + octet + "]", false, "no dec-octet"}})
		}
	})
	t.Run("no IPv6 zone identifiers", func(t *testing.T) {
		// RFC 6874 (2013) is not part of RFC 3986: section 3.2.2 says "This syntax does not
		// support IPv6 scoped addressing zone identifiers".
		checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
			{ref, "http://[fe80::1%25eth0]/", false, "RFC 6874 ZoneID"},
			{ref, "http://[fe80::1%eth0]/", false, "raw zone identifier"},
			{ref, "http://[fe80::1%25]/", false, "empty ZoneID"},
		})
	})
	t.Run("unverified errata are not applied", func(t *testing.T) {
		checkVerdicts(t, urlgrammar.RFC3986, []verdictCase{
			// EID 4942 (Reported) would remove sub-delims from reg-name.
			{ref, "//ex!ample.com/", true, "reg-name keeps sub-delims"},
			// EID 5428 (not verified) would add path-abempty to relative-part, making
			// "//a@b@c" a path instead of an invalid authority.
			{ref, "//a@b@c", false, "relative-part has no path-abempty alternative"},
		})
	})
	t.Run("unreachable rules are kept", func(t *testing.T) {
		// path, reserved and gen-delims are rules of the grammar that no start rule reaches.
		for _, name := range []string{"path"} {
			found := false
			for _, r := range rfc3986.Grammar.Rules {
				found = found || r == name
			}
			if !found {
				t.Errorf("rule %s missing from the generated grammar", name)
			}
		}
	})
}

// TestRFC3986Parts checks that each component gets the text the document means where the
// BNF is ambiguous or a greedy PEG could misplace a boundary.
func TestRFC3986Parts(t *testing.T) {
	type P = rulePart
	comps := []string{"scheme", "userinfo", "host", "port", "path-abempty", "path-absolute",
		"path-noscheme", "path-rootless", "path-empty", "query", "fragment"}
	tests := []struct {
		start, input string
		want         []P
	}{
		// Section 3's example and its component parts.
		{"URI", "foo://example.com:8042/over/there?name=ferret#nose",
			[]P{{"scheme", "foo"}, {"host", "example.com"}, {"port", "8042"},
				{"path-abempty", "/over/there"}, {"query", "name=ferret"}, {"fragment", "nose"}}},
		{"URI", "urn:example:animal:ferret:nose",
			[]P{{"scheme", "urn"}, {"path-rootless", "example:animal:ferret:nose"}}},
		// Section 3.3: "the URI <mailto:fred@example.com> has a path of "fred@example.com",
		// whereas the URI <foo://info.example.com?fred> has an empty path."
		{"URI", "mailto:fred@example.com", []P{{"scheme", "mailto"}, {"path-rootless", "fred@example.com"}}},
		{"URI", "foo://info.example.com?fred",
			[]P{{"scheme", "foo"}, {"host", "info.example.com"}, {"path-abempty", ""}, {"query", "fred"}}},
		// Section 7.6: the host is "10.0.0.1", not "cnn.example.com".
		{"URI", "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
			[]P{{"scheme", "ftp"}, {"userinfo", "cnn.example.com&story=breaking_news"}, {"host", "10.0.0.1"},
				{"path-abempty", "/top_story.htm"}}},
		{"URI-reference", "//u:p@h:/?#",
			[]P{{"userinfo", "u:p"}, {"host", "h"}, {"port", ""}, {"path-abempty", "/"}, {"query", ""}, {"fragment", ""}}},
		{"URI-reference", "//h:80", []P{{"host", "h"}, {"port", "80"}, {"path-abempty", ""}}},
		{"URI-reference", "a/b:c?d", []P{{"path-noscheme", "a/b:c"}, {"query", "d"}}},
		{"URI-reference", "/a//b", []P{{"path-absolute", "/a//b"}}},
		{"URI-reference", "a:", []P{{"scheme", "a"}, {"path-empty", ""}}},
		{"URI-reference", "#f", []P{{"path-empty", ""}, {"fragment", "f"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.RFC3986, tt.start, tt.input, comps...)
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("%s %q:\n got %v\nwant %v", tt.start, tt.input, got, tt.want)
		}
	}
}

// rfc3986Regexps transcribes Appendix A into RE2 syntax, rule for rule (the language of every
// start rule is regular), as an oracle independent of the PEG.
func rfc3986Regexps() map[string]*regexp.Regexp {
	pct := `%[0-9A-Fa-f]{2}`
	pchar := `(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|` + pct + `)`
	segment, segmentNZ := pchar+`*`, pchar+`+`
	segmentNZNC := `(?:[A-Za-z0-9\-._~!$&'()*+,;=@]|` + pct + `)+`
	h16 := `[0-9A-Fa-f]{1,4}`
	decOctet := `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	ipv4 := decOctet + `\.` + decOctet + `\.` + decOctet + `\.` + decOctet
	ls32 := `(?:` + h16 + `:` + h16 + `|` + ipv4 + `)`
	before := func(n int) string { return fmt.Sprintf(`(?:(?:%s:){0,%d}%s)?`, h16, n, h16) }
	ipv6 := `(?:(?:` + h16 + `:){6}` + ls32 +
		`|::(?:` + h16 + `:){5}` + ls32 +
		`|(?:` + h16 + `)?::(?:` + h16 + `:){4}` + ls32 +
		`|` + before(1) + `::(?:` + h16 + `:){3}` + ls32 +
		`|` + before(2) + `::(?:` + h16 + `:){2}` + ls32 +
		`|` + before(3) + `::` + h16 + `:` + ls32 +
		`|` + before(4) + `::` + ls32 +
		`|` + before(5) + `::` + h16 +
		`|` + before(6) + `::)`
	ipvFuture := `[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+`
	regName := `(?:[A-Za-z0-9\-._~!$&'()*+,;=]|` + pct + `)*`
	host := `(?:\[(?:` + ipv6 + `|` + ipvFuture + `)\]|` + ipv4 + `|` + regName + `)`
	userinfo := `(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|` + pct + `)*`
	authority := `(?:` + userinfo + `@)?` + host + `(?::[0-9]*)?`
	abempty := `(?:/` + segment + `)*`
	absolute := `/(?:` + segmentNZ + `(?:/` + segment + `)*)?`
	noscheme := segmentNZNC + `(?:/` + segment + `)*`
	rootless := segmentNZ + `(?:/` + segment + `)*`
	hierPart := `(?://` + authority + abempty + `|` + absolute + `|` + rootless + `|)`
	relativePart := `(?://` + authority + abempty + `|` + absolute + `|` + noscheme + `|)`
	query := `(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|` + pct + `)*`
	scheme := `[A-Za-z][A-Za-z0-9+\-.]*`
	uri := scheme + `:` + hierPart + `(?:\?` + query + `)?(?:#` + query + `)?`
	relativeRef := relativePart + `(?:\?` + query + `)?(?:#` + query + `)?`
	absoluteURI := scheme + `:` + hierPart + `(?:\?` + query + `)?`
	whole := func(s string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + s + `)$`) }
	return map[string]*regexp.Regexp{
		"URI":           whole(uri),
		"relative-ref":  whole(relativeRef),
		"absolute-URI":  whole(absoluteURI),
		"URI-reference": whole(uri + `|` + relativeRef),
	}
}

// rfc3986Long are inputs built to make the PEG backtrack (they were the inputs of a timed test):
// a prefix, a unit repeated to the wanted length, and a suffix. BenchmarkLong measures their
// cost per byte from 1 KiB to 1 MiB, TestLongInputs decides each at 1 MiB (see long_test.go).
var rfc3986Long = []longShape{
	{"URI-reference", "//", "1.", "1", unstated},            // IPv4address then reg-name
	{"URI-reference", "//", "a:", "x", unstated},            // userinfo without "@"
	{"URI-reference", "//", "a", "@b@c", unstated},          // userinfo, then a second "@"
	{"URI-reference", "//[", "1:", "]", unstated},           // IPv6address alternatives
	{"URI-reference", "//[v1.", "a", "]", unstated},         // IPvFuture
	{"URI-reference", "a", "b", ":c", unstated},             // scheme, then path-noscheme
	{"URI-reference", "", "a/", ":", unstated},              // path-noscheme
	{"URI-reference", "a:", "%41", "%4", unstated},          // pct-encoded
	{"URI-reference", "a:/", "/", "[", unstated},            // path-abempty
	{"URI", "a:?", "?/", "#x", unstated},                    // query
	{"relative-ref", "", "a", ":b", unstated},               // path-noscheme stops at ":"
	{"absolute-URI", "a://", "h", ":80#", unstated},         // fragment not allowed
	{"URI-reference", "//h:", "8", "x", unstated},           // port
	{"URI-reference", "//", "1.2.3.4.", "256", unstated},    // many dotted quads
	{"URI-reference", "", "../", "g", unstated},             // dot-segments
	{"URI-reference", "//", "%41", "[::1]", unstated},       // reg-name then "["
	{"URI-reference", "//[", "::", "]", unstated},           // many "::"
	{"URI-reference", "x:", "[::1]", "", unstated},          // IP-literal outside authority
	{"URI-reference", "//", "a@", "", unstated},             // many "@"
	{"URI-reference", "//[::1.2.3.", "4", "]", unstated},    // long dec-octet
	{"URI-reference", "//[1", "1", "::]", unstated},         // long h16
	{"URI-reference", "//", "v1.x]", "", unstated},          // IPvFuture text outside brackets
	{"URI-reference", "?", "%", "", unstated},               // bad pct-encoded
	{"URI-reference", "#", "[", "", unstated},               // bad fragment
	{"URI-reference", "", "a:", "", unstated},               // many colons
	{"URI-reference", "//[", "0:0:0:0:0:0:", "]", unstated}, // too many pieces
}
