package urlgrammar_test

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
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
		if _, err := c.read([]byte("no-such-id")); err == nil {
			t.Errorf("%T: UnmarshalText of an unknown ID: no error", c.zero)
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
