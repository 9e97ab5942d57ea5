package urlgrammar_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlgrammar/urlgrammar"
	"github.com/urlgrammar/urlgrammar/conformance"
)

// TestEngineError makes the two engines disagree, by giving RFC 3986's port a diagnosis
// automaton of another grammar, and checks that the disagreement is reported as an internal
// error with both verdicts, never as a diagnosis of the input. RFC 3986 section 3.2.3:
// port = *DIGIT.
func TestEngineError(t *testing.T) {
	defer urlgrammar.DropAutomata()
	v := urlgrammar.RFC3986
	for _, tc := range []struct {
		automaton string // the grammar the planted automaton is compiled from
		input     string
		parser    bool // the generated parser's verdict on input, from port = *DIGIT
		validate  bool // whether ValidateRule reports the disagreement (on a rejection only)
	}{
		{"port = *( %x30-39 / \"x\" )", "8x", false, true},
		{"port = 1*%x30-39", "", true, false},
		{"port = 1*%x30-39", "80", true, false}, // agree
	} {
		if err := urlgrammar.SetAutomaton(v, "port", "@case sensitive\n"+tc.automaton+"\n"); err != nil {
			t.Fatal(err)
		}
		automaton := strings.Contains(tc.automaton, `"x"`) || tc.input != ""
		var want *urlgrammar.EngineError
		if automaton != tc.parser {
			want = &urlgrammar.EngineError{Version: v, Rule: "port", Input: tc.input, Parser: tc.parser, Automaton: automaton}
		}
		_, _, err := urlgrammar.CheckEngines(v, "port", tc.input, 0)
		var ee *urlgrammar.EngineError
		switch {
		case want == nil && err != nil:
			t.Errorf("%s: CheckEngines(%q) = %v, want nil", tc.automaton, tc.input, err)
		case want != nil && (!errors.As(err, &ee) || *ee != *want):
			t.Errorf("%s: CheckEngines(%q) = %#v, want %#v", tc.automaton, tc.input, err, want)
		}
		err = urlgrammar.ValidateRule(v, "port", tc.input, 0)
		switch {
		case tc.validate:
			var se *urlgrammar.SyntaxError
			if !errors.As(err, &ee) || *ee != *want || errors.As(err, &se) {
				t.Errorf("%s: ValidateRule(%q) = %#v, want %#v and no *SyntaxError", tc.automaton, tc.input, err, want)
				break
			}
			msg := err.Error()
			if !strings.Contains(msg, "internal error") || !strings.Contains(msg, "parser rejects") ||
				!strings.Contains(msg, "automaton accepts") || strings.Contains(msg, "expected") {
				t.Errorf("ValidateRule(%q): message %q does not give both verdicts", tc.input, msg)
			}
		case (err == nil) != tc.parser:
			// On an acceptance only the parser runs: its verdict stands.
			t.Errorf("%s: ValidateRule(%q) = %v, want the parser's verdict %v", tc.automaton, tc.input, err, tc.parser)
		}
	}
}

// TestEnginesAgree holds the two engines to each other on every rule of every version: on
// generated derivations of the rule and near misses of them (the conformance engine's
// generator), and on inputs that once made them disagree. The agreement on every input of
// every test that reaches a rejection is checked by ValidateRule itself.
func TestEnginesAgree(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 6
	}
	hand := []string{"", "%0055", "B%0055", "%002", "%009977", "a/%001x", "http://h/", "%00", "a%00"}
	for _, v := range urlgrammar.Versions() {
		g := bnfOf(t, v)
		for ri, rule := range v.Spec().Rules {
			gen, err := conformance.NewGenerator(g, rule, uint64(ri))
			if err != nil {
				t.Fatal(err)
			}
			inputs := append([]string(nil), hand...)
			for k := 0; k < n; k++ {
				p := gen.Positive()
				inputs = append(inputs, p, gen.NearMiss(p))
			}
			for _, s := range inputs {
				if _, _, err := urlgrammar.CheckEngines(v, rule, s, 0); err != nil {
					t.Error(err)
				}
			}
		}
	}
}
