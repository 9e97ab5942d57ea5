package urlgrammar_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/internal/testdiff"
)

// A found is what a test expects of a finding: its concern, the section it cites, and the text
// of its span.
type found struct {
	Concern urlgrammar.Concern
	Section string
	Text    string
}

// Shorthands for the sections cited.
const (
	d94Sec7   = `draft-ietf-uri-url-03 section "Security considerations"`
	rfc1738s6 = "RFC 1738 section 6"
	d97Sec7   = "draft-fielding-url-syntax-05 section 7"
	rfc2396s7 = "RFC 2396 section 7"
	d03       = "draft-fielding-uri-rfc2396bis-01 section "
	rfc3986s  = "RFC 3986 section "
)

// findingsOf returns the findings as found values, and checks what every finding must be: a
// span within the input, and a reason whose first quoted text is the span's text, so that the
// reason names what the span holds.
func findingsOf(t *testing.T, input string, fs []urlgrammar.Finding) []found {
	t.Helper()
	got := []found{}
	for _, f := range fs {
		if f.Begin < 0 || f.Begin > f.End || f.End > len(input) {
			t.Errorf("%q: finding %v has the span %d-%d outside the input", input, f, f.Begin, f.End)
			continue
		}
		text := input[f.Begin:f.End]
		got = append(got, found{f.Concern, f.Section, text})
		i := strings.IndexByte(f.Reason, '"')
		if i < 0 {
			t.Errorf("%q: reason %q quotes nothing", input, f.Reason)
			continue
		}
		q, err := strconv.QuotedPrefix(f.Reason[i:])
		if named, _ := strconv.Unquote(q); err != nil || named != text {
			t.Errorf("%q: reason %q names %s, but the span %d-%d holds %q", input, f.Reason, q, f.Begin, f.End, text)
		}
		if !strings.HasPrefix(f.String(), f.Section+": ") {
			t.Errorf("%q: String() = %q does not begin with the section", input, f.String())
		}
	}
	return got
}

type reviewCase struct {
	v     urlgrammar.Version
	input string
	want  []found
}

func checkReviews(t *testing.T, cases []reviewCase) {
	t.Helper()
	for _, c := range cases {
		fs, err := urlgrammar.Review(c.v, c.input, 0)
		if err != nil {
			t.Errorf("Review(%v, %q): %v", c.v, c.input, err)
			continue
		}
		want := c.want
		if want == nil {
			want = []found{}
		}
		if diff := testdiff.Diff(want, findingsOf(t, c.input, fs)); diff != "" {
			t.Errorf("Review(%v, %q) (-want +got):\n%s", c.v, c.input, diff)
		}
	}
}

// TestReviewSectionExamples: each section's own example, or the URL its words describe, gives
// the section's finding.
func TestReviewSectionExamples(t *testing.T) {
	// The 2003 draft section 7.5: "For example
	// http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm might lead a human user
	// to assume that the authority is 'www.example.com', whereas it is actually '10.0.0.1'."
	semantic2003 := "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
	// RFC 3986 section 7.6, the same with ftp and cnn.example.com.
	semantic3986 := "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
	// "An example has been the use of gopher URLs to cause a rude message to be sent via a SMTP
	// server" (RFC 1738 section 6; the 1994 draft, the 1997 draft, RFC 2396 and the 2003 draft
	// say the same): a gopher URL to port 25 whose selector holds escaped CR and LF, the
	// "embedded encoded delimiters [...] (for example, CR and LF characters for telnet
	// protocols)" of the next paragraph.
	gopherSMTP := "gopher://mail.example.com:25/0HELO%20x%0D%0AQUIT"
	gopherSMTPWant := func(sec, crlf string) []found {
		return []found{{urlgrammar.NonDefaultPort, sec, "25"}, {urlgrammar.EscapedControl, crlf, "%0D%0A"}}
	}
	checkReviews(t, []reviewCase{
		{urlgrammar.Draft2003, semantic2003, []found{{urlgrammar.MisleadingUserinfo, d03 + "7.5", "www.example.com&story=breaking_news"}}},
		{urlgrammar.RFC3986, semantic2003, []found{{urlgrammar.MisleadingUserinfo, rfc3986s + "7.6", "www.example.com&story=breaking_news"}}},
		{urlgrammar.RFC3986, semantic3986, []found{{urlgrammar.MisleadingUserinfo, rfc3986s + "7.6", "cnn.example.com&story=breaking_news"}}},
		// The 1997 draft and RFC 2396 state no semantic attack, and the userinfo holds no
		// password.
		{urlgrammar.Draft1997, semantic2003, nil},
		{urlgrammar.RFC2396, semantic2003, nil},

		{urlgrammar.Draft1994, "url:" + gopherSMTP, []found{{urlgrammar.NonDefaultPort, d94Sec7, "25"}, {urlgrammar.EscapedControl, d94Sec7, "%0D%0A"}}},
		{urlgrammar.RFC1738, gopherSMTP, gopherSMTPWant(rfc1738s6, rfc1738s6)},
		{urlgrammar.Draft1997, gopherSMTP, gopherSMTPWant(d97Sec7, d97Sec7)},
		{urlgrammar.RFC2396, gopherSMTP, gopherSMTPWant(rfc2396s7, rfc2396s7)},
		{urlgrammar.Draft2003, gopherSMTP, gopherSMTPWant(d03+"7.2", d03+"7.2")},
		// RFC 3986 section 7.2: "the use of a protocol-based scheme with a port component of
		// "25"".
		{urlgrammar.RFC3986, gopherSMTP, gopherSMTPWant(rfc3986s+"7.2", rfc3986s+"7.2")},
		{urlgrammar.RFC3986, "http://www.example.com:25/", []found{{urlgrammar.NonDefaultPort, rfc3986s + "7.2", "25"}}},
		// A port that is the scheme's default (RFC 1738 section 3.3: 80 for http), even with
		// leading zeros, is no finding; one outside the reserved range is, for not being the
		// default.
		{urlgrammar.RFC1738, "http://www.example.com:80/", nil},
		{urlgrammar.RFC3986, "http://www.example.com:0080/", nil},
		{urlgrammar.RFC1738, "http://www.example.com:8080/", []found{{urlgrammar.NonDefaultPort, rfc1738s6, "8080"}}},
		// A scheme whose default is not known here: the reserved range only.
		{urlgrammar.RFC3986, "foo://h:25/", []found{{urlgrammar.NonDefaultPort, rfc3986s + "7.2", "25"}}},
		{urlgrammar.RFC3986, "foo://h:8080/", nil},

		// "The use of URLs containing passwords that should be secret is clearly unwise" (RFC
		// 1738 section 6); the 1997 draft section 7: "the use of a password within the "site"
		// component of a URL is strongly disrecommended"; RFC 2396 section 7 and the 2003 draft
		// section 7.4 say it of the userinfo; RFC 3986 section 7.5 of "a username or password".
		{urlgrammar.Draft1994, "url:telnet://user:secret@host.example", []found{{urlgrammar.PasswordPresent, d94Sec7, "secret"}}},
		{urlgrammar.RFC1738, "telnet://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, rfc1738s6, "secret"}}},
		{urlgrammar.Draft1997, "ftp://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, d97Sec7, "secret"}}},
		{urlgrammar.RFC2396, "ftp://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, rfc2396s7, "secret"}}},
		{urlgrammar.Draft2003, "ftp://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, d03 + "7.4", "secret"}}},
		{urlgrammar.RFC3986, "ftp://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, rfc3986s + "7.5", "secret"}}},
		// RFC 1738 section 3.1's own examples: "ftp://@host.com/" has an empty user name and no
		// password, "ftp://foo:@host.com/" an empty password. Neither holds a secret.
		{urlgrammar.RFC1738, "ftp://@host.com/", nil},
		{urlgrammar.RFC1738, "ftp://foo:@host.com/", nil},
		// A user name alone: RFC 3986 section 7.5 ("a username [...] intended to be secret") and
		// the 2003 draft section 7.5 ("render userinfo if any is present") speak of it, the
		// older documents do not.
		{urlgrammar.RFC3986, "ftp://foo:@host.com/", []found{{urlgrammar.UserinfoPresent, rfc3986s + "7.5", "foo:"}}},
		{urlgrammar.Draft2003, "ftp://anonymous@host.com/", []found{{urlgrammar.UserinfoPresent, d03 + "7.5", "anonymous"}}},
		{urlgrammar.RFC2396, "ftp://anonymous@host.com/", nil},

		// The 2003 draft section 7.3 and RFC 3986 section 7.4: "dotted forms of three numbers,
		// wherein the last part is interpreted as a 16-bit quantity", "a dotted form of two
		// numbers means that the last part is interpreted as a 24-bit quantity", "a single
		// number (without dots) is interpreted as a 32-bit quantity", and parts "interpreted as
		// decimal, octal, or hexadecimal, as specified in the C language (i.e., a leading 0x or
		// 0X implies hexadecimal; a leading 0 implies octal". Each of these is 127.0.0.1.
		{urlgrammar.RFC3986, "http://127.0.1/", []found{{urlgrammar.RareIPAddress, rfc3986s + "7.4", "127.0.1"}}},
		{urlgrammar.RFC3986, "http://127.1/", []found{{urlgrammar.RareIPAddress, rfc3986s + "7.4", "127.1"}}},
		{urlgrammar.RFC3986, "http://2130706433/", []found{{urlgrammar.RareIPAddress, rfc3986s + "7.4", "2130706433"}}},
		{urlgrammar.RFC3986, "http://0x7f.1/", []found{{urlgrammar.RareIPAddress, rfc3986s + "7.4", "0x7f.1"}}},
		{urlgrammar.RFC3986, "http://0177.0.0.1/", []found{{urlgrammar.RareIPAddress, rfc3986s + "7.4", "0177.0.0.1"}}},
		{urlgrammar.Draft2003, "http://0x7f.1/", []found{{urlgrammar.RareIPAddress, d03 + "7.3", "0x7f.1"}}},
		{urlgrammar.Draft2003, "http://2130706433/", []found{{urlgrammar.RareIPAddress, d03 + "7.3", "2130706433"}}},
		// The form the grammar has, and names that no address parser reads as an address.
		{urlgrammar.RFC3986, "http://127.0.0.1/", nil},
		{urlgrammar.RFC3986, "http://1.2.3.4.5/", nil},
		{urlgrammar.RFC3986, "http://example.com./", nil},
		{urlgrammar.RFC3986, "http://0x/", nil},
		{urlgrammar.RFC3986, "http://08.0.0.1/", nil},        // 8 is no octal digit
		{urlgrammar.RFC3986, "http://1.2.3.256/", nil},       // the last of four parts is one byte
		{urlgrammar.RFC3986, "http://4294967296/", nil},      // beyond 32 bits
		{urlgrammar.Draft1997, "http://0x7f.1/", nil},        // no such section in the 1997 draft
		{urlgrammar.RFC2396, "http://2130706433/", nil},      // nor in RFC 2396
		{urlgrammar.RFC3986, "http://[::ffff:7f00:1]/", nil}, // an IPv6 literal is not a rare IPv4 form

		// RFC 3986 section 7.3: 'the "%00" percent-encoding (NUL) may require special handling
		// and should be rejected if the application is not expecting to receive raw data within
		// a component'; the file system's special device names like "." and "..".
		{urlgrammar.RFC3986, "http://h/file.txt%00.html", []found{{urlgrammar.EscapedControl, rfc3986s + "7.3", "%00"}}},
		{urlgrammar.Draft2003, "http://h/file.txt%00.html", nil}, // the 2003 draft has no section on it
		{urlgrammar.RFC3986, "http://h/../etc/passwd", []found{{urlgrammar.DotSegments, rfc3986s + "7.3", ".."}}},
		{urlgrammar.RFC3986, "http://h/a/../b", nil},
		{urlgrammar.RFC3986, "../etc/passwd", nil}, // relative: its root is the base's, not known here
		{urlgrammar.RFC3986, "http://h/%2e%2e/x", []found{
			{urlgrammar.DotSegments, rfc3986s + "7.3", "%2e%2e"}, // written with escapes
			{urlgrammar.DotSegments, rfc3986s + "7.3", "%2e%2e"}, // and above the root
		}},

		// The 1993 draft states no consideration: a valid input gives none.
		{urlgrammar.Draft1993, "ftp://u:p@0x7f.1:25/a%0D%0A", nil},
		// RFC 1808 section 6: "There are no security considerations in the use or parsing of
		// relative URLs. However, once a relative URL has been resolved to its absolute form,
		// the same security considerations apply as those described in RFC 1738."
		{urlgrammar.RFC1808, "../g", nil},
		{urlgrammar.RFC1808, "telnet://user:secret@host.example/", []found{{urlgrammar.PasswordPresent, rfc1738s6 + ", by RFC 1808 section 6", "secret"}}},
	})
}

// TestReviewInvalid: an invalid input gives Validate's *SyntaxError, and no finding.
func TestReviewInvalid(t *testing.T) {
	for _, s := range []string{"http://a:b/", "http://h/\x00", "http://h/%zz", "http://h/\xff"} {
		fs, err := urlgrammar.Review(urlgrammar.RFC3986, s, 0)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) || fs != nil {
			t.Errorf("Review(rfc3986, %q) = %v, %v; want no finding and a *SyntaxError", s, fs, err)
			continue
		}
		if want := urlgrammar.Validate(urlgrammar.RFC3986, s).Error(); err.Error() != want {
			t.Errorf("Review(rfc3986, %q): error %q, Validate's %q", s, err, want)
		}
	}
	if _, err := urlgrammar.Review(urlgrammar.Version(0), "http://h/", 0); err == nil {
		t.Error("Review of an unknown version: no error")
	}
}

// TestReviewAttacks: real attack shapes, each with where it comes from and the finding it must
// give under RFC 3986 (and, where noted, an older version).
func TestReviewAttacks(t *testing.T) {
	sec := func(s string) string { return rfc3986s + s }
	checkReviews(t, []reviewCase{
		// CVE-2021-41773 (Apache HTTP Server 2.4.49): ".%2e" segments passed the path check
		// before decoding and climbed out of the document root.
		{urlgrammar.RFC3986, "http://example.com/cgi-bin/.%2e/.%2e/etc/passwd", []found{
			{urlgrammar.DotSegments, sec("7.3"), ".%2e"},
			{urlgrammar.DotSegments, sec("7.3"), ".%2e"},
			{urlgrammar.DotSegments, sec("7.3"), ".%2e"}, // the second one climbs above the root
		}},
		// CVE-2016-5699 (CPython urllib/httplib): escaped CR LF in the host was decoded into
		// the request, injecting a header.
		{urlgrammar.RFC3986, "http://127.0.0.1%0d%0aX-injected%3a%20header%0d%0a:8000/", []found{
			{urlgrammar.EscapedControl, sec("7.2"), "%0d%0a"},
			{urlgrammar.EscapedHostDelimiter, sec("7.3"), "%3a"},
			{urlgrammar.EscapedControl, sec("7.2"), "%0d%0a"},
			{urlgrammar.NonDefaultPort, sec("7.2"), "8000"},
		}},
		// CVE-2021-28918 (the netmask npm package): "0127.0.0.1" was read as decimal 127.0.0.1
		// by the filter, as octal 87.0.0.1 by the system's address parser.
		{urlgrammar.RFC3986, "http://0127.0.0.1/", []found{{urlgrammar.RareIPAddress, sec("7.4"), "0127.0.0.1"}}},
		// SSRF filter bypasses, loopback past string filters on "127.0.0.1": "http://0177.1/" and
		// "http://0x7f.1/" in EdOverflow's bugbounty-cheatsheet (cheatsheets/ssrf.md); the
		// "decimal bypass" http://2130706433/ and the "hexadecimal bypass" 0x7f.0x00.0x00.0x01
		// of HackTricks' SSRF page.
		{urlgrammar.RFC3986, "http://0177.1/", []found{{urlgrammar.RareIPAddress, sec("7.4"), "0177.1"}}},
		{urlgrammar.RFC3986, "http://0x7f.1/", []found{{urlgrammar.RareIPAddress, sec("7.4"), "0x7f.1"}}},
		{urlgrammar.RFC3986, "http://2130706433/admin", []found{{urlgrammar.RareIPAddress, sec("7.4"), "2130706433"}}},
		{urlgrammar.RFC3986, "http://0x7f.0x00.0x00.0x01/admin", []found{{urlgrammar.RareIPAddress, sec("7.4"), "0x7f.0x00.0x00.0x01"}}},
		// The WHATWG URL Standard's IPv4 parser ignores a last empty part: "127.0.0.1." is the
		// loopback address to browsers, a reg-name to RFC 3986.
		{urlgrammar.RFC3986, "http://127.0.0.1./", []found{{urlgrammar.RareIPAddress, sec("7.4"), "127.0.0.1."}}},
		// Escapes in a reg-name: a filter on the text sees no address, a resolver that decodes
		// it does (RFC 3986 section 7.3, "Security checks of the data within a URI should be
		// applied after decoding the octets").
		{urlgrammar.RFC3986, "http://%31%32%37.0.0.1/", []found{{urlgrammar.RareIPAddress, sec("7.4"), "%31%32%37.0.0.1"}}},
		// SSRF through gopher to SMTP, the "rude message" of RFC 1738 section 6 in its modern
		// form (a gopher URL whose selector is an SMTP dialogue).
		{urlgrammar.RFC3986, "gopher://127.0.0.1:25/_HELO%20x%0D%0AMAIL%20FROM%3A%3Ca@b%3E%0D%0A", []found{
			{urlgrammar.NonDefaultPort, sec("7.2"), "25"},
			{urlgrammar.EscapedControl, sec("7.2"), "%0D%0A"},
			{urlgrammar.EscapedControl, sec("7.2"), "%0D%0A"},
		}},
		// CVE-2003-1025 (Internet Explorer): "%01" before the "@" hid the real host from the
		// address bar, the semantic attack of RFC 3986 section 7.6.
		{urlgrammar.RFC3986, "http://www.microsoft.com%01@evil.example/", []found{{urlgrammar.MisleadingUserinfo, sec("7.6"), "www.microsoft.com%01"}}},
		// The classic phishing form of the same attack: a trusted host and port as userinfo.
		{urlgrammar.RFC3986, "http://paypal.com:443@evil.example/", []found{
			{urlgrammar.MisleadingUserinfo, sec("7.6"), "paypal.com:443"},
			{urlgrammar.PasswordPresent, sec("7.5"), "443"},
		}},
		// A whole URL, escaped, as userinfo.
		{urlgrammar.RFC3986, "http://https:%2F%2Fbank.example@evil.example/", []found{
			{urlgrammar.MisleadingUserinfo, sec("7.6"), "https:%2F%2Fbank.example"},
			{urlgrammar.PasswordPresent, sec("7.5"), "%2F%2Fbank.example"},
		}},
		// A decoded "/" in the host moves the boundary between host and path for a parser that
		// decodes first (RFC 3986 section 7.3, "the decoded octets might be mistaken for
		// delimiters").
		{urlgrammar.RFC3986, "http://victim.example%2F.attacker.example/", []found{{urlgrammar.EscapedHostDelimiter, sec("7.3"), "%2F"}}},
		{urlgrammar.RFC2396, "http://victim.example%2F.attacker.example/", []found{{urlgrammar.EscapedHostDelimiter, rfc2396s7, "%2F"}}},
		// A NUL that truncates a file name in C back ends ("file.php%00.jpg" upload filters).
		{urlgrammar.RFC3986, "http://h/upload/shell.php%00.jpg", []found{{urlgrammar.EscapedControl, sec("7.3"), "%00"}}},
	})
}

// TestReviewReference: the resolution cases, each version's own.
func TestReviewReference(t *testing.T) {
	type refCase struct {
		v         urlgrammar.Version
		base, ref string
		want      []found
	}
	const base = "http://a/b/c/d;p?q" // the base of RFC 3986 section 5.4 and of Appendix C
	authority := func(v urlgrammar.Version) string {
		return map[urlgrammar.Version]string{
			urlgrammar.RFC1808:   "RFC 1808 section 5.2",
			urlgrammar.Draft1997: "draft-fielding-url-syntax-05 Appendix C.2",
			urlgrammar.RFC2396:   "RFC 2396 Appendix C.2",
			urlgrammar.Draft2003: "draft-fielding-uri-rfc2396bis-01 Appendix C.2",
			urlgrammar.RFC3986:   "RFC 3986 section 5.4.2",
		}[v]
	}
	var cases []refCase
	for _, v := range []urlgrammar.Version{urlgrammar.RFC1808, urlgrammar.Draft1997, urlgrammar.RFC2396, urlgrammar.Draft2003, urlgrammar.RFC3986} {
		sec := authority(v)
		cases = append(cases,
			// "http:/b" and ".//g": "http://g" under every algorithm, host "g"; "the ".."
			// syntax cannot be used to change the authority component of a URI".
			refCase{v, "http:/b", ".//g", []found{{urlgrammar.PathBecomesAuthority, sec, ".//g"}}},
			refCase{v, "http:/a/b", "..//g", []found{{urlgrammar.PathBecomesAuthority, sec, "..//g"}}},
			// The abnormal examples: "more relative path ".." segments than there are
			// hierarchical levels in the base URL's path". The base's path has two levels, so
			// the third ".." climbs.
			refCase{v, base, "../../../g", []found{{urlgrammar.DotSegments, sec, ".."}}},
			refCase{v, base, "../../../../g", []found{{urlgrammar.DotSegments, sec, ".."}}},
			refCase{v, base, "/../g", []found{{urlgrammar.DotSegments, sec, ".."}}},
			// The normal examples do not climb, and the authority stays "a".
			refCase{v, base, "../../g", nil},
			refCase{v, base, "g/../../../x", nil}, // "http://a/x"
			refCase{v, base, "g/../../../../x", []found{{urlgrammar.DotSegments, sec, ".."}}},
			refCase{v, base, "//g", nil}, // a network-path reference brings its own authority
			refCase{v, base, "g", nil},
		)
	}
	// Under RFC 3986, "../..//g" against "http:/a/b" climbs above the root, and
	// remove_dot_segments, which discards the extra "..", leaves the path "//g": "http://g". The
	// other algorithms keep the ".." ("http:/..//g").
	cases = append(cases, refCase{urlgrammar.RFC3986, "http:/a/b", "../..//g", []found{
		{urlgrammar.PathBecomesAuthority, authority(urlgrammar.RFC3986), "../..//g"},
		{urlgrammar.DotSegments, authority(urlgrammar.RFC3986), ".."},
	}})
	// The 1993 draft states neither: no finding.
	cases = append(cases, refCase{urlgrammar.Draft1993, base, "../../../g", nil})

	for _, c := range cases {
		fs, err := urlgrammar.ReviewReference(c.v, c.base, c.ref, 0, urlgrammar.Policy{})
		if err != nil {
			t.Errorf("ReviewReference(%v, %q, %q): %v", c.v, c.base, c.ref, err)
			continue
		}
		want := c.want
		if want == nil {
			want = []found{}
		}
		if diff := testdiff.Diff(want, findingsOf(t, c.ref, fs)); diff != "" {
			t.Errorf("ReviewReference(%v, %q, %q) (-want +got):\n%s", c.v, c.base, c.ref, diff)
		}
	}
	// "../../../g": the climbing ".." is the third, at byte 6.
	fs, _ := urlgrammar.ReviewReference(urlgrammar.RFC3986, base, "../../../g", 0, urlgrammar.Policy{})
	if len(fs) != 1 || fs[0].Begin != 6 {
		t.Errorf("ReviewReference(rfc3986, %q, \"../../../g\") = %v; want one finding at byte 6", base, fs)
	}
	// A version that defines no resolution gives the error of Resolve.
	if _, err := urlgrammar.ReviewReference(urlgrammar.RFC1738, "http://a/", "g", 0, urlgrammar.Policy{}); !errors.Is(err, urlgrammar.ErrNoResolution) {
		t.Errorf("ReviewReference(rfc1738): error %v, want ErrNoResolution", err)
	}
}

// TestReviewBenchCorpus is the false-positive check: on the benchmark corpus of ordinary URLs,
// it lists every finding of every version, with why each is right to fire. Nothing else may.
func TestReviewBenchCorpus(t *testing.T) {
	f, err := os.Open("testdata/bench/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type fired struct {
		Version, Input string
		Concern        urlgrammar.Concern
		Text           string
	}
	var got []fired
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		for _, v := range urlgrammar.Versions() {
			fs, err := urlgrammar.Review(v, sc.Text(), 0)
			if err != nil {
				continue
			}
			for _, fd := range findingsOf(t, sc.Text(), fs) {
				got = append(got, fired{v.String(), sc.Text(), fd.Concern, fd.Text})
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}

	each := func(input string, concern urlgrammar.Concern, text string, versions ...string) []fired {
		var fs []fired
		for _, v := range versions {
			fs = append(fs, fired{v, input, concern, text})
		}
		return fs
	}
	var want []fired
	for _, w := range [][]fired{
		// A password, and port 2121, not ftp's 21 (RFC 1738 section 3.2): both are what the
		// documents warn of, whether or not this password is a secret. The 2003 draft and RFC
		// 3986 speak of the user name only when there is no password.
		each("ftp://user:password@ftp.example.org:2121/pub/file.tar.gz;type=i", urlgrammar.PasswordPresent, "password", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		each("ftp://user:password@ftp.example.org:2121/pub/file.tar.gz;type=i", urlgrammar.NonDefaultPort, "2121", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// A user name (the 2003 draft 7.5, RFC 3986 7.5) and port 8080, not http's 80. RFC
		// 1738's httpurl has no user, so it and RFC 1808 (which reviews as RFC 1738) reject
		// or skip the URL.
		each("http://user@example.com:8080/a/b/c?x=y", urlgrammar.UserinfoPresent, "user", "draft2003", "rfc3986"),
		each("http://user@example.com:8080/a/b/c?x=y", urlgrammar.NonDefaultPort, "8080", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// Port 8000, not http's 80.
		each("http://10.0.0.254:8000/status", urlgrammar.NonDefaultPort, "8000", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// Port 8080 on an IPv6 literal, which only the 2003 draft and RFC 3986 have.
		each("http://[::1]:8080/health", urlgrammar.NonDefaultPort, "8080", "draft2003", "rfc3986"),
		// telnet to port 80: the very shape of RFC 1738 section 6, a client of one protocol
		// sent to the reserved port of another (telnet's is 23, section 3.8).
		each("telnet://192.0.2.16:80/", urlgrammar.NonDefaultPort, "80", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// The same URL written for the 1994 draft, whose default rule wants the "url:" prefix.
		each("url:telnet://user:secret@192.0.2.16:23", urlgrammar.PasswordPresent, "secret", "draft1994"),
		// A password (escaped) and port 8443, not https's 443 (RFC 9110 section 4.2.2).
		each("https://user:pa%20ss@[2001:db8::1]:8443/p?q=1#frag", urlgrammar.PasswordPresent, "pa%20ss", "draft2003", "rfc3986"),
		each("https://user:pa%20ss@[2001:db8::1]:8443/p?q=1#frag", urlgrammar.NonDefaultPort, "8443", "draft2003", "rfc3986"),
		// User names alone: "anonymous" is a convention, but the documents cannot tell it from
		// a secret one.
		each("ftp://anonymous@ftp.example.org/pub/README", urlgrammar.UserinfoPresent, "anonymous", "draft2003", "rfc3986"),
		each("//user@host.example/p/q", urlgrammar.UserinfoPresent, "user", "draft2003", "rfc3986"),
	} {
		want = append(want, w...)
	}
	order := func(fs []fired) map[fired]int {
		m := map[fired]int{}
		for _, f := range fs {
			m[f]++
		}
		return m
	}
	if diff := testdiff.Diff(order(want), order(got)); diff != "" {
		t.Errorf("findings on testdata/bench/urls.txt (-want +got):\n%s", diff)
	}
}

// TestConcernString: each concern has its own name.
func TestConcernString(t *testing.T) {
	seen := map[string]bool{}
	for c := urlgrammar.UserinfoPresent; c <= urlgrammar.PathBecomesAuthority; c++ {
		s := c.String()
		if s == "" || strings.HasPrefix(s, "Concern(") || seen[s] {
			t.Errorf("Concern(%d).String() = %q", int(c), s)
		}
		seen[s] = true
	}
	if got := urlgrammar.Concern(0).String(); got != "Concern(0)" {
		t.Errorf("Concern(0).String() = %q", got)
	}
}

// TestReviewLongInput: on a long input with many findings, each escape run is one finding with
// its own span.
func TestReviewLongInput(t *testing.T) {
	const n = 10000
	s := "http://h/" + strings.Repeat("a%0D%0Ab", n)
	fs, err := urlgrammar.Review(urlgrammar.RFC3986, s, 0)
	if err != nil || len(fs) != n {
		t.Fatalf("Review of %d escaped CR LF: %d findings, %v", n, len(fs), err)
	}
	for i, f := range fs {
		if begin := len("http://h/") + 8*i + 1; f.Begin != begin || s[f.Begin:f.End] != "%0D%0A" {
			t.Fatalf("finding %d: span %d-%d (%q), want %d-%d", i, f.Begin, f.End, s[f.Begin:f.End], begin, begin+6)
		}
	}
}

func ExampleReview() {
	findings, err := urlgrammar.Review(urlgrammar.RFC3986, "http://0x7f.1/", 0)
	if err != nil {
		panic(err)
	}
	for _, f := range findings {
		fmt.Println(f)
	}
	// Output: RFC 3986 section 7.4: host "0x7f.1" (hexadecimal, 2 parts) is read by address parsers such as inet_aton() as the IPv4 address 127.0.0.1
}

// TestReviewRareIPAddress: the address each rare form stands for, worked out by hand from the
// reading the 2003 draft section 7.3 and RFC 3986 section 7.4 describe (the last of n parts
// fills the remaining 32-8(n-1) bits; 0x is hexadecimal, a leading 0 octal).
func TestReviewRareIPAddress(t *testing.T) {
	for host, addr := range map[string]string{
		"127.0.1":         "127.0.0.1",       // 1 = 0x0001 in the last 16 bits
		"127.1":           "127.0.0.1",       // 1 = 0x000001 in the last 24 bits
		"2130706433":      "127.0.0.1",       // 0x7f000001
		"0x7f.1":          "127.0.0.1",       // 0x7f = 127
		"0177.0.0.1":      "127.0.0.1",       // octal 177 = 127
		"0127.0.0.1":      "87.0.0.1",        // octal 127 = 87
		"010.0.0.1":       "8.0.0.1",         // octal 10 = 8
		"1.65536":         "1.1.0.0",         // 65536 = 0x010000
		"192.168.257":     "192.168.1.1",     // 257 = 0x0101
		"0xffffffff":      "255.255.255.255", // the largest 32-bit number
		"%31%32%37.0.0.1": "127.0.0.1",       // "127.0.0.1" with escapes
		"127.0.0.1.":      "127.0.0.1",       // with a trailing dot
	} {
		s := "http://" + host + "/"
		fs, err := urlgrammar.Review(urlgrammar.RFC3986, s, 0)
		if err != nil || len(fs) != 1 || fs[0].Concern != urlgrammar.RareIPAddress {
			t.Errorf("Review(rfc3986, %q) = %v, %v; want one rare-ip-address finding", s, fs, err)
			continue
		}
		if want := " the IPv4 address " + addr; !strings.HasSuffix(fs[0].Reason, want) {
			t.Errorf("Review(rfc3986, %q): %q, want it to end with %q", s, fs[0].Reason, want)
		}
	}
}
