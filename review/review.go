package review

import (
	"cmp"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// A Concern is the kind of a Finding: which of the documents' security considerations it is.
type Concern uint8

// The concerns, each named after what it looks for.
const (
	// UserinfoPresent: a user name is present (RFC 3986 section 7.5, "a username or password
	// that is intended to be secret"; the 2003 draft section 7.5, userinfo "can be used to
	// construct a URI that is intended to mislead a human user").
	UserinfoPresent Concern = iota + 1
	// PasswordPresent: a password is present ("It is clearly unwise to use a URL that
	// contains a password which is intended to be secret", in each document from 1994 on).
	PasswordPresent
	// MisleadingUserinfo: a userinfo that itself looks like a host name or a URL, before the
	// real host (semantic attacks: the 2003 draft section 7.5, RFC 3986 section 7.6).
	MisleadingUserinfo
	// NonDefaultPort: a port other than the scheme's default, or one in the reserved range
	// below 1024 ("a port number other than the default for the protocol, especially when it
	// is a number within the reserved space").
	NonDefaultPort
	// RareIPAddress: a host that the grammar reads as a name but that address parsers such as
	// inet_aton() read as an IPv4 address: hexadecimal or octal parts, fewer than four parts,
	// a single 32-bit number, a trailing dot, escapes; or an IPv6 literal that carries an IPv4
	// address, IPv4-mapped ("[::ffff:127.0.0.1]") or IPv4-compatible ("[::127.0.0.1]"), which
	// a filter of IPv4 addresses by their text does not see either (the 2003 draft section
	// 7.3, RFC 3986 section 7.4).
	RareIPAddress
	// EscapedControl: an escaped CR or LF ("%0D", "%0A"), a delimiter of line-based protocols
	// that must not be decoded before transmission, or an escaped NUL ("%00", RFC 3986
	// section 7.3).
	EscapedControl
	// EscapedHostDelimiter: an escape in the host that decodes to a delimiter (RFC 3986
	// section 7.3: "Applications must split the URI into its components and subcomponents
	// prior to decoding the octets, as otherwise the decoded octets might be mistaken for
	// delimiters").
	EscapedHostDelimiter
	// DotSegments: a ".." segment that climbs above the root, or a "." or ".." segment written
	// with escapes, which dot-segment removal does not see but a back end decodes.
	DotSegments
	// PathBecomesAuthority: resolving a reference gave a target whose authority is neither the
	// one the reference names nor the base's it inherits: its path was read as an authority, as
	// "http:/b" and ".//g" give "http://g", or was joined to the base's, as "g" against
	// "http://a" gives "http://ag" under the 1997 draft (Reference only).
	PathBecomesAuthority
	// UserinfoInHost: a host, as the grammar reads it, that holds an "@" (a reg-name of RFC 2396
	// or of the 2003 draft, a host name of the 1994 draft): net/url and browsers take what
	// precedes the authority's last "@" for a userinfo and connect to the host after it, so
	// that the host a validator reads is not the one a reader reaches (the 2003 draft section
	// 7.5's "different authority hidden behind the noise"). The userinfo and the host are then
	// reviewed as those readers read them.
	UserinfoInHost
	// HostDiffers: the host the grammar reads is not the host that a parser of today, net/url
	// or a browser's, connects to (Hosts only): the pattern of server-side request forgery
	// (RFC 3986 section 7.6, the 2003 draft section 7.5).
	HostDiffers
)

var concernIDs = []string{"", "userinfo", "password", "misleading-userinfo", "port", "rare-ip-address",
	"escaped-control", "escaped-host-delimiter", "dot-segments", "path-becomes-authority", "userinfo-in-host", "host-differs"}

// String returns the concern's ID, a short name such as "password" or "rare-ip-address"; ""
// for the zero Concern.
func (c Concern) String() string { return enumString(c, concernIDs, "Concern") }

// MarshalText returns the concern's ID, as String does; a Concern that is none of the
// concerns is an error.
func (c Concern) MarshalText() ([]byte, error) { return marshalEnum(c, concernIDs, "Concern") }

// UnmarshalText sets c to the concern whose ID is text, ignoring case ("" is the zero Concern).
func (c *Concern) UnmarshalText(text []byte) error {
	return unmarshalEnum(c, text, concernIDs, "Concern")
}

// Concern and Severity encode as package urlgrammar's enumerations do: each value as its ID, a
// short lower-case name, in String, text and JSON.

// enumString returns the ID of v, whose IDs by value are ids, or "Type(n)" for a value that
// has none.
func enumString[T ~uint8](v T, ids []string, typ string) string {
	if int(v) < len(ids) {
		return ids[v]
	}
	return fmt.Sprintf("%s(%d)", typ, int(v))
}

// marshalEnum is MarshalText of v: its ID, or an error for a value that has none.
func marshalEnum[T ~uint8](v T, ids []string, typ string) ([]byte, error) {
	if int(v) < len(ids) {
		return []byte(ids[v]), nil
	}
	return nil, fmt.Errorf("review: %s(%d) has no ID", typ, int(v))
}

// unmarshalEnum is UnmarshalText: it sets *p to the value whose ID is text, ignoring case, or
// returns an error that lists the IDs.
func unmarshalEnum[T ~uint8](p *T, text []byte, ids []string, typ string) error {
	for i, id := range ids {
		if strings.EqualFold(id, string(text)) {
			*p = T(i)
			return nil
		}
	}
	known := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == "" })
	return fmt.Errorf("review: unknown %s %q (known: %s)", typ, text, strings.Join(known, ", "))
}

// A Finding is one security consideration of a version's document that applies to an input.
type Finding struct {
	Concern Concern
	// Severity is how strongly the document words the consideration.
	Severity Severity
	// Section is the document and section that states the consideration, such as "RFC 3986
	// section 7.5".
	Section string
	// Reason says in a few words what was found; it quotes the text of the span.
	Reason string
	// Begin and End are the byte span of the input that the finding concerns: for URL, of
	// the input; for Reference, of the reference.
	Begin, End int
}

// String returns the section, the severity and the reason: `RFC 3986 section 7.5 (should-not):
// password "secret" …`.
func (f Finding) String() string { return f.Section + " (" + f.Severity.String() + "): " + f.Reason }

// A Severity is how strongly a document words a consideration: whether it describes a risk
// (Informational), asks for caution (Warning), says that something should not be done
// (ShouldNot), or that it must not or cannot be (Must). The words are those of each document,
// in the sense RFC 2119 later gave them; Finding's section says where they stand. Severities are
// ordered: a higher one is stronger. The zero Severity is SeverityInformational.
type Severity uint8

const (
	// SeverityInformational: the document describes the risk and asks nothing of the URL: "User
	// agents may be able to reduce the impact" (RFC 3986 section 7.6), "render userinfo if any
	// is present" (the 2003 draft section 7.5).
	SeverityInformational Severity = iota
	// SeverityWarning: the document asks for caution: "Caution should be used", "Care should be
	// taken" (RFC 1738 section 6 and its successors), "it is recommended that literals be
	// converted to numeric form" (RFC 3986 section 7.4), "Special care should be taken" (7.3).
	SeverityWarning
	// SeverityShouldNot: the document says it should not be done: "URI producers should not
	// provide a URI that contains a username or password that is intended to be secret" (RFC
	// 3986 section 7.5), "clearly unwise" and "strongly disrecommended" (RFC 1738 section 6, the
	// 1997 draft section 7), "should be rejected" (RFC 3986 section 7.3), "Applications should
	// prevent dereference" of a well-known port (7.2).
	SeverityShouldNot
	// SeverityMust: the document says it must not or cannot be: "Applications must split the
	// URI into its components and subcomponents prior to decoding the octets" (RFC 3986 section
	// 7.3), "Parsers must be careful" with ".." segments and "the ".." syntax cannot be used to
	// change the authority component" (section 5.4.2).
	SeverityMust
)

var severityNames = []string{"informational", "warning", "should-not", "must"}

// String returns the severity's name: "informational", "warning", "should-not" or "must".
func (s Severity) String() string { return enumString(s, severityNames, "Severity") }

// MarshalText encodes the severity as its name (see String); a severity without a name is an
// error.
func (s Severity) MarshalText() ([]byte, error) { return marshalEnum(s, severityNames, "Severity") }

// UnmarshalText decodes a severity's name, in any case.
func (s *Severity) UnmarshalText(text []byte) error {
	return unmarshalEnum(s, text, severityNames, "Severity")
}

// A cite is where a version's document states one consideration, and how strongly.
type cite struct {
	section  string // "" where the document does not state it
	severity Severity
}

// A review holds where a version's document states each consideration.
type review struct {
	port, escapedCRLF, password cite // the three considerations of RFC 1738 section 6 and its successors
	// wellKnownPort is the port consideration for a port in the reserved range that is not the
	// scheme's default, where the document words it apart (RFC 3986 section 7.2); otherwise port.
	wellKnownPort        cite
	userinfo, misleading cite // the userinfo and semantic attacks (2003, RFC 3986)
	rareIP               cite // rare IP address formats (2003, RFC 3986)
	hostDelimiter        cite // escaped delimiters in the host
	nul, dotSegments     cite // RFC 3986 section 7.3: NUL, and the file system's "." and ".."
	// userinfoInHost is where the document says what an "@" in the authority delimits, for a
	// grammar whose host can hold one (UserinfoInHost); "" for a grammar whose host cannot.
	userinfoInHost cite
	// resolution is where the document warns of ".." segments that climb above the root and
	// says that ".." cannot change the authority; "" for a document that does not.
	resolution cite
}

// The words of RFC 1738 section 6, which the 1994 draft's "Security considerations", the 1997
// draft section 7, RFC 2396 section 7, the 2003 draft section 7.2 and RFC 3986 section 7.2
// repeat: "Caution should be used when using any URL which specifies a port number other than
// the default for the protocol, especially when it is a number within the reserved space" and
// "Care should be taken when URLs contain escaped delimiters for a given protocol [...] that
// these are not unescaped before transmission" (warnings); "The use of URLs containing
// passwords that should be secret is clearly unwise" (should not: the 1997 draft and RFC 2396
// say "strongly disrecommended", the 2003 draft "strongly discouraged", RFC 3986 section 7.5
// "URI producers should not provide a URI that contains a username or password that is
// intended to be secret").
func warning(section string) cite   { return cite{section, SeverityWarning} }
func shouldNot(section string) cite { return cite{section, SeverityShouldNot} }

// reviews lists, per version, the considerations its own document states, with the strength of
// its words (see Severity).
//
// The 1993 draft's "Security considerations" say only that "The URL scheme does not in itself
// pose a security threat" and that a URL may come to point at another object: it states no
// consideration that an input could be checked against, and URL says so (ErrNoConsiderations).
//
// The 1994 draft's "Security considerations", RFC 1738 section 6, the 1997 draft section 7 and
// RFC 2396 section 7 state three: a port other than the scheme's default ("especially when it
// is a number within the reserved space"), escaped delimiters such as CR and LF that must not
// be decoded before transmission, and passwords.
//
// RFC 1808 section 6: "There are no security considerations in the use or parsing of relative
// URLs. However, once a relative URL has been resolved to its absolute form, the same security
// considerations apply as those described in RFC 1738." Its grammar does not divide net_loc, so
// an absolute URL is reviewed as RFC 1738 reads it (reviewRFC1808).
//
// The 2003 draft divides its section 7 into 7.2 malicious construction (ports, escaped
// delimiters), 7.3 rare IP address formats, 7.4 sensitive information (passwords) and 7.5
// semantic attacks; RFC 3986 adds 7.3 back-end transcoding (%00, the file system's "." and
// "..", "Applications must split the URI into its components and subcomponents prior to
// decoding the octets"), so its rare formats are 7.4, sensitive information 7.5 and semantic
// attacks 7.6.
//
// Resolution: "Parsers must be careful in handling cases where there are more relative path
// ".." segments than there are hierarchical levels in the base URI's path" and "the ".."
// syntax cannot be used to change the authority component of a URI" (RFC 3986 section 5.4.2;
// the same words in RFC 1808 section 5.2 and in Appendix C.2 of the 1997 draft, RFC 2396 and
// the 2003 draft): must.
var reviews = map[urlgrammar.Version]*review{
	urlgrammar.Draft1993: nil,
	urlgrammar.Draft1994: {
		port:        warning(`draft-ietf-uri-url-03 section "Security considerations"`),
		escapedCRLF: warning(`draft-ietf-uri-url-03 section "Security considerations"`),
		password:    shouldNot(`draft-ietf-uri-url-03 section "Security considerations"`),
		// Its hostname admits "@" (ialpha's safe characters), but its "Security
		// considerations" speak of no semantic attack; what an "@" delimits is in "Internet
		// protocol parts": "the user name and optional password are followed by a commercial
		// at sign "@"".
		userinfoInHost: cite{`draft-ietf-uri-url-03 section "Internet protocol parts"`, SeverityInformational},
	},
	urlgrammar.RFC1738: {port: warning("RFC 1738 section 6"), escapedCRLF: warning("RFC 1738 section 6"), password: shouldNot("RFC 1738 section 6")},
	urlgrammar.RFC1808: {resolution: cite{"RFC 1808 section 5.2", SeverityMust}},
	urlgrammar.Draft1997: {
		port:        warning("draft-fielding-url-syntax-05 section 7"),
		escapedCRLF: warning("draft-fielding-url-syntax-05 section 7"),
		password:    shouldNot("draft-fielding-url-syntax-05 section 7"),
		resolution:  cite{"draft-fielding-url-syntax-05 Appendix C.2", SeverityMust},
	},
	urlgrammar.RFC2396: {
		port:          warning("RFC 2396 section 7"),
		escapedCRLF:   warning("RFC 2396 section 7"),
		password:      shouldNot("RFC 2396 section 7"),
		hostDelimiter: warning("RFC 2396 section 7"),
		// Its reg_name admits "@", but its section 7 speaks of no semantic attack (that came
		// with the 2003 draft's 7.5); what an "@" in the authority is, section 3.2 says:
		// "Within the authority component, the characters ";", ":", "@", "?", and "/" are
		// reserved."
		userinfoInHost: cite{"RFC 2396 section 3.2", SeverityInformational},
		resolution:     cite{"RFC 2396 Appendix C.2", SeverityMust},
	},
	urlgrammar.Draft2003: {
		port:          warning("draft-fielding-uri-rfc2396bis-01 section 7.2"),
		escapedCRLF:   warning("draft-fielding-uri-rfc2396bis-01 section 7.2"),
		hostDelimiter: warning("draft-fielding-uri-rfc2396bis-01 section 7.2"),
		// "it is recommended that literals be converted to numeric form and filtered based on
		// the numeric value".
		rareIP:   warning("draft-fielding-uri-rfc2396bis-01 section 7.3"),
		password: shouldNot("draft-fielding-uri-rfc2396bis-01 section 7.4"),
		// "User agents may be able to reduce the impact of such attacks by [...] using a
		// different color or tone to render userinfo if any is present": a user name is worth
		// knowing of; a userinfo that looks like a host is the attack the section warns of.
		userinfo:   cite{"draft-fielding-uri-rfc2396bis-01 section 7.5", SeverityInformational},
		misleading: warning("draft-fielding-uri-rfc2396bis-01 section 7.5"),
		// Its reg-name admits "@": "appearing to identify one (trusted) naming authority while
		// actually identifying a different authority hidden behind the noise", where the
		// grammar itself reads the noise as the authority.
		userinfoInHost: warning("draft-fielding-uri-rfc2396bis-01 section 7.5"),
		resolution:     cite{"draft-fielding-uri-rfc2396bis-01 Appendix C.2", SeverityMust},
	},
	urlgrammar.RFC3986: {
		port:        warning("RFC 3986 section 7.2"),
		escapedCRLF: warning("RFC 3986 section 7.2"),
		// "Applications should prevent dereference of a URI that specifies a TCP port number
		// within the "well-known port" range (0 - 1023) unless the protocol being used to
		// dereference that URI is compatible with the protocol expected on that well-known
		// port."
		wellKnownPort: shouldNot("RFC 3986 section 7.2"),
		// "Applications must split the URI into its components and subcomponents prior to
		// decoding the octets, as otherwise the decoded octets might be mistaken for
		// delimiters."
		hostDelimiter: cite{"RFC 3986 section 7.3", SeverityMust},
		// 'the "%00" percent-encoding (NUL) may require special handling and should be rejected
		// if the application is not expecting to receive raw data within a component'.
		nul: shouldNot("RFC 3986 section 7.3"),
		// "Special care should be taken when the URI path interpretation process involves the
		// use of a back-end file system or related system functions".
		dotSegments: warning("RFC 3986 section 7.3"),
		rareIP:      warning("RFC 3986 section 7.4"),
		password:    shouldNot("RFC 3986 section 7.5"),
		// A user name is secret or not as its producer meant; the section cannot tell.
		userinfo: cite{"RFC 3986 section 7.5", SeverityInformational},
		// "a URI that is intended to mislead a human user by appearing to identify one
		// (trusted) naming authority while actually identifying a different authority hidden
		// behind the noise".
		misleading: warning("RFC 3986 section 7.6"),
		resolution: cite{"RFC 3986 section 5.4.2", SeverityMust},
	},
}

// ErrNoConsiderations is wrapped by the error of URL for a valid input of a version whose
// document states no security consideration that an input could be checked against (the 1993
// draft), so that no review is taken for a clean one.
var ErrNoConsiderations = errors.New("the document states no security consideration an input can be checked against")

// URL checks a valid input against the security considerations of v's own document and
// returns what it finds, in input order, each with the strength of the document's words
// (Severity); an input read as mode says and invalid gives the *[urlgrammar.SyntaxError] of
// [urlgrammar.ValidateRule].
// The checks, and the sentences they come from, are those of the Concern constants; a version
// is checked only for the considerations its document states:
//
//   - draft1993: none (its "Security considerations" state nothing an input could be checked
//     against), so a valid input gives an error that wraps ErrNoConsiderations;
//   - draft1994, rfc1738, draft1997, rfc2396: a password, a port other than the scheme's
//     default or in the reserved range, escaped CR and LF (and, in rfc2396's reg_name, escaped
//     delimiters in the host; in draft1994's host name and rfc2396's reg_name, an "@");
//   - rfc1808: none for a relative URL; an absolute one is reviewed as RFC 1738 reads it, as its
//     section 6 says, when RFC 1738's grammar accepts it;
//   - draft2003: those (escaped delimiters and an "@" in its reg-name too), rare IP address
//     formats, a user name, a userinfo that looks like a host;
//   - rfc3986: those, escaped NUL, and "." and ".." segments (escaped, split out of a segment
//     by an escaped "/" or "\", or climbing above the root).
//
// A port is judged against the default that the scheme's own document registers (see
// defaultPorts); a port above 65535 is a finding under every scheme.
//
// The checks that RFC 3986 section 7.3 asks to apply "after decoding the octets" (the path's
// dot segments) and those that look at what a person or a resolver reads (the host, a
// userinfo that looks like a host) judge the decoded text; the spans are those of the input as
// written.
//
// The grammar's own reading is reviewed, with one exception: a host that the grammar lets hold
// an "@" (RFC 2396 and the 2003 draft read "good.com@evil.com@x" as a reg-name, the 1994 draft
// "good.com@x" as a host name) is read as net/url and browsers read it, a userinfo up to the
// authority's last "@" and the host after it: the host they connect to is named
// (UserinfoInHost), and that userinfo, host and port are the ones reviewed, a password being
// what follows the userinfo's first ":". Where a grammar reads an authority as no authority at
// all (the 1997 draft makes "http://2130706433/" and "http://a@b@c/" paths), the review
// follows the grammar.
//
// An escaped "/" or "\" alone in a path segment ("a%2Fb") is no finding: RFC 3986 section 2.2
// says that data which "would conflict with a reserved character's purpose as a delimiter"
// must be percent-encoded, so the escape is how the data is written, and section 7.3's concern
// is an application that decodes before it splits ("Applications must split the URI into its
// components and subcomponents prior to decoding the octets"), not the URI. A segment whose
// decoded pieces hold "." or ".." ("..%2f..%2fetc") is a DotSegments finding.
//
// Mixed-script or confusable-looking host names are out of scope: the grammars are ASCII.
func URL(v urlgrammar.Version, s string, mode urlgrammar.Mode) ([]Finding, error) {
	u, err := urlgrammar.ParseRule(v, "", s, mode)
	if err != nil {
		return nil, err
	}
	if v == urlgrammar.RFC1808 {
		return reviewRFC1808(u), nil
	}
	if reviews[v] == nil {
		return nil, &urlgrammar.Error{Op: "review", Version: v, Err: fmt.Errorf("%w (its \"Security considerations\": \"The URL scheme does not in itself pose a security threat\")", ErrNoConsiderations)}
	}
	return reviewURL(u, reviews[v]), nil
}

// reviewRFC1808 reviews an RFC 1808 URL: an absolute URL as RFC 1738 reads it, citing both
// documents, and nothing for a relative one.
func reviewRFC1808(u *urlgrammar.URL) []Finding {
	if !u.Scheme().Present {
		return nil
	}
	u1738, err := urlgrammar.Parse(urlgrammar.RFC1738, u.Raw)
	if err != nil {
		return nil
	}
	fs := reviewURL(u1738, reviews[urlgrammar.RFC1738])
	for i := range fs {
		fs[i].Section += ", by RFC 1808 section 6"
	}
	return fs
}

// reviewURL applies the checks that rv states to u, and returns the findings in input order.
func reviewURL(u *urlgrammar.URL, rv *review) []Finding {
	var r reviewer
	r.u = u
	a := u.Authority()
	hidden := false
	if ra, ok := readersAuthority(a); ok {
		hidden = r.userinfoInHost(rv, a, ra)
		a = ra
	}
	r.userinfo(rv, a, hidden)
	r.host(rv, a)
	r.port(rv, a)
	r.escapes(rv)
	r.dotSegments(rv)
	sortFindings(r.fs)
	return r.fs
}

type reviewer struct {
	u  *urlgrammar.URL
	fs []Finding
}

func (r *reviewer) add(c Concern, by cite, at urlgrammar.Component, format string, args ...any) {
	r.fs = append(r.fs, Finding{Concern: c, Severity: by.severity, Section: by.section, Reason: fmt.Sprintf(format, args...), Begin: at.Begin, End: at.End})
}

// sortFindings orders findings by where they begin, keeping the order of the checks for
// findings that begin at the same byte.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.Begin, b.Begin) })
}

// userinfo checks the userinfo: a password, a user name, a userinfo that looks like a host.
// hidden says that a UserinfoInHost finding names the userinfo already, and what it looks
// like: only its password is then checked.
//
// RFC 1738, the 1994 and the 1997 drafts divide it into user and password in their grammar.
// RFC 2396, the 2003 draft and RFC 3986 do not, but describe the "user:password" format of
// some schemes (RFC 2396 section 3.2.2; RFC 3986 section 3.2.1: 'Use of the format
// "user:password" in the userinfo field is deprecated'), and their section 7 speaks of "a
// password within the userinfo component": there the password is what follows the first ":".
func (r *reviewer) userinfo(rv *review, a urlgrammar.Authority, hidden bool) {
	ui := a.Userinfo
	if ui.Text == "" { // absent, or empty as in "ftp://@host.com/" (RFC 1738 section 3.1)
		return
	}
	password := a.Password
	if !a.User.Present && !password.Present {
		if i := strings.IndexByte(ui.Text, ':'); i >= 0 {
			password = urlgrammar.Component{Present: true, Text: ui.Text[i+1:], Begin: ui.Begin + i + 1, End: ui.End}
		}
	}
	// An empty password ("ftp://foo:@host.com/", RFC 1738 section 3.1) is no secret.
	secret := password.Text != ""
	if rv.password.section != "" && secret {
		r.add(PasswordPresent, rv.password, password, "password %q in the URL", password.Text)
	}
	if hidden {
		return
	}
	if rv.misleading.section != "" {
		decoded := ui.Decoded()
		if like := looksLikeHost(decoded); like != "" {
			shown := fmt.Sprintf("%q", ui.Text)
			if decoded != ui.Text {
				shown += fmt.Sprintf(" (decoded %q)", decoded)
			}
			r.add(MisleadingUserinfo, rv.misleading, ui, "userinfo %s looks like %s, but the host is %q", shown, like, a.Host.Text)
			return
		}
	}
	if rv.userinfo.section != "" && !secret {
		r.add(UserinfoPresent, rv.userinfo, ui, "userinfo %q before the host", ui.Text)
	}
}

// readersAuthority returns the authority a as net/url and the WHATWG URL Standard's parser
// (which browsers follow) read it, and true, when the host that the grammar reads holds an "@";
// otherwise a and false. Both readers take the authority's last "@" for the end of the
// userinfo (net/url's parseAuthority looks for it with strings.LastIndex, the URL Standard's
// authority state lets every "@" but the last one into the userinfo), and the host is what
// follows it, up to its last ":" outside an IP literal's brackets, which begins the port (a
// port that is not digits, which both refuse, is not reviewed).
func readersAuthority(a urlgrammar.Authority) (urlgrammar.Authority, bool) {
	if !strings.Contains(a.Host.Text, "@") {
		return a, false
	}
	auth := a.Component
	at := strings.LastIndexByte(auth.Text, '@')
	part := func(i, j int) urlgrammar.Component {
		return urlgrammar.Component{Present: true, Text: auth.Text[i:j], Begin: auth.Begin + i, End: auth.Begin + j}
	}
	ra := urlgrammar.Authority{Component: auth, Userinfo: part(0, at)}
	hostEnd := len(auth.Text)
	if i := strings.LastIndexByte(auth.Text, ':'); i > at && !strings.Contains(auth.Text[i:], "]") {
		hostEnd = i
		if isDigits(auth.Text[i+1:]) {
			ra.Port = part(i+1, len(auth.Text))
		}
	}
	ra.Host = part(at+1, hostEnd)
	switch h := ra.Host.Text; {
	case h == "":
		ra.HostKind = urlgrammar.HostEmpty
	case h[0] == '[':
		ra.HostKind = urlgrammar.HostIPv6
	default:
		ra.HostKind = urlgrammar.HostRegName
	}
	return ra, true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// userinfoInHost reports the userinfo that readers find in the host the grammar reads
// (readersAuthority: grammar is the grammar's authority, readers theirs), and reports whether
// it did: the finding names the host readers connect to, and what the userinfo looks like,
// when it looks like a host.
func (r *reviewer) userinfoInHost(rv *review, grammar, readers urlgrammar.Authority) bool {
	if rv.userinfoInHost.section == "" {
		return false
	}
	ui := readers.Userinfo
	like := ""
	if l := looksLikeHost(ui.Decoded()); l != "" {
		like = ", and it looks like " + l
	}
	host := "the host " + strconv.Quote(readers.Host.Text) + " they connect to"
	if readers.Host.Text == "" {
		host = "an empty host"
	}
	r.add(UserinfoInHost, rv.userinfoInHost, ui, "userinfo %q, up to the authority's last \"@\", is what net/url and browsers read before %s, where the grammar reads the host %q%s",
		ui.Text, host, grammar.Host.Text, like)
	return true
}

// looksLikeHost says what a decoded userinfo looks like when a reader could take it for the
// authority, and "" when it does not. A reader may take for the host the userinfo's start or
// what follows an "@" in it (a decoded "%40", as in "a%40good.com@evil"): looksLikeHost tries
// each. Such a part looks like
//
//   - a URL: a scheme followed by "://";
//   - a host name: two or more labels of letters, digits and "-" joined by dots, at its start,
//     as in the 2003 draft's "www.example.com&story=breaking_news";
//   - an IPv4 address in a form that address parsers read (see inetAton), up to a ":" that
//     would begin a port: "0x7f000001", "0177.1". A single decimal number is taken for one only
//     when it is too large for a 24-bit quantity, so that a numeric user name ("1234") is not.
func looksLikeHost(ui string) string {
	for part := range strings.SplitSeq(ui, "@") {
		if like := partLooksLikeHost(part); like != "" {
			return like
		}
	}
	return ""
}

func partLooksLikeHost(ui string) string {
	if scheme, rest, ok := strings.Cut(ui, ":"); ok && isScheme(scheme) && strings.HasPrefix(rest, "//") {
		return fmt.Sprintf("a URL (%q)", ui)
	}
	hostPort, _, _ := strings.Cut(ui, ":")
	if addr, forms, ok := inetAton(hostPort); ok && (len(forms) > 1 || len(forms) == 1 && (strings.Contains(hostPort, ".") || addr > 0xffffff)) {
		return fmt.Sprintf("the IPv4 address %s (%q)", dotted(addr), hostPort)
	}
	end := 0
	for end < len(ui) && (isAlphaNum(ui[end]) || ui[end] == '-' || ui[end] == '.') {
		end++
	}
	labels := strings.Split(ui[:end], ".")
	if len(labels) < 2 {
		return ""
	}
	for _, l := range labels {
		if l == "" {
			return ""
		}
	}
	return fmt.Sprintf("the host %q", ui[:end])
}

// dotted writes an IPv4 address in dotted decimal.
func dotted(addr uint32) string {
	return fmt.Sprintf("%d.%d.%d.%d", addr>>24, addr>>16&0xff, addr>>8&0xff, addr&0xff)
}

func isAlphaNum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isScheme reports whether s could be a scheme name in some version's grammar: letters,
// digits, "+", "-" and ".", at least one.
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlphaNum(c) && c != '+' && c != '-' && c != '.' {
			return false
		}
	}
	return s != ""
}

// escapedOctet returns the octet that the escape at s[i] ("%" and two hexadecimal digits)
// stands for, and whether there is one there.
func escapedOctet(s string, i int) (byte, bool) {
	if i < 0 || i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
	return byte(n), err == nil
}

// host checks the host for rare IP address formats and escaped delimiters.
func (r *reviewer) host(rv *review, a urlgrammar.Authority) {
	h := a.Host
	if !h.Present || h.Text == "" {
		return
	}
	if rv.hostDelimiter.section != "" {
		for i := 0; i+2 < len(h.Text); i++ {
			c, ok := escapedOctet(h.Text, i)
			if !ok {
				continue
			}
			if strings.IndexByte(hostDelimiters, c) >= 0 {
				esc := urlgrammar.Component{Present: true, Text: h.Text[i : i+3], Begin: h.Begin + i, End: h.Begin + i + 3}
				r.add(EscapedHostDelimiter, rv.hostDelimiter, esc, "escaped %q in the host decodes to the delimiter %q", esc.Text, string(c))
			}
			i += 2
		}
	}
	if rv.rareIP.section == "" {
		return
	}
	if addr, forms, reader, ok := hostIPv4(h, a.HostKind); ok {
		r.add(RareIPAddress, rv.rareIP, h, "host %q (%s) is read by %s as the IPv4 address %s",
			h.Text, strings.Join(forms, ", "), reader, dotted(addr))
	}
}

// hostIPv4 returns the IPv4 address that readers take the host h, of kind k, for when the
// grammar does not read it as one in dotted decimal: the forms it is written in, who reads it
// so, and true; false for a host that no reader takes for an IPv4 address, or that is one in
// the grammar's own form. The 2003 draft section 7.3 and RFC 3986 section 7.4 ask that "literals
// be converted to numeric form and filtered based on the numeric value", which is what a
// reader does with each of these:
//
//   - a name, read by inet_aton() (see inetAton), decoded, without a trailing dot;
//   - an IPv6 literal that carries an IPv4 address (RFC 4291 section 2.5.5): IPv4-mapped
//     (::ffff:0:0/96, "used to represent the addresses of IPv4 nodes as IPv6 addresses", and
//     what a dual-stack socket connects to the IPv4 node by) or IPv4-compatible (::/96 but for
//     "::" and "::1", deprecated by that section, and routed to the IPv4 address by the
//     transition mechanisms it was defined for).
func hostIPv4(h urlgrammar.Component, k urlgrammar.HostKind) (addr uint32, forms []string, reader string, ok bool) {
	switch k {
	case urlgrammar.HostDomain, urlgrammar.HostRegName, urlgrammar.HostIPv4:
	case urlgrammar.HostIPv6:
		ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(h.Text, "["), "]"))
		if err != nil || !ip.Is6() {
			return 0, nil, "", false
		}
		b := ip.As16()
		v4 := uint32(b[12])<<24 | uint32(b[13])<<16 | uint32(b[14])<<8 | uint32(b[15])
		switch {
		case ip.Is4In6():
			forms = []string{"an IPv4-mapped IPv6 address"}
		case [12]byte(b[:12]) == [12]byte{} && v4 > 1:
			forms = []string{"an IPv4-compatible IPv6 address"}
		default:
			return 0, nil, "", false
		}
		return v4, forms, "IPv6 stacks (RFC 4291 section 2.5.5)", true
	default:
		return 0, nil, "", false
	}
	text := h.Decoded()
	if text != h.Text {
		forms = append(forms, "escapes")
	}
	if t, ok := strings.CutSuffix(text, "."); ok {
		text = t
		forms = append(forms, "a trailing dot")
	}
	addr, numForms, ok := inetAton(text)
	if !ok {
		return 0, nil, "", false
	}
	forms = append(forms, numForms...)
	if len(forms) == 0 {
		return 0, nil, "", false // dotted decimal as written: the form the grammar has
	}
	return addr, forms, "address parsers such as inet_aton()", true
}

// hostDelimiters are the octets that an escape in a host must not decode to: RFC 3986's
// gen-delims (section 2.2), "%" (whose decoding would start another escape), "\" (which many
// clients read as "/"), and "." (which divides the labels a resolver sees).
const hostDelimiters = ":/?#[]@%\\."

// inetAton reads s as inet_aton() does (the 2003 draft section 7.3 and RFC 3986 section 7.4
// describe it): one to four parts separated by dots, each "as specified in the C language (i.e.,
// a leading 0x or 0X implies hexadecimal; a leading 0 implies octal; otherwise, the number is
// interpreted as decimal)"; with fewer than four parts the last one fills the remaining bytes
// ("the last part is interpreted as a 16-bit quantity", "a 24-bit quantity", "a single number
// (without dots) is interpreted as a 32-bit quantity"). It returns the address, the forms that
// differ from four decimal parts, and whether s is an address.
func inetAton(s string) (addr uint32, forms []string, ok bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return 0, nil, false
	}
	var hex, oct bool
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		base, digits := 10, p
		switch {
		case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
			base, digits, hex = 16, p[2:], true
		case len(p) > 1 && p[0] == '0':
			base, digits, oct = 8, p[1:], true
		}
		v, err := strconv.ParseUint(digits, base, 32)
		if err != nil {
			return 0, nil, false
		}
		vals[i] = v
	}
	last := len(vals) - 1
	for _, v := range vals[:last] {
		if v > 0xff {
			return 0, nil, false
		}
		addr = addr<<8 | uint32(v)
	}
	lastBits := 8 * (4 - last)
	if lastBits < 32 && vals[last] >= 1<<lastBits {
		return 0, nil, false
	}
	addr = addr<<lastBits | uint32(vals[last])
	if hex {
		forms = append(forms, "hexadecimal")
	}
	if oct {
		forms = append(forms, "octal")
	}
	switch len(parts) {
	case 1:
		forms = append(forms, "a single 32-bit number")
	case 2, 3:
		forms = append(forms, fmt.Sprintf("%d parts", len(parts)))
	}
	return addr, forms, true
}

// defaultPorts are the default ports of the schemes a reviewer meets, each with its source:
// the scheme's own document where it states one, otherwise the IANA "Service Name and
// Transport Protocol Port Number Registry" entry of the protocol the scheme names. A scheme not
// listed is checked for the reserved range and the largest TCP port only.
var defaultPorts = map[string]struct{ port, source string }{
	"ftp":        {"21", "RFC 1738 section 3.2"},
	"http":       {"80", "RFC 1738 section 3.3, RFC 9110 section 4.2.1"},
	"gopher":     {"70", "RFC 1738 section 3.4, RFC 4266"},
	"news":       {"119", "RFC 5538 section 2.1"},
	"nntp":       {"119", "RFC 1738 section 3.7, RFC 5538 section 2.2"},
	"telnet":     {"23", "RFC 1738 section 3.8, RFC 4248"},
	"wais":       {"210", "RFC 1738 section 3.9, RFC 4156"},
	"prospero":   {"1525", "RFC 1738 section 3.11, RFC 4157"},
	"https":      {"443", "RFC 9110 section 4.2.2"},
	"ws":         {"80", "RFC 6455 section 3"},
	"wss":        {"443", "RFC 6455 section 3"},
	"ldap":       {"389", "RFC 4516 section 2"},
	"ldaps":      {"636", "IANA service name ldaps"},
	"imap":       {"143", "RFC 5092 section 3"},
	"pop":        {"110", "RFC 2384 section 3"},
	"smtp":       {"25", "IANA service name smtp"},
	"ssh":        {"22", "IANA service name ssh"},
	"sftp":       {"22", "IANA service name ssh"},
	"irc":        {"6667", "IANA service name ircu"},
	"ircs":       {"6697", "RFC 7194 section 2"},
	"rtsp":       {"554", "RFC 2326 section 3.2"},
	"rtsps":      {"322", "RFC 7826 section 4.2"},
	"sip":        {"5060", "RFC 3261 section 19.1.2"},
	"sips":       {"5061", "RFC 3261 section 19.1.2"},
	"coap":       {"5683", "RFC 7252 section 6.1"},
	"coaps":      {"5684", "RFC 7252 section 6.2"},
	"dict":       {"2628", "RFC 2229 section 5"},
	"dns":        {"53", "RFC 4501 section 2"},
	"nfs":        {"2049", "RFC 2224 section 2"},
	"rsync":      {"873", "RFC 5781 section 2"},
	"snmp":       {"161", "RFC 4088 section 2"},
	"vnc":        {"5900", "RFC 7869 section 2"},
	"git":        {"9418", "IANA service name git"},
	"svn":        {"3690", "IANA service name svn"},
	"smb":        {"445", "IANA service name microsoft-ds"},
	"mysql":      {"3306", "IANA service name mysql"},
	"postgresql": {"5432", "IANA service name postgresql"},
	"redis":      {"6379", "IANA service name redis"},
	"mongodb":    {"27017", "IANA service name mongodb"},
}

// reservedPorts is where the reserved space ends: RFC 3986 section 7.2 calls 0-1023 the
// "well-known port" range.
const reservedPorts = 1024

// maxPort is the largest TCP port: a port number is 16 bits (RFC 793 section 3.1).
const maxPort = 65535

// port checks the port against the scheme's default and the reserved range: "Caution should be
// used when using any URL which specifies a port number other than the default for the
// protocol, especially when it is a number within the reserved space" (RFC 1738 section 6 and
// its successors). A scheme whose default port is not known (defaultPorts) is checked for the
// reserved range only. A port above 65535 is no TCP port at all, and a reader that keeps its
// last 16 bits (as some clients have done) reaches another: it is a finding under every
// scheme, and its 16-bit reading is the port judged for the reserved range.
func (r *reviewer) port(rv *review, a urlgrammar.Authority) {
	p := a.Port
	if rv.port.section == "" || !p.Present || p.Text == "" {
		return
	}
	n, huge := portNumber(p.Text)
	scheme := strings.ToLower(r.u.Scheme().Text) // ASCII in every grammar
	def, known := defaultPorts[scheme]
	isDefault := known && strconv.Itoa(n) == def.port && !huge
	reserved := n < reservedPorts && !(known && strconv.Itoa(n) == def.port)
	var why []string
	if known && !isDefault {
		why = append(why, fmt.Sprintf("is not %s's default port (%s, %s)", scheme, def.port, def.source))
	}
	if huge {
		why = append(why, fmt.Sprintf("is above %d, the largest TCP port (a reader that keeps 16 bits reaches %d)", maxPort, n))
	}
	switch {
	case reserved && !isDefault && huge:
		why[len(why)-1] = fmt.Sprintf("is above %d, the largest TCP port, and a reader that keeps 16 bits reaches %d, in the reserved range below %d", maxPort, n, reservedPorts)
	case reserved && !isDefault:
		why = append(why, fmt.Sprintf("is in the reserved range below %d", reservedPorts))
	}
	if len(why) == 0 {
		return
	}
	by := rv.port
	if reserved && !isDefault && rv.wellKnownPort.section != "" {
		by = rv.wellKnownPort
	}
	r.add(NonDefaultPort, by, p, "port %q %s", p.Text, strings.Join(why, ", and "))
}

// portNumber returns the port that the decimal digits of s name, modulo 65536, and whether
// they name a number above 65535.
func portNumber(s string) (n int, huge bool) {
	big := 0
	for i := 0; i < len(s); i++ {
		n = (n*10 + int(s[i]-'0')) % (maxPort + 1)
		if big <= maxPort {
			big = big*10 + int(s[i]-'0')
		}
	}
	return n, big > maxPort
}

// escapes checks every escape of the input for CR and LF (for line-based protocols such as
// telnet: "Care should be taken when URLs contain escaped delimiters for a given protocol (for
// example, CR and LF characters for telnet protocols) that these are not unescaped before
// transmission") and, in RFC 3986, NUL (section 7.3: 'the "%00" percent-encoding (NUL) may
// require special handling and should be rejected if the application is not expecting to
// receive raw data within a component'). Adjacent escapes of the same kind make one finding.
func (r *reviewer) escapes(rv *review) {
	if rv.escapedCRLF.section == "" && rv.nul.section == "" {
		return
	}
	s := r.u.Raw
	kind := func(i int) string { // "CR/LF", "NUL" or "" for the escape at s[i]
		c, ok := escapedOctet(s, i)
		if !ok {
			return ""
		}
		switch c {
		case '\r', '\n':
			if rv.escapedCRLF.section != "" {
				return "CR/LF"
			}
		case 0:
			if rv.nul.section != "" {
				return "NUL"
			}
		}
		return ""
	}
	for i := 0; i < len(s); i++ {
		k := kind(i)
		if k == "" {
			continue
		}
		j := i + 3
		for kind(j) == k {
			j += 3
		}
		at := urlgrammar.Component{Present: true, Text: s[i:j], Begin: i, End: j}
		if k == "NUL" {
			r.add(EscapedControl, rv.nul, at, "escaped NUL %q in the %s, which a back end may need to reject", at.Text, r.componentAt(i))
		} else {
			r.add(EscapedControl, rv.escapedCRLF, at, "escaped CR or LF %q in the %s, which must not be decoded before transmission", at.Text, r.componentAt(i))
		}
		i = j - 1
	}
}

// componentAt names the component of the URL that holds byte i.
func (r *reviewer) componentAt(i int) string {
	u := r.u
	a := u.Authority()
	for _, c := range []struct {
		name string
		c    urlgrammar.Component
	}{
		{"userinfo", a.Userinfo}, {"host", a.Host}, {"port", a.Port}, {"authority", a.Component},
		{"path", u.Path().Component}, {"query", u.Query()}, {"fragment", u.Fragment()},
	} {
		if c.c.Present && c.c.Begin <= i && i < c.c.End {
			return c.name
		}
	}
	return "URL"
}

// dotSegments checks the path's "." and ".." segments (RFC 3986 section 7.3): "Special care
// should be taken when the URI path interpretation process involves the use of a back-end file
// system [...] special device names like ".", ".."", and "Security checks of the data within a
// URI should be applied after decoding the octets". A segment is judged as the back end sees
// it: decoded, and split at "/" and at "\" (which file systems of one widespread family take for
// a separator). So these are findings:
//
//   - a segment written with escapes that decodes to "." or "..", or to pieces among which is
//     one ("..%2f..%2fetc", "%2e%2e%2f", "..%5c.."): remove_dot_segments (section 5.2.4) does not
//     see them;
//   - the first ".." of an absolute path that climbs above its root, counting the decoded
//     pieces.
//
// An escaped "/" or "\" that splits a segment into pieces none of which is a dot segment
// ("a%2Fb") is none: it is how section 2.2 has a "/" written as data (see URL).
func (r *reviewer) dotSegments(rv *review) {
	if rv.dotSegments.section == "" {
		return
	}
	rooted := r.u.Path().Kind == urlgrammar.PathAbsolute
	depth := 0
	climbed := false
	for seg := range r.u.Segments() {
		d := seg.Decoded()
		pieces := []string{d}
		if d != seg.Text && strings.ContainsAny(d, `/\`) {
			pieces = strings.FieldsFunc(d, func(c rune) bool { return c == '/' || c == '\\' })
			if len(pieces) == 0 {
				pieces = []string{""}
			}
		}
		dots := false
		for _, p := range pieces {
			dots = dots || p == "." || p == ".."
		}
		if dots && d != seg.Text {
			r.add(DotSegments, rv.dotSegments, seg.Component, "segment %q decodes to %q, whose dot segments dot-segment removal does not see", seg.Text, d)
		}
		for _, p := range pieces {
			switch p {
			case ".":
			case "..":
				if depth == 0 && rooted && !climbed {
					climbed = true
					r.add(DotSegments, rv.dotSegments, seg.Component, "segment %q climbs above the root of the path", seg.Text)
				}
				depth = max(depth-1, 0)
			default:
				depth++
			}
		}
	}
}

// Reference checks what resolving the reference ref against base under v's algorithm
// ([urlgrammar.Resolve], with the mode and policy given) does that the version's document warns of, and returns the
// findings, whose spans are in ref:
//
//   - a target whose authority is neither the reference's own nor the base's that a reference
//     without one inherits (nor none, for a reference with a scheme that the algorithm takes as
//     it stands), whatever the reference's form: "http:/b" and ".//g" give "http://g", whose
//     host is "g", under every version's algorithm (RFC 3986 section 5.2.4 has no guard against
//     it); so do "http:/.//evil.com/x" and "x:a/..//evil.com/x" under RFC 3986, whose
//     remove_dot_segments leaves a path that begins with "//"; "g" against "http://a" is
//     "http://ag" under the 1997 draft and RFC 2396. The documents say that "the ".." syntax
//     cannot be used to change the authority component of a URI" (RFC 3986 section 5.4.2, and
//     the same words in RFC 1808 section 5.2 and in Appendix C.2 of the 1997 draft, RFC 2396
//     and the 2003 draft), and RFC 3986 section 3.3 that "If a URI does not contain an
//     authority component, then the path cannot begin with two slash characters". The reason
//     names the base's host and the target's. The target's authority is read as every reader
//     reads it, by the expression of RFC 3986 Appendix B, even when v's grammar rejects the
//     target (see [urlgrammar.Resolution].Invalid). Under the 1993 draft's rules it cannot arise: the
//     resolved URL must be valid, and its grammar has no empty path segment;
//   - ".." segments that climb above the root of the base's path: "Parsers must be careful in
//     handling cases where there are more relative path ".." segments than there are
//     hierarchical levels in the base URI's path" (the same sections).
//
// Both are of SeverityMust. The 1993 draft states neither, and Reference gives no
// finding under it.
//
// It gives the error of [urlgrammar.Resolve] when ref cannot be resolved. The target itself is
// reviewed by URL(v, target, mode).
func Reference(v urlgrammar.Version, base, ref string, mode urlgrammar.Mode, policy urlgrammar.Policy) ([]Finding, error) {
	res, err := urlgrammar.Resolve(v, base, ref, mode, policy)
	if err != nil {
		return nil, err
	}
	rv := reviews[v]
	if rv == nil || rv.resolution.section == "" {
		return nil, nil // the 1993 draft: see above
	}
	by := rv.resolution
	baseURL, err := urlgrammar.ParseRule(v, "", base, mode)
	if err != nil {
		return nil, err
	}
	refURL, err := urlgrammar.ParseRule(v, "", ref, mode)
	if err != nil {
		return nil, err
	}
	p := refURL.Path()
	refPath, refRooted := p.Component, p.Kind == urlgrammar.PathAbsolute
	refScheme, refAuthority := refURL.Scheme().Present, refURL.Authority().Present
	var fs []Finding
	add := func(c Concern, at urlgrammar.Component, format string, args ...any) {
		fs = append(fs, Finding{Concern: c, Severity: by.severity, Section: by.section, Begin: at.Begin, End: at.End, Reason: fmt.Sprintf(format, args...)})
	}

	if !refAuthority {
		// The authority the target should have: the base's, unless the reference's scheme is
		// taken as it stands, in which case none.
		ba := baseURL.Authority()
		want, wantOK := ba.Text, ba.Present
		if refScheme && !schemeIgnored(v, policy, baseURL, refURL) {
			want, wantOK = "", false
		}
		got, gotOK := appendixBAuthority(res.Text)
		if got != want || gotOK != wantOK {
			oldHost := "none"
			if ba.Present {
				oldHost = strconv.Quote(ba.Host.Text)
			}
			newHost := "none"
			if gotOK {
				newHost = strconv.Quote(authorityHost(got))
			}
			add(PathBecomesAuthority, refPath, "path %q resolves to %q, which moves the host from %s to %s", refPath.Text, res.Text, oldHost, newHost)
		}
	}
	if seg, ok := climbingSegment(baseURL, refPath, refRooted || refScheme || refAuthority); ok {
		add(DotSegments, seg, "segment %q climbs above the root (the base's path is %q)", seg.Text, baseURL.Path().Text)
	}
	sortFindings(fs)
	return fs, nil
}

// schemeIgnored reports whether v's algorithm, under p, ignores the scheme of the reference
// ref against base, reading ref as a relative reference: only with NonValidating, and only
// when the reference's scheme is the base's (RFC 3986 section 5.2.2: "if ((not strict) and
// (R.scheme == Base.scheme))"); under RFC 2396 only when the base also fits the <hier_part>
// syntax (section 5.2 step 3: "the scheme is known to always use the <hier_part> syntax"),
// which begins with "/" after the scheme.
func schemeIgnored(v urlgrammar.Version, p urlgrammar.Policy, base, ref *urlgrammar.URL) bool {
	if !p.NonValidating || ref.Scheme().Text != base.Scheme().Text {
		return false
	}
	_, afterScheme, _ := strings.Cut(base.Raw, ":")
	return v != urlgrammar.RFC2396 || strings.HasPrefix(afterScheme, "/")
}

// appendixBAuthority returns the authority of s as the expression of RFC 3986 Appendix B reads
// it, ^(([^:/?#]+):)?(//([^/?#]*))?..., and whether s has one.
func appendixBAuthority(s string) (string, bool) {
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		s = s[i+1:]
	}
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return "", false
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	return rest, true
}

// authorityHost returns the host of an authority: without the userinfo and its "@", and
// without a port after the last ":" that follows the host (an IP literal's brackets kept).
func authorityHost(a string) string {
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		a = a[i+1:]
	}
	if i := strings.LastIndexByte(a, ':'); i >= 0 && !strings.Contains(a[i:], "]") {
		a = a[:i]
	}
	return a
}

// climbingSegment returns the first ".." segment of the reference's path ref that climbs above
// the root when the path is merged with the base's (all but the base path's last segment,
// unless ref is rooted), and whether there is one.
func climbingSegment(base *urlgrammar.URL, ref urlgrammar.Component, rooted bool) (urlgrammar.Component, bool) {
	depth := 0
	if !rooted {
		bp := base.Path().Text
		bp = strings.TrimPrefix(bp, "/")
		if i := strings.LastIndexByte(bp, '/'); i >= 0 {
			for seg := range strings.SplitSeq(bp[:i], "/") {
				switch seg {
				case ".":
				case "..":
					depth = max(depth-1, 0)
				default:
					depth++
				}
			}
		}
	}
	text, off := ref.Text, ref.Begin
	if strings.HasPrefix(text, "/") {
		text, off = text[1:], off+1
	}
	for seg := range strings.SplitSeq(text, "/") {
		switch seg {
		case ".":
		case "..":
			if depth == 0 {
				return urlgrammar.Component{Present: true, Text: seg, Begin: off, End: off + 2}, true
			}
			depth--
		default:
			depth++
		}
		off += len(seg) + 1
	}
	return urlgrammar.Component{}, false
}
