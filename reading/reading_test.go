package reading

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// c is a present component, for the tables.
func c(s string) Component { return Component{Present: true, Text: s} }

// A readCase is an input and what a reader makes of it, field by field; only the fields named
// in want are checked.
type readCase struct {
	norm  Normalization // the normalization the case shows, or 0
	input string
	want  map[string]Component
}

// get returns the component of r that a readCase names ("scheme" … "fragment", "username",
// "password").
func get(r Reading, name string) Component {
	switch name {
	case "username":
		return r.Username
	case "password":
		return r.Password
	}
	for _, f := range Fields() {
		if f.String() == name {
			return r.Field(f)
		}
	}
	panic("no field " + name)
}

func checkReads(t *testing.T, rd Reader, cases []readCase) {
	t.Helper()
	shown := Normalization(0)
	for _, tc := range cases {
		got := Read(rd, tc.input)
		if got.Err != nil {
			t.Errorf("%s %q: %v", rd, tc.input, got.Err)
			continue
		}
		for name, want := range tc.want {
			if g := get(got, name); g != want {
				t.Errorf("%s %q: %s = %+v, want %+v", rd, tc.input, name, g, want)
			}
		}
		if tc.norm != 0 && rd.Normalizations()&tc.norm == 0 {
			t.Errorf("%s %q shows %s, which %s.Normalizations lacks", rd, tc.input, tc.norm, rd)
		}
		shown |= tc.norm
	}
	if missing := rd.Normalizations() &^ shown; missing != 0 {
		t.Errorf("%s: no case shows %s", rd, missing)
	}
}

// TestNetURLReading: each normalization of the net/url reading, and what it leaves as written.
// The expected values follow net/url's documented behaviour: Parse lower-cases the scheme
// (url.go's getScheme result is lowered), decodes the host and userinfo, and EscapedPath and
// EscapedFragment keep the input's escaping when it is a valid one.
func TestNetURLReading(t *testing.T) {
	checkReads(t, NetURL, []readCase{
		{LowerScheme, "HTTP://h/", map[string]Component{"scheme": c("http")}},
		{DecodeHost, "http://%C3%A9.example/", map[string]Component{"host": c("\u00e9.example")}},
		{UserinfoEscaped, "http://a%41:b%40c@h/", map[string]Component{
			"userinfo": c("aA:b%40c"), "username": c("aA"), "password": c("b@c")}},
		{UserinfoEscaped, "http://foo@evil.com:80@google.com/", map[string]Component{
			"userinfo": c("foo%40evil.com:80"), "host": c("google.com")}},
		{PathEscaped, "http://h/a b", map[string]Component{"path": c("/a%20b")}},
		{PathEscaped, "http://h/%7e%7E", map[string]Component{"path": c("/%7e%7E")}},
		{FragmentEscaped, "http://h/#a b", map[string]Component{"fragment": c("a%20b")}},
		// What net/url leaves as written: the host's case, the port, dot segments, the query.
		{0, "http://ExAmple:80/a/../b?x y#", map[string]Component{
			"host": c("ExAmple"), "port": c("80"), "path": c("/a/../b"), "query": c("x y")}},
		// Presence: an empty authority, userinfo, port and query are present; net/url has no
		// empty fragment or path apart from none.
		{0, "http:///x", map[string]Component{"host": c(""), "path": c("/x")}},
		{0, "http:/x", map[string]Component{"host": {}, "path": c("/x")}},
		{0, "//h/p", map[string]Component{"scheme": {}, "host": c("h")}},
		{0, "///p", map[string]Component{"host": {}, "path": c("///p")}},
		{0, "http://@h:/?", map[string]Component{"userinfo": c(""), "username": c(""), "password": {}, "port": c(""), "query": c("")}},
		{0, "http://h#", map[string]Component{"path": {}, "query": {}, "fragment": {}}},
		{0, "http://[::1]:8080/", map[string]Component{"host": c("[::1]"), "port": c("8080")}},
		{0, "mailto:a@b?s", map[string]Component{"host": {}, "path": c("a@b"), "query": c("s")}},
	})
}

// TestWHATWGReading: each normalization of the WHATWG reading. The expected values are the URL
// Standard's (its basic URL parser, host parser and serializers), several of them rows of
// testdata/wpt/urltestdata.json.
func TestWHATWGReading(t *testing.T) {
	checkReads(t, WHATWG, []readCase{
		{LowerScheme, "HTTP://h/", map[string]Component{"scheme": c("http")}},
		{TrimControlSpace, " \x01http://h/\x1f ", map[string]Component{"host": c("h"), "path": c("/")}},
		{RemoveTabNewline, "http://ho\tst/a\nb", map[string]Component{"host": c("host"), "path": c("/ab")}},
		{BackslashAsSlash, "http://h\\a\\b", map[string]Component{"host": c("h"), "path": c("/a/b")}},
		{BackslashAsSlash, "http://example.com\\@evil.com", map[string]Component{"host": c("example.com"), "path": c("/@evil.com"), "userinfo": {}}},
		{AnySlashes, "http:/h/p", map[string]Component{"host": c("h"), "path": c("/p")}},
		{AnySlashes, "http:///h/p", map[string]Component{"host": c("h"), "path": c("/p")}},
		{DomainToASCII, "http://ExAmPlE.CoM/", map[string]Component{"host": c("example.com")}},
		{DomainToASCII, "http://\uff27\uff4f.com/", map[string]Component{"host": c("go.com")}},
		{DomainToASCII, "http://\u4f60\u597d\u4f60\u597d/", map[string]Component{"host": c("xn--6qqa088eba")}},
		{IPv4Canonical, "http://0x7f.1/", map[string]Component{"host": c("127.0.0.1")}},
		{IPv4Canonical, "http://192.168.257/", map[string]Component{"host": c("192.168.1.1")}},
		{IPv4Canonical, "http://1.2.3.4./", map[string]Component{"host": c("1.2.3.4")}},
		{IPv6Canonical, "http://[0:0:0:0:0:0:13.1.68.3]/", map[string]Component{"host": c("[::d01:4403]")}},
		{RemoveDotSegments, "http://h/a/%2e%2E/b/./c", map[string]Component{"path": c("/b/c")}},
		{PercentEncode, "http://h/a b?c d#e f", map[string]Component{"path": c("/a%20b"), "query": c("c%20d"), "fragment": c("e%20f")}},
		{PercentEncode, "http://h/\xff\u00e9", map[string]Component{"path": c("/%EF%BF%BD%C3%A9")}},
		{DropDefaultPort, "http://h:80/", map[string]Component{"port": {}}},
		{DropDefaultPort, "https://h:0443/", map[string]Component{"port": {}}},
		{DropDefaultPort, "http://h:/", map[string]Component{"port": {}}},
		{DropEmptyCredentials, "http://:@h/", map[string]Component{"userinfo": {}, "username": {}, "password": {}}},
		{DropEmptyCredentials, "http://u:@h/", map[string]Component{"userinfo": c("u"), "username": c("u"), "password": {}}},
		{EmptyPathSlash, "http://h", map[string]Component{"path": c("/")}},
		{FileHost, "file://localhost/x", map[string]Component{"host": c(""), "path": c("/x")}},
		{FileHost, "file:///C|/x", map[string]Component{"path": c("/C:/x")}},
		// What the URL Standard leaves: a port that is not the default, the path of a scheme
		// that is not special, an opaque path.
		{0, "foo://h:80", map[string]Component{"port": c("80"), "path": c("")}},
		{0, "mailto:a@b?s", map[string]Component{"host": {}, "path": c("a@b"), "query": c("s")}},
		// Presence: the host is null without "//", and the query and fragment are told apart
		// from empty ones.
		{0, "foo:/x", map[string]Component{"host": {}, "path": c("/x")}},
		{0, "foo:///x", map[string]Component{"host": c(""), "path": c("/x")}},
		{0, "http://h?#", map[string]Component{"query": c(""), "fragment": c("")}},
		{0, "http://h/a?b#c#d", map[string]Component{"query": c("b"), "fragment": c("c#d")}},
		{0, "http://h/", map[string]Component{"query": {}, "fragment": {}}},
	})
}

// TestVerdicts: a refusal comes with the parser's own words.
func TestVerdicts(t *testing.T) {
	for _, tc := range []struct {
		r     Reader
		input string
		words string // in the error's text
	}{
		{NetURL, "http://a b/", `invalid character " " in host name`},
		{NetURL, "http://example.com\\@evil.com", "invalid userinfo"},
		{NetURL, "http://h/\x00", "invalid control character in URL"},
		{WHATWG, "http://a b/", "forbidden domain code point"},
		{WHATWG, "//h/p", "missing a scheme"},
		{WHATWG, "http://[::1", ""},
	} {
		r := Read(tc.r, tc.input)
		if r.Err == nil {
			t.Errorf("%s %q accepted, want a refusal", tc.r, tc.input)
			continue
		}
		if !strings.Contains(r.Err.Error(), tc.words) {
			t.Errorf("%s %q: %v, want %q in it", tc.r, tc.input, r.Err, tc.words)
		}
		if r.Scheme.Present || r.Host.Present || r.Path.Present {
			t.Errorf("%s %q: a refused input has components: %+v", tc.r, tc.input, r)
		}
	}
	if r := Read(0, "http://h/"); !errors.Is(r.Err, ErrUnknownReader) {
		t.Errorf("Read(0): %v, want ErrUnknownReader", r.Err)
	}
}

// TestWHATWGLimits: an input beyond the reading's limits is refused, with ErrLimit, and one at
// a limit is read.
func TestWHATWGLimits(t *testing.T) {
	rep := strings.Repeat
	for _, tc := range []struct {
		input string
		over  bool
	}{
		{"http://h/" + rep("a", MaxWHATWGInput-9), false},
		{"http://h/" + rep("a", MaxWHATWGInput-8), true},
		{"http://" + rep("a@", MaxWHATWGAt) + "h/", false},
		{"http://" + rep("a@", MaxWHATWGAt+1) + "h/", true},
		{"http://h" + rep("/a", MaxWHATWGSlashes-2), false}, // "//" and the path's
		{"http://h" + rep("/a", MaxWHATWGSlashes-2) + "\\", true},
		{"http://" + rep("u", MaxWHATWGUserinfo) + "@h/", false},
		{"http://" + rep("u", MaxWHATWGUserinfo+1) + "@h/", true},
		{"http:" + rep("u", MaxWHATWGUserinfo+1) + "@h/", true},
		{"foo://" + rep("u\\", MaxWHATWGUserinfo) + "@h/", true}, // "\" ends no authority of foo
		{"foo://" + rep("h", MaxWHATWGUserinfo) + "/", false},
		{"foo://" + rep("h", MaxWHATWGUserinfo+1) + "/", true},
		{"foo:/\t/" + rep("h", MaxWHATWGUserinfo+1) + "/", true},
		{"mailto:" + rep("a", MaxWHATWGUserinfo*4), false}, // no authority
		{"http://" + rep("h", MaxWHATWGUserinfo*4) + "/", false},
	} {
		r := Read(WHATWG, tc.input)
		if got := errors.Is(r.Err, ErrLimit); got != tc.over {
			t.Errorf("%.40q… (%d bytes): beyond the limits %v, want %v (%v)", tc.input, len(tc.input), got, tc.over, r.Err)
		}
	}
}

// TestBadInput: no input of any kind makes a reading panic, and each is given a verdict.
func TestBadInput(t *testing.T) {
	inputs := []string{
		"", " ", "\x00", "http://h/\x00", "\x00http://h/", "http://\x7f/", "http://h/\x1b[31m",
		"\xff\xfe", "http://h/\xff", "http://\xc3/", "http://\xed\xa0\x80/", "http://h/\u202e",
		"http://\u00e9/\u4f60", "http://[", "http://[::", "http://:", "http://@", "::::", "%", "%%%%",
		"http://h:99999999999999999999/", "http://0x" + strings.Repeat("f", 100) + "/",
		strings.Repeat("a", 1<<20), "http://h/" + strings.Repeat("\xff", 1<<16),
	}
	for _, s := range inputs {
		for _, rd := range Readers() {
			r := Read(rd, s)
			if r.Err == nil && !utf8.ValidString(r.Host.Text) && rd == WHATWG {
				t.Errorf("%s %.30q: host %q is not UTF-8", rd, s, r.Host.Text)
			}
			if r.Input != s || r.By != rd.String() {
				t.Errorf("%s %.30q: By %q, Input %.30q", rd, s, r.By, r.Input)
			}
		}
	}
}

func TestIDs(t *testing.T) {
	for _, rd := range Readers() {
		b, err := rd.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Reader
		if err := back.UnmarshalText([]byte(strings.ToUpper(string(b)))); err != nil || back != rd {
			t.Errorf("%s: round trip gives %v, %v", rd, back, err)
		}
	}
	var r Reader
	if err := r.UnmarshalText([]byte("rfc3986")); err == nil {
		t.Error(`UnmarshalText("rfc3986") succeeded`)
	}
	if _, err := Reader(0).MarshalText(); err == nil {
		t.Error("MarshalText of the zero Reader succeeded")
	}
	if got := NetURL.Normalizations().String(); got != "lower-scheme,decode-host,userinfo-escaped,path-escaped,fragment-escaped" {
		t.Errorf("NetURL.Normalizations() = %s", got)
	}
	if diff := cmp.Diff([]Normalization{LowerScheme, DecodeHost, UserinfoEscaped, PathEscaped, FragmentEscaped}, NetURL.Normalizations().List()); diff != "" {
		t.Errorf("List (-want +got):\n%s", diff)
	}
	if len(normalizationIDs) != 18 || Normalization(1)<<(len(normalizationIDs)-1) != FragmentEscaped {
		t.Errorf("%d normalization IDs for the constants up to FragmentEscaped", len(normalizationIDs))
	}
	for _, f := range Fields() {
		if b, err := f.MarshalText(); err != nil || string(b) != f.String() {
			t.Errorf("Field %d: %q, %v", f, b, err)
		}
	}
}
