package urlgrammar

import (
	"cmp"
	"iter"
	"slices"
	"sync/atomic"
)

// This file holds the typed components that Parse returns. Which rule of each grammar fills
// which of them is declared in fills.go; walk.go does the filling.

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
// small allocation: the methods make the Components. The lists and scheme parts that Segments,
// AllSegments and Parts return are found on the first call of any, by one more reading of the
// input, and kept for every later call. A URL is safe for concurrent use; the zero URL is an empty
// one, with no components.
type URL struct {
	Version Version
	Rule    string // the start rule the input was held to, by its name in the document
	Raw     string // the input, exactly as given

	c    stored
	more atomic.Pointer[details]
}

// components is where the generic components stand in the input, and their kinds, as the
// walk finds them.
type components struct {
	s        [numSpans]span // by field
	hostKind HostKind
	pathKind PathKind
}

// stored is components as a URL keeps them, in fewer bytes (Parse allocates it), with the
// mode that changes how the input was read.
type stored struct {
	at       [numSpans - 1]at // by field, less one: fNone has none
	hostKind HostKind
	pathKind PathKind
	mode     uint8 // the Mode bits that change how the input is read: CaseIgnoreScheme
}

// at is where a component stands: the input's [b:e1-1]; the zero at is an absent component.
type at struct{ b, e1 uint32 }

// store returns c as a URL keeps it, read with mode.
func (c *components) store(mode Mode) stored {
	st := stored{hostKind: c.hostKind, pathKind: c.pathKind, mode: uint8(mode & CaseIgnoreScheme)}
	for f := fNone + 1; f < numSpans; f++ {
		if s := c.s[f]; s.ok {
			st.at[f-1] = at{b: s.b, e1: s.e + 1}
		}
	}
	return st
}

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

// Params are the ";" parameters that RFC 1808 places after the whole path (rel_path =
// [ path ] [ ";" params ] [ "?" query ]), without the ";". The grammars that put parameters
// inside each path segment give them per Segment instead.
func (u *URL) Params() Component { return u.get(fParams) }

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

var hostKindNames = [...]string{"", "domain", "ipv4", "ipv6", "ipvfuture", "reg-name", "empty"}

// String returns "domain", "ipv4", "ipv6", "ipvfuture", "reg-name", "empty", or "" for HostNone.
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return ""
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

var pathKindNames = [...]string{"", "absolute", "relative", "opaque", "empty"}

// String returns "absolute", "relative", "opaque", "empty", or "" for PathNone.
func (k PathKind) String() string {
	if int(k) < len(pathKindNames) {
		return pathKindNames[k]
	}
	return ""
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

// Segments returns the segments of the path in order, or nil if the path has none (or the
// grammar does not divide it into segments). The first call of Segments, AllSegments or Parts
// reads the URL again to find them (see URL); each call allocates the slice it returns.
func (u *URL) Segments() []Segment {
	n := 0
	for _, k := range u.details().kinds {
		if k == itemSegment {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return slices.AppendSeq(make([]Segment, 0, n), u.AllSegments())
}

// AllSegments returns an iterator over the segments of the path, in order: the segments of
// Segments, without the slice that holds them all, for a path too long to hold twice.
func (u *URL) AllSegments() iter.Seq[Segment] {
	return func(yield func(Segment) bool) {
		var params []Component
		d := u.details()
		for i, it := range d.items {
			switch d.kinds[i] {
			case itemParam:
				params = append(params, u.component(it.span()))
			case itemSegment:
				if !yield(Segment{Component: u.component(it.span()), Params: params}) {
					return
				}
				params = nil
			}
		}
	}
}

// SchemeParts is what one of RFC 1738's predefined schemes says of the URL beyond the generic
// components: one of *FTP, *HTTP, *Gopher, *Mailto, *News, *NNTP, *Telnet, *WAIS, *File and
// *Prospero, told apart by a type switch. No other type is SchemeParts.
type SchemeParts interface {
	schemeName() string // the scheme's name as RFC 1738 writes it, such as "ftp"
}

// FTP holds the parts of an RFC 1738 ftp URL (section 3.2): ftpurl = "ftp://" login
// [ "/" fpath [ ";type=" ftptype ] ]. The user, password, host and port are the URL's.
type FTP struct {
	Path     Component // fpath: the <cwd1>/…/<cwdN>/<name> of section 3.2.2; its fsegments are URL.Segments
	Typecode Component // ftptype, the <typecode> after ";type="
}

// HTTP holds the parts of an RFC 1738 http URL (section 3.3): httpurl = "http://" hostport
// [ "/" hpath [ "?" search ] ].
type HTTP struct {
	Path   Component // hpath, whose hsegments are URL.Segments
	Search Component // search, the <searchpart>; also the URL's Query
}

// Gopher holds the parts of an RFC 1738 gopher URL (section 3.4): "gopher://" hostport
// [ "/" [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]. The parts are split
// at the encoded tabs ("%09") as sections 3.4.2 and 3.4.3 describe.
type Gopher struct {
	Type         Component // gtype, the one-character <gophertype>
	Selector     Component // selector, the Gopher selector string
	Search       Component // search, after the first "%09"
	GopherString Component // gopher+_string, after the second "%09"
}

// Mailto holds the part of an RFC 1738 mailto URL (section 3.5): "mailto:" encoded822addr.
type Mailto struct {
	Address Component // encoded822addr, the (encoded) RFC 822 addr-spec
}

// News holds the parts of an RFC 1738 news URL (section 3.6): "news:" grouppart, where
// grouppart = "*" | group | article.
type News struct {
	All     bool      // grouppart is "*": "all available news groups"
	Group   Component // group, a <newsgroup-name>
	Article Component // article, a <message-id> (<unique>@<full_domain_name>)
}

// NNTP holds the parts of an RFC 1738 nntp URL (section 3.7): "nntp://" hostport "/" group
// [ "/" digits ].
type NNTP struct {
	Group   Component // group, the <newsgroup-name>
	Article Component // digits, the <article-number>
}

// Telnet holds the parts of an RFC 1738 telnet URL (section 3.8): "telnet://" login [ "/" ].
// They are the URL's own user, password, host and port.
type Telnet struct {
	User, Password, Host, Port Component
}

// WAIS holds the parts of an RFC 1738 wais URL (section 3.9): waisdatabase, waisindex
// ("?" search) or waisdoc ("/" wtype "/" wpath).
type WAIS struct {
	Database Component // database
	Search   Component // search, in a waisindex
	Type     Component // wtype, in a waisdoc
	Path     Component // wpath, in a waisdoc
}

// File holds the parts of an RFC 1738 file URL (section 3.10): "file://" [ host | "localhost" ]
// "/" fpath.
type File struct {
	// Host is the host, "localhost", or present and empty for "file:///…" (section 3.10: "<host>
	// can be the string "localhost" or the empty string").
	Host Component
	Path Component // fpath, whose fsegments are URL.Segments
}

// Prospero holds the parts of an RFC 1738 prospero URL (section 3.11): "prospero://" hostport
// "/" ppath *[ fieldspec ].
type Prospero struct {
	Path   Component // ppath, the <hsoname>; its psegments are URL.Segments
	Fields []Field   // each fieldspec = ";" fieldname "=" fieldvalue, in order
}

// A Field is one field spec of a prospero URL.
type Field struct {
	Name, Value Component
}

func (*FTP) schemeName() string { return "ftp" }

func (*HTTP) schemeName() string { return "http" }

func (*Gopher) schemeName() string { return "gopher" }

func (*Mailto) schemeName() string { return "mailto" }

func (*News) schemeName() string { return "news" }

func (*NNTP) schemeName() string { return "nntp" }

func (*Telnet) schemeName() string { return "telnet" }

func (*WAIS) schemeName() string { return "wais" }

func (*File) schemeName() string { return "file" }

func (*Prospero) schemeName() string { return "prospero" }

// Parts returns the parts of the URL that its RFC 1738 scheme defines, filled from the
// scheme's own rule (ftpurl, httpurl, …), or nil when no such rule matched: for any other
// version, and for an RFC 1738 URL of another scheme (genericurl). The first call of Segments,
// AllSegments or Parts reads the URL again to find them (see URL); each call allocates the
// value it returns.
func (u *URL) Parts() SchemeParts {
	st := u.details()
	p := func(slot int) Component { return u.component(st.parts[slot]) }
	switch st.scheme {
	case schemeFTP:
		return &FTP{Path: p(ftpPath), Typecode: p(ftpTypecode)}
	case schemeHTTP:
		return &HTTP{Path: p(httpPath), Search: p(httpSearch)}
	case schemeGopher:
		return &Gopher{Type: p(gopherType), Selector: p(gopherSelector), Search: p(gopherSearch), GopherString: p(gopherString)}
	case schemeMailto:
		return &Mailto{Address: p(mailtoAddress)}
	case schemeNews:
		return &News{All: p(newsGroupPart).Text == "*", Group: p(newsGroup), Article: p(newsArticle)}
	case schemeNNTP:
		return &NNTP{Group: p(nntpGroup), Article: p(nntpArticle)}
	case schemeTelnet:
		a := u.Authority()
		return &Telnet{User: a.User, Password: a.Password, Host: a.Host, Port: a.Port}
	case schemeWAIS:
		return &WAIS{Database: p(waisDatabase), Search: p(waisSearch), Type: p(waisType), Path: p(waisPath)}
	case schemeFile:
		return &File{Host: u.Authority().Host, Path: p(filePath)}
	case schemeProspero:
		pr := &Prospero{Path: p(prosperoPath)}
		nameEnd := uint32(0) // where the fieldname before a fieldspec ends, or 0
		for i, it := range st.items {
			switch st.kinds[i] {
			case itemFieldName:
				nameEnd = it.e
			case itemField:
				x := cmp.Or(nameEnd, it.e)
				name := span{b: it.b + 1, e: x, ok: true} // after the ";"
				value := span{b: x + 1, e: it.e, ok: true}
				pr.Fields = append(pr.Fields, Field{Name: u.component(name), Value: u.component(value)})
				nameEnd = 0
			}
		}
		return pr
	}
	return nil
}

// schemeKind names the RFC 1738 scheme rule that matched a URL.
type schemeKind uint8

const (
	schemeNone schemeKind = iota
	schemeFTP
	schemeHTTP
	schemeGopher
	schemeMailto
	schemeNews
	schemeNNTP
	schemeTelnet
	schemeWAIS
	schemeFile
	schemeProspero
)

// The slots of URL.parts, per scheme (one scheme per URL, so the slots are shared).
const (
	ftpPath, ftpTypecode                                   = 0, 1
	httpPath, httpSearch                                   = 0, 1
	gopherType, gopherSelector, gopherSearch, gopherString = 0, 1, 2, 3
	mailtoAddress                                          = 0
	newsGroupPart, newsGroup, newsArticle                  = 0, 1, 2
	nntpGroup, nntpArticle                                 = 0, 1
	waisDatabase, waisSearch, waisType, waisPath           = 0, 1, 2, 3
	filePath                                               = 0
	prosperoPath                                           = 0
)

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

// An item is one element of a list in a URL: a path segment, a segment parameter, a prospero
// field spec or the fieldname inside it (which comes before it). Its kind is kept apart.
type item struct {
	b, e uint32
}

type itemKind uint8

const (
	itemSegment itemKind = iota + 1
	itemParam
	itemField
	itemFieldName
)

func (it item) span() span { return span{b: it.b, e: it.e, ok: true} }
