package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urlgrammar/urlgrammar"
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
	fs := newFlagSet("compare", "[-g ID,ID,...] [--diff] [--format table|tsv|json|markdown] [FILE|-]", stderr)
	ids := fs.String("g", "", "comma-separated version `IDs` (default: all)")
	diff := fs.Bool("diff", false, "show only the inputs on which the versions disagree")
	format := fs.String("format", "table", "output `format`: table, tsv, json or markdown")
	reference := fs.Bool("reference", false, "hold each version to its broadest reference rule instead of its absolute-URL rule")
	review := fs.Bool("review", false, "add each accepting version's security review of the input (urlgrammar review) to markdown and json")
	useCorpus := fs.Bool("corpus", false, "compare the embedded default corpus (the default when there is no FILE and stdin is a terminal)")
	overrides := ruleOverrides{}
	fs.Var(overrides, "rule", "hold version ID to `ID=RULE` (repeatable; RULE empty for the default reading)")
	files, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "urlgrammar compare:", err)
		return exitUsage
	}
	if len(files) > 1 {
		return fail(fmt.Errorf("at most one FILE"))
	}
	w, ok := writers[*format]
	if !ok {
		return fail(fmt.Errorf("unknown format %q (table, tsv, json or markdown)", *format))
	}
	if *review {
		if w, err = withReview(w, *format); err != nil {
			return fail(err)
		}
	}
	var vs []urlgrammar.Version
	if *ids != "" {
		for _, id := range strings.Split(*ids, ",") {
			v, err := urlgrammar.Lookup(strings.TrimSpace(id))
			if err != nil {
				return fail(err)
			}
			vs = append(vs, v)
		}
	}
	targets := urlgrammar.AbsoluteTargets(vs...)
	if *reference {
		targets = urlgrammar.ReferenceTargets(vs...)
	}
	for id, rule := range overrides {
		v, err := urlgrammar.Lookup(id)
		if err != nil {
			return fail(err)
		}
		found := false
		for i := range targets {
			if targets[i].Version == v {
				targets[i].Rule, found = rule, true
			}
		}
		if !found {
			return fail(fmt.Errorf("-rule %s=%s: %s is not among the compared versions", id, rule, id))
		}
	}
	if err := urlgrammar.CheckTargets(targets); err != nil {
		return fail(err)
	}

	// The inputs: the embedded corpus, a file, or standard input.
	// sources holds, for the embedded corpus, where each input comes from, in input order (an
	// input may come from several documents; CompareAll yields in input order).
	var sources []string
	var inputs iter.Seq[string]
	var readErr error
	switch {
	case *useCorpus || (len(files) == 0 && isTerminal(stdin)):
		corpus := urlgrammar.Corpus()
		inputs = func(yield func(string) bool) {
			for _, ex := range corpus {
				if !yield(ex.Input) {
					return
				}
			}
		}
		for _, ex := range corpus {
			sources = append(sources, ex.Source)
		}
	default:
		r := stdin
		if len(files) == 1 && files[0] != "-" {
			f, err := os.Open(files[0])
			if err != nil {
				return fail(err)
			}
			defer f.Close()
			r = f
		}
		inputs = func(yield func(string) bool) {
			readErr = readInputs(nil, r, yield)
		}
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	summary := urlgrammar.NewSummary(targets)
	progress := newProgress(stderr)
	disagreements := 0
	w.begin(out, targets)
	for c := range urlgrammar.CompareAll(targets, inputs) {
		summary.Add(c)
		progress.tick(summary.Inputs)
		if c.Agree() {
			if *diff {
				continue
			}
		} else {
			disagreements++
		}
		source := ""
		if i := summary.Inputs - 1; i < len(sources) {
			source = sources[i]
		}
		w.row(out, targets, c, source)
	}
	progress.done()
	w.end(out, summary)
	if err := out.Flush(); err != nil {
		return fail(err)
	}
	if readErr != nil {
		return fail(readErr)
	}
	if *diff && disagreements > 0 {
		return exitInvalid
	}
	return exitValid
}

// isTerminal reports whether r is a terminal (a character device), which is where compare
// takes its inputs from the embedded corpus instead.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progress reports, on a terminal's stderr only, how many inputs a long run has compared.
type progress struct {
	w     io.Writer
	start time.Time
	next  time.Time
	shown bool
}

func newProgress(stderr io.Writer) *progress {
	if f, ok := stderr.(*os.File); !ok || !isTerminal(f) {
		return nil
	}
	now := time.Now()
	return &progress{w: stderr, start: now, next: now.Add(2 * time.Second)}
}

func (p *progress) tick(n int) {
	if p == nil || n%4096 != 0 {
		return
	}
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

// A compareWriter prints compare's output in one format.
type compareWriter struct {
	begin func(w *bufio.Writer, targets []urlgrammar.Target)
	row   func(w *bufio.Writer, targets []urlgrammar.Target, c urlgrammar.Comparison, source string)
	end   func(w *bufio.Writer, s *urlgrammar.Summary)
}

var writers = map[string]compareWriter{
	"table":    {tableBegin, tableRow, tableEnd},
	"markdown": {markdownBegin, markdownRow, markdownEnd},
	"tsv":      {tsvBegin, tsvRow, func(*bufio.Writer, *urlgrammar.Summary) {}},
	"json":     {func(*bufio.Writer, []urlgrammar.Target) {}, jsonRow, jsonEnd},
}

// Short column names keep the table within 80 columns.
var shortNames = map[string]string{
	"draft1993": "d93", "draft1994": "d94", "rfc1738": "1738", "rfc1808": "1808",
	"draft1997": "d97", "rfc2396": "2396", "draft2003": "d03", "rfc3986": "3986",
}

func shortName(v urlgrammar.Version) string {
	if s, ok := shortNames[v.String()]; ok {
		return s
	}
	return v.String()
}

const (
	markValid   = "✓"
	markInvalid = "·"
)

func tableBegin(w *bufio.Writer, targets []urlgrammar.Target) {
	for _, t := range targets {
		fmt.Fprintf(w, "%-5s", shortName(t.Version))
	}
	fmt.Fprintln(w, "input")
}

// clip shortens s to n columns for the table, marking the cut, and quotes control characters.
func clip(s string, n int) string {
	if needsQuotes(s) {
		s = strconv.QuoteToASCII(s)
	}
	if len(s) > n {
		s = s[:n-1] + "…"
	}
	return s
}

// needsQuotes reports whether clip shows s quoted: when it holds a space, or anything that
// %+q would escape (a byte outside printable ASCII, a quote, a backslash).
func needsQuotes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return true
		}
	}
	return false
}

// The marks of a table row, each in its column of five.
var (
	cellValid   = fmt.Sprintf("%-5s", " "+markValid)
	cellInvalid = fmt.Sprintf("%-5s", " "+markInvalid)
)

func tableRow(w *bufio.Writer, targets []urlgrammar.Target, c urlgrammar.Comparison, _ string) {
	for i := range targets {
		if c.Accepted(i) {
			w.WriteString(cellValid)
		} else {
			w.WriteString(cellInvalid)
		}
	}
	w.WriteString(clip(c.Input, 80-5*len(targets)))
	w.WriteByte('\n')
}

func tableEnd(w *bufio.Writer, s *urlgrammar.Summary) {
	fmt.Fprintf(w, "\n%d inputs. %s accepted, %s rejected.\n", s.Inputs, markValid, markInvalid)
	fmt.Fprintln(w, "\nAccepted, per version and rule:")
	for i, t := range s.Targets {
		rule := t.Rule
		if rule == "" {
			rule = "default reading"
		}
		fmt.Fprintf(w, "  %-10s %-16s %7d of %d\n", t.Version, rule, s.Accepted[i], s.Inputs)
	}
	fmt.Fprintln(w, "\nPairs (both / only first / only second / neither):")
	for _, p := range s.Pairs {
		fmt.Fprintf(w, "  %-10s %-10s %7d %7d %7d %7d\n", p.First.Version, p.Second.Version, p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
	}
	fmt.Fprintln(w, "\nRejections by cause: version, count, the rule in which the input left the")
	fmt.Fprintln(w, "grammar, the character found there, an example, and what was expected:")
	shown := map[urlgrammar.Target]int{}
	hidden := 0
	for _, c := range s.Causes() {
		if shown[c.Target] == tableCausesPerTarget {
			hidden++
			continue
		}
		shown[c.Target]++
		head := fmt.Sprintf("  %-10s %6d  in %s at %s  e.g. ", c.Target.Version, c.Count, c.In, c.Found)
		fmt.Fprintf(w, "%s%s\n", head, clip(c.Example, max(80-len(head), 12)))
		fmt.Fprintf(w, "  %17s %s\n", "", shorten(c.Err.Reason(), 80-20))
	}
	if hidden > 0 {
		fmt.Fprintf(w, "  (%d less frequent causes not shown: --format markdown or json lists them all)\n", hidden)
	}
}

// tableCausesPerTarget is how many rejection causes the table shows per version, most
// frequent first.
const tableCausesPerTarget = 5

// shorten cuts s to n bytes at most, marking the cut; s is text of ours, not an input.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

func markdownBegin(w *bufio.Writer, targets []urlgrammar.Target) {
	fmt.Fprint(w, "| input |")
	for _, t := range targets {
		fmt.Fprintf(w, " %s |", t)
	}
	fmt.Fprint(w, " source |\n|---|")
	for range targets {
		fmt.Fprint(w, ":---:|")
	}
	fmt.Fprintln(w, "---|")
}

// markdownCell escapes s for a table cell.
func markdownCell(s string) string {
	q := fmt.Sprintf("%+q", s)
	return "`" + strings.NewReplacer("|", `\|`, "`", "'").Replace(q[1:len(q)-1]) + "`"
}

func markdownRow(w *bufio.Writer, targets []urlgrammar.Target, c urlgrammar.Comparison, source string) {
	fmt.Fprintf(w, "| %s |", markdownCell(c.Input))
	for i := range targets {
		if c.Accepted(i) {
			fmt.Fprint(w, " ✓ |")
		} else {
			fmt.Fprintf(w, " ✗ %d |", c.Errs[i].Offset)
		}
	}
	fmt.Fprintf(w, " %s |\n", strings.ReplaceAll(source, "|", `\|`))
}

func markdownEnd(w *bufio.Writer, s *urlgrammar.Summary) {
	fmt.Fprintf(w, "\n%d inputs.\n\n| version | rule | accepted |\n|---|---|---:|\n", s.Inputs)
	for i, t := range s.Targets {
		fmt.Fprintf(w, "| %s | %s | %d |\n", t.Version, t.Rule, s.Accepted[i])
	}
	fmt.Fprint(w, "\n| first | second | both | only first | only second | neither |\n|---|---|---:|---:|---:|---:|\n")
	for _, p := range s.Pairs {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d |\n", p.First.Version, p.Second.Version, p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
	}
	fmt.Fprint(w, "\n| version | left the grammar in | found | count | example | reason |\n|---|---|---|---:|---|---|\n")
	for _, c := range s.Causes() {
		fmt.Fprintf(w, "| %s | %s | %s | %d | %s | %s |\n", c.Target.Version, c.In, markdownCell(c.Found), c.Count, markdownCell(c.Example), strings.ReplaceAll(c.Err.Reason(), "|", `\|`))
	}
}

// tsvField escapes tabs, newlines and backslashes so that a field stays one field.
func tsvField(s string) string {
	return tsvEscaper.Replace(s)
}

// tsvEscaper is built once: building a Replacer costs more than using it.
var tsvEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

func tsvBegin(w *bufio.Writer, targets []urlgrammar.Target) {
	fmt.Fprint(w, "input")
	for _, t := range targets {
		fmt.Fprintf(w, "\t%s", t)
	}
	fmt.Fprintln(w, "\tsource")
}

// tsvRow prints "valid" or "invalid:OFFSET" per target.
func tsvRow(w *bufio.Writer, targets []urlgrammar.Target, c urlgrammar.Comparison, source string) {
	fmt.Fprint(w, tsvField(c.Input))
	for i := range targets {
		if c.Accepted(i) {
			fmt.Fprint(w, "\tvalid")
		} else {
			fmt.Fprintf(w, "\tinvalid:%d", c.Errs[i].Offset)
		}
	}
	fmt.Fprintf(w, "\t%s\n", tsvField(source))
}

// jsonVerdict is one version's verdict in compare's JSON Lines.
type jsonVerdict struct {
	Version  string   `json:"version"`
	Rule     string   `json:"rule"`
	Valid    bool     `json:"valid"`
	Offset   *int     `json:"offset,omitempty"`
	Expected []string `json:"expected,omitempty"`
	In       string   `json:"in,omitempty"`
	Message  string   `json:"message,omitempty"`
}

func jsonRow(w *bufio.Writer, targets []urlgrammar.Target, c urlgrammar.Comparison, source string) {
	line := struct {
		Input    string        `json:"input"`
		Source   string        `json:"source,omitempty"`
		Verdicts []jsonVerdict `json:"verdicts"`
	}{Input: c.Input, Source: source}
	for i, t := range targets {
		v := jsonVerdict{Version: t.Version.String(), Rule: t.Rule, Valid: c.Accepted(i)}
		if e := c.Errs[i]; e != nil {
			v.Rule, v.Offset, v.Expected, v.In, v.Message = e.Rule, &e.Offset, e.Expected, e.In, e.Reason()
		}
		line.Verdicts = append(line.Verdicts, v)
	}
	writeJSON(w, line)
}

func jsonEnd(w *bufio.Writer, s *urlgrammar.Summary) {
	type target struct {
		Version  string `json:"version"`
		Rule     string `json:"rule"`
		Accepted int    `json:"accepted"`
	}
	type pair struct {
		First      string `json:"first"`
		Second     string `json:"second"`
		Both       int    `json:"both"`
		OnlyFirst  int    `json:"only_first"`
		OnlySecond int    `json:"only_second"`
		Neither    int    `json:"neither"`
	}
	type cause struct {
		Version string `json:"version"`
		In      string `json:"in"`
		Found   string `json:"found"`
		Count   int    `json:"count"`
		Example string `json:"example"`
		Message string `json:"message"`
	}
	var sum struct {
		Summary struct {
			Inputs  int      `json:"inputs"`
			Targets []target `json:"targets"`
			Pairs   []pair   `json:"pairs"`
			Causes  []cause  `json:"causes"`
		} `json:"summary"`
	}
	sum.Summary.Inputs = s.Inputs
	for i, t := range s.Targets {
		sum.Summary.Targets = append(sum.Summary.Targets, target{t.Version.String(), t.Rule, s.Accepted[i]})
	}
	for _, p := range s.Pairs {
		sum.Summary.Pairs = append(sum.Summary.Pairs, pair{p.First.Version.String(), p.Second.Version.String(), p.Both, p.OnlyFirst, p.OnlySecond, p.Neither})
	}
	for _, c := range s.Causes() {
		sum.Summary.Causes = append(sum.Summary.Causes, cause{c.Target.Version.String(), c.In, c.Found, c.Count, c.Example, c.Err.Reason()})
	}
	writeJSON(w, sum)
}

func writeJSON(w *bufio.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
