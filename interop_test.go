package urlgrammar_test

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestNetURLAgrees: on the whole benchmark corpus, under every version from RFC 1738 on, the
// components of url.Parse (net/url's reading) hold the text of the grammar's components wherever
// both have the component, and Parse of its String gives back the same URL when net/url writes the
// text back as it was. The 1993 and 1994 drafts are left out: their URLs are not yet written
// in the generic syntax that net/url reads (the 1994 draft's prefixedurl = "url:" url; the
// 1993 draft's host may hold a user, and its paths spaces).
func TestNetURLAgrees(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		if v == urlgrammar.Draft1993 || v == urlgrammar.Draft1994 {
			continue
		}
		checked, same := 0, 0
		for _, s := range corpus(t) {
			u, err := urlgrammar.Parse(v, s)
			if err != nil {
				continue
			}
			nu, err := url.Parse(u.String())
			if err != nil {
				t.Logf("%v: %q: net/url rejects it: %v", v, s, err)
				continue
			}
			if why, ok := netURLReadsOtherwise[s]; ok && (v == urlgrammar.Draft1997 || v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003) {
				t.Logf("%v: %q: %s", v, s, why)
				continue
			}
			checked++
			if sc := u.Scheme(); sc.Present && nu.Scheme != strings.ToLower(sc.Text) {
				t.Errorf("%v: %q: scheme %q, net/url %q", v, s, sc.Text, nu.Scheme)
			}
			a := u.Authority()
			if a.Host.Present && nu.Hostname() != (urlgrammar.Component{Text: u.Hostname()}).Decoded() {
				t.Errorf("%v: %q: host name %q, net/url %q", v, s, u.Hostname(), nu.Hostname())
			}
			if a.Port.Present && a.Port.Text != nu.Port() {
				t.Errorf("%v: %q: port %q, net/url %q", v, s, a.Port.Text, nu.Port())
			}
			if a.Userinfo.Present {
				got := nu.User.Username()
				if p, ok := nu.User.Password(); ok {
					got += ":" + p
				}
				if want := a.Userinfo.Decoded(); got != want {
					t.Errorf("%v: %q: userinfo %q, net/url %q", v, s, want, got)
				}
			}
			if f := u.Fragment(); f.Present && nu.Fragment != f.Decoded() {
				t.Errorf("%v: %q: fragment %q, net/url %q", v, s, f.Decoded(), nu.Fragment)
			}
			// What follows the authority up to the fragment is divided into path, parameters
			// and query by each grammar in its own way; joined, it is the same text.
			if got, want := restOf(nu.Opaque+nu.EscapedPath(), nu.RawQuery, nu.ForceQuery), grammarRest(u); got != want {
				t.Errorf("%v: %q: path and query %q, net/url %q", v, s, want, got)
			}
			if h, ok := u.Addr(); ok && netip.MustParseAddr(nu.Hostname()) != h {
				t.Errorf("%v: %q: Addr %v, net/url host %q", v, s, h, nu.Hostname())
			}

			back, err := urlgrammar.Parse(v, nu.String())
			if nu.String() != s {
				continue
			}
			same++
			if err != nil {
				t.Errorf("%v: %q: Parse of net/url's text: %v", v, s, err)
				continue
			}
			if back.String() != s || back.Authority() != u.Authority() || back.Path() != u.Path() ||
				back.Query() != u.Query() || back.Fragment() != u.Fragment() || back.Scheme() != u.Scheme() {
				t.Errorf("%v: %q: net/url's text parses as another URL", v, s)
			}
		}
		if checked == 0 || same == 0 {
			t.Errorf("%v: %d corpus inputs checked, %d written back as they were", v, checked, same)
		}
	}
}

// netURLReadsOtherwise are the corpus inputs that the 1997 draft, RFC 2396 and the 2003 draft
// divide otherwise than net/url, which reads every URL as RFC 3986 does, and why.
var netURLReadsOtherwise = map[string]string{
	"http://user@@host/": `RFC 2396 and the 2003 draft read "user@@host" as a reg_name (authority = server | reg_name), the 1997 draft "//user@@host/" as an abs_path (its user holds no "@"); net/url takes a userinfo "user@" up to the last "@"`,
	// Since Go 1.26 net/url rejects a host with two ports (a module whose go.mod says an older
	// version gets the older reading, GODEBUG urlstrictcolons=0).
	"http://example.com:8080:80/": `RFC 2396 and the 2003 draft read "example.com:8080:80" as a reg_name, the 1997 draft "//example.com:8080:80/" as an abs_path (its port is digits); net/url rejects it, or reads the host "example.com:8080" and the port "80"`,
}

// restOf joins a path and a query as they were written.
func restOf(path, query string, force bool) string {
	if query != "" || force {
		return path + "?" + query
	}
	return path
}

// grammarRest is the text of u from the end of its authority (or scheme) to its fragment.
func grammarRest(u *urlgrammar.URL) string {
	s := u.String()
	begin := 0
	if a := u.Authority(); a.Present {
		begin = a.End
	} else if sc := u.Scheme(); sc.Present {
		begin = sc.End + 1
	}
	end := len(s)
	if f := u.Fragment(); f.Present {
		end = f.Begin - 1
	}
	return s[begin:end]
}

func TestHostnameAddr(t *testing.T) {
	for _, c := range []struct {
		v        urlgrammar.Version
		in       string
		hostname string
		port     int
		hasPort  bool
		addr     string
	}{
		// RFC 3986 section 3.2.2: "A host identified by an IPv6 literal address is represented
		// inside square brackets"; section 1.1.2's example.
		{urlgrammar.RFC3986, "ldap://[2001:db8::7]/c=GB?objectClass?one", "2001:db8::7", 0, false, "2001:db8::7"},
		{urlgrammar.RFC3986, "telnet://192.0.2.16:80/", "192.0.2.16", 80, true, "192.0.2.16"},
		{urlgrammar.RFC3986, "http://[v1.fe80::a+en1]/", "v1.fe80::a+en1", 0, false, ""},
		{urlgrammar.RFC3986, "http://h:/", "h", 0, false, ""}, // port = *DIGIT: present and empty
		{urlgrammar.RFC3986, "http://h:99999999999999999999999/", "h", 0, false, ""},
		{urlgrammar.RFC3986, "http://h:70000/", "h", 70000, true, ""},
		// RFC 1738 section 5: hostnumber = digits "." digits "." digits "." digits.
		{urlgrammar.RFC1738, "http://999.1.1.1/", "999.1.1.1", 0, false, ""},
		{urlgrammar.RFC1738, "ftp://u:p@10.0.0.1:21/", "10.0.0.1", 21, true, "10.0.0.1"},
		// RFC 1808 does not split its net_loc.
		{urlgrammar.RFC1808, "http://a:80/b", "", 0, false, ""},
	} {
		u, err := urlgrammar.Parse(c.v, c.in)
		if err != nil {
			t.Errorf("%v %q: %v", c.v, c.in, err)
			continue
		}
		if got := u.Hostname(); got != c.hostname {
			t.Errorf("%v %q: Hostname = %q, want %q", c.v, c.in, got, c.hostname)
		}
		if p, err := strconv.Atoi(u.Authority().Port.Text); (err == nil) != c.hasPort || p != c.port && c.hasPort {
			t.Errorf("%v %q: port %d, %v; want %d, %v", c.v, c.in, p, err, c.port, c.hasPort)
		}
		a, ok := u.Addr()
		if want := c.addr; ok != (want != "") || ok && a != netip.MustParseAddr(want) {
			t.Errorf("%v %q: Addr = %v, %v; want %q", c.v, c.in, a, ok, want)
		}
	}
}

// TestNetURLWritesBack: net/url writes "%7E" back as "~", which RFC 1738 section 2.2 calls
// unsafe: its text of a valid URL need not be valid.
func TestNetURLWritesBack(t *testing.T) {
	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "http://h/%7Ea")
	if err != nil {
		t.Fatal(err)
	}
	nu, err := url.Parse(u.String())
	if err != nil {
		t.Fatal(err)
	}
	nu.RawPath = ""
	if _, err := urlgrammar.Parse(urlgrammar.RFC1738, nu.String()); err == nil {
		t.Errorf("Parse(RFC1738, %q): no error", nu)
	}
}
