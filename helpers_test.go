package urlgrammar_test

import (
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
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
	root, err := urlgrammar.ParseTreeRule(v, start, input)
	if err != nil {
		t.Fatalf("%v %s %q: %v", v, start, input, err)
	}
	want := map[string]bool{}
	for _, r := range rules {
		want[r] = true
	}
	parts := []rulePart{} // empty, not nil, when no rule matched
	urlgrammar.Inspect(root, func(n *urlgrammar.Node) bool {
		if n != nil && want[n.Rule] {
			parts = append(parts, rulePart{n.Rule, n.Text})
		}
		return true
	})
	return parts
}

// bnfOf returns the conformance engine's recognizer of v's grammar as printed
// (grammar/<id>.bnf), the one that the error path of Validate asks.
func bnfOf(t *testing.T, v urlgrammar.Version) *conformance.Grammar {
	t.Helper()
	g, err := urlgrammar.BNF(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
