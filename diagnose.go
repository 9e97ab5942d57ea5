package urlgrammar

import (
	"maps"
	"sync"
	"sync/atomic"

	"github.com/urlgrammar/urlgrammar/grammar"
	"github.com/urlgrammar/urlgrammar/internal/bnf"
	"github.com/urlgrammar/urlgrammar/internal/diagnosis"
)

// diagnosers holds, per version, its grammar as printed (grammar/<id>.bnf, read on the first
// rejection) and the diagnosis automaton of each rule asked so far. The error path asks the
// BNF, not the PEG, what was allowed where the input left the grammar. The automata are read
// without a lock (every rejection looks one up) from a map that is replaced, never changed,
// when a rule's automaton is added.
var diagnosers [len(versions)]struct {
	once    sync.Once
	grammar *bnf.Grammar
	err     error
	mu      sync.Mutex // held to add an automaton
	byRule  atomic.Pointer[map[string]*diagnosis.Automaton]
}

// automaton returns the diagnosis automaton of rule of v's grammar.
func automaton(v Version, rule string) (*diagnosis.Automaton, error) {
	d := &diagnosers[v]
	if m := d.byRule.Load(); m != nil {
		if a, ok := (*m)[rule]; ok {
			return a, nil
		}
	}
	d.once.Do(func() {
		id := v.String()
		src, err := grammar.Files.ReadFile(id + ".bnf")
		if err == nil {
			d.grammar, err = bnf.Parse(id+".bnf", src)
		}
		d.err = err
	})
	if d.err != nil {
		return nil, d.err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	old := d.byRule.Load()
	if old != nil {
		if a, ok := (*old)[rule]; ok {
			return a, nil
		}
	}
	a, err := diagnosis.Compile(d.grammar, rule)
	if err != nil {
		return nil, err
	}
	m := map[string]*diagnosis.Automaton{rule: a}
	if old != nil {
		maps.Copy(m, *old)
	}
	d.byRule.Store(&m)
	return a, nil
}

// newSyntaxError diagnoses why input is not matched by rule of v's grammar. The BNF is asked
// about s, which is input as the parser read it (with CaseIgnoreScheme, its scheme in lower
// case); the error keeps the input as given. The error is its only allocation: what the
// grammar expected is the automaton's, made once per state.
func newSyntaxError(v Version, rule, input, s string) *SyntaxError {
	e := &SyntaxError{Version: v, Rule: rule, Input: input}
	a, err := automaton(v, rule)
	if err != nil {
		// The .bnf files are embedded and compiled by the tests; this cannot happen in a build
		// that passed them. Say so rather than guess.
		e.In = "(no diagnostics: " + err.Error() + ")"
		return e
	}
	d := a.Diagnose(s)
	// The automaton's Expected is shared by every rejection at the same point, as
	// SyntaxError.Expected says.
	e.Offset, e.Expected, e.In = d.Offset, d.Expected, d.In
	if diagnosed != nil {
		diagnosed(e, s)
	}
	return e
}

// diagnosed, when set (by the tests), is told of every rejection diagnosed and of the input as
// the automaton read it.
var diagnosed func(e *SyntaxError, read string)
