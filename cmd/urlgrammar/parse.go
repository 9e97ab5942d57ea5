package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
)

// A line of "parse" is the JSON of the URL (urlgrammar.URL.MarshalJSON: the input, the
// version and rule, the components as written, null when absent, and the parts), with "valid"
// and "error" added: for an invalid input, every component is null and "error" says why.
type parseErrJSON struct {
	Offset   int      `json:"offset"`
	Expected []string `json:"expected"`
	Message  string   `json:"message"`
}

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("parse", "-g ID [-rule RULE] [-f FILE | INPUT...]", stderr)
	target, l, status := targetLoop(fs, args, stdin, stdout, stderr)
	if l == nil {
		return status
	}
	v := target.Version
	return l.run(func(in input) (bool, error) {
		s := in.text
		u, err := urlgrammar.ParseRule(v, target.Rule, s, 0)
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			return false, err
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
