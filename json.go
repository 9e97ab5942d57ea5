package urlgrammar

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"
)

// This file holds a URL's JSON form, the one that "urlgrammar parse" prints.

// MarshalJSON returns the URL as a JSON object: "input", the input as written (and, when it is
// not valid UTF-8, "input_bytes", its bytes in base64, since a JSON string cannot hold them);
// "version" and "rule", what it was held to; "case_ignore_scheme": true when it was read so;
// then its components as written, null when absent: "scheme", "authority", "userinfo", "user",
// "password", "host", "host_kind", "port", "path", "path_kind", "segments" (a list, null when
// the path has none), "segment_params" (beside each segment its parameters, only where some
// segment has them), "params", "query", "fragment", and "parts" (a list of {"rule", "text"},
// null when it has none). UnmarshalJSON reads it back.
func (u *URL) MarshalJSON() ([]byte, error) {
	j := jsonWriter{b: make([]byte, 0, 256+3*len(u.Raw))}
	u.encodeJSON(&j)
	return j.b, nil
}

// WriteJSON writes MarshalJSON's JSON of the URL to w as it goes, holding a few kilobytes of
// it at a time rather than the whole, whose segments and parts repeat the input: for a URL
// read from a long input. It returns the first error of w.
func (u *URL) WriteJSON(w io.Writer) error {
	j := jsonWriter{b: make([]byte, 0, 2*jsonChunk), w: w}
	u.encodeJSON(&j)
	j.flush()
	return j.err
}

// encodeJSON writes the JSON of MarshalJSON to j: the one definition of its members.
func (u *URL) encodeJSON(j *jsonWriter) {
	j.raw(`{"input":`)
	j.str(u.Raw)
	if !utf8.ValidString(u.Raw) {
		j.raw(`,"input_bytes":"`)
		j.base64(u.Raw)
		j.raw(`"`)
	}
	j.raw(`,"version":`)
	j.str(u.Version.String())
	j.raw(`,"rule":`)
	j.str(u.Rule)
	if u.mode()&CaseIgnoreScheme != 0 {
		j.raw(`,"case_ignore_scheme":true`)
	}
	a, path := u.Authority(), u.Path()
	j.component("scheme", u.Scheme())
	j.component("authority", a.Component)
	j.component("userinfo", a.Userinfo)
	j.component("user", a.User)
	j.component("password", a.Password)
	j.component("host", a.Host)
	j.kind("host_kind", a.HostKind.String())
	j.component("port", a.Port)
	j.component("path", path.Component)
	j.kind("path_kind", path.Kind.String())
	u.encodeSegments(j)
	j.component("params", u.get(fParams))
	j.component("query", u.Query())
	j.component("fragment", u.Fragment())
	j.raw(`,"parts":`)
	n := 0
	for rule, c := range u.Parts() {
		j.b = append(j.b, sep(n, '['))
		j.raw(`{"rule":`)
		j.str(rule)
		j.raw(`,"text":`)
		j.str(c.Text)
		j.b = append(j.b, '}')
		n++
	}
	j.endList(n)
	j.b = append(j.b, '}')
}

// encodeSegments writes the "segments" of MarshalJSON's JSON to j, and the "segment_params"
// where some segment has parameters.
func (u *URL) encodeSegments(j *jsonWriter) {
	j.raw(`,"segments":`)
	n, withParams := 0, false
	for seg := range u.Segments() {
		j.b = append(j.b, sep(n, '['))
		j.str(seg.Text)
		withParams = withParams || len(seg.Params) > 0
		n++
	}
	j.endList(n)
	if !withParams {
		return
	}
	j.raw(`,"segment_params":`)
	n = 0
	for seg := range u.Segments() {
		j.b = append(j.b, sep(n, '['), '[')
		for i, p := range seg.Params {
			if i > 0 {
				j.b = append(j.b, ',')
			}
			j.str(p.Text)
		}
		j.b = append(j.b, ']')
		n++
	}
	j.b = append(j.b, ']')
}

// jsonChunk is about how much JSON a jsonWriter with a Writer holds before it writes it.
const jsonChunk = 4096

// A jsonWriter is JSON being written: all of it in b (MarshalJSON), or, with w set, at most
// about jsonChunk bytes of it at a time, b written to w as it fills (WriteJSON). err is the
// first error of w; once it is set, nothing more is written.
type jsonWriter struct {
	b   []byte
	w   io.Writer
	err error
}

// flush writes b to w and empties it.
func (j *jsonWriter) flush() {
	if j.err == nil && len(j.b) > 0 {
		_, j.err = j.w.Write(j.b)
	}
	j.b = j.b[:0]
}

// full flushes b when j has a Writer and b holds jsonChunk bytes or more.
func (j *jsonWriter) full() {
	if j.w != nil && len(j.b) >= jsonChunk {
		j.flush()
	}
}

// raw writes s as it is.
func (j *jsonWriter) raw(s string) {
	j.b = append(j.b, s...)
	j.full()
}

// str writes s as a JSON string (appendJSONString), a piece of at most jsonChunk bytes of s at
// a time when j has a Writer. Pieces are cut before a byte that cannot continue a UTF-8
// sequence begun before it, so each piece is escaped as it would be within the whole.
func (j *jsonWriter) str(s string) {
	if j.w == nil || len(s) <= jsonChunk {
		j.b = appendJSONString(j.b, s)
		j.full()
		return
	}
	j.b = append(j.b, '"')
	for len(s) > 0 {
		n := min(len(s), jsonChunk)
		// A UTF-8 sequence has at most three continuation bytes (10xxxxxx): back up over at
		// most three to the byte that begins one; a fourth cannot belong to a sequence.
		for k := 0; k < utf8.UTFMax-1 && n < len(s) && n > 1 && s[n]&0xc0 == 0x80; k++ {
			n--
		}
		j.b = appendJSONChars(j.b, s[:n])
		s = s[n:]
		j.full()
	}
	j.b = append(j.b, '"')
	j.full()
}

// base64 writes the bytes of s in standard base64, a piece at a time; each piece but the last
// is a multiple of three bytes, so the pieces encode as the whole does.
func (j *jsonWriter) base64(s string) {
	for len(s) > 0 {
		n := len(s)
		if j.w != nil {
			n = min(n, jsonChunk/3*3)
		}
		j.b = base64.StdEncoding.AppendEncode(j.b, []byte(s[:n]))
		s = s[n:]
		j.full()
	}
}

// component writes `,"name":` and c's text as a JSON string, or null when c is absent.
func (j *jsonWriter) component(name string, c Component) {
	j.b = append(j.b, ',', '"')
	j.b = append(j.b, name...)
	j.b = append(j.b, '"', ':')
	if !c.Present {
		j.raw("null")
		return
	}
	j.str(c.Text)
}

// kind writes `,"name":` and the ID of a kind, or null for none ("").
func (j *jsonWriter) kind(name, id string) {
	j.component(name, Component{Present: id != "", Text: id})
}

// endList ends a list of n items, begun by sep: null when there were none.
func (j *jsonWriter) endList(n int) {
	if n == 0 {
		j.raw("null")
	} else {
		j.raw("]")
	}
}

// urlJSON is what UnmarshalJSON reads of a URL's JSON: what it was held to, not its
// components, which it takes from reading the input again.
type urlJSON struct {
	Input            string  `json:"input"`
	InputBytes       []byte  `json:"input_bytes"`
	Version          Version `json:"version"`
	Rule             string  `json:"rule"`
	CaseIgnoreScheme bool    `json:"case_ignore_scheme"`
}

// UnmarshalJSON sets u to the URL that MarshalJSON wrote: it parses the input again under the
// version and rule it names (ParseRule), so that the components are the grammar's, and it
// returns ParseRule's error for an input that is not valid there. The components written in
// the JSON are not read.
func (u *URL) UnmarshalJSON(data []byte) error {
	var j urlJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Version == 0 {
		return errors.New(`urlgrammar: the JSON of a URL names no "version"`)
	}
	input := j.Input
	if j.InputBytes != nil {
		input = string(j.InputBytes)
	}
	var mode Mode
	if j.CaseIgnoreScheme {
		mode = CaseIgnoreScheme
	}
	p, err := ParseRule(j.Version, j.Rule, input, mode)
	if err != nil {
		return err
	}
	u.Version, u.Rule, u.Raw, u.c = p.Version, p.Rule, p.Raw, p.c
	u.more.Store(nil)
	return nil
}

// sep is first before the first item of a list (i == 0), and "," between items.
func sep(i int, first byte) byte {
	if i == 0 {
		return first
	}
	return ','
}

// appendJSONString appends s as a JSON string, as encoding/json writes it but for "<", ">" and
// "&", which it leaves as they are (as json.Encoder.SetEscapeHTML(false) does): each byte of
// invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendJSONChars(b, s)
	return append(b, '"')
}

// appendJSONChars appends s escaped as within a JSON string (appendJSONString), without the
// quotes.
func appendJSONChars(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			switch r {
			case utf8.RuneError:
				b = append(b, `\ufffd`...)
			default:
				b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}
