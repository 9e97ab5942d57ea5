package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

func runTree(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tree", "-g ID [-rule RULE] [INPUT...]", stderr)
	gf := addGrammarFlags(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar tree:", err)
		return exitUsage
	}
	v := target.Version
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := exitValid
	first := true
	var writeErr error
	err = readInputs(inputs, stdin, func(s string) bool {
		var root *urlgrammar.Node
		var err error
		if target.Rule == "" {
			root, err = urlgrammar.ParseTree(v, s)
		} else {
			root, err = urlgrammar.ParseTreeRule(v, target.Rule, s)
		}
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			writeErr = err
			return false
		}
		if !first {
			out.WriteString("\n") // a blank line between the trees of several inputs
		}
		first = false
		if se != nil {
			status = exitInvalid
			_, writeErr = fmt.Fprintf(out, "invalid\t%d\t%s\n", se.Offset, se.Reason())
			explain(out, se)
			return writeErr == nil
		}
		writeTree(out, root)
		return true
	})
	if err == nil {
		err = writeErr
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintln(stderr, "urlgrammar tree:", err)
		return exitUsage
	}
	return status
}

// writeTree prints the tree as an outline: one line per node, its rule name and the text it
// matched (quoted), indented two spaces per level.
func writeTree(w *bufio.Writer, root *urlgrammar.Node) {
	depth := 0
	urlgrammar.Inspect(root, func(n *urlgrammar.Node) bool {
		if n == nil {
			depth--
			return false
		}
		w.WriteString(strings.Repeat("  ", depth))
		w.WriteString(n.Rule)
		w.WriteByte(' ')
		w.WriteString(strconv.Quote(n.Text))
		w.WriteByte('\n')
		depth++
		return true
	})
}
