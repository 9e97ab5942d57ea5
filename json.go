package urlgrammar

import (
	"encoding/base64"
	"encoding/json"
	"errors"
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
	b := make([]byte, 0, 256+3*len(u.Raw))
	b = append(b, `{"input":`...)
	b = appendJSONString(b, u.Raw)
	if !utf8.ValidString(u.Raw) {
		b = append(b, `,"input_bytes":"`...)
		b = base64.StdEncoding.AppendEncode(b, []byte(u.Raw))
		b = append(b, '"')
	}
	b = append(b, `,"version":`...)
	b = appendJSONString(b, u.Version.String())
	b = append(b, `,"rule":`...)
	b = appendJSONString(b, u.Rule)
	if u.mode()&CaseIgnoreScheme != 0 {
		b = append(b, `,"case_ignore_scheme":true`...)
	}
	a, path := u.Authority(), u.Path()
	b = appendComponent(b, "scheme", u.Scheme())
	b = appendComponent(b, "authority", a.Component)
	b = appendComponent(b, "userinfo", a.Userinfo)
	b = appendComponent(b, "user", a.User)
	b = appendComponent(b, "password", a.Password)
	b = appendComponent(b, "host", a.Host)
	b = appendKind(b, "host_kind", a.HostKind.String())
	b = appendComponent(b, "port", a.Port)
	b = appendComponent(b, "path", path.Component)
	b = appendKind(b, "path_kind", path.Kind.String())
	b = append(b, `,"segments":`...)
	n, withParams := 0, false
	for seg := range u.Segments() {
		b = append(b, sep(n, '['))
		b = appendJSONString(b, seg.Text)
		withParams = withParams || len(seg.Params) > 0
		n++
	}
	if n == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, ']')
	}
	if withParams {
		b = append(b, `,"segment_params":`...)
		n = 0
		for seg := range u.Segments() {
			b = append(b, sep(n, '['), '[')
			for i, p := range seg.Params {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendJSONString(b, p.Text)
			}
			b = append(b, ']')
			n++
		}
		b = append(b, ']')
	}
	b = appendComponent(b, "params", u.get(fParams))
	b = appendComponent(b, "query", u.Query())
	b = appendComponent(b, "fragment", u.Fragment())
	b = append(b, `,"parts":`...)
	n = 0
	for rule, c := range u.Parts() {
		b = append(b, sep(n, '['))
		b = append(b, `{"rule":`...)
		b = appendJSONString(b, rule)
		b = append(b, `,"text":`...)
		b = appendJSONString(b, c.Text)
		b = append(b, '}')
		n++
	}
	if n == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, ']')
	}
	return append(b, '}'), nil
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

// appendComponent appends `,"name":` and c's text as a JSON string, or null when c is absent.
func appendComponent(b []byte, name string, c Component) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	if !c.Present {
		return append(b, "null"...)
	}
	return appendJSONString(b, c.Text)
}

// appendKind appends `,"name":` and the ID of a kind, or null for none ("").
func appendKind(b []byte, name, id string) []byte {
	return appendComponent(b, name, Component{Present: id != "", Text: id})
}

// appendJSONString appends s as a JSON string, as encoding/json writes it but for "<", ">" and
// "&", which it leaves as they are (as json.Encoder.SetEscapeHTML(false) does): each byte of
// invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
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
	b = append(b, s[start:]...)
	return append(b, '"')
}
