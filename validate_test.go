package urlgrammar_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
)

// badInputs are inputs that no grammar accepts: each must give a *SyntaxError, never a panic.
// (A space is not among them: the 1993 draft's extra set includes it; see grammar/draft1993.bnf.)
var badInputs = map[string]string{
	"empty":          "",
	"NUL":            "http://a/\x00",
	"NUL first":      "\x00",
	"control":        "http://a/\x01b",
	"DEL":            "http://a/\x7f",
	"newline":        "http://a/\nb",
	"invalid UTF-8":  "http://a/\xff\xfe",
	"non-ASCII":      "http://a/é",
	"non-ASCII host": "http://exämple.com/",
	"1 MiB of %":     "http://a/" + strings.Repeat("%", 1<<20),
	"1 MiB of NUL":   strings.Repeat("\x00", 1<<20),
	"1 MiB invalid":  strings.Repeat("\xff", 1<<20),
}

func TestBadInputIsSyntaxError(t *testing.T) {
	for _, v := range urlgrammar.Versions() {
		for _, rule := range v.Spec().StartRules {
			for name, s := range badInputs {
				if name == "empty" {
					continue // the empty string is a valid relative reference in several grammars
				}
				err := urlgrammar.ValidateRule(v, rule, s, 0)
				var se *urlgrammar.SyntaxError
				if !errors.As(err, &se) {
					t.Errorf("%v %s: %s: got %v, want a *SyntaxError", v, rule, name, err)
					continue
				}
				if se.Offset < 0 || se.Offset > len(s) {
					t.Errorf("%v %s: %s: offset %d outside the input", v, rule, name, se.Offset)
				}
				msg := se.Error()
				if strings.Contains(msg, "\n") || len(msg) > 400 || !utf8.ValidString(msg) {
					t.Errorf("%v %s: %s: Error() is not one short valid line: %d bytes", v, rule, name, len(msg))
				}
			}
		}
	}
}

func TestEmptyInput(t *testing.T) {
	// Of the absolute-URL rules, none accepts the empty string: each needs a scheme.
	for _, v := range urlgrammar.Versions() {
		rule := v.Spec().AbsoluteRule
		if rule == "" {
			rule = v.Spec().DefaultRule
		}
		err := urlgrammar.ValidateRule(v, rule, "", 0)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) || se.Offset != 0 {
			t.Errorf("%v %s: empty input: got %v, want a *SyntaxError at offset 0", v, rule, err)
		}
	}
}

func TestUnknownVersionAndRule(t *testing.T) {
	if _, err := urlgrammar.Lookup("rfc9999"); err == nil {
		t.Error("Lookup(rfc9999): no error")
	}
	var se *urlgrammar.SyntaxError
	if err := urlgrammar.Validate(urlgrammar.Version(0), "http://a/"); err == nil || errors.As(err, &se) {
		t.Errorf("Validate(Version(0)): got %v, want an error that is no SyntaxError", err)
	}
	for _, v := range urlgrammar.Versions() {
		if err := urlgrammar.ValidateRule(v, "no-such-rule", "http://a/", 0); err == nil || errors.As(err, &se) {
			t.Errorf("ValidateRule(%v, no-such-rule): got %v, want an error that is no SyntaxError", v, err)
		}
		if urlgrammar.MatchRule(v, "no-such-rule", "http://a/", 0) {
			t.Errorf("MatchRule(%v, no-such-rule) is true", v)
		}
	}
}

func TestVersionsTable(t *testing.T) {
	ids := map[string]bool{}
	for _, v := range urlgrammar.Versions() {
		id := v.String()
		if ids[id] {
			t.Errorf("version id %s twice", id)
		}
		ids[id] = true
		got, err := urlgrammar.Lookup(strings.ToUpper(id))
		if err != nil || got != v {
			t.Errorf("Lookup(%q) = %v, %v; want %v", strings.ToUpper(id), got, err, v)
		}
		if v.Spec().Document == "" || len(v.Spec().Date) != len("1994-12") || len(v.Spec().StartRules) == 0 {
			t.Errorf("%s: document %q, date %q, start rules %v", id, v.Spec().Document, v.Spec().Date, v.Spec().StartRules)
		}
		if v.Spec().DefaultRule != v.Spec().StartRules[0] {
			t.Errorf("%s: default rule %q is not the first start rule", id, v.Spec().DefaultRule)
		}
		if r := v.Spec().AbsoluteRule; r != "" && !contains(v.Spec().StartRules, r) {
			t.Errorf("%s: absolute rule %q is not a start rule", id, r)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestMatchAgreesWithValidate: the verdict-only functions give Validate's verdict.
func TestMatchAgreesWithValidate(t *testing.T) {
	inputs := []string{"http://a/b?c#d", "ftp://u:p@h:21/x;type=a", "a/b", "", "http://[::1]/", "mailto:a@b", "%41"}
	for _, v := range urlgrammar.Versions() {
		for _, s := range inputs {
			if got, want := urlgrammar.MatchRule(v, "", s, 0), urlgrammar.Validate(v, s) == nil; got != want {
				t.Errorf("%v %q: Match %v, Validate %v", v, s, got, want)
			}
			for _, rule := range v.Spec().StartRules {
				if got, want := urlgrammar.MatchRule(v, rule, s, 0), urlgrammar.ValidateRule(v, rule, s, 0) == nil; got != want {
					t.Errorf("%v %s %q: MatchRule %v, ValidateRule %v", v, rule, s, got, want)
				}
			}
		}
	}
}

// FuzzValidate is the fuzz target over (version, rule, input): no input makes any rule of any
// version panic, a rejection is a *SyntaxError with an offset inside the input, the verdict is
// stable (the pooled parsers keep no state from one input to the next), the generated parser
// and the diagnosis automaton agree on it (CheckEngines), and no diagnosis expects the end of
// the input where the input ended. The version and the rule are indexes, taken modulo the
// number of versions and of the version's rules (Version.Rules), so that every value the
// fuzzer tries names one; the seeds are every seed input under every start rule of every
// version. Run it with go test -fuzz FuzzValidate -run '^$' .
func FuzzValidate(f *testing.F) {
	for vi, v := range urlgrammar.Versions() {
		for _, rule := range v.Spec().StartRules {
			ri := slices.Index(v.Spec().Rules, rule)
			if ri < 0 {
				f.Fatalf("%v: start rule %s is not among its rules", v, rule)
			}
			for _, s := range []string{"http://a/b?c#d", "ftp://u:p@h:21/x;type=a", "gopher://h/1sel%09search",
				"//a", "?y", "[::1]", "%zz", "http://[v1.x]/", "news:a@b", "url:http://h/"} {
				f.Add(uint8(vi), uint16(ri), s)
			}
		}
	}
	f.Fuzz(func(t *testing.T, vi uint8, ri uint16, s string) {
		vs := urlgrammar.Versions()
		v := vs[int(vi)%len(vs)]
		rules := v.Spec().Rules
		rule := rules[int(ri)%len(rules)]
		first := urlgrammar.ValidateRule(v, rule, s, 0)
		urlgrammar.MatchRule(v, rule, "http://x/"+s, 0)
		second := urlgrammar.ValidateRule(v, rule, s, 0)
		if (first == nil) != (second == nil) {
			t.Fatalf("%v %s %q: verdict changed: %v then %v", v, rule, s, first, second)
		}
		var se *urlgrammar.SyntaxError
		if first != nil && (!errors.As(first, &se) || se.Offset < 0 || se.Offset > len(s)) {
			t.Fatalf("%v %s %q: %v", v, rule, s, first)
		}
		if se != nil && se.Offset == len(s) && slices.Contains(se.Expected, "end of input") {
			t.Fatalf("%v %s %q: a diagnosis that expects what it found: %v", v, rule, s, first)
		}
		if _, _, err := urlgrammar.CheckEngines(v, rule, s, 0); err != nil {
			t.Fatal(err)
		}
	})
}

// TestSyntaxErrorMessage holds the message to its layout (SyntaxError.Error's doc): version,
// rule and the input quoted as it is, then the offset, what was found and in which rule, and
// what was expected last.
func TestSyntaxErrorMessage(t *testing.T) {
	// RFC 1738 section 3.3: httpurl = "http://" hostport [ "/" hpath [ "?" search ]], and
	// section 5: hostport = host [ ":" port ], port = digits; after "http://a:" only a digit
	// may follow, and the ":" has begun a port of the hostport.
	err := urlgrammar.Validate(urlgrammar.RFC1738, "http://a:b/")
	want := `rfc1738 httpurl "http://a:b/": byte 9: found "b" (in hostport); expected digit`
	if err == nil || err.Error() != want {
		t.Errorf("Validate error = %v, want %s", err, want)
	}

	e := &urlgrammar.SyntaxError{Version: urlgrammar.RFC1738, Rule: "httpurl", Input: "http://a:b/", Offset: 9,
		Expected: []string{"digit", `"/"`, `"?"`}, In: "port"}
	if got, want := e.Reason(), `found "b" (in port); expected digit, "/" or "?"`; got != want {
		t.Errorf("Reason() = %q, want %q", got, want)
	}
	// The words follow the fields, also after a caller changed them.
	var se *urlgrammar.SyntaxError
	errors.As(err, &se)
	se.In, se.Expected = "port", []string{"digit", `"/"`}
	if got, want := se.Reason(), `found "b" (in port); expected digit or "/"`; got != want {
		t.Errorf("Reason() after a change = %q, want %q", got, want)
	}

	// A long input is quoted in a window around Offset, its own bytes between the quotes.
	huge := &urlgrammar.SyntaxError{Version: urlgrammar.RFC1738, Rule: "url", Input: strings.Repeat("a", 1<<20) + "\x00b", Offset: 1 << 20}
	want = `rfc1738 url …"` + strings.Repeat("a", 24) + `\x00b": byte 1048576: unexpected control character U+0000`
	if got := huge.Error(); got != want {
		t.Errorf("Error() on a huge input: %d bytes: %.200q, want %q", len(got), got, want)
	}
	mid := &urlgrammar.SyntaxError{Version: urlgrammar.RFC3986, Rule: "URI", Input: strings.Repeat("a", 30) + "\"" + strings.Repeat("b", 30), Offset: 30,
		Expected: []string{"end of input"}}
	q := `"` + strings.Repeat("a", 24) + `\"` + strings.Repeat("b", 23) + `"`
	want = `rfc3986 URI …` + q + `…: byte 30: found "\""; expected end of input`
	if got := mid.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if text, err := strconv.Unquote(q); err != nil || text != mid.Input[6:54] {
		t.Errorf("the quoted window unquotes to %q, %v; want %q", text, err, mid.Input[6:54])
	}

	// What was found, named for a reader.
	for _, tc := range []struct{ input, want string }{
		{"a\u00e9", "found non-ASCII character U+00E9"},
		{"a\xff", "found invalid UTF-8 byte 0xff"},
		{"a\x7f", "found control character U+007F"},
		{"a", "found end of input"},
	} {
		e := &urlgrammar.SyntaxError{Input: tc.input, Offset: 1, Expected: []string{"digit"}}
		if got := e.Reason(); got != tc.want+"; expected digit" {
			t.Errorf("%q: Reason() = %q, want %q", tc.input, got, tc.want+"; expected digit")
		}
	}
}

// TestSyntaxErrorIn holds In to its definition (SyntaxError's doc) on the examples it gives and
// on a few more a reader can check against the grammar as printed.
func TestSyntaxErrorIn(t *testing.T) {
	for _, tc := range []struct {
		v      urlgrammar.Version
		input  string
		offset int
		in     string
	}{
		// "a" may begin a userinfo or a reg-name (RFC 3986 section 3.2): both are inside
		// authority.
		{urlgrammar.RFC3986, "http://a b", 8, "authority"},
		// RFC 1738 section 5: hostport = host [ ":" port ]; after ":" only port's digits.
		{urlgrammar.RFC1738, "http://a:b/", 9, "hostport"},
		// Nothing read yet: the start rule.
		{urlgrammar.RFC3986, " http://a/", 0, "URI-reference"},
		// RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG.
		{urlgrammar.RFC3986, "http://a/%zz", 10, "pct-encoded"},
		// RFC 1738 section 5: ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]], and
		// ftptype is a set of single characters: what follows "=" is ftpurl's own.
		{urlgrammar.RFC1738, "ftp://h/p;type=x", 15, "ftpurl"},
	} {
		err := urlgrammar.Validate(tc.v, tc.input)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%v %q: %v, want a *SyntaxError", tc.v, tc.input, err)
			continue
		}
		if se.Offset != tc.offset || se.In != tc.in {
			t.Errorf("%v %q: offset %d in %s, want offset %d in %s", tc.v, tc.input, se.Offset, se.In, tc.offset, tc.in)
		}
	}
}

// TestInnerRules asks inner rules of the documents, each matched alone, with the documents'
// own examples and the limits their rules set.
func TestInnerRules(t *testing.T) {
	for _, c := range []struct {
		v     urlgrammar.Version
		rule  string
		input string
		valid bool
	}{
		// RFC 3986 section 1.1.2's examples: ldap://[2001:db8::7]/c=GB?objectClass?one,
		// telnet://192.0.2.16:80/, http://www.ietf.org/rfc/rfc2396.txt.
		{urlgrammar.RFC3986, "host", "[2001:db8::7]", true},
		{urlgrammar.RFC3986, "IP-literal", "[2001:db8::7]", true},
		{urlgrammar.RFC3986, "IPv6address", "2001:db8::7", true},
		{urlgrammar.RFC3986, "IPv6address", "::1", true},
		{urlgrammar.RFC3986, "IPv6address", "1::2::3", false}, // section 3.2.2: "::" at most once
		{urlgrammar.RFC3986, "host", "192.0.2.16", true},
		{urlgrammar.RFC3986, "IPv4address", "192.0.2.16", true},
		{urlgrammar.RFC3986, "port", "80", true},
		{urlgrammar.RFC3986, "port", "", true}, // port = *DIGIT
		{urlgrammar.RFC3986, "port", "8o", false},
		{urlgrammar.RFC3986, "reg-name", "www.ietf.org", true},
		{urlgrammar.RFC3986, "path-abempty", "/rfc/rfc2396.txt", true},
		{urlgrammar.RFC3986, "scheme", "telnet", true},
		{urlgrammar.RFC3986, "scheme", "1telnet", false}, // scheme = ALPHA *( … )
		// Section 3.2.2: dec-octet is 0 to 255; "1.2.3.256" is no IPv4address, but a reg-name
		// and so a host.
		{urlgrammar.RFC3986, "dec-octet", "255", true},
		{urlgrammar.RFC3986, "dec-octet", "256", false},
		{urlgrammar.RFC3986, "IPv4address", "1.2.3.256", false},
		{urlgrammar.RFC3986, "host", "1.2.3.256", true},
		{urlgrammar.RFC3986, "path-empty", "", true},
		{urlgrammar.RFC3986, "path-empty", "a", false},
		{urlgrammar.RFC3986, "pchar", "%41", true},
		{urlgrammar.RFC3986, "pchar", "/", false},
		{urlgrammar.RFC3986, "ALPHA", "z", true},
		// RFC 2396 section 3.2.2: a toplabel begins with an alpha.
		{urlgrammar.RFC2396, "hostname", "www.w3.org", true},
		{urlgrammar.RFC2396, "hostname", "a.1", false},
		{urlgrammar.RFC2396, "hostport", "www.w3.org:80", true},
		// RFC 1738 section 5: scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], ftptype =
		// "A" | "I" | "D" | "a" | "i" | "d".
		{urlgrammar.RFC1738, "scheme", "http", true},
		{urlgrammar.RFC1738, "scheme", "HTTP", false},
		{urlgrammar.RFC1738, "ftptype", "i", true},
		{urlgrammar.RFC1738, "ftptype", "x", false},
		{urlgrammar.RFC1738, "hostport", "ftp.is.co.za:21", true},
		// draft1993's hostname may end in ":" digits when matched alone (decision D4 of
		// grammar/draft1993.bnf), though inside hostport those are the port.
		{urlgrammar.Draft1993, "hostname", "a:0", true},
		{urlgrammar.Draft1993, "scheme", "a:", true},
		// draft-fielding-url-syntax-05 section 5: port = *digit.
		{urlgrammar.Draft1997, "port", "8080", true},
		{urlgrammar.Draft1997, "site", "user@host:80", true},
		{urlgrammar.Draft2003, "dec-octet", "256", false},
		{urlgrammar.Draft2003, "IPv4address", "10.0.0.1", true},
	} {
		err := urlgrammar.ValidateRule(c.v, c.rule, c.input, 0)
		var se *urlgrammar.SyntaxError
		switch {
		case c.valid && err != nil:
			t.Errorf("ValidateRule(%v, %s, %q) = %v, want nil", c.v, c.rule, c.input, err)
		case !c.valid && !errors.As(err, &se):
			t.Errorf("ValidateRule(%v, %s, %q) = %v, want a *SyntaxError", c.v, c.rule, c.input, err)
		case !c.valid && se.Rule != c.rule:
			t.Errorf("ValidateRule(%v, %s, %q): SyntaxError.Rule %q", c.v, c.rule, c.input, se.Rule)
		}
		if got := urlgrammar.MatchRule(c.v, c.rule, c.input, 0); got != c.valid {
			t.Errorf("MatchRule(%v, %s, %q) = %v, want %v", c.v, c.rule, c.input, got, c.valid)
		}
		if _, err := urlgrammar.ParseTreeRule(c.v, c.rule, c.input, 0); (err == nil) != c.valid {
			t.Errorf("ParseTreeRule(%v, %s, %q): %v", c.v, c.rule, c.input, err)
		}
	}
	// Every rule of every document can be asked.
	for _, v := range urlgrammar.Versions() {
		for _, rule := range v.Spec().Rules {
			if _, err := urlgrammar.ParseRule(v, rule, "x", 0); err != nil {
				var se *urlgrammar.SyntaxError
				if !errors.As(err, &se) {
					t.Errorf("ParseRule(%v, %s): %v, want nil or a *SyntaxError", v, rule, err)
				}
			}
		}
	}
}

// TestBadInputEveryRule holds every rule of every document, matched alone, to the bad inputs:
// a *SyntaxError, never a panic, and never an error of another type. RFC 2396's control =
// %x00-1F | %x7F (section 2.4.3) is the one rule that accepts one of them, "\x00".
func TestBadInputEveryRule(t *testing.T) {
	if testing.Short() {
		t.Skip("every rule of every version, on inputs of 1 MiB")
	}
	for _, v := range urlgrammar.Versions() {
		for _, rule := range v.Spec().Rules {
			for name, s := range badInputs {
				err := urlgrammar.ValidateRule(v, rule, s, 0)
				if err == nil && (name == "empty" || v == urlgrammar.RFC2396 && rule == "control" && s == "\x00") {
					continue
				}
				var se *urlgrammar.SyntaxError
				if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
					t.Errorf("%v %s: %s: got %v, want a *SyntaxError inside the input", v, rule, name, err)
				}
			}
		}
	}
}
