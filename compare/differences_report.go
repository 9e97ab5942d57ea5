package compare

import (
	"bufio"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The interpretation differential in each format: after the verdicts, what the columns of each
// pair with a reader read in the inputs that both accept, component by component, and where
// they part ways, grouped by component and cause, with the documents' words where a grammar
// decides the case.

// differentialIntro says what the differential counts, for a person.
const differentialIntro = "The components of the inputs that both columns of a pair accept, each as its column reads it " +
	"(a reading after its own normalization, a grammar as written), held to each other byte for byte."

// interpretedPairs returns the indexes of the pairs of s whose components were held to each
// other.
func interpretedPairs(s *Summary) []int {
	var out []int
	for i, p := range s.Pairs {
		if p.First.IsReader() || p.Second.IsReader() {
			out = append(out, i)
		}
	}
	return out
}

// fieldCounts writes the counts of a pair's disagreements by component, in the order of a
// URL's components: "host 3, path 1"; "none" when there are none.
func fieldCounts(by map[string]int) string {
	if len(by) == 0 {
		return "none"
	}
	keys := slices.SortedFunc(maps.Keys(by), func(a, b string) int { return fieldIndex(a) - fieldIndex(b) })
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " " + strconv.Itoa(by[k])
	}
	return strings.Join(parts, ", ")
}

// showComponent writes a component as the reports show it: quoted as an input is (Quote), or
// "(none)" when it is absent.
func showComponent(c Component) string {
	if !c.Present {
		return "(none)"
	}
	return strconv.Quote(c.Text)
}

// readerNormalizations lists the readers among the targets with what each does beyond
// splitting an input: "neturl normalizes: lower-scheme,decode-host".
func readerNormalizations(targets []Target) []string {
	var out []string
	for _, t := range targets {
		if t.Reader != nil {
			out = append(out, fmt.Sprintf("%s (%s) normalizes: %s", t.ID(), t.Reader.Name(), strings.ReplaceAll(t.Reader.Normalizations(), ",", ", ")))
		}
	}
	return out
}

func tableDifferences(w *bufio.Writer, r *Report, s *Summary) {
	pairs := interpretedPairs(s)
	if len(pairs) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", wrapText("Interpretation: "+differentialIntro, cmp.Or(r.Width, 80), ""))
	for _, n := range readerNormalizations(s.Targets) {
		fmt.Fprintf(w, "  %s\n", n)
	}
	fmt.Fprintln(w, "\nPairs (both accept / read alike / the components they read differently):")
	byField := s.ByField()
	for _, p := range pairs {
		pc := s.Pairs[p]
		fmt.Fprintf(w, "  %-10s %-10s %7d %7d  %s\n", pc.First.ID(), pc.Second.ID(), pc.Interpreted, pc.Alike, fieldCounts(byField[p]))
	}
	ds := s.Differences()
	if len(ds) == 0 {
		return
	}
	fmt.Fprintln(w, "\nWhere they read a component differently: pair, component, cause, count, an example,")
	fmt.Fprintln(w, "the component as each reads it, and what the grammar's document says of it.")
	for _, d := range ds {
		head := fmt.Sprintf("  %-10s %-10s %-9s %-17s %6d  e.g. ", d.First.ID(), d.Second.ID(), d.Field, d.Cause, d.Count)
		avail := 0
		if r.Width > 0 {
			avail = max(r.Width-len(head), 12)
		}
		fmt.Fprintf(w, "%s%s\n", head, newDisplay(d.Example, -1, avail).text)
		fmt.Fprintf(w, "  %17s %s %s, %s %s\n", "", d.First.ID(), showComponent(d.A), d.Second.ID(), showComponent(d.B))
		for _, e := range d.Excerpts {
			fmt.Fprintf(w, "  %17s %s %s: %q\n", "", e.Document, e.Section, e.Words)
		}
	}
}

func markdownDifferences(w *bufio.Writer, s *Summary) {
	pairs := interpretedPairs(s)
	if len(pairs) == 0 {
		return
	}
	fmt.Fprintf(w, "\nInterpretation: %s\n\n", differentialIntro)
	for _, n := range readerNormalizations(s.Targets) {
		fmt.Fprintf(w, "- %s\n", markdownText(n))
	}
	fmt.Fprint(w, "\n| first | second | both accept | read alike | components read differently |\n|---|---|---:|---:|---|\n")
	byField := s.ByField()
	for _, p := range pairs {
		pc := s.Pairs[p]
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s |\n", pc.First.ID(), pc.Second.ID(), pc.Interpreted, pc.Alike, fieldCounts(byField[p]))
	}
	ds := s.Differences()
	if len(ds) == 0 {
		return
	}
	fmt.Fprint(w, "\nWhere they read a component differently:\n\n| first | second | component | cause | count | example | first reads | second reads | the document says |\n|---|---|---|---|---:|---|---|---|---|\n")
	for _, d := range ds {
		var words []string
		for _, e := range d.Excerpts {
			words = append(words, markdownText(fmt.Sprintf("%s %s: “%s”", e.Document, e.Section, e.Words)))
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %d | %s | %s | %s | %s |\n", d.First.ID(), d.Second.ID(), d.Field, d.Cause, d.Count,
			markdownCode(d.Example), markdownComponent(d.A), markdownComponent(d.B), strings.Join(words, "<br>"))
	}
}

// markdownComponent is a component as a Markdown cell shows it.
func markdownComponent(c Component) string {
	if !c.Present {
		return "*(none)*"
	}
	return markdownCode(c.Text)
}

// tsvDifferences writes the differences as a table of their own, after the causes' and an
// empty line.
func tsvDifferences(w *bufio.Writer, s *Summary) {
	ds := s.Differences()
	if len(interpretedPairs(s)) == 0 {
		return
	}
	fmt.Fprintln(w, "\nfirst\tsecond\tfield\tcause\tcount\texample\tfirst reads\tsecond reads\tthe document says")
	for _, d := range ds {
		var words []string
		for _, e := range d.Excerpts {
			words = append(words, fmt.Sprintf("%s %s: %s", e.Document, e.Section, e.Words))
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\n", d.First.ID(), d.Second.ID(), d.Field, d.Cause, d.Count,
			tsvField(d.Example), tsvField(showComponent(d.A)), tsvField(showComponent(d.B)), tsvField(strings.Join(words, " | ")))
	}
}

// rowDifferences lists the components on which the pairs of c read its input differently, one
// each: "host: draft2003 "0x7f.1", whatwg "127.0.0.1" (ipv4-form)".
func rowDifferences(c Comparison, targets []Target) []string {
	var out []string
	for _, in := range c.interp {
		a, b := targets[in.First].ID(), targets[in.Second].ID()
		for _, d := range in.Disagreements {
			out = append(out, fmt.Sprintf("%s: %s %s, %s %s (%s)", d.Field, a, showComponent(d.A), b, showComponent(d.B), d.Cause))
		}
	}
	return out
}

// jsonDifference is one component that two columns read differently, in a row of compare's
// JSON Lines.
type jsonDifference struct {
	First  string        `json:"first"`
	Second string        `json:"second"`
	Field  string        `json:"field"`
	Cause  string        `json:"cause"`
	A      componentJSON `json:"a"`
	B      componentJSON `json:"b"`
}

// jsonDifferences are the components on which the pairs of c differ, for its JSON row: [] when
// they agree on every one, nil when c was not interpreted.
func jsonDifferences(c Comparison, targets []Target) []jsonDifference {
	if c.interp == nil {
		return nil
	}
	out := []jsonDifference{}
	for _, in := range c.interp {
		for _, d := range in.Disagreements {
			out = append(out, jsonDifference{targets[in.First].ID(), targets[in.Second].ID(), d.Field, d.Cause, componentJSON(d.A), componentJSON(d.B)})
		}
	}
	return out
}

func htmlDifferences(w *bufio.Writer, s *Summary) {
	pairs := interpretedPairs(s)
	if len(pairs) == 0 {
		return
	}
	w.WriteString("<section id=\"interpretation\"><h2>How they read what they accept</h2>\n")
	fmt.Fprintf(w, "<p class=\"note\">%s</p>\n<ul class=\"normalizations\">\n", esc(differentialIntro))
	for _, n := range readerNormalizations(s.Targets) {
		fmt.Fprintf(w, "<li>%s</li>\n", esc(n))
	}
	w.WriteString("</ul>\n<h3>Per pair: the inputs both accept, and those read alike</h3>\n<table id=\"interpreted\"><thead><tr><th>first</th><th>second</th><th class=\"n\">both accept</th><th class=\"n\">read alike</th><th>components read differently</th></tr></thead><tbody>\n")
	byField := s.ByField()
	for _, p := range pairs {
		pc := s.Pairs[p]
		key := "pair/" + pc.First.ID() + "/" + pc.Second.ID() + "/"
		fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td class=\"n\" data-key=\"%sinterpreted\">%d</td><td class=\"n\" data-key=\"%salike\">%d</td><td>%s</td></tr>\n",
			esc(pc.First.ID()), esc(pc.Second.ID()), esc(key), pc.Interpreted, esc(key), pc.Alike, esc(fieldCounts(byField[p])))
	}
	w.WriteString("</tbody></table>\n")
	if ds := s.Differences(); len(ds) > 0 {
		w.WriteString("<h3>Where they read a component differently, by component and cause</h3>\n<table id=\"differences\" class=\"diffs\">" +
			"<colgroup><col style=\"width: 13%\"/><col style=\"width: 13%\"/><col style=\"width: 6%\"/><col style=\"width: 18%\"/><col style=\"width: 22%\"/><col style=\"width: 28%\"/></colgroup>" +
			"<thead><tr><th>pair</th><th>component: cause</th><th class=\"n\">inputs</th><th>example</th><th>as each reads it</th><th>the document says</th></tr></thead><tbody>\n")
		for _, d := range ds {
			var words strings.Builder
			for _, e := range d.Excerpts {
				fmt.Fprintf(&words, "<p class=\"doc\"><b>%s</b>, %s:</p><blockquote>%s</blockquote>", esc(e.Document), esc(e.Section), esc(e.Words))
			}
			fmt.Fprintf(w, "<tr><td>%s · %s</td><td>%s: %s</td><td class=\"n\">%d</td><td><code>%s</code></td><td><b>%s</b> %s<br/><b>%s</b> %s</td><td>%s</td></tr>\n",
				esc(d.First.ID()), esc(d.Second.ID()), esc(d.Field), esc(d.Cause), d.Count, htmlInput(d.Example),
				esc(d.First.ID()), esc(showComponent(d.A)), esc(d.Second.ID()), esc(showComponent(d.B)), words.String())
		}
		w.WriteString("</tbody></table>\n")
	}
	w.WriteString("</section>\n")
}
