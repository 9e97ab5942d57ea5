package source

import (
	"fmt"
	"io"
	"iter"
	"strings"
)

// Extract yields the URLs found in the lines of running text, in the order they appear, by
// the recommendations of RFC 1738's appendix "Recommendations for URLs in Context" and the 2003
// draft's Appendix E "Recommendations for Delimiting URI in Context":
//
//   - "<URL:…>" (the prefix with or without a trailing space) delimits a URL, and so does
//     "<…>" around text that begins as a bare URL does (below; the 2003 draft's
//     "<ftp://ds.internic.net/rfc/>"): in text, "<a:b>" is more often code than a URL. The wrapper may span lines; the whitespace inside it
//     (spaces, line breaks, tabs) is not part of the URL and is dropped. A hyphen before a line
//     break is kept: the documents say it may or may not be part of the URL, and the grammar
//     accepts it either way.
//   - Double quotes delimit a URI ("http://www.w3.org/Addressing/") when the text inside has
//     no whitespace and begins as a bare URL does (below): quoted words of the form "a:b" are
//     far more often names than URLs.
//   - Otherwise a URL stands between whitespace: a word from a scheme followed by "://", or
//     "mailto:", "news:" or "urn:", up to whitespace or "<", ">" or '"' (the characters RFC
//     1738 section 2.2 calls unsafe because they delimit URLs in free text) or "`" (unsafe
//     there too, and the delimiter of a Markdown code span). Sentence punctuation at its end
//     (. , ; : ! ?), the closing quote of a quote that opened just before it, and a ")" or "]"
//     that closes nothing inside it (a parenthesis or a Markdown link around it) are taken as
//     the text's, not the URL's: this is the ambiguity the documents recommend the wrappers
//     for.
//
// A "<" that opens no wrapper is ordinary text; an open wrapper is given up after
// maxWrapper bytes without its ">".
func Extract(lines iter.Seq[string]) iter.Seq[string] {
	return func(yield func(string) bool) {
		var x extractor
		n := 0
		each := func(u string, _ int) bool { return yield(u) }
		for line := range lines {
			n++
			if !x.line(line, n, each) {
				return
			}
		}
	}
}

// Text yields the URLs found in the running text of r (a gzip stream is decompressed), as
// [Extract] finds them, each with the line it begins on.
func Text(r io.Reader, name string) iter.Seq2[URL, error] {
	return func(yield func(URL, error) bool) {
		r, err := Decompress(r)
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
			return
		}
		var x extractor
		err = eachLine(r, func(line string, n int) bool {
			return x.line(line, n, func(u string, at int) bool {
				return yield(URL{Text: u, Where: Where{File: name, Line: at}}, nil)
			})
		}, func(n int) bool {
			return yield(URL{}, &Error{Where{File: name, Line: n}, errLongLine})
		})
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
		}
	}
}

// maxWrapper bounds the text inside one "<…>" wrapper that spans lines.
const maxWrapper = 64 << 10

// An extractor finds URLs line by line, remembering a "<…>" wrapper left open at a line's end.
type extractor struct {
	open     bool
	prefixed bool // the open wrapper began "<URL:"
	openLine int  // the line the open wrapper began on
	pending  strings.Builder
}

// line finds the URLs of line n, s, and yields each with the line it begins on.
func (x *extractor) line(s string, n int, yield func(string, int) bool) bool {
	i := 0
	if x.open {
		j := strings.IndexByte(s, '>')
		if j < 0 {
			x.keep(s)
			return true
		}
		x.keep(s[:j])
		x.open = false
		if u := x.pending.String(); x.prefixed || hasScheme(u) {
			if !yield(u, x.openLine) {
				return false
			}
		}
		i = j + 1
	}
	for i < len(s) {
		switch c := s[i]; {
		case c == '<':
			body, prefixed := s[i+1:], false
			if len(body) >= 4 && strings.EqualFold(body[:4], "URL:") {
				body, prefixed = strings.TrimPrefix(body[4:], " "), true
			}
			j := strings.IndexByte(body, '>')
			if !prefixed && !bareURL(strings.TrimLeft(body, " \t")) {
				i++
				continue
			}
			x.pending.Reset()
			if j < 0 {
				x.open, x.prefixed, x.openLine = true, prefixed, n
				x.keep(body)
				return true
			}
			x.keep(body[:j])
			if u := x.pending.String(); u != "" && !yield(u, n) {
				return false
			}
			i = len(s) - len(body) + j + 1
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j > 0 && bareURL(s[i+1:i+1+j]) && !hasSpace(s[i+1:i+1+j]) {
				if !yield(s[i+1:i+1+j], n) {
					return false
				}
				i += j + 2
				continue
			}
			i++
		case isAlpha(c) && (i == 0 || !isSchemeChar(s[i-1])):
			k := i
			for k < len(s) && isSchemeChar(s[k]) {
				k++
			}
			if !bareURL(s[i:]) {
				i = k
				continue
			}
			end := k
			for end < len(s) && !isSpace(s[end]) && !strings.ContainsRune(`<>"`+"`", rune(s[end])) {
				end++
			}
			u := trimTrailing(s[i:end], before(s, i))
			if len(u) > k-i+1 && !yield(u, n) {
				return false
			}
			i = end
		default:
			i++
		}
	}
	return true
}

// keep adds s without its whitespace to the open wrapper's text, giving the wrapper up when it
// grows too long.
func (x *extractor) keep(s string) {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			x.pending.WriteByte(s[i])
		}
	}
	if x.pending.Len() > maxWrapper {
		x.open = false
		x.pending.Reset()
	}
}

// bareURL reports whether s begins as a URL that text without a "<…>" wrapper is taken to
// hold: a scheme followed by "://", or one of bareSchemes and ":".
func bareURL(s string) bool {
	k := 0
	for k < len(s) && isSchemeChar(s[k]) {
		k++
	}
	if k == 0 || !isAlpha(s[0]) || k == len(s) || s[k] != ':' {
		return false
	}
	return strings.HasPrefix(s[k:], "://") || bareSchemes[strings.ToLower(s[:k])]
}

// bareSchemes are the schemes without "//" that a bare word in text is taken as a URL of.
var bareSchemes = map[string]bool{"mailto": true, "news": true, "urn": true}

// before returns the byte before s[i], or 0.
func before(s string, i int) byte {
	if i == 0 {
		return 0
	}
	return s[i-1]
}

// trimTrailing drops from the end of a bare URL what the text around it more likely holds:
// sentence punctuation, the closing quote of an opening quote just before the URL (' or `), and
// a ")" or "]" that closes nothing inside the URL, such as the one of a parenthesis or a
// Markdown link around it; a balanced one is the URL's ("…/John_Adams_(miniseries)").
func trimTrailing(u string, opener byte) string {
	for len(u) > 0 {
		switch c := u[len(u)-1]; {
		case strings.IndexByte(".,;:!?", c) >= 0,
			c == '\'' && (opener == '\'' || opener == '`'),
			c == ')' && strings.Count(u, "(") < strings.Count(u, ")"),
			c == ']' && strings.Count(u, "[") < strings.Count(u, "]"):
			u = u[:len(u)-1]
		default:
			return u
		}
	}
	return u
}

// hasScheme reports whether s begins with a scheme and ":" (RFC 3986 section 3.1: a letter,
// then letters, digits, "+", "-" and ".").
func hasScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] == ':' {
			return i+1 < len(s)
		}
		if !isSchemeChar(s[i]) {
			return false
		}
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isSchemeChar(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// hasSpace reports whether s holds whitespace (isSpace).
func hasSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if isSpace(s[i]) {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
