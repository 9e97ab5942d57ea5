package urlgrammar_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urlgrammar/urlgrammar"
)

// TestSummaryCausesAndSets: a rejection that another target does not share is a cause of a
// disagreement, listed before the causes every target shares; Sets counts the inputs per set of
// accepting targets.
func TestSummaryCausesAndSets(t *testing.T) {
	targets := urlgrammar.AbsoluteTargets(urlgrammar.RFC1738, urlgrammar.Draft2003)
	s := urlgrammar.NewSummary(targets)
	for _, in := range []string{
		"http://a/~b",  // RFC 1738 section 2.2: "~" is unsafe; the 2003 draft section 2.3: unreserved
		"http://a/~c",  // the same cause again
		"1abc:x",       // the 2003 draft section 3.1: a scheme begins with ALPHA; RFC 1738's may not
		"http://a/b#f", // neither absolute rule has a fragment
		"http://a/b",   // both accept
		"http://a/c#g", // neither, for the same cause
	} {
		c, err := urlgrammar.Compare(targets, in)
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
	wantSets := []urlgrammar.SetCount{
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
		target urlgrammar.Target
		in     string
		want   string
	}{
		{urlgrammar.Target{Version: urlgrammar.RFC1738}, "http://a/b", "httpurl"},
		{urlgrammar.Target{Version: urlgrammar.RFC1738}, "ftp://h/p", "ftpurl"},
		{urlgrammar.Target{Version: urlgrammar.RFC1738}, "z39.50s://h/p", "genericurl"},
		{urlgrammar.Target{Version: urlgrammar.RFC3986}, "http://a/b", urlgrammar.RFC3986.DefaultRule()},
		{urlgrammar.Target{Version: urlgrammar.RFC3986, Rule: "absolute-URI"}, "http://a/b", "absolute-URI"},
	} {
		if got := c.target.RuleFor(c.in); got != c.want {
			t.Errorf("%v.RuleFor(%q) = %q, want %q", c.target, c.in, got, c.want)
		}
	}
}
