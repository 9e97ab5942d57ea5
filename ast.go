package urlgrammar

import "sync/atomic"

// This file holds the typed components that Parse returns. Which rule of each grammar fills
// which of them is declared in fills.go; walk.go does the filling. The methods that read an
// input again for what Parse leaves out (Segments, Part, Parts) sit above the engine, in
// parse.go.

// A URL is an input that a grammar accepted, taken apart into its components as that grammar
// defines them. Each component is given with its text as written and its span in the input;
// the zero Component is an absent one, so absent and empty can be told apart: "http://h" has
// no query, "http://h?" has an empty one.
//
// The components are those of the version's own grammar and no other: RFC 1808 has no host
// (its net_loc is not split), the 2003 draft has no user and password (only userinfo), RFC
// 1738 has no fragment and calls the query of an HTTP URL its search.
//
// A URL holds the input and where each component stands in it, which keeps Parse to one
// small allocation: the methods make the Components. The segments and parts that Segments, Part
// and Parts give are found on the first call of any, by one more reading of the input, and
// kept for every later call. A URL is safe for concurrent use; the zero URL is an empty one,
// with no components. Its JSON (MarshalJSON) is what "urlgrammar parse" prints.
type URL struct {
	Version Version
	Rule    string // the start rule the input was held to, by its name in the document
	Raw     string // the input, exactly as given

	c    stored
	more atomic.Pointer[details]
}

// A field names a generic component of a URL, which every version's URL has (some of them
// absent), by the names of URL's methods and of Authority's fields: where the component
// stands in the input (components.at) and what a fill fills (fills.go).
type field uint8

const (
	fNone field = iota
	fScheme
	fAuthority
	fUserinfo
	fUser
	fPassword
	fHost
	fPort
	// fPath is the path. A path ends where a component that follows it begins, in a grammar
	// whose path rule holds the rest of the reference (the 1997 draft: abs_path = "/"
	// rel_path, and rel_path = [ path_segments ] [ "?" query ]).
	fPath
	fParams
	fQuery
	fFragment
	numSpans // the number of fields, fNone included
)

// components is where the generic components stand in the input, and their kinds, as the
// walk finds them and a URL keeps them.
type components struct {
	at       [numSpans - 1]at // by field, less one: fNone has none
	hostKind HostKind
	pathKind PathKind
}

// stored is what a URL keeps of its parse (Parse allocates it): the components, and the mode
// bits that change how the input is read (CaseIgnoreScheme).
type stored struct {
	components
	mode uint8
}

// at is where a component stands: the input's [b:e1-1]; the zero at is an absent component.
type at struct{ b, e1 uint32 }

// mode is the Mode u was read with.
func (u *URL) mode() Mode { return Mode(u.c.mode) }

// get returns the component of u that fills f.
func (u *URL) get(f field) Component {
	a := u.c.at[f-1]
	if a.e1 == 0 {
		return Component{}
	}
	return Component{Present: true, Text: u.Raw[a.b : a.e1-1], Begin: int(a.b), End: int(a.e1 - 1)}
}

// Scheme is the scheme name, without the ":".
func (u *URL) Scheme() Component { return u.get(fScheme) }

// Authority is what follows "//", and its parts.
func (u *URL) Authority() Authority {
	return Authority{
		Component: u.get(fAuthority),
		Userinfo:  u.get(fUserinfo),
		User:      u.get(fUser),
		Password:  u.get(fPassword),
		Host:      u.get(fHost),
		HostKind:  u.c.hostKind,
		Port:      u.get(fPort),
	}
}

// Path is the path, with its kind.
func (u *URL) Path() Path { return Path{Component: u.get(fPath), Kind: u.c.pathKind} }

// Query is the query, without the "?"; for an RFC 1738 HTTP or WAIS URL, its search part.
func (u *URL) Query() Component { return u.get(fQuery) }

// Fragment is the fragment identifier, without the "#".
func (u *URL) Fragment() Component { return u.get(fFragment) }

// String returns the URL exactly as it was written: the input, byte for byte.
func (u *URL) String() string { return u.Raw }

// A Component is one component of a URL as written. Text is always Raw[Begin:End] of the URL
// it comes from; escapes are left as they are (Decoded resolves them).
type Component struct {
	Present    bool   // false when the input has no such component; Text is then ""
	Text       string // the component as written, without the delimiters around it
	Begin, End int    // byte offsets of Text in the input
}

// Decoded returns the component's text with each percent-escape ("%" followed by two hex
// digits) replaced by the octet it stands for. The result is a string of octets, which need
// not be UTF-8. Text without escapes is returned as it is, without allocating.
func (c Component) Decoded() string {
	return percentDecode(c.Text)
}

// percentDecode resolves the "%" hex hex escapes of s; a "%" not followed by two hex digits
// (which no grammar of this package lets through) is kept as written.
func percentDecode(s string) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// The Authority of a URL is the part after "//": RFC 1738's login, the 1997 draft's site,
// RFC 1808's net_loc, the authority of RFC 2396, the 2003 draft and RFC 3986. Its embedded
// Component is the whole of it; the other fields are its parts, where the grammar has them.
type Authority struct {
	Component
	// Userinfo is what stands before "@", without it. User and Password are its two parts in
	// the grammars that split it (RFC 1738's login and the 1997 draft's site: user [ ":"
	// password ]); the password is absent when there is no ":". RFC 1738 section 3.1:
	// "ftp://@host.com/" has an empty user name and no password, "ftp://host.com/" has no
	// user name, "ftp://foo:@host.com/" has the user name "foo" and an empty password.
	Userinfo, User, Password Component
	Host                     Component // for an IPv6 reference, with its brackets
	HostKind                 HostKind
	Port                     Component // without the ":"; present and empty for "h:" where the grammar allows it
}

// A HostKind says which of its grammar's forms a host has.
type HostKind uint8

// The host kinds. A host that is present and empty is HostEmpty whatever rule matched it.
const (
	HostNone      HostKind = iota // no host
	HostDomain                    // a domain name: hostname (RFC 1738, the 1997 draft, RFC 2396, the 2003 draft)
	HostIPv4                      // a dotted IPv4 address: hostnumber (RFC 1738, 1997), IPv4address (RFC 2396, 2003, RFC 3986)
	HostIPv6                      // an IPv6 address in brackets: IPv6reference (2003), IP-literal holding an IPv6address (RFC 3986)
	HostIPvFuture                 // a future IP literal in brackets: IPvFuture (RFC 3986)
	HostRegName                   // a registry name: reg-name (RFC 2396 and 2003: the whole authority; RFC 3986: the host)
	HostEmpty                     // a host that is present and empty
)

var hostKindIDs = []string{"", "domain", "ipv4", "ipv6", "ipvfuture", "reg-name", "empty"}

// String returns the kind's ID: "domain", "ipv4", "ipv6", "ipvfuture", "reg-name", "empty", or
// "" for HostNone.
func (k HostKind) String() string { return enumString(k, hostKindIDs, "HostKind") }

// MarshalText returns the kind's ID, as String does; a HostKind that is none of the kinds is
// an error.
func (k HostKind) MarshalText() ([]byte, error) { return marshalEnum(k, hostKindIDs, "HostKind") }

// UnmarshalText sets k to the kind whose ID is text, ignoring case ("" is HostNone).
func (k *HostKind) UnmarshalText(text []byte) error {
	return unmarshalEnum(k, text, hostKindIDs, "HostKind")
}

// The Path of a URL, with its Kind. URL.Segments gives its segments.
//
// RFC 1738 and RFC 1808 do not count the "/" that separates the path from the host as part of
// the path (RFC 1738 section 3.1: 'the "/" between the host (or port) and the url-path is NOT
// part of the url-path'; RFC 1808 section 2.1: '"/" path'), so there the Text of an absolute
// path does not begin with "/"; in every other grammar it does. For RFC 1738's schemes the path
// is the scheme's own url-path: ftp's includes ";type=", gopher's runs from the gopher type to
// the end, prospero's includes the field specs, and http's stops before "?" (its search part is
// the Query).
type Path struct {
	Component
	Kind PathKind
}

// A PathKind says which form a path has.
type PathKind uint8

// The path kinds. A path that is present and empty is PathEmpty whatever rule matched it.
const (
	PathNone PathKind = iota // no path
	// PathAbsolute is a path rooted at the authority or the scheme: abs-path, path-absolute,
	// path-abempty, RFC 1808's abs_path, and RFC 1738's url-path after the host's "/".
	// In RFC 1808 it can stand without a path: "http://a/" has abs_path = "/" rel_path with
	// an absent path (path = fsegment …, and fsegment = 1*pchar).
	PathAbsolute
	PathRelative // a path that is not rooted: rel-path, path-rootless, path-noscheme, RFC 1808's rel_path
	PathOpaque   // an opaque part: opaque-part, RFC 1738's non-hierarchical schemepart, mailto's address, news's group part
	PathEmpty    // a path that is present and empty
)

var pathKindIDs = []string{"", "absolute", "relative", "opaque", "empty"}

// String returns the kind's ID: "absolute", "relative", "opaque", "empty", or "" for PathNone.
func (k PathKind) String() string { return enumString(k, pathKindIDs, "PathKind") }

// MarshalText returns the kind's ID, as String does; a PathKind that is none of the kinds is
// an error.
func (k PathKind) MarshalText() ([]byte, error) { return marshalEnum(k, pathKindIDs, "PathKind") }

// UnmarshalText sets k to the kind whose ID is text, ignoring case ("" is PathNone).
func (k *PathKind) UnmarshalText(text []byte) error {
	return unmarshalEnum(k, text, pathKindIDs, "PathKind")
}

// A Segment is one segment of a hierarchical path, as the grammar's segment rule matched it
// (segment, rel-segment, fsegment, hsegment, psegment, …). Its Component is the whole segment,
// parameters included.
type Segment struct {
	Component
	// Params are the segment's parameters in the grammars that give segments parameters
	// (RFC 2396 and the 1997 draft: segment = *pchar *( ";" param )), each without its ";".
	Params []Component
}

// A span is where a component stands in the input; ok is false for an absent one. Offsets
// are uint32 like the generated parsers' own.
type span struct {
	b, e uint32
	ok   bool
}

// component returns the Component of u that stands at s.
func (u *URL) component(s span) Component {
	if !s.ok {
		return Component{}
	}
	return Component{Present: true, Text: u.Raw[s.b:s.e], Begin: int(s.b), End: int(s.e)}
}

// details are what a URL's Segments and Parts are made of.
type details struct {
	// items are the segments, their parameters and the parts, in input order, an item before
	// the items inside it (walkState.finish puts them so). tags holds the kind and rule of each,
	// apart, so that an item of a path of millions of segments takes 10 bytes rather than 12.
	items []item
	tags  []itemTag
}

// An item is a path segment, a segment parameter or a part of a URL. Its kind and rule are
// kept apart, in an itemTag.
type item struct {
	b, e uint32
}

// An itemTag is the kind of an item and the number of the rule that matched it (a grammar has
// fewer than pegrt.MaxRules rules).
type itemTag struct {
	kind itemKind
	rule uint8
}

type itemKind uint8

const (
	itemSegment itemKind = iota + 1
	itemParam
	itemPart
)

func (it item) span() span { return span{b: it.b, e: it.e, ok: true} }
