package charset

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/urlgrammar/urlgrammar"
)

// A Table is the Set of every component (Components) under each of several
// versions: what "urlgrammar charsets" prints, as a table for a person (WriteText), as TSV or
// as JSON Lines, whole or only the characters whose status differs between the versions.
type Table struct {
	Versions []urlgrammar.Version
	rows     []row // per component, in the order of Components
}

// A row is one component's Set under each of the versions, in order.
type row struct {
	name string
	part bool // a part of an RFC 1738 scheme
	sets []*Set
}

// NewTable derives the Set of every component under each of vs (Of).
func NewTable(vs ...urlgrammar.Version) (*Table, error) {
	t := &Table{Versions: vs}
	for _, c := range Components() {
		r := row{name: c.Name, part: c.Scheme != ""}
		for _, v := range vs {
			cs, err := Of(v, c.Name)
			if err != nil {
				return nil, err
			}
			r.sets = append(r.sets, cs)
		}
		t.rows = append(t.rows, r)
	}
	return t, nil
}

// compared returns the indexes of the versions that have the component.
func (r row) compared() []int {
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
func (r row) differs(c byte) bool {
	is := r.compared()
	for _, i := range is[1:] {
		if r.sets[i].Of(c) != r.sets[is[0]].Of(c) {
			return true
		}
	}
	return false
}

// status is the status of c under version i, or "n/a".
func (r row) status(i int, c byte) string {
	if !r.sets[i].Applies {
		return "n/a"
	}
	return r.sets[i].Of(c).String()
}

// shortName is the short name of a version that the narrow columns of the diff show, "d93",
// "1738", "3986": the one that package compare's reports show (compare.ShortName, which a test
// of compare holds it to).
func shortName(v urlgrammar.Version) string {
	if s, ok := shortNames[v.String()]; ok {
		return s
	}
	return v.String()
}

var shortNames = map[string]string{
	"draft1993": "d93", "draft1994": "d94", "rfc1738": "1738", "rfc1808": "1808",
	"draft1997": "d97", "rfc2396": "2396", "draft2003": "d03", "rfc3986": "3986",
}

// The marks of the table.
const (
	markYes    = "✓"
	markPartly = "◦"
	markNo     = "·"
	markNA     = "-"
	markMixed  = "*"
)

func mark(s Status) string {
	switch s {
	case Yes:
		return markYes
	case Partly:
		return markPartly
	}
	return markNo
}

// punctuation is the 33 printable ASCII characters that are neither letters nor digits, in
// ASCII order; the space is shown as "␣".
var punctuation = func() string {
	var b strings.Builder
	for c := byte(FirstPrintable); c <= LastPrintable; c++ {
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

// WriteText writes the table for a person, or with diff (at least two versions) only the
// characters whose status differs between the versions (see writeDiff).
//
// The whole table is a block per generic component, with a column per punctuation character
// and per range of letters or digits, and a line of marks per version; then, per version that
// has scheme parts, a block of them with a line per part.
func (t *Table) WriteText(w io.Writer, diff bool) error {
	bw := bufio.NewWriter(w)
	if diff {
		t.writeDiff(bw)
	} else {
		t.writeTable(bw)
	}
	return bw.Flush()
}

func (t *Table) writeTable(bw *bufio.Writer) {
	const nameWidth = 24
	fmt.Fprintf(bw, "Printable ASCII characters unescaped in each component, derived by probing each\n")
	fmt.Fprintf(bw, "version's parser: %s in every probed position, %s in some only, %s in none.\n", markYes, markPartly, markNo)
	header := strings.ReplaceAll(punctuation, " ", "␣") + "  A-Z a-z 0-9"
	mixed := false
	marks := func(cs *Set) string {
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
	for _, r := range t.rows {
		if r.part || len(r.compared()) == 0 {
			continue
		}
		fmt.Fprintf(bw, "\n%-*s%s\n", nameWidth, r.name, header)
		var na []string
		for _, cs := range r.sets {
			if !cs.Applies {
				na = append(na, cs.Version.String())
				continue
			}
			fmt.Fprintf(bw, "  %-*s%s\n", nameWidth-2, cs.Version, marks(cs))
		}
		if len(na) > 0 {
			fmt.Fprintf(bw, "  n/a: %s\n", strings.Join(na, " "))
		}
	}
	for i, v := range t.Versions {
		title := false
		for _, r := range t.rows {
			if !r.part || !r.sets[i].Applies {
				continue
			}
			if !title {
				fmt.Fprintf(bw, "\n%-*s%s\n", nameWidth, v.String()+" scheme parts", header)
				title = true
			}
			fmt.Fprintf(bw, "  %-*s%s\n", nameWidth-2, r.name, marks(r.sets[i]))
		}
	}
	if mixed {
		fmt.Fprintf(bw, "\n%s: not the same for every character of the range (see --format tsv).\n", markMixed)
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
func diffGroups(r row) []*diffGroup {
	var groups []*diffGroup
	index := map[string]*diffGroup{}
	for c := byte(FirstPrintable); c <= LastPrintable; c++ {
		if !r.differs(c) {
			continue
		}
		g := &diffGroup{}
		for i, cs := range r.sets {
			g.statuses = append(g.statuses, r.status(i, c))
			if cs.Applies && cs.Of(c) == Partly {
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

// writeDiff prints, per component that at least two of the versions have, a line per group
// of characters with the same statuses, and under it where a "partly" character may not stand.
func (t *Table) writeDiff(w *bufio.Writer) {
	vs := t.Versions
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
	d := newDiffLines(vs, t.rows)
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

// diffLines are the lines of "charsets --diff": per component, a line per group of
// characters whose statuses differ, and the components not compared.
type diffLines struct {
	lines                 []diffLine
	skipped               []string
	nameWidth, charsWidth int
}

type diffLine struct {
	name string
	g    *diffGroup // nil: no character differs
}

func newDiffLines(vs []urlgrammar.Version, rows []row) *diffLines {
	d := &diffLines{nameWidth: len("component"), charsWidth: len("characters")}
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
			d.lines = append(d.lines, diffLine{r.name, nil})
		}
		for _, g := range gs {
			d.lines = append(d.lines, diffLine{r.name, g})
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
func (d *diffLines) write(w *bufio.Writer, words bool, colWidth int) {
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

// WriteTSV writes a row per component and character (with diff, only the characters whose
// status differs): the component, the character, its code in hex, and its status per version
// (yes, partly, no or n/a). A backslash is written as two, as in compare's TSV of inputs.
func (t *Table) WriteTSV(w io.Writer, diff bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "component\tchar\thex")
	for _, v := range t.Versions {
		fmt.Fprintf(bw, "\t%s", v)
	}
	fmt.Fprintln(bw)
	for _, r := range t.rows {
		if diff && len(r.compared()) < 2 {
			continue
		}
		for c := byte(FirstPrintable); c <= LastPrintable; c++ {
			if diff && !r.differs(c) {
				continue
			}
			char := string(c)
			if c == '\\' {
				char = `\\`
			}
			fmt.Fprintf(bw, "%s\t%s\t%02x", r.name, char, c)
			for i := range r.sets {
				fmt.Fprintf(bw, "\t%s", r.status(i, c))
			}
			fmt.Fprintln(bw)
		}
	}
	return bw.Flush()
}

// WriteJSON writes a JSON object per component (with diff, per component that at least two
// of the versions have): its name; for each character (with diff, each whose status differs)
// its status per version, and for a "partly" where it may not stand; and the probes.
func (t *Table) WriteJSON(w io.Writer, diff bool) error {
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
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, r := range t.rows {
		if diff && len(r.compared()) < 2 {
			continue
		}
		line := struct {
			Component string  `json:"component"`
			Chars     []char  `json:"chars"`
			Probes    []probe `json:"probes"`
		}{Component: r.name, Chars: []char{}, Probes: []probe{}}
		for c := byte(FirstPrintable); c <= LastPrintable; c++ {
			if diff && !r.differs(c) {
				continue
			}
			ch := char{Char: string(c), Status: map[string]string{}}
			for i, cs := range r.sets {
				ch.Status[cs.Version.String()] = r.status(i, c)
				if cs.Applies && cs.Of(c) == Partly {
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
		enc.Encode(line)
	}
	return bw.Flush()
}

// WriteHTML writes the generic components' table as an HTML table of class "grid": a row per
// component and version that has it, a cell per punctuation character and per range of
// letters or digits, of class "c" and the character's status ("yes", "partly", "no"; a range
// whose characters differ is "partly"), titled with the character, component and status.
func (t *Table) WriteHTML(w io.Writer) error {
	bw := bufio.NewWriter(w)
	esc := html.EscapeString
	bw.WriteString("<table class=\"grid\"><thead><tr><th>component</th><th>version</th>")
	for i := 0; i < len(punctuation); i++ {
		fmt.Fprintf(bw, "<th class=\"c\">%s</th>", esc(showChar(punctuation[i])))
	}
	for _, rg := range ranges {
		fmt.Fprintf(bw, "<th class=\"c\" style=\"width: 2.4em\">%s</th>", rg.name)
	}
	bw.WriteString("</tr></thead><tbody>\n")
	for _, r := range t.rows {
		if r.part {
			continue
		}
		first := true
		for _, cs := range r.sets {
			if !cs.Applies {
				continue
			}
			name := ""
			if first {
				name, first = r.name, false
			}
			fmt.Fprintf(bw, "<tr><th>%s</th><td>%s</td>", esc(name), esc(cs.Version.String()))
			for i := 0; i < len(punctuation); i++ {
				st := cs.Of(punctuation[i])
				fmt.Fprintf(bw, "<td class=\"c %s\" title=\"%s in %s: %s\"></td>", st, esc(showChar(punctuation[i])), esc(r.name), st)
			}
			for _, rg := range ranges {
				st := cs.Of(rg.from)
				for c := rg.from; c <= rg.to; c++ {
					if cs.Of(c) != st {
						st = Partly
					}
				}
				fmt.Fprintf(bw, "<td class=\"c %s\" title=\"%s in %s: %s\"></td>", st, rg.name, esc(r.name), st)
			}
			bw.WriteString("</tr>\n")
		}
	}
	bw.WriteString("</tbody></table>\n")
	return bw.Flush()
}
