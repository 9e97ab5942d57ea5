package main

import (
	"bytes"
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
