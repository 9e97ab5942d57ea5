package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"

	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source/sourcetest"
)

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

// cli builds the command line from this checkout, once.
func cli(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "urlgrammar")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/urlgrammar")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the command: %v\n%s", err, out)
	}
	return bin
}

// run runs the pipeline on the direct runner over input and returns its summary and
// disagreeing rows.
func run(t *testing.T, o options) (string, string) {
	t.Helper()
	dir := t.TempDir()
	o.Summary = filepath.Join(dir, "summary.json")
	o.Disagreements = filepath.Join(dir, "disagreements.json")
	p, s := beam.NewPipelineWithRoot()
	if err := build(s, o); err != nil {
		t.Fatal(err)
	}
	if _, err := direct.Execute(context.Background(), p); err != nil {
		t.Fatalf("the pipeline failed: %v", err)
	}
	sum, err := os.ReadFile(o.Summary)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := os.ReadFile(o.Disagreements)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(sum)), string(rows)
}

// cliSummary is the summary of "urlgrammar compare --format json --summary FILE" on file.
func cliSummary(t *testing.T, bin string, args ...string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "summary.json")
	cmd := exec.Command(bin, append([]string{"compare", "--format", "json", "--summary", file}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("urlgrammar compare %q: %v: %s", args, err, stderr.String())
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestPipelineEqualsCLI: on Beam's direct runner, the pipeline's summary of a list of URLs
// (the documents' examples, the embedded corpus) and of a small WARC file of pages of the 1990s
// is the summary "urlgrammar compare" gives of the same file, byte for byte.
func TestPipelineEqualsCLI(t *testing.T) {
	bin := cli(t)
	dir := t.TempDir()

	var list strings.Builder
	for _, ex := range compare.Corpus() {
		if ex.Input != "" && !strings.ContainsAny(ex.Input, "\r\n") {
			list.WriteString(ex.Input + "\n")
		}
	}
	corpus := filepath.Join(dir, "corpus.txt")
	if err := os.WriteFile(corpus, []byte(list.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	html := []sourcetest.Field{{"Content-Type", "text/html"}}
	var recs [][]byte
	for i := range 5 {
		page := fmt.Sprintf("<HTML><HEAD><BASE HREF=http://www.example.edu/~u%d/></HEAD><BODY>\n"+
			"<A HREF=gopher://gopher.example.edu/11/Libraries>Gopher</A>\n"+
			"<A HREF=\"wais://wais.example.org/db?query%d\">WAIS</A> <A HREF=news:comp.infosystems.www>News</A>\n"+
			"<A HREF=\"mailto:u%d@example.edu\">Mail</A> <A HREF=../papers/p%d.ps>Paper</A> <IMG SRC=\"icons/a b.gif\">\n", i, i, i, i)
		recs = append(recs, sourcetest.Response(fmt.Sprintf("http://www.example.edu/~u%d/", i), html, []byte(page)))
	}
	gz, _ := sourcetest.Gzip(recs...)
	warc := filepath.Join(dir, "crawl.warc.gz")
	if err := os.WriteFile(warc, gz, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name   string
		o      options
		args   []string
		inputs int
	}{
		{"corpus", options{Input: corpus, Format: "lines", Versions: "rfc1738,rfc2396,rfc3986"}, []string{"-g", "rfc1738,rfc2396,rfc3986", "-f", corpus}, strings.Count(list.String(), "\n")},
		{"warc", options{Input: warc, Format: "warc", Versions: "rfc1738,draft2003"}, []string{"--from", "warc", "-g", "rfc1738,draft2003", "-f", warc},
			// Each record: its target URI, the <BASE HREF> and six URLs of its page.
			5 * 8},
	} {
		got, rows := run(t, c.o)
		want := cliSummary(t, bin, c.args...)
		var sum compare.Summary
		if err := sum.UnmarshalJSON([]byte(got)); err != nil || sum.Inputs != c.inputs {
			t.Errorf("%s: %d inputs, want %d (%v)", c.name, sum.Inputs, c.inputs, err)
		}
		if got != want {
			t.Errorf("%s: the pipeline's summary\n%s\nthe command's\n%s", c.name, got, want)
		}
		if c.name != "warc" {
			continue // the command shows where an input was found with --from alone
		}
		if !strings.Contains(rows, `"input":"../papers/p0.ps"`) || !strings.Contains(rows, "record at offset") {
			t.Errorf("%s: disagreements:\n%s", c.name, rows)
		}
		// The disagreements are the rows of "compare --format json --diff", in some order.
		out, err := exec.Command(bin, append([]string{"compare", "--format", "json", "--diff"}, c.args...)...).Output()
		if err != nil && !strings.Contains(string(out), `"type":"summary"`) { // --diff: exit status 1 when some disagree
			t.Fatalf("%s: %v", c.name, err)
		}
		cliRows := strings.Split(string(out), "\n")
		cliRows = cliRows[:len(cliRows)-2] // the summary line, and the end of the last line
		pipelineRows := strings.Split(strings.TrimSuffix(rows, "\n"), "\n")
		slices.Sort(cliRows)
		slices.Sort(pipelineRows)
		if len(cliRows) == 0 || !slices.Equal(pipelineRows, cliRows) {
			t.Errorf("%s: the pipeline's disagreements\n%s\nthe command's\n%s", c.name, rows, out)
		}
	}
}
