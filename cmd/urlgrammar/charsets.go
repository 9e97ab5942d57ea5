package main

import (
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
)

// runCharsets prints, per component and version, which printable ASCII characters may stand
// unescaped in the component (charset.Of), or with --diff only those whose status differs.
func runCharsets(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("charsets", "[-g ID,ID,...] [--diff] [--format text|tsv|json]", stderr)
	ids := fs.String("g", "", "comma-separated version `IDs` (default: all)")
	diff := fs.Bool("diff", false, "show only the characters whose status differs between the versions")
	format := addFormatFlag(fs, "text", "tsv", "json")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "charsets", err) }
	if len(rest) > 0 {
		return abort(fmt.Errorf("no arguments expected, got %q", rest))
	}
	write := charsetWriters[format.name]
	vs, err := versionsFlag("charsets", *ids, true, stderr)
	if err != nil {
		return abort(err)
	}
	if vs == nil {
		vs = urlgrammar.Versions()
	}
	if *diff && len(vs) < 2 {
		return abort(fmt.Errorf("--diff needs at least two versions"))
	}
	t, err := charset.NewTable(vs...)
	if err != nil {
		return abort(err)
	}
	if err := write(t, stdout, *diff); err != nil {
		return abort(err)
	}
	return exitValid
}

var charsetWriters = map[string]func(t *charset.Table, w io.Writer, diff bool) error{
	"text": (*charset.Table).WriteText,
	"tsv":  (*charset.Table).WriteTSV,
	"json": (*charset.Table).WriteJSON,
}
