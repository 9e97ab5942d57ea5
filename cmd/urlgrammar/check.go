package main

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// checkResult is one line of "check --json".
type checkResult struct {
	Line  int    `json:"line,omitempty"` // with -n
	Input string `json:"input"`
	// InputBytes is the input's exact bytes (base64, as encoding/json writes bytes) when it is
	// not valid UTF-8: JSON text can only carry UTF-8, so Input then shows U+FFFD for each bad
	// byte, and Offset counts in InputBytes.
	InputBytes []byte `json:"input_bytes,omitempty"`
	Valid      bool   `json:"valid"`
	// Rule is the rule the input was held to: for RFC 1738's default reading, its scheme's.
	Rule     string   `json:"rule"`
	Offset   *int     `json:"offset"`
	Expected []string `json:"expected"`
	Message  *string  `json:"message"`
	// The provenance of an input read from a document (--from).
	*sourced
}

// checkOptions are the flags of check that shape its output.
type checkOptions struct {
	quiet, json, explain, numbers, onlyInvalid, echo bool
	target                                           compare.Target
	mode                                             urlgrammar.Mode
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "-g ID [-rule RULE] [-q | --json] [-n] [--only-invalid] [--echo] [--count] [--explain] [--case-ignore-scheme] [--from FORMAT [--resolve]] [-f FILE | INPUT...]", stderr)
	targetOf := addGrammarFlags(fs)
	in := addInputFlags(fs)
	var o checkOptions
	fs.BoolVar(&o.json, "json", false, "print JSON Lines: input, valid, offset, expected, message")
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
	if o.target, err = targetOf(); err != nil {
		return fail(stderr, "check", err)
	}
	if o.quiet && (o.json || o.explain) {
		return fail(stderr, "check", errors.New("-q excludes --json and --explain"))
	}
	l, err := newSourceLoop("check", in, sf, o.target.Version, inputs, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "check", err)
	}
	l.count = *count
	return o.run(l, in.lineBuffered)
}

// run judges the inputs of l and writes the verdicts.
func (o checkOptions) run(l *loop, lineBuffered bool) int {
	if o.quiet || lineBuffered {
		// One at a time: Match alone when no diagnosis is wanted, and each verdict as soon
		// as its line is read.
		return l.run(func(in input) (bool, error) {
			if o.quiet {
				if urlgrammar.MatchRule(o.target.Version, o.target.Rule, in.text, o.mode) {
					return o.judge(l, in, nil)
				}
				return o.judge(l, in, &urlgrammar.SyntaxError{Input: in.text})
			}
			return o.judge(l, in, o.target.Validate(in.text, o.mode))
		})
	}
	// The inputs are judged on every CPU, in batches, and printed in input order
	// (compare.CompareAll with the one target): memory stays bounded on a stream of any
	// length.
	comparisons, err := compare.CompareAll([]compare.Target{o.target}, l.texts(true), o.mode)
	if err != nil {
		return fail(l.stderr, "check", err)
	}
	for c := range comparisons {
		in := l.next()
		valid, err := o.judge(l, in, c.Err(0))
		if !l.done(in, valid, err) {
			break
		}
	}
	return l.finish()
}

// judge writes the verdict on in, whose error err is: nil, or a *SyntaxError. Another, an
// internal error (an *urlgrammar.EngineError), is no verdict: it reports in as not judged,
// with the error's message, on standard error, and the exit status is 2.
func (o checkOptions) judge(l *loop, in input, err error) (bool, error) {
	se, ok := err.(*urlgrammar.SyntaxError)
	if err != nil && !ok {
		return false, &badLine{err.Error()}
	}
	return se == nil, o.write(l, in, se)
}

// write writes the verdict on in (se nil when it is valid) as the options say.
func (o checkOptions) write(l *loop, in input, se *urlgrammar.SyntaxError) error {
	if o.explain && se != nil {
		explain(l.stderr, se)
	}
	if o.onlyInvalid && se == nil {
		return nil
	}
	if o.json {
		r := checkResult{Input: in.text, InputBytes: inputBytes(in.text), Valid: se == nil, Rule: o.target.RuleFor(in.text, o.mode), sourced: in.src}
		if o.numbers {
			r.Line = in.line
		}
		if se != nil {
			msg := se.Reason()
			r.Offset, r.Expected, r.Message = &se.Offset, se.Expected, &msg
		}
		return encodeJSONLine(l.out, r)
	}
	if o.numbers {
		l.out.WriteString(l.position(in) + "\t")
	}
	verdict := "valid"
	if se != nil {
		verdict = "invalid"
	}
	l.out.WriteString(verdict)
	if o.echo {
		l.out.WriteString("\t" + compare.TSVField(in.text))
	}
	if se != nil && !o.quiet {
		fmt.Fprintf(l.out, "\t%d\t%s", se.Offset, se.Reason())
	}
	return l.out.WriteByte('\n')
}

// inputBytes returns s's bytes when s is not valid UTF-8 (for a JSON "input_bytes"), or nil.
func inputBytes(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}
