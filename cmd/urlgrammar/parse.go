package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"

	"github.com/urlgrammar/urlgrammar"
)

// parseResult is one line of "parse": the components of one input as written, null when
// absent.
type parseResult struct {
	Input string `json:"input"`
	// InputBytes is the input's exact bytes when it is not valid UTF-8 (see checkResult).
	InputBytes []byte   `json:"input_bytes,omitempty"`
	Valid      bool     `json:"valid"`
	Rule       string   `json:"rule"`
	Scheme     *string  `json:"scheme"`
	Authority  *string  `json:"authority"`
	Userinfo   *string  `json:"userinfo"`
	User       *string  `json:"user"`
	Password   *string  `json:"password"`
	Host       *string  `json:"host"`
	HostKind   *string  `json:"host_kind"`
	Port       *string  `json:"port"`
	Path       *string  `json:"path"`
	PathKind   *string  `json:"path_kind"`
	Segments   []string `json:"segments"`
	// SegmentParams holds, beside each segment, its ";" parameters where the grammar gives
	// segments parameters (RFC 2396, the 1997 draft); the segment's text includes them.
	SegmentParams [][]string    `json:"segment_params,omitempty"`
	Params        *string       `json:"params"`
	Query         *string       `json:"query"`
	Fragment      *string       `json:"fragment"`
	Parts         any           `json:"parts"`
	Error         *parseErrJSON `json:"error"`
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
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := exitValid
	var writeErr error
	readErr := src.each(func(s string) bool {
		var u *urlgrammar.URL
		var err error
		if target.Rule == "" {
			u, err = urlgrammar.Parse(v, s)
		} else {
			u, err = urlgrammar.ParseRule(v, target.Rule, s)
		}
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			writeErr = err
			return false
		}
		var r parseResult
		if se != nil {
			status = exitInvalid
			r = parseResult{Input: s, Rule: se.Rule, Error: &parseErrJSON{Offset: se.Offset, Expected: se.Expected, Message: se.Reason()}}
		} else {
			r = result(u)
		}
		r.InputBytes = inputBytes(s)
		if writeErr = enc.Encode(r); writeErr == nil {
			writeErr = writeFailed(out)
		}
		return writeErr == nil
	})
	return finish(stderr, "parse", out, writeErr, readErr, status)
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

func result(u *urlgrammar.URL) parseResult {
	a, path := u.Authority(), u.Path()
	r := parseResult{
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
		Params:    text(u.Params()),
		Query:     text(u.Query()),
		Fragment:  text(u.Fragment()),
		Parts:     parts(u.Parts()),
	}
	segs := u.Segments()
	if len(segs) > 0 {
		r.Segments = make([]string, 0, len(segs))
	}
	withParams := false
	for _, s := range segs {
		r.Segments = append(r.Segments, s.Text)
		withParams = withParams || len(s.Params) > 0
	}
	if withParams {
		r.SegmentParams = make([][]string, len(segs))
		for i, s := range segs {
			r.SegmentParams[i] = []string{}
			for _, p := range s.Params {
				r.SegmentParams[i] = append(r.SegmentParams[i], p.Text)
			}
		}
	}
	return r
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
