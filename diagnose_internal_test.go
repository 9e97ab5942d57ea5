package urlgrammar

import (
	"slices"
	"sync"
	"testing"

	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// TestPrecomputedAutomata: every start rule of every version has its diagnosis automaton in
// the generated package, exactly the one compiled from the version's BNF (so the engine that
// the conformance tests check through the library is the BNF's), every rule diagnosed by
// default is among them, and no other rule is.
func TestPrecomputedAutomata(t *testing.T) {
	for _, v := range Versions() {
		info := v.info()
		src, err := grammar.Files.ReadFile(v.String() + ".bnf")
		if err != nil {
			t.Fatal(err)
		}
		g, err := bnf.Parse(v.String()+".bnf", src)
		if err != nil {
			t.Fatal(err)
		}
		defaults := []string{info.grammar.Starts[0], info.absoluteRule, info.otherRule}
		for _, sr := range info.schemeRules {
			defaults = append(defaults, sr.rule)
		}
		for _, r := range defaults {
			if r != "" && !slices.Contains(info.grammar.Starts, r) {
				t.Errorf("%v: %s is diagnosed by default but is no start rule: it has no precomputed automaton", v, r)
			}
		}
		for _, r := range info.grammar.DocumentRules {
			enc := encodedAutomaton(v, r)
			if !slices.Contains(info.grammar.Starts, r) {
				if enc != "" {
					t.Errorf("%v: %s is no start rule but has a precomputed automaton", v, r)
				}
				continue
			}
			a, err := diagnosis.Compile(g, r)
			if err != nil {
				t.Fatal(err)
			}
			want, err := a.Encode()
			if err != nil {
				t.Fatal(err)
			}
			d, err := diagnosis.Decode(enc)
			if err != nil {
				t.Errorf("%v %s: the precomputed automaton: %v", v, r, err)
				continue
			}
			if got, err := d.Encode(); err != nil || got != want {
				t.Errorf("%v %s: the precomputed automaton is not the BNF's (%d bytes, want %d; go generate)", v, r, len(got), len(want))
			}
		}
	}
}

// TestRejectionReadsNoBNF: a rejection under a start rule decodes the precomputed automaton
// and leaves the BNF unread; one under another rule compiles from the BNF.
func TestRejectionReadsNoBNF(t *testing.T) {
	for _, v := range Versions() {
		d := &diagnosers[v]
		reset := func() {
			d.byRule.Store(nil)
			d.once, d.grammar, d.err = sync.Once{}, nil, nil
		}
		reset()
		for _, s := range []string{"\x00", "http://a/<", "url:http://a b", "ftp://a/\x7f", "news:<"} {
			if Validate(v, s) == nil {
				t.Fatalf("%v: %q accepted", v, s)
			}
		}
		if d.grammar != nil {
			t.Errorf("%v: a rejection under the default rule read the BNF", v)
		}
		var other string
		for _, r := range v.Spec().Rules {
			if !slices.Contains(v.Spec().StartRules, r) {
				other = r
				break
			}
		}
		if err := ValidateRule(v, other, "\x00", 0); err == nil {
			t.Fatalf("%v %s: NUL accepted", v, other)
		}
		if d.grammar == nil {
			t.Errorf("%v: a rejection under %s did not compile its automaton from the BNF", v, other)
		}
		reset()
	}
}
