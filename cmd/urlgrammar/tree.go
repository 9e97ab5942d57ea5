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
		rule := target.Rule
		if rule == "" {
			rule = v.RuleFor(s, 0)
		}
		nodes, err := urlgrammar.ParseTreeNodesRule(v, rule, s, 0)
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
		writeTree(out, nodes)
		writeErr = writeFailed(out)
		return writeErr == nil
	})
	return finish(stderr, "tree", out, writeErr, readErr, status)
}

// writeTree prints the tree as an outline: one line per node, its rule name and the text it
// matched (quoted), indented two spaces per level. The nodes come one at a time, so that a
// tree too large to hold is printed all the same.
func writeTree(w *bufio.Writer, nodes iter.Seq2[int, urlgrammar.Node]) {
	for depth, n := range nodes {
		for range depth {
			w.WriteString("  ")
		}
		w.WriteString(n.Rule)
		w.WriteByte(' ')
		w.Write(strconv.AppendQuote(w.AvailableBuffer(), n.Text))
		w.WriteByte('\n')
	}
}
