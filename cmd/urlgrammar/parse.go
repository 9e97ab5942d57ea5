package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// A line of "parse" is the JSON of the URL (urlgrammar.URL.MarshalJSON: the input, the
// version and rule, the components as written, null when absent, and the parts), with "valid"
// and "error" added: for an invalid input, every component is null and "error" says why.
type parseErrJSON struct {
	Offset   int      `json:"offset"`
	Expected []string `json:"expected"`
	Message  string   `json:"message"`
}

// parseColumns are the columns of parse's TSV: the input, its verdict, its components as
// written (empty when absent: the JSON tells absent from empty), and where and why it is
// invalid.
var parseColumns = []string{"input", "valid", "scheme", "userinfo", "host", "host_kind", "port", "path", "query", "fragment", "offset", "message"}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", "-g ID [-rule RULE] [--format json|text|tsv] [-f FILE | INPUT...]", stderr)
	format := addFormatFlag(fs, "json", "text", "tsv")
	target, l, status := targetLoop(fs, args, stdin, stdout, stderr)
	if l == nil {
		return status
	}
	v := target.Version
	if format.name == "tsv" {
		writeTSV(l.out, parseColumns...)
	}
	sep := "" // in text, a blank line between the components of several inputs
	return l.run(func(in input) (bool, error) {
		s := in.text
		u, err := urlgrammar.ParseRule(v, target.Rule, s, 0)
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			return false, err
		}
		switch format.name {
		case "tsv":
			return se == nil, writeTSV(l.out, parseRow(u, s, se)...)
		case "text":
			l.out.WriteString(sep)
			sep = "\n"
			return se == nil, writeComponents(l.out, u, s, se)
		}
		var errJSON any // the line's "error"
		if se != nil {
			// The URL's JSON with no components: every one null.
			u = &urlgrammar.URL{Version: v, Rule: se.Rule, Raw: s}
			errJSON = &parseErrJSON{Offset: se.Offset, Expected: se.Expected, Message: se.Reason()}
		}
		return se == nil, writeParseLine(l.out, u, se == nil, errJSON)
	})
}

// parseRow is the TSV row of the input s: its components (u), or where and why it is invalid
// (se).
func parseRow(u *urlgrammar.URL, s string, se *urlgrammar.SyntaxError) []string {
	if se != nil {
		return []string{s, "false", "", "", "", "", "", "", "", "", strconv.Itoa(se.Offset), se.Reason()}
	}
	a := u.Authority()
	return []string{s, "true", u.Scheme().Text, a.Userinfo.Text, a.Host.Text, a.HostKind.String(), a.Port.Text,
		u.Path().Text, u.Query().Text, u.Fragment().Text, "", ""}
}

// writeComponents writes the components of s for a person: the input, then each component
// present and each part of RFC 1738's schemes, by name, one a line; or for an invalid input
// check's line and a caret under the byte where it leaves the grammar.
func writeComponents(w *bufio.Writer, u *urlgrammar.URL, s string, se *urlgrammar.SyntaxError) error {
	if se != nil {
		fmt.Fprintf(w, "invalid\t%d\t%s\n", se.Offset, se.Reason())
		explain(w, se)
		return nil
	}
	fmt.Fprintf(w, "%s\n", compare.Quote(s))
	a, path := u.Authority(), u.Path()
	for _, c := range []struct {
		name string
		c    urlgrammar.Component
		kind string
	}{
		{"scheme", u.Scheme(), ""}, {"userinfo", a.Userinfo, ""}, {"user", a.User, ""}, {"password", a.Password, ""}, {"host", a.Host, a.HostKind.String()},
		{"port", a.Port, ""}, {"path", path.Component, path.Kind.String()}, {"query", u.Query(), ""}, {"fragment", u.Fragment(), ""},
	} {
		if c.c.Present {
			fmt.Fprintf(w, "  %-10s %s", c.name, compare.Quote(c.c.Text))
			if c.kind != "" {
				fmt.Fprintf(w, " (%s)", c.kind)
			}
			w.WriteByte('\n')
		}
	}
	for rule, c := range u.Parts() {
		fmt.Fprintf(w, "  %-10s %s\n", rule, compare.Quote(c.Text))
	}
	_, err := w.Write(nil)
	return err
}

// writeParseLine writes the JSON of u with "valid" and "error" (errJSON, or null) added, as
// one line. The URL's JSON is written as it is made (URL.WriteJSON), less its closing "}":
// on a long input it is several times the input's size.
func writeParseLine(out *bufio.Writer, u *urlgrammar.URL, valid bool, errJSON any) error {
	open := &withoutLast{w: out}
	if err := u.WriteJSON(open); err != nil {
		return err
	}
	fmt.Fprintf(out, `,"valid":%t,"error":`, valid)
	var e bytes.Buffer
	if err := encodeJSONLine(&e, errJSON); err != nil {
		return err
	}
	out.Write(bytes.TrimSuffix(e.Bytes(), []byte("\n")))
	_, err := out.WriteString("}\n")
	return err
}

// withoutLast writes to w all it is given but the last byte, which it holds back: the "}"
// that closes a JSON object, so that members can be added after it.
type withoutLast struct {
	w    *bufio.Writer
	last []byte // the byte held back, or none
}

func (o *withoutLast) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if len(o.last) > 0 {
		if _, err := o.w.Write(o.last); err != nil {
			return 0, err
		}
	}
	if _, err := o.w.Write(p[:len(p)-1]); err != nil {
		return 0, err
	}
	o.last = append(o.last[:0], p[len(p)-1])
	return len(p), nil
}
