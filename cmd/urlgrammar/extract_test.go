package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func extractText(text string) []string {
	return slices.Collect(extractAll(slices.Values(strings.Split(text, "\n"))))
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
			// HTML: the attribute's quotes delimit the URL.
			"HTML",
			`<a href="https://example.org/x?y=1&amp;z=2">link</a>`,
			[]string{"https://example.org/x?y=1&amp;z=2"},
		},
	} {
		if diff := cmp.Diff(c.want, extractText(c.text)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
}

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
	// An unclosed wrapper is given up, not held without bound.
	long := "<URL:http://a/" + strings.Repeat("b ", maxWrapper) + "\nhttp://c/d\n"
	if got := extractText(long); !slices.Equal(got, []string{"http://c/d"}) {
		t.Errorf("after an unclosed wrapper: %d URLs, want http://c/d", len(got))
	}
}
