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
// end of the document, or at a read error (d.err). The token's end is found as the tokenizer
// finds it (tokenSkip follows its states), reading the bytes one at a time without holding
// them; a tag that opens a raw text element (script, style, ...) is skipped with its text. The
// tokenizer's bytes read ahead are read again.
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
		s.rawText(d.raw)
	case tt == html.CommentToken && bytes.HasPrefix(partial, []byte("<!--")):
		s.state, partial = skipComment, partial[4:]
	case tt == html.CommentToken || tt == html.DoctypeToken: // "<!DOCTYPE", "<?xml", "</ "
		s.state, partial = skipBogus, nil
	case tt == html.ErrorToken && len(partial) >= 2 && partial[0] == '<': // a tag, from its name
		s.state, partial = skipTagName, partial[1:]
		if partial[0] == '/' {
			partial = partial[1:]
		} else {
			name := partial
			if i := bytes.IndexAny(name, " \t\n\f\r/>"); i >= 0 {
				s.opens = rawElements[strings.ToLower(string(name[:i]))]
			}
		}
	default: // text, whose last two bytes may begin the next token ("<a"), read ahead
		s.state, partial = skipText, partial[max(len(partial)-2, 0):]
	}
	// The state at the end of what the tokenizer read: in a quoted value, after "--", ...;
	// or the token's end, when the byte that would have ended it is the one past the bound.
	ended := false
	for _, c := range partial {
		if ended = s.step(c); ended {
			break
		}
	}
	for !ended {
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
		ended = s.step(c)
	}
	d.line -= bytes.Count(s.unread, []byte{'\n'})
	r.back = append(s.unread, r.back...)
	d.z = html.NewTokenizer(r)
	d.z.SetMaxBuf(d.limit)
	d.raw = ""
	return true
}

// A skipState is a state of the tokenizer of golang.org/x/net/html (its token.go), in a token
// that can be longer than its bound.
type skipState uint8

const (
	// Text: up to a "<" that begins a token (a letter, "/", "!" or "?" after it).
	skipText skipState = iota
	skipTextLess
	// A tag (readTag, readTagName, readTagAttrKey, readTagAttrVal): its name; before an
	// attribute (or ">"); an attribute's name, its first byte next (an "=" there is part of
	// it) or not; after the name; after "="; in a value quoted or not.
	skipTagName
	skipBeforeAttr
	skipKeyFirst
	skipKey
	skipAfterKey
	skipBeforeValue
	skipQuoted
	skipUnquoted
	skipComment     // "<!--" (readComment): up to "-->" or "--!>"
	skipCommentBang // after "--!"
	skipBogus       // "<!DOCTYPE", "<?xml", "</ ", a bogus comment: up to ">"
	skipPlaintext   // <plaintext>'s text: to the end of the document
	// The text of a raw text element other than script (readRawOrRCDATA): up to "</", its
	// name and a byte that ends a tag name.
	skipRaw
	skipRawLess
	skipRawEnd
	// A script's text (readScript), with its escapes ("<!--", "<script>" inside one).
	skipScript
	skipScriptLess
	skipScriptEnd
	skipScriptEscapeStart
	skipScriptEscapeStartDash
	skipScriptEscaped
	skipScriptEscapedDash
	skipScriptEscapedDashDash
	skipScriptEscapedLess
	skipScriptEscapedEnd
	skipScriptDoubleEscapeStart
	skipScriptDoubleEscaped
	skipScriptDoubleEscapedDash
	skipScriptDoubleEscapedDashDash
	skipScriptDoubleEscapedLess
	skipScriptDoubleEscapeEnd
)

// A tokenSkip finds the end of a token, a byte at a time, in the tokenizer's states.
type tokenSkip struct {
	state  skipState
	quote  byte   // of a quoted attribute value
	dashes int    // in a comment, the "-" just before
	name   string // of the raw text element whose text is read: "script", "style"
	opens  string // of the raw text element the tag being read opens, or ""
	// matched counts the bytes of name matched after "</" (or, after "<!--<", before a
	// double escape).
	matched int
	// unread holds, when the token has ended, the bytes after it that step read: the "<" and
	// the byte after it that begin the next token, or a raw text element's end tag.
	unread []byte
}

// rawText sets s to read the text of the raw text element name.
func (s *tokenSkip) rawText(name string) {
	s.name = name
	switch name {
	case "script":
		s.state = skipScript
	case "plaintext":
		s.state = skipPlaintext
	default:
		s.state = skipRaw
	}
}

// isTagSpace reports whether c is white space to the tokenizer: space, tab, LF, CR, FF.
func isTagSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

// endsEndTag reports whether c ends the name of a raw text element's end tag (readRawEndTag).
func endsEndTag(c byte) bool { return isTagSpace(c) || c == '/' || c == '>' }

// nameByte reports whether c is byte i of name, in either case (readRawEndTag).
func nameByte(name string, i int, c byte) bool {
	return c == name[i] || c == name[i]-('a'-'A')
}

// step takes the next byte, and reports whether the token has ended.
func (s *tokenSkip) step(c byte) bool {
	for { // a case that ends with continue reads c again, in the new state
		switch s.state {
		case skipText:
			if c == '<' {
				s.state = skipTextLess
			}
		case skipTextLess:
			switch {
			case isASCIILetter(c) || c == '/' || c == '!' || c == '?':
				s.unread = []byte{'<', c}
				return true
			case c != '<':
				s.state = skipText
			}
		case skipTagName:
			switch {
			case isTagSpace(c):
				s.state = skipBeforeAttr
			case c == '/' || c == '>':
				s.state = skipBeforeAttr
				continue
			}
		case skipBeforeAttr:
			switch {
			case isTagSpace(c):
			case c == '>':
				if s.opens == "" {
					return true
				}
				s.rawText(s.opens) // skipped with the tag
				s.opens = ""
			default:
				s.state = skipKeyFirst
				continue
			}
		case skipKeyFirst, skipKey:
			first := s.state == skipKeyFirst
			s.state = skipKey
			if c == '=' && first {
				break
			}
			if c == '=' || isTagSpace(c) || c == '/' || c == '>' {
				s.state = skipAfterKey
				continue
			}
		case skipAfterKey:
			switch {
			case isTagSpace(c):
			case c == '/':
				s.state = skipBeforeAttr
			case c == '=':
				s.state = skipBeforeValue
			default:
				s.state = skipBeforeAttr
				continue
			}
		case skipBeforeValue:
			switch {
			case isTagSpace(c):
			case c == '>':
				s.state = skipBeforeAttr
				continue
			case c == '\'' || c == '"':
				s.state, s.quote = skipQuoted, c
			default:
				s.state = skipUnquoted
			}
		case skipQuoted:
			if c == s.quote {
				s.state = skipBeforeAttr
			}
		case skipUnquoted:
			switch {
			case isTagSpace(c):
				s.state = skipBeforeAttr
			case c == '>':
				s.state = skipBeforeAttr
				continue
			}
		case skipComment:
			switch {
			case c == '-':
				s.dashes++
				return false
			case c == '>' && s.dashes >= 2:
				return true
			case c == '!' && s.dashes >= 2:
				s.state = skipCommentBang
				return false
			}
			s.dashes = 0
		case skipCommentBang:
			s.state = skipComment
			switch c {
			case '>':
				return true
			case '-':
				s.dashes = 1
			default:
				s.dashes = 0
			}
		case skipBogus:
			return c == '>'
		case skipPlaintext:
		case skipRaw:
			if c == '<' {
				s.state = skipRawLess
			}
		case skipRawLess:
			if c == '/' {
				s.state, s.matched = skipRawEnd, 0
				break
			}
			s.state = skipRaw
			continue
		case skipRawEnd, skipScriptEnd, skipScriptEscapedEnd:
			// readRawEndTag: the name, then a byte that ends it; else that byte again, in
			// the state the end tag was looked for in.
			if s.matched < len(s.name) && nameByte(s.name, s.matched, c) {
				s.matched++
				break
			}
			if s.matched == len(s.name) && endsEndTag(c) {
				s.unread = append([]byte("</"+s.name), c)
				return true
			}
			switch s.state {
			case skipRawEnd:
				s.state = skipRaw
			case skipScriptEnd:
				s.state = skipScript
			default:
				s.state = skipScriptEscaped
			}
			continue
		case skipScript:
			if c == '<' {
				s.state = skipScriptLess
			}
		case skipScriptLess:
			switch c {
			case '/':
				s.state, s.matched = skipScriptEnd, 0
			case '!':
				s.state = skipScriptEscapeStart
			default:
				s.state = skipScript
				continue
			}
		case skipScriptEscapeStart, skipScriptEscapeStartDash:
			switch {
			case c != '-':
				s.state = skipScript
				continue
			case s.state == skipScriptEscapeStart:
				s.state = skipScriptEscapeStartDash
			default:
				s.state = skipScriptEscapedDashDash
			}
		case skipScriptEscaped, skipScriptEscapedDash:
			switch c {
			case '-':
				if s.state == skipScriptEscaped {
					s.state = skipScriptEscapedDash
				} else {
					s.state = skipScriptEscapedDashDash
				}
			case '<':
				s.state = skipScriptEscapedLess
			default:
				s.state = skipScriptEscaped
			}
		case skipScriptEscapedDashDash:
			switch c {
			case '-':
			case '<':
				s.state = skipScriptEscapedLess
			case '>':
				s.state = skipScript
			default:
				s.state = skipScriptEscaped
			}
		case skipScriptEscapedLess:
			switch {
			case c == '/':
				s.state, s.matched = skipScriptEscapedEnd, 0
			case isASCIILetter(c):
				s.state, s.matched = skipScriptDoubleEscapeStart, 0
				continue
			default:
				s.state = skipScript
				continue
			}
		case skipScriptDoubleEscapeStart:
			// "script" (each byte in lower or upper case), then a byte that ends it.
			if s.matched < len("script") {
				if c == "script"[s.matched] || c == "SCRIPT"[s.matched] {
					s.matched++
					break
				}
				s.state = skipScriptEscaped
				continue
			}
			if endsEndTag(c) {
				s.state = skipScriptDoubleEscaped
				break
			}
			s.state = skipScriptEscaped
			continue
		case skipScriptDoubleEscaped, skipScriptDoubleEscapedDash:
			switch c {
			case '-':
				if s.state == skipScriptDoubleEscaped {
					s.state = skipScriptDoubleEscapedDash
				} else {
					s.state = skipScriptDoubleEscapedDashDash
				}
			case '<':
				s.state = skipScriptDoubleEscapedLess
			default:
				s.state = skipScriptDoubleEscaped
			}
		case skipScriptDoubleEscapedDashDash:
			switch c {
			case '-':
			case '<':
				s.state = skipScriptDoubleEscapedLess
			case '>':
				s.state = skipScript
			default:
				s.state = skipScriptDoubleEscaped
			}
		case skipScriptDoubleEscapedLess:
			if c == '/' {
				s.state, s.matched = skipScriptDoubleEscapeEnd, 0
				break
			}
			s.state = skipScriptDoubleEscaped
			continue
		case skipScriptDoubleEscapeEnd:
			// An end tag "</script" ends the double escape, not the text.
			if s.matched < len(s.name) && nameByte(s.name, s.matched, c) {
				s.matched++
				break
			}
			if s.matched == len(s.name) && endsEndTag(c) {
				s.state = skipScriptEscaped
				break
			}
			s.state = skipScriptDoubleEscaped
			continue
		}
		return false
	}
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
