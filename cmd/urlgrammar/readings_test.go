package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/reading"
)

// TestConfusionCasesReported: every published case of compare's corpus whose sources say that
// parsers read different hosts is reported so by compare -g neturl,whatwg: one of the two
// refuses what the other reads a host in (a verdict apart), or both accept it and the
// differential finds their hosts apart; or both read one host, and cases.tsv says why (its
// WHY column: the parser that read another host was neither); or both refuse it, and neither
// connects anywhere.
func TestConfusionCasesReported(t *testing.T) {
	var why []string // cases.tsv's WHY, row by row: the order of reading.Cases
	data, err := os.ReadFile("../../reading/cases.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			cols := strings.Split(line, "\t")
			why = append(why, strings.TrimPrefix(cols[len(cols)-1], "-"))
		}
	}
	if len(why) != len(reading.Cases()) {
		t.Fatalf("cases.tsv has %d rows, reading.Cases %d", len(why), len(reading.Cases()))
	}
	targets := []compare.Target{}
	for _, id := range []string{"neturl", "whatwg"} {
		tg, _ := lookupReader(id)
		targets = append(targets, tg)
	}
	differ := 0
	for i, cs := range reading.Cases() {
		if !hostsDiffer(cs.Claim) {
			continue
		}
		differ++
		c, err := compare.Compare(targets, cs.Input, 0)
		if err != nil {
			t.Fatal(err)
		}
		c = compare.Interpret(c, targets, differential{})
		hostApart := false
		for _, in := range c.Interpretations() {
			for _, d := range in.Disagreements {
				hostApart = hostApart || d.Field == "host"
			}
		}
		switch {
		case c.Accepted(0) != c.Accepted(1), hostApart, !c.Accepted(0) && !c.Accepted(1):
		case why[i] != "":
			t.Logf("%q: one host, as cases.tsv says: %s", cs.Input, why[i])
		default:
			t.Errorf("%q: the sources say %s; net/url and the WHATWG reading read one host, and cases.tsv says not why", cs.Input, cs.Claim)
		}
	}
	if differ < 5 {
		t.Errorf("%d cases whose sources name different hosts", differ)
	}
}

// hostsDiffer reports whether a case's claim names more than one host: the last word of each
// "PARSER HOST (NOTE)".
func hostsDiffer(claim string) bool {
	hosts := map[string]bool{}
	for _, item := range strings.Split(claim, ", ") {
		item, _, _ = strings.Cut(item, " (")
		f := strings.Fields(item)
		hosts[f[len(f)-1]] = true
	}
	return len(hosts) > 1
}

// TestCompareReadings: -g takes neturl and whatwg beside versions, in the order given; the
// report names each reading's normalizations and shows, for what two columns both accept, the
// components they read apart. The inputs are the URL Standard's own examples (web-platform-tests
// urltestdata.json rows 176 and 181, with their hostnames) and RFC 3986 section 1.1.2's
// "http://www.ietf.org/rfc/rfc2396.txt", which every column reads alike.
func TestCompareReadings(t *testing.T) {
	in := "http://192.0x00A80001\nhttp:\\\\www.google.com\\foo\nhttp://www.ietf.org/rfc/rfc2396.txt\n"
	out, errs, status := runCLI(t, in, "compare", "-g", "rfc1738,neturl,draft2003,whatwg", "--diff")
	if status != exitInvalid {
		t.Fatalf("status %d, want 1 (the columns part ways): %s", status, errs)
	}
	for _, want := range []string{
		"1738 netu d03  what input\n",
		// RFC 3986 section 3.2.2 reads "192.0x00A80001" as a reg-name; the URL Standard's IPv4
		// parser as 192.168.0.1.
		`host: draft2003 "192.0x00A80001", whatwg "192.168.0.1" (ipv4-form)`,
		// net/url takes what follows "http:" for an opaque path; the URL Standard reads "\" as
		// "/" after a special scheme.
		`host: neturl (none), whatwg "www.google.com" (backslash)`,
		"whatwg (the WHATWG URL Standard) normalizes: lower-scheme, trim-control-space",
		"neturl (Go's net/url) normalizes: lower-scheme, decode-host",
		"  draft2003  whatwg     host      ipv4-form              1  e.g. http://192.0x00A80001",
		`draft-fielding-uri-rfc2396bis-01 section 7.3: "These additional IP address formats are not allowed in the URI syntax due to differences between platform implementations."`,
		// A reading is not a version.
		"those on which the versions and readings disagree",
		"Where the versions and readings disagree (another of them accepts these inputs):",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compare -g rfc1738,neturl,draft2003,whatwg --diff lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "rfc2396.txt\n") {
		t.Errorf("--diff shows an input every column reads alike:\n%s", out)
	}
	// A reading is not a version: the page names versions and readings.
	page, _, _ := runCLI(t, in, "compare", "-g", "rfc1738,neturl,draft2003,whatwg", "--format", "html")
	for _, want := range []string{"<title>4 versions and readings (rfc1738, neturl, draft2003, whatwg) on standard input",
		"<h2>Which versions and readings accept how many inputs</h2>", "<h2>Inputs on which the versions and readings disagree</h2>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The summary's JSON form says what each reading is, and merges (--merge).
	dir := t.TempDir()
	var files []string
	for i, part := range []string{"http://192.0x00A80001\n", "http://www.ietf.org/rfc/rfc2396.txt\n"} {
		f := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
		if _, errs, status := runCLI(t, part, "compare", "-g", "rfc3986,whatwg", "--format", "json", "--summary", f); status != exitValid {
			t.Fatalf("part %d: status %d: %s", i, status, errs)
		}
		files = append(files, f)
	}
	merged, errs, status := runCLI(t, "", "compare", "--merge", "--format", "json", files[0], files[1])
	for _, want := range []string{`{"reader":"whatwg","name":"the WHATWG URL Standard","normalizations":"lower-scheme,`,
		`"interpreted":2,"alike":1`, `"differences":[{"first":"rfc3986","second":"whatwg","field":"host","cause":"ipv4-form","count":1,"example":"http://192.0x00A80001"`} {
		if status != exitValid || !strings.Contains(merged, want) {
			t.Errorf("compare --merge (status %d, %s) lacks %s:\n%s", status, errs, want, merged)
		}
	}
	if _, errs, status := runCLI(t, "", "compare", "-g", "rfc3986,neturl,neturl", "http://a/"); status != exitUsage || !strings.Contains(errs, "named twice") {
		t.Errorf("a reading named twice: status %d, %q", status, errs)
	}
}

// TestReviewHosts: review holds the host the grammar reads to the hosts net/url and a browser
// connect to (--hosts, on by default). RFC 3986 section 3.2.2 reads "0x7f.1" as a reg-name;
// the URL Standard's IPv4 parser as 127.0.0.1 (web-platform-tests urltestdata.json has
// "0x7f.1" written so in other rows; reading's cases, row 176, its kin). A host written in
// other letter case is no finding.
func TestReviewHosts(t *testing.T) {
	out, _, _ := runCLI(t, "", "review", "-g", "rfc3986", "http://0x7f.1/", "http://EXAMPLE.com/")
	want := `RFC 3986 section 7.6 (warning): the grammar reads the host "0x7f.1", a browser (the WHATWG URL Standard) connects to the host "127.0.0.1" (bytes 7-13)`
	lines := strings.Split(out, "\n")
	if len(lines) < 2 || !strings.Contains(lines[0], want) || lines[1] != "ok" {
		t.Errorf("review: %q\nwant the first line with %q, the second ok", out, want)
	}
	if out, _, _ := runCLI(t, "", "review", "-g", "rfc3986", "--hosts=false", "http://0x7f.1/"); strings.Contains(out, "connects to") {
		t.Errorf("review --hosts=false: %q", out)
	}
}

// FuzzDifferential: for any input, the ten columns judge it and the differential holds every
// pair with a reading that both accept, and no other, each disagreement a component of a URL
// read in two ways.
func FuzzDifferential(f *testing.F) {
	for _, c := range reading.Cases() {
		f.Add(c.Input)
	}
	targets := compare.ReferenceTargets()
	for _, id := range []string{"neturl", "whatwg"} {
		tg, _ := lookupReader(id)
		targets = append(targets, tg)
	}
	fields := "scheme userinfo host port path query fragment"
	f.Fuzz(func(t *testing.T, s string) {
		c, err := compare.Compare(targets, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		c = compare.Interpret(c, targets, differential{})
		want := 0
		for i := range targets {
			for j := i + 1; j < len(targets); j++ {
				if (targets[i].IsReader() || targets[j].IsReader()) && c.Accepted(i) && c.Accepted(j) {
					want++
				}
			}
		}
		if got := len(c.Interpretations()); got != want {
			t.Fatalf("%q: %d interpretations, want %d", s, got, want)
		}
		for _, in := range c.Interpretations() {
			for _, d := range in.Disagreements {
				if !strings.Contains(fields, d.Field) || d.Cause == "" || d.A == d.B {
					t.Fatalf("%q: %s and %s: %+v", s, targets[in.First], targets[in.Second], d)
				}
			}
		}
	})
}
