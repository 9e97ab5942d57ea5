package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/review"
)

// semantic2003 is the 2003 draft's own example of a semantic attack (section 7.5).
const semantic2003 = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"

// TestReviewCommand: one line per input, "ok", "findings" with each finding's section, reason and
// span, or "invalid" as check prints it; exit 1 when some input has a finding or is invalid.
func TestReviewCommand(t *testing.T) {
	out, errOut, status := runCLI(t, "http://a/\r\n"+semantic2003+"\nhttp://a:b/\n", "review", "-g", "rfc3986")
	checked, _, _ := runCLI(t, "", "check", "-g", "rfc3986", "http://a:b/") // an invalid line as check prints it
	want := "ok\n" +
		"findings\tRFC 3986 section 7.6 (warning): userinfo \"www.example.com&story=breaking_news\" looks like the host \"www.example.com\", but the host is \"10.0.0.1\" (bytes 7-42)\n" +
		checked
	if out != want || status != exitInvalid {
		t.Errorf("review -g rfc3986: stdout %q, status %d (stderr %q); want %q, 1", out, status, errOut, want)
	}
	if out, _, status := runCLI(t, "", "review", "-g", "rfc3986", "http://a/", "ftp://h/"); out != "ok\nok\n" || status != exitValid {
		t.Errorf("review of clean inputs: stdout %q, status %d; want two ok, 0", out, status)
	}
	if _, _, status := runCLI(t, "", "review", "http://a/"); status != exitUsage {
		t.Errorf("review without -g: status %d, want %d", status, exitUsage)
	}
	// The 1993 draft states no consideration: its inputs are unchecked, not "ok", and a gate
	// that checked nothing does not pass.
	if out, _, status := runCLI(t, "", "review", "-g", "draft1993", "ftp://u:p@h:25/"); !strings.HasPrefix(out, "unchecked\tthe document states no security consideration") || status != exitInvalid {
		t.Errorf("review -g draft1993: %q, status %d; want unchecked, 1", out, status)
	}
}

// TestReviewFailOn: --fail-on sets the least severity that fails the run; the findings are
// printed whatever it is. A user name is informational (RFC 3986 section 7.5 cannot tell a
// secret one), port 8080 on http a warning (7.2, "Caution should be used"), a password a
// should-not (7.5, "should not provide"), an escaped "/" in the host a must (7.3, "must split
// [...] prior to decoding").
func TestReviewFailOn(t *testing.T) {
	inputs := map[string]string{
		"informational": "http://user@h/",
		"warning":       "http://h:8080/",
		"should-not":    "http://u:secret@h/",
		"must":          "http://a%2Fb/",
	}
	levels := []string{"informational", "warning", "should-not", "must"}
	for i, failOn := range levels {
		for j, finding := range levels {
			out, errOut, status := runCLI(t, "", "review", "-g", "rfc3986", "--fail-on", failOn, inputs[finding])
			want := exitValid
			if j >= i {
				want = exitInvalid
			}
			if status != want || !strings.HasPrefix(out, "findings\t") || !strings.Contains(out, "("+finding+")") {
				t.Errorf("review --fail-on %s %q: %q, status %d (stderr %q); want a %s finding, status %d", failOn, inputs[finding], out, status, errOut, finding, want)
			}
		}
	}
	// An invalid input fails the run at any level: it could not be reviewed.
	if _, _, status := runCLI(t, "", "review", "-g", "rfc3986", "--fail-on", "must", "http://a b/"); status != exitInvalid {
		t.Errorf("review --fail-on must of an invalid input: status %d, want 1", status)
	}
	// One prefix, the command's, on the error's line.
	const want = "urlgrammar review: --fail-on critical: unknown Severity \"critical\" (known: informational, warning, should-not, must)\n"
	if _, errOut, status := runCLI(t, "", "review", "-g", "rfc3986", "--fail-on", "critical", "http://a/"); status != exitUsage || errOut != want {
		t.Errorf("review --fail-on critical: status %d, %q; want %d, %q", status, errOut, exitUsage, want)
	}
}

// TestReviewCommandJSON: the findings with their spans, and the text each span holds.
func TestReviewCommandJSON(t *testing.T) {
	out, _, _ := runCLI(t, "", "review", "-g", "rfc3986", "--format", "json", "ftp://u:secret@h:25/", "x y")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("review --json: %d lines, want 2: %q", len(lines), out)
	}
	var r reviewResult
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil {
		t.Fatal(err)
	}
	want := []reviewFinding{
		// RFC 3986 section 7.5: "should not provide a URI that contains a username or password
		// that is intended to be secret"; 7.2: "Applications should prevent dereference of a
		// URI that specifies a TCP port number within the "well-known port" range".
		{Concern: "password", Severity: review.SeverityShouldNot, Section: "RFC 3986 section 7.5", Begin: 8, End: 14, Text: "secret"},
		{Concern: "port", Severity: review.SeverityShouldNot, Section: "RFC 3986 section 7.2", Begin: 17, End: 19, Text: "25"},
	}
	if !r.Valid || len(r.Findings) != len(want) {
		t.Fatalf("review --json %q: %+v", r.Input, r)
	}
	for i, w := range want {
		got := r.Findings[i]
		got.Reason = ""
		if got != w {
			t.Errorf("finding %d: %+v, want %+v", i, got, w)
		}
	}
	if err := json.Unmarshal([]byte(lines[1]), &r); err != nil || r.Valid || r.Offset == nil || *r.Offset != 1 || len(r.Findings) != 0 {
		t.Errorf("review --json of an invalid input: %s", lines[1])
	}
}

// TestReviewExplain: carets under the span, on standard error.
func TestReviewExplain(t *testing.T) {
	out, errOut, _ := runCLI(t, "", "review", "-g", "rfc3986", "--explain", "telnet://h/%0D%0Aquit")
	if !strings.HasPrefix(out, "findings\t") {
		t.Errorf("stdout %q", out)
	}
	want := "RFC 3986 section 7.2 (warning): bytes 11-17: escaped CR or LF \"%0D%0A\" in the path, which must not be decoded before transmission\n" +
		"  telnet://h/%0D%0Aquit\n" +
		"             ^^^^^^\n"
	if errOut != want {
		t.Errorf("review --explain: stderr %q, want %q", errOut, want)
	}
}

// TestResolveWarnsOfAuthority: resolve marks a target whose authority came from the reference's
// path ("http:/b" and ".//g" give "http://g").
func TestResolveWarnsOfAuthority(t *testing.T) {
	out, _, status := runCLI(t, "", "resolve", "-g", "rfc3986", "http:/b", ".//g", "g")
	want := "http://g\t(warning: RFC 3986 section 5.4.2 (must): path \".//g\" resolves to \"http://g\", which moves the host from none to \"g\")\nhttp:/g\n"
	if out != want || status != exitValid {
		t.Errorf("resolve: stdout %q, status %d; want %q, 0", out, status, want)
	}
	// A reference with a scheme, whose path RFC 3986's remove_dot_segments turns into "//":
	// the warning names the base's host and the target's.
	out, _, _ = runCLI(t, "", "resolve", "-g", "rfc3986", "http://a/b/c", "http:/.//evil.com/x", "x:a/..//evil.com/x")
	want = "http://evil.com/x\t(warning: RFC 3986 section 5.4.2 (must): path \"/.//evil.com/x\" resolves to \"http://evil.com/x\", which moves the host from \"a\" to \"evil.com\")\n" +
		"x://evil.com/x\t(warning: RFC 3986 section 5.4.2 (must): path \"a/..//evil.com/x\" resolves to \"x://evil.com/x\", which moves the host from \"a\" to \"evil.com\")\n"
	if out != want {
		t.Errorf("resolve: stdout %q, want %q", out, want)
	}
	out, _, _ = runCLI(t, "", "resolve", "--all", "http:/b", ".//g")
	if !strings.Contains(out, "http://g (warning [2])") || !strings.Contains(out, "[6] rfc3986, \".//g\": RFC 3986 section 5.4.2 (must): path") {
		t.Errorf("resolve --all: %s", out)
	}
	out, _, _ = runCLI(t, "", "resolve", "--format", "json", "-g", "rfc2396", "http:/b", ".//g")
	var line resolveLine
	if err := json.Unmarshal([]byte(out), &line); err != nil || line.Results["rfc2396"] == nil || !strings.HasPrefix(line.Results["rfc2396"].Warning, "RFC 2396 Appendix C.2 (must): ") {
		t.Errorf("resolve --json: %s", out)
	}
}

// TestCompareReview: compare --review adds each accepting version's findings, as a last
// markdown column and a JSON member.
func TestCompareReview(t *testing.T) {
	out, errOut, status := runCLI(t, "ftp://u:secret@h/\nhttp://a/\n", "compare", "--review", "--format", "markdown", "-g", "rfc1738,rfc3986")
	if status != exitValid {
		t.Fatalf("compare --review: status %d: %s", status, errOut)
	}
	lines := strings.Split(out, "\n")
	want := []string{
		"| input | rfc1738 | rfc3986 | source | review |",
		"|---|:---:|:---:|---|---|",
		"| `ftp://u:secret@h/` | ✓ | ✓ |  | rfc1738: RFC 1738 section 6 (should-not): password `secret`<br>rfc3986: RFC 3986 section 7.5 (should-not): password `secret` |",
		"| `http://a/` | ✓ | ✓ |  |  |",
	}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Fatalf("compare --review markdown, line %d:\n%s\nwant:\n%s", i, out, strings.Join(want, "\n"))
		}
	}
	out, _, _ = runCLI(t, "ftp://u:secret@h/\n", "compare", "--review", "--format", "json", "-g", "rfc3986")
	var row struct {
		Input  string          `json:"input"`
		Review []reviewFinding `json:"review"`
	}
	first, _, _ := strings.Cut(out, "\n")
	if err := json.Unmarshal([]byte(first), &row); err != nil || len(row.Review) != 1 || row.Review[0].Version != "rfc3986" || row.Review[0].Text != "secret" {
		t.Errorf("compare --review json: %s (%v)", first, err)
	}
	// The HTML report: an input with findings is listed, even where every version agrees, with
	// each finding's version, section and reason as text (RFC 3986 section 7.5: a password in
	// the userinfo).
	out, _, _ = runCLI(t, "ftp://u:secret@h/\n", "compare", "--review", "--format", "html", "-g", "rfc3986")
	for _, want := range []string{
		`<tbody class="reviewed">`,
		`<li>ftp://u:secret@h/<span>review: rfc3986: RFC 3986 section 7.5: password &#34;secret&#34; in the URL</span></li>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("compare --review --format html lacks %q", want)
		}
	}
	if _, _, status := runCLI(t, "", "compare", "--review", "--format", "tsv"); status != exitUsage {
		t.Errorf("compare --review --format tsv: status %d, want %d", status, exitUsage)
	}
}
