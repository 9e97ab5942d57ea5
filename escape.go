package urlgrammar

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// This file percent-encodes the text of one component of a URL as one version's grammar
// requires it, and decodes it again. Which bytes a component may hold unescaped is not listed
// here: it is what the component's rule in the version's grammar accepts, asked of the
// generated parser one byte at a time (componentSet). What is listed is which rule each
// component is, in each version.

// Escape returns s written as the component named component of a URL under v: every byte
// that v's grammar does not allow unescaped in that component is percent-encoded as "%" and
// two upper-case hexadecimal digits (RFC 3986 section 2.1: "URI producers and normalizers
// should use uppercase hexadecimal digits"; the 2003 draft, section 6: "Always use upper-case
// A-through-F characters when %-escaping"), and every other byte is left as it is. The
// percent sign is always encoded, since it begins an escape in every grammar. s is a string
// of octets: UTF-8 text is encoded byte by byte, as RFC 3986 section 2.5 and the 2003 draft,
// section 2.1, describe, and the bytes need not be UTF-8.
//
// The components are those that URL has, by the names its methods and its JSON give them —
// "userinfo", "user", "password", "host", "segment" (one segment of a path), "query",
// "fragment", and "scheme" and "port" — and the parts of RFC 1738's schemes and of the 1993
// and 1994 drafts' schemes, by the names of their rules in the document: "fsegment",
// "hsegment", "psegment", "search", "selector", "gopher+_string", "database", "wtype",
// "wpath", "fieldname", "fieldvalue", "encoded822addr", "ftptype", "gtype" and the rest.
// A version defines the components its grammar has: RFC 1738 names its segments by scheme
// (fsegment, hsegment, psegment) and has no fragment; the 1997 draft and RFC 1738 have a user
// and a password where the later documents have a userinfo; RFC 1808's host is its net_loc,
// which it does not divide. A few components are rules of a context: the first segment of a
// relative-path reference (RFC 3986 "segment-nz-nc", RFC 2396 "rel_segment", the 2003 draft
// "rel-segment"), an opaque part ("opaque_part", "opaque-part", RFC 1738's "schemepart").
//
// Where the sets come from: each component is one rule of the version's grammar, and the bytes
// it may hold unescaped are the bytes c for which that rule (or, where the rule also
// delimits parts of its own, the rule of its characters: RFC 2396's pchar for a segment,
// whose ";" begins a parameter) matches the one-byte string c, asked of the version's
// generated parser once and kept. So the sets are the grammar's own, the one every other
// function of the package holds URLs to, and they cannot drift from it; no list of characters
// is written here but the bytes that end a component where the rule allows them: a segment
// never holds "/" unescaped, which separates segments, nor the 1993 draft's user an "@".
//
// Some components have no escape: a scheme, a port, a host name or an IP address, RFC 1738's
// ftptype and news group, the 1994 draft's user and password. For them Escape returns s as it
// is when the component's rule matches it, and an error otherwise: no escaping can make "a
// b" a host name under RFC 1738. A host is escaped only where the grammar has a host that is
// no host name: RFC 3986's reg-name (section 3.2.2), and the reg_name of RFC 2396 (section
// 3.2.1) and the 2003 draft, which is the whole authority there (authority = server |
// reg_name), so that its ":" and "@", which would make it a server, are escaped too. A host
// that the rule matches as it is (a host name, an IPv4 address) is returned as it is, and one
// that begins with "[" is an IP literal (RFC 3986's IP-literal, the 2003 draft's
// IPv6reference), held to its rule. Under RFC 3986 a reg-name must be UTF-8 (section 3.2.2:
// "URI producing applications must not use percent-encoding in host unless it is used to
// represent a UTF-8 character sequence").
//
// The grammar is read as printed: the 1993 draft's extra lists the space, so a space stands
// unescaped wherever its xalpha does, although the draft's prose says "spaces are not legal
// characters" (grammar/draft1993.bnf, D3).
//
// The error of an unknown version or component, or of a text that a component without escape
// cannot hold, is an *Error; for the latter it wraps the rule's *SyntaxError. Escape allocates
// the result only when some byte is encoded.
//
// Escape looks the component up on every call; an Escaper, which NewEscaper returns, looks it
// up once, for a loop that escapes many texts of one component.
func Escape(v Version, component, s string) (string, error) {
	e, err := lookupComponent("escape", v, component)
	if err != nil {
		return "", err
	}
	return e.Escape(s)
}

// Unescape returns the text of the component named component (as Escape names them) of a URL
// under v, written as s, with each escape replaced by the octet it stands for: the inverse of
// Escape, for which Unescape(v, c, Escape(v, c, s)) is s. s must be such a text: every byte
// one that the component may hold unescaped, or part of an escape ("%" and two hexadecimal
// digits, in either case); anything else is an *Error that says where. A component without
// escape (Escape says which) is held to its rule and returned as it is.
func Unescape(v Version, component, s string) (string, error) {
	e, err := lookupComponent("unescape", v, component)
	if err != nil {
		return "", err
	}
	c := e.c
	if c.verbatim(v, s) {
		if err := c.escapable("unescape", v, s); err != nil {
			return "", err
		}
		return s, nil
	}
	if i := c.invalid(s); i >= 0 {
		return "", errorf("unescape", v, "%s %q: byte %d: %s", c.name, s, i, c.whyNot(s, i))
	}
	return percentDecode(s), nil
}

// An Escaper escapes the text of one component under one version, as Escape does, without
// looking the component up on each call: for a loop that escapes many texts of one component.
// It is safe for concurrent use.
type Escaper struct {
	v Version
	c *escaping
}

// NewEscaper returns the Escaper of the component named component (as Escape names them)
// under v; an unknown version or component is an *Error.
func NewEscaper(v Version, component string) (*Escaper, error) {
	return lookupComponent("escaper", v, component)
}

// Escape returns s written as the Escaper's component, as Escape(v, component, s) does.
func (e *Escaper) Escape(s string) (string, error) {
	c := e.c
	if c.plain {
		return c.escape(s), nil
	}
	if err := c.escapable("escape", e.v, s); err != nil {
		return "", err
	}
	return c.escapeText(e.v, s), nil
}

// An escaping is one component of a URL under one version, as Escape knows it: its name, the
// rule its text is held to and, for a component with escapes, the rules its bytes come from.
type escaping struct {
	name string
	// rule is the component's rule in the document: what its text, once escaped, matches
	// (but for a segment, which may not match it empty, see Build).
	rule string
	// escaped says that the component may hold escapes; its text is then escaped with the
	// bytes of element (rule, when element is ""), the first byte with those of first (when
	// it is set). Otherwise it is held to rule as it is.
	escaped bool
	element string
	first   string
	// ends holds the bytes that end the component where it stands, though its rule allows
	// them, and that it therefore holds escaped: "/" for a segment of a path; "@" for the
	// 1993 draft's user, whose host may hold an "@" too.
	ends string
	// startEnds holds the bytes that may not begin the component though first allows them:
	// the "?" of the 2003 draft's opaque-part, which "g:?" reads as an empty hier-part and a
	// query.
	startEnds string
	// literal: a host whose text begins with "[" is an IP literal (RFC 3986's IP-literal, the
	// 2003 draft's IPv6reference), held to the rule as it is. regName: a host whose text the
	// rule matches is a host name or an IP address, written as it is, and any other is a
	// reg_name (RFC 2396, the 2003 draft), the whole authority, escaped with element. utf8:
	// the text must be UTF-8 (RFC 3986's reg-name).
	literal, regName, utf8 bool

	// What compute finds: allowed and firstAllowed hold the bytes that may stand unescaped
	// after the first byte and as the first; plain says that the component is escaped with
	// no condition (none of those above).
	once         sync.Once
	allowed      [256]bool
	firstAllowed [256]bool
	plain        bool
	escaper      Escaper // c's, under its version
}

// escapings lists, per version, the components that Escape knows, each with its rule in the
// version's document. The generic components come first, under the names URL gives them; then
// the rules of a context and the parts of the schemes, by their rule names.
var escapings = byVersion[[]*escaping]{
	Draft1993: {
		// The 1993 draft's BNF: user = xalphas, path = void | xpalphas [ "/" path ], search =
		// xalphas [ "+" search ], fragmentid = xalphas. A search's "+" separates its words.
		{name: "scheme", rule: "scheme"},
		// user = xalphas holds "@" (xalpha includes safe, and safe "@"), and so does a host
		// (hostname = ialpha [ "." hostname ], ialpha = alpha [ xalphas ]): in
		// "telnet://y@z@h" the parser ends the user at the first "@", so a user's "@" is
		// escaped.
		{name: "user", rule: "user", escaped: true, ends: "@"},
		{name: "host", rule: "host"},
		{name: "port", rule: "port"},
		{name: "segment", rule: "xpalphas", escaped: true, ends: "/"},
		{name: "query", rule: "search", escaped: true},
		{name: "fragment", rule: "fragmentid", escaped: true},
		{name: "search", rule: "search", escaped: true},
		{name: "database", rule: "database", escaped: true},
		{name: "wtype", rule: "wtype", escaped: true},
		{name: "digits", rule: "digits"},
		{name: "gtype", rule: "gtype", escaped: true},
		{name: "selector", rule: "selector", escaped: true},
		{name: "groupart", rule: "groupart"},
		{name: "group", rule: "group"},
		{name: "article", rule: "article"},
		{name: "version", rule: "version"},
		{name: "attributes", rule: "attributes"},
		{name: "cellname", rule: "cellname"},
	},
	Draft1994: {
		// user = alphanum2 [ user ] has no escape, nor has password.
		{name: "user", rule: "user"},
		{name: "password", rule: "password"},
		{name: "host", rule: "host"},
		{name: "port", rule: "port"},
		{name: "segment", rule: "segment", escaped: true, ends: "/"},
		{name: "query", rule: "search", escaped: true},
		{name: "search", rule: "search", escaped: true},
		{name: "database", rule: "database", escaped: true},
		{name: "wtype", rule: "wtype", escaped: true},
		{name: "wpath", rule: "wpath"},
		{name: "digits", rule: "digits"},
		{name: "gtype", rule: "gtype", escaped: true},
		{name: "gcommand", rule: "gcommand", escaped: true},
		{name: "groupart", rule: "groupart"},
		{name: "group", rule: "group"},
		{name: "article", rule: "article"},
		{name: "ftptype", rule: "ftptype"},
		{name: "version", rule: "version"},
		{name: "attributes", rule: "attributes"},
		{name: "addr-spec", rule: "addr-spec"},
		{name: "content-identifier", rule: "content-identifier"},
	},
	RFC1738: {
		{name: "scheme", rule: "scheme"},
		{name: "user", rule: "user", escaped: true},
		{name: "password", rule: "password", escaped: true},
		{name: "host", rule: "host"},
		{name: "port", rule: "port"},
		{name: "query", rule: "search", escaped: true},
		{name: "fsegment", rule: "fsegment", escaped: true, ends: "/"},
		{name: "hsegment", rule: "hsegment", escaped: true, ends: "/"},
		{name: "psegment", rule: "psegment", escaped: true, ends: "/"},
		// A segment of a genericurl's urlpath = *xchar, which has no segments of its own.
		{name: "urlpath", rule: "urlpath", escaped: true, ends: "/"},
		// The schemepart of a genericurl with no "//": *xchar.
		{name: "schemepart", rule: "schemepart", escaped: true},
		{name: "search", rule: "search", escaped: true},
		{name: "ftptype", rule: "ftptype"},
		{name: "gtype", rule: "gtype", escaped: true},
		{name: "selector", rule: "selector", escaped: true},
		{name: "gopher+_string", rule: "gopher+_string", escaped: true},
		{name: "encoded822addr", rule: "encoded822addr", escaped: true},
		{name: "group", rule: "group"},
		{name: "article", rule: "article"},
		{name: "grouppart", rule: "grouppart"},
		{name: "digits", rule: "digits"},
		{name: "database", rule: "database", escaped: true},
		{name: "wtype", rule: "wtype", escaped: true},
		{name: "wpath", rule: "wpath", escaped: true},
		{name: "fieldname", rule: "fieldname", escaped: true},
		{name: "fieldvalue", rule: "fieldvalue", escaped: true},
	},
	RFC1808: {
		{name: "scheme", rule: "scheme"},
		{name: "host", rule: "net_loc", escaped: true},
		{name: "segment", rule: "segment", escaped: true, ends: "/"},
		{name: "fsegment", rule: "fsegment", escaped: true, ends: "/"},
		{name: "params", rule: "params", escaped: true, element: "param"},
		{name: "query", rule: "query", escaped: true},
		{name: "fragment", rule: "fragment", escaped: true},
	},
	Draft1997: {
		{name: "scheme", rule: "scheme"},
		{name: "user", rule: "user", escaped: true},
		{name: "password", rule: "password", escaped: true},
		{name: "host", rule: "host"},
		{name: "port", rule: "port"},
		// segment = *pchar *( ";" param ): its characters are pchar, ";" begins a param.
		{name: "segment", rule: "segment", escaped: true, element: "pchar", ends: "/"},
		{name: "query", rule: "query", escaped: true},
		{name: "fragment", rule: "fragment", escaped: true},
	},
	RFC2396: {
		{name: "scheme", rule: "scheme"},
		{name: "userinfo", rule: "userinfo", escaped: true},
		// authority = server | reg_name: a host that is no host name is a reg_name, the
		// whole authority (section 3.2.1), whose ":" and "@" would make it a server.
		{name: "host", rule: "host", escaped: true, element: "reg_name", ends: ":@", regName: true},
		{name: "port", rule: "port"},
		{name: "segment", rule: "segment", escaped: true, element: "pchar", ends: "/"},
		{name: "query", rule: "query", escaped: true},
		{name: "fragment", rule: "fragment", escaped: true},
		{name: "rel_segment", rule: "rel_segment", escaped: true, ends: "/"},
		{name: "opaque_part", rule: "opaque_part", escaped: true, element: "uric", first: "uric_no_slash"},
	},
	Draft2003: {
		{name: "scheme", rule: "scheme"},
		{name: "userinfo", rule: "userinfo", escaped: true},
		// authority = server / reg-name, as in RFC 2396; an IPv6reference is held to its rule.
		{name: "host", rule: "host", escaped: true, element: "reg-name", ends: ":@", regName: true, literal: true},
		{name: "port", rule: "port"},
		{name: "segment", rule: "segment", escaped: true, ends: "/"},
		{name: "query", rule: "query", escaped: true},
		{name: "fragment", rule: "fragment", escaped: true},
		{name: "rel-segment", rule: "rel-segment", escaped: true, ends: "/"},
		{name: "opaque-part", rule: "opaque-part", escaped: true, element: "uric", first: "uric-no-slash", startEnds: "?"},
	},
	RFC3986: {
		{name: "scheme", rule: "scheme"},
		{name: "userinfo", rule: "userinfo", escaped: true},
		// host = IP-literal / IPv4address / reg-name: a reg-name is escaped (see Escape).
		{name: "host", rule: "host", escaped: true, element: "reg-name", literal: true, utf8: true},
		{name: "port", rule: "port"},
		{name: "segment", rule: "segment", escaped: true, ends: "/"},
		{name: "query", rule: "query", escaped: true},
		{name: "fragment", rule: "fragment", escaped: true},
		{name: "segment-nz-nc", rule: "segment-nz-nc", escaped: true, ends: "/"},
	},
}

// lookupComponent returns the Escaper of the component named name under v, its bytes
// computed on first use; an unknown version or name is the *Error of op.
func lookupComponent(op string, v Version, name string) (*Escaper, error) {
	for _, c := range escapings.of(v) {
		if c.name == name {
			c.once.Do(func() { c.compute(v) })
			return &c.escaper, nil
		}
	}
	if v.info() == nil {
		return nil, errorf(op, v, "unknown version")
	}
	return nil, errorf(op, v, "no component %q (%s)", name, componentNames(v))
}

// componentNames lists the names of v's components, for an error.
func componentNames(v Version) string {
	var names []string
	for _, c := range escapings.of(v) {
		names = append(names, c.name)
	}
	return "known: " + strings.Join(names, ", ")
}

// compute finds the bytes that c may hold unescaped under v: those whose one-byte string c's
// element rule matches, but "%", which begins an escape, and those that end c (c.ends).
func (c *escaping) compute(v Version) {
	c.escaper = Escaper{v: v, c: c}
	if !c.escaped {
		return
	}
	c.plain = !c.literal && !c.regName && !c.utf8
	element := c.element
	if element == "" {
		element = c.rule
	}
	first := c.first
	if first == "" {
		first = element
	}
	var one [1]byte
	for b := 0; b < 256; b++ {
		if b == '%' || strings.IndexByte(c.ends, byte(b)) >= 0 {
			continue
		}
		one[0] = byte(b)
		c.allowed[b] = MatchRule(v, element, string(one[:]), 0)
		c.firstAllowed[b] = c.allowed[b]
		if first != element {
			c.firstAllowed[b] = MatchRule(v, first, string(one[:]), 0)
		}
		if strings.IndexByte(c.startEnds, byte(b)) >= 0 {
			c.firstAllowed[b] = false
		}
	}
}

// escapable checks what Escape can check of s before escaping it: for a component without
// escape, that its rule matches s; for a host, that an IP literal is one, and under RFC 3986
// that a reg-name is valid UTF-8. The error is the *Error of op.
func (c *escaping) escapable(op string, v Version, s string) error {
	switch {
	case !c.escaped:
		if err := ValidateRule(v, c.rule, s, 0); err != nil {
			return errorf(op, v, "%s %q has no escape and is no %s: %w", c.name, s, c.rule, err)
		}
	case c.literal && strings.HasPrefix(s, "["):
		if err := ValidateRule(v, c.rule, s, 0); err != nil {
			return errorf(op, v, "host %q begins with \"[\" and is no IP literal: %w", s, err)
		}
	case c.utf8 && !utf8.ValidString(s):
		return errorf(op, v, "host %q is not UTF-8, and only UTF-8 may be percent-encoded in a host (RFC 3986 section 3.2.2)", s)
	}
	return nil
}

// escapeText returns s escaped as the text of c under v, which escapable has accepted: as
// it is for a component without escape and for a host that is written as it is.
func (c *escaping) escapeText(v Version, s string) string {
	if c.verbatim(v, s) {
		return s
	}
	return c.escape(s)
}

// verbatim reports whether c's text s is written as it is, with no escape: a component
// without escape, or under RFC 3986 a host that is an IP-literal.
func (c *escaping) verbatim(v Version, s string) bool {
	return !c.escaped || c.literal && strings.HasPrefix(s, "[") || c.regName && MatchRule(v, c.rule, s, 0)
}

// ruleOf is the rule that c's text s, escaped, matches: a reg_name's (see regName), or c's.
func (c *escaping) ruleOf(v Version, s string) string {
	if c.regName && !c.verbatim(v, s) {
		return c.element
	}
	return c.rule
}

// escape returns s with every byte that c may not hold unescaped percent-encoded: s itself
// when there is none, otherwise one allocation, the result's. A short result is written on
// the stack and copied into the string (as net/url does), a long one into the string's own
// memory.
func (c *escaping) escape(s string) string {
	if s == "" {
		return s
	}
	n := 0 // the bytes to escape
	if !c.firstAllowed[s[0]] {
		n++
	}
	for i := 1; i < len(s); i++ {
		if !c.allowed[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	size := len(s) + 2*n
	if size <= 64 {
		var small [64]byte
		t := small[:size]
		j := 0
		for i := 0; i < len(s); i++ {
			if ch := s[i]; c.allows(i, ch) {
				t[j] = ch
				j++
			} else {
				t[j], t[j+1], t[j+2] = '%', hexDigits[ch>>4], hexDigits[ch&15]
				j += 3
			}
		}
		return string(t)
	}
	var b strings.Builder
	b.Grow(size)
	for i := 0; i < len(s); {
		run := i
		for i < len(s) && c.allows(i, s[i]) {
			i++
		}
		b.WriteString(s[run:i])
		if i < len(s) {
			ch := s[i]
			b.WriteByte('%')
			b.WriteByte(hexDigits[ch>>4])
			b.WriteByte(hexDigits[ch&15])
			i++
		}
	}
	return b.String()
}

// allows reports whether c may hold the byte ch unescaped at offset i of its text.
func (c *escaping) allows(i int, ch byte) bool {
	if i == 0 {
		return c.firstAllowed[ch]
	}
	return c.allowed[ch]
}

// invalid returns the offset of the first byte of s that is neither one that c may hold
// unescaped there nor part of an escape, or -1 when there is none.
func (c *escaping) invalid(s string) int {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return i
			}
			i += 2
		case !c.allows(i, s[i]):
			return i
		}
	}
	return -1
}

// whyNot says why the byte at offset i of s is refused by invalid.
func (c *escaping) whyNot(s string, i int) string {
	if s[i] == '%' {
		return `"%" does not begin an escape ("%" and two hexadecimal digits)`
	}
	return string(appendByte(nil, s, i)) + " must be escaped there"
}
