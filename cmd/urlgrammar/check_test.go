package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

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
// input order; an empty line is no input; exit 0 when all are valid, 1 otherwise (other tools
// read this output).
func TestCheckContract(t *testing.T) {
	// RFC 1738 section 5: hsegment has no "~" (it is unsafe, section 2.2); draft2003 section
	// 2.3 makes it unreserved.
	stdin := "http://a/~b\r\nhttp://a/b\n\nftp://h/p;type=i\n"
	out, errs, status := runCLI(t, stdin, "check", "-g", "rfc1738", "-rule", "url")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != exitInvalid || len(lines) != 3 || errs != "" {
		t.Fatalf("status %d, %d lines, stderr %q:\n%s", status, len(lines), errs, out)
	}
	want := []string{"invalid", "valid", "valid"}
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

func TestCheckJSON(t *testing.T) {
	out, _, status := runCLI(t, "", "check", "-g", "rfc1738", "--json", "http://a/b", "http://a/b c")
	if status != exitInvalid {
		t.Errorf("status %d", status)
	}
	var got []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got = append(got, m)
	}
	if len(got) != 2 {
		t.Fatalf("%d lines", len(got))
	}
	wantKeys := []string{"expected", "input", "message", "offset", "rule", "valid"}
	for _, m := range got {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		if diff := cmp.Diff(wantKeys, keys, cmpSorted); diff != "" {
			t.Errorf("keys (-want +got):\n%s", diff)
		}
	}
	if got[0]["valid"] != true || got[0]["offset"] != nil || got[1]["valid"] != false || got[1]["offset"] != float64(10) {
		t.Errorf("got %v", got)
	}
}

var cmpSorted = cmp.Transformer("sort", func(in []string) []string {
	out := append([]string(nil), in...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
})

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
