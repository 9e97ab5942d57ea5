package urlgrammar_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
)

// TestEscapeDocuments holds Escape to what the documents say of their components.
func TestEscapeDocuments(t *testing.T) {
	for _, tc := range []struct {
		v               urlgrammar.Version
		component, in   string
		want, reference string
	}{
		// RFC 1738 section 2.2: "~" is unsafe, and "All unsafe characters must always be
		// encoded within a URL"; RFC 3986 section 2.3 lists it unreserved.
		{urlgrammar.RFC1738, "hsegment", "~user", "%7Euser", "RFC 1738 section 2.2"},
		{urlgrammar.RFC3986, "segment", "~user", "~user", "RFC 3986 section 2.3"},
		{urlgrammar.Draft2003, "segment", "~user", "~user", "the 2003 draft section 2.3 (mark)"},
		// RFC 1738 section 3.2.2: "Within a name or CWD component, the characters "/" and ";"
		// are reserved and must be encoded."
		{urlgrammar.RFC1738, "fsegment", "a/b;c", "a%2Fb%3Bc", "RFC 1738 section 3.2.2"},
		// RFC 1738 section 3.3: "Within the <path> and <searchpart> components, "/", ";", "?"
		// are reserved"; hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ] (section 5)
		// holds its ";" all the same, search = *[ uchar | ";" | ":" | "@" | "&" | "=" ].
		{urlgrammar.RFC1738, "hsegment", "a?b/c;d", "a%3Fb%2Fc;d", "RFC 1738 section 5"},
		{urlgrammar.RFC1738, "search", "a/b?c", "a%2Fb%3Fc", "RFC 1738 section 5"},
		// RFC 3986 section 2.1: "the US-ASCII space character ... "%20"", upper-case hex.
		{urlgrammar.RFC3986, "query", "a b", "a%20b", "RFC 3986 section 2.1"},
		{urlgrammar.RFC3986, "query", "a=1&b=/?", "a=1&b=/?", "RFC 3986 section 3.4"},
		// RFC 3986 section 2.5: "the character LATIN CAPITAL LETTER A WITH GRAVE would be
		// represented as "%C3%80", and the character KATAKANA LETTER A would be represented as
		// "%E3%82%A2"".
		{urlgrammar.RFC3986, "segment", "A\u00c0\u30a2", "A%C3%80%E3%82%A2", "RFC 3986 section 2.5"},
		{urlgrammar.Draft2003, "fragment", "\u00c0", "%C3%80", "the 2003 draft section 2.1"},
		// The bytes need not be UTF-8: each octet is encoded.
		{urlgrammar.RFC2396, "segment", "\xff\x00", "%FF%00", "RFC 2396 section 2.4.1"},
		// "%" always begins an escape: RFC 3986 section 2.4, "the percent ("%") character
		// ... must be percent-encoded as "%25" for that octet to be used as data".
		{urlgrammar.RFC3986, "segment", "100%", "100%25", "RFC 3986 section 2.4"},
		{urlgrammar.Draft1993, "segment", "100%", "100%25", "the 1993 draft, escape"},
		// RFC 3986 section 4.2: a relative-path reference's first segment holds no ":".
		{urlgrammar.RFC3986, "segment-nz-nc", "this:that", "this%3Athat", "RFC 3986 section 4.2"},
		{urlgrammar.RFC3986, "segment", "this:that", "this:that", "RFC 3986 section 3.3"},
		{urlgrammar.RFC2396, "rel_segment", "a:b", "a%3Ab", "RFC 2396 section 3.3 (rel_segment)"},
		// RFC 2396's opaque_part = uric_no_slash *uric: its first character is no "/".
		{urlgrammar.RFC2396, "opaque_part", "/a/b", "%2Fa/b", "RFC 2396 section 3"},
		// The 2003 draft's hier-part = [ net-path / abs-path ] [ "?" query ] may be empty,
		// so that "g:?x" is a query: an opaque-part's first "?" is escaped.
		{urlgrammar.Draft2003, "opaque-part", "?x?", "%3Fx?", "the 2003 draft section 3"},
		// The 1993 draft's extra lists "space" (grammar/draft1993.bnf, D3), and its search
		// divides words by "+" (search = xalphas [ "+" search ]), so a "+" of data is escaped.
		{urlgrammar.Draft1993, "query", "a b+c", "a b%2Bc", "the 1993 draft, BNF (search, extra)"},
		{urlgrammar.Draft1993, "segment", "a+b", "a+b", "the 1993 draft, BNF (xpalpha)"},
		// The 1994 draft moved space to reserved, which no production uses.
		{urlgrammar.Draft1994, "segment", "a b", "a%20b", "the 1994 draft, BNF (extra, reserved)"},
		// The 1993 draft's host may hold an "@" (ialpha), which ends a user.
		{urlgrammar.Draft1993, "user", "y@z", "y%40z", "the 1993 draft, BNF (safe, user, hostname)"},
		// RFC 1808 section 2.1: net_loc = *( pchar | ";" | "?" ).
		{urlgrammar.RFC1808, "host", "u:p@h;x", "u:p@h;x", "RFC 1808 section 2.1"},
		// RFC 3986 section 3.2.2: a reg-name may be percent-encoded, an IP-literal not.
		{urlgrammar.RFC3986, "host", "b\u00fccher.example", "b%C3%BCcher.example", "RFC 3986 section 3.2.2"},
		{urlgrammar.RFC3986, "host", "[v7.a:b]", "[v7.a:b]", "RFC 3986 section 3.2.2 (IPvFuture)"},
		// No escape at all: the text is returned when the rule matches it.
		{urlgrammar.RFC1738, "ftptype", "i", "i", "RFC 1738 section 3.2.2"},
		{urlgrammar.RFC3986, "port", "8080", "8080", "RFC 3986 section 3.2.3"},
		{urlgrammar.RFC1738, "host", "ds.internic.net", "ds.internic.net", "RFC 1738 section 3.1"},
	} {
		got, err := urlgrammar.Escape(tc.v, tc.component, tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%v %s: Escape(%q) = %q, %v; want %q (%s)", tc.v, tc.component, tc.in, got, err, tc.want, tc.reference)
			continue
		}
		back, err := urlgrammar.Unescape(tc.v, tc.component, got)
		if err != nil || back != tc.in {
			t.Errorf("%v %s: Unescape(%q) = %q, %v; want %q", tc.v, tc.component, got, back, err, tc.in)
		}
	}
}

// TestEscapeRefuses holds the errors of Escape and Unescape: what no escaping can fix, and
// what is no escaped text.
func TestEscapeRefuses(t *testing.T) {
	for _, tc := range []struct {
		op            string
		v             urlgrammar.Version
		component, in string
		want          string // in the message
		syntax        bool   // the error wraps a *SyntaxError
	}{
		{"escape", urlgrammar.RFC1738, "host", "a b", `host "a b" has no escape and is no host`, true},
		{"escape", urlgrammar.RFC3986, "port", "8o", `port "8o" has no escape`, true},
		{"escape", urlgrammar.RFC1738, "scheme", "HTTP", `scheme "HTTP" has no escape`, true},
		{"escape", urlgrammar.RFC1738, "ftptype", "x", `ftptype "x" has no escape`, true},
		{"escape", urlgrammar.Draft1994, "user", "a b", `user "a b" has no escape`, true},
		{"escape", urlgrammar.RFC3986, "host", "[::1", `is no IP literal`, true},
		{"escape", urlgrammar.RFC3986, "host", "a\xffb", `only UTF-8 may be percent-encoded in a host (RFC 3986 section 3.2.2)`, false},
		{"escape", urlgrammar.RFC1738, "fragment", "x", `no component "fragment"`, false},
		{"escape", urlgrammar.RFC1738, "segment", "x", `no component "segment"`, false},
		{"escape", urlgrammar.RFC3986, "user", "x", `no component "user" (known: scheme, userinfo`, false},
		{"escape", 0, "segment", "x", `unknown version`, false},
		{"unescape", urlgrammar.RFC1738, "hsegment", "a~b", `hsegment "a~b": byte 1: "~" must be escaped there`, false},
		{"unescape", urlgrammar.RFC3986, "segment", "a/b", `segment "a/b": byte 1: "/" must be escaped there`, false},
		{"unescape", urlgrammar.RFC3986, "segment", "a%2", `byte 1: "%" does not begin an escape`, false},
		{"unescape", urlgrammar.RFC3986, "segment", "%zz", `byte 0: "%" does not begin an escape`, false},
		{"unescape", urlgrammar.RFC3986, "host", "[::1", `is no IP literal`, true},
	} {
		var err error
		if tc.op == "escape" {
			_, err = urlgrammar.Escape(tc.v, tc.component, tc.in)
		} else {
			_, err = urlgrammar.Unescape(tc.v, tc.component, tc.in)
		}
		var e *urlgrammar.Error
		var se *urlgrammar.SyntaxError
		switch {
		case err == nil:
			t.Errorf("%s %v %s %q: no error", tc.op, tc.v, tc.component, tc.in)
		case !errors.As(err, &e) || e.Op != tc.op:
			t.Errorf("%s %v %s %q: %v (%T), want an *Error of %s", tc.op, tc.v, tc.component, tc.in, err, err, tc.op)
		case !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s %v %s %q: %v, want it to say %s", tc.op, tc.v, tc.component, tc.in, err, tc.want)
		case errors.As(err, &se) != tc.syntax:
			t.Errorf("%s %v %s %q: %v wraps a *SyntaxError: %t, want %t", tc.op, tc.v, tc.component, tc.in, err, !tc.syntax, tc.syntax)
		}
	}
}

// escapedComponents lists, per version, the components that Escape escapes, by asking it:
// a component without escape returns an error for a byte its rule does not take, and so
// does a component that is not one.
func escapedComponents(t testing.TB, v urlgrammar.Version) []string {
	var names []string
	for _, name := range componentNamesOf(t, v) {
		if got, err := urlgrammar.Escape(v, name, " \x00%"); err == nil && got != " \x00%" {
			names = append(names, name)
		}
	}
	return names
}

// componentNamesOf reads the names of v's components from the error of an unknown one,
// which lists them (TestEscapeRefuses holds its form).
func componentNamesOf(t testing.TB, v urlgrammar.Version) []string {
	_, err := urlgrammar.Escape(v, "no such component", "")
	_, list, ok := strings.Cut(fmt.Sprint(err), "(known: ")
	if !ok {
		t.Fatalf("%v: %v lists no components", v, err)
	}
	return strings.Split(strings.TrimSuffix(list, ")"), ", ")
}

// allowedBytes returns the bytes that Escape leaves unescaped in the component, as the
// first byte of its text (first) or after one.
func allowedBytes(t testing.TB, v urlgrammar.Version, component string, first bool) []byte {
	var bs []byte
	for c := 0; c < 256; c++ {
		// After a NUL, which every component escapes, c is no first byte.
		s, prefix := string([]byte{byte(c)}), ""
		if !first {
			s, prefix = "\x00"+s, "%00"
		}
		got, err := urlgrammar.Escape(v, component, s)
		if err == nil && got == prefix+string([]byte{byte(c)}) {
			bs = append(bs, byte(c))
		}
	}
	return bs
}

// TestEscapedTextMatchesTheRule holds the sets Escape takes from the grammar to the grammar:
// a text made of bytes that Escape leaves unescaped and of escapes is matched by the
// component's rule, whatever its length (but for a one-character rule, such as gtype, and
// the empty text of a rule of one or more); and every byte Escape escapes is one the rule
// does not take there.
func TestEscapedTextMatchesTheRule(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, v := range urlgrammar.Versions() {
		for _, name := range escapedComponents(t, v) {
			rule := ruleOfComponent(v, name)
			first, after := allowedBytes(t, v, name, true), allowedBytes(t, v, name, false)
			if len(first) == 0 || len(after) == 0 {
				t.Errorf("%v %s: no byte is left unescaped", v, name)
				continue
			}
			if strings.ContainsAny(string(after), "%/") && isSegment(name) || strings.Contains(string(after), "%") {
				t.Errorf("%v %s: %q left unescaped", v, name, after)
			}
			long := string(first[:1]) + string(after[:1])
			one := !urlgrammar.MatchRule(v, rule, long, 0)
			for range 100 {
				n := 1 + rnd.IntN(12)
				if one {
					n = 1
				}
				var b strings.Builder
				for i := range n {
					switch set := map[bool][]byte{true: first, false: after}[i == 0]; {
					case rnd.IntN(4) == 0:
						fmt.Fprintf(&b, "%%%02X", rnd.IntN(256))
					default:
						b.WriteByte(set[rnd.IntN(len(set))])
					}
				}
				if s := b.String(); !urlgrammar.MatchRule(v, rule, s, 0) {
					t.Errorf("%v %s: %q, of bytes Escape leaves and escapes, is no %s", v, name, s, rule)
					break
				}
			}
			// A byte escaped is one the rule does not take alone, or one that ends the
			// component (a segment's "/", the 1993 user's "@", the ":" and "@" that make a
			// reg_name a server).
			for c := 0; c < 256; c++ {
				ends := v == urlgrammar.Draft1993 && name == "user" && c == '@' ||
					(v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003) && name == "host" && (c == ':' || c == '@')
				if strings.IndexByte(string(after), byte(c)) >= 0 || c == '%' || c == '/' || ends {
					continue
				}
				if element := elementOfComponent(v, name); urlgrammar.MatchRule(v, element, string(rune(c)), 0) && c < 0x80 {
					t.Errorf("%v %s: %q is escaped, but %s matches it", v, name, rune(c), element)
				}
			}
		}
	}
}

func isSegment(name string) bool {
	return strings.Contains(name, "segment") || name == "urlpath"
}

// ruleOfComponent and elementOfComponent are the rules the tests hold a component to, written
// here apart from escape.go's table, from the documents: the component's rule, and the rule of
// its characters where the rule itself also holds delimiters of its own.
func ruleOfComponent(v urlgrammar.Version, name string) string {
	switch {
	case v == urlgrammar.Draft1993 && name == "segment":
		return "xpalphas" // path = void | xpalphas [ "/" path ]
	case (v == urlgrammar.Draft1993 || v == urlgrammar.Draft1994 || v == urlgrammar.RFC1738) && name == "query":
		return "search"
	case v == urlgrammar.Draft1993 && name == "fragment":
		return "fragmentid"
	case v == urlgrammar.RFC1808 && name == "host":
		return "net_loc"
	case (v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003) && name == "host":
		return "authority" // authority = server | reg_name
	}
	return name
}

func elementOfComponent(v urlgrammar.Version, name string) string {
	switch {
	case (v == urlgrammar.RFC2396 || v == urlgrammar.Draft1997) && name == "segment":
		return "pchar" // segment = *pchar *( ";" param )
	case (v == urlgrammar.RFC3986 || v == urlgrammar.Draft2003) && name == "host":
		return "reg-name"
	case v == urlgrammar.RFC2396 && name == "host":
		return "reg_name"
	case v == urlgrammar.RFC1808 && name == "params":
		return "param" // params = param *( ";" param )
	case name == "opaque_part" || name == "opaque-part":
		return "uric"
	}
	return ruleOfComponent(v, name)
}

// TestEscapeUnescape holds Unescape to be Escape's inverse on any bytes, for every component
// with escapes of every version.
func TestEscapeUnescape(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, v := range urlgrammar.Versions() {
		for _, name := range escapedComponents(t, v) {
			for range 100 {
				b := make([]byte, rnd.IntN(20))
				for i := range b {
					b[i] = byte(rnd.IntN(256))
				}
				s := string(b)
				if name == "host" { // an IP literal is no text to escape, nor invalid UTF-8 in RFC 3986's
					s = strings.TrimLeft(strings.ToValidUTF8(s, ""), "[")
				}
				esc, err := urlgrammar.Escape(v, name, s)
				if err != nil {
					t.Fatalf("%v %s: Escape(%q): %v", v, name, s, err)
				}
				if back, err := urlgrammar.Unescape(v, name, esc); err != nil || back != s {
					t.Fatalf("%v %s: Unescape(Escape(%q) = %q) = %q, %v", v, name, s, esc, back, err)
				}
			}
		}
	}
}

// TestEscapeAllocs holds Escape to at most one allocation, and none when nothing is escaped.
func TestEscapeAllocs(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want float64
	}{{"plain-segment", 0}, {"r\u00e9sum\u00e9 of a/b", 1}} {
		n := testing.AllocsPerRun(100, func() {
			if _, err := urlgrammar.Escape(urlgrammar.RFC3986, "segment", tc.s); err != nil {
				t.Fatal(err)
			}
		})
		if n != tc.want {
			t.Errorf("Escape(%q): %v allocations, want %v", tc.s, n, tc.want)
		}
	}
}

// TestEscapeAgreesWithProbes holds Escape to charset.Of, which finds the same
// characters another way, by probing whole URLs with each character in each position of the
// component: every printable character that the probes admit in every position ("yes") is
// left unescaped, every one they admit in none ("no") is escaped (or, in a component without
// escape, refused). A character the probes admit in some positions only ("partly") is one
// that a component's context restricts, and each is checked against the context that
// Escape has for it (partlyChecks).
func TestEscapeAgreesWithProbes(t *testing.T) {
	var yes, no, partly, segmentParams int
	for _, pc := range charset.Components() {
		for _, v := range urlgrammar.Versions() {
			name, ok := probedComponent(v, pc)
			if !ok {
				continue
			}
			cs, err := charset.Of(v, pc.Name)
			if err != nil {
				t.Fatal(err)
			}
			if !cs.Applies {
				continue
			}
			for c := byte(charset.FirstPrintable); c <= charset.LastPrintable; c++ {
				s := string(rune(c))
				got, err := urlgrammar.Escape(v, name, s)
				switch st := cs.Of(c); st {
				case charset.Yes:
					yes++
					if c == ';' && name == "segment" && (v == urlgrammar.RFC2396 || v == urlgrammar.Draft1997) {
						// The probes find the ";" in a segment's text, which holds its
						// params (segment = *pchar *( ";" param )); Escape writes a
						// segment's characters, pchar, whose ";" would begin a param.
						segmentParams++
						if got != "%3B" {
							t.Errorf("%v %s: %q is %q, want it escaped", v, name, s, got)
						}
						continue
					}
					if err != nil || got != s {
						t.Errorf("%v %s (%s): %q is admitted everywhere, but Escape gives %q, %v", v, pc.Name, name, s, got, err)
					}
				case charset.No:
					no++
					if err == nil && got == s {
						t.Errorf("%v %s (%s): %q is admitted nowhere, but Escape leaves it", v, pc.Name, name, s)
					}
				case charset.Partly:
					partly++
					if why := partlyCheck(v, pc.Name, name, c); why != "" {
						t.Errorf("%v %s (%s): %q is admitted in some positions (%s): %s", v, pc.Name, name, s, cs.Restriction(c), why)
					}
				}
			}
		}
	}
	t.Logf("Escape agrees with the probes on %d characters admitted everywhere (but the %d \";\" of a segment's params) and %d admitted nowhere; %d admitted in some positions, each checked in its context", yes-segmentParams, segmentParams, no, partly)
}

// probedComponent is Escape's name for the component the probes call pc under v, and
// whether Escape has one. The probes' "userinfo" of the versions that divide it (RFC 1738,
// the 1993, 1994 and 1997 drafts) is user ":" password, which Escape has as two; their
// generic "path segment" of RFC 1738 is each scheme's, which Escape has by scheme.
func probedComponent(v urlgrammar.Version, pc charset.Component) (string, bool) {
	split := v == urlgrammar.RFC1738 || v == urlgrammar.Draft1993 || v == urlgrammar.Draft1994 || v == urlgrammar.Draft1997
	switch {
	case pc.Scheme != "":
		_, rule, _ := strings.Cut(pc.Name, " ")
		return rule, v == urlgrammar.RFC1738
	case pc.Name == "userinfo":
		return "userinfo", !split
	case pc.Name == "path segment":
		return "segment", v != urlgrammar.RFC1738
	case pc.Name == "scheme":
		return "scheme", v != urlgrammar.Draft1994
	}
	return pc.Name, true
}

// partlyCheck says what is wrong with Escape of a character c that the probes admit in some
// positions of the component only, or "" when it is right: such a character is either
// escaped where the context it is restricted in is a component of its own (the first segment
// of a relative path), or escaped wherever the component holds it as data (a "+", which
// separates the 1993 draft's search words; a ":", "[" or "]" of an RFC 3986 host, which
// stand only in an IP-literal), or stands in a component without escape, whose rule decides
// where it may stand.
func partlyCheck(v urlgrammar.Version, probed, name string, c byte) string {
	s := string(rune(c))
	got, err := urlgrammar.Escape(v, name, s)
	switch {
	case probed == "path segment" && c == ':':
		first := map[urlgrammar.Version]string{urlgrammar.RFC3986: "segment-nz-nc", urlgrammar.RFC2396: "rel_segment", urlgrammar.Draft2003: "rel-segment"}[v]
		if got != s || err != nil {
			return "a segment holds it"
		}
		if g, err := urlgrammar.Escape(v, first, s); err != nil || g != "%3A" {
			return fmt.Sprintf("the first segment of a relative path %s gives %q, %v", first, g, err)
		}
	case v == urlgrammar.Draft1993 && probed == "query" && c == '+',
		(v == urlgrammar.RFC3986 || v == urlgrammar.Draft2003) && probed == "host" && strings.IndexByte(":]", c) >= 0:
		if err != nil || got == s {
			return fmt.Sprintf("it is left unescaped as data (%q, %v)", got, err)
		}
	case (v == urlgrammar.RFC3986 || v == urlgrammar.Draft2003) && probed == "host" && c == '[':
		// A host that begins with "[" is an IP literal, held to its rule.
		if err == nil {
			return fmt.Sprintf("Escape gives %q, not the IP literal's error", got)
		}
	case (v == urlgrammar.RFC2396 || v == urlgrammar.Draft2003) && probed == "host" && (c == ':' || c == '@'):
		// A ":" or "@" makes what would be a reg_name a server: "s://y:/x" is the host "y"
		// with an empty port. Escaped in a reg_name.
		if err != nil || got == s {
			return fmt.Sprintf("a reg_name's %q is %q, %v", s, got, err)
		}
	case v == urlgrammar.Draft1993 && (probed == "user" || probed == "userinfo") && c == '@':
		// Admitted as the only, first and last character of a user, not as an inner one:
		// "telnet://y@z@h" is the user "y" at the host "z@h". Escaped everywhere.
		if err != nil || got != "%40" {
			return fmt.Sprintf("a user's %q is %q, %v", s, got, err)
		}
	default:
		// A component without escape (scheme, host, news group) escapes nothing: its rule
		// decides where the character may stand, and Escape refuses a NUL.
		if _, err := urlgrammar.Escape(v, name, "\x00"); err == nil {
			return "a component with escapes, where the probes find a context Escape has not"
		}
	}
	return ""
}
