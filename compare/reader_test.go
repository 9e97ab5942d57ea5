package compare_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// goURL is Go's net/url as a compare.Reader, as a caller supplies one; its reading is the
// *url.URL.
type goURL struct{}

func (goURL) ID() string             { return "gourl" }
func (goURL) Name() string           { return "Go's net/url" }
func (goURL) Normalizations() string { return "decode-host" }
func (goURL) Read(s string) (any, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err.(*url.Error).Err
	}
	return u, nil
}

// hostDiff is a Differential of the host alone: a grammar's host as written
// (urlgrammar.Parse), net/url's as its Hostname. It counts its calls.
type hostDiff struct{}

func (hostDiff) Differ(s string, targets []compare.Target, readings []any, pairs [][2]int) [][]compare.Disagreement {
	host := func(i int) string {
		if targets[i].IsReader() {
			return readings[i].(*url.URL).Hostname()
		}
		u, err := urlgrammar.Parse(targets[i].Version, s)
		if err != nil {
			return ""
		}
		return u.Authority().Host.Text
	}
	out := make([][]compare.Disagreement, len(pairs))
	for k, p := range pairs {
		if a, b := host(p[0]), host(p[1]); a != b {
			out[k] = []compare.Disagreement{{Field: "host", Cause: "percent-encoding", A: compare.Component{Present: true, Text: a},
				B: compare.Component{Present: true, Text: b}, Excerpts: []compare.Excerpt{{Document: "RFC 3986", Section: "section 3.2.2", Words: "The host subcomponent is case-insensitive."}}}}
		}
	}
	return out
}

// readerTargets are RFC 3986's default reading and net/url.
func readerTargets() []compare.Target {
	return append(compare.ReferenceTargets(urlgrammar.RFC3986), compare.ReaderTargets(goURL{})...)
}

// The inputs of the differential tests. RFC 3986 section 3.2.2 allows a percent-encoded
// reg-name; net/url decodes it (its Hostname of "http://%C3%A9/" is "é"). net/url refuses a
// port that is not a number, which RFC 3986's port (*DIGIT) refuses too; it refuses a space in
// the host, which RFC 3986 does; but it takes a space in the path, which RFC 3986 refuses, and
// refuses a percent-encoded ASCII letter in the host, which RFC 3986 takes.
var readerInputs = []string{"http://example.com/", "http://%C3%A9/", "http://a:b/", "http://a b/", "http://%41/", "mailto:a@b", "http://a/b c"}

func TestReaderTarget(t *testing.T) {
	targets := readerTargets()
	if err := compare.CheckTargets(targets); err != nil {
		t.Fatal(err)
	}
	c, err := compare.Compare(targets, "http://a/%zz", 0)
	if err != nil {
		t.Fatal(err)
	}
	// RFC 3986 section 2.1: a "%" is followed by two hexadecimal digits; net/url agrees.
	var re *compare.ReadError
	if c.Accepted(0) || !errors.As(c.Err(1), &re) || re.Reader != "gourl" || !strings.Contains(re.Error(), "invalid URL escape") {
		t.Errorf("http://a/%%zz: %v, %v; want both refusals, net/url's a *ReadError", c.Err(0), c.Err(1))
	}
	if got := targets[1].String(); got != "gourl" {
		t.Errorf("String() = %q, want the reader's ID", got)
	}
	for _, bad := range [][]compare.Target{
		compare.ReaderTargets(goURL{}, goURL{}),
		compare.ReaderTargets(namedAs("rfc3986")),
		compare.ReaderTargets(namedAs("")),
	} {
		if compare.CheckTargets(bad) == nil {
			t.Errorf("CheckTargets(%v) = nil, want an error", bad)
		}
	}
}

// namedAs is a reader with another ID.
type namedAs string

func (n namedAs) ID() string             { return string(n) }
func (namedAs) Name() string             { return "a reader" }
func (namedAs) Normalizations() string   { return "" }
func (namedAs) Read(string) (any, error) { return nil, nil }

// differentialReport writes the report of readerInputs in format f, and returns it and its
// summary.
func differentialReport(t *testing.T, f compare.Format, diff bool) (string, *compare.Summary) {
	t.Helper()
	var b strings.Builder
	w := bufio.NewWriter(&b)
	r := compare.Report{Targets: readerTargets(), Differential: hostDiff{}, Diff: diff, Why: true}
	r.WriteHeader(w, f)
	inputs := func(yield func(string, string) bool) {
		for _, s := range readerInputs {
			if !yield(s, "") {
				return
			}
		}
	}
	s, err := r.WriteRows(w, f, inputs, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.WriteSummary(w, f, s)
	w.Flush()
	return b.String(), s
}

func TestDifferentialSummary(t *testing.T) {
	_, s := differentialReport(t, compare.FormatJSON, false)
	// Both accept http://example.com/ and http://%C3%A9/ and mailto:a@b (no host in either);
	// they read the host of the second alone differently.
	p := s.Pairs[0]
	if p.Both != 3 || p.Interpreted != 3 || p.Alike != 2 {
		t.Errorf("pair: both %d, interpreted %d, alike %d; want 3, 3, 2", p.Both, p.Interpreted, p.Alike)
	}
	want := []*compare.Difference{{First: s.Targets[0], Second: s.Targets[1], Field: "host", Cause: "percent-encoding", Count: 1,
		Example: "http://%C3%A9/", A: compare.Component{Present: true, Text: "%C3%A9"}, B: compare.Component{Present: true, Text: "é"},
		Excerpts: []compare.Excerpt{{Document: "RFC 3986", Section: "section 3.2.2", Words: "The host subcomponent is case-insensitive."}}}}
	if diff := cmp.Diff(want, s.Differences(), cmp.Comparer(func(a, b compare.Target) bool { return a.String() == b.String() }),
		cmp.AllowUnexported(compare.Difference{})); diff != "" {
		t.Errorf("Differences (-want +got):\n%s", diff)
	}
	if got := s.ByField()[0]["host"]; got != 1 {
		t.Errorf("ByField host = %d, want 1", got)
	}
	// With Diff, the input they read differently is shown though both accept it.
	_, d := differentialReport(t, compare.FormatJSON, true)
	if d.Inputs != 3 || d.Pairs[0].Interpreted != 1 {
		t.Errorf("--diff: %d inputs, %d interpreted; want 3 (2 verdicts apart, 1 host apart), 1", d.Inputs, d.Pairs[0].Interpreted)
	}
}

func TestDifferentialJSON(t *testing.T) {
	_, s := differentialReport(t, compare.FormatJSON, false)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, member := range []string{`"reader":"gourl"`, `"normalizations":"decode-host"`, `"interpreted":3`, `"alike":2`,
		`"differences":[{"first":"rfc3986","second":"gourl","field":"host","cause":"percent-encoding","count":1`} {
		if !strings.Contains(string(data), member) {
			t.Errorf("the JSON form lacks %s:\n%s", member, data)
		}
	}
	var back compare.Summary
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	again, err := json.Marshal(&back)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(data), string(again)); diff != "" {
		t.Errorf("the JSON form read back and written again differs (-first +again):\n%s", diff)
	}
	// A summary read back merges with one made by a run, whose reader reads.
	if err := back.Merge(s); err != nil {
		t.Fatal(err)
	}
	if d := back.Differences(); len(d) != 1 || d[0].Count != 2 || back.Pairs[0].Alike != 4 {
		t.Errorf("merged: %v, alike %d; want the one difference counted twice, alike 4", d, back.Pairs[0].Alike)
	}
	// A summary of grammars alone says nothing of readers.
	plain, err := json.Marshal(summarize(t, compare.ReferenceTargets(urlgrammar.RFC3986), readerInputs))
	if err != nil {
		t.Fatal(err)
	}
	for _, member := range []string{`"reader"`, `"differences"`, `"interpreted"`} {
		if strings.Contains(string(plain), member) {
			t.Errorf("a summary of grammars has %s:\n%s", member, plain)
		}
	}
}

func TestDifferentialMerge(t *testing.T) {
	targets := readerTargets()
	whole, parts := compare.NewSummary(targets), []*compare.Summary{compare.NewSummary(targets), compare.NewSummary(targets)}
	for i, in := range readerInputs {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		c = compare.Interpret(c, targets, hostDiff{})
		whole.Add(c)
		parts[i*2/len(readerInputs)].Add(c)
	}
	merged := compare.NewSummary(targets)
	for _, p := range parts {
		if err := merged.Merge(p); err != nil {
			t.Fatal(err)
		}
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(merged)
	if diff := cmp.Diff(string(a), string(b)); diff != "" {
		t.Errorf("the merge of the halves is not the summary of the whole (-whole +merged):\n%s", diff)
	}
}

func TestDifferentialFormats(t *testing.T) {
	for f, want := range map[compare.Format][]string{
		compare.FormatText: {"host: rfc3986 \"%C3%A9\", gourl \"é\" (percent-encoding)", "gourl refuses it: invalid URL escape",
			"gourl (Go's net/url) normalizes: decode-host", "rfc3986    gourl            3       2  host 1",
			`RFC 3986 section 3.2.2: "The host subcomponent is case-insensitive."`},
		compare.FormatMarkdown: {"| rfc3986 | gourl | 3 | 2 | host 1 |", "| rfc3986 | gourl | host | percent-encoding | 1 | `http://%C3%A9/` | `%C3%A9` | `\\u00e9` |"},
		compare.FormatTSV:      {"\tcomponents read differently\t", "host: rfc3986 \"%C3%A9\", gourl \"é\" (percent-encoding)", "rfc3986\tgourl\thost\tpercent-encoding\t1\thttp://%C3%A9/"},
		compare.FormatJSON:     {`"differences":[{"first":"rfc3986","second":"gourl","field":"host","cause":"percent-encoding","a":{"present":true,"text":"%C3%A9"}`, `{"reader":"gourl","rule":"","valid":false`},
		compare.FormatHTML:     {`<section id="interpretation">`, `data-key="pair/rfc3986/gourl/alike">2<`, "<td>rfc3986 · gourl</td><td>host: percent-encoding</td>"},
	} {
		got, _ := differentialReport(t, f, false)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: the report lacks %q:\n%s", f, w, got)
			}
		}
	}
}
