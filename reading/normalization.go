package reading

import "strings"

// A Normalization is a set of the things a reader does to an input beyond splitting it into
// components: the normalizations that make its components differ from the input's text.
type Normalization uint32

// The normalizations. Each is done by one reader at least; Reader.Normalizations says which.
const (
	// LowerScheme writes the scheme in lower case ("HTTP:" is "http"). Both readers.
	LowerScheme Normalization = 1 << iota
	// TrimControlSpace removes the C0 control characters and spaces that begin or end the
	// input (the URL Standard's basic URL parser, its first step). WHATWG.
	TrimControlSpace
	// RemoveTabNewline removes every ASCII tab, line feed and carriage return from the input,
	// wherever it stands ("ho\tst" is "host"). WHATWG.
	RemoveTabNewline
	// BackslashAsSlash reads "\" as "/" in a URL of a special scheme (http, https, ws, wss, ftp,
	// file), in the slashes after the scheme and in the path: it ends the authority. WHATWG.
	BackslashAsSlash
	// AnySlashes reads any number of "/" (or "\") after a special scheme's ":" as the "//" that
	// begins the authority ("http:/h", "http:///h" have the host "h"). WHATWG.
	AnySlashes
	// DomainToASCII writes a domain as the URL Standard's "domain to ASCII" does, by UTS #46
	// with no transitional processing: letters in lower case, characters mapped (fullwidth
	// letters, ideographic full stops), labels of other scripts in Punycode ("xn--"), after its
	// percent-encodings are decoded. WHATWG, for special schemes.
	DomainToASCII
	// IPv4Canonical writes a host that the URL Standard's IPv4 parser reads as an address
	// (parts in decimal, octal with a leading 0 or hexadecimal with a leading 0x, fewer than
	// four parts, a last empty part) in dotted decimal: "0x7f.1" is "127.0.0.1". WHATWG.
	IPv4Canonical
	// IPv6Canonical writes an IPv6 address in the URL Standard's serialization (RFC 5952's
	// compression, lower-case hexadecimal, an IPv4 tail in hexadecimal): "[::127.0.0.1]" is
	// "[::7f00:1]". WHATWG.
	IPv6Canonical
	// RemoveDotSegments removes the path's "." and ".." segments, also written "%2e", "%2e%2e" or a
	// mix: "/a/%2e%2e/b" is "/b". WHATWG.
	RemoveDotSegments
	// PercentEncode percent-encodes, in UTF-8, the characters outside each component's set:
	// " " in a path is "%20", "\"" in a query "%22", a non-ASCII character its bytes, a byte
	// that is not UTF-8 the bytes of U+FFFD. WHATWG.
	PercentEncode
	// DropDefaultPort drops the port when it is the scheme's default (80 for http, 443 for https,
	// 21 for ftp, ...), or empty; leading zeros of a port are dropped. WHATWG.
	DropDefaultPort
	// DropEmptyCredentials writes no user name and password when both are empty, and no
	// password when it is empty ("http://:@h" and "http://u:@h" have none). WHATWG.
	DropEmptyCredentials
	// EmptyPathSlash gives a URL of a special scheme with an empty path the path "/". WHATWG.
	EmptyPathSlash
	// FileHost writes a file URL's host "localhost" as the empty host, and a Windows drive
	// letter's "|" as ":". WHATWG.
	FileHost
	// DecodeHost decodes the host's percent-encodings ("%41" is "A"); net/url refuses an
	// encoded byte below 0x80 but "%25". NetURL.
	DecodeHost
	// UserinfoEscaped decodes the user name and password, then writes them escaped as net/url
	// escapes them (Userinfo.String): "%41" is "A", "@" in the user name "%40". NetURL.
	UserinfoEscaped
	// PathEscaped writes the path as EscapedPath does: as written when that is a valid escaping
	// of the decoded path, else the decoded path escaped by net/url (" " is "%20"). NetURL.
	PathEscaped
	// FragmentEscaped writes the fragment as EscapedFragment does, in the same way. NetURL.
	FragmentEscaped
)

var normalizationIDs = []string{
	"lower-scheme", "trim-control-space", "remove-tab-newline", "backslash-as-slash", "any-slashes",
	"domain-to-ascii", "ipv4-canonical", "ipv6-canonical", "dot-segments", "percent-encode",
	"default-port", "drop-empty-credentials", "empty-path-slash", "file-host",
	"decode-host", "userinfo-escaped", "path-escaped", "fragment-escaped",
}

// Normalizations returns what r does to an input beyond splitting it: the normalizations that
// make its components differ from the input's text. The zero Reader does none.
func (r Reader) Normalizations() Normalization {
	switch r {
	case NetURL:
		return LowerScheme | DecodeHost | UserinfoEscaped | PathEscaped | FragmentEscaped
	case WHATWG:
		return LowerScheme | TrimControlSpace | RemoveTabNewline | BackslashAsSlash | AnySlashes |
			DomainToASCII | IPv4Canonical | IPv6Canonical | RemoveDotSegments | PercentEncode | DropDefaultPort |
			DropEmptyCredentials | EmptyPathSlash | FileHost
	}
	return 0
}

// List returns the normalizations of n one by one, in the order of their constants.
func (n Normalization) List() []Normalization {
	var out []Normalization
	for i := range normalizationIDs {
		if bit := Normalization(1) << i; n&bit != 0 {
			out = append(out, bit)
		}
	}
	return out
}

// String returns the IDs of the normalizations of n, such as "lower-scheme", separated by
// commas; "" for none.
func (n Normalization) String() string {
	var ids []string
	for i, id := range normalizationIDs {
		if n&(Normalization(1)<<i) != 0 {
			ids = append(ids, id)
		}
	}
	return strings.Join(ids, ",")
}
