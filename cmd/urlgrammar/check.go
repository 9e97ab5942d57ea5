package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/internal/inorder"
)

// checkResult is one line of "check --format json": the input and its verdict under each
// version.
type checkResult struct {
	Line  int    `json:"line,omitempty"` // with -n
	Input string `json:"input"`
	// InputBytes is the input's exact bytes (base64, as encoding/json writes bytes) when it is
	// not valid UTF-8: JSON text can only carry UTF-8, so Input then shows U+FFFD for each bad
	// byte, and the offsets count in InputBytes.
	InputBytes []byte         `json:"input_bytes,omitempty"`
	Valid      bool           `json:"valid"` // under every version
	Verdicts   []checkVerdict `json:"verdicts"`
	// The provenance of an input read from a document (--from).
	*sourced
}

// checkVerdict is the verdict under one version, with the members compare's JSON gives it.
type checkVerdict struct {
	Version string `json:"version"`
	// Rule is the rule the input was held to: for RFC 1738's default reading, its scheme's.
	Rule     string   `json:"rule"`
	Valid    bool     `json:"valid"`
	Offset   *int     `json:"offset,omitempty"`
	Expected []string `json:"expected,omitempty"`
	In       string   `json:"in,omitempty"`
	Message  string   `json:"message,omitempty"`
}

// checkOptions are the flags of check that shape its output.
type checkOptions struct {
	quiet, explain, numbers, onlyInvalid, echo bool
	format                                     *formatFlag
	targets                                    []compare.Target
	mode                                       urlgrammar.Mode
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "-g ID[,ID...] [-rule RULE] [-q] [--format text|json|tsv] [-n] [--only-invalid] [--echo] [--count] [--explain] [--case-ignore-scheme] [--from FORMAT [--resolve]] [-f FILE | INPUT...]", stderr)
	targetsOf := addGrammarFlags(fs, true, stderr)
	in := addInputFlags(fs)
	o := &checkOptions{format: addFormatFlag(fs, "text", "json", "tsv")}
	fs.BoolVar(&o.quiet, "q", false, "verdicts only: \"valid\" or \"invalid\" per input, without the diagnosis (faster)")
	fs.BoolVar(&o.explain, "explain", false, "also show each rejected input with a caret under its offset, on standard error")
	fs.BoolVar(&o.numbers, "n", false, "begin each verdict with the input's line number (its position, for arguments)")
	fs.BoolVar(&o.onlyInvalid, "only-invalid", false, "print the verdicts of the invalid inputs only")
	fs.BoolVar(&o.echo, "echo", false, "add the input to each verdict line, after the verdict")
	count := fs.Bool("count", false, "end with \"N of M valid\" on standard error")
	sf := addSourceFlags(fs, "lines")
	fs.BoolFunc("case-ignore-scheme", "treat upper case letters in a scheme name as lower case (RFC 1738 section 2.1)", func(string) error {
		o.mode = urlgrammar.CaseIgnoreScheme
		return nil
	})
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if o.targets, err = targetsOf(); err != nil {
		return fail(stderr, "check", err)
	}
	if o.quiet && o.explain {
		return fail(stderr, "check", errors.New("-q excludes --explain: -q makes no diagnosis to explain"))
	}
	resolveBy := urlgrammar.RFC3986 // --resolve's algorithm: -g's, when it names one version
	if len(o.targets) == 1 {
		resolveBy = o.targets[0].Version
	}
	l, err := newSourceLoop("check", in, sf, resolveBy, inputs, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "check", err)
	}
	l.count = *count
	if o.format.name == "tsv" {
		o.header(l)
	}
	return o.run(l)
}

// A checkBatch is the results of a batch of inputs: their lines one after the other, where
// each ends, and each one's verdict; or for an input that has none, why (a *badLine), and what
// --explain writes on standard error, each kept only for the inputs that have them (most have
// none).
type checkBatch struct {
	in        []input
	out       []byte
	ends      []int
	valid     []bool
	invalid   int            // the inputs some version rejects
	bad       map[int]error  // by input, the reason it has no verdict
	explained map[int][]byte // by input, --explain's lines
}

// run judges the inputs of l and writes the verdicts. They are judged and their lines made on
// every CPU, in batches, and written in input order, as compare writes its rows (memory stays
// bounded on a stream of any length); with --line-buffered, each as soon as it is read.
func (o *checkOptions) run(l *loop) int {
	write := func(b checkBatch) bool {
		if b.bad == nil && b.explained == nil { // the common case, at once
			l.out.Write(b.out)
			return l.doneAll(len(b.in), b.invalid)
		}
		start := 0
		for i, end := range b.ends {
			l.out.Write(b.out[start:end])
			start = end
			if e := b.explained[i]; e != nil {
				l.stderr.Write(e)
			}
			if !l.done(b.in[i], b.valid[i], b.bad[i]) {
				return false
			}
		}
		return true
	}
	if l.flags.lineBuffered {
		for in := range l.all() {
			if !write(o.batch(l, 0, []input{in})) {
				break
			}
		}
		return l.finish()
	}
	// As compare's (compareRows): the pipeline holds little and makes much garbage.
	if _, set := os.LookupEnv("GOGC"); !set {
		defer debug.SetGCPercent(debug.SetGCPercent(400))
	}
	inorder.Map(l.all(), func(first int, batch []input) checkBatch { return o.batch(l, first, batch) }, write)
	return l.finish()
}

// batch judges a batch of inputs and makes their lines.
func (o *checkOptions) batch(l *loop, _ int, batch []input) checkBatch {
	perLine := 32 // most lines of check -q are "valid\n" or "invalid\n"
	if o.quiet && o.format.name == "text" {
		perLine = 8
	}
	b := checkBatch{in: batch, out: make([]byte, 0, perLine*len(batch)), ends: make([]int, len(batch)), valid: make([]bool, len(batch))}
	errs := make([]error, len(o.targets))
	for i, in := range batch {
		err := in.bad
		if err == nil {
			err = o.judge(in.text, errs)
		}
		if err != nil {
			if b.bad == nil {
				b.bad = map[int]error{}
			}
			b.bad[i] = err
		} else {
			var explained []byte
			b.out, b.valid[i], explained = o.line(b.out, l, in, errs)
			if explained != nil {
				if b.explained == nil {
					b.explained = map[int][]byte{}
				}
				b.explained[i] = explained
			}
			if !b.valid[i] {
				b.invalid++
			}
		}
		b.ends[i] = len(b.out)
	}
	return b
}

// errNotMatched is the verdict of -q on an input a version rejects: no diagnosis says where.
var errNotMatched = errors.New("rejected (no diagnosis with -q)")

// validate is Target.Validate, which a test replaces to plant an internal error.
var validate = compare.Target.Validate

// judge sets errs to the verdicts on s, one per target: nil where it accepts, a
// *urlgrammar.SyntaxError (with -q, errNotMatched) where it rejects. An internal error of the
// library (an *urlgrammar.EngineError) is no verdict: the input is reported as not judged,
// with the error's message, and the exit status is 2.
func (o *checkOptions) judge(s string, errs []error) error {
	for i, t := range o.targets {
		if o.quiet {
			errs[i] = nil
			if !urlgrammar.MatchRule(t.Version, t.Rule, s, o.mode) {
				errs[i] = errNotMatched
			}
			continue
		}
		err := validate(t, s, o.mode)
		if _, ok := err.(*urlgrammar.SyntaxError); err != nil && !ok {
			return &badLine{err.Error()}
		}
		errs[i] = err
	}
	return nil
}

// line appends the line of in, whose verdicts are errs, in the chosen format, and returns
// whether every version accepts it, and what --explain adds on standard error.
func (o *checkOptions) line(b []byte, l *loop, in input, errs []error) (out []byte, valid bool, explained []byte) {
	valid = true
	for _, err := range errs {
		valid = valid && err == nil
		if se, ok := err.(*urlgrammar.SyntaxError); ok && o.explain {
			var e bytes.Buffer
			explain(&e, se)
			explained = append(explained, e.Bytes()...)
		}
	}
	if o.onlyInvalid && valid {
		return b, valid, explained
	}
	switch o.format.name {
	case "json":
		return o.jsonLine(b, in, errs, valid), valid, explained
	case "tsv":
		if o.numbers {
			b = append(append(b, l.position(in)...), '\t')
		}
		b = append(b, compare.TSVField(in.text)...)
		for _, err := range errs {
			b = append(append(b, '\t'), verdict(err, true)...)
			b = append(append(b, '\t'), compare.TSVField(reason(err))...)
		}
		if l.from != nil {
			b = append(append(b, '\t'), compare.TSVField(in.src.String())...)
		}
		return append(b, '\n'), valid, explained
	}
	if o.numbers {
		b = append(append(b, l.position(in)...), '\t')
	}
	for i, err := range errs {
		if i > 0 {
			b = append(b, '\t')
		}
		b = append(b, verdict(err, false)...)
	}
	if o.echo {
		b = append(append(b, '\t'), compare.TSVField(in.text)...)
	}
	if se, ok := errs[0].(*urlgrammar.SyntaxError); ok && len(errs) == 1 {
		b = append(strconv.AppendInt(append(b, '\t'), int64(se.Offset), 10), '\t')
		b = append(b, se.Reason()...)
	}
	return append(b, '\n'), valid, explained
}

// header writes the header row of check's TSV.
func (o *checkOptions) header(l *loop) {
	var h []string
	if o.numbers {
		h = append(h, "line")
	}
	h = append(h, "input")
	for _, t := range o.targets {
		h = append(h, t.Version.String(), t.Version.String()+" reason")
	}
	if l.from != nil {
		h = append(h, "source")
	}
	writeTSV(l.out, h...)
}

// verdict is the word of a verdict: "valid" or "invalid", in TSV with the offset where it has
// one, as compare's TSV writes it ("invalid:9").
func verdict(err error, offset bool) string {
	se, ok := err.(*urlgrammar.SyntaxError)
	switch {
	case err == nil:
		return "valid"
	case ok && offset:
		return "invalid:" + strconv.Itoa(se.Offset)
	}
	return "invalid"
}

// reason is why err rejects its input, "" for none (with -q, or when it accepts).
func reason(err error) string {
	if se, ok := err.(*urlgrammar.SyntaxError); ok {
		return se.Reason()
	}
	return ""
}

// jsonLine appends the JSON line of in.
func (o *checkOptions) jsonLine(b []byte, in input, errs []error, valid bool) []byte {
	r := checkResult{Input: in.text, InputBytes: inputBytes(in.text), Valid: valid, sourced: in.src}
	if o.numbers {
		r.Line = in.line
	}
	for i, t := range o.targets {
		v := checkVerdict{Version: t.Version.String(), Rule: t.RuleFor(in.text, o.mode), Valid: errs[i] == nil}
		if se, ok := errs[i].(*urlgrammar.SyntaxError); ok {
			v.Rule, v.Offset, v.Expected, v.In, v.Message = se.Rule, &se.Offset, se.Expected, se.In, se.Reason()
		}
		r.Verdicts = append(r.Verdicts, v)
	}
	var buf bytes.Buffer
	if err := encodeJSONLine(&buf, r); err != nil {
		panic(fmt.Sprintf("check: %v", err)) // of strings, numbers and booleans: it has a JSON form
	}
	return append(b, buf.Bytes()...)
}

// inputBytes returns s's bytes when s is not valid UTF-8 (for a JSON "input_bytes"), or nil.
func inputBytes(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}
