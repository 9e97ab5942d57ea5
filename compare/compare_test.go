package compare_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/compare"
)

// TestSummaryCausesAndSets: a rejection that another target does not share is a cause of a
// disagreement, listed before the causes every target shares; Sets counts the inputs per set of
// accepting targets.
func TestSummaryCausesAndSets(t *testing.T) {
	targets := compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	s := compare.NewSummary(targets)
	for _, in := range []string{
		"http://a/~b",  // RFC 1738 section 2.2: "~" is unsafe; the 2003 draft section 2.3: unreserved
		"http://a/~c",  // the same cause again
		"1abc:x",       // the 2003 draft section 3.1: a scheme begins with ALPHA; RFC 1738's may not
		"http://a/b#f", // neither absolute rule has a fragment
		"http://a/b",   // both accept
		"http://a/c#g", // neither, for the same cause
	} {
		c, err := compare.Compare(targets, in, 0)
		if err != nil {
			t.Fatal(err)
		}
		s.Add(c)
	}
	type cause struct {
		Version string
		Found   string
		Shared  bool
		Count   int
	}
	var got []cause
	for _, c := range s.Causes() {
		got = append(got, cause{c.Target.Version.String(), c.Found, c.Shared, c.Count})
	}
	want := []cause{
		{"rfc1738", "~", false, 2},
		{"draft2003", "digit", false, 1},
		{"rfc1738", "#", true, 2},
		{"draft2003", "#", true, 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("causes (-want +got):\n%s", diff)
	}
	wantSets := []compare.SetCount{
		{Accepting: []bool{false, false}, Count: 2}, // ties: by the set as a binary number, target 0 its lowest bit
		{Accepting: []bool{false, true}, Count: 2},
		{Accepting: []bool{true, false}, Count: 1},
		{Accepting: []bool{true, true}, Count: 1},
	}
	if diff := cmp.Diff(wantSets, s.Sets()); diff != "" {
		t.Errorf("sets (-want +got):\n%s", diff)
	}
}

// TestTargetRuleFor: the default reading of RFC 1738 holds a URL of one of its schemes to that
// scheme's rule (section 5), and any other to genericurl; a target with a rule names it.
func TestTargetRuleFor(t *testing.T) {
	for _, c := range []struct {
		target compare.Target
		in     string
		want   string
	}{
		{compare.Target{Version: urlgrammar.RFC1738}, "http://a/b", "httpurl"},
		{compare.Target{Version: urlgrammar.RFC1738}, "ftp://h/p", "ftpurl"},
		{compare.Target{Version: urlgrammar.RFC1738}, "z39.50s://h/p", "genericurl"},
		{compare.Target{Version: urlgrammar.RFC3986}, "http://a/b", urlgrammar.RFC3986.Spec().DefaultRule},
		{compare.Target{Version: urlgrammar.RFC3986, Rule: "absolute-URI"}, "http://a/b", "absolute-URI"},
	} {
		if got := c.target.RuleFor(c.in, 0); got != c.want {
			t.Errorf("%v.RuleFor(%q) = %q, want %q", c.target, c.in, got, c.want)
		}
	}
}

// TestZeroSummary: a zero Summary is usable and never panics.
func TestZeroSummary(t *testing.T) {
	two := compare.AbsoluteTargets(urlgrammar.RFC3986, urlgrammar.RFC1738)
	three := compare.AbsoluteTargets(urlgrammar.RFC3986, urlgrammar.RFC1738, urlgrammar.Draft2003)
	judge := func(targets []compare.Target, s string) compare.Comparison {
		c, err := compare.Compare(targets, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	// A zero Summary takes its shape from the first comparison: "~" is unreserved in RFC 3986
	// (section 2.3) and unsafe in RFC 1738 (section 2.2).
	var s compare.Summary
	s.Add(judge(two, "http://x/~"))
	s.Add(judge(three, "http://y/"))
	if s.Inputs != 2 || len(s.Accepted) != 2 || s.Accepted[0] != 2 || s.Accepted[1] != 1 {
		t.Errorf("zero Summary after two comparisons: %d inputs, accepted %v", s.Inputs, s.Accepted)
	}
	if len(s.Pairs) != 1 || s.Pairs[0].Both != 1 || s.Pairs[0].OnlyFirst != 1 {
		t.Errorf("zero Summary: pairs %+v", s.Pairs)
	}
	if cs := s.Causes(); len(cs) != 1 || cs[0].Found != "~" || cs[0].Count != 1 {
		t.Errorf("zero Summary: causes %+v", cs)
	}
	// A summary of three targets counts a comparison of two in those two, and its pairs.
	sum := compare.NewSummary(three)
	sum.Add(judge(compare.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.RFC3986), "http://x/~"))
	counts := func(p compare.PairCount) [4]int { return [4]int{p.Both, p.OnlyFirst, p.OnlySecond, p.Neither} }
	if sum.Accepted[1] != 1 || counts(sum.Pairs[0]) != [4]int{0, 0, 1, 0} || counts(sum.Pairs[1]) != [4]int{} || counts(sum.Pairs[2]) != [4]int{} {
		t.Errorf("three-target Summary, two verdicts: accepted %v, pairs %+v", sum.Accepted, sum.Pairs)
	}
}

// TestParseVersions: a -g list, its spaces trimmed; empty names none (every version to
// ReferenceTargets); an unknown or repeated version is an error.
func TestParseVersions(t *testing.T) {
	vs, err := compare.ParseVersions("rfc1738, draft2003")
	if err != nil || len(vs) != 2 || vs[0] != urlgrammar.RFC1738 || vs[1] != urlgrammar.Draft2003 {
		t.Errorf("got %v, %v", vs, err)
	}
	if vs, err := compare.ParseVersions(""); vs != nil || err != nil {
		t.Errorf("empty list: %v, %v", vs, err)
	}
	for _, list := range []string{"rfc3986,nope", "rfc3986,rfc1738,rfc3986", ","} {
		if vs, err := compare.ParseVersions(list); err == nil {
			t.Errorf("%q: %v, no error", list, vs)
		}
	}
}

// TestNewTargetRuleCase: the ABNF documents' rule names are case-insensitive (RFC 2234 section
// 2.1, RFC 5234 section 2.1), so NewTarget finds their rule in any case and names it as the
// document writes it; the older documents' BNF says nothing of the kind, and their names keep
// their case.
func TestNewTargetRuleCase(t *testing.T) {
	for _, c := range []struct {
		v          urlgrammar.Version
		rule, want string // want "" for an error
	}{
		{urlgrammar.RFC3986, "uri-reference", "URI-reference"}, // RFC 3986 section 4.1
		{urlgrammar.Draft2003, "ABSOLUTE-URI", "absolute-URI"}, // the 2003 draft section 3
		{urlgrammar.RFC3986, "", ""},                           // the default reading
		{urlgrammar.RFC1738, "URL", ""},                        // RFC 1738 section 5 writes "url"
		{urlgrammar.RFC1808, "url", ""},                        // RFC 1808 section 2.2 writes "URL"
		{urlgrammar.RFC3986, "no-such-rule", ""},
	} {
		target, err := compare.NewTarget(c.v, c.rule)
		switch {
		case c.want == "" && c.rule != "" && err == nil:
			t.Errorf("%v %q: %v, no error", c.v, c.rule, target)
		case (c.want != "" || c.rule == "") && (err != nil || target != compare.Target{Version: c.v, Rule: c.want}):
			t.Errorf("%v %q: %v, %v; want rule %q", c.v, c.rule, target, err, c.want)
		}
	}
}

// TestFormatText: a Format is named as "urlgrammar compare --format" takes it, and read back
// from its name; another name is an error.
func TestFormatText(t *testing.T) {
	for f, name := range map[compare.Format]string{compare.FormatText: "text", compare.FormatMarkdown: "markdown",
		compare.FormatTSV: "tsv", compare.FormatJSON: "json", compare.FormatHTML: "html"} {
		var got compare.Format
		if err := got.UnmarshalText([]byte(name)); err != nil || got != f || f.String() != name {
			t.Errorf("%q: read %v (%v), String %q", name, got, err, f.String())
		}
	}
	var f compare.Format
	if err := f.UnmarshalText([]byte("pdf")); err == nil {
		t.Errorf("pdf: %v, no error", f)
	}
}
