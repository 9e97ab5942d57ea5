package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// runCharsets prints, per component and version, which printable ASCII characters may stand
// unescaped in the component (compare.ProbeCharset), or with --diff only the characters
// whose status differs between the versions.
func runCharsets(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("charsets", "[-g ID,ID,...] [--diff] [--format table|tsv|json]", stderr)
	ids := fs.String("g", "", "comma-separated version `IDs` (default: all)")
	diff := fs.Bool("diff", false, "show only the characters whose status differs between the versions")
	format := fs.String("format", "table", "output `format`: table, tsv or json")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	abort := func(err error) int { return fail(stderr, "charsets", err) }
	if len(rest) > 0 {
		return abort(fmt.Errorf("no arguments expected, got %q", rest))
	}
	write, ok := charsetWriters[*format]
	if !ok {
		return abort(fmt.Errorf("unknown format %q (table, tsv or json)", *format))
	}
	vs, err := versionsFlag(*ids)
	if err != nil {
		return abort(err)
	}
	if vs == nil {
		vs = urlgrammar.Versions()
	}
	if *diff && len(vs) < 2 {
		return abort(fmt.Errorf("--diff needs at least two versions"))
	}
	var rows []charsetRow
	for _, c := range compare.CharsetComponents() {
		r := charsetRow{name: c.Name, part: c.Scheme != ""}
		for _, v := range vs {
			cs, err := compare.ProbeCharset(v, c.Name)
			if err != nil {
				return abort(err)
			}
			r.sets = append(r.sets, cs)
		}
		rows = append(rows, r)
	}
	out := bufio.NewWriter(stdout)
	write(out, vs, rows, *diff)
	if err := out.Flush(); err != nil {
		return abort(err)
	}
	return exitValid
}

// A charsetRow is one component's Charset under each of the chosen versions, in order.
type charsetRow struct {
	name string
	part bool // a part of an RFC 1738 scheme
	sets []*compare.Charset
}

// compared returns the indexes of the versions that have the component.
func (r charsetRow) compared() []int {
	var is []int
	for i, cs := range r.sets {
		if cs.Applies {
			is = append(is, i)
		}
	}
	return is
}

// differs reports whether the character c has not the same status under every version that
// has the component.
func (r charsetRow) differs(c byte) bool {
	is := r.compared()
	for _, i := range is[1:] {
		if r.sets[i].Of(c) != r.sets[is[0]].Of(c) {
			return true
		}
	}
	return false
}

// status is the status of c under version i, or "n/a".
func (r charsetRow) status(i int, c byte) string {
	if !r.sets[i].Applies {
		return "n/a"
	}
	return r.sets[i].Of(c).String()
}

var charsetWriters = map[string]func(w *bufio.Writer, vs []urlgrammar.Version, rows []charsetRow, diff bool){
	"table": charsetTable,
	"tsv":   charsetTSV,
	"json":  charsetJSON,
}

// The marks of the table.
const (
	markYes    = "✓"
	markPartly = "◦"
	markNo     = "·"
	markNA     = "-"
	markMixed  = "*"
)

func mark(s compare.CharStatus) string {
	switch s {
	case compare.CharYes:
		return markYes
	case compare.CharPartly:
		return markPartly
	}
	return markNo
}

// punctuation is the 33 printable ASCII characters that are neither letters nor digits, in
// ASCII order; the space is shown as "␣".
var punctuation = func() string {
	var b strings.Builder
	for c := byte(compare.FirstPrintable); c <= compare.LastPrintable; c++ {
		if !isAlnum(c) {
			b.WriteByte(c)
		}
	}
	return b.String()
}()

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func showChar(c byte) string {
	if c == ' ' {
		return "␣"
	}
	return string(c)
}

// ranges are the letters and digits, which the table and the diff show as ranges.
var ranges = []struct {
	name     string
	from, to byte
}{{"A-Z", 'A', 'Z'}, {"a-z", 'a', 'z'}, {"0-9", '0', '9'}}

// charsetTable prints a block per generic component, with a column per punctuation character
// and per range of letters or digits, and a line of marks per version; then, per version that
// has scheme parts, a block of them with a line per part.
func charsetTable(w *bufio.Writer, vs []urlgrammar.Version, rows []charsetRow, diff bool) {
	if diff {
		charsetDiff(w, vs, rows)
		return
	}
	const nameWidth = 24
	fmt.Fprintf(w, "Printable ASCII characters unescaped in each component, derived by probing each\n")
	fmt.Fprintf(w, "version's parser: %s in every probed position, %s in some only, %s in none.\n", markYes, markPartly, markNo)
	header := strings.ReplaceAll(punctuation, " ", "␣") + "  A-Z a-z 0-9"
	mixed := false
	marks := func(cs *compare.Charset) string {
		var b strings.Builder
		for i := 0; i < len(punctuation); i++ {
			b.WriteString(mark(cs.Of(punctuation[i])))
		}
		b.WriteString(" ")
		for _, rg := range ranges {
			m := mark(cs.Of(rg.from))
			for c := rg.from; c <= rg.to; c++ {
				if mark(cs.Of(c)) != m {
					m, mixed = markMixed, true
				}
			}
			b.WriteString("  " + m + " ")
		}
		return strings.TrimRight(b.String(), " ")
	}
	for _, r := range rows {
		if r.part || len(r.compared()) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%-*s%s\n", nameWidth, r.name, header)
		var na []string
		for _, cs := range r.sets {
			if !cs.Applies {
				na = append(na, cs.Version.String())
				continue
			}
			fmt.Fprintf(w, "  %-*s%s\n", nameWidth-2, cs.Version, marks(cs))
		}
		if len(na) > 0 {
			fmt.Fprintf(w, "  n/a: %s\n", strings.Join(na, " "))
		}
	}
	for i, v := range vs {
		title := false
		for _, r := range rows {
			if !r.part || !r.sets[i].Applies {
				continue
			}
			if !title {
				fmt.Fprintf(w, "\n%-*s%s\n", nameWidth, v.String()+" scheme parts", header)
				title = true
			}
			fmt.Fprintf(w, "  %-*s%s\n", nameWidth-2, r.name, marks(r.sets[i]))
		}
	}
	if mixed {
		fmt.Fprintf(w, "\n%s: not the same for every character of the range (see --format tsv).\n", markMixed)
	}
}

// A diffGroup is a set of characters of one component with the same status, and the same
// restriction, under each version.
type diffGroup struct {
	chars    []byte
	statuses []string // per compared version
	notes    []string // "version: restriction", for each version under which it is partly
}

// diffGroups groups the characters of r whose status differs, in ASCII order of each group's
// first character.
func diffGroups(r charsetRow) []*diffGroup {
	var groups []*diffGroup
	index := map[string]*diffGroup{}
	for c := byte(compare.FirstPrintable); c <= compare.LastPrintable; c++ {
		if !r.differs(c) {
			continue
		}
		g := &diffGroup{}
		for i, cs := range r.sets {
			g.statuses = append(g.statuses, r.status(i, c))
			if cs.Applies && cs.Of(c) == compare.CharPartly {
				g.notes = append(g.notes, cs.Version.String()+": "+cs.Restriction(c))
			}
		}
		key := strings.Join(g.statuses, "\x00") + "\x01" + strings.Join(g.notes, "\x00")
		if old, ok := index[key]; ok {
			g = old
		} else {
			index[key] = g
			groups = append(groups, g)
		}
		g.chars = append(g.chars, c)
	}
	return groups
}

// showChars writes a group's characters separated by spaces, with each range of letters or
// digits that the group holds whole written as the range.
func showChars(chars []byte) string {
	in := map[byte]bool{}
	for _, c := range chars {
		in[c] = true
	}
	var parts []string
	done := map[byte]bool{}
	for _, c := range chars {
		if done[c] {
			continue
		}
		for _, rg := range ranges {
			if c != rg.from {
				continue
			}
			whole := true
			for d := rg.from; d <= rg.to; d++ {
				whole = whole && in[d]
			}
			if whole {
				for d := rg.from; d <= rg.to; d++ {
					done[d] = true
				}
				parts = append(parts, rg.name)
			}
		}
		if !done[c] {
			parts = append(parts, showChar(c))
		}
	}
	return strings.Join(parts, " ")
}

// charsetDiff prints, per component that at least two of the versions have, a line per group
// of characters with the same statuses, and under it where a "partly" character may not stand.
func charsetDiff(w *bufio.Writer, vs []urlgrammar.Version, rows []charsetRow) {
	words := len(vs) <= 3 // else short names and marks, to stay within 80 columns
	heads := make([]string, len(vs))
	colWidth := 0
	for i, v := range vs {
		heads[i] = v.String()
		if !words {
			heads[i] = shortName(v)
		}
		colWidth = max(colWidth, len(heads[i])+1)
	}
	if words {
		colWidth = max(colWidth, len("partly")+2)
	}
	d := newCharsetDiffLines(vs, rows)
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.String()
	}
	wrap(w, "", "Characters whose status differs between "+orAnd(ids)+":", 80)
	fmt.Fprintf(w, "yes: in every probed position of the component; partly: in some only (where not,\n")
	fmt.Fprintf(w, "in parentheses); no: in none.\n\n")
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %-*s ", d.nameWidth, "component", d.charsWidth, "characters")
	for _, h := range heads {
		fmt.Fprintf(&b, " %-*s", colWidth-1, h)
	}
	fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	d.write(w, words, colWidth)
	if !words {
		fmt.Fprintf(w, "\n%s yes, %s partly, %s no, %s n/a.\n", markYes, markPartly, markNo, markNA)
	}
	if len(d.skipped) > 0 {
		fmt.Fprintln(w)
		wrap(w, "", "Not compared, as fewer than two of the versions have them: "+orAnd(d.skipped)+".", 80)
	}
}

// charsetDiffLines are the lines of "charsets --diff": per component, a line per group of
// characters whose statuses differ, and the components not compared.
type charsetDiffLines struct {
	lines                 []charsetDiffLine
	skipped               []string
	nameWidth, charsWidth int
}

type charsetDiffLine struct {
	name string
	g    *diffGroup // nil: no character differs
}

func newCharsetDiffLines(vs []urlgrammar.Version, rows []charsetRow) *charsetDiffLines {
	d := &charsetDiffLines{nameWidth: len("component"), charsWidth: len("characters")}
	partsSkipped := map[string]bool{}
	for _, r := range rows {
		if len(r.compared()) < 2 {
			if !r.part {
				d.skipped = append(d.skipped, r.name)
			}
			for _, i := range r.compared() {
				partsSkipped[vs[i].String()] = r.part
			}
			continue
		}
		gs := diffGroups(r)
		if len(gs) == 0 {
			d.lines = append(d.lines, charsetDiffLine{r.name, nil})
		}
		for _, g := range gs {
			d.lines = append(d.lines, charsetDiffLine{r.name, g})
			d.charsWidth = max(d.charsWidth, len([]rune(showChars(g.chars))))
		}
		d.nameWidth = max(d.nameWidth, len(r.name))
	}
	for _, v := range vs {
		if partsSkipped[v.String()] {
			d.skipped = append(d.skipped, "the scheme parts of "+v.String())
		}
	}
	return d
}

// write prints the lines, the statuses as words or, when !words, as marks.
func (d *charsetDiffLines) write(w *bufio.Writer, words bool, colWidth int) {
	prev := ""
	for _, l := range d.lines {
		name := l.name
		if name == prev {
			name = ""
		}
		prev = l.name
		if l.g == nil {
			fmt.Fprintf(w, "%-*s  (none)\n", d.nameWidth, name)
			continue
		}
		chars := showChars(l.g.chars)
		var b strings.Builder
		fmt.Fprintf(&b, "%-*s  %s%s ", d.nameWidth, name, chars, strings.Repeat(" ", d.charsWidth-len([]rune(chars))))
		for _, s := range l.g.statuses {
			if !words {
				s = map[string]string{"yes": markYes, "partly": markPartly, "no": markNo, "n/a": markNA}[s]
			}
			fmt.Fprintf(&b, " %-*s", colWidth-1, s)
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
		for _, n := range l.g.notes {
			wrap(w, strings.Repeat(" ", d.nameWidth+4), "("+n+")", 80)
		}
	}
}

// orAnd joins words as "a", "a and b", "a, b and c".
func orAnd(words []string) string {
	if n := len(words); n > 1 {
		return strings.Join(words[:n-1], ", ") + " and " + words[n-1]
	}
	return strings.Join(words, "")
}

// wrap writes s in lines of at most width columns, broken at spaces, each line after indent.
func wrap(w *bufio.Writer, indent, s string, width int) {
	n := 0
	for i, word := range strings.Fields(s) {
		switch {
		case i == 0:
			fmt.Fprint(w, indent)
			n = len(indent)
		case n+1+len(word) > width:
			fmt.Fprintf(w, "\n%s", indent)
			n = len(indent)
		default:
			fmt.Fprint(w, " ")
			n++
		}
		fmt.Fprint(w, word)
		n += len(word)
	}
	fmt.Fprintln(w)
}

// charsetTSV prints a row per component and character (with --diff, only the characters whose
// status differs): the component, the character, its code in hex, and its status per version
// (yes, partly, no or n/a).
func charsetTSV(w *bufio.Writer, vs []urlgrammar.Version, rows []charsetRow, diff bool) {
	fmt.Fprint(w, "component\tchar\thex")
	for _, v := range vs {
		fmt.Fprintf(w, "\t%s", v)
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		if diff && len(r.compared()) < 2 {
			continue
		}
		for c := byte(compare.FirstPrintable); c <= compare.LastPrintable; c++ {
			if diff && !r.differs(c) {
				continue
			}
			fmt.Fprintf(w, "%s\t%s\t%02x", r.name, tsvField(string(c)), c)
			for i := range r.sets {
				fmt.Fprintf(w, "\t%s", r.status(i, c))
			}
			fmt.Fprintln(w)
		}
	}
}

// charsetJSON prints a JSON object per component: for each character (with --diff, each whose
// status differs) its status per version, and for a "partly" where it may not stand.
func charsetJSON(w *bufio.Writer, vs []urlgrammar.Version, rows []charsetRow, diff bool) {
	type char struct {
		Char   string            `json:"char"`
		Status map[string]string `json:"status"`
		NotIn  map[string]string `json:"not_in,omitempty"`
	}
	type probe struct {
		Version string `json:"version"`
		Rule    string `json:"rule"`
		URL     string `json:"url"`
		Want    string `json:"want"`
	}
	for _, r := range rows {
		if diff && len(r.compared()) < 2 {
			continue
		}
		line := struct {
			Component string  `json:"component"`
			Chars     []char  `json:"chars"`
			Probes    []probe `json:"probes"`
		}{Component: r.name, Chars: []char{}, Probes: []probe{}}
		for c := byte(compare.FirstPrintable); c <= compare.LastPrintable; c++ {
			if diff && !r.differs(c) {
				continue
			}
			ch := char{Char: string(c), Status: map[string]string{}}
			for i, cs := range r.sets {
				ch.Status[cs.Version.String()] = r.status(i, c)
				if cs.Applies && cs.Of(c) == compare.CharPartly {
					if ch.NotIn == nil {
						ch.NotIn = map[string]string{}
					}
					ch.NotIn[cs.Version.String()] = cs.Restriction(c)
				}
			}
			line.Chars = append(line.Chars, ch)
		}
		for _, cs := range r.sets {
			for _, p := range cs.Probes {
				line.Probes = append(line.Probes, probe{cs.Version.String(), p.Rule, p.URL, p.Want})
			}
		}
		writeJSON(w, line)
	}
}
