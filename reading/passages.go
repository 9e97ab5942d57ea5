package reading

// What the documents say of the components on which a grammar's reading and another reader's
// part ways, in their own words: a Disagreement quotes them beside the two readings, so that the
// reader of a report sees how the grammar decides the case (RFC 3986 section 3.2.2: an IPv4
// address is written "in dotted-decimal form", so "0x7f.1" is a registered name there). The
// words are copied as printed, line breaks collapsed, "…" where words are left out. The package
// quotes the documents that the differential is most often asked about: RFC 1738, the 2003
// draft and RFC 3986.

// A Passage is a passage of a document, quoted verbatim.
type Passage struct {
	Document string // "RFC 3986", "draft-fielding-uri-rfc2396bis-01"
	Section  string // "section 3.2.2"
	Words    string
}

// A quote is a passage on a field, for the causes it speaks to (none: every cause).
type quote struct {
	field   Field
	causes  []Cause
	section string
	words   string
}

var documents = map[string]string{
	"rfc1738":   "RFC 1738",
	"draft2003": "draft-fielding-uri-rfc2396bis-01",
	"rfc3986":   "RFC 3986",
}

// quotes are the passages by version ID, the more particular before the general: the first
// that fits a disagreement's field and cause is quoted, and a disagreement on the host caused by
// an "@" also quotes the passage on the userinfo.
var quotes = map[string][]quote{
	"rfc1738": {
		{field: Userinfo, section: "section 3.1", words: `The user name (and password), if present, are followed by a commercial at-sign "@". Within the user and password field, any ":", "@", or "/" must be encoded.`},
		{field: Host, section: "section 3.1", words: `The fully qualified domain name of a network host, or its IP address as a set of four decimal digit groups separated by ".". … The rightmost domain label will never start with a digit, though, which syntactically distinguishes all domain names from the IP addresses.`},
		{field: Port, section: "section 3.1", words: `The port number to connect to. Most schemes designate protocols that have a default port number. Another port number may optionally be supplied, in decimal, separated from the host by a colon. If the port is omitted, the colon is as well.`},
	},
	"draft2003": {
		{field: Userinfo, section: "section 3.2.2", words: `The user information, if present, is followed by a commercial at-sign "@".`},
		{field: Host, causes: []Cause{IPv4Form}, section: "section 7.3", words: `These additional IP address formats are not allowed in the URI syntax due to differences between platform implementations.`},
		{field: Host, section: "section 3.2.2", words: `The server is identified by a network host --- as described by an IPv6 literal encapsulated within square brackets, an IPv4 address in dotted-decimal form, or a domain name --- and an optional port number.`},
		{field: Port, section: "section 3.2.2", words: `If no explicit port number is given, the default port number, as defined by the URI scheme, is assumed.`},
		{field: Path, causes: []Cause{DotSegments, EncodedDots}, section: "section 4", words: `… certain path components ("." and "..") have a special meaning when, and only when, interpreting a relative path.`},
	},
	"rfc3986": {
		{field: Userinfo, section: "section 3.2.1", words: `The user information, if present, is followed by a commercial at-sign ("@") that delimits it from the host.`},
		{field: Host, section: "section 3.2.2", words: `The host subcomponent of authority is identified by an IP literal encapsulated within square brackets, an IPv4 address in dotted-decimal form, or a registered name. The host subcomponent is case-insensitive.`},
		{field: Port, section: "section 3.2.3", words: `URI producers and normalizers should omit the port component and its ":" delimiter if port is empty or if its value would be the same as that of the scheme's default.`},
		{field: Path, causes: []Cause{DotSegments, EncodedDots}, section: "section 3.3", words: `The path segments "." and "..", also known as dot-segments, are defined for relative reference within the path name hierarchy.`},
	},
}

// passagesOf returns what the document of the version whose ID is id says of field f, for a
// disagreement of cause c.
func passagesOf(id string, f Field, c Cause) []Passage {
	var out []Passage
	add := func(f Field) {
		for _, q := range quotes[id] {
			if q.field == f && (q.causes == nil || hasCause(q.causes, c)) {
				out = append(out, Passage{Document: documents[id], Section: q.section, Words: q.words})
				return
			}
		}
	}
	if f == Host && c == AtSign {
		add(Userinfo)
	}
	add(f)
	return out
}

func hasCause(cs []Cause, c Cause) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}
