package main

import (
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// runCharsets prints, per component and version, which printable ASCII characters may stand
// unescaped in the component (compare.ProbeCharset), or with --diff only the characters
// whose status differs between the versions.
func runCharsets(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("charsets", "[-g ID,ID,...] [--diff] [--format table|tsv|json]", stderr)
	ids := fs.String("g", "", "comma-separated version `IDs` (default: all)")
	diff := fs.Bool("diff", false, "show only the characters whose status differs between the versions")
	format := fs.String("format", "table", "output `format`: table, tsv or json")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "charsets", err) }
	if len(rest) > 0 {
		return abort(fmt.Errorf("no arguments expected, got %q", rest))
	}
	write, ok := charsetWriters[*format]
	if !ok {
		return abort(fmt.Errorf("unknown format %q (table, tsv or json)", *format))
	}
	vs, err := compare.ParseVersions(*ids)
	if err != nil {
		return abort(err)
	}
	if vs == nil {
		vs = urlgrammar.Versions()
	}
	if *diff && len(vs) < 2 {
		return abort(fmt.Errorf("--diff needs at least two versions"))
	}
	t, err := compare.ProbeCharsets(vs...)
	if err != nil {
		return abort(err)
	}
	if err := write(t, stdout, *diff); err != nil {
		return abort(err)
	}
	return exitValid
}

var charsetWriters = map[string]func(t *compare.CharsetTable, w io.Writer, diff bool) error{
	"table": (*compare.CharsetTable).WriteText,
	"tsv":   (*compare.CharsetTable).WriteTSV,
	"json":  (*compare.CharsetTable).WriteJSON,
}
