package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar/compare"
)

// bigFile is the 20 000-URL corpus.
const bigFile = "../../testdata/urls/urls.txt"

// htmlNumbers parses the HTML report as XML (it must be well-formed) and returns the numbers
// that carry a data-key, by key. A key may stand at several places (a chart and the text), with
// the same number.
func htmlNumbers(t *testing.T, report string) map[string]int {
	t.Helper()
	nums := map[string]int{}
	for _, n := range parseHTMLReport(t, report).find(func(n *xmlNode) bool { return n.attrs["data-key"] != "" }) {
		key := n.attrs["data-key"]
		v, err := strconv.Atoi(strings.TrimSpace(n.text))
		if err != nil {
			t.Errorf("data-key %q holds %q", key, n.text)
		}
		if m, dup := nums[key]; dup && m != v {
			t.Errorf("data-key %q is %d and %d", key, m, v)
		}
		nums[key] = v
	}
	return nums
}

// jsonNumbers names each number of compare's JSON summary as the HTML report's data-key does.
func jsonNumbers(sum jsonSummaryLine, diff bool) map[string]int {
	nums := map[string]int{"inputs": sum.Inputs}
	if diff {
		nums["read"] = sum.Read
	}
	for _, t := range sum.Targets {
		nums["accepted/"+t.Version] = t.Accepted
	}
	for i, s := range sum.Sets {
		if i == maxSets {
			break
		}
		key := strings.Join(s.Accepting, "+")
		if key == "" {
			key = "none"
		}
		nums["set/"+key] = s.Count
	}
	if len(sum.Targets) > 1 {
		for _, p := range sum.Pairs {
			k := "pair/" + p.First + "/" + p.Second + "/"
			nums[k+"both"], nums[k+"only_first"], nums[k+"only_second"], nums[k+"neither"] = p.Both, p.OnlyFirst, p.OnlySecond, p.Neither
		}
	}
	for _, c := range sum.Causes {
		kind := "disagree"
		if c.Shared {
			kind = "shared"
		}
		nums[fmt.Sprintf("cause/%s/%s/%s/%s", c.Version, c.In, c.Found, kind)] = c.Count
	}
	return nums
}

// TestCompareHTMLNumbers: the report is well-formed, self-contained, and every number in it is
// the JSON summary's for the same run.
func TestCompareHTMLNumbers(t *testing.T) {
	for _, args := range [][]string{
		{"--corpus"},
		{"--corpus", "-g", "rfc1738,draft2003", "--diff"},
		{"-g", "rfc3986", "-f", smallFile},
		{"-g", "rfc1738,rfc1808,draft2003", "-f", smallFile},
	} {
		report, errs, status := runCLI(t, "", append([]string{"compare", "--format", "html"}, args...)...)
		if status == exitUsage {
			t.Fatalf("%q: %s", args, errs)
		}
		got := htmlNumbers(t, report)
		_, sum := compareJSON(t, "", args...)
		diff := false
		for _, a := range args {
			diff = diff || a == "--diff"
		}
		want := jsonNumbers(sum, diff)
		for k, n := range want {
			if g, ok := got[k]; !ok || g != n {
				t.Errorf("%q: %s: HTML %d (present %v), JSON %d", args, k, g, ok, n)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("%q: HTML number %s=%d is not in the JSON summary", args, k, got[k])
			}
		}
		for _, banned := range []string{"<script", "<link", " src=", "url(", "@import", "@font-face"} {
			if strings.Contains(report, banned) {
				t.Errorf("%q: the report has %q: it must need nothing from elsewhere", args, banned)
			}
		}
		if !strings.Contains(report, "<ol class=\"rows\">\n<li>") {
			t.Errorf("%q: no matrix rows", args)
		}
	}
}

// An xmlNode is an element of the HTML report read as XML, for the tests to walk.
type xmlNode struct {
	name     string
	attrs    map[string]string
	children []*xmlNode
	text     string // the element's own text and its descendants', concatenated
	b        strings.Builder
}

// parseHTMLReport reads the report as XML into a tree of elements.
func parseHTMLReport(t *testing.T, report string) *xmlNode {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(report))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	root := &xmlNode{name: "#document"}
	stack := []*xmlNode{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the report is not well-formed: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			top := stack[len(stack)-1]
			top.text = top.b.String()
			stack = stack[:len(stack)-1]
		case xml.CharData:
			for _, n := range stack {
				n.b.Write(tok)
			}
		}
	}
	return root
}

// find returns the elements under n (n too) for which match is true, in document order.
func (n *xmlNode) find(match func(*xmlNode) bool) []*xmlNode {
	var out []*xmlNode
	if match(n) {
		out = append(out, n)
	}
	for _, c := range n.children {
		out = append(out, c.find(match)...)
	}
	return out
}

func byClass(name, class string) func(*xmlNode) bool {
	return func(n *xmlNode) bool {
		return n.name == name && slices.Contains(strings.Fields(n.attrs["class"]), class)
	}
}

// TestCompareHTMLRows: every input on which the versions disagree is listed once, in a group
// whose reasons, written out as text, are each rejecting version's reason for that input as the
// JSON rows give it; the inputs on which they agree are a sample, labelled with their exact
// count; the report opens with its provenance; and the 20 000-URL corpus gives a page of at most
// 2 MB.
func TestCompareHTMLRows(t *testing.T) {
	for _, args := range [][]string{
		{"--corpus"},
		{"-f", bigFile},
		{"-f", bigFile, "-g", "rfc1738,draft2003", "--diff"},
		{"-g", "rfc3986", "-f", smallFile},
	} {
		if testing.Short() && slices.Contains(args, bigFile) {
			continue // the full run reads the 20 000 URLs; -short (the race detector's) does not
		}
		report, errs, status := runCLI(t, "", append([]string{"compare", "--format", "html"}, args...)...)
		if status == exitUsage {
			t.Fatalf("%q: %s", args, errs)
		}
		if len(report) > 2<<20 {
			t.Errorf("%q: the report is %d bytes, more than 2 MB", args, len(report))
		}
		doc := parseHTMLReport(t, report)
		rows, sum := compareJSON(t, "", args...)

		// Provenance: what was read, when, by which build, the versions and their rules.
		prov := doc.find(func(n *xmlNode) bool { return n.attrs["id"] == "provenance" })
		if len(prov) != 1 {
			t.Fatalf("%q: %d provenance sections", args, len(prov))
		}
		wantInput := "the embedded corpus"
		if i := slices.Index(args, "-f"); i >= 0 {
			wantInput = args[i+1]
		}
		for id, want := range map[string]string{"input": wantInput, "tool": "urlgrammar ", "date": time.Now().UTC().Format("2006-01-02")} {
			got := doc.find(func(n *xmlNode) bool { return n.attrs["id"] == id })
			if len(got) != 1 || !strings.HasPrefix(got[0].text, want) {
				t.Errorf("%q: provenance %s: want %q first", args, id, want)
			}
		}
		for _, tg := range sum.Targets {
			rule := tg.Rule
			if rule == "" {
				rule = "rule of its scheme"
			}
			if !strings.Contains(prov[0].text, tg.Version) || !strings.Contains(prov[0].text, rule) {
				t.Errorf("%q: the provenance lacks %s held to %s", args, tg.Version, rule)
			}
		}

		// Each disagreeing input's group gives its reasons.
		listed := map[string]int{}
		for _, g := range doc.find(byClass("tbody", "disagree")) {
			reasons := map[string]bool{}
			for _, li := range g.find(byClass("li", "reason")) {
				reasons[li.text] = true
			}
			for _, li := range g.find(byClass("ol", "rows"))[0].children {
				in := li.text
				if len(li.children) > 0 {
					in = strings.TrimSuffix(in, li.children[0].text)
				}
				listed[in]++
				listed[in+"\x00reasons"] = len(reasons)
				for r := range reasons {
					listed[in+"\x00"+r]++
				}
			}
		}
		disagree := 0
		for _, row := range rows {
			agree := true
			for _, v := range row.Verdicts {
				agree = agree && v.Valid == row.Verdicts[0].Valid
			}
			if agree {
				continue
			}
			disagree++
			in := htmlInputText(row.Input)
			if listed[in] == 0 {
				t.Errorf("%q: %q disagrees but is not listed", args, row.Input)
				continue
			}
			rejecting := 0
			for _, v := range row.Verdicts {
				if v.Valid {
					continue
				}
				rejecting++
				if r := fmt.Sprintf("%s (%s): %s", v.Version, v.Rule, v.Message); listed[in+"\x00"+r] == 0 {
					t.Errorf("%q: %q is listed without its reason %q", args, row.Input, r)
				}
			}
			if listed[in+"\x00reasons"] != rejecting {
				t.Errorf("%q: %q is listed with %d reasons, rejected by %d versions", args, row.Input, listed[in+"\x00reasons"], rejecting)
			}
		}
		counted := 0
		for _, n := range doc.find(func(n *xmlNode) bool { return n.attrs["data-count"] == "group" }) {
			c, _ := strconv.Atoi(n.text)
			counted += c
		}
		if counted != disagree {
			t.Errorf("%q: the groups count %d inputs, %d disagree", args, counted, disagree)
		}

		// The samples: each labelled with the exact count of the inputs of its kind.
		all, none := 0, 0
		for _, s := range sum.Sets {
			switch len(s.Accepting) {
			case len(sum.Targets):
				all = s.Count
			case 0:
				none = s.Count
			}
		}
		var samples []int
		for _, n := range doc.find(func(n *xmlNode) bool { return n.attrs["data-count"] == "agree" }) {
			c, _ := strconv.Atoi(n.text)
			samples = append(samples, c)
		}
		var want []int
		for _, c := range []int{all, none} {
			if c > 0 && !slices.Contains(args, "--diff") {
				want = append(want, c)
			}
		}
		if !slices.Equal(samples, want) {
			t.Errorf("%q: samples of %v inputs, want %v (every version accepts, rejects)", args, samples, want)
		}
		for _, g := range doc.find(byClass("tbody", "sample")) {
			if n := len(g.find(byClass("ol", "rows"))[0].children); n > htmlSample {
				t.Errorf("%q: a sample of %d inputs", args, n)
			}
		}
	}
}

// htmlInputText is an input as the report's rows show it, unescaped.
func htmlInputText(s string) string { return compare.Quote(s) }

// TestCompareHTMLDocumentWords: for a character on which the versions disagree, the report
// quotes each document: RFC 1738 section 2.2 calls "~" unsafe, the 2003 draft's section 2.3
// lists it among the unreserved marks; the cause's row links to the quotes.
func TestCompareHTMLDocumentWords(t *testing.T) {
	report, _, _ := runCLI(t, "", "compare", "--format", "html", "-g", "rfc1738,draft2003", "http://a/~b")
	doc := parseHTMLReport(t, report)
	sec := doc.find(func(n *xmlNode) bool { return n.attrs["id"] == "documents" })
	if len(sec) != 1 {
		t.Fatalf("%d sections of the documents' words", len(sec))
	}
	text := strings.Join(strings.Fields(sec[0].text), " ")
	for _, want := range []string{
		`"~": rejected there by rfc1738 (1 in httpurl)`,
		`RFC 1738 (rfc1738), section 2.2: Other characters are unsafe because gateways`,
		`"~", "[", "]", and "`,
		`draft-fielding-uri-rfc2396bis-01 (draft2003), section 2.3: Data characters that are allowed in a URI but do not have a reserved purpose are called unreserved.`,
		`mark = "-" / "_" / "." / "!" / "~"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the documents' words lack %q:\n%s", want, text)
		}
	}
	if !strings.Contains(report, `<a href="#doc-7e"><code>~</code></a>`) || len(doc.find(func(n *xmlNode) bool { return n.attrs["id"] == "doc-7e" })) != 1 {
		t.Errorf("the cause of \"~\" does not link to the documents' words on it")
	}
}

// TestCompareHTMLLimits: past htmlMaxRows disagreeing inputs the report lists the first ones
// and says so, with the counts of all; inputs with NUL, control bytes, invalid UTF-8 or markup
// leave the page well-formed, with none of those bytes in it.
func TestCompareHTMLLimits(t *testing.T) {
	var in strings.Builder
	n := htmlMaxRows + 7
	for i := range n {
		fmt.Fprintf(&in, "http://a/~%d\n", i) // RFC 1738 section 2.2: "~" is unsafe; the 2003 draft's mark
	}
	report, _, _ := runCLI(t, in.String(), "compare", "--format", "html", "-g", "rfc1738,draft2003")
	doc := parseHTMLReport(t, report)
	groups := doc.find(byClass("tbody", "disagree"))
	if len(groups) != 1 {
		t.Fatalf("%d groups, want 1", len(groups))
	}
	if rows := len(groups[0].find(byClass("ol", "rows"))[0].children); rows != htmlMaxRows {
		t.Errorf("%d inputs listed, want %d", rows, htmlMaxRows)
	}
	for _, want := range []string{fmt.Sprintf("%d inputs (the first %d listed)", n, htmlMaxRows), fmt.Sprintf("The first %d inputs are listed; the counts are of all of them.", htmlMaxRows)} {
		if main := doc.find(func(n *xmlNode) bool { return n.name == "main" }); !strings.Contains(strings.Join(strings.Fields(main[0].text), " "), want) {
			t.Errorf("the report does not say %q", want)
		}
	}

	odd := "http://a/\x00~\nhttp://a/\xff~\nhttp://a/<script>~\nhttp://a/\x01~\n\nhttp://a/&amp;~\nhttp://a/\"~\n"
	report, _, _ = runCLI(t, odd, "compare", "--format", "html", "-g", "rfc1738,draft2003")
	parseHTMLReport(t, report)
	if strings.Contains(report, "<script") || strings.IndexByte(report, 0) >= 0 || strings.IndexByte(report, 1) >= 0 || strings.IndexByte(report, 0xff) >= 0 || !utf8.ValidString(report) {
		t.Errorf("an input's bytes or markup reached the page:\n%s", report)
	}
}
