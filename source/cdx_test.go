package source

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCDX: the original URL of classic CDX lines, found by the header's letters (the field
// "a"; "N" is the massaged URL), and the "url" of CDXJ lines; a malformed line (a field too
// few or too many for its header, or for every format without one; JSON cut short) is
// reported with its number and skipped.
func TestCDX(t *testing.T) {
	for _, c := range []struct {
		name, in string
		want     []string
		bad      []int
	}{
		{
			"CDX N b a m s k r M S V g",
			" CDX N b a m s k r M S V g\n" +
				"edu,example,cs)/~jdoe/ 19961219163957 http://www.cs.example.edu/~jdoe/ text/html 200 AAAA - - 1043 0 crawl.warc.gz\n" +
				"org,example,gopher)/11/libraries 19961219164003 gopher://gopher.example.org/11/Libraries text/html 200 BBBB - - 812 1043 crawl.warc.gz\n",
			[]string{"http://www.cs.example.edu/~jdoe/", "gopher://gopher.example.org/11/Libraries"}, nil,
		},
		{
			"another order",
			" CDX a b m N\nhttp://a.example/ 1996 text/html a,example)/\n\nshort\n",
			[]string{"http://a.example/"}, []int{4},
		},
		{
			"fields missing and one too many",
			" CDX N b a m s k r M S V g\n" +
				"x 1\n" +
				"x 1 http://b.example/\n" +
				"org,example)/c 19961219164003 http://c.example/ text/html 200 CCCC - - 812 1043 crawl.warc.gz\n" +
				"org,example)/d 19961219164003 - http://d.example/ text/html 200 DDDD - - 812 1043 crawl.warc.gz\n" +
				"org,example)/e 19961219164003 http://e.example/ text/html 200 EEEE - 812 1043 crawl.warc.gz\n" +
				"org,example)/f 19961219164003 http://f.example/ text/html 200 FFFF - - 812 1043 crawl.warc.gz\n",
			[]string{"http://c.example/", "http://f.example/"}, []int{2, 3, 5, 6},
		},
		{
			// The formats pywb reads without a header: 7 fields (a CDX server's), 9, 10, 11,
			// and 12 to 14 with a resolved revisit's fields.
			"no header",
			"org,example)/7 19961219164003 http://7.example/ text/html 200 AAAA 812\n" +
				"org,example)/8 19961219164003 http://8.example/ text/html 200 AAAA 812 0\n" +
				"org,example)/9 19961219164003 http://9.example/ text/html 200 AAAA - 0 crawl.warc.gz\n" +
				"org,example)/10 19961219164003 http://10.example/ text/html 200 AAAA - - 0 crawl.warc.gz\n" +
				"org,example)/11 19961219164003 http://11.example/ text/html 200 AAAA - - 812 0 crawl.warc.gz\n" +
				"org,example)/14 19961219164003 http://14.example/ warc/revisit - AAAA - - 812 0 crawl.warc.gz 812 0 other.warc.gz\n" +
				"org,example)/15 19961219164003 http://15.example/ warc/revisit - AAAA - - 812 0 crawl.warc.gz 812 0 other.warc.gz x\n" +
				"http://bare.example/\n",
			[]string{"http://7.example/", "http://9.example/", "http://10.example/", "http://11.example/", "http://14.example/"}, []int{2, 7, 8},
		},
		{
			"CDXJ",
			"!meta {\"format\": \"cdxj-gzip-1.0\"}\n" +
				"edu,example,cs)/~jdoe/ 19961219163957 {\"url\": \"http://www.cs.example.edu/~jdoe/\", \"mime\": \"text/html\", \"status\": \"200\"}\n" +
				"org,example)/ 19961219164003 {\"mime\": \"text/html\"}\n" +
				"org,example)/a 19961219164003 {\"url\": \"news:comp.infosystems.www\", \n" +
				"org,example)/b 19961219164003 {\"url\":\"mailto:a@b.example\"}\n",
			[]string{"http://www.cs.example.edu/~jdoe/", "mailto:a@b.example"}, []int{3, 4},
		},
	} {
		got, errs := collect(t, CDX(strings.NewReader(c.in), "index.cdx"))
		var texts []string
		for _, u := range got {
			texts = append(texts, u.Text)
		}
		var bad []int
		for _, err := range errs {
			var e *Error
			if errors.As(err, &e) {
				bad = append(bad, e.Where.Line)
			} else {
				t.Errorf("%s: %v", c.name, err)
			}
		}
		if !slices.Equal(texts, c.want) || !slices.Equal(bad, c.bad) {
			t.Errorf("%s: %q, errors at lines %v (%v); want %q, %v", c.name, texts, bad, errs, c.want, c.bad)
		}
	}
}

// TestLines: each line is one URL with its number; a CR before the LF is not part of it; a
// line of 2 MiB is read (the command reads lines of up to MaxLine, and so do Lines, Text and
// CDX), and a line longer than MaxLine is reported and skipped, not held.
func TestLines(t *testing.T) {
	long := "http://h/" + strings.Repeat("a", 2<<20)
	in := "http://a/\r\n\n" + strings.Repeat("x", MaxLine+10) + "\nhttp://b/\n" + long
	got, errs := collect(t, Lines(strings.NewReader(in), "list"))
	want := []URL{{"http://a/", Where{File: "list", Line: 1}}, {"", Where{File: "list", Line: 2}}, {"http://b/", Where{File: "list", Line: 4}}, {long, Where{File: "list", Line: 5}}}
	var e *Error
	if !slices.Equal(got, want) || len(errs) != 1 || !errors.As(errs[0], &e) || e.Where.Line != 3 {
		t.Errorf("got %v, %v", got, errs)
	}
}
