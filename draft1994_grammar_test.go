package urlgrammar_test

// Tests of the March 1994 draft's grammar, draft-ietf-uri-url-03 (grammar/draft1994.bnf and its
// PEG transcription grammar/draft1994.peg). "BNF" is the draft's section "BNF for specific URL
// schemes"; E1-E11 are the decisions in the header of draft1994.bnf. Every expectation is
// checked against the document, not against the parser. The offsets' helpers (earlyDraftOffset,
// checkEarlyDraftOffsets) are in draft1993_grammar_test.go.

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// draft1994Examples are the URLs printed in the March 1994 draft, each held to its scheme's
// rule, to url, and with the prefix "url:" to prefixedurl (section "PrePrefix": "some URLs may
// have been quoted throughout without this preprefix").
var draft1994Examples = []struct {
	rule, input, where string
}{
	// "About this document".
	{"httpaddress", "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html", "About this document"},
	{"httpaddress", "http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html", "About this document"},
	// Section "Gopher", "Overall summary and examples". The draft writes "gopher://host [port]/…"
	// with "[port]" as a placeholder for an optional port: here without it, and with port 70.
	{"gopheraddress", "gopher://host/0a_gopher_selector", "Gopher, examples"},
	{"gopheraddress", "gopher://host/7a_gopher_selector%09foobar", "Gopher, examples"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09some_gplus_stuff", "Gopher, examples"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09!", "Gopher, examples"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES", "Gopher, examples"},
	{"gopheraddress", "gopher://host:70/0a_gopher_selector%09%09+application/postscript%20Es_ES", "Gopher, examples, with a port"},
	// The gopher+ strings printed in section "Gopher", in the draft's general format
	// gopher://host [port]/T[gopher_selector]%09[search_string]%09[gopher+_string].
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09!+ABSTRACT%20+SMELL", "Gopher, attributes"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09+%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", "Gopher, ASK form"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09+view_name%20language_name%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A", "Gopher, the really complex example (joined)"},
	{"gopheraddress", "gopher://host/0a_gopher_selector%09%09%3F", "Gopher, summary"},
	// Appendix "Wrappers for URIs in plain text", Example.
	{"ftpaddress", "ftp://ftp.w3.org/pub/www/doc", "Wrappers, Example"},
	{"ftpaddress", "ftp://ds.internic.net/rfc", "Wrappers, Example"},
	// References.
	{"ftpaddress", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", "References, Alberti"},
	{"ftpaddress", "ftp://ftp.w3.org/pub/www/doc/http-spec.txt", "References, Berners-Lee"},
	{"ftpaddress", "ftp://quake.think.com/pub/wais/doc/protspec.txt", "References, Davis"},
	{"ftpaddress", "ftp://quake.think.com/pub/wais/doc/doc-ids.txt", "References, Kahle"},
	{"ftpaddress", "ftp://ds.internic.net/rfc/rfc977.txt", "References, Kantor"},
	{"waisindex", "wais://quake.think.com/wais-discussion-archives?lynch", "References, Lynch"},
	{"ftpaddress", "ftp://ds.internic.net/rfc/rfc1034.txt", "References, Mockapetris"},
	{"ftpaddress", "ftp://prospero.isi.edu/pub/prospero/oir.ps", "References, Neuman"},
	{"ftpaddress", "ftp://ds.internic.net/rfc/rfc959.txt", "References, Postel"},
	{"ftpaddress", "ftp://uu.psi.com/wp/nir.txt", "References, Yeong (1991a)"},
	// References, Alberti: the hypertext form prints the Gopher URL with its "%20" decoded
	// (see below); encoded, it is a URL.
	{"gopheraddress", "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher", "References, Alberti, encoded"},
}

func TestDraft1994Examples(t *testing.T) {
	var cases []verdictCase
	for _, e := range draft1994Examples {
		cases = append(cases,
			verdictCase{e.rule, e.input, true, e.where},
			verdictCase{"url", e.input, true, e.where},
			verdictCase{"prefixedurl", "url:" + e.input, true, e.where},
			verdictCase{"prefixedurl", e.input, false, e.where + `: prefixedurl needs "url:"`})
	}
	checkVerdicts(t, urlgrammar.Draft1994, cases)
	checkVerdicts(t, urlgrammar.Draft1994, []verdictCase{
		{"url", "gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher", false,
			"References, Alberti, as printed: space is reserved and in no production"},
		{"url", "gopher://host [port]/0a_gopher_selector", false, `Gopher: "[port]" is a placeholder; "[" "]" are national`},
		{"url", "gopher://host [port]/T[gopher_selector]%09[search_string]%09[gopher+_string]", false, "Gopher: the general format"},
	})
}

// draft1994Hand are inputs chosen for the places where a PEG transcription can differ from the
// BNF: an ordered choice whose first alternative matches a prefix of the input while a later one
// matches all of it, a greedy repetition that eats what the rest of the rule needs (xalpha holds
// "@" and "."; xpalpha holds "%00"), and the recursion written for repetition.
var draft1994Hand = []verdictCase{
	// prefixedurl = "url:" url; url has no generic form
	{"prefixedurl", "url:http://h/", true, ""},
	{"prefixedurl", "url:news:*", true, ""},
	{"prefixedurl", "url:", false, ""},
	{"prefixedurl", "url:url:http://h/", false, ""},
	{"url", "url:http://h/", false, "url does not contain prefixedurl"},
	{"url", "x:y", false, "no generic form: scheme is used by no production (E9)"},
	{"url", "HTTP://h/", false, "the literal is lower case"},
	{"url", "afs://c/x", false, `"not a url production" (E9)`},

	// httpaddress = "http://" hostport [ "/" path ] [ "?" search ]
	{"httpaddress", "http://h", true, ""},
	{"httpaddress", "http://h/", true, "path = void"},
	{"httpaddress", "http://h:80/a?b", true, ""},
	{"httpaddress", "http://h?a+b", true, "a search without a path"},
	{"httpaddress", "http://h/a?b+", true, `"+" is safe, so an xalpha: "b+" is xalphas`},
	{"httpaddress", "http://h/a?+", true, ""},
	{"httpaddress", "http://u@h/", true, `"@" is safe: hostname "u@h"`},
	{"httpaddress", "http://a.b.c./", true, "hostname = alpha *xalpha"},
	{"httpaddress", "http://1.2.3.4:80/", true, ""},
	{"httpaddress", "http://h/a/b/", true, ""},
	{"httpaddress", "http://h:", false, `":" is reserved, no xalpha: port = digits`},
	{"httpaddress", "http://h:8a/", false, ""},
	{"httpaddress", "http://1.2.3.4.5/", false, ""},
	{"httpaddress", "http://1.2.3.4:/", false, ""},
	{"httpaddress", "http://h/a:b", false, `":" is reserved`},
	{"httpaddress", "http://h/a;b", false, `";" is reserved`},
	{"httpaddress", "http://h/a=b", false, `"=" is reserved`},
	{"httpaddress", "http://h/a b", false, "space is reserved"},
	{"httpaddress", "http://h/a#f", false, "no fragment (E9)"},
	{"httpaddress", "http://h/~u", false, `"~" is national`},
	{"httpaddress", "http://h/a//b", false, "path has no empty segment except the last"},
	{"httpaddress", "http://h/%zz", false, ""},
	{"httpaddress", "http://h/a?b?c", false, ""},
	{"httpaddress", "http://h/a?b/c", false, ""},

	// ftpaddress = "ftp://" login "/" path [ ftptype ]; login = [ user [ ":" password ] "@" ] hostport
	{"ftpaddress", "ftp://h/", true, ""},
	{"ftpaddress", "ftp://h:21/x", true, ""},
	{"ftpaddress", "ftp://u@h/", true, ""},
	{"ftpaddress", "ftp://u:p@h:21/x/y", true, ""},
	{"ftpaddress", "ftp://a.b-c_d+e:p.q@h/", true, "alphanum2 = alpha | digit | - | _ | . | +"},
	{"ftpaddress", "ftp://a@1.2.3.4/x", true, "user a, a hostnumber"},
	{"ftpaddress", "ftp://a@1.2.3.4.5/x", true, `no user: hostname "a@1.2.3.4.5"`},
	{"ftpaddress", "ftp://a@b@c/x", true, `user a, hostname "b@c"`},
	{"ftpaddress", "ftp://a!b@h/", true, `no user ("!" is no alphanum2): hostname "a!b@h"`},
	{"ftpaddress", "ftp://h/fI", true, "a path (E7)"},
	{"ftpaddress", "ftp://h/AN", true, "a path, or a void path and an ftptype (E7)"},
	{"ftpaddress", "ftp://h", false, `"/" path is not optional`},
	{"ftpaddress", "ftp://@h/", false, "user = alphanum2 [ user ]: one or more"},
	{"ftpaddress", "ftp://u:@h/", false, "password: one or more"},
	{"ftpaddress", "ftp://:p@h/", false, ""},
	{"ftpaddress", "ftp://u:p:q@h/", false, ""},
	{"ftpaddress", "ftp://1!b@h/", false, "not a user, and a hostname starts with an alpha"},
	{"ftpaddress", "ftp://u@/", true, `no user: hostname "u@"`},
	{"ftpaddress", "ftp://h/f;type=I", false, "E7"},

	// telnetaddress = "telnet://" login
	{"telnetaddress", "telnet://h", true, ""},
	{"telnetaddress", "telnet://u:p@h:23", true, ""},
	{"telnetaddress", "telnet://u@1.2.3.4.5", true, `no user: hostname "u@1.2.3.4.5"`},
	{"telnetaddress", "telnet://h/", false, "telnetaddress has no path"},
	{"telnetaddress", "telnet://u@h/", false, ""},

	// gopheraddress = "gopher://" hostport [ "/" gtype [ gcommand ] ]
	{"gopheraddress", "gopher://h", true, ""},
	{"gopheraddress", "gopher://h/1", true, ""},
	{"gopheraddress", "gopher://h/11", true, ""},
	{"gopheraddress", "gopher://h/1a%09b%09c/d", true, ""},
	{"gopheraddress", "gopher://h/%09", true, "gtype = xalpha, and an escape is an xalpha"},
	{"gopheraddress", "gopher://h/", false, `"/" needs a gtype`},
	{"gopheraddress", "gopher://h//", false, ""},
	{"gopheraddress", "gopher://h/1?x", false, "no search in this draft's gopheraddress"},
	{"gopheraddress", "gopher://h?x", false, ""},

	// newsaddress = "news:" groupart; groupart = "*" | group | article
	{"newsaddress", "news:*", true, ""},
	{"newsaddress", "news:comp.infosystems.www", true, ""},
	{"newsaddress", "news:a@b", true, ""},
	{"newsaddress", "news:*@h", true, "an article"},
	{"newsaddress", "news:1@h", true, "an article"},
	{"newsaddress", "news:1@2@h", true, ""},
	{"newsaddress", "news:1@1.2.3.4", true, ""},
	{"newsaddress", "news:1", false, ""},
	{"newsaddress", "news:1@1.2.3.4.5", false, ""},
	{"newsaddress", "news:a/b", false, ""},
	{"newsaddress", "news:", false, ""},
	{"newsaddress", "news:**", false, ""},

	// nntpaddress = "nntp:" group "/" digits
	{"nntpaddress", "nntp:comp.x/12", true, ""},
	{"nntpaddress", "nntp:comp.x/", false, ""},
	{"nntpaddress", "nntp:comp.x/1a", false, ""},
	{"nntpaddress", "nntp:1/1", false, "group starts with an alpha"},
	{"nntpaddress", "nntp:a/b/1", false, ""},
	{"nntpaddress", "nntp://h/g/1", false, "this draft's nntp has no host"},

	// mailtoaddress = "mailto:" xalphas "@" hostname (E2)
	{"mailtoaddress", "mailto:a@b", true, ""},
	{"mailtoaddress", "mailto:a@b@c", true, ""},
	{"mailtoaddress", "mailto:@a@b", true, `xalphas "@a"`},
	{"mailtoaddress", "mailto:a@b.c.", true, ""},
	{"mailtoaddress", "mailto:a@1.2.3.4", false, "hostname, not host"},
	{"mailtoaddress", "mailto:a@1b", false, ""},
	{"mailtoaddress", "mailto:a", false, ""},
	{"mailtoaddress", "mailto:@a", false, ""},
	{"mailtoaddress", "mailto:a@", false, ""},
	{"mailtoaddress", "mailto:a@b:25", false, ""},

	// waisaddress = waisindex | waisdoc; wpath = digits "=" path ";" [ wpath ]
	{"waisaddress", "wais://h/db", true, ""},
	{"waisaddress", "wais://h/db?a+b", true, ""},
	{"waisaddress", "wais://h/db/TEXT/1=a;", true, ""},
	{"waisaddress", "wais://h:210/db/TEXT/1=a;2=b/c;", true, ""},
	{"waisaddress", "wais://h/db/TEXT/1=;", true, "path = void"},
	{"waisaddress", "wais://h/db/TEXT/1=a", false, ""},
	{"waisaddress", "wais://h/db/TEXT/", false, ""},
	{"waisaddress", "wais://h/db/TEXT/=a;", false, ""},
	{"waisaddress", "wais://h/db/TEXT/1=a;;", false, ""},
	{"waisaddress", "wais://h/db/TEXT/1=a;2", false, ""},
	{"waisaddress", "wais://h/db/TEXT/12/p", false, "the July 1993 form"},
	{"waisaddress", "wais://h/", false, ""},
	{"waisindex", "wais://h/db/TEXT/1=a;", false, ""},
	{"waisdoc", "wais://h/db", false, ""},

	// prosperolink = "prospero://" hostport "/" hsoname [ "%00" version [ attributes ] ]
	{"prosperoaddress", "prospero://h/a/b", true, ""},
	{"prosperoaddress", "prospero://h/", true, ""},
	{"prosperoaddress", "prospero://h/a%001", true, ""},
	{"prosperoaddress", "prospero://h/a%0012ab", true, ""},
	{"prosperoaddress", "prospero://h/a%00%001", true, ""},
	{"prosperoaddress", "prospero://h/a%001/b", true, "a path"},
	{"prosperoaddress", "prospero://h", false, ""},

	// afsaddress = "afs://" cellname "/" path (E9)
	{"afsaddress", "afs://c/x", true, ""},
	{"afsaddress", "afs://c:1/x", false, `":" is no xalpha here`},
	{"afsaddress", "afs://1.2.3.4/x", false, "cellname is a hostname"},

	// midaddress = "mid:" addr-spec; cidaddress = "cid:" content-identifier (E3, E4)
	{"midaddress", "mid:a@b", true, ""},
	{"midaddress", "mid:a.b@c.d", true, ""},
	{"midaddress", "mid:\"a@b\"@c", true, "a quoted-string may hold \"@\""},
	{"midaddress", "mid:\"a\".\"b\"@c", true, ""},
	{"midaddress", "mid:\"\"@c", true, "quoted-string = <\"> *qtext <\">"},
	{"midaddress", "mid:a..b@c", false, ""},
	{"midaddress", "mid:.a@b", false, ""},
	{"midaddress", "mid:a.@b", false, ""},
	{"midaddress", "mid:a@b.", false, ""},
	{"midaddress", "mid:a@b..c", false, ""},
	{"midaddress", "mid:a@b@c", false, `"@" is a special: no atom holds it`},
	{"midaddress", "mid:a", false, ""},
	{"midaddress", "mid:a@", false, ""},
	{"midaddress", "mid:@b", false, ""},
	{"midaddress", "mid:\"a@b", false, ""},
	{"cidaddress", "cid:a@b", true, ""},
	{"cidaddress", "cid:a", false, ""},
}

func TestDraft1994Grammar(t *testing.T) {
	checkVerdicts(t, urlgrammar.Draft1994, draft1994Hand)
	// Every valid input of a scheme rule (afsaddress aside) is a valid url, and with "url:" a
	// valid prefixedurl.
	for _, c := range draft1994Hand {
		if !c.valid || c.rule == "url" || c.rule == "prefixedurl" || c.rule == "afsaddress" {
			continue
		}
		if !urlgrammar.MatchRule(urlgrammar.Draft1994, "url", c.input, 0) {
			t.Errorf("%q is a valid %s but not a valid url", c.input, c.rule)
		}
		if !urlgrammar.MatchRule(urlgrammar.Draft1994, "prefixedurl", "url:"+c.input, 0) {
			t.Errorf("%q is a valid %s but url:%s is not a valid prefixedurl", c.input, c.rule, c.input)
		}
	}
}

// TestDraft1994HsonameAlone holds hsoname matched alone to hsoname = path (section "BNF for
// specific URL schemes"): a path may end in the escape "%00" followed by digits or letters, which
// within prosperolink are read as "%00" version [ attributes ].
func TestDraft1994HsonameAlone(t *testing.T) {
	checkVerdicts(t, urlgrammar.Draft1994, []verdictCase{
		{"hsoname", "%0055", true, `path: escape "%00", then "55"`},
		{"hsoname", "B%0055", true, ""},
		{"hsoname", "%002", true, ""},
		{"hsoname", "%009977", true, ""},
		{"hsoname", "a/b%001x", true, ""},
		{"hsoname", "", true, "path = void"},
		{"hsoname", "%0", false, `escape = "%" hex hex`},
		{"hsoname", "a//b", false, "a segment is one or more xpalpha"},
	})
}

// TestDraft1994Decisions has one test per decision recorded in the header of
// grammar/draft1994.bnf.
func TestDraft1994Decisions(t *testing.T) {
	v := urlgrammar.Draft1994
	t.Run("E1 the rule named ur l is url", func(t *testing.T) {
		if !contains(v.Spec().StartRules, "url") {
			t.Errorf("url is not a start rule: %v", v.Spec().StartRules)
		}
		checkVerdicts(t, v, []verdictCase{
			{"url", "http://h/", true, ""},
			{"prefixedurl", "url:http://h/", true, ""},
		})
	})
	t.Run("E2 mailto has one colon", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"mailtoaddress", "mailto:timbl@info.cern.ch", true, "the editor's address (About this document)"},
			{"mailtoaddress", "mailto:a%25b@c", true, `section "Mailto": "%" becomes %25`},
			{"mailtoaddress", "mailto::timbl@info.cern.ch", false, "as printed"},
			{"url", "mailto:uri@bunyip.com", true, "the working group's address (About this document)"},
		})
	})
	t.Run("E3 addr-spec from RFC 822", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"midaddress", "mid:foo4%25foo1@bar.net", true, "RFC 2111 section 2's example: \"%\" encoded"},
			{"midaddress", "mid:a%2Fb@c", true, `"/" in an atom, encoded`},
			{"midaddress", "mid:a!$&'*+-_b@c", true, "the atom characters of a URL"},
			{"midaddress", "mid:\"a$-_@.&+!*'(),b\"@c", true, "the qtext characters of a URL"},
			{"midaddress", "mid:\"a%22b\"@c", true, "an escape in a quoted-string"},
			{"midaddress", "mid:a/b@c", false, `"/" is reserved: encoded in a URL`},
			{"midaddress", "mid:a=b@c", false, `"=" is reserved`},
			{"midaddress", "mid:a?b@c", false, `"?" is reserved`},
			{"midaddress", "mid:a#b@c", false, `"#" is reserved`},
			{"midaddress", "mid:a~b@c", false, `"~" is national`},
			{"midaddress", "mid:a{b@c", false, `"{" is national`},
			{"midaddress", "mid:a`b@c", false, "\"`\" is in no set of the draft"},
			{"midaddress", "mid:a(b)@c", false, `"(" ")" are RFC 822 specials: no atom holds them`},
			{"midaddress", "mid:\"a(b)\"@c", true, "a quoted-string may hold them"},
			{"midaddress", "mid:a,b@c", false, `"," is a special`},
			{"midaddress", "mid:a@[1.2.3.4]", false, "domain-literal needs national characters"},
			{"midaddress", "mid:\"a\\\"b\"@c", false, "quoted-pair needs \"\\\""},
			{"midaddress", "mid:\"a b\"@c", false, "linear white space: space is reserved"},
			{"midaddress", "mid:a @c", false, "no white space between tokens"},
			{"midaddress", "mid:<a@b>", false, `a msg-id's "<" ">" are punctuation`},
		})
	})
	t.Run("E4 content-identifier is addr-spec", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"cidaddress", "cid:foo4*foo1@bar.net", true, "RFC 2111 section 2's Content-ID"},
			{"cidaddress", "cid:\"x\".y@z.w", true, ""},
			{"cidaddress", "cid:<foo4*foo1@bar.net>", false, `"<" ">" are punctuation`},
			{"cidaddress", "cid:foo", false, "an addr-spec has \"@\""},
		})
	})
	t.Run("E5 the prefix is lower case", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"prefixedurl", "url:http://h/", true, ""},
			{"prefixedurl", "URL:http://h/", false, `section "PrePrefix" writes "URL:"; the BNF "u r l :"`},
			{"prefixedurl", "Url:http://h/", false, ""},
		})
	})
	t.Run("E6 safe lists the hyphen twice", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"httpaddress", "http://a-b/c-d?e-f", true, ""},
		})
	})
	t.Run("E7 ftptype as printed", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"ftpaddress", "ftp://h/f;type=I", false, `section "FTP"'s ";type=" suffix is not in the BNF`},
			{"ftpaddress", "ftp://h/f;type=A", false, ""},
			{"ftpaddress", "ftp://h/fI", true, "path fI, or path f and ftptype I"},
			{"ftpaddress", "ftp://h/AN", true, ""},
			{"ftpaddress", "ftp://h/L8", true, ""},
			{"ftpaddress", "ftp://h/dir/", true, `section "FTP": "/" reads the directory`},
		})
	})
	t.Run("E8 wpath's = and ;", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"waisdoc", "wais://h/db/TEXT/1=a;22=b/c;", true, ""},
			{"waisdoc", "wais://h/db/TEXT/1=a=b;", false, `"=" is reserved: path does not hold it`},
			{"waisdoc", "wais://h/db/TEXT/1=a;b;", false, ""},
		})
		got := ruleParts(t, urlgrammar.Draft1994, "url", "wais://h/db/TEXT/1=a;22=b/c;", "wtype", "wpath", "digits", "path")
		want := []rulePart{{"wtype", "TEXT"}, {"wpath", "1=a;22=b/c;"}, {"digits", "1"}, {"path", "a"}, {"digits", "22"}, {"path", "b/c"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("wpath parts (-want +got):\n%s", diff)
		}
	})
	t.Run("E9 rules used by no production", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"afsaddress", "afs://cell/x", true, "a start rule of its own"},
			{"url", "afs://cell/x", false, "not a url production"},
			{"url", "foo:bar", false, "scheme: no generic URL"},
			{"url", "http://h/#x", false, "fragmentid: no fragment"},
		})
		for _, c := range []string{"=", ";", "#", ":", " ", "{", "}", "|", "[", "]", `\`, "^", "~", "<", ">"} {
			checkVerdicts(t, v, []verdictCase{{"url", "http://h/a" + c + "b", false, "reserved, national or punctuation"}})
		}
	})
	t.Run("E10 void is empty", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"ftpaddress", "ftp://h/", true, ""},
			{"prosperoaddress", "prospero://h/", true, ""},
			{"waisdoc", "wais://h/d/w/1=;", true, ""},
		})
	})
	t.Run("E11 default start rule", func(t *testing.T) {
		// Section "PrePrefix": "some URLs may have been quoted throughout without this
		// preprefix"; the prefix belongs to URLs in running text.
		if got := v.Spec().DefaultRule; got != "url" {
			t.Errorf("DefaultRule() = %q; want url", got)
		}
		if err := urlgrammar.Validate(v, "http://h/"); err != nil {
			t.Errorf("Validate(Draft1994, http://h/) = %v; want nil", err)
		}
		if err := urlgrammar.Validate(v, "url:http://h/"); err == nil {
			t.Error(`Validate(Draft1994, url:http://h/) = nil; want an error: url does not contain prefixedurl`)
		}
		if err := urlgrammar.ValidateRule(v, "prefixedurl", "url:http://h/", 0); err != nil {
			t.Errorf("ValidateRule(Draft1994, prefixedurl, url:http://h/) = %v; want nil", err)
		}
	})
}

// TestDraft1994Parts checks the parts of the parse where the BNF is ambiguous or a greedy PEG
// could misplace a boundary.
func TestDraft1994Parts(t *testing.T) {
	tests := []struct {
		start, input string
		rules        []string
		want         []rulePart
	}{
		{"prefixedurl", "url:http://h:80/a/b?c", []string{"httpaddress", "hostname", "port", "segment", "search"},
			[]rulePart{{"httpaddress", "http://h:80/a/b?c"}, {"hostname", "h"}, {"port", "80"}, {"segment", "a"}, {"segment", "b"}, {"search", "c"}}},
		{"url", "ftp://u:p@h:21/x", []string{"user", "password", "hostname", "port", "path"},
			[]rulePart{{"user", "u"}, {"password", "p"}, {"hostname", "h"}, {"port", "21"}, {"path", "x"}}},
		{"url", "ftp://a@1.2.3.4.5/x", []string{"user", "hostname", "hostnumber"},
			[]rulePart{{"hostname", "a@1.2.3.4.5"}}},
		{"url", "news:a.b@c.d", []string{"group", "article", "host"},
			[]rulePart{{"article", "a.b@c.d"}, {"host", "c.d"}}},
		{"url", "news:1@2@1.2.3.4", []string{"article", "hostnumber"},
			[]rulePart{{"article", "1@2@1.2.3.4"}, {"hostnumber", "1.2.3.4"}}},
		{"url", "mailto:a@b@c", []string{"hostname"}, []rulePart{{"hostname", "b@c"}}},
		{"url", "nntp:comp.x/12", []string{"group", "digits"}, []rulePart{{"group", "comp.x"}, {"digits", "12"}}},
		{"url", "prospero://h/pub/a%001b2", []string{"hsoname", "version", "attributes"},
			[]rulePart{{"hsoname", "pub/a"}, {"version", "1"}, {"attributes", "b2"}}},
		{"url", "gopher://h/1a/b", []string{"gtype", "gcommand"}, []rulePart{{"gtype", "1"}, {"gcommand", "a/b"}}},
		{"url", "mid:\"a.b\".c@d.e", []string{"local-part", "word", "domain"},
			[]rulePart{{"local-part", "\"a.b\".c"}, {"word", "\"a.b\""}, {"word", "c"}, {"domain", "d.e"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.Draft1994, tt.start, tt.input, tt.rules...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
}

// draft1994Long are the inputs of the 1 MiB test and of BenchmarkLong (long_test.go): each
// repeats what the draft writes as recursion (path, xalphas, search, digits, user, password,
// wpath, attributes, hostname) or what makes a PEG look ahead ("@" in article and mailto,
// "%00" in hsoname).
var draft1994Long = []longShape{
	{"url", "http://h/", "a", "", valid},
	{"url", "http://h/", "a/", "", valid},
	{"url", "http://", "a.", "", valid},
	{"url", "http://h?", "a+", "", valid},
	{"url", "news:", "a@", "b", valid},
	{"url", "news:", "1@", "", invalid},
	{"url", "mailto:", "a@", "b", valid},
	{"url", "mailto:", "1@", "", invalid},
	{"url", "ftp://", "a", "@h/", valid},
	{"url", "ftp://", "a@", "h/", valid},
	{"url", "ftp://", "1@", "h/", invalid},
	{"url", "telnet://u:", "p", "@h", valid},
	{"url", "wais://h/d/w/", "1=a;", "", valid},
	{"url", "prospero://h/", "%001a", "", valid},
	{"url", "prospero://h/a%001", "a", "", valid},
	{"url", "mid:", "a.", "a@b", valid},
	{"url", "mid:a@", "b.", "c", valid},
	{"url", "mid:\"", "a", "\"@b", valid},
	{"url", "nntp:", "a", "/1", valid},
	{"url", "gopher://h/1", "%09", "", valid},
	{"prefixedurl", "url:http://h/", "a", "", valid},
	{"url", "http://h/", "%", "", invalid},
	{"url", "http://h/", "a", ";", invalid},
}

func TestDraft1994SyntaxErrorOffsets(t *testing.T) {
	checkEarlyDraftOffsets(t, urlgrammar.Draft1994, []earlyDraftOffset{
		// The default rule is url (E11): a prefix is no part of it.
		{"url:http://h/", "url", 0, `"http://"`},
		{"URL:http://h/", "url", 0, `"http://"`},
		// One colon after mailto (E2).
		{"mailto::a@b", "url", 7, "alpha"},
		// No ";type=" (E7): after the path, an ftptype or the end.
		{"ftp://h/f;type=I", "url", 9, "end of input"},
		{"ftp://h/f;type=I", "url", 9, `"I"`},
		// port = digits; ":" is no xalpha here.
		{"http://h:8a/", "url", 10, "digit"},
		// "@" is an RFC 822 special: no atom of the domain holds it (E3).
		{"mid:a@b@c", "url", 7, `"."`},
	})
}
