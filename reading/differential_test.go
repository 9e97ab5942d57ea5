package reading

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// want is an expected disagreement: field, cause, and the component as each reading reads it.
type want struct {
	field Field
	cause Cause
	a, b  string
}

// read reads s by a Reader's ID or a version's.
func read(t *testing.T, by, s string) Reading {
	t.Helper()
	var r Reader
	if r.UnmarshalText([]byte(by)) == nil {
		return Read(r, s)
	}
	var v urlgrammar.Version
	if err := v.UnmarshalText([]byte(by)); err != nil {
		t.Fatal(err)
	}
	return Grammar(v, s)
}

// TestCompare: the differential on inputs that show each cause. Each expectation follows from
// the readers' documented readings (the WHATWG ones are the URL Standard's, see
// TestWHATWGReading) and from the grammar, which reads the input as written.
func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		input string
		a, b  string // who reads: a Reader's ID or a version's
		want  []want
	}{
		{"http://0x7f.1/", "neturl", "whatwg", []want{{Host, IPv4Form, "0x7f.1", "127.0.0.1"}}},
		{"http://0x7f.1/", "rfc3986", "whatwg", []want{{Host, IPv4Form, "0x7f.1", "127.0.0.1"}}},
		{"http://192.168.257/", "neturl", "whatwg", []want{{Host, IPv4Form, "192.168.257", "192.168.1.1"}}},
		{"http://ExAmPlE.CoM/", "rfc3986", "whatwg", []want{{Host, LetterCase, "ExAmPlE.CoM", "example.com"}}},
		{"HTTP://h/", "rfc3986", "neturl", []want{{Scheme, LetterCase, "HTTP", "http"}}},
		{"http://1.2.3.4./", "neturl", "whatwg", []want{{Host, TrailingDot, "1.2.3.4.", "1.2.3.4"}}},
		{"http://[::127.0.0.1]/", "rfc3986", "whatwg", []want{{Host, IPv6Form, "[::127.0.0.1]", "[::7f00:1]"}}},
		{"http://\u4f60\u597d\u4f60\u597d/", "neturl", "whatwg", []want{{Host, IDNA, "\u4f60\u597d\u4f60\u597d", "xn--6qqa088eba"}}},
		{"http://h:80/", "rfc3986", "whatwg", []want{{Port, DefaultPort, "80", ""}}},
		{"http://h:0081/", "neturl", "whatwg", []want{{Port, DefaultPort, "0081", "81"}}},
		{"http://u:@h/", "rfc3986", "whatwg", []want{{Userinfo, EmptyCredentials, "u:", "u"}}},
		{"http://h", "rfc3986", "whatwg", []want{{Path, EmptyPath, "", "/"}}},
		{"http://h?", "neturl", "whatwg", []want{{Path, EmptyPath, "", "/"}}},
		{"http://h/a/%2e%2E/b", "rfc3986", "whatwg", []want{{Path, EncodedDots, "/a/%2e%2E/b", "/b"}}},
		{"http://h/a/../b/./c", "rfc1738", "whatwg", []want{{Path, DotSegments, "/a/../b/./c", "/b/c"}}},
		{"http://a%41@h/?x\"y", "neturl", "whatwg", []want{
			{Userinfo, PercentEncoding, "aA", "a%41"},
			{Query, PercentEncoding, "x\"y", "x%22y"},
		}},
		{"http://h/a\\b", "neturl", "whatwg", []want{{Path, Backslash, "/a%5Cb", "/a/b"}}},
		{"http:///x", "neturl", "whatwg", []want{{Host, Slashes, "", "x"}, {Path, Slashes, "/x", "/"}}},
		{"http://a@b@c/", "draft2003", "whatwg", []want{{Userinfo, AtSign, "", "a%40b"}, {Host, AtSign, "a@b@c", "c"}}},
		// The readers split these the same way: the host is the same.
		{"http://foo@evil.com:80@google.com/", "neturl", "whatwg", nil},
		{"http://google.com#@evil.com/", "neturl", "whatwg", []want{{Path, EmptyPath, "", "/"}}},
		{"http://127.0.0.1#@evil.com/", "rfc3986", "whatwg", []want{{Path, EmptyPath, "", "/"}}},
		// An absent component and an empty one are one where a reader does not tell them
		// apart: net/url has no empty fragment, the URL Standard no empty userinfo.
		{"http://h/#", "rfc3986", "neturl", nil},
		{"ftp://@host.com/", "rfc1738", "whatwg", nil},
		{"http://h:/", "rfc3986", "whatwg", nil},
		// Both tell them apart: an empty query is one, and no query another.
		{"http://h/?", "rfc3986", "whatwg", nil},
		// RFC 1738 reads the part after a scheme it does not define as one opaque path.
		{"foo://info.example.com?fred", "rfc1738", "whatwg", []want{
			{Host, OpaquePath, "", "info.example.com"},
			{Path, OpaquePath, "//info.example.com?fred", ""},
			{Query, OpaquePath, "", "fred"},
		}},
		{"file://localhost/etc/motd", "rfc3986", "whatwg", []want{{Host, Localhost, "localhost", ""}}},
		{"socks5h://", "draft2003", "whatwg", []want{{Host, Absent, "", ""}}},
		// RFC 1808 has no host: it is not compared.
		{"http://a@b@c/", "rfc1808", "whatwg", nil},
	} {
		d, err := Compare(read(t, tc.a, tc.input), read(t, tc.b, tc.input))
		if err != nil {
			t.Errorf("%q %s~%s: %v", tc.input, tc.a, tc.b, err)
			continue
		}
		var got []want
		for _, x := range d {
			got = append(got, want{x.Field, x.Cause, x.A.Text, x.B.Text})
		}
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
			t.Errorf("%q %s~%s (-want +got):\n%s", tc.input, tc.a, tc.b, diff)
		}
	}
}

// TestClassify: causes that need inputs none of today's readers and the grammars both accept.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		f     Field
		a, b  string
		input string
		want  Cause
	}{
		{Host, "b@c", "c", "http://a@b@c/", AtSign},
		{Host, "a", "ab", "http://a\tb/", Whitespace},
		{Host, "a", "b", "http://b/", Other},
		{Host, "%41.example", "A.example", "http://%41.example/", PercentEncoding},
		{Host, "example.com.", "Example.com", "http://example.com./", TrailingDot},
		{Host, "0177.0.0.1", "127.0.0.1", "http://0177.0.0.1/", IPv4Form},
		{Host, "0x7f000001", "127.0.0.1", "http://0x7f000001/", IPv4Form},
		{Host, "09.0.0.1", "9.0.0.1", "http://09.0.0.1/", Other}, // "09" is no octal number
		{Host, "256.0.0.1", "0.0.1.0", "http://256.0.0.1/", Other},
		{Host, "LocalHost", "", "file://LocalHost/x", Localhost},
		{Port, "", "21", "ftp://h:21/", DefaultPort},
		{Port, "8080", "", "http://h:8080/", Other},
		{Path, "/a/.%2E/b", "/b", "http://h/a/.%2E/b", EncodedDots},
		{Path, "/a/b/..", "/a/", "http://h/a/b/..", DotSegments},
		{Path, "/a", "/b", "http://h\\a", Backslash},
		{Path, "/%FF", "/%EF%BF%BD", "http://h/\xff", PercentEncoding},
		{Scheme, "HTTP", "http", "HTTP://h", LetterCase},
	} {
		var ra, rb Reading
		ra.Input, rb.Input = tc.input, tc.input
		set := func(r *Reading, text string) {
			c := Component{Present: text != "" || tc.f != Port, Text: text}
			switch tc.f {
			case Scheme:
				r.Scheme = c
			case Host:
				r.Host = c
			case Port:
				r.Port = c
			case Path:
				r.Path = c
			}
		}
		set(&ra, tc.a)
		set(&rb, tc.b)
		if got := classify(tc.f, &ra, &rb, strings.ToLower(strings.SplitN(tc.input, ":", 2)[0])); got != tc.want {
			t.Errorf("%s %q~%q in %q: %s, want %s", tc.f, tc.a, tc.b, tc.input, got, tc.want)
		}
	}
}

// TestComparePassages: a disagreement with a grammar's reading quotes what the grammar's
// document says of the component; one between today's readers quotes nothing.
func TestComparePassages(t *testing.T) {
	for _, tc := range []struct {
		input, by string
		field     Field
		want      []string // "DOCUMENT SECTION" of each passage
	}{
		{"http://0x7f.1/", "rfc3986", Host, []string{"RFC 3986 section 3.2.2"}},
		{"http://0x7f.1/", "draft2003", Host, []string{"draft-fielding-uri-rfc2396bis-01 section 7.3"}},
		{"http://ExAmPlE.CoM/", "draft2003", Host, []string{"draft-fielding-uri-rfc2396bis-01 section 3.2.2"}},
		{"http://h:80/", "rfc1738", Port, []string{"RFC 1738 section 3.1"}},
		{"http://h:80/", "rfc3986", Port, []string{"RFC 3986 section 3.2.3"}},
		{"http://h/a/../b", "rfc3986", Path, []string{"RFC 3986 section 3.3"}},
		{"http://u:@h/", "rfc3986", Userinfo, []string{"RFC 3986 section 3.2.1"}},
		{"http://a@b@c/", "draft2003", Host, []string{"draft-fielding-uri-rfc2396bis-01 section 3.2.2", "draft-fielding-uri-rfc2396bis-01 section 3.2.2"}},
		{"http://0x7f.1/", "rfc2396", Host, nil}, // the package quotes nothing of RFC 2396
		{"http://0x7f.1/", "neturl", Host, nil},
	} {
		d, err := Compare(read(t, tc.by, tc.input), Read(WHATWG, tc.input))
		if err != nil {
			t.Fatalf("%q: %v", tc.input, err)
		}
		var got []string
		for _, x := range d {
			if x.Field != tc.field {
				continue
			}
			for _, p := range x.Passages {
				got = append(got, p.Document+" "+p.Section)
				if p.Words == "" {
					t.Errorf("%q %s: a passage without words", tc.input, tc.by)
				}
			}
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%q %s %s (-want +got):\n%s", tc.input, tc.by, tc.field, diff)
		}
	}
}

func TestCompareErrors(t *testing.T) {
	if _, err := Compare(Read(NetURL, "http://a/"), Read(WHATWG, "http://b/")); err == nil {
		t.Error("readings of different inputs compared")
	}
	_, err := Compare(Read(NetURL, "http://a b/"), Read(WHATWG, "http://a b/"))
	if !errors.Is(err, ErrRefused) {
		t.Errorf("a refused reading: %v, want ErrRefused", err)
	}
}

// TestCausesAndIDs: every cause has an ID, and Causes lists them all.
func TestCausesAndIDs(t *testing.T) {
	cs := Causes()
	if len(cs) != len(causeIDs)-1 || cs[len(cs)-1] != Other {
		t.Fatalf("Causes() = %v", cs)
	}
	seen := map[string]bool{}
	for _, c := range cs {
		b, err := c.MarshalText()
		if err != nil || seen[string(b)] {
			t.Errorf("%d: %q, %v", c, b, err)
		}
		seen[string(b)] = true
	}
	if _, err := Cause(0).MarshalText(); err == nil {
		t.Error("the zero Cause has an ID")
	}
}
