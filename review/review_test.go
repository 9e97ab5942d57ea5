package review_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/review"
)

// A found is what a test expects of a finding: its concern, the section it cites, and the text
// of its span.
type found struct {
	Concern review.Concern
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
func findingsOf(t *testing.T, input string, fs []review.Finding) []found {
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
		if want := f.Section + " (" + f.Severity.String() + "): "; !strings.HasPrefix(f.String(), want) {
			t.Errorf("%q: String() = %q does not begin with %q", input, f.String(), want)
		}
		if want := severityOf(f); f.Severity != want {
			t.Errorf("%q: %v: severity %v, want %v (the document's words)", input, f, f.Severity, want)
		}
	}
	return got
}

// severityOf is the severity that the words of the document a finding cites give it, worked
// out from the documents (each quoted) apart from the table in review.go.
func severityOf(f review.Finding) review.Severity {
	section, _, _ := strings.Cut(f.Section, ", by RFC 1808") // RFC 1808 section 6 refers to RFC 1738's
	switch f.Concern {
	case review.PasswordPresent:
		// "clearly unwise" (RFC 1738 section 6, the 1994 draft), "strongly disrecommended" (the
		// 1997 draft section 7, RFC 2396 section 7), "strongly discouraged" (the 2003 draft
		// section 7.4), "URI producers should not provide a URI that contains a username or
		// password that is intended to be secret" (RFC 3986 section 7.5).
		return review.SeverityShouldNot
	case review.UserinfoPresent:
		// A user name is secret or not as its producer meant; "render userinfo if any is
		// present" (the 2003 draft 7.5).
		return review.SeverityInformational
	case review.UserinfoInHost:
		// The 2003 draft 7.5 describes the attack: "a different authority hidden behind the
		// noise". RFC 2396 and the 1994 draft state no semantic attack; their sections on the
		// authority say what "@" delimits (RFC 2396 3.2: "Within the authority component, the
		// characters ";", ":", "@", "?", and "/" are reserved"), and ask nothing.
		if section == d03+"7.5" {
			return review.SeverityWarning
		}
		return review.SeverityInformational
	case review.NonDefaultPort:
		// "Caution should be used [...] especially when it is a number within the reserved
		// space"; RFC 3986 section 7.2 alone: "Applications should prevent dereference of a URI
		// that specifies a TCP port number within the "well-known port" range (0 - 1023)".
		if section == rfc3986s+"7.2" && strings.Contains(f.Reason, "reserved range") {
			return review.SeverityShouldNot
		}
		return review.SeverityWarning
	case review.EscapedControl:
		// NUL: "should be rejected if the application is not expecting to receive raw data"
		// (RFC 3986 7.3); CR and LF: "Care should be taken".
		if strings.Contains(f.Reason, "NUL") {
			return review.SeverityShouldNot
		}
		return review.SeverityWarning
	case review.EscapedHostDelimiter:
		// "Applications must split the URI into its components and subcomponents prior to
		// decoding the octets" (RFC 3986 7.3); "Care should be taken" (RFC 2396 7, 2003 7.2).
		if section == rfc3986s+"7.3" {
			return review.SeverityMust
		}
		return review.SeverityWarning
	case review.DotSegments, review.PathBecomesAuthority:
		// "Special care should be taken" with a back-end file system (RFC 3986 7.3); in
		// resolution, "Parsers must be careful" and "cannot be used to change the authority"
		// (RFC 3986 5.4.2 and its predecessors' Appendix C.2).
		if section == rfc3986s+"7.3" {
			return review.SeverityWarning
		}
		return review.SeverityMust
	}
	// Rare IP address formats: "it is recommended"; semantic attacks: described as an attack,
	// "User agents may be able to reduce the impact".
	return review.SeverityWarning
}

type reviewCase struct {
	v     urlgrammar.Version
	input string
	want  []found
}

func checkReviews(t *testing.T, cases []reviewCase) {
	t.Helper()
	for _, c := range cases {
		fs, err := review.URL(c.v, c.input, 0)
		if err != nil {
			t.Errorf("URL(%v, %q): %v", c.v, c.input, err)
			continue
		}
		want := c.want
		if want == nil {
			want = []found{}
		}
		if diff := cmp.Diff(want, findingsOf(t, c.input, fs)); diff != "" {
			t.Errorf("URL(%v, %q) (-want +got):\n%s", c.v, c.input, diff)
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
		return []found{{review.NonDefaultPort, sec, "25"}, {review.EscapedControl, crlf, "%0D%0A"}}
	}
	checkReviews(t, []reviewCase{
		{urlgrammar.Draft2003, semantic2003, []found{{review.MisleadingUserinfo, d03 + "7.5", "www.example.com&story=breaking_news"}}},
		{urlgrammar.RFC3986, semantic2003, []found{{review.MisleadingUserinfo, rfc3986s + "7.6", "www.example.com&story=breaking_news"}}},
		{urlgrammar.RFC3986, semantic3986, []found{{review.MisleadingUserinfo, rfc3986s + "7.6", "cnn.example.com&story=breaking_news"}}},
		// The 1997 draft and RFC 2396 state no semantic attack, and the userinfo holds no
		// password.
		{urlgrammar.Draft1997, semantic2003, nil},
		{urlgrammar.RFC2396, semantic2003, nil},

		{urlgrammar.Draft1994, gopherSMTP, []found{{review.NonDefaultPort, d94Sec7, "25"}, {review.EscapedControl, d94Sec7, "%0D%0A"}}},
		{urlgrammar.RFC1738, gopherSMTP, gopherSMTPWant(rfc1738s6, rfc1738s6)},
		{urlgrammar.Draft1997, gopherSMTP, gopherSMTPWant(d97Sec7, d97Sec7)},
		{urlgrammar.RFC2396, gopherSMTP, gopherSMTPWant(rfc2396s7, rfc2396s7)},
		{urlgrammar.Draft2003, gopherSMTP, gopherSMTPWant(d03+"7.2", d03+"7.2")},
		// RFC 3986 section 7.2: "the use of a protocol-based scheme with a port component of
		// "25"".
		{urlgrammar.RFC3986, gopherSMTP, gopherSMTPWant(rfc3986s+"7.2", rfc3986s+"7.2")},
		{urlgrammar.RFC3986, "http://www.example.com:25/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "25"}}},
		// A port that is the scheme's default (RFC 1738 section 3.3: 80 for http), even with
		// leading zeros, is no finding; one outside the reserved range is, for not being the
		// default.
		{urlgrammar.RFC1738, "http://www.example.com:80/", nil},
		{urlgrammar.RFC3986, "http://www.example.com:0080/", nil},
		{urlgrammar.RFC1738, "http://www.example.com:8080/", []found{{review.NonDefaultPort, rfc1738s6, "8080"}}},
		// The defaults of schemes later than RFC 1738, from their own documents or the IANA
		// service names registry: RFC 4516 section 2 (ldap, 389), ssh (22), RFC 6455 section 3
		// (ws 80, wss 443), RFC 5092 (imap, 143), RFC 2384 (pop, 110), smtp (25), ircu (6667).
		{urlgrammar.RFC3986, "ldap://h:389/", nil},
		{urlgrammar.RFC3986, "ssh://h:22/", nil},
		{urlgrammar.RFC3986, "ws://h:80/", nil},
		{urlgrammar.RFC3986, "wss://h:443/", nil},
		{urlgrammar.RFC3986, "imap://h:143/", nil},
		{urlgrammar.RFC3986, "pop://h:110", nil},
		{urlgrammar.RFC3986, "smtp://h:25/", nil},
		{urlgrammar.RFC3986, "irc://h:6667/", nil},
		{urlgrammar.RFC3986, "LDAP://h:0389/", nil}, // the scheme's case and leading zeros do not matter
		// Another scheme's default is a finding, and under RFC 3986 a well-known port that is
		// not the scheme's is a "should not" (section 7.2: "Applications should prevent
		// dereference").
		{urlgrammar.RFC3986, "ldap://h:22/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "22"}}},
		{urlgrammar.RFC3986, "ssh://h:2222/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "2222"}}},
		// Above 65535, under any scheme: no TCP port (RFC 793 section 3.1: 16 bits).
		{urlgrammar.RFC3986, "foo://h:65536/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "65536"}}},
		{urlgrammar.RFC3986, "foo://h:99999999999999999999999/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "99999999999999999999999"}}},
		{urlgrammar.RFC3986, "foo://h:65535/", nil},
		{urlgrammar.RFC2396, "foo://h:70000/", []found{{review.NonDefaultPort, rfc2396s7, "70000"}}},
		// A scheme whose default is not known here: the reserved range only.
		{urlgrammar.RFC3986, "foo://h:25/", []found{{review.NonDefaultPort, rfc3986s + "7.2", "25"}}},
		{urlgrammar.RFC3986, "foo://h:8080/", nil},

		// "The use of URLs containing passwords that should be secret is clearly unwise" (RFC
		// 1738 section 6); the 1997 draft section 7: "the use of a password within the "site"
		// component of a URL is strongly disrecommended"; RFC 2396 section 7 and the 2003 draft
		// section 7.4 say it of the userinfo; RFC 3986 section 7.5 of "a username or password".
		{urlgrammar.Draft1994, "telnet://user:secret@host.example", []found{{review.PasswordPresent, d94Sec7, "secret"}}},
		{urlgrammar.RFC1738, "telnet://user:secret@host.example/", []found{{review.PasswordPresent, rfc1738s6, "secret"}}},
		{urlgrammar.Draft1997, "ftp://user:secret@host.example/", []found{{review.PasswordPresent, d97Sec7, "secret"}}},
		{urlgrammar.RFC2396, "ftp://user:secret@host.example/", []found{{review.PasswordPresent, rfc2396s7, "secret"}}},
		{urlgrammar.Draft2003, "ftp://user:secret@host.example/", []found{{review.PasswordPresent, d03 + "7.4", "secret"}}},
		{urlgrammar.RFC3986, "ftp://user:secret@host.example/", []found{{review.PasswordPresent, rfc3986s + "7.5", "secret"}}},
		// RFC 1738 section 3.1's own examples: "ftp://@host.com/" has an empty user name and no
		// password, "ftp://foo:@host.com/" an empty password. Neither holds a secret.
		{urlgrammar.RFC1738, "ftp://@host.com/", nil},
		{urlgrammar.RFC1738, "ftp://foo:@host.com/", nil},
		// A user name alone: RFC 3986 section 7.5 ("a username [...] intended to be secret") and
		// the 2003 draft section 7.5 ("render userinfo if any is present") speak of it, the
		// older documents do not.
		{urlgrammar.RFC3986, "ftp://foo:@host.com/", []found{{review.UserinfoPresent, rfc3986s + "7.5", "foo:"}}},
		{urlgrammar.Draft2003, "ftp://anonymous@host.com/", []found{{review.UserinfoPresent, d03 + "7.5", "anonymous"}}},
		{urlgrammar.RFC2396, "ftp://anonymous@host.com/", nil},

		// The 2003 draft section 7.3 and RFC 3986 section 7.4: "dotted forms of three numbers,
		// wherein the last part is interpreted as a 16-bit quantity", "a dotted form of two
		// numbers means that the last part is interpreted as a 24-bit quantity", "a single
		// number (without dots) is interpreted as a 32-bit quantity", and parts "interpreted as
		// decimal, octal, or hexadecimal, as specified in the C language (i.e., a leading 0x or
		// 0X implies hexadecimal; a leading 0 implies octal". Each of these is 127.0.0.1.
		{urlgrammar.RFC3986, "http://127.0.1/", []found{{review.RareIPAddress, rfc3986s + "7.4", "127.0.1"}}},
		{urlgrammar.RFC3986, "http://127.1/", []found{{review.RareIPAddress, rfc3986s + "7.4", "127.1"}}},
		{urlgrammar.RFC3986, "http://2130706433/", []found{{review.RareIPAddress, rfc3986s + "7.4", "2130706433"}}},
		{urlgrammar.RFC3986, "http://0x7f.1/", []found{{review.RareIPAddress, rfc3986s + "7.4", "0x7f.1"}}},
		{urlgrammar.RFC3986, "http://0177.0.0.1/", []found{{review.RareIPAddress, rfc3986s + "7.4", "0177.0.0.1"}}},
		{urlgrammar.Draft2003, "http://0x7f.1/", []found{{review.RareIPAddress, d03 + "7.3", "0x7f.1"}}},
		{urlgrammar.Draft2003, "http://2130706433/", []found{{review.RareIPAddress, d03 + "7.3", "2130706433"}}},
		// The form the grammar has, and names that no address parser reads as an address.
		{urlgrammar.RFC3986, "http://127.0.0.1/", nil},
		{urlgrammar.RFC3986, "http://1.2.3.4.5/", nil},
		{urlgrammar.RFC3986, "http://example.com./", nil},
		{urlgrammar.RFC3986, "http://0x/", nil},
		{urlgrammar.RFC3986, "http://08.0.0.1/", nil},   // 8 is no octal digit
		{urlgrammar.RFC3986, "http://1.2.3.256/", nil},  // the last of four parts is one byte
		{urlgrammar.RFC3986, "http://4294967296/", nil}, // beyond 32 bits
		{urlgrammar.Draft1997, "http://0x7f.1/", nil},   // no such section in the 1997 draft
		{urlgrammar.RFC2396, "http://2130706433/", nil}, // nor in RFC 2396
		// An IPv6 literal that carries an IPv4 address is checked as that address, as the
		// sections ask of a filter ("literals [...] converted to numeric form and filtered
		// based on the numeric value"): IPv4-mapped (RFC 4291 section 2.5.5.2, ::ffff:0:0/96)
		// and IPv4-compatible (section 2.5.5.1, ::/96 but for :: and ::1), in either writing.
		{urlgrammar.RFC3986, "http://[::ffff:127.0.0.1]/", []found{{review.RareIPAddress, rfc3986s + "7.4", "[::ffff:127.0.0.1]"}}},
		{urlgrammar.RFC3986, "http://[::ffff:7f00:1]/", []found{{review.RareIPAddress, rfc3986s + "7.4", "[::ffff:7f00:1]"}}},
		{urlgrammar.RFC3986, "http://[::127.0.0.1]/", []found{{review.RareIPAddress, rfc3986s + "7.4", "[::127.0.0.1]"}}},
		{urlgrammar.RFC3986, "http://[0:0:0:0:0:FFFF:7F00:1]:8080/", []found{
			{review.RareIPAddress, rfc3986s + "7.4", "[0:0:0:0:0:FFFF:7F00:1]"},
			{review.NonDefaultPort, rfc3986s + "7.2", "8080"},
		}},
		{urlgrammar.Draft2003, "http://[::ffff:127.0.0.1]/", []found{{review.RareIPAddress, d03 + "7.3", "[::ffff:127.0.0.1]"}}},
		{urlgrammar.RFC3986, "http://[::1]/", nil},              // the loopback address (RFC 4291 section 2.5.3), no IPv4 one
		{urlgrammar.RFC3986, "http://[::]/", nil},               // the unspecified address (section 2.5.2)
		{urlgrammar.RFC3986, "http://[2001:db8::7f00:1]/", nil}, // an IPv6 address whose last 32 bits only look like one
		{urlgrammar.RFC3986, "http://[v1.fe]/", nil},            // IPvFuture: no address to read

		// An escaped "/" alone in a segment is how RFC 3986 section 2.2 has data that "would
		// conflict with a reserved character's purpose as a delimiter" written: no finding.
		// Only the dot segments it would split out are (section 7.3).
		{urlgrammar.RFC3986, "http://example.com/path%2Fwith%2Fslashes", nil},
		{urlgrammar.RFC3986, "http://h/a%5Cb", nil},
		{urlgrammar.RFC3986, "http://h/a/..%2f..%2fetc", []found{
			{review.DotSegments, rfc3986s + "7.3", "..%2f..%2fetc"}, // written with escapes
			{review.DotSegments, rfc3986s + "7.3", "..%2f..%2fetc"}, // its second ".." climbs above "a"
		}},

		// RFC 3986 section 7.3: 'the "%00" percent-encoding (NUL) may require special handling
		// and should be rejected if the application is not expecting to receive raw data within
		// a component'; the file system's special device names like "." and "..".
		{urlgrammar.RFC3986, "http://h/file.txt%00.html", []found{{review.EscapedControl, rfc3986s + "7.3", "%00"}}},
		{urlgrammar.Draft2003, "http://h/file.txt%00.html", nil}, // the 2003 draft has no section on it
		{urlgrammar.RFC3986, "http://h/../etc/passwd", []found{{review.DotSegments, rfc3986s + "7.3", ".."}}},
		{urlgrammar.RFC3986, "http://h/a/../b", nil},
		{urlgrammar.RFC3986, "../etc/passwd", nil}, // relative: its root is the base's, not known here
		{urlgrammar.RFC3986, "http://h/%2e%2e/x", []found{
			{review.DotSegments, rfc3986s + "7.3", "%2e%2e"}, // written with escapes
			{review.DotSegments, rfc3986s + "7.3", "%2e%2e"}, // and above the root
		}},

		// RFC 1808 section 6: "There are no security considerations in the use or parsing of
		// relative URLs. However, once a relative URL has been resolved to its absolute form,
		// the same security considerations apply as those described in RFC 1738."
		{urlgrammar.RFC1808, "../g", nil},
		{urlgrammar.RFC1808, "telnet://user:secret@host.example/", []found{{review.PasswordPresent, rfc1738s6 + ", by RFC 1808 section 6", "secret"}}},
	})
}

// TestReviewNoConsiderations: the 1993 draft's "Security considerations" state only that "The
// URL scheme does not in itself pose a security threat": a valid input is not reported clean,
// but as unchecked; an invalid one still gives its *SyntaxError.
func TestReviewNoConsiderations(t *testing.T) {
	fs, err := review.URL(urlgrammar.Draft1993, "ftp://u:p@0x7f.1:25/a%0D%0A", 0)
	if !errors.Is(err, review.ErrNoConsiderations) || fs != nil {
		t.Errorf("URL(draft1993, valid) = %v, %v; want an error that wraps ErrNoConsiderations", fs, err)
	}
	var se *urlgrammar.SyntaxError
	if _, err := review.URL(urlgrammar.Draft1993, "http://h/%zz", 0); !errors.As(err, &se) {
		t.Errorf("URL(draft1993, invalid): %v, want a *SyntaxError", err)
	}
	// Every other version states some consideration.
	for _, v := range urlgrammar.Versions() {
		if _, err := review.URL(v, "http://h/", 0); v != urlgrammar.Draft1993 && errors.Is(err, review.ErrNoConsiderations) {
			t.Errorf("URL(%v): %v", v, err)
		}
	}
}

// TestSeverityText: a severity encodes as its lowercase name and decodes back, in any case;
// the zero value is the lowest, informational; severities are ordered by strength.
func TestSeverityText(t *testing.T) {
	names := []string{"informational", "warning", "should-not", "must"}
	for i, name := range names {
		s := review.Severity(i)
		b, err := s.MarshalText()
		if err != nil || string(b) != name || s.String() != name {
			t.Errorf("Severity(%d): MarshalText %q, %v, String %q; want %q", i, b, err, s, name)
		}
		var back review.Severity
		if err := back.UnmarshalText([]byte(strings.ToUpper(name))); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v", strings.ToUpper(name), back, err)
		}
	}
	var zero review.Severity
	if zero != review.SeverityInformational || zero.String() != "informational" {
		t.Errorf("zero Severity = %v", zero)
	}
	if !(review.SeverityInformational < review.SeverityWarning && review.SeverityWarning < review.SeverityShouldNot && review.SeverityShouldNot < review.SeverityMust) {
		t.Error("severities are not ordered by strength")
	}
	if _, err := review.Severity(9).MarshalText(); err == nil {
		t.Error("Severity(9).MarshalText: no error")
	}
	var s review.Severity
	if err := s.UnmarshalText([]byte("critical")); err == nil {
		t.Error(`UnmarshalText("critical"): no error`)
	}
	b, err := json.Marshal(review.Finding{Severity: review.SeverityShouldNot})
	if err != nil || !strings.Contains(string(b), `"Severity":"should-not"`) {
		t.Errorf("json.Marshal(Finding) = %s, %v", b, err)
	}
}

// TestReviewInvalid: an invalid input gives Validate's *SyntaxError, and no finding.
func TestReviewInvalid(t *testing.T) {
	for _, s := range []string{"http://a:b/", "http://h/\x00", "http://h/%zz", "http://h/\xff"} {
		fs, err := review.URL(urlgrammar.RFC3986, s, 0)
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) || fs != nil {
			t.Errorf("URL(rfc3986, %q) = %v, %v; want no finding and a *SyntaxError", s, fs, err)
			continue
		}
		if want := urlgrammar.Validate(urlgrammar.RFC3986, s).Error(); err.Error() != want {
			t.Errorf("URL(rfc3986, %q): error %q, Validate's %q", s, err, want)
		}
	}
	if _, err := review.URL(urlgrammar.Version(0), "http://h/", 0); err == nil {
		t.Error("URL of an unknown version: no error")
	}
}

// TestReference: the resolution cases, each version's own.
func TestReference(t *testing.T) {
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
			refCase{v, "http:/b", ".//g", []found{{review.PathBecomesAuthority, sec, ".//g"}}},
			refCase{v, "http:/a/b", "..//g", []found{{review.PathBecomesAuthority, sec, "..//g"}}},
			// The abnormal examples: "more relative path ".." segments than there are
			// hierarchical levels in the base URL's path". The base's path has two levels, so
			// the third ".." climbs.
			refCase{v, base, "../../../g", []found{{review.DotSegments, sec, ".."}}},
			refCase{v, base, "../../../../g", []found{{review.DotSegments, sec, ".."}}},
			refCase{v, base, "/../g", []found{{review.DotSegments, sec, ".."}}},
			// The normal examples do not climb, and the authority stays "a".
			refCase{v, base, "../../g", nil},
			refCase{v, base, "g/../../../x", nil}, // "http://a/x"
			refCase{v, base, "g/../../../../x", []found{{review.DotSegments, sec, ".."}}},
			refCase{v, base, "//g", nil}, // a network-path reference brings its own authority
			refCase{v, base, "g", nil},
		)
	}
	// Under RFC 3986, "../..//g" against "http:/a/b" climbs above the root, and
	// remove_dot_segments, which discards the extra "..", leaves the path "//g": "http://g". The
	// other algorithms keep the ".." ("http:/..//g").
	cases = append(cases, refCase{urlgrammar.RFC3986, "http:/a/b", "../..//g", []found{
		{review.PathBecomesAuthority, authority(urlgrammar.RFC3986), "../..//g"},
		{review.DotSegments, authority(urlgrammar.RFC3986), ".."},
	}})
	// The 1993 draft states neither: no finding.
	cases = append(cases, refCase{urlgrammar.Draft1993, base, "../../../g", nil})
	// A reference with a scheme is taken as it stands by RFC 3986 section 5.2.2, its path's dot
	// segments removed: "/.//evil.com/x" becomes "//evil.com/x", which section 5.3 writes after
	// "http:" with no authority, so that the target's host is "evil.com".
	r3986 := authority(urlgrammar.RFC3986)
	cases = append(cases,
		refCase{urlgrammar.RFC3986, "http://a/b/c", "http:/.//evil.com/x", []found{{review.PathBecomesAuthority, r3986, "/.//evil.com/x"}}},
		refCase{urlgrammar.RFC3986, "http://a/b/c", "x:a/..//evil.com/x", []found{{review.PathBecomesAuthority, r3986, "a/..//evil.com/x"}}},
		// A path that becomes the base's own authority is still a path read as one.
		refCase{urlgrammar.RFC3986, "http://a/b/c", "http:/.//a/x", []found{{review.PathBecomesAuthority, r3986, "/.//a/x"}}},
		// Under RFC 2396 the reference is taken as written ("http:/.//evil.com/x" has no
		// authority), and under the 2003 draft too (it removes no dot segment of it).
		refCase{urlgrammar.RFC2396, "http://a/b/c", "http:/.//evil.com/x", nil},
		refCase{urlgrammar.Draft2003, "http://a/b/c", "http:/.//evil.com/x", nil},
		// Step 6a of the 1997 draft and of RFC 2396 appends "g" to the empty path of
		// "http://a": "http://ag", another host.
		refCase{urlgrammar.Draft1997, "http://a", "g", []found{{review.PathBecomesAuthority, authority(urlgrammar.Draft1997), "g"}}},
		refCase{urlgrammar.RFC2396, "http://a", "g", []found{{review.PathBecomesAuthority, authority(urlgrammar.RFC2396), "g"}}},
		refCase{urlgrammar.RFC3986, "http://a", "g", nil}, // "http://a/g": section 5.2.3 adds the "/"
	)

	for _, c := range cases {
		fs, err := review.Reference(c.v, c.base, c.ref, 0, urlgrammar.Policy{})
		if err != nil {
			t.Errorf("Reference(%v, %q, %q): %v", c.v, c.base, c.ref, err)
			continue
		}
		want := c.want
		if want == nil {
			want = []found{}
		}
		if diff := cmp.Diff(want, findingsOf(t, c.ref, fs)); diff != "" {
			t.Errorf("Reference(%v, %q, %q) (-want +got):\n%s", c.v, c.base, c.ref, diff)
		}
	}
	// "../../../g": the climbing ".." is the third, at byte 6.
	fs, _ := review.Reference(urlgrammar.RFC3986, base, "../../../g", 0, urlgrammar.Policy{})
	if len(fs) != 1 || fs[0].Begin != 6 {
		t.Errorf("Reference(rfc3986, %q, \"../../../g\") = %v; want one finding at byte 6", base, fs)
	}
	// With NonValidating, RFC 3986 ignores the scheme "http", the base's: "/.//evil.com/x" is an
	// absolute path of the base's authority, "http://a//evil.com/x", and the host stays "a".
	if fs, err := review.Reference(urlgrammar.RFC3986, "http://a/b/c", "http:/.//evil.com/x", 0, urlgrammar.Policy{NonValidating: true}); err != nil || len(fs) != 0 {
		t.Errorf("Reference(rfc3986, NonValidating) = %v, %v; want no finding", fs, err)
	}
	// The reason names the base's host and the target's.
	fs, _ = review.Reference(urlgrammar.RFC3986, "http://a/b/c", "http:/.//evil.com/x", 0, urlgrammar.Policy{})
	if len(fs) != 1 || !strings.Contains(fs[0].Reason, `from "a" to "evil.com"`) || fs[0].Severity != review.SeverityMust {
		t.Errorf("Reference(rfc3986, \"http:/.//evil.com/x\") = %v; want a must naming \"a\" and \"evil.com\"", fs)
	}
	// A version that defines no resolution gives the error of Resolve.
	if _, err := review.Reference(urlgrammar.RFC1738, "http://a/", "g", 0, urlgrammar.Policy{}); !errors.Is(err, urlgrammar.ErrNoResolution) {
		t.Errorf("Reference(rfc1738): error %v, want ErrNoResolution", err)
	}
}

// TestReviewBenchCorpus is the false-positive check: on the benchmark corpus of ordinary URLs,
// it lists every finding of every version, with why each is right to fire. Nothing else may.
func TestReviewBenchCorpus(t *testing.T) {
	f, err := os.Open("../testdata/bench/urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type fired struct {
		Version, Input string
		Concern        review.Concern
		Text           string
	}
	var got []fired
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		for _, v := range urlgrammar.Versions() {
			fs, err := review.URL(v, sc.Text(), 0)
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

	each := func(input string, concern review.Concern, text string, versions ...string) []fired {
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
		each("ftp://user:password@ftp.example.org:2121/pub/file.tar.gz;type=i", review.PasswordPresent, "password", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		each("ftp://user:password@ftp.example.org:2121/pub/file.tar.gz;type=i", review.NonDefaultPort, "2121", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// A user name (the 2003 draft 7.5, RFC 3986 7.5) and port 8080, not http's 80. RFC
		// 1738's httpurl has no user, so it and RFC 1808 (which reviews as RFC 1738) reject
		// or skip the URL.
		each("http://user@example.com:8080/a/b/c?x=y", review.UserinfoPresent, "user", "draft2003", "rfc3986"),
		each("http://user@example.com:8080/a/b/c?x=y", review.NonDefaultPort, "8080", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// Port 8000, not http's 80.
		each("http://10.0.0.254:8000/status", review.NonDefaultPort, "8000", "draft1994", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// Port 8080 on an IPv6 literal, which only the 2003 draft and RFC 3986 have.
		each("http://[::1]:8080/health", review.NonDefaultPort, "8080", "draft2003", "rfc3986"),
		// telnet to port 80: the very shape of RFC 1738 section 6, a client of one protocol
		// sent to the reserved port of another (telnet's is 23, section 3.8).
		each("telnet://192.0.2.16:80/", review.NonDefaultPort, "80", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"),
		// "url:telnet://user:secret@192.0.2.16:23" is the 1994 draft's prefixedurl, which its
		// default reading (url) does not take: no version reviews it.
		// A password (escaped) and port 8443, not https's 443 (RFC 9110 section 4.2.2).
		each("https://user:pa%20ss@[2001:db8::1]:8443/p?q=1#frag", review.PasswordPresent, "pa%20ss", "draft2003", "rfc3986"),
		each("https://user:pa%20ss@[2001:db8::1]:8443/p?q=1#frag", review.NonDefaultPort, "8443", "draft2003", "rfc3986"),
		// User names alone: "anonymous" is a convention, but the documents cannot tell it from
		// a secret one.
		each("ftp://anonymous@ftp.example.org/pub/README", review.UserinfoPresent, "anonymous", "draft2003", "rfc3986"),
		each("//user@host.example/p/q", review.UserinfoPresent, "user", "draft2003", "rfc3986"),
		// Two "@": RFC 2396 and the 2003 draft read "user@@host" as a reg-name, the 1994 draft
		// as a host name, where net/url and browsers read the userinfo "user@" before the host
		// "host" (RFC 3986 rejects it).
		each("http://user@@host/", review.UserinfoInHost, "user@", "draft1994", "rfc2396", "draft2003"),
		// An IPv4-mapped IPv6 literal, checked as the IPv4 address 192.0.2.1 it carries (the
		// 2003 draft 7.3, RFC 3986 7.4), under the two grammars that have IPv6 literals.
		each("http://[::ffff:192.0.2.1]/mapped", review.RareIPAddress, "[::ffff:192.0.2.1]", "draft2003", "rfc3986"),
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
	if diff := cmp.Diff(order(want), order(got)); diff != "" {
		t.Errorf("findings on ../testdata/bench/urls.txt (-want +got):\n%s", diff)
	}
}

// TestConcernString: each concern has its own name.
func TestConcernString(t *testing.T) {
	seen := map[string]bool{}
	for c := review.UserinfoPresent; c <= review.UserinfoInHost; c++ {
		s := c.String()
		if s == "" || strings.HasPrefix(s, "Concern(") || seen[s] {
			t.Errorf("Concern(%d).String() = %q", int(c), s)
		}
		seen[s] = true
	}
	if got := review.Concern(0).String(); got != "" {
		t.Errorf("Concern(0).String() = %q", got)
	}
}

// TestConcernText: a concern encodes as its ID and reads it back, in any case; the zero
// Concern is ""; an unknown ID is an error, as for package urlgrammar's enumerations.
func TestConcernText(t *testing.T) {
	for _, c := range []review.Concern{0, review.UserinfoPresent, review.RareIPAddress, review.PathBecomesAuthority} {
		text, err := c.MarshalText()
		if err != nil || string(text) != c.String() {
			t.Errorf("%v: MarshalText = %q, %v; want its String", c, text, err)
		}
		var back review.Concern
		if err := back.UnmarshalText([]byte(strings.ToUpper(string(text)))); err != nil || back != c {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", strings.ToUpper(string(text)), back, err, c)
		}
	}
	var c review.Concern
	if err := c.UnmarshalText([]byte("no-such-id")); err == nil {
		t.Error("UnmarshalText of an unknown ID: no error")
	}
	if _, err := review.Concern(99).MarshalText(); err == nil {
		t.Error("Concern(99).MarshalText: no error")
	}
	b, err := json.Marshal(review.Finding{Concern: review.DotSegments})
	if err != nil || !strings.Contains(string(b), `"Concern":"dot-segments"`) {
		t.Errorf("json.Marshal(Finding) = %s, %v", b, err)
	}
}

// TestUnknownMode: URL and Reference refuse a Mode with a bit that package urlgrammar does not
// define, with the error every function of that package gives.
func TestUnknownMode(t *testing.T) {
	const bad = urlgrammar.Mode(1 << 7)
	want := fmt.Sprintf("unknown mode %#x", uint(bad))
	base := "http://a/b/c/d;p?q"
	calls := map[string]func() error{
		"URL": func() error { _, err := review.URL(urlgrammar.RFC3986, base, bad); return err },
		"Reference": func() error {
			_, err := review.Reference(urlgrammar.RFC3986, base, "g", bad, urlgrammar.Policy{})
			return err
		},
	}
	for name, call := range calls {
		var e *urlgrammar.Error
		if err := call(); !errors.As(err, &e) || e.Version != urlgrammar.RFC3986 || e.Err == nil || e.Err.Error() != want {
			t.Errorf("%s with mode %#x: %v, want an *urlgrammar.Error under rfc3986 for %q", name, uint(bad), err, want)
		}
	}
}

// TestReviewLongInput: on a long input with many findings, each escape run is one finding with
// its own span.
func TestReviewLongInput(t *testing.T) {
	const n = 10000
	s := "http://h/" + strings.Repeat("a%0D%0Ab", n)
	fs, err := review.URL(urlgrammar.RFC3986, s, 0)
	if err != nil || len(fs) != n {
		t.Fatalf("URL of %d escaped CR LF: %d findings, %v", n, len(fs), err)
	}
	for i, f := range fs {
		if begin := len("http://h/") + 8*i + 1; f.Begin != begin || s[f.Begin:f.End] != "%0D%0A" {
			t.Fatalf("finding %d: span %d-%d (%q), want %d-%d", i, f.Begin, f.End, s[f.Begin:f.End], begin, begin+6)
		}
	}
}

func ExampleURL() {
	findings, err := review.URL(urlgrammar.RFC3986, "http://0x7f.1/", 0)
	if err != nil {
		panic(err)
	}
	for _, f := range findings {
		fmt.Println(f)
	}
	// Output: RFC 3986 section 7.4 (warning): host "0x7f.1" (hexadecimal, 2 parts) is read by address parsers such as inet_aton() as the IPv4 address 127.0.0.1
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
		fs, err := review.URL(urlgrammar.RFC3986, s, 0)
		if err != nil || len(fs) != 1 || fs[0].Concern != review.RareIPAddress {
			t.Errorf("URL(rfc3986, %q) = %v, %v; want one rare-ip-address finding", s, fs, err)
			continue
		}
		if want := " the IPv4 address " + addr; !strings.HasSuffix(fs[0].Reason, want) {
			t.Errorf("URL(rfc3986, %q): %q, want it to end with %q", s, fs[0].Reason, want)
		}
	}
}

// A reference whose path becomes an authority: RFC 3986's remove_dot_segments (section 5.2.4)
// turns "/.//evil.com/x" into "//evil.com/x", which section 5.3 writes after the scheme.
func ExampleReference() {
	findings, err := review.Reference(urlgrammar.RFC3986, "http://a/b/c", "http:/.//evil.com/x", 0, urlgrammar.Policy{})
	if err != nil {
		panic(err)
	}
	for _, f := range findings {
		fmt.Println(f.Concern, f)
	}
	// Output: path-becomes-authority RFC 3986 section 5.4.2 (must): path "/.//evil.com/x" resolves to "http://evil.com/x", which moves the host from "a" to "evil.com"
}

// TestReviewUserinfoInHost: an authority with more than one "@" ("http://good.com@evil.com@x/"),
// which RFC 2396 and the 2003 draft read as a reg-name and the 1994 draft as a host name, is a
// finding under each of them, naming the host that net/url connects to (checked here against
// net/url itself) and the password it sends; the versions whose grammar rejects it, reads it
// as a path (the 1997 draft) or states no consideration (the 1993 draft) give none.
func TestReviewUserinfoInHost(t *testing.T) {
	const (
		d94Authority = `draft-ietf-uri-url-03 section "Internet protocol parts"`
		rfc2396s32   = "RFC 2396 section 3.2"
	)
	misleading := "http://good.com@evil.com@x/"
	secret := "http://u:secret@evil@x/"
	checked := map[review.Concern]int{}
	for _, c := range []struct {
		v     urlgrammar.Version
		input string
		want  []found // nil: the grammar rejects the input
	}{
		{urlgrammar.Draft1994, misleading, []found{{review.UserinfoInHost, d94Authority, "good.com@evil.com"}}},
		{urlgrammar.Draft1994, secret, nil}, // its hostport takes no ":" before a port's digits
		{urlgrammar.RFC1738, misleading, nil},
		{urlgrammar.RFC1738, secret, nil},
		// The 1997 draft reads "//good.com@evil.com@x/" as a path, with no authority.
		{urlgrammar.Draft1997, misleading, []found{}},
		{urlgrammar.Draft1997, secret, []found{}},
		{urlgrammar.RFC2396, misleading, []found{{review.UserinfoInHost, rfc2396s32, "good.com@evil.com"}}},
		{urlgrammar.RFC2396, secret, []found{
			{review.UserinfoInHost, rfc2396s32, "u:secret@evil"},
			{review.PasswordPresent, rfc2396s7, "secret@evil"},
		}},
		{urlgrammar.Draft2003, misleading, []found{{review.UserinfoInHost, d03 + "7.5", "good.com@evil.com"}}},
		{urlgrammar.Draft2003, secret, []found{
			{review.UserinfoInHost, d03 + "7.5", "u:secret@evil"},
			{review.PasswordPresent, d03 + "7.4", "secret@evil"},
		}},
		// RFC 3986's userinfo and reg-name have no "@".
		{urlgrammar.RFC3986, misleading, nil},
		{urlgrammar.RFC3986, secret, nil},
		// One "@" in the 1994 draft's host name, which its http URLs have no user for; its
		// ftp URLs do, before the last "@" readers find a longer one and its password.
		{urlgrammar.Draft1994, "http://user@host.xz/", []found{{review.UserinfoInHost, d94Authority, "user"}}},
		{urlgrammar.Draft1994, "ftp://u:p@h@x/", []found{
			{review.UserinfoInHost, d94Authority, "u:p@h"},
			{review.PasswordPresent, d94Sec7, "p@h"},
		}},
		// The host, port and userinfo that readers find are the ones reviewed.
		{urlgrammar.Draft2003, "http://a@b@0x7f.1:25/", []found{
			{review.UserinfoInHost, d03 + "7.5", "a@b"},
			{review.RareIPAddress, d03 + "7.3", "0x7f.1"},
			{review.NonDefaultPort, d03 + "7.2", "25"},
		}},
		{urlgrammar.RFC2396, "http://a@b@[::1]:8080/", nil}, // RFC 2396 has no IP literals
		{urlgrammar.Draft2003, "http://a@b@[::1]:8080/", nil},
		{urlgrammar.RFC2396, "http://u:p@0x7f.1/", []found{
			{review.UserinfoInHost, rfc2396s32, "u:p"},
			{review.PasswordPresent, rfc2396s7, "p"},
		}},
		// One "@" that the grammar reads as the userinfo's end is no finding of this kind.
		{urlgrammar.RFC2396, "http://u@x/", []found{}},
		{urlgrammar.Draft2003, "http://u@x/", []found{{review.UserinfoPresent, d03 + "7.5", "u"}}},
	} {
		fs, err := review.URL(c.v, c.input, 0)
		var se *urlgrammar.SyntaxError
		if c.want == nil {
			if !errors.As(err, &se) {
				t.Errorf("URL(%v, %q) = %v, %v; want the grammar to reject it", c.v, c.input, fs, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("URL(%v, %q): %v", c.v, c.input, err)
			continue
		}
		if diff := cmp.Diff(c.want, findingsOf(t, c.input, fs)); diff != "" {
			t.Errorf("URL(%v, %q) (-want +got):\n%s", c.v, c.input, diff)
		}
		// What net/url reads: the userinfo up to the last "@", the password after its first
		// ":", and the host it connects to, which the finding names.
		nu, err := url.Parse(c.input)
		if err != nil {
			t.Errorf("net/url: %v", err)
			continue
		}
		for _, f := range fs {
			checked[f.Concern]++
			text := c.input[f.Begin:f.End]
			switch f.Concern {
			case review.UserinfoInHost:
				want := nu.User.Username()
				if p, ok := nu.User.Password(); ok {
					want += ":" + p
				}
				if text != want {
					t.Errorf("URL(%v, %q): userinfo %q, net/url's %q", c.v, c.input, text, want)
				}
				if want := fmt.Sprintf("the host %q they connect to", nu.Hostname()); !strings.Contains(f.Reason, want) {
					t.Errorf("URL(%v, %q): %q does not name net/url's host (%s)", c.v, c.input, f.Reason, want)
				}
			case review.PasswordPresent:
				if p, ok := nu.User.Password(); !ok || p != text {
					t.Errorf("URL(%v, %q): password %q, net/url's %q", c.v, c.input, text, p)
				}
			case review.NonDefaultPort:
				if text != nu.Port() {
					t.Errorf("URL(%v, %q): port %q, net/url's %q", c.v, c.input, text, nu.Port())
				}
			}
		}
	}
	if checked[review.UserinfoInHost] < 8 || checked[review.PasswordPresent] < 4 || checked[review.NonDefaultPort] < 1 {
		t.Errorf("findings held to net/url's reading: %v", checked)
	}
	// The 1993 draft states no consideration; RFC 1808 reviews an absolute URL as RFC 1738
	// reads it, which rejects these.
	if _, err := review.URL(urlgrammar.Draft1993, misleading, 0); !errors.Is(err, review.ErrNoConsiderations) {
		t.Errorf("URL(draft1993, %q): %v", misleading, err)
	}
	if fs, err := review.URL(urlgrammar.RFC1808, misleading, 0); err != nil || len(fs) != 0 {
		t.Errorf("URL(rfc1808, %q) = %v, %v", misleading, fs, err)
	}
	// The finding says what the userinfo looks like.
	fs, _ := review.URL(urlgrammar.Draft2003, misleading, 0)
	if len(fs) != 1 || !strings.Contains(fs[0].Reason, `looks like the host "good.com"`) {
		t.Errorf("URL(draft2003, %q) = %v; want it to say the userinfo looks like the host \"good.com\"", misleading, fs)
	}
}
