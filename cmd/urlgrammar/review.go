package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/review"
)

// reviewFinding is one finding in the JSON of review, compare and resolve.
type reviewFinding struct {
	Version  string          `json:"version,omitempty"` // in compare's JSON
	Concern  string          `json:"concern"`
	Severity review.Severity `json:"severity"`
	Section  string          `json:"section"`
	Reason   string          `json:"reason"`
	Begin    int             `json:"begin"`
	End      int             `json:"end"`
	Text     string          `json:"text"`
}

// reviewResult is one line of "review --format json".
type reviewResult struct {
	Input    string          `json:"input"`
	Valid    bool            `json:"valid"`
	Findings []reviewFinding `json:"findings"`
	Offset   *int            `json:"offset,omitempty"`
	Expected []string        `json:"expected,omitempty"`
	Message  *string         `json:"message,omitempty"`
	// Unchecked says why a valid input was not checked: the version's document states no
	// consideration to check it against.
	Unchecked string `json:"unchecked,omitempty"`
	// The provenance of an input read from a document (--from).
	*sourced
}

func jsonFindings(input string, fs []review.Finding) []reviewFinding {
	out := []reviewFinding{} // [] rather than null when there is none
	for _, f := range fs {
		out = append(out, reviewFinding{Concern: f.Concern.String(), Severity: f.Severity, Section: f.Section, Reason: f.Reason, Begin: f.Begin, End: f.End, Text: input[f.Begin:f.End]})
	}
	return out
}

func runReview(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("review", reviewUsage, stderr)
	o := &reviewFlags{}
	id := fs.String("g", "", "grammar version `ID` whose document's security considerations to check (see \"urlgrammar versions\")")
	o.format = addFormatFlag(fs, "text", "json", "tsv")
	fs.BoolVar(&o.explainSpan, "explain", false, "also show each finding on standard error, with carets under its span")
	fs.TextVar(&o.failOn, "fail-on", review.SeverityInformational, "exit 1 only for findings of `SEVERITY` or above: informational, warning, should-not or must")
	fs.BoolVar(&o.hosts, "hosts", true, "also hold the host the grammar reads to the hosts net/url and a browser (the WHATWG URL Standard) connect to (host-differs)")
	in := addInputFlags(fs)
	sf := addSourceFlags(fs, "lines")
	inputs, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	vs, err := versionsFlag("review", *id, false, stderr)
	if err != nil {
		return fail(stderr, "review", err)
	}
	v := vs[0]
	l, err := newSourceLoop("review", in, sf, v, inputs, stdin, stdout, stderr)
	if err != nil {
		return fail(stderr, "review", err)
	}
	if o.format.name == "tsv" {
		h := []string{"input", "result", "detail"}
		if l.from != nil {
			h = append(h, "source")
		}
		writeTSV(l.out, h...)
	}
	return l.run(func(in input) (bool, error) { return o.review(l.out, stderr, v, in) })
}

const reviewUsage = `-g ID [--fail-on SEVERITY] [--format text|json|tsv] [--explain] [--from FORMAT [--resolve]] [-f FILE | INPUT...]

Checks each valid input against the security considerations of the version's own document,
and (--hosts, on by default) the host the grammar reads against the hosts that net/url and a
browser connect to.
One line per input: "ok"; or "findings" and, for each, a tab, the document's section, the
severity of its words (informational, warning, should-not, must), the reason and the byte
span; or "invalid", the offset and the reason, as check prints them; or "unchecked" and why,
under a version whose document states no consideration (draft1993).
Exit status 1 when some input is invalid or unchecked, or has a finding of the --fail-on
severity or above (by default, any finding).`

// reviewFlags are the flags of review that shape its output and status.
type reviewFlags struct {
	format      *formatFlag
	explainSpan bool
	failOn      review.Severity
	hosts       bool // --hosts: the host-differs findings of review.Hosts
}

// review reviews one input under v and writes its line. An input that could not be reviewed
// fails the run, as does a finding of the chosen severity or above.
func (o *reviewFlags) review(out *bufio.Writer, stderr io.Writer, v urlgrammar.Version, in input) (bool, error) {
	findings, err := review.URL(v, in.text, 0)
	if err == nil && o.hosts {
		findings = withHosts(findings, v, in.text)
	}
	var se *urlgrammar.SyntaxError
	var unchecked string
	switch {
	case errors.Is(err, review.ErrNoConsiderations):
		unchecked = cause(err)
	case err != nil && !errors.As(err, &se):
		return false, err
	}
	pass := err == nil && !slices.ContainsFunc(findings, func(f review.Finding) bool { return f.Severity >= o.failOn })
	writeErr := o.write(out, in, findings, se, unchecked)
	if o.explainSpan {
		if se != nil {
			explain(stderr, se)
		}
		for _, f := range findings {
			explainFinding(stderr, in.text, f)
		}
	}
	return pass, writeErr
}

// write writes the line of an input: its findings, its syntax error, or why it was not
// checked (unchecked).
func (o *reviewFlags) write(out *bufio.Writer, in input, findings []review.Finding, se *urlgrammar.SyntaxError, unchecked string) error {
	s := in.text
	if o.format.name == "json" {
		r := reviewResult{Input: s, Valid: se == nil, Findings: jsonFindings(s, findings), Unchecked: unchecked, sourced: in.src}
		if se != nil {
			msg := se.Reason()
			r.Offset, r.Expected, r.Message = &se.Offset, se.Expected, &msg
		}
		return encodeJSONLine(out, r)
	}
	var result string
	var details []string
	switch {
	case unchecked != "":
		result, details = "unchecked", []string{unchecked}
	case se != nil:
		result, details = "invalid", []string{strconv.Itoa(se.Offset), se.Reason()}
	case len(findings) == 0:
		result = "ok"
	default:
		result = "findings"
		for _, f := range findings {
			details = append(details, fmt.Sprintf("%s (bytes %d-%d)", f, f.Begin, f.End))
		}
	}
	if o.format.name == "tsv" {
		row := []string{s, result, strings.Join(details, "; ")}
		if in.src != nil {
			row = append(row, in.src.String())
		}
		return writeTSV(out, row...)
	}
	out.WriteString(strings.Join(append([]string{result}, details...), "\t"))
	if in.src != nil { // an input of a document (--from): the input, and where it was found
		out.WriteString("\t" + s + "\t" + in.src.String())
	}
	return out.WriteByte('\n')
}

// explainFinding writes a finding for a person: its section and reason, then the input (or
// the part of it around the span) with carets under the span.
func explainFinding(w io.Writer, input string, f review.Finding) {
	line, marks := shownSpan(input, f.Begin, f.End)
	fmt.Fprintf(w, "%s (%s): bytes %d-%d: %s\n  %s\n  %s\n", f.Section, f.Severity, f.Begin, f.End, f.Reason, line, marks)
}

// withReview adds to r's rows each accepting version's security review of the input
// (compare.Report.Review): in markdown a last column, "review", that lists the findings; in
// JSON a "review" member with them; in the HTML report, beside the input. The review of a
// version is review.URL, the version's default reading of the input.
func withReview(r *compare.Report) {
	r.Review = func(c compare.Comparison, f compare.Format) []string {
		var shown []string
		for _, fd := range reviewRow(r.Targets, c) {
			switch f {
			case compare.FormatJSON:
				var b strings.Builder
				encodeJSONLine(&b, fd)
				shown = append(shown, strings.TrimSuffix(b.String(), "\n"))
			case compare.FormatMarkdown:
				cell := fmt.Sprintf("%s: %s (%s): %s %s", fd.Version, fd.Section, fd.Severity, fd.Concern, compare.MarkdownCode(fd.Text))
				shown = append(shown, strings.ReplaceAll(cell, "|", `\|`))
			default:
				shown = append(shown, fmt.Sprintf("%s: %s: %s", fd.Version, fd.Section, fd.Reason))
			}
		}
		return shown
	}
}

// reviewRow reviews the input of c under each version that accepts it.
func reviewRow(targets []compare.Target, c compare.Comparison) []reviewFinding {
	out := []reviewFinding{}
	for i, t := range targets {
		if !c.Accepted(i) {
			continue
		}
		fs, err := review.URL(t.Version, c.Input, 0)
		if err != nil {
			continue // accepted under the compared rule, not the default reading (draft1994's url); or a reader
		}
		fs = withHosts(fs, t.Version, c.Input)
		for _, f := range jsonFindings(c.Input, fs) {
			f.Version = t.Version.String()
			out = append(out, f)
		}
	}
	return out
}
