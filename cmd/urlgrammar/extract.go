package main

import (
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/source"
)

// extractResult is one line of "extract --json": the URL and where it was found.
type extractResult struct {
	URL string `json:"url"`
	*sourced
}

// runExtract is the extract command: it prints, one per line, the URLs its inputs hold: found
// in running text (the lines of its inputs), delimited as the documents recommend (see
// source.Extract), or read from the documents of --from. "compare --extract" and
// "compare --from" compare them.
func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("extract", "[--from text|html|warc|cdx|lines] [--resolve [-g ID]] [--json] [-f FILE | TEXT...]", stderr)
	in := addInputFlags(fs)
	sf := addSourceFlags(fs, "text")
	id := fs.String("g", "", "with --resolve, the version `ID` whose algorithm resolves (default rfc3986)")
	asJSON := fs.Bool("json", false, "print JSON Lines: url, and source (file, line, offset, record, element, attr, base)")
	texts, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	v := urlgrammar.RFC3986
	if *id != "" {
		if v, err = urlgrammar.Lookup(*id); err != nil {
			return fail(stderr, "extract", err)
		}
	}
	l, err := newSourceLoop("extract", in, sf, v, texts, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "extract", err)
	}
	return l.run(func(in input) (bool, error) {
		if *asJSON && in.src != nil && *in.src == (sourced{Where: in.src.Where}) { // as written: without reflection
			_, err := l.out.Write(append(source.URL{Text: in.text, Where: in.src.Where}.AppendJSON(l.out.AvailableBuffer()), '\n'))
			return true, err
		}
		if *asJSON {
			return true, encodeJSONLine(l.out, extractResult{URL: in.text, sourced: in.src})
		}
		l.out.WriteString(in.text) // an extracted URL holds no line break, so it is one line
		return true, l.out.WriteByte('\n')
	})
}
