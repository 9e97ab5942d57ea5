package urlgrammar

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file holds the security review: the considerations that each version's own document
// states about inputs that are syntactically valid, as checks on the components that Parse
// gives. Each check cites the sentence it comes from.
//
// The grammars are ASCII, so mixed-script or confusable-looking host names (a concern of
// internationalized names, which none of these documents define) are out of scope.

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
	// a single 32-bit number, a trailing dot, escapes (the 2003 draft section 7.3, RFC 3986
	// section 7.4).
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
	// PathBecomesAuthority: resolving a reference turned its path into an authority, as
	// "http:/b" and ".//g" give "http://g" (ReviewReference only).
	PathBecomesAuthority
)

var concernNames = [...]string{"", "userinfo", "password", "misleading-userinfo", "port", "rare-ip-address",
	"escaped-control", "escaped-host-delimiter", "dot-segments", "path-becomes-authority"}

// String returns the concern's short name, such as "password" or "rare-ip-address".
func (c Concern) String() string {
	if int(c) < len(concernNames) && c != 0 {
		return concernNames[c]
	}
	return fmt.Sprintf("Concern(%d)", int(c))
}

// A Finding is one security consideration of a version's document that applies to an input.
type Finding struct {
	Concern Concern
	// Section is the document and section that states the consideration, such as "RFC 3986
	// section 7.5".
	Section string
	// Reason says in a few words what was found; it quotes the text of the span.
	Reason string
	// Begin and End are the byte span of the input that the finding concerns: for Review, of
	// the input; for ReviewReference, of the reference.
	Begin, End int
}

// String returns the section and the reason: `RFC 3986 section 7.5: password "secret" …`.
func (f Finding) String() string { return f.Section + ": " + f.Reason }

// A review holds where a version's document states each consideration: the section to cite,
// or "" where the document does not state it.
type review struct {
	port, escapedCRLF, password string // the three considerations of RFC 1738 section 6 and its successors
	userinfo, misleading        string // the userinfo and semantic attacks (2003, RFC 3986)
	rareIP                      string // rare IP address formats (2003, RFC 3986)
	hostDelimiter               string // escaped delimiters in the host
	backEnd                     string // RFC 3986 section 7.3: NUL and dot-segments
	// resolution is where the document warns of ".." segments that climb above the root and
	// says that ".." cannot change the authority; "" for a document that does not.
	resolution string
}

// reviews lists, per version, the considerations its own document states.
//
// The 1993 draft's "Security considerations" say only that "The URL scheme does not in itself
// pose a security threat" and that a URL may come to point at another object: it states no
// consideration that an input could be checked against.
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
// ".."), so its rare formats are 7.4, sensitive information 7.5 and semantic attacks 7.6.
var reviews = [...]*review{
	Draft1993: {},
	Draft1994: {
		port:        `draft-ietf-uri-url-03 section "Security considerations"`,
		escapedCRLF: `draft-ietf-uri-url-03 section "Security considerations"`,
		password:    `draft-ietf-uri-url-03 section "Security considerations"`,
	},
	RFC1738: {port: "RFC 1738 section 6", escapedCRLF: "RFC 1738 section 6", password: "RFC 1738 section 6"},
	RFC1808: {resolution: "RFC 1808 section 5.2"},
	Draft1997: {
		port:        "draft-fielding-url-syntax-05 section 7",
		escapedCRLF: "draft-fielding-url-syntax-05 section 7",
		password:    "draft-fielding-url-syntax-05 section 7",
		resolution:  "draft-fielding-url-syntax-05 Appendix C.2",
	},
	RFC2396: {
		port:          "RFC 2396 section 7",
		escapedCRLF:   "RFC 2396 section 7",
		password:      "RFC 2396 section 7",
		hostDelimiter: "RFC 2396 section 7",
		resolution:    "RFC 2396 Appendix C.2",
	},
	Draft2003: {
		port:          "draft-fielding-uri-rfc2396bis-01 section 7.2",
		escapedCRLF:   "draft-fielding-uri-rfc2396bis-01 section 7.2",
		hostDelimiter: "draft-fielding-uri-rfc2396bis-01 section 7.2",
		rareIP:        "draft-fielding-uri-rfc2396bis-01 section 7.3",
		password:      "draft-fielding-uri-rfc2396bis-01 section 7.4",
		userinfo:      "draft-fielding-uri-rfc2396bis-01 section 7.5",
		misleading:    "draft-fielding-uri-rfc2396bis-01 section 7.5",
		resolution:    "draft-fielding-uri-rfc2396bis-01 Appendix C.2",
	},
	RFC3986: {
		port:          "RFC 3986 section 7.2",
		escapedCRLF:   "RFC 3986 section 7.2",
		backEnd:       "RFC 3986 section 7.3",
		hostDelimiter: "RFC 3986 section 7.3",
		rareIP:        "RFC 3986 section 7.4",
		password:      "RFC 3986 section 7.5",
		userinfo:      "RFC 3986 section 7.5",
		misleading:    "RFC 3986 section 7.6",
		resolution:    "RFC 3986 section 5.4.2",
	},
}

// Review checks a valid input against the security considerations of v's own document and
// returns what it finds, in input order; an input read as mode says and invalid gives the
// *SyntaxError of ValidateRule.
// The checks, and the sentences they come from, are those of the Concern constants; a version
// is checked only for the considerations its document states:
//
//   - draft1993: none (its "Security considerations" state nothing an input could be checked
//     against), so Review gives no finding;
//   - draft1994, rfc1738, draft1997, rfc2396: a password, a port other than the scheme's
//     default or in the reserved range, escaped CR and LF (and, in rfc2396's reg_name, escaped
//     delimiters in the host);
//   - rfc1808: none for a relative URL; an absolute one is reviewed as RFC 1738 reads it, as its
//     section 6 says, when RFC 1738's grammar accepts it;
//   - draft2003: those (escaped delimiters in its reg-name too), rare IP address formats, a
//     user name, a userinfo that looks like a host;
//   - rfc3986: those, escaped NUL, and "." and ".." segments (escaped, or climbing above the
//     root).
//
// Only the grammar's own reading is reviewed: where a grammar reads what other readers take
// for an authority as something else (RFC 2396 makes "u:p@0x7f.1" a reg_name, with no
// userinfo; the 1997 draft makes "http://2130706433/" a path), the review follows the grammar.
//
// Mixed-script or confusable-looking host names are out of scope: the grammars are ASCII.
func Review(v Version, s string, mode Mode) ([]Finding, error) {
	u, err := ParseRule(v, "", s, mode)
	if err != nil {
		return nil, err
	}
	if v == RFC1808 {
		return reviewRFC1808(u), nil
	}
	return reviewURL(u, reviews[v]), nil
}

// reviewRFC1808 reviews an RFC 1808 URL: an absolute URL as RFC 1738 reads it, citing both
// documents, and nothing for a relative one.
func reviewRFC1808(u *URL) []Finding {
	if !u.Scheme().Present {
		return nil
	}
	u1738, err := Parse(RFC1738, u.Raw)
	if err != nil {
		return nil
	}
	fs := reviewURL(u1738, reviews[RFC1738])
	for i := range fs {
		fs[i].Section += ", by RFC 1808 section 6"
	}
	return fs
}

// reviewURL applies the checks that rv states to u, and returns the findings in input order.
func reviewURL(u *URL, rv *review) []Finding {
	var r reviewer
	r.u = u
	a := u.Authority()
	r.userinfo(rv, a)
	r.host(rv, a)
	r.port(rv, a)
	r.escapes(rv)
	r.dotSegments(rv)
	sortFindings(r.fs)
	return r.fs
}

type reviewer struct {
	u  *URL
	fs []Finding
}

func (r *reviewer) add(c Concern, section string, at Component, format string, args ...any) {
	r.fs = append(r.fs, Finding{Concern: c, Section: section, Reason: fmt.Sprintf(format, args...), Begin: at.Begin, End: at.End})
}

// sortFindings orders findings by where they begin, keeping the order of the checks for
// findings that begin at the same byte.
func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int { return cmp.Compare(a.Begin, b.Begin) })
}

// userinfo checks the userinfo: a password, a user name, a userinfo that looks like a host.
//
// RFC 1738, the 1994 and the 1997 drafts divide it into user and password in their grammar.
// RFC 2396, the 2003 draft and RFC 3986 do not, but describe the "user:password" format of
// some schemes (RFC 2396 section 3.2.2; RFC 3986 section 3.2.1: 'Use of the format
// "user:password" in the userinfo field is deprecated'), and their section 7 speaks of "a
// password within the userinfo component": there the password is what follows the first ":".
func (r *reviewer) userinfo(rv *review, a Authority) {
	ui := a.Userinfo
	if ui.Text == "" { // absent, or empty as in "ftp://@host.com/" (RFC 1738 section 3.1)
		return
	}
	password := a.Password
	if !a.User.Present && !password.Present {
		if i := strings.IndexByte(ui.Text, ':'); i >= 0 {
			password = Component{Present: true, Text: ui.Text[i+1:], Begin: ui.Begin + i + 1, End: ui.End}
		}
	}
	// An empty password ("ftp://foo:@host.com/", RFC 1738 section 3.1) is no secret.
	secret := password.Text != ""
	if rv.password != "" && secret {
		r.add(PasswordPresent, rv.password, password, "password %q in the URL", password.Text)
	}
	if rv.misleading != "" {
		if like := looksLikeHost(ui.Decoded()); like != "" {
			r.add(MisleadingUserinfo, rv.misleading, ui, "userinfo %q looks like %s, but the host is %q", ui.Text, like, a.Host.Text)
			return
		}
	}
	if rv.userinfo != "" && !secret {
		r.add(UserinfoPresent, rv.userinfo, ui, "userinfo %q before the host", ui.Text)
	}
}

// looksLikeHost says what a decoded userinfo looks like when a reader could take it for the
// authority: a URL (a scheme followed by "://"), or a host name or address (two or more
// labels of letters, digits and "-" joined by dots, at its start, as in the 2003 draft's
// "www.example.com&story=breaking_news"); "" otherwise.
func looksLikeHost(ui string) string {
	if scheme, ok := splitScheme(ui); ok && strings.HasPrefix(ui[len(scheme)+1:], "//") {
		return fmt.Sprintf("a URL (%q)", ui)
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

func isAlphaNum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// host checks the host for rare IP address formats and escaped delimiters.
func (r *reviewer) host(rv *review, a Authority) {
	h := a.Host
	if !h.Present || h.Text == "" {
		return
	}
	if rv.hostDelimiter != "" {
		for i := 0; i+2 < len(h.Text); i++ {
			if h.Text[i] != '%' || !isHex(h.Text[i+1]) || !isHex(h.Text[i+2]) {
				continue
			}
			c := unhex(h.Text[i+1])<<4 | unhex(h.Text[i+2])
			if strings.IndexByte(hostDelimiters, c) >= 0 {
				esc := Component{Present: true, Text: h.Text[i : i+3], Begin: h.Begin + i, End: h.Begin + i + 3}
				r.add(EscapedHostDelimiter, rv.hostDelimiter, esc, "escaped %q in the host decodes to the delimiter %q", esc.Text, string(c))
			}
			i += 2
		}
	}
	if rv.rareIP == "" {
		return
	}
	switch a.HostKind {
	case HostDomain, HostRegName, HostIPv4:
	default:
		return
	}
	text := h.Decoded()
	var forms []string
	if text != h.Text {
		forms = append(forms, "escapes")
	}
	if t, ok := strings.CutSuffix(text, "."); ok {
		text = t
		forms = append(forms, "a trailing dot")
	}
	addr, numForms, ok := inetAton(text)
	if !ok {
		return
	}
	forms = append(forms, numForms...)
	if len(forms) == 0 {
		return // dotted decimal as written: the form the grammar has
	}
	r.add(RareIPAddress, rv.rareIP, h, "host %q (%s) is read by address parsers such as inet_aton() as the IPv4 address %d.%d.%d.%d",
		h.Text, strings.Join(forms, ", "), addr>>24, addr>>16&0xff, addr>>8&0xff, addr&0xff)
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

// laterDefaultPorts are the default ports of schemes that later documents define: RFC 9110
// section 4.2.2 for https, RFC 6455 section 3 for ws and wss. RFC 1738's own schemes are in
// rfc1738Ports.
var laterDefaultPorts = map[string]string{"https": "443", "ws": "80", "wss": "443"}

// reservedPorts is where the reserved space ends: RFC 3986 section 7.2 calls 0-1023 the
// "well-known port" range.
const reservedPorts = 1024

// port checks the port against the scheme's default and the reserved range: "Caution should be
// used when using any URL which specifies a port number other than the default for the
// protocol, especially when it is a number within the reserved space" (RFC 1738 section 6 and
// its successors). A scheme whose default port is not known here is checked for the reserved
// range only.
func (r *reviewer) port(rv *review, a Authority) {
	p := a.Port
	if rv.port == "" || !p.Present || p.Text == "" {
		return
	}
	n, err := strconv.ParseUint(p.Text, 10, 64)
	huge := err != nil || n > 65535
	scheme := lowerASCII(r.u.Scheme().Text)
	def, known := rfc1738Ports[scheme]
	if !known {
		def, known = laterDefaultPorts[scheme]
	}
	isDefault := known && trimZeros(p.Text) == def
	reserved := !huge && n < reservedPorts
	var why []string
	if known && !isDefault {
		why = append(why, fmt.Sprintf("is not %s's default port (%s)", scheme, def))
	}
	if reserved && !isDefault {
		why = append(why, "is in the reserved range below 1024")
	}
	if len(why) == 0 {
		return
	}
	if huge {
		why = append(why, "is above 65535, the largest TCP port")
	}
	r.add(NonDefaultPort, rv.port, p, "port %q %s", p.Text, strings.Join(why, ", and "))
}

// escapes checks every escape of the input for CR and LF (for line-based protocols such as
// telnet: "Care should be taken when URLs contain escaped delimiters for a given protocol (for
// example, CR and LF characters for telnet protocols) that these are not unescaped before
// transmission") and, in RFC 3986, NUL (section 7.3: 'the "%00" percent-encoding (NUL) may
// require special handling and should be rejected if the application is not expecting to
// receive raw data within a component'). Adjacent escapes of the same kind make one finding.
func (r *reviewer) escapes(rv *review) {
	if rv.escapedCRLF == "" && rv.backEnd == "" {
		return
	}
	s := r.u.Raw
	kind := func(i int) string { // "CR/LF", "NUL" or "" for the escape at s[i]
		if i+2 >= len(s) || s[i] != '%' || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return ""
		}
		switch unhex(s[i+1])<<4 | unhex(s[i+2]) {
		case '\r', '\n':
			if rv.escapedCRLF != "" {
				return "CR/LF"
			}
		case 0:
			if rv.backEnd != "" {
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
		at := Component{Present: true, Text: s[i:j], Begin: i, End: j}
		if k == "NUL" {
			r.add(EscapedControl, rv.backEnd, at, "escaped NUL %q in the %s, which a back end may need to reject", at.Text, r.componentAt(i))
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
		c    Component
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
// URI should be applied after decoding the octets". So a segment that decodes to "." or ".."
// but is written with escapes (which remove_dot_segments, section 5.2.4, does not remove) is a
// finding, and so is the first ".." of an absolute path that climbs above its root.
func (r *reviewer) dotSegments(rv *review) {
	if rv.backEnd == "" {
		return
	}
	rooted := r.u.Path().Kind == PathAbsolute
	depth := 0
	climbed := false
	for _, seg := range r.u.Segments() {
		d := seg.Decoded()
		if (d == "." || d == "..") && d != seg.Text {
			r.add(DotSegments, rv.backEnd, seg.Component, "segment %q decodes to %q, which dot-segment removal does not see", seg.Text, d)
		}
		switch {
		case d == ".":
		case d == "..":
			if depth == 0 && rooted && !climbed {
				climbed = true
				r.add(DotSegments, rv.backEnd, seg.Component, "segment %q climbs above the root of the path", seg.Text)
			}
			depth = max(depth-1, 0)
		default:
			depth++
		}
	}
}

// ReviewReference checks what resolving the reference ref against base under v's algorithm
// (Resolve, with the modes given) does that the version's document warns of, and returns the
// findings, whose spans are in ref:
//
//   - a path that became an authority: "http:/b" and ".//g" give "http://g", whose host is
//     "g", under every version's algorithm (RFC 3986 section 5.2.4 has no guard against it),
//     although "the ".." syntax cannot be used to change the authority component of a URI"
//     (RFC 3986 section 5.4.2, and the same words in RFC 1808 section 5.2 and in Appendix C.2 of
//     the 1997 draft, RFC 2396 and the 2003 draft). Under the 1993 draft's rules it cannot
//     arise: the resolved URL must be valid, and its grammar has no empty path segment;
//   - ".." segments that climb above the root of the base's path: "Parsers must be careful in
//     handling cases where there are more relative path ".." segments than there are
//     hierarchical levels in the base URI's path" (the same sections).
//
// The 1993 draft states neither, and ReviewReference gives no finding under it.
//
// It gives the error of Resolve when ref cannot be resolved. The target itself is
// reviewed by Review(v, target).
func ReviewReference(v Version, base, ref string, mode Mode, policy Policy) ([]Finding, error) {
	res, err := Resolve(v, base, ref, mode, policy)
	if err != nil {
		return nil, err
	}
	section := reviews[v].resolution
	if section == "" {
		return nil, nil // the 1993 draft: see above
	}
	baseURL, err := ParseRule(v, "", base, mode)
	if err != nil {
		return nil, err
	}
	refURL, err := ParseRule(v, "", ref, mode)
	if err != nil {
		return nil, err
	}
	p := refURL.Path()
	refPath, refRooted := p.Component, p.Kind == PathAbsolute
	refScheme, refAuthority := refURL.Scheme().Present, refURL.Authority().Present

	var fs []Finding
	if !refScheme && !refAuthority {
		if target, err := ParseRule(v, "", res.Text, mode); err == nil {
			ta, ba := target.Authority(), baseURL.Authority()
			tp := target.Path()
			viaPath := !ta.Present && tp.Kind == PathAbsolute && strings.HasPrefix(tp.Text, "//")
			if ta.Present != ba.Present || ta.Text != ba.Text || viaPath {
				fs = append(fs, Finding{Concern: PathBecomesAuthority, Section: section, Begin: refPath.Begin, End: refPath.End,
					Reason: fmt.Sprintf("path %q resolves to %q, where it is read as an authority", refPath.Text, res.Text)})
			}
		}
	}
	if seg, ok := climbingSegment(baseURL, refPath, refRooted || refScheme || refAuthority); ok {
		fs = append(fs, Finding{Concern: DotSegments, Section: section, Begin: seg.Begin, End: seg.End,
			Reason: fmt.Sprintf("segment %q climbs above the root (the base's path is %q)", seg.Text, baseURL.Path().Text)})
	}
	sortFindings(fs)
	return fs, nil
}

// climbingSegment returns the first ".." segment of the reference's path ref that climbs above
// the root when the path is merged with the base's (all but the base path's last segment,
// unless ref is rooted), and whether there is one.
func climbingSegment(base *URL, ref Component, rooted bool) (Component, bool) {
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
				return Component{Present: true, Text: seg, Begin: off, End: off + 2}, true
			}
			depth--
		default:
			depth++
		}
		off += len(seg) + 1
	}
	return Component{}, false
}
