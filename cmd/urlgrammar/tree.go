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
	target, l, status := targetLoop(fs, args, stdin, stdout, stderr)
	if l == nil {
		return status
	}
	v := target.Version
	first := true
	return l.run(func(in input) (bool, error) {
		rule := target.Rule
		if rule == "" {
			rule = v.RuleFor(in.text, 0)
		}
		nodes, err := urlgrammar.ParseTreeNodesRule(v, rule, in.text, 0)
		var se *urlgrammar.SyntaxError
		if err != nil && !errors.As(err, &se) {
			return false, err
		}
		if !first {
			l.out.WriteString("\n") // a blank line between the trees of several inputs
		}
		first = false
		if se != nil {
			fmt.Fprintf(l.out, "invalid\t%d\t%s\n", se.Offset, se.Reason())
			explain(l.out, se)
			return false, nil
		}
		writeTree(l.out, nodes)
		return true, nil
	})
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
