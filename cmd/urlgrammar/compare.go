package main

import (
	"bufio"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source"
	"golang.org/x/term"
)

// ruleOverrides is the repeatable -rule id=RULE flag of compare.
type ruleOverrides map[string]string

func (r ruleOverrides) String() string { return fmt.Sprint(map[string]string(r)) }

func (r ruleOverrides) Set(s string) error {
	id, rule, ok := strings.Cut(s, "=")
	if !ok || id == "" {
		return fmt.Errorf("want ID=RULE, got %q", s)
	}
	r[id] = rule
	return nil
}

func (r ruleOverrides) accumulates() {} // one -rule per version

// runCompare is the compare command. Its output is a report of verdicts rather than a verdict,
// so it exits 0 when it ran, whatever the verdicts; with --diff, 1 when the versions disagree on
// some input; 2 on a usage or I/O error.
func runCompare(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := newCompareFlags(stderr)
	inputArgs, err := parseFlags(o.fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "compare", err) }
	switch err := o.check(); {
	case err != nil:
		return abort(err)
	case o.merge:
		return compareMerge(inputArgs, o.format, o.summaryFile, stdout, stderr)
	}
	vs, targets, err := o.targets(stderr)
	if err != nil {
		return abort(err)
	}
	l, inputName, err := o.inputs(vs, inputArgs, stdin, stdout, stderr)
	if err != nil {
		return abort(err)
	}
	l.needsInputs = true // a report of no input is none
	l.describe = func() string {
		under := plural(len(vs), "version")
		if readers := len(targets) - len(vs); readers > 0 { // net/url and a browser: not versions
			under += " and " + plural(readers, "reading")
		}
		s := fmt.Sprintf("%s compared under %s", plural(l.inputs, "input"), under)
		if o.diff {
			s += fmt.Sprintf(", %d on which they disagree", l.invalid)
		}
		return s
	}
	r := provenance(inputName)
	r.Targets, r.Why, r.Diff, r.Width = targets, o.why, o.diff, tableWidth(stdout)
	if slices.ContainsFunc(targets, compare.Target.IsReader) {
		r.Differential = differential{}
	}
	if o.review {
		withReview(&r)
	}
	if err := o.write(l, &r, stdout, stderr); err != nil {
		return abort(err)
	}
	return l.finish()
}

// compareFlags are the flags of compare.
type compareFlags struct {
	fs                                  *flag.FlagSet
	ids, summaryFile                    string
	formatName                          *formatFlag
	format                              compare.Format
	diff, why, absolute, review, corpus bool
	extract, merge, question            bool
	sf                                  sourceFlags
	in                                  *inputFlags
	overrides                           ruleOverrides
}

func newCompareFlags(stderr io.Writer) *compareFlags {
	fs := newFlagSet("compare", "[-g ID,ID,... | --question] [--diff] [--why] [--absolute] [-rule ID=RULE] [--format text|tsv|json|markdown|html] [--summary FILE] [--extract] [--from FORMAT [--resolve]] [--corpus | -f FILE | INPUT... | --merge SUMMARY...]", stderr)
	o := &compareFlags{fs: fs, overrides: ruleOverrides{}}
	fs.StringVar(&o.ids, "g", "", "comma-separated version `IDs` (default: the eight versions), and neturl or whatwg for what net/url or a browser reads")
	fs.BoolVar(&o.question, "question", false, "the project's question, 1994 against 2003: RFC 1738 (December 1994) against the 2003 draft of RFC 2396bis (March 2003), -g rfc1738,draft2003")
	fs.BoolVar(&o.diff, "diff", false, "show only the inputs on which the versions disagree; the summary counts those")
	fs.BoolVar(&o.why, "why", false, "under each row on which the versions disagree, each refusing version's offset and reason (default with --diff)")
	o.formatName = addFormatFlag(fs, "text", "tsv", "json", "markdown", "html")
	fs.StringVar(&o.summaryFile, "summary", "", "write the summary (acceptance, pairs, causes) to `FILE` instead of after the rows")
	fs.BoolVar(&o.absolute, "absolute", false, "hold each version to its absolute-URL rule (such as absolute-URI: no fragment, no relative reference) instead of its default reading, check's")
	fs.BoolVar(&o.review, "review", false, "add each accepting version's security review of the input (urlgrammar review) to markdown, html and json")
	fs.BoolVar(&o.corpus, "corpus", false, "compare the embedded default corpus (the default when there are no inputs and stdin is a terminal)")
	fs.BoolVar(&o.extract, "extract", false, "compare the URLs found in running text (see \"urlgrammar extract\") instead of whole lines")
	o.sf = addSourceFlags(fs, "lines")
	fs.BoolVar(&o.merge, "merge", false, "merge the JSON summaries of runs over parts of a stream (--summary FILE --format json) into the summary of the whole")
	o.in = addInputFlags(fs)
	fs.Var(o.overrides, "rule", "hold version ID to `ID=RULE` (repeatable; RULE empty for the default reading)")
	return o
}

// check checks the flags, and sets what they imply of one another: --why by default with
// --diff; --merge with no flag but --format and --summary; --review with three formats alone.
func (o *compareFlags) check() error {
	var others []string // the flags given but --merge's
	o.fs.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "format" && f.Name != "summary" {
			others = append(others, "-"+f.Name)
		}
	})
	if !slices.Contains(others, "-why") {
		o.why = o.diff
	}
	o.format.UnmarshalText([]byte(o.formatName.name)) // one of its names: --format checked it
	f := o.format
	switch {
	case o.question && o.ids != "":
		return fmt.Errorf("--question is -g rfc1738,draft2003: give one or the other, not -g %s too", o.ids)
	case o.summaryFile != "" && f == compare.FormatHTML:
		return errors.New("--summary does not apply to --format html, which is one page")
	case o.merge && len(others) > 0:
		return fmt.Errorf("--merge takes only --format and --summary, not %s: the summaries say what was compared", strings.Join(others, " "))
	case o.review && f != compare.FormatMarkdown && f != compare.FormatHTML && f != compare.FormatJSON:
		return fmt.Errorf("--review applies to --format markdown, html and json, not %v", f)
	}
	return nil
}

// targets returns the versions compared (none: all) and what each is held to.
func (o *compareFlags) targets(stderr io.Writer) ([]urlgrammar.Version, []compare.Target, error) {
	if o.question {
		o.ids = "rfc1738,draft2003"
	}
	ids, placeReaders := withReaders(o.ids) // -g neturl,whatwg: readings beside the versions
	vs, err := versionsFlag("compare", ids, true, stderr)
	if err != nil {
		return nil, nil, err
	}
	// The default reading of each version is the one check and Validate hold inputs to: one
	// question, one answer, whichever command asks it. What a document holds is judged so
	// too, a relative reference as a reference.
	targets := compare.ReferenceTargets(vs...)
	if o.absolute {
		targets = compare.AbsoluteTargets(vs...)
	}
	if ids != o.ids {
		if vs == nil {
			targets = nil // the readers alone
		}
		targets = placeReaders(targets)
	}
	for id, rule := range o.overrides {
		v, err := lookup("-rule "+id+"="+rule, id)
		if err != nil {
			return nil, nil, err
		}
		i := slices.IndexFunc(targets, func(t compare.Target) bool { return t.Version == v })
		if i < 0 {
			return nil, nil, fmt.Errorf("-rule %s=%s: %s is not among the compared versions", id, rule, id)
		}
		if targets[i], err = compare.NewTarget(v, rule); err != nil {
			return nil, nil, fmt.Errorf("-rule %s=%s: %s", id, rule, message(err))
		}
	}
	return vs, targets, nil
}

// inputs returns the loop over the inputs: the embedded corpus, arguments, a file, or standard
// input. Each input of the embedded corpus says where it comes from (an input may come from
// several documents). inputName says what the inputs are, for a reader.
func (o *compareFlags) inputs(vs []urlgrammar.Version, args []string, stdin io.Reader, stdout, stderr io.Writer) (l *loop, inputName string, err error) {
	switch {
	case o.corpus && (len(o.in.files) > 0 || len(args) > 0):
		return nil, "", errors.New("--corpus takes no inputs: it compares the embedded corpus")
	case o.corpus || (len(o.in.files) == 0 && len(args) == 0 && isTerminal(stdin)):
		var corpus []input
		for _, ex := range compare.Corpus() {
			corpus = append(corpus, input{text: ex.Input, src: &sourced{Where: source.Where{File: ex.Source}}})
		}
		o.corpus = true
		return textLoop("compare", o.in, corpus, stdout, stderr), "the embedded corpus", nil
	}
	resolveBy := urlgrammar.RFC3986 // --resolve's algorithm: -g's, when it names one version
	if len(vs) == 1 {
		resolveBy = vs[0]
	}
	if l, err = newSourceLoop("compare", o.in, o.sf, resolveBy, args, stdin, stdout, stderr); err != nil {
		return nil, "", err
	}
	l.hint = "; --corpus compares the embedded corpus"
	return l, l.inputName(), nil
}

// write writes the report in its format: its rows, then its summary, to the --summary file if
// there is one.
func (o *compareFlags) write(l *loop, r *compare.Report, stdout, stderr io.Writer) error {
	f := o.format
	sumOut, closeSum, err := summaryOut(o.summaryFile, l.out)
	if err != nil {
		return err
	}
	defer closeSum()
	// The inputs of documents and of the corpus are queued, for their provenance in the source
	// column; the URLs extracted from inputs (--extract) have none, not being theirs one for one.
	queued := !o.extract && (l.from != nil || o.corpus)
	texts := l.texts(queued)
	if o.extract {
		texts = source.Extract(texts)
	}
	inputs := func(yield func(string, string) bool) {
		for s := range texts {
			where := ""
			if queued {
				where = l.next().src.String()
			}
			if !yield(s, where) {
				return
			}
		}
	}
	summary, err := compareRows(l, r, f, inputs)
	if err != nil {
		l.writeErr = err // the targets are known (o.targets): an error of the output
		return nil
	}
	if l.empty() { // nothing compared: no report, not even its header (finish says why)
		l.out.Reset(l.lines)
		return nil
	}
	if n := summary.InternalErrors(); n > 0 {
		l.bad += n // no verdicts a user can act on: exit status 2
		fmt.Fprintf(stderr, "urlgrammar compare: %s, counted as rejections in the cause %q\n", plural(n, "internal error"), compare.InternalError)
	}
	r.Cut, r.Stopped = l.cut(), l.stopAt()
	// The summary of TSV is a table of its own: after the rows it would break them, so it is
	// written only to the --summary file.
	if l.writeErr == nil && (f != compare.FormatTSV || sumOut != l.out) {
		r.WriteSummary(sumOut, f, summary)
		if sumOut != l.out {
			l.writeErr = closeSum()
		}
	}
	return nil
}

// compareRows writes the report's beginning and its rows in format f, and returns the summary
// of the inputs shown, each input with its source ("" when it does not say).
func compareRows(l *loop, r *compare.Report, f compare.Format, inputs iter.Seq2[string, string]) (*compare.Summary, error) {
	// compare holds little (a few megabytes) and makes much garbage (a kilobyte or so per
	// input), so at the default GOGC the collector would run every few thousand inputs; less
	// often, it costs less, and parallelizes better.
	if _, set := os.LookupEnv("GOGC"); !set {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	// With --line-buffered, each row as soon as its input is read (for tail -f).
	r.Prompt = l.flags.lineBuffered
	r.WriteHeader(l.out, f)
	return r.WriteRows(l.out, f, inputs, func(shown bool) bool {
		// The status of compare is that of its report: with --diff, 1 when the versions
		// disagree on some input (an input shown is one on which they disagree).
		return l.done(input{}, !r.Diff || !shown, nil)
	})
}

// compareMerge is "compare --merge": it reads the summary line of each file, merges them in
// the order given, and writes the summary of the whole in format f, to summaryFile if it is set.
func compareMerge(files []string, f compare.Format, summaryFile string, stdout, stderr io.Writer) int {
	abort := func(err error) int { return fail(stderr, "compare", err) }
	if len(files) == 0 {
		return abort(errors.New("--merge: no summaries to merge"))
	}
	r := provenance("the summaries " + strings.Join(files, ", ") + " (--merge)")
	r.Width = tableWidth(stdout)
	total, err := r.MergeSummaries(files...)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = readingError(pe.Path, pe.Err)
	}
	if err != nil {
		return abort(err)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	sumOut, closeSum, err := summaryOut(summaryFile, out)
	if err != nil {
		return abort(err)
	}
	defer closeSum()
	if f == compare.FormatHTML {
		r.WriteHeader(out, f) // the page: its beginning, then its summary
	} // else the summary is all there is
	r.WriteSummary(sumOut, f, total)
	if err := cmp.Or(closeSum(), out.Flush()); err != nil {
		return abort(err)
	}
	return exitValid
}

// isTerminal reports whether r is a terminal, which is where compare takes its inputs from the
// embedded corpus instead.
func isTerminal(r any) bool {
	_, ok := terminal(r)
	return ok
}

// terminal reports whether r is a terminal (a file, or the file under the errWriter that run
// makes of standard output), and its width in columns (0 when it does not say). A character
// device that is no terminal, such as /dev/null, is not one.
func terminal(r any) (width int, ok bool) {
	if w, isOut := r.(*errWriter); isOut {
		r = w.w
	}
	f, isFile := r.(*os.File)
	if !isFile || !term.IsTerminal(int(f.Fd())) {
		return 0, false
	}
	width, _, _ = term.GetSize(int(f.Fd()))
	return width, true
}

// tableWidth is the width the table is clipped to: the terminal's when stdout is one (80 when
// it does not say), else 0, no clipping.
func tableWidth(stdout io.Writer) int {
	if w, ok := terminal(stdout); ok {
		return cmp.Or(w, 80)
	}
	return 0
}

// provenance is a report of the inputs read from input (what a reader is told), as made now by
// this build of the command.
func provenance(input string) compare.Report {
	return compare.Report{Input: input, Tool: "urlgrammar " + buildVersion(), Date: reportClock()}
}

// reportClock gives the date a report states. The tests fix it, so that two runs over the same
// input give the same page whenever they run.
var reportClock = time.Now

// inputName says what l reads its inputs from: its files ("-": standard input), or arguments.
func (l *loop) inputName() string {
	switch {
	case len(l.args) == 1:
		return "1 argument"
	case len(l.args) > 0:
		return fmt.Sprintf("%d arguments", len(l.args))
	}
	if len(l.files) == 1 {
		return fileName(l.files[0])
	}
	return strings.Join(l.files, ", ")
}
