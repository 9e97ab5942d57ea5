package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urlgrammar/urlgrammar/compare"
)

// Every command that prints results takes --format, with one name per meaning in every
// command: text, for people (the default, but for parse, whose results are typed components
// as JSON); json, JSON Lines, one object per result, of one schema per command (the README
// gives each); tsv, a header row, then a row per result, each field escaped as
// compare.TSVField escapes it; and compare's markdown and html. A format a command does not
// print is refused with the ones it does.

// A formatFlag is the value of --format: one of the names of the formats a command prints.
type formatFlag struct {
	cmd   string
	names []string
	name  string
}

// addFormatFlag adds --format to fs: names are the formats the command prints, its default
// first.
func addFormatFlag(fs *flag.FlagSet, names ...string) *formatFlag {
	f := &formatFlag{cmd: fs.Name(), names: names, name: names[0]}
	fs.Var(f, "format", "print the results as `FORMAT`: "+orList(names))
	return f
}

func (f *formatFlag) String() string { return f.name }

func (f *formatFlag) Set(s string) error {
	if !slices.Contains(f.names, s) {
		return fmt.Errorf("%s prints %s", f.cmd, orList(f.names))
	}
	f.name = s
	return nil
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " or " + words[n-1]
	}
	return strings.Join(words, "")
}

// writeTSV writes fields as one row of TSV, each escaped (compare.TSVField) so that it stays
// one field.
func writeTSV(w *bufio.Writer, fields ...string) error {
	for i, f := range fields {
		if i > 0 {
			w.WriteByte('\t')
		}
		w.WriteString(compare.TSVField(f))
	}
	return w.WriteByte('\n')
}

// plural is n and the noun, in the plural unless n is 1: "1 input", "2 inputs".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// newOut is the buffered standard output of a command that reads no inputs.
func newOut(stdout io.Writer) *bufio.Writer { return bufio.NewWriterSize(stdout, 64<<10) }

// flushOut writes what out holds and returns the exit status: 0, or 2 when standard output
// cannot be written.
func flushOut(out *bufio.Writer, stderr io.Writer, cmd string) int {
	if err := out.Flush(); err != nil {
		return fail(stderr, cmd, err)
	}
	return exitValid
}
