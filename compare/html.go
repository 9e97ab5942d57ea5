package compare

import (
	"bufio"
	"cmp"
	"fmt"
	"html"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/charset"
)

// FormatHTML, the HTML report, is one self-contained file: inline CSS and SVG, no script, no
// font or image from the network (its Content-Security-Policy forbids them). It is well-formed
// XML (every element closed, every attribute quoted), so that a program can read it too.
//
// It stays small on a large input: the inputs on which the versions disagree are kept, grouped
// by how they disagree (the verdict and the reason of each version), and written after the
// summary, each group with its reasons as text; of the inputs on which every version agrees,
// the first few of each kind are shown as a labelled sample. The counts are exact whatever is
// shown, and the full matrix is what FormatTSV and FormatJSON give. Every number of the summary
// carries a data-key attribute that names it, the same number the JSON summary gives; a number
// drawn in a chart carries the key of the number the text gives.

const htmlStyle = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
main { display: flex; flex-direction: column; gap: 1.5em; padding: 1.5em 2em; max-width: 1200px; }
@media (max-width: 900px) { main { padding: 1em .6em; } section { padding: .8em .6em; } }
h1 { font-size: 1.5em; margin: 0; } h2 { font-size: 1.15em; margin: 0 0 .5em; } h3 { font-size: 1em; margin: 1em 0 .3em; }
section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 1em 1.2em; min-width: 0; }
p.note { color: #555; margin: .3em 0 .8em; }
dl.prov { display: grid; grid-template-columns: max-content 1fr; gap: .1em 1em; margin: .6em 0; }
dl.prov dt { color: #555; } dl.prov dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; }
th, td { padding: 2px 6px; text-align: left; vertical-align: top; }
th { font-weight: 600; border-bottom: 1px solid #ccc; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 12px/1.3 ui-monospace, monospace; word-break: break-all; }
table.matrix { width: 100%; }
table.matrix td.ok, table.matrix td.no { text-align: center; width: 2.6em; }
table.matrix td.ok { color: #11772d; background: #e7f6ea; }
table.matrix td.no { color: #b3261e; background: #fdecea; }
table.matrix th.v { width: 2.6em; text-align: center; }
table.matrix tbody { border-top: 2px solid #ccc; }
table.matrix td.why { overflow-wrap: anywhere; }
ul.why { margin: .2em 0 .4em; padding-left: 1.2em; }
ul.why li { margin: .1em 0; }
ol.rows { margin: .2em 0; padding-left: 3.5em; font: 12px/1.3 ui-monospace, monospace; word-break: break-all; }
p.answer { font-size: 1.25em; line-height: 1.45; margin: .5em 0 .8em; max-width: 60em; }
p.answer span[data-key] { font-weight: 600; }
p.answer code { font-size: .9em; background: #eef; padding: 0 .25em; border-radius: 3px; }
#versions td.n { white-space: nowrap; } #versions code { word-break: normal; }
table.heat td.question { outline: 2px solid #1d1d1f; outline-offset: -2px; }
@media print {
  body { background: #fff; } main { padding: 0; max-width: none; } section { border: none; padding: .5em 0; break-inside: auto; }
  details::details-content { content-visibility: visible; display: block; }
  details > summary { list-style: none; }
}
ol.rows li span { font-family: system-ui, sans-serif; color: #666; margin-left: .8em; word-break: normal; }
table.heat td.cell { min-width: 3em; text-align: right; border: 1px solid #fff; }
table.grid { table-layout: fixed; }
table.grid td.c { width: 1em; height: 1em; padding: 0; text-align: center; border: 1px solid #eee; font-size: 11px; }
table.grid td.yes { background: #2e7d32; color: #fff; }
table.grid td.partly { background: #a5d6a7; }
table.grid td.no { background: #fff; }
table.grid th.c { width: 1em; padding: 0; text-align: center; font: 11px ui-monospace, monospace; }
table.grid th.r { width: 2.2em; }
table.grid th.comp { width: 5.5em; } table.grid th.ver { width: 2.6em; }
blockquote { margin: .2em 0 .6em 1em; padding-left: .8em; border-left: 3px solid #ccd; color: #333; white-space: pre-line; overflow-wrap: anywhere; }
p.doc { margin: .4em 0 0; }
ul.note { color: #555; margin: .2em 0 .4em; padding-left: 1.2em; }
details summary { cursor: pointer; color: #333; margin: .4em 0; }
svg.chart { display: block; width: 100%; height: auto; }
table.diffs { width: 100%; table-layout: fixed; } table.diffs td { overflow-wrap: anywhere; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
`

// htmlSample is how many inputs of each kind on which every version agrees (accepted by every
// version, rejected by every version) the report shows.
const htmlSample = 25

// htmlMaxRows bounds the disagreeing inputs the report lists (their counts stay exact): a
// report of a log of millions of lines stays a page a browser opens.
const htmlMaxRows = 25000

// htmlRows holds the rows of the HTML report until its summary: the disagreeing inputs by
// group, and the samples of the others.
type htmlRows struct {
	groups map[string]*htmlGroup
	order  []*htmlGroup // in the order of their first input
	listed int          // the inputs kept in groups
	// all and none are the samples of the inputs every version accepts and rejects.
	all, none htmlGroup
}

// An htmlGroup is a set of inputs on which each version gives the same verdict for the same
// reason.
type htmlGroup struct {
	errs []*urlgrammar.SyntaxError // the first input's verdicts: nil where accepted
	// refusals are the first input's readers' refusals, in their words: "" but for a reader
	// (Target.Reader) that refuses it.
	refusals []string
	count    int
	rows     []htmlListed
}

type htmlListed struct {
	input, source string
	offsets       []int    // where each rejecting version left the grammar, in target order
	review        []string // the findings of Report.Review
}

// add counts c in the group, and lists it when keep is true. errs are c's verdicts.
func (g *htmlGroup) add(c Comparison, errs []*urlgrammar.SyntaxError, source string, keep bool, review []string) {
	if g.count == 0 {
		g.errs = errs
		g.refusals = make([]string, len(errs))
		for i := range errs {
			if re, ok := c.Err(i).(*ReadError); ok {
				g.refusals[i] = re.Error()
			}
		}
	}
	g.count++
	if !keep {
		return
	}
	row := htmlListed{input: c.Input, source: source, review: review}
	for _, e := range errs {
		if e != nil {
			row.offsets = append(row.offsets, e.Offset)
		}
	}
	g.rows = append(g.rows, row)
}

func htmlBegin(w *bufio.Writer, r *Report) {
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
	w.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\"/>\n")
	w.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
	fmt.Fprintf(w, "<title>%s</title>\n<style>", esc(htmlTitle(r)))
	w.WriteString(htmlStyle)
	w.WriteString("</style>\n</head>\n<body>\n<main>\n")
	r.html = &htmlRows{groups: map[string]*htmlGroup{}}
}

// htmlTitle names the versions compared and the input: "RFC 1738 against the 2003 draft of
// RFC 2396bis on urls.txt — urlgrammar compare".
func htmlTitle(r *Report) string {
	var vs []string
	for _, t := range r.Targets {
		vs = append(vs, t.nameOnly())
	}
	title := strings.Join(vs, " against ")
	if len(vs) > 2 {
		names, _ := targetNames(r.Targets)
		title = fmt.Sprintf("%d %s (%s)", len(vs), targetsNoun(r.Targets), strings.Join(names, ", "))
	}
	if r.Input != "" {
		title += " on " + r.Input
	}
	return title + " — urlgrammar compare"
}

// esc escapes text for HTML (and XML) content and attribute values.
func esc(s string) string { return html.EscapeString(s) }

// htmlInput shows an input as the table does (quoted, with \xNN, when it is not plain
// printable ASCII), escaped for HTML: never invalid UTF-8 or a control character.
func htmlInput(s string) string { return esc(Quote(s)) }

// htmlRow keeps a row: a disagreeing one in its group, an agreeing one in its sample, and one
// on which every version agrees but Review has findings as a disagreeing one.
func htmlRow(r *Report, c Comparison, source string) {
	h := r.html
	var review []string
	if r.Review != nil {
		review = r.Review(c, FormatHTML)
	}
	errs := make([]*urlgrammar.SyntaxError, len(r.Targets))
	for i := range errs {
		errs[i] = c.SyntaxError(i)
	}
	if c.Agree() && len(review) == 0 {
		g := &h.all
		if !c.Accepted(0) {
			g = &h.none
		}
		g.add(c, errs, source, g.count < htmlSample, nil)
		return
	}
	var key strings.Builder
	for _, e := range errs {
		if e != nil {
			key.WriteString(e.Reason())
		}
		key.WriteByte(0)
	}
	g := h.groups[key.String()]
	if g == nil {
		g = &htmlGroup{}
		h.groups[key.String()] = g
		h.order = append(h.order, g)
	}
	keep := h.listed < htmlMaxRows
	if keep {
		h.listed++
	}
	g.add(c, errs, source, keep, review)
}

// htmlSummary writes the summary, the rows kept, and the end of the page.
func htmlSummary(w *bufio.Writer, r *Report, s *Summary) {
	htmlHeader(w, r, s)
	htmlUpSet(w, s)
	htmlHeat(w, s)
	htmlMatrix(w, r, s)
	htmlCauses(w, s)
	htmlDifferences(w, s)
	htmlDocWords(w, s)
	htmlCharsets(w, s)
	w.WriteString("</main>\n</body>\n</html>\n")
}

// htmlHeader opens the report with its provenance: what was read, when, by which program, and
// the versions with the rule each is held to.
func htmlHeader(w *bufio.Writer, r *Report, s *Summary) {
	w.WriteString("<section id=\"provenance\"><h1>urlgrammar compare</h1>\n")
	fmt.Fprintf(w, "<p id=\"answer\" class=\"answer\">%s</p>\n<dl class=\"prov\">\n", headlineHTML(headline(r, s)))
	if r.Input != "" {
		fmt.Fprintf(w, "<dt>input</dt><dd id=\"input\">%s</dd>\n", esc(r.Input))
	}
	if !r.Date.IsZero() {
		fmt.Fprintf(w, "<dt>date</dt><dd id=\"date\">%s</dd>\n", r.Date.UTC().Format("2006-01-02 15:04 UTC"))
	}
	if r.Tool != "" {
		fmt.Fprintf(w, "<dt>tool</dt><dd id=\"tool\">%s</dd>\n", esc(r.Tool))
	}
	fmt.Fprintf(w, "<dt>inputs</dt><dd><span data-key=\"inputs\">%d</span>", s.Inputs)
	if r.Diff {
		fmt.Fprintf(w, " on which the %s disagree (--diff), of <span data-key=\"read\">%d</span> read", targetsNoun(r.Targets), r.Read)
	}
	if r.Cut != "" {
		fmt.Fprintf(w, "</dd>\n<dt>cut</dt><dd id=\"cut\">the input was %s: the rest was not read", esc(r.Cut))
	}
	w.WriteString("</dd>\n</dl>\n")
	w.WriteString("<table id=\"versions\"><thead><tr><th>version</th><th>document</th><th>held to the rule</th><th class=\"n\">accepted</th></tr></thead><tbody>\n")
	// Each count says what it counts: with --diff, of the disagreeing inputs only.
	of := fmt.Sprintf(" of <span data-key=\"inputs\">%d</span>", s.Inputs)
	if r.Diff {
		of = fmt.Sprintf(" of the <span data-key=\"inputs\">%d</span> shown", s.Inputs)
	}
	for i, t := range s.Targets {
		if t.Reader != nil {
			fmt.Fprintf(w, "<tr><td>%s</td><td>%s (a reading of today; normalizes: %s)</td><td>%s</td><td class=\"n\"><span data-key=\"accepted/%s\">%d</span>%s</td></tr>\n",
				esc(t.ID()), esc(t.Reader.Name()), esc(t.Reader.Normalizations()), esc(ruleLabel(t)), esc(t.ID()), s.Accepted[i], of)
			continue
		}
		doc := t.Version.Spec().Document
		if !strings.HasPrefix(doc, Name(t.Version)) { // a draft: named by its year first
			doc = Name(t.Version) + ": " + doc
		}
		fmt.Fprintf(w, "<tr><td>%s</td><td>%s (%s)</td><td><code>%s</code></td><td class=\"n\"><span data-key=\"accepted/%s\">%d</span>%s</td></tr>\n",
			esc(t.Version.String()), esc(doc), esc(Month(t.Version)), esc(ruleLabel(t)), esc(t.Version.String()), s.Accepted[i], of)
	}
	w.WriteString("</tbody></table>\n</section>\n")
}

// htmlMatrix writes the inputs on which the versions disagree, a group per way they disagree,
// each with its verdicts, its reasons and its inputs, then the samples of the others.
func htmlMatrix(w *bufio.Writer, r *Report, s *Summary) {
	h := r.html
	if len(h.order) == 0 && h.all.count+h.none.count == 0 && s.Inputs > 0 {
		w.WriteString("<section id=\"matrix\"><h2>Inputs</h2>\n<p class=\"note\">This report is made of summaries (--merge): it lists no inputs.</p></section>\n")
		return
	}
	disagree, reviewed := 0, 0
	for _, g := range h.order {
		if g.agree() {
			reviewed += g.count
		} else {
			disagree += g.count
		}
	}
	groups := slices.Clone(h.order)
	slices.SortStableFunc(groups, func(a, b *htmlGroup) int { return b.count - a.count })
	fmt.Fprintf(w, "<section id=\"matrix\"><h2>Inputs on which the %s disagree</h2>\n", targetsNoun(r.Targets))
	fmt.Fprintf(w, "<p class=\"note\"><span data-count=\"disagree\">%d</span> %s in %s: in each, every version gives the same verdict for the same reason (✓ accepted, · rejected). Each input is followed by the byte offset at which each rejecting version left the grammar (one number when they all left at the same byte).", disagree, nouns(disagree, "input"), plural(len(groups), "group"))
	if reviewed > 0 {
		fmt.Fprintf(w, " With them, the %d inputs on which every version agrees that the security review (--review) has findings on.", reviewed)
	}
	if h.listed < disagree+reviewed {
		fmt.Fprintf(w, " The first %d inputs are listed; the counts are of all of them.", h.listed)
	}
	if r.Diff {
		w.WriteString(" Only these inputs were kept (--diff).")
	} else {
		fmt.Fprintf(w, " Below them, a sample of the inputs on which every version agrees.")
	}
	w.WriteString(" Every input with every verdict: <code>--format tsv</code> or <code>json</code>.</p>\n<table class=\"matrix\">\n<thead><tr>")
	for _, t := range r.Targets {
		fmt.Fprintf(w, "<th class=\"v\" title=\"%s\">%s</th>", esc(t.String()), esc(t.short()))
	}
	w.WriteString("<th>inputs, and why they are rejected</th></tr></thead>\n")
	for _, g := range groups {
		if g.agree() {
			htmlGroupRows(w, r, g, "reviewed", fmt.Sprintf("<b data-count=\"reviewed\">%d</b> %s on which every version agrees, with review findings", g.count, nouns(g.count, "input")))
		} else {
			htmlGroupRows(w, r, g, "disagree", fmt.Sprintf("<b data-count=\"group\">%d</b> %s", g.count, nouns(g.count, "input")))
		}
	}
	for _, sample := range []struct {
		g    *htmlGroup
		what string
	}{{&h.all, "every version accepts"}, {&h.none, "every version rejects"}} {
		if g := sample.g; g.count > 0 {
			htmlGroupRows(w, r, g, "sample", fmt.Sprintf("A sample: the first %d of the <b data-count=\"agree\">%d</b> inputs that %s", len(g.rows), g.count, sample.what))
		}
	}
	w.WriteString("</table>\n</section>\n")
}

// htmlGroupRows writes one group of the matrix: a row of verdicts whose last cell holds the
// group's title, the reason of each rejecting version, and the inputs.
func htmlGroupRows(w *bufio.Writer, r *Report, g *htmlGroup, class, title string) {
	fmt.Fprintf(w, "<tbody class=\"%s\"><tr>", class)
	for i, t := range r.Targets {
		if g.errs[i] == nil {
			fmt.Fprintf(w, "<td class=\"ok\" title=\"%s: accepted\">✓</td>", esc(t.String()))
		} else {
			fmt.Fprintf(w, "<td class=\"no\" title=\"%s: rejected\">·</td>", esc(t.String()))
		}
	}
	fmt.Fprintf(w, "<td class=\"why\"><p>%s", title)
	if len(g.rows) < g.count && class != "sample" {
		fmt.Fprintf(w, " (the first %d listed)", len(g.rows))
	}
	w.WriteString("</p>\n")
	if class != "sample" && !g.agree() {
		w.WriteString("<ul class=\"why\">")
		for i, t := range r.Targets {
			if e := g.errs[i]; e != nil {
				if t.Reader != nil {
					fmt.Fprintf(w, "<li class=\"reason\"><b>%s</b>: %s</li>", esc(t.ID()), esc(g.refusals[i]))
					continue
				}
				fmt.Fprintf(w, "<li class=\"reason\"><b>%s</b> (%s): %s</li>", esc(t.Version.String()), esc(e.Rule), esc(e.Reason()))
			}
		}
		w.WriteString("</ul>\n")
	}
	// A long list shows its first inputs, and folds the rest, rather than keep them in a box
	// that scrolls, which a printed or captured page would cut; printed, it unfolds.
	shown := g.rows
	if len(shown) > htmlUnfolded*3/2 {
		shown = g.rows[:htmlUnfolded]
	}
	htmlList(w, shown, 1, class)
	if rest := g.rows[len(shown):]; len(rest) > 0 {
		fmt.Fprintf(w, "<details class=\"more\"><summary>%d more %s of the group</summary>\n", len(rest), nouns(len(rest), "input"))
		htmlList(w, rest, len(shown)+1, class)
		w.WriteString("</details>")
	}
	w.WriteString("</td></tr></tbody>\n")
}

// htmlUnfolded is how many inputs of a group are shown before the rest are folded.
const htmlUnfolded = 20

// htmlList writes rows as a numbered list that begins at number start.
func htmlList(w *bufio.Writer, rows []htmlListed, start int, class string) {
	if start == 1 {
		w.WriteString("<ol class=\"rows\">\n")
	} else {
		fmt.Fprintf(w, "<ol class=\"rows\" start=\"%d\">\n", start)
	}
	for _, row := range rows {
		// Rows are the bulk of a large report: their markup is kept to the least.
		fmt.Fprintf(w, "<li>%s", htmlInput(row.input))
		var notes []string
		if len(row.offsets) > 0 && class != "sample" {
			notes = append(notes, offsetList(row.offsets))
		}
		if row.source != "" {
			notes = append(notes, esc(row.source))
		}
		for _, f := range row.review {
			notes = append(notes, "review: "+esc(f))
		}
		if len(notes) > 0 {
			fmt.Fprintf(w, "<span>%s</span>", strings.Join(notes, "; "))
		}
		w.WriteString("</li>\n")
	}
	w.WriteString("</ol>")
}

// agree reports whether every version gives the group's inputs the same verdict.
func (g *htmlGroup) agree() bool {
	for _, e := range g.errs {
		if (e == nil) != (g.errs[0] == nil) {
			return false
		}
	}
	return true
}

// offsetList writes the offsets of a row's rejections: one number when they are all the same.
func offsetList(offsets []int) string {
	same := true
	for _, o := range offsets {
		same = same && o == offsets[0]
	}
	if same && len(offsets) > 0 {
		return strconv.Itoa(offsets[0])
	}
	parts := make([]string, len(offsets))
	for i, o := range offsets {
		parts[i] = strconv.Itoa(o)
	}
	return strings.Join(parts, ", ")
}

// maxSets bounds the sets of versions the UpSet chart shows (the most frequent).
const maxSets = 24

// htmlUpSet draws the inputs per set of accepting versions as an UpSet chart (Lex et al.,
// "UpSet: Visualization of Intersecting Sets", 2014): a bar per set, most frequent first, over
// a matrix of dots that shows which versions form the set; beside it, each version's total.
func htmlUpSet(w *bufio.Writer, s *Summary) {
	sets := s.Sets()
	shown := sets[:min(len(sets), maxSets)]
	const (
		labelW, totalW, colW, barH, rowH, top = 90, 110, 30, 150, 20, 20
	)
	n := len(s.Targets)
	width := labelW + totalW + colW*max(len(shown), 1) + 10
	height := top + barH + 10 + rowH*n + 10
	maxCount := 1
	for _, set := range shown {
		maxCount = max(maxCount, set.Count)
	}
	maxAccepted := max(1, slices.Max(s.Accepted)) // a summary has a target at least
	fmt.Fprintf(w, "<section id=\"sets\"><h2>Which %s accept how many inputs</h2>\n", targetsNoun(s.Targets))
	w.WriteString("<p class=\"note\">Each column is a set of versions and the number of inputs that exactly those versions accept (a dot marks a member; no dot: no version accepts them). On the left, each version's total.</p>\n")
	// The chart scales to its container (down to the container's width, up to its own).
	fmt.Fprintf(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" style=\"max-width: %dpx\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"inputs per set of accepting versions\">\n", width, width, height)
	matrixTop := top + barH + 10
	for i, t := range s.Targets {
		y := matrixTop + rowH*i + rowH/2
		if i%2 == 0 {
			fmt.Fprintf(w, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f3f3f3\"/>\n", matrixTop+rowH*i, width, rowH)
		}
		bw := (totalW - 40) * s.Accepted[i] / maxAccepted
		fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#8aa4c8\"/>", labelW+totalW-10-bw, y-6, bw)
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" data-key=\"accepted/%s\">%d</text>", labelW+totalW-12-bw, y+4, esc(t.ID()), s.Accepted[i])
		fmt.Fprintf(w, "<text x=\"4\" y=\"%d\">%s</text>\n", y+4, esc(t.ID()))
	}
	for k, set := range shown {
		x := labelW + totalW + colW*k + colW/2
		h := barH * set.Count / maxCount
		fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#3b5b92\"><title>%s: %d</title></rect>", x-colW/2+4, top+barH-h, colW-8, h, esc(setName(s, set)), set.Count)
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" data-key=\"set/%s\">%d</text>\n", x, top+barH-h-4, esc(setKey(s, set)), set.Count)
		first, last := -1, -1
		for i, in := range set.Accepting {
			if in {
				if first < 0 {
					first = i
				}
				last = i
			}
		}
		if first >= 0 && last > first {
			fmt.Fprintf(w, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\" stroke-width=\"2\"/>", x, matrixTop+rowH*first+rowH/2, x, matrixTop+rowH*last+rowH/2)
		}
		for i, in := range set.Accepting {
			fill := "#d0d0d0"
			if in {
				fill = "#333"
			}
			fmt.Fprintf(w, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"%s\"/>", x, matrixTop+rowH*i+rowH/2, fill)
		}
		w.WriteString("\n")
	}
	w.WriteString("</svg>\n")
	htmlSetTable(w, s, sets, len(shown))
	w.WriteString("</section>\n")
}

// htmlSetTable writes the counts of the sets that the UpSet chart draws (the first shown of
// sets) as a table, the text of the chart's numbers, and says how many it leaves out.
func htmlSetTable(w *bufio.Writer, s *Summary, sets []SetCount, shown int) {
	if len(sets) > shown {
		rest := 0
		for _, set := range sets[shown:] {
			rest += set.Count
		}
		fmt.Fprintf(w, "<p class=\"note\">%s less frequent, %s in all, not drawn.</p>\n", plural(len(sets)-shown, "set"), plural(rest, "input"))
	}
	w.WriteString("<details><summary>The sets as a table</summary>\n<table><thead><tr><th>accepted by exactly</th><th class=\"n\">inputs</th></tr></thead><tbody>\n")
	for _, set := range sets[:shown] {
		name := strings.ReplaceAll(setKey(s, set), "+", ", ")
		fmt.Fprintf(w, "<tr><td>%s</td><td class=\"n\" data-key=\"set/%s\">%d</td></tr>\n", esc(name), esc(setKey(s, set)), set.Count)
	}
	w.WriteString("</tbody></table></details>\n")
}

// setKey names a set of versions for a data-key: their ids joined by "+", or "none".
func setKey(s *Summary, set SetCount) string {
	var ids []string
	for i, in := range set.Accepting {
		if in {
			ids = append(ids, s.Targets[i].ID())
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, "+")
}

// setName says which versions accept the inputs of a set, for a reader.
func setName(s *Summary, set SetCount) string {
	if k := setKey(s, set); k != "none" {
		return "accepted by exactly " + strings.ReplaceAll(k, "+", ", ")
	}
	return "accepted by none"
}

// htmlHeat shows the pairs of versions as a heat map: the cell in row A and column B counts the
// inputs that A accepts and B rejects; the diagonal, those A accepts.
func htmlHeat(w *bufio.Writer, s *Summary) {
	if len(s.Targets) < 2 {
		return
	}
	n := len(s.Targets)
	// only[a][b]: accepted by a, rejected by b; and the pair counts behind it.
	only := make([][]int, n)
	keys := make([][]string, n)
	for i := range only {
		only[i], keys[i] = make([]int, n), make([]string, n)
	}
	p := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			pc := s.Pairs[p]
			p++
			a, b := s.Targets[i].ID(), s.Targets[j].ID()
			only[i][j], keys[i][j] = pc.OnlyFirst, "pair/"+a+"/"+b+"/only_first"
			only[j][i], keys[j][i] = pc.OnlySecond, "pair/"+a+"/"+b+"/only_second"
		}
	}
	peak := 1
	for i := range only {
		for j := range only[i] {
			if i != j {
				peak = max(peak, only[i][j])
			}
		}
	}
	w.WriteString("<section id=\"pairs\"><h2>Pairs: accepted by the row's version, rejected by the column's</h2>\n")
	w.WriteString("<p class=\"note\">The darker a cell, the more inputs one version accepts that the other rejects, on a logarithmic scale (a cell of 300 is about half as dark as one of 20000). The diagonal gives each version's total; the cells of RFC 1738 against the 2003 draft, the project's question, are outlined.</p>\n")
	w.WriteString("<table class=\"heat\"><thead><tr><th></th>")
	for _, t := range s.Targets {
		fmt.Fprintf(w, "<th class=\"n\">%s</th>", esc(t.short()))
	}
	w.WriteString("</tr></thead>\n<tbody>\n")
	for i, t := range s.Targets {
		fmt.Fprintf(w, "<tr><th>%s</th>", esc(t.ID()))
		for j := range s.Targets {
			if i == j {
				fmt.Fprintf(w, "<td class=\"cell n\" style=\"background: #eee\" title=\"%s accepts %d\">%d</td>", esc(t.ID()), s.Accepted[i], s.Accepted[i])
				continue
			}
			// On a log scale: the question's few hundred inputs stay readable beside the
			// drafts' tens of thousands (the https URLs they predate).
			alpha := math.Log1p(float64(only[i][j])) / math.Log1p(float64(peak))
			color := "#1d1d1f"
			if alpha > 0.55 {
				color = "#fff"
			}
			class := "cell n"
			if v, u := t.Version, s.Targets[j].Version; v == urlgrammar.RFC1738 && u == urlgrammar.Draft2003 || v == urlgrammar.Draft2003 && u == urlgrammar.RFC1738 {
				class += " question"
			}
			fmt.Fprintf(w, "<td class=\"%s\" style=\"background: rgba(183, 28, 28, %.2f); color: %s\" title=\"accepted by %s, rejected by %s\" data-key=\"%s\">%d</td>",
				class, alpha, color, esc(t.ID()), esc(s.Targets[j].ID()), keys[i][j], only[i][j])
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</tbody></table>\n")
	htmlPairTable(w, s)
	w.WriteString("</section>\n")
}

// htmlPairTable writes every pair's four counts, both and neither too, which the heat map
// leaves out, and where each version rejects what the other accepts.
func htmlPairTable(w *bufio.Writer, s *Summary) {
	w.WriteString("<details><summary>Every pair: both, only first, only second, neither, and at which characters each rejects what the other accepts</summary>\n<table><thead><tr><th>first</th><th>second</th><th class=\"n\">both</th><th class=\"n\">only first</th><th class=\"n\">only second</th><th class=\"n\">neither</th><th>the first rejects at</th><th>the second rejects at</th></tr></thead><tbody>\n")
	for _, pc := range s.Pairs {
		a, b := pc.First.ID(), pc.Second.ID()
		k := "pair/" + a + "/" + b + "/"
		fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td class=\"n\" data-key=\"%sboth\">%d</td><td class=\"n\" data-key=\"%sonly_first\">%d</td><td class=\"n\" data-key=\"%sonly_second\">%d</td><td class=\"n\" data-key=\"%sneither\">%d</td><td>%s</td><td>%s</td></tr>\n",
			esc(a), esc(b), k, pc.Both, k, pc.OnlyFirst, k, pc.OnlySecond, k, pc.Neither,
			htmlFoundCounts(pc.FirstRejects, k+"first_rejects/"), htmlFoundCounts(pc.SecondRejects, k+"second_rejects/"))
	}
	w.WriteString("</tbody></table></details>\n")
}

// htmlFoundCounts lists the counts of by, the most frequent first: "<code>#</code> 262, …".
func htmlFoundCounts(by map[string]int, key string) string {
	var parts []string
	for _, found := range slices.SortedFunc(maps.Keys(by), func(a, b string) int { return cmp.Or(by[b]-by[a], strings.Compare(a, b)) }) {
		parts = append(parts, fmt.Sprintf("<code>%s</code> <span data-key=\"%s\">%d</span>", esc(found), esc(key+found), by[found]))
	}
	return strings.Join(parts, ", ")
}

// htmlCauseKey names a cause for a data-key.
func htmlCauseKey(c *Cause) string {
	kind := "disagree"
	if c.Shared {
		kind = "shared"
	}
	return fmt.Sprintf("cause/%s/%s/%s/%s", c.Target.ID(), c.In, c.Found, kind)
}

// htmlCauses lists, per version, the causes of its rejections: first those on which the
// versions disagree, then (folded) those every version shares.
func htmlCauses(w *bufio.Writer, s *Summary) {
	w.WriteString("<section id=\"causes\"><h2>Why each version rejects inputs</h2>\n")
	w.WriteString("<p class=\"note\">Rejections grouped by the rule in which the input left the grammar and the character found there, with the count, an example and the grammar's own diagnosis.</p>\n")
	causes := s.Causes()
	for _, t := range s.Targets {
		var disagree, shared []*Cause
		for _, c := range causes {
			switch {
			case c.Target != t:
			case c.Shared:
				shared = append(shared, c)
			default:
				disagree = append(disagree, c)
			}
		}
		if len(disagree)+len(shared) == 0 {
			continue
		}
		fmt.Fprintf(w, "<h3>%s</h3>\n", esc(t.String()))
		if len(disagree) > 0 {
			w.WriteString("<p class=\"note\">Where another version accepts the input:</p>\n")
			htmlCauseTable(w, disagree)
		}
		if len(shared) > 0 {
			fmt.Fprintf(w, "<details><summary>%s of rejections that every version shares</summary>\n", plural(len(shared), "cause"))
			htmlCauseTable(w, shared)
			w.WriteString("</details>\n")
		}
	}
	w.WriteString("</section>\n")
}

func htmlCauseTable(w *bufio.Writer, causes []*Cause) {
	w.WriteString("<table><thead><tr><th class=\"n\">count</th><th>left the grammar in</th><th>found</th><th>example</th><th>reason</th></tr></thead><tbody>\n")
	for _, c := range causes {
		found := "<code>" + esc(c.Found) + "</code>"
		if !c.Shared && hasDocWords(c.Found) {
			// The documents' words on the character, further down the page.
			found = fmt.Sprintf("<a href=\"#%s\">%s</a>", docWordsID(c.Found), found)
		}
		fmt.Fprintf(w, "<tr><td class=\"n\" data-key=\"%s\">%d</td><td>%s</td><td>%s</td><td><code>%s</code></td><td>%s</td></tr>\n",
			esc(htmlCauseKey(c)), c.Count, esc(c.In), found, htmlInput(c.Example), esc(c.Reason()))
	}
	w.WriteString("</tbody></table>\n")
}

// hasDocWords reports whether some document has words on the character class found.
func hasDocWords(found string) bool {
	for _, v := range urlgrammar.Versions() {
		if len(Passages(v, found)) > 0 {
			return true
		}
	}
	return false
}

// docWordsID is the id of the part of the page that quotes the documents on found.
func docWordsID(found string) string {
	if len(found) == 1 {
		return fmt.Sprintf("doc-%02x", found[0])
	}
	return "doc-" + strings.ReplaceAll(found, " ", "-")
}

// A docWordsFound is a character (or class) at which versions reject inputs that another
// accepts, with what the documents say of it.
type docWordsFound struct {
	found string
	count int
	by    []string // "rfc1738 (26 in httpurl, schemepart)"
	quote string   // the passages quoted, all versions': the characters they are the same for share them
}

// foundWithWords lists the characters at which versions reject inputs that another accepts
// and on which some document has words, the most frequent first.
func foundWithWords(s *Summary) []*docWordsFound {
	var order []*docWordsFound
	byFound := map[string]*docWordsFound{}
	causes := s.Causes()
	for _, t := range s.Targets {
		counts, rules := map[string]int{}, map[string][]string{}
		for _, c := range causes {
			if c.Target != t || c.Shared || !hasDocWords(c.Found) {
				continue
			}
			counts[c.Found] += c.Count
			rules[c.Found] = append(rules[c.Found], c.In)
			if byFound[c.Found] == nil {
				byFound[c.Found] = &docWordsFound{found: c.Found}
				order = append(order, byFound[c.Found])
			}
		}
		for _, f := range order {
			if n := counts[f.found]; n > 0 {
				f.count += n
				f.by = append(f.by, fmt.Sprintf("%s (%d in %s)", t.ID(), n, strings.Join(slices.Compact(slices.Sorted(slices.Values(rules[f.found]))), ", ")))
			}
		}
	}
	for _, f := range order {
		var b strings.Builder
		for _, t := range s.Targets {
			if t.Reader != nil {
				continue // a reader quotes no document
			}
			id, cite := t.Version.String(), Citation(t.Version)
			words := Passages(t.Version, f.found)
			if len(words) == 0 {
				fmt.Fprintf(&b, "<p class=\"doc\"><b>%s</b> (%s): no passage names it.</p>\n", esc(cite), esc(id))
			}
			for _, q := range words {
				fmt.Fprintf(&b, "<p class=\"doc\"><b>%s</b> (%s), %s:</p>\n<blockquote>%s</blockquote>\n", esc(cite), esc(id), esc(q.Section), esc(q.Words))
			}
		}
		f.quote = b.String()
	}
	slices.SortStableFunc(order, func(a, b *docWordsFound) int { return b.count - a.count })
	return order
}

// htmlDocWords quotes, for the characters at which a version rejects inputs that another
// accepts, what each compared version's document says of them, in its own words; characters
// for which every document quotes the same passages share them.
func htmlDocWords(w *bufio.Writer, s *Summary) {
	found := foundWithWords(s)
	if len(found) == 0 {
		return
	}
	w.WriteString("<section id=\"documents\"><h2>What the documents say about the characters found</h2>\n")
	w.WriteString("<p class=\"note\">For each character at which some version rejects inputs that another accepts, the passages of each compared version's document that class it, in the document's own words.</p>\n")
	done := map[string]bool{}
	for _, f := range found {
		if done[f.quote] {
			continue
		}
		done[f.quote] = true
		var names, by []string
		for _, g := range found {
			if g.quote != f.quote {
				continue
			}
			name := g.found
			if len(name) == 1 {
				name = "\"" + name + "\""
			}
			names = append(names, fmt.Sprintf("<span id=\"%s\">%s</span>", docWordsID(g.found), esc(name)))
			by = append(by, fmt.Sprintf("<li>%s: rejected there by %s</li>", esc(name), esc(strings.Join(g.by, "; "))))
		}
		fmt.Fprintf(w, "<h3>%s</h3>\n<ul class=\"note\">%s</ul>\n%s", strings.Join(names, ", "), strings.Join(by, ""), f.quote)
	}
	w.WriteString("</section>\n")
}

// htmlCharsets shows, per component, which punctuation characters (and ranges of letters and
// digits) each compared version allows unescaped: package charset's Table (WriteHTML).
func htmlCharsets(w *bufio.Writer, s *Summary) {
	w.WriteString("<section id=\"charsets\"><h2>Characters allowed unescaped, per component</h2>\n")
	w.WriteString("<p class=\"note\">From \"urlgrammar charsets\": a dark cell means the character stands unescaped in every probed position of the component, a light one in some, an empty one in none.</p>\n")
	var vs []urlgrammar.Version
	for _, t := range s.Targets {
		if t.Reader == nil {
			vs = append(vs, t.Version)
		}
	}
	if t, err := charset.NewTable(vs...); err == nil { // the targets' versions are known
		t.WriteHTML(w)
	}
	w.WriteString("</section>\n")
}
