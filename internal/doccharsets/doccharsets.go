// Package doccharsets holds, for the tests of urlgrammar's character sets, the character sets
// that RFC 1738, the 2003 draft (draft-fielding-uri-rfc2396bis-01), RFC 2396 and RFC 3986
// define for each component, written here from the documents' own rules, section by section,
// and not from any parser: the tests hold to them the probed sets (package charset), the
// classes of the passages that package compare quotes, and the output of "urlgrammar charsets
// --diff".
//
// An escape ("%" hex hex) is three characters, not one: the sets hold the characters that may
// stand for themselves.
package doccharsets

import "strings"

// A Set is what a document says of one component.
type Set struct {
	// May holds the characters that the document's rules allow somewhere in the component.
	May string
	// Everywhere holds those of them that its rules allow in every position the probes try:
	// as the only, the first, an inner and the last character, in each context in which the
	// grammar has the component.
	Everywhere string
}

// Status is the status a Set gives c: "yes" (everywhere), "partly" (somewhere) or "no".
func (s Set) Status(c byte) string {
	switch {
	case strings.IndexByte(s.Everywhere, c) >= 0:
		return "yes"
	case strings.IndexByte(s.May, c) >= 0:
		return "partly"
	}
	return "no"
}

// uniform is a Set whose characters may stand anywhere in the component.
func uniform(s string) Set { return Set{May: s, Everywhere: s} }

// Union returns the characters of all the strings, each once, in ASCII order.
func Union(sets ...string) string {
	var in [128]bool
	for _, s := range sets {
		for i := 0; i < len(s); i++ {
			in[s[i]&0x7f] = true
		}
	}
	var b strings.Builder
	for c, ok := range in {
		if ok {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}

// Minus returns the characters of a that are not in b, in ASCII order.
func Minus(a, b string) string {
	var keep strings.Builder
	for i := 0; i < len(a); i++ {
		if strings.IndexByte(b, a[i]) < 0 {
			keep.WriteByte(a[i])
		}
	}
	return Union(keep.String())
}

// Intersect returns the characters in both a and b, in ASCII order.
func Intersect(a, b string) string { return Minus(a, Minus(a, b)) }

const (
	lower = "abcdefghijklmnopqrstuvwxyz"
	upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digit = "0123456789"
)

// RFC 1738, section 5 (its BNF) and section 2.2.
var (
	// lowalpha, hialpha, alpha, digit: the letters and digits, listed one by one.
	rfc1738Alpha = Union(lower, upper)
	// safe = "$" | "-" | "_" | "." | "+"
	rfc1738Safe = "$-_.+"
	// extra = "!" | "*" | "'" | "(" | ")" | ","
	rfc1738Extra = "!*'(),"
	// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
	rfc1738Reserved = ";/?:@&="
	// unreserved = alpha | digit | safe | extra
	rfc1738Unreserved = Union(rfc1738Alpha, digit, rfc1738Safe, rfc1738Extra)
	// uchar = unreserved | escape
	rfc1738Uchar = rfc1738Unreserved
	// xchar = unreserved | reserved | escape
	rfc1738Xchar = Union(rfc1738Unreserved, rfc1738Reserved)

	// user = *[ uchar | ";" | "?" | "&" | "=" ], and password the same.
	rfc1738User = Union(rfc1738Uchar, ";?&=")
	// fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
	rfc1738Fsegment = Union(rfc1738Uchar, "?:@&=")
	// hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
	rfc1738Hsegment = Union(rfc1738Uchar, ";:@&=")
	// psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]
	rfc1738Psegment = Union(rfc1738Uchar, "?:@&=")
	// search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
	rfc1738Search = Union(rfc1738Uchar, ";:@&=")
	// fieldname = *[ uchar | "?" | ":" | "@" | "&" ], and fieldvalue the same.
	rfc1738Field = Union(rfc1738Uchar, "?:@&")
)

// RFC1738Unsafe is the list of unsafe characters of RFC 1738 section 2.2: the space, "<", ">",
// the quote mark, "#", "%", and "{", "}", "|", "\", "^", "~", "[", "]", "`". "All unsafe
// characters must always be encoded within a URL."
const RFC1738Unsafe = ` <>"#%{}|\^~[]` + "`"

// The 2003 draft, sections 2.2, 2.3 and 3 to 5.
var (
	// unreserved = ALPHA / DIGIT / mark
	// mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")"
	draft2003Unreserved = Union(lower, upper, digit, "-_.!~*'()")
	// reg-name = 1*( unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / "," )
	draft2003RegName = Union(draft2003Unreserved, ";:@&=+$,")
	// pchar = unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+" / "$" / ","
	draft2003Pchar = Union(draft2003Unreserved, ";:@&=+$,")
	// rel-segment = 1*( unreserved / escaped / ";" / "@" / "&" / "=" / "+" / "$" / "," )
	draft2003RelSegment = Union(draft2003Unreserved, ";@&=+$,")
)

// Draft2003Excluded is the draft's section 2.4.3, "Excluded US-ASCII Characters": delims =
// "<" / ">" / "#" / "%" / DQUOTE and unwise = "{" / "}" / "|" / "\" / "^" / "`", and the space
// ("The space character is excluded").
const Draft2003Excluded = `<>#%"{}|\^` + "` "

// RFC 2396, Appendix A (and sections 2.2, 2.3, 3).
var (
	// unreserved = alphanum | mark
	// mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
	rfc2396Unreserved = Union(lower, upper, digit, "-_.!~*'()")
	// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","
	rfc2396Reserved = ";/?:@&=+$,"
	// reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
	rfc2396RegName = Union(rfc2396Unreserved, "$,;:@&=+")
	// pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","
	rfc2396Pchar = Union(rfc2396Unreserved, ":@&=+$,")
	// segment = *pchar *( ";" param ); param = *pchar
	rfc2396Segment = Union(rfc2396Pchar, ";")
	// rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
	rfc2396RelSegment = Union(rfc2396Unreserved, ";@&=+$,")
)

// RFC2396Excluded is RFC 2396 section 2.4.3: control, space, delims = "<" | ">" | "#" | "%"
// | <">, and unwise = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`".
const RFC2396Excluded = ` <>#%"{}|\^[]` + "`"

// RFC 3986, sections 2.2, 2.3 and 3.
var (
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	rfc3986Unreserved = Union(lower, upper, digit, "-._~")
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	rfc3986SubDelims = "!$&'()*+,;="
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	rfc3986Pchar = Union(rfc3986Unreserved, rfc3986SubDelims, ":@")
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	rfc3986SegmentNzNc = Union(rfc3986Unreserved, rfc3986SubDelims, "@")
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	rfc3986RegName = Union(rfc3986Unreserved, rfc3986SubDelims)
)

// Sets holds, by version id and then component name (as charset.Components names
// them), what each document says. A component that a version's map does not list is one the
// document's grammar does not have.
var Sets = map[string]map[string]Set{
	"rfc1738": {
		// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ] (lower case only: "the scheme is
		// in lower case").
		"scheme": uniform(Union(lower, digit, "+-.")),
		// login = [ user [ ":" password ] "@" ] hostport: the userinfo is user ":" password,
		// either side possibly empty.
		"userinfo": uniform(Union(rfc1738User, ":")),
		"user":     uniform(rfc1738User),
		"password": uniform(rfc1738User),
		// host = hostname | hostnumber; hostname = *[ domainlabel "." ] toplabel;
		// domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit;
		// toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit;
		// hostnumber = digits "." digits "." digits "." digits. A host that is one label is a
		// toplabel, which begins with a letter; "-" and "." stand only between
		// alphadigits.
		"host": {May: Union(rfc1738Alpha, digit, "-."), Everywhere: rfc1738Alpha},
		// port = digits
		"port": uniform(digit),
		// The segments of RFC 1738 are those of ftp and file (fsegment), http (hsegment)
		// and prospero (psegment): a character may stand in a segment if one of the three
		// rules allows it, and everywhere if all three do.
		"path segment": {
			May:        Union(rfc1738Fsegment, rfc1738Hsegment, rfc1738Psegment),
			Everywhere: Intersect(Intersect(rfc1738Fsegment, rfc1738Hsegment), rfc1738Psegment),
		},
		// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]; waisindex = "wais://"
		// hostport "/" database "?" search.
		"query":         uniform(rfc1738Search),
		"ftp fsegment":  uniform(rfc1738Fsegment),
		"file fsegment": uniform(rfc1738Fsegment),
		"http hsegment": uniform(rfc1738Hsegment),
		"http search":   uniform(rfc1738Search),
		// selector = *xchar
		"gopher selector": uniform(rfc1738Xchar),
		// gopherurl = ... [ "%09" search ...
		"gopher search": uniform(rfc1738Search),
		// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
		"news group": {May: Union(rfc1738Alpha, digit, "-.+_"), Everywhere: rfc1738Alpha},
		// encoded822addr = 1*xchar
		"mailto encoded822addr": uniform(rfc1738Xchar),
		// database = *uchar
		"wais database":       uniform(rfc1738Uchar),
		"prospero psegment":   uniform(rfc1738Psegment),
		"prospero fieldname":  uniform(rfc1738Field),
		"prospero fieldvalue": uniform(rfc1738Field),
		// telneturl = "telnet://" login [ "/" ]
		"telnet user":     uniform(rfc1738User),
		"telnet password": uniform(rfc1738User),
	},
	"draft2003": {
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		"scheme": {May: Union(lower, upper, digit, "+-."), Everywhere: Union(lower, upper)},
		// userinfo = *( unreserved / escaped / ";" / ":" / "&" / "=" / "+" / "$" / "," )
		"userinfo": uniform(Union(draft2003Unreserved, ";:&=+$,")),
		// authority = server / reg-name; server = [ [ userinfo "@" ] hostport ]; hostport =
		// host [ ":" port ]; host = IPv6reference / IPv4address / hostname; IPv6reference =
		// "[" IPv6address "]", whose h4 are HEXDIG and whose ls32 may be an IPv4address. A
		// reg-name allows its characters anywhere, but ":" and "@" also delimit a server's
		// parts: where the authority reads as a server ("y@z", "y:"), they are delimiters.
		"host": {
			May:        Union(draft2003RegName, lower, upper, digit, "-.", "[]:"),
			Everywhere: Minus(draft2003RegName, ":@"),
		},
		// port = *DIGIT
		"port": uniform(digit),
		// segment = *pchar in an abs-path; a relative-URI's rel-path begins with a
		// rel-segment, which has no ":".
		"path segment": {
			May:        Union(draft2003Pchar, draft2003RelSegment),
			Everywhere: Intersect(draft2003Pchar, draft2003RelSegment),
		},
		// query = *( pchar / "/" / "?" ); fragment = *( pchar / "/" / "?" )
		"query":    uniform(Union(draft2003Pchar, "/?")),
		"fragment": uniform(Union(draft2003Pchar, "/?")),
	},
	"rfc2396": {
		// scheme = alpha *( alpha | digit | "+" | "-" | "." )
		"scheme": {May: Union(lower, upper, digit, "+-."), Everywhere: Union(lower, upper)},
		// userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
		"userinfo": uniform(Union(rfc2396Unreserved, ";:&=+$,")),
		// authority = server | reg_name; host = hostname | IPv4address; hostname =
		// *( domainlabel "." ) toplabel [ "." ]. As in the 2003 draft, ":" and "@" also
		// delimit a server's parts.
		"host": {
			May:        Union(rfc2396RegName, lower, upper, digit, "-."),
			Everywhere: Minus(rfc2396RegName, ":@"),
		},
		// port = *digit
		"port": uniform(digit),
		// abs_path = "/" path_segments, whose segment = *pchar *( ";" param ); a
		// relativeURI's rel_path begins with a rel_segment, which has no ":".
		"path segment": {
			May:        Union(rfc2396Segment, rfc2396RelSegment),
			Everywhere: Intersect(rfc2396Segment, rfc2396RelSegment),
		},
		// query = *uric; fragment = *uric; uric = reserved | unreserved | escaped
		"query":    uniform(Union(rfc2396Reserved, rfc2396Unreserved)),
		"fragment": uniform(Union(rfc2396Reserved, rfc2396Unreserved)),
	},
	"rfc3986": {
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		"scheme": {May: Union(lower, upper, digit, "+-."), Everywhere: Union(lower, upper)},
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
		"userinfo": uniform(Union(rfc3986Unreserved, rfc3986SubDelims, ":")),
		// host = IP-literal / IPv4address / reg-name; IP-literal = "[" ( IPv6address /
		// IPvFuture ) "]"; IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
		// Only inside an IP-literal do "[", "]" and ":" stand in a host.
		"host": {
			May:        Union(rfc3986RegName, "[]:"),
			Everywhere: rfc3986RegName,
		},
		// port = *DIGIT
		"port": uniform(digit),
		// segment = *pchar, segment-nz = 1*pchar; a relative-ref's path-noscheme begins
		// with a segment-nz-nc, which has no ":".
		"path segment": {May: rfc3986Pchar, Everywhere: Intersect(rfc3986Pchar, rfc3986SegmentNzNc)},
		// query = *( pchar / "/" / "?" ); fragment = *( pchar / "/" / "?" )
		"query":    uniform(Union(rfc3986Pchar, "/?")),
		"fragment": uniform(Union(rfc3986Pchar, "/?")),
	},
}
