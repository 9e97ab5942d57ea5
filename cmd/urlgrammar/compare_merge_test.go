package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// urlsFile is the corpus of real URLs (see its README).
const urlsFile = "../../testdata/urls/urls.txt"

// TestCompareMerge: "compare --merge" of the JSON summaries of runs over the parts of an input,
// split at random points, writes in every format what one run over the whole writes as its
// summary, with and without --diff.
func TestCompareMerge(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 200
	}
	lines := strings.SplitAfter(readFile(t, urlsFile), "\n")[:n]
	lines = append(lines, "http://a/\xff\n", "\n", "http://\xc3\xa9/~\n")
	dir := t.TempDir()
	write := func(name string, lines []string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	all := write("all.txt", lines)
	r := rand.New(rand.NewPCG(22, 3))
	for _, flags := range [][]string{{}, {"--diff"}, {"-g", "rfc1738,draft2003", "--absolute"}} {
		cuts := []int{0, len(lines)}
		for range 1 + r.IntN(4) {
			cuts = append(cuts, r.IntN(len(lines)+1))
		}
		slices.Sort(cuts)
		var parts []string
		for k := 1; k < len(cuts); k++ {
			in := write(fmt.Sprintf("part%d.txt", k), lines[cuts[k-1]:cuts[k]])
			sum := in + ".json"
			if _, errs, status := runCLI(t, "", append([]string{"compare", "--format", "json", "--summary", sum, "-f", in}, flags...)...); status == exitUsage {
				t.Fatal(errs)
			}
			parts = append(parts, sum)
		}
		for _, format := range []string{"json", "text", "markdown", "tsv"} {
			whole := filepath.Join(dir, "whole."+format)
			if _, errs, status := runCLI(t, "", append([]string{"compare", "--format", format, "--summary", whole, "-f", all}, flags...)...); status == exitUsage {
				t.Fatal(errs)
			}
			want := readFile(t, whole)
			got, errs, status := runCLI(t, "", append([]string{"compare", "--merge", "--format", format}, parts...)...)
			// A summary of its own begins with its first line; after rows, an empty line
			// sets it off from them.
			if status != exitValid || got != want || strings.HasPrefix(got, "\n") {
				t.Errorf("%q, cuts %v, --format %s: merged (status %d, %s):\n%.2000s\nwhole:\n%.2000s", flags, cuts, format, status, errs, got, want)
			}
		}
	}
}

// TestCompareMergeRefuses: --merge reads summaries alone, of the same versions and inputs.
func TestCompareMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	sum := func(name string, args ...string) string {
		p := filepath.Join(dir, name)
		if _, errs, status := runCLI(t, "", append([]string{"compare", "--format", "json", "--summary", p, "-f", smallFile}, args...)...); status == exitUsage {
			t.Fatal(errs)
		}
		return p
	}
	all, diff, two := sum("all.json"), sum("diff.json", "--diff"), sum("two.json", "-g", "rfc1738,draft2003")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{all, diff}, "summarizes disagreeing inputs"},
		{[]string{all, two}, "cannot merge"},
		{[]string{"-g", "rfc3986", all}, "--merge takes only --format and --summary, not -g"},
		{[]string{smallFile}, "holds no summary"},
		{nil, "no summaries to merge"},
	} {
		_, errs, status := runCLI(t, "", append([]string{"compare", "--merge"}, c.args...)...)
		if status != exitUsage || !strings.Contains(errs, c.want) {
			t.Errorf("--merge %q: status %d, %q, want %q", c.args, status, errs, c.want)
		}
	}
}

// TestCompareSummaryAfterRows: the summary of a table or Markdown report follows its rows after
// an empty line; the same summary alone (--summary FILE) begins with its first line.
func TestCompareSummaryAfterRows(t *testing.T) {
	for _, format := range []string{"text", "markdown"} {
		out, _, _ := runCLI(t, "", "compare", "-g", "rfc3986", "--format", format, "http://a/")
		sum := filepath.Join(t.TempDir(), "sum")
		runCLI(t, "", "compare", "-g", "rfc3986", "--format", format, "--summary", sum, "http://a/")
		alone := readFile(t, sum)
		if !strings.HasPrefix(alone, "Of the 1 input, RFC 3986 (January 2005) accepts 1.") || !strings.HasSuffix(out, "\n\n"+alone) {
			t.Errorf("--format %s: after the rows %q; alone %q", format, out, alone)
		}
	}
}
