package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runResolveCmd(stdin string, args ...string) (stdout, stderr string, status int) {
	var out, errOut bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

const docBase = "http://a/b/c/d;p?q" // the base of RFC 3986 section 5.4 and of the drafts' Appendix C

func TestResolveCommand(t *testing.T) {
	// RFC 3986 section 5.4.1 and 5.4.2; "#s" is a same-document reference (section 4.4).
	out, errOut, status := runResolveCmd("", "resolve", "-g", "rfc3986", docBase, "g", "../../../g", "#s")
	want := "http://a/b/c/g\nhttp://a/g\nhttp://a/b/c/d;p?q#s\t(current document)\n"
	if out != want || status != exitValid {
		t.Errorf("resolve -g rfc3986: stdout %q, status %d (stderr %q); want %q, 0", out, status, errOut, want)
	}
	// References from standard input, one per line. The 1997 draft, Appendix C.
	out, _, status = runResolveCmd("?y\r\ng?y/../x\n", "resolve", "-g", "draft1997", docBase)
	if want := "http://a/b/c/?y\nhttp://a/b/c/x\n"; out != want || status != exitValid {
		t.Errorf("resolve -g draft1997 (stdin): stdout %q, status %d; want %q, 0", out, status, want)
	}
	// An invalid reference: one "error" line, status 1.
	out, _, status = runResolveCmd("", "resolve", "-g", "rfc3986", docBase, "g", "%zz")
	if lines := strings.Split(out, "\n"); len(lines) != 3 || lines[0] != "http://a/b/c/g" || !strings.HasPrefix(lines[1], "error\t") || status != exitInvalid {
		t.Errorf("resolve with an invalid reference: stdout %q, status %d", out, status)
	}
	// Options where the documents allow them (RFC 2396 C.2).
	out, _, status = runResolveCmd("", "resolve", "-g", "rfc2396", "--non-validating", "--dotdot", "remove", docBase, "http:g", "../../../g")
	if want := "http://a/b/c/g\nhttp://a/g\n"; out != want || status != exitValid {
		t.Errorf("resolve -g rfc2396 --non-validating --dotdot remove: stdout %q, status %d; want %q", out, status, want)
	}
}

func TestResolveCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"resolve"},
		{"resolve", "-g", "rfc3986"},
		{"resolve", docBase, "g"},
		{"resolve", "-g", "rfc3986", "--all", docBase, "g"},
		{"resolve", "-g", "nosuch", docBase, "g"},
		{"resolve", "-g", "rfc1738", docBase, "g"},                       // RFC 1738 defines no resolution
		{"resolve", "-g", "draft1997", "--non-validating", docBase, "g"}, // the 1997 draft allows no such reading
		{"resolve", "-g", "rfc3986", "--dotdot", "sideways", docBase, "g"},
	} {
		if _, errOut, status := runResolveCmd("", args...); status != exitUsage || errOut == "" {
			t.Errorf("%q: status %d, stderr %q; want status %d and a message", args, status, errOut, exitUsage)
		}
	}
	_, errOut, _ := runResolveCmd("", "resolve", "-g", "rfc1738", docBase, "g")
	if !strings.Contains(errOut, "Relative links are not described in this document") {
		t.Errorf("resolve -g rfc1738: stderr %q does not cite RFC 1738 section 2.3", errOut)
	}
}

func TestResolveCommandAll(t *testing.T) {
	// RFC 2396's grammar has no reference made of a query alone: "?y" is an error there, with
	// its reason below the table, and the status is 1.
	out, errOut, status := runResolveCmd("", "resolve", "--all", docBase, "?y", "g")
	if status != exitInvalid {
		t.Fatalf("resolve --all: status %d, stderr %q; want %d", status, errOut, exitInvalid)
	}
	table, notes, _ := strings.Cut(out, "\n\n")
	lines := strings.Split(table, "\n")
	if len(lines) != 3 {
		t.Fatalf("resolve --all: %d lines, want a header and 2 rows:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(notes, `[1] rfc2396, "?y": `) {
		t.Errorf("resolve --all: notes %q, want the reason for rfc2396's error on ?y", notes)
	}
	for _, id := range []string{"draft1993", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"} {
		if !strings.Contains(lines[0], id) {
			t.Errorf("resolve --all: header %q lacks %s", lines[0], id)
		}
	}
	for _, id := range []string{"draft1994", "rfc1738"} {
		if strings.Contains(lines[0], id) {
			t.Errorf("resolve --all: header %q has %s, which defines no resolution", lines[0], id)
		}
	}
	// "?y" differs between the 1997 draft and RFC 3986 (their Appendix C and section 5.4.1);
	// "g" resolves alike everywhere.
	if f := strings.Fields(lines[1]); len(f) < 2 || f[0] != "?y" || f[1] != "*" ||
		!strings.Contains(lines[1], "http://a/b/c/?y") || !strings.Contains(lines[1], "http://a/b/c/d;p?y") {
		t.Errorf("resolve --all: row %q, want ?y marked * with both targets", lines[1])
	}
	if f := strings.Fields(lines[2]); len(f) < 2 || f[0] != "g" || f[1] == "*" {
		t.Errorf("resolve --all: row %q, want g unmarked", lines[2])
	}

	out, _, status = runResolveCmd("", "resolve", "--all", "--format", "json", docBase, "#s")
	var line resolveLine
	if err := json.Unmarshal([]byte(out), &line); err != nil || status != exitValid {
		t.Fatalf("resolve --all --json: %v, status %d, output %q", err, status, out)
	}
	// RFC 1808 section 5.1 ("#s = <URL:http://a/b/c/d;p?q#s>") has no current document; the
	// 2003 draft's C.1 prints "#s = (current document)#s".
	if r := line.Results["rfc1808"]; r == nil || r.Text != "http://a/b/c/d;p?q#s" || r.SameDocument {
		t.Errorf("resolve --all --json: rfc1808 result %+v", r)
	}
	if r := line.Results["draft2003"]; r == nil || r.Text != "http://a/b/c/d;p?q#s" || !r.SameDocument {
		t.Errorf("resolve --all --json: draft2003 result %+v", r)
	}
}
