package source

import (
	"slices"
	"strings"
	"testing"
)

func extractText(text string) []string {
	return slices.Collect(Extract(slices.Values(strings.Split(text, "\n"))))
}

// TestExtractDocumentsExamples: the examples of the documents' own sections on URLs in context.
func TestExtractDocumentsExamples(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{
			// RFC 1738, APPENDIX: Recommendations for URLs in Context: "<URL:…>" wrappers,
			// broken across lines; the whitespace is ignored when extracting the URL.
			"RFC 1738 appendix",
			"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n" +
				"type=d> but you can probably pick it up from <URL:ftp://ds.in\n" +
				"ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n" +
				"net/instructions/overview.html#WARNING>.",
			[]string{
				"ftp://info.cern.ch/pub/www/doc;type=d",
				"ftp://ds.internic.net/rfc",
				"http://ds.internic.net/instructions/overview.html#WARNING",
			},
		},
		{
			// The 2003 draft, Appendix E (the example of RFC 2396 Appendix E): double quotes
			// and angle brackets; the draft lists the three URI references it contains.
			"2003 draft appendix E",
			"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n" +
				"but you can probably pick it up from <ftp://ds.internic.net/rfc/>.\n" +
				"Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.",
			[]string{
				"http://www.w3.org/Addressing/",
				"ftp://ds.internic.net/rfc/",
				"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
			},
		},
		{
			// The prefix "URL:" with a trailing space (the 2003 draft, Appendix E: "with or
			// without a trailing space"), and a hyphen before a line break, which is kept.
			"prefix with a space, hyphen at a break",
			"see <URL: http://example.com/a-\n  b/c> and",
			[]string{"http://example.com/a-b/c"},
		},
		{
			// Whitespace alone: sentence punctuation is the text's.
			"bare",
			"Homepage: https://www.gnu.org/software/sed/. Bugs to bug-sed@gnu.org, or\n" +
				"(see http://example.com/a_(b)) and 'ftp://ftp.example.org/pub'; mailto:a@b.example!",
			[]string{
				"https://www.gnu.org/software/sed/",
				"http://example.com/a_(b)",
				"ftp://ftp.example.org/pub",
				"mailto:a@b.example",
			},
		},
		{
			// What is not a URL: words with a colon, a "<" that opens no wrapper, code in
			// brackets, quoted names.
			"not URLs",
			"Note: a <b> c <OT::Feature> \"qXfer:libraries:read\" x < y http: and http://",
			[]string{"http://"},
		},
		{
			// Quotes around text with whitespace in it (a CR, a form feed, as in a line of a
			// file with CR line ends) delimit no URL: the URL stands between the whitespace.
			"quotes around whitespace",
			"\"http://a/\rb\" \"ftp://c/\fd\"",
			[]string{"http://a/", "ftp://c/"},
		},
		{
			// HTML: the attribute's quotes delimit the URL.
			"HTML",
			`<a href="https://example.org/x?y=1&amp;z=2">link</a>`,
			[]string{"https://example.org/x?y=1&amp;z=2"},
		},
	} {
		if got := extractText(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestExtractInMarkdown: running text as it is written today, in Markdown and doc comments.
// A backtick is unsafe (RFC 1738 section 2.2) and delimits a code span; a parenthesis or a
// bracket that closes nothing inside the URL is the text's, a balanced one the URL's.
func TestExtractInMarkdown(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Run `go get` against `https://proxy.golang.org/x/y` first.", "https://proxy.golang.org/x/y"},
		{"a minimal, valid URL with the ``https://a/b`` prefix", "https://a/b"},
		// The Go distribution's doc-comment tests (link6).
		{"For example, https://en.wikipedia.org/wiki/John_Adams_(miniseries).", "https://en.wikipedia.org/wiki/John_Adams_(miniseries)"},
		{"(see https://en.wikipedia.org/wiki/John_Adams_(miniseries))", "https://en.wikipedia.org/wiki/John_Adams_(miniseries)"},
		{"See [Timer](https://golang.org/pkg/time/#Timer).", "https://golang.org/pkg/time/#Timer"},
		{" `go tool trace` or [gotraceui](https://gotraceui.dev)", "https://gotraceui.dev"},
		{"[docs](https://example.com/[foo]/bar)!", "https://example.com/[foo]/bar"},
		{"the TeX way, `http://a/b', quoted", "http://a/b"},
	} {
		if got := extractText(c.text); !slices.Equal(got, []string{c.want}) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
	}
}

// TestExtractUnclosedWrapper: an unclosed wrapper is given up, not held without bound.
func TestExtractUnclosedWrapper(t *testing.T) {
	long := "<URL:http://a/" + strings.Repeat("b ", maxWrapper) + "\nhttp://c/d\n"
	if got := extractText(long); !slices.Equal(got, []string{"http://c/d"}) {
		t.Errorf("after an unclosed wrapper: %d URLs, want http://c/d", len(got))
	}
}

// TestTextLines: Text gives each URL the line it begins on, a wrapper's first line when it spans
// lines (RFC 1738's appendix example, its second and third URLs broken across lines).
func TestTextLines(t *testing.T) {
	text := "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\r\n" +
		"type=d> but you can probably pick it up from <URL:ftp://ds.in\r\n" +
		"ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\r\n" +
		"net/instructions/overview.html#WARNING>.\r\n"
	var got []URL
	for u, err := range Text(strings.NewReader(text), "rfc1738.txt") {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, u)
	}
	want := []URL{
		{"ftp://info.cern.ch/pub/www/doc;type=d", Where{File: "rfc1738.txt", Line: 1}},
		{"ftp://ds.internic.net/rfc", Where{File: "rfc1738.txt", Line: 2}},
		{"http://ds.internic.net/instructions/overview.html#WARNING", Where{File: "rfc1738.txt", Line: 3}},
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}
