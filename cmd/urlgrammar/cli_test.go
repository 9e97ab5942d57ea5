package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTemp writes content to a file in a temporary directory and returns its name.
func writeTemp(t *testing.T, name string, content []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestInputConvention: every command that reads inputs takes them as arguments, or one per line
// from -f FILE (or "-" for standard input), or from standard input; an argument that names a
// file is refused rather than judged as a URL.
func TestInputConvention(t *testing.T) {
	file := writeTemp(t, "urls.txt", []byte("http://a/b\r\nhttp://a/~b\n"))
	for _, c := range []struct {
		args   []string
		stdin  string
		out    string
		status int
	}{
		{[]string{"check", "-g", "rfc1738", "-q", "-f", file}, "", "valid\ninvalid\n", exitInvalid},
		{[]string{"check", "-g", "rfc1738", "-q", "-f", "-"}, "http://a/~b\n", "invalid\n", exitInvalid},
		{[]string{"check", "-g", "rfc1738", "-q", "-"}, "http://a/b\n", "valid\n", exitValid},
		{[]string{"check", "-g", "rfc1738", "-q"}, "http://a/b\n", "valid\n", exitValid},
		{[]string{"check", "-g", "rfc1738", "-q", "http://a/b", "http://a/~b"}, "", "valid\ninvalid\n", exitInvalid},
		{[]string{"check", "-g", "rfc1738", "-q", file}, "", "", exitUsage},
		{[]string{"parse", "-g", "rfc1738", file}, "", "", exitUsage},
		{[]string{"tree", "-g", "rfc1738", file}, "", "", exitUsage},
		{[]string{"compare", file}, "", "", exitUsage},
		{[]string{"extract", file}, "", "", exitUsage},
		{[]string{"normalize", "-g", "rfc3986", file}, "", "", exitUsage},
		{[]string{"review", "-g", "rfc3986", file}, "", "", exitUsage},
		{[]string{"normalize", "-g", "rfc3986", "-f", file}, "", "http://a/b\nhttp://a/~b\n", exitValid},
		{[]string{"check", "-g", "rfc1738", "-q", "-f", file, "http://a/b"}, "", "", exitUsage},
		// A directory is no file: "." is a relative reference like any other.
		{[]string{"check", "-g", "rfc3986", "-rule", "relative-ref", "-q", "."}, "", "valid\n", exitValid},
	} {
		out, errs, status := runCLI(t, c.stdin, c.args...)
		if status != c.status || c.status != exitUsage && out != c.out {
			t.Errorf("%q: status %d, output %q, want %d, %q (stderr %q)", c.args, status, out, c.status, c.out, errs)
		}
		if c.status == exitUsage && (out != "" || !strings.HasPrefix(errs, "urlgrammar "+c.args[0]+": ")) {
			t.Errorf("%q: output %q, stderr %q", c.args, out, errs)
		}
	}
	out, _, status := runCLI(t, "", "compare", "-g", "rfc1738,draft2003", "--format", "tsv", "-f", file)
	if status != exitValid || strings.Count(out, "\n") != 3 {
		t.Errorf("compare -f: status %d:\n%s", status, out)
	}
	out, _, _ = runCLI(t, "", "parse", "-g", "rfc1738", "-f", file)
	if strings.Count(out, "\n") != 2 {
		t.Errorf("parse -f:\n%s", out)
	}
}

// TestDoubleDashEndsFlags: after "--", "-a" and "--json" are inputs.
func TestDoubleDashEndsFlags(t *testing.T) {
	out, errs, status := runCLI(t, "", "check", "-g", "rfc3986", "-rule", "URI-reference", "--", "-a", "--json")
	if status != exitValid || out != "valid\nvalid\n" {
		t.Errorf("status %d, output %q, stderr %q", status, out, errs)
	}
	// "--help" is a relative reference (RFC 3986 section 4.2: a path-noscheme).
	out, errs, status = runCLI(t, "", "check", "-g", "rfc3986", "--", "--help")
	if status != exitValid || out != "valid\n" || errs != "" {
		t.Errorf("--help after --: status %d, %q, %q", status, out, errs)
	}
}

// TestHelpAndVersion: -h, --help and "help CMD" print on standard output and exit 0; --version
// prints the module's version.
func TestHelpAndVersion(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"help"},
	} {
		out, errs, status := runCLI(t, "", args...)
		if status != exitValid || !strings.Contains(out, "usage: urlgrammar <command>") || errs != "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, out, errs)
		}
	}
	for _, name := range []string{"check", "compare", "parse", "tree", "extract", "resolve", "charsets", "conform", "versions", "normalize", "equiv", "review"} {
		for _, args := range [][]string{{name, "-h"}, {name, "--help"}, {"help", name}, {name, "-g", "rfc1738", "--help"}} {
			out, errs, status := runCLI(t, "", args...)
			if status != exitValid || !strings.Contains(out, "usage: urlgrammar "+name) || errs != "" {
				t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, out, errs)
			}
		}
	}
	out, _, status := runCLI(t, "", "help", "check")
	if status != exitValid || !strings.Contains(out, "-case-ignore-scheme") || !strings.Contains(out, "-q") {
		t.Errorf("help check: %q", out)
	}
	if _, _, status := runCLI(t, "", "help", "nope"); status != exitUsage {
		t.Errorf("help nope: status %d", status)
	}
	for _, args := range [][]string{{"--version"}, {"check", "--version"}} {
		out, _, status := runCLI(t, "", args...)
		// A test binary's build info has the main module's version "(devel)" or a pseudo-version.
		if status != exitValid || !strings.HasPrefix(out, "urlgrammar ") || strings.Count(out, "\n") != 1 {
			t.Errorf("%q: status %d, %q", args, status, out)
		}
	}
}

// TestErrorPrefix: one line per message, one prefix, without the library's own nor the names
// of its operations (lookup, validate) or the os package's (stat), saying what the user asked
// for: the flag and its value, the file being read.
func TestErrorPrefix(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-g", "nope", "x"}, "urlgrammar check: -g: unknown version \"nope\" (known: draft1993,"},
		{[]string{"compare", "-g", "nope"}, "urlgrammar compare: -g: unknown version \"nope\""},
		{[]string{"compare", "-g", "rfc1738,draft2003,rfc1738"}, "urlgrammar compare: -g rfc1738,draft2003,rfc1738: version rfc1738 named twice"},
		{[]string{"charsets", "-g", "rfc3986,rfc3986"}, "urlgrammar charsets: -g rfc3986,rfc3986: version rfc3986 named twice"},
		{[]string{"parse", "-g", "rfc1738,draft2003", "x"}, "urlgrammar parse: -g rfc1738,draft2003: parse takes one version"},
		{[]string{"compare", "--json"}, "urlgrammar compare: unknown flag --json (compare -h lists its flags)"},
		{[]string{"compare", "--format", "pdf"}, "urlgrammar compare: --format pdf: compare prints text, tsv, json, markdown or html"},
		{[]string{"check", "-g", "rfc3986", "--format", "html"}, "urlgrammar check: --format html: check prints text, json or tsv"},
		{[]string{"check", "-g"}, "urlgrammar check: -g needs a value"},
		{[]string{"normalize", "-g", "rfc1808", "x"}, "urlgrammar normalize: rfc1808: the document defines no normalization"},
		{[]string{"equiv", "-g", "rfc1808", "a", "b"}, "urlgrammar equiv: rfc1808: the document defines no normalization"},
		{[]string{"compare", "--question", "-g", "rfc3986"}, "urlgrammar compare: --question is -g rfc1738,draft2003"},
		{[]string{"compare", "--summary", "/no/such/dir/s.json", "x"}, "urlgrammar compare: writing the summary to /no/such/dir/s.json: no such file or directory"},
		{[]string{"compare", "--merge", "/no/such/s.json"}, "urlgrammar compare: reading /no/such/s.json: no such file or directory"},
		{[]string{"compare", "--corpus", "-f", "x"}, "urlgrammar compare: --corpus takes no inputs"},
		{[]string{"compare", "--corpus", "http://a/"}, "urlgrammar compare: --corpus takes no inputs"},
		{[]string{"compare", "-f", "."}, "urlgrammar compare: reading .: it is a directory"},
		{[]string{"compare", "--format", "html", "--summary", "x"}, "urlgrammar compare: --summary does not apply"},
		{[]string{"check", "-g", "rfc1738", "-f", "/no/such/file"}, "urlgrammar check: reading /no/such/file: no such file or directory"},
		{[]string{"check", "-g", "rfc1738", "-rule", "nope", "x"}, "urlgrammar check: -rule nope: rfc1738: no rule \"nope\""},
		{[]string{"compare", "-rule", "nope=x", "x"}, "urlgrammar compare: -rule nope=x: unknown version \"nope\""},
	} {
		out, errs, status := runCLI(t, "", c.args...)
		if status != exitUsage || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "urlgrammar") != 1+strings.Count(c.want[len("urlgrammar"):], "urlgrammar") ||
			strings.Count(errs, "\n") != 1 || strings.Contains(errs, "lookup:") || strings.Contains(errs, "validate ") || strings.Contains(errs, "stat ") {
			t.Errorf("%q: status %d, stdout %q, stderr %q, want %q", c.args, status, out, errs, c.want)
		}
	}
}

// TestUnknownVersionsMessage checks Lookup's message, which the prefix test relies on.
func TestUnknownVersionsMessage(t *testing.T) {
	_, errs, _ := runCLI(t, "", "check", "-g", "nope", "x")
	if strings.Contains(errs, "urlgrammar: ") {
		t.Errorf("two prefixes: %q", errs)
	}
}

// TestLongLine: a line over the limit is reported with its number and skipped, after what was
// judged before it has been written; the lines after it are judged, and the status is 2.
func TestLongLine(t *testing.T) {
	defer func(n int) { maxLine = n }(maxLine)
	maxLine = 1 << 10
	stdin := "http://a/b\nhttp://a/~b\n" + strings.Repeat("a", 3<<10) + "\nhttp://a/c\n"
	for _, args := range [][]string{
		{"check", "-g", "rfc1738"},
		{"check", "-g", "rfc1738", "-q"},
		{"compare", "-g", "rfc1738,draft2003", "--format", "tsv"},
		{"parse", "-g", "rfc1738"},
	} {
		out, errs, status := runCLI(t, stdin, args...)
		if status != exitUsage || errs != "urlgrammar "+args[0]+": line 3: longer than 1024 bytes\n" {
			t.Errorf("%q: status %d, stderr %q", args, status, errs)
		}
		if n := strings.Count(out, "\n"); n < 3 || strings.Contains(out, "aaaa") || args[0] != "check" && !strings.Contains(out, "http://a/c") {
			t.Errorf("%q: %d lines, the long one among them, or not the one after it:\n%s", args, n, out)
		}
	}
}

// TestGzipInput: a gzip file is read decompressed; other compressed files are refused.
func TestGzipInput(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte("http://a/b\nhttp://a/~b\n"))
	zw.Close()
	file := writeTemp(t, "urls.txt.gz", b.Bytes())
	out, errs, status := runCLI(t, "", "check", "-g", "rfc1738", "-q", "-f", file)
	if status != exitInvalid || out != "valid\ninvalid\n" {
		t.Errorf("gzip file: status %d, %q, %q", status, out, errs)
	}
	out, _, _ = runCLI(t, b.String(), "check", "-g", "rfc1738", "-q")
	if out != "valid\ninvalid\n" {
		t.Errorf("gzip on standard input: %q", out)
	}
	xz := writeTemp(t, "urls.txt.xz", []byte("\xfd7zXZ\x00\x00\x04"))
	out, errs, status = runCLI(t, "", "compare", "-f", xz)
	if status != exitUsage || out != "" || !strings.Contains(errs, "compressed") {
		t.Errorf("xz file: status %d, %q, %q", status, out, errs)
	}
}

// failingWriter fails every write, as stdout on a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestWriteErrorStops: a write error stops a command at once, instead of after its input.
func TestWriteErrorStops(t *testing.T) {
	input := strings.Repeat("http://example.com/a/b\n", 400000) // 9 MB
	for _, args := range [][]string{
		{"compare", "-g", "rfc1738,draft2003"},
		{"check", "-g", "rfc3986"},
		{"check", "-g", "rfc3986", "-q"},
		{"parse", "-g", "rfc3986"},
		{"extract"},
		{"normalize", "-g", "rfc3986"},
		{"review", "-g", "rfc3986"},
	} {
		in := &countingReader{r: strings.NewReader(input)}
		var errb bytes.Buffer
		status := run(args, in, failingWriter{}, &errb)
		if status != exitUsage || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%q: status %d, stderr %q", args, status, errb.String())
		}
		if in.n > len(input)/10 {
			t.Errorf("%q: read %d of %d bytes after the write error", args, in.n, len(input))
		}
	}
	if f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer f.Close()
		in := &countingReader{r: strings.NewReader(input)}
		var errb bytes.Buffer
		if status := run([]string{"compare"}, in, f, &errb); status != exitUsage || in.n > len(input)/10 {
			t.Errorf("compare >/dev/full: status %d, read %d bytes, stderr %q", status, in.n, errb.String())
		}
	}
}

// TestRuleCase: ABNF rule names are case-insensitive (RFC 5234 section 2.1) in the ABNF
// documents; the older documents' rule names keep their case.
func TestRuleCase(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
	}{
		{[]string{"check", "-g", "rfc3986", "-rule", "uri-reference", "-q", "?y"}, exitValid},
		{[]string{"check", "-g", "draft2003", "-rule", "ABSOLUTE-URI", "-q", "http://a/"}, exitValid},
		{[]string{"compare", "-g", "rfc3986", "-rule", "rfc3986=RELATIVE-REF", "--format", "tsv", "?y"}, exitValid},
		{[]string{"check", "-g", "rfc1738", "-rule", "URL", "-q", "http://a/"}, exitUsage},
		{[]string{"check", "-g", "rfc1808", "-rule", "url", "-q", "http://a/"}, exitUsage},
	} {
		out, errs, status := runCLI(t, "", c.args...)
		if status != c.status {
			t.Errorf("%q: status %d, want %d: %q %q", c.args, status, c.status, out, errs)
		}
	}
	out, _, _ := runCLI(t, "", "check", "-g", "rfc3986", "-rule", "uri-reference", "--format", "json", "?y")
	if !strings.Contains(out, `"valid":true`) {
		t.Errorf("%q", out)
	}
}

// TestCheckCaseIgnoreScheme: RFC 1738 section 2.1, "programs interpreting URLs should treat
// upper case letters as equivalent to lower case in scheme names".
func TestCheckCaseIgnoreScheme(t *testing.T) {
	out, _, status := runCLI(t, "", "check", "-g", "rfc1738", "HTTP://a/b")
	if status != exitInvalid || !strings.HasPrefix(out, "invalid\t0\t") {
		t.Errorf("without the option: %d %q", status, out)
	}
	out, _, status = runCLI(t, "", "check", "-g", "rfc1738", "--case-ignore-scheme", "HTTP://a/b")
	if status != exitValid || out != "valid\n" {
		t.Errorf("with the option: %d %q", status, out)
	}
}

// TestCheckQuiet: "check -q" prints the verdicts alone, as check's diagnosing mode gives them.
func TestCheckQuiet(t *testing.T) {
	stdin := "http://a/~b\r\nhttp://a/b\n\nftp://h/p;type=i\n"
	out, errs, status := runCLI(t, stdin, "check", "-g", "rfc1738", "-q")
	if status != exitInvalid || out != "invalid\nvalid\ninvalid\nvalid\n" || errs != "" {
		t.Errorf("status %d, output %q, stderr %q", status, out, errs)
	}
	if _, errs, status := runCLI(t, "", "check", "-g", "rfc1738", "-q", "--explain", "x"); status != exitUsage || !strings.Contains(errs, "-q excludes --explain") {
		t.Errorf("-q --explain: status %d, %q", status, errs)
	}
}
