package conformance

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCheckAgreesWithItself(t *testing.T) {
	g := loadFixture(t)
	rep := Check(g, "URI-reference", func(s string) bool { return g.Recognize("URI-reference", s) },
		Config{N: 3000, Seed: 1, Inputs: []string{"http://a/b/c/d;p?q", "../g", "", "a b"}})
	if rep.DisagreementCount != 0 || rep.Agreements != rep.Samples || rep.Samples != 3004 ||
		rep.Positives+rep.Negatives != rep.Samples || rep.Negatives == 0 || rep.Positives == 0 {
		t.Errorf("report:\n%s", rep)
	}
	// Every alternative of RFC 3986's grammar reachable from URI-reference is exercised.
	c := rep.Coverage
	if len(c.Unexercised) > 0 || c.RulesExercised != c.Rules || c.AlternativesExercised != c.Alternatives {
		t.Errorf("coverage: %+v", c)
	}
	// absolute-URI, path, reserved and gen-delims are not reachable from URI-reference.
	if c.Rules != len(g.bnf.Reachable("URI-reference")) || c.Rules != len(g.Rules())-4 {
		t.Errorf("%d reachable rules of %d", c.Rules, len(g.Rules()))
	}
}

func TestCheckFindsAndMinimizes(t *testing.T) {
	g := loadFixture(t)
	src := strings.Replace(mustRead(t, "testdata/rfc3986.bnf"), `/ "25" %x30-35          ; 250-255`, "", 1)
	bad := mustParse(t, src) // a "PEG" that lost dec-octet's 250-255
	rep := Check(g, "URI", func(s string) bool { return bad.Recognize("URI", s) }, Config{N: 4000, Seed: 1})
	if rep.DisagreementCount == 0 || len(rep.Disagreements) == 0 {
		t.Fatalf("no disagreement found:\n%s", rep)
	}
	for _, d := range rep.Disagreements {
		if !d.BNF || d.PEG || !g.Recognize("URI", d.Input) || bad.Recognize("URI", d.Input) {
			t.Errorf("not a counterexample: %v", d)
		}
		if !strings.Contains(d.Input, "25") {
			t.Errorf("counterexample %q does not hold a 25x octet", d.Input)
		}
		// 1-minimal: removing any byte loses the disagreement.
		for i := range d.Input {
			s := d.Input[:i] + d.Input[i+1:]
			if g.Recognize("URI", s) && !bad.Recognize("URI", s) {
				t.Errorf("%q is not minimal: %q disagrees too", d.Input, s)
				break
			}
		}
	}
	// The smallest disagreement is an IPv4address in an IPv6address (a bare one is a reg-name).
	if d := rep.Disagreements[0]; !strings.Contains(d.Input, "[::") {
		t.Errorf("first counterexample %q", d.Input)
	}
}

func TestCheckPanicsAndOracle(t *testing.T) {
	g := mustParse(t, "@case sensitive\ns = 1*( \"a\" / \"b\" )\n")
	peg := func(s string) bool {
		if strings.Contains(s, "bb") {
			panic("boom")
		}
		return g.Recognize("s", s)
	}
	rep := Check(g, "s", peg, Config{N: 500, Seed: 2, Inputs: []string{"abba"}})
	want := Disagreement{Input: "bb", Original: "abba", BNF: true, PEG: false, Panic: "boom"}
	if len(rep.Disagreements) == 0 || !reflect.DeepEqual(rep.Disagreements[0], want) {
		t.Errorf("disagreements: %v", rep.Disagreements)
	}
	if !strings.Contains(rep.String(), `counterexample "bb": BNF accepts, PEG panics: boom (minimized from "abba")`) {
		t.Errorf("report text:\n%s", rep)
	}
	// With an oracle, the oracle's verdict is the reference.
	rep = Check(g, "s", func(string) bool { return false }, Config{N: 200, Seed: 2, Oracle: func(string) bool { return false }})
	if rep.DisagreementCount != 0 || rep.Positives != 0 {
		t.Errorf("oracle ignored:\n%s", rep)
	}
}

func TestCoverageNames(t *testing.T) {
	g := mustParse(t, `@case sensitive
s = a | b | "c"
a = "x" | "y"
b = "z" d
d = "1" | "2"
`)
	rep := Check(g, "s", func(s string) bool { return g.Recognize("s", s) }, Config{N: -1, Inputs: []string{"x", "c", "q"}})
	want := Coverage{Rules: 4, RulesExercised: 2, Alternatives: 8, AlternativesExercised: 3,
		Unexercised: []string{"s/2", "a/2", "b", "d"}}
	if diff := cmp.Diff(want, rep.Coverage); diff != "" {
		t.Errorf("coverage (-want +got):\n%s", diff)
	}
	if rep.Samples != 3 || rep.Positives != 2 {
		t.Errorf("report:\n%s", rep)
	}
	if !strings.Contains(rep.String(), "coverage: 2/4 rules, 3/8 alternatives; unexercised: s/2, a/2, b, d") {
		t.Errorf("report text:\n%s", rep)
	}
}
