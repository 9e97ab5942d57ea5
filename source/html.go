package source

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// HTML yields the URL-valued attributes of the HTML document r (a gzip stream is
// decompressed), read by the tokenizer of golang.org/x/net/html as a browser reads tags:
// upper or lower case, values quoted or not, character references decoded. Each URL has the
// line its tag begins on, its element and attribute, and the document's <base href>.
//
// The attributes are those whose value HTML 4.01 types as a URI (its index of attributes:
// href, src, action, cite, background, longdesc, usemap, codebase, profile, classid, data,
// archive), with the URL attributes HTML 2.0 through HTML 5 and the browsers of the 1990s added
// (lowsrc, dynsrc, poster, formaction, manifest, icon, srcset), and the URL of a
// <meta http-equiv=refresh>. A value is trimmed of the spaces around it, which HTML allows
// ("a valid URL potentially surrounded by spaces"), and its tabs and line breaks are dropped,
// as the WHATWG URL parser drops them, so that a URL is one line; a list (archive, srcset)
// gives each URL.
func HTML(r io.Reader, name string) iter.Seq2[URL, error] {
	return func(yield func(URL, error) bool) {
		r, err := Decompress(r)
		if err != nil {
			yield(URL{}, fmt.Errorf("%s: %w", name, err))
			return
		}
		var d htmlDoc
		d.reset(r, Where{File: name})
		for d.next(yield) {
		}
		if d.err != nil && !d.stopped {
			yield(URL{}, fmt.Errorf("%s: %w", name, d.err))
		}
	}
}

// maxToken bounds the HTML tokenizer's buffer: one tag, comment or run of text longer than
// this is yielded as an *Error and skipped, and the document is read on after it. The
// tokenizer's buffer doubles as a token grows, so a token of maxToken bytes costs up to twice
// that while it is read, for each document being tokenized; a URL is never this long but in a
// data: URL, which the grammars do not have.
const maxToken = 4 << 20

// An htmlDoc reads the URL-valued attributes of one HTML document.
type htmlDoc struct {
	z     *html.Tokenizer
	src   io.Reader     // the document
	rest  *resumeReader // what a tokenizer reads after a token too long was skipped, or nil
	where Where         // of the document: its file, record; Line counts as the tokens pass
	line  int
	// raw is the element whose text the tokenizer reads next as raw text (the "script" of
	// "<script>"), or "".
	raw string
	// limit is the longest token, maxToken but in tests.
	limit int
	err   error // the reader's error that ended the document, if any
	// stopped is set when the consumer stopped (yield returned false).
	stopped bool
}

func (d *htmlDoc) reset(r io.Reader, where Where) { d.resetLimit(r, where, maxToken) }

// resetLimit is reset with limit for maxToken.
func (d *htmlDoc) resetLimit(r io.Reader, where Where, limit int) {
	d.z = html.NewTokenizer(r)
	d.z.SetMaxBuf(limit)
	d.src, d.rest, d.raw, d.limit = r, nil, "", limit
	d.where, d.line, d.err, d.stopped = where, 1, nil, false
}

// next reads one token and yields the URLs of its attributes; it returns false at the end of
// the document, or when yield returns false (d.stopped is then set). A token too long for the
// tokenizer's buffer is yielded as an *Error and skipped (skipLong); d.err is the reader's
// own error.
func (d *htmlDoc) next(yield func(URL, error) bool) bool {
	tt := d.z.Next()
	if tt == html.ErrorToken && errors.Is(d.z.Err(), html.ErrBufferExceeded) || tt != html.ErrorToken && len(d.z.Raw()) >= d.limit {
		// tt is the token the bound cut short: a tag, which the tokenizer gives as an
		// ErrorToken, or a run of text or a comment, which it gives as it is, no whole token
		// being that long (Err says so only of the next one).
		w := d.where
		w.Line = d.line
		if !yield(URL{}, &Error{w, fmt.Errorf("HTML token longer than %d bytes, skipped", d.limit)}) {
			d.stopped = true
			return false
		}
		return d.skipLong(tt)
	}
	if tt == html.ErrorToken {
		if err := d.z.Err(); err != io.EOF {
			d.err = err
		}
		return false
	}
	// Raw must be read before TagName, which lowers the tag's name in place.
	raw := d.z.Raw()
	line := d.line
	d.line += bytes.Count(raw, []byte{'\n'})
	d.raw = ""
	if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
		return true
	}
	name, more := d.z.TagName()
	d.raw = rawElements[string(name)] // after "<script/>" too, as the tokenizer reads it
	if !more {
		return true
	}
	// The names and values are the tokenizer's bytes until the next token: a string is made
	// only of a URL, and of a name not among the known ones.
	isMeta := string(name) == "meta"
	el := ""
	var attrs [][2]string // the element's attributes, kept only for <meta>
	for more {
		var key, val []byte
		key, val, more = d.z.TagAttr()
		if isMeta {
			attrs = append(attrs, [2]string{string(key), string(val)})
			continue
		}
		attr, split, ok := urlAttr(name, key)
		if !ok {
			continue
		}
		if el == "" {
			el = known(elements, name)
		}
		w := d.where
		w.Line, w.Element, w.Attr = line, el, attr
		if el == "base" && attr == "href" && d.where.Base == "" {
			d.where.Base = string(trimSpaceBytes(val))
		}
		v := urlText(trimSpaceBytes(val))
		if split == nil {
			if !yield(URL{Text: v, Where: w}, nil) {
				d.stopped = true
				return false
			}
			continue
		}
		for _, u := range split(v) {
			if !yield(URL{Text: u, Where: w}, nil) {
				d.stopped = true
				return false
			}
		}
	}
	if u, ok := refreshURL(attrs); ok {
		w := d.where
		w.Line, w.Element, w.Attr = line, "meta", "content"
		if !yield(URL{Text: u, Where: w}, nil) {
			d.stopped = true
			return false
		}
	}
	return true
}

// rawElements are the elements whose text the tokenizer reads as raw text, up to their end tag
// (HTML's raw text and escapable raw text elements, and the obsolete ones that browsers read
// so), each mapped to itself.
var rawElements = names("iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp")

// skipLong skips the token that was too long for the tokenizer's buffer, of type tt as the
// tokenizer gave it, and goes on with a tokenizer of its own after it; it returns false at the
// end of the document, or at a read error (d.err). The token's end is found as the tokenizer would find it, reading the bytes
// one at a time without holding them: a tag ends at its ">" (not one in a quoted attribute
// value), a comment at "-->", a run of text before the next "<", the text of a raw text
// element (script, style, ...) before its end tag; a tag that opens a raw text element is
// skipped with its text. The tokenizer's bytes read ahead are read again.
func (d *htmlDoc) skipLong(tt html.TokenType) bool {
	partial := d.z.Raw() // the token so far
	d.line += bytes.Count(partial, []byte{'\n'})
	if d.rest == nil {
		d.rest = &resumeReader{br: bufio.NewReader(d.src)}
	}
	r := d.rest
	r.back = append(slices.Clone(d.z.Buffered()), r.back...)
	var s tokenSkip
	switch {
	case tt == html.TextToken && d.raw != "":
		s = tokenSkip{kind: skipRaw, end: "</" + d.raw}
	case tt == html.CommentToken && bytes.HasPrefix(partial, []byte("<!--")):
		s = tokenSkip{kind: skipComment}
		partial = partial[4:]
	case tt == html.CommentToken || tt == html.DoctypeToken: // "<!DOCTYPE", "<?xml", "</ "
		s = tokenSkip{kind: skipBogus}
		partial = nil
	case tt == html.ErrorToken && len(partial) >= 2 && partial[0] == '<': // a tag
		s = tokenSkip{kind: skipTag}
		name := partial[1:]
		if name[0] == '/' {
			name = nil // an end tag opens nothing
		}
		if i := bytes.IndexAny(name, " \t\n\f\r/>"); i >= 0 {
			name = name[:i]
		}
		if raw := rawElements[strings.ToLower(string(name))]; raw != "" && len(name) < len(partial)-1 {
			s.end = "</" + raw // skipped with its text
		}
		partial = partial[1:]
	default:
		// Text, whose last byte or two may be the "<" of the next token, read ahead.
		if i := bytes.LastIndexByte(partial[max(len(partial)-2, 0):], '<'); i >= 0 {
			r.back = append(slices.Clone(partial[max(len(partial)-2, 0)+i:]), r.back...)
		}
		s = tokenSkip{kind: skipText}
		partial = nil
	}
	// The state at the end of what was read: in a quoted value, after "--", ...
	for _, c := range partial {
		if s.step(c) {
			break // cannot be: the tokenizer would have ended the token
		}
	}
	for {
		c, err := r.ReadByte()
		if err != nil {
			if err != io.EOF {
				d.err = err
			}
			return false
		}
		if c == '\n' {
			d.line++
		}
		if s.step(c) {
			break
		}
	}
	if s.unread != nil {
		d.line -= bytes.Count(s.unread, []byte{'\n'})
		r.back = append(s.unread, r.back...)
	}
	d.z = html.NewTokenizer(r)
	d.z.SetMaxBuf(d.limit)
	d.raw = ""
	return true
}

// The kinds of token tokenSkip skips.
const (
	skipText    = iota // up to the next "<"
	skipTag            // up to its ">", then (end set) the raw text after it
	skipComment        // up to "-->" or "--!>"
	skipBogus          // "<!DOCTYPE", "<?xml", "</ ...": up to ">"
	skipRaw            // up to end, the end tag of its element ("</script"), case aside
)

// A tokenSkip finds the end of a token, a byte at a time.
type tokenSkip struct {
	kind int
	// end is the end tag that ends raw text ("</script").
	end string
	// The state: in a tag, whether after "=" (eq) and in which quote (quote); in a comment,
	// the dashes before (dashes) and "!" after them (bang); in raw text, the bytes of end
	// matched (matched).
	eq      bool
	quote   byte
	dashes  int
	bang    bool
	matched int
	// unread holds, when the token has ended, the bytes after it that step read (the "<" or
	// the end tag that begins the next token).
	unread []byte
}

// step takes the next byte, and reports whether the token has ended.
func (s *tokenSkip) step(c byte) bool {
	switch s.kind {
	case skipText:
		if c == '<' {
			s.unread = []byte{c}
			return true
		}
	case skipTag:
		switch {
		case s.quote != 0:
			if c == s.quote {
				s.quote = 0
			}
		case s.eq && (c == '"' || c == '\''):
			s.quote, s.eq = c, false
		case s.eq && isHTMLSpace(c):
		case c == '=':
			s.eq = true
		case c == '>':
			if s.end != "" {
				s.kind = skipRaw
				return false
			}
			return true
		default:
			s.eq = false
		}
	case skipComment:
		switch {
		case c == '-':
			s.dashes, s.bang = s.dashes+1, false
		case c == '!' && s.dashes >= 2:
			s.bang = true
		case c == '>' && (s.dashes >= 2 || s.bang):
			return true
		default:
			s.dashes, s.bang = 0, false
		}
	case skipBogus:
		return c == '>'
	case skipRaw:
		switch {
		case s.matched == len(s.end):
			// The end tag's name, and after it what ends a tag name.
			if isHTMLSpace(c) || c == '/' || c == '>' {
				s.unread = append([]byte(s.end), c)
				return true
			}
			s.matched = 0
		case c == s.end[s.matched] || 'A' <= c && c <= 'Z' && c+'a'-'A' == s.end[s.matched]:
			s.matched++
			return false
		default:
			s.matched = 0
		}
		if c == '<' {
			s.matched = 1
		}
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// A resumeReader is what a tokenizer reads after a token too long: the bytes read ahead by the
// one before it, then the document.
type resumeReader struct {
	back []byte
	br   *bufio.Reader
}

func (r *resumeReader) Read(p []byte) (int, error) {
	if len(r.back) > 0 {
		n := copy(p, r.back)
		r.back = r.back[n:]
		return n, nil
	}
	return r.br.Read(p)
}

func (r *resumeReader) ReadByte() (byte, error) {
	if len(r.back) > 0 {
		c := r.back[0]
		r.back = r.back[1:]
		return c, nil
	}
	return r.br.ReadByte()
}

// urlAttrs are the attributes whose value is a URL on any element: HTML's and the browser
// extensions that pages of the 1990s used on elements HTML did not list (<TD BACKGROUND>,
// <IMG LOWSRC>, <IMG DYNSRC>). Each maps to itself, so that a lookup by the tokenizer's bytes
// gives the name as a string without making one.
var urlAttrs = names("href", "src", "action", "cite", "background", "longdesc", "usemap", "codebase",
	"profile", "lowsrc", "dynsrc", "poster", "formaction", "manifest", "icon")

// elements are the names of the elements that have URL-valued attributes in pages, as urlAttrs
// are: a name not among them is made a string when it has one.
var elements = names("a", "img", "link", "script", "form", "area", "base", "body", "frame", "iframe",
	"table", "td", "th", "tr", "input", "object", "applet", "embed", "blockquote", "q", "del", "ins",
	"head", "html", "video", "audio", "source", "track", "layer", "ilayer", "bgsound", "button", "param")

func names(list ...string) map[string]string {
	m := make(map[string]string, len(list))
	for _, s := range list {
		m[s] = s
	}
	return m
}

// known returns b as a string: the one of m, when it holds b.
func known(m map[string]string, b []byte) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	return string(b)
}

// urlAttr reports whether attribute attr of element el holds URLs: the attribute's name, and
// how its value splits into them (nil: the value is one URL).
func urlAttr(el, attr []byte) (string, func(string) []string, bool) {
	if a, ok := urlAttrs[string(attr)]; ok {
		return a, nil, true
	}
	switch a := string(attr); {
	case string(el) == "object" && a == "classid":
		return "classid", nil, true
	case string(el) == "object" && a == "data":
		return "data", nil, true
	case string(el) == "object" && a == "archive":
		// HTML 4.01 section 13.3: "a space-separated list of URIs".
		return "archive", strings.Fields, true
	case string(el) == "applet" && a == "archive":
		// HTML 4.01 section 13.4: "a comma-separated list of URIs".
		return "archive", commaList, true
	case a == "srcset":
		return "srcset", srcset, true
	}
	return "", nil, false
}

func commaList(s string) []string {
	var us []string
	for _, u := range strings.Split(s, ",") {
		if u = trimSpace(u); u != "" {
			us = append(us, u)
		}
	}
	return us
}

// srcset splits an image candidate list (HTML's "srcset" attribute) into its URLs: each
// candidate is a URL, up to whitespace, and descriptors up to a comma; a URL's trailing commas
// end the candidate.
func srcset(s string) []string {
	var us []string
	for {
		s = strings.TrimLeft(s, " \t\n\f\r,")
		if s == "" {
			return us
		}
		end := strings.IndexAny(s, " \t\n\f\r")
		if end < 0 {
			end = len(s)
		}
		u := s[:end]
		s = s[end:]
		if t := strings.TrimRight(u, ","); len(t) < len(u) {
			us = append(us, t)
			continue
		}
		us = append(us, u)
		if i := strings.IndexByte(s, ','); i >= 0 {
			s = s[i+1:]
		} else {
			s = ""
		}
	}
}

// refreshURL returns the URL of a <meta http-equiv=refresh content="5; URL=...">, given the
// element's attributes.
func refreshURL(attrs [][2]string) (string, bool) {
	refresh, content := false, ""
	for _, a := range attrs {
		switch a[0] {
		case "http-equiv":
			refresh = strings.EqualFold(trimSpace(a[1]), "refresh")
		case "content":
			content = a[1]
		}
	}
	if !refresh {
		return "", false
	}
	// "5; URL=http://..." or "5;http://...": the delay, then the URL after ";" or ",", with
	// an optional "URL=" and quotes.
	i := strings.IndexAny(content, ";,")
	if i < 0 {
		return "", false
	}
	u := trimSpace(content[i+1:])
	if len(u) >= 3 && strings.EqualFold(u[:3], "url") {
		if rest := strings.TrimLeft(u[3:], " \t\n\f\r"); strings.HasPrefix(rest, "=") {
			u = trimSpace(rest[1:])
		}
	}
	if len(u) >= 2 && (u[0] == '"' || u[0] == '\'') && u[len(u)-1] == u[0] {
		u = u[1 : len(u)-1]
	}
	return u, u != ""
}

// urlText returns b as a string without its tabs, CRs and LFs (and then, as strings.Map
// does, with each byte that is not UTF-8 made U+FFFD).
func urlText(b []byte) string {
	if !hasTabNewline(b) {
		return string(b)
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\r' || r == '\n' {
			return -1
		}
		return r
	}, string(b))
}

// trimSpace trims HTML's ASCII whitespace (space, tab, LF, FF, CR) from both ends of s.
func trimSpace(s string) string {
	for len(s) > 0 && isHTMLSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isHTMLSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func hasTabNewline(b []byte) bool {
	for _, c := range b {
		if c <= '\r' && (c == '\t' || c == '\r' || c == '\n') {
			return true
		}
	}
	return false
}

// trimSpaceBytes is trimSpace of bytes.
func trimSpaceBytes(b []byte) []byte {
	for len(b) > 0 && isHTMLSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isHTMLSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }
