package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/urlgrammar/urlgrammar"
)

// parseResult is one line of "parse": the components of one input as written, null when
// absent. Between PathKind and Params the line has "segments" (null when the path has none)
// and, where the grammar gives segments parameters (RFC 2396, the 1997 draft) and some
// segment has them, "segment_params": beside each segment, its ";" parameters (the segment's
// text includes them). writeResult writes those two from the URL as it goes, for a path of
// millions of segments.
type parseResult struct {
	parseHead
	parseTail
}

// parseHead is the part of a parseResult before the segments.
type parseHead struct {
	Input string `json:"-"` // first on the line, written by writeResult without a copy
	// InputBytes is the input's exact bytes when it is not valid UTF-8 (see checkResult).
	InputBytes []byte  `json:"input_bytes,omitempty"`
	Valid      bool    `json:"valid"`
	Rule       string  `json:"rule"`
	Scheme     *string `json:"scheme"`
	Authority  *string `json:"authority"`
	Userinfo   *string `json:"userinfo"`
	User       *string `json:"user"`
	Password   *string `json:"password"`
	Host       *string `json:"host"`
	HostKind   *string `json:"host_kind"`
	Port       *string `json:"port"`
	Path       *string `json:"path"`
	PathKind   *string `json:"path_kind"`
}

// parseTail is the part of a parseResult after the segments.
type parseTail struct {
	Params   *string       `json:"params"`
	Query    *string       `json:"query"`
	Fragment *string       `json:"fragment"`
	Parts    []partJSON    `json:"parts"`
	Error    *parseErrJSON `json:"error"`
}

type parseErrJSON struct {
	Offset   int      `json:"offset"`
	Expected []string `json:"expected"`
	Message  string   `json:"message"`
}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", "-g ID [-rule RULE] [-f FILE | INPUT...]", stderr)
	gf := addGrammarFlags(fs)
	in := addInputFlags(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		return fail(stderr, "parse", err)
	}
	l, err := newLoop("parse", in, inputs, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "parse", err)
	}
	v := target.Version
	w := newJSONWriter(l.out)
	return l.run(func(in input) (bool, error) {
		s := in.text
		var u *urlgrammar.URL
		var err error
		if target.Rule == "" {
			u, err = urlgrammar.Parse(v, s)
		} else {
			u, err = urlgrammar.ParseRule(v, target.Rule, s, 0)
		}
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			return false, err
		}
		var r parseResult
		if se != nil {
			u = nil
			r.parseHead = parseHead{Input: s, Rule: se.Rule}
			r.Error = &parseErrJSON{Offset: se.Offset, Expected: se.Expected, Message: se.Reason()}
		} else {
			r = result(u)
		}
		r.InputBytes = inputBytes(s)
		return se == nil, w.writeResult(r, u)
	})
}

// A jsonWriter writes JSON values to out as encoding/json writes them, HTML characters
// unescaped.
type jsonWriter struct {
	out *bufio.Writer
	buf bytes.Buffer
	enc *json.Encoder // writes to buf
}

func newJSONWriter(out *bufio.Writer) *jsonWriter {
	w := &jsonWriter{out: out}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w
}

// encode returns the encoding of v, without the newline that Encoder.Encode ends it with;
// it stands until the next call.
func (w *jsonWriter) encode(v any) ([]byte, error) {
	w.buf.Reset()
	if err := w.enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(w.buf.Bytes(), []byte("\n")), nil
}

// writeString writes s as a JSON string.
func (w *jsonWriter) writeString(s string) error {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			b, err := w.encode(s)
			w.out.Write(b)
			return err
		}
	}
	w.out.WriteByte('"')
	w.out.WriteString(s)
	w.out.WriteByte('"')
	return nil
}

// sep is first before the first item of a list (i == 0), and then between items.
func sep(i int, first, between byte) byte {
	if i == 0 {
		return first
	}
	return between
}

// writeResult writes r as one line of JSON, with the segments of u (nil for an invalid
// input) taken from its iterator one at a time: the line's memory is the input's and the
// URL's, not a string and a Segment per segment besides.
func (w *jsonWriter) writeResult(r parseResult, u *urlgrammar.URL) error {
	w.out.WriteString(`{"input":`)
	if err := w.writeString(r.Input); err != nil {
		return err
	}
	head, err := w.encode(r.parseHead)
	if err != nil {
		return err
	}
	w.out.WriteByte(',')
	w.out.Write(head[1 : len(head)-1]) // without its braces
	w.out.WriteString(`,"segments":`)
	n, withParams := 0, false
	if u != nil {
		for seg := range u.AllSegments() {
			w.out.WriteByte(sep(n, '[', ','))
			if err := w.writeString(seg.Text); err != nil {
				return err
			}
			withParams = withParams || len(seg.Params) > 0
			n++
		}
	}
	if n == 0 {
		w.out.WriteString("null")
	} else {
		w.out.WriteByte(']')
	}
	if withParams {
		w.out.WriteString(`,"segment_params":`)
		n = 0
		for seg := range u.AllSegments() {
			w.out.WriteByte(sep(n, '[', ','))
			w.out.WriteByte('[')
			for i, p := range seg.Params {
				if i > 0 {
					w.out.WriteByte(',')
				}
				if err := w.writeString(p.Text); err != nil {
					return err
				}
			}
			w.out.WriteByte(']')
			n++
		}
		w.out.WriteByte(']')
	}
	tail, err := w.encode(r.parseTail)
	if err != nil {
		return err
	}
	w.out.WriteByte(',')
	w.out.Write(tail[1:]) // without its "{"
	w.out.WriteByte('\n')
	return nil
}

// text is the JSON value of a component: its text as written, or null when it is absent.
func text(c urlgrammar.Component) *string {
	if !c.Present {
		return nil
	}
	return &c.Text
}

// name is the JSON value of a kind: its name, or null for none.
func name(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// result is the parseResult of u, but for its segments, which writeResult writes.
func result(u *urlgrammar.URL) parseResult {
	a, path := u.Authority(), u.Path()
	return parseResult{
		parseHead{
			Input:     u.Raw,
			Valid:     true,
			Rule:      u.Rule,
			Scheme:    text(u.Scheme()),
			Authority: text(a.Component),
			Userinfo:  text(a.Userinfo),
			User:      text(a.User),
			Password:  text(a.Password),
			Host:      text(a.Host),
			HostKind:  name(a.HostKind.String()),
			Port:      text(a.Port),
			Path:      text(path.Component),
			PathKind:  name(path.Kind.String()),
		},
		parseTail{
			Params:   text(u.Params()),
			Query:    text(u.Query()),
			Fragment: text(u.Fragment()),
			Parts:    parts(u),
		},
	}
}

// A partJSON is one part of a URL: the rule that matched it, and its text.
type partJSON struct {
	Rule string `json:"rule"`
	Text string `json:"text"`
}

// parts is the JSON list of u's parts (URL.Parts), or nil when it has none.
func parts(u *urlgrammar.URL) []partJSON {
	var ps []partJSON
	for rule, c := range u.Parts() {
		ps = append(ps, partJSON{rule, c.Text})
	}
	return ps
}
