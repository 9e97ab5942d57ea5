package urlgrammar_test

// Tests of the July 1993 draft's grammar (grammar/draft1993.bnf and its PEG transcription
// grammar/draft1993.peg). "BNF" is the draft's section "BNF syntax"; D1-D9 are the decisions in
// the header of draft1993.bnf. Every expectation is checked against the document, not against
// the parser.

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// draft1993Examples are the URLs printed in the July 1993 draft. A URL broken across two lines
// of the page is joined. Each is held to url, to fragmentaddress (which contains url), and to its
// scheme's rule.
var draft1993Examples = []struct {
	rule, input, where string
}{
	// References.
	{"fileaddress", "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", "References, Alberti (the \">\" is on the next line)"},
	{"gopheraddress", "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher", "References, Alberti (broken after \"%2\")"},
	{"fileaddress", "ftp://info.cern.ch./pub/www/doc/http-spec.txt", "References, Berners-Lee (1991)"},
	{"fileaddress", "ftp://quake.think.com/pub/wais/doc/protspec.txt", "References, Davis"},
	{"fileaddress", "ftp://quake.think.com/pub/wais/doc/doc-ids.txt", "References, Kahle"},
	{"fileaddress", "ftp://nnsc.nsf.net/rfc/rfc977.txt", "References, Kantor"},
	{"waisindex", "wais://quake.think.com/wais-discussion-archives?lynch", "References, Lynch"},
	{"fileaddress", "ftp://nnsc.nsf.net/rfc/rfc1034.txt", "References, Mockapetris"},
	{"fileaddress", "ftp://prospero.isi.edu/pub/prospero/oir.ps", "References, Neuman"},
	{"fileaddress", "ftp://nnsc.nsf.net/rfc/rfc959.txt", "References, Postel"},
	{"fileaddress", "ftp://uu.psi.com/wp/nir.txt", "References, Yeong (1991a)"},
	{"waisindex", "wais://nnsc.nsf.net/internet-drafts?yeong", "References, Yeong (1991b)"},
	// Section "Choices", Fig 1: the untagged representation "PR:aftp/xx.yy.edu/pub/doc/README"
	// has the generic form scheme ":" path.
	{"generic", "PR:aftp/xx.yy.edu/pub/doc/README", "Choices, Fig 1"},
}

func TestDraft1993Examples(t *testing.T) {
	var cases []verdictCase
	for _, e := range draft1993Examples {
		cases = append(cases,
			verdictCase{e.rule, e.input, true, e.where},
			verdictCase{"url", e.input, true, e.where},
			verdictCase{"fragmentaddress", e.input, true, e.where})
	}
	checkVerdicts(t, urlgrammar.Draft1993, cases)
	// The other forms the draft prints are not URLs of its syntax.
	checkVerdicts(t, urlgrammar.Draft1993, []verdictCase{
		{"fragmentaddress", "/aftp/xx.yy.edu/pub/doc/README", false, "Choices, Fig 1: no scheme; the partial form has no BNF"},
		{"fragmentaddress", "xxx.yyy.zz.edu:/pub.aa.bb.cc", false,
			`Current practice: "there is no well-defined algorithm for parsing" it; as generic its path would start with "/"`},
		{"fragmentaddress", "PR=aftp; H=xx.yy.edu; PA=/pub/doc/README;", false, "Choices, Fig 1: no \"=\" in any rule"},
	})
}

// TestDraft1993Components checks the components of the draft's examples as its BNF section
// reads them. fileaddress = "ftp://" host "/" path: the host is the authority. waisindex =
// "wais://" hostport "/" database [ "?" search ], and waisdoc = "wais://" hostport "/" database
// "/" wtype "/" digits "/" path: the path of a wais address is everything after the host's
// "/". generic = scheme ":" path [ "?" search ]: its path does not begin at a "/" (rootless).
func TestDraft1993Components(t *testing.T) {
	checkExamples(t, urlgrammar.Draft1993, []example{
		{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol", "References, Alberti: fileaddress", m{
			"scheme": "ftp", "authority": "boombox.micro.umn.edu", "host": "boombox.micro.umn.edu", "host_kind": "domain",
			"path": "pub/gopher/gopher_protocol", "path_kind": "absolute",
		}},
		{"wais://quake.think.com/wais-discussion-archives?lynch", "References, Lynch: waisindex", m{
			"scheme": "wais", "authority": "quake.think.com", "host": "quake.think.com", "host_kind": "domain",
			"path": "wais-discussion-archives", "path_kind": "absolute", "query": "lynch",
		}},
		{"wais://quake.think.com/db/TEXT/12/doc", "BNF: waisdoc, in the form of the References' wais URLs", m{
			"scheme": "wais", "authority": "quake.think.com", "host": "quake.think.com", "host_kind": "domain",
			"path": "db/TEXT/12/doc", "path_kind": "absolute",
		}},
		{"PR:aftp/xx.yy.edu/pub/doc/README", "Choices, Fig 1: the untagged form, scheme \":\" path", m{
			"scheme": "PR", "path": "aftp/xx.yy.edu/pub/doc/README", "path_kind": "relative",
		}},
	})
}

// draft1993Hand are inputs chosen for the places where a PEG transcription can differ from the
// BNF: an ordered choice whose first alternative matches a prefix of the input while a later one
// matches all of it, a greedy repetition that eats what the rest of the rule needs (xalpha holds
// ":" ";" "@" and "."; xpalpha holds "%00"), and the recursion written for repetition.
var draft1993Hand = []verdictCase{
	// fragmentaddress = url [ "#" fragmentid ]
	{"fragmentaddress", "http://h/p#frag", true, ""},
	{"fragmentaddress", "http://h/p?q#f", true, ""},
	{"fragmentaddress", "x:#f", true, "generic with a void path"},
	{"fragmentaddress", "news:a#b", true, ""},
	{"fragmentaddress", "telnet://u@h:23#x", true, ""},
	{"fragmentaddress", "prospero://h/a%001#x", true, ""},
	{"fragmentaddress", "http://h/p#", false, "fragmentid = xalphas: one or more"},
	{"fragmentaddress", "http://h/p#a#b", false, `"#" is no xalpha`},
	{"fragmentaddress", "http://h/p#a+b", false, `"+" is an xpalpha, not an xalpha`},
	{"fragmentaddress", "http://h/p#a/b", false, ""},
	{"fragmentaddress", "#f", false, "a url is required; the partial form has no BNF"},
	{"url", "http://h/p#f", false, "url has no fragment"},

	// url: a scheme rule that stops early falls through to generic.
	{"url", "news:a/b", true, `newsaddress stops at "/"; generic: scheme "news", path "a/b"`},
	{"newsaddress", "news:a/b", false, `group has no "/"`},
	{"url", "news:1", true, "generic; group starts with an alpha, and article needs \"@\""},
	{"newsaddress", "news:1", false, ""},
	{"url", "news:@h", true, "generic; article = xalphas \"@\" host needs a character before \"@\""},
	{"newsaddress", "news:@h", false, ""},
	{"url", "news:", true, "generic with a void path"},
	{"newsaddress", "news:", false, ""},
	{"url", "news:**", true, "generic"},
	{"newsaddress", "news:**", false, `"*" alone, or an article or a group`},
	{"url", "http:x", true, "generic: scheme \"http\", path \"x\""},
	{"url", "gopher:", true, "generic"},
	{"url", "HTTP://h/", false, "the literal is lower case, and generic's path cannot start with \"/\""},
	{"url", "Http:x", true, "generic"},

	// generic = scheme ":" path [ "?" search ]; scheme = ialpha
	{"generic", "x:", true, "path = void"},
	{"generic", "x:a/", true, "path = xpalphas \"/\" void"},
	{"generic", "x:a/b/c", true, ""},
	{"generic", "x:a+b", true, `"+" is an xpalpha`},
	{"generic", "x:y:z", true, `":" is an xalpha (extra): scheme "x" and path "y:z", or scheme "x:y" and path "z"`},
	{"generic", "x-1.a$b:c", true, "ialpha = alpha [ xalphas ]"},
	{"generic", "x:a?b+c", true, ""},
	{"generic", "x:?b", true, "a void path and a search"},
	{"generic", "x:a//b", false, "path has no empty segment except the last"},
	{"generic", "x:/a", false, "path cannot start with \"/\""},
	{"generic", "x://h/", false, "path cannot start with \"/\""},
	{"generic", "x:a?", false, "search = xalphas ...: one or more"},
	{"generic", "x:a?b+", false, "search cannot end with \"+\""},
	{"generic", "x:a?+b", false, ""},
	{"generic", "x:a?b++c", false, ""},
	{"generic", "x:a?b?c", false, `"?" is no xalpha`},
	{"generic", "x:a?b/c", false, `"/" is no xalpha`},
	{"generic", "1x:y", false, "ialpha starts with an alpha"},
	{"generic", ":y", false, ""},
	{"generic", "x", false, "no \":\""},
	{"generic", "+x:y", false, ""},

	// httpaddress = "http://" hostport [ "/" path ] [ "?" search ]
	{"httpaddress", "http://h", true, ""},
	{"httpaddress", "http://h/", true, "path = void"},
	{"httpaddress", "http://h?a+b", true, "a search without a path"},
	{"httpaddress", "http://h:80", true, "host h, port 80"},
	{"httpaddress", "http://h:80/a?b", true, ""},
	{"httpaddress", "http://h:", true, `a hostname may end with ":" (D4)`},
	{"httpaddress", "http://h:8a/", true, `hostname "h:8a" (D4)`},
	{"httpaddress", "http://h:80:80/", true, `hostname "h:80", port 80 (D4)`},
	{"httpaddress", "http://h;x/", true, `";" is extra (D4)`},
	{"httpaddress", "http://u@h/", true, `"@" is safe: hostname "u@h"`},
	{"httpaddress", "http://a.b.c./", true, "hostname = alpha *xalpha: any dots"},
	{"httpaddress", "http://1.2.3.4/", true, "hostnumber"},
	{"httpaddress", "http://1.2.3.4:80/", true, ""},
	{"httpaddress", "http://999.999.999.999/", true, "hostnumber = digits ...: no bound"},
	{"httpaddress", "http://h/a+b", true, ""},
	{"httpaddress", "http://h/%41%7e", true, "escapes of either case"},
	{"httpaddress", "http://1.2.3.4:/", false, "port = digits: one or more; a hostname starts with an alpha"},
	{"httpaddress", "http://1.2.3.4.5/", false, "four digits groups, and a hostname starts with an alpha"},
	{"httpaddress", "http://1.2.3/", false, ""},
	{"httpaddress", "http://1.2.3.4x/", false, ""},
	{"httpaddress", "http://-h/", false, "a hostname starts with an alpha"},
	{"httpaddress", "http:///a", false, "host is not empty"},
	{"httpaddress", "http://", false, ""},
	{"httpaddress", "http://h/a//b", false, "path has no empty segment except the last"},
	{"httpaddress", "http://h/a?", false, ""},
	{"httpaddress", "http://h/a?b?c", false, ""},
	{"httpaddress", "http://h/%zz", false, `escape = "%" hex hex`},
	{"httpaddress", "http://h/%4", false, ""},
	{"httpaddress", "http://h/%", false, ""},
	{"httpaddress", "http://h/a=b", false, `"=" is in no rule`},
	{"httpaddress", "http://h/a<b>", false, "punctuation is in no production"},
	{"httpaddress", "http://h/a#b", false, "httpaddress has no fragment"},

	// fileaddress = "ftp://" host "/" path (D5)
	{"fileaddress", "ftp://h/", true, ""},
	{"fileaddress", "ftp://h/a/b/", true, ""},
	{"fileaddress", "ftp://1.2.3.4/x", true, ""},
	{"fileaddress", "ftp://h:21/x", true, `hostname "h:21" (D5)`},
	{"fileaddress", "ftp://u@h/x", true, `hostname "u@h"`},
	{"fileaddress", "ftp://1.2.3.4:21/x", false, "host, not hostport: a hostnumber has no port here (D5)"},
	{"fileaddress", "ftp://h", false, `"/" path is not optional`},
	{"fileaddress", "ftp://h?x", false, "fileaddress has no search"},
	{"fileaddress", "ftp://h/a?x", false, ""},

	// afsaddress = "afs://" cellname "/" path
	{"afsaddress", "afs://cell.name/x/y", true, ""},
	{"afsaddress", "afs://c:1/x", true, `hostname "c:1"`},
	{"afsaddress", "afs://1.2.3.4/x", false, "cellname is a hostname"},
	{"afsaddress", "afs://c", false, ""},
	{"url", "afs://c/x", true, ""},

	// newsaddress = "news:" groupart; groupart = "*" | group | article
	{"newsaddress", "news:*", true, ""},
	{"newsaddress", "news:comp.infosystems.www", true, ""},
	{"newsaddress", "news:a.b.", true, "group = alpha *xalpha"},
	{"newsaddress", "news:a@b", true, "an article, or a group"},
	{"newsaddress", "news:*@h", true, `an article: "*" is an xalpha`},
	{"newsaddress", "news:1@h", true, "an article"},
	{"newsaddress", "news:1@2@h", true, `xalphas "1@2", host "h"`},
	{"newsaddress", "news:@@h", true, `xalphas "@", host "h"`},
	{"newsaddress", "news:a@1.2.3.4", true, ""},
	{"newsaddress", "news:1@1.2.3.4", true, "an article with a hostnumber"},
	{"newsaddress", "news:1@b:80", true, `hostname "b:80"`},
	{"newsaddress", "news:a@b:80", true, ""},
	{"newsaddress", "news:1@1.2.3.4.5", false, "not a hostnumber, not a hostname, not a group"},
	{"newsaddress", "news:1@1.2.3.4:80", false, "a hostnumber has no port here"},
	{"newsaddress", "news:1@", false, ""},
	{"newsaddress", "news:*a", false, ""},

	// waisaddress = waisindex | waisdoc
	{"waisaddress", "wais://h/db", true, "waisindex"},
	{"waisaddress", "wais://h/db?a+b", true, "waisindex"},
	{"waisaddress", "wais://h:210/db/TEXT/123/path/x", true, "waisdoc"},
	{"waisaddress", "wais://h/db/TEXT/123/", true, "waisdoc, path = void"},
	{"waisaddress", "wais://h/db/TEXT/12x/p", false, "digits"},
	{"waisaddress", "wais://h/db/TEXT/123", false, `waisdoc needs "/" path`},
	{"waisaddress", "wais://h/db/", false, ""},
	{"waisaddress", "wais://h/", false, "database = xalphas: one or more"},
	{"waisaddress", "wais://h/db/TEXT/123/p?x", false, "waisdoc has no search"},
	{"waisindex", "wais://h/db/TEXT/123/p", false, ""},
	{"waisdoc", "wais://h/db", false, ""},
	{"url", "wais://h/db/TEXT/123/p", true, ""},

	// prosperolink = "prospero://" hostport "/" hsoname [ "%00" version [ attributes ] ]
	{"prosperolink", "prospero://h/a/b", true, ""},
	{"prosperolink", "prospero://h/", true, "hsoname = path = void"},
	{"prosperolink", "prospero://h/a%001", true, ""},
	{"prosperolink", "prospero://h/a%0012ab", true, ""},
	{"prosperolink", "prospero://h/%001", true, "a void hsoname"},
	{"prosperolink", "prospero://h/a/%001", true, ""},
	{"prosperolink", "prospero://h/a%00", true, "an escape in the path"},
	{"prosperolink", "prospero://h/a%00%001", true, `the prose's "%00%00" (an empty version) is a path`},
	{"prosperolink", "prospero://h/a%001/b", true, "a path"},
	{"prosperolink", "prospero://h:1525/a%001x%002y", true, "a path"},
	{"prosperolink", "prospero://h", false, ""},
	{"prosperolink", "prospero://h/a%0", false, ""},
	{"prosperoaddress", "prospero://h/a%001", true, ""},
	{"url", "prospero://h/a%001", true, ""},

	// telnetaddress = "telnet://" [ user "@" ] hostport
	{"telnetaddress", "telnet://h", true, ""},
	{"telnetaddress", "telnet://u@h", true, ""},
	{"telnetaddress", "telnet://u@h:23", true, ""},
	{"telnetaddress", "telnet://u:p@h", true, `user "u:p" (":" is an xalpha)`},
	{"telnetaddress", "telnet://a@b@c", true, ""},
	{"telnetaddress", "telnet://@@x", true, `user "@", host "x"`},
	{"telnetaddress", "telnet://u@", true, `no user: hostname "u@"`},
	{"telnetaddress", "telnet://u@1.2.3", true, `no user: hostname "u@1.2.3"`},
	{"telnetaddress", "telnet://a@1.2.3.4.5", true, `no user: hostname "a@1.2.3.4.5"`},
	{"telnetaddress", "telnet://1@1.2.3.4:23", true, "user 1, a hostnumber and a port"},
	{"telnetaddress", "telnet://1.2.3.4:23", true, ""},
	{"telnetaddress", "telnet://@h", false, "user = xalphas: one or more"},
	{"telnetaddress", "telnet://1@", false, ""},
	{"telnetaddress", "telnet://1@1.2.3", false, ""},
	{"telnetaddress", "telnet://1.2.3.4:", false, ""},
	{"telnetaddress", "telnet://h/", false, "telnetaddress has no path"},

	// gopheraddress = "gopher://" hostport [ "/" gtype [ selector ] ] [ "?" search ]
	{"gopheraddress", "gopher://h", true, ""},
	{"gopheraddress", "gopher://h/1", true, ""},
	{"gopheraddress", "gopher://h:70/1sel/x", true, ""},
	{"gopheraddress", "gopher://h/11", true, `section "Gopher": the selector may begin with the type character`},
	{"gopheraddress", "gopher://h/1+", true, `"+" in the selector (an xpalpha)`},
	{"gopheraddress", "gopher://h/%09", true, "gtype = xalpha, and an escape is an xalpha"},
	{"gopheraddress", "gopher://h?x", true, ""},
	{"gopheraddress", "gopher://h/1?x", true, ""},
	{"gopheraddress", "gopher://h/1a/?x", true, ""},
	{"gopheraddress", "gopher://h/", false, "\"/\" needs a gtype"},
	{"gopheraddress", "gopher://h//", false, `"/" is no xalpha`},
	{"gopheraddress", "gopher://h/+", false, `gtype = xalpha, and "+" is none`},
	{"gopheraddress", "gopher://h/1a//b", false, ""},
}

func TestDraft1993Grammar(t *testing.T) {
	checkVerdicts(t, urlgrammar.Draft1993, draft1993Hand)
	// Every valid url is a valid fragmentaddress, and so is every valid scheme rule's input.
	for _, c := range draft1993Hand {
		if c.valid && c.rule != "fragmentaddress" && c.rule != "generic" {
			if !urlgrammar.MatchRule(urlgrammar.Draft1993, "fragmentaddress", c.input, 0) {
				t.Errorf("%q is a valid %s but not a valid fragmentaddress", c.input, c.rule)
			}
		}
	}
}

// TestDraft1993Decisions has one test per decision recorded in the header of
// grammar/draft1993.bnf.
func TestDraft1993Decisions(t *testing.T) {
	v := urlgrammar.Draft1993
	t.Run("D1 xpalphas recurses", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"httpaddress", "http://h/abc", true, "a segment of three characters"},
			{"fileaddress", "ftp://info.cern.ch./pub/www/doc/http-spec.txt", true, "References"},
			{"generic", "x:" + strings.Repeat("a", 100) + "/" + strings.Repeat("b", 100), true, ""},
		})
	})
	t.Run("D2 variant and punctuation are in no production", func(t *testing.T) {
		for _, c := range []string{"{", "}", "|", "[", "]", `\`, "^", "~", "<", ">"} {
			checkVerdicts(t, v, []verdictCase{
				{"fragmentaddress", "http://h/a" + c + "b", false, "variant or punctuation"},
				{"fragmentaddress", "x:a" + c, false, "variant or punctuation"},
			})
		}
	})
	t.Run("D3 space is extra", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"httpaddress", "http://h/a b", true, "path"},
			{"httpaddress", "http://a b/", true, "hostname"},
			{"httpaddress", "http://h/a?b c", true, "search"},
			{"generic", "x y:z", true, "scheme"},
			{"newsaddress", "news:a b", true, "group"},
			{"fragmentaddress", "x:a# b", true, "fragmentid"},
			{"httpaddress", "http://h/a\tb", false, "only the space is extra"},
		})
	})
	t.Run("D4 colon, semicolon and at sign in xalpha", func(t *testing.T) {
		tests := []struct {
			start, input string
			rules        []string
			want         []rulePart
		}{
			// hostport: a final ":" digits is the port; any other ":" is part of the hostname.
			{"url", "http://info.cern.ch:8000/x", []string{"hostname", "hostnumber", "port"},
				[]rulePart{{"hostname", "info.cern.ch"}, {"port", "8000"}}},
			{"url", "http://h:8a/", []string{"hostname", "port"}, []rulePart{{"hostname", "h:8a"}}},
			{"url", "http://h:1:2/", []string{"hostname", "port"}, []rulePart{{"hostname", "h:1"}, {"port", "2"}}},
			{"url", "http://1.2.3.4:80", []string{"hostname", "hostnumber", "port"},
				[]rulePart{{"hostnumber", "1.2.3.4"}, {"port", "80"}}},
			// generic: the scheme ends at the first ":".
			{"url", "x:y:z", []string{"generic", "scheme", "path"},
				[]rulePart{{"generic", "x:y:z"}, {"scheme", "x"}, {"path", "y:z"}}},
			// telnetaddress: the user ends at the first "@" that a hostport follows.
			{"url", "telnet://a@b@c:23", []string{"user", "hostname", "port"},
				[]rulePart{{"user", "a"}, {"hostname", "b@c"}, {"port", "23"}}},
			{"url", "telnet://1@2@1.2.3.4", []string{"user", "hostnumber"},
				[]rulePart{{"user", "1@2"}, {"hostnumber", "1.2.3.4"}}},
			{"url", "telnet://a@1.2.3.4.5", []string{"user", "hostname"},
				[]rulePart{{"hostname", "a@1.2.3.4.5"}}},
			// groupart: an "@" makes an article (section "News").
			{"url", "news:a.b@c.d", []string{"group", "article", "host"},
				[]rulePart{{"article", "a.b@c.d"}, {"host", "c.d"}}},
			{"url", "news:comp.infosystems", []string{"group", "article"},
				[]rulePart{{"group", "comp.infosystems"}}},
			{"url", "news:*", []string{"groupart", "group", "article"}, []rulePart{{"groupart", "*"}}},
		}
		for _, tt := range tests {
			got := ruleParts(t, urlgrammar.Draft1993, tt.start, tt.input, tt.rules...)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
			}
		}
	})
	t.Run("D5 fileaddress has host", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"fileaddress", "ftp://h:21/x", true, "a hostname with \":\""},
			{"fileaddress", "ftp://1.2.3.4:21/x", false, "a hostnumber has no port"},
			{"fileaddress", "ftp://h/x?y", false, "no search"},
		})
	})
	t.Run("D6 void is empty", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"generic", "x:", true, ""},
			{"httpaddress", "http://h/", true, ""},
			{"prosperolink", "prospero://h/", true, ""},
			{"generic", "x:a/", true, ""},
		})
	})
	t.Run("D7 layout", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			// httpaddress's "[ ?" / "search ]" across two lines is one option.
			{"httpaddress", "http://h/p?s", true, ""},
			// "% 0 0" is the three characters %00.
			{"prosperolink", "prospero://h/a%001", true, ""},
			// "0 |1" is two alternatives of digit.
			{"httpaddress", "http://h:01/", true, ""},
		})
	})
	t.Run("D8 prosperolink", func(t *testing.T) {
		checkVerdicts(t, v, []verdictCase{
			{"prosperolink", "prospero://h/a%0012", true, ""},
			{"prosperolink", "prospero://h/a%001b2", true, "version 1, attributes b2"},
			{"prosperolink", "prospero://h/a%001%00b", true, "the prose's %00 between attributes: a path"},
			// hsoname = path matched alone: what prosperolink reads as "%00" version
			// attributes is, alone, a path ending in the escape "%00" (section "BNF syntax").
			{"hsoname", "%0055", true, `escape "%00", then "55"`},
			{"hsoname", "B%0055", true, ""},
			{"hsoname", "%002", true, ""},
			{"hsoname", "%009977", true, ""},
			{"hsoname", "a/b%001x", true, ""},
			{"hsoname", "", true, "path = void (D6)"},
			{"hsoname", "%0", false, `escape = "%" hex hex`},
		})
		got := ruleParts(t, urlgrammar.Draft1993, "url", "prospero://h/pub/a%001b2",
			"hsoname", "version", "attributes")
		want := []rulePart{{"hsoname", "pub/a"}, {"version", "1"}, {"attributes", "b2"}}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("parts (-want +got):\n%s", diff)
		}
		got = ruleParts(t, urlgrammar.Draft1993, "url", "prospero://h/a%001/b", "hsoname", "version")
		if diff := cmp.Diff([]rulePart{{"hsoname", "a%001/b"}}, got); diff != "" {
			t.Errorf("parts (-want +got):\n%s", diff)
		}
	})
	t.Run("D9 default start rule", func(t *testing.T) {
		if got := v.Spec().DefaultRule; got != "fragmentaddress" {
			t.Errorf("DefaultRule() = %q; want fragmentaddress", got)
		}
		if err := urlgrammar.Validate(v, "http://h/p#f"); err != nil {
			t.Errorf("Validate(Draft1993, http://h/p#f) = %v; want nil", err)
		}
		if err := urlgrammar.Validate(v, "http://h/p#"); err == nil {
			t.Error("Validate(Draft1993, http://h/p#) = nil; want an error")
		}
	})
}

// TestDraft1993Parts checks the parts of the parse where the BNF is ambiguous or a greedy PEG
// could misplace a boundary.
func TestDraft1993Parts(t *testing.T) {
	tests := []struct {
		start, input string
		rules        []string
		want         []rulePart
	}{
		{"fragmentaddress", "http://h:80/a/b?c+d#e", []string{"hostname", "port", "path", "search", "fragmentid"},
			[]rulePart{{"hostname", "h"}, {"port", "80"}, {"path", "a/b"}, {"search", "c+d"}, {"fragmentid", "e"}}},
		{"url", "news:a/b", []string{"newsaddress", "generic", "scheme", "path"},
			[]rulePart{{"generic", "news:a/b"}, {"scheme", "news"}, {"path", "a/b"}}},
		{"url", "wais://h/db/TEXT/12/p", []string{"waisindex", "waisdoc", "database", "wtype", "digits", "path"},
			[]rulePart{{"waisdoc", "wais://h/db/TEXT/12/p"}, {"database", "db"}, {"wtype", "TEXT"}, {"digits", "12"}, {"path", "p"}}},
		{"url", "wais://h/db?x", []string{"waisindex", "waisdoc", "database", "search"},
			[]rulePart{{"waisindex", "wais://h/db?x"}, {"database", "db"}, {"search", "x"}}},
		{"url", "gopher://h/1a/b?s", []string{"gtype", "selector", "search"},
			[]rulePart{{"gtype", "1"}, {"selector", "a/b"}, {"search", "s"}}},
		{"url", "ftp://h:21/x", []string{"host", "hostname", "path"},
			[]rulePart{{"host", "h"}, {"hostname", "h"}, {"path", "x"}}},
		{"url", "afs://c/x", []string{"cellname", "path"}, []rulePart{{"cellname", "c"}, {"path", "x"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.Draft1993, tt.start, tt.input, tt.rules...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
}

// draft1993Long are the inputs of the 1 MiB test and of BenchmarkLong (long_test.go): each
// repeats what the draft writes as recursion (path, xalphas, search, digits, hostname,
// attributes) or what makes a PEG look ahead ("@" in user and article, ":" in hostname, "%00"
// in hsoname).
var draft1993Long = []longShape{
	{"url", "http://h/", "a", "", valid},
	{"url", "http://h/", "a/", "", valid},
	{"url", "http://", "a.", "", valid},
	{"url", "http://", "a:", "", valid},
	{"url", "http://a", ":1", "/", valid},
	{"url", "http://h?", "a+", "a", valid},
	{"url", "http://1.2.3.", "1", "", valid},
	{"url", "x:", "a", "", valid},
	{"url", "x", ":", "", valid},
	{"url", "news:", "a.", "", valid},
	{"url", "news:", "a@", "b", valid},
	{"url", "news:", "1@", "", valid},
	{"url", "telnet://", "a@", "b", valid},
	{"url", "telnet://", "1@", "", invalid},
	{"url", "telnet://", "@1.2.3.4", ".", invalid},
	{"url", "prospero://h/", "%00", "1", valid},
	{"url", "prospero://h/a%001", "a", "", valid},
	{"url", "prospero://h/", "%001a", "", valid},
	{"url", "wais://h/d/w/", "1", "/p", valid},
	{"fragmentaddress", "x:a#", "f", "", valid},
	{"url", "http://h/", "%", "", invalid},
	{"url", "http://h/", "a", "#", invalid},
	{"url", "http://h/", "a/", "/", invalid},
}

// earlyDraftOffset is a rejected input, the offset of its SyntaxError (the longest prefix of the
// input that some valid string of the rule still begins with), and one of the things the BNF
// allows there.
type earlyDraftOffset struct {
	input   string
	rule    string
	offset  int
	expects string
}

// checkEarlyDraftOffsets validates each input with v's default rule.
func checkEarlyDraftOffsets(t *testing.T, v urlgrammar.Version, tests []earlyDraftOffset) {
	t.Helper()
	type got struct {
		Rule   string
		Offset int
	}
	for _, tt := range tests {
		err := urlgrammar.Validate(v, tt.input)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Validate(%v, %q) = %v; want a *SyntaxError", v, tt.input, err)
			continue
		}
		if diff := cmp.Diff(got{tt.rule, tt.offset}, got{se.Rule, se.Offset}); diff != "" {
			t.Errorf("Validate(%v, %q): (-want +got):\n%s", v, tt.input, diff)
		}
		found := false
		for _, e := range se.Expected {
			found = found || e == tt.expects
		}
		if !found {
			t.Errorf("Validate(%v, %q): expected %q, want it to include %s", v, tt.input, se.Expected, tt.expects)
		}
	}
}

func TestDraft1993SyntaxErrorOffsets(t *testing.T) {
	checkEarlyDraftOffsets(t, urlgrammar.Draft1993, []earlyDraftOffset{
		// "http://h/a/" is a url (path "a" "/" void); no path has "//".
		{"http://h/a//b", "fragmentaddress", 11, `"?"`},
		// fragmentid = xalphas: one or more.
		{"http://h/p#", "fragmentaddress", 11, "extra"},
		// search = xalphas [ "+" search ]: "?" cannot follow.
		{"x:a?b?c", "fragmentaddress", 5, `"+"`},
		// "~" is a variant character (D2).
		{"http://h/a~b", "fragmentaddress", 10, `"/"`},
		// fileaddress has host: after a hostnumber, more digits or "/" (D5).
		{"ftp://1.2.3.4:21/x", "fragmentaddress", 13, `"/"`},
		// "/" needs a gtype.
		{"gopher://h/", "fragmentaddress", 11, "digit"},
	})
}
