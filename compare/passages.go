package compare

import (
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// What each document says of the characters of a URL, in its own Words: the HTML report of
// "urlgrammar compare" quotes them beside each character on which the versions disagree, so that a reader
// sees why one document refuses what another allows (RFC 1738 section 2.2 calls "~" unsafe; the
// 2003 draft's section 2.3 makes it an unreserved mark). The words are the documents', copied
// as printed (line breaks of the text collapsed, "…" where words are left out); the sections
// are the documents' own, or, for the two early drafts, which number none, their titles. The
// classes agree with the sets of internal/doccharsets (a test holds them to each other).

// A Passage is a passage of a version's document about some characters, quoted verbatim.
type Passage struct {
	Section string // where in the document: "section 2.2", or a title for the early drafts
	Words   string // the document's words (line breaks collapsed, "…" where words are left out)
	// chars holds the printable characters the words are about; control and nonASCII, the
	// bytes 00-1F and 7F, and 80-FF.
	chars             string
	control, nonASCII bool
	// otherwise marks words about every character the document's grammar does not allow:
	// they are quoted for a character no other passage of the document names.
	otherwise bool
}

// nationalPunctuation1994 is the 1994 draft's word on its national and punctuation classes,
// which its BNF defines after it.
const nationalPunctuation1994 = `The "national" and "punctuation" characters do not appear in any productions and therefore may not appear in URLs.`

// Citation names the document of v as a citation does: "RFC 1738", "draft-ietf-uri-url-03",
// "the 1993 URL draft".
func Citation(v urlgrammar.Version) string { return docCitation[v.String()] }

var docCitation = map[string]string{
	"draft1993": "the 1993 URL draft",
	"draft1994": "draft-ietf-uri-url-03",
	"rfc1738":   "RFC 1738",
	"rfc1808":   "RFC 1808",
	"draft1997": "draft-fielding-url-syntax-05",
	"rfc2396":   "RFC 2396",
	"draft2003": "draft-fielding-uri-rfc2396bis-01",
	"rfc3986":   "RFC 3986",
}

var docWordsOf = map[string][]Passage{
	"draft1993": {
		{Section: `section "BNF syntax"`, chars: "$-_@.&", Words: `safe           $ | - | _ | @ | . | &`},
		{Section: `section "BNF syntax"`, chars: `!*"'():;, `, Words: `extra          ! | * | " | ' | ( | ) | : | ; | , | space`},
		{Section: `section "BNF syntax"`, chars: `{}|[]\^~`, Words: `variant        { | } | | | | | [ | ] | \ | ^ | ~`},
		{Section: `section "BNF syntax"`, chars: "<>", Words: `punctuation    < | >`},
		{Section: `section "BNF syntax"`, chars: "%", Words: `escape         % hex hex`},
		{Section: `section "BNF syntax"`, chars: "+", Words: `xpalpha        xalpha | +`},
		{Section: `section "Partial form"`, chars: "/", Words: `The partial form relies on a property of the URL syntax that certain characters ("/") and certain path elements ("..", ".") have a significance reserved for representing a hierarchical space, and must be recognised as such by both clients and servers.`},
		{Section: `section "Encoding prohibited characters"`, otherwise: true, Words: `Where the local naming scheme uses ASCII characters which are not allowed in the URL, these may be represented in the URL by a percent sign "%" followed by two hexadecimal digits (0-9, A-F) giving the ISO Latin 1 code for that character. Character codes other than those allowed by the syntax shall not be used in a URL.`},
	},
	"draft1994": {
		{Section: `section "BNF for specific URL schemes"`, chars: "$-_@.&+", Words: "safe\n$ | - | _ | @ | . | & | + | -"},
		{Section: `section "BNF for specific URL schemes"`, chars: `!*"'(),`, Words: "extra\n! | * | \" | ' | ( | ) | ,"},
		{Section: `section "BNF for specific URL schemes"`, chars: "=;/#?: ", Words: "reserved\n= | ; | / | # | ? | : | space"},
		{Section: `section "BNF for specific URL schemes"`, chars: `{}|[]\^~`, Words: nationalPunctuation1994 + "\n…\nnational\n{ | } | vline | [ | ] | \\ | ^ | ~"},
		{Section: `section "BNF for specific URL schemes"`, chars: "<>", Words: nationalPunctuation1994 + "\n…\npunctuation\n< | >"},
		{Section: `section "BNF for specific URL schemes"`, chars: "%", Words: "escape\n% hex hex"},
		{Section: `section "Encoding prohibited characters"`, otherwise: true, Words: `Character codes other than those allowed by the syntax shall not be used unencoded in a URL.`},
	},
	"rfc1738": {
		{Section: "section 2.2", control: true, nonASCII: true, Words: `URLs are written only with the graphic printable characters of the US-ASCII coded character set. The octets 80-FF hexadecimal are not used in US-ASCII, and the octets 00-1F and 7F hexadecimal represent control characters; these must be encoded.`},
		{Section: "section 2.2", chars: " ", Words: `The space character is unsafe because significant spaces may disappear and insignificant spaces may be introduced when URLs are transcribed or typeset or subjected to the treatment of word-processing programs. … All unsafe characters must always be encoded within a URL.`},
		{Section: "section 2.2", chars: `<>"`, Words: `The characters "<" and ">" are unsafe because they are used as the delimiters around URLs in free text; the quote mark (""") is used to delimit URLs in some systems. … All unsafe characters must always be encoded within a URL.`},
		{Section: "section 2.2", chars: "#", Words: `The character "#" is unsafe and should always be encoded because it is used in World Wide Web and in other systems to delimit a URL from a fragment/anchor identifier that might follow it.`},
		{Section: "section 2.2", chars: "%", Words: `The character "%" is unsafe because it is used for encodings of other characters.`},
		{Section: "section 2.2", chars: "{}|\\^~[]`", Words: "Other characters are unsafe because gateways and other transport agents are known to sometimes modify such characters. These characters are \"{\", \"}\", \"|\", \"\\\", \"^\", \"~\", \"[\", \"]\", and \"`\".\nAll unsafe characters must always be encoded within a URL."},
		{Section: "section 2.2", chars: ";/?:@=&", Words: `Many URL schemes reserve certain characters for a special meaning: their appearance in the scheme-specific part of the URL has a designated semantics. If the character corresponding to an octet is reserved in a scheme, the octet must be encoded. The characters ";", "/", "?", ":", "@", "=" and "&" are the characters which may be reserved for special meaning within a scheme. No other characters may be reserved within a scheme.`},
		{Section: "section 2.2", chars: "$-_.+!*'(),", Words: `Thus, only alphanumerics, the special characters "$-_.+!*'(),", and reserved characters used for their reserved purposes may be used unencoded within a URL.`},
		{Section: "section 5", chars: "$-_.+", Words: `safe        = "$" | "-" | "_" | "." | "+"`},
		{Section: "section 5", chars: "!*'(),", Words: `extra       = "!" | "*" | "'" | "(" | ")" | ","`},
		{Section: "section 5", chars: "{}|\\^~[]`", Words: "national    = \"{\" | \"}\" | \"|\" | \"\\\" | \"^\" | \"~\" | \"[\" | \"]\" | \"`\""},
		{Section: "section 5", chars: `<>#%"`, Words: `punctuation = "<" | ">" | "#" | "%" | <">`},
		{Section: "section 5", chars: ";/?:@&=", Words: `reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "="`},
	},
	"rfc1808": {
		{Section: "section 2.2", chars: "$-_.+", Words: `safe        = "$" | "-" | "_" | "." | "+"`},
		{Section: "section 2.2", chars: "!*'(),", Words: `extra       = "!" | "*" | "'" | "(" | ")" | ","`},
		{Section: "section 2.2", chars: "{}|\\^~[]`", Words: "national    = \"{\" | \"}\" | \"|\" | \"\\\" | \"^\" | \"~\" | \"[\" | \"]\" | \"`\""},
		{Section: "section 2.2", chars: ";/?:@&=", Words: `reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "="`},
		{Section: "section 2.2", chars: `<>#%"`, Words: `punctuation = "<" | ">" | "#" | "%" | <">`},
	},
	"draft1997": {
		{Section: "section 2.2", chars: ";/?:@&=+", Words: `Many URLs include components consisting of or delimited by, certain special characters. These characters are called "reserved", since their usage within the URL component is limited to their reserved purpose. If the data for a URL component would conflict with the reserved purpose, then the conflicting data must be escaped before forming the URL.` + "\n" + `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+"`},
		{Section: "section 2.3", chars: "$-_.!~*'(),", Words: `Data characters which are allowed in a URL but do not have a reserved purpose are called unreserved. These include upper and lower case letters, decimal digits, and a limited set of punctuation marks and symbols.` + "\n" + `unreserved = alphanum | mark` + "\n" + `mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")" | ","`},
		{Section: "section 2.4", nonASCII: true, Words: `Data must be escaped if it does not have a representation using an unreserved character; this includes data that does not correspond to a printable character of the US-ASCII coded character set, or that corresponds to any US-ASCII character that is disallowed, as explained below.`},
		{Section: "section 2.4.3", control: true, Words: `The control characters in the US-ASCII coded character set are not use within a URL, both because they are non-printable and because they are likely to be misinterpreted by some control mechanisms.`},
		{Section: "section 2.4.3", chars: " ", Words: `The space character is excluded because significant spaces may disappear and insignificant spaces may be introduced when URLs are transcribed or typeset or subjected to the treatment of word-processing programs. Whitespace is also used to delimit URLs in many contexts.`},
		{Section: "section 2.4.3", chars: `<>"`, Words: `The angle-bracket "<" and ">" and double-quote (") characters are excluded because they are often used as the delimiters around URLs in text documents and protocol fields.`},
		{Section: "section 2.4.3", chars: "#", Words: `The character "#" is excluded because it is used to delimit a URL from a fragment identifier in URL references (Section 3).`},
		{Section: "section 2.4.3", chars: "%", Words: `The percent character "%" is excluded because it is used for the encoding of escaped characters.`},
		{Section: "section 2.4.3", chars: "{}|\\^[]`", Words: `Other characters are excluded because gateways and other transport agents are known to sometimes modify such characters, or they are used as delimiters.` + "\n" + "unwise = \"{\" | \"}\" | \"|\" | \"\\\" | \"^\" | \"[\" | \"]\" | \"`\"" + "\n" + `Data corresponding to excluded characters must be escaped in order to be properly represented within a URL.`},
	},
	"rfc2396": {
		{Section: "section 2.2", chars: ";/?:@&=+$,", Words: `Many URI include components consisting of or delimited by, certain special characters. These characters are called "reserved", since their usage within the URI component is limited to their reserved purpose. If the data for a URI component would conflict with the reserved purpose, then the conflicting data must be escaped before forming the URI.` + "\n" + `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","`},
		{Section: "section 2.3", chars: "-_.!~*'()", Words: `Data characters that are allowed in a URI but do not have a reserved purpose are called unreserved. These include upper and lower case letters, decimal digits, and a limited set of punctuation marks and symbols.` + "\n" + `unreserved  = alphanum | mark` + "\n" + `mark        = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`},
		{Section: "section 2.4.3", control: true, Words: `control     = <US-ASCII coded characters 00-1F and 7F hexadecimal>` + "\n" + `…` + "\n" + `Data corresponding to excluded characters must be escaped in order to be properly represented within a URI.`},
		{Section: "section 2.4.3", chars: " ", Words: `The space character is excluded because significant spaces may disappear and insignificant spaces may be introduced when URI are transcribed or typeset or subjected to the treatment of word-processing programs. Whitespace is also used to delimit URI in many contexts.`},
		{Section: "section 2.4.3", chars: `<>"`, Words: `The angle-bracket "<" and ">" and double-quote (") characters are excluded because they are often used as the delimiters around URI in text documents and protocol fields.`},
		{Section: "section 2.4.3", chars: "#", Words: `The character "#" is excluded because it is used to delimit a URI from a fragment identifier in URI references (Section 4).`},
		{Section: "section 2.4.3", chars: "%", Words: `The percent character "%" is excluded because it is used for the encoding of escaped characters.`},
		{Section: "section 2.4.3", chars: "{}|\\^[]`", Words: `Other characters are excluded because gateways and other transport agents are known to sometimes modify such characters, or they are used as delimiters.` + "\n" + "unwise      = \"{\" | \"}\" | \"|\" | \"\\\" | \"^\" | \"[\" | \"]\" | \"`\"" + "\n" + `Data corresponding to excluded characters must be escaped in order to be properly represented within a URI.`},
	},
	"draft2003": {
		{Section: "section 2.2", chars: "[];/?:@&=+$,", Words: `Many URI include components consisting of or delimited by, certain special characters. These characters are called "reserved", since their usage within the URI component is limited to their reserved purpose. If the data for a URI component would conflict with the reserved purpose, then the conflicting data must be escaped before forming the URI.` + "\n" + `reserved = "[" / "]" / ";" / "/" / "?" / ":" / "@" / "&" / "=" / "+" / "$" / ","`},
		{Section: "section 2.3", chars: "-_.!~*'()", Words: `Data characters that are allowed in a URI but do not have a reserved purpose are called unreserved. These include upper and lower case letters, decimal digits, and a limited set of punctuation marks and symbols.` + "\n" + `unreserved = ALPHA / DIGIT / mark` + "\n" + `mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")"`},
		{Section: "section 2.4", nonASCII: true, Words: `Data must be escaped if it does not have a representation using an unreserved character; this includes data that does not correspond to a printable character of the US-ASCII coded character set, or that corresponds to any US-ASCII character that is disallowed, as explained below.`},
		{Section: "section 2.4.3", control: true, Words: `The control characters (CTL) in the US-ASCII coded character set are not used within a URI, both because they are non-printable and because they are likely to be misinterpreted by some control mechanisms.`},
		{Section: "section 2.4.3", chars: " ", Words: `The space character (SP) is excluded because significant spaces may disappear and insignificant spaces may be introduced when a URI is transcribed or typeset or subjected to the treatment of word-processing programs. Whitespace is also used to delimit a URI in many contexts.`},
		{Section: "section 2.4.3", chars: `<>"`, Words: `The angle-bracket "<" and ">" and double-quote (") characters are excluded because they are often used as the delimiters around a URI in text documents and protocol fields.`},
		{Section: "section 2.4.3", chars: "#", Words: `The character "#" is excluded because it is used to delimit a URI from a fragment identifier in a URI reference (Section 4).`},
		{Section: "section 2.4.3", chars: "%", Words: `The percent character "%" is excluded because it is used for the encoding of escaped characters.`},
		{Section: "section 2.4.3", chars: "{}|\\^`", Words: `Other characters are excluded because gateways and other transport agents are known to sometimes modify such characters, or they are used as delimiters.` + "\n" + "unwise = \"{\" / \"}\" / \"|\" / \"\\\" / \"^\" / \"`\"" + "\n" + `Data corresponding to excluded characters must be escaped in order to be properly represented within a URI.`},
	},
	"rfc3986": {
		{Section: "section 2.2", chars: ":/?#[]@", Words: `URIs include components and subcomponents that are delimited by characters in the "reserved" set. These characters are called "reserved" because they may (or may not) be defined as delimiters by the generic syntax, by each scheme-specific syntax, or by the implementation-specific syntax of a URI's dereferencing algorithm.` + "\n" + `gen-delims  = ":" / "/" / "?" / "#" / "[" / "]" / "@"` + "\n" + `…` + "\n" + `A subset of the reserved characters (gen-delims) is used as delimiters of the generic URI components described in Section 3.`},
		{Section: "section 2.2", chars: "!$&'()*+,;=", Words: `sub-delims  = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` + "\n" + `…` + "\n" + `URI producing applications should percent-encode data octets that correspond to characters in the reserved set unless these characters are specifically allowed by the URI scheme to represent data in that component.`},
		{Section: "section 2.3", chars: "-._~", Words: `Characters that are allowed in a URI but do not have a reserved purpose are called unreserved. These include uppercase and lowercase letters, decimal digits, hyphen, period, underscore, and tilde.` + "\n" + `unreserved  = ALPHA / DIGIT / "-" / "." / "_" / "~"`},
		{Section: "section 2.4", chars: "%", Words: `Because the percent ("%") character serves as the indicator for percent-encoded octets, it must be percent-encoded as "%25" for that octet to be used as data within a URI.`},
		{Section: "section 2.1", otherwise: true, Words: `A percent-encoding mechanism is used to represent a data octet in a component when that octet's corresponding character is outside the allowed set or is being used as a delimiter of, or within, the component.`},
	},
}

// Passages returns what the document of v says of the character class found (a Cause's Found:
// a punctuation character, "space", "control" or "non-ASCII"), in the document's order. For a
// character that no passage names, the passage about every character the grammar does not
// allow, if the document has one.
func Passages(v urlgrammar.Version, found string) []Passage {
	return docWordsAbout(v.String(), found)
}

func docWordsAbout(id, found string) []Passage {
	var c byte
	switch {
	case found == "space":
		c = ' '
	case found == "control", found == "non-ASCII":
	case len(found) == 1:
		c = found[0]
	default:
		return nil // letters, digits, the end of the input: no character class to quote
	}
	var out []Passage
	var otherwise *Passage
	for i, w := range docWordsOf[id] {
		switch {
		case w.otherwise:
			otherwise = &docWordsOf[id][i]
		case found == "control" && w.control, found == "non-ASCII" && w.nonASCII,
			c != 0 && strings.IndexByte(w.chars, c) >= 0:
			out = append(out, w)
		}
	}
	if len(out) == 0 && otherwise != nil {
		out = append(out, *otherwise)
	}
	return out
}
