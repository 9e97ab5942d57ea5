package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"

	"github.com/urlgrammar/urlgrammar"
)

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tree", "-g ID [-rule RULE] [--format text|json] [-f FILE | INPUT...]", stderr)
	format := addFormatFlag(fs, "text", "json")
	target, l, status := targetLoop(fs, args, stdin, stdout, stderr)
	if l == nil {
		return status
	}
	sep := "" // then a blank line between the trees of several inputs
	return l.run(func(in input) (bool, error) {
		root, err := urlgrammar.ParseTreeRule(target.Version, target.Rule, in.text, 0)
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			return false, err
		}
		if format.name == "json" {
			return se == nil, writeTreeJSON(l.out, in.text, root, se)
		}
		l.out.WriteString(sep)
		sep = "\n"
		if se != nil {
			fmt.Fprintf(l.out, "invalid\t%d\t%s\n", se.Offset, se.Reason())
			explain(l.out, se)
			return false, nil
		}
		writeTree(l.out, urlgrammar.Preorder(root))
		return true, nil
	})
}

// writeTree prints the tree as an outline: one line per node, its rule name and the text it
// matched (quoted), indented two spaces per level. The nodes come one at a time, so that a tree
// too large to hold is printed all the same; a text (a root's is the line) is quoted 4 KiB at a
// time, cut before a byte that may continue a UTF-8 sequence, as strconv.Quote quotes it whole.
func writeTree(w *bufio.Writer, nodes iter.Seq2[int, urlgrammar.Node]) {
	for depth, node := range nodes {
		for range depth {
			w.WriteString("  ")
		}
		w.WriteString(node.Rule)
		w.WriteString(` "`)
		for s, n := node.Text, 0; len(s) > 0; s = s[n:] {
			for n = min(len(s), 4096); n < len(s) && n > 4093 && s[n]&0xc0 == 0x80; n-- {
			}
			q := strconv.AppendQuote(w.AvailableBuffer(), s[:n])
			w.Write(q[1 : len(q)-1])
		}
		w.WriteString("\"\n")
	}
}

// writeTreeJSON writes the line of "tree --format json": {"input", "valid", "nodes"}, the
// nodes in preorder, each {"depth", "rule", "begin", "end"} (its text is the input's bytes
// from begin to end); or for an invalid input {"input", "valid", "offset", "expected",
// "message"}. The nodes are written as they come, so that the tree of a long input is never
// held whole.
func writeTreeJSON(w *bufio.Writer, s string, root urlgrammar.Node, se *urlgrammar.SyntaxError) error {
	if se != nil {
		return encodeJSONLine(w, struct {
			Input      string   `json:"input"`
			InputBytes []byte   `json:"input_bytes,omitempty"` // as check's
			Valid      bool     `json:"valid"`
			Offset     int      `json:"offset"`
			Expected   []string `json:"expected"`
			Message    string   `json:"message"`
		}{s, inputBytes(s), false, se.Offset, se.Expected, se.Reason()})
	}
	w.WriteString(`{"input":`)
	encodeJSONLine(&withoutLast{w: w}, s) // the string, less its line's end
	if b := inputBytes(s); b != nil {
		w.WriteString(`,"input_bytes":`)
		encodeJSONLine(&withoutLast{w: w}, b)
	}
	w.WriteString(`,"valid":true,"nodes":[`)
	sep := ""
	for depth, n := range urlgrammar.Preorder(root) {
		fmt.Fprintf(w, `%s{"depth":%d,"rule":%q,"begin":%d,"end":%d}`, sep, depth, n.Rule, n.Begin, n.End)
		sep = ","
	}
	_, err := w.WriteString("]}\n")
	return err
}
