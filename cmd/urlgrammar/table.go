package main

import (
	"bufio"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/urlgrammar/urlgrammar"
)

// tableBlock is how many rows a notedTable aligns at a time.
const tableBlock = 1000

// A notedTable is a table whose cells may refer to numbered notes ("[3]"), as "resolve --all"
// and "equiv --all" print it. It is printed in blocks of tableBlock rows, each aligned on its
// own, headed by the header and followed by its notes, so that its memory stays bounded on an
// input of any length and the first rows come before the input ends.
type notedTable struct {
	w      *bufio.Writer
	header []string
	tw     *tabwriter.Writer
	rows   int
	notes  []string
	noted  int    // the notes numbered so far
	tail   string // what follows the last block (such as the versions left out), or ""
}

// newNotedTable returns the table of a row per input and a column per version: its header is
// first, then the versions.
func newNotedTable(w *bufio.Writer, versions []urlgrammar.Version, first ...string) *notedTable {
	t := &notedTable{w: w, header: first}
	for _, v := range versions {
		t.header = append(t.header, v.String())
	}
	return t
}

// note adds a note of the current block and returns its number.
func (t *notedTable) note(format string, args ...any) int {
	t.noted++
	t.notes = append(t.notes, fmt.Sprintf("[%d] ", t.noted)+fmt.Sprintf(format, args...))
	return t.noted
}

// row adds a row of cells.
func (t *notedTable) row(cells ...string) error {
	if t.tw == nil {
		if t.rows > 0 { // a block before this one
			t.w.WriteByte('\n')
		}
		t.tw = tabwriter.NewWriter(t.w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(t.tw, strings.Join(t.header, "\t"))
	}
	t.rows++
	_, err := fmt.Fprintln(t.tw, strings.Join(cells, "\t"))
	if err == nil && t.rows%tableBlock == 0 {
		err = t.flush()
	}
	return err
}

// end prints the last block, then the tail.
func (t *notedTable) end() error {
	err := t.flush()
	if t.tail != "" {
		fmt.Fprintf(t.w, "\n%s\n", t.tail)
	}
	return err
}

// flush prints the rows of the block and its notes.
func (t *notedTable) flush() error {
	if t.tw == nil {
		return nil
	}
	err := t.tw.Flush()
	t.tw = nil
	if len(t.notes) > 0 {
		fmt.Fprintf(t.w, "\n%s\n", strings.Join(t.notes, "\n"))
		t.notes = t.notes[:0]
	}
	return err
}
