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
	fs := newFlagSet("tree", "-g ID [-rule RULE] [-f FILE | INPUT...]", stderr)
	gf := addGrammarFlags(fs)
	file := addInputFlag(fs)
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	target, err := gf.target()
	if err != nil {
		return fail(stderr, "tree", err)
	}
	src, err := openInputs(*file, inputs, stdin)
	if err != nil {
		return fail(stderr, "tree", err)
	}
	defer src.Close()
	v := target.Version
	out := bufio.NewWriterSize(stdout, 64<<10)
	status := exitValid
	first := true
	var writeErr error
	readErr := src.each(func(s string) bool {
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
		writeErr = writeFailed(out)
		return writeErr == nil
	})
	return finish(stderr, "tree", out, writeErr, readErr, status)
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
