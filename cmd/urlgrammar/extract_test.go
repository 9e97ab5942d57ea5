package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/source"
	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

// TestExtractCommand: extract prints one URL per line; compare --extract compares them.
func TestExtractCommand(t *testing.T) {
	text := "Homepage <URL:http://www.apache.org/\n~fielding/> and http://a/b.\n"
	out, errs, status := runCLI(t, text, "extract")
	if status != exitValid || out != "http://www.apache.org/~fielding/\nhttp://a/b\n" {
		t.Errorf("status %d, %q, %q", status, out, errs)
	}
	rows, sum := compareJSON(t, text, "-g", "rfc1738,draft2003", "--extract")
	if len(rows) != 2 || rows[0].Input != "http://www.apache.org/~fielding/" || sum.Inputs != 2 {
		t.Errorf("compare --extract: %+v", rows)
	}
	// The URLs extracted from a document's, or the corpus's, inputs are not theirs one for one:
	// they are compared without a source.
	out, errs, status = runCLI(t, "", "compare", "-g", "rfc3986", "--format", "tsv", "--extract", "--from", "html", `<a href="see http://a/ and http://b/">x</a>`)
	if status != exitValid || out != "input\trfc3986\trfc3986 reason\tsource\nhttp://a/\tvalid\t\t\nhttp://b/\tvalid\t\t\n" {
		t.Errorf("compare --extract --from html: status %d, %q, %q", status, out, errs)
	}
}

// page1996 is a page of 1996: upper case tags, unquoted values, a <BASE>, and the news and
// gopher schemes of RFC 1738 sections 3.4 and 3.6.
const page1996 = "<HTML><HEAD><BASE HREF=http://www.w3.org/pub/WWW/></HEAD>\n" +
	"<BODY><A HREF=Addressing/>Addressing</A>\n" +
	"<A HREF=news:comp.infosystems.www>News</A> <IMG SRC=\"gopher://gopher.example.org/1\">\n"

// writeWARC writes a WARC file of one gzip member per record, a response of page1996 and an
// image's, with a record without a Content-Length between them when damaged, and returns its
// name.
func writeWARC(t *testing.T, damaged bool) string {
	t.Helper()
	html := []sourcetest.Field{{"Content-Type", "text/html"}}
	recs := [][]byte{sourcetest.Response("http://www.w3.org/pub/WWW/", html, []byte(page1996))}
	if damaged {
		recs = append(recs, []byte("WARC/1.1\r\nWARC-Type: response\r\n\r\n"))
	}
	recs = append(recs, sourcetest.Response("http://example.org/", []sourcetest.Field{{"Content-Type", "image/gif"}}, []byte("GIF89a")))
	gz, _ := sourcetest.Gzip(recs...)
	name := filepath.Join(t.TempDir(), "crawl.warc.gz")
	if err := os.WriteFile(name, gz, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestExtractFrom: extract --from html and --from warc, with --json's provenance and --resolve.
func TestExtractFrom(t *testing.T) {
	out, errs, status := runCLI(t, "", "extract", "--from", "html", page1996)
	want := "http://www.w3.org/pub/WWW/\nAddressing/\nnews:comp.infosystems.www\ngopher://gopher.example.org/1\n"
	if status != exitValid || out != want {
		t.Errorf("--from html: status %d, %q, %q", status, out, errs)
	}

	warc := writeWARC(t, true)
	out, errs, status = runCLI(t, "", "extract", "--from", "warc", "--format", "json", "-f", warc)
	// The record without a Content-Length is reported with its place and skipped, the others
	// read; as for a line that cannot be judged, the status is then 2.
	if status != exitUsage || !strings.Contains(errs, "urlgrammar extract: "+warc+": record at offset ") || !strings.Contains(errs, "no Content-Length") {
		t.Errorf("--from warc: status %d, stderr %q", status, errs)
	}
	// The JSON as a reader of it sees it, not as the command's types write it.
	type extracted struct {
		URL    string `json:"url"`
		Source struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Offset  *int64 `json:"offset"`
			Member  *int64 `json:"gzip_member"`
			Record  string `json:"record"`
			Element string `json:"element"`
			Attr    string `json:"attr"`
			Base    string `json:"base"`
		} `json:"source"`
	}
	var lines []extracted
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var x extracted
		if err := json.Unmarshal([]byte(l), &x); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		lines = append(lines, x)
	}
	if len(lines) != 6 {
		t.Fatalf("--from warc: %d URLs: %s", len(lines), out)
	}
	a := lines[2] // <A HREF=Addressing/>
	if a.URL != "Addressing/" || a.Source.File != warc || a.Source.Line != 2 || a.Source.Element != "a" || a.Source.Attr != "href" ||
		a.Source.Record != "http://www.w3.org/pub/WWW/" || a.Source.Base != "http://www.w3.org/pub/WWW/" || a.Source.Member == nil || *a.Source.Member != 0 {
		t.Errorf("provenance: %+v", a)
	}
	if last := lines[5]; last.URL != "http://example.org/" || last.Source.Attr != "WARC-Target-URI" || last.Source.Member == nil || *last.Source.Member == 0 {
		t.Errorf("third record: %+v", last)
	}

	// --resolve: against the <base href>, by RFC 3986 section 5.2 ("Addressing/" against
	// "http://www.w3.org/pub/WWW/"); the output says so.
	out, errs, status = runCLI(t, "", "extract", "--from", "warc", "--resolve", "-f", warc)
	if status != exitUsage || !strings.Contains(out, "\nhttp://www.w3.org/pub/WWW/Addressing/\n") || !strings.Contains(errs, "resolved against their documents' bases by rfc3986") {
		t.Errorf("--resolve: %q %q", out, errs)
	}
	out, _, _ = runCLI(t, "", "extract", "--from", "warc", "--resolve", "--format", "json", "-f", warc)
	if !strings.Contains(out, `"url":"http://www.w3.org/pub/WWW/Addressing/","ref":"Addressing/","resolved_by":"rfc3986"`) {
		t.Errorf("--resolve --json: %s", out)
	}
}

// TestCheckCompareReviewFrom: the sources feed check, compare and review, each input with its
// provenance; a relative reference is judged as a reference unless --resolve.
func TestCheckCompareReviewFrom(t *testing.T) {
	out, errs, status := runCLI(t, "", "check", "-g", "rfc3986", "-n", "--echo", "--from", "html", page1996)
	if status != exitValid || strings.Count(out, "\tvalid\t") != 4 || !strings.Contains(out, "argument 1:2 <a href>\tvalid\tAddressing/\n") {
		t.Errorf("check --from html: %d %q %q", status, out, errs)
	}
	warc := writeWARC(t, false)
	rows, sum := compareJSON(t, "", "-g", "rfc1738,draft2003", "--from", "warc", "-f", warc)
	if sum.Inputs != 6 || len(rows) != 6 || !strings.Contains(rows[2].Source, "record at offset") || rows[2].Input != "Addressing/" {
		t.Fatalf("compare --from warc: %+v", rows)
	}
	// RFC 1738 has no relative form: "Addressing/" is not a URL of its grammar; the 2003
	// draft's URI-reference takes it as a relative reference (its section 4.1).
	if c := rows[2]; len(c.Verdicts) != 2 || c.Verdicts[0].Valid || !c.Verdicts[1].Valid {
		t.Errorf("compare --from warc, Addressing/: %+v", c)
	}
	rows, _ = compareJSON(t, "", "-g", "rfc1738,draft2003", "--from", "warc", "--resolve", "-f", warc)
	if c := rows[2]; c.Input != "http://www.w3.org/pub/WWW/Addressing/" || !strings.Contains(c.Source, "Addressing/ resolved by rfc3986") {
		t.Errorf("compare --resolve: %+v", c)
	}
	cdx := " CDX N b a m s k r M S V g\norg,w3)/pub/www 19961219 http://www.w3.org/pub/WWW/ text/html 200 X - - 100 0 crawl.warc.gz\n"
	out, errs, status = runCLI(t, cdx, "review", "-g", "rfc3986", "--from", "cdx", "--format", "json")
	if status != exitValid || !strings.Contains(out, `"source":{"file":"standard input","line":2,"attr":"a"}`) {
		t.Errorf("review --from cdx: %d %q %q", status, out, errs)
	}
}

// TestExtractJSONLine: extract --json writes a URL as written (not resolved) as source.URL's
// JSON, made without reflection: that is the line encodeJSONLine writes of its extractResult,
// byte for byte, whatever the fields present and the escapes (RFC 8259 section 7) they need.
func TestExtractJSONLine(t *testing.T) {
	member := int64(0)
	for _, text := range []string{"http://a/b?c=<d>&e", "", "q\"\\", "\x00\u2028\xff"} {
		for _, w := range []source.Where{{}, {File: "f", Line: 3}, {File: text, Offset: 7, Member: &member,
			Record: "http://r/", Type: "response", Element: "a", Attr: "href", Base: text}} {
			var want strings.Builder
			if err := encodeJSONLine(&want, extractResult{URL: text, sourced: &sourced{Where: w}}); err != nil {
				t.Fatal(err)
			}
			if got := string(source.URL{Text: text, Where: w}.AppendJSON(nil)) + "\n"; got != want.String() {
				t.Errorf("\n got %q\nwant %q", got, want.String())
			}
		}
	}
}
