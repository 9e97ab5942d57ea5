package urlgrammar_test

import (
	"errors"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
	"github.com/urlgrammar/urlgrammar/grammar"
)

// A rulePart is one match of a grammar rule in a parse: the rule's name in the document and
// the text it matched.
type rulePart struct {
	Rule, Text string
}

// ruleParts parses input with v's start rule start and returns the matches of the named
// rules in the order of the parse tree: input order, a match before the matches inside it.
// The tests use it to check which rule of the document the parser gives which text.
func ruleParts(t *testing.T, v urlgrammar.Version, start, input string, rules ...string) []rulePart {
	t.Helper()
	root, err := urlgrammar.ParseTreeRule(v, start, input, 0)
	if err != nil {
		t.Fatalf("%v %s %q: %v", v, start, input, err)
	}
	want := map[string]bool{}
	for _, r := range rules {
		want[r] = true
	}
	parts := []rulePart{} // empty, not nil, when no rule matched
	inspect(root, func(n *urlgrammar.Node) bool {
		if n != nil && want[n.Rule] {
			parts = append(parts, rulePart{n.Rule, n.Text})
		}
		return true
	})
	return parts
}

var oracles struct {
	sync.Mutex
	byVersion map[urlgrammar.Version]*conformance.Grammar
}

// oracle returns the conformance engine's recognizer of v's grammar as printed
// (grammar/<id>.bnf): the oracle of the generated parsers and of the diagnosis engine.
func oracle(v urlgrammar.Version) (*conformance.Grammar, error) {
	oracles.Lock()
	defer oracles.Unlock()
	if g, ok := oracles.byVersion[v]; ok {
		return g, nil
	}
	name := v.String() + ".bnf"
	src, err := grammar.Files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	g, err := conformance.ParseBNF(name, src)
	if err != nil {
		return nil, err
	}
	if oracles.byVersion == nil {
		oracles.byVersion = map[urlgrammar.Version]*conformance.Grammar{}
	}
	oracles.byVersion[v] = g
	return g, nil
}

// bnfOf is oracle for a test.
func bnfOf(t *testing.T, v urlgrammar.Version) *conformance.Grammar {
	t.Helper()
	g, err := oracle(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A verdictCase is one input held to one rule of a version's grammar, with the verdict the
// document gives it and why: where the document says so, when it is not plain from the BNF.
type verdictCase struct {
	rule, input string
	valid       bool
	why         string
}

// checkVerdicts holds every case to its rule under v (expectVerdict).
func checkVerdicts(t *testing.T, v urlgrammar.Version, cases []verdictCase) {
	t.Helper()
	for _, c := range cases {
		expectVerdict(t, v, c.rule, c.input, c.valid, c.why)
	}
}

// A referenceRow is one input with its verdict under the first three start rules of RFC 1808
// or the 1997 draft: the reference rule (URL, URL-reference), which is also the default rule,
// absoluteURL and relativeURL.
type referenceRow struct {
	in            string
	ref, abs, rel bool
}

// check holds the row to its three rules under v, and to Validate.
func (r referenceRow) check(t *testing.T, v urlgrammar.Version, why string) {
	t.Helper()
	rules := v.Spec().StartRules
	expectVerdict(t, v, rules[0], r.in, r.ref, why)
	expectVerdict(t, v, rules[1], r.in, r.abs, why)
	expectVerdict(t, v, rules[2], r.in, r.rel, why)
	if got := urlgrammar.Validate(v, r.in) == nil; got != r.ref {
		t.Errorf("%v Validate(%q) (%s): %v, want %v (the default rule is %s)", v, r.in, why, got, r.ref, rules[0])
	}
}

// expectVerdict checks that v's rule accepts in (want) or rejects it with a *SyntaxError for
// that version, rule and input, that MatchRule gives the same verdict, and that so does the
// recognizer over the version's .bnf (for inputs up to 4 KiB: it is not meant for megabytes),
// so that a wrong hand reading of the BNF shows. why says where the expectation comes from.
func expectVerdict(t *testing.T, v urlgrammar.Version, rule, in string, want bool, why string) {
	t.Helper()
	err := urlgrammar.ValidateRule(v, rule, in, 0)
	if want && err != nil {
		t.Errorf("%v %s %q (%s): %v, want valid", v, rule, in, why, err)
	}
	if !want {
		var se *urlgrammar.SyntaxError
		if !errors.As(err, &se) || se.Version != v || se.Rule != rule || se.Input != in {
			t.Errorf("%v %s %q (%s): got %#v, want a *SyntaxError for that version, rule and input", v, rule, in, why, err)
		}
	}
	if got := urlgrammar.MatchRule(v, rule, in, 0); got != want {
		t.Errorf("%v %s %q (%s): MatchRule %v, want %v", v, rule, in, why, got, want)
	}
	if len(in) <= 1<<12 {
		if got := bnfOf(t, v).Recognize(rule, in); got != want {
			t.Errorf("%v %s %q (%s): the BNF recognizer says %v, want %v", v, rule, in, why, got, want)
		}
	}
}

// inspect traverses the tree rooted at node depth-first, in input order, as go/ast.Inspect
// does: f(node), and if f returns true, each child, then f(nil). It reaches the nodes by
// Children alone, the tests' second way through a tree beside Preorder.
func inspect(node urlgrammar.Node, f func(*urlgrammar.Node) bool) {
	if !f(&node) {
		return
	}
	for c := range node.Children() {
		inspect(c, f)
	}
	f(nil)
}
