package compare

import (
	"bufio"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/urlgrammar/urlgrammar"
)

// bigFile is the 20 000-URL corpus; smallFile a fixed excerpt of it (see their README).
const (
	bigFile   = "../testdata/urls/urls.txt"
	smallFile = "../testdata/urls/small.txt"
)

// testDate is the date the tests' reports state.
var testDate = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// An htmlRun is a report of inputs in FormatHTML, with what FormatJSON gives of the same
// comparisons: their rows and their summary.
type htmlRun struct {
	page string
	rows []jsonInput
	sum  summaryJSON
	read int
}

// lines returns the non-blank lines of a file, the inputs "urlgrammar compare -f" reads.
func lines(t *testing.T, name string) []string {
	t.Helper()
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(strings.Split(string(raw), "\n"), func(s string) bool { return s == "" })
}

// corpusInputs returns the inputs of the embedded corpus and their sources.
func corpusInputs() (inputs, sources []string) {
	for _, ex := range Corpus() {
		inputs, sources = append(inputs, ex.Input), append(sources, ex.Source)
	}
	return inputs, sources
}

// runHTML writes the report r of inputs (from sources, where it is not nil) as the command does:
// with r.Diff, only the inputs on which the targets disagree are shown and summarized.
func runHTML(t *testing.T, r Report, inputs, sources []string) htmlRun {
	t.Helper()
	var page, rows strings.Builder
	pw, jw := bufio.NewWriter(&page), bufio.NewWriter(&rows)
	sum := NewSummary(r.Targets)
	r.Read = len(inputs)
	r.WriteHeader(pw, FormatHTML)
	for i, in := range inputs {
		c, err := Compare(r.Targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		if r.Differential != nil {
			c = Interpret(c, r.Targets, r.Differential)
		}
		if r.Diff && c.Agree() && !c.disagreesOnComponents() {
			continue
		}
		source := ""
		if sources != nil {
			source = sources[i]
		}
		sum.Add(c)
		r.WriteRow(pw, FormatHTML, c, source)
		r.WriteRow(jw, FormatJSON, c, source)
	}
	r.WriteSummary(pw, FormatHTML, sum)
	pw.Flush()
	jw.Flush()
	run := htmlRun{page: page.String(), read: r.Read}
	for line := range strings.Lines(rows.String()) {
		var row jsonInput
		if err := json.Unmarshal([]byte(line), &row); err != nil {
			t.Fatal(err)
		}
		run.rows = append(run.rows, row)
	}
	body, err := sum.MarshalJSON()
	if err == nil {
		err = json.Unmarshal(body, &run.sum)
	}
	if err != nil {
		t.Fatal(err)
	}
	return run
}

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

// jsonNumbers names each number of the JSON summary of run as the HTML report's data-key does.
func jsonNumbers(run htmlRun, diff bool) map[string]int {
	sum := run.sum
	nums := map[string]int{"inputs": sum.Inputs}
	if diff {
		nums["read"] = run.read
	}
	for _, t := range sum.Targets {
		nums["accepted/"+cmp.Or(t.Version, t.Reader)] = t.Accepted
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
			if p.Interpreted > 0 {
				nums[k+"interpreted"], nums[k+"alike"] = p.Interpreted, p.Alike
			}
			for found, n := range p.FirstRejects {
				nums[k+"first_rejects/"+found] = n
			}
			for found, n := range p.SecondRejects {
				nums[k+"second_rejects/"+found] = n
			}
		}
	}
	for _, c := range sum.Causes {
		kind := "disagree"
		if c.Shared {
			kind = "shared"
		}
		nums[fmt.Sprintf("cause/%s/%s/%s/%s", cmp.Or(c.Version, c.Reader), c.In, c.Found, kind)] = c.Count
	}
	return nums
}

// An htmlCase is a report the tests make: of inputs (a file's name, or "corpus", the embedded
// corpus) under versions (none: all), each held to its broadest reference rule.
type htmlCase struct {
	inputs   string
	diff     bool
	versions []urlgrammar.Version
	readings bool // net/url's column too, with a differential of the host (hostReading)
}

func (c htmlCase) String() string { return fmt.Sprintf("%s %v diff=%v", c.inputs, c.versions, c.diff) }

func (c htmlCase) run(t *testing.T) htmlRun {
	t.Helper()
	r := Report{Targets: ReferenceTargets(c.versions...), Diff: c.diff, Input: c.inputs, Tool: "urlgrammar test", Date: testDate}
	if c.readings {
		r.Targets = append(r.Targets, Target{Reader: hostReading{}})
		r.Differential = hostReading{}
	}
	if c.inputs != "corpus" {
		return runHTML(t, r, lines(t, c.inputs), nil)
	}
	r.Input = "the embedded corpus"
	inputs, sources := corpusInputs()
	return runHTML(t, r, inputs, sources)
}

// TestHTMLNumbers: the report is well-formed, self-contained, and every number in it is the
// JSON summary's for the same comparisons.
func TestHTMLNumbers(t *testing.T) {
	for _, tc := range []htmlCase{
		{"corpus", false, nil, false},
		{"corpus", true, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, false},
		{smallFile, false, []urlgrammar.Version{urlgrammar.RFC3986}, false},
		{smallFile, false, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.RFC1808, urlgrammar.Draft2003}, false},
		{"corpus", true, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, true},
	} {
		run := tc.run(t)
		report, args := run.page, tc
		got := htmlNumbers(t, report)
		want := jsonNumbers(run, tc.diff)
		for k, n := range want {
			if g, ok := got[k]; !ok || g != n {
				t.Errorf("%v: %s: HTML %d (present %v), JSON %d", args, k, g, ok, n)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("%v: HTML number %s=%d is not in the JSON summary", args, k, got[k])
			}
		}
		for _, banned := range []string{"<script", "<link", " src=", "url(", "@import", "@font-face"} {
			if strings.Contains(report, banned) {
				t.Errorf("%v: the report has %q: it must need nothing from elsewhere", args, banned)
			}
		}
		if !strings.Contains(report, "<ol class=\"rows\">\n<li>") {
			t.Errorf("%v: no matrix rows", args)
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

// TestHTMLRows: every input on which the versions disagree is listed once, in a group whose
// reasons, written out as text, are each rejecting version's reason for that input as the JSON
// rows give it; the inputs on which they agree are a sample, labelled with their exact count;
// the report opens with its provenance; and the 20 000-URL corpus gives a page of at most 2 MB.
func TestHTMLRows(t *testing.T) {
	for _, args := range []htmlCase{
		{"corpus", false, nil, false},
		{bigFile, false, nil, false},
		{bigFile, true, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, false},
		{smallFile, false, []urlgrammar.Version{urlgrammar.RFC3986}, false},
	} {
		if testing.Short() && args.inputs == bigFile {
			continue // the full run reads the 20 000 URLs; -short (the race detector's) does not
		}
		run := args.run(t)
		report, rows, sum := run.page, run.rows, run.sum
		if len(report) > 2<<20 {
			t.Errorf("%v: the report is %d bytes, more than 2 MB", args, len(report))
		}
		doc := parseHTMLReport(t, report)

		// Provenance: what was read, when, by which build, the versions and their rules.
		prov := doc.find(func(n *xmlNode) bool { return n.attrs["id"] == "provenance" })
		if len(prov) != 1 {
			t.Fatalf("%v: %d provenance sections", args, len(prov))
		}
		wantInput := "the embedded corpus"
		if args.inputs != "corpus" {
			wantInput = args.inputs
		}
		for id, want := range map[string]string{"input": wantInput, "tool": "urlgrammar test", "date": "2026-11-27 12:00 UTC"} {
			got := doc.find(func(n *xmlNode) bool { return n.attrs["id"] == id })
			if len(got) != 1 || !strings.HasPrefix(got[0].text, want) {
				t.Errorf("%v: provenance %s: want %q first", args, id, want)
			}
		}
		for _, tg := range sum.Targets {
			rule := tg.Rule
			if rule == "" {
				rule = "rule of its scheme"
			}
			if !strings.Contains(prov[0].text, tg.Version) || !strings.Contains(prov[0].text, rule) {
				t.Errorf("%v: the provenance lacks %s held to %s", args, tg.Version, rule)
			}
		}

		// Each disagreeing input's group gives its reasons.
		listed := map[string]int{}
		for _, g := range doc.find(byClass("tbody", "disagree")) {
			reasons := map[string]bool{}
			for _, li := range g.find(byClass("li", "reason")) {
				reasons[li.text] = true
			}
			for _, li := range listedRows(g) {
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
				t.Errorf("%v: %q disagrees but is not listed", args, row.Input)
				continue
			}
			rejecting := 0
			for _, v := range row.Verdicts {
				if v.Valid {
					continue
				}
				rejecting++
				if r := fmt.Sprintf("%s (%s): %s", v.Version, v.Rule, v.Message); listed[in+"\x00"+r] == 0 {
					t.Errorf("%v: %q is listed without its reason %q", args, row.Input, r)
				}
			}
			if listed[in+"\x00reasons"] != rejecting {
				t.Errorf("%v: %q is listed with %d reasons, rejected by %d versions", args, row.Input, listed[in+"\x00reasons"], rejecting)
			}
		}
		counted := 0
		for _, n := range doc.find(func(n *xmlNode) bool { return n.attrs["data-count"] == "group" }) {
			c, _ := strconv.Atoi(n.text)
			counted += c
		}
		if counted != disagree {
			t.Errorf("%v: the groups count %d inputs, %d disagree", args, counted, disagree)
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
			if c > 0 && !args.diff {
				want = append(want, c)
			}
		}
		if !slices.Equal(samples, want) {
			t.Errorf("%v: samples of %v inputs, want %v (every version accepts, rejects)", args, samples, want)
		}
		for _, g := range doc.find(byClass("tbody", "sample")) {
			if n := len(g.find(byClass("ol", "rows"))[0].children); n > htmlSample {
				t.Errorf("%v: a sample of %d inputs", args, n)
			}
		}
	}
}

// htmlInputText is an input as the report's rows show it, unescaped.
func htmlInputText(s string) string { return Quote(s) }

// TestHTMLDocumentWords: for a character on which the versions disagree, the report quotes
// each document: RFC 1738 section 2.2 calls "~" unsafe, the 2003 draft's section 2.3 lists it
// among the unreserved marks; the cause's row links to the quotes.
func TestHTMLDocumentWords(t *testing.T) {
	report := runHTML(t, Report{Targets: ReferenceTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)}, []string{"http://a/~b"}, nil).page
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

// listedRows returns the inputs a group lists: those shown, then those folded.
func listedRows(g *xmlNode) []*xmlNode {
	var rows []*xmlNode
	for _, ol := range g.find(byClass("ol", "rows")) {
		rows = append(rows, ol.children...)
	}
	return rows
}

// TestHTMLLimits: past htmlMaxRows disagreeing inputs the report lists the first ones and says
// so, with the counts of all; inputs with NUL, control bytes, invalid UTF-8 or markup leave the
// page well-formed, with none of those bytes in it.
func TestHTMLLimits(t *testing.T) {
	var in []string
	n := htmlMaxRows + 7
	for i := range n {
		in = append(in, fmt.Sprintf("http://a/~%d", i)) // RFC 1738 section 2.2: "~" is unsafe; the 2003 draft's mark
	}
	r := Report{Targets: ReferenceTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)}
	report := runHTML(t, r, in, nil).page
	doc := parseHTMLReport(t, report)
	groups := doc.find(byClass("tbody", "disagree"))
	if len(groups) != 1 {
		t.Fatalf("%d groups, want 1", len(groups))
	}
	if rows := len(listedRows(groups[0])); rows != htmlMaxRows {
		t.Errorf("%d inputs listed, want %d", rows, htmlMaxRows)
	}
	for _, want := range []string{fmt.Sprintf("%d inputs (the first %d listed)", n, htmlMaxRows), fmt.Sprintf("The first %d inputs are listed; the counts are of all of them.", htmlMaxRows)} {
		if main := doc.find(func(n *xmlNode) bool { return n.name == "main" }); !strings.Contains(strings.Join(strings.Fields(main[0].text), " "), want) {
			t.Errorf("the report does not say %q", want)
		}
	}

	odd := []string{"http://a/\x00~", "http://a/\xff~", "http://a/<script>~", "http://a/\x01~", "", "http://a/&amp;~", "http://a/\"~"}
	report = runHTML(t, r, odd, nil).page
	parseHTMLReport(t, report)
	if strings.Contains(report, "<script") || strings.IndexByte(report, 0) >= 0 || strings.IndexByte(report, 1) >= 0 || strings.IndexByte(report, 0xff) >= 0 || !utf8.ValidString(report) {
		t.Errorf("an input's bytes or markup reached the page:\n%s", report)
	}
}

// TestHTMLReview: the findings that Report.Review gives are shown, escaped, beside their
// input, and an input on which every target agrees is listed with the disagreeing ones when it
// has findings, and in the sample when it has none.
func TestHTMLReview(t *testing.T) {
	r := Report{Targets: ReferenceTargets(urlgrammar.RFC2396, urlgrammar.RFC3986)}
	r.Review = func(c Comparison, _ Format) []string {
		if strings.Contains(c.Input, "@") {
			return []string{"rfc3986: section 7.5: <userinfo> holds a password"}
		}
		return nil
	}
	doc := parseHTMLReport(t, runHTML(t, r, []string{"ftp://u:pw@h/", "http://h/"}, nil).page)
	reviewed := doc.find(byClass("tbody", "reviewed"))
	if len(reviewed) != 1 {
		t.Fatalf("%d groups of reviewed inputs, want 1", len(reviewed))
	}
	rows := reviewed[0].find(byClass("ol", "rows"))[0].children
	if len(rows) != 1 || rows[0].text != "ftp://u:pw@h/review: rfc3986: section 7.5: <userinfo> holds a password" {
		t.Errorf("the reviewed inputs: %v", rows)
	}
	sample := doc.find(byClass("tbody", "sample"))
	if len(sample) != 1 || !strings.Contains(sample[0].text, "http://h/") || strings.Contains(sample[0].text, "ftp:") {
		t.Errorf("the sample is not of the input without findings alone")
	}
}

// TestHTMLProvenance: the provenance states what Report gives of it and leaves out what it
// does not.
func TestHTMLProvenance(t *testing.T) {
	targets := ReferenceTargets(urlgrammar.RFC3986)
	for _, r := range []Report{{Targets: targets}, {Targets: targets, Input: "a.txt", Tool: "urlgrammar v1.0.0", Date: testDate}} {
		doc := parseHTMLReport(t, runHTML(t, r, []string{"http://h/"}, nil).page)
		for id, want := range map[string]string{"input": r.Input, "tool": r.Tool, "date": "2026-11-27 12:00 UTC"} {
			if r.Date.IsZero() {
				want = ""
			}
			var got []string
			for _, n := range doc.find(func(n *xmlNode) bool { return n.attrs["id"] == id }) {
				got = append(got, n.text)
			}
			if want == "" && len(got) > 0 || want != "" && !slices.Equal(got, []string{want}) {
				t.Errorf("provenance %s: %q, want %q", id, got, want)
			}
		}
	}
}

// hostReading is net/url as a reader, whose reading is its host, and the differential of the
// host alone: a grammar's host as written (urlgrammar.Parse), net/url's Hostname.
type hostReading struct{}

func (hostReading) ID() string             { return "gourl" }
func (hostReading) Name() string           { return "Go's net/url" }
func (hostReading) Normalizations() string { return "decode-host" }
func (hostReading) Read(s string) (any, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err.(*url.Error).Err
	}
	return u.Hostname(), nil
}

func (hostReading) Differ(s string, targets []Target, readings []any, pairs [][2]int) [][]Disagreement {
	host := func(i int) string {
		if targets[i].IsReader() {
			return readings[i].(string)
		}
		if u, err := urlgrammar.Parse(targets[i].Version, s); err == nil {
			return u.Authority().Host.Text
		}
		return ""
	}
	out := make([][]Disagreement, len(pairs))
	for k, p := range pairs {
		if a, b := host(p[0]), host(p[1]); a != b {
			out[k] = []Disagreement{{Field: "host", Cause: "other", A: Component{true, a}, B: Component{true, b},
				Excerpts: []Excerpt{{"RFC 3986", "section 3.2.2", "The host subcomponent is case-insensitive."}}}}
		}
	}
	return out
}
