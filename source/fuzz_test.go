package source

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

// The fuzz targets of the readers: whatever the input, a reader ends, does not panic, reports
// every place it gives (a line, a record's offset) within the input, gives only what the input
// holds there, and allocates memory in proportion to the input.

// compressed reports whether data begins as a stream that Decompress reads as gzip or
// refuses: the readers' properties below are of the bytes as written.
func compressed(data []byte) bool {
	for _, magic := range []string{"\x1f\x8b", "BZh", "\xfd7zXZ\x00", "\x28\xb5\x2f\xfd"} {
		if bytes.HasPrefix(data, []byte(magic)) {
			return true
		}
	}
	return false
}

// drain reads every item of the sequence that read makes, and fails t when reading it
// allocates more than perByte bytes for each byte of an input of n bytes, and fixed bytes more
// (the readers' buffers): once to count the bytes allocated, keeping nothing, then to keep
// what it yields.
func drain(t *testing.T, read func() iter.Seq2[URL, error], n, perByte, fixed int) (us []URL, errs []error) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	items := 0
	for range read() {
		items++
	}
	runtime.ReadMemStats(&after)
	if a := after.TotalAlloc - before.TotalAlloc; a > uint64(perByte*n+fixed) {
		t.Errorf("%d bytes allocated for an input of %d bytes (%d items)", a, n, items)
	}
	for u, err := range read() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		us = append(us, u)
	}
	return us, errs
}

// lineCount is the number of lines of data as LineReader counts them.
func lineCount(data []byte) int {
	n := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// FuzzLinesText: Lines gives each line of the input as it is, its number its own; Text gives
// URLs without whitespace, on the lines they begin on, each a part of the input from that
// line on once its whitespace is dropped (a "<…>" wrapper's spans lines).
func FuzzLinesText(f *testing.F) {
	for _, s := range []string{
		"http://a/\r\n\nftp://b/c\n",
		"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\r\ntype=d> but you can\nprobably pick it up from \"http://www.w3.org/Addressing/\".\n",
		"(see http://a.example/b_(c)), [x](https://d.example/e).\n<http://f.example/\n g>",
		"<URL:http://a/" + strings.Repeat("b ", 100) + "\nmailto:x@y news:z urn:a:b `http://q/`",
		"\x00\xff\xfe <\x80:// a://b",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if compressed(data) {
			return
		}
		var lines []string // as LineReader counts them: none in an empty input
		if len(data) > 0 {
			lines = strings.Split(string(data), "\n")
		}
		if len(data) > 0 && data[len(data)-1] == '\n' {
			lines = lines[:len(lines)-1]
		}
		us, errs := drain(t, func() iter.Seq2[URL, error] { return Lines(bytes.NewReader(data), "f") }, len(data), 8, 256<<10)
		if len(errs) > 0 || len(us) != len(lines) || len(us) != lineCount(data) {
			t.Fatalf("Lines: %d lines, %v; want %d", len(us), errs, len(lines))
		}
		for i, u := range us {
			want := lines[i]
			if i < len(lines)-1 || data[len(data)-1] == '\n' { // a last line without an end keeps its "\r"
				want = strings.TrimSuffix(want, "\r")
			}
			if u.Text != want || u.Where.Line != i+1 {
				t.Fatalf("Lines: line %d is %q at %d, want %q", i+1, u.Text, u.Where.Line, want)
			}
		}

		// The text without whitespace (byte by byte, as Text drops it), and where each line
		// begins in it.
		var stripped []byte
		at := make([]int, len(lines))
		for i, l := range lines {
			at[i] = len(stripped)
			for j := 0; j < len(l); j++ {
				if !isSpace(l[j]) {
					stripped = append(stripped, l[j])
				}
			}
		}
		us, errs = drain(t, func() iter.Seq2[URL, error] { return Text(bytes.NewReader(data), "f") }, len(data), 16, 256<<10)
		if len(errs) > 0 {
			t.Fatalf("Text: %v", errs)
		}
		last := 1
		for _, u := range us {
			l := u.Where.Line
			if l < last || l > len(lines) {
				t.Fatalf("Text: %q on line %d, after line %d, of %d lines", u.Text, l, last, len(lines))
			}
			last = l
			if u.Text == "" || strings.ContainsAny(u.Text, " \t\n\r\f\v") {
				t.Fatalf("Text: %q", u.Text)
			}
			if !bytes.Contains(stripped[at[l-1]:], []byte(u.Text)) {
				t.Fatalf("Text: %q is not in the text from line %d on", u.Text, l)
			}
		}
	})
}

// FuzzCDX: each URL is a field of its own line, every error names a line of the input, and
// no line gives more than one URL.
func FuzzCDX(f *testing.F) {
	for _, s := range []string{
		" CDX N b a m s k r M S V g\norg,w3)/pub/www 19961219 http://www.w3.org/pub/WWW/ text/html 200 X - - 100 0 crawl.warc.gz\nx 1\n",
		" CDX a b m N\nhttp://a.example/ 1996 text/html a,example)/\n\nshort\n CDX b m\nq r\n",
		"org,example)/7 19961219164003 http://7.example/ text/html 200 AAAA 812\n",
		"!meta {\"format\": \"cdxj-gzip-1.0\"}\nedu,example)/ 19961219163957 {\"url\": \"http://e.example/\", \"mime\": \"text/html\"}\norg,example)/ 1996 {\"url\": 5}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if compressed(data) {
			return
		}
		lines := strings.Split(string(data), "\n")
		us, errs := drain(t, func() iter.Seq2[URL, error] { return CDX(bytes.NewReader(data), "f") }, len(data), 64, 256<<10)
		seen := map[int]bool{}
		for _, u := range us {
			l := u.Where.Line
			if l < 1 || l > len(lines) || seen[l] {
				t.Fatalf("CDX: %q on line %d of %d (seen %v)", u.Text, l, len(lines), seen[l])
			}
			seen[l] = true
			line := strings.TrimSuffix(lines[l-1], "\r")
			switch u.Where.Attr {
			case "a":
				if !strings.Contains(" "+strings.Join(strings.Fields(line), " ")+" ", " "+u.Text+" ") {
					t.Fatalf("CDX: %q is no field of line %d, %q", u.Text, l, line)
				}
			case "url":
				if i := cdxjObject(line); i < 0 {
					t.Fatalf("CDX: %q from line %d, %q, which is not CDXJ", u.Text, l, line)
				}
			default:
				t.Fatalf("CDX: %q from the field %q", u.Text, u.Where.Attr)
			}
		}
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.Where.Line < 1 || e.Where.Line > len(lines) || seen[e.Where.Line] {
				t.Fatalf("CDX: error %v, of %d lines", err, len(lines))
			}
			seen[e.Where.Line] = true
		}
	})
}

// htmlURLs reads the URLs of data as HTML with a bound on tokens, and the errors.
func htmlURLs(data []byte, limit int) (us []URL, errs []error) {
	var d htmlDoc
	d.resetLimit(bytes.NewReader(data), Where{File: "f"}, limit)
	for d.next(func(u URL, err error) bool {
		if err != nil {
			errs = append(errs, err)
		} else {
			us = append(us, u)
		}
		return true
	}) {
	}
	if d.err != nil {
		errs = append(errs, d.err)
	}
	return us, errs
}

// FuzzHTML: HTML gives URLs on lines of the input, in order, without tabs or line breaks; with a
// small bound on tokens (so that long tags, comments, texts and scripts are skipped), every
// token skipped is reported with a line of the input, as many at most as the bound fits in the
// input, and the URLs are some of those read without a bound, in the same order, on the same
// lines: skipping a token makes up none, and the page after it is read.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{
		page,
		"<a href=x>\n<a title=\"" + strings.Repeat("y", 80) + "\" href=z>\n<img src='w'>",
		"<script>var s = \"<a href=no>" + strings.Repeat("y", 80) + "\";</SCRIPT ><a href=yes>",
		"<!-- " + strings.Repeat("-", 70) + " --!><a href=c><style>x</style><textarea><a href=t></textarea>",
		"<p>" + strings.Repeat("text ", 30) + "<a href=after><BASE HREF=b><meta http-equiv=refresh content='0; url=m'>",
		"<img srcset='a.png 1x, b.png 2x' lowsrc=l><object archive='p q' data=d classid=c><applet archive='r,s'>",
		"<script data-x='" + strings.Repeat("z", 70) + "'>a<b</script><a href=&#x68;ttp://e/&amp;>",
	} {
		f.Add([]byte(s))
	}
	const limit = 64
	f.Fuzz(func(t *testing.T, data []byte) {
		if compressed(data) {
			return
		}
		lines := lineCount(data) + 1 // a URL may be on a last line that has no end
		whole, errs := drain(t, func() iter.Seq2[URL, error] { return HTML(bytes.NewReader(data), "f") }, len(data), 64, 256<<10)
		if len(errs) > 0 {
			t.Fatalf("HTML: %v", errs)
		}
		check := func(us []URL, what string) {
			last := 1
			for _, u := range us {
				if u.Where.Line < last || u.Where.Line > lines || strings.ContainsAny(u.Text, "\t\r\n") || u.Where.Element == "" || u.Where.Attr == "" {
					t.Fatalf("%s: %q %+v after line %d, of %d lines", what, u.Text, u.Where, last, lines)
				}
				last = u.Where.Line
			}
		}
		check(whole, "HTML")
		bounded, errs := htmlURLs(data, limit)
		check(bounded, "HTML, bounded")
		// A token skipped is the bound's bytes long, but for a "<" and the byte after it that
		// the tokenizer read ahead of a run of text.
		if len(errs) > len(data)/(limit-2) {
			t.Fatalf("HTML, bounded: %d tokens skipped in %d bytes", len(errs), len(data))
		}
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.Where.Line < 1 || e.Where.Line > lines {
				t.Fatalf("HTML, bounded: error %v, of %d lines", err, lines)
			}
		}
		// bounded is a subsequence of whole.
		i := 0
		for _, u := range bounded {
			for i < len(whole) && (whole[i].Text != u.Text || whole[i].Where.Line != u.Where.Line || whole[i].Where.Element != u.Where.Element || whole[i].Where.Attr != u.Where.Attr) {
				i++
			}
			if i == len(whole) {
				t.Fatalf("HTML, bounded: %q %+v, which the tokenizer without a bound does not give (%d skipped: %v)\nwhole:   %v\nbounded: %v", u.Text, u.Where, len(errs), errs, whole, bounded)
			}
			i++
		}
	})
}

// FuzzWARC: a WARC file, however damaged, gives URLs of records at offsets where the file has a
// version line ("WARC/"), each record's WARC-Target-URI written in its header, and errors at
// offsets within the file; a file gzipped record by record gives the same, with each record's
// gzip member.
func FuzzWARC(f *testing.F) {
	html := []sourcetest.Field{{"Content-Type", "text/html"}}
	good := func(i int) []byte {
		return sourcetest.Response(fmt.Sprintf("http://r%d.example/", i), html, []byte(fmt.Sprintf("<a href=http://r%d.example/x>\n<img src=y>", i)))
	}
	recs := [][]byte{good(0), good(1), good(2)}
	f.Add(bytes.Join(recs, nil))
	f.Add(bytes.Join([][]byte{good(0), addToLengthBy(good(1), 500), good(2), good(3)}, nil))
	f.Add(bytes.Join([][]byte{good(0), bytes.Replace(good(1), []byte("Content-Length"), []byte("Content-Lenth"), 1), good(2)}, nil))
	f.Add(bytes.ReplaceAll(bytes.Join(recs, nil), []byte("\r\n"), []byte("\n")))
	f.Add(sourcetest.Response("http://c.example/", []sourcetest.Field{{"Content-Type", "text/html"}, {"Transfer-Encoding", "chunked"}}, sourcetest.Chunked([]byte(page), 9)))
	f.Add(sourcetest.Record("WARC/1.0", []sourcetest.Field{{"WARC-Type", "resource"}, {"WARC-Target-URI", "<http://d.example/>"}, {"Content-Type", "text/html"}}, []byte(page)))
	f.Add([]byte("WARC/1.1\r\nContent-Length: 99999999999\r\n\r\nabc"))
	f.Fuzz(func(t *testing.T, data []byte) {
		check := func(data []byte, gz bool) {
			us, errs := drain(t, func() iter.Seq2[URL, error] { return WARC(bytes.NewReader(data), "f") }, len(data), 128, 16<<20)
			for _, u := range us {
				w := u.Where
				if w.Offset < 0 || w.Offset >= int64(len(data)) && !gz {
					t.Fatalf("WARC: %q at offset %d of %d bytes", u.Text, w.Offset, len(data))
				}
				if gz != (w.Member != nil) {
					t.Fatalf("WARC: %q: member %v in a file gzip %v", u.Text, w.Member, gz)
				}
				if gz {
					continue
				}
				rec := data[w.Offset:]
				if !bytes.HasPrefix(rec, []byte("WARC/")) {
					t.Fatalf("WARC: %q of a record at %d, where the file has %.20q", u.Text, w.Offset, rec)
				}
				if w.Attr == "WARC-Target-URI" && (u.Text != w.Record || !bytes.Contains(rec, []byte(u.Text))) {
					t.Fatalf("WARC: the target URI %q (record %q) is not in the record at %d", u.Text, w.Record, w.Offset)
				}
			}
			for _, err := range errs {
				var e *Error
				if !errors.As(err, &e) {
					continue // the file's own error: a gzip stream that is not one
				}
				if e.Where.Offset < 0 || !gz && e.Where.Offset > int64(len(data)) {
					t.Fatalf("WARC: error %v at offset %d of %d bytes", err, e.Where.Offset, len(data))
				}
			}
		}
		if compressed(data) {
			return
		}
		check(data, false)
		// The records the file splits into at its version lines, a gzip member each.
		var parts [][]byte
		for rest := data; len(rest) > 0; {
			i := bytes.Index(rest[1:], []byte("\nWARC/"))
			if i < 0 {
				parts = append(parts, rest)
				break
			}
			parts = append(parts, rest[:i+2])
			rest = rest[i+2:]
		}
		gz, _ := sourcetest.Gzip(parts...)
		check(gz, true)
	})
}

// addToLengthBy returns the record r with extra added to its Content-Length.
func addToLengthBy(r []byte, extra int) []byte {
	i := bytes.Index(r, []byte("Content-Length: ")) + len("Content-Length: ")
	j := i + bytes.IndexAny(r[i:], "\r\n")
	var n int
	fmt.Sscan(string(r[i:j]), &n)
	return append(append(append([]byte(nil), r[:i]...), fmt.Sprint(n+extra)...), r[j:]...)
}
