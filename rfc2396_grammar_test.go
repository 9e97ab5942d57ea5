package urlgrammar_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestRFC2396DocumentExamples holds to the rules of Appendix A what RFC 2396 prints and the
// corpus (compare/corpus.tsv, held to the document by TestCorpusDocumentExamples) does not
// assert: the corpus holds each URI to absoluteURI and URI-reference, and each reference of
// Appendix C to URI-reference; these are the references of Appendix C that are also URIs, and
// the result that the appendix prints as "(current document)#s".
func TestRFC2396DocumentExamples(t *testing.T) {
	checkVerdicts(t, urlgrammar.RFC2396, []verdictCase{
		{"absoluteURI", "g:h", true, "Appendix C.1: g:h = g:h"},
		{"absoluteURI", "http:g", true, "Appendix C.2: http:g = http:g"},
		{"URI-reference", "http://a/b/c/d;p?q#s", true, "Appendix C.1: #s = (current document)#s, the base's"},
	})
}

// TestRFC2396StartRules holds hand-made inputs to each start rule, aimed at the places where a
// PEG transcription can go wrong; the verdicts come from Appendix A.
func TestRFC2396StartRules(t *testing.T) {
	const ref, abs, rel = "URI-reference", "absoluteURI", "relativeURI"
	checkVerdicts(t, urlgrammar.RFC2396, []verdictCase{
		// The grammar as printed where it differs from the examples and later documents.
		{ref, "?y", false, "relativeURI needs a path: Appendix C.1's \"?y\" is not derivable"},
		{rel, "?y", false, "relativeURI needs a path"},
		{ref, "?", false, "a query alone"},
		{abs, "http:", false, "hier_part needs \"/\", opaque_part one uric_no_slash"},
		{ref, "about:", false, "nothing after the colon"},
		{ref, "", true, "URI-reference is all optional (Appendix C.2 \"<>\")"},
		{rel, "", false, "relativeURI needs a path"},
		{abs, "", false, "no scheme"},
		// absoluteURI: hier_part or opaque_part.
		{abs, "a:b", true, "opaque_part"},
		{abs, "a:?x", true, "opaque_part: \"?\" is a uric_no_slash"},
		{abs, "a:b/c?d", true, "opaque_part: then any uric"},
		{abs, "a:/", true, "abs_path \"/\""},
		{abs, "a://", true, "net_path with an empty server"},
		{abs, "a:///b", true, "net_path with an empty server and a path"},
		{abs, "a:/b?c", true, "hier_part with a query"},
		{abs, "a:b#c", false, "absoluteURI has no fragment"},
		{ref, "a:b#c", true, "URI-reference adds the fragment"},
		{abs, "1a:b", false, "scheme starts with alpha"},
		{abs, "a+-.9:b", true, "scheme characters"},
		{abs, "HTTP://EXAMPLE.COM/", true, "alpha has both cases"},
		// relativeURI: net_path, abs_path, rel_path.
		{rel, "//", true, "net_path with an empty server"},
		{rel, "/", true, "abs_path"},
		{rel, "a", true, "rel_path"},
		{rel, ";x", true, "rel_segment holds \";\""},
		{rel, "a:b", false, "no \":\" in a rel_segment"},
		{rel, "./a:b", true, "\":\" in a later segment"},
		{rel, "a/b:c", true, "\":\" in an abs_path segment"},
		{rel, "a?b:c", true, "\":\" in a query"},
		{rel, "a#b", false, "relativeURI has no fragment"},
		{ref, "a#b#c", false, "one fragment"},
		// segment and param.
		{ref, "/a;p=1;q/b;r", true, "params"},
		{ref, "/;/;", true, "empty segments and params"},
		// authority: server or reg_name.
		{ref, "//user:pw@host:80/x", true, "server"},
		{ref, "//@host", true, "empty userinfo"},
		{ref, "//user@", true, "a reg_name: server needs a hostport after \"@\""},
		{ref, "//a@b@c", true, "a reg_name"},
		{ref, "//host;x", true, "a reg_name"},
		{ref, "//a:b@c:d", true, "a reg_name: port is *digit"},
		{ref, "//host:", true, "empty port"},
		{ref, "//1.2.3.4", true, "IPv4address"},
		{ref, "//999.999.999.999", true, "IPv4address is 1*digit four times"},
		{ref, "//1.2.3.4.5", true, "a reg_name"},
		{ref, "//www.example.com.", true, "hostname with the final \".\""},
		{ref, "//a..b", true, "a reg_name"},
		{ref, "//-a.com", true, "a reg_name"},
		{ref, "//a%41", true, "escaped in a reg_name"},
		{ref, "//a%4", false, "incomplete escape"},
		{ref, "//a%zz", false, "escape needs hex"},
		{ref, "//[::1]", false, "no IPv6 literals (RFC 2732 came later)"},
		{ref, "//a b", false, "space"},
		// Characters outside the grammar (section 2.4.3).
		{ref, "http://h/[x]", false, "unwise \"[\""},
		{ref, "http://h/{x}", false, "unwise \"{\""},
		{ref, "http://h/a|b", false, "unwise \"|\""},
		{ref, "http://h/a\\b", false, "unwise \"\\\""},
		{ref, "http://h/a^b", false, "unwise \"^\""},
		{ref, "http://h/a`b", false, "unwise \"`\""},
		{ref, "http://h/a<b>", false, "delims"},
		{ref, "http://h/a\"b", false, "delims"},
		{ref, "http://h/a%b", false, "delims \"%\" not as an escape"},
		{ref, "http://h/a b", false, "space"},
		{ref, "http://h/\x7f", false, "control"},
		{ref, "http://h/~a_b-c.d!e*f'g(h)", true, "mark characters"},
		{ref, "http://h/\u00e9", false, "non-ASCII"},
	})
}

// TestRFC2396Decisions has one test per decision recorded in the header of grammar/rfc2396.bnf,
// and checks the readings the PEG chooses where the BNF is ambiguous.
func TestRFC2396Decisions(t *testing.T) {
	const ref = "URI-reference"
	t.Run("case-sensitive literals", func(t *testing.T) {
		// Every letter literal of the grammar comes in both cases, so both cases pass.
		checkVerdicts(t, urlgrammar.RFC2396, []verdictCase{
			{ref, "HtTp://WwW.ExAmPlE.CoM/%aF%Af", true, "alpha and hex in both cases"},
		})
	})
	t.Run("section 2.4.3 rules are kept", func(t *testing.T) {
		for _, c := range []string{" ", "\"", "<", ">", "{", "}", "|", "\\", "^", "[", "]", "`", "\x00", "\x1f", "\x7f"} {
			checkVerdicts(t, urlgrammar.RFC2396, []verdictCase{{ref, "a:b" + c, false, "excluded character"}})
		}
	})
	t.Run("the authority component wins", func(t *testing.T) {
		// Section 4.3: "//x/y" is read as authority "x" and path "/y", not as the path "//x/y".
		got := ruleParts(t, urlgrammar.RFC2396, ref, "//x/y", "net_path", "abs_path", "authority")
		want := []rulePart{{"net_path", "//x/y"}, {"authority", "x"}, {"abs_path", "/y"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("//x/y: %v, want %v", got, want)
		}
	})
	t.Run("server or reg_name", func(t *testing.T) {
		tests := []struct {
			input string
			want  []rulePart
		}{
			{"//user:pw@host.example.com:80/",
				[]rulePart{{"server", "user:pw@host.example.com:80"}, {"userinfo", "user:pw"},
					{"hostname", "host.example.com"}, {"port", "80"}}},
			{"//", []rulePart{{"server", ""}}},
			{"//@h", []rulePart{{"server", "@h"}, {"userinfo", ""}, {"hostname", "h"}}},
			{"//1.2.3.4", []rulePart{{"server", "1.2.3.4"}, {"IPv4address", "1.2.3.4"}}},
			{"//999.1.1.1", []rulePart{{"server", "999.1.1.1"}, {"IPv4address", "999.1.1.1"}}},
			{"//example.com.:8", []rulePart{{"server", "example.com.:8"}, {"hostname", "example.com."}, {"port", "8"}}},
			{"//a1.b-2.c", []rulePart{{"server", "a1.b-2.c"}, {"hostname", "a1.b-2.c"}}},
			{"//1.2.3.4.5", []rulePart{{"reg_name", "1.2.3.4.5"}}},
			{"//a.1", []rulePart{{"reg_name", "a.1"}}},
			{"//a-.b", []rulePart{{"reg_name", "a-.b"}}},
			{"//host;x", []rulePart{{"reg_name", "host;x"}}},
			{"//a@b@c", []rulePart{{"reg_name", "a@b@c"}}},
			{"//user@", []rulePart{{"reg_name", "user@"}}},
			{"//h_st", []rulePart{{"reg_name", "h_st"}}},
		}
		for _, tt := range tests {
			got := ruleParts(t, urlgrammar.RFC2396, ref, tt.input, "server", "reg_name", "userinfo", "hostname", "IPv4address", "port")
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("%q: %v, want %v", tt.input, got, tt.want)
			}
		}
	})
	t.Run("hostname labels", func(t *testing.T) {
		got := ruleParts(t, urlgrammar.RFC2396, ref, "//www.ex-am--ple.com./", "domainlabel", "toplabel")
		want := []rulePart{{"domainlabel", "www"}, {"domainlabel", "ex-am--ple"}, {"toplabel", "com"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("labels %v, want %v", got, want)
		}
	})
	t.Run("segments and params", func(t *testing.T) {
		got := ruleParts(t, urlgrammar.RFC2396, ref, "/a;p;q=1/b", "segment", "param")
		want := []rulePart{{"segment", "a;p;q=1"}, {"param", "p"}, {"param", "q=1"}, {"segment", "b"}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("segments %v, want %v", got, want)
		}
	})
}

// rfc2396Regexps transcribes Appendix A into RE2 syntax, rule for rule (the language of every
// start rule is regular), as an oracle independent of the PEG.
func rfc2396Regexps() map[string]*regexp.Regexp {
	escaped := `%[0-9A-Fa-f]{2}`
	uric := `(?:[A-Za-z0-9\-_.!~*'();/?:@&=+$,]|` + escaped + `)`
	uricNoSlash := `(?:[A-Za-z0-9\-_.!~*'();?:@&=+$,]|` + escaped + `)`
	pchar := `(?:[A-Za-z0-9\-_.!~*'():@&=+$,]|` + escaped + `)`
	segment := pchar + `*(?:;` + pchar + `*)*`
	absPath := `/` + segment + `(?:/` + segment + `)*`
	relSegment := `(?:[A-Za-z0-9\-_.!~*'();@&=+$,]|` + escaped + `)+`
	regName := `(?:[A-Za-z0-9\-_.!~*'()$,;:@&=+]|` + escaped + `)+`
	userinfo := `(?:[A-Za-z0-9\-_.!~*'();:&=+$,]|` + escaped + `)*`
	domainlabel := `(?:[A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])`
	toplabel := `(?:[A-Za-z]|[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9])`
	hostname := `(?:` + domainlabel + `\.)*` + toplabel + `\.?`
	ipv4 := `[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+`
	hostport := `(?:` + hostname + `|` + ipv4 + `)(?::[0-9]*)?`
	server := `(?:(?:` + userinfo + `@)?` + hostport + `)?`
	netPath := `//(?:` + server + `|` + regName + `)(?:` + absPath + `)?`
	relPath := relSegment + `(?:` + absPath + `)?`
	hierPart := `(?:` + netPath + `|` + absPath + `)(?:\?` + uric + `*)?`
	absoluteURI := `[A-Za-z][A-Za-z0-9+\-.]*:(?:` + hierPart + `|` + uricNoSlash + uric + `*)`
	relativeURI := `(?:` + netPath + `|` + absPath + `|` + relPath + `)(?:\?` + uric + `*)?`
	whole := func(s string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + s + `)$`) }
	return map[string]*regexp.Regexp{
		"absoluteURI":   whole(absoluteURI),
		"relativeURI":   whole(relativeURI),
		"URI-reference": whole(`(?:` + absoluteURI + `|` + relativeURI + `)?(?:#` + uric + `*)?`),
	}
}

// rfc2396Long are inputs built to make the PEG backtrack (they were the inputs of a timed test):
// a prefix, a unit repeated to the wanted length, and a suffix. BenchmarkLong measures their
// cost per byte from 1 KiB to 1 MiB, TestLongInputs decides each at 1 MiB (see long_test.go).
var rfc2396Long = []longShape{
	{"URI-reference", "//", "a.", "", unstated},      // hostname labels
	{"URI-reference", "//", "1.", "1", unstated},     // hostname, IPv4address, reg_name
	{"URI-reference", "//", "a--", "b", unstated},    // hyphens in a label
	{"URI-reference", "//", "a-", "-", unstated},     // label ending in "-"
	{"URI-reference", "//", "a:", "x", unstated},     // userinfo without "@"
	{"URI-reference", "//", "a", "@b@c", unstated},   // server fails late
	{"URI-reference", "//", "a.", ";", unstated},     // server fails at the end
	{"URI-reference", "//", "1", ".2.3.4", unstated}, // long IPv4 digits
	{"URI-reference", "a", "b", ":c", unstated},      // scheme, then opaque_part
	{"URI-reference", "", "a;", ":", unstated},       // rel_segment stops at ":"
	{"URI-reference", "/", "a;b", "[", unstated},     // segment and param
	{"URI-reference", "a:", "?", "#[", unstated},     // opaque_part
	{"absoluteURI", "a:/", "b/", "#", unstated},      // no fragment
	{"relativeURI", "", "a/", "?x#", unstated},       // no fragment
	{"URI-reference", "", "../", "g", unstated},      // dot-segments
	{"URI-reference", "//", "%41", "[", unstated},    // escaped reg_name
	{"URI-reference", "?", "y", "", unstated},        // no path
}
