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
	Parts    any           `json:"parts"`
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
	file := addInputFlag(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		return fail(stderr, "parse", err)
	}
	src, err := openInputs(*file, inputs, stdin)
	if err != nil {
		return fail(stderr, "parse", err)
	}
	defer src.Close()
	v := target.Version
	out := bufio.NewWriterSize(stdout, 64<<10)
	w := newJSONWriter(out)
	status := exitValid
	var writeErr error
	readErr := src.each(func(s string) bool {
		var u *urlgrammar.URL
		var err error
		if target.Rule == "" {
			u, err = urlgrammar.Parse(v, s)
		} else {
			u, err = urlgrammar.ParseRule(v, target.Rule, s, 0)
		}
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			writeErr = err
			return false
		}
		var r parseResult
		if se != nil {
			status = exitInvalid
			u = nil
			r.parseHead = parseHead{Input: s, Rule: se.Rule}
			r.Error = &parseErrJSON{Offset: se.Offset, Expected: se.Expected, Message: se.Reason()}
		} else {
			r = result(u)
		}
		r.InputBytes = inputBytes(s)
		if writeErr = w.writeResult(r, u); writeErr == nil {
			writeErr = writeFailed(out)
		}
		return writeErr == nil
	})
	return finish(stderr, "parse", out, writeErr, readErr, status)
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
			Parts:    parts(u.Parts()),
		},
	}
}

// parts is the JSON object of an RFC 1738 scheme's parts, or nil.
func parts(p urlgrammar.SchemeParts) any {
	type field = struct {
		Name  *string `json:"name"`
		Value *string `json:"value"`
	}
	switch p := p.(type) {
	case *urlgrammar.FTP:
		return struct {
			Scheme   string  `json:"scheme"`
			Path     *string `json:"path"`
			Typecode *string `json:"typecode"`
		}{"ftp", text(p.Path), text(p.Typecode)}
	case *urlgrammar.HTTP:
		return struct {
			Scheme string  `json:"scheme"`
			Path   *string `json:"path"`
			Search *string `json:"search"`
		}{"http", text(p.Path), text(p.Search)}
	case *urlgrammar.Gopher:
		return struct {
			Scheme       string  `json:"scheme"`
			Type         *string `json:"type"`
			Selector     *string `json:"selector"`
			Search       *string `json:"search"`
			GopherString *string `json:"gopher_string"`
		}{"gopher", text(p.Type), text(p.Selector), text(p.Search), text(p.GopherString)}
	case *urlgrammar.Mailto:
		return struct {
			Scheme  string  `json:"scheme"`
			Address *string `json:"address"`
		}{"mailto", text(p.Address)}
	case *urlgrammar.News:
		return struct {
			Scheme  string  `json:"scheme"`
			All     bool    `json:"all"`
			Group   *string `json:"group"`
			Article *string `json:"article"`
		}{"news", p.All, text(p.Group), text(p.Article)}
	case *urlgrammar.NNTP:
		return struct {
			Scheme  string  `json:"scheme"`
			Group   *string `json:"group"`
			Article *string `json:"article"`
		}{"nntp", text(p.Group), text(p.Article)}
	case *urlgrammar.Telnet:
		return struct {
			Scheme   string  `json:"scheme"`
			User     *string `json:"user"`
			Password *string `json:"password"`
			Host     *string `json:"host"`
			Port     *string `json:"port"`
		}{"telnet", text(p.User), text(p.Password), text(p.Host), text(p.Port)}
	case *urlgrammar.WAIS:
		return struct {
			Scheme   string  `json:"scheme"`
			Database *string `json:"database"`
			Search   *string `json:"search"`
			Type     *string `json:"type"`
			Path     *string `json:"path"`
		}{"wais", text(p.Database), text(p.Search), text(p.Type), text(p.Path)}
	case *urlgrammar.File:
		return struct {
			Scheme string  `json:"scheme"`
			Host   *string `json:"host"`
			Path   *string `json:"path"`
		}{"file", text(p.Host), text(p.Path)}
	case *urlgrammar.Prospero:
		fields := []field{}
		for _, f := range p.Fields {
			fields = append(fields, field{text(f.Name), text(f.Value)})
		}
		return struct {
			Scheme string  `json:"scheme"`
			Path   *string `json:"path"`
			Fields []field `json:"fields"`
		}{"prospero", text(p.Path), fields}
	}
	return nil
}
