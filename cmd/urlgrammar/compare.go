package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source"
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
	w, err := o.writer()
	switch {
	case err != nil:
		return abort(err)
	case o.merge:
		return compareMerge(inputArgs, w, o.format == "html", o.summaryFile, stdout, stderr)
	}
	vs, targets, err := o.targets()
	if err != nil {
		return abort(err)
	}
	l, sources, inputName, err := o.inputs(vs, inputArgs, stdin, stdout, stderr)
	if err != nil {
		return abort(err)
	}
	r := &report{out: l.out, targets: targets, why: o.why, diff: o.diff, width: tableWidth(stdout), input: inputName}
	if err := o.write(l, w, r, sources, stdout, stderr); err != nil {
		return abort(err)
	}
	return l.finish()
}

// compareFlags are the flags of compare.
type compareFlags struct {
	fs                                  *flag.FlagSet
	ids, format, summaryFile            string
	diff, why, absolute, review, corpus bool
	extract, merge                      bool
	sf                                  sourceFlags
	in                                  *inputFlags
	overrides                           ruleOverrides
}

func newCompareFlags(stderr io.Writer) *compareFlags {
	fs := newFlagSet("compare", "[-g ID,ID,...] [--diff] [--why] [--absolute] [-rule ID=RULE] [--format table|tsv|json|markdown|html] [--summary FILE] [--extract] [--from FORMAT [--resolve]] [--corpus | -f FILE | INPUT... | --merge SUMMARY...]", stderr)
	o := &compareFlags{fs: fs, overrides: ruleOverrides{}}
	fs.StringVar(&o.ids, "g", "", "comma-separated version `IDs` (default: all)")
	fs.BoolVar(&o.diff, "diff", false, "show only the inputs on which the versions disagree; the summary counts those")
	fs.BoolVar(&o.why, "why", false, "under each row on which the versions disagree, each refusing version's offset and reason (default with --diff)")
	fs.StringVar(&o.format, "format", "table", "output `format`: table, tsv, json, markdown or html")
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

// writer returns the writer of the chosen format, and sets what the flags imply of one
// another: --why by default with --diff; --merge with no flag but --format and --summary.
func (o *compareFlags) writer() (compareWriter, error) {
	whySet := false
	o.fs.Visit(func(f *flag.Flag) { whySet = whySet || f.Name == "why" })
	if !whySet {
		o.why = o.diff
	}
	w, ok := writers[o.format]
	if !ok {
		return w, fmt.Errorf("unknown format %q (table, tsv, json, markdown or html)", o.format)
	}
	if o.summaryFile != "" && o.format == "html" {
		return w, errors.New("--summary does not apply to --format html, which is one page")
	}
	if o.merge {
		var set []string
		o.fs.Visit(func(f *flag.Flag) {
			if f.Name != "merge" && f.Name != "format" && f.Name != "summary" {
				set = append(set, "-"+f.Name)
			}
		})
		if len(set) > 0 {
			return w, fmt.Errorf("--merge takes only --format and --summary, not %s: the summaries say what was compared", strings.Join(set, " "))
		}
		return w, nil
	}
	if o.review {
		return withReview(w, o.format)
	}
	return w, nil
}

// targets returns the versions compared (none: all) and what each is held to.
func (o *compareFlags) targets() ([]urlgrammar.Version, []compare.Target, error) {
	vs, err := versionsFlag(o.ids)
	if err != nil {
		return nil, nil, err
	}
	// The default reading of each version is the one check and Validate hold inputs to: one
	// question, one answer, whichever command asks it. What a document holds is judged so
	// too, a relative reference as a reference.
	targets := defaultTargets(vs)
	if o.absolute {
		targets = compare.AbsoluteTargets(vs...)
	}
	for id, rule := range o.overrides {
		v, err := urlgrammar.Lookup(id)
		if err != nil {
			return nil, nil, err
		}
		found := false
		for i := range targets {
			if targets[i].Version == v {
				targets[i].Rule, found = startRule(v, rule), true
			}
		}
		if !found {
			return nil, nil, fmt.Errorf("-rule %s=%s: %s is not among the compared versions", id, rule, id)
		}
	}
	return vs, targets, compare.CheckTargets(targets)
}

// inputs returns the loop over the inputs: the embedded corpus, arguments, a file, or standard
// input. With the embedded corpus, sources says where each input comes from, in input order
// (an input may come from several documents). inputName says what the inputs are, for a reader.
func (o *compareFlags) inputs(vs []urlgrammar.Version, args []string, stdin io.Reader, stdout, stderr io.Writer) (l *loop, sources []string, inputName string, err error) {
	switch {
	case o.corpus && (len(o.in.files) > 0 || len(args) > 0):
		return nil, nil, "", errors.New("--corpus takes no inputs: it compares the embedded corpus")
	case o.corpus || (len(o.in.files) == 0 && len(args) == 0 && isTerminal(stdin)):
		var texts []string
		for _, ex := range compare.Corpus() {
			texts = append(texts, ex.Input)
			sources = append(sources, ex.Source)
		}
		return textLoop("compare", o.in, texts, stdout, stderr), sources, "the embedded corpus", nil
	}
	if l, err = newSourceLoop("compare", o.in, o.sf, resolveVersion(vs), args, stdin, stdout, stderr); err != nil {
		return nil, nil, "", err
	}
	l.hint = "; --corpus compares the embedded corpus"
	sourceNote(stderr, "compare", o.sf, resolveVersion(vs))
	return l, nil, inputNameOf(strings.Join(o.in.files, ", "), args), nil
}

// write writes the report: its rows, then its summary, to the --summary file if there is one.
func (o *compareFlags) write(l *loop, w compareWriter, r *report, sources []string, stdout, stderr io.Writer) error {
	var sumOut *bufio.Writer
	if o.summaryFile != "" {
		f, err := os.Create(o.summaryFile)
		if err != nil {
			return err
		}
		defer f.Close()
		sumOut = bufio.NewWriter(f)
	}
	// The inputs of documents are queued, for their provenance in the source column.
	inputs := l.texts(l.from != nil)
	if o.extract {
		inputs = source.Extract(inputs)
	}
	progress := newProgress(stdout, stderr)
	summary, read, err := compareRows(l, w, r, inputs, sources, progress)
	if err != nil {
		return err
	}
	progress.done()
	r.read, r.cut = read, l.cut()
	if l.writeErr == nil {
		if sumOut != nil {
			w.summary(sumOut, r, summary)
			l.writeErr = sumOut.Flush()
		} else {
			w.summary(l.out, r, summary)
		}
		w.end(r)
	}
	return nil
}

// compareRows writes the report's beginning and its rows, and returns the summary of the inputs
// shown and the number read. Each batch of inputs is judged, formatted and summarized on the
// goroutine that judged it (rowPipeline.batch); this one only merges the summaries and writes
// the rows, in input order.
func compareRows(l *loop, w compareWriter, r *report, inputs iter.Seq[string], sources []string, progress *progress) (*compare.Summary, int, error) {
	// compare holds little (a few megabytes) and makes much garbage (a kilobyte or so per
	// input), so at the default GOGC the collector would run every few thousand inputs; less
	// often, it costs less, and parallelizes better.
	if _, set := os.LookupEnv("GOGC"); !set {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	p := &rowPipeline{w: w, sources: sources}
	chunks, err := compare.CompareBatches(r.targets, inputs, 0, p.batch)
	if err != nil {
		return nil, 0, err
	}
	if l.flags.lineBuffered {
		// Each row as soon as its input is read (for tail -f): the batches would wait for
		// the inputs after it. One at a time, then, on this goroutine.
		chunks = func(yield func(compareChunk) bool) {
			i := 0
			for s := range inputs {
				c, _ := compare.Compare(r.targets, s, 0) // the targets are known (CompareBatches)
				if !yield(p.batch(i, []compare.Comparison{c})) {
					return
				}
				i++
			}
		}
	}
	summary, read := compare.NewSummary(r.targets), 0
	w.begin(r)
	// A report that keeps its rows until its summary (the HTML one, r.html), and the rows of
	// documents, whose sources this goroutine holds (l.next), are written here, in order.
	p.keepsRows, p.base = r.html != nil || l.from != nil, *r
	for ch := range chunks {
		if l.writeErr = summary.Merge(ch.summary); l.writeErr != nil {
			break
		}
		ok := p.write(l, r, ch, &read)
		ch.rows.b.Reset()
		rowBuffers.Put(ch.rows)
		progress.tick(read)
		if !ok {
			break
		}
	}
	return summary, read, nil
}

// A rowPipeline formats compare's rows on the goroutines that judge the inputs.
type rowPipeline struct {
	w         compareWriter
	sources   []string // of the embedded corpus's inputs, in order
	base      report   // the report as begin left it: each batch's rows are written through a copy
	keepsRows bool     // the rows are written in order, by the goroutine that writes the output
}

// batch is what compare makes of a batch of inputs on the goroutine that judged them.
func (p *rowPipeline) batch(first int, cs []compare.Comparison) compareChunk {
	ch := compareChunk{summary: compare.NewSummary(p.base.targets), read: len(cs), rows: rowBuffers.Get().(*rowBuffer)}
	wr := p.base
	wr.out = ch.rows.w
	for i, c := range cs {
		shown := !p.base.diff || !c.Agree()
		ch.shown = append(ch.shown, shown)
		if !shown {
			continue
		}
		ch.summary.Add(c)
		if p.keepsRows {
			ch.kept = append(ch.kept, c)
			continue
		}
		source := ""
		if first+i < len(p.sources) {
			source = p.sources[first+i]
		}
		p.w.row(&wr, c, source)
		ch.ends = append(ch.ends, ch.rows.b.Len()+ch.rows.w.Buffered())
	}
	wr.out.Flush()
	return ch
}

// write writes the rows of a batch and counts its inputs (read), and reports whether to go
// on. The status of compare is that of its report: with --diff, 1 when the versions disagree
// on some input (an input shown is one on which they disagree).
func (p *rowPipeline) write(l *loop, r *report, ch compareChunk, read *int) bool {
	rows, ends, kept, written := ch.rows.b.Bytes(), ch.ends, ch.kept, 0
	if !l.flags.lineBuffered {
		l.out.Write(rows) // at once; with --line-buffered, row by row as done flushes them
		ends = nil
	}
	for _, shown := range ch.shown {
		var from *sourced
		if l.from != nil {
			from = l.next().src
		}
		*read++
		if shown && p.keepsRows {
			source := ""
			if i := *read - 1; i < len(p.sources) {
				source = p.sources[i]
			} else if from != nil {
				source = from.String()
			}
			p.w.row(r, kept[0], source)
			kept = kept[1:]
		} else if shown && len(ends) > 0 {
			l.out.Write(rows[written:ends[0]])
			written, ends = ends[0], ends[1:]
		}
		if !l.done(input{}, !r.diff || !shown, nil) {
			return false
		}
	}
	return true
}

// A compareChunk is what compare makes of a batch of inputs on the goroutine that judged it.
type compareChunk struct {
	read    int
	shown   []bool               // per input, whether it is shown (with --diff, those the versions disagree on)
	summary *compare.Summary     // of the inputs shown
	rows    *rowBuffer           // their rows, formatted
	ends    []int                // where each row ends in rows
	kept    []compare.Comparison // or, for rows written in order, the inputs shown
}

// A rowBuffer holds the rows of a batch until they are written. The buffers are used again,
// batch after batch, so that a long run does not grow a new one for each.
type rowBuffer struct {
	b bytes.Buffer
	w *bufio.Writer // into b
}

var rowBuffers = sync.Pool{New: func() any {
	rb := new(rowBuffer)
	rb.w = bufio.NewWriter(&rb.b)
	return rb
}}

// compareMerge is "compare --merge": it reads the summary line of each file, merges them in
// the order given, and writes the summary of the whole as w does, to summaryFile if it is set.
func compareMerge(files []string, w compareWriter, html bool, summaryFile string, stdout, stderr io.Writer) int {
	abort := func(err error) int { return fail(stderr, "compare", err) }
	if len(files) == 0 {
		return abort(errors.New("--merge: no summaries to merge"))
	}
	var total compare.Summary
	r := &report{width: tableWidth(stdout), input: "the summaries " + strings.Join(files, ", ") + " (--merge)"}
	shown := ""
	for _, name := range files {
		head, s, err := readSummary(name)
		if err != nil {
			return abort(err)
		}
		if shown != "" && head.Shown != shown {
			return abort(fmt.Errorf("--merge: %s summarizes %s inputs, the summaries before it %s inputs", name, head.Shown, shown))
		}
		shown = head.Shown
		if err := total.Merge(s); err != nil {
			return abort(fmt.Errorf("%s: %w", name, err))
		}
		r.read += head.Read
	}
	r.targets, r.diff = total.Targets, shown == "disagreeing"
	out := bufio.NewWriterSize(stdout, 64<<10)
	switch {
	case html:
		r.out = out
		w.begin(r)
		w.summary(out, r, &total)
		w.end(r)
	case summaryFile != "":
		f, err := os.Create(summaryFile)
		if err != nil {
			return abort(err)
		}
		defer f.Close()
		sumOut := bufio.NewWriter(f)
		w.summary(sumOut, r, &total)
		if err := sumOut.Flush(); err != nil {
			return abort(err)
		}
	default:
		w.summary(out, r, &total) // r.out is not out: the summary is all there is
	}
	if err := out.Flush(); err != nil {
		return abort(err)
	}
	return exitValid
}

// summaryHead is what the summary line of compare's JSON Lines says of the run beside the
// summary (see jsonSummary).
type summaryHead struct {
	Type  string `json:"type"`
	Read  int    `json:"read"`
	Shown string `json:"shown"`
}

// readSummary reads the summary line of a file of compare's JSON Lines: a --summary file, or
// the whole output.
func readSummary(name string) (head summaryHead, s *compare.Summary, err error) {
	f, err := os.Open(name)
	if err != nil {
		return head, nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 && !bytes.HasPrefix(line, []byte(`{"type":"input"`)) {
			var h summaryHead
			if e := json.Unmarshal(line, &h); e == nil && h.Type == "summary" {
				if s != nil {
					return head, nil, fmt.Errorf("%s holds more than one summary", name)
				}
				head, s = h, new(compare.Summary)
				if e := json.Unmarshal(line, s); e != nil {
					return head, nil, fmt.Errorf("%s: %w", name, e)
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return head, nil, err
		}
	}
	if s == nil {
		return head, nil, fmt.Errorf("%s holds no summary of compare --format json", name)
	}
	return head, s, nil
}

// defaultTargets holds each of vs (none: all) to its default reading, that of check and
// Validate, named by its rule where it is one rule: every version's but RFC 1738's, whose
// default reading is the rule of each URL's scheme.
func defaultTargets(vs []urlgrammar.Version) []compare.Target {
	targets := compare.ReferenceTargets(vs...)
	for i, t := range targets {
		if rule := t.Version.Spec().DefaultRule; t.Version.RuleFor("http://a/", 0) == rule {
			targets[i].Rule = rule
		}
	}
	return targets
}

// ruleLabel names the rule a target holds inputs to, for a person: its rule, or for RFC 1738's
// default reading (the only one without a rule name, see defaultTargets) "rule of its scheme".
func ruleLabel(t compare.Target) string {
	if t.Rule == "" {
		return "rule of its scheme"
	}
	return t.Rule
}

// syntaxError returns target i's rejection of c's input, or nil when it accepts it.
func syntaxError(c compare.Comparison, i int) *urlgrammar.SyntaxError {
	se, _ := c.Err(i).(*urlgrammar.SyntaxError)
	return se
}

// isTerminal reports whether r is a terminal, which is where compare takes its inputs from the
// embedded corpus instead.
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && isTerminalFile(f)
}

// tableWidth is the width the table is clipped to: the terminal's when stdout is one (80 when
// it does not say), else 0, no clipping.
func tableWidth(stdout io.Writer) int {
	f, ok := stdout.(*os.File)
	if !ok || !isTerminalFile(f) {
		return 0
	}
	if w := terminalWidth(f); w > 0 {
		return w
	}
	return 80
}

// progress reports, on a terminal's stderr, how many inputs a long run has compared. It is
// shown only when stdout is not that terminal too: there, the rows themselves show progress,
// and a progress line would land among them.
type progress struct {
	w     io.Writer
	start time.Time
	next  time.Time
	nextN int // the count at which to look at the clock again
	shown bool
}

func newProgress(stdout, stderr io.Writer) *progress {
	if !isTerminal(stderr) || isTerminal(stdout) {
		return nil
	}
	now := time.Now()
	return &progress{w: stderr, start: now, next: now.Add(2 * time.Second)}
}

func (p *progress) tick(n int) {
	if p == nil || n < p.nextN {
		return
	}
	p.nextN = n + 4096
	if now := time.Now(); now.After(p.next) {
		fmt.Fprintf(p.w, "\r%d inputs compared (%.0f/s)", n, float64(n)/now.Sub(p.start).Seconds())
		p.next, p.shown = now.Add(500*time.Millisecond), true
	}
}

func (p *progress) done() {
	if p != nil && p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// A report is the state of one compare run that its formats share.
type report struct {
	out     *bufio.Writer
	targets []compare.Target
	why     bool      // show each refusing version's reason under a disagreeing row
	diff    bool      // only the disagreeing inputs are shown and summarized
	width   int       // the table's width on a terminal; 0: no clipping
	read    int       // the inputs read, shown or not (known at the summary)
	input   string    // what the inputs were read from, for a reader
	cut     string    // what cut the input short ("interrupted after line 12"), or ""
	html    *htmlRows // the rows the HTML report keeps until its summary
}

// inputNameOf says what compare reads its inputs from, when they are not the embedded corpus.
func inputNameOf(file string, args []string) string {
	switch {
	case file == "-", len(args) == 1 && args[0] == "-":
		return "standard input"
	case file != "":
		return file
	case len(args) == 1:
		return "1 argument"
	case len(args) > 0:
		return fmt.Sprintf("%d arguments", len(args))
	}
	return "standard input"
}

// A compareWriter prints compare's output in one format: begin, a row per input shown, the
// summary (to the output, or to the --summary file), and end.
type compareWriter struct {
	begin   func(r *report)
	row     func(r *report, c compare.Comparison, source string)
	summary func(w *bufio.Writer, r *report, s *compare.Summary)
	end     func(r *report)
}

func nothing(*report) {}

var writers = map[string]compareWriter{
	"table":    {tableBegin, tableRow, tableSummary, nothing},
	"markdown": {markdownBegin, markdownRow, markdownSummary, nothing},
	"tsv":      {tsvBegin, tsvRow, tsvSummary, nothing},
	"json":     {nothing, jsonRow, jsonSummary, nothing},
	"html":     {htmlBegin, htmlRow, htmlSummary, htmlEnd},
}

const (
	markValid   = "✓"
	markInvalid = "·"
)

func tableBegin(r *report) {
	for _, t := range r.targets {
		fmt.Fprintf(r.out, "%-5s", compare.ShortName(t.Version))
	}
	fmt.Fprintln(r.out, "input")
}

// The marks of a table row, each in its column of five.
var (
	cellValid   = fmt.Sprintf("%-5s", " "+markValid)
	cellInvalid = fmt.Sprintf("%-5s", " "+markInvalid)
)

func tableRow(r *report, c compare.Comparison, _ string) {
	w := r.out
	focus := -1 // the byte the clipping keeps in view: the first offending one
	for i := range r.targets {
		if c.Accepted(i) {
			w.WriteString(cellValid)
		} else {
			w.WriteString(cellInvalid)
			if e := syntaxError(c, i); focus < 0 || e.Offset < focus {
				focus = e.Offset
			}
		}
	}
	indent := 5 * len(r.targets)
	avail := 0
	if r.width > 0 {
		avail = max(r.width-indent, 12)
	}
	d := newDisplay(c.Input, focus, avail)
	w.WriteString(d.text)
	w.WriteByte('\n')
	if !r.why || c.Agree() {
		return
	}
	for i, t := range r.targets {
		e := syntaxError(c, i)
		if e == nil {
			continue
		}
		why := fmt.Sprintf("%s byte %d: %s", compare.ShortName(t.Version), e.Offset, e.Reason())
		col, ok := d.column(e.Offset)
		if ok && (r.width == 0 && col <= maxCaretColumn || r.width > 0 && indent+col+2+len(why) <= r.width) {
			w.WriteString(strings.Repeat(" ", indent+col))
			w.WriteString("^ ")
		} else {
			w.WriteString(strings.Repeat(" ", indent))
		}
		if r.width > 0 {
			why = shorten(why, max(r.width-indent, 12))
		}
		w.WriteString(why)
		w.WriteByte('\n')
	}
}

// maxCaretColumn is how far into an input the caret of a row's reason goes when the output is
// not a terminal; further in, the reason stands alone and its byte offset says where.
const maxCaretColumn = 200

// A display is an input as the table shows it, with what is needed to find a byte's column.
// An input that is printable ASCII without spaces or quotes is shown as it is; any other is
// quoted, with \" and \\ for a quote and a backslash, and \xNN for each byte outside printable
// ASCII. On a terminal the input is clipped to its width around the focus byte.
type display struct {
	s      string
	quoted bool
	lo, hi int // the bytes shown
	text   string
}

func newDisplay(s string, focus, avail int) display {
	d := display{s: s, quoted: needsQuotes(s), lo: 0, hi: len(s)}
	full := d.width(0, len(s))
	if d.quoted {
		full += 2
	}
	if avail > 0 && full > avail {
		budget := avail - 2 // the two marks of a cut, "…"
		if d.quoted {
			budget -= 2
		}
		if focus < 0 {
			focus = 0
		}
		focus = min(focus, len(s))
		lo, hi, used := focus, focus, 0
		for lo > 0 && used+byteWidth(s[lo-1]) <= budget/3 {
			lo--
			used += byteWidth(s[lo])
		}
		for hi < len(s) && used+byteWidth(s[hi]) <= budget {
			used += byteWidth(s[hi])
			hi++
		}
		for lo > 0 && used+byteWidth(s[lo-1]) <= budget {
			lo--
			used += byteWidth(s[lo])
		}
		d.lo, d.hi = lo, hi
	}
	var b strings.Builder
	b.Grow(d.hi - d.lo + 8) // the text of most inputs at once: plain, or with a few escapes
	if d.lo > 0 {
		b.WriteString("…")
	}
	if d.quoted {
		b.WriteByte('"')
	}
	for i := d.lo; i < d.hi; i++ {
		writeByte(&b, s[i], d.quoted)
	}
	if d.quoted {
		b.WriteByte('"')
	}
	if d.hi < len(s) {
		b.WriteString("…")
	}
	d.text = b.String()
	return d
}

// column returns the column of the display at which byte i of the input is shown (len(s): just
// after the last byte), and false when it is clipped away.
func (d display) column(i int) (int, bool) {
	if i < d.lo || i > d.hi {
		return 0, false
	}
	col := d.width(d.lo, i)
	if d.lo > 0 {
		col++
	}
	if d.quoted {
		col++
	}
	return col, true
}

// width is the number of columns that bytes lo to hi of the input take.
func (d display) width(lo, hi int) int {
	n := 0
	for i := lo; i < hi; i++ {
		if d.quoted {
			n += byteWidth(d.s[i])
		} else {
			n++
		}
	}
	return n
}

// byteWidth is the number of columns that byte c takes in a quoted display.
func byteWidth(c byte) int {
	switch {
	case c == '"' || c == '\\':
		return 2
	case c >= 0x20 && c < 0x7f:
		return 1
	}
	return 4
}

func writeByte(b *strings.Builder, c byte, quoted bool) {
	switch {
	case !quoted:
		b.WriteByte(c)
	case c == '"' || c == '\\':
		b.WriteByte('\\')
		b.WriteByte(c)
	case c >= 0x20 && c < 0x7f:
		b.WriteByte(c)
	default:
		fmt.Fprintf(b, `\x%02x`, c)
	}
}

// needsQuotes reports whether the table shows s quoted: when it is empty, or holds a space, or
// anything outside printable ASCII, a quote or a backslash.
func needsQuotes(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return true
		}
	}
	return false
}

// shown says which inputs a summary counts.
func (r *report) shown(s *compare.Summary) string {
	shown := fmt.Sprintf("%d inputs", s.Inputs)
	if r.diff {
		shown = fmt.Sprintf("%d of %d inputs, those on which the versions disagree", s.Inputs, r.read)
	}
	if r.cut != "" {
		shown += " (the input was " + r.cut + ": the rest was not read)"
	}
	return shown
}

// splitCauses separates the causes on which the targets disagree from those they share.
func splitCauses(s *compare.Summary) (disagree, shared []*compare.Cause) {
	for _, c := range s.Causes() {
		if c.Shared {
			shared = append(shared, c)
		} else {
			disagree = append(disagree, c)
		}
	}
	return disagree, shared
}

func tableSummary(w *bufio.Writer, r *report, s *compare.Summary) {
	fmt.Fprintf(w, "\n%s. %s valid, %s invalid.\n", r.shown(s), markValid, markInvalid)
	fmt.Fprintln(w, "\nAccepted, per version and rule:")
	for i, t := range s.Targets {
		fmt.Fprintf(w, "  %-10s %-18s %7d of %d\n", t.Version, ruleLabel(t), s.Accepted[i], s.Inputs)
	}
	if len(s.Pairs) > 0 {
		fmt.Fprintln(w, "\nPairs (both / only first / only second / neither):")
		for _, p := range s.Pairs {
			fmt.Fprintf(w, "  %-10s %-10s %7d %7d %7d %7d\n", p.First.Version, p.Second.Version, p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
		}
	}
	disagree, shared := splitCauses(s)
	fmt.Fprintln(w, "\nRejections by cause: version, count, the rule in which the input left the")
	fmt.Fprintln(w, "grammar, the character found there, an example, and what was expected.")
	if len(s.Targets) > 1 {
		fmt.Fprintln(w, "\nWhere the versions disagree (another version accepts these inputs):")
		tableCauses(w, r, disagree, 0)
	}
	if len(shared) > 0 {
		if len(s.Targets) > 1 {
			fmt.Fprintln(w, "\nWhere every version rejects the input:")
		}
		tableCauses(w, r, shared, tableCausesPerTarget)
	}
}

// tableCauses prints causes, at most perTarget per version when perTarget > 0.
func tableCauses(w *bufio.Writer, r *report, causes []*compare.Cause, perTarget int) {
	if len(causes) == 0 {
		fmt.Fprintln(w, "  none")
		return
	}
	count := map[compare.Target]int{}
	hidden := 0
	for _, c := range causes {
		if perTarget > 0 && count[c.Target] == perTarget {
			hidden++
			continue
		}
		count[c.Target]++
		head := fmt.Sprintf("  %-10s %6d  in %s at %s  e.g. ", c.Target.Version, c.Count, c.In, c.Found)
		avail := 0
		if r.width > 0 {
			avail = max(r.width-len(head), 12)
		}
		fmt.Fprintf(w, "%s%s\n", head, newDisplay(c.Example, c.Err.Offset, avail).text)
		reason := c.Err.Reason()
		if r.width > 0 {
			reason = shorten(reason, max(r.width-20, 12))
		}
		fmt.Fprintf(w, "  %17s %s\n", "", reason)
	}
	if hidden > 0 {
		fmt.Fprintf(w, "  (%d less frequent causes not shown: --format markdown, json or html lists them all)\n", hidden)
	}
}

// tableCausesPerTarget is how many of the rejection causes that every version shares the table
// shows per version, most frequent first.
const tableCausesPerTarget = 5

// shorten cuts s to n bytes at most, marking the cut; s is text of ours, not an input.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

func markdownBegin(r *report) {
	fmt.Fprint(r.out, "| input |")
	for _, t := range r.targets {
		fmt.Fprintf(r.out, " %s |", t)
	}
	if r.why {
		fmt.Fprint(r.out, " why |")
	}
	fmt.Fprint(r.out, " source |\n|---|")
	for range r.targets {
		fmt.Fprint(r.out, ":---:|")
	}
	if r.why {
		fmt.Fprint(r.out, "---|")
	}
	fmt.Fprintln(r.out, "---|")
}

// markdownCode writes s as a code span for a table cell (the empty string, which no code span
// can show, as "*(empty)*"): bytes outside printable ASCII as in Go's %+q (\x00, \u00e9), a
// backtick as itself, fenced by one more backtick than the longest
// run inside (CommonMark, "Code spans"), and "|" escaped as a table cell needs (GitHub
// Flavored Markdown, "Tables").
func markdownCode(s string) string {
	if s == "" {
		return "*(empty)*" // no code span is empty
	}
	q := strconv.QuoteToASCII(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	run, longest := 0, 0
	for i := 0; i < len(q); i++ {
		if q[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	// CommonMark strips one space from each end of a code span that begins and ends with
	// one (and is not all spaces): a span that begins or ends with a backtick or a space is
	// padded so that what is stripped is the padding.
	pad := ""
	if longest > 0 || (q[0] == ' ' || q[len(q)-1] == ' ') && strings.Trim(q, " ") != "" {
		pad = " "
	}
	return fence + pad + strings.ReplaceAll(q, "|", `\|`) + pad + fence
}

// markdownText escapes text of ours for a table cell.
func markdownText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func markdownRow(r *report, c compare.Comparison, source string) {
	w := r.out
	fmt.Fprintf(w, "| %s |", markdownCode(c.Input))
	var why []string
	for i, t := range r.targets {
		if e := syntaxError(c, i); e == nil {
			fmt.Fprint(w, " ✓ |")
		} else {
			fmt.Fprintf(w, " %s %d |", markInvalid, e.Offset)
			if !c.Agree() {
				why = append(why, fmt.Sprintf("%s byte %d: %s", t.Version, e.Offset, markdownText(e.Reason())))
			}
		}
	}
	if r.why {
		fmt.Fprintf(w, " %s |", strings.Join(why, "<br>"))
	}
	fmt.Fprintf(w, " %s |\n", markdownText(source))
}

func markdownSummary(w *bufio.Writer, r *report, s *compare.Summary) {
	fmt.Fprintf(w, "\n%s. %s valid, %s N invalid from byte N.\n\n| version | rule | accepted |\n|---|---|---:|\n", r.shown(s), markValid, markInvalid)
	for i, t := range s.Targets {
		fmt.Fprintf(w, "| %s | %s | %d |\n", t.Version, ruleLabel(t), s.Accepted[i])
	}
	if len(s.Pairs) > 0 {
		fmt.Fprint(w, "\n| first | second | both | only first | only second | neither |\n|---|---|---:|---:|---:|---:|\n")
		for _, p := range s.Pairs {
			fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d |\n", p.First.Version, p.Second.Version, p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
		}
	}
	disagree, shared := splitCauses(s)
	for _, part := range []struct {
		title  string
		causes []*compare.Cause
	}{
		{"Rejections where the versions disagree", disagree},
		{"Rejections every version shares", shared},
	} {
		if len(part.causes) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n\n| version | left the grammar in | found | count | example | reason |\n|---|---|---|---:|---|---|\n", part.title)
		for _, c := range part.causes {
			fmt.Fprintf(w, "| %s | %s | %s | %d | %s | %s |\n", c.Target.Version, c.In, markdownCode(c.Found), c.Count, markdownCode(c.Example), markdownText(c.Err.Reason()))
		}
	}
}

// tsvField escapes tabs, newlines and backslashes so that a field stays one field.
func tsvField(s string) string {
	return tsvEscaper.Replace(s)
}

// tsvEscaper is built once: building a Replacer costs more than using it.
var tsvEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

// tsvBegin prints the header: input, then per target its verdict column and its reason
// column ("TARGET reason"), then source.
func tsvBegin(r *report) {
	fmt.Fprint(r.out, "input")
	for _, t := range r.targets {
		fmt.Fprintf(r.out, "\t%s\t%s reason", t, t)
	}
	fmt.Fprintln(r.out, "\tsource")
}

// tsvRow prints "valid" or "invalid:OFFSET" per target, each followed by the reason (empty
// for an accepted input).
func tsvRow(r *report, c compare.Comparison, source string) {
	w := r.out
	w.WriteString(tsvField(c.Input))
	for i := range r.targets {
		if e := syntaxError(c, i); e == nil {
			w.WriteString("\tvalid\t")
		} else {
			fmt.Fprintf(w, "\tinvalid:%d\t%s", e.Offset, tsvField(e.Reason()))
		}
	}
	fmt.Fprintf(w, "\t%s\n", tsvField(source))
}

// tsvSummary prints the causes as a table of their own: a TSV of rows would be broken by a
// summary after them, so it is printed only to the --summary file.
func tsvSummary(w *bufio.Writer, r *report, s *compare.Summary) {
	if w == r.out {
		return
	}
	fmt.Fprintln(w, "version\trule\tshared\tin\tfound\tcount\texample\treason")
	for _, c := range s.Causes() {
		fmt.Fprintf(w, "%s\t%s\t%t\t%s\t%s\t%d\t%s\t%s\n", c.Target.Version, c.Target.Rule, c.Shared, c.In, tsvField(c.Found), c.Count, tsvField(c.Example), tsvField(c.Err.Reason()))
	}
}

// jsonVerdict is one version's verdict in compare's JSON Lines.
type jsonVerdict struct {
	Version string `json:"version"`
	// Rule is the start rule that accepted the input, or that it was held to and left.
	Rule     string   `json:"rule"`
	Valid    bool     `json:"valid"`
	Offset   *int     `json:"offset,omitempty"`
	Expected []string `json:"expected,omitempty"`
	In       string   `json:"in,omitempty"`
	Message  string   `json:"message,omitempty"`
}

// jsonInput is one input's line in compare's JSON Lines.
type jsonInput struct {
	Type  string `json:"type"` // "input"
	Input string `json:"input"`
	// InputBytes is the input's exact bytes when it is not valid UTF-8 (see checkResult).
	InputBytes []byte        `json:"input_bytes,omitempty"`
	Source     string        `json:"source,omitempty"`
	Verdicts   []jsonVerdict `json:"verdicts"`
}

func jsonRow(r *report, c compare.Comparison, source string) {
	line := jsonInput{Type: "input", Input: c.Input, InputBytes: inputBytes(c.Input), Source: source}
	for i, t := range r.targets {
		v := jsonVerdict{Version: t.Version.String(), Rule: t.RuleFor(c.Input, 0), Valid: c.Accepted(i)}
		if e := syntaxError(c, i); e != nil {
			v.Rule, v.Offset, v.Expected, v.In, v.Message = e.Rule, &e.Offset, e.Expected, e.In, e.Reason()
		}
		line.Verdicts = append(line.Verdicts, v)
	}
	writeJSON(r.out, line)
}

// jsonSummary writes the last line of compare's JSON Lines, its summary: "type" ("summary"),
// "read" (the inputs read) and "shown" ("all", or with --diff "disagreeing": the summary counts
// the inputs on which the versions disagree), then the members of the summary's JSON form
// (compare.Summary's MarshalJSON); when the input was cut short, "cut" says how
// ("interrupted after line 12", "cut short by a read error"). "compare --merge" reads such
// lines back.
func jsonSummary(w *bufio.Writer, r *report, s *compare.Summary) {
	body, err := s.MarshalJSON()
	if err != nil {
		panic(err) // the targets of a run are distinct versions (-g refuses a version twice)
	}
	shown := "all"
	if r.diff {
		shown = "disagreeing"
	}
	fmt.Fprintf(w, "{\"type\":\"summary\",\"read\":%d,\"shown\":%q,", r.read, shown)
	if r.cut != "" {
		fmt.Fprintf(w, "\"cut\":%q,", r.cut)
	}
	w.Write(body[1:])
	w.WriteByte('\n')
}

func writeJSON(w *bufio.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
