package urlgrammar_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// asWritten returns the components of u as written, for Build with Escaped set: its path
// whole, as Opaque, with the "/" before it where the version's path does not hold it (RFC 1738
// section 3.1, RFC 1808 section 2.1, the 1993 and 1994 drafts).
func asWritten(u *urlgrammar.URL) urlgrammar.Components {
	c := urlgrammar.Components{Escaped: true}
	text := func(name string, comp urlgrammar.Component) string {
		if comp.Present && comp.Text == "" {
			c.Empty = append(c.Empty, name)
		}
		return comp.Text
	}
	a := u.Authority()
	c.Scheme = u.Scheme().Text
	if a.User.Present || a.Password.Present {
		c.User, c.Password = text("user", a.User), text("password", a.Password)
	} else {
		c.Userinfo = text("userinfo", a.Userinfo)
	}
	switch {
	case u.Version == urlgrammar.RFC1808 && a.Present:
		c.Host = text("host", a.Component) // its net_loc
	case a.Present && !a.Host.Present:
		c.Empty = append(c.Empty, "host") // an empty authority: "s:///x"
	default:
		c.Host = text("host", a.Host)
	}
	c.Port = text("port", a.Port)
	path := u.Path()
	c.Opaque = path.Text
	switch u.Version {
	case urlgrammar.RFC1738, urlgrammar.Draft1993, urlgrammar.Draft1994:
		if path.Present && a.Present {
			c.Opaque = "/" + c.Opaque // RFC 1738 section 3.1: the "/" is no part of the url-path
		}
	case urlgrammar.RFC1808:
		if path.Kind == urlgrammar.PathAbsolute {
			c.Opaque = "/" + c.Opaque // section 2.1: abs_path = "/" rel_path
		}
	}
	if p := u.Part("params"); u.Version == urlgrammar.RFC1808 && p.Present {
		c.Parts = []urlgrammar.Part{{Rule: "params", Text: p.Text}}
	}
	c.Query = text("query", u.Query())
	c.Fragment = text("fragment", u.Fragment())
	return c
}

// TestBuildEscapedCorpus builds every URL of the corpus back, under every version that
// accepts it, from its components as written: Build gives the input byte for byte, which is
// what "urlgrammar parse | urlgrammar build" does.
func TestBuildEscapedCorpus(t *testing.T) {
	n := 0
	for _, e := range compare.Corpus() {
		for _, v := range urlgrammar.Versions() {
			u, err := urlgrammar.Parse(v, e.Input)
			if err != nil {
				continue
			}
			if rest, ok := strings.CutPrefix(e.Input, "ftp://"); ok && v == urlgrammar.Draft1993 && u.Authority().End < len("ftp://")+strings.IndexByte(rest, '/') {
				// Parse leaves the ":21" of "ftp://example.com:21/" out of every component
				// (a fileaddress has no port, and its host, an ialpha, may hold ":21"):
				// no components give the input back.
				continue
			}
			// The components as written, read from the URL and from its JSON.
			var fromJSON urlgrammar.Components
			data, _ := u.MarshalJSON()
			if err := json.Unmarshal(data, &fromJSON); err != nil {
				t.Fatalf("%v %q: %s: %v", v, e.Input, data, err)
			}
			for _, c := range []urlgrammar.Components{asWritten(u), fromJSON} {
				got, err := urlgrammar.Build(v, c)
				switch {
				case err != nil:
					t.Errorf("%v %q (%s): Build(%+v): %v", v, e.Input, e.Source, c, err)
				case got.String() != e.Input:
					t.Errorf("%v %q (%s): Build(%+v) = %q", v, e.Input, e.Source, c, got.String())
				}
			}
			n++
		}
	}
	t.Logf("%d URLs of the corpus, each under each version that accepts it, built back as written", n)
}

// TestBuildRefuses holds Build's refusals to their kinds and messages.
func TestBuildRefuses(t *testing.T) {
	for _, tc := range []struct {
		v      urlgrammar.Version
		c      urlgrammar.Components
		want   string
		syntax bool // the error wraps a *SyntaxError
	}{
		// RFC 1738 section 3.1: host = hostname | hostnumber; no escape.
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "a b"}, `host "a b" has no escape and is no host`, true},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "h", Port: "8o"}, `port "8o" has no escape and is no port`, true},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "h", Segments: []string{"f"}, Parts: []urlgrammar.Part{{Rule: "ftptype", Text: "x"}}}, `ftptype "x" has no escape`, true},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http"}, `a httpurl requires a host`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "h", Fragment: "f"}, `a httpurl of rfc1738 has no fragment`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "h", User: "u"}, `a httpurl of rfc1738 has no user`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "h", Userinfo: "u"}, `rfc1738 divides the userinfo into user and password`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "h", Query: "q"}, `a httpurl has a search only after its path`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "h", Password: "p"}, `a ftpurl has a password only after a user`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "wais", Host: "h"}, `a waisurl requires its database`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "gopher", Host: "h", Parts: []urlgrammar.Part{{Rule: "gtype", Text: "1"}, {Rule: "selector", Text: "a\tb"}}}, `a gopher selector cannot hold a tab`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "gopher", Host: "h", Parts: []urlgrammar.Part{{Rule: "selector", Text: "s"}}}, `a gopherurl has a selector only after a gtype`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "mailto", Parts: []urlgrammar.Part{{Rule: "encoded822addr", Text: "a@b"}, {Rule: "database", Text: "d"}}}, `a mailtourl of rfc1738 has no part "database"`, false},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "HTTP", Host: "h"}, `scheme "HTTP" has no escape and is no scheme`, true},
		// The parts in the URL's order: a fieldspec is ";" fieldname "=" fieldvalue.
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "prospero", Host: "h", Segments: []string{"p"}, Parts: []urlgrammar.Part{{Rule: "fieldvalue", Text: "v"}, {Rule: "fieldname", Text: "n"}}},
			`a prosperourl's fieldspec requires its fieldvalue`, false},
		{urlgrammar.Draft1994, urlgrammar.Components{Scheme: "ftp", Host: "h", Parts: []urlgrammar.Part{{Rule: "ftptype", Text: "I"}}}, `its letters are read as part of the path`, false},
		{urlgrammar.Draft1994, urlgrammar.Components{Scheme: "afs", Host: "h"}, `the 1994 draft defines no scheme "afs"`, false},
		{urlgrammar.Draft1993, urlgrammar.Components{Scheme: "prospero", Host: "h", Segments: []string{"a\x00b"}}, `a prospero path cannot hold a NUL`, false},
		// The 1993 draft's host may hold an "@" (ialpha), which the parser reads as ending a
		// user: no escaping helps a component without escape.
		{urlgrammar.Draft1993, urlgrammar.Components{Scheme: "telnet", Host: "z@h"}, `reads the URL written with other components`, false},
		// The 1993 draft's path = void | xpalphas [ "/" path ] has no empty segment inside.
		{urlgrammar.Draft1993, urlgrammar.Components{Scheme: "http", Host: "h", Segments: []string{"a", "", "b"}}, `is not valid`, true},
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "s", Rooted: true, Segments: []string{"", "a"}}, `cannot begin with "//"`, false},
		{urlgrammar.RFC3986, urlgrammar.Components{Segments: []string{"", "a"}}, `a path with no root cannot begin with an empty segment`, false},
		{urlgrammar.RFC3986, urlgrammar.Components{Host: "h", User: "u"}, `rfc3986 has a userinfo, which it does not divide`, false},
		{urlgrammar.RFC3986, urlgrammar.Components{Host: "h\xff"}, `is not UTF-8`, false},
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "s", Empty: []string{"scheme"}}, `Empty names "scheme"`, false},
		{urlgrammar.RFC2396, urlgrammar.Components{Scheme: "s", Segments: []string{"a"}}, `give it as Opaque`, false},
		{urlgrammar.RFC2396, urlgrammar.Components{Host: "a b", Port: "80"}, `but a reg_name, which is the whole authority`, false},
		{urlgrammar.RFC2396, urlgrammar.Components{Scheme: "s"}, `is not valid`, true},
		{urlgrammar.RFC1808, urlgrammar.Components{Host: "h", Port: "80"}, `RFC 1808 does not divide its net_loc`, false},
		{urlgrammar.RFC1808, urlgrammar.Components{Host: "h", Query: "q"}, `follow a net_loc only after a "/"`, false},
		{0, urlgrammar.Components{}, `unknown version`, false},
	} {
		u, err := urlgrammar.Build(tc.v, tc.c)
		var e *urlgrammar.Error
		var se *urlgrammar.SyntaxError
		switch {
		case err == nil:
			t.Errorf("%v %+v: Build gave %q, want an error", tc.v, tc.c, u.String())
		case !errors.As(err, &e) || e.Op != "build":
			t.Errorf("%v %+v: %v (%T), want an *Error of build", tc.v, tc.c, err, err)
		case !strings.Contains(err.Error(), tc.want):
			t.Errorf("%v %+v: %v, want it to say %s", tc.v, tc.c, err, tc.want)
		case errors.As(err, &se) != tc.syntax:
			t.Errorf("%v %+v: %v wraps a *SyntaxError: %t, want %t", tc.v, tc.c, err, !tc.syntax, tc.syntax)
		}
	}
}

// TestBuildDocuments builds URLs that the documents print from their parts.
func TestBuildDocuments(t *testing.T) {
	part := func(rule, text string) urlgrammar.Part { return urlgrammar.Part{Rule: rule, Text: text} }
	for _, tc := range []struct {
		v         urlgrammar.Version
		c         urlgrammar.Components
		want, doc string
	}{
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "info.cern.ch", Segments: []string{"pub", "www", "doc"}, Parts: []urlgrammar.Part{part("ftptype", "d")}},
			"ftp://info.cern.ch/pub/www/doc;type=d", "RFC 1738 Appendix"},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "ftp", Host: "ds.internic.net", Segments: []string{"rfc", "rfc1436.txt"}, Parts: []urlgrammar.Part{part("ftptype", "a")}},
			"ftp://ds.internic.net/rfc/rfc1436.txt;type=a", "RFC 1738 References [1]"},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "news", Parts: []urlgrammar.Part{part("group", "comp.infosystems.www")}},
			"news:comp.infosystems.www", "RFC 1738 section 3.6 (the corpus's curated news URL)"},
		{urlgrammar.Draft1993, urlgrammar.Components{Scheme: "wais", Host: "quake.think.com", Parts: []urlgrammar.Part{part("database", "wais-discussion-archives")}, Query: "lynch"},
			"wais://quake.think.com/wais-discussion-archives?lynch", `the 1993 draft, "References" (Lynch 1991)`},
		{urlgrammar.Draft1993, urlgrammar.Components{Scheme: "wais", Host: "nnsc.nsf.net", Parts: []urlgrammar.Part{part("database", "internet-drafts")}, Query: "yeong"},
			"wais://nnsc.nsf.net/internet-drafts?yeong", `the 1993 draft, "References" (Yeong 1991b)`},
		{urlgrammar.Draft1994, urlgrammar.Components{Scheme: "ftp", Host: "ds.internic.net", Segments: []string{"rfc", "rfc959.txt"}},
			"ftp://ds.internic.net/rfc/rfc959.txt", `the 1994 draft, "References" (Postel 1985)`},
		{urlgrammar.RFC1808, urlgrammar.Components{Scheme: "http", Host: "a", Segments: []string{"b", "c", "d"}, Parts: []urlgrammar.Part{part("params", "p")}, Query: "q", Fragment: "f"},
			"http://a/b/c/d;p?q#f", "RFC 1808 section 5"},
		{urlgrammar.Draft1997, urlgrammar.Components{Scheme: "gopher", Host: "spinaltap.micro.umn.edu", Segments: []string{"00", "Weather", "California", "Los Angeles"}},
			"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", "the 1997 draft section 1.3"},
		{urlgrammar.RFC2396, urlgrammar.Components{Scheme: "mailto", Opaque: "mduerst@ifi.unizh.ch"},
			"mailto:mduerst@ifi.unizh.ch", "RFC 2396 section 1.3"},
		{urlgrammar.RFC2396, urlgrammar.Components{Scheme: "telnet", Host: "melvyl.ucop.edu", Rooted: true},
			"telnet://melvyl.ucop.edu/", "RFC 2396 section 1.3"},
		{urlgrammar.Draft2003, urlgrammar.Components{Scheme: "gopher", Host: "gopher.tc.umn.edu", Port: "70", Segments: []string{"11", "Mailing Lists", ""}},
			"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", "the 2003 draft section 1.3"},
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "foo", Host: "example.com", Port: "8042", Segments: []string{"over", "there"}, Query: "name=ferret", Fragment: "nose"},
			"foo://example.com:8042/over/there?name=ferret#nose", "RFC 3986 section 3"},
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "ldap", Host: "[2001:db8::7]", Segments: []string{"c=GB"}, Query: "objectClass?one"},
			"ldap://[2001:db8::7]/c=GB?objectClass?one", "RFC 3986 section 1.1.2"},
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "file", Empty: []string{"host"}, Segments: []string{"etc", "hosts"}},
			"file:///etc/hosts", "RFC 3986 section 1.1"},
		{urlgrammar.RFC3986, urlgrammar.Components{Segments: []string{"this:that"}},
			"this%3Athat", "RFC 3986 section 4.2 (escaped, not read as a scheme)"},
		// RFC 3987 section 3.1, Example 1: the IRI "http://www.example.org/D&#xFC;rst" is the
		// URI "http://www.example.org/D%C3%BCrst", its UTF-8 encoded byte by byte.
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "http", Host: "www.example.org", Segments: []string{"D\u00fcrst"}},
			"http://www.example.org/D%C3%BCrst", "RFC 3987 section 3.1"},
	} {
		u, err := urlgrammar.Build(tc.v, tc.c)
		if err != nil || u.String() != tc.want {
			t.Errorf("%v %+v: Build = %v, %v; want %q (%s)", tc.v, tc.c, u, err, tc.want, tc.doc)
		}
	}
}

// TestBuildLong builds long components: a segment of 1 MiB, 64 Ki segments, 32 Ki field specs
// of a prospero URL. Build's work is linear in its components (each is escaped, checked and
// read back once), so these take about what parsing the URL takes.
func TestBuildLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long inputs")
	}
	big := strings.Repeat("a b/", 1<<18)
	many := make([]string, 1<<16)
	for i := range many {
		many[i] = "s"
	}
	var fields []urlgrammar.Part
	for range 1 << 15 {
		fields = append(fields, urlgrammar.Part{Rule: "fieldname", Text: "n"}, urlgrammar.Part{Rule: "fieldvalue", Text: "v"})
	}
	for _, tc := range []struct {
		v urlgrammar.Version
		c urlgrammar.Components
		n int // the length of the URL
	}{
		{urlgrammar.RFC3986, urlgrammar.Components{Scheme: "http", Host: "h", Segments: []string{big}}, len("http://h/") + len(big)*2}, // "a b/" is "a%20b%2F",
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "http", Host: "h", Segments: many}, len("http://h/") + 2*len(many) - 1},
		{urlgrammar.RFC1738, urlgrammar.Components{Scheme: "prospero", Host: "h", Segments: []string{"p"}, Parts: fields}, len("prospero://h/p") + 4*len(fields)/2},
	} {
		u, err := urlgrammar.Build(tc.v, tc.c)
		if err != nil || len(u.String()) != tc.n {
			t.Errorf("%v: Build of long components: %d bytes, %v; want %d", tc.v, len(u.String()), err, tc.n)
		}
	}
}
