package charset_test

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
	"github.com/urlgrammar/urlgrammar/internal/doccharsets"
)

// TestCharsetsAgainstDocuments holds the character sets derived by probing the parsers of RFC
// 1738, the 2003 draft, RFC 2396 and RFC 3986 to the sets the documents' own rules define
// (internal/doccharsets, written from the documents), for every component: which characters
// may appear, which may appear in every probed position, and which components a document
// does not have.
func TestCharsetsAgainstDocuments(t *testing.T) {
	for id, sets := range doccharsets.Sets {
		v, err := urlgrammar.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, comp := range charset.Components() {
			cs, err := charset.Of(v, comp.Name)
			if err != nil {
				t.Fatal(err)
			}
			doc, has := sets[comp.Name]
			if cs.Applies != has {
				t.Errorf("%s %s: applies = %v, the document has the component: %v", id, comp.Name, cs.Applies, has)
				continue
			}
			if !has {
				continue
			}
			if got := cs.Allowed(); got != doc.May {
				t.Errorf("%s %s: may appear\n got %q\nwant %q\n only probed: %q\n only document: %q",
					id, comp.Name, got, doc.May, doccharsets.Minus(got, doc.May), doccharsets.Minus(doc.May, got))
			}
			if got := cs.Chars(charset.Yes); got != doc.Everywhere {
				t.Errorf("%s %s: everywhere\n got %q\nwant %q\n only probed: %q\n only document: %q",
					id, comp.Name, got, doc.Everywhere, doccharsets.Minus(got, doc.Everywhere), doccharsets.Minus(doc.Everywhere, got))
			}
		}
	}
}

// TestCharsetsExcluded checks the documents' prose lists of characters that must always be
// escaped: none of them may appear unescaped in any component. RFC 1738 section 2.2: "All
// unsafe characters must always be encoded within a URL"; RFC 2396 and the 2003 draft,
// section 2.4.3: "Data corresponding to excluded characters must be escaped".
func TestCharsetsExcluded(t *testing.T) {
	for _, tc := range []struct {
		v        urlgrammar.Version
		excluded string
	}{
		{urlgrammar.RFC1738, doccharsets.RFC1738Unsafe},
		{urlgrammar.RFC2396, doccharsets.RFC2396Excluded},
		{urlgrammar.Draft2003, doccharsets.Draft2003Excluded},
	} {
		for _, comp := range charset.Components() {
			cs, err := charset.Of(tc.v, comp.Name)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < len(tc.excluded); i++ {
				if c := tc.excluded[i]; cs.Of(c) != charset.No {
					t.Errorf("%v %s: %q is %v", tc.v, comp.Name, c, cs.Of(c))
				}
			}
		}
	}
}

// TestCharsetTilde is the example: "~" is unsafe in RFC 1738 (section 2.2) and
// unreserved in the 1997 draft (mark), RFC 2396 (mark), the 2003 draft (mark) and RFC 3986.
func TestCharsetTilde(t *testing.T) {
	for v, want := range map[urlgrammar.Version]charset.Status{
		urlgrammar.RFC1738:   charset.No,
		urlgrammar.Draft1997: charset.Yes,
		urlgrammar.RFC2396:   charset.Yes,
		urlgrammar.Draft2003: charset.Yes,
		urlgrammar.RFC3986:   charset.Yes,
	} {
		cs, err := charset.Of(v, "path segment")
		if err != nil {
			t.Fatal(err)
		}
		if got := cs.Of('~'); got != want {
			t.Errorf("%v path segment: ~ is %v, want %v", v, got, want)
		}
	}
}

// TestCharsetRestriction checks the words for where a "partly" character may not stand, and
// that a character admitted only by an extra probe says where it is admitted.
func TestCharsetRestriction(t *testing.T) {
	for _, tc := range []struct {
		v         urlgrammar.Version
		component string
		c         byte
		want      string
	}{
		// RFC 3986 section 3.3: path-noscheme = segment-nz-nc *( "/" segment ).
		{urlgrammar.RFC3986, "path segment", ':', "not in a relative-ref's first segment"},
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		{urlgrammar.RFC3986, "scheme", '7', "not as the only or first character of an absolute-URI's scheme"},
		// IP-literal = "[" ( IPv6address / IPvFuture ) "]"
		{urlgrammar.RFC3986, "host", '[', "only at the start of an IP-literal"},
		// RFC 1738: hsegment has ";", fsegment and psegment have not.
		{urlgrammar.RFC1738, "path segment", ';', "not in an ftp fsegment, a file fsegment or a prospero psegment"},
		{urlgrammar.RFC1738, "path segment", '~', ""},
	} {
		cs, err := charset.Of(tc.v, tc.component)
		if err != nil {
			t.Fatal(err)
		}
		if got := cs.Restriction(tc.c); got != tc.want {
			t.Errorf("%v %s %q: %q, want %q", tc.v, tc.component, tc.c, got, tc.want)
		}
	}
}

// TestCharsetProbes checks the probes themselves, for every version and component: each is
// read under a start rule of its version, its placeholder stands in Want at the same place as
// in URL, it admits some character (a probe that admits none is a broken template), and no
// placeholder is followed by two hex digits (so that a probed "%" is never an escape).
func TestCharsetProbes(t *testing.T) {
	hex := func(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }
	for _, comp := range charset.Components() {
		applies := 0
		for _, v := range urlgrammar.Versions() {
			cs, err := charset.Of(v, comp.Name)
			if err != nil {
				t.Fatal(err)
			}
			if cs.Applies {
				applies++
			}
			if comp.Scheme != "" && cs.Applies && v != urlgrammar.RFC1738 {
				t.Errorf("%v %s: a part of an RFC 1738 scheme applies", v, comp.Name)
			}
			for _, p := range cs.Probes {
				at, in := strings.Index(p.URL, charset.Placeholder), strings.Index(p.Want, charset.Placeholder)
				if at < in || !strings.HasPrefix(p.URL[at-in:], p.Want) || strings.Count(p.URL, charset.Placeholder) != 1 {
					t.Errorf("%v %s: probe %q does not hold %q at its placeholder", v, comp.Name, p.URL, p.Want)
					continue
				}
				if after := p.URL[at+len(charset.Placeholder):]; len(after) >= 2 && hex(after[0]) && hex(after[1]) {
					t.Errorf("%v %s: probe %q has two hex digits after its placeholder", v, comp.Name, p.URL)
				}
				admits := false
				for c := byte(charset.FirstPrintable); c <= charset.LastPrintable && !admits; c++ {
					s := strings.Replace(p.URL, charset.Placeholder, string(c), 1)
					u, err := urlgrammar.ParseRule(v, p.Rule, s, 0)
					admits = err == nil && u != nil
				}
				if !admits {
					t.Errorf("%v %s: probe %q under %s admits no character", v, comp.Name, p.URL, p.Rule)
				}
			}
		}
		if applies == 0 {
			t.Errorf("%s: no version has it", comp.Name)
		}
	}
}

// TestCharsetLanded checks that a character the parser accepts counts only where it lands in
// the component: in "s://h/y/z" the "/" is accepted, but it separates two segments, and in
// "y:z:x" the ":" ends the scheme; in "http://h/y?z" the "?" starts the search.
func TestCharsetLanded(t *testing.T) {
	for _, tc := range []struct {
		v         urlgrammar.Version
		rule, in  string
		component string
		c         byte
	}{
		{urlgrammar.RFC3986, "absolute-URI", "s://h/y/z", "path segment", '/'},
		{urlgrammar.RFC3986, "absolute-URI", "y:z:x", "scheme", ':'},
		{urlgrammar.RFC1738, "httpurl", "http://h/y?z", "http hsegment", '?'},
	} {
		if err := urlgrammar.ValidateRule(tc.v, tc.rule, tc.in, 0); err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		cs, err := charset.Of(tc.v, tc.component)
		if err != nil {
			t.Fatal(err)
		}
		if got := cs.Of(tc.c); got != charset.No {
			t.Errorf("%v %s: %q is %v, though %q only splits the input differently", tc.v, tc.component, tc.c, got, tc.in)
		}
	}
}

func TestOfErrors(t *testing.T) {
	if _, err := charset.Of(urlgrammar.RFC3986, "nosuch"); err == nil {
		t.Error("unknown component: no error")
	}
	if _, err := charset.Of(urlgrammar.Version(99), "scheme"); err == nil {
		t.Error("unknown version: no error")
	}
}
