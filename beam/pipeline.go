// Command beam is an Apache Beam pipeline that compares the URLs of text, WARC or CDX files
// under the chosen versions of the URL grammars, as "urlgrammar compare --from" does on one
// machine, on any runner Beam has: each worker reads whole files with the source package and
// judges their URLs with the compare package, and the workers' summaries are combined by the
// exact merge of compare summaries (compare.Summary.Merge). Its output is the summary as
// "urlgrammar compare --format json --summary FILE" writes it, so that "urlgrammar compare
// --merge" reads it beside the CLI's, and optionally the inputs on which the versions disagree.
//
//	go run . --input 'crawl/*.warc.gz' --from warc -g rfc1738,draft2003 --summary summary.json
//
// See the README for running it on Flink, Spark or Dataflow.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source"
)

// options are what the pipeline reads, how it judges, and where it writes.
type options struct {
	Input         string // a glob of any filesystem Beam has ("gs://bucket/crawl/*.warc.gz")
	Format        string // a format of source.Formats
	Versions      string // comma-separated version IDs; "" for all
	Absolute      bool   // hold each version to its absolute-URL rule instead of its default reading
	Summary       string // where the summary's JSON goes
	Disagreements string // where the disagreeing inputs go, or ""
}

// targets are the targets the inputs are judged under, as "urlgrammar compare" chooses them:
// each version's default reading, that of check and Validate, under which a document's relative
// reference is judged as a reference; with --absolute, each version's absolute-URL rule.
func (o options) targets() ([]compare.Target, error) {
	vs, err := compare.ParseVersions(o.Versions)
	if err != nil {
		return nil, err
	}
	ts := compare.ReferenceTargets(vs...)
	if o.Absolute {
		ts = compare.AbsoluteTargets(vs...)
	}
	return ts, compare.CheckTargets(ts)
}

// build adds the pipeline to s.
func build(s beam.Scope, o options) error {
	if _, err := o.targets(); err != nil {
		return err
	}
	if _, err := source.Read(o.Format, nil, ""); err != nil {
		return err
	}
	files := fileio.MatchFiles(s, o.Input)
	// Each file is read as stored: the source readers decompress gzip themselves, and read a
	// WARC file's gzip members one by one.
	readable := fileio.ReadMatches(s, files, fileio.ReadUncompressed())
	urls := beam.ParDo(s, &readFn{Format: o.Format}, readable)
	summary := beam.Combine(s, &summaryFn{Opts: o}, urls)
	textio.Write(s, o.Summary, summary)
	if o.Disagreements != "" {
		textio.Write(s, o.Disagreements, beam.ParDo(s, &disagreeFn{Opts: o}, urls))
	}
	return nil
}

// A found is one URL of a file, with where it was found (source.Where's String).
type found struct {
	Text  string
	Where string
}

// readFn reads the URLs of a file.
type readFn struct {
	Format string
}

func (f *readFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(found)) error {
	r, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer r.Close()
	seq, err := source.Read(f.Format, r, file.Metadata.Path)
	if err != nil {
		return err
	}
	for u, err := range seq {
		var se *source.Error
		switch {
		case errors.As(err, &se):
			// A part of the file skipped (a malformed record), as the CLI reports it.
			skipped.Inc(ctx, 1)
			log.Warnf(ctx, "skipped: %v", err)
			continue
		case err != nil:
			return err
		}
		emit(found{u.Text, u.Where.String()})
	}
	return nil
}

// skipped counts the parts of files that could not be read.
var skipped = beam.NewCounter("urlgrammar", "skipped")

// summary is the accumulator of summaryFn: a compare.Summary, coded as its JSON form.
type summary struct {
	s *compare.Summary
}

func encodeSummary(a summary) ([]byte, error) {
	if a.s == nil {
		return []byte("null"), nil
	}
	return a.s.MarshalJSON()
}

func decodeSummary(b []byte) (summary, error) {
	if string(b) == "null" {
		return summary{}, nil
	}
	s := new(compare.Summary)
	return summary{s}, s.UnmarshalJSON(b)
}

// summaryFn judges each URL and sums the verdicts up, the sums of workers merged exactly.
type summaryFn struct {
	Opts    options
	targets []compare.Target
}

func (f *summaryFn) setup() {
	if f.targets == nil {
		f.targets, _ = f.Opts.targets()
	}
}

func (f *summaryFn) CreateAccumulator() summary {
	f.setup()
	return summary{compare.NewSummary(f.targets)}
}

func (f *summaryFn) AddInput(a summary, u found) (summary, error) {
	f.setup()
	if a.s == nil {
		a = summary{compare.NewSummary(f.targets)}
	}
	c, err := compare.Compare(f.targets, u.Text, 0)
	if err != nil {
		return a, err
	}
	a.s.Add(c)
	return a, nil
}

func (f *summaryFn) MergeAccumulators(a, b summary) (summary, error) {
	switch {
	case a.s == nil:
		return b, nil
	case b.s == nil:
		return a, nil
	}
	return a, a.s.Merge(b.s)
}

// ExtractOutput writes the summary as "urlgrammar compare --format json" writes its summary
// line.
func (f *summaryFn) ExtractOutput(a summary) (string, error) {
	if a.s == nil {
		a = f.CreateAccumulator()
	}
	r := compare.Report{Targets: a.s.Targets, Read: a.s.Inputs}
	return line(func(w *bufio.Writer) { r.WriteSummary(w, compare.FormatJSON, a.s) }), nil
}

// disagreeFn writes the inputs on which the versions disagree, as JSON lines: each the row
// that "urlgrammar compare --format json --diff" writes of the input, with where it was found.
type disagreeFn struct {
	Opts    options
	targets []compare.Target
}

func (f *disagreeFn) ProcessElement(u found, emit func(string)) error {
	if f.targets == nil {
		f.targets, _ = f.Opts.targets()
	}
	c, err := compare.Compare(f.targets, u.Text, 0)
	if err != nil || c.Agree() {
		return err
	}
	r := compare.Report{Targets: f.targets}
	emit(line(func(w *bufio.Writer) { r.WriteRow(w, compare.FormatJSON, c, u.Where) }))
	return nil
}

// line returns the line that write writes, without its end: textio.Write ends each line.
func line(write func(w *bufio.Writer)) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	write(w)
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

func init() {
	beam.RegisterCoder(reflect.TypeOf(summary{}), encodeSummary, decodeSummary)
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(found), error](&readFn{})
	register.Emitter1[found]()
	register.Combiner3[summary, found, string](&summaryFn{})
	register.DoFn2x1[found, func(string), error](&disagreeFn{})
	register.Emitter1[string]()
}

// flags binds the options to the command line.
func flags(fs *flag.FlagSet) *options {
	o := &options{}
	fs.StringVar(&o.Input, "input", "", "the files to read: a glob of any filesystem Beam has (local, gs://, s3://)")
	fs.StringVar(&o.Format, "from", "warc", "read the files as `FORMAT`: "+strings.Join(source.Formats, ", "))
	fs.StringVar(&o.Versions, "g", "", "comma-separated version `IDs` to compare (default: all)")
	fs.BoolVar(&o.Absolute, "absolute", false, "hold each version to its absolute-URL rule instead of its default reading (check's)")
	fs.StringVar(&o.Summary, "summary", "summary.json", "write the summary's JSON to `FILE`")
	fs.StringVar(&o.Disagreements, "disagreements", "", "also write the inputs on which the versions disagree, as JSON lines, to `FILE`")
	return o
}
