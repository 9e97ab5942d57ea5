package compare

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urlgrammar/urlgrammar"
)

// The browser test renders HTML reports of compare in headless Chromium and checks the page as
// laid out: what a person sees, not only what the markup says. Run it alone with
//
//	go test -run TestHTMLInBrowser -v ./compare/
//
// from the root of a clone, with URLGRAMMAR_SCREENSHOTS=DIR to keep a screenshot of each report
// in DIR. It needs the browser of Debian's package "chromium" (or chromium-browser, or Google
// Chrome on the PATH, or the program URLGRAMMAR_BROWSER names); CI installs it. Without one it
// is skipped, except when the CI variable is set, where a missing browser fails it.

// measureScript runs in the rendered page, after layout, and writes what it measured into the
// page as JSON, for --dump-dom to carry out: every details element opened first, so that what
// is folded is measured too.
const measureScript = `
(function () {
  var violations = [];
  document.addEventListener('securitypolicyviolation', function (e) { violations.push(e.blockedURI + ' ' + e.violatedDirective); });
  window.addEventListener('load', function () {
    document.querySelectorAll('details').forEach(function (d) { d.open = true; });
    var out = {overflow: [], counts: [], reasons: [], groups: 0, rowsWithoutReason: 0, external: [], resources: [], violations: violations, provenance: {}, pageWidth: document.documentElement.scrollWidth, viewWidth: document.documentElement.clientWidth, height: document.documentElement.scrollHeight};
    function visible(el) {
      var r = el.getBoundingClientRect(), cs = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && cs.visibility === 'visible' && cs.display !== 'none' && el.textContent.trim() !== '';
    }
    function name(el) { return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.getAttribute('class') ? '.' + el.getAttribute('class') : ''); }
    // Charts and tables against their containers: the element's box within its parent's.
    document.querySelectorAll('svg, table, section, dl, ul, ol').forEach(function (el) {
      var p = el.parentElement, r = el.getBoundingClientRect(), pr = p.getBoundingClientRect();
      if (r.width > p.clientWidth + 1 || r.right > pr.right + 1 || r.left < pr.left - 1) {
        out.overflow.push(name(el) + ' in ' + name(p) + ': ' + Math.round(r.left) + '-' + Math.round(r.right) + ' in ' + Math.round(pr.left) + '-' + Math.round(pr.right));
      }
    });
    document.querySelectorAll('[data-key]').forEach(function (el) {
      out.counts.push({key: el.getAttribute('data-key'), text: el.textContent.trim(), chart: el.closest('svg, table.heat') !== null, visible: visible(el)});
    });
    // Each group of disagreeing inputs: its reasons visible, as text, within the page.
    document.querySelectorAll('tbody.disagree').forEach(function (g) {
      out.groups++;
      var reasons = g.querySelectorAll('li.reason'), shown = 0;
      reasons.forEach(function (li) {
        var r = li.getBoundingClientRect();
        if (visible(li) && r.right <= document.documentElement.clientWidth + 1) { shown++; out.reasons.push(li.textContent); }
      });
      if (shown === 0 || shown !== reasons.length) { out.rowsWithoutReason += g.querySelectorAll('ol.rows > li').length; }
    });
    // Anything that could fetch: attributes that name a URL (a link within the page aside),
    // CSS that loads one.
    document.querySelectorAll('*').forEach(function (el) {
      ['src', 'href', 'xlink:href', 'srcset', 'action', 'poster', 'data', 'background', 'ping'].forEach(function (a) {
        var v = el.getAttribute(a);
        if (v !== null && !(a === 'href' && /^#[-\w]+$/.test(v) && document.getElementById(v.slice(1)))) { out.external.push(name(el) + ' ' + a + '=' + v); }
      });
    });
    for (var i = 0; i < document.styleSheets.length; i++) {
      var rules = document.styleSheets[i].cssRules;
      for (var j = 0; j < rules.length; j++) {
        if (/url\(|@import|@font-face/.test(rules[j].cssText)) { out.external.push('css: ' + rules[j].cssText); }
      }
    }
    performance.getEntriesByType('resource').forEach(function (e) { out.resources.push(e.name); });
    ['input', 'date', 'tool'].forEach(function (id) {
      var el = document.getElementById(id);
      out.provenance[id] = el && visible(el) ? el.textContent : '';
    });
    var a = document.getElementById('answer');
    if (a) {
      var ar = a.getBoundingClientRect();
      out.answer = {text: a.textContent, top: ar.top, bottom: ar.bottom, visible: visible(a), keys: {}};
      a.querySelectorAll('[data-key]').forEach(function (e) { out.answer.keys[e.getAttribute('data-key')] = e.textContent; });
    }
    out.title = document.title;
    var v = document.getElementById('versions');
    out.provenance.versions = v && visible(v) ? v.innerText : '';
    var pre = document.createElement('pre');
    pre.id = 'measured';
    pre.textContent = JSON.stringify(out);
    document.body.appendChild(pre);
  });
})();
`

// measured is what measureScript reports.
type measured struct {
	Overflow []string `json:"overflow"`
	Counts   []struct {
		Key     string `json:"key"`
		Text    string `json:"text"`
		Chart   bool   `json:"chart"`
		Visible bool   `json:"visible"`
	} `json:"counts"`
	Reasons           []string          `json:"reasons"`
	Groups            int               `json:"groups"`
	RowsWithoutReason int               `json:"rowsWithoutReason"`
	External          []string          `json:"external"`
	Resources         []string          `json:"resources"`
	Violations        []string          `json:"violations"`
	Provenance        map[string]string `json:"provenance"`
	PageWidth         int               `json:"pageWidth"`
	ViewWidth         int               `json:"viewWidth"`
	Height            int               `json:"height"`
	Answer            *struct {
		Text    string            `json:"text"`
		Top     float64           `json:"top"`
		Bottom  float64           `json:"bottom"`
		Visible bool              `json:"visible"`
		Keys    map[string]string `json:"keys"`
	} `json:"answer"`
	Title string `json:"title"`
}

// findBrowser returns the headless browser to render with, or "" when there is none.
func findBrowser() string {
	if b := os.Getenv("URLGRAMMAR_BROWSER"); b != "" {
		return b
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// inCI reports whether the tests run in CI, where the browser test must run.
func inCI() bool {
	ci := os.Getenv("CI")
	return ci != "" && ci != "false" && ci != "0"
}

// browser runs the headless browser on a page with args, in a profile of its own, and returns
// its standard output.
func browser(t *testing.T, bin, dir string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	profile, err := os.MkdirTemp(dir, "profile")
	if err != nil {
		t.Fatal(err)
	}
	// No sandbox (CI runs as root), no GPU, and nothing that reaches the network by itself.
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--hide-scrollbars", "--user-data-dir=" + profile}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %q: %v\n%s", bin, args, err, stderr.String())
	}
	return stdout.String()
}

// TestHTMLInBrowser renders real reports in headless Chromium, at 1400 and at 800 pixels
// wide, and checks the page after layout: no chart, table or list wider than its container;
// every count in a chart (the UpSet chart, the heat map) equal to the count the text gives, and
// both to the JSON summary's; every group of disagreeing inputs with its reasons visible as
// text; nothing fetched or able to fetch from the network; the provenance shown. It writes a
// screenshot of each report, at 1400 pixels, into URLGRAMMAR_SCREENSHOTS or a temporary
// directory, and logs where.
func TestHTMLInBrowser(t *testing.T) {
	bin := findBrowser()
	switch {
	case bin == "" && inCI():
		t.Fatal("no headless browser (Debian package \"chromium\"): CI must install it (.ci/run does)")
	case bin == "":
		t.Skip("no headless browser: install Debian's \"chromium\" (or set URLGRAMMAR_BROWSER) to render the HTML report; CI does")
	case testing.Short():
		t.Skip("-short: the HTML report is rendered in a browser by the full test run")
	}
	shots := os.Getenv("URLGRAMMAR_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, report := range []struct {
		name string
		htmlCase
	}{
		{"corpus-all-versions", htmlCase{"corpus", false, nil, false}},
		{"urls-rfc1738-draft2003-diff", htmlCase{bigFile, true, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, false}},
		{"urls-all-versions", htmlCase{bigFile, false, nil, false}},
		{"single-version", htmlCase{smallFile, false, []urlgrammar.Version{urlgrammar.RFC3986}, false}},
		{"corpus-question-with-a-reading-diff", htmlCase{"corpus", true, []urlgrammar.Version{urlgrammar.RFC1738, urlgrammar.Draft2003}, true}},
		{"single-input", htmlCase{}},
	} {
		t.Run(report.name, func(t *testing.T) {
			var run htmlRun
			if report.inputs == "" {
				r := Report{Targets: ReferenceTargets(), Input: "1 argument", Tool: "urlgrammar test", Date: testDate}
				run = runHTML(t, r, []string{"http://example.com/~user/a%20b"}, nil)
			} else {
				run = report.run(t)
			}
			page, sum, want := run.page, run.sum, jsonNumbers(run, report.diff)
			file := filepath.Join(dir, report.name+".html")
			measuring := filepath.Join(dir, report.name+"-measure.html")
			if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(measuring, []byte(withMeasureScript(t, page)), 0o644); err != nil {
				t.Fatal(err)
			}
			height := 0
			input := report.inputs
			switch input {
			case "":
				input = "1 argument"
			case "corpus":
				input = "the embedded corpus"
			}
			for _, width := range []int{1400, 800} {
				m := measure(t, bin, dir, measuring, width)
				checkMeasured(t, width, m, sum, want)
				checkAnswer(t, width, m, sum, want, input)
				if width == 1400 {
					height = m.Height
				}
			}
			// (On the smaller reports: printing that of 20000 URLs under every version, with
			// 19000 of them listed, takes the browser more than its minute.)
			if strings.Contains(page, `<details class="more">`) && len(page) < 256<<10 {
				checkPrinted(t, bin, dir, page)
			}
			// The screenshot is of the page as it is shipped, its whole height up to a
			// limit that keeps the file small.
			shot := filepath.Join(shots, report.name+".png")
			browser(t, bin, dir, fmt.Sprintf("--window-size=1400,%d", min(max(height, 600), 6000)), "--screenshot="+shot, "file://"+file)
			if st, err := os.Stat(shot); err != nil || st.Size() == 0 {
				t.Errorf("no screenshot %s: %v", shot, err)
			} else {
				t.Logf("screenshot: %s", shot)
			}
		})
	}
}

// withMeasureScript returns the page with measureScript at the start of its head, allowed by
// its hash in the page's Content-Security-Policy, which is otherwise left as it is: the page
// measured is the page shipped, with that one script more.
func withMeasureScript(t *testing.T, page string) string {
	t.Helper()
	const policy = `content="default-src 'none'; `
	if strings.Count(page, policy) != 1 {
		t.Fatalf("the report has no Content-Security-Policy %s...", policy)
	}
	sum := sha256.Sum256([]byte(measureScript))
	page = strings.Replace(page, policy, policy+"script-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'; ", 1)
	return strings.Replace(page, "<head>\n", "<head>\n<script>"+measureScript+"</script>\n", 1)
}

// measure renders the page at width and returns what measureScript found.
func measure(t *testing.T, bin, dir, file string, width int) measured {
	t.Helper()
	dom := browser(t, bin, dir, fmt.Sprintf("--window-size=%d,1000", width), "--virtual-time-budget=10000", "--dump-dom", "file://"+file)
	_, rest, ok := strings.Cut(dom, `<pre id="measured">`)
	text, _, ok2 := strings.Cut(rest, "</pre>")
	if !ok || !ok2 {
		t.Fatalf("at %d px: the page ran no measurement (the script blocked?)", width)
	}
	var m measured
	if err := json.Unmarshal([]byte(html.UnescapeString(text)), &m); err != nil {
		t.Fatalf("at %d px: %v", width, err)
	}
	return m
}

// checkMeasured holds what the page measured at width to what it must be: sum is the JSON
// summary of the same run, want its numbers by data-key.
func checkMeasured(t *testing.T, width int, m measured, sum summaryJSON, want map[string]int) {
	t.Helper()
	if m.PageWidth > m.ViewWidth {
		t.Errorf("at %d px: the page is %d px wide, wider than the window's %d", width, m.PageWidth, m.ViewWidth)
	}
	for _, o := range m.Overflow {
		t.Errorf("at %d px: wider than its container: %s", width, o)
	}
	// Every count in a chart is the count in the text and in the JSON summary.
	text, chart := map[string]string{}, map[string]string{}
	for _, c := range m.Counts {
		if c.Chart {
			chart[c.Key] = c.Text
			continue
		}
		if prev, ok := text[c.Key]; ok && prev != c.Text {
			t.Errorf("at %d px: %s is %s and %s in the text", width, c.Key, prev, c.Text)
		}
		text[c.Key] = c.Text
		if n, ok := want[c.Key]; !ok || fmt.Sprint(n) != c.Text {
			t.Errorf("at %d px: %s is %s in the text, %d in the JSON summary (present %v)", width, c.Key, c.Text, n, ok)
		}
	}
	if len(chart) == 0 {
		t.Errorf("at %d px: no count in a chart", width)
	}
	for k, v := range chart {
		if text[k] != v {
			t.Errorf("at %d px: %s is %s in the chart, %q in the text", width, k, v, text[k])
		}
	}
	if m.RowsWithoutReason > 0 {
		t.Errorf("at %d px: %d disagreeing inputs without their reasons in view", width, m.RowsWithoutReason)
	}
	disagree := 0
	for _, set := range sum.Sets {
		if len(set.Accepting) > 0 && len(set.Accepting) < len(sum.Targets) {
			disagree += set.Count
		}
	}
	if (disagree > 0) != (m.Groups > 0) || len(m.Reasons) < m.Groups {
		t.Errorf("at %d px: %d inputs disagree; %d groups of them with %d reasons in view", width, disagree, m.Groups, len(m.Reasons))
	}
	for _, e := range m.External {
		t.Errorf("at %d px: the page could fetch: %s", width, e)
	}
	for _, r := range m.Resources {
		t.Errorf("at %d px: the page fetched %s", width, r)
	}
	for _, v := range m.Violations {
		t.Errorf("at %d px: the page tried to fetch (blocked): %s", width, v)
	}
	for _, id := range []string{"input", "date", "tool", "versions"} {
		if strings.TrimSpace(m.Provenance[id]) == "" {
			t.Errorf("at %d px: no visible provenance %s", width, id)
		}
	}
	for _, tg := range sum.Targets {
		if !strings.Contains(m.Provenance["versions"], tg.Version) || tg.Rule != "" && !strings.Contains(m.Provenance["versions"], tg.Rule) {
			t.Errorf("at %d px: the provenance does not show %s held to %q", width, tg.Version, tg.Rule)
		}
	}
}

// checkAnswer holds the headline to what it must be: seen before any scrolling (the window is
// 1000 pixels high), each of its counts the JSON summary's, and for the project's question,
// when RFC 1738 and the 2003 draft are both compared, the counts of that pair both ways, or
// "none"; and the page's title names the versions and the input.
func checkAnswer(t *testing.T, width int, m measured, sum summaryJSON, want map[string]int, input string) {
	t.Helper()
	a := m.Answer
	if a == nil || !a.Visible || a.Bottom > 1000 {
		t.Fatalf("at %d px: the answer is not in view before scrolling: %+v", width, a)
	}
	if len(a.Keys) == 0 {
		t.Errorf("at %d px: the answer %q holds no count", width, a.Text)
	}
	for k, v := range a.Keys {
		if n, ok := want[k]; !ok || fmt.Sprint(n) != v {
			t.Errorf("at %d px: the answer says %s for %s, the JSON summary %d (present %v)", width, v, k, n, ok)
		}
	}
	var ids []string
	for _, tg := range sum.Targets {
		ids = append(ids, tg.Version)
	}
	if strings.Contains(strings.Join(ids, " "), "rfc1738") && strings.Contains(strings.Join(ids, " "), "draft2003") {
		for _, k := range []string{"pair/rfc1738/draft2003/only_second", "pair/rfc1738/draft2003/only_first"} {
			_, said := a.Keys[k]
			if want[k] > 0 && !said || want[k] == 0 && !strings.Contains(a.Text, "rejects none") {
				t.Errorf("at %d px: the answer %q does not give %s (%d)", width, a.Text, k, want[k])
			}
		}
		if !strings.Contains(a.Text, "RFC 1738 (December 1994)") || !strings.Contains(a.Text, "the 2003 draft of RFC 2396bis (March 2003)") {
			t.Errorf("at %d px: the answer %q does not name RFC 1738 and the 2003 draft with their dates", width, a.Text)
		}
	}
	if !strings.Contains(m.Title, input) {
		t.Errorf("at %d px: the title %q does not name the input %q", width, m.Title, input)
	}
	for _, id := range ids {
		v, _ := urlgrammar.Lookup(id)
		if len(ids) <= 2 && !strings.Contains(m.Title, Name(v)) || len(ids) > 2 && !strings.Contains(m.Title, id) {
			t.Errorf("at %d px: the title %q does not name %s", width, m.Title, id)
		}
	}
}

// checkPrinted prints the page to PDF, as shipped and without the print style's rule that
// unfolds what is folded, and holds the page as shipped to more pages: printed, the inputs a
// long list folds are on paper.
func checkPrinted(t *testing.T, bin, dir, page string) {
	t.Helper()
	const unfold = "details::details-content { content-visibility: visible; display: block; }"
	if !strings.Contains(page, unfold) {
		t.Fatalf("the page has no print rule %q", unfold)
	}
	pages := func(name, page string) int {
		file, pdf := filepath.Join(dir, name+".html"), filepath.Join(dir, name+".pdf")
		if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		browser(t, bin, dir, "--virtual-time-budget=10000", "--no-pdf-header-footer", "--print-to-pdf="+pdf, "file://"+file)
		b, err := os.ReadFile(pdf)
		if err != nil {
			t.Fatal(err)
		}
		most := 0 // the page tree's root counts every page
		for _, m := range regexp.MustCompile(`/Count (\d+)`).FindAllSubmatch(b, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			most = max(most, n)
		}
		return most
	}
	shipped, folded := pages("printed", page), pages("printed-folded", strings.Replace(page, unfold, "", 1))
	t.Logf("printed: %d pages, %d with its lists folded", shipped, folded)
	if shipped <= folded {
		t.Errorf("printed, the page has %d pages, and %d with its lists folded: the print style does not unfold them", shipped, folded)
	}
}
