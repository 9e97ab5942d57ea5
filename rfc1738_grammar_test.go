package urlgrammar_test

// Tests of the RFC 1738 grammar (grammar/rfc1738.bnf and its PEG transcription
// grammar/rfc1738.peg). Section numbers are those of RFC 1738 (December 1994); "BNF" is its
// section 5. Every expectation is checked against the document, not against the parser.

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// rfc1738Hand are inputs chosen for the places where a PEG transcription can differ from the
// BNF: ordered choices whose first alternative matches a prefix of a later one, and greedy
// repetitions that could eat what the rest of the rule needs.
var rfc1738Hand = []verdictCase{
	// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
	{"httpurl", "http://host", true, `section 3.3: with neither path nor search the "/" may be omitted`},
	{"httpurl", "http://host/", true, ""},
	{"httpurl", "http://host:80/", true, ""},
	{"httpurl", "http://host:0/", true, "port = digits: any number of digits"},
	{"httpurl", "http://host:99999/", true, "port = digits: the grammar sets no bound"},
	{"httpurl", "http://a.b.c/d/e?f", true, ""},
	{"httpurl", "http://h/a;b:c@d&e=f/g", true, `hsegment allows ";" ":" "@" "&" "="`},
	{"httpurl", "http://h/?", true, "an empty hpath and an empty search"},
	{"httpurl", "http://h//a//", true, "hsegments may be empty"},
	{"httpurl", "http://h/a?b%09c", true, "search allows every escape, %09 included"},
	{"httpurl", "http://h/a?b;c:d@e&f=g", true, ""},
	{"httpurl", "http://h/a%2Fb%7e", true, "escapes of either case"},
	{"httpurl", "http://1.2.3.4/", true, "hostnumber"},
	{"httpurl", "http://999.999.999.999/", true, "hostnumber = digits ...: the grammar sets no bound"},
	{"httpurl", "http://1.2.3.4.com/", true, "a hostname whose last label starts with an alpha"},
	{"httpurl", "http://a-b.c-d/", true, `"-" inside labels`},
	{"httpurl", "http://a--b.1x--2.c/", true, `several "-" inside labels, a domainlabel starting with a digit`},
	{"httpurl", "http://x1/", true, "toplabel = alpha *[ alphadigit | \"-\" ] alphadigit"},
	{"httpurl", "http://a:b/", false, `section 3.3: "No user name or password is allowed"; port = digits`},
	{"httpurl", "http://user@host/", false, "section 3.3: no user name; httpurl has hostport, not login"},
	{"httpurl", "http://h:/", false, "port = digits needs one digit"},
	{"httpurl", "http://h:80:80/", false, ""},
	{"httpurl", "http://1.2.3.4.5/", false, "not a hostnumber (four parts) and not a hostname: its last label starts with a digit (section 3.1)"},
	{"httpurl", "http://1.2.3/", false, "a hostnumber has four parts"},
	{"httpurl", "http://a.1/", false, "toplabel starts with an alpha"},
	{"httpurl", "http://a-.b/", false, `a domainlabel ends with an alphadigit, not "-"`},
	{"httpurl", "http://-a.b/", false, `a domainlabel starts with an alphadigit`},
	{"httpurl", "http://a.b-/", false, `a toplabel ends with an alphadigit, not "-"`},
	{"httpurl", "http://a..b/", false, "empty label"},
	{"httpurl", "http://a.b./", false, `hostname ends with a toplabel, not "."`},
	{"httpurl", "http://a_b/", false, `"_" is no host character`},
	{"httpurl", "http://", false, "host is not empty"},
	{"httpurl", "http:///a", false, "host is not empty"},
	{"httpurl", "http://h?q", false, `"?" search only after "/" hpath`},
	{"httpurl", "http://h/a?b?c", false, `search does not allow "?"`},
	{"httpurl", "http://h/a?b/c", false, `search does not allow "/"`},
	{"httpurl", "http://h/a b", false, "space is unsafe (section 2.2)"},
	{"httpurl", "http://h/~user", false, `"~" is national: it must be encoded (section 2.2)`},
	{"httpurl", "http://h/%zz", false, "escape = \"%\" hex hex"},
	{"httpurl", "http://h/%4", false, "escape = \"%\" hex hex"},
	{"httpurl", "HTTP://h/", false, "literals are case-sensitive; see TestRFC1738DefaultReading for the option"},
	{"httpurl", "http:/h/", false, ""},

	// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
	{"ftpurl", "ftp://host/a;type=i", true, ""},
	{"ftpurl", "ftp://host/a;type=A", true, `ftptype = "A" | "I" | "D" | "a" | "i" | "d"`},
	{"ftpurl", "ftp://host/a;type=D", true, ""},
	{"ftpurl", "ftp://host/;type=a", true, "fpath = fsegment ...: an fsegment may be empty"},
	{"ftpurl", "ftp://u:p@h:21/a/b;type=d", true, ""},
	{"ftpurl", "ftp://h", true, `section 3.2.2: the whole url-path may be omitted, "/" included`},
	{"ftpurl", "ftp://u;x?y&z=w@h/", true, `user allows ";" "?" "&" "="`},
	{"ftpurl", "ftp://a%3Ab:c%40d@h/", true, `section 3.1: ":" and "@" in user and password are encoded`},
	{"ftpurl", "ftp://:pw@h/", true, "user = *[ ... ] may be empty (as in ftp://@host.com/, section 3.1)"},
	{"ftpurl", "ftp://:@h/", true, "empty user name and empty password"},
	{"ftpurl", "ftp://a:1", true, "no \"@\": login is hostport, host a and port 1"},
	{"ftpurl", "ftp://a:1@b", true, "user a, password 1, host b"},
	{"ftpurl", "ftp://1.2.3.4@h/", true, "a user that looks like a hostnumber"},
	{"ftpurl", "ftp://u/p@h/", true, `no "@" before the first "/": host u, and fsegment allows "@"`},
	{"ftpurl", "ftp://h/a?b:c@d&e=f", true, `fsegment allows "?" ":" "@" "&" "="`},
	{"ftpurl", "ftp://host/a;type=x", false, "ftptype is one of AIDaid"},
	{"ftpurl", "ftp://host/a;type=", false, "ftptype is one character"},
	{"ftpurl", "ftp://host/a;type=ii", false, "ftptype is one character"},
	{"ftpurl", "ftp://host/a;type=i/b", false, `";type=" ftptype ends the URL`},
	{"ftpurl", "ftp://host/a;TYPE=i", false, `the literal is ";type="`},
	{"ftpurl", "ftp://host/a;b", false, `fsegment does not allow ";" (section 3.2.2: it must be encoded)`},
	{"ftpurl", "ftp://host;type=a", false, `";type=" only after "/" fpath`},
	{"ftpurl", "ftp://a@b@c/", false, `user and hostport do not allow "@"`},
	{"ftpurl", "ftp://u:p:q@h/", false, `password does not allow ":"`},
	{"ftpurl", "ftp://h:21:x/", false, ""},
	{"ftpurl", "ftp://u@/", false, "host is not empty"},

	// fileurl = "file://" [ host | "localhost" ] "/" fpath
	{"fileurl", "file:///etc/motd", true, `section 3.10: the host may be the empty string`},
	{"fileurl", "file://localhost/etc/motd", true, `section 3.10: or "localhost"`},
	{"fileurl", "file://1.2.3.4/x", true, ""},
	{"fileurl", "file://h/", true, "fpath = fsegment ...: one empty fsegment"},
	{"fileurl", "file://localhost.x/a", true, `a hostname that begins with "localhost"`},
	{"fileurl", "file://h", false, `"/" fpath is not optional`},
	{"fileurl", "file://h:80/x", false, "fileurl has host, not hostport"},
	{"fileurl", "file://u@h/x", false, "fileurl has host, not login"},
	{"fileurl", "file://h/a;type=a", false, `fileurl has no ";type=", and fsegment does not allow ";"`},
	{"fileurl", "file:/etc/motd", false, ""},
	{"fileurl", "file://localhost-/x", false, `a toplabel does not end with "-"`},

	// gopherurl = "gopher://" hostport [ "/" [ gtype [ selector
	//             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
	{"gopherurl", "gopher://h", true, `section 3.4.1: the gopher-path may be empty, and then the "/" is optional`},
	{"gopherurl", "gopher://h/", true, ""},
	{"gopherurl", "gopher://h:70/1", true, "gtype alone"},
	{"gopherurl", "gopher://h/1sel", true, ""},
	{"gopherurl", "gopher://h/1sel%09search", true, "section 3.4.2"},
	{"gopherurl", "gopher://h/1sel%09search%09+", true, "section 3.4.3, 3.4.4"},
	{"gopherurl", "gopher://h/1sel%09%09!", true, "section 3.4.3: the search may be empty; 3.4.6"},
	{"gopherurl", "gopher://h/1sel%09%09!+ABSTRACT", true, "section 3.4.7"},
	{"gopherurl", "gopher://h/1sel%09%09!+ABSTRACT%20+SMELL", true, "section 3.4.7"},
	{"gopherurl", "gopher://h/1sel%09%09+application/postscript%20Es_ES", true, `section 3.4.8: gopher+_string = *xchar allows "/"`},
	{"gopherurl", "gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Ayes%0D%0Ano%0D%0A.%0D%0A", true, "section 3.4.9, with two ask values"},
	{"gopherurl", "gopher://h/7/a/b?c;d=e", true, `selector = *xchar allows reserved characters (section 3.4.1: none is reserved in the gopher-path)`},
	{"gopherurl", "gopher://h/1a%09b/c", true, `search does not allow "/", but selector = *xchar takes "a%09b/c" whole`},
	{"gopherurl", "gopher://h/1a%09b?c%09d", true, `the same with "?"`},
	{"gopherurl", "gopher://h/1a%09b%09c/d%09e", true, ""},
	{"gopherurl", "gopher://h/%09", true, "gtype = xchar, and an escape is an xchar"},
	{"gopherurl", "gopher://h/%09%09%09%09", true, ""},
	{"gopherurl", "gopher://1.2.3.4:70/0", true, ""},
	{"gopherurl", "gopher://h/1 sel", false, "space is unsafe (section 2.2)"},
	{"gopherurl", "gopher://h/1%0", false, "escape = \"%\" hex hex"},
	{"gopherurl", "gopher://h/1%09a%0", false, "escape = \"%\" hex hex"},
	{"gopherurl", "gopher://h/1#x", false, `"#" is punctuation`},
	{"gopherurl", "gopher://u@h/", false, "gopherurl has hostport, not login"},
	{"gopherurl", "gopher://h:x/", false, ""},

	// mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
	{"mailtourl", "mailto:user@host", true, ""},
	{"mailtourl", "mailto:a%25b@c", true, `section 3.5: "%" in an address must be encoded`},
	{"mailtourl", "mailto:a:b;c/d?e=f&g", true, "section 3.5: no reserved characters; encoded822addr = 1*xchar"},
	{"mailtourl", "mailto:", false, "encoded822addr = 1*xchar"},
	{"mailtourl", "mailto:a%b@c", false, `a bare "%" is no xchar`},
	{"mailtourl", "mailto:<a@b>", false, `"<" and ">" are punctuation`},
	{"mailtourl", "mailto:a b@c", false, ""},
	{"mailtourl", "MAILTO:a@b", false, "literals are case-sensitive"},

	// newsurl = "news:" grouppart; grouppart = "*" | group | article
	{"newsurl", "news:comp.infosystems.www.misc", true, "section 3.6's newsgroup name"},
	{"newsurl", "news:a", true, ""},
	{"newsurl", "news:comp.lang.c++", true, `group allows "+"`},
	{"newsurl", "news:a-b_c.d+e9", true, ""},
	{"newsurl", "news:unique@full.domain.name", true, "section 3.6: <unique>@<full_domain_name>"},
	{"newsurl", "news:1234@host.com", true, "an article may start with a digit; a group may not"},
	{"newsurl", "news:*@h", true, `article: "*" is an uchar (extra)`},
	{"newsurl", "news:a.b@h", true, "article, whose prefix a.b is a group"},
	{"newsurl", "news:a/b?c:d;e&f=g@h", true, `article allows ";" "/" "?" ":" "&" "="`},
	{"newsurl", "news:a@1.2.3.4", true, "host is a hostnumber"},
	{"newsurl", "news:", false, ""},
	{"newsurl", "news:*x", false, `"*" alone, and *x is neither a group (starts with an alpha) nor an article (has "@")`},
	{"newsurl", "news:1abc", false, "a group starts with an alpha"},
	{"newsurl", "news:a/b", false, `a group does not allow "/"`},
	{"newsurl", "news:a@", false, "article ends with a host"},
	{"newsurl", "news:@h", false, `article = 1*[ ... ] "@" host: at least one character before "@" (grammar/rfc1738.bnf, change d)`},
	{"newsurl", "news:a@b@c", false, `article does not allow a second "@"`},
	{"newsurl", "news:a@1.2.3", false, "host"},
	{"newsurl", "news:a@h:119", false, "article ends with host, not hostport"},

	// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
	{"nntpurl", "nntp://h/comp.x", true, ""},
	{"nntpurl", "nntp://h:119/comp.x/123", true, "section 3.7"},
	{"nntpurl", "nntp://h", false, `"/" group is not optional`},
	{"nntpurl", "nntp://h/", false, ""},
	{"nntpurl", "nntp://h/comp.x/", false, "digits = 1*digit"},
	{"nntpurl", "nntp://h/comp.x/12a", false, ""},
	{"nntpurl", "nntp://h/1group", false, "a group starts with an alpha"},
	{"nntpurl", "nntp://u@h/a", false, "nntpurl has hostport, not login"},

	// telneturl = "telnet://" login [ "/" ]
	{"telneturl", "telnet://h", true, `section 3.8: the final "/" may be omitted`},
	{"telneturl", "telnet://h/", true, ""},
	{"telneturl", "telnet://u:p@h:23/", true, "section 3.8"},
	{"telneturl", "telnet://u@h", true, ""},
	{"telneturl", "telnet://h/x", false, ""},
	{"telneturl", "telnet://h//", false, ""},
	{"telneturl", "telnet://", false, ""},

	// waisurl = waisdatabase | waisindex | waisdoc
	{"waisurl", "wais://h/db", true, "waisdatabase (section 3.9)"},
	{"waisurl", "wais://h/db?query", true, "waisindex"},
	{"waisurl", "wais://h:210/db/TEXT/0-123", true, "waisdoc"},
	{"waisurl", "wais://h/", true, "database = *uchar may be empty"},
	{"waisurl", "wais://h/?", true, ""},
	{"waisurl", "wais://h///", true, "empty database, wtype and wpath"},
	{"waisurl", "wais://h/db?a;b:c@d&e=f", true, "search"},
	{"waisurl", "wais://h", false, `"/" database is not optional`},
	{"waisurl", "wais://h/db/t", false, `waisdoc has "/" wtype "/" wpath`},
	{"waisurl", "wais://h/db/t/p/q", false, `wpath = *uchar does not allow "/"`},
	{"waisurl", "wais://h/db/t/p?q", false, ""},
	{"waisurl", "wais://h/db?a?b", false, `search does not allow "?"`},
	{"waisurl", "wais://h/db?a/b", false, `search does not allow "/"`},
	{"waisurl", "wais://h/d;b", false, "database = *uchar"},

	// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
	{"prosperourl", "prospero://h/a;b=c", true, ""},
	{"prosperourl", "prospero://h:1525/x/y;OBJECT-VERSION=1;b=c", true, "section 3.11 names the field OBJECT-VERSION"},
	{"prosperourl", "prospero://h/;=", true, "empty ppath, fieldname and fieldvalue"},
	{"prosperourl", "prospero://h/a?b:c@d&e=f;g?:@&=h?:@&", true, ""},
	{"prosperourl", "prospero://h", false, `"/" ppath is not optional`},
	{"prosperourl", "prospero://h/a;b", false, `fieldspec = ";" fieldname "=" fieldvalue`},
	{"prosperourl", "prospero://h/a;b=c=d", false, `fieldvalue does not allow "="`},
	{"prosperourl", "prospero://h/a;b=c/d", false, `fieldvalue does not allow "/"`},
	{"prosperourl", "prospero://u@h/a", false, "section 3.11: no user name or password"},

	// genericurl = scheme ":" schemepart; schemepart = *xchar | ip-schemepart
	{"genericurl", "foo:bar", true, ""},
	{"genericurl", "x-y+z.1:", true, "schemepart = *xchar may be empty"},
	{"genericurl", "z39.50:x", true, "section 4 lists z39.50 among the proposed schemes"},
	{"genericurl", "foo://u:p@h:1/p", true, "ip-schemepart"},
	{"genericurl", "foo://a:b/", true, "not an ip-schemepart (port = digits), but *xchar"},
	{"genericurl", "http://a:b/", true, "genericurl does not know the http scheme's rule"},
	{"genericurl", "foo:%2F", true, ""},
	{"genericurl", ":x", false, "scheme = 1*[ ... ]: at least one character (grammar/rfc1738.bnf, change d)"},
	{"url", ":", false, "scheme = 1*[ ... ]: at least one character (grammar/rfc1738.bnf, change d)"},
	{"genericurl", "Foo:x", false, "scheme = 1*[ lowalpha | digit | \"+\" | \"-\" | \".\" ]: lower case (section 2.1)"},
	{"genericurl", "foo", false, ""},
	{"genericurl", "f_o:x", false, `"_" is no scheme character`},
	{"genericurl", "foo:a b", false, ""},
	{"genericurl", "foo:#", false, ""},
	{"genericurl", "foo:%", false, ""},
	{"genericurl", "foo:~", false, `"~" is national`},
	{"otherurl", "foo:bar", true, "otherurl = genericurl"},
	{"otherurl", "Foo:bar", false, "otherurl = genericurl"},

	// url: the literal reading; otherurl = genericurl holds every URL of the ten schemes too.
	{"url", "http://a:b/", true, "not an httpurl, but an otherurl: scheme http, schemepart \"//a:b/\" as *xchar"},
	{"url", "http://1.2.3.4.5/", true, "otherurl"},
	{"url", "ftp://host/a;type=x", true, `otherurl: ";" "=" are xchars`},
	{"url", "news:", true, "otherurl: schemepart = *xchar may be empty"},
	{"url", "mailto:", true, "otherurl"},
	{"url", "http://host/", true, "httpurl"},
	{"url", "foo:bar", true, "otherurl"},
	{"url", "HTTP://host/", false, "not even otherurl: scheme is lower case"},
	{"url", "http://ds.internic.net/instructions/overview.html#WARNING", false, "appendix: not even otherurl allows \"#\""},
	{"url", "http://h/a b", false, ""},
	{"url", "", false, ""},
}

func TestRFC1738Grammar(t *testing.T) {
	checkVerdicts(t, urlgrammar.RFC1738, rfc1738Hand)
}

// TestRFC1738SchemesAreGenericURLs: every character that a scheme rule allows is an xchar, and
// each scheme rule begins with its scheme's name and ":", so whatever a scheme rule accepts,
// genericurl and url accept too: the hand cases, and the URLs RFC 1738 prints (the corpus)
// under the rule of their scheme.
func TestRFC1738SchemesAreGenericURLs(t *testing.T) {
	cases := append([]verdictCase(nil), rfc1738Hand...)
	for _, ex := range compare.Corpus() {
		if strings.HasPrefix(ex.Source, "RFC 1738 ") && urlgrammar.MatchRule(urlgrammar.RFC1738, "", ex.Input, 0) {
			cases = append(cases, verdictCase{urlgrammar.RFC1738.RuleFor(ex.Input, 0), ex.Input, true, ex.Source})
		}
	}
	for _, c := range cases {
		if !c.valid || !strings.HasSuffix(c.rule, "url") || c.rule == "genericurl" || c.rule == "otherurl" || c.rule == "url" {
			continue
		}
		for _, rule := range []string{"url", "genericurl", "otherurl"} {
			if !urlgrammar.MatchRule(urlgrammar.RFC1738, rule, c.input, 0) {
				t.Errorf("%q is a valid %s but not a valid %s", c.input, c.rule, rule)
			}
		}
	}
}

// TestRFC1738DefaultReading: Validate holds a URL of the ten schemes of section 3 to its
// scheme's rule and any other to genericurl; ValidateRule(…, "url", …) is the literal reading.
func TestRFC1738DefaultReading(t *testing.T) {
	tests := []struct {
		input string
		mode  urlgrammar.Mode
		rule  string // the rule of the *SyntaxError, "" for valid
	}{
		{"http://a:b/", 0, "httpurl"}, // section 3.3: no password, and port = digits
		{"http://host:80/a?b", 0, ""},
		{"foo://a:b/", 0, ""}, // genericurl
		{"ftp://host/a;type=x", 0, "ftpurl"},
		{"ftp://host/a;type=i", 0, ""},
		{"news:", 0, "newsurl"},
		{"mailto:", 0, "mailtourl"},
		{"gopher://h/1a%09b/c", 0, ""},
		{"HTTP://host/", 0, "genericurl"}, // "HTTP" is not one of the ten names, and scheme is lower case
		// Section 2.1: "programs interpreting URLs should treat upper case letters as
		// equivalent to lower case in scheme names (e.g., allow "HTTP" as well as "http")".
		{"HTTP://host/", urlgrammar.CaseIgnoreScheme, ""},
		{"HTTP://a:b/", urlgrammar.CaseIgnoreScheme, "httpurl"},
		{"Foo:bar", 0, "genericurl"},
		{"Foo:bar", urlgrammar.CaseIgnoreScheme, ""},
		{"http://host/A", urlgrammar.CaseIgnoreScheme, ""},
		{"ftp://host/a;TYPE=i", urlgrammar.CaseIgnoreScheme, "ftpurl"}, // only the scheme is read case-insensitively
	}
	for _, tt := range tests {
		err := urlgrammar.ValidateRule(urlgrammar.RFC1738, "", tt.input, tt.mode)
		if tt.rule == "" {
			if err != nil {
				t.Errorf("ValidateRule(RFC1738, \"\", %q, %#x) = %v; want nil", tt.input, tt.mode, err)
			}
			continue
		}
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) || se.Rule != tt.rule {
			t.Errorf("ValidateRule(RFC1738, \"\", %q, %#x) = %v; want a *SyntaxError of rule %s", tt.input, tt.mode, err, tt.rule)
		}
		if got := urlgrammar.MatchRule(urlgrammar.RFC1738, "", tt.input, tt.mode); got {
			t.Errorf("Match(RFC1738, %q) = true; want false", tt.input)
		}
	}
	// The literal reading of section 5 accepts "http://a:b/" as an otherurl.
	if err := urlgrammar.ValidateRule(urlgrammar.RFC1738, "url", "http://a:b/", 0); err != nil {
		t.Errorf(`ValidateRule(RFC1738, "url", "http://a:b/") = %v; want nil (otherurl)`, err)
	}
}

// TestRFC1738Parts checks that the parse gives each component the text the document means,
// where the BNF alone is ambiguous or a greedy PEG could misplace a boundary.
func TestRFC1738Parts(t *testing.T) {
	type P = rulePart
	tests := []struct {
		start, input string
		rules        []string
		want         []P
	}{
		// Section 3.1: "ftp://@host.com/ has an empty user name and no password,
		// ftp://host.com/ has no user name, while ftp://foo:@host.com/ has a user name of
		// "foo" and an empty password."
		{"ftpurl", "ftp://@host.com/", []string{"user", "password", "host"},
			[]P{{"user", ""}, {"host", "host.com"}}},
		{"ftpurl", "ftp://host.com/", []string{"user", "password", "host"},
			[]P{{"host", "host.com"}}},
		{"ftpurl", "ftp://foo:@host.com/", []string{"user", "password", "host"},
			[]P{{"user", "foo"}, {"password", ""}, {"host", "host.com"}}},
		// Section 3.2.2: the cwd and name parts, and the typecode.
		{"ftpurl", "ftp://myname@host.dom//etc/motd", []string{"user", "host", "fsegment", "ftptype"},
			[]P{{"user", "myname"}, {"host", "host.dom"}, {"fsegment", ""}, {"fsegment", "etc"}, {"fsegment", "motd"}}},
		{"ftpurl", "ftp://info.cern.ch/pub/www/doc;type=d", []string{"fpath", "ftptype"},
			[]P{{"fpath", "pub/www/doc"}, {"ftptype", "d"}}},
		// login: a user name that looks like a host, then the host and port.
		{"ftpurl", "ftp://a.b:1@c.d:21/", []string{"user", "password", "host", "port"},
			[]P{{"user", "a.b"}, {"password", "1"}, {"host", "c.d"}, {"port", "21"}}},
		{"ftpurl", "ftp://a.b:1/", []string{"user", "password", "host", "port"},
			[]P{{"host", "a.b"}, {"port", "1"}}},
		// host: a hostname whose labels start with digits, and a hostnumber.
		{"httpurl", "http://1.2.3.4.com/", []string{"hostname", "hostnumber"},
			[]P{{"hostname", "1.2.3.4.com"}}},
		{"httpurl", "http://1.2.3.4/", []string{"hostname", "hostnumber"},
			[]P{{"hostnumber", "1.2.3.4"}}},
		{"httpurl", "http://a-1.b--c/", []string{"domainlabel", "toplabel"},
			[]P{{"domainlabel", "a-1"}, {"toplabel", "b--c"}}},
		{"httpurl", "http://h/a/b?c", []string{"hsegment", "search"},
			[]P{{"hsegment", "a"}, {"hsegment", "b"}, {"search", "c"}}},
		// Gopher, sections 3.4.1-3.4.3: gophertype, selector, then the search and the
		// gopher+ string, each after an encoded tab.
		{"gopherurl", "gopher://h/1sel", []string{"gtype", "selector", "search", "gopher+_string"},
			[]P{{"gtype", "1"}, {"selector", "sel"}}},
		{"gopherurl", "gopher://h/7sel%09find%20this", []string{"gtype", "selector", "search", "gopher+_string"},
			[]P{{"gtype", "7"}, {"selector", "sel"}, {"search", "find%20this"}}},
		{"gopherurl", "gopher://h/1sel%09%09!+ABSTRACT%20+SMELL", []string{"gtype", "selector", "search", "gopher+_string"},
			[]P{{"gtype", "1"}, {"selector", "sel"}, {"search", ""}, {"gopher+_string", "!+ABSTRACT%20+SMELL"}}},
		// Section 3.4.9: the gopher+ string of a filled-in form holds encoded tabs itself.
		{"gopherurl", "gopher://h/1sel%09s%09+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A", []string{"selector", "search", "gopher+_string"},
			[]P{{"selector", "sel"}, {"search", "s"}, {"gopher+_string", "+%091%0D%0A+-1%0D%0Ayes%0D%0A.%0D%0A"}}},
		// A "/" after the first encoded tab cannot be in a search: the whole is the selector.
		{"gopherurl", "gopher://h/1a%09b/c", []string{"gtype", "selector", "search", "gopher+_string"},
			[]P{{"gtype", "1"}, {"selector", "a%09b/c"}}},
		{"gopherurl", "gopher://h/", []string{"gtype", "selector"}, []P{}}, // no gtype, no selector
		// News, section 3.6: a group, or an article whose prefix could be a group.
		{"newsurl", "news:comp.infosystems.www.misc", []string{"group", "article"},
			[]P{{"group", "comp.infosystems.www.misc"}}},
		{"newsurl", "news:a.b@c.d", []string{"group", "article", "host"},
			[]P{{"article", "a.b@c.d"}, {"host", "c.d"}}},
		{"nntpurl", "nntp://h/comp.x/123", []string{"group", "digits"},
			[]P{{"group", "comp.x"}, {"digits", "123"}}},
		// WAIS, section 3.9: which of the three forms.
		{"waisurl", "wais://h/db", []string{"waisdatabase", "waisindex", "waisdoc", "database"},
			[]P{{"waisdatabase", "wais://h/db"}, {"database", "db"}}},
		{"waisurl", "wais://h/db?x", []string{"waisdatabase", "waisindex", "waisdoc", "search"},
			[]P{{"waisindex", "wais://h/db?x"}, {"search", "x"}}},
		{"waisurl", "wais://h/db/TEXT/0-1", []string{"waisdatabase", "waisindex", "waisdoc", "wtype", "wpath"},
			[]P{{"waisdoc", "wais://h/db/TEXT/0-1"}, {"wtype", "TEXT"}, {"wpath", "0-1"}}},
		// Prospero, section 3.11.
		{"prosperourl", "prospero://host.dom//pros/name;OBJECT-VERSION=1", []string{"ppath", "fieldname", "fieldvalue"},
			[]P{{"ppath", "/pros/name"}, {"fieldname", "OBJECT-VERSION"}, {"fieldvalue", "1"}}},
		// url: the scheme's own rule when it matches, otherurl when it does not.
		{"url", "http://h/", []string{"httpurl", "otherurl"}, []P{{"httpurl", "http://h/"}}},
		{"url", "http://a:b/", []string{"httpurl", "otherurl", "ip-schemepart"}, []P{{"otherurl", "http://a:b/"}}},
		// genericurl: the common Internet scheme syntax of section 3.1 gets its parts.
		{"genericurl", "foo://u:p@h:1/x/y", []string{"scheme", "user", "password", "host", "port", "urlpath"},
			[]P{{"scheme", "foo"}, {"user", "u"}, {"password", "p"}, {"host", "h"}, {"port", "1"}, {"urlpath", "x/y"}}},
		{"genericurl", "foo:bar", []string{"scheme", "ip-schemepart"}, []P{{"scheme", "foo"}}},
	}
	for _, tt := range tests {
		got := ruleParts(t, urlgrammar.RFC1738, tt.start, tt.input, tt.rules...)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s %q: parts (-want +got):\n%s", tt.start, tt.input, diff)
		}
	}
}

// rfc1738Long are inputs built to make the PEG backtrack (they were the inputs of a timed test):
// a prefix, a unit repeated to the wanted length, and a suffix. BenchmarkLong measures their
// cost per byte from 1 KiB to 1 MiB, TestLongInputs decides each at 1 MiB (see long_test.go).
var rfc1738Long = []longShape{
	{"url", "http://", "a.", "", unstated},
	{"url", "http://", "1.", "1", unstated},
	{"url", "http://", "a--", "b", unstated},
	{"url", "ftp://", "a:", "@", unstated},
	{"url", "news:", "a.", "", unstated},
	{"url", "news:a@", "a.", "a", unstated},
	{"url", "x://", "a.", "#", unstated},
	{"gopherurl", "gopher://h/1", "%09", "", unstated},
	{"url", "gopher://h/1", "%09a/", "#", unstated},
	{"url", "wais://h/", "a", "/b", unstated},
	{"url", "prospero://h/", ";a=b", ";", unstated},
}

// TestRFC1738SyntaxErrorOffsets: the offset of a rejection is the longest prefix of the input
// that some valid URL of the rule still begins with, and what is expected there includes what
// the BNF allows next.
func TestRFC1738SyntaxErrorOffsets(t *testing.T) {
	type got struct {
		Rule   string
		Offset int
	}
	tests := []struct {
		input   string
		want    got
		expects string // one of the SyntaxError's Expected
	}{
		// "http://a:" begins "http://a:80"; port = digits cannot begin with "b".
		{"http://a:b/", got{"httpurl", 9}, "digit"},
		// "ftp://host/a;type=" is followed by one ftptype character, not "x".
		{"ftp://host/a;type=x", got{"ftpurl", 18}, "ftptype"},
		// "http://1.2.3.4.5" begins the hostname "1.2.3.4.5.com"; a toplabel starts with an alpha,
		// so the "5" must be a domainlabel, and "/" cannot follow it.
		{"http://1.2.3.4.5/", got{"httpurl", 16}, `"."`},
		// "http://a-" begins "http://a-b"; a label does not end with "-".
		{"http://a-.b/", got{"httpurl", 9}, "alphadigit"},
		// "news:*x" begins the article "*x@host": the input ends too early.
		{"news:*x", got{"newsurl", 7}, `"@"`},
		// search does not allow "/".
		{"http://h/a?b/c", got{"httpurl", 12}, "end of input"},
		// Appendix: "#" is not part of the URL.
		{"http://ds.internic.net/instructions/overview.html#WARNING", got{"httpurl", 49}, "end of input"},
		// Not one of the ten scheme names as written: genericurl, whose scheme is lower case.
		{"HTTP://h/", got{"genericurl", 0}, "lowalpha"},
	}
	for _, tt := range tests {
		err := urlgrammar.Validate(urlgrammar.RFC1738, tt.input)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Validate(RFC1738, %q) = %v; want a *SyntaxError", tt.input, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got{se.Rule, se.Offset}); diff != "" {
			t.Errorf("Validate(RFC1738, %q): (-want +got):\n%s", tt.input, diff)
		}
		found := false
		for _, e := range se.Expected {
			found = found || e == tt.expects
		}
		if !found {
			t.Errorf("Validate(RFC1738, %q): expected %q, want it to include %s", tt.input, se.Expected, tt.expects)
		}
	}
}
