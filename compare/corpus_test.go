package compare

// Tests of the corpus file (corpus.tsv): that it parses, and how its input column is escaped.
// The root package's tests hold the documents' examples in it to their grammars.

import (
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCorpusFile(t *testing.T) {
	raw, err := os.ReadFile("corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(raw) {
		t.Error("corpus.tsv is not valid UTF-8: write such bytes as \\xHH")
	}
	for n, line := range strings.Split(string(raw), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.Count(line, "\t") != 1 {
			t.Errorf("line %d: %d tabs, want one between input and source: %q", n+1, strings.Count(line, "\t"), line)
		}
		for _, c := range []byte(line) {
			if c < 0x20 && c != '\t' || c == 0x7f {
				t.Errorf("line %d: raw control byte %#x: write it as \\xHH", n+1, c)
			}
		}
	}
}

func TestCorpusEscapes(t *testing.T) {
	for in, want := range map[string]string{
		`http://a/`:  "http://a/",
		`a\tb`:       "a\tb",
		`a\nb\rc`:    "a\nb\rc",
		`a\\b`:       `a\b`,
		`\#s`:        "#s",
		`a\#b`:       "a#b",
		`\x00\x7F`:   "\x00\x7f",
		`\xff\xFE`:   "\xff\xfe",
		`\\x41`:      `\x41`,
		`\x4`:        `\x4`,
		`\xg1`:       `\xg1`,
		`a\q`:        `a\q`,
		`a\`:         `a\`,
		`%41\x2541`:  "%41%41",
		`é\x41`:      "éA",
		`\\\\`:       `\\`,
		`\t\\t\\\t`:  "\t\\t\\\t",
		``:           "",
		`\x20 \x7e~`: "  ~~",
	} {
		if got := unescapeCorpus(in); got != want {
			t.Errorf("unescape(%q) = %q, want %q", in, got, want)
		}
	}
}
