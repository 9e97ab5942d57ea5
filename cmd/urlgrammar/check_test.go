package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// runCLI runs the command with args and stdin, and returns its output and exit status.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), status
}

// TestCheckContract: one line per input, "valid" or "invalid<TAB><offset><TAB><message>", in
// input order; an empty line is the empty input; exit 0 when all are valid, 1 otherwise
// (other tools read this output).
func TestCheckContract(t *testing.T) {
	// RFC 1738 section 5: hsegment has no "~" (it is unsafe, section 2.2); draft2003 section
	// 2.3 makes it unreserved. Every URL of RFC 1738 begins with a scheme (section 5's url), so
	// the empty line is no URL.
	stdin := "http://a/~b\r\nhttp://a/b\n\nftp://h/p;type=i\n"
	out, errs, status := runCLI(t, stdin, "check", "-g", "rfc1738", "-rule", "url")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != exitInvalid || len(lines) != 4 || errs != "" {
		t.Fatalf("status %d, %d lines, stderr %q:\n%s", status, len(lines), errs, out)
	}
	want := []string{"invalid", "valid", "invalid", "valid"}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		if f[0] != want[i] {
			t.Errorf("line %d: %q, want %s", i+1, line, want[i])
		}
		if f[0] == "invalid" {
			if len(f) != 3 || f[2] == "" {
				t.Errorf("line %d: %q is not invalid<TAB><offset><TAB><message>", i+1, line)
			} else if _, err := strconv.Atoi(f[1]); err != nil {
				t.Errorf("line %d: offset %q", i+1, f[1])
			}
		}
	}
	out, _, status = runCLI(t, "", "check", "-g", "draft2003", "-rule", "URI-reference", "http://a/~b", "", "?y")
	if status != exitValid || out != "valid\nvalid\nvalid\n" {
		t.Errorf("draft2003: status %d, output %q", status, out)
	}
}

// TestCheckJSON: one object per input, of one schema whatever the number of versions: the
// input, whether every version accepts it, and the verdict of each (RFC 1738 section 2.2:
// the space is unsafe, and no rule of section 5 has one).
func TestCheckJSON(t *testing.T) {
	out, _, status := runCLI(t, "", "check", "-g", "rfc1738", "--format", "json", "http://a/b", "http://a/b c")
	if status != exitInvalid {
		t.Errorf("status %d", status)
	}
	// The line as a program reads it, by the schema the README documents.
	type checkLine struct {
		Input    string
		Valid    bool
		Verdicts []checkVerdict
	}
	var got []checkLine
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r checkLine
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, r)
	}
	ten := 10
	want := []checkLine{
		{Input: "http://a/b", Valid: true, Verdicts: []checkVerdict{{Version: "rfc1738", Rule: "httpurl", Valid: true}}},
		{Input: "http://a/b c", Verdicts: []checkVerdict{{Version: "rfc1738", Rule: "httpurl", Offset: &ten, In: "hsegment",
			Expected: []string{`"?"`, `"/"`, `";"`, `":"`, `"@"`, `"&"`, `"="`, `"%"`, "unreserved", "end of input"},
			Message:  `found " " (in hsegment); expected "?", "/", ";", ":", "@", "&", "=", "%", unreserved or end of input`}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestCheckSeveralVersions: -g takes a list: a verdict per version, in text a word each, in
// TSV a verdict and a reason column each, named by the version as compare's TSV names them,
// and the same answer as compare's. RFC 1738 section 2.2 calls "~" unsafe; the 2003 draft's
// section 2.3 makes it unreserved.
func TestCheckSeveralVersions(t *testing.T) {
	stdin := "http://a/~b\nhttp://a/b\n"
	out, _, status := runCLI(t, stdin, "check", "-g", "rfc1738,draft2003")
	if out != "invalid\tvalid\nvalid\tvalid\n" || status != exitInvalid {
		t.Errorf("text: status %d, %q", status, out)
	}
	tsv, _, _ := runCLI(t, stdin, "check", "-g", "rfc1738,draft2003", "--format", "tsv")
	lines := strings.Split(tsv, "\n")
	if lines[0] != "input\trfc1738\trfc1738 reason\tdraft2003\tdraft2003 reason" || !strings.HasPrefix(lines[1], "http://a/~b\tinvalid:9\tfound \"~\" (in httpurl)") ||
		!strings.HasSuffix(lines[1], "\tvalid\t") || lines[2] != "http://a/b\tvalid\t\tvalid\t" {
		t.Errorf("tsv:\n%s", tsv)
	}
	compared, _, _ := runCLI(t, stdin, "compare", "-g", "rfc1738,draft2003", "--format", "tsv")
	for i, line := range strings.Split(strings.TrimSuffix(compared, "\n"), "\n") {
		if strings.TrimSuffix(line, "\tsource") != lines[i] && strings.TrimSuffix(line, "\t") != lines[i] {
			t.Errorf("line %d: compare\n%q\ncheck\n%q", i, line, lines[i])
		}
	}
	out, _, _ = runCLI(t, stdin, "check", "-g", "rfc1738,draft2003", "-q", "--format", "json")
	var r checkResult
	if first, _, _ := strings.Cut(out, "\n"); json.Unmarshal([]byte(first), &r) != nil || r.Valid || len(r.Verdicts) != 2 ||
		r.Verdicts[0].Valid || r.Verdicts[0].Offset != nil || !r.Verdicts[1].Valid {
		t.Errorf("-q json: %s", out)
	}
	for _, args := range [][]string{{"-g", "rfc1738,nope"}, {"-g", "rfc1738,rfc1738"}, {"-g", "rfc1738,draft2003", "-rule", "url"}} {
		if _, errs, status := runCLI(t, "", append([]string{"check"}, append(args, "x")...)...); status != exitUsage || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: status %d, %q", args, status, errs)
		}
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"check"},                       // no -g
		{"check", "-g", "rfc9999", "x"}, // unknown version
		{"check", "-g", "rfc1738", "-rule", "nope", "x"}, // unknown rule
		{"nosuchcommand"},
	} {
		if _, _, status := runCLI(t, "", args...); status != exitUsage {
			t.Errorf("%q: status %d, want %d", args, status, exitUsage)
		}
	}
}

// TestCheckManyLines: a large stdin in one process, one verdict line per input line.
func TestCheckManyLines(t *testing.T) {
	const n = 100000
	in := strings.Repeat("http://a/b\n", n)
	out, _, status := runCLI(t, in, "check", "-g", "rfc3986")
	if status != exitValid || strings.Count(out, "valid\n") != n {
		t.Errorf("status %d, %d lines", status, strings.Count(out, "\n"))
	}
}

// TestProgressLine: the progress line says how many inputs were judged and how fast, and when
// the size of the input is known the share of it read and the time left at the pace so far:
// half of it in 10 s leaves 10 s.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b, start: time.Now().Add(-10 * time.Second), size: 1000}
	p.tick(5000, 500)
	if got := b.String(); !strings.HasPrefix(got, "\r5000 inputs judged (500/s), 50% of the input read, about 10s left") {
		t.Errorf("%q", got)
	}
	b.Reset()
	p = &progress{w: &b, start: time.Now().Add(-4 * time.Second)}
	p.tick(1, 0)
	if got := b.String(); !strings.HasPrefix(got, "\r1 input judged (0/s)") {
		t.Errorf("size not known: %q", got)
	}
	p.done()
	if !strings.HasSuffix(b.String(), "\r\033[K") {
		t.Errorf("done: %q", b.String())
	}
}
