package review_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/review"
)

// An attack is one row of the attack table: a URL (or a reference and its base) from a public
// attack or piece of research, and whether the review is meant to catch it.
type attack struct {
	source string // the CVE or the research the shape comes from
	v      urlgrammar.Version
	base   string // for a reference resolved against a base; "" for a URL reviewed alone
	input  string
	// scope is the section of the version's document that covers the shape; "" when the row is
	// out of scope, and then why says why.
	scope, why string
	// rejected: the grammar itself rejects the input (scope names the rule's section), so the
	// review gives the *SyntaxError and no finding is needed.
	rejected bool
	want     []found // for an in-scope row that the grammar accepts: every finding, in order
}

// attacks is the attack table. Each in-scope row must be caught with the right sections and
// spans; each out-of-scope row says why the documents' considerations do not reach it.
var attacks = func() []attack {
	const (
		s72, s73, s74, s75, s76 = rfc3986s + "7.2", rfc3986s + "7.3", rfc3986s + "7.4", rfc3986s + "7.5", rfc3986s + "7.6"
		s542                    = rfc3986s + "5.4.2"
	)
	rfc := urlgrammar.RFC3986
	return []attack{
		// ---- back-end transcoding: dot segments and separators after decoding (7.3) ----
		{source: "CVE-2021-41773 (Apache HTTP Server 2.4.49): \".%2e\" segments passed the path check before decoding", v: rfc,
			input: "http://example.com/cgi-bin/.%2e/.%2e/etc/passwd", scope: s73, want: []found{
				{review.DotSegments, s73, ".%2e"},
				{review.DotSegments, s73, ".%2e"},
				{review.DotSegments, s73, ".%2e"}, // the second one climbs above the root
			}},
		{source: "OWASP, \"Path Traversal\": \"..%2f represents ../\"", v: rfc,
			input: "http://h/..%2f..%2fetc/passwd", scope: s73, want: []found{
				{review.DotSegments, s73, "..%2f..%2fetc"}, // decodes to "../../etc"
				{review.DotSegments, s73, "..%2f..%2fetc"}, // whose first ".." climbs above the root
			}},
		{source: "OWASP, \"Path Traversal\": \"%2e%2e%2f represents ../\"", v: rfc,
			input: "http://h/%2e%2e%2f%2e%2e%2fetc%2fpasswd", scope: s73, want: []found{
				{review.DotSegments, s73, "%2e%2e%2f%2e%2e%2fetc%2fpasswd"},
				{review.DotSegments, s73, "%2e%2e%2f%2e%2e%2fetc%2fpasswd"},
			}},
		{source: "OWASP, \"Path Traversal\": \"..%5c represents ..\\\"; the IIS traversals of CVE-2000-0884 and CVE-2001-0333, decoded once", v: rfc,
			input: "http://h/scripts/..%5c../winnt/system32/cmd.exe", scope: s73, want: []found{
				{review.DotSegments, s73, "..%5c.."}, // decodes to "..\..": two ".." for a back end that splits at "\"
				{review.DotSegments, s73, "..%5c.."}, // "scripts" is one level: the second ".." climbs
			}},
		{source: "OWASP, \"Path Traversal\": \"..%c0%af represents ../\" (an overlong UTF-8 \"/\"; CVE-2000-0884)", v: rfc,
			input: "http://h/..%c0%af..%c0%afetc/passwd",
			why:   "%c0%af decodes to the octets C0 AF, not to \"/\": reading them as \"/\" is a UTF-8 decoder's error (RFC 3629 section 10 forbids overlong forms), not a percent-decoding one"},
		{source: "OWASP, \"Path Traversal\": \"%252e%252e%255c represents ..\\\" (double encoding; CVE-2001-0333, CVE-2021-42013)", v: rfc,
			input: "http://h/%252e%252e%255c",
			why:   "decoded once, as RFC 3986 section 2.4 requires (\"Implementations must not percent-encode or decode the same string more than once\"), it is \"%2e%2e%5c\", no dot segment; decoding it twice is the back end's error"},
		{source: "CVE-2021-42013 (Apache HTTP Server 2.4.50): \"%%32%65\" for \".\"", v: rfc,
			input: "http://h/cgi-bin/%%32%65%%32%65/", scope: "RFC 3986 section 2.1", rejected: true},
		{source: "the poison NUL byte (rain.forest.puppy, Phrack 55, 1999): \"file.php%00.jpg\" upload filters", v: rfc,
			input: "http://h/upload/shell.php%00.jpg", scope: s73, want: []found{{review.EscapedControl, s73, "%00"}}},

		// ---- escaped delimiters of a protocol (7.2) and of the URI itself (7.3) ----
		{source: "CVE-2016-5699 (CPython httplib): escaped CR LF in the host injected a header", v: rfc,
			input: "http://127.0.0.1%0d%0aX-injected%3a%20header%0d%0a:8000/", scope: s72 + ", " + s73, want: []found{
				{review.EscapedControl, s72, "%0d%0a"},
				{review.EscapedHostDelimiter, s73, "%3a"},
				{review.EscapedControl, s72, "%0d%0a"},
				{review.NonDefaultPort, s72, "8000"},
			}},
		{source: "CVE-2019-9740 (CPython urllib): CR LF in the query injected a header", v: rfc,
			input: "http://127.0.0.1:7777/?q=HTTP/1.1%0D%0AX-injected:%20header", scope: s72, want: []found{
				{review.NonDefaultPort, s72, "7777"},
				{review.EscapedControl, s72, "%0D%0A"},
			}},
		{source: "CVE-2019-9740 as reported, with the CR LF unescaped", v: rfc,
			input: "http://127.0.0.1:7777/?q=HTTP/1.1\r\nX-injected: header", scope: "RFC 3986 section 3.4", rejected: true},
		{source: "SSRF through gopher to SMTP (Gopherus, 2018), the \"rude message\" of RFC 1738 section 6", v: rfc,
			input: "gopher://127.0.0.1:25/_HELO%20x%0D%0AMAIL%20FROM%3A%3Ca@b%3E%0D%0A", scope: s72, want: []found{
				{review.NonDefaultPort, s72, "25"},
				{review.EscapedControl, s72, "%0D%0A"},
				{review.EscapedControl, s72, "%0D%0A"},
			}},
		{source: "the same against RFC 1738, whose section 6 gives the example", v: urlgrammar.RFC1738,
			input: "gopher://mail.example.com:25/0HELO%20x%0D%0AQUIT", scope: rfc1738s6, want: []found{
				{review.NonDefaultPort, rfc1738s6, "25"},
				{review.EscapedControl, rfc1738s6, "%0D%0A"},
			}},
		{source: "host/path confusion: an escaped \"/\" in the host (RFC 3986 section 7.3's \"mistaken for delimiters\")", v: rfc,
			input: "http://victim.example%2F.attacker.example/", scope: s73, want: []found{{review.EscapedHostDelimiter, s73, "%2F"}}},
		{source: "the same under RFC 2396", v: urlgrammar.RFC2396,
			input: "http://victim.example%2F.attacker.example/", scope: rfc2396s7, want: []found{{review.EscapedHostDelimiter, rfc2396s7, "%2F"}}},

		// ---- ports (7.2) ----
		{source: "a port beyond 16 bits, read modulo 65536 by parsers that truncate it (4294967376 = 2^32 + 80)", v: rfc,
			input: "foo://h:4294967376/", scope: s72, want: []found{{review.NonDefaultPort, s72, "4294967376"}}},
		{source: "the same under http: 65616 = 65536 + 80", v: rfc,
			input: "http://h:65616/", scope: s72, want: []found{{review.NonDefaultPort, s72, "65616"}}},
		{source: "cross-protocol requests: an HTTP client sent to SMTP's port (RFC 3986 section 7.2's own example, port 25)", v: rfc,
			input: "http://mail.example.com:25/", scope: s72, want: []found{{review.NonDefaultPort, s72, "25"}}},

		{source: "SSRF to memcached through dict: (Wallarm, \"SSRF bible\", 2017)", v: rfc,
			input: "dict://127.0.0.1:11211/stat", scope: s72, want: []found{{review.NonDefaultPort, s72, "11211"}}},
		{source: "SSRF to Redis through gopher (Gopherus, 2018): RESP commands as escaped CR LF", v: rfc,
			input: "gopher://127.0.0.1:6379/_*1%0d%0a$8%0d%0aflushall%0d%0a", scope: s72, want: []found{
				{review.NonDefaultPort, s72, "6379"},
				{review.EscapedControl, s72, "%0d%0a"},
				{review.EscapedControl, s72, "%0d%0a"},
				{review.EscapedControl, s72, "%0d%0a"},
			}},
		{source: "port scanning through SSRF (Wallarm, \"SSRF bible\"): an HTTP client sent to SSH's port", v: rfc,
			input: "http://localhost:22/", scope: s72, want: []found{{review.NonDefaultPort, s72, "22"}}},
		{source: "Orange Tsai, \"Breaking Parser Logic\" (Black Hat USA 2018): \"..;/\" read as \"../\" by servers that drop path parameters", v: rfc,
			input: "http://h/app/..;/manager/html",
			why:   "\"..;\" is no dot segment in any of the grammars, escaped or not; dropping \";\" parameters is a server's reading of its own paths (RFC 3986 section 3.3 leaves their meaning to the scheme), not one the documents warn of"},

		// ---- rare IP address formats (7.4) ----
		{source: "CVE-2021-28918 (netmask, npm): \"0127.0.0.1\" read as decimal by the filter, octal by the system", v: rfc,
			input: "http://0127.0.0.1/", scope: s74, want: []found{{review.RareIPAddress, s74, "0127.0.0.1"}}},
		{source: "CVE-2021-29921 (CPython ipaddress): leading zeros in an octet", v: rfc,
			input: "http://010.8.8.8/", scope: s74, want: []found{{review.RareIPAddress, s74, "010.8.8.8"}}},
		{source: "SSRF filter bypass, EdOverflow's bugbounty-cheatsheet (cheatsheets/ssrf.md): octal and short forms", v: rfc,
			input: "http://0177.1/", scope: s74, want: []found{{review.RareIPAddress, s74, "0177.1"}}},
		{source: "SSRF filter bypass, EdOverflow's bugbounty-cheatsheet: hexadecimal", v: rfc,
			input: "http://0x7f.1/", scope: s74, want: []found{{review.RareIPAddress, s74, "0x7f.1"}}},
		{source: "HackTricks, \"SSRF\": the decimal bypass", v: rfc,
			input: "http://2130706433/admin", scope: s74, want: []found{{review.RareIPAddress, s74, "2130706433"}}},
		{source: "HackTricks, \"SSRF\": the hexadecimal bypass", v: rfc,
			input: "http://0x7f.0x00.0x00.0x01/admin", scope: s74, want: []found{{review.RareIPAddress, s74, "0x7f.0x00.0x00.0x01"}}},
		{source: "HackTricks, \"SSRF\": \"http://0/\", 0.0.0.0", v: rfc,
			input: "http://0/", scope: s74, want: []found{{review.RareIPAddress, s74, "0"}}},
		{source: "the WHATWG URL Standard's IPv4 parser ignores a last empty part: \"127.0.0.1.\"", v: rfc,
			input: "http://127.0.0.1./", scope: s74, want: []found{{review.RareIPAddress, s74, "127.0.0.1."}}},
		{source: "escapes in a reg-name that a resolver decodes into an address", v: rfc,
			input: "http://%31%32%37.0.0.1/", scope: s74, want: []found{{review.RareIPAddress, s74, "%31%32%37.0.0.1"}}},
		{source: "HackTricks, \"SSRF\": the octal bypass without dots", v: rfc,
			input: "http://017700000001/", scope: s74, want: []found{{review.RareIPAddress, s74, "017700000001"}}},
		{source: "HackTricks, \"SSRF\": zero-padded octets", v: rfc,
			input: "http://127.000.000.1/", scope: s74, want: []found{{review.RareIPAddress, s74, "127.000.000.1"}}},
		{source: "enclosed alphanumerics that IDNA maps to digits (HackTricks, \"SSRF\")", v: rfc,
			input: "http://①②⑦.⓪.⓪.①/", scope: "RFC 3986 section 3.2.2", rejected: true},
		{source: "HackTricks, \"SSRF\": an IPv4-mapped IPv6 literal", v: rfc,
			input: "http://[::ffff:127.0.0.1]/", scope: s74, want: []found{{review.RareIPAddress, s74, "[::ffff:127.0.0.1]"}}},
		{source: "the same, its IPv4 address in hexadecimal", v: rfc,
			input: "http://[::ffff:7f00:1]/", scope: s74, want: []found{{review.RareIPAddress, s74, "[::ffff:7f00:1]"}}},
		{source: "the same, IPv4-compatible (RFC 4291 section 2.5.5.1, deprecated)", v: rfc,
			input: "http://[::127.0.0.1]/", scope: s74, want: []found{{review.RareIPAddress, s74, "[::127.0.0.1]"}}},
		{source: "DNS rebinding and wildcard DNS (rbndr.us, nip.io): a name that resolves to a private address", v: rfc,
			input: "http://127.0.0.1.nip.io/",
			why:   "the host is a name; what it resolves to is not in the URL, and no section speaks of it"},
		{source: "ideographic full stops as label separators (UTS #46 maps U+3002 to \".\"): \"127。0。0。1\"", v: rfc,
			input: "http://127\u30020\u30020\u30021/", scope: "RFC 3986 section 3.2.2", rejected: true},

		// ---- sensitive information (7.5) and semantic attacks (7.6) ----
		{source: "credentials in URLs (CWE-598)", v: rfc,
			input: "https://admin:hunter2@intranet.example/", scope: s75, want: []found{{review.PasswordPresent, s75, "hunter2"}}},
		{source: "CVE-2003-1025 (Internet Explorer): \"%01\" before the \"@\" hid the host from the address bar", v: rfc,
			input: "http://www.microsoft.com%01@evil.example/", scope: s76, want: []found{{review.MisleadingUserinfo, s76, "www.microsoft.com%01"}}},
		{source: "phishing with a trusted host and port as userinfo (Siedzik, \"Semantic Attacks: What's in a URL?\", cited by RFC 3986 section 7.6)", v: rfc,
			input: "http://paypal.com:443@evil.example/", scope: s75 + ", " + s76, want: []found{
				{review.MisleadingUserinfo, s76, "paypal.com:443"},
				{review.PasswordPresent, s75, "443"},
			}},
		{source: "a whole URL, escaped, as userinfo", v: rfc,
			input: "http://https:%2F%2Fbank.example@evil.example/", scope: s75 + ", " + s76, want: []found{
				{review.MisleadingUserinfo, s76, "https:%2F%2Fbank.example"},
				{review.PasswordPresent, s75, "%2F%2Fbank.example"},
			}},
		{source: "an escaped \"@\" in the userinfo: a%40good.com decodes to a@good.com", v: rfc,
			input: "http://a%40good.com@evil/", scope: s76, want: []found{{review.MisleadingUserinfo, s76, "a%40good.com"}}},
		{source: "an escaped \"/\" that ends the trusted name for a reader who decodes (PortSwigger, \"URL validation bypass cheat sheet\")", v: rfc,
			input: "http://good.example%2f@evil.example/", scope: s76, want: []found{{review.MisleadingUserinfo, s76, "good.example%2f"}}},
		{source: "an address in a rare form as userinfo", v: rfc,
			input: "http://0x7f000001@evil/", scope: s76, want: []found{{review.MisleadingUserinfo, s76, "0x7f000001"}}},
		{source: "the 2003 draft section 7.5's own example", v: urlgrammar.Draft2003,
			input: "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", scope: d03 + "7.5", want: []found{
				{review.MisleadingUserinfo, d03 + "7.5", "www.example.com&story=breaking_news"}}},
		{source: "Orange Tsai, \"A New Era of SSRF\" (Black Hat USA 2017): \"http://1.1.1.1 &@2.2.2.2# @3.3.3.3/\"", v: rfc,
			input: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", scope: "RFC 3986 section 3.2", rejected: true},
		{source: "Orange Tsai, \"A New Era of SSRF\": two \"@\" in the authority", v: rfc,
			input: "http://foo@evil.com:80@google.com/", scope: "RFC 3986 section 3.2.1", rejected: true},
		{source: "the same under the 2003 draft, whose reg-name admits \"@\": net/url connects to google.com", v: urlgrammar.Draft2003,
			input: "http://foo@evil.com:80@google.com/", scope: d03 + "7.4, " + d03 + "7.5", want: []found{
				{review.UserinfoInHost, d03 + "7.5", "foo@evil.com:80"},
				{review.PasswordPresent, d03 + "7.4", "80"},
			}},
		{source: "the same under RFC 2396, whose reg_name admits \"@\"", v: urlgrammar.RFC2396,
			input: "http://foo@evil.com:80@google.com/", scope: rfc2396s7 + ", RFC 2396 section 3.2", want: []found{
				{review.UserinfoInHost, "RFC 2396 section 3.2", "foo@evil.com:80"},
				{review.PasswordPresent, rfc2396s7, "80"},
			}},
		{source: "Orange Tsai, \"A New Era of SSRF\": \"http://google.com#@evil.com/\"", v: rfc,
			input: "http://google.com#@evil.com/",
			why:   "the grammar's reading is unambiguous (host \"google.com\", fragment \"@evil.com/\"); a parser that finds another host breaks section 3, and the URL misleads no reader of section 3.5"},
		{source: "CVE-2021-27515 (url-parse, npm): \"\\\" read as \"/\"", v: rfc,
			input: "http:\\\\evil.example/", scope: "RFC 3986 section 3.3", rejected: true},
		{source: "CVE-2023-24329 (CPython urllib.parse): a leading blank", v: rfc,
			input: " https://evil.example/", scope: "RFC 3986 section 3.1", rejected: true},
		{source: "IDN homographs (Gabrilovich and Gontmakher, \"The Homograph Attack\", CACM 2002)", v: rfc,
			input: "http://xn--pypal-4ve.com/",
			why:   "the grammars are ASCII: what an A-label displays as is IDNA's concern (RFC 5890), not these documents'"},
		{source: "javascript: URLs in links (CWE-79)", v: rfc,
			input: "javascript:alert(1)",
			why:   "what a scheme does is the scheme's own document's concern; the generic syntax allows any scheme"},

		// ---- resolution: a reference that moves the host (5.4.2) ----
		{source: "open-redirect filters that allow references without \"//\" (PortSwigger, \"URL validation bypass cheat sheet\"): a path that remove_dot_segments turns into an authority", v: rfc,
			base: "http://a/b/c", input: "http:/.//evil.com/x", scope: s542, want: []found{{review.PathBecomesAuthority, s542, "/.//evil.com/x"}}},
		{source: "the same with another scheme", v: rfc,
			base: "http://a/b/c", input: "https:/.//evil.com/x", scope: s542, want: []found{{review.PathBecomesAuthority, s542, "/.//evil.com/x"}}},
		{source: "the same through a \"..\" segment", v: rfc,
			base: "http://a/b/c", input: "x:a/..//evil.com/x", scope: s542, want: []found{{review.PathBecomesAuthority, s542, "a/..//evil.com/x"}}},
		{source: "the same without a scheme", v: rfc,
			base: "http:/b", input: ".//evil.com/x", scope: s542, want: []found{{review.PathBecomesAuthority, s542, ".//evil.com/x"}}},
		{source: "open redirects through a network-path reference (CWE-601)", v: rfc,
			base: "http://a/b/c", input: "//evil.com/x",
			why: "a network-path reference names its authority openly (RFC 3986 section 4.2); an application that takes it for a path errs, not the resolution"},
		{source: "path traversal through a reference with more \"..\" than the base has levels", v: rfc,
			base: "http://a/b/c/d;p?q", input: "../../../etc/passwd", scope: s542, want: []found{{review.DotSegments, s542, ".."}}},
	}
}()

// TestReviewAttackTable: every in-scope row is caught with its sections and spans (or rejected
// by the grammar); every row says where it comes from, and every out-of-scope row why.
func TestReviewAttackTable(t *testing.T) {
	var in, out int
	for _, a := range attacks {
		if a.source == "" {
			t.Errorf("%q: no source", a.input)
		}
		if a.scope == "" {
			out++
			if a.why == "" {
				t.Errorf("%q: out of scope without a reason", a.input)
			}
			continue
		}
		in++
		var fs []review.Finding
		var err error
		if a.base != "" {
			fs, err = review.Reference(a.v, a.base, a.input, 0, urlgrammar.Policy{})
		} else {
			fs, err = review.URL(a.v, a.input, 0)
		}
		var se *urlgrammar.SyntaxError
		if a.rejected {
			if !errors.As(err, &se) {
				t.Errorf("%v %q (%s): %v, %v; want the grammar to reject it", a.v, a.input, a.source, fs, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v %q (%s): %v", a.v, a.input, a.source, err)
			continue
		}
		if len(a.want) == 0 {
			t.Errorf("%q: in scope, but no finding expected", a.input)
		}
		if diff := cmp.Diff(a.want, findingsOf(t, a.input, fs)); diff != "" {
			t.Errorf("%v %q (%s) (-want +got):\n%s", a.v, a.input, a.source, diff)
		}
	}
	t.Logf("attack table: %d rows in scope, %d out of scope", in, out)
}
