package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar/compare"
)

// smallFile is a fixed excerpt of testdata/urls/urls.txt (see its README).
const smallFile = "../../testdata/urls/small.txt"

// compareJSON runs compare with --format json and returns its input records and its summary.
func compareJSON(t *testing.T, stdin string, args ...string) ([]jsonInput, jsonSummaryLine) {
	t.Helper()
	out, errs, status := runCLI(t, stdin, append([]string{"compare", "--format", "json"}, args...)...)
	if status == exitUsage {
		t.Fatalf("compare %q: status %d: %s", args, status, errs)
	}
	var rows []jsonInput
	var sum jsonSummaryLine
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for i, line := range lines {
		var kind struct{ Type string }
		if err := json.Unmarshal([]byte(line), &kind); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, line)
		}
		switch {
		case kind.Type == "input" && i < len(lines)-1:
			var r jsonInput
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r)
		case kind.Type == "summary" && i == len(lines)-1:
			if err := json.Unmarshal([]byte(line), &sum); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("line %d of %d has type %q: %s", i+1, len(lines), kind.Type, line)
		}
	}
	return rows, sum
}

// disagreement is an input of smallFile on which RFC 1738 and the 2003 draft disagree: the
// version that refuses it, where, and the character found there, each from the documents.
type disagreement struct {
	input   string
	refuser string
	offset  int
	found   string // the cause's character class (Cause.Found)
}

// smallDisagreements are in the order of smallFile.
var smallDisagreements = []disagreement{
	// RFC 1738 section 2.2: "~" is unsafe; the 2003 draft section 2.3 makes it unreserved.
	{"http://www.moria.de/~michael/deroff/", "rfc1738", 20, "~"},
	// RFC 1738 section 3.1: port = digits; the 2003 draft's authority has a userinfo too, and
	// its reg-name takes "host:port" as a whole when no port follows.
	{"http://user:pass@host:port", "rfc1738", 12, "letter"},
	// RFC 1738 section 3.3: "/" is reserved within the searchpart of an http URL.
	{"http://www.arm.linux.org.uk/developer/patches/viewpatch.php?id=3105/4", "rfc1738", 67, "/"},
	// RFC 1738 section 3.3: "No user name or password is allowed" in an http URL.
	{"http://user@host.xz/", "rfc1738", 11, "@"},
	// RFC 1738 section 3.3: http://<host>:<port>/<path>?<searchpart>: a "?" needs the "/".
	{"http://local.test:80?-123", "rfc1738", 20, "?"},
	// RFC 1738 section 5: scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]; the 2003 draft
	// section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
	{"1abc:x", "draft2003", 0, "digit"},
	// RFC 1738 section 3.1: host is a domain name or an IP address, no "["; the 2003 draft
	// section 3.2.2 has IPv6reference.
	{"http://[::1]/", "rfc1738", 7, "["},
}

// TestCompareDiffSmallFile: "compare -g rfc1738,draft2003 --diff" prints every disagreeing input
// with each refusing version's reason, and its causes are exactly the disagreeing inputs'.
func TestCompareDiffSmallFile(t *testing.T) {
	out, errs, status := runCLI(t, "", "compare", "-g", "rfc1738,draft2003", "--absolute", "--diff", "-f", smallFile)
	if status != exitInvalid {
		t.Fatalf("status %d, want %d: %s", status, exitInvalid, errs)
	}
	lines := strings.Split(out, "\n")
	rowRE := regexp.MustCompile(`^ ([✓·])    ([✓·])   (.*)$`)
	whyRE := regexp.MustCompile(`^( *)\^ (1738|d03) byte (\d+): (.*found .*)$`)
	type row struct {
		input string
		why   []string // "version offset"
	}
	var rows []row
	for i := 1; i < len(lines) && lines[i] != ""; i++ {
		if m := rowRE.FindStringSubmatch(lines[i]); m != nil {
			rows = append(rows, row{input: m[3]})
			continue
		}
		m := whyRE.FindStringSubmatch(lines[i])
		if m == nil || len(rows) == 0 {
			t.Fatalf("line %d is neither a row nor a reason: %q", i+1, lines[i])
		}
		r := &rows[len(rows)-1]
		// The caret stands under the offending byte: 10 columns of marks, then the input.
		if off, _ := strconv.Atoi(m[3]); len(m[1]) != 10+off {
			t.Errorf("%q: caret at column %d, want %d", r.input, len(m[1]), 10+off)
		}
		r.why = append(r.why, m[2]+" "+m[3])
	}
	var want []row
	for _, d := range smallDisagreements {
		short := map[string]string{"rfc1738": "1738", "draft2003": "d03"}[d.refuser]
		want = append(want, row{d.input, []string{short + " " + strconv.Itoa(d.offset)}})
	}
	if diff := cmp.Diff(want, rows, cmp.AllowUnexported(row{})); diff != "" {
		t.Errorf("rows (-want +got):\n%s\n%s", diff, out)
	}

	// The causes: in the table and in the JSON summary, those of the disagreeing inputs only,
	// each counted once per input.
	wantCauses := map[string]int{}
	jsonRows, sum := compareJSON(t, "", "-g", "rfc1738,draft2003", "--absolute", "--diff", "-f", smallFile)
	if len(jsonRows) != len(smallDisagreements) || sum.Inputs != len(smallDisagreements) || sum.Read != 12 || sum.Shown != "disagreeing" {
		t.Fatalf("JSON: %d rows, summary of %d inputs of %d (%s)", len(jsonRows), sum.Inputs, sum.Read, sum.Shown)
	}
	for i, r := range jsonRows {
		d := smallDisagreements[i]
		for _, v := range r.Verdicts {
			if v.Valid {
				continue
			}
			if v.Version != d.refuser || *v.Offset != d.offset {
				t.Errorf("%q: %s refuses at %d, want %s at %d", r.Input, v.Version, *v.Offset, d.refuser, d.offset)
			}
			wantCauses[v.Version+" in "+v.In+" at "+d.found]++
		}
	}
	gotJSON := map[string]int{}
	for _, c := range sum.Causes {
		if c.Shared {
			t.Errorf("cause %+v is shared under --diff", c)
		}
		gotJSON[c.Version+" in "+c.In+" at "+c.Found] += c.Count
	}
	if diff := cmp.Diff(wantCauses, gotJSON); diff != "" {
		t.Errorf("JSON causes (-want +got):\n%s", diff)
	}
	causeRE := regexp.MustCompile(`^  (\S+) +(\d+)  in (\S+) at (.+?)  e\.g\. `)
	gotTable := map[string]int{}
	section := strings.SplitN(out, "Where the versions disagree", 2)
	if len(section) != 2 {
		t.Fatalf("no section of disagreeing causes:\n%s", out)
	}
	for _, line := range strings.Split(section[1], "\n") {
		if m := causeRE.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[2])
			gotTable[m[1]+" in "+m[3]+" at "+m[4]] += n
		}
	}
	if diff := cmp.Diff(wantCauses, gotTable); diff != "" {
		t.Errorf("table causes (-want +got):\n%s", diff)
	}
	if strings.Contains(out, "Where every version rejects") {
		t.Errorf("--diff shows shared causes:\n%s", out)
	}
}

// readFile returns the contents of the file name.
func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCompareCausesSplit: without --diff, the causes the versions disagree on come first, apart
// from those every version shares (a "#" fragment, which neither absolute rule allows).
func TestCompareCausesSplit(t *testing.T) {
	_, sum := compareJSON(t, "", "-g", "rfc1738,draft2003", "--absolute", "-f", smallFile)
	if sum.Inputs != 12 || sum.Read != 12 || sum.Shown != "all" {
		t.Fatalf("summary of %d inputs of %d (%s)", sum.Inputs, sum.Read, sum.Shown)
	}
	shared, disagree := 0, 0
	for i, c := range sum.Causes {
		if c.Shared {
			shared += c.Count
			if c.Found != "#" || c.Example != "https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=718535#10" {
				t.Errorf("shared cause %+v", c)
			}
		} else {
			disagree += c.Count
			if i > 0 && sum.Causes[i-1].Shared {
				t.Errorf("cause %d (%+v) of a disagreement after a shared one", i, c)
			}
		}
	}
	if shared != 2 || disagree != len(smallDisagreements) {
		t.Errorf("%d shared rejections (want 2: both versions), %d disagreeing (want %d)", shared, disagree, len(smallDisagreements))
	}
	out, _, _ := runCLI(t, "", "compare", "-g", "rfc1738,draft2003", "--absolute", "-f", smallFile)
	i, j := strings.Index(out, "Where the versions disagree"), strings.Index(out, "Where every version rejects")
	if i < 0 || j < i {
		t.Errorf("the table's causes are not split, disagreements first:\n%s", out)
	}
	// Without --diff, no reasons under the rows unless asked.
	if strings.Contains(out, "^ 1738") {
		t.Errorf("reasons without --why:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "compare", "-g", "rfc1738,draft2003", "--absolute", "--why", "-f", smallFile)
	if n := strings.Count(out, "^ "); n != len(smallDisagreements) {
		t.Errorf("--why: %d reasons, want %d:\n%s", n, len(smallDisagreements), out)
	}
}

// TestCompareNoClipOffTerminal: written to a pipe or file, the table shows long inputs whole,
// and the caret of a reason far into the input gives way to its byte offset.
func TestCompareNoClipOffTerminal(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 300) + "/~x/"
	out, _, _ := runCLI(t, long+"\n", "compare", "-g", "rfc1738,draft2003", "--diff")
	if !strings.Contains(out, "   "+long+"\n") {
		t.Errorf("the input is clipped:\n%s", out)
	}
	if want := "          1738 byte 320: "; !strings.Contains(out, want) {
		t.Errorf("no %q:\n%s", want, out)
	}
}

// TestCompareTSV: a verdict and a reason column per version, each named by its version alone,
// whatever its rule (the JSON says which), and the causes in the --summary file.
func TestCompareTSV(t *testing.T) {
	summary := t.TempDir() + "/causes.tsv"
	out, errs, status := runCLI(t, "", "compare", "-g", "rfc1738,draft2003", "--absolute", "--format", "tsv", "--summary", summary, "-f", smallFile)
	if status != exitValid {
		t.Fatalf("status %d: %s", status, errs)
	}
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if rows[0] != "input\trfc1738\trfc1738 reason\tdraft2003\tdraft2003 reason\tsource" {
		t.Errorf("header %q", rows[0])
	}
	if len(rows) != 13 {
		t.Fatalf("%d lines, want a header and 12 rows", len(rows))
	}
	f := strings.Split(rows[2], "\t") // http://www.moria.de/~michael/deroff/
	if f[1] != "invalid:20" || !strings.Contains(f[2], `found "~"`) || f[3] != "valid" || f[4] != "" {
		t.Errorf("row %q", rows[2])
	}
	causes := readFile(t, summary)
	lines := strings.Split(strings.TrimSuffix(causes, "\n"), "\n")
	if lines[0] != "version\trule\tshared\tin\tfound\tcount\texample\treason" || len(lines) != 1+len(smallDisagreements)+2 {
		t.Errorf("summary file:\n%s", causes)
	}
}

// TestCompareJSONRecords: each record says its type; an accepted verdict names the rule that
// accepted it (for RFC 1738's default reading, the scheme's rule); a refused one the rule it left.
func TestCompareJSONRecords(t *testing.T) {
	rows, sum := compareJSON(t, "http://a/b\nftp://h/p\nhttp://a/~b\n", "-g", "rfc1738,draft2003")
	want := [][2]string{{"httpurl", "URI-reference"}, {"ftpurl", "URI-reference"}, {"httpurl", "URI-reference"}}
	for i, r := range rows {
		if r.Type != "input" || r.Verdicts[0].Rule != want[i][0] || r.Verdicts[1].Rule != want[i][1] {
			t.Errorf("%q: type %q, rules %q %q, want %q", r.Input, r.Type, r.Verdicts[0].Rule, r.Verdicts[1].Rule, want[i])
		}
	}
	if sum.Type != "summary" || sum.Inputs != 3 || len(sum.Sets) != 2 {
		t.Errorf("summary %+v", sum)
	}
}

// TestCompareJSONInvalidUTF8: JSON text cannot carry a byte that is not UTF-8; input_bytes holds
// the exact bytes, and the offset points into them.
func TestCompareJSONInvalidUTF8(t *testing.T) {
	rows, sum := compareJSON(t, "http://a/\xff\n", "-g", "rfc3986")
	if c := sum.Causes[0]; string(c.ExampleBytes) != "http://a/\xff" || c.ExampleBytes[c.Offset] != 0xff {
		t.Errorf("cause %+v", c)
	}
	r := rows[0]
	if string(r.InputBytes) != "http://a/\xff" || r.Input != "http://a/\ufffd" {
		t.Fatalf("input %q, input_bytes %q", r.Input, r.InputBytes)
	}
	if off := *r.Verdicts[0].Offset; r.InputBytes[off] != 0xff {
		t.Errorf("offset %d is not the 0xff byte", off)
	}
	out, _, _ := runCLI(t, "", "check", "-g", "rfc3986", "--format", "json", "--", "http://a/\xff")
	var c checkResult
	if err := json.Unmarshal([]byte(out), &c); err != nil || string(c.InputBytes) != "http://a/\xff" || c.InputBytes[*c.Verdicts[0].Offset] != 0xff {
		t.Errorf("check --json: %v %+v", err, c)
	}
	rows, _ = compareJSON(t, "http://a/é\n", "-g", "rfc3986")
	if rows[0].InputBytes != nil {
		t.Errorf("input_bytes for valid UTF-8: %q", rows[0].InputBytes)
	}
}

// TestMarkdownCode: a backtick in an input is shown as itself, in a code span fenced by more
// backticks than it holds (CommonMark, "Code spans"), and "|" is escaped for the table.
func TestMarkdownCode(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://a/b", "`http://a/b`"},
		{"http://a/`b", "`` http://a/`b ``"},
		{"a``b`", "``` a``b` ```"},
		{"a|b", "`a\\|b`"},
		{"a\x00\"b", "`a\\x00\"b`"},
		{"", "*(empty)*"},
		{" a", "`  a `"},
		{"  ", "`  `"},
	} {
		if got := compare.MarkdownCode(c.in); got != c.want {
			t.Errorf("MarkdownCode(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	out, _, _ := runCLI(t, "http://a/`b\n", "compare", "-g", "rfc1738,draft2003", "--format", "markdown")
	if !strings.Contains(out, "| `` http://a/`b `` |") || strings.Contains(out, "'") {
		t.Errorf("markdown:\n%s", out)
	}
}

// jsonInput reads an input's line of compare's JSON Lines, as a program would.
type jsonInput struct {
	Type, Input, Source string
	InputBytes          []byte `json:"input_bytes"`
	Verdicts            []jsonVerdict
}

type jsonVerdict struct {
	Version, Rule, In, Message string
	Valid                      bool
	Offset                     *int
	Expected                   []string
}

// jsonSummaryLine reads the last line of compare's JSON Lines, as a program would from the
// format the README documents (encoding/json matches member names to fields in any case).
type jsonSummaryLine struct {
	Type, Shown  string
	Read, Inputs int
	Targets      []struct {
		Version, Rule string
		Accepted      int
	}
	Pairs []struct {
		First, Second string
		Both, Neither int
		OnlyFirst     int `json:"only_first"`
		OnlySecond    int `json:"only_second"`
	}
	Sets []struct {
		Accepting []string
		Count     int
	}
	Causes []jsonCause
}

type jsonCause struct {
	Version, Rule, In, Found, Example, Message string
	Shared                                     bool
	Count, Offset                              int
	ExampleBytes                               []byte `json:"example_bytes"`
	Expected                                   []string
}
