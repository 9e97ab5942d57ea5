package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/source"
)

// sourceFlags are the --from and --resolve flags of the commands that read documents: extract,
// check, compare and review.
type sourceFlags struct {
	from    *string
	resolve *bool
}

func addSourceFlags(fs *flag.FlagSet, def string) sourceFlags {
	return sourceFlags{
		from: fs.String("from", def, "read the inputs as `FORMAT`: lines (one input a line), text (the URLs in running text), "+
			"html (URL-valued attributes), warc (each record's target URI and its HTML's URLs) or cdx (CDX or CDXJ index lines)"),
		resolve: fs.Bool("resolve", false, "resolve each relative reference against its document's base (the <base href>, else the "+
			"WARC record's URI) by the resolution algorithm of -g's version (rfc3986 when -g names none or several)"),
	}
}

// A sourced input is one input read from a document: the text judged (the reference resolved,
// with --resolve) and where it was found.
type sourced struct {
	Ref   string       `json:"ref,omitempty"` // the reference as written, when it was resolved to another text
	By    string       `json:"resolved_by,omitempty"`
	Note  string       `json:"unresolved,omitempty"` // why a reference was left as written under --resolve
	Where source.Where `json:"source"`
}

// String is the input's provenance as compare's source column shows it.
func (s *sourced) String() string {
	w := s.Where.String()
	switch {
	case s.Ref != "":
		return fmt.Sprintf("%s (%s resolved by %s)", w, s.Ref, s.By)
	case s.Note != "":
		return fmt.Sprintf("%s (not resolved: %s)", w, s.Note)
	}
	return w
}

// newSourceLoop returns the loop of a command over its inputs by --from: lines (newLoop), or
// the URLs of documents of a format of the source package: the -f files (or standard input),
// or each argument one document. A part of a document that cannot be read (a malformed WARC
// record, a line too long) is reported as a line that cannot be judged, and skipped. With
// --resolve, each input is resolved by v's algorithm, which a line on stderr says.
func newSourceLoop(cmd string, f *inputFlags, sf sourceFlags, v urlgrammar.Version, args []string, stdin io.Reader, stdout, stderr io.Writer) (*loop, error) {
	if *sf.from == "lines" && !*sf.resolve {
		return newLoop(cmd, f, nil, args, stdin, stdout, stderr)
	}
	if _, err := source.Read(*sf.from, nil, ""); err != nil {
		return nil, err
	}
	from := &documents{format: *sf.from}
	if *sf.resolve {
		if v.Spec().Resolution == "" {
			return nil, fmt.Errorf("--resolve: %v defines no resolution of relative references: give -g rfc1808, draft1997, rfc2396, draft2003 or rfc3986", v)
		}
		from.resolveBy = v
	}
	l, err := newLoop(cmd, f, from, args, stdin, stdout, stderr)
	if err == nil && *sf.resolve { // one line to say so
		fmt.Fprintf(stderr, "urlgrammar %s: relative references resolved against their documents' bases by %v's algorithm\n", cmd, v)
	}
	return l, err
}

// documents is how a loop reads documents (--from).
type documents struct {
	format    string
	resolveBy urlgrammar.Version // --resolve's version, or 0
}

// document yields the URLs of the document r; false when the inputs end (yield stopped them,
// or a read error).
func (l *loop) document(r io.Reader, name, file string, yield func(input) bool) bool {
	seq, _ := source.Read(l.from.format, r, name)
	var se *source.Error // one for the document, not one allocation per URL
	for u, err := range seq {
		in := input{text: u.Text, file: file, line: u.Where.Line, src: &sourced{Where: u.Where}}
		switch {
		case errors.As(err, &se): // a part of the document skipped: reported with its place, as a line is
			in = input{file: file, line: se.Where.Line, src: &sourced{Where: se.Where}, bad: &badLine{se.Err.Error()}}
		case errors.Is(err, errStopped):
			l.stop = true
			return false
		case err != nil:
			l.readErr = err
			return false
		case l.from.resolveBy != 0:
			in.text = in.src.resolve(l.from.resolveBy, u.Text)
		}
		l.cur = in // the last input read, which a stop names
		if !yield(in) {
			return false
		}
	}
	return true
}

// resolve returns ref resolved against its document's base by v's algorithm, and records how;
// a reference that cannot be resolved (no base, or one of them invalid under v) is left as
// written, and judged so.
func (s *sourced) resolve(v urlgrammar.Version, ref string) string {
	base, record := s.Where.ResolveBase()
	if base == "" {
		s.Note = "the document has no base"
		return ref
	}
	if record != "" { // a <base href> may itself be relative to the record's URI
		if r, err := urlgrammar.Resolve(v, record, base, 0, urlgrammar.Policy{}); err == nil {
			base = r.Text
		}
	}
	r, err := urlgrammar.Resolve(v, base, ref, 0, urlgrammar.Policy{})
	if err != nil {
		s.Note = cause(err)
		return ref
	}
	if r.Text != ref {
		s.Ref, s.By = ref, v.String()
	}
	return r.Text
}
