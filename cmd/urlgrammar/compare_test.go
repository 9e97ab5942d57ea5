package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/compare"
)

// TestCompareCorpusSources checks that each row of "compare --corpus" carries the source of its
// own corpus line, also for an input that several documents print.
func TestCompareCorpusSources(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCompare([]string{"--corpus", "--format", "tsv"}, strings.NewReader(""), &stdout, &stderr); code == exitUsage {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	corpus := compare.Corpus()
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(corpus)+1 { // a header, then a row per input
		t.Fatalf("%d output lines for %d corpus inputs", len(lines), len(corpus))
	}
	for i, ex := range corpus {
		fields := strings.Split(lines[i+1], "\t")
		if got, want := fields[len(fields)-1], compare.TSVField(ex.Source); got != want {
			t.Errorf("row %d (%q): source %q, want %q", i+1, ex.Input, got, want)
		}
		if got, want := fields[0], compare.TSVField(ex.Input); got != want {
			t.Errorf("row %d: input %q, want %q", i+1, got, want)
		}
	}
}

// TestCompareAgreesWithCheck: every verdict of compare on the embedded corpus equals check's for
// the same version and rule (issue: "every verdict in it equals check's").
func TestCompareAgreesWithCheck(t *testing.T) {
	out, errs, status := runCLI(t, "", "compare", "--corpus", "--format", "tsv")
	if status != exitValid {
		t.Fatalf("compare: status %d: %s", status, errs)
	}
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	header := strings.Split(rows[0], "\t")
	var inputs []string
	for _, ex := range compare.Corpus() {
		inputs = append(inputs, ex.Input)
	}
	// The header: input, then a verdict column and a reason column per target, then source.
	for col := 1; col < len(header)-1; col += 2 {
		target := header[col]
		if header[col+1] != target+" reason" {
			t.Fatalf("column %d: %q, want %q", col+1, header[col+1], target+" reason")
		}
		id, rule, _ := strings.Cut(target, ":")
		args := []string{"check", "-g", id}
		if rule != "" {
			args = append(args, "-rule", rule)
		}
		checked, _, _ := runCLI(t, "", append(append(args, "--"), inputs...)...)
		verdicts := strings.Split(strings.TrimSuffix(checked, "\n"), "\n")
		if len(verdicts) != len(inputs) {
			t.Fatalf("%s: check printed %d lines for %d inputs", target, len(verdicts), len(inputs))
		}
		for i, v := range verdicts {
			fields := strings.Split(rows[i+1], "\t")
			got := fields[col] + "\t" + fields[col+1]
			want := "valid\t"
			if f := strings.Split(v, "\t"); f[0] == "invalid" {
				want = "invalid:" + f[1] + "\t" + compare.TSVField(f[2])
			}
			if got != want {
				t.Errorf("%s %q: compare %q, check %q", target, inputs[i], got, want)
			}
		}
	}
}

// TestCompareExitStatus: compare reports, so it exits 0 whatever the verdicts; with --diff it
// exits 1 when the versions disagree on some input.
func TestCompareExitStatus(t *testing.T) {
	// "http://a/~b": "~" is unsafe in RFC 1738 (2.2) and unreserved in the 2003 draft (2.3).
	for _, c := range []struct {
		stdin  string
		args   []string
		status int
	}{
		{"http://a/~b\n", []string{"compare", "-g", "rfc1738,draft2003"}, exitValid},
		{"http://a/~b\n", []string{"compare", "-g", "rfc1738,draft2003", "--diff"}, exitInvalid},
		{"http://a/b\n", []string{"compare", "-g", "rfc1738,draft2003", "--diff"}, exitValid},
		{"", []string{"compare", "-g", "rfc9999"}, exitUsage},
		{"", []string{"compare", "--format", "xml"}, exitUsage},
		{"", []string{"compare", "-g", "rfc3986", "-rule", "rfc3986=nope"}, exitUsage},
		{"", []string{"compare", "-f", "/no/such/file"}, exitUsage},
	} {
		if _, _, status := runCLI(t, c.stdin, c.args...); status != c.status {
			t.Errorf("%q: status %d, want %d", c.args, status, c.status)
		}
	}
}

// TestCompareRuleRepeats: -rule repeats, one version's rule each; the TSV names each column by
// its version, whatever its rule, as for every version. RFC 3986 section 4.3's
// absolute-URI has no fragment, which its URI-reference (section 4.1) allows; RFC 1738's
// httpurl (section 3.3) has none either.
func TestCompareRuleRepeats(t *testing.T) {
	out, errs, status := runCLI(t, "", "compare", "-g", "rfc1738,rfc3986", "-rule", "rfc1738=httpurl", "-rule", "rfc3986=absolute-URI", "--format", "tsv", "http://a/#f")
	header, row, _ := strings.Cut(out, "\n")
	fields := strings.Split(row, "\t")
	if status != exitValid || header != "input\trfc1738\trfc1738 reason\trfc3986\trfc3986 reason\tsource" ||
		len(fields) != 6 || fields[1] != "invalid:9" || fields[3] != "invalid:9" {
		t.Errorf("status %d, %s\n%s", status, errs, out)
	}
}

// TestQuestion: --question compares RFC 1738 with the 2003 draft, and the answer the report
// opens with says so, with their dates: on the inputs of TestHeadline (compare package), RFC
// 1738 section 2.2 calls "~" unsafe and has "#" delimit a fragment outside the URL, where the
// 2003 draft's sections 2.3 and 4.1 accept both. A -g that names the URL draft of March 1994
// beside the 2003 draft gets a note that the question's 1994 is RFC 1738.
func TestQuestion(t *testing.T) {
	stdin := "http://a/~b\nhttp://a/b#f\nhttp://a/c#g\nhttp://a/b\nhttp://a b/\n"
	out, errs, status := runCLI(t, stdin, "compare", "--question", "--diff", "--format", "markdown")
	want := "Of the 5 inputs read, RFC 1738 (December 1994) rejects 3 that the 2003 draft of RFC 2396bis (March 2003) accepts (2 for `#`, 1 for `~`); the 2003 draft rejects none that RFC 1738 accepts.\n"
	if status != exitInvalid || !strings.Contains(out, "| input | rfc1738 | draft2003 |") || !strings.Contains(out, "\n\n"+want) || errs != "" {
		t.Errorf("status %d, stderr %q:\n%s\nwant the answer\n%s", status, errs, out, want)
	}
	for _, g := range []string{"draft1994,draft2003", "draft2003,rfc3986,draft1994"} {
		_, errs, _ := runCLI(t, stdin, "compare", "-g", g, "--format", "json")
		if errs != "urlgrammar compare: note: draft1994 is the 1994 URL draft (March 1994), before RFC 1738; the 1994 of \"1994 against 2003\" is RFC 1738 (December 1994), rfc1738 (compare --question)\n" {
			t.Errorf("-g %s: stderr %q", g, errs)
		}
	}
	if _, errs, _ := runCLI(t, stdin, "compare", "-g", "draft1994,rfc1738,draft2003", "--format", "json"); errs != "" {
		t.Errorf("-g draft1994,rfc1738,draft2003: stderr %q", errs)
	}
}

// TestSummaryFileWholeOrOld: the --summary file is written beside itself and renamed once
// whole: on a full disk (/dev/full, where there is one) the file that was there stays as it
// was, the command says so and exits 2, and no temporary file is left.
func TestSummaryFileWholeOrOld(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "s.json")
	os.WriteFile(name, []byte("old\n"), 0o666)
	defer func(w func(*os.File) io.Writer) { summaryWriter = w }(summaryWriter)
	var full io.Writer = failingWriter{}
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil { // the kernel's full disk
		defer f.Close()
		full = f
	}
	summaryWriter = func(*os.File) io.Writer { return full }
	_, errs, status := runCLI(t, "", "compare", "-g", "rfc1738", "--format", "json", "--summary", name, "http://a/")
	if b, _ := os.ReadFile(name); status != exitUsage || string(b) != "old\n" || errs != "urlgrammar compare: writing the summary to "+name+": no space left on device\n" {
		t.Errorf("full disk: status %d, stderr %q, the file %q", status, errs, b)
	}
	summaryWriter = func(f *os.File) io.Writer { return f }
	_, errs, status = runCLI(t, "", "compare", "-g", "rfc1738", "--format", "json", "--summary", name, "http://a/")
	if b, _ := os.ReadFile(name); status != exitValid || errs != "" || !strings.HasPrefix(string(b), `{"type":"summary","read":1,`) {
		t.Errorf("status %d, stderr %q, the file %q", status, errs, b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files left in the directory, want 1: %v", len(entries), entries)
	}
}
