package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
)

// TestCompareCorpusSources checks that each row of "compare --corpus" carries the source of its
// own corpus line, also for an input that several documents print.
func TestCompareCorpusSources(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCompare([]string{"--corpus", "--format", "tsv"}, strings.NewReader(""), &stdout, &stderr); code == exitUsage {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	corpus := urlgrammar.Corpus()
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(corpus)+1 { // a header, then a row per input
		t.Fatalf("%d output lines for %d corpus inputs", len(lines), len(corpus))
	}
	for i, ex := range corpus {
		fields := strings.Split(lines[i+1], "\t")
		if got, want := fields[len(fields)-1], tsvField(ex.Source); got != want {
			t.Errorf("row %d (%q): source %q, want %q", i+1, ex.Input, got, want)
		}
		if got, want := fields[0], tsvField(ex.Input); got != want {
			t.Errorf("row %d: input %q, want %q", i+1, got, want)
		}
	}
}
