package compare

import (
	"bufio"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
)

// A Report writes comparisons and their summary in one of the formats of "urlgrammar
// compare" (Format): a header, a row per comparison, and the summary after the rows (or in a
// file of its own).
type Report struct {
	Targets []Target
	Why     bool   // under each row on which the targets disagree, each refusing target's reason
	Diff    bool   // only the inputs on which the targets disagree are shown and summarized
	Width   int    // the table's width, to which its rows and causes are clipped; 0: no clipping
	Read    int    // the inputs read, shown or not (for the summary)
	Cut     string // what cut the input short ("stopped by SIGTERM after line 12"), or ""
	// Stopped says, when a signal stopped the run, which and after which input (FormatJSON's
	// "stopped"; Cut says it in words).
	Stopped *Stop

	// Prompt makes WriteRows judge each input, and write its row, before it reads the next,
	// for a stream read as it is written (a log followed as it grows); else a row waits for
	// the batch of inputs that its input is judged in.
	Prompt bool

	// The provenance that FormatHTML opens with, each left out when it is zero: what the
	// inputs were read from ("the embedded corpus", a file's name), when the report was made,
	// and the program that made it, with its version.
	Input, Tool string
	Date        time.Time

	// Review, when it is set, gives the findings of a security review of c's input (such as
	// package review's), one each, as format f shows them: for FormatHTML a line of text, shown
	// beside the input (an input with findings is listed even when every target agrees on
	// it); for FormatMarkdown the text of a table cell, the findings of a row joined by <br>
	// in its last column, "review"; for FormatJSON a JSON value, an element of the array that
	// is the row's last member, "review". FormatText and FormatTSV show no findings.
	// WriteRows calls it from several goroutines at once.
	Review func(c Comparison, f Format) []string

	// Differential, when it is set, holds the components that the targets read in each input
	// to each other (Interpret), for each pair of targets of which one at least is a reader:
	// every format shows in its summary where they part ways, grouped by component and cause;
	// under a row, with Why (and in FormatJSON's rows, always), the components it differs on.
	// With Diff, an input that the targets read differently is shown, whatever their verdicts.
	// WriteRows calls it from several goroutines at once.
	Differential Differential

	html *htmlRows     // the rows FormatHTML keeps until its summary
	rows *bufio.Writer // where WriteHeader wrote: a summary written there follows the rows
}

// A Stop is how a signal stopped a run: the signal's name ("SIGTERM"), and the input read last,
// its file ("" for the only one, or for inputs that are not lines) and its line (or its
// position among inputs that are not lines).
type Stop struct {
	Signal    string `json:"signal"`
	File      string `json:"file,omitempty"`
	AfterLine int    `json:"after_line"`
}

// A Format is one of the forms a Report is written in.
type Format int

// The formats.
const (
	// FormatText is text for a person: a table of a column of marks per target, then the
	// input; and the summary, which opens with the answer (the headline: see headline.go).
	FormatText Format = iota
	// FormatMarkdown is a GitHub Flavored Markdown table, and the summary: the answer, then
	// its tables.
	FormatMarkdown
	// FormatTSV is tab-separated values, a row per input, with tabs, newlines and backslashes
	// in a field escaped as \t, \n, \\; the summary is a table of the causes, for a file of its own.
	FormatTSV
	// FormatJSON is JSON Lines: a line per input, then the summary's line (see WriteSummary).
	FormatJSON
	// FormatHTML is one page for a browser: the answer, the summary, its charts and the
	// documents' words, then the inputs, which it keeps until WriteSummary (the disagreeing ones, and a
	// sample of the others). WriteSummary ends the page.
	FormatHTML
)

// formatNames are the formats' names, by Format.
var formatNames = []string{"text", "markdown", "tsv", "json", "html"}

// String returns the format's name, as "urlgrammar compare --format" takes it: table,
// markdown, tsv, json or html.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// MarshalText returns the format's name (String).
func (f Format) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText sets f to the format named text (String), so that a Format can be a flag's
// value (flag.TextVar).
func (f *Format) UnmarshalText(text []byte) error {
	i := slices.Index(formatNames, string(text))
	if i < 0 {
		return fmt.Errorf("unknown format %q (text, markdown, tsv, json or html)", text)
	}
	*f = Format(i)
	return nil
}

// WriteHeader writes what comes before the rows: the table's or the TSV's header (JSON
// Lines have none), the beginning of the HTML page.
func (r *Report) WriteHeader(w *bufio.Writer, f Format) {
	r.rows = w
	switch f {
	case FormatHTML:
		htmlBegin(w, r)
	case FormatText:
		tableBegin(w, r)
	case FormatMarkdown:
		markdownBegin(w, r)
	case FormatTSV:
		tsvBegin(w, r)
	}
}

// WriteRow writes the row of c, whose input comes from source ("" when it does not say);
// FormatHTML keeps it, for WriteSummary to write.
func (r *Report) WriteRow(w *bufio.Writer, f Format, c Comparison, source string) {
	switch f {
	case FormatText:
		tableRow(w, r, c)
	case FormatMarkdown:
		markdownRow(w, r, c, source)
	case FormatTSV:
		tsvRow(w, r, c, source)
	case FormatJSON:
		jsonRow(w, r, c, source)
	case FormatHTML:
		htmlRow(r, c, source)
	}
}

// WriteSummary writes s, the summary of the inputs shown. Written after the rows, to the writer
// of WriteHeader, a table's or Markdown's summary is set off from them by an empty line;
// written alone (to a file of its own, or merged from others), it begins with its first line.
func (r *Report) WriteSummary(w *bufio.Writer, f Format, s *Summary) {
	if w == r.rows && (f == FormatText || f == FormatMarkdown) {
		w.WriteByte('\n')
	}
	switch f {
	case FormatText:
		tableSummary(w, r, s)
	case FormatMarkdown:
		markdownSummary(w, r, s)
	case FormatTSV:
		tsvSummary(w, r, s)
	case FormatJSON:
		jsonSummary(w, r, s)
	case FormatHTML:
		htmlSummary(w, r, s)
	}
}

// Quote is an input as the reports show it: as it is when it is printable ASCII without
// spaces, quotes or backslashes, else quoted, with \" and \\ for a quote and a backslash and
// \xNN for each byte outside printable ASCII.
func Quote(s string) string { return newDisplay(s, -1, 0).text }

// MarkdownCode is s as a code span for a Markdown table cell (see FormatMarkdown).
func MarkdownCode(s string) string { return markdownCode(s) }

// TSVField is s as a field of FormatTSV, with tabs, newlines, carriage returns and backslashes
// escaped as \t, \n, \r and \\, so that it stays one field.
func TSVField(s string) string { return tsvField(s) }

// ruleLabel names the rule a target holds inputs to, for a person: its rule, or for a target
// with none, RFC 1738's default reading (the only one that is not one rule), "rule of its
// scheme".
func ruleLabel(t Target) string {
	if t.Reader != nil {
		return "(a reading)"
	}
	if t.Rule == "" {
		return "rule of its scheme"
	}
	return t.Rule
}

// SyntaxError returns target i's rejection of the input as a *urlgrammar.SyntaxError, for a
// report that shows where each rejection is, or nil when target i accepts the input. That is
// Err(i), or for an internal error (see InternalError), which is at no byte in particular, a
// *urlgrammar.SyntaxError at byte 0 whose In is InternalError: its Reason does not say what
// the error was, which Err(i)'s message does.
func (c Comparison) SyntaxError(i int) *urlgrammar.SyntaxError { return rejection(c.Err(i), c.Input) }

// rejection returns err, a rejection of input, as a *urlgrammar.SyntaxError (see
// Comparison.SyntaxError), or nil when err is nil.
func rejection(err error, input string) *urlgrammar.SyntaxError {
	switch e := err.(type) {
	case nil:
		return nil
	case *urlgrammar.SyntaxError:
		return e
	case *urlgrammar.EngineError:
		return &urlgrammar.SyntaxError{Version: e.Version, Rule: e.Rule, Input: input, In: InternalError}
	case *ReadError:
		return &urlgrammar.SyntaxError{Input: input, In: Refused}
	}
	return &urlgrammar.SyntaxError{Input: input, In: InternalError}
}

// inputBytes is an input's exact bytes when it is not valid UTF-8, which JSON's strings
// cannot hold; else nil.
func inputBytes(s string) []byte {
	if utf8.ValidString(s) {
		return nil
	}
	return []byte(s)
}

const (
	markValid   = "✓"
	markInvalid = "·"
)

func tableBegin(w *bufio.Writer, r *Report) {
	for _, t := range r.Targets {
		fmt.Fprintf(w, "%-5s", t.short())
	}
	fmt.Fprintln(w, "input")
}

// The marks of a table row, each in its column of five.
var (
	cellValid   = fmt.Sprintf("%-5s", " "+markValid)
	cellInvalid = fmt.Sprintf("%-5s", " "+markInvalid)
)

func tableRow(w *bufio.Writer, r *Report, c Comparison) {
	focus := -1 // the byte the clipping keeps in view: the first offending one
	for i := range r.Targets {
		if c.Accepted(i) {
			w.WriteString(cellValid)
		} else {
			w.WriteString(cellInvalid)
			if e := c.SyntaxError(i); focus < 0 || e.Offset < focus {
				focus = e.Offset
			}
		}
	}
	indent := 5 * len(r.Targets)
	avail := 0
	if r.Width > 0 {
		avail = max(r.Width-indent, 12)
	}
	d := newDisplay(c.Input, focus, avail)
	w.WriteString(d.text)
	w.WriteByte('\n')
	if !r.Why {
		return
	}
	for i, t := range r.Targets {
		e := c.SyntaxError(i)
		if e == nil || c.Agree() {
			continue
		}
		why := fmt.Sprintf("%s byte %d: %s", t.short(), e.Offset, reason(c.Err(i)))
		col, ok := d.column(e.Offset)
		if t.IsReader() { // a reader says why, not where
			why, ok = fmt.Sprintf("%s refuses it: %s", t.ID(), reason(c.Err(i))), false
		}
		if ok && (r.Width == 0 && col <= maxCaretColumn || r.Width > 0 && indent+col+2+len(why) <= r.Width) {
			w.WriteString(strings.Repeat(" ", indent+col))
			w.WriteString("^ ")
		} else {
			w.WriteString(strings.Repeat(" ", indent))
		}
		if r.Width > 0 {
			why = shorten(why, max(r.Width-indent, 12))
		}
		w.WriteString(why)
		w.WriteByte('\n')
	}
	for _, diff := range rowDifferences(c, r.Targets) {
		if r.Width > 0 {
			diff = shorten(diff, max(r.Width-indent, 12))
		}
		fmt.Fprintf(w, "%s%s\n", strings.Repeat(" ", indent), diff)
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
func (r *Report) shown(s *Summary) string {
	shown := plural(s.Inputs, "input")
	if r.Diff {
		shown = fmt.Sprintf("%d of %s, those on which the %s disagree", s.Inputs, plural(r.Read, "input"), targetsNoun(r.Targets))
	}
	if r.Cut != "" {
		shown += " (the input was " + r.Cut + ": the rest was not read)"
	}
	return shown
}

// splitCauses separates the causes on which the targets disagree from those they share.
func splitCauses(s *Summary) (disagree, shared []*Cause) {
	for _, c := range s.Causes() {
		if c.Shared {
			shared = append(shared, c)
		} else {
			disagree = append(disagree, c)
		}
	}
	return disagree, shared
}

func tableSummary(w *bufio.Writer, r *Report, s *Summary) {
	width := 80
	if r.Width > 0 {
		width = max(r.Width, 40)
	}
	fmt.Fprintf(w, "%s\n\n", wrapText(headlineText(headline(r, s), false), width, ""))
	fmt.Fprintf(w, "%s. %s valid, %s invalid.\n", r.shown(s), markValid, markInvalid)
	fmt.Fprintln(w, "\nAccepted, per version and rule:")
	for i, t := range s.Targets {
		fmt.Fprintf(w, "  %-10s %-18s %7d of %d\n", t.ID(), ruleLabel(t), s.Accepted[i], s.Inputs)
	}
	if len(s.Pairs) > 0 {
		fmt.Fprintln(w, "\nPairs (both / only first / only second / neither):")
		for _, p := range s.Pairs {
			fmt.Fprintf(w, "  %-10s %-10s %7d %7d %7d %7d\n", p.First.ID(), p.Second.ID(), p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
		}
	}
	disagree, shared := splitCauses(s)
	fmt.Fprintln(w, "\nRejections by cause: version, count, the rule in which the input left the")
	fmt.Fprintln(w, "grammar, the character found there, an example, and what was expected.")
	if len(s.Targets) > 1 {
		fmt.Fprintf(w, "\nWhere the %s disagree (another of them accepts these inputs):\n", targetsNoun(s.Targets))
		tableCauses(w, r, disagree, 0)
	}
	if len(shared) > 0 {
		if len(s.Targets) > 1 {
			fmt.Fprintln(w, "\nWhere every version rejects the input:")
		}
		tableCauses(w, r, shared, tableCausesPerTarget)
	}
	tableDifferences(w, r, s)
}

// tableCauses prints causes, at most perTarget per version when perTarget > 0.
func tableCauses(w *bufio.Writer, r *Report, causes []*Cause, perTarget int) {
	if len(causes) == 0 {
		fmt.Fprintln(w, "  none")
		return
	}
	count := map[Target]int{}
	hidden := 0
	for _, c := range causes {
		if perTarget > 0 && count[c.Target] == perTarget {
			hidden++
			continue
		}
		count[c.Target]++
		head := fmt.Sprintf("  %-10s %6d  in %s at %s  e.g. ", c.Target.ID(), c.Count, c.In, c.Found)
		if c.In == Refused {
			head = fmt.Sprintf("  %-10s %6d  refused  e.g. ", c.Target.ID(), c.Count)
		}
		avail := 0
		if r.Width > 0 {
			avail = max(r.Width-len(head), 12)
		}
		fmt.Fprintf(w, "%s%s\n", head, newDisplay(c.Example, rejection(c.Err, c.Example).Offset, avail).text)
		reason := c.Reason()
		if r.Width > 0 {
			reason = shorten(reason, max(r.Width-20, 12))
		}
		fmt.Fprintf(w, "  %17s %s\n", "", reason)
	}
	if hidden > 0 {
		fmt.Fprintf(w, "  (%s not shown, less frequent: --format markdown, json or html lists them all)\n", plural(hidden, "cause"))
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

func markdownBegin(w *bufio.Writer, r *Report) {
	fmt.Fprint(w, "| input |")
	names, _ := targetNames(r.Targets)
	for _, name := range names {
		fmt.Fprintf(w, " %s |", name)
	}
	if r.Why {
		fmt.Fprint(w, " why |")
	}
	fmt.Fprint(w, " source |")
	if r.Review != nil {
		fmt.Fprint(w, " review |")
	}
	fmt.Fprint(w, "\n|---|")
	for range r.Targets {
		fmt.Fprint(w, ":---:|")
	}
	if r.Why {
		fmt.Fprint(w, "---|")
	}
	if r.Review != nil {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w, "---|")
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

func markdownRow(w *bufio.Writer, r *Report, c Comparison, source string) {
	fmt.Fprintf(w, "| %s |", markdownCode(c.Input))
	var why []string
	for i, t := range r.Targets {
		if e := c.SyntaxError(i); e == nil {
			fmt.Fprint(w, " ✓ |")
		} else {
			fmt.Fprintf(w, " %s %d |", markInvalid, e.Offset)
			if !c.Agree() {
				why = append(why, fmt.Sprintf("%s byte %d: %s", t.ID(), e.Offset, markdownText(reason(c.Err(i)))))
			}
		}
	}
	for _, diff := range rowDifferences(c, r.Targets) {
		why = append(why, markdownText(diff))
	}
	if r.Why {
		fmt.Fprintf(w, " %s |", strings.Join(why, "<br>"))
	}
	fmt.Fprintf(w, " %s |", markdownText(source))
	if r.Review != nil {
		fmt.Fprintf(w, " %s |", strings.Join(r.Review(c, FormatMarkdown), "<br>"))
	}
	w.WriteByte('\n')
}

func markdownSummary(w *bufio.Writer, r *Report, s *Summary) {
	fmt.Fprintf(w, "%s\n\n", headlineText(headline(r, s), true))
	fmt.Fprintf(w, "%s. %s valid, %s N invalid from byte N.\n\n| version | rule | accepted |\n|---|---|---:|\n", r.shown(s), markValid, markInvalid)
	for i, t := range s.Targets {
		fmt.Fprintf(w, "| %s | %s | %d |\n", t.ID(), ruleLabel(t), s.Accepted[i])
	}
	if len(s.Pairs) > 0 {
		fmt.Fprint(w, "\n| first | second | both | only first | only second | neither |\n|---|---|---:|---:|---:|---:|\n")
		for _, p := range s.Pairs {
			fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %d |\n", p.First.ID(), p.Second.ID(), p.Both, p.OnlyFirst, p.OnlySecond, p.Neither)
		}
	}
	disagree, shared := splitCauses(s)
	for _, part := range []struct {
		title  string
		causes []*Cause
	}{
		{"Rejections where the versions disagree", disagree},
		{"Rejections every version shares", shared},
	} {
		if len(part.causes) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n\n| version | left the grammar in | found | count | example | reason |\n|---|---|---|---:|---|---|\n", part.title)
		for _, c := range part.causes {
			fmt.Fprintf(w, "| %s | %s | %s | %d | %s | %s |\n", c.Target.ID(), c.In, markdownCode(c.Found), c.Count, markdownCode(c.Example), markdownText(c.Reason()))
		}
	}
	markdownDifferences(w, s)
}

// tsvField escapes tabs, newlines and backslashes so that a field stays one field.
func tsvField(s string) string {
	return tsvEscaper.Replace(s)
}

// tsvEscaper is built once: building a Replacer costs more than using it.
var tsvEscaper = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`)

// tsvBegin prints the header: input, then per target its verdict column and its reason
// column ("NAME reason"), then source. A target is named as the JSON summary names it: by its
// version's ID, whatever the rule it is held to (which the JSON says), but for two targets of
// one version ("ID:rule").
func tsvBegin(w *bufio.Writer, r *Report) {
	fmt.Fprint(w, "input")
	names, _ := targetNames(r.Targets)
	for _, name := range names {
		fmt.Fprintf(w, "\t%s\t%s reason", name, name)
	}
	if r.Differential != nil {
		fmt.Fprint(w, "\tcomponents read differently")
	}
	fmt.Fprintln(w, "\tsource")
}

// tsvRow prints "valid" or "invalid:OFFSET" per target, each followed by the reason (empty
// for an accepted input).
func tsvRow(w *bufio.Writer, r *Report, c Comparison, source string) {
	w.WriteString(tsvField(c.Input))
	for i := range r.Targets {
		if e := c.SyntaxError(i); e == nil {
			w.WriteString("\tvalid\t")
		} else {
			fmt.Fprintf(w, "\tinvalid:%d\t%s", e.Offset, tsvField(reason(c.Err(i))))
		}
	}
	if r.Differential != nil {
		w.WriteString("\t" + tsvField(strings.Join(rowDifferences(c, r.Targets), "; ")))
	}
	fmt.Fprintf(w, "\t%s\n", tsvField(source))
}

// tsvSummary prints the causes as a table of their own: a TSV of rows would be broken by a
// summary after them, so it is printed only to the --summary file. When the input was cut
// short, a last row says so, "(cut)" in its version column.
func tsvSummary(w *bufio.Writer, r *Report, s *Summary) {
	fmt.Fprintln(w, "version\trule\tshared\tin\tfound\tcount\texample\treason")
	for _, c := range s.Causes() {
		fmt.Fprintf(w, "%s\t%s\t%t\t%s\t%s\t%d\t%s\t%s\n", c.Target.ID(), c.Target.Rule, c.Shared, c.In, tsvField(c.Found), c.Count, tsvField(c.Example), tsvField(c.Reason()))
	}
	if r.Cut != "" { // a row of its own, its reason what cut the input: the causes are not all
		fmt.Fprintf(w, "(cut)\t\t\t\t\t\t\tthe input was %s: the rest was not read\n", tsvField(r.Cut))
	}
	tsvDifferences(w, s)
}

// jsonVerdict is one version's verdict in compare's JSON Lines.
type jsonVerdict struct {
	Version string `json:"version,omitempty"` // a grammar's
	Reader  string `json:"reader,omitempty"`  // or a reader's ID, for a reader's verdict
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
	InputBytes []byte          `json:"input_bytes,omitempty"`
	Source     string          `json:"source,omitempty"`
	Verdicts   []jsonVerdict   `json:"verdicts"`
	Review     json.RawMessage `json:"review,omitempty"` // with Report.Review
	// Differences are the components that the pairs with a reader read differently, with
	// Report.Differential, when there are.
	Differences []jsonDifference `json:"differences,omitempty"`
}

func jsonRow(w *bufio.Writer, r *Report, c Comparison, source string) {
	line := jsonInput{Type: "input", Input: c.Input, InputBytes: inputBytes(c.Input), Source: source}
	for i, t := range r.Targets {
		v := jsonVerdict{Rule: t.RuleFor(c.Input, 0), Valid: c.Accepted(i)}
		if t.Reader != nil {
			v.Reader = t.Reader.ID()
		} else {
			v.Version = t.Version.String()
		}
		if e := c.SyntaxError(i); e != nil {
			v.Offset, v.Expected, v.In, v.Message = &e.Offset, e.Expected, e.In, reason(c.Err(i))
			if e.Rule != "" {
				v.Rule = e.Rule
			}
		}
		line.Verdicts = append(line.Verdicts, v)
	}
	if r.Review != nil {
		line.Review = json.RawMessage("[" + strings.Join(r.Review(c, FormatJSON), ",") + "]")
	}
	line.Differences = jsonDifferences(c, r.Targets)
	writeJSON(w, line)
}

// jsonSummary writes the last line of compare's JSON Lines, its summary: "type" ("summary"),
// "read" (the inputs read) and "shown" ("all", or with --diff "disagreeing": the summary counts
// the inputs on which the versions disagree), then the members of the summary's JSON form
// (Summary's MarshalJSON); when the input was cut short, "cut" says how
// ("stopped by SIGTERM after line 12", "cut short by a read error"), and when a signal cut
// it, "stopped" says which and after which input (a Stop). ReadSummary reads such lines back.
func jsonSummary(w *bufio.Writer, r *Report, s *Summary) {
	body, err := s.MarshalJSON()
	if err != nil {
		panic(err) // the targets of a run are distinct versions (-g refuses a version twice)
	}
	shown := "all"
	if r.Diff {
		shown = "disagreeing"
	}
	fmt.Fprintf(w, "{\"type\":\"summary\",\"read\":%d,\"shown\":%q,", r.Read, shown)
	if r.Cut != "" {
		fmt.Fprintf(w, "\"cut\":%q,", r.Cut)
	}
	if r.Stopped != nil {
		stop, _ := json.Marshal(r.Stopped)
		fmt.Fprintf(w, "\"stopped\":%s,", stop)
	}
	w.Write(body[1:])
	w.WriteByte('\n')
}

func writeJSON(w *bufio.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// ShortName is the short name of a version that the reports' narrow columns show: "d93",
// "1738", "3986".
func ShortName(v urlgrammar.Version) string {
	if s, ok := shortNames[v.String()]; ok {
		return s
	}
	return v.String()
}

var shortNames = map[string]string{
	"draft1993": "d93", "draft1994": "d94", "rfc1738": "1738", "rfc1808": "1808",
	"draft1997": "d97", "rfc2396": "2396", "draft2003": "d03", "rfc3986": "3986",
}
