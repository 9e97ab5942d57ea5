package urlgrammar_test

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// m is the flat view of a parsed URL that the tests compare: every PRESENT component by name,
// as written (an absent one has no key, an empty one maps to ""), the kinds, the segments
// (quoted, in order), and the parts by rule name as "part.<rule>".
type m = map[string]string

func flatten(u *urlgrammar.URL) m {
	out := m{}
	put := func(k string, c urlgrammar.Component) {
		if c.Present {
			out[k] = c.Text
		}
	}
	a := u.Authority()
	put("scheme", u.Scheme())
	put("authority", a.Component)
	put("userinfo", a.Userinfo)
	put("user", a.User)
	put("password", a.Password)
	put("host", a.Host)
	if a.HostKind != urlgrammar.HostNone {
		out["host_kind"] = a.HostKind.String()
	}
	put("port", a.Port)
	path := u.Path()
	put("path", path.Component)
	if path.Kind != urlgrammar.PathNone {
		out["path_kind"] = path.Kind.String()
	}
	put("params", u.Part("params"))
	put("query", u.Query())
	put("fragment", u.Fragment())
	if segs := slices.Collect(u.Segments()); segs != nil {
		var texts []string
		for i, s := range segs {
			texts = append(texts, s.Text)
			for j, p := range s.Params {
				out[fmt.Sprintf("segment%d.param%d", i, j)] = p.Text
			}
		}
		out["segments"] = fmt.Sprintf("%q", texts)
	}
	// The parts, by their rule names: "part.<rule>", and "part.<rule>.<n>" for the n-th
	// repeat of a rule (counted from 1).
	seen := map[string]int{}
	for rule, c := range u.Parts() {
		k := "part." + rule
		if n := seen[rule]; n > 0 {
			k = fmt.Sprintf("%s.%d", k, n)
		}
		seen[rule]++
		put(k, c)
	}
	return out
}

// example is one input with the components a document says it has.
type example struct {
	in   string
	cite string // the section that says so, and what it says
	want m
}

func checkExamples(t *testing.T, v urlgrammar.Version, examples []example) {
	t.Helper()
	for _, e := range examples {
		u, err := urlgrammar.Parse(v, e.in)
		if err != nil {
			t.Errorf("%v: Parse(%q): %v\n\t(%s)", v, e.in, err, e.cite)
			continue
		}
		if diff := cmp.Diff(e.want, flatten(u)); diff != "" {
			t.Errorf("%v: Parse(%q) components (-want +got):\n%s\t(%s)", v, e.in, diff, e.cite)
		}
		checkSpans(t, u)
	}
}

// TestRFC1738Examples checks the components of the URLs that RFC 1738 gives as examples, and
// of URLs written in the forms its section 3 describes, against what it says of them.
func TestRFC1738Examples(t *testing.T) {
	checkExamples(t, urlgrammar.RFC1738, []example{
		{"ftp://@host.com/", `3.1: "<URL:ftp://@host.com/> has an empty user name and no password"`, m{
			"scheme": "ftp", "authority": "@host.com", "userinfo": "", "user": "", "host": "host.com", "host_kind": "domain",
			"path": "", "path_kind": "empty", "segments": `[""]`, "part.fpath": "",
		}},
		{"ftp://host.com/", `3.1: "<URL:ftp://host.com/> has no user name"`, m{
			"scheme": "ftp", "authority": "host.com", "host": "host.com", "host_kind": "domain",
			"path": "", "path_kind": "empty", "segments": `[""]`, "part.fpath": "",
		}},
		{"ftp://foo:@host.com/", `3.1: "<URL:ftp://foo:@host.com/> has a user name of "foo" and an empty password"`, m{
			"scheme": "ftp", "authority": "foo:@host.com", "userinfo": "foo:", "user": "foo", "password": "", "host": "host.com", "host_kind": "domain",
			"path": "", "path_kind": "empty", "segments": `[""]`, "part.fpath": "",
		}},
		{"ftp://myname@host.dom/%2Fetc/motd", `3.2.2: logs in as "myname", then "CWD /etc" (the encoded "/" is part of the first <cwd>) and "RETR motd"`, m{
			"scheme": "ftp", "authority": "myname@host.dom", "userinfo": "myname", "user": "myname", "host": "host.dom", "host_kind": "domain",
			"path": "%2Fetc/motd", "path_kind": "absolute", "segments": `["%2Fetc" "motd"]`, "part.fpath": "%2Fetc/motd",
		}},
		{"ftp://myname@host.dom/etc/motd", `3.2.2: "CWD etc" and then "RETR motd"`, m{
			"scheme": "ftp", "authority": "myname@host.dom", "userinfo": "myname", "user": "myname", "host": "host.dom", "host_kind": "domain",
			"path": "etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`, "part.fpath": "etc/motd",
		}},
		{"ftp://myname@host.dom//etc/motd", `3.2.2: "CWD " with a null argument, then "CWD etc", and then "RETR motd"`, m{
			"scheme": "ftp", "authority": "myname@host.dom", "userinfo": "myname", "user": "myname", "host": "host.dom", "host_kind": "domain",
			"path": "/etc/motd", "path_kind": "absolute", "segments": `["" "etc" "motd"]`, "part.fpath": "/etc/motd",
		}},
		{"ftp://info.cern.ch/pub/www/doc;type=d", `Appendix; 3.2.2: the url-path <cwd1>/.../<name>;type=<typecode>, typecode "d" (NLST)`, m{
			"scheme": "ftp", "authority": "info.cern.ch", "host": "info.cern.ch", "host_kind": "domain",
			"path": "pub/www/doc;type=d", "path_kind": "absolute", "segments": `["pub" "www" "doc"]`,
			"part.fpath": "pub/www/doc", "part.ftptype": "d",
		}},
		{"ftp://ds.internic.net/rfc/rfc1436.txt;type=a", `References [1]; 3.2.2: typecode "a"`, m{
			"scheme": "ftp", "authority": "ds.internic.net", "host": "ds.internic.net", "host_kind": "domain",
			"path": "rfc/rfc1436.txt;type=a", "path_kind": "absolute", "segments": `["rfc" "rfc1436.txt"]`,
			"part.fpath": "rfc/rfc1436.txt", "part.ftptype": "a",
		}},
		{"ftp://ds.internic.net/rfc", `Appendix; 3.1: "the "/" between the host (or port) and the url-path is NOT part of the url-path"`, m{
			"scheme": "ftp", "authority": "ds.internic.net", "host": "ds.internic.net", "host_kind": "domain",
			"path": "rfc", "path_kind": "absolute", "segments": `["rfc"]`, "part.fpath": "rfc",
		}},
		{"ftp://host.com", `3.2.2: "The whole url-path may be omitted, including the "/" delimiting it"`, m{
			"scheme": "ftp", "authority": "host.com", "host": "host.com", "host_kind": "domain",
		}},
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", `draft2003 1.3 example; RFC 1738 3.2 ftp`, m{
			"scheme": "ftp", "authority": "ftp.is.co.za", "host": "ftp.is.co.za", "host_kind": "domain",
			"path": "rfc/rfc1808.txt", "path_kind": "absolute", "segments": `["rfc" "rfc1808.txt"]`, "part.fpath": "rfc/rfc1808.txt",
		}},
		{"ftp://user:pass@10.0.0.1:2121/", `3.1: //<user>:<password>@<host>:<port>/<url-path>; a host "as a set of four decimal digit groups separated by "."", port "in decimal"`, m{
			"scheme": "ftp", "authority": "user:pass@10.0.0.1:2121", "userinfo": "user:pass", "user": "user", "password": "pass",
			"host": "10.0.0.1", "host_kind": "ipv4", "port": "2121",
			"path": "", "path_kind": "empty", "segments": `[""]`, "part.fpath": "",
		}},
		{"http://www.ietf.org/rfc/rfc2396.txt", `draft2003 1.3 example; RFC 1738 3.3: http://<host>:<port>/<path>?<searchpart>`, m{
			"scheme": "http", "authority": "www.ietf.org", "host": "www.ietf.org", "host_kind": "domain",
			"path": "rfc/rfc2396.txt", "path_kind": "absolute", "segments": `["rfc" "rfc2396.txt"]`, "part.hpath": "rfc/rfc2396.txt",
		}},
		{"http://ds.internic.net/instructions/overview.html", `Appendix (without its "#WARNING", which is no part of the URL, section 2.2)`, m{
			"scheme": "http", "authority": "ds.internic.net", "host": "ds.internic.net", "host_kind": "domain",
			"path": "instructions/overview.html", "path_kind": "absolute", "segments": `["instructions" "overview.html"]`,
			"part.hpath": "instructions/overview.html",
		}},
		{"http://host.dom:8080/a;b/c?x=1;y", `3.3: <searchpart> "is a query string"; ";" may stand in hsegment and search`, m{
			"scheme": "http", "authority": "host.dom:8080", "host": "host.dom", "host_kind": "domain", "port": "8080",
			"path": "a;b/c", "path_kind": "absolute", "segments": `["a;b" "c"]`, "query": "x=1;y",
			"part.hpath": "a;b/c", "part.search": "x=1;y",
		}},
		{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", `draft2003 1.3 example; RFC 1738 3.4.1: <gophertype>"1" then the selector, which "begin[s] with a copy of the <gophertype> character"`, m{
			"scheme": "gopher", "authority": "gopher.tc.umn.edu:70", "host": "gopher.tc.umn.edu", "host_kind": "domain", "port": "70",
			"path": "11/Mailing%20Lists/", "path_kind": "absolute",
			"part.gtype": "1", "part.selector": "1/Mailing%20Lists/",
		}},
		{"gopher://host.dom/7sel%09fish", `3.4.2: "the selector is followed by an encoded tab (%09) and the search string"`, m{
			"scheme": "gopher", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "7sel%09fish", "path_kind": "absolute",
			"part.gtype": "7", "part.selector": "sel", "part.search": "fish",
		}},
		{"gopher://host.dom/0sel%09%09+ABSTRACT%20+SMELL", `3.4.3: "the %09<search> string must be supplied, although the <search> element may be the empty string"; 3.4.7: the gopher+_string "+ABSTRACT%20+SMELL"`, m{
			"scheme": "gopher", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "0sel%09%09+ABSTRACT%20+SMELL", "path_kind": "absolute",
			"part.gtype": "0", "part.selector": "sel", "part.search": "", "part.gopher+_string": "+ABSTRACT%20+SMELL",
		}},
		{"gopher://host.dom/", `3.4.1: "The entire <gopher-path> may also be null"`, m{
			"scheme": "gopher", "authority": "host.dom", "host": "host.dom", "host_kind": "domain", "path": "", "path_kind": "empty",
		}},
		{"gopher://host.dom", `3.4.1: "in which case the delimiting "/" is also optional"`, m{
			"scheme": "gopher", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
		}},
		{"mailto:John.Doe@example.com", `draft2003 1.3 example; RFC 1738 3.5: mailto:<rfc822-addr-spec>`, m{
			"scheme": "mailto", "path": "John.Doe@example.com", "path_kind": "opaque", "part.encoded822addr": "John.Doe@example.com",
		}},
		{"news:*", `3.6: "If <newsgroup-name> is "*" (as in <URL:news:*>), it is used to refer to "all available news groups""`, m{
			"scheme": "news", "path": "*", "path_kind": "opaque", "part.grouppart": "*",
		}},
		{"news:comp.infosystems.www.misc", `3.6: a <newsgroup-name> "such as "comp.infosystems.www.misc""`, m{
			"scheme": "news", "path": "comp.infosystems.www.misc", "path_kind": "opaque", "part.grouppart": "comp.infosystems.www.misc", "part.group": "comp.infosystems.www.misc",
		}},
		{"news:unique1234@full.domain.name", `3.6: a <message-id> "takes the form <unique>@<full_domain_name>"; "distinguished from a news group name by the presence of the commercial at "@""`, m{
			"scheme": "news", "path": "unique1234@full.domain.name", "path_kind": "opaque", "part.grouppart": "unique1234@full.domain.name", "part.article": "unique1234@full.domain.name",
		}},
		{"nntp://host.dom:119/comp.infosystems.www.misc/42", `3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>`, m{
			"scheme": "nntp", "authority": "host.dom:119", "host": "host.dom", "host_kind": "domain", "port": "119",
			"path": "comp.infosystems.www.misc/42", "path_kind": "absolute",
			"part.group": "comp.infosystems.www.misc", "part.digits": "42",
		}},
		{"telnet://melvyl.ucop.edu/", `draft2003 1.3 example; RFC 1738 3.8: telnet://<user>:<password>@<host>:<port>/`, m{
			"scheme": "telnet", "authority": "melvyl.ucop.edu", "host": "melvyl.ucop.edu", "host_kind": "domain",
			"path": "", "path_kind": "empty",
		}},
		{"telnet://guest:secret@host.dom:2323", `3.8: "The final "/" character may be omitted"; user and password as in 3.1`, m{
			"scheme": "telnet", "authority": "guest:secret@host.dom:2323", "userinfo": "guest:secret", "user": "guest", "password": "secret",
			"host": "host.dom", "host_kind": "domain", "port": "2323",
		}},
		{"wais://host.dom:210/db", `3.9: wais://<host>:<port>/<database>`, m{
			"scheme": "wais", "authority": "host.dom:210", "host": "host.dom", "host_kind": "domain", "port": "210",
			"path": "db", "path_kind": "absolute", "part.database": "db",
		}},
		{"wais://host.dom/db?fish", `3.9: wais://<host>:<port>/<database>?<search>`, m{
			"scheme": "wais", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "db", "path_kind": "absolute", "query": "fish", "part.database": "db", "part.search": "fish",
		}},
		{"wais://host.dom/db/TEXT/0-1-2", `3.9: wais://<host>:<port>/<database>/<wtype>/<wpath>`, m{
			"scheme": "wais", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "db/TEXT/0-1-2", "path_kind": "absolute", "part.database": "db", "part.wtype": "TEXT", "part.wpath": "0-1-2",
		}},
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", `3.10: the VMS example, file://<host>/<path>`, m{
			"scheme": "file", "authority": "vms.host.edu", "host": "vms.host.edu", "host_kind": "domain",
			"path": "disk$user/my/notes/note12345.txt", "path_kind": "absolute", "segments": `["disk$user" "my" "notes" "note12345.txt"]`,
			"part.host": "vms.host.edu", "part.fpath": "disk$user/my/notes/note12345.txt",
		}},
		{"file://localhost/etc/motd", `3.10: "<host> can be the string "localhost""`, m{
			"scheme": "file", "authority": "localhost", "host": "localhost", "host_kind": "domain",
			"path": "etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`, "part.host": "localhost", "part.fpath": "etc/motd",
		}},
		{"file://192.0.2.1/etc/motd", `3.10 with section 5's host = hostname | hostnumber`, m{
			"scheme": "file", "authority": "192.0.2.1", "host": "192.0.2.1", "host_kind": "ipv4",
			"path": "etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`, "part.host": "192.0.2.1", "part.fpath": "etc/motd",
		}},
		{"file:///etc/motd", `3.10: "<host> can be ... the empty string"`, m{
			"scheme": "file", "authority": "", "host": "", "host_kind": "empty",
			"path": "etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`, "part.fpath": "etc/motd", // no match of host: the empty host is the URL's alone
		}},
		{"prospero://host.dom//pros/name", `3.11: "<URL:prospero://host.dom//pros/name> designates a <hsoname> of "/pros/name""`, m{
			"scheme": "prospero", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "/pros/name", "path_kind": "absolute", "segments": `["" "pros" "name"]`, "part.ppath": "/pros/name",
		}},
		{"prospero://host.dom:1525/pros/name;OBJECT-VERSION=3;x=", `3.11: "each field/value pair is separated from each other and from the rest of the URL by a ";""; "the OBJECT-VERSION field"`, m{
			"scheme": "prospero", "authority": "host.dom:1525", "host": "host.dom", "host_kind": "domain", "port": "1525",
			"path": "pros/name;OBJECT-VERSION=3;x=", "path_kind": "absolute", "segments": `["pros" "name"]`, "part.ppath": "pros/name",
			"part.fieldname": "OBJECT-VERSION", "part.fieldvalue": "3", "part.fieldname.1": "x", "part.fieldvalue.1": "",
		}},
		{"afs://host.dom/usr/share", `5: genericurl = scheme ":" schemepart, with an ip-schemepart (3.1); 4 names "afs" as a proposed scheme`, m{
			"scheme": "afs", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
			"path": "usr/share", "path_kind": "absolute",
		}},
		{"cid:part1.foo@bar", `5: genericurl whose schemepart is *xchar, no ip-schemepart; 4 names "cid"`, m{
			"scheme": "cid", "path": "part1.foo@bar", "path_kind": "opaque",
		}},
	})
}

// TestRFC1738Rejections checks inputs RFC 1738 says are no URLs of their scheme: the error is
// the *SyntaxError of Validate.
func TestRFC1738Rejections(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int // where the input leaves the grammar: the character the document rules out
		cite string
	}{
		{"http://ds.internic.net/instructions/overview.html#WARNING", 49, `2.2: "#" is unsafe; the fragment identifier that follows "#" is no part of the URL (Appendix)`},
		{"http://user@host.dom/", 11, `3.3: "No user name or password is allowed"`},
		{"prospero://user@host.dom/x", 15, `3.11: "No username or password is allowed"`},
		{"ftp://host.dom/a;type=x", 22, `3.2.2: <typecode> "is one of the characters "a", "i", or "d""`},
		{"http://host.dom:/", 16, `5: port = digits (1*digit); 3.1: "If the port is omitted, the colon is as well"`},
	} {
		u, err := urlgrammar.Parse(urlgrammar.RFC1738, c.in)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, %v; want a *SyntaxError (%s)", c.in, u, err, c.cite)
			continue
		}
		if se.Offset != c.at {
			t.Errorf("Parse(%q): error at offset %d, want %d (%s)", c.in, se.Offset, c.at, c.cite)
		}
		verr := urlgrammar.Validate(urlgrammar.RFC1738, c.in)
		if diff := cmp.Diff(verr, err); diff != "" {
			t.Errorf("Parse(%q) error differs from Validate's (-Validate +Parse):\n%s", c.in, diff)
		}
	}
}

// TestCaseIgnoreScheme: with the option of RFC 1738 section 2.1, "HTTP" is read as http, and
// the scheme is still given as written.
func TestCaseIgnoreScheme(t *testing.T) {
	in := "HTTP://host.dom/a?b"
	if _, err := urlgrammar.Parse(urlgrammar.RFC1738, in); err == nil {
		t.Errorf("Parse(%q) without CaseIgnoreScheme: no error; scheme = 1*[ lowalpha | … ]", in)
	}
	u, err := urlgrammar.ParseRule(urlgrammar.RFC1738, "", in, urlgrammar.CaseIgnoreScheme)
	if err != nil {
		t.Fatalf("Parse(%q, CaseIgnoreScheme): %v", in, err)
	}
	want := m{
		"scheme": "HTTP", "authority": "host.dom", "host": "host.dom", "host_kind": "domain",
		"path": "a", "path_kind": "absolute", "segments": `["a"]`, "query": "b", "part.hpath": "a", "part.search": "b",
	}
	if diff := cmp.Diff(want, flatten(u)); diff != "" {
		t.Errorf("Parse(%q, CaseIgnoreScheme) (-want +got):\n%s", in, diff)
	}
}

// TestAbsentVersusEmpty: a component whose delimiter is there is present even when empty; one
// whose delimiter is not is absent. Each pair differs in that one component.
func TestAbsentVersusEmpty(t *testing.T) {
	type pair struct {
		v                   urlgrammar.Version
		absent, empty, comp string
	}
	pairs := []pair{
		{urlgrammar.RFC1738, "ftp://host.com/", "ftp://@host.com/", "user"},
		{urlgrammar.RFC1738, "ftp://foo@host.com/", "ftp://foo:@host.com/", "password"},
		{urlgrammar.RFC1738, "http://host.dom/p", "http://host.dom/p?", "query"},
		{urlgrammar.RFC1738, "http://host.dom", "http://host.dom/", "path"},
		{urlgrammar.RFC1738, "gopher://host.dom", "gopher://host.dom/", "path"},
		{urlgrammar.RFC1738, "gopher://host.dom/1", "gopher://host.dom/1%09", "part.search"},
		{urlgrammar.RFC1738, "gopher://host.dom/1a%09b", "gopher://host.dom/1a%09b%09", "part.gopher+_string"},
		{urlgrammar.RFC1738, "wais://host.dom/db", "wais://host.dom/db?", "query"},
		{urlgrammar.RFC1738, "telnet://host.dom", "telnet://host.dom/", "path"},
		{urlgrammar.RFC1738, "ftp://host.dom/a", "ftp://host.dom/a;type=a", "part.ftptype"}, // not empty: typecode is one character
		{urlgrammar.RFC1738, "prospero://host.dom/a", "prospero://host.dom/a;x=", "part.fieldvalue"},
		{urlgrammar.RFC1738, "foo:", "foo://h", "authority"}, // genericurl: an empty schemepart is neither path nor authority
		// RFC 3986 6.2.3: "the URI "http://example.com/?" cannot be assumed to be equivalent"
		// to "http://example.com/"; "two URIs that differ only by the suffix "#" are
		// considered different"; an explicit ":port" may be empty (3.2.3, port = *DIGIT).
		{urlgrammar.RFC3986, "http://example.com/", "http://example.com/?", "query"},
		{urlgrammar.RFC3986, "http://example.com/", "http://example.com/#", "fragment"},
		{urlgrammar.RFC3986, "http://example.com/", "http://example.com:/", "port"},
		{urlgrammar.RFC3986, "http://example.com/", "http://@example.com/", "userinfo"},
		{urlgrammar.RFC3986, "/a", "///a", "authority"},
		{urlgrammar.RFC2396, "http://h/", "http://h/?", "query"},
		{urlgrammar.RFC2396, "http://h/", "http://h:/", "port"}, // port = *digit
		{urlgrammar.RFC2396, "/a", "/a#", "fragment"},
		{urlgrammar.RFC2396, "http://h/a", "http://h/a;", "segment0.param0"},
		{urlgrammar.RFC1808, "http://h/a", "http://h/a;", "params"},
		{urlgrammar.RFC1808, "http://h/a", "http://h/a?", "query"},
		{urlgrammar.RFC1808, "http://h/a", "http://h/a#", "fragment"},
		{urlgrammar.RFC1808, "http:", "http://", "authority"},
		{urlgrammar.Draft1997, "http://h/", "http://u@h/", "user"},
		{urlgrammar.Draft1997, "http://u@h/", "http://u:@h/", "password"},
		{urlgrammar.Draft1997, "http://h/", "http://h:/", "port"},
		{urlgrammar.Draft1997, "http://h/a", "http://h/a?", "query"},
	}
	for _, p := range pairs {
		ua, err := urlgrammar.Parse(p.v, p.absent)
		if err != nil {
			t.Errorf("%v: Parse(%q): %v", p.v, p.absent, err)
			continue
		}
		ue, err := urlgrammar.Parse(p.v, p.empty)
		if err != nil {
			t.Errorf("%v: Parse(%q): %v", p.v, p.empty, err)
			continue
		}
		fa, fe := flatten(ua), flatten(ue)
		if _, ok := fa[p.comp]; ok {
			t.Errorf("%v: Parse(%q): %s is present (%q), want absent", p.v, p.absent, p.comp, fa[p.comp])
		}
		if _, ok := fe[p.comp]; !ok {
			t.Errorf("%v: Parse(%q): %s is absent, want present", p.v, p.empty, p.comp)
		}
	}
}

// TestDecoded: the decoded form stands beside the text as written.
func TestDecoded(t *testing.T) {
	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "ftp://myname@host.dom/%2Fetc/motd")
	if err != nil {
		t.Fatal(err)
	}
	segs := slices.Collect(u.Segments())
	// RFC 1738 3.2.2: this URL executes "CWD /etc": the first <cwd> decodes to "/etc".
	if got := segs[0].Decoded(); got != "/etc" {
		t.Errorf("first segment decoded = %q, want %q", got, "/etc")
	}
	if segs[0].Text != "%2Fetc" {
		t.Errorf("first segment as written = %q, want %q", segs[0].Text, "%2Fetc")
	}
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"abc", "abc"}, {"%41%62c", "Abc"}, {"a%2fb", "a/b"}, {"%e9", "\xe9"}, {"%", "%"}, {"%4", "%4"}, {"%zz", "%zz"},
	} {
		if got := (urlgrammar.Component{Present: true, Text: c.in}).Decoded(); got != c.want {
			t.Errorf("Decoded(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSegments: Segments yields the segments in order, each with its parameters (RFC 2396
// section 3.3: segment = *pchar *( ";" param )), and stops when asked.
func TestSegments(t *testing.T) {
	u, err := urlgrammar.Parse(urlgrammar.RFC2396, "http://h/a;p;q/b/c")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for seg := range u.Segments() {
		got = append(got, seg.Text)
		for _, p := range seg.Params {
			got = append(got, "param "+p.Text)
		}
		if len(got) == 4 {
			break
		}
	}
	if want := []string{"a;p;q", "param p", "param q", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Segments up to the fourth item = %q, want %q", got, want)
	}
	first := urlgrammar.Segment{
		Component: urlgrammar.Component{Present: true, Text: "a;p;q", Begin: 9, End: 14},
		Params:    []urlgrammar.Component{{Present: true, Text: "p", Begin: 11, End: 12}, {Present: true, Text: "q", Begin: 13, End: 14}},
	}
	for seg := range u.Segments() {
		if !reflect.DeepEqual(seg, first) {
			t.Errorf("first segment = %+v, want %+v", seg, first)
		}
		break
	}
	var zero urlgrammar.URL
	for seg := range zero.Segments() {
		t.Errorf("a zero URL has the segment %v", seg)
	}
}

// checkSpans checks what holds of every URL Parse returns: String gives back the input, each
// component's text is the input at its span, the components stand in the order of the
// generic syntax without overlapping, the authority holds its parts, the segments lie in the
// path, and the kinds agree with presence.
func checkSpans(t *testing.T, u *urlgrammar.URL) {
	t.Helper()
	s := u.Raw
	if u.String() != s {
		t.Errorf("%v %q: String() = %q", u.Version, s, u.String())
	}
	bad := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%v %s %q: %s", u.Version, u.Rule, s, fmt.Sprintf(format, args...))
	}
	check := func(name string, c urlgrammar.Component) {
		t.Helper()
		if !c.Present {
			if c != (urlgrammar.Component{}) {
				bad("%s is absent but not the zero Component: %+v", name, c)
			}
			return
		}
		if c.Begin < 0 || c.Begin > c.End || c.End > len(s) || s[c.Begin:c.End] != c.Text {
			bad("%s = %+v is not the input at its span", name, c)
		}
	}
	within := func(name string, inner, outer urlgrammar.Component) {
		t.Helper()
		if inner.Present && (!outer.Present || inner.Begin < outer.Begin || inner.End > outer.End) {
			bad("%s %+v is not inside %+v", name, inner, outer)
		}
	}
	a, path := u.Authority(), u.Path()
	for name, c := range map[string]urlgrammar.Component{
		"scheme": u.Scheme(), "authority": a.Component, "userinfo": a.Userinfo, "user": a.User, "password": a.Password,
		"host": a.Host, "port": a.Port, "path": path.Component, "params": u.Part("params"), "query": u.Query(), "fragment": u.Fragment(),
	} {
		check(name, c)
	}
	within("userinfo", a.Userinfo, a.Component)
	within("user", a.User, a.Userinfo)
	within("password", a.Password, a.Userinfo)
	within("host", a.Host, a.Component)
	within("port", a.Port, a.Component)
	end := 0
	for _, c := range []struct {
		name string
		c    urlgrammar.Component
	}{{"scheme", u.Scheme()}, {"authority", a.Component}, {"path", path.Component}, {"params", u.Part("params")}, {"query", u.Query()}, {"fragment", u.Fragment()}} {
		if c.c.Present {
			if c.c.Begin < end {
				bad("%s %+v overlaps or precedes the component before it (which ends at %d)", c.name, c.c, end)
			}
			end = c.c.End
		}
	}
	if (a.HostKind == urlgrammar.HostNone) != !a.Host.Present || (a.HostKind == urlgrammar.HostEmpty) != (a.Host.Present && a.Host.Text == "") {
		bad("host kind %v does not agree with host %+v", a.HostKind, a.Host)
	}
	switch {
	case path.Present && path.Text == "":
		if path.Kind != urlgrammar.PathEmpty {
			bad("empty path has kind %v", path.Kind)
		}
	case path.Present:
		if k := path.Kind; k != urlgrammar.PathAbsolute && k != urlgrammar.PathRelative && k != urlgrammar.PathOpaque {
			bad("path %q has kind %v", path.Text, k)
		}
	case path.Kind != urlgrammar.PathNone && !(u.Version == urlgrammar.RFC1808 && path.Kind == urlgrammar.PathAbsolute):
		bad("absent path has kind %v", path.Kind)
	}
	prev := -1
	for i, seg := range slices.Collect(u.Segments()) {
		check(fmt.Sprintf("segment %d", i), seg.Component)
		within(fmt.Sprintf("segment %d", i), seg.Component, path.Component)
		if seg.Begin < prev {
			bad("segment %d out of order", i)
		}
		prev = seg.End
		for j, p := range seg.Params {
			check(fmt.Sprintf("segment %d param %d", i, j), p)
			within(fmt.Sprintf("segment %d param %d", i, j), p, seg.Component)
		}
	}
	for rule, c := range u.Parts() {
		check("part "+rule, c)
		if got := u.Part(rule); got.Begin > c.Begin {
			bad("Part(%q) = %v, after the part %v", rule, got, c)
		}
	}
}

// parseSeeds are inputs for the round-trip fuzz target, valid under some version or other.
var parseSeeds = []string{
	"", "#", "?", "//", "///", "/", "a", "a:", "a:b", "http://h", "http://h?", "http://h/", "http://h:", "http://h:80/p?q#f",
	"ftp://@host.com/", "ftp://foo:@host.com/", "ftp://myname@host.dom//etc/motd", "ftp://info.cern.ch/pub/www/doc;type=d",
	"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", "gopher://h/0sel%09%09+ABSTRACT%20+SMELL", "mailto:John.Doe@example.com",
	"news:*", "news:a@b.c", "nntp://h/g/1", "telnet://u:p@h:23/", "wais://h/d?s", "wais://h/d/t/p", "file:///x", "prospero://h//p;a=b",
	"http://www.ics.uci.edu/pub/ietf/uri/#Related", "http://[::1]:80/", "http://a/b/c/d;p?q", "g;x?y#s", "../g", "//g", "?y",
	"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", "foo://example.com:8042/over/there?name=ferret#nose",
	"urn:example:animal:ferret:nose", "http://1.2.3.4.5/", "http://a_b/", "x:?q",
}

// FuzzParse checks, for every registered version and start rule, that Parse accepts exactly
// what Validate accepts, with the same error, that the generated parser and the diagnosis
// automaton agree (CheckEngines), that what Parse returns satisfies checkSpans, and that
// ParseTreeRule accepts the same with the same error and its tree satisfies checkTreeSpans and
// checkTreeWalks.
func FuzzParse(f *testing.F) {
	for _, s := range parseSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, v := range urlgrammar.Versions() {
			rules := append([]string{""}, v.Spec().StartRules...)
			for _, rule := range rules {
				var u *urlgrammar.URL
				var err, verr error
				if rule == "" {
					u, err = urlgrammar.Parse(v, s)
					verr = urlgrammar.Validate(v, s)
				} else {
					u, err = urlgrammar.ParseRule(v, rule, s, 0)
					verr = urlgrammar.ValidateRule(v, rule, s, 0)
				}
				if (err == nil) != (verr == nil) {
					t.Fatalf("%v %s %q: Parse error %v, Validate error %v", v, rule, s, err, verr)
				}
				if _, _, cerr := urlgrammar.CheckEngines(v, rule, s, 0); cerr != nil {
					t.Fatal(cerr)
				}
				root, terr := urlgrammar.ParseTreeRule(v, rule, s, 0)
				if diff := cmp.Diff(err, terr); diff != "" {
					t.Fatalf("%v %s %q: Parse and ParseTreeRule errors differ (-Parse +ParseTreeRule):\n%s", v, rule, s, diff)
				}
				if err != nil {
					if diff := cmp.Diff(verr, err); diff != "" {
						t.Fatalf("%v %s %q: Parse and Validate errors differ (-Validate +Parse):\n%s", v, rule, s, diff)
					}
					continue
				}
				checkSpans(t, u)
				treeRule := rule
				if rule == "" {
					treeRule = v.RuleFor(s, 0)
				}
				checkTreeSpans(t, v, treeRule, s, root)
				checkTreeWalks(t, v, treeRule, s)
			}
		}
	})
}

// TestParseAllocs: Parse allocates the URL and nothing else on ordinary inputs (those of the
// benchmark corpus that the version accepts).
func TestParseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("under the race detector, sync.Pool drops parsers at random")
	}
	inputs := corpus(t)
	for _, v := range urlgrammar.Versions() {
		n := 0
		for _, s := range inputs {
			if !urlgrammar.MatchRule(v, "", s, 0) {
				continue
			}
			n++
			if a := testing.AllocsPerRun(20, func() { urlgrammar.Parse(v, s) }); a > 1 {
				t.Errorf("%v: Parse(%q) allocates %v times, want 1", v, s, a)
			}
		}
		if n == 0 {
			t.Errorf("%v accepts no input of the corpus", v)
		}
	}
}

func corpus(t testing.TB) []string {
	data, err := os.ReadFile("testdata/bench/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// BenchmarkParse measures Parse per version beside net/url.Parse on the same inputs: the
// inputs of the benchmark corpus that the version accepts. Each op is one pass over them.
func BenchmarkParse(b *testing.B) {
	inputs := benchInputs(b)
	for _, v := range urlgrammar.Versions() {
		var valid []string
		for _, s := range inputs {
			if urlgrammar.MatchRule(v, "", s, 0) {
				valid = append(valid, s)
			}
		}
		b.Run(v.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range valid {
					urlgrammar.Parse(v, s)
				}
			}
		})
		b.Run(v.String()+"/net-url", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range valid {
					url.Parse(s)
				}
			}
		})
	}
}

// TestParseTree checks the tree of an RFC 1738 URL: the outline of its rule names, and for
// every node, its text is the input at its span and its children lie in order inside it.
func TestParseTree(t *testing.T) {
	in := "gopher://host.dom/7sel%09fish"
	root, err := urlgrammar.ParseTreeRule(urlgrammar.RFC1738, "", in, 0)
	if err != nil {
		t.Fatal(err)
	}
	var outline []string
	depth := 0
	inspect(root, func(n *urlgrammar.Node) bool {
		if n == nil {
			depth--
			return false
		}
		outline = append(outline, fmt.Sprintf("%s%s %q", strings.Repeat(" ", depth), n.Rule, n.Text))
		depth++
		return true
	})
	// RFC 1738 section 5: gopherurl = … selector [ "%09" search … ]. The transcription matches
	// that search with its own copy of the rule (gopher_search, declared "as search"), and
	// the tree names it as the document does.
	want := []string{
		`gopherurl "gopher://host.dom/7sel%09fish"`,
		` hostport "host.dom"`,
		`  host "host.dom"`,
		`   hostname "host.dom"`,
		`    domainlabel "host"`,
		`    toplabel "dom"`,
		` gtype "7"`,
		` selector "sel"`,
		` search "fish"`,
	}
	if diff := cmp.Diff(want, outline); diff != "" {
		t.Errorf("tree of %q (-want +got):\n%s", in, diff)
	}
	for _, v := range urlgrammar.Versions() {
		for _, s := range parseSeeds {
			if root, err := urlgrammar.ParseTreeRule(v, "", s, 0); err == nil {
				checkTreeSpans(t, v, v.RuleFor(s, 0), s, root)
			}
		}
	}
	if _, err := urlgrammar.ParseTreeRule(urlgrammar.RFC1738, "", "http://h/#x", 0); err == nil {
		t.Error(`ParseTree(RFC1738, "http://h/#x"): no error`)
	}
}

// checkTreeSpans checks the tree of s under rule of v: its root is rule's match of the whole
// input, every node is a rule's match, its text the input at its span, and its children lie
// in order inside it.
func checkTreeSpans(t *testing.T, v urlgrammar.Version, rule, s string, root urlgrammar.Node) {
	t.Helper()
	if root.Rule != rule || root.Begin != 0 || root.End != len(s) || root.Text != s {
		t.Errorf("%v %q: root %s [%d,%d), want %s [0,%d)", v, s, root.Rule, root.Begin, root.End, rule, len(s))
	}
	for _, n := range urlgrammar.Preorder(root) {
		if n.Rule == "" || n.Begin < 0 || n.End > len(s) || n.Begin > n.End || s[n.Begin:n.End] != n.Text {
			t.Errorf("%v %q: bad node %s [%d,%d) %q", v, s, n.Rule, n.Begin, n.End, n.Text)
		}
		at := n.Begin
		for c := range n.Children() {
			if c.Begin < at || c.End > n.End {
				t.Errorf("%v %q: child %s [%d,%d) out of order or outside %s [%d,%d)", v, s, c.Rule, c.Begin, c.End, n.Rule, n.Begin, n.End)
			}
			at = c.End
		}
	}
}

// TestTreeWalks: the two ways through a parse tree agree on every tree of the seeds and of the
// corpus, under every version that accepts them: Preorder yields the nodes that Children reach
// from the root, in the same order, each at its depth; from any node, Preorder yields that
// node's subtree as Preorder from the root does (the depths counted from it), and Children the
// nodes of that subtree one level below it. Both stop when asked; ParseTreeRule rejects an
// unknown rule.
func TestTreeWalks(t *testing.T) {
	inputs := slices.Clone(parseSeeds)
	for _, ex := range compare.Corpus() {
		inputs = append(inputs, ex.Input)
	}
	for _, v := range urlgrammar.Versions() {
		for _, s := range inputs {
			checkTreeWalks(t, v, v.RuleFor(s, 0), s)
		}
	}
	if _, err := urlgrammar.ParseTreeRule(urlgrammar.RFC3986, "no-such-rule", "a", 0); err == nil {
		t.Error("ParseTreeRule with an unknown rule: no error")
	}
}

// checkTreeWalks checks the tree of s under rule of v, when v accepts s, as TestTreeWalks
// says.
func checkTreeWalks(t *testing.T, v urlgrammar.Version, rule, s string) {
	t.Helper()
	// depthNode is a node at its depth below the node a walk starts from.
	type depthNode struct {
		Depth int
		Node  urlgrammar.Node
	}
	root, err := urlgrammar.ParseTreeRule(v, rule, s, 0)
	if err != nil {
		return
	}
	var want []depthNode
	depth := 0
	inspect(root, func(n *urlgrammar.Node) bool {
		if n == nil {
			depth--
			return false
		}
		want = append(want, depthNode{depth, *n})
		depth++
		return true
	})
	var got []depthNode
	for d, n := range urlgrammar.Preorder(root) {
		got = append(got, depthNode{d, n})
	}
	if len(got) != len(want) {
		t.Errorf("%v %.40q: Preorder yields %d nodes, Children reach %d", v, s, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%v %.40q: Preorder node %d (-Children +Preorder):\n%s", v, s, i, cmp.Diff(want[i], got[i]))
			return
		}
	}
	// Every node is in the subtrees of the nodes above it: the subtrees hold the sum of the
	// nodes' depths plus one, which a long flat input keeps small.
	for i, dn := range got {
		end := i + 1
		for end < len(got) && got[end].Depth > dn.Depth {
			end++
		}
		var subtree, children []depthNode
		for d, n := range urlgrammar.Preorder(dn.Node) {
			subtree = append(subtree, depthNode{d, n})
		}
		for c := range dn.Node.Children() {
			children = append(children, depthNode{dn.Depth + 1, c})
		}
		var wantSubtree, wantChildren []depthNode
		for _, in := range got[i:end] {
			wantSubtree = append(wantSubtree, depthNode{in.Depth - dn.Depth, in.Node})
			if in.Depth == dn.Depth+1 {
				wantChildren = append(wantChildren, in)
			}
		}
		if !slices.Equal(subtree, wantSubtree) {
			t.Errorf("%v %.40q: Preorder from node %d, %s %q, yields %d nodes, want its subtree, %d", v, s, i, dn.Node.Rule, dn.Node.Text, len(subtree), len(wantSubtree))
			return
		}
		if !slices.Equal(children, wantChildren) {
			t.Errorf("%v %.40q: Children of node %d, %s %q, are %d nodes, want the %d one level below it", v, s, i, dn.Node.Rule, dn.Node.Text, len(children), len(wantChildren))
			return
		}
	}
	n := 0
	for range urlgrammar.Preorder(root) {
		if n++; n == 2 {
			break
		}
	}
	if n != min(2, len(want)) {
		t.Errorf("%v %.40q: Preorder went on after break: %d nodes", v, s, n)
	}
	n = 0
	for range root.Children() {
		if n++; n == 1 {
			break
		}
	}
	if n > 1 {
		t.Errorf("%v %.40q: Children went on after break: %d nodes", v, s, n)
	}
}

// TestPreorder: Preorder yields each node before its children, in input order, as Inspect
// visits them, and stops when asked; the zero Node yields nothing.
func TestPreorder(t *testing.T) {
	root, err := urlgrammar.ParseTreeRule(urlgrammar.RFC1738, "", "ftp://foo:@host.com/a/b;type=d", 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range urlgrammar.Preorder(root) {
		got = append(got, n.Rule+" "+n.Text)
	}
	// RFC 1738 section 5: ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ] ]; login =
	// [ user [ ":" password ] "@" ] hostport; fpath = fsegment *[ "/" fsegment ].
	want := []string{
		"ftpurl ftp://foo:@host.com/a/b;type=d", "login foo:@host.com", "user foo", "password ",
		"hostport host.com", "host host.com", "hostname host.com", "domainlabel host", "toplabel com",
		"fpath a/b", "fsegment a", "fsegment b", "ftptype d",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Preorder (-want +got):\n%s", diff)
	}
	var inspected, ends int
	inspect(root, func(n *urlgrammar.Node) bool {
		if n == nil {
			ends++
		} else {
			inspected++
		}
		return true
	})
	if inspected != len(want) || ends != len(want) {
		t.Errorf("Inspect visited %d nodes and ended %d, want %d and %d", inspected, ends, len(want), len(want))
	}
	n := 0
	for range urlgrammar.Preorder(root) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("Preorder went on after break: %d nodes", n)
	}
	for range urlgrammar.Preorder(urlgrammar.Node{}) {
		t.Error("Preorder of the zero Node yields a node")
	}
	for range (urlgrammar.Node{Rule: "host", End: 1, Text: "h"}).Children() {
		t.Error("a Node not made by ParseTreeRule has children")
	}
}

// TestRFC3986Examples checks the components of RFC 3986's examples against what it says.
func TestRFC3986Examples(t *testing.T) {
	checkExamples(t, urlgrammar.RFC3986, []example{
		{"foo://example.com:8042/over/there?name=ferret#nose", `3: scheme "foo", authority "example.com:8042", path "/over/there", query "name=ferret", fragment "nose"`, m{
			"scheme": "foo", "authority": "example.com:8042", "host": "example.com", "host_kind": "reg-name", "port": "8042",
			"path": "/over/there", "path_kind": "absolute", "segments": `["over" "there"]`, "query": "name=ferret", "fragment": "nose",
		}},
		{"urn:example:animal:ferret:nose", `3: scheme "urn", path "example:animal:ferret:nose"`, m{
			"scheme": "urn", "path": "example:animal:ferret:nose", "path_kind": "relative", "segments": `["example:animal:ferret:nose"]`,
		}},
		{"mailto:fred@example.com", `3.3: "the URI <mailto:fred@example.com> has a path of "fred@example.com""`, m{
			"scheme": "mailto", "path": "fred@example.com", "path_kind": "relative", "segments": `["fred@example.com"]`,
		}},
		{"foo://info.example.com?fred", `3.3: "the URI <foo://info.example.com?fred> has an empty path"`, m{
			"scheme": "foo", "authority": "info.example.com", "host": "info.example.com", "host_kind": "reg-name",
			"path": "", "path_kind": "empty", "query": "fred",
		}},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", `1.1.2 example; 3.2.2: "an IP literal encapsulated within square brackets"; 3.4: "?" may stand in the query`, m{
			"scheme": "ldap", "authority": "[2001:db8::7]", "host": "[2001:db8::7]", "host_kind": "ipv6",
			"path": "/c=GB", "path_kind": "absolute", "segments": `["c=GB"]`, "query": "objectClass?one",
		}},
		{"telnet://192.0.2.16:80/", `1.1.2 example; 3.2.2: "If host matches the rule for IPv4address, then it should be considered an IPv4 address literal and not a reg-name"`, m{
			"scheme": "telnet", "authority": "192.0.2.16:80", "host": "192.0.2.16", "host_kind": "ipv4", "port": "80",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"tel:+1-816-555-1212", `1.1.2 example: no authority, the path is the rest`, m{
			"scheme": "tel", "path": "+1-816-555-1212", "path_kind": "relative", "segments": `["+1-816-555-1212"]`,
		}},
		{"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", `7.6: "the host is ... actually '10.0.0.1'"`, m{
			"scheme": "ftp", "authority": "cnn.example.com&story=breaking_news@10.0.0.1", "userinfo": "cnn.example.com&story=breaking_news",
			"host": "10.0.0.1", "host_kind": "ipv4", "path": "/top_story.htm", "path_kind": "absolute", "segments": `["top_story.htm"]`,
		}},
		{"http://example.com:/", `6.2.3: "an explicit ":port", for which the port is empty"`, m{
			"scheme": "http", "authority": "example.com:", "host": "example.com", "host_kind": "reg-name", "port": "",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"foo:", `3: "The scheme and path components are required, though the path may be empty (no characters)"`, m{
			"scheme": "foo", "path": "", "path_kind": "empty",
		}},
		{"http://example.com", `6.2.3; 3.3: "A path is always defined for a URI, though the defined path may be empty"`, m{
			"scheme": "http", "authority": "example.com", "host": "example.com", "host_kind": "reg-name", "path": "", "path_kind": "empty",
		}},
		{"http://[v7.future]/", `3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]"`, m{
			"scheme": "http", "authority": "[v7.future]", "host": "[v7.future]", "host_kind": "ipvfuture",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"file:///etc/motd", `3.2.2: "the "file" URI scheme is defined so that no authority, an empty host, and "localhost" all mean the end-user's machine"`, m{
			"scheme": "file", "authority": "", "host": "", "host_kind": "empty", "path": "/etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`,
		}},
		{"//g", `4.2: "A relative reference that begins with two slash characters is termed a network-path reference"`, m{
			"authority": "g", "host": "g", "host_kind": "reg-name", "path": "", "path_kind": "empty",
		}},
		{"g;x?y#s", `4.2: a relative-path reference (5.4.1's g;x?y#s)`, m{
			"path": "g;x", "path_kind": "relative", "segments": `["g;x"]`, "query": "y", "fragment": "s",
		}},
	})
}

// TestRFC1808Example: RFC 1808 section 2.1's components of its base URL of section 5.1.
func TestRFC1808Example(t *testing.T) {
	checkExamples(t, urlgrammar.RFC1808, []example{
		{"http://a/b/c/d;p?q#f", `2.1: <scheme>://<net_loc>/<path>;<params>?<query>#<fragment>, '"/" path' the URL path of RFC 1738 3.1 (without the "/")`, m{
			"scheme": "http", "authority": "a", "path": "b/c/d", "path_kind": "absolute", "segments": `["b" "c" "d"]`,
			"params": "p", "query": "q", "fragment": "f",
		}},
		{"g;x=1/y", `5.1 example: a relative URL whose params (param = *( pchar | "/" )) hold a "/"`, m{
			"path": "g", "path_kind": "relative", "segments": `["g"]`, "params": "x=1/y",
		}},
	})
}

// TestRFC2396Example: RFC 2396's Appendix B example, and its parameters of a segment.
func TestRFC2396Example(t *testing.T) {
	checkExamples(t, urlgrammar.RFC2396, []example{
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", `Appendix B: scheme "http", authority "www.ics.uci.edu", path "/pub/ietf/uri/", query undefined, fragment "Related"`, m{
			"scheme": "http", "authority": "www.ics.uci.edu", "host": "www.ics.uci.edu", "host_kind": "domain",
			"path": "/pub/ietf/uri/", "path_kind": "absolute", "segments": `["pub" "ietf" "uri" ""]`, "fragment": "Related",
		}},
		{"http://a/b/c/d;p?q", `C: the base URI; 3.3: segment = *pchar *( ";" param ), "Each path segment may include a sequence of parameters"`, m{
			"scheme": "http", "authority": "a", "host": "a", "host_kind": "domain",
			"path": "/b/c/d;p", "path_kind": "absolute", "segments": `["b" "c" "d;p"]`, "segment2.param0": "p", "query": "q",
		}},
	})
}

// TestDraft2003Examples checks the components of the 2003 draft's examples against what it
// says. (The labelled example "foo://example.com:8042/over/there?name=ferret#nose" is not in
// this draft, -01, but in RFC 3986 section 3: see TestRFC3986Examples.)
func TestDraft2003Examples(t *testing.T) {
	checkExamples(t, urlgrammar.Draft2003, []example{
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", `Appendix B: scheme = $2 "http", authority = $4 "www.ics.uci.edu", path = $5 "/pub/ietf/uri/", query "<undefined>" ("the component is not present"), fragment = $9 "Related"`, m{
			"scheme": "http", "authority": "www.ics.uci.edu", "host": "www.ics.uci.edu", "host_kind": "domain",
			"path": "/pub/ietf/uri/", "path_kind": "absolute", "segments": `["pub" "ietf" "uri" ""]`, "fragment": "Related",
		}},
		{"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", `7.5: "the authority is 'www.example.com', whereas it is actually '10.0.0.1'"; the rest is the userinfo`, m{
			"scheme": "http", "authority": "www.example.com&story=breaking_news@10.0.0.1", "userinfo": "www.example.com&story=breaking_news",
			"host": "10.0.0.1", "host_kind": "ipv4", "path": "/top_story.htm", "path_kind": "absolute", "segments": `["top_story.htm"]`,
		}},
		{"http://example.com:80/", `6.2.3: "a URI with an explicit ":port"" (3.2.2: hostport = host [ ":" port ])`, m{
			"scheme": "http", "authority": "example.com:80", "host": "example.com", "host_kind": "domain", "port": "80",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"http://example.com:/", `6.2.3: "an empty port component" (port = *DIGIT)`, m{
			"scheme": "http", "authority": "example.com:", "host": "example.com", "host_kind": "domain", "port": "",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", `1.3 example: "ftp scheme"`, m{
			"scheme": "ftp", "authority": "ftp.is.co.za", "host": "ftp.is.co.za", "host_kind": "domain",
			"path": "/rfc/rfc1808.txt", "path_kind": "absolute", "segments": `["rfc" "rfc1808.txt"]`,
		}},
		{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", `1.3 example: "gopher scheme"`, m{
			"scheme": "gopher", "authority": "gopher.tc.umn.edu:70", "host": "gopher.tc.umn.edu", "host_kind": "domain", "port": "70",
			"path": "/11/Mailing%20Lists/", "path_kind": "absolute", "segments": `["11" "Mailing%20Lists" ""]`,
		}},
		{"mailto:John.Doe@example.com", `1.3 example; 3: URIs that do not use "/" "are considered opaque by the generic URI parser"`, m{
			"scheme": "mailto", "path": "John.Doe@example.com", "path_kind": "opaque",
		}},
		{"news:comp.infosystems.www.servers.unix", `1.3 example; 3: opaque`, m{
			"scheme": "news", "path": "comp.infosystems.www.servers.unix", "path_kind": "opaque",
		}},
		{"telnet://melvyl.ucop.edu/", `1.3 example: "telnet scheme"`, m{
			"scheme": "telnet", "authority": "melvyl.ucop.edu", "host": "melvyl.ucop.edu", "host_kind": "domain",
			"path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"http://a/b/c/d;p?q", `Appendix C: the base URI (3.3: ";" may stand in a segment; 3.4 query)`, m{
			"scheme": "http", "authority": "a", "host": "a", "host_kind": "domain",
			"path": "/b/c/d;p", "path_kind": "absolute", "segments": `["b" "c" "d;p"]`, "query": "q",
		}},
		{"g;x?y#s", `C.1: a relative-path reference (5: rel-path) with query and fragment`, m{
			"path": "g;x", "path_kind": "relative", "segments": `["g;x"]`, "query": "y", "fragment": "s",
		}},
		// Section 5.2: "the path component is never undefined, though it may be empty".
		{"//g", `C.1; 5: "A relative reference beginning with two slash characters is termed a network-path reference"; 5.2: an empty path`, m{
			"authority": "g", "host": "g", "host_kind": "domain", "path": "", "path_kind": "empty",
		}},
		{"/g", `C.1: an absolute-path reference`, m{"path": "/g", "path_kind": "absolute", "segments": `["g"]`}},
		{"?y", `C.1: a reference of a query alone; 5.2: an empty path`, m{"query": "y", "path": "", "path_kind": "empty"}},
		{"#s", `C.1; 4.2: a fragment alone; 5.2: an empty path`, m{"fragment": "s", "path": "", "path_kind": "empty"}},
		{"", `C.2: "An empty reference refers to the start of the current document"; 5.2: its path is empty, not undefined`, m{"path": "", "path_kind": "empty"}},
		{"g:h", `C.1: an absolute URI of scheme "g" (opaque-part "h")`, m{"scheme": "g", "path": "h", "path_kind": "opaque"}},
		{"http://[::1]/", `3.2.2: "A host identified by an IPv6 literal address ... enclosing the IPv6 literal within square-brakets"`, m{
			"scheme": "http", "authority": "[::1]", "host": "[::1]", "host_kind": "ipv6", "path": "/", "path_kind": "absolute", "segments": `[""]`,
		}},
		{"file:///etc/motd", `3.2.2: server = [ [ userinfo "@" ] hostport ]: an empty server has no host`, m{
			"scheme": "file", "authority": "", "path": "/etc/motd", "path_kind": "absolute", "segments": `["etc" "motd"]`,
		}},
	})
}

// TestDraft2003AbsentVersusEmpty: section 5.2, "we must be careful to preserve the distinction
// between a component that is undefined, meaning that its separator was not present in the
// reference, and a component that is empty, meaning that the separator was present and was
// immediately followed by the next component separator or the end of the reference."
func TestDraft2003AbsentVersusEmpty(t *testing.T) {
	for _, p := range []struct{ absent, empty, comp string }{
		{"http://a/b", "http://a/b?", "query"},
		{"http://a/b", "http://a/b#", "fragment"},
		{"/b", "///b", "authority"},
		{"http://a/", "http://a:/", "port"},
		{"http://a/", "http://@a/", "userinfo"},
		{"?y", "#", "fragment"},
	} {
		ua, err := urlgrammar.Parse(urlgrammar.Draft2003, p.absent)
		if err != nil {
			t.Fatalf("Parse(%q): %v", p.absent, err)
		}
		ue, err := urlgrammar.Parse(urlgrammar.Draft2003, p.empty)
		if err != nil {
			t.Fatalf("Parse(%q): %v", p.empty, err)
		}
		if v, ok := flatten(ua)[p.comp]; ok {
			t.Errorf("Parse(%q): %s = %q, want undefined", p.absent, p.comp, v)
		}
		if v, ok := flatten(ue)[p.comp]; !ok || v != "" {
			t.Errorf("Parse(%q): %s = %q (present %v), want empty", p.empty, p.comp, v, ok)
		}
	}
}

// TestPathNeverUndefined: RFC 2396, the 1997 draft and the 2003 draft say in section 5.2 "the
// path component is never undefined, though it may be empty"; where the grammar's derivation
// has no path rule (the 2003 draft's hier-part = [ net-path / abs-path ] [ "?" query ]), the
// path is present, empty, where it would stand.
func TestPathNeverUndefined(t *testing.T) {
	for _, c := range []struct {
		v      urlgrammar.Version
		in     string
		offset int
	}{
		{urlgrammar.Draft2003, "x:?q", 2},
		{urlgrammar.Draft2003, "http://h?q", 8},
		{urlgrammar.Draft2003, "?y", 0},
		{urlgrammar.Draft2003, "#s", 0},
		{urlgrammar.RFC2396, "http://h?q", 8},
		{urlgrammar.Draft1997, "http://h", 8},
	} {
		u, err := urlgrammar.Parse(c.v, c.in)
		if err != nil {
			t.Fatalf("%v Parse(%q): %v", c.v, c.in, err)
		}
		p := u.Path()
		if !p.Present || p.Text != "" || p.Begin != c.offset || p.End != c.offset || p.Kind != urlgrammar.PathEmpty {
			t.Errorf("%v %q: path %+v kind %v, want present and empty at %d", c.v, c.in, p.Component, p.Kind, c.offset)
		}
	}
}

// TestPart: Part reaches any rule of the grammar by its name, the first and outermost match.
func TestPart(t *testing.T) {
	tests := []struct {
		v          urlgrammar.Version
		in, rule   string
		want       string
		wantAbsent bool
	}{
		// RFC 1738 section 3.8: telnet://<user>:<password>@<host>:<port>/, the login of 3.1.
		{urlgrammar.RFC1738, "telnet://guest:secret@host.dom:2323", "user", "guest", false},
		{urlgrammar.RFC1738, "telnet://guest:secret@host.dom:2323", "password", "secret", false},
		{urlgrammar.RFC1738, "telnet://guest:secret@host.dom:2323", "hostname", "host.dom", false},
		{urlgrammar.RFC1738, "telnet://guest:secret@host.dom:2323", "port", "2323", false},
		{urlgrammar.RFC1738, "telnet://melvyl.ucop.edu/", "user", "", true},
		// Section 3.7: the <article-number> is nntpurl's digits, not the port's.
		{urlgrammar.RFC1738, "nntp://host.dom:119/comp.infosystems.www.misc/42", "digits", "42", false},
		// Section 3.2.2: no ";type=", no typecode.
		{urlgrammar.RFC1738, "ftp://host.dom/a", "ftptype", "", true},
		// RFC 3986 section 3.2.2: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet.
		{urlgrammar.RFC3986, "http://192.0.2.16:80/a", "dec-octet", "192", false},
		{urlgrammar.RFC3986, "http://192.0.2.16:80/a", "IPv4address", "192.0.2.16", false},
		// Section 3.3: the outermost match first; the path-abempty holds the segments.
		{urlgrammar.RFC3986, "http://h/a/b", "path-abempty", "/a/b", false},
		{urlgrammar.RFC3986, "http://h/a/b", "segment", "a", false},
		{urlgrammar.RFC3986, "http://h/a/b", "no-such-rule", "", true},
		{urlgrammar.RFC3986, "http://h/a/b", "", "", true},
	}
	for _, tt := range tests {
		u, err := urlgrammar.Parse(tt.v, tt.in)
		if err != nil {
			t.Fatal(err)
		}
		got := u.Part(tt.rule)
		if got.Present == tt.wantAbsent || got.Text != tt.want || got.Text != tt.in[got.Begin:got.End] {
			t.Errorf("%v %q: Part(%q) = %+v, want %q (absent %v)", tt.v, tt.in, tt.rule, got, tt.want, tt.wantAbsent)
		}
	}
}
