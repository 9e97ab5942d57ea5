package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
	"github.com/urlgrammar/urlgrammar/source"
)

// TestRepeatedFlags: a flag that takes one value is refused when given twice (which one was
// meant is not known); -f accumulates, its files read in turn.
func TestRepeatedFlags(t *testing.T) {
	out, errs, status := runCLI(t, "", "check", "-g", "rfc1738", "-g", "rfc3986", "http://a/~")
	if status != exitUsage || out != "" || strings.Count(errs, "\n") != 1 ||
		!strings.HasPrefix(errs, "urlgrammar check: ") || !strings.Contains(errs, "-g") || !strings.Contains(errs, "twice") {
		t.Errorf("-g twice: status %d, %q, %q", status, out, errs)
	}
	a := writeTemp(t, "a.txt", []byte("http://a/b\n"))
	b := writeTemp(t, "b.txt", []byte("http://a/~b\n"))
	out, errs, status = runCLI(t, "", "check", "-g", "rfc1738", "-q", "-n", "-f", a, "-f", b)
	if want := a + ":1\tvalid\n" + b + ":1\tinvalid\n"; status != exitInvalid || out != want {
		t.Errorf("-f a -f b: status %d, %q, want %q (stderr %q)", status, out, want, errs)
	}
}

// TestFlagErrors: every error is one line with the command's prefix, without the usage, which
// only -h prints.
func TestFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"check", "-nope"},
		{"check", "-g"},
		{"compare", "--format"},
		{"resolve", "-g", "rfc3986"},
		{"versions", "--rules", "nope"},
		{"versions", "x"},
		{"conform", "x"},
		{"equiv", "-g", "rfc3986", "a"},
		{"normalize", "-g", "rfc3986", "--steps", "nope"},
	} {
		out, errs, status := runCLI(t, "", args...)
		if status != exitUsage || out != "" || strings.Count(errs, "\n") != 1 ||
			!strings.HasPrefix(errs, "urlgrammar "+args[0]+": ") || strings.Count(errs, "urlgrammar") != 1 || strings.Contains(errs, "usage") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, status, out, errs)
		}
	}
	_, errs, status := runCLI(t, "", "nope")
	if status != exitUsage || strings.Count(errs, "\n") != 1 {
		t.Errorf("unknown command: status %d, stderr %q", status, errs)
	}
}

// TestEveryInputCommandTakesF: the commands that read inputs take -f, resolve and equiv too.
func TestEveryInputCommandTakesF(t *testing.T) {
	refs := writeTemp(t, "refs.txt", []byte("g\n../h\n"))
	pairs := writeTemp(t, "pairs.txt", []byte("http://a/b\tHTTP://A/b\n"))
	for _, c := range []struct {
		args []string
		out  string
	}{
		// RFC 3986 section 5.4.1: "g" and "../h" against http://a/b/c/d;p?q.
		{[]string{"resolve", "-g", "rfc3986", "http://a/b/c/d;p?q", "-f", refs}, "http://a/b/c/g\nhttp://a/b/h\n"},
		// RFC 3986 section 6.2.2.1: the scheme and host are case-insensitive.
		{[]string{"equiv", "-g", "rfc3986", "-f", pairs}, "equivalent\t"},
	} {
		out, errs, status := runCLI(t, "", c.args...)
		if status != exitValid || !strings.HasPrefix(out, c.out) {
			t.Errorf("%q: status %d, %q, want %q (stderr %q)", c.args, status, out, c.out, errs)
		}
	}
}

// TestBadLineGoesOn: a line that cannot be judged is reported with its number, the lines
// around it are judged, and the status is 2.
func TestBadLineGoesOn(t *testing.T) {
	stdin := "http://a/\thttp://A/\nhttp://a/\nhttp://a/b\thttp://a/b\n"
	out, errs, status := runCLI(t, stdin, "equiv", "-g", "rfc3986")
	if status != exitUsage || strings.Count(out, "equivalent\t") != 2 ||
		errs != "urlgrammar equiv: line 2: want two inputs separated by a tab\n" {
		t.Errorf("status %d, stdout %q, stderr %q", status, out, errs)
	}
}

// TestEveryLineAnInput: every line is an input, an empty one the empty input, so that the
// output of a command that prints a result per input lines up with its input, line for line,
// as "paste FILE <(urlgrammar check -q -f FILE)" pairs them: here a file with blank lines, CRLF
// line ends and a last line without "\n". RFC 3986 section 4.1 makes the empty string a
// URI-reference (section 4.4: a same-document reference), and section 3.5 lets one carry a
// fragment; every URL of RFC 1738 begins with a scheme (section 5's url), none has a fragment
// (section 2.2 calls "#" unsafe) or a "~" (unsafe too).
func TestEveryLineAnInput(t *testing.T) {
	file := writeTemp(t, "urls.txt", []byte("http://a/b\r\n\r\nhttp://a/~b\n\n\nhttp://a/c#f"))
	lines := []string{"http://a/b", "", "http://a/~b", "", "", "http://a/c#f"}
	for _, c := range []struct {
		version  string
		verdicts []string
	}{
		{"rfc1738", []string{"valid", "invalid", "invalid", "invalid", "invalid", "invalid"}},
		{"rfc3986", []string{"valid", "valid", "valid", "valid", "valid", "valid"}},
	} {
		out, errs, _ := runCLI(t, "", "check", "-g", c.version, "-q", "-f", file)
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != len(lines) || errs != "" {
			t.Fatalf("%s: %d lines for %d (stderr %q):\n%s", c.version, len(got), len(lines), errs, out)
		}
		for i, line := range lines { // what paste makes of the two
			if pasted, want := line+"\t"+got[i], line+"\t"+c.verdicts[i]; pasted != want {
				t.Errorf("%s: line %d pasted as %q, want %q", c.version, i+1, pasted, want)
			}
		}
		numbered, _, _ := runCLI(t, "", "check", "-g", c.version, "-q", "-n", "-f", file)
		if want := "5\t" + c.verdicts[4] + "\n6\t" + c.verdicts[5] + "\n"; !strings.HasSuffix(numbered, want) {
			t.Errorf("%s -n: %q, want it to end %q", c.version, numbered, want)
		}
	}
	// Every command that prints a result per input: a line (or a row after the TSV's header)
	// per line; resolve takes the empty reference, which is the base (RFC 3986 section 5.4.1's
	// examples: "" against http://a/b/c/d;p?q is http://a/b/c/d;p?q).
	for _, c := range []struct {
		args   []string
		header int
	}{
		{[]string{"check", "-g", "rfc1738,rfc3986"}, 0},
		{[]string{"check", "-g", "rfc1738", "--format", "json"}, 0},
		{[]string{"check", "-g", "rfc1738", "--format", "tsv"}, 1},
		{[]string{"compare", "-g", "rfc1738,rfc3986", "--format", "tsv"}, 1},
		{[]string{"compare", "-g", "rfc1738,rfc3986", "--format", "json"}, 1}, // the summary's line
		{[]string{"normalize", "-g", "rfc3986"}, 0},
		{[]string{"parse", "-g", "rfc3986"}, 0},
		{[]string{"parse", "-g", "rfc3986", "--format", "tsv"}, 1},
		{[]string{"review", "-g", "rfc3986"}, 0},
		{[]string{"resolve", "-g", "rfc3986", "http://a/b/c/d;p?q"}, 0},
		{[]string{"resolve", "-g", "rfc3986,draft2003", "--format", "tsv", "http://a/b/c/d;p?q"}, 1},
	} {
		out, errs, _ := runCLI(t, "", append(c.args, "-f", file)...)
		if n := strings.Count(out, "\n"); n != len(lines)+c.header {
			t.Errorf("%q: %d lines for %d inputs (stderr %q):\n%s", c.args, n, len(lines), errs, out)
		}
	}
	out, _, _ := runCLI(t, "", "resolve", "-g", "rfc3986", "http://a/b/c/d;p?q", "-f", file)
	if got := strings.Split(out, "\n")[1]; got != "http://a/b/c/d;p?q\t(current document)" {
		t.Errorf("resolve of the empty line: %q", got)
	}
	// The empty argument is an input too.
	out, _, status := runCLI(t, "", "check", "-g", "rfc3986", "-q", "")
	if status != exitValid || out != "valid\n" {
		t.Errorf("the empty argument: status %d, %q", status, out)
	}
}

// TestCheckForConformanceRuns: -n, --only-invalid, --echo and --count.
func TestCheckForConformanceRuns(t *testing.T) {
	// RFC 1738 section 2.2: "~" is unsafe, and section 5 has it in no hsegment.
	stdin := "http://a/b\nhttp://a/~b\nhttp://a/c\n"
	out, errs, status := runCLI(t, stdin, "check", "-g", "rfc1738", "-n", "--only-invalid", "--echo", "--count")
	if status != exitInvalid || !strings.HasPrefix(out, "2\tinvalid\thttp://a/~b\t9\t") || strings.Count(out, "\n") != 1 {
		t.Errorf("status %d, stdout %q", status, out)
	}
	if errs != "urlgrammar check: 2 of 3 valid\n" {
		t.Errorf("count: %q", errs)
	}
	out, _, _ = runCLI(t, stdin, "check", "-g", "rfc1738", "-q", "--echo")
	if out != "valid\thttp://a/b\ninvalid\thttp://a/~b\nvalid\thttp://a/c\n" {
		t.Errorf("-q --echo: %q", out)
	}
	out, _, _ = runCLI(t, stdin, "check", "-g", "rfc1738", "--format", "json", "-n", "--only-invalid")
	if !strings.HasPrefix(out, `{"line":2,"input":"http://a/~b","valid":false,`) || strings.Count(out, "\n") != 1 {
		t.Errorf("--json -n --only-invalid: %q", out)
	}
}

// writesRecorder records each write made to it.
type writesRecorder struct{ writes []string }

func (w *writesRecorder) Write(p []byte) (int, error) {
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

// TestLineBuffered: with --line-buffered each result is written as it is judged.
func TestLineBuffered(t *testing.T) {
	stdin := "http://a/b\nhttp://a/~b\nhttp://a/c\n"
	for _, args := range [][]string{
		{"check", "-g", "rfc1738", "--line-buffered"},
		{"check", "-g", "rfc1738", "-q", "--line-buffered"},
		{"normalize", "-g", "rfc3986", "--line-buffered"},
		{"compare", "-g", "rfc1738,rfc3986", "--format", "tsv", "--line-buffered"},
	} {
		var w writesRecorder
		var errb bytes.Buffer
		run(args, strings.NewReader(stdin), &w, &errb)
		if len(w.writes) < 3 {
			t.Errorf("%q: %d writes: %q", args, len(w.writes), w.writes)
		}
		for _, s := range w.writes {
			if !strings.HasSuffix(s, "\n") {
				t.Errorf("%q: a write of part of a line: %q", args, s)
			}
		}
	}
}

// failAfter takes writes while they fit in n bytes, then fails every write.
type failAfter struct {
	n   int
	got bytes.Buffer
}

func (w *failAfter) Write(p []byte) (int, error) {
	if w.got.Len()+len(p) > w.n {
		w.n = 0
		return 0, errors.New("no space left on device")
	}
	return w.got.Write(p)
}

// TestWriteErrorOnce: a write error is reported once and the status is 2, for every command;
// what was written before it is whole lines.
func TestWriteErrorOnce(t *testing.T) {
	input := strings.Repeat("http://example.com/a/b\n", 20000)
	for _, args := range [][]string{
		{"versions"}, {"help"}, {"-h"}, {"--version"}, {"help", "check"}, {"check", "-h"},
		{"charsets"}, {"conform", "-g", "rfc1808", "--samples", "10"},
		{"check", "-g", "rfc3986"}, {"check", "-g", "rfc3986", "-q"}, {"compare", "-g", "rfc1738,rfc3986"},
		{"parse", "-g", "rfc3986"}, {"tree", "-g", "rfc3986"}, {"extract"}, {"normalize", "-g", "rfc3986"},
		{"resolve", "-g", "rfc3986", "http://x/"}, {"resolve", "--all", "http://x/"}, {"review", "-g", "rfc3986"},
	} {
		w := &failAfter{n: 10}
		var errb bytes.Buffer
		status := run(args, strings.NewReader(input), w, &errb)
		if status != exitUsage || strings.Count(errb.String(), "no space left") != 1 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("%q: status %d, stderr %q", args, status, errb.String())
		}
	}
	w := &failAfter{n: 100 << 10}
	run([]string{"check", "-g", "rfc3986", "--echo"}, strings.NewReader(input), w, &bytes.Buffer{})
	if !strings.HasSuffix(w.got.String(), "\n") {
		t.Errorf("a line cut short: %q", w.got.String())
	}
}

// TestReadErrorFlushesFirst: a gzip stream cut short gives the lines judged before the cut,
// whole, then the error, and the count says the input was cut short.
func TestReadErrorFlushesFirst(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	for range 5000 {
		zw.Write([]byte("http://a/b\nhttp://a/c\n"))
	}
	zw.Close()
	cut := b.Bytes()[:b.Len()-20]
	for _, args := range [][]string{
		{"check", "-g", "rfc3986", "--count"},
		{"resolve", "-g", "rfc3986", "http://x/"},
		{"resolve", "--all", "http://x/"},
		{"equiv", "-g", "rfc3986"},
		{"normalize", "-g", "rfc3986"},
	} {
		var out, errb bytes.Buffer
		stdin := cut
		if args[0] == "equiv" {
			stdin = gzipText(t, strings.Repeat("http://a/b\thttp://a/b\n", 5000))
			stdin = stdin[:len(stdin)-20]
		}
		status := run(args, bytes.NewReader(stdin), &out, &errb)
		if status != exitUsage || out.Len() < 1000 || !strings.HasSuffix(out.String(), "\n") || !strings.Contains(errb.String(), "unexpected EOF") {
			t.Errorf("%q: status %d, %d bytes of output, stderr %q", args, status, out.Len(), errb.String())
		}
		if args[0] == "check" && !strings.Contains(errb.String(), "cut short") {
			t.Errorf("%q: the count does not say the input was cut short: %q", args, errb.String())
		}
	}
}

// TestCutSummary: compare's summary says when its input was cut short, in the table and in
// JSON, instead of looking complete.
func TestCutSummary(t *testing.T) {
	cut := gzipText(t, strings.Repeat("http://a/b\n", 20000))
	cut = cut[:len(cut)-20]
	var out, errb bytes.Buffer
	status := run([]string{"compare", "-g", "rfc3986"}, bytes.NewReader(cut), &out, &errb)
	if status != exitUsage || !strings.Contains(out.String(), "inputs (the input was cut short by a read error: the rest was not read).") {
		t.Errorf("table: status %d, %.300q", status, out.String()[max(out.Len()-300, 0):])
	}
	out.Reset()
	run([]string{"compare", "-g", "rfc3986", "--format", "json"}, bytes.NewReader(cut), &out, &errb)
	if !strings.Contains(out.String(), `"cut":"cut short by a read error"`) {
		t.Errorf("json: %.300q", out.String()[max(out.Len()-300, 0):])
	}
}

func gzipText(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAllStreams: resolve --all and equiv --all print their first rows before the input ends,
// in blocks whose memory is bounded.
func TestAllStreams(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		for range tableBlock {
			w.Write([]byte("g\n"))
		}
		// The input stays open: the first block must come without its end.
	}()
	defer w.Close()
	outR, outW, _ := os.Pipe()
	defer outR.Close()
	go func() {
		run([]string{"resolve", "--all", "http://a/b/c/d;p?q"}, r, outW, &bytes.Buffer{})
		outW.Close()
	}()
	buf := make([]byte, 64)
	if n, err := outR.Read(buf); err != nil || !strings.HasPrefix(string(buf[:n]), "REFERENCE") {
		t.Errorf("first read: %q, %v", buf[:n], err)
	}
}

// TestOneDefaultReading: check, compare and the library's Validate give one verdict per
// version on everyday inputs; compare --absolute holds every version to its absolute-URL rule.
func TestOneDefaultReading(t *testing.T) {
	inputs := []string{"http://www.w3.org/", "http://a/b#f", "ftp://ftp.is.co.za/rfc/rfc1808.txt", "mailto:John.Doe@example.com", "http://a/~b"}
	for _, v := range urlgrammar.Versions() {
		out, _, _ := runCLI(t, strings.Join(inputs, "\n"), "compare", "-g", v.String(), "--format", "tsv")
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")[1:]
		for i, s := range inputs {
			check, _, _ := runCLI(t, "", "check", "-g", v.String(), "-q", s)
			fromCompare := strings.Split(rows[i], "\t")[1]
			lib := "valid"
			if urlgrammar.Validate(v, s) != nil {
				lib = "invalid"
			}
			if strings.TrimSuffix(check, "\n") != lib || !strings.HasPrefix(fromCompare, lib) {
				t.Errorf("%v %q: check %q, compare %q, Validate %s", v, s, check, fromCompare, lib)
			}
		}
	}
	// The 1994 draft quotes its URLs without the "url:" prefix (section "PrePrefix"): a plain
	// http URL is a URL under it.
	if out, _, status := runCLI(t, "", "check", "-g", "draft1994", "http://www.w3.org/"); status != exitValid {
		t.Errorf("draft1994 http://www.w3.org/: %q", out)
	}
	// RFC 3986 section 4.1: a URI-reference may carry a fragment; section 4.3: absolute-URI
	// may not.
	out, _, _ := runCLI(t, "", "compare", "-g", "rfc3986", "--absolute", "--format", "tsv", "http://a/b#f")
	if !strings.HasPrefix(out, "input\trfc3986\trfc3986 reason\tsource\n") || !strings.Contains(out, "\tinvalid:10\t") {
		t.Errorf("--absolute: %q", out)
	}
	out, _, _ = runCLI(t, "", "check", "-g", "rfc3986", "--format", "json", "http://a/b#f")
	if !strings.Contains(out, `"rule":"URI-reference"`) {
		t.Errorf("check --json names no rule: %q", out)
	}
}

// TestExtractMarkdownCLI: extract leaves a Markdown code span's backticks and a link's
// parenthesis to the text (RFC 1738 section 2.2 calls "`" unsafe).
func TestExtractMarkdownCLI(t *testing.T) {
	out, _, status := runCLI(t, "Use `https://x.example/y` or [this](https://x.example/z_(1)).\n", "extract")
	if status != exitValid || out != "https://x.example/y\nhttps://x.example/z_(1)\n" {
		t.Errorf("status %d, %q", status, out)
	}
}

// TestNormalizeSaysLenient: RFC 1738's normalization reads a scheme's upper case as lower
// (section 2.1), which check does only with --case-ignore-scheme: normalize says so.
func TestNormalizeSaysLenient(t *testing.T) {
	out, errs, status := runCLI(t, "", "normalize", "-g", "rfc1738", "HTTP://a/%41", "http://a/b")
	if status != exitValid || out != "http://a/A\nhttp://a/b\n" || !strings.HasPrefix(errs, "urlgrammar normalize: argument 1: read with the scheme's upper case") || strings.Count(errs, "\n") != 1 {
		t.Errorf("status %d, %q, %q", status, out, errs)
	}
	out, _, _ = runCLI(t, "", "normalize", "-g", "rfc1738", "--format", "json", "HTTP://a/")
	if !strings.Contains(out, `"lenient":"read with`) {
		t.Errorf("--json: %q", out)
	}
	out, errs, _ = runCLI(t, "", "equiv", "-g", "rfc1738", "HTTP://a/b", "http://a/b")
	if !strings.HasPrefix(out, "equivalent\tcase\tsection 2.1\t") || !strings.Contains(errs, "read with the scheme's upper case") {
		t.Errorf("equiv: %q, %q", out, errs)
	}
	if out, _, _ := runCLI(t, "", "help", "normalize"); !strings.Contains(out, "case-insensitively") {
		t.Errorf("help says nothing of it:\n%s", out)
	}
}

// TestOneWordForInvalid: a rejection is "invalid" in text and TSV, "·" in the matrices, whose
// legends name it so, and false in JSON.
func TestOneWordForInvalid(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "-g", "rfc1738"}, "invalid\t9\t"},
		{[]string{"review", "-g", "rfc1738"}, "invalid\t9\t"},
		{[]string{"compare", "-g", "rfc1738", "--format", "tsv"}, "\tinvalid:9\t"},
		{[]string{"compare", "-g", "rfc1738"}, "✓ valid, · invalid."},
		{[]string{"compare", "-g", "rfc1738", "--format", "markdown"}, "| · 9 |"},
		{[]string{"check", "-g", "rfc1738", "--format", "json"}, `"valid":false`},
	} {
		// RFC 1738 section 5: an hsegment has no "~".
		out, _, _ := runCLI(t, "http://a/~b\n", c.args...)
		if !strings.Contains(out, c.want) {
			t.Errorf("%q: no %q in\n%s", c.args, c.want, out)
		}
	}
}

// TestReasonOnNarrowTerminal: on an 80-column terminal the reason under a row keeps what was
// found and where; what is cut is the end of the expected list.
func TestReasonOnNarrowTerminal(t *testing.T) {
	s := "http://www.moria.de/~michael/deroff/"
	c, err := compare.Compare([]compare.Target{{Version: urlgrammar.RFC1738}, {Version: urlgrammar.RFC3986, Rule: "URI-reference"}}, s, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	r := &compare.Report{Targets: []compare.Target{{Version: urlgrammar.RFC1738}, {Version: urlgrammar.RFC3986}}, Why: true, Width: 80}
	r.WriteRow(w, compare.FormatText, c, "")
	w.Flush()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `1738 byte 20: found "~" (in httpurl); expected`) || len([]rune(lines[1])) > 80 {
		t.Errorf("%q", lines)
	}
}

// TestEmptyStdinHint: without inputs, standard input is read; when it is empty (a CI job, "ssh
// host cmd"), one line on standard error says so, and compare's names --corpus. compare, which
// has nothing to report on, prints nothing else and exits 2, whatever its empty input.
func TestEmptyStdinHint(t *testing.T) {
	out, errs, status := runCLI(t, "", "compare")
	if out != "" || status != exitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "standard input was empty") || !strings.Contains(errs, "--corpus") {
		t.Errorf("compare: status %d, stdout %q, stderr %q", status, out, errs)
	}
	// Text in which --extract finds no URL is no empty input.
	if out, errs, status := runCLI(t, "no URL here\n", "compare", "--extract"); out != "" || status != exitUsage || errs != "urlgrammar compare: no inputs: no URL in standard input\n" {
		t.Errorf("compare --extract of text without URLs: status %d, stdout %q, stderr %q", status, out, errs)
	}
	empty := writeTemp(t, "empty.txt", nil)
	for _, f := range []string{"text", "json", "html"} {
		out, errs, status := runCLI(t, "", "compare", "--format", f, "-f", empty)
		if out != "" || status != exitUsage || errs != "urlgrammar compare: no inputs: "+empty+" is empty\n" {
			t.Errorf("compare --format %s -f empty.txt: status %d, stdout %q, stderr %q", f, status, out, errs)
		}
	}
	if _, errs, status := runCLI(t, "", "check", "-g", "rfc3986"); status != exitValid || !strings.HasPrefix(errs, "urlgrammar check: no inputs") {
		t.Errorf("check: status %d, stderr %q", status, errs)
	}
	if _, errs, _ := runCLI(t, "\n", "check", "-g", "rfc3986", "-f", "-"); errs != "" {
		t.Errorf("-f -: %q", errs)
	}
	out, _, _ = runCLI(t, "", "compare", "--corpus", "-g", "rfc3986", "--format", "json")
	if !strings.Contains(out, `"inputs":771`) {
		t.Errorf("--corpus: %.200q", out)
	}
}

// TestVersionsNamesDefault: "versions" names each version's default reading.
func TestVersionsNamesDefault(t *testing.T) {
	out, _, _ := runCLI(t, "", "versions")
	for _, want := range []string{"default reading: url; start rules: url prefixedurl", "default reading: URI-reference;", "default reading: the rule of the URL's scheme"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestWholeLinesLong: wholeLines holds back a short line until its end, but writes a line
// longer than maxPendingLine as it comes, holding no more than that of it, and the output is
// what was written.
func TestWholeLinesLong(t *testing.T) {
	var got bytes.Buffer
	wl := &wholeLines{w: &got}
	wl.Write([]byte("short"))
	if got.Len() != 0 {
		t.Fatalf("a short line's start written before its end: %q", got.String())
	}
	wl.Write([]byte(" line\nlong "))
	var want bytes.Buffer
	want.WriteString("short line\nlong ")
	piece := bytes.Repeat([]byte("abcdefgh"), 512)
	for got.Len() == len("short line\n") {
		if want.Len() > 2*maxPendingLine {
			t.Fatalf("%d bytes of a line held back", want.Len()-len("short line\n"))
		}
		wl.Write(piece)
		want.Write(piece)
	}
	for range 300 {
		wl.Write(piece)
		want.Write(piece)
		if len(wl.pending) > 0 {
			t.Fatalf("%d bytes of a long line held back after it was written as it came", len(wl.pending))
		}
	}
	wl.Write([]byte("end\nnext"))
	want.WriteString("end\n")
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("wrote %d bytes, want %d, or other bytes", got.Len(), want.Len())
	}
	if string(wl.pending) != "next" {
		t.Errorf("the line after the long one: %q held back, want %q", wl.pending, "next")
	}
}

// TestUnreadableFileInList: of several -f files, one that cannot be read (missing, a
// directory) is reported in one line when its turn comes, and skipped;
// the others are read, and the exit status is 2. A lone unreadable file is refused before
// anything is written.
func TestUnreadableFileInList(t *testing.T) {
	dir := t.TempDir()
	a, b, missing := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"), filepath.Join(dir, "missing.txt")
	os.WriteFile(a, []byte("http://a/\n"), 0o666)
	os.WriteFile(b, []byte("http://b/~\n"), 0o666) // RFC 1738 section 5: an hsegment holds no "~"
	var out, errb bytes.Buffer
	status := run([]string{"check", "-g", "rfc1738", "-n", "--count", "-f", a, "-f", missing, "-f", dir, "-f", b}, strings.NewReader(""), &out, &errb)
	wantOut := a + ":1\tvalid\n" + b + ":1\tinvalid\t9\t"
	wantErr := "urlgrammar check: reading " + missing + ": no such file or directory (skipped; the other files are read)\n" +
		"urlgrammar check: reading " + dir + ": it is a directory, not a file of inputs (skipped; the other files are read)\n" +
		"urlgrammar check: 1 of 2 valid, 2 files not read\n"
	if status != exitUsage || !strings.HasPrefix(out.String(), wantOut) || errb.String() != wantErr {
		t.Errorf("status %d\nstdout %q, want it to begin %q\nstderr %q\nwant   %q", status, out.String(), wantOut, errb.String(), wantErr)
	}
	// compare reports on the files it read.
	stdout, errs, status := runCLI(t, "", "compare", "-g", "rfc1738", "--format", "json", "-f", missing, "-f", a)
	if status != exitUsage || !strings.Contains(stdout, `"input":"http://a/"`) || !strings.Contains(stdout, `"type":"summary"`) || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, missing) {
		t.Errorf("compare: status %d, stdout %q, stderr %q", status, stdout, errs)
	}
	stdout, errs, status = runCLI(t, "", "check", "-g", "rfc1738", "-f", missing)
	if status != exitUsage || stdout != "" || errs != "urlgrammar check: reading "+missing+": no such file or directory\n" {
		t.Errorf("a lone missing file: status %d, %q, %q", status, stdout, errs)
	}
}

// TestOneLineLimit: every command that reads inputs reads lines of up to one bound, the source
// package's, and names it in its help; extract, which reads running text, too (a line of 2 MiB,
// its URL at its end).
func TestOneLineLimit(t *testing.T) {
	if maxLine != source.MaxLine {
		t.Fatalf("the command's line bound is %d, the documents' %d", maxLine, source.MaxLine)
	}
	for name := range commands {
		var out bytes.Buffer
		help(name, &out, &out)
		if strings.Contains(out.String(), "-f FILE") && !strings.Contains(out.String(), "(of at most 64 MiB)") {
			t.Errorf("%s -h does not name the line bound", name)
		}
	}
	out, errs, status := runCLI(t, strings.Repeat("x ", 1<<20)+"http://a/b\n", "extract")
	if status != exitValid || out != "http://a/b\n" || errs != "" {
		t.Errorf("extract: status %d, %q, %q", status, out, errs)
	}
}
