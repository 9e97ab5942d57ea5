package main

import (
	"io"
	"strconv"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/source"
)

// extractResult is one line of "extract --format json": the URL and where it was found.
type extractResult struct {
	URL string `json:"url"`
	*sourced
}

// extractColumns are the columns of extract's TSV: the URL, the reference as written when
// --resolve resolved it (and by which version, or why not), and where it was found, as the
// JSON's "source" has it (each column empty where the format has none).
var extractColumns = []string{"url", "ref", "resolved_by", "unresolved", "file", "line", "offset", "gzip_member", "record", "type", "element", "attr", "base"}

// runExtract is the extract command: it prints, one per line, the URLs its inputs hold: found
// in running text (the lines of its inputs), delimited as the documents recommend (see
// source.Extract), or read from the documents of --from. "compare --extract" and
// "compare --from" compare them.
func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("extract", "[--from text|html|warc|cdx|lines] [--resolve [-g ID]] [--format text|json|tsv] [-f FILE | TEXT...]", stderr)
	in := addInputFlags(fs)
	sf := addSourceFlags(fs, "text")
	id := fs.String("g", "", "with --resolve, the version `ID` whose algorithm resolves (default rfc3986)")
	format := addFormatFlag(fs, "text", "json", "tsv")
	texts, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	v := urlgrammar.RFC3986
	if *id != "" {
		vs, err := versionsFlag("extract", *id, false, stderr)
		if err != nil {
			return fail(stderr, "extract", err)
		}
		v = vs[0]
	}
	l, err := newSourceLoop("extract", in, sf, v, texts, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "extract", err)
	}
	if format.name == "tsv" {
		writeTSV(l.out, extractColumns...)
	}
	return l.run(func(in input) (bool, error) {
		switch {
		case format.name == "tsv":
			return true, writeTSV(l.out, extractRow(in)...)
		case format.name == "json" && in.src != nil && *in.src == (sourced{Where: in.src.Where}): // as written: without reflection
			_, err := l.out.Write(append(source.URL{Text: in.text, Where: in.src.Where}.AppendJSON(l.out.AvailableBuffer()), '\n'))
			return true, err
		case format.name == "json":
			return true, encodeJSONLine(l.out, extractResult{URL: in.text, sourced: in.src})
		}
		l.out.WriteString(in.text) // an extracted URL holds no line break, so it is one line
		return true, l.out.WriteByte('\n')
	})
}

// extractRow is the TSV row of an extracted URL.
func extractRow(in input) []string {
	s := in.src
	if s == nil {
		s = &sourced{}
	}
	w, n := s.Where, func(i int64) string {
		if i == 0 {
			return ""
		}
		return strconv.FormatInt(i, 10)
	}
	member := ""
	if w.Member != nil {
		member = strconv.FormatInt(*w.Member, 10)
	}
	return []string{in.text, s.Ref, s.By, s.Note, w.File, n(int64(w.Line)), n(w.Offset), member, w.Record, w.Type, w.Element, w.Attr, w.Base}
}
