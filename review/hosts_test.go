package review_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/review"
)

// goURL is net/url as a HostReader, as a caller supplies one: its host with an IPv6 address's
// brackets.
var goURL = review.HostReader{Name: "net/url", Host: func(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	h := u.Hostname()
	if strings.Contains(h, ":") {
		h = "[" + h + "]"
	}
	return h, u.Host != "" || u.User != nil
}}

// connectsTo is a reader that reads host in every input, as a browser would write it.
func connectsTo(host string) review.HostReader {
	return review.HostReader{Name: "a browser", Host: func(string) (string, bool) { return host, true }}
}

func TestHostsDiffer(t *testing.T) {
	for _, tc := range []struct {
		v                urlgrammar.Version
		in               string
		reader           review.HostReader
		section, grammar string // the finding's section, and the host the grammar reads
		begin, end       int
		connects         string
	}{
		// RFC 3986 section 3.2.2: an IPv4 address is "in dotted-decimal form", so "0x7f.1" is a
		// reg-name; the URL Standard's IPv4 parser reads it as 127.0.0.1.
		{urlgrammar.RFC3986, "http://0x7f.1/", connectsTo("127.0.0.1"), "RFC 3986 section 7.6", "0x7f.1", 7, 13, `the host "127.0.0.1"`},
		// The 2003 draft's authority is a server or a reg-name, which holds "@": the server
		// failing on the second "@", the whole authority is the reg-name. net/url takes what
		// precedes the last "@" for the userinfo.
		{urlgrammar.Draft2003, "http://u@v@example.com/", goURL, "draft-fielding-uri-rfc2396bis-01 section 7.5", "u@v@example.com", 7, 22, `the host "example.com"`},
		// RFC 1738 section 3.2.1: an FTP user may hold "?"; net/url ends the authority there.
		// RFC 1738 states no semantic attack: RFC 3986's section is cited.
		{urlgrammar.RFC1738, "ftp://u?x@example.com/", goURL, "RFC 3986 section 7.6", "example.com", 10, 21, `the host "u"`},
		// An empty host that a browser's parser of any number of slashes fills.
		{urlgrammar.RFC3986, "http:///a", connectsTo("a"), "RFC 3986 section 7.6", "", 7, 7, `the host "a"`},
	} {
		fs, err := review.Hosts(tc.v, tc.in, 0, tc.reader)
		if err != nil {
			t.Errorf("%v %q: %v", tc.v, tc.in, err)
			continue
		}
		if len(fs) != 1 {
			t.Errorf("%v %q: %v, want one finding", tc.v, tc.in, fs)
			continue
		}
		f := fs[0]
		want := "the grammar reads the host \"" + tc.grammar + "\", " + tc.reader.Name + " connects to " + tc.connects
		if f.Concern != review.HostDiffers || f.Section != tc.section || f.Severity != review.SeverityWarning || f.Reason != want || f.Begin != tc.begin || f.End != tc.end {
			t.Errorf("%v %q: %+v\nwant %s, %s, %q, bytes %d-%d", tc.v, tc.in, f, review.HostDiffers, tc.section, want, tc.begin, tc.end)
		}
	}
}

func TestHostsSame(t *testing.T) {
	for _, tc := range []struct {
		in, host string
	}{
		{"http://EXAMPLE.com/", "example.com"},  // RFC 3986 section 3.2.2: case-insensitive
		{"http://%61.com/", "a.com"},            // section 6.2.2.2: percent-encoding normalized
		{"http://a.com./", "a.com"},             // the root of the domain
		{"http://[::127.0.0.1]/", "[::7f00:1]"}, // one IPv6 address
		{"http://%C3%A9.com/", "xn--9ca.com"},   // IDNA's ASCII form of "é.com"
		{"file://localhost/etc/motd", ""},       // RFC 1738 section 3.10
		{"mailto:a@b", "b"},                     // no host, as the grammar reads it
	} {
		fs, err := review.Hosts(urlgrammar.RFC3986, tc.in, 0, connectsTo(tc.host))
		if err != nil || len(fs) != 0 {
			t.Errorf("%q beside %q: %v, %v; want no finding", tc.in, tc.host, fs, err)
		}
	}
	refusing := review.HostReader{Name: "a refusing reader", Host: func(string) (string, bool) { return "", false }}
	if fs, err := review.Hosts(urlgrammar.RFC3986, "http://0x7f.1/", 0, refusing); err != nil || len(fs) != 0 {
		t.Errorf("a reader that refuses: %v, %v; want no finding", fs, err)
	}
	if _, err := review.Hosts(urlgrammar.RFC3986, "http://a b/", 0, goURL); err == nil {
		t.Error("an input the grammar rejects: no error")
	}
}

// FuzzHosts: for any input under any version, Hosts gives the grammar's error, or a finding
// only where net/url's host is not the grammar's, each a HostDiffers over the grammar's host
// that names net/url's host.
func FuzzHosts(f *testing.F) {
	for _, s := range []string{"http://0x7f.1/", "ftp://u?x@example.com/", "http://u@v@example.com/", "http://EXAMPLE.com./",
		"file://localhost/etc/motd", "http://[::127.0.0.1]/", "http://%C3%A9.com/", "http:///a", "http://a b/"} {
		for v := range len(urlgrammar.Versions()) {
			f.Add(uint8(v), s)
		}
	}
	versions := urlgrammar.Versions()
	f.Fuzz(func(t *testing.T, vi uint8, s string) {
		v := versions[int(vi)%len(versions)]
		fs, err := review.Hosts(v, s, 0, goURL)
		u, perr := urlgrammar.Parse(v, s)
		if (err == nil) != (perr == nil) {
			t.Fatalf("Hosts(%v, %q): %v; Parse: %v", v, s, err, perr)
		}
		if err != nil {
			return
		}
		host, ok := goURL.Host(s)
		g := u.Authority().Host
		if !ok || !g.Present || host == g.Text {
			if len(fs) != 0 {
				t.Fatalf("Hosts(%v, %q): %v, where net/url reads %q (%v) and the grammar %q", v, s, fs, host, ok, g.Text)
			}
			return
		}
		for _, fd := range fs {
			if fd.Concern != review.HostDiffers || fd.Begin != g.Begin || fd.End != g.End || !strings.Contains(fd.Reason, strconv.Quote(host)) && host != "" {
				t.Fatalf("Hosts(%v, %q): %+v; the grammar's host %q at %d-%d, net/url's %q", v, s, fd, g.Text, g.Begin, g.End, host)
			}
		}
	})
}
