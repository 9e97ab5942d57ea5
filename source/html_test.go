package source

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// collect returns the URLs of seq, and its errors.
func collect(t *testing.T, seq func(func(URL, error) bool)) ([]URL, []error) {
	t.Helper()
	var us []URL
	var errs []error
	for u, err := range seq {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		us = append(us, u)
	}
	return us, errs
}

// TestHTML1995: a page of the kind written in 1995, with upper case tags, unquoted values and
// the gopher, wais, news and mailto schemes of RFC 1738 section 3. The URL-valued attributes
// are those HTML 4.01 types %URI (its index of attributes), and the browsers' LOWSRC and
// TD BACKGROUND; applet's ARCHIVE is a comma-separated list (HTML 4.01 section 13.4).
func TestHTML1995(t *testing.T) {
	f, err := os.Open("testdata/home1995.html")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, errs := collect(t, HTML(f, "home1995.html"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	const base = "http://www.cs.example.edu/~jdoe/"
	at := func(line int, el, attr string) Where {
		return Where{File: "home1995.html", Line: line, Element: el, Attr: attr, Base: base}
	}
	want := []URL{
		{base, Where{File: "home1995.html", Line: 4, Element: "base", Attr: "href"}},
		{"mailto:jdoe@cs.example.edu", at(5, "link", "href")},
		{"bg.gif", at(7, "body", "background")},
		{"icons/globe.gif", at(8, "img", "src")},
		{"icons/globe-lo.gif", at(8, "img", "lowsrc")},
		{"gopher://gopher.tc.umn.edu/11/Libraries", at(11, "a", "href")},
		{"wais://cnidr.org/directory-of-servers", at(12, "a", "href")},
		{"news:comp.infosystems.www.providers", at(13, "a", "href")},
		{"ftp://ftp.example.edu/pub/rfc/rfc1738.txt", at(14, "a", "href")},
		{"../papers/urls.ps", at(15, "a", "href")},
		{"http://info.cern.ch/hypertext/WWW/TheProject.html", at(16, "a", "href")},
		{"/cgi-bin/search", at(19, "form", "action")},
		{"tile.gif", at(20, "td", "background")},
		{"http://java.example.com/classes/", at(21, "applet", "codebase")},
		{"clock.jar", at(21, "applet", "archive")},
		{"util.jar", at(21, "applet", "archive")},
		{"mailto:jdoe@cs.example.edu?subject=Your%20page", at(23, "a", "href")},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%v\nwant\n%v", got, want)
	}
}

// TestHTMLAttributes: character references are decoded (HTML 4.01 section 5.3.2: "&amp;" in
// an attribute is "&"), values are trimmed of the spaces around them, lists split, and a
// meta refresh's URL is taken from its content.
func TestHTMLAttributes(t *testing.T) {
	page := `<object classid="clsid:x" codebase=http://a.example/ data=movie.mpg archive="a.jar b.jar"></object>
<a href="  /search?q=1&amp;r=2 ">x</a><a href="http://a.example/long
   path/"><img srcset="a.png 1x, b,c.png 2x,d.png">
<META HTTP-EQUIV="Refresh" CONTENT="5; URL=http://new.example/">
<meta http-equiv=refresh content="0;'gone.html'"><p data-href=no cite=q.html>`
	got, errs := collect(t, HTML(strings.NewReader(page), "p"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var texts []string
	for _, u := range got {
		texts = append(texts, u.Where.Element+"@"+u.Where.Attr+"="+u.Text)
	}
	want := []string{
		"object@classid=clsid:x", "object@codebase=http://a.example/", "object@data=movie.mpg",
		"object@archive=a.jar", "object@archive=b.jar",
		"a@href=/search?q=1&r=2", "a@href=http://a.example/long   path/",
		"img@srcset=a.png", "img@srcset=b,c.png", "img@srcset=d.png",
		"meta@content=http://new.example/", "meta@content=gone.html",
		"p@cite=q.html",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("got  %q\nwant %q", texts, want)
	}
}

// TestHTMLLongToken: a token longer than the tokenizer's bound (a tag, a comment, a run of
// text, the text of a script) is reported as an *Error with the line it begins on and skipped,
// instead of a buffer without bound, and the rest of the document is read: the URLs after it
// are yielded, with their lines. A tag that opens a script is skipped with the script's text.
func TestHTMLLongToken(t *testing.T) {
	long := strings.Repeat("y", maxToken+1)
	longLines := strings.Repeat("y\n", maxToken/2+1) // maxToken/2+1 lines
	after := "\n<a href=after1>\n<p><img src='after2'></p>"
	for _, c := range []struct {
		name, token string
		lines       int // the lines the token ends, before "after"
	}{
		{"a quoted attribute", `<a title="` + long + `" href=z>`, 0},
		{"a quoted attribute with '>' in it", `<a title="` + long + `>>" href=z>`, 0},
		{"an unquoted attribute", `<a title=` + long + ` href=z>`, 0},
		{"a single-quoted attribute over lines", `<img alt='` + longLines + `' src=z>`, maxToken/2 + 1},
		{"a tag name", `<` + long + ` href=z>`, 0},
		{"an end tag", `</a ` + long + `>`, 0},
		{"a comment", `<!-- <a href=z> ` + long + ` -- > --!>`, 0},
		{"a doctype", `<!DOCTYPE ` + long + `>`, 0},
		{"text", `<p>` + long + ` < and > <`, 0},
		{"text over lines", `<p>` + longLines, maxToken/2 + 1},
		{"a script's text", `<script>var s = "<a href=z>` + long + `</scripts>";</script >`, 0},
		{"a style's text, its end tag in capitals", `<style>` + long + `</STYLE>`, 0},
		{"a script's tag", `<script data-x="` + long + `">var s = "<a href=z>";</script>`, 0},
	} {
		page := "<a href=x>\n" + c.token + after
		got, errs := collect(t, HTML(strings.NewReader(page), "p"))
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || e.Where.Line != 2 {
			t.Errorf("%s: errors %v, want one at line 2", c.name, errs)
		}
		var texts []string
		for _, u := range got {
			texts = append(texts, fmt.Sprintf("%s line %d", u.Text, u.Where.Line))
		}
		l := 2 + c.lines + 1
		if want := []string{"x line 1", fmt.Sprintf("after1 line %d", l), fmt.Sprintf("after2 line %d", l+1)}; !slices.Equal(texts, want) {
			t.Errorf("%s: %q, want %q", c.name, texts, want)
		}
	}
	// Text that ends in a tag where the bound falls: the tag is read whatever its byte.
	for n := maxToken - 4; n <= maxToken+1; n++ {
		page := strings.Repeat("y", n) + "<a href=z>" + after
		got, errs := collect(t, HTML(strings.NewReader(page), "p"))
		var texts []string
		for _, u := range got {
			texts = append(texts, u.Text)
		}
		if !slices.Equal(texts, []string{"z", "after1", "after2"}) || n >= maxToken && len(errs) != 1 {
			t.Errorf("text of %d bytes before a tag: %q, %v", n, texts, errs)
		}
	}
	// Several in a row, each reported.
	page := "<a title=\"" + long + "\">\n<!--" + long + "-->\n" + long + after
	got, errs := collect(t, HTML(strings.NewReader(page), "p"))
	if len(errs) != 3 || len(got) != 2 {
		t.Errorf("three long tokens: %v, %v", got, errs)
	}
}

// TestHTMLBadInput: empty input, NUL bytes, invalid UTF-8 and an unclosed tag neither panic nor
// make up URLs.
func TestHTMLBadInput(t *testing.T) {
	for _, page := range []string{"", "\x00\x00<a href=\x00>", "<a href=\xff\xfe>", "<a href=\"x", "<<<>>>&&&;"} {
		got, errs := collect(t, HTML(strings.NewReader(page), "p"))
		for _, u := range got {
			if u.Where.Attr != "href" {
				t.Errorf("%q: %v", page, u)
			}
		}
		if len(errs) > 0 {
			t.Errorf("%q: %v", page, errs)
		}
	}
}
