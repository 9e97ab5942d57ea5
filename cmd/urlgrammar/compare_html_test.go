package main

import (
	"context"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// htmlNumbers parses the HTML report as XML (it must be well-formed) and returns the numbers
// that carry a data-key, by key; the text of the report is returned too.
func htmlNumbers(t *testing.T, report string) map[string]int {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(report))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	nums := map[string]int{}
	key := ""
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
			key = ""
			for _, a := range tok.Attr {
				if a.Name.Local == "data-key" {
					key = a.Value
				}
			}
		case xml.CharData:
			if key == "" {
				continue
			}
			n, err := strconv.Atoi(strings.TrimSpace(string(tok)))
			if err != nil {
				t.Errorf("data-key %q holds %q", key, tok)
			}
			if _, dup := nums[key]; dup {
				t.Errorf("data-key %q twice", key)
			}
			nums[key] = n
			key = ""
		case xml.EndElement:
			key = ""
		}
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
		if !strings.Contains(report, "<td class=\"in\"><code>") {
			t.Errorf("%q: no matrix rows", args)
		}
	}
}

// TestCompareHTMLInBrowser renders the report in headless Chromium and checks that the charts
// are drawn: the UpSet bars and the heat map's reds must be on the page. It needs the chromium
// browser (Debian package "chromium"); without it, as in CI, the test is skipped. Set
// URLGRAMMAR_SCREENSHOT to a file name to keep the screenshot.
func TestCompareHTMLInBrowser(t *testing.T) {
	browser := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("chromium is not installed (Debian package \"chromium\"): the HTML report is not rendered in a browser here")
	}
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	report, _, _ := runCLI(t, "", "compare", "--corpus", "--format", "html")
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "report.png")
	if keep := os.Getenv("URLGRAMMAR_SCREENSHOT"); keep != "" {
		shot = keep
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--window-size=1280,1600", "--screenshot="+shot, "file://"+page)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The colors of the UpSet chart's bars (#3b5b92) and of the heat map's darkest cells
	// (rgba(183, 28, 28, 1) on white) must be drawn.
	bars, heat := 0, 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if near(r, 0x3b) && near(g, 0x5b) && near(bl, 0x92) {
				bars++
			}
			if near(r, 183) && near(g, 28) && near(bl, 28) {
				heat++
			}
		}
	}
	if bars < 2000 || heat < 500 {
		t.Errorf("screenshot %s: %d pixels of the UpSet bars, %d of the heat map's darkest cells", shot, bars, heat)
	}
}

func near(a uint32, b int) bool { return int(a) >= b-6 && int(a) <= b+6 }
