package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestEveryFormat: every command prints each format the README's table gives it, and refuses
// any other with one line that names those it prints: a line of JSON is one object, a row of
// TSV has its header's number of fields, one row or object per result.
func TestEveryFormat(t *testing.T) {
	urls := "http://a/~b\nhttp://a/b\n\nftp://h/p;type=i\n" // four inputs, one of them empty
	base := "http://a/b/c/d;p?q"
	lined := []string{"text", "json", "tsv"}
	for _, c := range []struct {
		args    []string
		stdin   string
		prints  []string
		results int // lines of JSON, rows of TSV; 0: not counted
	}{
		{[]string{"check", "-g", "rfc1738"}, urls, lined, 4},
		{[]string{"check", "-g", "rfc1738,rfc3986", "-q"}, urls, lined, 4},
		{[]string{"compare", "-g", "rfc1738,rfc3986"}, urls, []string{"text", "tsv", "json", "markdown", "html"}, 5}, // JSON: and the summary
		{[]string{"parse", "-g", "rfc3986"}, urls, []string{"json", "text", "tsv"}, 4},
		{[]string{"tree", "-g", "rfc3986"}, urls, []string{"text", "json"}, 4},
		{[]string{"build", "-g", "rfc3986", "--scheme", "http", "--host", "a", "--segment", "b c"}, "", lined, 1},
		{[]string{"build", "-g", "rfc3986"}, `{"scheme":"http","host":"a","path":"/b"}` + "\n", lined, 1},
		{[]string{"resolve", "-g", "rfc3986", base}, "g\n\n../h\n", lined, 3},
		{[]string{"resolve", "-g", "rfc3986,draft2003", base}, "g\n\n../h\n", lined, 3},
		{[]string{"resolve", "--relative", "-g", "rfc3986", base}, "http://a/b/c/g\n", lined, 1},
		{[]string{"normalize", "-g", "rfc3986"}, urls, lined, 4},
		{[]string{"equiv", "-g", "rfc3986"}, "http://a/b\tHTTP://A/b\n", lined, 1},
		{[]string{"equiv", "--all"}, "http://a/b\tHTTP://A/b\n", lined, 1},
		{[]string{"review", "-g", "rfc3986"}, urls, lined, 4},
		{[]string{"extract"}, "see http://a/b and <URL:ftp://h/p>\n", lined, 2},
		{[]string{"versions"}, "", lined, 8},
		{[]string{"versions", "--rules", "rfc3986"}, "", lined, 0},
		{[]string{"charsets", "-g", "rfc1738,rfc3986", "--diff"}, "", []string{"text", "tsv", "json"}, 0},
		{[]string{"conform", "-g", "rfc3986", "-rule", "port", "--samples", "10"}, "", []string{"text"}, 0},
	} {
		for _, f := range []string{"text", "json", "tsv", "markdown", "html"} {
			args := append(slices.Clone(c.args), "--format", f)
			out, errs, status := runCLI(t, c.stdin, args...)
			if !slices.Contains(c.prints, f) {
				if status != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--format "+f+": "+c.args[0]+" prints") {
					t.Errorf("%q: status %d, stdout %q, stderr %q: want it refused, naming the formats", args, status, out, errs)
				}
				continue
			}
			if status == exitUsage || out == "" {
				t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, out, errs)
				continue
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			switch f {
			case "json":
				for _, l := range lines {
					var obj map[string]any
					if err := json.Unmarshal([]byte(l), &obj); err != nil {
						t.Errorf("%q: %v: %q", args, err, l)
					}
				}
			case "tsv":
				fields := strings.Count(lines[0], "\t")
				for _, l := range lines {
					if strings.Count(l, "\t") != fields {
						t.Errorf("%q: the row %q has not the header's %d fields (%q)", args, l, fields+1, lines[0])
					}
				}
				lines = lines[1:]
			}
			if (f == "json" || f == "tsv") && c.results > 0 && len(lines) != c.results && !(f == "tsv" && c.args[0] == "compare" && len(lines) == c.results-1) {
				t.Errorf("%q: %d results, want %d:\n%s", args, len(lines), c.results, out)
			}
		}
	}
}
