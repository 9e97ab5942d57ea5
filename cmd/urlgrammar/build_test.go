package main

import (
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar/compare"
)

// TestBuildCommandFlags builds the three URLs of the README's "Go" section from flags.
func TestBuildCommandFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		// RFC 1738 Appendix.
		{[]string{"-g", "rfc1738", "--scheme", "ftp", "--host", "info.cern.ch", "--segment", "pub", "--segment", "www", "--segment", "doc", "--part", "ftptype=d"},
			"ftp://info.cern.ch/pub/www/doc;type=d\n"},
		// RFC 3987 section 3.1: the IRI's path in UTF-8, escaped byte by byte.
		{[]string{"-g", "rfc3986", "--scheme", "http", "--host", "www.example.org", "--segment", "D\u00fcrst"},
			"http://www.example.org/D%C3%BCrst\n"},
		// The 1993 draft's "References" (Lynch 1991).
		{[]string{"-g", "draft1993", "--scheme", "wais", "--host", "quake.think.com", "--part", "database=wais-discussion-archives", "--query", "lynch"},
			"wais://quake.think.com/wais-discussion-archives?lynch\n"},
		// RFC 1738 section 3.1: "ftp://@host.com/" has an empty user name.
		{[]string{"-g", "rfc1738", "--scheme", "ftp", "--host", "host.com", "--empty", "user", "--rooted"},
			"ftp://@host.com/\n"},
		{[]string{"-g", "rfc1738", "--scheme", "http", "--host", "h", "--segment", "%7Euser", "--escaped"},
			"http://h/%7Euser\n"},
	} {
		out, errOut, status := runCLI(t, "", append([]string{"build"}, tc.args...)...)
		if status != exitValid || errOut != "" || out != tc.want {
			t.Errorf("build %q: %q, stderr %q, status %d; want %q", tc.args, out, errOut, status, tc.want)
		}
	}
}

// TestBuildCommandRefuses holds build's refusals: a line "error" and why, exit status 1; a
// usage error, exit status 2.
func TestBuildCommandRefuses(t *testing.T) {
	out, _, status := runCLI(t, "", "build", "-g", "rfc1738", "--scheme", "http", "--host", "a b")
	if want := "error\thost \"a b\" has no escape and is no host: "; status != exitInvalid || !strings.HasPrefix(out, want) {
		t.Errorf("build of host \"a b\": %q, status %d; want %q…, status 1", out, status, want)
	}
	for _, args := range [][]string{
		{"build", "--scheme", "http"},                            // no -g
		{"build", "-g", "rfc1738", "--part", "ftptype"},          // no "="
		{"build", "-g", "rfc1738", "--scheme", "http", "{}"},     // flags and JSON
		{"build", "-g", "rfc3986", "--host", "a", "--host", "b"}, // a flag twice
	} {
		if _, errOut, status := runCLI(t, "", args...); status != exitUsage || !strings.HasPrefix(errOut, "urlgrammar build: ") {
			t.Errorf("%q: stderr %q, status %d; want a usage error, status 2", args, errOut, status)
		}
	}
	// A line that is no JSON of parse is reported and skipped; the others are built.
	out, errOut, status := runCLI(t, "not json\n{\"version\":\"rfc3986\",\"scheme\":\"s\",\"path\":\"x\"}\n", "build", "-g", "rfc3986")
	if out != "s:x\n" || !strings.Contains(errOut, "line 1: not the JSON of a URL") || status != exitUsage {
		t.Errorf("a bad line: %q, stderr %q, status %d", out, errOut, status)
	}
	out, _, status = runCLI(t, `{"version":"rfc1738","valid":false,"error":{"offset":9}}`+"\n", "build", "-g", "rfc1738")
	if out != "" || status != exitUsage {
		t.Errorf("the parse of an invalid input: %q, status %d", out, status)
	}
}

// TestParseBuildRoundTrip pipes parse into build for every URL of the corpus under every
// version that accepts it: build gives each input back byte for byte. Under another version,
// build gives the same URL or says why that version cannot write it.
func TestParseBuildRoundTrip(t *testing.T) {
	for _, v := range []string{"draft1993", "draft1994", "rfc1738", "rfc1808", "draft1997", "rfc2396", "draft2003", "rfc3986"} {
		var inputs []string
		for _, e := range compare.Corpus() {
			if !strings.ContainsAny(e.Input, "\n\r") && e.Input != "" {
				inputs = append(inputs, e.Input)
			}
		}
		parsed, _, _ := runCLI(t, strings.Join(inputs, "\n")+"\n", "parse", "-g", v)
		var valid, want []string
		for i, line := range strings.Split(strings.TrimSuffix(parsed, "\n"), "\n") {
			if strings.Contains(line, `"valid":true`) {
				valid = append(valid, line)
				want = append(want, inputs[i])
			}
		}
		built, errOut, status := runCLI(t, strings.Join(valid, "\n")+"\n", "build", "-g", v)
		got := strings.Split(strings.TrimSuffix(built, "\n"), "\n")
		if status != exitValid || errOut != "" || len(got) != len(want) {
			t.Errorf("%s: parse | build: status %d, stderr %q, %d lines for %d", v, status, errOut, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] && !(v == "draft1993" && strings.HasPrefix(want[i], "ftp://") && strings.Contains(want[i][6:], ":")) {
				// (Parse leaves a 1993 fileaddress's ":21" out of every component.)
				t.Errorf("%s: parse | build of %q gave %q", v, want[i], got[i])
			}
		}
	}
	// RFC 3986's "~" written under RFC 1738, which holds it unsafe (section 2.2).
	parsed, _, _ := runCLI(t, "", "parse", "-g", "rfc3986", "http://a/~b", "http://a/b?c")
	built, _, status := runCLI(t, parsed, "build", "-g", "rfc1738")
	lines := strings.Split(built, "\n")
	if status != exitInvalid || !strings.HasPrefix(lines[0], "error\tthe URL written, \"http://a/~b\", is not valid") || lines[1] != "http://a/b?c" {
		t.Errorf("rfc3986 | rfc1738: %q, status %d", built, status)
	}
}
