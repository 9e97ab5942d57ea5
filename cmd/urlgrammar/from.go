package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

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

// documents reports whether the inputs are read from documents by the source package rather
// than as lines.
func (sf sourceFlags) documents() bool { return *sf.from != "lines" || *sf.resolve }

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

// openSource opens a command's inputs by --from: as lines (openInputs), or as documents of a
// format of the source package: the file of -f (or standard input), or each argument one
// document. A part of a document that cannot be read (a malformed WARC record, a line too
// long) is reported on stderr and skipped. With --resolve, each input is resolved by v's
// algorithm.
func openSource(cmd string, sf sourceFlags, v urlgrammar.Version, file string, args []string, stdin io.Reader, stderr io.Writer) (*inputSource, error) {
	if !sf.documents() {
		return openInputs(file, args, stdin)
	}
	format := *sf.from
	if _, err := source.Read(format, nil, ""); err != nil {
		return nil, err
	}
	if *sf.resolve && !v.DefinesResolution() {
		return nil, fmt.Errorf("--resolve: %v defines no resolution of relative references: give -g rfc1808, draft1997, rfc2396, draft2003 or rfc3986", v)
	}
	if len(args) == 1 && args[0] == "-" && file == "" {
		args, file = nil, "-"
	}
	src := &inputSource{close: func() error { return nil }}
	type doc struct {
		r    io.Reader
		name string
	}
	var docs []doc
	switch {
	case file != "" && len(args) > 0:
		return nil, fmt.Errorf("-f %s and input arguments exclude each other", file)
	case len(args) > 0:
		for i, a := range args {
			if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() {
				return nil, fmt.Errorf("the argument %q names a file: \"-f %s\" reads it (arguments are documents; to read that text itself, give it on standard input)", a, a)
			}
			docs = append(docs, doc{strings.NewReader(a), fmt.Sprintf("argument %d", i+1)})
		}
	case file == "" || file == "-":
		docs = []doc{{stdin, "standard input"}}
	default:
		f, err := openInputFile(file)
		if err != nil {
			return nil, err
		}
		docs, src.close = []doc{{f, file}}, f.Close
	}
	src.urls = func(yield func(source.URL, error) bool) {
		for _, d := range docs {
			seq, _ := source.Read(format, d.r, d.name)
			for u, err := range seq {
				if !yield(u, err) {
					return
				}
			}
		}
	}
	src.warn = func(err error) { fmt.Fprintf(stderr, "urlgrammar %s: skipped: %v\n", cmd, err) }
	if *sf.resolve {
		src.resolveBy = v
	}
	return src, nil
}

// resolveVersion is the version whose algorithm --resolve uses: -g's, when it names one
// version; else RFC 3986.
func resolveVersion(vs []urlgrammar.Version) urlgrammar.Version {
	if len(vs) == 1 {
		return vs[0]
	}
	return urlgrammar.RFC3986
}

// eachURL calls fn with each input of the documents of src until fn returns false; src.last is
// the input's provenance while fn runs, and src.track, when set, queues it.
func (src *inputSource) eachURL(fn func(string) bool) error {
	for u, err := range src.urls {
		var se *source.Error
		switch {
		case errors.As(err, &se):
			src.warn(err)
			continue
		case err != nil:
			return err
		}
		s := &sourced{Where: u.Where}
		text := u.Text
		if src.resolveBy != 0 {
			text = s.resolve(src.resolveBy, u.Text)
		}
		src.last = s
		if src.track != nil {
			src.track.push(s)
		}
		if !fn(text) {
			return nil
		}
	}
	return nil
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
		s.Note = strings.TrimPrefix(err.Error(), "urlgrammar: ")
		return ref
	}
	if r.Text != ref {
		s.Ref, s.By = ref, v.String()
	}
	return r.Text
}

// A provenanceQueue pairs the inputs that CompareAll reads ahead with its results, which come
// in input order.
type provenanceQueue struct {
	mu sync.Mutex
	q  []*sourced
}

func (p *provenanceQueue) push(s *sourced) {
	p.mu.Lock()
	p.q = append(p.q, s)
	p.mu.Unlock()
}

// pop returns the provenance of the next result, or nil.
func (p *provenanceQueue) pop() *sourced {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.q) == 0 {
		return nil
	}
	s := p.q[0]
	p.q[0] = nil
	p.q = p.q[1:]
	return s
}

// provenance returns a queue of the provenance of src's inputs, for a command that judges them
// with CompareAll, or nil when they are lines.
func (src *inputSource) provenance() *provenanceQueue {
	if src.urls == nil {
		return nil
	}
	src.track = &provenanceQueue{}
	return src.track
}

// sourceNote writes on w, when the inputs are resolved, the one line that says so.
func sourceNote(w io.Writer, cmd string, sf sourceFlags, v urlgrammar.Version) {
	if *sf.resolve {
		fmt.Fprintf(w, "urlgrammar %s: relative references resolved against their documents' bases by %v's algorithm\n", cmd, v)
	}
}
