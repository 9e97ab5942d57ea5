package main

import (
	"bufio"
	"fmt"
	"html"
	"strings"

	"github.com/urlgrammar/urlgrammar/compare"
)

// The HTML report of compare is one self-contained file: inline CSS and SVG, no script, no
// font or image from the network. It is well-formed XML (every element closed, every attribute
// quoted), so that a program can read it too. The acceptance matrix is written as the inputs
// are judged, in constant memory, and the summary after it; the page's flex layout shows the
// summary first. Every number of the summary carries a data-key attribute that names it, the
// same number the JSON summary gives.

const htmlStyle = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #fafafa; }
main { display: flex; flex-direction: column; gap: 1.5em; padding: 1.5em 2em; max-width: 1200px; }
h1 { font-size: 1.5em; margin: 0; } h2 { font-size: 1.15em; margin: 0 0 .5em; }
section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 1em 1.2em; }
p.note { color: #555; margin: .3em 0 .8em; }
table { border-collapse: collapse; }
th, td { padding: 2px 6px; text-align: left; vertical-align: top; }
th { font-weight: 600; border-bottom: 1px solid #ccc; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
code { font: 12px/1.3 ui-monospace, monospace; word-break: break-all; }
table.matrix td.ok, table.matrix td.no { text-align: center; width: 3.2em; }
table.matrix td.ok { color: #11772d; background: #e7f6ea; }
table.matrix td.no { color: #b3261e; background: #fdecea; cursor: help; }
table.matrix tr:hover td { outline: 1px solid #999; }
table.matrix tr.disagree td.in { border-left: 3px solid #d98c00; }
table.heat td.cell { width: 5.5em; text-align: right; border: 1px solid #fff; }
table.grid td.c { width: 1.1em; height: 1.1em; padding: 0; text-align: center; border: 1px solid #eee; font-size: 11px; }
table.grid td.yes { background: #2e7d32; color: #fff; }
table.grid td.partly { background: #a5d6a7; }
table.grid td.no { background: #fff; }
table.grid th.c { width: 1.1em; padding: 0; text-align: center; font: 12px ui-monospace, monospace; }
details summary { cursor: pointer; color: #333; margin: .4em 0; }
svg text { font: 11px system-ui, sans-serif; fill: #333; }
`

func htmlBegin(r *report) {
	w := r.out
	w.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
	w.WriteString("<title>urlgrammar compare</title>\n<style>")
	w.WriteString(htmlStyle)
	w.WriteString("</style>\n</head>\n<body>\n<main>\n")
	w.WriteString("<section style=\"order: 9\" id=\"matrix\">\n<h2>Acceptance matrix</h2>\n")
	w.WriteString("<p class=\"note\">✓ accepted, · rejected: hover over a · for where and why the input leaves the grammar.")
	if r.diff {
		w.WriteString(" Only the inputs on which the versions disagree are shown.")
	}
	w.WriteString("</p>\n<table class=\"matrix\">\n<thead><tr>")
	for _, t := range r.targets {
		fmt.Fprintf(w, "<th title=\"%s\">%s</th>", esc(t.String()), esc(shortName(t.Version)))
	}
	w.WriteString("<th>input</th><th>source</th></tr></thead>\n<tbody>\n")
}

// esc escapes text for HTML (and XML) content and attribute values.
func esc(s string) string { return html.EscapeString(s) }

// htmlInput shows an input as the table does (quoted, with \xNN, when it is not plain
// printable ASCII), escaped for HTML: never invalid UTF-8 or a control character.
func htmlInput(s string) string { return esc(newDisplay(s, -1, 0).text) }

func htmlRow(r *report, c compare.Comparison, source string) {
	w := r.out
	if c.Agree() {
		w.WriteString("<tr>")
	} else {
		w.WriteString("<tr class=\"disagree\">")
	}
	for i, t := range r.targets {
		if e := syntaxError(c, i); e == nil {
			fmt.Fprintf(w, "<td class=\"ok\" title=\"%s: accepted (%s)\">✓</td>", esc(t.Version.String()), esc(t.RuleFor(c.Input, 0)))
		} else {
			fmt.Fprintf(w, "<td class=\"no\" title=\"%s %s: byte %d: %s\">·</td>", esc(t.Version.String()), esc(e.Rule), e.Offset, esc(e.Reason()))
		}
	}
	fmt.Fprintf(w, "<td class=\"in\"><code>%s</code></td><td>%s</td></tr>\n", htmlInput(c.Input), esc(source))
}

func htmlSummary(w *bufio.Writer, r *report, s *compare.Summary) {
	w.WriteString("</tbody>\n</table>\n</section>\n")
	fmt.Fprintf(w, "<section style=\"order: 0\"><h1>urlgrammar compare</h1>\n<p class=\"note\"><span data-key=\"inputs\">%d</span> inputs", s.Inputs)
	if r.diff {
		fmt.Fprintf(w, " on which the versions disagree, of <span data-key=\"read\">%d</span> read", r.read)
	}
	w.WriteString(", under ")
	for i, t := range s.Targets {
		if i > 0 {
			w.WriteString(", ")
		}
		rule := t.Rule
		if rule == "" {
			rule = "default reading"
		}
		fmt.Fprintf(w, "%s (%s)", esc(t.Version.String()), esc(rule))
	}
	w.WriteString(".</p></section>\n")
	htmlUpSet(w, s)
	htmlHeat(w, s)
	htmlCauses(w, s)
	htmlCharsets(w, s)
}

func htmlEnd(r *report) {
	r.out.WriteString("</main>\n</body>\n</html>\n")
}

// maxSets bounds the sets of versions the UpSet chart shows (the most frequent).
const maxSets = 24

// htmlUpSet draws the inputs per set of accepting versions as an UpSet chart (Lex et al.,
// "UpSet: Visualization of Intersecting Sets", 2014): a bar per set, most frequent first, over
// a matrix of dots that shows which versions form the set; beside it, each version's total.
func htmlUpSet(w *bufio.Writer, s *compare.Summary) {
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
	maxAccepted := 1
	for _, a := range s.Accepted {
		maxAccepted = max(maxAccepted, a)
	}
	w.WriteString("<section style=\"order: 1\"><h2>Which versions accept how many inputs</h2>\n")
	w.WriteString("<p class=\"note\">Each column is a set of versions and the number of inputs that exactly those versions accept (a dot marks a member; no dot: no version accepts them). On the left, each version's total.</p>\n")
	fmt.Fprintf(w, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"inputs per set of accepting versions\">\n", width, height, width, height)
	matrixTop := top + barH + 10
	for i, t := range s.Targets {
		y := matrixTop + rowH*i + rowH/2
		if i%2 == 0 {
			fmt.Fprintf(w, "<rect x=\"0\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f3f3f3\"/>\n", matrixTop+rowH*i, width, rowH)
		}
		bw := (totalW - 40) * s.Accepted[i] / maxAccepted
		fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#8aa4c8\"/>", labelW+totalW-10-bw, y-6, bw)
		fmt.Fprintf(w, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" data-key=\"accepted/%s\">%d</text>", labelW+totalW-12-bw, y+4, esc(t.Version.String()), s.Accepted[i])
		fmt.Fprintf(w, "<text x=\"4\" y=\"%d\">%s</text>\n", y+4, esc(t.Version.String()))
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
	if len(sets) > len(shown) {
		rest := 0
		for _, set := range sets[len(shown):] {
			rest += set.Count
		}
		fmt.Fprintf(w, "<p class=\"note\">%d less frequent sets, %d inputs in all, not drawn.</p>\n", len(sets)-len(shown), rest)
	}
	w.WriteString("</section>\n")
}

// setKey names a set of versions for a data-key: their ids joined by "+", or "none".
func setKey(s *compare.Summary, set compare.SetCount) string {
	var ids []string
	for i, in := range set.Accepting {
		if in {
			ids = append(ids, s.Targets[i].Version.String())
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, "+")
}

// setName says which versions accept the inputs of a set, for a reader.
func setName(s *compare.Summary, set compare.SetCount) string {
	if k := setKey(s, set); k != "none" {
		return "accepted by exactly " + strings.ReplaceAll(k, "+", ", ")
	}
	return "accepted by none"
}

// htmlHeat shows the pairs of versions as a heat map: the cell in row A and column B counts the
// inputs that A accepts and B rejects; the diagonal, those A accepts.
func htmlHeat(w *bufio.Writer, s *compare.Summary) {
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
			a, b := s.Targets[i].Version.String(), s.Targets[j].Version.String()
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
	w.WriteString("<section style=\"order: 2\"><h2>Pairs: accepted by the row's version, rejected by the column's</h2>\n")
	w.WriteString("<p class=\"note\">The darker a cell, the more inputs one version accepts that the other rejects. The diagonal gives each version's total.</p>\n")
	w.WriteString("<table class=\"heat\"><thead><tr><th></th>")
	for _, t := range s.Targets {
		fmt.Fprintf(w, "<th class=\"n\">%s</th>", esc(shortName(t.Version)))
	}
	w.WriteString("</tr></thead>\n<tbody>\n")
	for i, t := range s.Targets {
		fmt.Fprintf(w, "<tr><th>%s</th>", esc(t.Version.String()))
		for j := range s.Targets {
			if i == j {
				fmt.Fprintf(w, "<td class=\"cell n\" style=\"background: #eee\" title=\"%s accepts %d\">%d</td>", esc(t.Version.String()), s.Accepted[i], s.Accepted[i])
				continue
			}
			alpha := float64(only[i][j]) / float64(peak)
			color := "#1d1d1f"
			if alpha > 0.55 {
				color = "#fff"
			}
			fmt.Fprintf(w, "<td class=\"cell n\" style=\"background: rgba(183, 28, 28, %.2f); color: %s\" title=\"accepted by %s, rejected by %s\" data-key=\"%s\">%d</td>",
				alpha, color, esc(t.Version.String()), esc(s.Targets[j].Version.String()), keys[i][j], only[i][j])
		}
		w.WriteString("</tr>\n")
	}
	w.WriteString("</tbody></table>\n")
	// Both and neither, which the map leaves out, in a table of the pairs.
	w.WriteString("<details><summary>Every pair: both, only first, only second, neither</summary>\n<table><thead><tr><th>first</th><th>second</th><th class=\"n\">both</th><th class=\"n\">only first</th><th class=\"n\">only second</th><th class=\"n\">neither</th></tr></thead><tbody>\n")
	for _, pc := range s.Pairs {
		a, b := pc.First.Version.String(), pc.Second.Version.String()
		k := "pair/" + a + "/" + b + "/"
		fmt.Fprintf(w, "<tr><td>%s</td><td>%s</td><td class=\"n\" data-key=\"%sboth\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\" data-key=\"%sneither\">%d</td></tr>\n",
			esc(a), esc(b), k, pc.Both, pc.OnlyFirst, pc.OnlySecond, k, pc.Neither)
	}
	w.WriteString("</tbody></table></details>\n</section>\n")
}

// causeKey names a cause for a data-key.
func causeKey(c *compare.Cause) string {
	kind := "disagree"
	if c.Shared {
		kind = "shared"
	}
	return fmt.Sprintf("cause/%s/%s/%s/%s", c.Target.Version, c.In, c.Found, kind)
}

// htmlCauses lists, per version, the causes of its rejections: first those on which the
// versions disagree, then (folded) those every version shares.
func htmlCauses(w *bufio.Writer, s *compare.Summary) {
	w.WriteString("<section style=\"order: 3\"><h2>Why each version rejects inputs</h2>\n")
	w.WriteString("<p class=\"note\">Rejections grouped by the rule in which the input left the grammar and the character found there, with the count, an example and the grammar's own diagnosis.</p>\n")
	causes := s.Causes()
	for _, t := range s.Targets {
		var disagree, shared []*compare.Cause
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
			fmt.Fprintf(w, "<details><summary>%d causes of rejections that every version shares</summary>\n", len(shared))
			htmlCauseTable(w, shared)
			w.WriteString("</details>\n")
		}
	}
	w.WriteString("</section>\n")
}

func htmlCauseTable(w *bufio.Writer, causes []*compare.Cause) {
	w.WriteString("<table><thead><tr><th class=\"n\">count</th><th>left the grammar in</th><th>found</th><th>example</th><th>reason</th></tr></thead><tbody>\n")
	for _, c := range causes {
		fmt.Fprintf(w, "<tr><td class=\"n\" data-key=\"%s\">%d</td><td>%s</td><td><code>%s</code></td><td><code>%s</code></td><td>%s</td></tr>\n",
			esc(causeKey(c)), c.Count, esc(c.In), esc(c.Found), htmlInput(c.Example), esc(c.Err.Reason()))
	}
	w.WriteString("</tbody></table>\n")
}

// htmlCharsets shows, per component, which punctuation characters (and ranges of letters and
// digits) each compared version allows unescaped, as the charsets command does.
func htmlCharsets(w *bufio.Writer, s *compare.Summary) {
	w.WriteString("<section style=\"order: 4\"><h2>Characters allowed unescaped, per component</h2>\n")
	w.WriteString("<p class=\"note\">From \"urlgrammar charsets\": a dark cell means the character stands unescaped in every probed position of the component, a light one in some, an empty one in none.</p>\n")
	w.WriteString("<table class=\"grid\"><thead><tr><th>component</th><th>version</th>")
	for i := 0; i < len(punctuation); i++ {
		fmt.Fprintf(w, "<th class=\"c\">%s</th>", esc(showChar(punctuation[i])))
	}
	for _, rg := range ranges {
		fmt.Fprintf(w, "<th class=\"c\" style=\"width: 2.4em\">%s</th>", rg.name)
	}
	w.WriteString("</tr></thead><tbody>\n")
	for _, comp := range compare.CharsetComponents() {
		if comp.Scheme != "" {
			continue
		}
		first := true
		for _, t := range s.Targets {
			cs, err := compare.ProbeCharset(t.Version, comp.Name)
			if err != nil || !cs.Applies {
				continue
			}
			name := ""
			if first {
				name, first = comp.Name, false
			}
			fmt.Fprintf(w, "<tr><th>%s</th><td>%s</td>", esc(name), esc(t.Version.String()))
			for i := 0; i < len(punctuation); i++ {
				st := cs.Of(punctuation[i])
				fmt.Fprintf(w, "<td class=\"c %s\" title=\"%s in %s: %s\"></td>", st, esc(showChar(punctuation[i])), esc(comp.Name), st)
			}
			for _, rg := range ranges {
				st := cs.Of(rg.from)
				for c := rg.from; c <= rg.to; c++ {
					if cs.Of(c) != st {
						st = compare.CharPartly
					}
				}
				fmt.Fprintf(w, "<td class=\"c %s\" title=\"%s in %s: %s\"></td>", st, rg.name, esc(comp.Name), st)
			}
			w.WriteString("</tr>\n")
		}
	}
	w.WriteString("</tbody></table>\n</section>\n")
}
