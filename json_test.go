package urlgrammar_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// Every enumeration encodes as its ID, reads its ID back, and prints its zero value as "".
func TestEnumText(t *testing.T) {
	type enum interface {
		String() string
		encoding.TextMarshaler
	}
	cases := []struct {
		zero   enum
		values []enum
		read   func([]byte) (enum, error)
	}{
		{urlgrammar.Version(0), []enum{urlgrammar.Draft1993, urlgrammar.RFC1738, urlgrammar.RFC3986},
			func(b []byte) (enum, error) { var v urlgrammar.Version; err := v.UnmarshalText(b); return v, err }},
		{urlgrammar.HostNone, []enum{urlgrammar.HostDomain, urlgrammar.HostIPv4, urlgrammar.HostIPv6, urlgrammar.HostIPvFuture, urlgrammar.HostRegName, urlgrammar.HostEmpty},
			func(b []byte) (enum, error) { var v urlgrammar.HostKind; err := v.UnmarshalText(b); return v, err }},
		{urlgrammar.PathNone, []enum{urlgrammar.PathAbsolute, urlgrammar.PathOpaque, urlgrammar.PathEmpty},
			func(b []byte) (enum, error) { var v urlgrammar.PathKind; err := v.UnmarshalText(b); return v, err }},
		{urlgrammar.Step(0), []enum{urlgrammar.SimpleComparison, urlgrammar.PathSegmentNormalization, urlgrammar.EmptyPathNormalization},
			func(b []byte) (enum, error) { var v urlgrammar.Step; err := v.UnmarshalText(b); return v, err }},
	}
	for _, c := range cases {
		if s := c.zero.String(); s != "" {
			t.Errorf("%T zero value prints %q, want \"\"", c.zero, s)
		}
		for _, v := range append(c.values, c.zero) {
			text, err := v.MarshalText()
			if err != nil || string(text) != v.String() {
				t.Errorf("%T %v: MarshalText = %q, %v; want its String", v, v, text, err)
			}
			back, err := c.read(text)
			if err != nil || back != v {
				t.Errorf("%T: UnmarshalText(%q) = %v, %v; want %v", v, text, back, err, v)
			}
		}
		if _, err := c.read([]byte("no-such-id")); err == nil || strings.HasPrefix(err.Error(), "urlgrammar") {
			t.Errorf("%T: UnmarshalText of an unknown ID: %v, want an error without the package's name", c.zero, err)
		}
	}
	if _, err := urlgrammar.Version(99).MarshalText(); err == nil {
		t.Error("Version(99).MarshalText: no error")
	}
	if s := urlgrammar.Version(99).String(); s != "Version(99)" {
		t.Errorf("Version(99).String() = %q", s)
	}
	b, err := json.Marshal(urlgrammar.RFC3986)
	if err != nil || string(b) != `"rfc3986"` {
		t.Errorf("json.Marshal(RFC3986) = %s, %v; want \"rfc3986\"", b, err)
	}
	var v urlgrammar.Version
	if err := json.Unmarshal([]byte(`"RFC1738"`), &v); err != nil || v != urlgrammar.RFC1738 {
		t.Errorf(`json.Unmarshal("RFC1738") = %v, %v`, v, err)
	}
}

// A URL marshals to JSON with its components and reads back as the same URL, under every
// version and every rule the seeds are valid under.
func TestURLJSONRoundTrip(t *testing.T) {
	n := 0
	for _, v := range urlgrammar.Versions() {
		for _, s := range parseSeeds {
			for _, mode := range []urlgrammar.Mode{0, urlgrammar.CaseIgnoreScheme} {
				u, err := urlgrammar.ParseRule(v, "", s, mode)
				if err != nil {
					continue
				}
				b, err := json.Marshal(u)
				if err != nil {
					t.Fatalf("%v %q: %v", v, s, err)
				}
				var back urlgrammar.URL
				if err := json.Unmarshal(b, &back); err != nil {
					t.Fatalf("%v %q: Unmarshal(%s): %v", v, s, b, err)
				}
				if back.Version != u.Version || back.Rule != u.Rule || back.Raw != u.Raw || !reflect.DeepEqual(flatten(&back), flatten(u)) {
					t.Errorf("%v %q: round trip through %s gives %v %s %q %v", v, s, b, back.Version, back.Rule, back.Raw, flatten(&back))
				}
				again, _ := json.Marshal(&back)
				if !bytes.Equal(again, b) {
					t.Errorf("%v %q: %s, then %s", v, s, b, again)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no seed parsed")
	}
}

// The JSON of a URL holds its components as written, null when absent, as "urlgrammar parse"
// prints them. RFC 1738 section 3.2: ftp://<user>:<password>@<host>:<port>/<cwd1>/…/<name>;type=<typecode>.
func TestURLJSON(t *testing.T) {
	u, err := urlgrammar.Parse(urlgrammar.RFC1738, "ftp://foo:@host.com/a/b<c;type=d")
	if err == nil {
		t.Fatalf("%q is valid; want \"<\" rejected (RFC 1738 section 2.2: unsafe)", u.Raw)
	}
	u, err = urlgrammar.Parse(urlgrammar.RFC1738, "ftp://foo:@host.com/a%22/b;type=d")
	if err != nil {
		t.Fatal(err)
	}
	b, err := u.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"input":"ftp://foo:@host.com/a%22/b;type=d","version":"rfc1738","rule":"ftpurl",` +
		`"scheme":"ftp","authority":"foo:@host.com","userinfo":"foo:","user":"foo","password":"","host":"host.com",` +
		`"host_kind":"domain","port":null,"path":"a%22/b;type=d","path_kind":"absolute","segments":["a%22","b"],` +
		`"params":null,"query":null,"fragment":null,"parts":[{"rule":"fpath","text":"a%22/b"},{"rule":"ftptype","text":"d"}]}`
	if string(b) != want {
		t.Errorf("MarshalJSON =\n%s\nwant\n%s", b, want)
	}
	if err := json.Unmarshal([]byte(`{"input":"http://a b/","version":"rfc3986"}`), new(urlgrammar.URL)); err == nil {
		t.Error("Unmarshal of an invalid input: no error")
	}
	if err := json.Unmarshal([]byte(`{"input":"http://a/"}`), new(urlgrammar.URL)); err == nil {
		t.Error("Unmarshal without a version: no error")
	}
}

// appendJSONString writes strings as encoding/json does with SetEscapeHTML(false).
func TestURLJSONStrings(t *testing.T) {
	for _, s := range []string{"", "a\"b\\c", "\x00\x01\x1f\x7f", "\t\n\r", "<>&", "é€😀", "\xff\xfeab\xc3", "\u2028\u2029"} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]string{"input": s}); err != nil {
			t.Fatal(err)
		}
		u := &urlgrammar.URL{Raw: s}
		b, err := u.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		prefix := bytes.TrimSuffix(want.Bytes(), []byte("}\n"))
		if !bytes.HasPrefix(b, prefix) {
			t.Errorf("%q: MarshalJSON = %s, want it to begin %s", s, b, prefix)
		}
	}
}

// TestURLWriteJSON: WriteJSON writes MarshalJSON's bytes, a few kilobytes at a time, also for
// long inputs whose strings are written in pieces: UTF-8 sequences, valid or not, across the
// places where a piece may end, and base64 of invalid UTF-8 across pieces.
func TestURLWriteJSON(t *testing.T) {
	long := func(unit string) string { return strings.Repeat(unit, (1<<18)/len(unit)+1) }
	mustParse := func(v urlgrammar.Version, s string) *urlgrammar.URL {
		u, err := urlgrammar.Parse(v, s)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	urls := []*urlgrammar.URL{
		mustParse(urlgrammar.RFC3986, "http://a/"+long("a/")),
		mustParse(urlgrammar.RFC1808, "http://a/"+long("b;p/")+"?q#f"),
		mustParse(urlgrammar.RFC3986, "http://a/?"+long("%C3%A9")),
		{Raw: long("é€😀/")},
		{Raw: long("x\xe2\x82")},            // a sequence cut short, over and over
		{Raw: long("\x80\x80\x80\x80\x80")}, // continuation bytes only
		{Raw: long("a\"\\\x01\u2028")},
		{Raw: "ab" + long("😀")},
	}
	for _, u := range urls {
		want, err := u.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		w := &largestWrite{w: &got}
		if err := u.WriteJSON(w); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%.20q…: WriteJSON differs from MarshalJSON", u.Raw)
		}
		if w.max > 64<<10 {
			t.Errorf("%.20q…: WriteJSON wrote %d bytes at once", u.Raw, w.max)
		}
		// The input as encoding/json writes it (with SetEscapeHTML(false)).
		var in bytes.Buffer
		enc := json.NewEncoder(&in)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(map[string]string{"input": u.Raw}); err != nil {
			t.Fatal(err)
		}
		if prefix := bytes.TrimSuffix(in.Bytes(), []byte("}\n")); !bytes.HasPrefix(want, prefix) {
			t.Errorf("%.20q…: the input is not written as encoding/json writes it", u.Raw)
		}
	}
	if err := urls[0].WriteJSON(failingWriter{}); err == nil {
		t.Error("WriteJSON to a failing writer: no error")
	}
}

// largestWrite is a Writer that records the largest write.
type largestWrite struct {
	w   *bytes.Buffer
	max int
}

func (l *largestWrite) Write(p []byte) (int, error) {
	l.max = max(l.max, len(p))
	return l.w.Write(p)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("failed") }
